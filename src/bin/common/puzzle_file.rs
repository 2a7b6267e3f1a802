//! The puzzle files (`www/puzzles/*.json`, `www/learn/shogi/tsume.json`) as the tools read and
//! write them. Each tool includes this file (`#[path]`).

use analysis::PuzzleSet;

/// Writes `text` to `path`, or says why not.
pub fn write_file(path: &str, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))
}

/// Reads `path`, or says why not.
pub fn read_file(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// The file's text: the set's fields, then one puzzle a line (compact, and readable in a diff).
pub fn puzzle_file_text(set: &PuzzleSet) -> Result<String, String> {
    let mut text = format!(
        "{{\"version\":{},\"game\":{},\"puzzles\":[\n",
        set.version,
        serde_json::to_string(&set.game).map_err(|e| e.to_string())?
    );
    for (i, puzzle) in set.puzzles.iter().enumerate() {
        text.push_str(&serde_json::to_string(puzzle).map_err(|e| e.to_string())?);
        text.push_str(if i + 1 < set.puzzles.len() {
            ",\n"
        } else {
            "\n"
        });
    }
    text.push_str("]}\n");
    Ok(text)
}
