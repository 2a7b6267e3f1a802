//! The pages' languages. Every catalogue, English too, is fetched from `locales/<tag>.json` when
//! needed (the service worker keeps them for offline use), which keeps them out of every
//! visitor's first download (issue 5's budget: a visitor fetches one language, and the pages'
//! HTML holds the English texts until it arrives); the reader's choice is remembered.
//!
//! Which language a visit starts in: the `lang` URL parameter, else the remembered choice, else
//! the first of the browser's languages the page speaks, else English.

use super::browser;
use super::i18n::{Catalogue, GameTexts};
use crate::web::embed::params::query_value;
use crate::web::embed::Lang;
use std::fmt::Debug;

/// Where the reader's choice is remembered.
pub const LANGUAGE_KEY: &str = "tabula.lang";

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

/// The embed's own texts (`www/locales/embed/`: its messages and the reasons a parameter is
/// refused), for the pages that read the embed's parameters (the embed frame, the editor, the
/// analysis board's frame); the game pages' catalogues and first load are without them.
pub const EMBED_TEXTS: (&str, &str) = ("embed", include_str!("../../www/locales/embed/en.json"));

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
        let mut texts = Catalogue::default();
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
/// folder's) are loaded: as [`start_page`], the game's keys `game.…` overriding the site's
/// ([`Catalogue::set_game`]).
pub fn start_game_page<E: Debug + 'static>(
    lang: Lang,
    game: Option<GameTexts>,
    start: fn(Lang, Catalogue) -> Result<(), E>,
) {
    load_for(lang, game, move |messages| {
        begin_game_page(lang, game, &[], messages, start)
    });
}

/// [`start_game_page`] for a page with catalogues of its own, `pages` = (each one's folder under
/// `locales/`, its English compiled into the page's module only): their keys join the site's,
/// and the other pages (their modules and their first load) do not carry them.
pub fn start_game_page_with<E: Debug + 'static>(
    lang: Lang,
    game: Option<GameTexts>,
    pages: &'static [(&'static str, &'static str)],
    start: fn(Lang, Catalogue) -> Result<(), E>,
) {
    load_for(lang, game, move |messages| {
        load_pages(lang, pages, messages, move |messages| {
            begin_game_page(lang, game, pages, messages, start)
        })
    });
}

/// Adds to `messages` the texts of `lang` of each of `pages` (none for English: each page's
/// English is compiled in), one file after the other, then calls `ready`.
fn load_pages(
    lang: Lang,
    pages: &'static [(&'static str, &'static str)],
    mut messages: Vec<(String, String)>,
    ready: impl FnOnce(Vec<(String, String)>) + 'static,
) {
    let [(folder, _), rest @ ..] = pages else {
        return ready(messages);
    };
    if lang == Lang::En {
        return ready(messages);
    }
    load_file(
        format!("locales/{folder}/{}.json", lang.tag()),
        lang,
        move |own| {
            messages.extend(own);
            load_pages(lang, rest, messages, ready)
        },
    );
}

/// The catalogue of a game's page (the page's own English if it has one, then `messages`, the
/// site's and the game's, over it) applied to the page, then `start`.
fn begin_game_page<E: Debug + 'static>(
    lang: Lang,
    game: Option<GameTexts>,
    pages: &[(&'static str, &'static str)],
    messages: Vec<(String, String)>,
    start: fn(Lang, Catalogue) -> Result<(), E>,
) {
    let mut english = Vec::new();
    for (name, json) in pages {
        match browser::flat_json_strings(json) {
            Ok(own) => english.extend(own),
            Err(message) => {
                return browser::log_error(&format!("the {name} English texts: {message}"))
            }
        }
    }
    let mut texts = Catalogue::new(english);
    if let Some(prefix) = game.and_then(|g| g.prefix) {
        texts.set_game(prefix);
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

/// Calls `ready` with the messages of `lang` once its catalogue has been fetched (English's
/// if it cannot be read, logged).
pub fn load(lang: Lang, ready: impl FnOnce(Vec<(String, String)>) + 'static) {
    load_for(lang, None, ready)
}

/// [`load`] for a game's page: the site's catalogue of `lang` and, with `game`, the game's own
/// (`locales/<game>/<lang>.json`), one after the other, merged.
pub fn load_for(
    lang: Lang,
    game: Option<GameTexts>,
    ready: impl FnOnce(Vec<(String, String)>) + 'static,
) {
    let Some(GameTexts { folder, .. }) = game else {
        return load_file(format!("locales/{}.json", lang.tag()), lang, ready);
    };
    load_file(
        format!("locales/{}.json", lang.tag()),
        lang,
        move |mut site| {
            load_file(
                format!("locales/{folder}/{}.json", lang.tag()),
                lang,
                move |own| {
                    site.extend(own);
                    ready(site)
                },
            )
        },
    );
}

/// Fetches the catalogue at `path`, `locales/[<folder>/]<lang>.json`; if it cannot be read
/// (logged), the English one beside it; empty if neither can.
fn load_file(path: String, lang: Lang, ready: impl FnOnce(Vec<(String, String)>) + 'static) {
    let fetched = path.clone();
    browser::fetch_text(&fetched, move |result| {
        match result.and_then(|text| browser::flat_json_strings(&text)) {
            Ok(messages) => ready(messages),
            Err(e) => {
                browser::log_warning(&format!("the {} texts are unreadable: {e}", lang.tag()));
                match path.strip_suffix(&format!("{}.json", lang.tag())) {
                    Some(folder) if lang != Lang::En => {
                        load_file(format!("{folder}en.json"), Lang::En, ready)
                    }
                    _ => ready(Vec::new()),
                }
            }
        }
    });
}
