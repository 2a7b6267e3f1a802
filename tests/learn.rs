//! The tutorial's content (issue 6): `www/learn/lessons.json` and its catalogues
//! `www/learn/locales/<lang>.json`, checked against the rules layer.
//!
//! - every board's position is valid under its variant, every highlighted square is a square,
//!   every move it calls `illegal` is;
//! - every "try" move is legal there and does what the lesson says (`expect`: a capture, a win
//!   for the mover, a draw; `forbids`: the other side's moves it takes away);
//! - every puzzle's solution is legal move by move, ends with the solver's win after the stated
//!   number of the solver's moves, is a forced win at each of the solver's turns along the line
//!   (whatever the defender answers), and no shorter forced win exists — by a small exhaustive
//!   search with the rules layer's `Game`;
//! - every catalogue has exactly the keys of `en.json`, keeps each `{placeholder}` of the
//!   English text, and no non-English text is the English one unchanged (but for
//!   [`SAME_IN_EVERY_LANGUAGE`]).

mod learn_common;

use jungle::{Game, Move, Ruleset, Square};
use learn_common::Tutorial;
use serde_json::Value;
use tabula::web::embed::lessons::Lessons;
use tabula::web::embed::Mode;
use tabula::web::game::WebGame;
use tabula::web::games::jungle::JungleWeb;

const LESSONS: &str = "www/learn/lessons.json";
const JUNGLE: Tutorial = Tutorial {
    lessons: LESSONS,
    locales: "www/learn/locales",
    key_prefix: "learn.",
};
const LANGUAGES: [&str; 5] = ["en", "id", "vi", "de", "zh-CN"];

/// Texts that are the same in every language (notation, names).
const SAME_IN_EVERY_LANGUAGE: &[&str] = &["learn.notation.example"];

/// The sections, in the order issue 6 lists them.
const SECTION_ORDER: [&str; 12] = [
    "step",
    "ranks",
    "rat-elephant",
    "water",
    "jump",
    "traps",
    "dens",
    "game-end",
    "draws",
    "variants",
    "first-game",
    "puzzles",
];

fn boards() -> Vec<(String, Value)> {
    JUNGLE.boards()
}

fn rules_of(board: &Value) -> Ruleset {
    Ruleset::parse(board["variant"].as_str().unwrap_or("standard")).expect("a variant")
}

fn game_of(name: &str, board: &Value) -> Game {
    let fen = board["fen"]
        .as_str()
        .unwrap_or_else(|| panic!("{name}: no fen"));
    Game::from_fen(fen, rules_of(board)).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"))
}

fn moves_of(name: &str, list: &Value) -> Vec<Move> {
    list.as_array()
        .unwrap_or_else(|| panic!("{name}: moves must be a list"))
        .iter()
        .map(|m| {
            let text = m.as_str().expect("a move string");
            Move::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"))
        })
        .collect()
}

/// Whether the side to move in `game` can force a win within `n` of its own moves, whatever
/// the other side answers.
fn forced_win_within(game: &Game, n: u32) -> bool {
    if n == 0 || game.outcome().is_some() {
        return false;
    }
    let solver = game.position().side_to_move();
    game.legal_moves().iter().any(|&m| {
        let mut after = game.clone();
        after.play(m).expect("a listed move is legal");
        match after.outcome() {
            Some(outcome) => outcome.winner() == Some(solver),
            None if n == 1 => false,
            None => after.legal_moves().iter().all(|&reply| {
                let mut next = after.clone();
                next.play(reply).expect("a listed move is legal");
                forced_win_within(&next, n - 1)
            }),
        }
    })
}

#[test]
fn the_sections_come_in_the_order_of_the_rules() {
    assert_eq!(JUNGLE.section_ids(), SECTION_ORDER);
}

#[test]
fn every_board_shows_a_valid_position() {
    let mut count = 0;
    for (name, board) in boards() {
        let game = game_of(&name, &board);
        assert!(game.outcome().is_none(), "{name}: the game is already over");
        for square in board["highlight"].as_array().into_iter().flatten() {
            let text = square.as_str().expect("a square string");
            assert!(
                Square::parse(text).is_some(),
                "{name}: '{text}' is not a square"
            );
        }
        // `illegal`: moves the lesson says cannot be played here.
        for m in board
            .get("illegal")
            .map(|l| moves_of(&name, l))
            .unwrap_or_default()
        {
            assert!(game.check_move(m).is_err(), "{name}: {m} is legal");
        }
        if let Some(side) = board["orientation"].as_str() {
            assert!(
                matches!(side, "black" | "white"),
                "{name}: orientation {side}"
            );
        }
        count += 1;
    }
    println!("learn: {count} boards");
    assert!(count >= 20, "{count} boards");
}

