//! What the tutorials' tests share, for any game: reading a `lessons.json` and its catalogues
//! (`locales/<lang>.json`), its boards by name, and the catalogue checks — every key the lessons
//! name is in the English catalogue and no other; every other catalogue has exactly the English
//! keys, keeps each `{placeholder}`, and is translated (but for the texts allowed to stay the
//! same). Jungle's (`tests/learn.rs`) and shogi's (`tests/shogi_learn.rs`) tutorials use them.
#![allow(dead_code)]

use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// One tutorial's files: `lessons` and the catalogues in `locales`.
pub struct Tutorial {
    /// The lessons file (`www/learn/lessons.json`).
    pub lessons: &'static str,
    /// The catalogues' folder (`www/learn/locales`).
    pub locales: &'static str,
    /// The prefix of its catalogue keys (`learn.`).
    pub key_prefix: &'static str,
}

/// The JSON file at `path` (the test fails, naming it, if it cannot be read).
pub fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

impl Tutorial {
    /// The catalogue of `lang`.
    pub fn catalogue(&self, lang: &str) -> Map<String, Value> {
        match read_json(&format!("{}/{lang}.json", self.locales)) {
            Value::Object(map) => map,
            other => panic!("{lang}.json is not an object: {other}"),
        }
    }

    /// The sections, in order.
    pub fn sections(&self) -> Vec<Value> {
        read_json(self.lessons)["sections"]
            .as_array()
            .expect("lessons.json has a list of sections")
            .clone()
    }

    /// The sections' ids, in order.
    pub fn section_ids(&self) -> Vec<String> {
        self.sections()
            .iter()
            .map(|s| s["id"].as_str().expect("an id").to_string())
            .collect()
    }

    /// Every board of every section, with a name for messages (`jump #2`).
    pub fn boards(&self) -> Vec<(String, Value)> {
        let mut out = Vec::new();
        for section in self.sections() {
            let id = section["id"].as_str().expect("a section id").to_string();
            for (i, board) in section["boards"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
            {
                out.push((format!("{id} #{}", i + 1), board.clone()));
            }
        }
        out
    }

    /// Every catalogue key that the lessons name.
    fn keys_used(&self) -> BTreeSet<String> {
        fn walk(value: &Value, prefix: &str, out: &mut BTreeSet<String>) {
            match value {
                Value::String(s) if s.starts_with(prefix) => {
                    out.insert(s.clone());
                }
                Value::Array(items) => items.iter().for_each(|v| walk(v, prefix, out)),
                Value::Object(map) => map.values().for_each(|v| walk(v, prefix, out)),
                _ => {}
            }
        }
        let mut out = BTreeSet::new();
        walk(&read_json(self.lessons), self.key_prefix, &mut out);
        out
    }

    /// The lessons and the English catalogue name the same keys, and every board has a text.
    pub fn assert_lessons_and_english_name_the_same_keys(&self) {
        let english: BTreeSet<String> = self.catalogue("en").keys().cloned().collect();
        let used = self.keys_used();
        let missing: Vec<&String> = used.difference(&english).collect();
        assert!(
            missing.is_empty(),
            "keys used but not in en.json: {missing:?}"
        );
        let unused: Vec<&String> = english.difference(&used).collect();
        assert!(
            unused.is_empty(),
            "keys in en.json that {} never names: {unused:?}",
            self.lessons
        );
        for (name, board) in self.boards() {
            assert!(
                board["text"].as_array().is_some_and(|t| !t.is_empty()),
                "{name}: no text"
            );
        }
    }

    /// Every catalogue of `languages` (English first) is complete and translated.
    pub fn assert_catalogues_complete_and_translated(
        &self,
        languages: &[&str],
        same_in_every_language: &[&str],
    ) {
        assert_eq!(languages.first(), Some(&"en"), "English comes first");
        let english = self.catalogue("en");
        for lang in &languages[1..] {
            let other = self.catalogue(lang);
            let english_keys: BTreeSet<&String> = english.keys().collect();
            let keys: BTreeSet<&String> = other.keys().collect();
            let missing: Vec<_> = english_keys.difference(&keys).collect();
            let extra: Vec<_> = keys.difference(&english_keys).collect();
            assert!(missing.is_empty(), "{lang}.json lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{lang}.json has keys English lacks: {extra:?}"
            );
            for (key, value) in &english {
                let english_text = value.as_str().expect("a string");
                let text = other[key]
                    .as_str()
                    .unwrap_or_else(|| panic!("{lang}.json: {key} is not a string"));
                assert!(!text.trim().is_empty(), "{lang}.json: {key} is empty");
                assert_eq!(
                    placeholders(text),
                    placeholders(english_text),
                    "{lang}.json: {key} changes the placeholders"
                );
                if !same_in_every_language.contains(&key.as_str()) {
                    assert_ne!(text, english_text, "{lang}.json: {key} is still English");
                }
            }
        }
        for key in same_in_every_language {
            assert!(english.contains_key(*key), "{key} is allowed but unused");
        }
    }
}

fn placeholders(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.insert(rest[open..open + close + 1].to_string());
        rest = &rest[open + close + 1..];
    }
    out
}
