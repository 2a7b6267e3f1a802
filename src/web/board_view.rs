//! Canvas drawing of the board. It knows no rules: it is given a [`Scene`] (what each square looks
//! like and which token stands on it) and draws it onto any [`Surface`], in CSS pixels.
//!
//! The board is shown from Black's side: rank 1 at the bottom, file `a` on the left; file letters
//! run under the board and rank numbers down its left edge.

/// How a square of the board looks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Terrain {
    /// Plain ground.
    Land,
    /// River.
    Water,
    /// A trap (of either side).
    Trap,
    /// A den (of either side).
    Den,
}

/// Which player a token belongs to, for its colours.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TokenColour {
    /// The player who moves first, drawn dark.
    Dark,
    /// The other player, drawn light.
    Light,
}

/// A piece as the view draws it: a disc with a big label and a small caption.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Token {
    /// The big text in the middle (an animal letter).
    pub label: char,
    /// The small text under it (the animal's rank).
    pub caption: String,
    /// Whose token it is.
    pub colour: TokenColour,
}

/// Everything the view draws: a grid of squares listed bottom row first, left to right.
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
}

/// Width of the coordinate band left of and under the board, in squares.
const COORDINATE_BAND: f64 = 0.5;
/// Gap kept free around everything, in squares.
const PADDING: f64 = 0.15;

/// The view's colours (CSS colour strings).
pub mod palette {
    /// Behind the board, matching the page.
    pub const BACKGROUND: &str = "#1e2b22";
    /// Plain ground.
    pub const LAND: &str = "#a9d18e";
    /// River.
    pub const WATER: &str = "#3b82c4";
    /// Traps.
    pub const TRAP: &str = "#c89b5a";
    /// Dens.
    pub const DEN: &str = "#7a4a26";
    /// Lines between squares.
    pub const GRID: &str = "#55723f";
    /// Coordinate letters and numbers.
    pub const COORDINATES: &str = "#d8e4d0";
    /// Dark tokens: disc and text.
    pub const DARK_TOKEN: (&str, &str) = ("#262626", "#f2f2f2");
    /// Light tokens: disc and text.
    pub const LIGHT_TOKEN: (&str, &str) = ("#f6f1e4", "#1c1c1c");
    /// The ring around every token.
    pub const TOKEN_RING: &str = "#8c1d18";
}

/// The drawing operations the view needs; `browser::Canvas` implements them on a real canvas.
pub trait Surface {
    /// Fills the whole surface with `colour`.
    fn clear(&mut self, colour: &str);
    /// Fills an axis-aligned rectangle.
    fn fill_rect(&mut self, x: f64, y: f64, width: f64, height: f64, colour: &str);
    /// Outlines an axis-aligned rectangle.
    fn stroke_rect(&mut self, x: f64, y: f64, width: f64, height: f64, colour: &str, line: f64);
    /// Fills a disc and outlines it.
    fn disc(&mut self, x: f64, y: f64, radius: f64, fill: &str, ring: &str, line: f64);
    /// Writes `text` centred on (`x`, `y`) in a bold sans-serif of `size` pixels.
    fn text(&mut self, text: &str, x: f64, y: f64, size: f64, colour: &str);
}

impl Layout {
    /// The largest board of `files` × `ranks` square cells, with its coordinate band, that fits a
    /// `width` × `height` canvas, centred in it.
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
        }
    }

    /// Top-left corner of the square in column `file` (0 = left) and row `rank` (0 = bottom).
    pub fn square_origin(&self, file: u8, rank: u8) -> (f64, f64) {
        let x = self.left + f64::from(file) * self.cell;
        let y = self.top + f64::from(self.ranks - 1 - rank) * self.cell;
        (x, y)
    }

    /// Width and height of the board itself, without the coordinate band.
    pub fn board_size(&self) -> (f64, f64) {
        (
            f64::from(self.files) * self.cell,
            f64::from(self.ranks) * self.cell,
        )
    }
}

/// Draws `scene` laid out by `layout`: background, squares, grid, coordinates, then tokens.
pub fn draw(surface: &mut impl Surface, layout: &Layout, scene: &Scene) {
    surface.clear(palette::BACKGROUND);
    let cell = layout.cell;
    let squares = (0..scene.ranks).flat_map(|rank| (0..scene.files).map(move |file| (file, rank)));

    for ((file, rank), terrain) in squares.clone().zip(&scene.terrain) {
        let (x, y) = layout.square_origin(file, rank);
        surface.fill_rect(x, y, cell, cell, terrain_colour(*terrain));
    }
    let grid_line = (cell / 40.0).max(1.0);
    for (file, rank) in squares.clone() {
        let (x, y) = layout.square_origin(file, rank);
        surface.stroke_rect(x, y, cell, cell, palette::GRID, grid_line);
    }
    let (board_width, board_height) = layout.board_size();
    surface.stroke_rect(
        layout.left,
        layout.top,
        board_width,
        board_height,
        palette::GRID,
        grid_line * 2.0,
    );

    draw_coordinates(surface, layout);

    for ((file, rank), token) in squares.zip(&scene.tokens) {
        if let Some(token) = token {
            let (x, y) = layout.square_origin(file, rank);
            draw_token(surface, x + cell / 2.0, y + cell / 2.0, cell, token);
        }
    }
}

fn terrain_colour(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Land => palette::LAND,
        Terrain::Water => palette::WATER,
        Terrain::Trap => palette::TRAP,
        Terrain::Den => palette::DEN,
    }
}

fn draw_coordinates(surface: &mut impl Surface, layout: &Layout) {
    let cell = layout.cell;
    let size = cell * 0.3;
    let (_, board_height) = layout.board_size();
    let band_middle = COORDINATE_BAND * cell / 2.0;
    for file in 0..layout.files {
        let (x, _) = layout.square_origin(file, 0);
        let letter = char::from(b'a' + file).to_string();
        let y = layout.top + board_height + band_middle;
        surface.text(&letter, x + cell / 2.0, y, size, palette::COORDINATES);
    }
    for rank in 0..layout.ranks {
        let (_, y) = layout.square_origin(0, rank);
        let number = (u32::from(rank) + 1).to_string();
        let x = layout.left - band_middle;
        surface.text(&number, x, y + cell / 2.0, size, palette::COORDINATES);
    }
}

fn draw_token(surface: &mut impl Surface, x: f64, y: f64, cell: f64, token: &Token) {
    let (fill, ink) = match token.colour {
        TokenColour::Dark => palette::DARK_TOKEN,
        TokenColour::Light => palette::LIGHT_TOKEN,
    };
    let radius = cell * 0.4;
    surface.disc(x, y, radius, fill, palette::TOKEN_RING, cell * 0.05);
    surface.text(
        &token.label.to_string(),
        x,
        y - cell * 0.05,
        cell * 0.4,
        ink,
    );
    surface.text(&token.caption, x, y + cell * 0.22, cell * 0.17, ink);
}
