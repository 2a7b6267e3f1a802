//! Random games under every combination of the variants and draw rules (issue 7), checking
//! after every move: the incremental hash, the draw counters, the outcome against the position
//! and a direct count of repetitions, the move list against `check_move`, undo/redo, and at the
//! end that the game's record reads back to the same moves and outcome.
//!
//! `JUNGLE_FUZZ_GAMES` sets how many games (default: a few hundred, seconds in a debug build);
//! `./run fuzz` runs the big count.

mod common;

use common::{count_from_env, random_position, Rng};
use jungle::{DrawReason, IllegalMove, Record, WinReason};
use jungle::{Game, Move, Outcome, Piece, Position, Ruleset, Side, Square};
use std::collections::BTreeMap;

/// The longest game played; without draw rules a random game could go on for ever.
const MAX_PLIES: usize = 600;

/// Every combination: tiger-vertical-only, repetition-prohibition, threefold on/off,
/// nocapture 50/60/off.
fn every_ruleset() -> Vec<Ruleset> {
    let mut all = Vec::new();
    for tiger_vertical_only in [false, true] {
        for repetition_prohibition in [false, true] {
            for threefold in [true, false] {
                for no_capture_moves in [Some(50), Some(60), None] {
                    all.push(Ruleset {
                        tiger_vertical_only,
                        repetition_prohibition,
                        threefold,
                        no_capture_moves,
                    });
                }
            }
        }
    }
    all
}

/// The board and side to move: what makes two positions "the same" for repetition.
type BoardKey = ([Option<Piece>; 63], Side);

fn board_key(pos: &Position) -> BoardKey {
    let setup = pos.to_setup();
    (setup.board, setup.side_to_move)
}

/// The game `game`'s moves replayed under the same rules without the draw rules: what the
/// side to move could play if no draw had ended the game (the repetition prohibition kept).
fn without_draw_rules(game: &Game) -> Game {
    let rules = Ruleset {
        threefold: false,
        no_capture_moves: None,
        ..*game.rules()
    };
    let mut replay = Game::from_position(*game.start_position(), rules);
    for &m in game.moves() {
        replay
            .play(m)
            .expect("a move played under draw rules is legal without them");
    }
    replay
}

/// What the test tracks itself, independently of `Game`, along one game.
struct Tracked {
    seen: Vec<BoardKey>,
    plies_since_capture: u16,
    fullmove: u16,
}

