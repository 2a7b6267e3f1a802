//! The browser's list of games (`www/games.js`) as the tests read it: each row's name and text,
//! and what a row says (its page, its languages).

use std::path::PathBuf;

/// The text of www/games.js.
pub fn games_js() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/games.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rows of www/games.js's `GAMES`, in order: each game's name and the text of its row.
pub fn browser_rows(games_js: &str) -> Vec<(String, String)> {
    let body = games_js
        .split("export const GAMES = {\n")
        .nth(1)
        .expect("www/games.js exports GAMES");
    let body = &body[..body.find("\n};").expect("GAMES ends")];
    let mut rows: Vec<(String, String)> = Vec::new();
    for line in body.lines() {
        let name = line
            .strip_prefix("  ")
            .and_then(|rest| rest.strip_suffix(": {"))
            .filter(|name| !name.starts_with(' '));
        match (name, rows.last_mut()) {
            (Some(name), _) => rows.push((name.to_string(), String::new())),
            (None, Some((_, row))) => {
                row.push_str(line);
                row.push('\n');
            }
            (None, None) => {}
        }
    }
    rows
}

/// The languages a row says its game's pages speak (`languages: ['en', 'id', …]`).
pub fn languages_of(row: &str) -> Vec<String> {
    let list = row
        .split("languages: [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the row lists its languages");
    list.split(',')
        .map(|tag| tag.trim().trim_matches('\'').to_string())
        .filter(|tag| !tag.is_empty())
        .collect()
}
