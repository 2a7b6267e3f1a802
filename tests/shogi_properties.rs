//! Properties of the shogi rules that must hold in every position: the bitboard generator
//! agrees with a naive one written from docs/rules-shogi.md, with `check_move`, with the hash computed
//! from scratch, with the board turned 180°; SFEN and USI forms round-trip; undo restores.

mod shogi_common;

use shogi::{Game, Move, PieceKind, Position, Ruleset, Setup, Square};
use shogi_common::{naive, sample_positions, sorted_moves, Rng};
use std::collections::BTreeSet;

/// Every move text the USI form can write: each board move with and without promotion, and
/// each drop.
fn every_candidate_move() -> Vec<Move> {
    let mut all = Vec::new();
    for from in Square::all() {
        for to in Square::all() {
            if from != to {
                all.push(Move::board(from, to, false));
                all.push(Move::board(from, to, true));
            }
        }
    }
    for kind in PieceKind::HAND {
        for to in Square::all() {
            all.push(Move::drop(kind, to));
        }
    }
    all
}

#[test]
fn the_generator_agrees_with_a_naive_one_written_from_the_rules() {
    let mut rng = Rng::new(11);
    let positions = sample_positions(&mut rng, 150);
    let mut drops_seen = 0;
    for position in &positions {
        let fast = sorted_moves(position);
        let slow = naive::legal_moves(position);
        assert_eq!(fast, slow, "{}", position.to_sfen());
        drops_seen += fast.iter().filter(|m| m.contains('*')).count();
    }
    assert!(
        drops_seen > 1000,
        "the sample exercises drops ({drops_seen})"
    );
}

#[test]
fn the_generators_agree_in_mating_nets_where_uchifuzume_decides() {
    let mut rng = Rng::new(21);
    let mut pawn_drop_mates = 0;
    for _ in 0..1500 {
        let position = shogi_common::mating_net_setup(&mut rng);
        assert_eq!(
            sorted_moves(&position),
            naive::legal_moves(&position),
            "{}",
            position.to_sfen()
        );
        pawn_drop_mates += Square::all()
            .filter(|&to| {
                position.check_move(Move::drop(PieceKind::Pawn, to))
                    == Err(shogi::IllegalMove::PawnDropMate)
            })
            .count();
    }
    assert!(
        pawn_drop_mates > 20,
        "the sample exercises uchifuzume ({pawn_drop_mates})"
    );
}

#[test]
fn a_move_is_generated_exactly_when_check_move_accepts_it() {
    let mut rng = Rng::new(12);
    let candidates = every_candidate_move();
    for position in sample_positions(&mut rng, 12) {
        let generated: BTreeSet<Move> = position.legal_moves().iter().copied().collect();
        for &m in &candidates {
            assert_eq!(
                position.is_legal(m),
                generated.contains(&m),
                "{m} in {}: {:?}",
                position.to_sfen(),
                position.check_move(m)
            );
        }
    }
}

#[test]
fn the_incremental_hash_equals_the_hash_from_scratch() {
    let mut rng = Rng::new(13);
    for position in sample_positions(&mut rng, 30) {
        for &m in position.legal_moves().iter() {
            let next = position.after(m);
            assert_eq!(
                next.hash(),
                next.hash_from_scratch(),
                "{m} from {}",
                position.to_sfen()
            );
        }
    }
}

#[test]
fn the_hash_tells_apart_hands_and_the_side_to_move() {
    let a = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
    let b = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b p 1").unwrap();
    let c = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w P 1").unwrap();
    let d = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2P 1").unwrap();
    let hashes: BTreeSet<u64> = [a, b, c, d].iter().map(Position::hash).collect();
    assert_eq!(hashes.len(), 4);
    let same_but_later = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 77").unwrap();
    assert_eq!(
        a.hash(),
        same_but_later.hash(),
        "the move number is not hashed"
    );
}

#[test]
fn sfen_and_usi_forms_round_trip() {
    let mut rng = Rng::new(14);
    for position in sample_positions(&mut rng, 40) {
        let text = position.to_sfen();
        let again = Position::from_sfen(&text).unwrap();
        assert_eq!(again, position, "{text}");
        assert_eq!(again.hash(), position.hash());
        for &m in position.legal_moves().iter() {
            assert_eq!(Move::parse_usi(&m.to_string()), Ok(m));
            assert_eq!(Move::from_code(m.code()), Some(m));
        }
    }
}

