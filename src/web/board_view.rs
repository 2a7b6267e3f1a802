//! Canvas drawing of a board of square cells. It knows no rules: it is given a [`Scene`] (terrain,
//! tokens, the last move, the selection and its destinations, squares marked for the reader, the
//! keyboard cursor, a hint arrow, a token in flight or being dragged, the orientation) and draws it onto any [`Surface`], in
//! CSS pixels.
//!
//! Squares are indexed `rank * files + file` from the bottom-left corner as the first player sees
//! the board; `flipped` turns the board round (the last rank at the bottom). File letters run
//! under the board and rank numbers down its left edge, in the order shown.

/// How a square of the board looks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Terrain {
    /// Plain ground.
    Land,
    /// River.
    Water,
    /// A trap; its frame shows whose.
    Trap(TokenColour),
    /// A den; its frame shows whose.
    Den(TokenColour),
}

/// Which player a token (or a trap, or a den) belongs to, for its colours.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TokenColour {
    /// The player who moves first: a navy token (dark in greyscale).
    Dark,
    /// The other player: an amber token (light in greyscale).
    Light,
}

/// The picture on a token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Emblem {
    /// A rat's head: big round ears, pointed snout.
    Rat,
    /// A cat's head: pointed ears, whiskers.
    Cat,
    /// A dog's head: hanging ears, muzzle.
    Dog,
    /// A wolf's head: long pointed ears, long snout.
    Wolf,
    /// A leopard's head with spots.
    Leopard,
    /// A tiger's head with stripes.
    Tiger,
    /// A lion's head in its mane.
    Lion,
    /// An elephant's head: wide ears, trunk and tusks.
    Elephant,
    /// Just the label letter (for pieces without a picture).
    Letter,
}

/// A piece as the view draws it: a disc with an emblem and a small rank badge.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Token {
    /// A letter for the piece (drawn only for [`Emblem::Letter`]).
    pub label: char,
    /// The small text in the badge (the animal's rank).
    pub caption: String,
    /// Whose token it is.
    pub colour: TokenColour,
    /// The picture.
    pub emblem: Emblem,
}

/// A token on its way from one square to another (a move being animated).
#[derive(Clone, PartialEq, Debug)]
pub struct Flight {
    /// Where it started.
    pub from: usize,
    /// Where it lands (the scene already shows it there).
    pub to: usize,
    /// 0 at the start, 1 on arrival.
    pub progress: f64,
    /// A token taken on `to`, fading out while the mover arrives.
    pub captured: Option<Token>,
}

/// A token lifted by the pointer.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Drag {
    /// The square it was lifted from.
    pub from: usize,
    /// The pointer, in canvas CSS pixels.
    pub x: f64,
    /// The pointer, in canvas CSS pixels.
    pub y: f64,
}

/// Everything the view draws.
#[derive(Clone, PartialEq, Debug)]
pub struct Scene {
    /// Number of columns.
    pub files: u8,
    /// Number of rows.
    pub ranks: u8,
    /// Terrain per square, `files * ranks` entries, bottom-left first.
    pub terrain: Vec<Terrain>,
    /// Token per square, same order as `terrain`.
    pub tokens: Vec<Option<Token>>,
    /// The last move's two squares.
    pub last_move: Option<(usize, usize)>,
    /// The selected token's square.
    pub selected: Option<usize>,
    /// Where the selected token may go.
    pub destinations: Vec<usize>,
    /// Squares marked to show where to look (a tint and corner brackets, under the tokens).
    pub marked: Vec<usize>,
    /// The keyboard cursor.
    pub cursor: Option<usize>,
    /// A suggested move, drawn as an arrow.
    pub hint: Option<(usize, usize)>,
    /// A move being animated.
    pub flight: Option<Flight>,
    /// A token being dragged.
    pub drag: Option<Drag>,
    /// The colour of the coordinates (it depends on the page's theme).
    pub coordinate_colour: &'static str,
}

impl Scene {
    /// A scene of bare land with no tokens and nothing marked.
    pub fn empty(files: u8, ranks: u8) -> Scene {
        let count = usize::from(files) * usize::from(ranks);
        Scene {
            files,
            ranks,
            terrain: vec![Terrain::Land; count],
            tokens: vec![None; count],
            last_move: None,
            selected: None,
            destinations: Vec::new(),
            marked: Vec::new(),
            cursor: None,
            hint: None,
            flight: None,
            drag: None,
            coordinate_colour: palette::COORDINATES_DARK_PAGE,
        }
    }
}

