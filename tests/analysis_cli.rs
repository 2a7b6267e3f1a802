//! `jungle winprob` and `jungle puzzles`: the fit redone from a CSV, the proof of a puzzle file
//! (a cooked puzzle fails it, by name), and bad input answered in one line.

use std::path::PathBuf;
use std::process::{Command, Output};

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(args)
        .output()
        .expect("the jungle binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch file of this test process.
fn scratch(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jungle-analysis-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn winprob_refits_a_csv_and_draws_the_figure() {
    let csv = scratch(
        "fit.csv",
        "score,wins,draws,losses\n-400,10,20,70\n0,30,40,30\n400,70,20,10\n",
    );
    let svg = csv.with_extension("svg");
    let out = jungle(&[
        "winprob",
        "--from",
        csv.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("positions 300 · slope 0.00"), "{stdout}");
    let figure = std::fs::read_to_string(&svg).unwrap();
    assert!(figure.starts_with("<svg") && figure.trim_end().ends_with("</svg>"));
}

fn puzzle(id: &str, position: &str, line: &[&str]) -> String {
    format!(
        r#"{{"id":"{id}","position":"{position}","side":"black","goal":"win","line":[{}],"themes":["den-attack"],"rating":900}}"#,
        line.iter()
            .map(|m| format!("\"{m}\""))
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn puzzle_file(puzzles: &[String]) -> String {
    format!(
        "{{\"version\":1,\"game\":\"jungle\",\"puzzles\":[\n{}\n]}}\n",
        puzzles.join(",\n")
    )
}

#[test]
fn puzzles_check_proves_a_file_and_names_a_puzzle_with_two_solutions() {
    // The dog wins round the cat's guard by e9 alone; with a black cat on c8 as well, the cat
    // wins too.
    let sound = puzzle(
        "sound",
        "7/2c1D2/7/7/7/7/7/7/r6 b 0 1",
        &["e8e9", "a1a2", "e9d9"],
    );
    let cooked = puzzle(
        "cooked",
        "7/2C1D2/7/7/7/7/7/7/r6 b 0 1",
        &["e8e9", "a1a2", "e9d9"],
    );
    let good = scratch("good.json", &puzzle_file(std::slice::from_ref(&sound)));
    let out = jungle(&["puzzles", "--check", good.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("1 puzzles, 1 proved, 0 not"));
    let bad = scratch("bad.json", &puzzle_file(&[sound, cooked]));
    let out = jungle(&["puzzles", "--check", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("puzzle cooked: at move 1 of the line,"),
        "{stdout}"
    );
    assert!(stdout.contains("wins as well"), "{stdout}");
    assert_eq!(text(&out.stderr).lines().count(), 1);
}

#[test]
fn bad_options_get_one_line_and_a_failure() {
    for args in [
        &["puzzles"][..],
        &["puzzles", "--out", "x.json", "--games", "lots"],
        &["winprob", "--games"],
        &["winprob", "--from", "/nonexistent/file.csv"],
        &["puzzles", "--check", "x.json", "--colour", "red"],
    ] {
        let out = jungle(args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = text(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("jungle: "), "{stderr}");
    }
}
