//! The game page's WebAssembly module (built for wasm32 by Trunk with the feature `web-game`):
//! the game starts when it loads. No search (the AI worker's module `jungle-ai` has it) and none
//! of the other pages (`jungle-pages`).

// Links the library, whose `web-game` entry point this is.
use jungle as _;

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = jungle::web::start() {
        jungle::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
