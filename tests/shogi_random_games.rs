//! Random shogi games, checking after every move: the incremental hash, the outcome against
//! the position and a direct count of repetitions, generated moves against `check_move`,
//! undo/redo, and the impasse declaration's validity against its definition.
//!
//! `SHOGI_FUZZ_GAMES` sets how many games (default: a few dozen, seconds in a debug build);
//! `./run fuzz` runs the big count.

mod shogi_common;

use shogi::{DrawReason, Game, Outcome, PieceKind, Position, Ruleset, Side, Square, WinReason};
use shogi_common::{count_from_env, random_setup, Rng};

/// Counts a position's repetitions the slow way: board, hands and side compared directly.
fn occurrences(game: &Game) -> usize {
    let now = game.position().to_setup();
    game.positions()
        .iter()
        .filter(|p| {
            let s = p.to_setup();
            s.board == now.board && s.hands == now.hands && s.side_to_move == now.side_to_move
        })
        .count()
}

/// The 27-point rule from its definition, for the side to move.
fn declaration_valid(position: &Position) -> bool {
    let us = position.side_to_move();
    let setup = position.to_setup();
    let in_zone = |sq: Square| sq.in_zone(us);
    let Some(king) = position.king(us) else {
        return false;
    };
    if !in_zone(king) || position.in_check() {
        return false;
    }
    let mut pieces = 0;
    let mut points = 0;
    for sq in Square::all().filter(|&sq| in_zone(sq) && sq != king) {
        if let Some(p) = setup.board[sq.index()].filter(|p| p.side == us) {
            pieces += 1;
            points += if matches!(p.kind.unpromoted(), PieceKind::Rook | PieceKind::Bishop) {
                5
            } else {
                1
            };
        }
    }
    for (kind, n) in position.hand(us).pieces() {
        points += n as u32
            * if matches!(kind, PieceKind::Rook | PieceKind::Bishop) {
                5
            } else {
                1
            };
    }
    let needed = if us == Side::Black { 28 } else { 27 };
    pieces >= 10 && points >= needed
}

fn check_game_state(game: &Game, rng: &mut Rng) {
    let pos = game.position();
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "{}", pos.to_sfen());
    let legal = pos.legal_moves();
    let reps = occurrences(game);
    assert_eq!(game.repetitions(), reps);
    match game.outcome() {
        Some(Outcome::Win {
            winner,
            reason: WinReason::Checkmate | WinReason::NoLegalMove,
        }) => {
            assert!(legal.is_empty());
            assert_eq!(winner, pos.side_to_move().opponent());
        }
        Some(Outcome::Win {
            reason: WinReason::PerpetualCheck,
            ..
        })
        | Some(Outcome::Draw(DrawReason::Sennichite)) => {
            assert!(reps >= 4 && !legal.is_empty());
        }
        Some(Outcome::Draw(DrawReason::MoveLimit(n))) => {
            assert!(pos.move_number() > n && reps < 4 && !legal.is_empty());
        }
        Some(other) => panic!("a random game cannot end by {other:?}"),
        None => {
            assert!(!legal.is_empty() && reps < 4);
            assert_eq!(game.legal_moves().len(), legal.len());
        }
    }
    assert_eq!(
        game.impasse_declaration().is_ok(),
        declaration_valid(pos),
        "{}",
        pos.to_sfen()
    );
    // A few generated moves are accepted; the generator is checked in full elsewhere.
    for _ in 0..3 {
        if !legal.is_empty() {
            let m = legal.as_slice()[rng.below(legal.len())];
            assert!(pos.is_legal(m), "{m} in {}", pos.to_sfen());
        }
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let games = count_from_env("SHOGI_FUZZ_GAMES", 40);
    let mut rng = Rng::new(2026);
    let mut endings = std::collections::BTreeMap::new();
    for i in 0..games {
        let start = if i % 2 == 0 {
            Position::start()
        } else {
            random_setup(&mut rng)
        };
        let rules = if i % 3 == 0 {
            Ruleset::parse("maxmoves=200").unwrap()
        } else {
            Ruleset::default()
        };
        let mut game = Game::from_position(start, rules);
        check_game_state(&game, &mut rng);
        while game.outcome().is_none() {
            let moves = game.legal_moves();
            // Now and then take a move back and play it again.
            if rng.one_in(20) && game.undo().is_some() {
                check_game_state(&game, &mut rng);
                game.redo().expect("the move taken back");
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            game.play(m).expect("a generated move is legal");
            check_game_state(&game, &mut rng);
        }
        *endings
            .entry(game.outcome().unwrap().reason_code())
            .or_insert(0) += 1;
    }
    println!("{games} random games ended by {endings:?}");
    assert!(endings.values().sum::<usize>() == games);
}