#[test]
fn the_board_turned_round_with_sides_swapped_gives_the_turned_moves() {
    let mut rng = Rng::new(15);
    for position in sample_positions(&mut rng, 40) {
        let turned = Position::from_setup(&position.to_setup().flipped()).unwrap();
        let mut expected: Vec<String> = position
            .legal_moves()
            .iter()
            .map(|m| m.rotated().to_string())
            .collect();
        expected.sort();
        assert_eq!(sorted_moves(&turned), expected, "{}", position.to_sfen());
        assert_eq!(turned.in_check(), position.in_check());
    }
}

#[test]
fn undo_restores_the_position_and_its_hash_and_redo_replays() {
    let mut rng = Rng::new(16);
    for position in sample_positions(&mut rng, 10) {
        let mut game = Game::from_position(position, Ruleset::default());
        let mut seen = vec![*game.position()];
        for _ in 0..40 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves.as_slice()[rng.below(moves.len())]).unwrap();
            seen.push(*game.position());
        }
        let played = game.moves().to_vec();
        while game.undo().is_some() {
            seen.pop();
            let now = game.position();
            assert_eq!(now, seen.last().unwrap());
            assert_eq!(now.hash(), seen.last().unwrap().hash());
        }
        while game.redo().is_some() {}
        assert_eq!(game.moves(), played.as_slice());
    }
}

#[test]
fn random_setups_are_varied_and_legal() {
    let mut rng = Rng::new(17);
    let mut hands = 0;
    let mut promoted = 0;
    let mut checks = 0;
    for _ in 0..200 {
        let position = shogi_common::random_setup(&mut rng);
        let setup: Setup = position.to_setup();
        assert!(setup.validate().is_ok());
        hands += (!position.hand(shogi::Side::Black).is_empty()) as u32;
        promoted += setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.kind.is_promoted())
            .count();
        checks += position.in_check() as u32;
    }
    assert!(
        hands > 100 && promoted > 200 && checks > 10,
        "{hands} {promoted} {checks}"
    );
}

#[test]
fn gives_check_agrees_with_playing_the_move() {
    let mut rng = Rng::new(18);
    let mut checks = 0;
    let mut positions = sample_positions(&mut rng, 40);
    positions.extend((0..300).map(|_| shogi_common::mating_net_setup(&mut rng)));
    for position in positions {
        let mut list = shogi::MoveList::new();
        position.generate_checks(&mut list);
        let info = position.check_info();
        let legal = position.legal_moves();
        for &m in legal.iter() {
            let checks_after = position.after(m).in_check();
            assert_eq!(
                position.gives_check(m),
                checks_after,
                "{m} in {}",
                position.to_sfen()
            );
            assert_eq!(position.gives_check_with(m, &info), checks_after);
            assert_eq!(list.contains(m), checks_after);
            checks += checks_after as usize;
        }
        // Nothing else, and nothing twice.
        let mut listed = list.to_vec();
        assert!(
            listed.iter().all(|m| legal.contains(*m)),
            "{}",
            position.to_sfen()
        );
        listed.sort();
        listed.dedup();
        assert_eq!(listed.len(), list.len(), "{}", position.to_sfen());
    }
    assert!(checks > 2000, "{checks} checking moves seen");
}

#[test]
fn the_captures_are_the_legal_moves_onto_enemy_pieces() {
    let mut rng = Rng::new(19);
    let mut captures = 0;
    let mut positions = sample_positions(&mut rng, 40);
    positions.extend((0..200).map(|_| shogi_common::mating_net_setup(&mut rng)));
    for position in positions {
        let mut list = shogi::MoveList::new();
        position.generate_captures(&mut list);
        let mut expected: Vec<Move> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| !m.is_drop() && position.piece_at(m.to()).is_some())
            .collect();
        let mut got = list.to_vec();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{}", position.to_sfen());
        captures += got.len();
    }
    assert!(captures > 500, "{captures} captures seen");
}

#[test]
fn has_legal_move_agrees_with_the_generator() {
    let mut rng = Rng::new(20);
    let mut mated = 0;
    let mut checked = 0;
    let mut positions = sample_positions(&mut rng, 20);
    for _ in 0..600 {
        // The positions after each check of a mating net: many checkmates among them.
        let net = shogi_common::mating_net_setup(&mut rng);
        let mut checks = shogi::MoveList::new();
        net.generate_checks(&mut checks);
        positions.extend(checks.iter().map(|&m| net.after(m)));
    }
    for position in positions {
        let any = position.legal_move_count() > 0;
        assert_eq!(position.has_legal_move(), any, "{}", position.to_sfen());
        mated += (!any) as usize;
        checked += position.in_check() as usize;
    }
    assert!(
        mated > 50 && checked > 1000,
        "{mated} mated, {checked} in check"
    );
}