/// Where the board sits inside the canvas, in CSS pixels.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Layout {
    /// Left edge of the board (the coordinate band lies left of it).
    pub left: f64,
    /// Top edge of the board.
    pub top: f64,
    /// Side length of one square.
    pub cell: f64,
    /// Number of columns.
    pub files: u8,
    /// Number of rows.
    pub ranks: u8,
    /// Shown from the other side: the last rank at the bottom, the last file on the left.
    pub flipped: bool,
}

/// Width of the coordinate band left of and under the board, in squares.
const COORDINATE_BAND: f64 = 0.4;
/// Gap kept free around everything, in squares.
const PADDING: f64 = 0.08;

/// The view's colours (CSS colour strings).
pub mod palette {
    /// Plain ground, two shades in a checker.
    pub const LAND: [&str; 2] = ["#9fcf78", "#94c56d"];
    /// River.
    pub const WATER: &str = "#3f86cf";
    /// The river's waves.
    pub const WAVES: &str = "#8cc0ef";
    /// Traps.
    pub const TRAP: &str = "#d8b06a";
    /// The trap's icon.
    pub const TRAP_ICON: &str = "#6b3f12";
    /// Dens.
    pub const DEN: &str = "#8a5a2b";
    /// The den's stones.
    pub const DEN_STONE: &str = "#b98a55";
    /// The den's opening.
    pub const DEN_OPENING: &str = "#2e1a08";
    /// Lines between squares.
    pub const GRID: &str = "rgba(40, 70, 30, 0.35)";
    /// The board's outer frame.
    pub const FRAME: &str = "#3d5a2a";
    /// Coordinates on a dark page.
    pub const COORDINATES_DARK_PAGE: &str = "#cfdccb";
    /// Coordinates on a light page.
    pub const COORDINATES_LIGHT_PAGE: &str = "#4a5a44";
    /// Navy tokens (first player): rim, body, ink.
    pub const DARK_TOKEN: [&str; 3] = ["#e6edf7", "#1f3b6e", "#f3f6fb"];
    /// Amber tokens (second player): rim, body, ink.
    pub const LIGHT_TOKEN: [&str; 3] = ["#6b3500", "#f5bd45", "#3a2000"];
    /// The shadow under a token.
    pub const SHADOW: &str = "rgba(0, 0, 0, 0.28)";
    /// The last move's squares.
    pub const LAST_MOVE: &str = "rgba(255, 214, 64, 0.42)";
    /// The selected square.
    pub const SELECTED: &str = "rgba(255, 236, 120, 0.65)";
    /// A legal destination's dot.
    pub const DESTINATION: &str = "rgba(20, 40, 20, 0.38)";
    /// The ring round an animal that can be taken.
    pub const CAPTURE: &str = "rgba(200, 30, 20, 0.75)";
    /// A legal destination's dot on water (dark would not show).
    pub const DESTINATION_ON_WATER: &str = "rgba(235, 245, 255, 0.6)";
    /// The keyboard cursor.
    pub const CURSOR: &str = "#ffffff";
    /// The cursor's outer line, so it shows on light squares too.
    pub const CURSOR_EDGE: &str = "#1a1a1a";
    /// The hint arrow.
    pub const HINT: &str = "rgba(21, 120, 200, 0.78)";
    /// A marked square's tint.
    pub const MARK_TINT: &str = "rgba(214, 40, 200, 0.2)";
    /// A marked square's corner brackets.
    pub const MARK: &str = "#c21fb4";
}

/// The drawing operations the view needs; `browser::Canvas` implements them on a real canvas.
pub trait Surface {
    /// Makes the whole surface transparent.
    fn clear(&mut self);
    /// Fills an axis-aligned rectangle.
    fn fill_rect(&mut self, x: f64, y: f64, width: f64, height: f64, colour: &str);
    /// Outlines an axis-aligned rectangle.
    fn stroke_rect(&mut self, x: f64, y: f64, width: f64, height: f64, colour: &str, line: f64);
    /// Fills an ellipse turned by `rotation` radians.
    fn fill_ellipse(&mut self, x: f64, y: f64, rx: f64, ry: f64, rotation: f64, colour: &str);
    /// Outlines a circle.
    fn stroke_circle(&mut self, x: f64, y: f64, radius: f64, colour: &str, line: f64);
    /// Fills a closed polygon.
    fn fill_polygon(&mut self, points: &[(f64, f64)], colour: &str);
    /// Draws an open line through `points` with round ends and joins.
    fn stroke_polyline(&mut self, points: &[(f64, f64)], colour: &str, line: f64);
    /// Writes `text` centred on (`x`, `y`) in a bold sans-serif of `size` pixels.
    fn text(&mut self, text: &str, x: f64, y: f64, size: f64, colour: &str);
    /// Sets the opacity of what is drawn next (1 = opaque).
    fn set_alpha(&mut self, alpha: f64);
}

