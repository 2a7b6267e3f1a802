//! The analysis data the project ships keeps its promises: the win-probability constant is the
//! fit of the data in docs/, and every puzzle of www/puzzles/jungle.json replays legally, ends
//! as its goal says, and carries the file format's fields (the full proof of every puzzle is
//! `jungle puzzles --check www/puzzles/jungle.json`, run by `./run prove-puzzles`, which
//! tests/puzzle_proof.rs holds to the file and the engine as they are now; here a few short ones
//! are proved again).

use analysis::calibration::from_csv;
use analysis::puzzle::PUZZLES_VERSION;
use analysis::winprob::fit_slope;
use analysis::{Analysable, Goal, ProofSettings, PuzzleSet, Verifier};
use jungle::ai::Jungle;
use jungle::{Game, Move, Position, Ruleset, Side};
use std::collections::BTreeSet;

fn read(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

#[test]
fn jungles_win_probability_constant_is_the_fit_of_the_shipped_data() {
    let counts = from_csv(&read("docs/win-probability-jungle.csv")).unwrap();
    let fit = fit_slope(&counts).unwrap();
    let shipped = <Game as Analysable>::WIN_MODEL.slope;
    // The constant is written to six decimal places.
    assert!(
        (fit.slope - shipped).abs() < 5e-7,
        "fit {} vs {shipped}",
        fit.slope
    );
    assert!(fit.positions > 100_000, "{} positions", fit.positions);
}

fn puzzles() -> PuzzleSet {
    serde_json::from_str(&read("www/puzzles/jungle.json")).expect("the puzzle file is JSON")
}

const THEMES: [&str; 6] = [
    "den-attack",
    "material",
    "trap",
    "rat-elephant",
    "river-jump",
    "defence",
];

#[test]
fn every_shipped_puzzle_replays_legally_and_ends_as_its_goal_says() {
    let set = puzzles();
    assert_eq!(set.version, PUZZLES_VERSION);
    assert_eq!(set.check("jungle"), Ok(()));
    assert!(set.puzzles.len() >= 500, "{} puzzles", set.puzzles.len());
    let rules = Ruleset::default();
    let mut ids = BTreeSet::new();
    let mut positions = BTreeSet::new();
    for p in &set.puzzles {
        assert!(ids.insert(p.id.clone()), "id {} twice", p.id);
        let start = Position::from_fen(&p.position, &rules).unwrap();
        assert!(positions.insert(start.hash()), "{} twice", p.position);
        let side = match start.side_to_move() {
            Side::Black => "black",
            Side::White => "white",
        };
        assert_eq!(p.side, side, "{}", p.id);
        assert!((600..=2800).contains(&p.rating), "{}: {}", p.id, p.rating);
        assert!(
            p.themes.iter().all(|t| THEMES.contains(&t.as_str())),
            "{:?}",
            p.themes
        );
        assert_eq!(
            p.has_theme("den-attack"),
            p.goal == Goal::Win,
            "{}: {:?}",
            p.id,
            p.themes
        );
        let mut pos = start;
        let mut last_captured = None;
        for text in &p.line {
            let m = Move::parse(text).unwrap();
            assert!(pos.is_legal(m), "{}: {text} in {}", p.id, pos.to_fen());
            last_captured = pos.captured_by(m);
            pos = pos.after(m);
        }
        match p.goal {
            Goal::Win => assert!(
                pos.outcome().is_some(),
                "{}: the line does not end the game",
                p.id
            ),
            Goal::Advantage => assert!(
                last_captured.is_some(),
                "{}: the last move takes nothing",
                p.id
            ),
        }
    }
}

#[test]
fn the_shipped_file_has_puzzles_of_every_theme() {
    let set = puzzles();
    for theme in THEMES {
        let n = set.puzzles.iter().filter(|p| p.has_theme(theme)).count();
        assert!(n >= 5, "{theme}: {n} puzzles");
    }
}

#[test]
fn short_shipped_den_puzzles_are_proved_again() {
    let set = puzzles();
    let mut verifier = Verifier::<Jungle>::new(
        ProofSettings {
            nodes: 300_000,
            ..ProofSettings::new(<Game as Analysable>::WIN_MODEL)
        },
        4,
    );
    let short: Vec<_> = set
        .puzzles
        .iter()
        .filter(|p| p.goal == Goal::Win && p.line.len() == 3)
        .take(4)
        .collect();
    assert_eq!(short.len(), 4);
    for p in short {
        let start = Position::from_fen(&p.position, &Ruleset::default()).unwrap();
        let line: Vec<Move> = p.line.iter().map(|m| Move::parse(m).unwrap()).collect();
        assert_eq!(
            verifier.verify(&start, &line, Goal::Win),
            Ok(()),
            "{}",
            p.id
        );
    }
}
