//! The game's message catalogues (issue 6): `www/locales/<lang>.json`, and shogi's own
//! (`www/locales/shogi/<lang>.json`, which adds Japanese).
//!
//! Every catalogue other than English must be complete, or the page shows English in the
//! middle of another language (the fallback in `src/web/i18n.rs`):
//! - exactly the keys of `en.json`, each once, missing and extra keys named;
//! - every value a non-empty string with the same `{placeholder}`s as the English one (a
//!   dropped `{square}` loses information, an unknown one is shown to the player verbatim);
//! - no value left as the English text, but for the few in [`SAME_AS_ENGLISH_ALLOWED`].

mod site_games;

use serde::de::{Deserializer, MapAccess, Visitor};
use site_games::{browser_rows, games_js, languages_of};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

const LOCALES: &str = "www/locales";

/// The catalogue folders of the site's pages, each with the languages it must have besides
/// English (issue 6's four, and Japanese). Any other catalogue in a folder is checked the same way.
const PAGE_FOLDERS: [(&str, &[&str]); 6] = [
    (LOCALES, &["id", "vi", "de", "zh-CN"]),
    // The puzzle trainer's own texts (compiled into its module only).
    ("www/locales/puzzles", &["id", "vi", "de", "zh-CN", "ja"]),
    // The position editor's own texts, every game's (compiled into the pages modules only).
    ("www/locales/editor", &["id", "vi", "de", "zh-CN", "ja"]),
    // The analysis board's own texts (compiled into the analysis modules only).
    ("www/locales/analysis", &["id", "vi", "de", "zh-CN", "ja"]),
    // The embed's own texts (its messages, the parameters' refusals; the pages modules only).
    ("www/locales/embed", &["id", "vi", "de", "zh-CN", "ja"]),
    // The shogi family's rules' words: its variants' names and its readers' refusals.
    ("www/locales/family", &["id", "vi", "de", "zh-CN", "ja"]),
];

/// Every catalogue folder with the languages it must have besides English: the pages' folders,
/// and each game's own (`www/locales/<game>`: its rules' words and its page's texts) in the
/// languages its pages speak (www/games.js).
fn folders() -> Vec<(String, Vec<String>)> {
    let mut folders: Vec<(String, Vec<String>)> = PAGE_FOLDERS
        .iter()
        .map(|(folder, languages)| {
            let languages = languages.iter().map(|tag| tag.to_string()).collect();
            (folder.to_string(), languages)
        })
        .collect();
    for (game, row) in browser_rows(&games_js()) {
        let languages = languages_of(&row)
            .into_iter()
            .filter(|tag| tag != "en")
            .collect();
        folders.push((format!("{LOCALES}/{game}"), languages));
    }
    folders
}

/// Keys whose text may equal the English one in another language.
const SAME_AS_ENGLISH_ALLOWED: &[&str] = &[
    // The editor's examples of moves in the machine form (`d8d9`, shogi's USI `G*5b`).
    "editor.solutionExample",
    "editor.movesExample",
    "shogi.editor.solutionExample",
    "shogi.editor.movesExample",
    // The brand name, which a language may keep ("Jungle").
    "app.title",
    // The game's romanised Chinese name, "Dou Shou Qi".
    "app.tagline",
    // "{result}. {reason}": placeholders and a full stop, nothing to translate.
    "announce.result",
    // "{first}. {second}": two sentences, one after the other.
    "announce.then",
    // Shogi's sides keep their Japanese names in languages that use them ("Sente", "Gote").
    "shogi.side.black",
    "shogi.side.white",
    // Files are the digits 1–9 outside Japanese and Chinese (there full-width).
    "shogi.file.1",
    "shogi.file.2",
    "shogi.file.3",
    "shogi.file.4",
    "shogi.file.5",
    "shogi.file.6",
    "shogi.file.7",
    "shogi.file.8",
    "shogi.file.9",
    // Ranks are the letters a–i outside Japanese and Chinese, and a square is file and rank.
    "shogi.rank.a",
    "shogi.rank.b",
    "shogi.rank.c",
    "shogi.rank.d",
    "shogi.rank.e",
    "shogi.rank.f",
    "shogi.rank.g",
    "shogi.rank.h",
    "shogi.rank.i",
    "shogi.square",
    // The Japanese name of the promoted pawn, kept as it is.
    "shogi.piece.tokin",
    // "'{text}': {error}": quotes, placeholders and a colon.
    "shogi.notation.illegal",
    // The games' names in the game switch, which a language may keep ("Jungle", "Shogi").
    "game.jungle",
    "game.shogi",
    "family.game.minishogi",
    "family.game.standard",
    "shogi.app.title",
    // Words other languages spell as English does ("Format", "Notation", "Kanji").
    "shogi.io.format",
    "shogi.label.notation",
    "settings.notation",
    "shogi.pieces.kanji",
    "shogi.pieces.international",
    // The board's wood, kaya, keeps its Japanese name.
    "shogi.board.kaya",
    // The KIF form's name and example are the same in most languages.
    "shogi.style.kif",
    // Placeholders and a comma ("{square}, {piece}"), and the sides' marks.
    "shogi.square.piece",
    "shogi.dialog.sideBlack",
    "shogi.dialog.sideWhite",
];