impl Layout {
    /// The largest board of `files` × `ranks` square cells, with its coordinate band, that fits a
    /// `width` × `height` canvas, centred in it, shown the right way up.
    pub fn fit(width: f64, height: f64, files: u8, ranks: u8) -> Layout {
        let across = f64::from(files) + COORDINATE_BAND + 2.0 * PADDING;
        let down = f64::from(ranks) + COORDINATE_BAND + 2.0 * PADDING;
        let cell = (width / across).min(height / down).max(0.0);
        let left = (width - across * cell) / 2.0 + (PADDING + COORDINATE_BAND) * cell;
        let top = (height - down * cell) / 2.0 + PADDING * cell;
        Layout {
            left,
            top,
            cell,
            files,
            ranks,
            flipped: false,
        }
    }

    /// The same layout shown from the other side when `flipped`.
    pub fn flipped(self, flipped: bool) -> Layout {
        Layout { flipped, ..self }
    }

    /// Top-left corner of the square in column `file` (0 = first file) and row `rank` (0 = first
    /// rank).
    pub fn square_origin(&self, file: u8, rank: u8) -> (f64, f64) {
        let (column, row_from_bottom) = if self.flipped {
            (self.files - 1 - file, self.ranks - 1 - rank)
        } else {
            (file, rank)
        };
        let x = self.left + f64::from(column) * self.cell;
        let y = self.top + f64::from(self.ranks - 1 - row_from_bottom) * self.cell;
        (x, y)
    }

    /// Top-left corner of the square with index `square`.
    pub fn origin_of(&self, square: usize) -> (f64, f64) {
        let files = usize::from(self.files);
        self.square_origin((square % files) as u8, (square / files) as u8)
    }

