//! The `jungle` binary's rules commands (`perft`, `divide`, `moves`) and its handling of bad
//! input: one line on stderr, a non-zero exit, never a panic.

use std::process::{Command, Output};

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(args)
        .output()
        .expect("the jungle binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn success(args: &[&str]) -> String {
    let output = jungle(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout(&output)
}

#[test]
fn perft_prints_the_leaf_count_on_its_last_line() {
    let out = success(&["perft", "3"]);
    assert_eq!(out.lines().last(), Some("12240"));
}

#[test]
fn divide_lists_sorted_moves_then_the_total() {
    let out = success(&["divide", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"total 576"));
    let moves: Vec<(&str, u64)> = lines[..lines.len() - 1]
        .iter()
        .map(|line| {
            let (m, n) = line.split_once(' ').expect("'<move> <count>'");
            (m, n.parse().expect("a count"))
        })
        .collect();
    assert_eq!(moves.len(), 24);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), 576);
}

/// Black's 24 first moves, counted by hand from jungle.md's start position.
const START_MOVES: [&str; 24] = [
    "a3a4", "a3a2", "a3b3", // elephant
    "c3c2", "c3b3", "c3d3", // wolf (c4 is water)
    "e3e2", "e3d3", "e3f3", // leopard (e4 is water)
    "g3g4", "g3g2", "g3f3", // rat
    "b2b1", "b2b3", "b2a2", "b2c2", // cat
    "f2f1", "f2f3", "f2e2", "f2g2", // dog
    "a1a2", "a1b1", // tiger
    "g1g2", "g1f1", // lion
];

#[test]
fn moves_prints_the_legal_moves_sorted_on_one_line() {
    let out = success(&["moves"]);
    assert_eq!(out.lines().count(), 1);
    let mut expected = START_MOVES.to_vec();
    expected.sort();
    assert_eq!(out.trim_end(), expected.join(" "));
}

#[test]
fn moves_from_a_fen_under_a_variant() {
    let fen = "c6/7/7/7/3T3/7/7/7/7 b 0 1";
    let out = success(&["moves", "--fen", fen]);
    assert_eq!(out.trim_end(), "d5a5 d5d4 d5d6 d5g5");
    let out = success(&["moves", "--fen", fen, "--variant", "tiger-vertical-only"]);
    assert_eq!(out.trim_end(), "d5d4 d5d6");
    let out = success(&[
        "perft",
        "2",
        "--variant",
        "tiger-vertical-only",
        "--fen",
        fen,
    ]);
    assert_eq!(out.lines().last(), Some("4"), "2 tiger moves × 2 cat moves");
}

#[test]
fn a_finished_game_has_no_moves() {
    let out = success(&["moves", "--fen", "3C3/7/7/7/7/7/7/7/6r w 0 1"]);
    assert_eq!(out.trim_end(), "");
    let out = success(&["perft", "3", "--fen", "3C3/7/7/7/7/7/7/7/6r w 0 1"]);
    assert_eq!(out.lines().last(), Some("0"));
}

#[test]
fn bad_input_gets_one_line_on_stderr_and_a_failing_exit() {
    for (args, words) in [
        (&["perft", "3", "--fen", "not a fen"][..], "--fen"),
        (&["perft", "3", "--fen", "7/7 b 0 1"][..], "9 ranks"),
        (
            &[
                "moves",
                "--fen",
                "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x 0 1",
            ][..],
            "bad side letter 'x'",
        ),
        (&["perft", "x"][..], "not a depth"),
        (&["perft", "-1"][..], "not a depth"),
        (&["divide", "99"][..], "not a depth"),
        (&["perft"][..], "missing depth"),
        (
            &["perft", "2", "--variant", "tiger"][..],
            "unknown rule 'tiger'",
        ),
        (&["moves", "--variant", "nocapture=40"][..], "nocapture"),
        (&["moves", "--fen"][..], "needs a value"),
        (
            &["moves", "--colour", "black"][..],
            "unknown option '--colour'",
        ),
        (&["castle"][..], "unknown command 'castle'"),
    ] {
        let output = jungle(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} should fail");
        assert_eq!(
            stderr.lines().count(),
            1,
            "{args:?}: one line, got {stderr:?}"
        );
        assert!(
            stderr.contains(words),
            "{args:?}: {stderr:?} should say '{words}'"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn a_reader_that_stops_reading_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    // `jungle divide 5 | head -n 1`: the pipe closes after the first of 24 lines, while the
    // others are still being counted.
    let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(["divide", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the jungle binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("a first line");
    assert!(first.contains(' '), "{first:?}");
    let output = child.wait_with_output().expect("it ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.status.success(), "{:?} {stderr}", output.status);
}
