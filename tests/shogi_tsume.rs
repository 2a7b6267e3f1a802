//! The shogi tutorial's tsume (`www/learn/shogi/tsume.json`): each one a legal problem in the
//! conventions of `docs/puzzles.md` (sente to move without a king, gote holding every other
//! piece, sente's hand used up by the solution) whose solution `prove_tsume` proves the unique
//! one; the set has the lengths and themes the tutorial needs.

use jungle::analysis::PuzzleSet;
use jungle::games::shogi::tsume::{check_puzzle, give_rest_to_defender};
use jungle::shogi::{Move, PieceKind, Position, Side};
use std::collections::BTreeMap;

const TSUME: &str = "www/learn/shogi/tsume.json";

/// Each proof's node budget: the largest of the set takes about a hundredth of it.
const PROOF_NODES: u64 = 20_000_000;

fn tsume_set() -> PuzzleSet {
    let text = std::fs::read_to_string(TSUME).unwrap_or_else(|e| panic!("{TSUME}: {e}"));
    let set: PuzzleSet = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{TSUME}: {e}"));
    set.check("shogi").expect("a shogi puzzle file");
    set
}

#[test]
fn every_tsume_is_a_legal_problem_in_the_conventions() {
    for puzzle in tsume_set().puzzles {
        let name = &puzzle.id;
        let position =
            Position::from_sfen(&puzzle.position).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            position.side_to_move(),
            Side::Black,
            "{name}: sente to move"
        );
        assert_eq!(
            position.king(Side::Black),
            None,
            "{name}: sente has no king"
        );
        assert!(!position.in_check(), "{name}: sente is not in check");
        let mut setup = position.to_setup();
        give_rest_to_defender(&mut setup);
        assert_eq!(setup, position.to_setup(), "{name}: gote holds the rest");
        assert!(
            position.pieces(Side::White).count() >= 2,
            "{name}: the king has a defender"
        );
        let end = puzzle.line.iter().fold(position, |now, text| {
            let m = Move::parse_usi(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(now.is_legal(m), "{name}: {text}");
            now.after(m)
        });
        assert!(end.is_checkmate(), "{name}: the line ends in mate");
        assert!(
            end.hand(Side::Black).is_empty(),
            "{name}: sente's hand is used up"
        );
        let last = Move::parse_usi(puzzle.line.last().expect("a line")).unwrap();
        assert_ne!(last.dropped(), Some(PieceKind::Pawn), "{name}: uchifuzume");
    }
}

#[test]
fn every_tsume_solution_is_proven_unique() {
    let mut by_plies: BTreeMap<u32, usize> = BTreeMap::new();
    let mut nodes = 0;
    for puzzle in tsume_set().puzzles {
        let proof = check_puzzle(&puzzle, PROOF_NODES)
            .unwrap_or_else(|e| panic!("{} ({}): {e}", puzzle.id, puzzle.position));
        assert_eq!(proof.plies as usize, puzzle.line.len());
        *by_plies.entry(proof.plies).or_default() += 1;
        nodes += proof.nodes;
    }
    println!("tsume by plies: {by_plies:?}, {nodes} nodes");
    for (plies, least) in [(1, 10), (3, 10), (5, 5)] {
        let count = by_plies.get(&plies).copied().unwrap_or(0);
        assert!(count >= least, "{count} mates in {plies}, want {least}");
    }
}

#[test]
fn the_set_teaches_drops_promotions_and_sacrifices() {
    let set = tsume_set();
    let count = |theme: &str| set.puzzles.iter().filter(|p| p.has_theme(theme)).count();
    for (theme, least) in [("drop", 10), ("promotion", 5), ("sacrifice", 3)] {
        assert!(count(theme) >= least, "{} with {theme}", count(theme));
    }
    let first_drops = set
        .puzzles
        .iter()
        .filter(|p| p.line.len() == 1 && p.line[0].contains('*'))
        .count();
    let first_moves = set.puzzles.iter().filter(|p| p.line.len() == 1).count();
    assert!(
        first_drops >= 3 && first_moves - first_drops >= 2,
        "mates in 1: {first_drops} drops of {first_moves}"
    );
    let mut positions: Vec<&str> = set.puzzles.iter().map(|p| p.position.as_str()).collect();
    positions.sort();
    positions.dedup();
    assert_eq!(positions.len(), set.puzzles.len(), "no problem twice");
}
