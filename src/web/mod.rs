//! The browser layer (wasm32 only): the page (`page.rs`) wires the browser (`browser.rs`, the
//! only file calling `web-sys`) to the game flow (`app.rs`), the canvas drawing (`board_view.rs`)
//! and the gestures (`input.rs`); the AI runs in a Web Worker (`ai_worker.rs`, started by
//! `www/worker.js`).
//!
//! Three WebAssembly modules are built from this library (Cargo.toml), so that each page loads
//! only what it uses: the game page's (bin `jungle-game`, feature `web-game`: [`start`] starts
//! the game), the other pages' (bin `jungle-pages`, feature `web-pages`: [`start_embed`],
//! [`start_editor`], [`lesson_queries`], [`embed_language`]) and the AI worker's (bin
//! `jungle-ai`, feature `web-ai`: [`worker_receive`]). Each feature compiles in its module's entry
//! points; the linker keeps only what they reach, so no page's module carries the search, and
//! the worker's carries no page.

pub mod ai_worker;
pub mod announcer;
pub mod app;
pub mod board_controller;
pub mod board_view;
pub mod browser;
pub mod editor_page;
pub mod embed_page;
pub mod i18n;
pub mod input;
pub mod languages;
pub mod page;
pub mod pwa;
pub mod sound;
pub mod storage;

use crate::jungle::bitboard::{DEN, TRAPS, WATER};
use crate::jungle::square::{FILES, RANKS};
use crate::jungle::{Piece, Setup};
use crate::{Animal, Position, Side, Square};
use board_view::{Emblem, Scene, Terrain, Token, TokenColour};
use wasm_bindgen::prelude::*;

/// The id of the board's `<canvas>` in `index.html`.
pub const BOARD_CANVAS_ID: &str = "board";

/// The pages' entry point, run as soon as a page's module is loaded: offline support, and in the
/// game page (its module built with `web-game`) the game; the other pages (`<body
/// data-page="…">`) are started by their own script ([`start_embed`], [`start_editor`]) after it.
pub fn start() -> Result<(), JsValue> {
    browser::install_panic_hook();
    if browser::in_page() {
        match browser::page_kind().as_deref() {
            // A board framed in someone else's page: offline copies, but no update notices
            // inside the frame (the next load simply gets the new version).
            Some("embed") => {
                if !cfg!(debug_assertions) {
                    browser::register_service_worker(pwa::SERVICE_WORKER_SCRIPT, || {});
                }
            }
            kind => {
                // First: even a page that fails to start still picks up the next (fixed) version.
                pwa::start();
                if kind.is_none() && cfg!(feature = "web-game") {
                    start_game()?;
                }
            }
        }
    }
    Ok(())
}

/// Starts the game page (its module only: the other modules leave the game out).
#[cfg(feature = "web-game")]
fn start_game() -> Result<(), JsValue> {
    page::start()
}

#[cfg(not(feature = "web-game"))]
fn start_game() -> Result<(), JsValue> {
    Err(JsValue::from_str("this module has no game page"))
}

/// The language tag a page other than the game speaks (`lang`, else the browser's, else `en`):
/// the Learn page's script fetches its lessons' texts in it.
#[cfg(feature = "web-pages")]
#[wasm_bindgen]
pub fn embed_language() -> String {
    embed_page::language().tag().to_string()
}

/// Starts the embed page (`embed.html`), in [`embed_language`] (its catalogue is compiled in).
#[cfg(feature = "web-pages")]
#[wasm_bindgen]
pub fn start_embed() -> Result<(), JsValue> {
    embed_page::start()?;
    Ok(())
}

/// Starts the position editor page (`editor.html`).
#[cfg(feature = "web-pages")]
#[wasm_bindgen]
pub fn start_editor() -> Result<(), JsValue> {
    editor_page::start()?;
    Ok(())
}

/// The AI worker's message handler (called by `www/worker.js`).
#[cfg(feature = "web-ai")]
#[wasm_bindgen]
pub fn worker_receive(message: JsValue) {
    ai_worker::receive(message);
}

/// Sets `<html data-theme>` for `theme`; `auto` follows the system setting (call again when it
/// changes).
pub fn apply_theme(theme: crate::embed::Theme) {
    use crate::embed::Theme;
    let dark = match theme {
        Theme::Dark => true,
        Theme::Light => false,
        Theme::Auto => browser::media_matches("(prefers-color-scheme: dark)"),
    };
    if let Ok(root) = browser::El::root() {
        root.set_attr("data-theme", if dark { "dark" } else { "light" });
    }
}

/// The token colour of a side.
pub fn colour_of(side: Side) -> TokenColour {
    match side {
        Side::Black => TokenColour::Dark,
        Side::White => TokenColour::Light,
    }
}

/// The picture of an animal.
pub fn emblem_of(animal: Animal) -> Emblem {
    match animal {
        Animal::Rat => Emblem::Rat,
        Animal::Cat => Emblem::Cat,
        Animal::Dog => Emblem::Dog,
        Animal::Wolf => Emblem::Wolf,
        Animal::Leopard => Emblem::Leopard,
        Animal::Tiger => Emblem::Tiger,
        Animal::Lion => Emblem::Lion,
        Animal::Elephant => Emblem::Elephant,
    }
}

/// The terrain of `square`: water, a side's trap or den, or land.
pub fn terrain_of(square: Square) -> Terrain {
    if WATER.contains(square) {
        Terrain::Water
    } else if DEN[0].contains(square) {
        Terrain::Den(TokenColour::Dark)
    } else if DEN[1].contains(square) {
        Terrain::Den(TokenColour::Light)
    } else if TRAPS[0].contains(square) {
        Terrain::Trap(TokenColour::Dark)
    } else if TRAPS[1].contains(square) {
        Terrain::Trap(TokenColour::Light)
    } else {
        Terrain::Land
    }
}

/// What the board view shows for `position`: terrain per square and an animal token per piece,
/// squares in index order (`a1` first, which the view draws bottom-left), nothing marked.
pub fn scene_of(position: &Position) -> Scene {
    scene_of_setup(&position.to_setup())
}

/// What the board view shows for a setup that may not be a legal position (the editor's).
pub fn scene_of_setup(setup: &Setup) -> Scene {
    let mut scene = Scene::empty(FILES, RANKS);
    scene.terrain = Square::all().map(terrain_of).collect();
    scene.tokens = Square::all()
        .map(|square| setup.board[square.index()].map(token_of))
        .collect();
    scene
}

/// The token the board draws for `piece`.
pub fn token_of(piece: Piece) -> Token {
    Token {
        label: piece.animal.letter(),
        caption: piece.animal.rank().to_string(),
        colour: colour_of(piece.side),
        emblem: emblem_of(piece.animal),
    }
}

/// The Learn page's boards: for the tutorial `lessons` (the text of `learn/lessons.json`), a
/// JSON list per section of each board's embed query ([`crate::embed::lessons::LessonBoard::embed_query`]).
/// Unreadable lessons are an error naming the problem.
#[cfg(feature = "web-pages")]
#[wasm_bindgen]
pub fn lesson_queries(lessons: &str) -> Result<String, JsValue> {
    let lessons: crate::embed::lessons::Lessons = browser::from_json(lessons)
        .map_err(|e| JsValue::from_str(&format!("the lessons are unreadable: {e}")))?;
    let queries: Vec<Vec<String>> = lessons
        .sections
        .iter()
        .map(|section| section.boards.iter().map(|b| b.embed_query()).collect())
        .collect();
    browser::to_json(&queries).map_err(|e| JsValue::from_str(&e))
}
