//! The message catalogue: every text the page shows comes from here by a stable key
//! (`www/locales/<lang>.json`, flat `"key": "text"` objects, `{name}` placeholders).
//!
//! English is compiled in, so the page never waits for it and a key missing from another
//! language falls back to English; a key missing from English shows the key itself.

use crate::texts::Text;
use std::collections::HashMap;

/// The English catalogue, the fallback for every other language.
pub const ENGLISH_JSON: &str = include_str!("../../www/locales/en.json");

/// A language's messages over the English ones.
#[derive(Default, Debug)]
pub struct Catalogue {
    english: HashMap<String, String>,
    language: HashMap<String, String>,
}

impl Catalogue {
    /// A catalogue with the English messages (`english`: the parsed `en.json`).
    pub fn new(english: Vec<(String, String)>) -> Catalogue {
        Catalogue {
            english: english.into_iter().collect(),
            language: HashMap::new(),
        }
    }

    /// Shows another language's messages first (English fills its gaps).
    pub fn set_language(&mut self, messages: Vec<(String, String)>) {
        self.language = messages.into_iter().collect();
    }

    /// The message `key`.
    pub fn text(&self, key: &str) -> String {
        self.language
            .get(key)
            .or_else(|| self.english.get(key))
            .cloned()
            .unwrap_or_else(|| key.to_string())
    }

    /// The message `key` with each `{name}` replaced by its value.
    pub fn format(&self, key: &str, values: &[(&str, &str)]) -> String {
        let mut text = self.text(key);
        for (name, value) in values {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    /// A message built from a value of the rules layer ([`crate::texts`]), its nested names
    /// (animals, sides) translated too.
    pub fn render(&self, text: &Text) -> String {
        text.render(&|key| self.text(key))
    }
}
