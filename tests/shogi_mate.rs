//! The tsume solver (`games::shogi::mate`) against a brute-force AND/OR search written from the
//! definition, on random mating nets; its lines are legal, end in mate and never mate by a
//! pawn drop; a node budget gives "unknown", never a wrong answer. The tsume prover
//! (`prove_tsume`) on hand-built problems, each checked by the brute force too: a unique
//! solution is accepted; a second mating move, at the first move, at the last or after another
//! longest defence, is a cook; a pawn-drop mate is never a solution.

mod shogi_common;

use shogi::ai::mate::{mating_moves, prove_tsume, solve, MateResult, TsumeFlaw};
use shogi::{Move, Position};
use shogi_common::{mating_net_setup, mv, pos, Rng};

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
        assert_ne!(kind, shogi::PieceKind::Pawn, "no uchifuzume");
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
    // docs/rules-shogi.md's position: P*1b would mate, but it is uchifuzume.
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

/// The checks after which the defender is mated within `plies - 1`, by brute force.
fn brute_mating_checks(position: &Position, plies: u32) -> Vec<Move> {
    position
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| position.after(m).in_check())
        .filter(|&m| brute_defender_loses(&position.after(m), plies - 1))
        .collect()
}

/// Whether the attacker node mates within `plies` by exactly one move, and so does every node
/// after each longest defence to it: `docs/puzzles.md`'s uniqueness, by brute force.
fn brute_unique(position: &Position, plies: u32) -> bool {
    let mating = brute_mating_checks(position, plies);
    if mating.len() != 1 {
        return false;
    }
    if plies == 1 {
        return true;
    }
    let after = position.after(mating[0]);
    after.legal_moves().iter().all(|&reply| {
        let next = after.after(reply);
        let shorter = plies >= 5 && brute_mates(&next, plies - 4);
        shorter || brute_unique(&next, plies - 2)
    })
}

fn line(text: &str) -> Vec<Move> {
    text.split_whitespace().map(mv).collect()
}

/// The tsume problems below: sente has no king, gote holds every other piece (the convention).
const HEAD_MATE: &str = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
const TWO_GOLD_MATES: &str = "8k/9/7PP/9/9/9/9/9/9 b G2r2b3g4s4n4l16p 1";
const ROOK_DROPS: &str = "7Sk/9/6s2/9/9/9/9/9/9 b 2R2b4g2s4n4l18p 1";
const PAWN_OR_GOLD: &str = "7lk/9/8S/9/9/9/9/7L1/9 b GP2r2b3g3s4n2l17p 1";
const LAST_MOVE_COOK: &str = "6B2/8k/6p2/9/9/9/9/9/9 b BG2r3g4s4n4l17p 1";
const OTHER_DEFENCE_COOK: &str = "6S1k/9/9/9/9/9/9/9/9 b B2rb4g3s4n4l18p 1";

#[test]
fn a_mate_in_one_with_one_answer_is_proven() {
    let position = pos(HEAD_MATE);
    assert_eq!(brute_mating_checks(&position, 1), line("G*5b"));
    let proof = prove_tsume(&position, &line("G*5b"), 100_000).expect("a sound tsume");
    assert_eq!((proof.plies, proof.attacker_nodes), (1, 1));
    assert_eq!(
        prove_tsume(&position, &line("G*4b"), 100_000),
        Err(TsumeFlaw::NotMating { ply: 0 }),
        "a check that does not mate is not a solution"
    );
    assert_eq!(
        prove_tsume(&position, &line("G*9i"), 100_000),
        Err(TsumeFlaw::NotCheck { ply: 0 }),
        "every attacker move checks"
    );
}

#[test]
fn a_mate_in_one_with_two_answers_is_a_cook() {
    // The gold mates from 1b and from 2b, each square guarded by a pawn.
    let position = pos(TWO_GOLD_MATES);
    let mut both = brute_mating_checks(&position, 1);
    both.sort_by_key(|m| m.to_string());
    assert_eq!(both, line("G*1b G*2b"));
    for solution in ["G*1b", "G*2b"] {
        let Err(TsumeFlaw::Cook { path, mut mating }) =
            prove_tsume(&position, &line(solution), 100_000)
        else {
            panic!("{solution} is one of two mates");
        };
        mating.sort_by_key(|m| m.to_string());
        assert_eq!((path, mating), (vec![], both.clone()));
    }
}

