//! The layers' arrows point one way, and the web layer is written once for every game: each
//! crate's dependencies are the ones its layer may have (a rules crate: what the rules share,
//! and its AI behind the `ai` feature; the search: nothing), no rules crate names another game,
//! and no file of the web layer outside a game's own folder (`src/web/games/<game>/`) and the
//! list of games (`src/web/games/mod.rs`) names a game. `./run test` also builds the rules
//! crates without their AI, which the compiler then holds to their own dependencies.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The dependencies a crate's manifest names under `[dependencies]`, each with its line.
fn dependencies(krate: &str) -> Vec<(String, String)> {
    let manifest = fs::read_to_string(root().join("crates").join(krate).join("Cargo.toml"))
        .unwrap_or_else(|e| panic!("crates/{krate}/Cargo.toml: {e}"));
    let mut section = String::new();
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section == "[dependencies]" && !line.is_empty() && !line.starts_with('#') {
            let name = line.split('=').next().unwrap_or("").trim().to_string();
            found.push((name, line.to_string()));
        }
    }
    found
}

/// Every `.rs` file under `dir`, depth first.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// The lines of `file` that are code (comments and doc comments left out), with their numbers.
fn code_lines(file: &Path) -> Vec<(usize, String)> {
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(i, line)| (i + 1, line.to_string()))
        .collect()
}

/// Where `words` occur in the code of the `.rs` files under `dir` (minus `except`), as
/// `path:line: text`.
fn mentions(dir: &Path, words: &[&str], except: &dyn Fn(&Path) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for file in rust_files(dir).into_iter().filter(|f| !except(f)) {
        for (number, line) in code_lines(&file) {
            if words.iter().any(|word| line.contains(word)) {
                let shown = file
                    .strip_prefix(root())
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                found.push(format!("{shown}:{number}: {}", line.trim()));
            }
        }
    }
    found
}

#[test]
fn each_crate_depends_only_on_the_layers_under_it() {
    let names = |krate: &str| -> Vec<String> {
        let mut names: Vec<String> = dependencies(krate).into_iter().map(|(n, _)| n).collect();
        names.sort();
        names
    };
    assert_eq!(
        names("common"),
        Vec::<String>::new(),
        "what the rules share needs nothing"
    );
    assert_eq!(
        names("engine"),
        Vec::<String>::new(),
        "the search knows no game"
    );
    assert_eq!(names("analysis"), ["common", "engine", "serde"]);
    assert_eq!(
        names("shogi-family"),
        ["common", "engine"],
        "the shogi family's rules need only what the rules share, and its AI the search"
    );
    for (name, line) in dependencies("shogi-family") {
        if name == "engine" {
            assert!(
                line.contains("optional = true"),
                "crates/shogi-family: {line}"
            );
        }
    }
    for game in ["jungle", "shogi"] {
        assert_eq!(
            names(game),
            ["analysis", "common", "engine", "serde"],
            "crates/{game}"
        );
        // The search and the analysis are the game's AI's, built only with the `ai` feature.
        for (name, line) in dependencies(game) {
            if name == "engine" || name == "analysis" {
                assert!(line.contains("optional = true"), "crates/{game}: {line}");
            }
        }
    }
}

#[test]
fn no_rules_crate_names_another_game_or_the_site() {
    for (game, other) in [
        ("jungle", "shogi"),
        ("shogi", "jungle"),
        ("shogi-family", "jungle"),
        ("shogi-family", "shogi"),
    ] {
        let found = mentions(
            &root().join("crates").join(game),
            &[
                &format!("{other}::"),
                "tabula::",
                "web_sys",
                "js_sys",
                "wasm_bindgen",
            ],
            &|_| false,
        );
        assert!(
            found.is_empty(),
            "crates/{game} names another layer:\n{}",
            found.join("\n")
        );
    }
    // The rules themselves (outside the AI's folder) use neither the search nor the analysis.
    for game in ["jungle", "shogi", "shogi-family"] {
        let ai = root().join("crates").join(game).join("src").join("ai");
        let found = mentions(
            &root().join("crates").join(game),
            &["engine::", "analysis::"],
            &|file| file.starts_with(&ai),
        );
        assert!(
            found.is_empty(),
            "crates/{game}'s rules use the AI:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn the_web_layer_names_no_game_outside_its_folder() {
    let web = root().join("src").join("web");
    let games = web.join("games");
    let found = mentions(
        &web,
        &[
            "jungle::",
            "shogi::",
            "JungleWeb",
            "ShogiWeb",
            "\"jungle\"",
            "\"shogi\"",
        ],
        &|file| file.starts_with(&games),
    );
    assert!(
        found.is_empty(),
        "a game is named outside src/web/games/:\n{}",
        found.join("\n")
    );
    // Each game's folder names no other game.
    for (game, other) in [("jungle", "shogi"), ("shogi", "jungle")] {
        let found = mentions(
            &games.join(game),
            &[
                &format!("{other}::"),
                if other == "jungle" {
                    "JungleWeb"
                } else {
                    "ShogiWeb"
                },
            ],
            &|_| false,
        );
        assert!(
            found.is_empty(),
            "src/web/games/{game} names {other}:\n{}",
            found.join("\n")
        );
    }
}
