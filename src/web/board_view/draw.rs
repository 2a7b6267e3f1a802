//! Drawing a scene: the squares and their terrain, the frame and coordinates, the hands on
//! their stands, the marks, the tokens (each game's `paint`), the hint arrow, a token in flight
//! or dragged, and a choice of moves on top.

use super::layout::COORDINATE_BAND;
use super::*;

/// How a game draws one of its tokens centred on (`x`, `y`) for a square of side `cell`, the
/// board shown `flipped` or not (its [`crate::web::game::WebGame::paint`]): each game's page
/// module then carries only its own pieces' drawing.
pub type Paint<S> = fn(&mut S, f64, f64, f64, &Token, bool);

/// Draws `scene` laid out by `layout`: squares, frame, coordinates, hands, marks, tokens (each
/// by `paint`), arrow, drag, and a choice on top.
pub fn draw<S: Surface>(surface: &mut S, layout: &Layout, scene: &Scene, paint: Paint<S>) {
    surface.clear();
    let cell = layout.cell;
    if cell <= 0.0 {
        return;
    }
    let count = usize::from(scene.files) * usize::from(scene.ranks);
    let wooden = scene.terrain.first() == Some(&Terrain::Wood);
    let (board_width, board_height) = layout.board_size();
    surface.fill_rect(
        layout.left - cell * 0.04,
        layout.top - cell * 0.04,
        board_width + cell * 0.08,
        board_height + cell * 0.08,
        if wooden {
            scene.wood.frame
        } else {
            palette::FRAME
        },
    );
    for square in 0..count {
        let (x, y) = layout.origin_of(square);
        draw_terrain(surface, x, y, cell, scene.terrain[square], square, scene);
    }
    for &(across, up) in &scene.stars {
        // A crossing of grid lines, `across` squares from the left edge and `up` from the
        // bottom as the first player sees the board.
        let (across, up) = if layout.flipped {
            (scene.files - across, scene.ranks - up)
        } else {
            (across, up)
        };
        let x = layout.left + f64::from(across) * cell;
        let y = layout.top + f64::from(scene.ranks - up) * cell;
        surface.fill_ellipse(x, y, cell * 0.055, cell * 0.055, 0.0, scene.wood.line);
    }
    draw_coordinates(surface, layout, scene);
    if layout.hands != HandPlacement::None {
        draw_hand_stands(surface, layout, &scene.wood);
    }

    let marked = |square: Option<usize>, colour: &str, surface: &mut dyn FnMut(f64, f64, &str)| {
        if let Some(square) = square.filter(|&s| s < count) {
            let (x, y) = layout.origin_of(square);
            surface(x, y, colour);
        }
    };
    let mut fill = |x: f64, y: f64, colour: &str| surface.fill_rect(x, y, cell, cell, colour);
    if let Some((from, to)) = scene.last_move {
        marked(Some(from), palette::LAST_MOVE, &mut fill);
        marked(Some(to), palette::LAST_MOVE, &mut fill);
    }
    if let Some((from, to)) = scene.premove {
        marked(Some(from), palette::PREMOVE, &mut fill);
        marked(Some(to), palette::PREMOVE, &mut fill);
    }
    if let Some(selected) = scene.selected {
        let (x, y) = layout.origin_of(selected);
        fill(x, y, palette::SELECTED);
    }
    for &square in scene.marked.iter().filter(|&&s| s < count) {
        let (x, y) = layout.origin_of(square);
        draw_mark(surface, x, y, cell);
    }
    if let Some(king) = scene.check.filter(|&s| s < count) {
        let (x, y) = layout.centre_of(king);
        for (radius, colour) in palette::CHECK {
            surface.fill_ellipse(x, y, cell * radius, cell * radius, 0.0, colour);
        }
    }

    let lifted = scene.drag.map(|d| d.from);
    let flying = scene.flight.as_ref().map(|f| f.to);
    for (square, token) in scene.tokens.iter().enumerate().take(count) {
        let Some(token) = token else { continue };
        if Some(square) == lifted || Some(square) == flying {
            continue;
        }
        let (x, y) = layout.centre_of(square);
        paint(surface, x, y, cell, token, layout.flipped);
    }
    for slot in &scene.hands {
        // A piece lifted from the hand leaves the rest behind.
        let shown = if lifted == Some(slot.cell) {
            slot.count.saturating_sub(1)
        } else {
            slot.count
        };
        if shown == 0 {
            continue;
        }
        let (x, y) = layout.centre_of(slot.cell);
        paint(surface, x, y, cell, &slot.token, layout.flipped);
        if shown > 1 {
            let (bx, by) = (x + cell * 0.34, y + cell * 0.3);
            let radius = cell * 0.17;
            surface.fill_ellipse(bx, by, radius, radius, 0.0, palette::COUNT_BADGE);
            surface.text(&shown.to_string(), bx, by, radius * 1.3, palette::COUNT_INK);
        }
    }

    for &square in scene.destinations.iter().filter(|&&s| s < count) {
        let (x, y) = layout.centre_of(square);
        match &scene.tokens[square] {
            Some(Token::Koma(_)) => draw_corner_marks(surface, layout.origin_of(square), cell),
            // A ring just outside the token, clear of its rim.
            Some(Token::Disc(_)) => {
                surface.stroke_circle(x, y, cell * 0.465, palette::CAPTURE, cell * 0.065)
            }
            None => {
                let colour = if scene.terrain[square] == Terrain::Water {
                    palette::DESTINATION_ON_WATER
                } else {
                    palette::DESTINATION
                };
                surface.fill_ellipse(x, y, cell * 0.15, cell * 0.15, 0.0, colour);
            }
        }
    }

    if let Some(flight) = &scene.flight {
        draw_flight(surface, layout, scene, flight, paint);
    }

    if let Some(cursor) = scene.cursor.filter(|&s| s < count) {
        let (x, y) = layout.origin_of(cursor);
        let inset = cell * 0.04;
        surface.stroke_rect(
            x + inset,
            y + inset,
            cell - 2.0 * inset,
            cell - 2.0 * inset,
            palette::CURSOR_EDGE,
            cell * 0.09,
        );
        surface.stroke_rect(
            x + inset,
            y + inset,
            cell - 2.0 * inset,
            cell - 2.0 * inset,
            palette::CURSOR,
            cell * 0.045,
        );
    }

    let cells = layout.shape.all_cells().max(count);
    let shown = |&(f, t): &(usize, usize)| f < cells && t < count && f != t;
    // The weaker lines' arrows first, so that the best lies on top.
    for (rank, &(from, to)) in scene.arrows.iter().enumerate().rev() {
        if shown(&(from, to)) {
            let (colour, width) = palette::LINE_ARROWS[rank.min(palette::LINE_ARROWS.len() - 1)];
            let (from, to) = (layout.centre_of(from), layout.centre_of(to));
            draw_arrow(surface, from, to, cell, colour, width);
        }
    }
    if let Some((from, to)) = scene.hint.filter(shown) {
        let (from, to) = (layout.centre_of(from), layout.centre_of(to));
        draw_arrow(surface, from, to, cell, palette::HINT, 0.16);
    }
    if let Some((from, to)) = scene.better.filter(shown) {
        let (from, to) = (layout.centre_of(from), layout.centre_of(to));
        draw_arrow(surface, from, to, cell, palette::BETTER, 0.16);
    }

    if let Some(drag) = scene.drag {
        if let Some(token) = scene.token_at(drag.from) {
            // Lifted: a little larger, centred under the pointer.
            paint(surface, drag.x, drag.y, cell * 1.12, token, layout.flipped);
        }
    }

    if let Some(choice) = &scene.choice {
        draw_choice(surface, layout, choice, paint);
    }
}

