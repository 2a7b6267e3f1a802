//! The shogi tutorial's content (`www/learn/shogi/lessons.json`, in the shape of Jungle's:
//! [`Lessons`]) and its catalogues (`www/learn/shogi/locales/<lang>.json`), checked against the
//! shogi rules layer:
//!
//! - the sections follow docs/rules-shogi.md's rules; every board's SFEN is a valid position with a game
//!   to play, every highlighted square is a square, every move a board calls `illegal` is
//!   illegal for the reason its section teaches;
//! - every "try" move is legal and does what the lesson says (`expect`: `move`, `capture` — the
//!   piece goes to the mover's hand unpromoted —, `drop`, `promote`, `check`, `mate`, `declare` —
//!   afterwards the mover may declare an impasse win); where the task names an effect (capture,
//!   promote, check, mate, declare) every legal move with that effect is accepted;
//! - the handicap boards are the handicap start positions, gote to move;
//! - the tsume boards are problems of `www/learn/shogi/tsume.json`, proven there;
//! - the catalogues: the same checks as Jungle's (`learn_common`).

mod learn_common;

use analysis::PuzzleSet;
use learn_common::{read_json, Tutorial};
use shogi::{Handicap, IllegalMove, Move, Position, Side, Square};
use std::collections::BTreeSet;
use tabula::web::embed::lessons::{LessonBoard, Lessons};

const SHOGI: Tutorial = Tutorial {
    lessons: "www/learn/shogi/lessons.json",
    locales: "www/learn/shogi/locales",
    key_prefix: "learn.shogi.",
};

/// The site's languages and Japanese, English first.
const LANGUAGES: [&str; 6] = ["en", "ja", "id", "vi", "de", "zh-CN"];

/// The sections, in the order of docs/rules-shogi.md's rules, then the tsume.
const SECTION_ORDER: [&str; 10] = [
    "board",
    "pieces",
    "captures",
    "drops",
    "promotion",
    "check-mate",
    "sennichite",
    "impasse",
    "handicaps",
    "tsume",
];

fn lessons() -> Lessons {
    let text = std::fs::read_to_string(SHOGI.lessons).expect("lessons.json");
    serde_json::from_str(&text).expect("lessons.json in the documented shape")
}

/// Every board with its section's id and a name for messages (`drops #3`).
fn boards() -> Vec<(String, String, LessonBoard)> {
    let mut out = Vec::new();
    for section in lessons().sections {
        for (i, board) in section.boards.into_iter().enumerate() {
            out.push((
                section.id.clone(),
                format!("{} #{}", section.id, i + 1),
                board,
            ));
        }
    }
    out
}

fn position_of(name: &str, board: &LessonBoard) -> Position {
    assert_eq!(
        board.variant, None,
        "{name}: shogi lessons use the default rules"
    );
    Position::from_sfen(&board.fen).unwrap_or_else(|e| panic!("{name}: {}: {e}", board.fen))
}

fn moves_of(name: &str, list: &[String]) -> Vec<Move> {
    list.iter()
        .map(|text| Move::parse_usi(text).unwrap_or_else(|e| panic!("{name}: {text}: {e}")))
        .collect()
}

/// Whether `reason` is one of the rules the section `section` teaches to be illegal.
fn taught_by(section: &str, reason: &IllegalMove) -> bool {
    match section {
        "pieces" => matches!(reason, IllegalMove::CannotReach { .. }),
        "drops" => matches!(
            reason,
            IllegalMove::DeadDrop { .. } | IllegalMove::Nifu(_) | IllegalMove::PawnDropMate
        ),
        "promotion" => matches!(reason, IllegalMove::MustPromote { .. }),
        "check-mate" => matches!(reason, IllegalMove::KingInCheck),
        _ => false,
    }
}

#[test]
fn the_sections_come_in_the_order_of_the_rules() {
    assert_eq!(SHOGI.section_ids(), SECTION_ORDER);
}

#[test]
fn every_board_shows_a_valid_position_and_its_illegal_moves_break_its_rule() {
    let mut count = 0;
    let mut illegal = 0;
    for (section, name, board) in boards() {
        let position = position_of(&name, &board);
        assert!(position.legal_move_count() > 0, "{name}: the game is over");
        for text in &board.highlight {
            assert!(
                Square::parse(text).is_some(),
                "{name}: '{text}' is not a square"
            );
        }
        for m in moves_of(&name, &board.illegal) {
            let reason = position
                .check_move(m)
                .expect_err(&format!("{name}: {m} is legal"));
            assert!(
                taught_by(&section, &reason),
                "{name}: {m} is illegal for another reason: {reason}"
            );
            illegal += 1;
        }
        if let Some(side) = &board.orientation {
            assert!(matches!(side.as_str(), "black" | "white"), "{name}: {side}");
        }
        count += 1;
    }
    println!("shogi learn: {count} boards, {illegal} illegal moves shown");
    assert!(
        count >= 25 && illegal >= 10,
        "{count} boards, {illegal} illegal"
    );
}

