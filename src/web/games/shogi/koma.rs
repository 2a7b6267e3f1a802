//! The shogi family's pieces on the board: the five-sided wooden koma, pointing away from its
//! owner, in either set (kanji, or the international faces with their movement marks).

use crate::web::board_view::{palette, Koma, Mark, PieceSet, Surface, Token, TokenColour};

/// A shogi piece centred on (`x`, `y`), pointing away from its owner as the board is shown
/// (`flipped`: from the second player's side); anything else is not drawn.
pub fn paint_koma<S: Surface>(
    surface: &mut S,
    x: f64,
    y: f64,
    cell: f64,
    token: &Token,
    flipped: bool,
) {
    if let Token::Koma(koma) = token {
        let up = (koma.colour == TokenColour::Dark) != flipped;
        draw_koma(surface, x, y, cell, koma, up);
    }
}

/// The outline of a shogi piece in units of its height, pointing up: the tip, the shoulders,
/// the base.
const KOMA_OUTLINE: [(f64, f64); 5] = [
    (0.0, -0.5),
    (0.33, -0.3),
    (0.4, 0.5),
    (-0.4, 0.5),
    (-0.33, -0.3),
];

/// A shogi piece centred on (`x`, `y`): pointing up (its owner at the bottom) or down, wood with
/// a darker edge, its face written on it (kanji, or the letter with its movement marks).
fn draw_koma(surface: &mut impl Surface, x: f64, y: f64, cell: f64, koma: &Koma, up: bool) {
    let height = cell * 0.9 * koma.size.clamp(0.5, 1.0);
    let turn = if up { 1.0 } else { -1.0 };
    // Points in the piece's units, turned with it, to canvas pixels.
    let at = |(u, v): (f64, f64), scale: f64| {
        (
            x + u * turn * height * scale,
            y + v * turn * height * scale + height * 0.03,
        )
    };
    let outline = |scale: f64, dx: f64, dy: f64| -> Vec<(f64, f64)> {
        KOMA_OUTLINE
            .iter()
            .map(|&p| {
                let (px, py) = at(p, scale);
                (px + dx, py + dy)
            })
            .collect()
    };
    surface.fill_polygon(&outline(1.0, cell * 0.025, cell * 0.04), palette::SHADOW);
    surface.fill_polygon(&outline(1.0, 0.0, 0.0), palette::KOMA_EDGE);
    surface.fill_polygon(&outline(0.9, 0.0, 0.0), palette::KOMA_BODY);
    let ink = if koma.promoted {
        palette::KOMA_PROMOTED_INK
    } else {
        palette::KOMA_INK
    };
    // The face sits a little towards the base, where the piece is widest.
    let (fx, fy) = at((0.0, 0.08), 1.0);
    match koma.set {
        PieceSet::Kanji => {
            let characters: Vec<char> = koma.glyph.chars().collect();
            if characters.len() <= 1 {
                surface.glyph(koma.glyph, fx, fy, height * 0.56, ink, true, !up);
            } else {
                // Two characters one above the other, as written on promoted minor pieces.
                let size = height * 0.36;
                for (index, c) in characters.iter().take(2).enumerate() {
                    let offset = if index == 0 { -0.19 } else { 0.19 };
                    let (cx, cy) = at((0.0, 0.08 + offset), 1.0);
                    surface.glyph(&c.to_string(), cx, cy, size, ink, true, !up);
                }
            }
        }
        PieceSet::International => {
            let letter = koma.letter.trim_start_matches('+');
            surface.glyph(letter, fx, fy, height * 0.4, ink, false, !up);
            draw_movement_marks(surface, koma.marks, &at, height, ink);
        }
    }
}

/// The international face's marks: a dot for each step, a bar for each slide, placed in the
/// direction they go from the piece's middle.
fn draw_movement_marks(
    surface: &mut impl Surface,
    marks: &[Mark],
    at: &dyn Fn((f64, f64), f64) -> (f64, f64),
    height: f64,
    ink: &str,
) {
    for mark in marks {
        let (dx, dy) = (f64::from(mark.dx), -f64::from(mark.dy));
        let length = dx.hypot(dy);
        if length == 0.0 {
            continue;
        }
        let (ux, uy) = (dx / length, dy / length);
        // Inside the outline: less room towards the tip than towards the sides and base.
        let reach = |r: f64| (ux * r * 0.9, uy * r + 0.08);
        if length > 1.5 {
            // A knight's jump: a dot in each upper corner, beyond the step marks.
            let (px, py) = at((ux * 0.2, -0.36), 1.0);
            surface.fill_ellipse(px, py, height * 0.045, height * 0.045, 0.0, ink);
        } else if mark.slide {
            let inner = at(reach(0.24), 1.0);
            let outer = at(reach(0.38), 1.0);
            surface.stroke_polyline(&[inner, outer], ink, height * 0.05);
        } else {
            let (px, py) = at(reach(0.34), 1.0);
            surface.fill_ellipse(px, py, height * 0.04, height * 0.04, 0.0, ink);
        }
    }
}