/// The stands the hands' pieces rest on (komadai): a wooden tray behind each hand's slots.
fn draw_hand_stands(surface: &mut impl Surface, layout: &Layout, wood: &Wood) {
    let cell = layout.cell;
    let slots = usize::from(layout.shape.hand_slots);
    let squares = layout.shape.cells();
    for first in [squares, squares + slots] {
        let corners = (first..first + slots).map(|c| layout.origin_of(c));
        let (mut left, mut top, mut right, mut bottom) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for (x, y) in corners {
            left = left.min(x);
            top = top.min(y);
            right = right.max(x + cell);
            bottom = bottom.max(y + cell);
        }
        let inset = cell * 0.04;
        surface.fill_rect(
            left - inset,
            top - inset,
            right - left + 2.0 * inset,
            bottom - top + 2.0 * inset,
            wood.stand,
        );
        surface.stroke_rect(
            left - inset,
            top - inset,
            right - left + 2.0 * inset,
            bottom - top + 2.0 * inset,
            wood.frame,
            (cell / 30.0).max(1.0),
        );
    }
}

/// A square whose piece can be taken: a triangle in each corner, clear of the piece.
fn draw_corner_marks(surface: &mut impl Surface, (x, y): (f64, f64), cell: f64) {
    let arm = cell * 0.24;
    for (cx, sx) in [(x, 1.0), (x + cell, -1.0)] {
        for (cy, sy) in [(y, 1.0), (y + cell, -1.0)] {
            surface.fill_polygon(
                &[(cx, cy), (cx + sx * arm, cy), (cx, cy + sy * arm)],
                palette::CAPTURE_CORNER,
            );
        }
    }
}

