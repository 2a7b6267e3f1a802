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

mod draw;
mod layout;

pub use draw::{draw, Paint};
pub(crate) use draw::{token_colours, unit_circle};
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
