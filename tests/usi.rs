//! `shogi usi`: the protocol as a shogi GUI speaks it, through the real binary. Every malformed
//! line gets `info string error: …`, and the engine keeps answering.

mod engine_process;

use engine_process::{best_move, errors, Engine};
use shogi::{Game, Move, Position, Ruleset};
use std::time::{Duration, Instant};

fn start() -> Engine {
    Engine::start(env!("CARGO_BIN_EXE_shogi"), "usi")
}

fn game_after(moves: &[&str]) -> Game {
    let mut game = Game::new(Ruleset::default());
    for m in moves {
        game.play(Move::parse_usi(m).unwrap()).unwrap();
    }
    game
}

#[test]
fn handshake_names_the_engine_and_its_options() {
    let mut e = start();
    e.send("usi");
    let lines = e.until("usiok");
    assert!(lines[0].starts_with("id name "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for option in [
        "Level",
        "USI_Hash",
        "USI_Ponder",
        "Variant",
        "Threads",
        "Config",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} "))),
            "{option} missing from {lines:?}"
        );
    }
    assert!(e.sync().is_empty());
    e.send("setoption name USI_Hash value 8");
    e.send("setoption name USI_Ponder value false");
    e.send("usinewgame");
    assert!(errors(&e.sync()).is_empty());
    e.send("quit");
    e.finish();
}

#[test]
fn plays_a_legal_move_after_the_given_moves() {
    let mut e = start();
    e.send("position startpos moves 7g7f 3c3d 2g2f");
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth 4 "))
        .expect("an info line for depth 4");
    for field in [" score cp ", " nodes ", " nps ", " time ", " pv "] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
    let reply = Move::parse_usi(best_move(&lines)).unwrap();
    let game = game_after(&["7g7f", "3c3d", "2g2f"]);
    assert!(game.check_move(reply).is_ok(), "{reply} is illegal here");
    // The same from an SFEN with moves after it.
    e.send(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f",
    );
    e.send("go depth 2");
    let lines = e.until("bestmove");
    let reply = Move::parse_usi(best_move(&lines)).unwrap();
    assert!(game_after(&["7g7f"]).check_move(reply).is_ok());
    e.finish();
}

#[test]
fn reports_a_mate_as_a_mate_score_in_plies() {
    let mut e = start();
    e.send("position sfen 7lk/9/8S/9/9/9/9/7L1/8K b G 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(best_move(&lines), "G*1b");
    // The side being mated sees a negative score: mated in two plies after G*8b.
    e.send("position sfen 9/k8/BrS5K/S8/9/9/9/9/9 b GP 1 moves G*8b");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(" score mate -2 ")),
        "{lines:?}"
    );
    e.finish();
}

#[test]
fn resigns_when_mated_and_claims_an_impasse_win() {
    let mut e = start();
    // Gote is checkmated: no move to play.
    e.send("position sfen 7lk/9/8S/9/9/9/9/7L1/8K b G 1 moves G*1b");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert_eq!(best_move(&lines), "resign");
    // Sente may declare: its king and 11 pieces in gote's zone, 31 points with its hand.
    let impasse = "position sfen K+R+B+P+P+P+P+P1/+P+P+P+P5/9/9/9/9/9/9/8k b RBGP 1";
    e.send(impasse);
    e.send("go btime 1000 wtime 1000 byoyomi 1000");
    let lines = e.until("bestmove");
    assert_eq!(best_move(&lines), "win");
    // Without the declaration in the rules it plays a move instead.
    e.send("setoption name Variant value impasse=off");
    e.send(impasse);
    e.send("go depth 1");
    let lines = e.until("bestmove");
    let m = best_move(&lines);
    assert!(Move::parse_usi(m).is_ok(), "{m}");
    e.finish();
}

#[test]
fn keeps_to_node_and_time_limits() {
    let mut e = start();
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
    // A clock with only byoyomi left: the answer comes within it (with room for a slow
    // debug build on a busy machine).
    for go in ["go movetime 300", "go btime 0 wtime 0 byoyomi 300"] {
        e.send("position startpos moves 7g7f");
        let started = Instant::now();
        e.send(go);
        let lines = e.until("bestmove");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{go}: {lines:?}"
        );
        assert!(Move::parse_usi(best_move(&lines)).is_ok());
    }
    e.finish();
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut e = start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
    let asked = Instant::now();
    e.send("stop");
    let lines = e.until("bestmove");
    assert!(asked.elapsed() < Duration::from_secs(2));
    let m = Move::parse_usi(best_move(&lines)).unwrap();
    assert!(Position::start().is_legal(m));
    e.send("quit");
    e.finish();
}

