//! The game page's languages: every message catalogue is compiled in (about 5 KB each), so a
//! switch is instant and works offline; the reader's choice is remembered.
//!
//! Which language a visit starts in: the `lang` URL parameter, else the remembered choice, else
//! the first of the browser's languages the page speaks, else English.

use super::browser;
use crate::embed::Lang;

/// Where the reader's choice is remembered.
pub const LANGUAGE_KEY: &str = "jungle.lang";

/// The catalogue of `lang` (`www/locales/<tag>.json`).
pub fn catalogue(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../../www/locales/en.json"),
        Lang::Id => include_str!("../../www/locales/id.json"),
        Lang::Vi => include_str!("../../www/locales/vi.json"),
        Lang::De => include_str!("../../www/locales/de.json"),
        Lang::ZhCn => include_str!("../../www/locales/zh-CN.json"),
    }
}

/// The language's name in itself, as the switcher lists it (the same in every language).
pub fn own_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "English",
        Lang::Id => "Bahasa Indonesia",
        Lang::Vi => "Tiếng Việt",
        Lang::De => "Deutsch",
        Lang::ZhCn => "简体中文",
    }
}

/// The language this visit starts in (module docs).
pub fn starting() -> Lang {
    let query = browser::location_search();
    let asked = query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(name, _)| name.eq_ignore_ascii_case("lang"))
        .and_then(|(_, value)| Lang::parse(value));
    asked
        .or_else(|| {
            browser::storage_get(LANGUAGE_KEY)
                .ok()
                .flatten()
                .and_then(|tag| Lang::parse(&tag))
        })
        .or_else(|| {
            browser::browser_languages()
                .iter()
                .find_map(|tag| Lang::parse(tag))
        })
        .unwrap_or(Lang::En)
}

/// Remembers the reader's choice (nothing happens when storage is off).
pub fn remember(lang: Lang) {
    let _ = browser::storage_set(LANGUAGE_KEY, lang.tag());
}

/// The messages of `lang` over English: empty for English itself, or if its catalogue is
/// unreadable (logged).
pub fn messages(lang: Lang) -> Vec<(String, String)> {
    if lang == Lang::En {
        return Vec::new();
    }
    browser::flat_json_strings(catalogue(lang)).unwrap_or_else(|e| {
        browser::log_warning(&format!("the {} texts are unreadable: {e}", lang.tag()));
        Vec::new()
    })
}
