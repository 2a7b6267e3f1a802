//! The analysis layer on shogi (the same generic code as Jungle's): the analysis board's lines
//! for a tsume's mate in one, the review of a game with a planted blunder, the SFEN and USI text
//! forms, the puzzle themes, and the win-probability constant as the fit of the data shipped in
//! docs/ (its sign and scale checked against the game: a rook ahead is a likely win, not a
//! certain one).

use analysis::calibration::from_csv;
use analysis::winprob::fit_slope;
use analysis::{analyse_lines, Analysable, Goal, Judgement, ReviewRun};
use engine::{FrozenClock, Limits, Score, Searcher};
use shogi::ai::eval::{EvalParams, Evaluator};
use shogi::{Game, Move, Position, Ruleset};
use std::sync::atomic::AtomicBool;
use tabula::web::analysis_worker::lines_reply;

/// The tutorial's first tsume (www/learn/shogi/tsume.json): G*1b mates at once.
const TSUME: &str = "8k/9/8n/6B2/9/9/9/9/9 b G2rb3g4s3n4l18p 1";

/// The tsume with a sente king on 9i that gote's dragon on 7h has boxed in: sente mates with
/// G*1b, and any other move lets gote mate with G*9h.
const RACE: &str = "8k/9/8n/6B2/9/9/9/2+r6/K8 b Grb3g4s3n4l18p 1";

fn game(sfen: &str) -> Game {
    <Game as Analysable>::from_position_text(sfen, Ruleset::default()).expect("a legal position")
}

fn usi(text: &str) -> Move {
    <Game as Analysable>::parse_move(text).expect("a USI move")
}

#[test]
fn a_mate_in_one_is_the_first_of_three_lines_and_a_certain_win() {
    let game = game(TSUME);
    let mut searcher = Searcher::new(4);
    let lines = analyse_lines(
        &mut searcher,
        &game,
        3,
        Limits::depth(3),
        &FrozenClock,
        &AtomicBool::new(false),
        &mut |_, _| {},
    );
    assert_eq!(lines.lines.len(), 3, "three lines");
    let first = &lines.lines[0];
    assert_eq!(first.moves[0], usi("G*1b"));
    assert_eq!(first.player_score(), Score::WinIn(1));
    // Only one move mates: the other lines are not forced wins in one.
    for line in &lines.lines[1..] {
        assert_ne!(line.moves[0], usi("G*1b"));
        assert_ne!(line.player_score(), Score::WinIn(1));
    }
    let reply = lines_reply::<Game>(1, 3, &lines, 100, 10.0, |m| m.to_string());
    assert_eq!(reply.lines[0].moves[0], "G*1b");
    assert_eq!(reply.lines[0].forced, Some(1));
    assert_eq!(reply.lines[0].win, 1.0);
    assert!(reply.lines[1].win < 1.0);
}

#[test]
fn missing_the_mate_and_allowing_one_is_judged_a_blunder_with_the_mate_named() {
    let mut played = game(RACE);
    for text in ["3d2c", "G*9h"] {
        played.play(usi(text)).expect("a legal move");
    }
    assert!(played.outcome().is_some(), "G*9h mates");
    let mut run = ReviewRun::new(&played, Limits::nodes(20_000));
    let mut searcher = Searcher::new(4);
    while run
        .step(&mut searcher, &FrozenClock, &AtomicBool::new(false))
        .expect("the moves replay")
    {}
    let review = run.review();
    assert_eq!(review.moves.len(), 2);
    assert_eq!(review.moves[0].judgement, Judgement::Blunder);
    assert_eq!(review.moves[0].best, Some(usi("G*1b")));
    assert_eq!(review.moves[1].judgement, Judgement::Best);
}

#[test]
fn positions_and_moves_read_back_in_sfen_and_usi() {
    let game = game(TSUME);
    assert_eq!(<Game as Analysable>::position_text(game.position()), TSUME);
    assert_eq!(usi("G*1b").to_string(), "G*1b");
    assert!(<Game as Analysable>::parse_move("G*1j").is_err());
    assert!(<Game as Analysable>::from_position_text("9/9 b - 1", Ruleset::default()).is_err());
    // The start of a game from a position is that position, its moves gone.
    let mut later = game.clone();
    later.play(usi("G*1b")).expect("legal");
    assert_eq!(later.at_start().position(), game.position());
    assert!(later.at_start().moves().is_empty());
}

#[test]
fn shogi_themes_name_the_mate_the_drop_and_the_promotion() {
    let start: Position = *game(TSUME).position();
    assert_eq!(
        <Game as Analysable>::line_themes(&start, &[usi("G*1b")], Goal::Win),
        ["mate", "drop"]
    );
    // Only the player's moves (even plies) count: the reply's promotion does not.
    assert_eq!(
        <Game as Analysable>::line_themes(&start, &[usi("3d1b+"), usi("1c2e+")], Goal::Advantage),
        ["material", "promotion"]
    );
    assert_eq!(
        <Game as Analysable>::line_themes(&start, &[usi("3d2c"), usi("G*9h")], Goal::Advantage),
        ["material"]
    );
}

#[test]
fn shogis_win_probability_constant_is_the_fit_of_the_shipped_data() {
    let csv = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/win-probability-shogi.csv"
    ))
    .expect("the fit's data");
    let fit = fit_slope(&from_csv(&csv).expect("the CSV reads")).expect("a fit");
    let model = <Game as Analysable>::WIN_MODEL;
    // The constant is written to six decimal places.
    assert!(
        (fit.slope - model.slope).abs() < 5e-7,
        "fit {} vs {}",
        fit.slope,
        model.slope
    );
    assert!(fit.positions > 10_000, "{} positions", fit.positions);
    // The sign: more points are better for the side to move.
    assert!(model.of_points(100.0) > 0.5 && model.of_points(-100.0) < 0.5);
    // The scale, against the evaluation of real positions: a rook up (in hand, the kings
    // alone on the board) is better than even but not certain (the engine's own games at the
    // fit's budget convert it about two times in three); a pawn up is far from decided.
    let evaluator = Evaluator::new(EvalParams::default());
    let rook_up = evaluator.evaluate(game("4k4/9/9/9/9/9/9/9/4K4 b R 1").position());
    let pawn_up = evaluator.evaluate(game("4k4/9/9/9/9/9/9/9/4K4 b P 1").position());
    let (rook, pawn) = (model.of_raw(rook_up), model.of_raw(pawn_up));
    assert!(
        (0.6..0.95).contains(&rook),
        "a rook up: {rook_up} points, {rook}"
    );
    assert!(
        (0.5..0.6).contains(&pawn),
        "a pawn up: {pawn_up} points, {pawn}"
    );
}
