//! The WebAssembly module of the Learn, embed and editor pages (built for wasm32 by Trunk with
//! the feature `web-pages`): each page's script calls its entry point (`start_embed`,
//! `start_editor`, `lesson_queries`) once it has loaded. No search and no game page.

// Links the library, whose `web-pages` entry points are this module's exports.
use jungle as _;

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = jungle::web::start() {
        jungle::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
