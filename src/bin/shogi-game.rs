//! Shogi's module (built for wasm32 by Trunk with the feature `web-game`): `shogi.html` starts
//! it as its page, and the AI worker (`www/worker.js?game=shogi`) loads the same file and hands
//! every message to its export `worker_receive`. The shogi rules, its formats, the page and the
//! search; nothing of Jungle and none of the other pages.
//!
//! One module for both, unlike Jungle's two: shogi's rules and formats are large enough that
//! carrying them twice (a page module of 172 KB gzipped and an AI module of 88 KB, measured)
//! would take the first visit past its budget of 250 KB, while the search adds 23 KB to the page
//! module and the worker's copy is the same file, downloaded once. The search then runs at the
//! page's size optimisation (`wasm-release`, opt-level z) rather than Jungle's AI's speed one.

/// The AI worker's message handler (called by `www/worker.js`; in the page it is never called).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn worker_receive(message: wasm_bindgen::JsValue) {
    tabula::web::ai_worker::receive::<tabula::web::games::shogi::ShogiWeb>(message);
}

fn main() {
    // In the worker there is no page: this only installs the panic hook there.
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = tabula::web::start_game::<tabula::web::games::shogi::ShogiWeb>() {
        tabula::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
