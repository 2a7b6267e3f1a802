//! Jungle's pages module (built for wasm32 by Trunk with the feature `web-pages`): the Learn,
//! embed and editor pages' entry points for Jungle, each page's script calling its own once the
//! module has loaded. Each export is one line calling the library's generic function (the
//! same code as `shogi-pages`); no search, no game page, nothing of shogi.

#[cfg(target_arch = "wasm32")]
use tabula::web::games::jungle::JungleWeb;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// The language the pages speak ([`tabula::web::embed_language`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn embed_language() -> String {
    tabula::web::embed_language::<JungleWeb>()
}

/// Starts the embed page ([`tabula::web::start_embed`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_embed() -> Result<(), JsValue> {
    tabula::web::start_embed::<JungleWeb>()
}

/// The Learn page's boards ([`tabula::web::lesson_queries`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn lesson_queries(lessons: &str) -> Result<String, JsValue> {
    tabula::web::lesson_queries(lessons)
}

/// Starts the position editor page ([`tabula::web::start_editor`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_editor() -> Result<(), JsValue> {
    tabula::web::start_editor::<JungleWeb>()
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = tabula::web::start_pages::<JungleWeb>() {
        tabula::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
