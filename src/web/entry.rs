//! The wasm modules' entry points and page-wide helpers (browser only).

use super::game::WebGame;
use super::{browser, page, pwa};
#[cfg(feature = "web-pages")]
use super::{editor_page, embed_page};
use wasm_bindgen::prelude::*;

/// The id of the board's `<canvas>` in every page with a board.
pub const BOARD_CANVAS_ID: &str = "board";

/// A page module's start, as soon as it is loaded: offline support (and in a framed embed page
/// only the offline copies, no update notices inside the frame: the next load simply gets the
/// new version). The Learn, embed and editor pages (`<body data-page="…">`) are then started
/// by their own script ([`start_embed`], [`start_editor`]).
pub fn start() -> Result<(), JsValue> {
    start_with(None)
}

/// A pages module's start (bin `<game>-pages`): [`start`], the update notice speaking with the
/// game's own texts too.
pub fn start_pages<G: WebGame>() -> Result<(), JsValue> {
    start_with(Some(G::TEXTS))
}

/// [`start`], the update notice speaking with a game's own texts too (`game`).
fn start_with(game: pwa::GameTexts) -> Result<(), JsValue> {
    browser::install_panic_hook();
    if browser::in_page() {
        match browser::page_kind().as_deref() {
            Some("embed") => {
                if !cfg!(debug_assertions) {
                    browser::register_service_worker(pwa::SERVICE_WORKER_SCRIPT, || {});
                }
            }
            // First: even a page that fails to start still picks up the next (fixed) version.
            _ => pwa::start(game),
        }
    }
    Ok(())
}

/// A game page module's start (bin `<game>-game`): [`start`], then the game page of `G`.
pub fn start_game<G: WebGame>() -> Result<(), JsValue> {
    start_with(Some(G::TEXTS))?;
    if browser::in_page() && browser::page_kind().is_none() {
        page::start::<G>()?;
    }
    Ok(())
}

// The pages' entry points are generic over the game; each game's pages module
// (`src/bin/<game>-pages.rs`) exports them for its game, one line each (wasm-bindgen exports
// cannot be generic), so that no module carries another game's rules.

/// The language tag a page of `G` other than the game speaks (`lang` if `G` offers it, else
/// the browser's, else `en`): the Learn page's script fetches its lessons' texts in it.
#[cfg(feature = "web-pages")]
pub fn embed_language<G: WebGame>() -> String {
    embed_page::language::<G>().tag().to_string()
}

/// Starts the embed page of `G` (`embed.html`, `embed.html?game=shogi`), in
/// [`embed_language`].
#[cfg(feature = "web-pages")]
pub fn start_embed<G: WebGame>() -> Result<(), JsValue> {
    embed_page::start::<G>()?;
    Ok(())
}

/// Starts the position editor page (`editor.html`) for the game `G`: each game's pages module
/// (`src/bin/<game>-pages.rs`) exports it as `start_editor`, which `www/editor.js` calls on the
/// module of the page's `?game=`.
#[cfg(feature = "web-pages")]
pub fn start_editor<G: super::editing::EditorGame>() -> Result<(), JsValue> {
    editor_page::start::<G>()?;
    Ok(())
}

/// Sets `<html data-theme>` for an embed frame's `theme`; `auto` leaves it to `www/site.js`
/// (the site's choice, else the system's).
pub fn apply_theme(theme: crate::web::embed::Theme) {
    use crate::web::embed::Theme;
    let dark = match theme {
        Theme::Dark => true,
        Theme::Light => false,
        // The site's choice, else the system's: `www/site.js` marks it and keeps it current.
        Theme::Auto => return,
    };
    if let Ok(root) = browser::El::root() {
        root.set_attr("data-theme", if dark { "dark" } else { "light" });
    }
}

/// The Learn page's boards: for the tutorial `lessons` (the text of `learn/lessons.json`), a
/// JSON list per section of each board's embed query ([`crate::web::embed::lessons::LessonBoard::embed_query`]).
/// Unreadable lessons are an error naming the problem.
#[cfg(feature = "web-pages")]
pub fn lesson_queries(lessons: &str) -> Result<String, JsValue> {
    let lessons: crate::web::embed::lessons::Lessons = browser::from_json(lessons)
        .map_err(|e| JsValue::from_str(&format!("the lessons are unreadable: {e}")))?;
    let queries: Vec<Vec<String>> = lessons
        .sections
        .iter()
        .map(|section| section.boards.iter().map(|b| b.embed_query()).collect())
        .collect();
    browser::to_json(&queries).map_err(|e| JsValue::from_str(&e))
}
