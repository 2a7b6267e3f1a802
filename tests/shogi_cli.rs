//! The `shogi` binary's rules commands (`perft`, `divide`, `moves`), its data tools (`tsume`,
//! `winprob`, `tune`) and its handling of bad input: one line on stderr, a non-zero exit,
//! never a panic.

use std::process::{Command, Output};

fn shogi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shogi"))
        .args(args)
        .output()
        .expect("the shogi binary runs")
}

fn success(args: &[&str]) -> String {
    let output = shogi(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn perft_prints_the_leaf_count_on_its_last_line() {
    assert_eq!(success(&["perft", "3"]).lines().last(), Some("25470"));
    let out = success(&["perft", "1", "--sfen", "7lk/9/8S/9/9/9/9/7L1/8K b P 1"]);
    assert_eq!(out.lines().last(), Some("85"));
    let out = success(&["perft", "2", "--variant", "impasse=off,maxmoves=100"]);
    assert_eq!(out.lines().last(), Some("900"));
}

#[test]
fn divide_lists_sorted_usi_moves_then_the_total() {
    let out = success(&["divide", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"total 900"));
    let moves: Vec<(&str, u64)> = lines[..lines.len() - 1]
        .iter()
        .map(|line| {
            let (m, n) = line.split_once(' ').expect("'<move> <count>'");
            (m, n.parse().expect("a count"))
        })
        .collect();
    assert_eq!(moves.len(), 30);
    assert!(
        moves.iter().all(|(_, n)| *n == 30),
        "every reply count is 30"
    );
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
}

#[test]
fn moves_prints_the_legal_moves_sorted_on_one_line() {
    // Sente's 30 first moves: 9 pawns; lances 9i→9h, 1i→1h; silvers 7i→6h 7h, 3i→3h 4h; golds
    // 6i→5h 6h 7h, 4i→3h 4h 5h; king 5i→4h 5h 6h; rook 2h→1h 3h 4h 5h 6h 7h; bishop 0; knights 0.
    let out = success(&["moves"]);
    let moves: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(out.lines().count(), 1);
    assert_eq!(moves.len(), 30);
    for m in ["7g7f", "2h7h", "5i4h", "9i9h", "3i4h"] {
        assert!(moves.contains(&m), "{m}");
    }
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    let out = success(&["moves", "--sfen", "4k4/9/9/9/9/9/9/9/4K4 b G"]);
    assert_eq!(out.split_whitespace().count(), 84);
    assert!(out.contains("G*5b"));
}

#[test]
fn a_checkmated_side_has_no_moves() {
    let mate = "8k/7G1/7G1/9/9/9/9/9/K8 w - 1";
    assert_eq!(success(&["moves", "--sfen", mate]).trim_end(), "");
    assert_eq!(
        success(&["perft", "2", "--sfen", mate]).lines().last(),
        Some("0")
    );
}

#[test]
fn bad_input_gets_one_line_on_stderr_and_a_failing_exit() {
    for (args, words) in [
        (&["perft", "3", "--sfen", "not an sfen"][..], "--sfen"),
        (&["perft", "3", "--sfen", "9/9 b - 1"][..], "9 ranks"),
        (
            &["moves", "--sfen", "4k4/9/9/9/9/9/9/9/3KK4 b -"][..],
            "two kings",
        ),
        (
            &["moves", "--sfen", "4k4/9/9/9/9/4P4/9/4P4/4K4 b -"][..],
            "nifu",
        ),
        (&["perft", "x"][..], "not a depth"),
        (&["divide", "99"][..], "not a depth"),
        (&["perft"][..], "missing depth"),
        (
            &["perft", "2", "--variant", "nifu=off"][..],
            "unknown rule 'nifu=off'",
        ),
        (
            &["moves", "--variant", "impasse=24"][..],
            "impasse must be 27 or off",
        ),
        (&["moves", "--sfen"][..], "needs a value"),
        (&["moves", "--fen", "x"][..], "unknown option '--fen'"),
        (&["castle"][..], "unknown command 'castle'"),
    ] {
        let output = shogi(args);
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
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_reader_that_stops_reading_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogi"))
        .args(["divide", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the shogi binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("a first line");
    assert!(first.contains(' '), "{first:?}");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("it ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.status.success(), "{:?} {stderr}", output.status);
}

#[test]
fn mate_prints_a_shortest_line_or_nomate() {
    let sfen = "5+B1k1/6PB1/9/9/9/9/5K3/9/9 b P 1";
    let out = success(&["mate", "5", "--sfen", sfen]);
    let line: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(line.len(), 5);
    assert_eq!(line[0], "4a3a");
    assert_eq!(success(&["mate", "3", "--sfen", sfen]).trim(), "nomate");
    // Only a pawn drop would mate: uchifuzume, so no mate.
    let out = success(&["mate", "1", "--sfen", "7lk/9/8S/9/9/9/9/7L1/8K b P 1"]);
    assert_eq!(out.trim(), "nomate");
    let out = success(&["mate", "5", "--sfen", sfen, "--nodes", "2"]);
    assert_eq!(out.trim(), "unknown");
    for (args, words) in [
        (&["mate"][..], "missing plies"),
        (&["mate", "0"][..], "not a number of plies"),
        (&["mate", "3", "--nodes", "x"][..], "--nodes"),
        (&["mate", "3", "--sfen", "x"][..], "--sfen"),
    ] {
        let output = shogi(args);
        assert!(!output.status.success(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(words),
            "{args:?}"
        );
    }
}

#[test]
fn tsume_writes_proven_problems_and_checks_a_file() {
    let dir = std::env::temp_dir().join(format!("shogi-tsume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("tsume.json");
    let path = path.to_str().expect("a UTF-8 path");
    let out = success(&["tsume", "--out", path, "--mates", "1:2,3:1", "--seed", "9"]);
    assert_eq!(out.trim(), format!("3 tsume written to {path}"));
    let out = success(&["tsume", "--check", path]);
    assert!(out.starts_with("3 tsume, 3 proven unique, 0 not;"), "{out}");
    // A file whose line is not the solution fails, naming the problem and the flaw: two moves
    // put before the first mate in 1 make it a line of 3 plies.
    let text = std::fs::read_to_string(path).expect("the file");
    let first_line = text.lines().nth(1).expect("a puzzle");
    let id = first_line.split('"').nth(3).expect("its id").to_string();
    let broken = text.replacen("\"line\":[\"", "\"line\":[\"9i9h\",\"9a9b\",\"", 1);
    std::fs::write(path, broken).expect("written");
    let output = shogi(&["tsume", "--check", path]);
    assert!(!output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains(&format!(
            "tsume {id}: not a proven tsume: there is a shorter mate, in 1 ply"
        )),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
    let output = shogi(&["tsume", "--mates", "2:1", "--out", path]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--mates: '2:1'"));
}

#[test]
fn winprob_refits_the_shipped_data_and_plays_its_own_games() {
    let csv = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/win-probability-shogi.csv"
    );
    let out = success(&["winprob", "--from", csv]);
    assert!(
        out.contains("positions 34467 · slope 0.000662"),
        "the fit of docs/win-probability.md: {out}"
    );
    // Two short games of its own, on one thread.
    let out = success(&[
        "winprob",
        "--games",
        "2",
        "--nodes",
        "300",
        "--threads",
        "1",
        "--bootstrap",
        "0",
    ]);
    assert!(out.starts_with("2 games at 300 nodes a move"), "{out}");
    let output = shogi(&["winprob", "--games", "0"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--games"));
}

#[test]
fn tune_plays_its_games_then_prints_the_tuned_weights_as_a_configuration() {
    let out = success(&[
        "tune",
        "--games",
        "6",
        "--nodes",
        "300",
        "--threads",
        "1",
        "--weights",
        "tempo,check.*",
        "--passes",
        "2",
    ]);
    assert!(out.starts_with("6 games at 300 nodes a move"), "{out}");
    let last = out.lines().last().unwrap_or("");
    // Either nothing moved, or each tuned weight reads back as a match configuration's.
    if last != "(no weight moved)" {
        for pair in last.split(' ') {
            let (name, value) = pair.split_once('=').expect("name=value");
            assert!(
                name == "eval.tempo" || name.starts_with("eval.check."),
                "{pair}"
            );
            assert!(value.parse::<i32>().is_ok(), "{pair}");
        }
        let config = format!("{last} nodes=200");
        let out = success(&["match", "--a", &config, "--b", "nodes=200", "--games", "2"]);
        assert!(out.contains("W-L-D"), "{out}");
    }
    for (args, names) in [
        (["tune", "--weights", "nothing"], "--weights"),
        (["tune", "--regularisation", "-1"], "--regularisation"),
    ] {
        let output = shogi(&args);
        assert!(!output.status.success());
        assert!(String::from_utf8_lossy(&output.stderr).contains(names));
    }
}

/// A file in the system's temporary folder, unique to this test run.
fn temporary(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("shogi-cli-{}-{name}", std::process::id()))
}

#[test]
fn tune_writes_its_positions_and_tunes_on_a_positions_file() {
    let written = temporary("written.txt");
    let path = written.to_str().unwrap();
    let out = success(&[
        "tune",
        "--games",
        "4",
        "--nodes",
        "300",
        "--threads",
        "1",
        "--weights",
        "tempo",
        "--passes",
        "1",
        "--positions-out",
        path,
    ]);
    let counted: usize = out
        .split("quiet positions: ")
        .nth(1)
        .and_then(|rest| {
            let numbers: Vec<usize> = rest
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|w| w.parse().ok())
                .collect();
            Some(numbers.first()? + numbers.get(1)?)
        })
        .expect("the positions are counted");
    let text = std::fs::read_to_string(&written).expect("the positions file is written");
    assert_eq!(text.lines().count(), counted);
    for line in text.lines() {
        let (sfen, result) = line.split_once('\t').expect("position, tab, result");
        assert_eq!(sfen.split(' ').count(), 4, "{line}");
        assert!(["0", "0.5", "1"].contains(&result), "{line}");
    }
    // The file tunes again: four lines in five to tune on, the fifth held out.
    let out = success(&[
        "tune",
        "--positions",
        path,
        "--weights",
        "tempo",
        "--passes",
        "1",
    ]);
    let held_out = counted / 5;
    assert!(
        out.contains(&format!(
            "{} positions to tune on, {held_out} held out",
            counted - held_out
        )),
        "{out}"
    );

    // Level positions whose side to move is expected to score 0.8: the bonus for having the
    // move is all that tells them apart, so it grows.
    let level = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4",
    ];
    let lines: String = level
        .iter()
        .cycle()
        .take(20)
        .map(|s| format!("{s}\t0.8\n"))
        .collect();
    let file = temporary("level.txt");
    std::fs::write(&file, lines).unwrap();
    let out = success(&[
        "tune",
        "--positions",
        file.to_str().unwrap(),
        "--weights",
        "tempo",
    ]);
    let tempo: i32 = out
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("eval.tempo="))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("tempo moved: {out}"));
    assert!(tempo > 20, "{out}");

    // Bad lines are named; the two options exclude each other.
    std::fs::write(&file, format!("{}\t0.8\n{}\t1.5\n", level[0], level[1])).unwrap();
    let output = shogi(&["tune", "--positions", file.to_str().unwrap()]);
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("line 2") && message.contains("1.5"),
        "{message}"
    );
    std::fs::write(&file, "not a position\t1\n").unwrap();
    let output = shogi(&["tune", "--positions", file.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 1"));
    let output = shogi(&["tune", "--positions", path, "--positions-out", path]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("do not go together"));
    let _ = std::fs::remove_file(written);
    let _ = std::fs::remove_file(file);
}

/// A match between two depth-1 searches with `extra` options.
fn depth_one_match(extra: &[&str]) -> Output {
    let mut args = vec!["match", "--a", "depth=1", "--b", "depth=1"];
    args.extend_from_slice(extra);
    shogi(&args)
}

#[test]
fn match_plays_each_pair_from_the_next_line_of_a_book_file() {
    let book = temporary("book.txt");
    std::fs::write(&book, "# two openings\n7g7f 3c3d 2g2f\n\n2g2f 8c8d\n").unwrap();
    let path = book.to_str().unwrap();
    let output = depth_one_match(&[
        "--games",
        "4",
        "--threads",
        "1",
        "--book",
        path,
        "--verbose",
    ]);
    assert!(output.status.success());
    let log = String::from_utf8_lossy(&output.stderr);
    // Each game's moves follow its pair's line (no random plies after a book's line), and both
    // games of a pair start alike with colours swapped.
    let mut starts = Vec::new();
    for line in log.lines().filter(|l| l.starts_with("game")) {
        let (head, moves) = line.split_once("): ").expect("a game line lists its moves");
        let index: usize = head[4..]
            .trim_start()
            .split(':')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        starts.push((index, moves.split(' ').take(4).collect::<Vec<_>>()));
    }
    starts.sort();
    assert_eq!(starts.len(), 4, "{log}");
    for (index, first) in &starts {
        let line: &[&str] = if *index <= 2 {
            &["7g7f", "3c3d", "2g2f"]
        } else {
            &["2g2f", "8c8d"]
        };
        assert_eq!(&first[..line.len()], line, "game {index}");
    }
    // The project's own book reads whole: every line legal from the start.
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/shogi-book.txt");
    let output = depth_one_match(&["--games", "2", "--book", shipped]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("W-L-D"));

    // A bad book is refused with the line it fails on, before any game.
    std::fs::write(&book, "7g7f 3c3d\n2g2f 2g2e\n").unwrap();
    let output = depth_one_match(&["--book", path]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("line 2") && error.contains("2g2e"),
        "{error}"
    );
    let output = depth_one_match(&["--book", "/no/such/book"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read"));
    std::fs::remove_file(&book).ok();
}

#[test]
fn the_family_s_variants_take_the_same_commands_with_game() {
    let out = success(&["perft", "3", "--game", "minishogi"]);
    assert_eq!(out.lines().last(), Some("2512"));
    let out = success(&["divide", "1", "--game", "kyotoshogi"]);
    assert_eq!(out.lines().last(), Some("total 12"));
    assert!(
        out.contains("4e4d+ 1\n") && out.contains("5e4d- 1\n"),
        "{out}"
    );
    // Dobutsu after the chicks meet: sente's chick took gote's and holds it.
    let out = success(&["moves", "--game", "dobutsu", "--moves", "2c2b"]);
    assert!(out.trim().split(' ').any(|m| m == "2a2b"), "{out}");
    let out = success(&["sfen", "--game", "minishogi", "--moves", "1e1d 5a5b 1d1c"]);
    assert_eq!(out.trim(), "1bsgk/r3p/4R/P4/KGSB1 w - 4");
    // `--game shogi` is shogi's own tool.
    let out = success(&["perft", "2", "--game", "shogi"]);
    assert_eq!(out.lines().last(), Some("900"));
    // An unknown name lists the known ones; an illegal move of --moves is named.
    let bad = shogi(&["perft", "2", "--game", "chess"]);
    assert!(!bad.status.success());
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(
        said.contains("unknown game 'chess'") && said.contains("torishogi"),
        "{said}"
    );
    let bad = shogi(&["moves", "--game", "minishogi", "--moves", "1e1d 1e1c"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("'1e1c' (move 2)"));
}

#[test]
fn a_match_of_a_variant_is_refereed_by_its_rules() {
    let out = success(&[
        "match",
        "--game",
        "torishogi",
        "--a",
        "level=1",
        "--b",
        "level=1",
        "--games",
        "2",
        "--seed",
        "3",
    ]);
    assert!(out.contains("games 2"), "{out}");
    assert!(out.contains("W-L-D"), "{out}");
}
