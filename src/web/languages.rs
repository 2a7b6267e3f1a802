//! The pages' languages. English is compiled in (`i18n::ENGLISH_JSON`); the other catalogues
//! are fetched from `locales/<tag>.json` when needed (the service worker keeps them for offline
//! use), which keeps them out of every visitor's first download (issue 5's budget); the
//! reader's choice is remembered.
//!
//! Which language a visit starts in: the `lang` URL parameter, else the remembered choice, else
//! the first of the browser's languages the page speaks, else English.

use super::browser;
use super::i18n::{Catalogue, ENGLISH_JSON};
use crate::embed::params::query_value;
use crate::embed::Lang;
use std::fmt::Debug;

/// Where the reader's choice is remembered.
pub const LANGUAGE_KEY: &str = "jungle.lang";

/// The language's name in itself, as the switcher lists it (the same in every language).
pub fn own_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "English",
        Lang::Id => "Bahasa Indonesia",
        Lang::Vi => "Tiếng Việt",
        Lang::De => "Deutsch",
        Lang::ZhCn => "简体中文",
        Lang::Ja => "日本語",
    }
}

/// The language this visit starts in (module docs), one of those `offered`.
pub fn starting(offered: &[Lang]) -> Lang {
    let known = |tag: &str| Lang::parse(tag).filter(|lang| offered.contains(lang));
    let asked = query_value(&browser::location_search(), "lang").and_then(|tag| known(&tag));
    asked
        .or_else(|| {
            browser::storage_get(LANGUAGE_KEY)
                .ok()
                .flatten()
                .and_then(|tag| known(&tag))
        })
        .or_else(|| {
            browser::browser_languages()
                .iter()
                .find_map(|tag| known(tag))
        })
        .unwrap_or(Lang::En)
}

/// Lists the languages `offered` in `select` (a `<select>`), each by its own name, and chooses
/// `chosen`.
pub fn list_in(
    select: &browser::El,
    chosen: Lang,
    offered: &[Lang],
) -> Result<(), browser::BrowserError> {
    for &option in offered {
        let item = browser::El::create("option")?;
        item.set_attr("value", option.tag());
        item.set_attr("lang", option.tag());
        item.set_text(own_name(option));
        select.append(&item);
    }
    select.set_value(chosen.tag());
    Ok(())
}

/// Remembers the reader's choice (nothing happens when storage is off).
pub fn remember(lang: Lang) {
    let _ = browser::storage_set(LANGUAGE_KEY, lang.tag());
}

/// Starts a page in `lang` once its catalogue is loaded: `<html lang>` set, every `data-i18n`
/// text filled, then `start` with the catalogue (its error logged as `page` cannot start).
pub fn start_page<E: Debug + 'static>(
    lang: Lang,
    page: &'static str,
    start: fn(Lang, Catalogue) -> Result<(), E>,
) {
    load(lang, move |messages| {
        let english = match browser::flat_json_strings(ENGLISH_JSON) {
            Ok(english) => english,
            Err(message) => return browser::log_error(&format!("the English texts: {message}")),
        };
        let mut texts = Catalogue::new(english);
        texts.set_language(messages);
        if let Ok(root) = browser::El::root() {
            root.set_attr("lang", lang.tag());
        }
        super::page::apply_static_texts(&texts);
        if let Err(message) = start(lang, texts) {
            browser::log_error(&format!("the {page} cannot start: {message:?}"));
        }
    });
}

/// Starts a game's page in `lang` once its catalogues (the site's and the game's `game`
/// folder's) are loaded: as [`start_page`], with the game's English `english` compiled in and
/// its keys `game.…` overriding the site's ([`Catalogue::add_game`]).
pub fn start_game_page<E: Debug + 'static>(
    lang: Lang,
    game: Option<(&'static str, &'static str)>,
    start: fn(Lang, Catalogue) -> Result<(), E>,
) {
    load_for(lang, game.map(|(name, _)| name), move |messages| {
        begin_game_page(lang, game, None, messages, start)
    });
}