/// A catalogue's entries in file order, repeated keys kept (a map would silently keep the last).
type Entries = Vec<(String, serde_json::Value)>;

struct EntriesVisitor;

impl<'de> Visitor<'de> for EntriesVisitor {
    type Value = Entries;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object of \"key\": \"text\" entries")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(entries)
    }
}

fn parse(json: &str) -> Result<Entries, String> {
    serde_json::Deserializer::from_str(json)
        .deserialize_map(EntriesVisitor)
        .map_err(|e| e.to_string())
}

/// The `{name}`s in `text` (a plural choice `{name|one|other}` counts as its name's `{name}`:
/// each language words its forms, and may leave the choice out).
fn placeholders(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inside = &rest[open + 1..open + close];
        found.insert(format!(
            "{{{}}}",
            inside.split('|').next().unwrap_or(inside)
        ));
        rest = &rest[open + close + 1..];
    }
    found
}

/// The text of every key, with a problem for each repeated key, non-string or empty value.
fn texts<'a>(
    file: &str,
    entries: &'a Entries,
    problems: &mut Vec<String>,
) -> BTreeMap<&'a str, &'a str> {
    let mut texts = BTreeMap::new();
    for (key, value) in entries {
        let Some(text) = value.as_str() else {
            problems.push(format!("{file}: {key} is not a string: {value}"));
            continue;
        };
        if text.trim().is_empty() {
            problems.push(format!("{file}: {key} is empty"));
        }
        if texts.insert(key.as_str(), text).is_some() {
            problems.push(format!("{file}: {key} appears more than once"));
        }
    }
    texts
}

/// The keys the catalogue `file` may lack: the site's Japanese catalogue serves shogi's pages
/// alone (Jungle is not offered in Japanese), so it leaves out what shogi's own catalogue says
/// in its place (`shogi.<key>` over `<key>`), which no reader would ever see; every other
/// catalogue lacks nothing.
fn may_lack(file: &str) -> BTreeSet<String> {
    if file != format!("{LOCALES}/ja.json") {
        return BTreeSet::new();
    }
    read("www/locales/shogi/en.json")
        .into_iter()
        .filter_map(|(key, _)| key.strip_prefix("shogi.").map(str::to_string))
        .collect()
}

/// Everything wrong with the catalogue `file` measured against the English one.
fn problems_of(file: &str, entries: &Entries, english: &Entries) -> Vec<String> {
    let mut problems = Vec::new();
    let english = texts("en.json", english, &mut problems);
    let translated = texts(file, entries, &mut problems);
    let lacking = may_lack(file);
    let missing: Vec<&str> = english
        .keys()
        .filter(|key| !translated.contains_key(*key) && !lacking.contains(**key))
        .copied()
        .collect();
    if !missing.is_empty() {
        problems.push(format!("{file}: missing keys: {}", missing.join(", ")));
    }
    let extra: Vec<&str> = translated
        .keys()
        .filter(|key| !english.contains_key(*key))
        .copied()
        .collect();
    if !extra.is_empty() {
        problems.push(format!("{file}: keys not in en.json: {}", extra.join(", ")));
    }
    for (key, text) in &translated {
        let Some(english_text) = english.get(key) else {
            continue;
        };
        let (wanted, found) = (placeholders(english_text), placeholders(text));
        let dropped: Vec<&str> = wanted.difference(&found).map(String::as_str).collect();
        let unknown: Vec<&str> = found.difference(&wanted).map(String::as_str).collect();
        if !dropped.is_empty() {
            problems.push(format!("{file}: {key} lacks {}", dropped.join(" ")));
        }
        if !unknown.is_empty() {
            problems.push(format!(
                "{file}: {key} has {}, which the English text does not",
                unknown.join(" ")
            ));
        }
        if text == english_text && !SAME_AS_ENGLISH_ALLOWED.contains(key) {
            problems.push(format!("{file}: {key} is still in English: {text:?}"));
        }
    }
    problems
}

