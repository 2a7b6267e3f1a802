//! Jungle's AI worker module (built for wasm32 by Trunk with the feature `web-ai`):
//! `www/worker.js` loads it and hands every message from the page to its one export,
//! `worker_receive`. The rules and the search, and none of the pages.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// The AI worker's message handler (called by `www/worker.js`).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn worker_receive(message: JsValue) {
    tabula::web::ai_worker::receive::<tabula::web::games::jungle::JungleWeb>(message);
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    tabula::web::browser::install_panic_hook();
}