/// [`start_game_page`] for a page with a catalogue of its own, `page` = (its folder under
/// `locales/`, its English compiled into the page's module only): its keys join the site's, and
/// the other pages (their modules and their first load) do not carry them.
pub fn start_game_page_with<E: Debug + 'static>(
    lang: Lang,
    game: Option<(&'static str, &'static str)>,
    page: (&'static str, &'static str),
    start: fn(Lang, Catalogue) -> Result<(), E>,
) {
    load_for(lang, game.map(|(name, _)| name), move |mut messages| {
        if lang == Lang::En {
            return begin_game_page(lang, game, Some(page), messages, start);
        }
        let path = format!("locales/{}/{}.json", page.0, lang.tag());
        load_file(path, lang, move |own| {
            messages.extend(own);
            begin_game_page(lang, game, Some(page), messages, start)
        });
    });
}

/// The catalogue of a game's page (the site's English, the page's, the game's own, then
/// `messages` over them) applied to the page, then `start`.
fn begin_game_page<E: Debug + 'static>(
    lang: Lang,
    game: Option<(&'static str, &'static str)>,
    page: Option<(&'static str, &'static str)>,
    messages: Vec<(String, String)>,
    start: fn(Lang, Catalogue) -> Result<(), E>,
) {
    let mut english = match browser::flat_json_strings(ENGLISH_JSON) {
        Ok(english) => english,
        Err(message) => return browser::log_error(&format!("the English texts: {message}")),
    };
    if let Some((name, json)) = page {
        match browser::flat_json_strings(json) {
            Ok(own) => english.extend(own),
            Err(message) => {
                return browser::log_error(&format!("the {name} English texts: {message}"))
            }
        }
    }
    let mut texts = Catalogue::new(english);
    if let Some((name, json)) = game {
        match browser::flat_json_strings(json) {
            Ok(own) => texts.add_game(name, own),
            Err(message) => {
                return browser::log_error(&format!("the {name} English texts: {message}"))
            }
        }
    }
    texts.set_language(messages);
    if let Ok(root) = browser::El::root() {
        root.set_attr("lang", lang.tag());
    }
    super::page::apply_static_texts(&texts);
    if let Err(message) = start(lang, texts) {
        browser::log_error(&format!("the game page cannot start: {message:?}"));
    }
}

/// Calls `ready` with the messages of `lang` over English: at once for English; else once its
/// catalogue has been fetched (empty, so English shows, if it cannot be read: logged).
pub fn load(lang: Lang, ready: impl FnOnce(Vec<(String, String)>) + 'static) {
    load_for(lang, None, ready)
}

/// [`load`] for a game's page: the site's catalogue of `lang` and, with `game`, the game's own
/// (`locales/<game>/<lang>.json`), one after the other, merged.
pub fn load_for(
    lang: Lang,
    game: Option<&'static str>,
    ready: impl FnOnce(Vec<(String, String)>) + 'static,
) {
    if lang == Lang::En {
        return ready(Vec::new());
    }
    let Some(game) = game else {
        return load_file(format!("locales/{}.json", lang.tag()), lang, ready);
    };
    load_file(
        format!("locales/{}.json", lang.tag()),
        lang,
        move |mut site| {
            load_file(
                format!("locales/{game}/{}.json", lang.tag()),
                lang,
                move |own| {
                    site.extend(own);
                    ready(site)
                },
            )
        },
    );
}

/// Fetches the catalogue at `path` (empty if it cannot be read: logged).
fn load_file(path: String, lang: Lang, ready: impl FnOnce(Vec<(String, String)>) + 'static) {
    browser::fetch_text(&path, move |result| {
        let messages = result
            .and_then(|text| browser::flat_json_strings(&text))
            .unwrap_or_else(|e| {
                browser::log_warning(&format!("the {} texts are unreadable: {e}", lang.tag()));
                Vec::new()
            });
        ready(messages)
    });
}
