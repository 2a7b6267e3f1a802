//! Offline play: registers the service worker (`www/sw.js`, given each build's file list and
//! version by `tools/pwa-build.mjs`) and, when a new version of the site has downloaded in the
//! background, shows a small notice. The new version takes over on the next load by itself; the
//! notice's button switches now. The notice speaks the page's language (`<html lang>`, which
//! every page sets and the game page's language switcher changes).

use super::browser::{self, El};
use super::i18n::Catalogue;
use super::languages;
use crate::web::embed::Lang;

/// The service worker's script, next to the page (its scope is the whole site).
pub const SERVICE_WORKER_SCRIPT: &str = "sw.js";

/// The id of the notice that a new version is ready.
pub const UPDATE_NOTICE_ID: &str = "update-notice";

/// A game's own texts, when the page is a game's (a game page's notice names its game).
pub type GameTexts = Option<crate::web::i18n::GameTexts>;

/// Registers the service worker, in release builds only: a debug build runs under `trunk serve`,
/// whose live reload must always get fresh files (its `sw.js` unregisters any earlier one). The
/// notice speaks with the site's texts, over them a game page's own (`game`).
pub fn start(game: GameTexts) {
    if cfg!(debug_assertions) {
        return;
    }
    browser::register_service_worker(SERVICE_WORKER_SCRIPT, move || {
        show_notice(
            "update.ready",
            "update.reload",
            browser::activate_waiting_service_worker,
            game,
        )
    });
    // Another tab switched to a new version: this page still runs the old code, so it had better
    // load again before it fetches anything more.
    browser::on_service_worker_replaced(move || {
        show_notice(
            "update.replaced",
            "update.reloadNow",
            browser::reload_page,
            game,
        )
    });
}

/// Shows the notice (replacing an earlier one): the text `text_key`, and a button `button_key`
/// that calls `action`.
fn show_notice(text_key: &'static str, button_key: &'static str, action: fn(), game: GameTexts) {
    // In the page's language (its catalogue is loaded: the page shows it).
    let lang = El::root()
        .ok()
        .and_then(|root| root.attr("lang"))
        .and_then(|tag| Lang::parse(&tag))
        .unwrap_or(Lang::En);
    languages::load_for(lang, game, move |messages| {
        if let Err(message) = try_show_notice(messages, text_key, button_key, action, game) {
            browser::log_warning(&format!("cannot show the update notice: {message}"));
        }
    });
}

fn try_show_notice(
    messages: Vec<(String, String)>,
    text_key: &str,
    button_key: &str,
    action: fn(),
    game: GameTexts,
) -> Result<(), browser::BrowserError> {
    let mut texts = Catalogue::default();
    if let Some(prefix) = game.and_then(|g| g.prefix) {
        texts.set_game(prefix);
    }
    texts.set_language(messages);
    let notice = match El::by_id(UPDATE_NOTICE_ID) {
        Ok(notice) => {
            if notice.attr("data-text") == Some(text_key.to_string()) {
                return Ok(());
            }
            notice.clear();
            notice
        }
        Err(_) => {
            let notice = El::create("div")?;
            notice.set_attr("id", UPDATE_NOTICE_ID);
            notice.set_attr("class", "update-notice");
            notice.set_attr("role", "status");
            El::body()?.append(&notice);
            notice
        }
    };
    notice.set_attr("data-text", text_key);
    let text = El::create("span")?;
    text.set_text(&texts.text(text_key));
    let button = El::create("button")?;
    button.set_attr("type", "button");
    button.set_text(&texts.text(button_key));
    button.on("click", move |_| action());
    notice.append(&text);
    notice.append(&button);
    Ok(())
}
