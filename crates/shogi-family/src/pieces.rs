//! The pieces of the family as data: each piece's moves as atoms (steps, slides, ranged slides
//! and hops), written from the mover's side (forward is toward the opponent, right is the mover's
//! right). docs/rules-shogi-family.md names each piece and draws its moves.

/// What a move of an atom may do where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Move to an empty square or capture.
    Any,
    /// Only to an empty square.
    Move,
    /// Only a capture.
    Capture,
}

/// One way a piece moves: a direction `(dx, dy)` (right, forward) and how far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    /// One jump to `(dx, dy)` (over anything between).
    Step(i8, i8, Mode),
    /// Any number of steps `(dx, dy)` through empty squares, at most `max` (0: no limit).
    Slide(i8, i8, u8, Mode),
    /// A hop along `(dx, dy)` over exactly one piece (the screen): to any empty square beyond it
    /// or onto the first piece beyond it (`Mode::Any`), or only onto that piece
    /// (`Mode::Capture`: the xiangqi cannon's capture). `max` limits the whole distance
    /// travelled (0: no limit).
    Hop(i8, i8, u8, Mode),
}

use Atom::{Hop, Slide, Step};
use Mode::{Any, Capture, Move};

/// The eight directions, forward first.
const FORWARD: (i8, i8) = (0, 1);
const BACK: (i8, i8) = (0, -1);
const LEFT: (i8, i8) = (-1, 0);
const RIGHT: (i8, i8) = (1, 0);
const FORWARD_LEFT: (i8, i8) = (-1, 1);
const FORWARD_RIGHT: (i8, i8) = (1, 1);
const BACK_LEFT: (i8, i8) = (-1, -1);
const BACK_RIGHT: (i8, i8) = (1, -1);

const fn step(d: (i8, i8)) -> Atom {
    Step(d.0, d.1, Any)
}
const fn slide(d: (i8, i8)) -> Atom {
    Slide(d.0, d.1, 0, Any)
}
const fn ranged(d: (i8, i8), max: u8) -> Atom {
    Slide(d.0, d.1, max, Any)
}

/// Shogi's pawn: one step forward.
pub const PAWN: &[Atom] = &[step(FORWARD)];
/// The lance: forward any distance.
pub const LANCE: &[Atom] = &[slide(FORWARD)];
/// Shogi's knight: the two forward knight jumps.
pub const KNIGHT: &[Atom] = &[Step(-1, 2, Any), Step(1, 2, Any)];
/// The silver general: forward and the four diagonals.
pub const SILVER: &[Atom] = &[
    step(FORWARD),
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    step(BACK_LEFT),
    step(BACK_RIGHT),
];
/// The gold general: the four orthogonals and the two forward diagonals (also every promoted
/// minor piece of standard shogi).
pub const GOLD: &[Atom] = &[
    step(FORWARD),
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    step(LEFT),
    step(RIGHT),
    step(BACK),
];
/// The king: one step any way.
pub const KING: &[Atom] = &[
    step(FORWARD),
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    step(LEFT),
    step(RIGHT),
    step(BACK),
    step(BACK_LEFT),
    step(BACK_RIGHT),
];
/// The bishop: the diagonals, any distance.
pub const BISHOP: &[Atom] = &[
    slide(FORWARD_LEFT),
    slide(FORWARD_RIGHT),
    slide(BACK_LEFT),
    slide(BACK_RIGHT),
];
/// The rook: the orthogonals, any distance.
pub const ROOK: &[Atom] = &[slide(FORWARD), slide(BACK), slide(LEFT), slide(RIGHT)];
/// The horse (promoted bishop): a bishop and one orthogonal step.
pub const HORSE: &[Atom] = &[
    slide(FORWARD_LEFT),
    slide(FORWARD_RIGHT),
    slide(BACK_LEFT),
    slide(BACK_RIGHT),
    step(FORWARD),
    step(BACK),
    step(LEFT),
    step(RIGHT),
];
/// The dragon (promoted rook): a rook and one diagonal step.
pub const DRAGON: &[Atom] = &[
    slide(FORWARD),
    slide(BACK),
    slide(LEFT),
    slide(RIGHT),
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    step(BACK_LEFT),
    step(BACK_RIGHT),
];
/// Sho shogi's drunk elephant: one step any way but straight back.
pub const DRUNK_ELEPHANT: &[Atom] = &[
    step(FORWARD),
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    step(LEFT),
    step(RIGHT),
    step(BACK_LEFT),
    step(BACK_RIGHT),
];

