//! Shogi's module for the pages other than its game page (built for wasm32 by Trunk with the
//! feature `web-pages`, as Jungle's `jungle-pages`): each export is one call to the library's
//! generic entry point for shogi, which the page's script calls on the module of its
//! `?game=shogi`. No search and nothing of Jungle's rules.

/// Starts shogi's position editor (`editor.html?game=shogi`; `www/editor.js` calls it).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start_editor() -> Result<(), wasm_bindgen::JsValue> {
    jungle::web::start_editor::<jungle::web::games::shogi::ShogiWeb>()
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = jungle::web::start() {
        jungle::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
