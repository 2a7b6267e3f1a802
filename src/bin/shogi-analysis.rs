//! Shogi's analysis module (built for wasm32 by Trunk with the feature `web-ai`): the analysis
//! page (`analysis.html?game=shogi`; `www/analysis.js` calls [`start_analysis`]) and its
//! engine's worker (`www/analysis-worker.js?game=shogi` hands every message to
//! [`worker_receive`]: the best lines, the review, or a move) load this one file, downloaded
//! once. As Jungle's (`src/bin/jungle-analysis.rs`, which says why a module of its own): only
//! the analysis page loads it, so the shogi page's first load (`shogi-game`) does not grow.

#[cfg(target_arch = "wasm32")]
use tabula::web::games::shogi::ShogiWeb;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// The analysis worker's message handler (called by `www/analysis-worker.js`; in the page it is
/// never called).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn worker_receive(message: JsValue) {
    tabula::web::analysis_worker::receive::<ShogiWeb>(message);
}

/// Starts the analysis board (`analysis.html?game=shogi`) for shogi (called by
/// `www/analysis.js`).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_analysis() -> Result<(), JsValue> {
    tabula::web::analysis_page::start::<ShogiWeb>()
}

/// Starts an analysis board in an embed frame (`embed.html?game=shogi&mode=analysis`, called by
/// `www/embed.js`: the frame's other modes load the pages module instead).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_embed_analysis() -> Result<(), JsValue> {
    tabula::web::analysis_page::start_embed::<ShogiWeb>()
}

/// Starts the puzzle trainer (`puzzles.html?game=shogi`) for shogi's tsume (called by
/// `www/puzzles.js`; its refutations come from this module's worker too).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start_puzzles() -> Result<(), JsValue> {
    tabula::web::puzzles_page::start::<ShogiWeb>()
}

fn main() {
    // In the worker there is no page: this only installs the panic hook there.
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = tabula::web::start_pages::<ShogiWeb>() {
        tabula::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