/// Dobutsu's chick: one step forward.
pub const CHICK: &[Atom] = PAWN;
/// Dobutsu's elephant: one diagonal step.
pub const ELEPHANT: &[Atom] = &[
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    step(BACK_LEFT),
    step(BACK_RIGHT),
];
/// Dobutsu's giraffe: one orthogonal step.
pub const GIRAFFE: &[Atom] = &[step(FORWARD), step(BACK), step(LEFT), step(RIGHT)];

/// Tori shogi's swallow: one step forward.
pub const SWALLOW: &[Atom] = PAWN;
/// Tori shogi's falcon: one step any way but straight back.
pub const FALCON: &[Atom] = DRUNK_ELEPHANT;
/// Tori shogi's crane: one step any way but sideways.
pub const CRANE: &[Atom] = &[
    step(FORWARD),
    step(BACK),
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    step(BACK_LEFT),
    step(BACK_RIGHT),
];
/// Tori shogi's left quail: forward any distance, back-right any distance, one step back-left.
pub const LEFT_QUAIL: &[Atom] = &[slide(FORWARD), slide(BACK_RIGHT), step(BACK_LEFT)];
/// Tori shogi's right quail: forward any distance, back-left any distance, one step back-right.
pub const RIGHT_QUAIL: &[Atom] = &[slide(FORWARD), slide(BACK_LEFT), step(BACK_RIGHT)];
/// Tori shogi's pheasant: a jump two forward, or one diagonal step back.
pub const PHEASANT: &[Atom] = &[Step(0, 2, Any), step(BACK_LEFT), step(BACK_RIGHT)];
/// Tori shogi's goose (promoted swallow): a diagonal jump two forward, or a jump two back.
pub const GOOSE: &[Atom] = &[Step(-2, 2, Any), Step(2, 2, Any), Step(0, -2, Any)];
/// Tori shogi's eagle (promoted falcon): one step any way, forward diagonals and straight
/// back any distance, back diagonals up to two.
pub const EAGLE: &[Atom] = &[
    step(FORWARD),
    step(LEFT),
    step(RIGHT),
    slide(FORWARD_LEFT),
    slide(FORWARD_RIGHT),
    slide(BACK),
    ranged(BACK_LEFT, 2),
    ranged(BACK_RIGHT, 2),
];

/// Yari shogi's knight: forward any distance, or shogi's knight jumps.
pub const YARI_KNIGHT: &[Atom] = &[slide(FORWARD), Step(-1, 2, Any), Step(1, 2, Any)];
/// Yari shogi's bishop: forward any distance, or one forward diagonal step.
pub const YARI_BISHOP: &[Atom] = &[slide(FORWARD), step(FORWARD_LEFT), step(FORWARD_RIGHT)];
/// Yari shogi's rook: forward and sideways any distance.
pub const YARI_ROOK: &[Atom] = &[slide(FORWARD), slide(LEFT), slide(RIGHT)];
/// Yari shogi's gold (promoted knight and bishop): the gold's steps but straight back, which
/// it slides.
pub const YARI_GOLD: &[Atom] = &[
    step(FORWARD),
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    step(LEFT),
    step(RIGHT),
    slide(BACK),
];
/// Yari shogi's silver (promoted pawn): one step forward or forward diagonal, and straight back
/// any distance.
pub const YARI_SILVER: &[Atom] = &[
    step(FORWARD),
    step(FORWARD_LEFT),
    step(FORWARD_RIGHT),
    slide(BACK),
];

