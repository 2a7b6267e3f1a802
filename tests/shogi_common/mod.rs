//! Helpers shared by the shogi tests: squares and moves from their names, positions from SFEN,
//! and random games played with a seeded generator (the project's SplitMix64 from
//! `tests/common`).
#![allow(dead_code)]

#[path = "../common/mod.rs"]
mod common;

#[allow(unused_imports)]
pub use common::{count_from_env, Rng};
use jungle::shogi::{Game, Handicap, Move, Position, Ruleset, Square};

/// The square named `name` (`"7g"`).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("{name} is not a square"))
}

/// The move written `text` in USI form.
pub fn mv(text: &str) -> Move {
    Move::parse_usi(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position written in SFEN.
pub fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// Plays `moves` (USI, space-separated) in `game`, failing the test on an illegal one.
pub fn play_all(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        game.play(mv(text))
            .unwrap_or_else(|e| panic!("{text} after {:?}: {e}", game.moves()));
    }
}

/// A game from `start` with up to `plies` random legal moves (fewer when it ends), under
/// rules without a move limit.
pub fn random_game(rng: &mut Rng, start: Position, plies: usize) -> Game {
    let rules = Ruleset {
        max_plies: None,
        ..Ruleset::default()
    };
    let mut game = Game::from_position(start, rules);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(*rng.pick(moves.as_slice()))
            .expect("a listed move is legal");
    }
    game
}

/// A start for a random game: the normal start most of the time, else a handicap.
pub fn random_start(rng: &mut Rng) -> Position {
    if rng.chance(70) {
        Position::start()
    } else {
        pos(rng.pick(&Handicap::ALL).sfen())
    }
}

/// Positions along `count` random games of up to `plies` plies (every position of each).
pub fn random_positions(
    rng: &mut Rng,
    count: usize,
    plies: usize,
) -> Vec<(Position, Option<Move>)> {
    let mut found = Vec::new();
    for _ in 0..count {
        let start = random_start(rng);
        let game = random_game(rng, start, plies);
        for (i, position) in game.positions().iter().enumerate() {
            let previous = i.checked_sub(1).map(|p| game.moves()[p]);
            found.push((*position, previous));
        }
    }
    found
}
