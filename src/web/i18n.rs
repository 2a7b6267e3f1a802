//! The message catalogue: every text the page shows comes from here by a stable key
//! (`www/locales/<lang>.json`, flat `"key": "text"` objects, `{name}` placeholders, and plural
//! choices `{name|one|other}` for a number's noun: `{n} {n|move|moves}`).
//!
//! Every language is fetched, English too (`src/web/languages.rs`): compiled in, the English
//! catalogues cost the game pages 11 KB gzipped of their first-load budget. `tests/locales.rs`
//! keeps every catalogue complete, so no page needs another language's texts as a fallback; a
//! missing key shows the key itself.
//!
//! A game's page adds the game's own catalogue (`www/locales/<game>/<lang>.json`, [`GameTexts`]).
//! Shogi's keys (`shogi.…`) also override the site's of the same name: on the shogi page
//! `turn.black` reads `shogi.turn.black` ("Sente to move"), and any key the game does not
//! override reads the site's. Jungle's keys are plain (`turn.black`, `animal.rat`): the site's
//! first game, whose words shogi's pages never fetch.

use common::texts::{isolated, plural_form, Text, Value};
use std::collections::HashMap;

/// Where a game's own texts are: its catalogue folder (`locales/<folder>/<lang>.json`), and the
/// prefix of its keys, which override the site's of the same name (`None`: plain keys, which
/// only add to the site's: Jungle's, the site's first game).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameTexts {
    /// The folder under `locales/`.
    pub folder: &'static str,
    /// The prefix of the keys that override the site's (`shogi`).
    pub prefix: Option<&'static str>,
}

/// A language's messages (over an optional base, such as a page's own compiled-in English).
#[derive(Default, Debug)]
pub struct Catalogue {
    english: HashMap<String, String>,
    language: HashMap<String, String>,
    /// The game whose keys override the site's (`shogi`).
    prefix: Option<&'static str>,
}

impl Catalogue {
    /// A catalogue over base messages in English (`english`: a page's own compiled-in
    /// catalogue, or a test's parsed `en.json`); [`Catalogue::set_language`] puts the page's
    /// language over them.
    pub fn new(english: Vec<(String, String)>) -> Catalogue {
        Catalogue {
            english: english.into_iter().collect(),
            language: HashMap::new(),
            prefix: None,
        }
    }

    /// Makes the keys of the game `prefix` (`shogi.…`) override the site's of the same name.
    pub fn set_game(&mut self, prefix: &'static str) {
        self.prefix = Some(prefix);
    }

    /// Adds a game's English messages (`english`), whose keys start with `prefix` and override
    /// the site's of the same name.
    pub fn add_game(&mut self, prefix: &'static str, english: Vec<(String, String)>) {
        self.english.extend(english);
        self.prefix = Some(prefix);
    }

    /// Shows another language's messages first (English fills its gaps).
    pub fn set_language(&mut self, messages: Vec<(String, String)>) {
        self.language = messages.into_iter().collect();
    }

    /// The message `key` (the game's own, if it has one: module docs).
    pub fn text(&self, key: &str) -> String {
        let found = |key: &str| self.language.get(key).or_else(|| self.english.get(key));
        let own = self
            .prefix
            .filter(|prefix| !key.starts_with(prefix))
            .and_then(|prefix| found(&format!("{prefix}.{key}")));
        own.or_else(|| found(key))
            .cloned()
            .unwrap_or_else(|| key.to_string())
    }

    /// The message `key` with each `{name}` replaced by its value, and each plural choice
    /// `{name|one|other}` by the form for its number ([`plural_form`]).
    pub fn format(&self, key: &str, values: &[(&str, &str)]) -> String {
        let mut text = self.text(key);
        for (name, value) in values {
            text = text.replace(&format!("{{{name}}}"), value);
            let choice = format!("{{{name}|");
            while let Some(open) = text.find(&choice) {
                let Some(close) = text[open..].find('}') else {
                    break;
                };
                let form = plural_form(&text[open + choice.len()..open + close], value);
                text = format!("{}{form}{}", &text[..open], &text[open + close + 1..]);
            }
        }
        text
    }

    /// A message built from a value of the rules layer ([`common::texts`]), its nested names
    /// (animals, sides) translated too.
    pub fn render(&self, text: &Text) -> String {
        text.render(&|key| self.text(key))
    }

    /// A placeholder's value in words: shown as it is, quoted, or translated.
    pub fn value(&self, value: &Value) -> String {
        match value {
            Value::Verbatim(shown) => shown.clone(),
            Value::Quoted(quoted) => isolated(quoted),
            Value::Text(text) => self.render(text),
        }
    }
}

/// A language the site speaks (its pages, embeds and messages).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Lang {
    /// English.
    En,
    /// Indonesian.
    Id,
    /// Vietnamese.
    Vi,
    /// German.
    De,
    /// Simplified Chinese.
    ZhCn,
    /// Japanese (the shogi pages; Jungle's pages do not offer it yet).
    Ja,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 6] = [Lang::En, Lang::Id, Lang::Vi, Lang::De, Lang::ZhCn, Lang::Ja];

    /// The tag, which is also the catalogue's file name (`www/locales/<tag>.json`).
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Id => "id",
            Lang::Vi => "vi",
            Lang::De => "de",
            Lang::ZhCn => "zh-CN",
            Lang::Ja => "ja",
        }
    }

    /// The language a tag asks for, if the frame speaks it: case-insensitive, `_` read as `-`,
    /// a region ignored (`de-AT` is German, `en-US` English), and any Chinese tag but a
    /// traditional one (`zh`, `zh-cn`, `zh-Hans`, `zh-SG`) read as Simplified Chinese. The web
    /// layer can use the same reading for `navigator.languages`.
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        let mut parts = tag.split('-');
        let primary = parts.next()?;
        let rest: Vec<&str> = parts.collect();
        match primary {
            "en" => Some(Lang::En),
            "id" | "in" => Some(Lang::Id),
            "vi" => Some(Lang::Vi),
            "de" => Some(Lang::De),
            "ja" => Some(Lang::Ja),
            "zh" if !rest
                .iter()
                .any(|p| matches!(*p, "hant" | "tw" | "hk" | "mo")) =>
            {
                Some(Lang::ZhCn)
            }
            _ => None,
        }
    }
}
