//! The full proof of the shipped puzzle files is current: `tests/data/puzzle-proof.txt` (the
//! stamp) names every file the proof depends on with a hash of its contents, and this test fails
//! when any of them has changed, appeared or gone since the stamp was written.
//!
//! The proof itself (every puzzle of `www/puzzles/jungle.json`, `www/puzzles/shogi.json` and
//! `www/learn/shogi/tsume.json`, in release: a few minutes) is too long for `cargo test`;
//! `./run prove-puzzles` runs it and rewrites the stamp only when every puzzle is proved. It
//! drives this test in two steps through `PUZZLE_PROOF_STEP` (as snapshot tests are blessed):
//! `begin` records the inputs before the tools are built, `finish` checks that they have not
//! changed while the proof ran and writes the stamp with the proof's results
//! (`target/puzzle-proof/results`, one line a file). docs/puzzles.md says more.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The stamp, from the project's root.
const STAMP: &str = "tests/data/puzzle-proof.txt";
/// What `./run prove-puzzles` leaves for the `finish` step, from the project's root.
const WORK: &str = "target/puzzle-proof";

/// The sources the proof depends on, each crate whole: the rules of both games with their AI
/// (shogi's tsume prover among them), what the rules share, the engine and the analysis (the
/// verifier).
const SOURCE_FOLDERS: [&str; 5] = [
    "crates/analysis",
    "crates/common",
    "crates/engine",
    "crates/jungle",
    "crates/shogi",
];

/// And single files: the crates' versions, the proof's driver, and the puzzle files proved.
const FILES: [&str; 5] = [
    "Cargo.lock",
    "src/bin/common/analysis_cli.rs",
    "www/learn/shogi/tsume.json",
    "www/puzzles/jungle.json",
    "www/puzzles/shogi.json",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// 64-bit FNV-1a: small, and the same on every machine and Rust version (std's hasher is
/// neither promised).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A file's hash, its text with CRLF line ends read as LF (a clone that converts line ends
/// hashes the same); a file that is not UTF-8 (crates/shogi/src/record/cp932.bin) as its bytes.
fn file_hash(bytes: &[u8]) -> u64 {
    match std::str::from_utf8(bytes) {
        Ok(text) => fnv1a(text.replace("\r\n", "\n").as_bytes()),
        Err(_) => fnv1a(bytes),
    }
}

/// Every file under `folder` (hidden ones left out), as paths from the root with `/`.
fn walk(folder: &Path, relative: &str, out: &mut Vec<String>) {
    let entries = std::fs::read_dir(folder).unwrap_or_else(|e| panic!("{relative}: {e}"));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("{relative}: {e}"));
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = format!("{relative}/{name}");
        if entry.file_type().expect("a file type").is_dir() {
            walk(&entry.path(), &path, out);
        } else {
            out.push(path);
        }
    }
}

/// The proof's inputs now: each path (sorted) with its hash.
fn inputs() -> BTreeMap<String, u64> {
    let root = root();
    let mut paths: Vec<String> = FILES.iter().map(|f| f.to_string()).collect();
    for folder in SOURCE_FOLDERS {
        walk(&root.join(folder), folder, &mut paths);
    }
    paths
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(root.join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
            let hash = file_hash(&bytes);
            (path, hash)
        })
        .collect()
}

fn manifest_text(inputs: &BTreeMap<String, u64>) -> String {
    inputs
        .iter()
        .map(|(path, hash)| format!("{hash:016x} {path}\n"))
        .collect()
}

/// A stamp's or a manifest's inputs (lines `<hash> <path>`) and its results (lines `proved …`).
fn parse(text: &str) -> (BTreeMap<String, u64>, Vec<String>) {
    let mut inputs = BTreeMap::new();
    let mut results = Vec::new();
    for line in text.lines().map(str::trim_end) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(result) = line.strip_prefix("proved ") {
            results.push(result.to_string());
            continue;
        }
        let (hash, path) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{STAMP}: '{line}' is not '<hash> <path>'"));
        let hash = u64::from_str_radix(hash, 16)
            .unwrap_or_else(|_| panic!("{STAMP}: '{hash}' is not a hash"));
        inputs.insert(path.to_string(), hash);
    }
    (inputs, results)
}