#[test]
fn a_mate_in_three_by_drops_is_proven_unique() {
    let position = pos(ROOK_DROPS);
    assert!(!brute_mates(&position, 1) && brute_mates(&position, 3));
    assert!(brute_unique(&position, 3), "the brute force agrees");
    let solution = line("R*1b 1a2a R*1a");
    let proof = prove_tsume(&position, &solution, 1_000_000).expect("a sound tsume");
    assert_eq!(proof.plies, 3);
    // In a mate in 3 every reply is a longest defence: each is proven to have one mate.
    let replies = position.after(solution[0]).legal_move_count() as u32;
    assert_eq!(proof.attacker_nodes, 1 + replies);
    assert_eq!(
        prove_tsume(&position, &solution[..1], 1_000_000),
        Err(TsumeFlaw::NotMating { ply: 0 }),
        "no mate in 1"
    );
}

#[test]
fn a_pawn_drop_mate_is_never_a_solution() {
    // P*1b would mate (the silver guards the pawn, the lance and silver guard 2b): uchifuzume.
    let position = pos(PAWN_OR_GOLD);
    assert!(!position.is_legal(mv("P*1b")), "the rules forbid it");
    assert_eq!(
        prove_tsume(&position, &line("P*1b"), 100_000),
        Err(TsumeFlaw::Illegal { ply: 0 })
    );
    // G*1b is the one mate: the forbidden pawn drop is no second solution.
    assert_eq!(brute_mating_checks(&position, 1), line("G*1b"));
    assert!(prove_tsume(&position, &line("G*1b"), 100_000).is_ok());
}

#[test]
fn a_second_mate_at_the_last_move_is_a_cook() {
    // Strict uniqueness: 1c2b and 3a2b+ both mate after the main line's 1b1a.
    let position = pos(LAST_MOVE_COOK);
    assert_eq!(brute_mating_checks(&position, 3), line("G*1c"));
    assert!(!brute_unique(&position, 3));
    let Err(TsumeFlaw::Cook { path, mut mating }) =
        prove_tsume(&position, &line("G*1c 1b1a 1c2b"), 1_000_000)
    else {
        panic!("a cook at the last move");
    };
    mating.sort_by_key(|m| m.to_string());
    assert_eq!((path, mating), (line("G*1c 1b1a"), line("1c2b 3a2b+")));
}

#[test]
fn a_second_mate_after_another_longest_defence_is_a_cook() {
    // The main line (1a1b, then only 3c2b+) is unique; the other defence 1a2a is answered by
    // two mates, so the problem is not.
    let position = pos(OTHER_DEFENCE_COOK);
    let after = position.after(mv("B*3c")).after(mv("1a1b"));
    assert_eq!(brute_mating_checks(&after, 1), line("3c2b+"));
    assert!(!brute_unique(&position, 3));
    let Err(TsumeFlaw::Cook { path, mut mating }) =
        prove_tsume(&position, &line("B*3c 1a1b 3c2b+"), 1_000_000)
    else {
        panic!("a cook after 1a2a");
    };
    mating.sort_by_key(|m| m.to_string());
    assert_eq!((path, mating), (line("B*3c 1a2a"), line("3a2b+ 3c2b+")));
}

#[test]
fn a_line_longer_than_the_mate_or_with_a_weak_defence_is_refused() {
    let head = pos(HEAD_MATE);
    let longer = line("G*5b 5a4a G*4b");
    assert_eq!(
        prove_tsume(&head, &longer, 100_000),
        Err(TsumeFlaw::Shorter(1))
    );
    assert_eq!(prove_tsume(&head, &[], 100_000), Err(TsumeFlaw::Shape));
    assert_eq!(
        prove_tsume(&head, &longer[..2], 100_000),
        Err(TsumeFlaw::Shape)
    );
    assert_eq!(
        prove_tsume(&head, &line("G*5c"), 100_000),
        Err(TsumeFlaw::Illegal { ply: 0 }),
        "a drop on the pawn's square"
    );
    // A mate in 5 (3d3c+ 3b2a S*2b 2a1b 2d1c): a reply after which the attacker mates at once
    // is not a longest defence.
    let position = pos("8n/6k2/9/5lP+B1/9/9/9/9/9 b S2rb4g3s3n3l17p 1");
    let solution = line("3d3c+ 3b2a S*2b 2a1b 2d1c");
    assert!(prove_tsume(&position, &solution, 5_000_000).is_ok());
    let after = position.after(solution[0]);
    let weak = after
        .legal_moves()
        .iter()
        .copied()
        .find(|&r| brute_mates(&after.after(r), 1))
        .expect("a reply that is mated at once");
    let mut weak_line = solution.clone();
    weak_line[1] = weak;
    assert_eq!(
        prove_tsume(&position, &weak_line, 5_000_000),
        Err(TsumeFlaw::ShortDefence { ply: 1 })
    );
}

#[test]
fn the_prover_says_unknown_when_its_budget_runs_out() {
    assert_eq!(
        prove_tsume(&pos(ROOK_DROPS), &line("R*1b 1a2a R*1a"), 3),
        Err(TsumeFlaw::Unknown)
    );
}