/// The pieces offered on a square: the board dimmed, each choice on a light square of its own.
fn draw_choice<S: Surface>(surface: &mut S, layout: &Layout, choice: &Choice, paint: Paint<S>) {
    let cell = layout.cell;
    let (width, height) = layout.board_size();
    surface.fill_rect(layout.left, layout.top, width, height, palette::CHOICE_DIM);
    for (index, token) in choice.options.iter().enumerate() {
        let (x, y) = layout.choice_origin(choice.cell, index);
        surface.fill_ellipse(
            x + cell / 2.0,
            y + cell / 2.0,
            cell * 0.5,
            cell * 0.5,
            0.0,
            palette::CHOICE_BACK,
        );
        paint(
            surface,
            x + cell / 2.0,
            y + cell / 2.0,
            cell,
            token,
            layout.flipped,
        );
    }
}

/// A marked square: a tint and a bracket in each corner, where a token never covers them (a
/// ring or a dot would read as a move's destination).
fn draw_mark(surface: &mut impl Surface, x: f64, y: f64, cell: f64) {
    surface.fill_rect(x, y, cell, cell, palette::MARK_TINT);
    let inset = cell * 0.09;
    let arm = cell * 0.2;
    let line = cell * 0.07;
    for (corner_x, sign_x) in [(x + inset, 1.0), (x + cell - inset, -1.0)] {
        for (corner_y, sign_y) in [(y + inset, 1.0), (y + cell - inset, -1.0)] {
            surface.stroke_polyline(
                &[
                    (corner_x, corner_y + sign_y * arm),
                    (corner_x, corner_y),
                    (corner_x + sign_x * arm, corner_y),
                ],
                palette::MARK,
                line,
            );
        }
    }
}

fn draw_flight<S: Surface>(
    surface: &mut S,
    layout: &Layout,
    scene: &Scene,
    flight: &Flight,
    paint: Paint<S>,
) {
    let cell = layout.cell;
    let t = flight.progress.clamp(0.0, 1.0);
    // Ease out: quick start, gentle landing.
    let eased = 1.0 - (1.0 - t) * (1.0 - t) * (1.0 - t);
    if let Some(captured) = &flight.captured {
        let (x, y) = layout.centre_of(flight.to);
        surface.set_alpha(1.0 - eased);
        paint(surface, x, y, cell, captured, layout.flipped);
        surface.set_alpha(1.0);
    }
    if let Some(token) = scene.tokens.get(flight.to).and_then(Option::as_ref) {
        let (x0, y0) = layout.centre_of(flight.from);
        let (x1, y1) = layout.centre_of(flight.to);
        paint(
            surface,
            x0 + (x1 - x0) * eased,
            y0 + (y1 - y0) * eased,
            cell,
            token,
            layout.flipped,
        );
    }
}