/// What a move does, in the terms of `expect`.
fn does(position: &Position, m: Move, expect: &str) -> bool {
    let mover = position.side_to_move();
    let after = position.after(m);
    let captured = position.piece_at(m.to()).filter(|_| !m.is_drop());
    match expect {
        "move" => captured.is_none() && !m.is_drop() && !m.promotes() && !after.is_checkmate(),
        "capture" => captured.is_some_and(|piece| {
            let kind = piece.kind.unpromoted();
            after.hand(mover).count(kind) == position.hand(mover).count(kind) + 1
        }),
        "drop" => m.dropped().is_some_and(|kind| {
            after.hand(mover).count(kind) + 1 == position.hand(mover).count(kind)
        }),
        "promote" => m.promotes() && after.piece_at(m.to()).is_some_and(|p| p.kind.is_promoted()),
        "check" => after.in_check() && !after.is_checkmate(),
        "mate" => after.is_checkmate(),
        "declare" => {
            // The mover's next turn: the same board with the turn given back.
            let mut setup = after.to_setup();
            setup.side_to_move = mover;
            position.impasse_declaration().is_err()
                && Position::from_setup(&setup)
                    .is_ok_and(|again| again.impasse_declaration().is_ok())
        }
        other => panic!("unknown expect '{other}'"),
    }
}

#[test]
fn every_try_move_is_legal_and_does_what_the_lesson_says() {
    let mut tries = 0;
    for (_, name, board) in boards() {
        let Some(task) = &board.task else {
            continue;
        };
        let position = position_of(&name, &board);
        let expect = task.expect.as_deref().unwrap_or("move");
        let moves = moves_of(&name, &task.moves);
        assert!(!moves.is_empty(), "{name}: a try needs a move");
        for &m in &moves {
            assert!(position.is_legal(m), "{name}: try {m} is illegal");
            assert!(does(&position, m, expect), "{name}: {m} does not {expect}");
        }
        if expect != "move" && expect != "drop" {
            let accepted: BTreeSet<Move> = moves.iter().copied().collect();
            let every: BTreeSet<Move> = position
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| does(&position, m, expect))
                .collect();
            assert_eq!(accepted, every, "{name}: every move that does '{expect}'");
        }
        assert!(
            task.forbids.is_empty(),
            "{name}: shogi tries forbid nothing"
        );
        tries += 1;
    }
    println!("shogi learn: {tries} tries");
    assert!(tries >= 20, "{tries} tries");
}

#[test]
fn the_handicap_boards_are_the_handicap_start_positions() {
    let mut seen = 0;
    for (section, name, board) in boards() {
        if section != "handicaps" {
            continue;
        }
        let handicap = Handicap::from_sfen(&board.fen)
            .unwrap_or_else(|| panic!("{name}: not a handicap start position"));
        assert_ne!(handicap, Handicap::Even, "{name}");
        assert_eq!(
            position_of(&name, &board).side_to_move(),
            Side::White,
            "{name}"
        );
        seen += 1;
    }
    assert!(seen >= 3, "{seen} handicap boards");
}

#[test]
fn the_tsume_boards_are_proven_problems_of_the_tsume_file() {
    let set: PuzzleSet =
        serde_json::from_value(read_json("www/learn/shogi/tsume.json")).expect("the tsume file");
    let mut seen = 0;
    for (section, name, board) in boards() {
        let Some(puzzle) = &board.puzzle else {
            continue;
        };
        assert_eq!(section, "tsume", "{name}: a puzzle outside the tsume");
        assert!(board.task.is_none(), "{name}: a puzzle and a try");
        assert_eq!(
            puzzle.solution.len() as u32,
            2 * puzzle.win_in - 1,
            "{name}: winIn counts sente's moves"
        );
        let canonical = position_of(&name, &board).to_sfen();
        assert!(
            set.puzzles
                .iter()
                .any(|t| t.position == canonical && t.line == puzzle.solution),
            "{name}: not a tsume of tsume.json"
        );
        seen += 1;
    }
    assert!(seen >= 2, "{seen} tsume boards");
}

#[test]
fn every_tsume_theme_has_a_name_in_the_catalogue() {
    let set: PuzzleSet =
        serde_json::from_value(read_json("www/learn/shogi/tsume.json")).expect("the tsume file");
    let english = SHOGI.catalogue("en");
    let ui = lessons().ui;
    for theme in set.puzzles.iter().flat_map(|p| &p.themes) {
        let key = format!("learn.shogi.ui.theme.{theme}");
        assert!(ui.values().any(|k| *k == key), "ui names no {key}");
        assert!(english.contains_key(&key), "en.json lacks {key}");
    }
}

#[test]
fn the_lessons_and_the_english_catalogue_name_the_same_keys() {
    SHOGI.assert_lessons_and_english_name_the_same_keys();
}

#[test]
fn every_catalogue_is_complete_and_translated() {
    SHOGI.assert_catalogues_complete_and_translated(&LANGUAGES, &[]);
}
