//! What the tests of the texts share, for any game: reading a catalogue (`<folder>/<lang>.json`),
//! a page's catalogue built as the page builds it, the `{name}`s of a catalogue text, and the
//! check that every key a text value makes is in every catalogue with the placeholders the code
//! fills. The rules layer's text tests (`tests/error_texts.rs`, `tests/shogi_texts.rs`) and the
//! page flows' tests use them.
#![allow(dead_code)]

use jungle::texts::Text;
use std::collections::{BTreeMap, BTreeSet};
use tabula::web::i18n::Catalogue;

/// The catalogue of `lang` in `folder` (a missing or unreadable file fails the test).
pub fn catalogue(folder: &str, lang: &str) -> BTreeMap<String, String> {
    let path = format!("{folder}/{lang}.json");
    let json = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A catalogue file's entries (flat `"key": "text"`), in order.
pub fn entries(json: &str) -> Vec<(String, String)> {
    let map: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(json).expect("a catalogue");
    map.into_iter()
        .map(|(key, value)| (key, value.as_str().expect("a text").to_string()))
        .collect()
}

/// A page's catalogue as the page builds it: the English of `folders` under `www/locales/`
/// (`""` the site's, `"editor/"` a page's own), with `game`'s own keys over the site's, and
/// `lang`'s texts of the same files over the English.
pub fn page_catalogue(
    folders: &[&str],
    game: Option<&'static str>,
    lang: Option<&str>,
) -> Catalogue {
    let read = |folder: &str, lang: &str| {
        let path = format!("www/locales/{folder}{lang}.json");
        entries(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
    };
    let texts_of = |lang: &str| {
        let mut found: Vec<_> = folders
            .iter()
            .flat_map(|folder| read(folder, lang))
            .collect();
        if let Some(game) = game {
            found.extend(read(&format!("{game}/"), lang));
        }
        found
    };
    let mut texts = Catalogue::new(
        folders
            .iter()
            .flat_map(|folder| read(folder, "en"))
            .collect(),
    );
    if let Some(game) = game {
        texts.add_game(game, read(&format!("{game}/"), "en"));
    }
    if let Some(lang) = lang {
        texts.set_language(texts_of(lang));
    }
    texts
}

/// The `{name}`s of a catalogue text.
pub fn placeholders(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        // A plural choice `{count|one|other}` names its number's placeholder.
        let inside = &rest[open + 1..open + close];
        found.insert(inside.split('|').next().unwrap_or(inside).to_string());
        rest = &rest[open + close + 1..];
    }
    found
}

/// What is wrong with the catalogues for `texts` (empty when nothing): a key the English
/// catalogue lacks, placeholders the code fills that the English text does not name (or the
/// reverse), a key another language (`languages`, by name) lacks.
pub fn key_problems<'a>(
    texts: impl IntoIterator<Item = &'a Text>,
    english: &BTreeMap<String, String>,
    languages: &[(String, BTreeMap<String, String>)],
) -> Vec<String> {
    let mut problems = Vec::new();
    for text in texts {
        for part in text.all_texts() {
            let Some(template) = english.get(part.key) else {
                problems.push(format!("en.json lacks {}", part.key));
                continue;
            };
            let filled: BTreeSet<String> =
                part.placeholders().iter().map(|s| s.to_string()).collect();
            let named = placeholders(template);
            if filled != named {
                problems.push(format!(
                    "{}: the code fills {filled:?}, the English text names {named:?}",
                    part.key
                ));
            }
        }
        for (lang, catalogue) in languages {
            for part in text.all_texts() {
                if !catalogue.contains_key(part.key) {
                    problems.push(format!("{lang}.json lacks {}", part.key));
                }
            }
        }
    }
    problems
}
