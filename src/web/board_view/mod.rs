//! Canvas drawing of a board of square cells. It knows no rules: it is given a [`Scene`] (terrain,
//! tokens, the pieces in each hand, the last move, the selection and its destinations, squares
//! marked for the reader, a king in check, the keyboard cursor, a hint arrow, a token in flight or
//! being dragged, a choice of moves offered on a square) and draws it onto any [`Surface`], in CSS
//! pixels, laid out by a [`Layout`] fitted to the board's [`BoardShape`].
//!
//! Cells are indexed `rank * files + file` from the bottom-left corner as the first player sees
//! the board, then the first player's hand slots, then the second player's; `flipped` turns the
//! board round (the last rank at the bottom). The coordinates run along the edges the shape
//! names (Jungle: file letters under the board, rank numbers left of it; shogi: file numbers
//! above, rank letters right), in the order shown.

mod layout;

use layout::COORDINATE_BAND;
pub use layout::{HandPlacement, Layout};

/// A board's size, hands and frame, as the view lays it out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardShape {
    /// Number of columns.
    pub files: u8,
    /// Number of rows.
    pub ranks: u8,
    /// Slots in each player's hand (0: no hands).
    pub hand_slots: u8,
    /// The file coordinates run above the board (else under it).
    pub files_above: bool,
    /// The rank coordinates run right of the board (else left of it).
    pub ranks_right: bool,
}

impl BoardShape {
    /// A board of `files` × `ranks` with no hands, coordinates under and left of it.
    pub const fn plain(files: u8, ranks: u8) -> BoardShape {
        BoardShape {
            files,
            ranks,
            hand_slots: 0,
            files_above: false,
            ranks_right: false,
        }
    }

    /// The number of board squares.
    pub const fn cells(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The number of cells with the hands' slots.
    pub const fn all_cells(&self) -> usize {
        self.cells() + 2 * self.hand_slots as usize
    }
}

/// How a square of the board looks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Terrain {
    /// Plain ground.
    Land,
    /// A wooden board's square (shogi): no checker, thin dark lines.
    Wood,
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

/// A piece as the view draws it.
#[derive(Clone, PartialEq, Debug)]
pub enum Token {
    /// A round token with an emblem (Jungle's animals).
    Disc(Disc),
    /// A pentagonal shogi piece pointing at its owner's opponent.
    Koma(Koma),
}

impl Token {
    /// Whose token it is.
    pub fn colour(&self) -> TokenColour {
        match self {
            Token::Disc(disc) => disc.colour,
            Token::Koma(koma) => koma.colour,
        }
    }
}

/// A disc with an emblem and a small rank badge.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Disc {
    /// A letter for the piece (drawn only for [`Emblem::Letter`]).
    pub label: char,
    /// The small text in the badge (the animal's rank).
    pub caption: String,
    /// Whose token it is.
    pub colour: TokenColour,
    /// The picture.
    pub emblem: Emblem,
}

/// A wooden board's colours: its squares, its grid lines and star points, its edge (and the
/// stands' edges), and the stands the hands rest on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wood {
    /// The squares.
    pub square: &'static str,
    /// The grid lines and star points.
    pub line: &'static str,
    /// The board's edge, and the stands' edges.
    pub frame: &'static str,
    /// The stands.
    pub stand: &'static str,
}

/// The kaya board, golden: shogi's default.
pub const KAYA: Wood = Wood {
    square: palette::WOOD,
    line: palette::WOOD_LINE,
    frame: palette::WOOD_FRAME,
    stand: palette::STAND,
};

/// How shogi pieces are written on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PieceSet {
    /// The traditional faces: kanji, promoted pieces in red.
    Kanji,
    /// For readers who cannot read kanji: the notation's letter and marks showing where the
    /// piece moves.
    International,
}

/// One way a piece moves, as its owner sees the board: `dx` to the right, `dy` forward;
/// `slide`: any distance that way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mark {
    /// Files to the right.
    pub dx: i8,
    /// Ranks forward.
    pub dy: i8,
    /// Any number of squares that way (else one step, or a knight's jump).
    pub slide: bool,
}

