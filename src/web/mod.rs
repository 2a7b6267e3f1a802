//! The browser layer: canvas board, input, worker bridge, embedding, storage (wasm32 only).
//!
//! For now it draws the start position on the page's `<canvas id="board">` and redraws it when the
//! window changes size. Only [`browser`] touches `web-sys`.

pub mod board_view;
pub mod browser;

use crate::jungle::bitboard::{DEN, TRAPS, WATER};
use crate::jungle::square::{FILES, RANKS};
use crate::{Position, Ruleset, Side, Square};
use board_view::{Layout, Scene, Terrain, Token, TokenColour};
use browser::{BrowserError, Canvas};
use wasm_bindgen::prelude::*;

/// The id of the board's `<canvas>` in `index.html`.
pub const BOARD_CANVAS_ID: &str = "board";

/// Entry point, run by the page as soon as the module is loaded.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    browser::install_panic_hook();
    let scene = scene_of(&Position::start(&Ruleset::default()));
    let mut canvas = Canvas::find(BOARD_CANVAS_ID)?;
    redraw(&mut canvas, &scene)?;
    browser::on_window_resize(move || {
        if let Err(message) = redraw(&mut canvas, &scene) {
            browser::log_error(&message);
        }
    })?;
    Ok(())
}

fn redraw(canvas: &mut Canvas, scene: &Scene) -> Result<(), BrowserError> {
    let (width, height) = canvas.fit_to_css_box()?;
    let layout = Layout::fit(width, height, scene.files, scene.ranks);
    board_view::draw(canvas, &layout, scene);
    canvas.publish_layout(&layout)
}

/// What the board view shows for `position`: terrain per square and an animal token per piece,
/// squares in index order (`a1` first, which the view draws bottom-left).
pub fn scene_of(position: &Position) -> Scene {
    let terrain = Square::all()
        .map(|square| {
            if WATER.contains(square) {
                Terrain::Water
            } else if (DEN[0] | DEN[1]).contains(square) {
                Terrain::Den
            } else if (TRAPS[0] | TRAPS[1]).contains(square) {
                Terrain::Trap
            } else {
                Terrain::Land
            }
        })
        .collect();
    let tokens = Square::all()
        .map(|square| {
            position.piece_at(square).map(|piece| Token {
                label: piece.animal.letter(),
                caption: piece.animal.rank().to_string(),
                colour: match piece.side {
                    Side::Black => TokenColour::Dark,
                    Side::White => TokenColour::Light,
                },
            })
        })
        .collect();
    Scene {
        files: FILES,
        ranks: RANKS,
        terrain,
        tokens,
    }
}
