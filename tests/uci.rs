//! `jungle uci`: the protocol as a GUI or the web worker's tests speak it, through the real
//! binary. Every malformed line gets `info string error: …`, and the engine keeps answering.

mod engine_process;

use engine_process::{best_move, errors};
use jungle::{Game, Move, Ruleset};
use std::time::Duration;

/// A running `jungle uci`.
struct Engine;

impl Engine {
    fn start() -> engine_process::Engine {
        engine_process::Engine::start(env!("CARGO_BIN_EXE_jungle"), "uci")
    }
}

#[test]
fn handshake_names_the_engine_and_its_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name Jungle"), "{lines:?}");
    for option in ["Level", "Hash", "Variant", "Threads"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} "))),
            "{option} missing from {lines:?}"
        );
    }
    assert!(e.sync().is_empty());
    e.send("quit");
    e.finish();
}

#[test]
fn plays_a_legal_move_after_the_given_moves() {
    let mut e = Engine::start();
    e.send("position startpos moves a3a4 a7a6 g3g4");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth 4 "))
        .expect("an info line for depth 4");
    for field in [" score ", " nodes ", " nps ", " time ", " pv "] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
    let mut game = Game::new(Ruleset::default());
    for m in ["a3a4", "a7a6", "g3g4"] {
        game.play(Move::parse(m).unwrap()).unwrap();
    }
    let reply = Move::parse(best_move(&lines)).unwrap();
    assert!(game.check_move(reply).is_ok(), "{reply} is illegal here");
    e.finish();
}

#[test]
fn reports_a_den_win_as_a_den_score() {
    let mut e = Engine::start();
    e.send("position fen 4D2/7/7/7/7/7/7/7/l6 b 0 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(" score den 1 ")),
        "{lines:?}"
    );
    assert_eq!(best_move(&lines), "e9d9");
    e.finish();
}

#[test]
fn keeps_to_a_node_limit() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go nodes 3000");
    let lines = e.until("bestmove");
    let nodes: Vec<u64> = lines
        .iter()
        .filter_map(|l| {
            let rest = l.split(" nodes ").nth(1)?;
            rest.split_whitespace().next()?.parse().ok()
        })
        .collect();
    assert!(!nodes.is_empty());
    assert!(nodes.iter().all(|&n| n <= 3000), "{nodes:?}");
    e.finish();
}

#[test]
fn says_none_when_the_game_is_over() {
    let mut e = Engine::start();
    // Black, to move, has no animals left.
    e.send("position fen l6/7/7/7/7/7/7/7/7 b 0 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert_eq!(best_move(&lines), "(none)");
    e.finish();
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
    e.send("stop");
    let lines = e.until("bestmove");
    let m = Move::parse(best_move(&lines)).unwrap();
    assert!(jungle::Position::default().is_legal(m));
    e.send("quit");
    e.finish();
}

#[test]
fn malformed_input_gets_an_error_and_the_engine_goes_on() {
    let mut e = Engine::start();
    let cases = [
        ("xyzzy", "unknown command"),
        ("position fen not/a/fen b 0 1", "bad FEN"),
        ("position startpos moves a3a4 a4a5", "move 2"),
        ("position startpos moves e3e9", "move 1"),
        ("position", "position startpos"),
        ("setoption name Level value 9", "Level"),
        ("setoption name Hash value lots", "Hash"),
        ("setoption name Colour value red", "unknown option"),
        ("setoption name Variant value tiger-upside-down", "Variant"),
        ("go sideways 3", "unknown go parameter"),
    ];
    for (input, expected) in cases {
        e.send(input);
        let lines = e.sync();
        let errs = errors(&lines);
        assert_eq!(errs.len(), 1, "{input}: {lines:?}");
        assert!(errs[0].contains(expected), "{input}: {}", errs[0]);
    }
    e.finish();
}

#[test]
fn go_without_a_position_answers_none_with_an_error() {
    for setup in [
        "",
        "position fen l5t/1d3c1 b 0 1",
        "position startpos moves a3a9",
    ] {
        let mut e = Engine::start();
        if !setup.is_empty() {
            e.send(setup);
        }
        e.send("go depth 2");
        let lines = e.until("bestmove");
        assert_eq!(best_move(&lines), "(none)", "{setup:?}");
        assert!(
            errors(&lines).iter().any(|l| l.contains("no position")),
            "{setup:?}: {lines:?}"
        );
        e.finish();
    }
}

#[test]
fn levels_and_variants_can_be_chosen() {
    let mut e = Engine::start();
    e.send("setoption name Level value 1");
    e.send("setoption name Variant value tiger-vertical-only");
    e.send("setoption name Threads value 1");
    let lines = e.sync();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    // Under tiger-vertical-only the tiger on d5 may not jump sideways to a5 or g5.
    e.send("position fen 6l/7/7/7/3T3/7/7/7/7 b 0 1");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    let m = best_move(&lines);
    assert!(!["d5a5", "d5g5"].contains(&m), "{m}");
    e.finish();
}