/// A shogi piece as the view draws it.
#[derive(Clone, PartialEq, Debug)]
pub struct Koma {
    /// Whose piece it is: it points away from its owner.
    pub colour: TokenColour,
    /// The kanji face (one or two characters).
    pub glyph: &'static str,
    /// The international face's letter (the notation's: `P`, `+R`).
    pub letter: &'static str,
    /// A promoted piece: red ink.
    pub promoted: bool,
    /// Its size against the largest piece (the king), 0–1: pawns are the smallest.
    pub size: f64,
    /// Where it moves (the international face draws them).
    pub marks: &'static [Mark],
    /// Which face is drawn.
    pub set: PieceSet,
}

/// The pieces of one kind in a player's hand.
#[derive(Clone, PartialEq, Debug)]
pub struct HandSlot {
    /// The slot's cell.
    pub cell: usize,
    /// The piece.
    pub token: Token,
    /// How many (a badge shows the number from 2 up).
    pub count: u8,
}

/// Moves offered on a square for the player to choose between (a promotion): each choice's
/// piece, the first on the square, the next ones towards the board's middle.
#[derive(Clone, PartialEq, Debug)]
pub struct Choice {
    /// The square the choice is about.
    pub cell: usize,
    /// The piece each choice would leave there.
    pub options: Vec<Token>,
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
    /// The pieces in the hands, each on its slot's cell.
    pub hands: Vec<HandSlot>,
    /// Dots where grid lines cross, in squares from the bottom-left corner (shogi's four).
    pub stars: Vec<(u8, u8)>,
    /// Each file's coordinate, file 0 first.
    pub file_labels: Vec<String>,
    /// Each rank's coordinate, rank 0 (the bottom one) first.
    pub rank_labels: Vec<String>,
    /// The last move's two cells (a drop's first: its hand slot, which is not marked).
    pub last_move: Option<(usize, usize)>,
    /// The colours of a wooden board (shogi's, which the reader chooses).
    pub wood: Wood,
    /// The selected token's cell (a square or a hand slot).
    pub selected: Option<usize>,
    /// The premove's two cells, waiting for the AI's move (a drop's first is its hand slot).
    pub premove: Option<(usize, usize)>,
    /// Where the selected token may go.
    pub destinations: Vec<usize>,
    /// Squares marked to show where to look (a tint and corner brackets, under the tokens).
    pub marked: Vec<usize>,
    /// The square of a king in check (a red glow under it).
    pub check: Option<usize>,
    /// The keyboard cursor.
    pub cursor: Option<usize>,
    /// A suggested move, drawn as an arrow.
    pub hint: Option<(usize, usize)>,
    /// The analysis board's best moves, best first, drawn as arrows (the later ones fainter).
    pub arrows: Vec<(usize, usize)>,
    /// The game review's better move than the one played next, drawn as a green arrow.
    pub better: Option<(usize, usize)>,
    /// A move being animated.
    pub flight: Option<Flight>,
    /// A token being dragged.
    pub drag: Option<Drag>,
    /// Moves offered on a square to choose between (over a dimmed board).
    pub choice: Option<Choice>,
    /// The colour of the coordinates (it depends on the page's theme).
    pub coordinate_colour: &'static str,
}

impl Scene {
    /// A scene of bare land with no tokens and nothing marked, coordinates `a`… and `1`….
    pub fn empty(files: u8, ranks: u8) -> Scene {
        let count = usize::from(files) * usize::from(ranks);
        Scene {
            files,
            ranks,
            terrain: vec![Terrain::Land; count],
            tokens: vec![None; count],
            hands: Vec::new(),
            stars: Vec::new(),
            file_labels: (0..files)
                .map(|file| char::from(b'a' + file).to_string())
                .collect(),
            rank_labels: (1..=ranks).map(|rank| rank.to_string()).collect(),
            last_move: None,
            wood: KAYA,
            selected: None,
            premove: None,
            destinations: Vec::new(),
            marked: Vec::new(),
            check: None,
            cursor: None,
            hint: None,
            arrows: Vec::new(),
            better: None,
            flight: None,
            drag: None,
            choice: None,
            coordinate_colour: palette::COORDINATES_DARK_PAGE,
        }
    }

