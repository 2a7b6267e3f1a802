//! Jungle's analysis module (built for wasm32 by Trunk with the feature `web-ai`): the analysis
//! page (`analysis.html`; `www/analysis.js` calls [`start_analysis`]) and its engine's worker
//! (`www/analysis-worker.js` hands every message to [`worker_receive`]:
//! [`tabula::web::analysis_worker::receive`]: the best lines, the review, or a move as the AI
//! worker's module would search it) load this one file, downloaded once.
//!
//! Its own module rather than the AI worker's (`jungle-ai`): the game page's first load carries
//! the AI's module, and the analysis (MultiPV, the review, their messages) would add about
//! 11 KB gzipped to it (measured: 65 → 76 KB). Nor the pages module's (`jungle-pages`): the
//! analysis page's code would add about 40 KB gzipped to every Learn, embed and editor page.
//! One file for page and worker, as shogi's `shogi-game`: the page's code runs at the engine's
//! speed optimisation rather than the pages' size one.

#[cfg(target_arch = "wasm32")]
use tabula::web::games::jungle::JungleWeb;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// The analysis worker's message handler (called by `www/analysis-worker.js`; in the page it is
/// never called).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn worker_receive(message: JsValue) {
    tabula::web::analysis_worker::receive::<JungleWeb>(message);
}

/// Starts the analysis board (`analysis.html`) for Jungle (called by `www/analysis.js`).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_analysis() -> Result<(), JsValue> {
    tabula::web::analysis_page::start::<JungleWeb>()
}

/// Starts the puzzle trainer (`puzzles.html`) for Jungle (called by `www/puzzles.js`; its
/// refutations come from this module's worker too).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_puzzles() -> Result<(), JsValue> {
    tabula::web::puzzles_page::start::<JungleWeb>()
}

/// Starts an analysis board in an embed frame (`embed.html?mode=analysis`, called by
/// `www/embed.js`: the frame's other modes load the pages module instead).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_embed_analysis() -> Result<(), JsValue> {
    tabula::web::analysis_page::start_embed::<JungleWeb>()
}

fn main() {
    // In the worker there is no page: this only installs the panic hook there.
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = tabula::web::start_pages::<JungleWeb>() {
        tabula::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
