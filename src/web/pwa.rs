//! Offline play: registers the service worker (`www/sw.js`, given each build's file list and
//! version by `tools/pwa-build.mjs`) and, when a new version of the site has downloaded in the
//! background, shows a small notice. The new version takes over on the next load by itself; the
//! notice's button switches now.

use super::browser::{self, El};
use super::i18n::{Catalogue, ENGLISH_JSON};

/// The service worker's script, next to the page (its scope is the whole site).
pub const SERVICE_WORKER_SCRIPT: &str = "sw.js";

/// The id of the notice that a new version is ready.
pub const UPDATE_NOTICE_ID: &str = "update-notice";

/// Registers the service worker, in release builds only: a debug build runs under `trunk serve`,
/// whose live reload must always get fresh files (its `sw.js` unregisters any earlier one).
pub fn start() {
    if cfg!(debug_assertions) {
        return;
    }
    browser::register_service_worker(SERVICE_WORKER_SCRIPT, || {
        if let Err(message) = show_update_notice() {
            browser::log_warning(&format!("cannot show the update notice: {message}"));
        }
    });
}

/// Shows (once) the notice that a new version is ready, with a button that switches to it now.
fn show_update_notice() -> Result<(), browser::BrowserError> {
    if El::by_id(UPDATE_NOTICE_ID).is_ok() {
        return Ok(());
    }
    let texts = Catalogue::new(browser::flat_json_strings(ENGLISH_JSON)?);
    let notice = El::create("div")?;
    notice.set_attr("id", UPDATE_NOTICE_ID);
    notice.set_attr("class", "update-notice");
    notice.set_attr("role", "status");
    let text = El::create("span")?;
    text.set_text(&texts.text("update.ready"));
    let button = El::create("button")?;
    button.set_attr("type", "button");
    button.set_text(&texts.text("update.reload"));
    button.on("click", |_| browser::activate_waiting_service_worker());
    notice.append(&text);
    notice.append(&button);
    El::body()?.append(&notice);
    Ok(())
}