    /// The token on a cell: a square's, or a hand slot's piece.
    pub fn token_at(&self, cell: usize) -> Option<&Token> {
        match self.tokens.get(cell) {
            Some(token) => token.as_ref(),
            None => self
                .hands
                .iter()
                .find(|slot| slot.cell == cell)
                .map(|slot| &slot.token),
        }
    }
}

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
    /// A premove's squares (blue, apart from the last move's yellow).
    pub const PREMOVE: &str = "rgba(40, 110, 210, 0.4)";
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
    /// The game review's better move (green, apart from the engine's blue lines).
    pub const BETTER: &str = "rgba(34, 150, 60, 0.82)";
    /// The analysis board's arrows, best line first: colour and shaft width (squares).
    pub const LINE_ARROWS: [(&str, f64); 3] = [
        ("rgba(21, 120, 200, 0.8)", 0.16),
        ("rgba(21, 120, 200, 0.45)", 0.11),
        ("rgba(21, 120, 200, 0.3)", 0.08),
    ];
    /// A marked square's tint.
    pub const MARK_TINT: &str = "rgba(214, 40, 200, 0.2)";
    /// A marked square's corner brackets.
    pub const MARK: &str = "#c21fb4";
    /// A wooden board's squares (shogi).
    pub const WOOD: &str = "#e9c27a";
    /// A wooden board's grid lines and star points.
    pub const WOOD_LINE: &str = "rgba(60, 36, 10, 0.78)";
    /// A wooden board's edge, and the hands' stands' edges.
    pub const WOOD_FRAME: &str = "#8a5a22";
    /// The stands the hands' pieces rest on.
    pub const STAND: &str = "#d8ad62";
    /// A shogi piece's wood.
    pub const KOMA_BODY: &str = "#f8e0a8";
    /// A shogi piece's bevelled edge.
    pub const KOMA_EDGE: &str = "#b98a44";
    /// The writing on a piece.
    pub const KOMA_INK: &str = "#1c1712";
    /// The writing on a promoted piece.
    pub const KOMA_PROMOTED_INK: &str = "#c4161c";
    /// The badge with the number of pieces of a kind in hand.
    pub const COUNT_BADGE: &str = "#3a2410";
    /// The number in the badge.
    pub const COUNT_INK: &str = "#fff6e0";
    /// The corners of a square whose piece can be taken.
    pub const CAPTURE_CORNER: &str = "rgba(170, 30, 20, 0.7)";
    /// The glow under a king in check, outside in: radius (squares) and colour.
    pub const CHECK: [(f64, &str); 3] = [
        (0.5, "rgba(230, 20, 20, 0.18)"),
        (0.38, "rgba(230, 20, 20, 0.32)"),
        (0.26, "rgba(240, 30, 30, 0.5)"),
    ];
    /// The board under a choice.
    pub const CHOICE_DIM: &str = "rgba(20, 14, 8, 0.55)";
    /// Behind each choice.
    pub const CHOICE_BACK: &str = "#fbf3dd";
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
    /// Writes `text` centred on (`x`, `y`) in `size` pixels: a serif face for kanji (`serif`),
    /// else the bold sans-serif of [`Surface::text`]; `turned`: upside down (a piece facing
    /// the other player).
    #[allow(clippy::too_many_arguments)]
    fn glyph(
        &mut self,
        text: &str,
        x: f64,
        y: f64,
        size: f64,
        colour: &str,
        serif: bool,
        turned: bool,
    );
    /// Sets the opacity of what is drawn next (1 = opaque).
    fn set_alpha(&mut self, alpha: f64);
}

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
