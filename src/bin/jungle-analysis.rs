//! Jungle's analysis worker module (built for wasm32 by Trunk with the feature `web-ai`):
//! `www/analysis-worker.js` loads it for the analysis board and the game review, and hands every
//! message to its one export, `worker_receive` ([`jungle::web::analysis_worker::receive`]: the
//! best lines, the review, or a move as the AI worker's module would search it).
//!
//! Its own module rather than the AI worker's (`jungle-ai`): the game page's first load carries
//! the AI's module, and the analysis (MultiPV, the review, their messages) would add about
//! 11 KB gzipped to it (measured: 65 → 76 KB); only the analysis page downloads this one.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// The analysis worker's message handler (called by `www/analysis-worker.js`).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn worker_receive(message: JsValue) {
    jungle::web::analysis_worker::receive::<jungle::web::games::jungle::JungleWeb>(message);
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    jungle::web::browser::install_panic_hook();
}
