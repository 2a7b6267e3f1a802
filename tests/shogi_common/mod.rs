//! Helpers shared by the shogi tests: squares and moves from their names, positions from SFEN,
//! and random games played with a seeded generator (the project's SplitMix64 from
//! `tests/common`).
#![allow(dead_code)]

#[path = "../common/mod.rs"]
mod common;

#[allow(unused_imports)]
pub use common::{count_from_env, fuzz, Rng};
use jungle::shogi::{Game, Handicap, Move, Position, Record, RecordedEnd, Ruleset, Side, Square};

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

/// A random record: a random game (some ended by an act or a stated ending), random tags,
/// times and comments.
pub fn random_record(rng: &mut Rng) -> Record {
    let rules = *rng.pick(&[
        Ruleset::default(),
        Ruleset::parse("impasse=off").unwrap(),
        Ruleset::parse("maxmoves=300").unwrap(),
        Ruleset::parse("maxmoves=off").unwrap(),
    ]);
    let start = random_start(rng);
    let plies = rng.below(220);
    let played = random_game(rng, start, plies);
    let mut game = Game::from_position(start, rules);
    for &m in played.moves() {
        if game.play(m).is_err() {
            break;
        }
    }
    let mut end = None;
    if game.outcome().is_none() {
        let to_move = game.position().side_to_move();
        match rng.below(8) {
            0 => {
                game.resign(to_move);
            }
            1 => {
                game.lose_on_time(to_move);
            }
            2 => end = Some(RecordedEnd::Interrupted),
            3 => end = Some(RecordedEnd::Jishogi),
            4 => end = Some(RecordedEnd::Foul(*rng.pick(&Side::ALL))),
            _ => {}
        }
    }
    let mut tags = Vec::new();
    for (name, value) in [
        ("Event", "第1期 ランダム杯"),
        ("Sente", "Alice"),
        ("Gote", "ボブ"),
        ("StartTime", "2024/05/03 10:30:00"),
        ("Site", "on line, at home"),
        ("Opening", "YAGURA"),
        ("Title", "表題"),
        ("ROUND", "3"),
    ] {
        if rng.chance(50) {
            tags.push((name.to_string(), value.to_string()));
        }
    }
    let mut record = Record::new(game, tags);
    let plies = record.game.moves().len();
    record.seconds = (0..plies)
        .map(|_| rng.chance(70).then(|| rng.below(4000) as u32))
        .collect();
    while record.seconds.last() == Some(&None) {
        record.seconds.pop();
    }
    for _ in 0..rng.below(4) {
        let at = rng.below(plies + 1);
        record
            .comments
            .push((at, format!("コメント {at}: *good* #1 'x'")));
    }
    record.comments.sort_by_key(|(at, _)| *at);
    record.end = end;
    record
}
