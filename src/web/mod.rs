//! The browser layer, for every game: the page (`page.rs`) wires the browser (`browser/`, the
//! only code calling `web-sys`) to the game flow (`app/`), the canvas drawing (`board_view/`)
//! and the gestures (`input.rs`); the AI runs in a Web Worker (`ai_worker.rs`, started by
//! `www/worker.js`). A game plays on these pages by implementing one interface
//! ([`game::WebGame`]; the games are in [`games`]).
//!
//! The modules that touch the browser are built for wasm32 only; the rest (the game flow, the
//! drawing over a [`board_view::Surface`], the gestures, the games' adapters) is plain Rust and
//! is tested natively too.
//!
//! WebAssembly modules are built from this library (Cargo.toml), so that each page loads only
//! what it uses: each game's page module (bin `<game>-game`, feature `web-game`: its `main`
//! calls `start_game` for its game), each game's other pages' (bin `<game>-pages`, feature
//! `web-pages`: its exports are one-line calls of `start_embed`, `embed_language`,
//! `lesson_queries` for its game, and Jungle's of `start_editor`) and
//! each game's AI worker module (bin `<game>-ai`, feature `web-ai`: its `worker_receive`
//! export calls `ai_worker::receive` for its game; these entry points are built for wasm32
//! only, so they are named here without links). The linker keeps only what a module's
//! entry points reach, so no page's module carries the search, the worker's carries no page,
//! and neither game's modules carry the other game.

pub mod ai_worker;
#[cfg(target_arch = "wasm32")]
pub mod analysis_page;
pub mod analysis_worker;
#[cfg(target_arch = "wasm32")]
pub mod announcer;
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod board_controller;
pub mod board_view;
#[cfg(target_arch = "wasm32")]
pub mod browser;
pub mod clock;
pub mod editing;
#[cfg(target_arch = "wasm32")]
pub mod editor_page;
pub mod embed;
#[cfg(target_arch = "wasm32")]
pub mod embed_page;
#[cfg(target_arch = "wasm32")]
mod entry;
pub mod game;
pub mod games;
pub mod i18n;
pub mod input;
#[cfg(target_arch = "wasm32")]
pub mod languages;
#[cfg(target_arch = "wasm32")]
pub mod page;
#[cfg(target_arch = "wasm32")]
pub mod puzzles_page;
#[cfg(target_arch = "wasm32")]
pub mod pwa;
pub mod sound;
#[cfg(target_arch = "wasm32")]
pub mod storage;

#[cfg(target_arch = "wasm32")]
pub use entry::*;