fn read(path: &str) -> Entries {
    let json = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse(&json).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every catalogue but English in `folder`: (file name, entries).
fn translations(folder: &str) -> Vec<(String, Entries)> {
    let mut found = Vec::new();
    for item in std::fs::read_dir(folder).unwrap_or_else(|e| panic!("{folder}: {e}")) {
        let name = item.expect("a folder entry").file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".json") && name != "en.json" {
            found.push((name.to_string(), read(&format!("{folder}/{name}"))));
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

#[test]
fn every_language_of_the_issue_has_a_catalogue() {
    for (folder, languages) in folders() {
        let files: Vec<String> = translations(&folder)
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        for lang in languages {
            assert!(
                files.contains(&format!("{lang}.json")),
                "{folder}/{lang}.json is missing"
            );
        }
    }
}

#[test]
fn every_catalogue_is_complete_and_translated() {
    for (folder, _) in folders() {
        let english = read(&format!("{folder}/en.json"));
        assert!(!english.is_empty(), "{folder}/en.json has no messages");
        let problems: Vec<String> = translations(&folder)
            .iter()
            .flat_map(|(file, entries)| problems_of(&format!("{folder}/{file}"), entries, &english))
            .collect();
        assert!(problems.is_empty(), "\n{}\n", problems.join("\n"));
    }
}

#[test]
fn shogi_keys_stay_out_of_the_site_catalogue() {
    // The site catalogue is compiled into Jungle's wasm; shogi's texts have their own files.
    let english = read(&format!("{LOCALES}/en.json"));
    let stray: Vec<&str> = english
        .iter()
        .map(|(key, _)| key.as_str())
        .filter(|key| key.starts_with("shogi."))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
    let shogi = read("www/locales/shogi/en.json");
    assert!(shogi.iter().all(|(key, _)| key.starts_with("shogi.")));
}

#[test]
fn the_puzzle_trainers_keys_stay_out_of_the_site_catalogue() {
    // The site catalogue is in every module and in the game page's first load; the trainer's
    // texts are in its own files, which only its module carries.
    let english = read(&format!("{LOCALES}/en.json"));
    assert!(english.iter().all(|(key, _)| !key.starts_with("puzzles.")));
    let puzzles = read("www/locales/puzzles/en.json");
    assert!(!puzzles.is_empty());
    // A game's own wording of a trainer text (`shogi.puzzles.findWin`) lives there too.
    assert!(puzzles
        .iter()
        .all(|(key, _)| key.starts_with("puzzles.") || key.starts_with("shogi.puzzles.")));
}

#[test]
fn the_check_names_each_kind_of_fault() {
    let english = parse(
        r#"{"square.empty": "{square}, empty", "button.undo": "Undo",
            "app.title": "Jungle", "io.copied": "Copied."}"#,
    )
    .unwrap();
    let good = parse(
        r#"{"square.empty": "{square}, leer", "button.undo": "Zurücknehmen",
            "app.title": "Jungle", "io.copied": "Kopiert."}"#,
    )
    .unwrap();
    assert_eq!(
        problems_of("de.json", &good, &english),
        Vec::<String>::new()
    );

    let bad = parse(
        r#"{"square.empty": "{feld}, leer", "button.undo": "Undo",
            "io.copied": "", "io.kopiert": "Kopiert.", "io.kopiert": "Kopiert!"}"#,
    )
    .unwrap();
    let problems = problems_of("de.json", &bad, &english).join("\n");
    for expected in [
        "de.json: io.copied is empty",
        "de.json: io.kopiert appears more than once",
        "de.json: missing keys: app.title",
        "de.json: keys not in en.json: io.kopiert",
        "de.json: square.empty lacks {square}",
        "de.json: square.empty has {feld}, which the English text does not",
        "de.json: button.undo is still in English: \"Undo\"",
    ] {
        assert!(
            problems.contains(expected),
            "{expected:?} not among:\n{problems}"
        );
    }
    assert!(parse(r#"{"io.copied": 3}"#)
        .map(|entries| problems_of("de.json", &entries, &english).join("\n"))
        .unwrap()
        .contains("io.copied is not a string: 3"));
}
