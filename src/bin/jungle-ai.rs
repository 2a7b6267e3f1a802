//! The AI worker's WebAssembly module (built for wasm32 by Trunk with the feature `web-ai`):
//! `www/worker.js` loads it and hands every message from the page to its one export,
//! `worker_receive`. The rules and the search, and none of the pages.

// Links the library, whose `web-ai` entry point is this module's export.
use jungle as _;

fn main() {
    #[cfg(target_arch = "wasm32")]
    jungle::web::browser::install_panic_hook();
}
