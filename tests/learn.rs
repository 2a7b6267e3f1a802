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

use jungle::embed::lessons::Lessons;
use jungle::embed::Mode;
use jungle::{Game, Move, Ruleset, Square};
use serde_json::{Map, Value};
use std::collections::BTreeSet;

const LESSONS: &str = "www/learn/lessons.json";
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

fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn catalogue(lang: &str) -> Map<String, Value> {
    match read_json(&format!("www/learn/locales/{lang}.json")) {
        Value::Object(map) => map,
        other => panic!("{lang}.json is not an object: {other}"),
    }
}

fn sections() -> Vec<Value> {
    read_json(LESSONS)["sections"]
        .as_array()
        .expect("lessons.json has a list of sections")
        .clone()
}

/// Every board of every section, with a name for messages (`jump #2`).
fn boards() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for section in sections() {
        let id = section["id"].as_str().expect("a section id").to_string();
        for (i, board) in section["boards"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            out.push((format!("{id} #{}", i + 1), board.clone()));
        }
    }
    out
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
    let ids: Vec<String> = sections()
        .iter()
        .map(|s| s["id"].as_str().expect("an id").to_string())
        .collect();
    assert_eq!(ids, SECTION_ORDER);
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

/// Every catalogue key that lessons.json names.
fn keys_used() -> BTreeSet<String> {
    fn walk(value: &Value, out: &mut BTreeSet<String>) {
        match value {
            Value::String(s) if s.starts_with("learn.") => {
                out.insert(s.clone());
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk(&read_json(LESSONS), &mut out);
    out
}

#[test]
fn the_lessons_and_the_english_catalogue_name_the_same_keys() {
    let english: BTreeSet<String> = catalogue("en").keys().cloned().collect();
    let used = keys_used();
    let missing: Vec<&String> = used.difference(&english).collect();
    assert!(
        missing.is_empty(),
        "keys used but not in en.json: {missing:?}"
    );
    let unused: Vec<&String> = english.difference(&used).collect();
    assert!(
        unused.is_empty(),
        "keys in en.json that lessons.json never names: {unused:?}"
    );
    for (name, board) in boards() {
        assert!(
            board["text"].as_array().is_some_and(|t| !t.is_empty()),
            "{name}: no text"
        );
    }
}

fn placeholders(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.insert(rest[open..open + close + 1].to_string());
        rest = &rest[open + close + 1..];
    }
    out
}

#[test]
fn every_catalogue_is_complete_and_translated() {
    let english = catalogue("en");
    for lang in &LANGUAGES[1..] {
        let other = catalogue(lang);
        let english_keys: BTreeSet<&String> = english.keys().collect();
        let keys: BTreeSet<&String> = other.keys().collect();
        let missing: Vec<_> = english_keys.difference(&keys).collect();
        let extra: Vec<_> = keys.difference(&english_keys).collect();
        assert!(missing.is_empty(), "{lang}.json lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang}.json has keys English lacks: {extra:?}"
        );
        for (key, value) in &english {
            let english_text = value.as_str().expect("a string");
            let text = other[key]
                .as_str()
                .unwrap_or_else(|| panic!("{lang}.json: {key} is not a string"));
            assert!(!text.trim().is_empty(), "{lang}.json: {key} is empty");
            assert_eq!(
                placeholders(text),
                placeholders(english_text),
                "{lang}.json: {key} changes the placeholders"
            );
            if !SAME_IN_EVERY_LANGUAGE.contains(&key.as_str()) {
                assert_ne!(text, english_text, "{lang}.json: {key} is still English");
            }
        }
    }
    for key in SAME_IN_EVERY_LANGUAGE {
        assert!(english.contains_key(*key), "{key} is allowed but unused");
    }
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
                .embed_config()
                .unwrap_or_else(|e| panic!("{name}: {} gives\n{e}", board.embed_query()));
            assert_eq!(config.start.to_fen(), board.fen, "{name}");
            assert!(config.warnings.is_empty(), "{name}: {:?}", config.warnings);
            // The highlighted squares are drawn on the board, each once, as written.
            let marks: Vec<String> = config.marks.iter().map(|s| s.to_string()).collect();
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
