//! The WebAssembly module of the Learn, embed, editor and analysis pages (built for wasm32 by
//! Trunk with the feature `web-pages`): each page's script calls its entry point
//! (`start_embed`, `start_editor`, `lesson_queries`, `start_analysis`) once it has loaded. No
//! search (the analysis board's engine runs in the AI worker) and no game page.

// Links the library, whose `web-pages` entry points are this module's exports.
use jungle as _;

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = jungle::web::start() {
        jungle::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}

/// Starts the analysis board (`analysis.html`) for Jungle.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start_analysis() -> Result<(), wasm_bindgen::JsValue> {
    jungle::web::analysis_page::start::<jungle::web::games::jungle::JungleWeb>()
}
