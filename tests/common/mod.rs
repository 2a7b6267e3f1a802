//! Helpers shared by the rules tests: positions from a short piece list, a small seeded PRNG,
//! and a naive move generator written straight from docs/rules-jungle.md's text (an independent check on
//! the bitboard generator in `crates/jungle`).
#![allow(dead_code)]

pub mod fuzz;

use jungle::{Animal, Game, Move, Piece, Position, Ruleset, Setup, Side, Square};

/// The square named `name` (`"e3"`).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("{name} is not a square"))
}

/// The move written `text` in machine form (`"a3a4"`).
pub fn mv(text: &str) -> Move {
    Move::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A setup from tokens like `"La5 rb5"` (piece letter, uppercase Black, then the square).
pub fn setup(pieces: &str, to_move: Side) -> Setup {
    let mut s = Setup::empty();
    s.side_to_move = to_move;
    for token in pieces.split_whitespace() {
        let piece = Piece::from_letter(token.chars().next().unwrap()).expect("a piece letter");
        s.board[sq(&token[1..]).index()] = Some(piece);
    }
    s
}

/// A validated position from a piece list (see [`setup`]).
pub fn position(pieces: &str, to_move: Side, rules: &Ruleset) -> Position {
    Position::from_setup(&setup(pieces, to_move), rules).unwrap_or_else(|e| panic!("{pieces}: {e}"))
}

/// A position under the default rules with Black to move.
pub fn black_to_move(pieces: &str) -> Position {
    position(pieces, Side::Black, &Ruleset::default())
}

/// A position under the default rules with White to move.
pub fn white_to_move(pieces: &str) -> Position {
    position(pieces, Side::White, &Ruleset::default())
}

/// The rules spelled `text`.
pub fn rules(text: &str) -> Ruleset {
    Ruleset::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in machine form, sorted.
pub fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// Sorted machine-form strings of `moves`.
pub fn sorted(moves: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays `moves` (machine form, space-separated) in `game`, failing the test on an illegal one.
pub fn play_all(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        game.play(mv(text))
            .unwrap_or_else(|e| panic!("{text} after {:?}: {e}", game.moves()));
    }
}

/// A small seeded PRNG (SplitMix64): reproducible random tests without extra crates.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One element of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

impl fuzz::Random for Rng {
    fn next_u64(&mut self) -> u64 {
        Rng::next_u64(self)
    }
}

/// A random valid position: each animal of each side present with some probability, on a
/// random square it may stand on; the side to move random. Tries until validation accepts.
pub fn random_position(rng: &mut Rng, rules: &Ruleset) -> Position {
    loop {
        let mut s = Setup::empty();
        s.side_to_move = *rng.pick(&Side::ALL);
        s.plies_since_capture = rng.below(40) as u16;
        s.fullmove = 1 + rng.below(60) as u16;
        for side in Side::ALL {
            for animal in Animal::ALL {
                if !rng.chance(60) {
                    continue;
                }
                let square = loop {
                    let candidate = Square::new(rng.below(63) as u8).unwrap();
                    if s.board[candidate.index()].is_none()
                        && (animal == Animal::Rat || !is_water(candidate))
                        && candidate != own_den(side)
                    {
                        break candidate;
                    }
                };
                s.board[square.index()] = Some(Piece::new(side, animal));
            }
        }
        // Traps and the water's edge are where the interesting rules live: move an animal
        // onto a trap now and then.
        if rng.chance(50) {
            let trap = *rng.pick(&["c1", "e1", "d2", "c9", "e9", "d8"]);
            let from = Square::new(rng.below(63) as u8).unwrap();
            if let Some(p) = s.board[from.index()] {
                if s.board[sq(trap).index()].is_none() {
                    s.board[from.index()] = None;
                    s.board[sq(trap).index()] = Some(p);
                }
            }
        }
        if let Ok(pos) = Position::from_setup(&s, rules) {
            return pos;
        }
    }
}

/// Plays up to `plies` random legal moves from `start` (stopping when the game is over) and
/// returns every position visited, the start first.
pub fn random_line(rng: &mut Rng, start: Position, plies: usize) -> Vec<Position> {
    let mut line = vec![start];
    let mut pos = start;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.after(*rng.pick(&moves));
        line.push(pos);
    }
    line
}

// ---------------------------------------------------------------------------------------------
// A naive reference implementation of docs/rules-jungle.md's move rules, written from the text without
// bitboards or tables, for comparison with the real generator.

/// Whether `s` is a water square (two rivers, files b c and e f, ranks 4–6).
pub fn is_water(s: Square) -> bool {
    let file = s.file_char();
    let rank = s.rank_char();
    matches!(file, 'b' | 'c' | 'e' | 'f') && matches!(rank, '4' | '5' | '6')
}

/// `side`'s den (`d1` for Black, `d9` for White).
pub fn own_den(side: Side) -> Square {
    match side {
        Side::Black => sq("d1"),
        Side::White => sq("d9"),
    }
}

/// Whether `s` is one of `side`'s traps (those guarding its den).
pub fn is_trap_of(s: Square, side: Side) -> bool {
    let names: [&str; 3] = match side {
        Side::Black => ["c1", "e1", "d2"],
        Side::White => ["c9", "e9", "d8"],
    };
    names.iter().any(|n| sq(n) == s)
}

fn naive_capture_allowed(pos: &Position, from: Square, to: Square) -> bool {
    let attacker = pos.piece_at(from).unwrap();
    let defender = pos.piece_at(to).unwrap();
    if is_trap_of(to, attacker.side) {
        return true;
    }
    if is_water(from) || is_water(to) {
        return is_water(from) && is_water(to);
    }
    if is_trap_of(from, defender.side) {
        return false;
    }
    match (attacker.animal, defender.animal) {
        (Animal::Rat, Animal::Elephant) => true,
        (Animal::Elephant, Animal::Rat) => false,
        (a, d) => a.rank() >= d.rank(),
    }
}

fn naive_target_ok(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.side_to_move();
    if to == own_den(us) {
        return false;
    }
    match pos.piece_at(to) {
        Some(p) if p.side == us => false,
        Some(_) => naive_capture_allowed(pos, from, to),
        None => true,
    }
}

/// Whether the game is over in `pos` by the position alone (den entered or no animals left).
pub fn naive_game_over(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let them = us.opponent();
    let den_taken = matches!(pos.piece_at(own_den(us)), Some(p) if p.side == them);
    let we_have_animals = Square::all().any(|s| matches!(pos.piece_at(s), Some(p) if p.side == us));
    den_taken || !we_have_animals
}

/// The legal moves of `pos` by docs/rules-jungle.md read literally, sorted.
pub fn naive_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    if naive_game_over(pos) {
        return out;
    }
    let us = pos.side_to_move();
    for from in Square::all() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if piece.side != us {
            continue;
        }
        for (df, dr) in [(0i8, 1i8), (0, -1), (-1, 0), (1, 0)] {
            let Some(next) = Square::from_coords(from.file() as i8 + df, from.rank() as i8 + dr)
            else {
                continue;
            };
            if is_water(next) {
                if piece.animal == Animal::Rat && naive_target_ok(pos, from, next) {
                    out.push(Move::new(from, next));
                }
                let may_jump = piece.animal == Animal::Lion
                    || (piece.animal == Animal::Tiger && !(pos.tiger_vertical_only() && df != 0));
                if may_jump && !is_water(from) {
                    let mut cur = next;
                    let mut blocked = false;
                    while is_water(cur) {
                        blocked |= matches!(pos.piece_at(cur), Some(p) if p.animal == Animal::Rat);
                        cur = Square::from_coords(cur.file() as i8 + df, cur.rank() as i8 + dr)
                            .expect("every river has land beyond it");
                    }
                    if !blocked && naive_target_ok(pos, from, cur) {
                        out.push(Move::new(from, cur));
                    }
                }
            } else if naive_target_ok(pos, from, next) {
                out.push(Move::new(from, next));
            }
        }
    }
    out.sort();
    out
}

/// Perft by the naive generator.
pub fn naive_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    naive_moves(pos)
        .iter()
        .map(|&m| naive_perft(&pos.after(m), depth - 1))
        .sum()
}

/// A count for a randomised test: the environment variable `name` when set (the big run sets
/// it, see `./run fuzz`), else `default` (kept small so `cargo test` stays quick).
pub fn count_from_env(name: &str, default: usize) -> usize {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a count")),
        Err(_) => default,
    }
}
