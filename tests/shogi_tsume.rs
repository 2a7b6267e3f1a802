//! The shogi tutorial's tsume (`www/learn/shogi/tsume.json`) and the puzzle trainer's
//! (`www/puzzles/shogi.json`): each one a legal problem in the conventions of
//! `docs/puzzles.md` (sente to move without a king, gote holding every other piece, sente's
//! hand used up by the solution) whose solution `prove_tsume` proves the unique one; the
//! tutorial's set has the lengths and themes it needs, the trainer's its size, its themes (each
//! offered by the trainer's menu) and its ratings.

use analysis::PuzzleSet;
use shogi::ai::tsume::{check_puzzle, give_rest_to_defender, to_trainer_puzzle};
use shogi::{Move, PieceKind, Position, Side};
use std::collections::BTreeMap;
use tabula::web::game::WebGame;
use tabula::web::games::shogi::ShogiWeb;

const TSUME: &str = "www/learn/shogi/tsume.json";
/// The puzzle trainer's set (`puzzles.html?game=shogi`).
const TRAINER: &str = "www/puzzles/shogi.json";

/// Each proof's node budget: the largest of the set takes about a hundredth of it.
const PROOF_NODES: u64 = 20_000_000;

fn read_set(path: &str) -> PuzzleSet {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let set: PuzzleSet = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    set.check("shogi").expect("a shogi puzzle file");
    set
}

fn tsume_set() -> PuzzleSet {
    read_set(TSUME)
}

#[test]
fn every_tsume_is_a_legal_problem_in_the_conventions() {
    let both = [tsume_set().puzzles, read_set(TRAINER).puzzles].concat();
    for puzzle in both {
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
fn every_trainer_tsume_solution_is_proven_unique_themed_and_rated() {
    let set = read_set(TRAINER);
    assert!(set.puzzles.len() >= 150, "{} tsume", set.puzzles.len());
    let mut by_plies: BTreeMap<u32, usize> = BTreeMap::new();
    for puzzle in &set.puzzles {
        let proof = check_puzzle(puzzle, PROOF_NODES)
            .unwrap_or_else(|e| panic!("{} ({}): {e}", puzzle.id, puzzle.position));
        *by_plies.entry(proof.plies).or_default() += 1;
        // Its themes and rating are the generator's for the line (none edited by hand), and
        // the trainer's menu offers every one of them.
        let position = Position::from_sfen(&puzzle.position).expect("checked");
        let line: Vec<Move> = puzzle
            .line
            .iter()
            .map(|m| Move::parse_usi(m).expect("checked"))
            .collect();
        let made = to_trainer_puzzle(&position, &line);
        assert_eq!(
            (&made.themes, made.rating),
            (&puzzle.themes, puzzle.rating),
            "{}",
            puzzle.id
        );
        assert!(puzzle.has_theme(&format!("mate-{}", proof.plies)));
        for theme in &puzzle.themes {
            assert!(
                ShogiWeb::PUZZLE_THEMES.contains(&theme.as_str()),
                "{theme} is not in the menu"
            );
        }
    }
    println!("trainer tsume by plies: {by_plies:?}");
    for plies in [1, 3, 5] {
        assert!(
            by_plies.get(&plies).copied().unwrap_or(0) >= 30,
            "{by_plies:?}"
        );
    }
    let mut positions: Vec<&str> = set.puzzles.iter().map(|p| p.position.as_str()).collect();
    positions.sort();
    positions.dedup();
    assert_eq!(positions.len(), set.puzzles.len(), "no problem twice");
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

#[test]
fn every_theme_the_trainers_offer_has_a_name() {
    let english: BTreeMap<String, String> = serde_json::from_str(
        &std::fs::read_to_string("www/locales/puzzles/en.json").expect("the trainer's texts"),
    )
    .expect("JSON");
    let themes = [
        ShogiWeb::PUZZLE_THEMES,
        tabula::web::games::jungle::JungleWeb::PUZZLE_THEMES,
    ];
    for theme in themes.concat() {
        let key = format!("puzzles.theme.{theme}");
        assert!(english.contains_key(&key), "en.json lacks {key}");
    }
}
