//! The tsume solver (`games::shogi::mate`) against a brute-force AND/OR search written from the
//! definition, on random mating nets; its lines are legal, end in mate and never mate by a
//! pawn drop; a node budget gives "unknown", never a wrong answer.

mod shogi_common;

use jungle::games::shogi::mate::{mating_moves, solve, MateResult};
use jungle::shogi::{Move, Position};
use shogi_common::{mating_net_setup, pos, Rng};

/// Whether the side to move mates within `plies` (odd), by trying every check.
fn brute_mates(position: &Position, plies: u32) -> bool {
    plies > 0
        && position
            .legal_moves()
            .iter()
            .filter(|&&m| position.after(m).in_check())
            .any(|&m| brute_defender_loses(&position.after(m), plies - 1))
}

/// Whether the side to move (in check) is mated within `plies` whatever it plays.
fn brute_defender_loses(position: &Position, plies: u32) -> bool {
    let replies = position.legal_moves();
    if replies.is_empty() {
        return true;
    }
    plies > 0
        && replies
            .iter()
            .all(|&r| brute_mates(&position.after(r), plies - 1))
}

fn shortest(position: &Position, max: u32) -> Option<u32> {
    (1..=max).step_by(2).find(|&n| brute_mates(position, n))
}

/// Plays a line and checks that it is legal, alternates checks and replies, and ends in mate.
fn assert_mating_line(position: &Position, line: &[Move]) {
    let mut now = *position;
    for (i, &m) in line.iter().enumerate() {
        assert!(now.is_legal(m), "{m} (ply {i}) in {}", now.to_sfen());
        let next = now.after(m);
        if i % 2 == 0 {
            assert!(next.in_check(), "the attacker's {m} checks");
        }
        now = next;
    }
    assert!(
        now.is_checkmate(),
        "the line ends in mate: {}",
        now.to_sfen()
    );
    let last = *line.last().expect("a line");
    if let Some(kind) = last.dropped() {
        assert_ne!(kind, jungle::shogi::PieceKind::Pawn, "no uchifuzume");
    }
}

#[test]
fn the_solver_agrees_with_brute_force_on_mating_nets() {
    let mut rng = Rng::new(41);
    let mut mates = [0; 2];
    for _ in 0..250 {
        let position = mating_net_setup(&mut rng);
        let expected = shortest(&position, 3);
        match solve(&position, 3, 2_000_000) {
            MateResult::Mate(line) => {
                assert_eq!(Some(line.len() as u32), expected, "{}", position.to_sfen());
                assert_mating_line(&position, &line);
                mates[line.len() / 2] += 1;
            }
            MateResult::NoMate => assert_eq!(expected, None, "{}", position.to_sfen()),
            MateResult::Unknown => panic!("budget too small for {}", position.to_sfen()),
        }
    }
    assert!(
        mates[0] > 10 && mates[1] > 5,
        "mates in 1 and 3 seen: {mates:?}"
    );
}

#[test]
fn every_mating_first_move_is_found() {
    let mut rng = Rng::new(42);
    let mut several = 0;
    for _ in 0..120 {
        let position = mating_net_setup(&mut rng);
        let mut found = mating_moves(&position, 3, 2_000_000).expect("within budget");
        let mut expected: Vec<Move> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| {
                position.after(m).in_check() && brute_defender_loses(&position.after(m), 2)
            })
            .collect();
        // The same moves; their order has no meaning.
        found.sort();
        expected.sort();
        assert_eq!(found, expected, "{}", position.to_sfen());
        several += (found.len() > 1) as u32;
    }
    assert!(
        several > 3,
        "positions with several mating moves: {several}"
    );
}

#[test]
fn a_mate_only_by_a_pawn_drop_is_no_mate() {
    // shogi.md's position: P*1b would mate, but it is uchifuzume.
    let position = pos("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    assert_eq!(solve(&position, 1, 100_000), MateResult::NoMate);
    // With a gold instead of the pawn, G*1b mates.
    let gold = pos("7lk/9/8S/9/9/9/9/7L1/8K b G 1");
    assert_eq!(
        solve(&gold, 1, 100_000),
        MateResult::Mate(vec![Move::parse_usi("G*1b").unwrap()])
    );
}

#[test]
fn a_tiny_budget_answers_unknown_not_no_mate() {
    // A mate in 5 (the brute force agrees: none in 3, one in 5) needs more than three nodes.
    let position = pos("5+B1k1/6PB1/9/9/9/9/5K3/9/9 b P 1");
    assert!(!brute_mates(&position, 3) && brute_mates(&position, 5));
    let full = solve(&position, 5, 5_000_000);
    let MateResult::Mate(line) = full else {
        panic!("{full:?}")
    };
    assert_eq!(line.len(), 5);
    assert_mating_line(&position, &line);
    assert_eq!(
        mating_moves(&position, 5, 5_000_000),
        Some(vec![Move::parse_usi("4a3a").unwrap()]),
        "the horse's retreat is the only first move"
    );
    assert_eq!(solve(&position, 5, 3), MateResult::Unknown);
    assert_eq!(solve(&position, 3, 5_000_000), MateResult::NoMate);
}
