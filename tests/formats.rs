//! Text formats: positions (docs/rules-jungle.md's FEN-like line) and their validation errors, moves in
//! machine and human form, ruleset spellings, and the game record.

mod common;

use common::{mv, play_all, rules};
use jungle::{notation, Record, START_FEN};
use jungle::{Animal, Game, Position, PositionError, Ruleset, Setup, Side};

// ---------------------------------------------------------------------------------------------
// Positions

#[test]
fn the_start_position_is_jungle_mds() {
    assert_eq!(START_FEN, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1");
    let start = Position::start(&Ruleset::default());
    assert_eq!(start.to_fen(), START_FEN);
    assert_eq!(start.side_to_move(), Side::Black);
    for (square, side, animal) in [
        ("a9", Side::White, Animal::Lion),
        ("g9", Side::White, Animal::Tiger),
        ("b8", Side::White, Animal::Dog),
        ("f8", Side::White, Animal::Cat),
        ("a7", Side::White, Animal::Rat),
        ("c7", Side::White, Animal::Leopard),
        ("e7", Side::White, Animal::Wolf),
        ("g7", Side::White, Animal::Elephant),
        ("a3", Side::Black, Animal::Elephant),
        ("c3", Side::Black, Animal::Wolf),
        ("e3", Side::Black, Animal::Leopard),
        ("g3", Side::Black, Animal::Rat),
        ("b2", Side::Black, Animal::Cat),
        ("f2", Side::Black, Animal::Dog),
        ("a1", Side::Black, Animal::Tiger),
        ("g1", Side::Black, Animal::Lion),
    ] {
        let piece = start.piece_at(common::sq(square)).unwrap();
        assert_eq!((piece.side, piece.animal), (side, animal), "{square}");
    }
    assert_eq!(start.occupied().count(), 16);
}

#[test]
fn the_counters_are_read_and_advanced() {
    let mut game = Game::new(Ruleset::default());
    play_all(&mut game, "a3a4");
    assert_eq!(
        game.position().to_fen(),
        "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L w 1 1"
    );
    play_all(&mut game, "g7g6");
    assert!(
        game.position().to_fen().ends_with(" b 2 2"),
        "move number goes up after White"
    );
    let pos = Position::from_fen("7/7/7/7/7/7/7/7/c5W w 37 12", &Ruleset::default()).unwrap();
    assert_eq!((pos.plies_since_capture(), pos.fullmove()), (37, 12));
}

fn fen_error(fen: &str) -> (PositionError, String) {
    let err = Position::from_fen(fen, &Ruleset::default()).unwrap_err();
    let text = err.to_string();
    (err, text)
}

#[test]
fn every_position_error_is_reachable_and_readable() {
    let cases: [(&str, PositionError, &str); 16] = [
        ("l5t/1d3c1 b 0", PositionError::Fields(3), "4 fields"),
        ("7/7/7 b 0 1", PositionError::RankCount(3), "9 ranks"),
        (
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1RR/1C3D1/T5L b 0 1",
            PositionError::FileCount(3, 8),
            "rank 3 has 8 files",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1/1C3D1/T5L b 0 1",
            PositionError::FileCount(3, 6),
            "rank 3 has 6 files",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X b 0 1",
            PositionError::BadBoardChar('X'),
            "'X' is not an animal letter",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/7/8/E1W1P1R/1C3D1/T5L b 0 1",
            PositionError::BadBoardChar('8'),
            "'8'",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x 0 1",
            PositionError::BadSide("x".into()),
            "bad side letter 'x'",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b -1 1",
            PositionError::BadClock("-1".into()),
            "plies since the last capture",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 0",
            PositionError::BadMoveNumber("0".into()),
            "move number",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T4EL b 0 1",
            PositionError::Duplicate(Side::Black, Animal::Elephant),
            "Black has the elephant twice",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/1L5/7/E1W1P1R/1C3D1/T6 b 0 1",
            PositionError::InWater(
                jungle::Piece::new(Side::Black, Animal::Lion),
                common::sq("b5"),
            ),
            "the lion stands in the water",
        ),
        (
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/3T2L b 0 1",
            PositionError::InOwnDen(jungle::Piece::new(Side::Black, Animal::Tiger)),
            "an animal stands in its own den",
        ),
        (
            "7/7/7/7/7/7/7/7/7 b 0 1",
            PositionError::EmptyBoard,
            "no animals",
        ),
        (
            "7/7/7/7/7/7/7/7/T6 b 0 1",
            PositionError::NoAnimals(Side::White),
            "White has no animals",
        ),
        (
            "3T3/7/7/7/7/7/7/7/6l b 0 1",
            PositionError::DenAlreadyEntered(Side::Black),
            "enemy den",
        ),
        (
            "3t3/7/7/7/7/7/7/7/6L w 0 1",
            PositionError::InOwnDen(jungle::Piece::new(Side::White, Animal::Tiger)),
            "own den",
        ),
    ];
    for (fen, expected, words) in cases {
        let (err, text) = fen_error(fen);
        assert_eq!(err, expected, "{fen}");
        assert!(text.contains(words), "{fen}: '{text}' should say '{words}'");
        assert!(!text.contains('\n'), "one line: {text}");
    }
}

#[test]
fn a_setup_with_fewer_animals_is_legal() {
    for fen in [
        "7/7/7/7/7/7/7/7/c5W b 0 1",
        "7/7/7/7/3R3/7/7/7/c6 w 5 3",
        // The side to move has no animals: a finished game, which that side has lost.
        "7/7/7/7/7/7/7/7/c6 b 0 1",
        // White is to move and Black already stands in White's den: Black has won.
        "3T3/7/7/7/7/7/7/7/6l w 0 1",
    ] {
        assert!(
            Position::from_fen(fen, &Ruleset::default()).is_ok(),
            "{fen}"
        );
    }
    let lost = Position::from_fen("7/7/7/7/7/7/7/7/c6 b 0 1", &Ruleset::default()).unwrap();
    assert_eq!(
        lost.outcome(),
        Some((Side::White, jungle::WinReason::AllCaptured))
    );
    let entered = Position::from_fen("3T3/7/7/7/7/7/7/7/6l w 0 1", &Ruleset::default()).unwrap();
    assert_eq!(
        entered.outcome(),
        Some((Side::Black, jungle::WinReason::DenEntered))
    );
}

#[test]
fn a_setup_is_written_back_as_read() {
    for fen in [
        START_FEN,
        "7/7/7/7/3R3/7/7/7/c6 w 5 3",
        "l6/7/7/7/7/7/7/7/6E b 65535 65535",
    ] {
        assert_eq!(Setup::parse(fen).unwrap().to_string(), fen);
    }
}

// ---------------------------------------------------------------------------------------------
// Moves

#[test]
fn machine_move_errors_say_what_is_wrong() {
    for (text, words) in [
        ("a3", "write two squares"),
        ("h3a4", "'h3' is not a square"),
        ("a3a0", "'a0' is not a square"),
        ("a3a3", "the same"),
    ] {
        let err = jungle::Move::parse(text).unwrap_err().to_string();
        assert!(err.contains(words), "{text}: {err}");
    }
    assert_eq!(jungle::Move::parse(" a3a4 "), Ok(mv("a3a4")));
}

#[test]
fn human_move_form() {
    let start = Position::start(&Ruleset::default());
    assert_eq!(notation::human(&start, mv("a3a4")), "Ea3-a4");
    assert_eq!(notation::human(&start, mv("c3d3")), "Wc3-d3");
    let capture = common::black_to_move("Lb3 tb7");
    assert_eq!(
        notation::human(&capture, mv("b3b7")),
        "Lb3xb7#",
        "the last animal"
    );
    let capture = common::black_to_move("Lb3 tb7 ca9");
    assert_eq!(notation::human(&capture, mv("b3b7")), "Lb3xb7");
    let den = common::black_to_move("Cc9 ra9");
    assert_eq!(notation::human(&den, mv("c9d9")), "Cc9-d9#");
    let white = common::white_to_move("Cc1 ra9");
    assert_eq!(notation::human(&white, mv("a9a8")), "Ra9-a8");
}

#[test]
fn either_move_form_is_read_and_checked() {
    let start = Position::start(&Ruleset::default());
    for text in ["c3d3", "Wc3-d3", "wc3-d3", " Wc3-d3 "] {
        assert_eq!(notation::parse_any(&start, text), Ok(mv("c3d3")), "{text}");
    }
    // The capture mark and '#' are not checked (documented on parse_any).
    assert_eq!(notation::parse_any(&start, "Wc3xd3#"), Ok(mv("c3d3")));
    let err = notation::parse_any(&start, "Lc3-d3").unwrap_err();
    assert!(err.contains("wolf"), "{err}");
    let err = notation::parse_any(&start, "Wc3-c4").unwrap_err();
    assert!(err.contains("only the rat may enter the water"), "{err}");
    let err = notation::parse_any(&start, "g7g6").unwrap_err();
    assert!(err.contains("Black's turn"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Rulesets

#[test]
fn every_ruleset_round_trips_through_its_spelling() {
    for tiger in [false, true] {
        for prohibition in [false, true] {
            for threefold in [false, true] {
                for no_capture in [Some(50), Some(60), None] {
                    let r = Ruleset {
                        tiger_vertical_only: tiger,
                        repetition_prohibition: prohibition,
                        threefold,
                        no_capture_moves: no_capture,
                    };
                    assert_eq!(Ruleset::parse(&r.to_string()), Ok(r), "{r}");
                }
            }
        }
    }
}

#[test]
fn ruleset_spellings() {
    assert_eq!(Ruleset::parse(""), Ok(Ruleset::default()));
    assert_eq!(Ruleset::parse("standard"), Ok(Ruleset::default()));
    let r = rules("nocapture=60, threefold=off");
    assert_eq!((r.no_capture_moves, r.threefold), (Some(60), false));
    assert_eq!(r.no_capture_plies(), Some(120));
    let d = Ruleset::default();
    assert!(!d.tiger_vertical_only && !d.repetition_prohibition && d.threefold);
    assert_eq!(d.no_capture_moves, Some(50));
    for (bad, words) in [
        ("tiger", "unknown rule 'tiger'"),
        ("nocapture=40", "nocapture must be 50, 60 or off"),
        ("threefold=maybe", "threefold must be on or off"),
    ] {
        let err = Ruleset::parse(bad).unwrap_err().to_string();
        assert!(err.contains(words), "{bad}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// Records

#[test]
fn a_record_is_written_as_documented_and_read_back() {
    let mut game = Game::new(Ruleset::default());
    play_all(&mut game, "a3a4 g7g6 c3d3 a7a6");
    let record = Record::new(game, vec![("Event".into(), "Test".into())]);
    let text = record.to_string();
    assert_eq!(
        text,
        "[Event \"Test\"]\n[Variant \"standard\"]\n[Result \"*\"]\n\n1. a3a4 g7g6 2. c3d3 a7a6 *\n"
    );
    let back = Record::parse(&text).unwrap();
    assert_eq!(back.tag("Event"), Some("Test"));
    assert_eq!(back.game.moves(), record.game.moves());
}

#[test]
fn a_finished_record_carries_its_result_and_termination() {
    let ruleset = rules("tiger-vertical-only");
    let start = common::position("Cc9 ra9", Side::Black, &ruleset);
    let mut game = Game::from_position(start, ruleset);
    play_all(&mut game, "c9d9");
    let text = Record::new(game, Vec::new()).to_string();
    assert!(text.contains("[Variant \"tiger-vertical-only\"]"), "{text}");
    assert!(
        text.contains("[FEN \"r1C4/7/7/7/7/7/7/7/7 b 0 1\"]"),
        "{text}"
    );
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"den\"]"), "{text}");
    assert!(text.ends_with("1. c9d9 1-0\n"), "{text}");
    let back = Record::parse(&text).unwrap();
    assert!(back.game.rules().tiger_vertical_only);
}

#[test]
fn a_record_starting_with_white_to_move() {
    let start = "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L w 1 1";
    let game = Game::from_fen(start, Ruleset::default()).unwrap();
    let mut record = Record::new(game, Vec::new());
    play_all(&mut record.game, "g7g6 c3d3 a7a6");
    let text = record.to_string();
    assert!(text.contains("1... g7g6 2. c3d3 a7a6 *"), "{text}");
    let back = Record::parse(&text).unwrap();
    assert_eq!(back.game.moves().len(), 3);
    assert_eq!(back.game.start_position().side_to_move(), Side::White);
}

#[test]
fn record_reading_skips_comments_and_numbers() {
    let text = "[Variant \"standard\"]\n\n1. a3a4 {the elephant goes first} g7g6\n{a comment\nover lines} 2.c3d3 a7a6 *\n";
    let record = Record::parse(text).unwrap();
    let moves: Vec<String> = record.game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["a3a4", "g7g6", "c3d3", "a7a6"]);
    // Numbers are optional, and so is the result.
    let bare = Record::parse("a3a4 g7g6").unwrap();
    assert_eq!(bare.game.moves().len(), 2);
}

#[test]
fn the_result_is_checked_against_the_moves() {
    let err = Record::parse("[Result \"1-0\"]\n\n1. a3a4 g7g6 *\n").unwrap_err();
    assert!(err.to_string().contains("result"), "{err}");
    let err = Record::parse("1. a3a4 g7g6 1-0\n").unwrap_err();
    assert!(err.to_string().contains("1-0"), "{err}");
    let ok = "[FEN \"2C3r/7/7/7/7/7/7/7/7 b 0 1\"]\n\n1. c9d9 1-0\n";
    assert!(Record::parse(ok).is_ok());
    let wrong = "[FEN \"2C3r/7/7/7/7/7/7/7/7 b 0 1\"]\n\n1. c9d9 0-1\n";
    assert!(Record::parse(wrong).is_err());
}

#[test]
fn bad_records_are_rejected_with_the_ply() {
    for (text, words) in [
        ("1. a3a4 g7g6 2. c3c4 *", "ply 3"),
        ("1. a3a4 g7g6 2. c3c4 *", "only the rat may enter the water"),
        ("1. a3a4 zz", "ply 2"),
        ("1. a3a4 g7g6 * a3a2", "follows the result"),
        ("[Variant \"tiger\"]\n\n*", "Variant tag"),
        ("[FEN \"7/7 b 0 1\"]\n\n*", "FEN tag"),
        ("[Event unquoted]\n\n*", "line 1"),
        ("1. a3a4 {never closed", "never closed"),
        ("1. a3a4 } g7g6", "closes no comment"),
    ] {
        let err = Record::parse(text).unwrap_err().to_string();
        assert!(err.contains(words), "{text:?}: {err}");
        assert!(!err.contains('\n'), "one line: {err}");
    }
}

#[test]
fn record_tag_values_with_line_breaks_round_trip() {
    // Regression: a tag value holding a line break was written over two lines, and the record
    // could not be read back ("line 1: a tag is written [Name "value"]").
    let value = "two\nlines, a\ttab, a \\ and a \" and \r\n";
    let record = Record::new(
        Game::new(Ruleset::default()),
        vec![("Event".into(), value.into())],
    );
    let text = record.to_string();
    assert!(
        text.starts_with("[Event \"two\\nlines, a\\ttab, a \\\\ and a \\\" and \\r\\n\"]\n"),
        "{text}"
    );
    let back = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.tag("Event"), Some(value));
}

#[test]
fn record_tags_named_like_derived_tags_are_not_written_twice() {
    // Regression: a `Result` (or `Variant`, `FEN`, `Termination`) tag passed in the descriptive
    // tags was written beside the one derived from the game, and reading the record back
    // failed because the two disagreed.
    let tags = vec![
        ("Result".to_string(), "1-0".to_string()),
        ("Variant".to_string(), "tiger-vertical-only".to_string()),
        ("Site".to_string(), "here".to_string()),
    ];
    let text = Record::new(Game::new(Ruleset::default()), tags).to_string();
    assert_eq!(text.matches("[Result ").count(), 1, "{text}");
    assert_eq!(text.matches("[Variant ").count(), 1, "{text}");
    let back = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.tag("Site"), Some("here"));
    assert_eq!(*back.game.rules(), Ruleset::default());
}

#[test]
fn record_tag_names_are_written_so_they_can_be_read() {
    // Regression: a tag name with a space was written as is and the record could not be read.
    let tags = vec![
        ("White player".to_string(), "x".to_string()),
        (String::new(), "y".to_string()),
    ];
    let text = Record::new(Game::new(Ruleset::default()), tags).to_string();
    let back = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.tag("White_player"), Some("x"));
    assert_eq!(back.tag("_"), Some("y"));
}

#[test]
fn a_setup_with_move_number_0_is_rejected() {
    // Regression: a setup built in code with move number 0 was accepted, and the position's
    // own FEN ("… b 0 0") could then not be read back.
    let mut s = common::setup("Ca1 ca9", Side::Black);
    s.fullmove = 0;
    assert_eq!(s.validate(), Err(PositionError::BadMoveNumber("0".into())));
    assert!(Position::from_setup(&s, &Ruleset::default()).is_err());
}

/// The Termination tag is checked against the replayed moves like the Result tag (it was accepted
/// unchecked, so a record could claim a den entry the moves never made).
#[test]
fn record_termination_tag_must_match_the_moves() {
    let den_win = "[FEN \"7/7/7/7/7/7/7/3r3/E6 w 0 1\"]\n[Result \"0-1\"]\n[Termination \"den\"]\n\n1... d2d1 0-1\n";
    let record = jungle::Record::parse(den_win).expect("a den entry ends the game");
    assert_eq!(record.game.outcome().map(|o| o.reason_code()), Some("den"));
    let wrong = den_win.replace("[Termination \"den\"]", "[Termination \"no-moves\"]");
    let err = jungle::Record::parse(&wrong).unwrap_err().to_string();
    assert!(err.contains("no-moves") && err.contains("den"), "{err}");
    let unfinished = "[Termination \"den\"]\n\n1. a3a4 *\n";
    assert!(jungle::Record::parse(unfinished).is_err());
}

/// A resignation or a flag fall leaves no trace in the moves: the record keeps it in its
/// Result and Termination tags, and reading the record ends the game the same way.
#[test]
fn a_resignation_or_time_loss_is_written_and_read_back() {
    for (ending, loser, code, result) in [
        ("resign", Side::White, "resignation", "1-0"),
        ("time", Side::Black, "time", "0-1"),
    ] {
        let mut game = Game::new(Ruleset::default());
        play_all(&mut game, "a3a4 g7g6");
        let ended = match ending {
            "resign" => game.resign(loser),
            _ => game.lose_on_time(loser),
        };
        assert!(ended);
        let text = Record::new(game.clone(), Vec::new()).to_string();
        assert!(text.contains(&format!("[Result \"{result}\"]")), "{text}");
        assert!(
            text.contains(&format!("[Termination \"{code}\"]")),
            "{text}"
        );
        assert!(
            text.ends_with(&format!("1. a3a4 g7g6 {result}\n")),
            "{text}"
        );
        let back = Record::parse(&text).unwrap();
        assert_eq!(back.game.outcome(), game.outcome());
        assert_eq!(back.game.ending(), game.ending());
        assert_eq!(back.game.moves(), game.moves());
    }
}

/// A time loss must name its loser through a decisive result, and cannot stand where the
/// moves already ended the game some other way.
#[test]
fn a_declared_ending_needs_a_decisive_result_and_an_unfinished_game() {
    let no_result = "[Termination \"time\"]\n\n1. a3a4 g7g6\n";
    assert!(Record::parse(no_result).is_err());
    let draw = "[Termination \"resignation\"]\n\n1. a3a4 g7g6 1/2-1/2\n";
    assert!(Record::parse(draw).is_err());
    let den_then_time =
        "[FEN \"2C3r/7/7/7/7/7/7/7/7 b 0 1\"]\n[Termination \"time\"]\n\n1. c9d9 1-0\n";
    let err = Record::parse(den_then_time).unwrap_err().to_string();
    assert!(err.contains("time") && err.contains("den"), "{err}");
}