#[test]
fn every_try_move_is_legal_and_does_what_the_lesson_says() {
    let mut tries = 0;
    for (name, board) in boards() {
        let Some(task) = board.get("try") else {
            continue;
        };
        let game = game_of(&name, &board);
        let mover = game.position().side_to_move();
        let moves = moves_of(&name, &task["moves"]);
        assert!(!moves.is_empty(), "{name}: a try needs at least one move");
        let expect = task["expect"].as_str().unwrap_or("move");
        for m in moves {
            let mut after = game.clone();
            after
                .play(m)
                .unwrap_or_else(|e| panic!("{name}: try {m} is illegal: {e}"));
            let outcome = after.outcome();
            match expect {
                "move" => assert_eq!(outcome, None, "{name}: {m} ends the game"),
                "capture" => {
                    assert!(
                        game.position().captured_by(m).is_some(),
                        "{name}: {m} captures nothing"
                    );
                    assert_eq!(outcome, None, "{name}: {m} ends the game");
                }
                "win" => assert_eq!(
                    outcome.and_then(|o| o.winner()),
                    Some(mover),
                    "{name}: {m} does not win"
                ),
                "draw" => assert!(
                    matches!(outcome, Some(o) if o.winner().is_none()),
                    "{name}: {m} does not draw: {outcome:?}"
                ),
                other => panic!("{name}: unknown expect '{other}'"),
            }
            // `forbids`: the other side's moves the try takes away (e.g. a blocked jump).
            for f in task
                .get("forbids")
                .map(|l| moves_of(&name, l))
                .unwrap_or_default()
            {
                let mut pass = game.clone();
                pass.play(m).expect("checked above");
                let before = game.position().passed();
                assert!(
                    before.is_legal(f),
                    "{name}: {f} was not possible before {m}"
                );
                assert!(
                    pass.check_move(f).is_err(),
                    "{name}: {f} is still legal after {m}"
                );
            }
        }
        tries += 1;
    }
    println!("learn: {tries} tries");
    assert!(tries >= 15, "{tries} tries");
}

#[test]
fn every_puzzle_is_a_forced_win_in_exactly_its_number_of_moves() {
    let mut by_length = [0; 4];
    for (name, board) in boards() {
        let Some(puzzle) = board.get("puzzle") else {
            continue;
        };
        let n = puzzle["winIn"].as_u64().expect("winIn") as u32;
        assert!((1..=3).contains(&n), "{name}: win in {n}");
        let solution = moves_of(&name, &puzzle["solution"]);
        assert_eq!(
            solution.len() as u32,
            2 * n - 1,
            "{name}: a win in {n} is {} moves of both sides",
            2 * n - 1
        );
        let mut game = game_of(&name, &board);
        let solver = game.position().side_to_move();
        for (i, &m) in solution.iter().enumerate() {
            if i % 2 == 0 {
                let left = n - i as u32 / 2;
                assert!(
                    forced_win_within(&game, left),
                    "{name}: no forced win in {left} before move {} ({m})",
                    i + 1
                );
            }
            game.play(m)
                .unwrap_or_else(|e| panic!("{name}: move {} {m}: {e}", i + 1));
        }
        assert_eq!(
            game.outcome().and_then(|o| o.winner()),
            Some(solver),
            "{name}: the solution does not end in the solver's win"
        );
        let start = game_of(&name, &board);
        assert!(
            !forced_win_within(&start, n - 1),
            "{name}: a win in {} exists, shorter than {n}",
            n - 1
        );
        by_length[n as usize] += 1;
    }
    println!(
        "learn: puzzles win-in-1 {}, win-in-2 {}, win-in-3 {}",
        by_length[1], by_length[2], by_length[3]
    );
    assert!(by_length[1..].iter().all(|&c| c >= 1), "{by_length:?}");
}

#[test]
fn the_lessons_and_the_english_catalogue_name_the_same_keys() {
    JUNGLE.assert_lessons_and_english_name_the_same_keys();
}

#[test]
fn every_catalogue_is_complete_and_translated() {
    JUNGLE.assert_catalogues_complete_and_translated(&LANGUAGES, SAME_IN_EVERY_LANGUAGE);
}

#[test]
fn the_lessons_read_as_typed_data_and_every_board_is_an_embed_board() {
    let text = std::fs::read_to_string(LESSONS).expect("lessons.json");
    let lessons: Lessons =
        serde_json::from_str(&text).expect("lessons.json in the documented shape");
    assert_eq!(lessons.format, 1);
    for section in &lessons.sections {
        for (i, board) in section.boards.iter().enumerate() {
            let name = format!("{} #{}", section.id, i + 1);
            let config = board
                .embed_config::<JungleWeb>()
                .unwrap_or_else(|e| panic!("{name}: {} gives\n{e}", board.embed_query()));
            assert_eq!(config.start.to_fen(), board.fen, "{name}");
            assert!(config.warnings.is_empty(), "{name}: {:?}", config.warnings);
            // The highlighted squares are drawn on the board, each once, as written.
            let marks: Vec<String> = config
                .marks
                .iter()
                .map(|&cell| JungleWeb::cell_name(cell))
                .collect();
            assert_eq!(marks, board.highlight, "{name}: highlight as marks");
            match &board.puzzle {
                Some(puzzle) => {
                    assert_eq!(config.mode, Mode::Puzzle, "{name}");
                    let solution: Vec<String> =
                        config.solution.iter().map(|m| m.to_string()).collect();
                    assert_eq!(solution, puzzle.solution, "{name}");
                    assert!(board.task.is_none(), "{name}: a puzzle and a try");
                }
                None => assert_eq!(config.mode, Mode::Hotseat, "{name}"),
            }
        }
    }
}
