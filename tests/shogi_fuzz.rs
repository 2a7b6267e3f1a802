//! Hostile and random input for the shogi text parsers: SFEN positions, USI moves and ruleset
//! spellings (text and JSON) get random characters, mutations of valid inputs and near-valid
//! generated inputs. None may panic, and whatever a parser accepts is written back as text that
//! reads back to the same thing.
//!
//! `SHOGI_FUZZ_INPUTS` is the total number of inputs, shared by the tests below (default: a few
//! thousand); `./run fuzz` runs the big count.

mod shogi_common;

use jungle::shogi::{Handicap, Move, Position, Ruleset, Setup};
use shogi_common::{count_from_env, random_game, random_setup, Rng};
use std::panic::{catch_unwind, AssertUnwindSafe};

const PARSER_TESTS: usize = 3;

fn inputs_per_test() -> usize {
    count_from_env("SHOGI_FUZZ_INPUTS", 30_000).div_ceil(PARSER_TESTS)
}

/// Feeds `count` inputs to `check`; fails on a panic or a broken round trip with the input.
fn feed(
    name: &str,
    count: usize,
    mut next_input: impl FnMut(usize) -> String,
    mut check: impl FnMut(&str) -> bool,
) {
    let mut accepted = 0;
    for i in 0..count {
        let input = next_input(i);
        match catch_unwind(AssertUnwindSafe(|| check(&input))) {
            Ok(true) => accepted += 1,
            Ok(false) => {}
            Err(_) => panic!("{name}: the parser panicked on {input:?}"),
        }
    }
    println!("{name}: {count} inputs, {accepted} accepted");
}

const ALPHABET: &[char] = &[
    'k', 'K', 'r', 'R', 'b', 'B', 'g', 'G', 's', 'S', 'n', 'N', 'l', 'L', 'p', 'P', '+', '/', ' ',
    '-', '*', '1', '2', '3', '9', '0', 'a', 'i', 'w', 'x', '歩', '\u{202e}', '\n', '=', ',',
];

fn random_text(rng: &mut Rng) -> String {
    let len = rng.below(40);
    (0..len)
        .map(|_| match rng.below(10) {
            0 => char::from_u32(rng.below(0x3000) as u32).unwrap_or('?'),
            _ => ALPHABET[rng.below(ALPHABET.len())],
        })
        .collect()
}

/// `text` with a few characters changed, dropped, doubled or inserted.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        if chars.is_empty() {
            chars.push(ALPHABET[rng.below(ALPHABET.len())]);
            continue;
        }
        let at = rng.below(chars.len());
        match rng.below(4) {
            0 => chars[at] = ALPHABET[rng.below(ALPHABET.len())],
            1 => {
                chars.remove(at);
            }
            2 => {
                let c = chars[at];
                chars.insert(at, c);
            }
            _ => chars.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
        }
    }
    chars.into_iter().collect()
}

fn valid_sfen(rng: &mut Rng) -> String {
    match rng.below(3) {
        0 => Handicap::ALL[rng.below(10)].sfen().to_string(),
        1 => random_setup(rng).to_sfen(),
        _ => {
            let plies = rng.below(120);
            random_game(rng, Position::start(), plies)
                .position()
                .to_sfen()
        }
    }
}

fn check_sfen(text: &str) -> bool {
    let Ok(setup) = Setup::parse(text) else {
        return false;
    };
    let written = setup.to_sfen();
    assert_eq!(
        Setup::parse(&written).as_ref(),
        Ok(&setup),
        "{text:?} → {written:?}"
    );
    match Position::from_setup(&setup) {
        Ok(position) => {
            assert_eq!(position.to_sfen(), written);
            // Whatever validation accepts can be played from.
            let _ = position.legal_moves();
            true
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            false
        }
    }
}

#[test]
fn sfen_parsing_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(31);
    feed(
        "sfen",
        inputs_per_test(),
        |i| match i % 4 {
            0 => random_text(&mut rng),
            1 | 2 => {
                let valid = valid_sfen(&mut rng);
                mutate(&mut rng, &valid)
            }
            _ => valid_sfen(&mut rng),
        },
        check_sfen,
    );
}

fn check_move_text(positions: &[Position], text: &str) -> bool {
    let Ok(m) = Move::parse_usi(text) else {
        return false;
    };
    assert_eq!(Move::parse_usi(&m.to_string()), Ok(m), "{text:?}");
    for position in positions {
        // A parsed move is judged without panicking, legal or not.
        let _ = position.check_move(m);
    }
    true
}

#[test]
fn usi_move_parsing_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(32);
    let positions: Vec<Position> = (0..20).map(|_| random_setup(&mut rng)).collect();
    feed(
        "usi move",
        inputs_per_test(),
        |i| {
            let position = &positions[i % positions.len()];
            let legal = position.legal_moves();
            let valid = legal
                .as_slice()
                .get(rng.below(legal.len().max(1)))
                .map(|m| m.to_string())
                .unwrap_or_default();
            match i % 3 {
                0 => random_text(&mut rng),
                1 => mutate(&mut rng, &valid),
                _ => valid,
            }
        },
        |text| check_move_text(&positions, text),
    );
}

fn check_ruleset(text: &str) -> bool {
    let Ok(rules) = Ruleset::parse(text) else {
        return false;
    };
    assert_eq!(Ruleset::parse(&rules.to_string()), Ok(rules), "{text:?}");
    let json = serde_json::to_string(&rules).unwrap();
    assert_eq!(serde_json::from_str::<Ruleset>(&json).unwrap(), rules);
    true
}

#[test]
fn ruleset_spellings_and_json_survive_hostile_input_and_round_trip() {
    let mut rng = Rng::new(33);
    let names = [
        "impasse=27",
        "impasse=off",
        "maxmoves=512",
        "maxmoves=off",
        "maxmoves=1",
        "maxmoves=100000",
        "standard",
        "",
    ];
    feed(
        "ruleset",
        inputs_per_test(),
        |i| {
            let valid = (0..1 + rng.below(3))
                .map(|_| names[rng.below(names.len())])
                .collect::<Vec<_>>()
                .join(",");
            match i % 3 {
                0 => random_text(&mut rng),
                1 => mutate(&mut rng, &valid),
                _ => valid,
            }
        },
        |text| {
            // The same text as JSON must never panic either.
            let _ = serde_json::from_str::<Ruleset>(text);
            check_ruleset(text)
        },
    );
}