#[test]
fn go_mate_solves_a_tsume_or_says_there_is_none() {
    let mut e = start();
    e.send("position sfen 9/k8/BrS5K/S8/9/9/9/9/9 b GP 1");
    e.send("go mate 10000");
    let lines = e.until("checkmate");
    assert_eq!(lines.last().unwrap(), "checkmate G*8b 8c8b 7c8b+");
    e.send("position startpos");
    e.send("go mate 2000");
    let lines = e.until("checkmate");
    let answer = lines.last().unwrap();
    assert!(
        answer == "checkmate nomate" || answer == "checkmate timeout",
        "{answer}"
    );
    // An infinite mate search ends with stop.
    e.send("go mate infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    let lines = e.until("checkmate");
    assert!(lines.last().unwrap().starts_with("checkmate "));
    e.finish();
}

#[test]
fn malformed_input_gets_an_error_and_the_engine_goes_on() {
    let mut e = start();
    let cases = [
        ("xyzzy", "unknown command"),
        ("position sfen not/a/sfen b - 1", "bad SFEN"),
        ("position startpos moves 7g7f 7g7f", "move 2"),
        ("position startpos moves P*5e", "move 1"),
        ("position startpos moves 7g7x", "move 1"),
        ("position", "position startpos"),
        ("position sfen", "position startpos"),
        ("setoption name Level value 9", "Level"),
        ("setoption name USI_Hash value lots", "USI_Hash"),
        ("setoption name USI_Ponder value maybe", "USI_Ponder"),
        ("setoption name Colour value red", "unknown option"),
        ("setoption name Variant value maxmoves=0", "Variant"),
        ("setoption name Config value lmr=maybe", "Config"),
        ("setoption name Config value xyzzy=1", "unknown setting"),
        ("setoption", "setoption name"),
        ("go sideways 3", "unknown go parameter"),
        ("go depth", "needs a value"),
        ("go mate soon", "milliseconds"),
    ];
    for (input, expected) in cases {
        e.send(input);
        let mut lines = e.sync();
        // A failed `go` still answers.
        lines.retain(|l| !l.starts_with("bestmove") && !l.starts_with("checkmate"));
        let errs = errors(&lines);
        assert_eq!(errs.len(), 1, "{input}: {lines:?}");
        assert!(errs[0].contains(expected), "{input}: {}", errs[0]);
    }
    // Still alive and playing.
    e.send("gameover win");
    e.send("usinewgame");
    e.send("position startpos");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    e.finish();
}

#[test]
fn go_without_a_position_resigns_with_an_error() {
    for setup in [
        "",
        "position sfen 9/9 b - 1",
        "position startpos moves 7g7a",
    ] {
        let mut e = start();
        if !setup.is_empty() {
            e.send(setup);
        }
        e.send("go depth 2");
        let lines = e.until("bestmove");
        assert_eq!(best_move(&lines), "resign", "{setup:?}");
        assert!(
            errors(&lines).iter().any(|l| l.contains("no position")),
            "{setup:?}: {lines:?}"
        );
        e.finish();
    }
}

/// The number after `field` (such as " score cp ") on the last line that has it.
fn last_number(lines: &[String], field: &str) -> i32 {
    let line = lines
        .iter()
        .rfind(|l| l.contains(field))
        .unwrap_or_else(|| panic!("no line with '{field}': {lines:?}"));
    let after = line.split(field).nth(1).unwrap();
    after.split_whitespace().next().unwrap().parse().unwrap()
}

/// The last `score cp` of a search's info lines.
fn last_score(lines: &[String]) -> i32 {
    last_number(lines, " score cp ")
}

#[test]
fn config_option_sets_weights_and_limits_until_cleared() {
    let mut e = start();
    // Sente has a pawn in hand, gote lacks one: worth about a pawn by default.
    e.send("position sfen lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1");
    e.send("go depth 1");
    let default_score = last_score(&e.until("bestmove"));
    assert!((50..1000).contains(&default_score), "{default_score}");
    // A pawn in hand made worth 600 (110 by default): the engine's judgement follows the weight.
    e.send("setoption name Config value eval.hand.P=600");
    e.send("go depth 1");
    let lines = e.until("bestmove");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let raised = last_score(&lines);
    assert!(
        raised > default_score + 300,
        "{default_score} then {lines:?}"
    );
    // A bad configuration is refused and the last good one stays.
    e.send("setoption name Config value eval.hand.Q=1");
    assert_eq!(errors(&e.sync()).len(), 1);
    e.send("go depth 1");
    assert_eq!(last_score(&e.until("bestmove")), raised);
    // Its limits apply to a `go` that names none.
    e.send("setoption name Config value depth=2");
    e.send("go");
    let lines = e.until("bestmove");
    let deepest = lines
        .iter()
        .rfind(|l| l.starts_with("info depth "))
        .unwrap();
    assert!(deepest.starts_with("info depth 2 "), "{lines:?}");
    // Cleared: the defaults again.
    e.send("setoption name Config value <empty>");
    e.send("go depth 1");
    assert_eq!(last_score(&e.until("bestmove")), default_score);
    e.finish();
}

/// The `hashfull` of the last `info` line a search to `nodes` printed.
fn hashfull_after_search(e: &mut Engine, nodes: u32) -> i32 {
    e.send(&format!("go nodes {nodes}"));
    last_number(&e.until("bestmove"), " hashfull ")
}

#[test]
fn config_table_size_overrides_usi_hash_until_cleared() {
    let mut e = start();
    e.send("position startpos moves 7g7f 3c3d");
    // 128 MB by default: a short search fills a sliver of it.
    let roomy = hashfull_after_search(&mut e, 200_000);
    assert!(roomy < 200, "{roomy}");
    // A configuration naming 1 MB: the same search fills most of the table.
    e.send("setoption name Config value hash=1");
    let cramped = hashfull_after_search(&mut e, 200_000);
    assert!(cramped > roomy + 400, "{roomy} then {cramped}");
    // USI_Hash does not override the configuration's own size while it is set: the same
    // search from an emptied table fills as much of it (from the warm table it would finish
    // its last iteration after a few nodes, and report how full that left the table)...
    e.send("setoption name USI_Hash value 256");
    assert!(errors(&e.sync()).is_empty());
    e.send("usinewgame");
    e.send("position startpos moves 7g7f 3c3d");
    assert!(hashfull_after_search(&mut e, 200_000) > roomy + 400);
    // ...and applies once the configuration is cleared.
    e.send("setoption name Config value <empty>");
    assert!(hashfull_after_search(&mut e, 200_000) < 200);
    e.finish();
}

#[test]
fn usi_variant_plays_a_variant_of_the_family_and_shogi_again() {
    let mut e = start();
    e.send("usi");
    let lines = e.until("usiok");
    assert!(
        lines.iter().any(
            |l| l.starts_with("option name USI_Variant type combo default shogi")
                && l.contains(" var minishogi")
                && l.contains(" var torishogi")
        ),
        "{lines:?}"
    );
    // Minishogi: a gold drop mates the king on 1a.
    e.send("setoption name USI_Variant value minishogi");
    e.send("position sfen 4k/5/3S1/5/K4 b G 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let chosen = best_move(&lines);
    assert!(chosen == "G*1b" || chosen == "G*2b", "{lines:?}");
    // Kyoto shogi from its start: a move that turns its piece over, as Fairy-Stockfish writes it.
    e.send("setoption name USI_Variant value kyotoshogi");
    e.send("position startpos");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let start = shogi_family::Position::start(shogi_family::Variant::named("kyotoshogi").unwrap());
    let legal: Vec<String> = start.legal_moves().iter().map(|m| m.usi(&start)).collect();
    assert!(legal.contains(&best_move(&lines).to_string()), "{lines:?}");
    // An unknown name is an error; shogi is shogi again.
    e.send("setoption name USI_Variant value chess");
    assert!(!errors(&e.sync()).is_empty());
    e.send("setoption name USI_Variant value shogi");
    e.send("position startpos moves 7g7f");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(game_after(&["7g7f"])
        .position()
        .legal_moves()
        .iter()
        .any(|m| m.to_string() == best_move(&lines)));
    e.send("quit");
    e.finish();
}