fn draw_terrain(
    surface: &mut impl Surface,
    x: f64,
    y: f64,
    cell: f64,
    terrain: Terrain,
    square: usize,
    scene: &Scene,
) {
    let files = usize::from(scene.files);
    let checker = (square % files + square / files) % 2;
    match terrain {
        Terrain::Land => surface.fill_rect(x, y, cell, cell, palette::LAND[checker]),
        Terrain::Wood => {
            surface.fill_rect(x, y, cell, cell, scene.wood.square);
            surface.stroke_rect(x, y, cell, cell, scene.wood.line, (cell / 45.0).max(0.7));
            return;
        }
        Terrain::Water => {
            surface.fill_rect(x, y, cell, cell, palette::WATER);
            // Three short waves per square, kept clear of the corners.
            for (row, shift) in [(0.3, 0.18), (0.55, 0.42), (0.8, 0.22)] {
                let points: Vec<(f64, f64)> = (0..=8)
                    .map(|i| {
                        let u = f64::from(i) / 8.0;
                        let wave = unit_circle(u * std::f64::consts::TAU).1 * 0.045;
                        (x + (shift + u * 0.38) * cell, y + (row + wave) * cell)
                    })
                    .collect();
                surface.stroke_polyline(&points, palette::WAVES, cell * 0.035);
            }
        }
        Terrain::Trap(owner) => {
            surface.fill_rect(x, y, cell, cell, palette::TRAP);
            draw_owner_frame(surface, x, y, cell, owner);
            draw_trap_icon(surface, x + cell / 2.0, y + cell / 2.0, cell);
        }
        Terrain::Den(owner) => {
            surface.fill_rect(x, y, cell, cell, palette::DEN);
            draw_owner_frame(surface, x, y, cell, owner);
            draw_den_icon(surface, x + cell / 2.0, y + cell / 2.0, cell);
        }
    }
    surface.stroke_rect(x, y, cell, cell, palette::GRID, (cell / 60.0).max(0.5));
}

/// A frame just inside the square in its owner's token colour.
fn draw_owner_frame(surface: &mut impl Surface, x: f64, y: f64, cell: f64, owner: TokenColour) {
    let [_, body, _] = token_colours(owner);
    let line = cell * 0.06;
    surface.stroke_rect(
        x + line / 2.0,
        y + line / 2.0,
        cell - line,
        cell - line,
        body,
        line,
    );
}

/// A sprung trap: a ring of inward teeth.
fn draw_trap_icon(surface: &mut impl Surface, cx: f64, cy: f64, cell: f64) {
    let radius = cell * 0.3;
    surface.stroke_circle(cx, cy, radius, palette::TRAP_ICON, cell * 0.05);
    let teeth = 10;
    for i in 0..teeth {
        let angle = f64::from(i) / f64::from(teeth) * std::f64::consts::TAU;
        let half = std::f64::consts::PI / f64::from(teeth) * 0.7;
        let outer = |a: f64| {
            let (cos, sin) = unit_circle(a);
            (cx + cos * radius, cy + sin * radius)
        };
        let (cos, sin) = unit_circle(angle);
        let tip = (cx + cos * radius * 0.55, cy + sin * radius * 0.55);
        surface.fill_polygon(
            &[outer(angle - half), tip, outer(angle + half)],
            palette::TRAP_ICON,
        );
    }
}