/// The paths that differ between two sets of inputs, each marked changed, new or gone.
fn differences(then: &BTreeMap<String, u64>, now: &BTreeMap<String, u64>) -> Vec<String> {
    let mut out = Vec::new();
    for (path, hash) in now {
        match then.get(path) {
            None => out.push(format!("{path} (new)")),
            Some(old) if old != hash => out.push(format!("{path} (changed)")),
            Some(_) => {}
        }
    }
    for path in then.keys().filter(|p| !now.contains_key(*p)) {
        out.push(format!("{path} (gone)"));
    }
    out
}

fn listed(paths: &[String]) -> String {
    let shown: Vec<&str> = paths.iter().take(12).map(String::as_str).collect();
    let more = paths.len().saturating_sub(shown.len());
    format!(
        "{}{}",
        shown.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
}

/// `begin`: the inputs before the proof's tools are built.
fn begin() {
    let work = root().join(WORK);
    std::fs::create_dir_all(&work).expect("the work folder");
    std::fs::write(work.join("inputs"), manifest_text(&inputs())).expect("the inputs");
}

/// `finish`: the inputs unchanged since `begin`, and every file proved: the stamp is written.
fn finish() {
    let work = root().join(WORK);
    let read = |name: &str| {
        std::fs::read_to_string(work.join(name))
            .unwrap_or_else(|e| panic!("{WORK}/{name}: {e} (run ./run prove-puzzles)"))
    };
    let (before, _) = parse(&read("inputs"));
    let now = inputs();
    let changed = differences(&before, &now);
    assert!(
        changed.is_empty(),
        "changed while the proof ran: {}; run ./run prove-puzzles again",
        listed(&changed)
    );
    let results: Vec<String> = read("results").lines().map(str::to_string).collect();
    assert_eq!(results.len(), 3, "one result for each puzzle file");
    for result in &results {
        assert!(
            result.contains(", 0 not"),
            "not every puzzle proved: {result}"
        );
    }
    let mut stamp = String::from(
        "# The last full proof of the shipped puzzle files: ./run prove-puzzles writes this file when\n\
         # every puzzle is proved, and tests/puzzle_proof.rs fails once any file below has changed.\n",
    );
    for result in &results {
        stamp.push_str(&format!("proved {result}\n"));
    }
    stamp.push_str(&manifest_text(&now));
    std::fs::write(root().join(STAMP), stamp).expect("the stamp");
}

#[test]
fn the_full_proof_of_the_puzzle_files_is_up_to_date() {
    match std::env::var("PUZZLE_PROOF_STEP").as_deref() {
        Ok("begin") => return begin(),
        Ok("finish") => return finish(),
        Ok(other) => panic!("PUZZLE_PROOF_STEP: '{other}' is not begin or finish"),
        Err(_) => {}
    }
    let text = std::fs::read_to_string(root().join(STAMP))
        .unwrap_or_else(|e| panic!("{STAMP}: {e} (./run prove-puzzles writes it)"));
    let (stamped, results) = parse(&text);
    assert_eq!(results.len(), 3, "{STAMP}: one result for each puzzle file");
    let changed = differences(&stamped, &inputs());
    assert!(
        changed.is_empty(),
        "the full proof of the puzzle files is out of date; since {STAMP} was written: {}. \
         Run ./run prove-puzzles (a few minutes: every puzzle of both games proved again in \
         release); it rewrites the stamp when all are proved, or names the puzzles that no \
         longer are (mend or drop them, docs/puzzles.md)",
        listed(&changed)
    );
}

#[test]
fn the_stamps_hash_is_fnv_1a_and_blind_to_line_ends() {
    // FNV-1a's published values.
    assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a(b"foobar"), 0x85944171f73967e8);
    assert_eq!(file_hash(b"one\r\ntwo\r\n"), file_hash(b"one\ntwo\n"));
    assert_ne!(file_hash(b"one\ntwo\n"), file_hash(b"one\ntwo"));
    assert_eq!(
        file_hash(&[0xff, b'\r', b'\n']),
        fnv1a(&[0xff, b'\r', b'\n'])
    );
}

#[test]
fn a_stamp_names_what_changed() {
    let then: BTreeMap<String, u64> = [("a".into(), 1), ("b".into(), 2), ("c".into(), 3)].into();
    let now: BTreeMap<String, u64> = [("a".into(), 1), ("b".into(), 5), ("d".into(), 4)].into();
    assert_eq!(
        differences(&then, &now),
        ["b (changed)", "d (new)", "c (gone)"]
    );
    let (inputs, results) = parse(&format!(
        "# a comment\nproved x: 1 puzzles, 1 proved, 0 not\n{}",
        manifest_text(&now)
    ));
    assert_eq!((inputs, results.len()), (now, 1));
}
