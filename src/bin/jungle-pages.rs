//! The WebAssembly module of the Learn, embed and editor pages (built for wasm32 by Trunk with
//! the feature `web-pages`): each page's script calls its entry point (`start_embed`,
//! `start_editor`, `lesson_queries`) once it has loaded. No search and no game page.

// Links the library, whose `web-pages` entry points are this module's exports.
use jungle as _;

/// Starts Jungle's position editor (`editor.html`; `www/editor.js` calls it).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start_editor() -> Result<(), wasm_bindgen::JsValue> {
    jungle::web::start_editor::<jungle::web::games::jungle::JungleWeb>()
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = jungle::web::start() {
        jungle::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