/// Checks the invariants of `game` now (see the module docs).
fn check_state(game: &Game, tracked: &Tracked, rng: &mut Rng) {
    let pos = game.position();
    let rules = game.rules();
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos:?}");
    assert_eq!(pos.tiger_vertical_only(), rules.tiger_vertical_only);
    assert_eq!(pos.plies_since_capture(), tracked.plies_since_capture);
    assert_eq!(pos.fullmove(), tracked.fullmove);
    assert_eq!(game.positions().len(), game.moves().len() + 1);

    let key = board_key(pos);
    let occurrences = tracked.seen.iter().filter(|&&k| k == key).count();
    assert_eq!(game.repetitions(), occurrences, "{pos:?}");
    let threefold = rules.threefold && occurrences >= 3;
    let no_capture = rules
        .no_capture_moves
        .is_some_and(|n| u32::from(pos.plies_since_capture()) >= 2 * u32::from(n));

    let outcome = game.outcome();
    let listed = game.legal_moves();
    let by_position = pos.legal_moves();
    assert_eq!(listed.is_empty(), outcome.is_some(), "{pos:?} {outcome:?}");

    match outcome {
        None => {
            assert!(
                pos.decided().is_none() && !threefold && !no_capture,
                "{pos:?}"
            );
            for &m in by_position.iter() {
                if listed.contains(m) {
                    continue;
                }
                // Only the prohibition takes a move off the position's list.
                assert!(rules.repetition_prohibition, "{m} missing in {pos:?}");
                assert_eq!(
                    game.check_move(m),
                    Err(IllegalMove::RepetitionProhibited { to: m.to })
                );
            }
            assert!(listed.iter().all(|&m| by_position.contains(m)));
        }
        Some(Outcome::Win { winner, reason }) => match pos.decided() {
            Some(decided) => assert_eq!((winner, reason), decided),
            None => {
                assert_eq!(reason, WinReason::NoLegalMove);
                assert_eq!(winner, pos.side_to_move().opponent());
                assert!(without_draw_rules(game).legal_moves().is_empty());
                if !rules.repetition_prohibition {
                    assert!(by_position.is_empty(), "{pos:?}");
                }
            }
        },
        Some(Outcome::Draw(reason)) => {
            // Wins come before draws: the side to move had a move and no den is lost.
            assert!(pos.decided().is_none());
            assert!(!without_draw_rules(game).legal_moves().is_empty());
            match reason {
                DrawReason::ThreefoldRepetition => assert!(threefold),
                DrawReason::NoCapture(n) => {
                    assert!(no_capture && !threefold);
                    assert_eq!(rules.no_capture_moves, Some(n));
                }
            }
        }
    }

    // The list and check_move agree: every listed move, and every move of an own animal along
    // its file or rank (steps, jumps and everything illegal between).
    for &m in listed.iter() {
        assert_eq!(game.check_move(m), Ok(()), "{m} in {pos:?}");
    }
    for from in pos.occupied_by(pos.side_to_move()) {
        for to in Square::all() {
            if to != from && (to.file() == from.file() || to.rank() == from.rank()) {
                let m = Move::new(from, to);
                assert_eq!(
                    game.check_move(m).is_ok(),
                    listed.contains(m),
                    "{m} in {pos:?}"
                );
            }
        }
    }
    if outcome.is_some() {
        for &m in by_position.iter() {
            assert_eq!(game.check_move(m), Err(IllegalMove::GameOver));
        }
    }
    for _ in 0..3 {
        let from = Square::new(rng.below(63) as u8).unwrap();
        let to = Square::new(rng.below(63) as u8).unwrap();
        if from != to {
            let m = Move::new(from, to);
            assert_eq!(
                game.check_move(m).is_ok(),
                listed.contains(m),
                "{m} in {pos:?}"
            );
        }
    }
}

/// A random legal move, often one that takes the animal the side moved last back to where it
/// came from (so that repetitions, the prohibition and the draws come up).
fn choose_move(rng: &mut Rng, game: &Game) -> Move {
    let listed = game.legal_moves();
    let moves = game.moves();
    if moves.len() >= 2 && rng.chance(40) {
        let own_last = moves[moves.len() - 2];
        let back = Move::new(own_last.to, own_last.from);
        if listed.contains(back) {
            return back;
        }
    }
    *rng.pick(&listed)
}

/// Takes back up to four moves and plays them again, checking each step.
fn undo_and_redo(game: &mut Game, rng: &mut Rng) {
    let positions = game.positions().to_vec();
    let moves = game.moves().to_vec();
    let count = (1 + rng.below(4)).min(moves.len());
    for k in (moves.len() - count..moves.len()).rev() {
        assert_eq!(game.undo(), Some(moves[k]));
        assert_eq!(*game.position(), positions[k]);
        assert_eq!(game.position().hash(), positions[k].hash());
    }
    for k in moves.len() - count..moves.len() {
        assert_eq!(game.redo(), Some(moves[k]));
        assert_eq!(*game.position(), positions[k + 1]);
    }
    assert_eq!(game.redo(), None);
}

/// A random position with few animals, where games end by capture of all or a side without
/// a move more often.
fn sparse_position(rng: &mut Rng, rules: &Ruleset) -> Position {
    loop {
        let mut setup = random_position(rng, rules).to_setup();
        // Near the no-capture limit now and then, so that draws meet the other endings.
        if rng.chance(30) {
            setup.plies_since_capture = 80 + rng.below(40) as u16;
        }
        for square in setup.board.iter_mut() {
            if rng.chance(60) {
                *square = None;
            }
        }
        if let Ok(pos) = Position::from_setup(&setup, rules) {
            return pos;
        }
    }
}