/// The point at `angle` (radians) on the unit circle: `(cos, sin)`. In WebAssembly the browser's
/// `Math` computes them: Rust's own sine and cosine would add about 7 KB of code to every page's
/// module (measured: `./run size`).
pub(crate) fn unit_circle(angle: f64) -> (f64, f64) {
    #[cfg(target_arch = "wasm32")]
    return (js_sys::Math::cos(angle), js_sys::Math::sin(angle));
    #[cfg(not(target_arch = "wasm32"))]
    return (angle.cos(), angle.sin());
}

/// A cave: a stone arch around a dark opening.
fn draw_den_icon(surface: &mut impl Surface, cx: f64, cy: f64, cell: f64) {
    let arch = |radius: f64, bottom: f64| -> Vec<(f64, f64)> {
        let mut points: Vec<(f64, f64)> = (0..=16)
            .map(|i| {
                let (cos, sin) = unit_circle(std::f64::consts::PI * (1.0 + f64::from(i) / 16.0));
                (cx + cos * radius, cy + sin * radius)
            })
            .collect();
        points.push((cx + radius, cy + bottom));
        points.push((cx - radius, cy + bottom));
        points
    };
    surface.fill_polygon(&arch(cell * 0.33, cell * 0.3), palette::DEN_STONE);
    surface.fill_polygon(&arch(cell * 0.2, cell * 0.3), palette::DEN_OPENING);
}

fn draw_coordinates(surface: &mut impl Surface, layout: &Layout, scene: &Scene) {
    let cell = layout.cell;
    let size = cell * 0.26;
    let colour = scene.coordinate_colour;
    let (board_width, board_height) = layout.board_size();
    let band_middle = COORDINATE_BAND * cell / 2.0 + cell * 0.02;
    let labels = |labels: &[String], index: u8| labels.get(usize::from(index)).cloned();
    for file in 0..layout.files {
        let Some(label) = labels(&scene.file_labels, file) else {
            continue;
        };
        let (x, _) = layout.square_origin(file, 0);
        let y = if layout.shape.files_above {
            layout.top - band_middle
        } else {
            layout.top + board_height + band_middle + cell * 0.02
        };
        surface.text(&label, x + cell / 2.0, y, size, colour);
    }
    for rank in 0..layout.ranks {
        let Some(label) = labels(&scene.rank_labels, rank) else {
            continue;
        };
        let (_, y) = layout.square_origin(0, rank);
        let x = if layout.shape.ranks_right {
            layout.left + board_width + band_middle
        } else {
            layout.left - band_middle - cell * 0.02
        };
        surface.text(&label, x, y + cell / 2.0, size, colour);
    }
}

/// An arrow from `from` to `to` in `colour`, its shaft `width` squares wide.
fn draw_arrow(
    surface: &mut impl Surface,
    from: (f64, f64),
    to: (f64, f64),
    cell: f64,
    colour: &str,
    width: f64,
) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / length, dy / length);
    let head = cell * 0.38;
    // From the token's edge, so its picture stays visible.
    let start = (from.0 + ux * cell * 0.3, from.1 + uy * cell * 0.3);
    let shaft_end = (to.0 - ux * head * 0.9, to.1 - uy * head * 0.9);
    surface.stroke_polyline(&[start, shaft_end], colour, cell * width);
    let (px, py) = (-uy, ux);
    let base = (to.0 - ux * head, to.1 - uy * head);
    surface.fill_polygon(
        &[
            (to.0 - ux * cell * 0.05, to.1 - uy * cell * 0.05),
            (base.0 + px * head * 0.6, base.1 + py * head * 0.6),
            (base.0 - px * head * 0.6, base.1 - py * head * 0.6),
        ],
        colour,
    );
}

/// A token's rim, body and ink colours, by its side's colour.
pub(crate) fn token_colours(colour: TokenColour) -> [&'static str; 3] {
    match colour {
        TokenColour::Dark => palette::DARK_TOKEN,
        TokenColour::Light => palette::LIGHT_TOKEN,
    }
}