/// Cannon shogi's soldier (the janggi pawn): one step forward or sideways.
pub const SOLDIER: &[Atom] = &[step(FORWARD), step(LEFT), step(RIGHT)];
/// The xiangqi cannon (cannon shogi's "gold cannon"): moves as a rook, captures by hopping a
/// screen orthogonally.
pub const CANNON: &[Atom] = &[
    Slide(0, 1, 0, Move),
    Slide(0, -1, 0, Move),
    Slide(-1, 0, 0, Move),
    Slide(1, 0, 0, Move),
    Hop(0, 1, 0, Capture),
    Hop(0, -1, 0, Capture),
    Hop(-1, 0, 0, Capture),
    Hop(1, 0, 0, Capture),
];
/// The janggi cannon (cannon shogi's "silver cannon"): hops a screen orthogonally, to move and
/// to capture.
pub const HOPPING_CANNON: &[Atom] = &[
    Hop(0, 1, 0, Any),
    Hop(0, -1, 0, Any),
    Hop(-1, 0, 0, Any),
    Hop(1, 0, 0, Any),
];
/// The diagonal xiangqi cannon (cannon shogi's "copper cannon"): moves as a bishop, captures by
/// hopping a screen diagonally.
pub const DIAGONAL_CANNON: &[Atom] = &[
    Slide(-1, 1, 0, Move),
    Slide(1, 1, 0, Move),
    Slide(-1, -1, 0, Move),
    Slide(1, -1, 0, Move),
    Hop(-1, 1, 0, Capture),
    Hop(1, 1, 0, Capture),
    Hop(-1, -1, 0, Capture),
    Hop(1, -1, 0, Capture),
];
/// The diagonal janggi cannon (cannon shogi's "iron cannon"): hops a screen diagonally, to move
/// and to capture.
pub const DIAGONAL_HOPPING_CANNON: &[Atom] = &[
    Hop(-1, 1, 0, Any),
    Hop(1, 1, 0, Any),
    Hop(-1, -1, 0, Any),
    Hop(1, -1, 0, Any),
];
/// Cannon shogi's flying cannon (the promoted orthogonal cannons): moves as a rook, hops
/// orthogonally to move and capture, steps diagonally to an empty square, and hops diagonally
/// within two squares.
pub const FLYING_CANNON: &[Atom] = &[
    Slide(0, 1, 0, Move),
    Slide(0, -1, 0, Move),
    Slide(-1, 0, 0, Move),
    Slide(1, 0, 0, Move),
    Hop(0, 1, 0, Any),
    Hop(0, -1, 0, Any),
    Hop(-1, 0, 0, Any),
    Hop(1, 0, 0, Any),
    Step(-1, 1, Move),
    Step(1, 1, Move),
    Step(-1, -1, Move),
    Step(1, -1, Move),
    Hop(-1, 1, 2, Any),
    Hop(1, 1, 2, Any),
    Hop(-1, -1, 2, Any),
    Hop(1, -1, 2, Any),
];
/// Cannon shogi's flying diagonal cannon (the promoted diagonal cannons): moves as a bishop,
/// hops diagonally to move and capture, steps orthogonally to an empty square, and hops
/// orthogonally within two squares.
pub const FLYING_DIAGONAL_CANNON: &[Atom] = &[
    Slide(-1, 1, 0, Move),
    Slide(1, 1, 0, Move),
    Slide(-1, -1, 0, Move),
    Slide(1, -1, 0, Move),
    Hop(-1, 1, 0, Any),
    Hop(1, 1, 0, Any),
    Hop(-1, -1, 0, Any),
    Hop(1, -1, 0, Any),
    Step(0, 1, Move),
    Step(0, -1, Move),
    Step(-1, 0, Move),
    Step(1, 0, Move),
    Hop(0, 1, 2, Any),
    Hop(0, -1, 2, Any),
    Hop(-1, 0, 2, Any),
    Hop(1, 0, 2, Any),
];