/// Plays one random game under `rules`, checking after every move; returns the finished game.
fn play_and_check(rng: &mut Rng, rules: Ruleset) -> Game {
    let start = match rng.below(4) {
        0 | 1 => Position::start(&rules),
        2 => random_position(rng, &rules),
        _ => sparse_position(rng, &rules),
    };
    let mut game = Game::from_position(start, rules);
    let mut tracked = Tracked {
        seen: vec![board_key(&start)],
        plies_since_capture: start.plies_since_capture(),
        fullmove: start.fullmove(),
    };
    check_state(&game, &tracked, rng);
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let m = choose_move(rng, &game);
        let before = *game.position();
        game.play(m).expect("a listed move is legal");
        tracked.plies_since_capture = if before.piece_at(m.to).is_some() {
            0
        } else {
            tracked.plies_since_capture.saturating_add(1)
        };
        if before.side_to_move() == Side::White {
            tracked.fullmove = tracked.fullmove.saturating_add(1);
        }
        tracked.seen.push(board_key(game.position()));
        check_state(&game, &tracked, rng);
        if rng.chance(3) {
            undo_and_redo(&mut game, rng);
        }
    }
    game
}

/// Undoes the whole game, checking every position, then redoes it to the same end.
fn check_full_undo_and_redo(game: &mut Game) {
    let positions = game.positions().to_vec();
    let moves = game.moves().to_vec();
    let outcome = game.outcome();
    for k in (0..moves.len()).rev() {
        assert_eq!(game.undo(), Some(moves[k]));
        assert_eq!(*game.position(), positions[k]);
        assert_eq!(game.position().hash(), positions[k].hash());
    }
    assert_eq!(game.undo(), None);
    assert_eq!(game.undone_moves().len(), moves.len());
    for k in 0..moves.len() {
        assert_eq!(game.redo(), Some(moves[k]));
        assert_eq!(*game.position(), positions[k + 1]);
    }
    assert_eq!(game.redo(), None);
    assert_eq!(game.outcome(), outcome);
}

/// The game's record reads back to the same game, and is written the same again.
fn check_record_round_trip(game: &Game, number: usize) {
    let tags = vec![("Event".to_string(), format!("Random game {number}"))];
    let text = Record::new(game.clone(), tags.clone()).to_string();
    let back = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.game.moves(), game.moves(), "{text}");
    assert_eq!(back.game.start_position(), game.start_position());
    assert_eq!(back.game.rules(), game.rules());
    assert_eq!(back.game.outcome(), game.outcome(), "{text}");
    assert_eq!(back.tags, tags);
    assert_eq!(back.to_string(), text);
}

#[test]
fn random_games_under_every_ruleset_keep_the_invariants() {
    let requested = count_from_env("JUNGLE_FUZZ_GAMES", 600);
    let rulesets = every_ruleset();
    assert_eq!(rulesets.len(), 24);
    let mut rng = Rng::new(0x6A3E);
    let mut endings: BTreeMap<&str, usize> = BTreeMap::new();
    let mut plies = 0;
    let mut played = 0;
    for i in 0..requested {
        let mut game = play_and_check(&mut rng, rulesets[i % rulesets.len()]);
        plies += game.moves().len();
        let ending = game.outcome().map_or("unfinished", |o| o.reason_code());
        *endings.entry(ending).or_default() += 1;
        check_full_undo_and_redo(&mut game);
        check_record_round_trip(&game, i);
        played += 1;
    }
    println!("random games: {played} games, {plies} plies, endings {endings:?}");
    assert_eq!(played, requested);
    // The sample must reach the endings the checks are about, or it tests little.
    if requested >= 500 {
        for ending in ["den", "all-captured", "threefold", "no-capture"] {
            assert!(
                endings.contains_key(ending),
                "no {ending} ending: {endings:?}"
            );
        }
    }
}

#[test]
fn a_side_left_without_a_move_loses_even_when_the_no_capture_limit_is_reached() {
    // White's lone rat a9 is hemmed in by Black's tiger a8 and, after b8b9, the lion: the 100th
    // ply without a capture leaves White without a move, and a win comes before a draw.
    let mut setup = common::setup("Ta8 Lb8 ra9", Side::Black);
    setup.plies_since_capture = 99;
    let start = Position::from_setup(&setup, &Ruleset::default()).unwrap();
    let mut game = Game::from_position(start, Ruleset::default());
    game.play(common::mv("b8b9")).unwrap();
    assert_eq!(game.position().plies_since_capture(), 100);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::NoLegalMove
        })
    );
}
