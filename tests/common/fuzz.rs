//! What the fuzz tests of every format share (`tests/fuzz.rs` for Jungle,
//! `tests/shogi_record_fuzz.rs` for shogi's records): feeding inputs with panics caught, random
//! text, edge numbers and mutations of valid samples, each mixed with the characters of the
//! format under test, drawn from whichever seeded generator the game's tests use ([`Random`]).

use std::panic::{catch_unwind, AssertUnwindSafe};

/// A seeded generator: each game's test helpers have their own and implement `next_u64`.
pub trait Random {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One element of `items`.
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Runs `check` on `count` inputs from `next_input`, failing with the input that made a parser
/// panic or broke a round trip; prints how many it fed and how many were accepted.
pub fn feed(
    name: &str,
    count: usize,
    mut next_input: impl FnMut(usize) -> String,
    mut check: impl FnMut(&str) -> bool,
) {
    let mut accepted = 0;
    let mut fed = 0;
    for i in 0..count {
        let text = next_input(i);
        match catch_unwind(AssertUnwindSafe(|| check(&text))) {
            Ok(true) => accepted += 1,
            Ok(false) => {}
            Err(_) => panic!("{name}: input {i} failed (message above): {text:?}"),
        }
        fed += 1;
    }
    println!("fuzz {name}: {fed} inputs, {accepted} accepted");
    assert_eq!(fed, count);
}

// ---------------------------------------------------------------------------------------------
// Random text and mutations, for every parser.

/// Characters that tend to break parsers: controls, separators of every kind, multi-byte
/// characters (2, 3 and 4 bytes), a combining mark, a byte-order mark, Unicode spaces.
pub const NASTY: &[char] = &[
    '\0',
    '\x01',
    '\x07',
    '\x1b',
    '\x7f',
    '\t',
    '\n',
    '\r',
    '\x0b',
    '\x0c',
    ' ',
    '/',
    ',',
    '-',
    'x',
    '#',
    '.',
    '=',
    '"',
    '\\',
    '[',
    ']',
    '{',
    '}',
    '*',
    '+',
    'é',
    'ß',
    'Ω',
    '日',
    '象',
    '🦁',
    '🐀',
    '\u{0301}',
    '\u{feff}',
    '\u{00a0}',
    '\u{2028}',
    '\u{3000}',
    '\u{200b}',
    '\u{10ffff}',
];

/// The characters and runs a format is written with, mixed into its random inputs.
#[derive(Clone, Copy)]
pub struct Alphabet {
    /// Single characters of the format (ASCII).
    pub chars: &'static [u8],
    /// Runs that make a parser loop, nest or allocate when repeated.
    pub runs: &'static [&'static str],
}

/// A random character: a nasty one, one of the format's, printable ASCII or any Unicode.
pub fn random_char(rng: &mut impl Random, alphabet: Alphabet) -> char {
    match rng.below(4) {
        0 => *rng.pick(NASTY),
        1 => *rng.pick(alphabet.chars) as char,
        2 => (0x20 + rng.below(0x5f) as u8) as char,
        _ => loop {
            if let Some(c) = char::from_u32(rng.below(0x11_0000) as u32) {
                break c;
            }
        },
    }
}

/// Random text: raw bytes read as UTF-8, printable ASCII, any Unicode, or format characters.
pub fn random_text(rng: &mut impl Random, alphabet: Alphabet) -> String {
    let len = if rng.chance(3) {
        rng.below(5000)
    } else {
        rng.below(100)
    };
    match rng.below(4) {
        0 => {
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => (0..len)
            .map(|_| (0x20 + rng.below(0x5f) as u8) as char)
            .collect(),
        2 => (0..len).map(|_| random_char(rng, alphabet)).collect(),
        _ => (0..len)
            .map(|_| *rng.pick(alphabet.chars) as char)
            .collect(),
    }
}

/// Numbers at and beyond the edges of the fields that hold them.
pub const EDGE_NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "+1",
    "00",
    "007",
    "49",
    "50",
    "51",
    "60",
    "99",
    "100",
    "255",
    "256",
    "32767",
    "65535",
    "65536",
    "4294967296",
    "99999999999999999999999999",
    "1e3",
    "0x10",
    "½",
    "٣",
];

/// A number from the edges, or a random one.
pub fn random_number(rng: &mut impl Random) -> String {
    if rng.chance(60) {
        rng.pick(EDGE_NUMBERS).to_string()
    } else {
        (rng.next_u64() >> rng.below(64)).to_string()
    }
}

/// Splits at whitespace and the formats' separators, keeping the separators as their own parts.
pub fn fields(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, '/' | ',' | '=' | '"' | '[' | ']') {
            if !current.is_empty() {
                parts.push(std::mem::take(&mut current));
            }
            parts.push(c.to_string());
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

/// One to four edits of `text`: characters inserted, deleted, replaced or duplicated, fields
/// swapped, emptied or repeated, numbers made huge, a very long run inserted, the text cut.
pub fn mutate(rng: &mut impl Random, text: &str, alphabet: Alphabet) -> String {
    let mut out = text.to_string();
    for _ in 0..1 + rng.below(4) {
        let mut chars: Vec<char> = out.chars().collect();
        let at = rng.below(chars.len() + 1);
        match rng.below(12) {
            0 => chars.insert(at, random_char(rng, alphabet)),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => chars[at] = random_char(rng, alphabet),
            3 => {
                let end = (at + 1 + rng.below(12)).min(chars.len());
                let span: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, span);
            }
            4 => {
                let end = (at + 1 + rng.below(12)).min(chars.len());
                chars.drain(at..end);
            }
            5 if at < chars.len() => {
                let c = chars[at];
                chars[at] = if c.is_ascii_lowercase() {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                };
            }
            6 => chars.truncate(at),
            7 => {
                let run = rng.pick(alphabet.runs);
                let long = run.repeat(1 + rng.below(3000));
                chars.splice(at..at, long.chars());
            }
            _ => {
                let mut parts = fields(&out);
                if parts.is_empty() {
                    out.push_str(&random_number(rng));
                    continue;
                }
                let i = rng.below(parts.len());
                let j = rng.below(parts.len());
                match rng.below(4) {
                    0 => parts.swap(i, j),
                    1 => parts[i].clear(),
                    2 => {
                        let copy = parts[i].clone();
                        parts.insert(j, copy);
                    }
                    _ => parts[i] = random_number(rng),
                }
                out = parts.concat();
                continue;
            }
        }
        out = chars.into_iter().collect();
    }
    out
}

/// An input for a parser whose valid texts are `samples`: random text, a mutated sample, a
/// near-valid text from `generate`, or a sample as is.
pub fn next_input<R: Random>(
    rng: &mut R,
    samples: &[String],
    generate: &mut impl FnMut(&mut R) -> String,
    alphabet: Alphabet,
) -> String {
    match rng.below(10) {
        0..=1 => random_text(rng, alphabet),
        2..=5 => {
            let sample = rng.pick(samples).clone();
            mutate(rng, &sample, alphabet)
        }
        6..=8 => generate(rng),
        _ => rng.pick(samples).clone(),
    }
}
