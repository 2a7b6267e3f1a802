//! Jungle's pages module (built for wasm32 by Trunk with the feature `web-pages`): the Learn,
//! embed and editor pages' entry points for Jungle, each page's script calling its own once the
//! module has loaded. Each export is one line calling the library's generic function (the
//! same code as `shogi-pages`); no search, no game page, nothing of shogi.

#[cfg(target_arch = "wasm32")]
use jungle::web::games::jungle::JungleWeb;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// The language the pages speak ([`jungle::web::embed_language`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn embed_language() -> String {
    jungle::web::embed_language::<JungleWeb>()
}

/// Starts the embed page ([`jungle::web::start_embed`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_embed() -> Result<(), JsValue> {
    jungle::web::start_embed::<JungleWeb>()
}

/// The Learn page's boards ([`jungle::web::lesson_queries`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn lesson_queries(lessons: &str) -> Result<String, JsValue> {
    jungle::web::lesson_queries(lessons)
}

/// Starts the position editor page ([`jungle::web::start_editor`]).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_editor() -> Result<(), JsValue> {
    jungle::web::start_editor::<JungleWeb>()
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = jungle::web::start_pages::<JungleWeb>() {
        jungle::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