    /// Centre of the square with index `square`.
    pub fn centre_of(&self, square: usize) -> (f64, f64) {
        let (x, y) = self.origin_of(square);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// The index of the square under the point (`x`, `y`), or `None` off the board.
    pub fn square_at(&self, x: f64, y: f64) -> Option<usize> {
        if self.cell <= 0.0 {
            return None;
        }
        let column = ((x - self.left) / self.cell).floor();
        let row = ((y - self.top) / self.cell).floor();
        if column < 0.0
            || row < 0.0
            || column >= f64::from(self.files)
            || row >= f64::from(self.ranks)
        {
            return None;
        }
        let (column, row_from_top) = (column as u8, row as u8);
        let row_from_bottom = self.ranks - 1 - row_from_top;
        let (file, rank) = if self.flipped {
            (self.files - 1 - column, self.ranks - 1 - row_from_bottom)
        } else {
            (column, row_from_bottom)
        };
        Some(usize::from(rank) * usize::from(self.files) + usize::from(file))
    }

    /// Width and height of the board itself, without the coordinate band.
    pub fn board_size(&self) -> (f64, f64) {
        (
            f64::from(self.files) * self.cell,
            f64::from(self.ranks) * self.cell,
        )
    }
}

/// Draws `scene` laid out by `layout`: squares, frame, coordinates, marks, tokens, arrow, drag.
pub fn draw(surface: &mut impl Surface, layout: &Layout, scene: &Scene) {
    surface.clear();
    let cell = layout.cell;
    if cell <= 0.0 {
        return;
    }
    let count = usize::from(scene.files) * usize::from(scene.ranks);
    let (board_width, board_height) = layout.board_size();
    surface.fill_rect(
        layout.left - cell * 0.04,
        layout.top - cell * 0.04,
        board_width + cell * 0.08,
        board_height + cell * 0.08,
        palette::FRAME,
    );
    for square in 0..count {
        let (x, y) = layout.origin_of(square);
        draw_terrain(surface, x, y, cell, scene.terrain[square], square, scene);
    }
    draw_coordinates(surface, layout, scene.coordinate_colour);

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
    marked(scene.selected, palette::SELECTED, &mut fill);
    for &square in scene.marked.iter().filter(|&&s| s < count) {
        let (x, y) = layout.origin_of(square);
        draw_mark(surface, x, y, cell);
    }

    let lifted = scene.drag.map(|d| d.from);
    let flying = scene.flight.as_ref().map(|f| f.to);
    for (square, token) in scene.tokens.iter().enumerate().take(count) {
        let Some(token) = token else { continue };
        if Some(square) == lifted || Some(square) == flying {
            continue;
        }
        let (x, y) = layout.centre_of(square);
        draw_token(surface, x, y, cell, token);
    }

    for &square in scene.destinations.iter().filter(|&&s| s < count) {
        let (x, y) = layout.centre_of(square);
        if scene.tokens[square].is_some() {
            // A ring just outside the token, clear of its rim.
            surface.stroke_circle(x, y, cell * 0.465, palette::CAPTURE, cell * 0.065);
        } else {
            let colour = if scene.terrain[square] == Terrain::Water {
                palette::DESTINATION_ON_WATER
            } else {
                palette::DESTINATION
            };
            surface.fill_ellipse(x, y, cell * 0.15, cell * 0.15, 0.0, colour);
        }
    }

    if let Some(flight) = &scene.flight {
        draw_flight(surface, layout, scene, flight);
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

    if let Some((from, to)) = scene
        .hint
        .filter(|&(f, t)| f < count && t < count && f != t)
    {
        draw_arrow(surface, layout.centre_of(from), layout.centre_of(to), cell);
    }

    if let Some(drag) = scene.drag.filter(|d| d.from < count) {
        if let Some(token) = &scene.tokens[drag.from] {
            // Lifted: a little larger, centred under the pointer.
            draw_token(surface, drag.x, drag.y, cell * 1.12, token);
        }
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

fn draw_flight(surface: &mut impl Surface, layout: &Layout, scene: &Scene, flight: &Flight) {
    let cell = layout.cell;
    let t = flight.progress.clamp(0.0, 1.0);
    // Ease out: quick start, gentle landing.
    let eased = 1.0 - (1.0 - t) * (1.0 - t) * (1.0 - t);
    if let Some(captured) = &flight.captured {
        let (x, y) = layout.centre_of(flight.to);
        surface.set_alpha(1.0 - eased);
        draw_token(surface, x, y, cell, captured);
        surface.set_alpha(1.0);
    }
    if let Some(token) = scene.tokens.get(flight.to).and_then(Option::as_ref) {
        let (x0, y0) = layout.centre_of(flight.from);
        let (x1, y1) = layout.centre_of(flight.to);
        draw_token(
            surface,
            x0 + (x1 - x0) * eased,
            y0 + (y1 - y0) * eased,
            cell,
            token,
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
        Terrain::Water => {
            surface.fill_rect(x, y, cell, cell, palette::WATER);
            // Three short waves per square, kept clear of the corners.
            for (row, shift) in [(0.3, 0.18), (0.55, 0.42), (0.8, 0.22)] {
                let points: Vec<(f64, f64)> = (0..=8)
                    .map(|i| {
                        let u = f64::from(i) / 8.0;
                        let wave = (u * std::f64::consts::TAU).sin() * 0.045;
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
        let outer = |a: f64| (cx + a.cos() * radius, cy + a.sin() * radius);
        let tip = (
            cx + angle.cos() * radius * 0.55,
            cy + angle.sin() * radius * 0.55,
        );
        surface.fill_polygon(
            &[outer(angle - half), tip, outer(angle + half)],
            palette::TRAP_ICON,
        );
    }
}

/// A cave: a stone arch around a dark opening.
fn draw_den_icon(surface: &mut impl Surface, cx: f64, cy: f64, cell: f64) {
    let arch = |radius: f64, bottom: f64| -> Vec<(f64, f64)> {
        let mut points: Vec<(f64, f64)> = (0..=16)
            .map(|i| {
                let a = std::f64::consts::PI * (1.0 + f64::from(i) / 16.0);
                (cx + a.cos() * radius, cy + a.sin() * radius)
            })
            .collect();
        points.push((cx + radius, cy + bottom));
        points.push((cx - radius, cy + bottom));
        points
    };
    surface.fill_polygon(&arch(cell * 0.33, cell * 0.3), palette::DEN_STONE);
    surface.fill_polygon(&arch(cell * 0.2, cell * 0.3), palette::DEN_OPENING);
}

fn draw_coordinates(surface: &mut impl Surface, layout: &Layout, colour: &str) {
    let cell = layout.cell;
    let size = cell * 0.26;
    let (_, board_height) = layout.board_size();
    let band_middle = COORDINATE_BAND * cell / 2.0 + cell * 0.02;
    for file in 0..layout.files {
        let (x, _) = layout.square_origin(file, 0);
        let letter = char::from(b'a' + file).to_string();
        let y = layout.top + board_height + band_middle + cell * 0.02;
        surface.text(&letter, x + cell / 2.0, y, size, colour);
    }
    for rank in 0..layout.ranks {
        let (_, y) = layout.square_origin(0, rank);
        let number = (u32::from(rank) + 1).to_string();
        let x = layout.left - band_middle - cell * 0.02;
        surface.text(&number, x, y + cell / 2.0, size, colour);
    }
}

fn draw_arrow(surface: &mut impl Surface, from: (f64, f64), to: (f64, f64), cell: f64) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / length, dy / length);
    let head = cell * 0.38;
    // From the token's edge, so its picture stays visible.
    let start = (from.0 + ux * cell * 0.3, from.1 + uy * cell * 0.3);
    let shaft_end = (to.0 - ux * head * 0.9, to.1 - uy * head * 0.9);
    surface.stroke_polyline(&[start, shaft_end], palette::HINT, cell * 0.16);
    let (px, py) = (-uy, ux);
    let base = (to.0 - ux * head, to.1 - uy * head);
    surface.fill_polygon(
        &[
            (to.0 - ux * cell * 0.05, to.1 - uy * cell * 0.05),
            (base.0 + px * head * 0.6, base.1 + py * head * 0.6),
            (base.0 - px * head * 0.6, base.1 - py * head * 0.6),
        ],
        palette::HINT,
    );
}

fn token_colours(colour: TokenColour) -> [&'static str; 3] {
    match colour {
        TokenColour::Dark => palette::DARK_TOKEN,
        TokenColour::Light => palette::LIGHT_TOKEN,
    }
}

/// A token centred on (`x`, `y`) for a square of side `cell`: shadow, rim, body, emblem, rank.
pub fn draw_token(surface: &mut impl Surface, x: f64, y: f64, cell: f64, token: &Token) {
    let [rim, body, ink] = token_colours(token.colour);
    let radius = cell * 0.42;
    surface.fill_ellipse(x, y + cell * 0.04, radius, radius, 0.0, palette::SHADOW);
    surface.fill_ellipse(x, y, radius, radius, 0.0, rim);
    surface.fill_ellipse(x, y, radius * 0.88, radius * 0.88, 0.0, body);
    let pen = Pen {
        cx: x - radius * 0.05,
        cy: y - radius * 0.07,
        scale: radius * 0.9,
        ink,
        body,
    };
    draw_emblem(surface, &pen, token);
    // The rank in a badge at the lower right, on the rim.
    let (bx, by) = (x + radius * 0.64, y + radius * 0.64);
    let badge = radius * 0.36;
    surface.fill_ellipse(bx, by, badge, badge, 0.0, rim);
    surface.fill_ellipse(bx, by, badge * 0.84, badge * 0.84, 0.0, ink);
    surface.text(&token.caption, bx, by + badge * 0.06, badge * 1.3, body);
}

/// Draws in a token's unit square: (0, 0) is the emblem's centre, ±1 its extent.
struct Pen {
    cx: f64,
    cy: f64,
    scale: f64,
    ink: &'static str,
    body: &'static str,
}

impl Pen {
    fn at(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (self.cx + x * self.scale, self.cy + y * self.scale)
    }

    fn ellipse(
        &self,
        s: &mut impl Surface,
        centre: (f64, f64),
        rx: f64,
        ry: f64,
        turn: f64,
        ink: bool,
    ) {
        let (x, y) = self.at(centre);
        let colour = if ink { self.ink } else { self.body };
        s.fill_ellipse(x, y, rx * self.scale, ry * self.scale, turn, colour);
    }

    fn circle(&self, s: &mut impl Surface, centre: (f64, f64), r: f64, ink: bool) {
        self.ellipse(s, centre, r, r, 0.0, ink);
    }

    /// The same circle at (x, y) and (−x, y).
    fn circles(&self, s: &mut impl Surface, (x, y): (f64, f64), r: f64, ink: bool) {
        self.circle(s, (x, y), r, ink);
        self.circle(s, (-x, y), r, ink);
    }

    fn polygon(&self, s: &mut impl Surface, points: &[(f64, f64)], ink: bool) {
        let points: Vec<(f64, f64)> = points.iter().map(|&p| self.at(p)).collect();
        s.fill_polygon(&points, if ink { self.ink } else { self.body });
    }

    /// The polygon and its mirror image across the vertical axis.
    fn polygons(&self, s: &mut impl Surface, points: &[(f64, f64)], ink: bool) {
        self.polygon(s, points, ink);
        let mirrored: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (-x, y)).collect();
        self.polygon(s, &mirrored, ink);
    }

    fn line(&self, s: &mut impl Surface, points: &[(f64, f64)], width: f64, ink: bool) {
        let points: Vec<(f64, f64)> = points.iter().map(|&p| self.at(p)).collect();
        s.stroke_polyline(
            &points,
            if ink { self.ink } else { self.body },
            width * self.scale,
        );
    }

    /// The line and its mirror image.
    fn lines(&self, s: &mut impl Surface, points: &[(f64, f64)], width: f64, ink: bool) {
        self.line(s, points, width, ink);
        let mirrored: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (-x, y)).collect();
        self.line(s, &mirrored, width, ink);
    }
}

const INK: bool = true;
const CUT: bool = false;

fn draw_emblem(s: &mut impl Surface, p: &Pen, token: &Token) {
    match token.emblem {
        Emblem::Rat => {
            p.circles(s, (0.38, -0.34), 0.26, INK);
            p.circles(s, (0.38, -0.34), 0.13, CUT);
            p.ellipse(s, (0.0, -0.02), 0.36, 0.32, 0.0, INK);
            p.polygon(s, &[(-0.3, 0.04), (0.3, 0.04), (0.0, 0.66)], INK);
            p.circles(s, (0.14, -0.04), 0.065, CUT);
            p.lines(s, &[(0.16, 0.36), (0.6, 0.26)], 0.045, INK);
            p.lines(s, &[(0.16, 0.42), (0.58, 0.48)], 0.045, INK);
        }
        Emblem::Cat => {
            p.polygons(s, &[(-0.46, 0.0), (-0.42, -0.66), (-0.08, -0.3)], INK);
            p.polygons(s, &[(-0.36, -0.14), (-0.36, -0.46), (-0.2, -0.28)], CUT);
            p.ellipse(s, (0.0, 0.08), 0.46, 0.4, 0.0, INK);
            p.ellipses_pair(s, (0.18, 0.0), 0.09, 0.11, CUT);
            p.ellipses_pair(s, (0.18, 0.0), 0.03, 0.09, INK);
            p.polygon(s, &[(-0.07, 0.18), (0.07, 0.18), (0.0, 0.26)], CUT);
            p.lines(s, &[(0.3, 0.22), (0.72, 0.14)], 0.04, INK);
            p.lines(s, &[(0.3, 0.3), (0.7, 0.38)], 0.04, INK);
        }
        Emblem::Dog => {
            p.ellipse(s, (0.4, 0.04), 0.15, 0.36, -0.35, INK);
            p.ellipse(s, (-0.4, 0.04), 0.15, 0.36, 0.35, INK);
            p.ellipse(s, (0.0, -0.02), 0.38, 0.43, 0.0, CUT);
            p.ellipse(s, (0.0, -0.02), 0.33, 0.4, 0.0, INK);
            p.ellipse(s, (0.0, 0.24), 0.2, 0.16, 0.0, CUT);
            p.ellipse(s, (0.0, 0.16), 0.1, 0.07, 0.0, INK);
            p.lines(s, &[(0.0, 0.2), (0.0, 0.3), (0.08, 0.34)], 0.035, INK);
            p.circles(s, (0.14, -0.1), 0.065, CUT);
        }
        Emblem::Wolf => {
            p.polygon(
                s,
                &[
                    (0.0, 0.66),
                    (0.24, 0.24),
                    (0.46, 0.04),
                    (0.46, -0.66),
                    (0.16, -0.34),
                    (-0.16, -0.34),
                    (-0.46, -0.66),
                    (-0.46, 0.04),
                    (-0.24, 0.24),
                ],
                INK,
            );
            p.polygons(s, &[(0.36, -0.14), (0.37, -0.46), (0.22, -0.3)], CUT);
            p.ellipse(s, (0.15, -0.02), 0.09, 0.045, 0.45, CUT);
            p.ellipse(s, (-0.15, -0.02), 0.09, 0.045, -0.45, CUT);
            p.line(s, &[(0.0, 0.28), (0.0, 0.46)], 0.05, CUT);
        }
        Emblem::Leopard => {
            p.circles(s, (0.34, -0.36), 0.16, INK);
            p.circle(s, (0.0, 0.04), 0.48, INK);
            for spot in [(0.22, -0.22), (0.0, -0.3), (0.32, 0.16), (0.12, -0.36)] {
                p.circles(s, spot, 0.07, CUT);
            }
            p.ellipses_pair(s, (0.16, -0.02), 0.08, 0.06, CUT);
            p.ellipse(s, (0.0, 0.24), 0.17, 0.12, 0.0, CUT);
            p.polygon(s, &[(-0.07, 0.16), (0.07, 0.16), (0.0, 0.24)], INK);
        }
        Emblem::Tiger => {
            p.circles(s, (0.36, -0.38), 0.17, INK);
            p.circle(s, (0.0, 0.04), 0.5, INK);
            p.polygon(s, &[(-0.07, -0.46), (0.07, -0.46), (0.0, -0.2)], CUT);
            p.polygons(s, &[(-0.2, -0.42), (-0.1, -0.44), (-0.12, -0.26)], CUT);
            p.polygons(s, &[(-0.5, -0.04), (-0.5, 0.08), (-0.28, 0.02)], CUT);
            p.polygons(s, &[(-0.46, 0.2), (-0.42, 0.3), (-0.26, 0.2)], CUT);
            p.ellipses_pair(s, (0.17, -0.05), 0.085, 0.055, CUT);
            p.ellipse(s, (0.0, 0.25), 0.19, 0.13, 0.0, CUT);
            p.polygon(s, &[(-0.08, 0.15), (0.08, 0.15), (0.0, 0.23)], INK);
        }
        Emblem::Lion => {
            let mane: Vec<(f64, f64)> = (0..28)
                .map(|i| {
                    let a = f64::from(i) / 28.0 * std::f64::consts::TAU;
                    let r = if i % 2 == 0 { 0.7 } else { 0.54 };
                    (a.cos() * r, a.sin() * r + 0.02)
                })
                .collect();
            p.polygon(s, &mane, INK);
            p.circle(s, (0.0, 0.05), 0.36, CUT);
            p.circles(s, (0.13, -0.03), 0.06, INK);
            p.polygon(s, &[(-0.09, 0.1), (0.09, 0.1), (0.0, 0.2)], INK);
            p.lines(s, &[(0.0, 0.2), (0.1, 0.27)], 0.045, INK);
        }
        Emblem::Elephant => {
            p.ellipse(s, (0.42, -0.06), 0.28, 0.38, 0.2, INK);
            p.ellipse(s, (-0.42, -0.06), 0.28, 0.38, -0.2, INK);
            p.ellipse(s, (0.0, -0.12), 0.33, 0.36, 0.0, CUT);
            p.ellipse(s, (0.0, -0.12), 0.28, 0.32, 0.0, INK);
            p.line(
                s,
                &[(0.0, 0.0), (0.0, 0.34), (0.06, 0.52), (0.2, 0.58)],
                0.2,
                INK,
            );
            p.lines(s, &[(0.13, 0.12), (0.22, 0.32)], 0.07, CUT);
            p.circles(s, (0.13, -0.14), 0.055, CUT);
        }
        Emblem::Letter => {
            s.text(&token.label.to_string(), p.cx, p.cy, p.scale * 1.1, p.ink);
        }
    }
}

impl Pen {
    /// The same ellipse at (x, y) and (−x, y).
    fn ellipses_pair(&self, s: &mut impl Surface, (x, y): (f64, f64), rx: f64, ry: f64, ink: bool) {
        self.ellipse(s, (x, y), rx, ry, 0.0, ink);
        self.ellipse(s, (-x, y), rx, ry, 0.0, ink);
    }
}
