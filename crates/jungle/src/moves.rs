//! A move, a fixed-capacity move list, and the reasons a move can be illegal.

use super::animal::{Animal, Side};
use super::square::Square;
use std::fmt;

/// A move from one square to another: a step, a swim or a river jump.
///
/// Written in machine form as the two squares, `a3a4` (a jump: `b3b7`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Move {
    /// Where the animal starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
}

impl Move {
    /// A move between two squares (not checked against any position).
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parses the machine form `a3a4`; the error says what is wrong.
    pub fn parse(text: &str) -> Result<Move, MoveParseError> {
        let text = text.trim();
        if text.len() != 4 || !text.is_ascii() {
            return Err(MoveParseError::NotAMove(truncate(text)));
        }
        let from = Square::parse(&text[..2])
            .ok_or_else(|| MoveParseError::NotASquare(text[..2].to_string()))?;
        let to = Square::parse(&text[2..])
            .ok_or_else(|| MoveParseError::NotASquare(text[2..].to_string()))?;
        if from == to {
            return Err(MoveParseError::SameSquare(text.to_string()));
        }
        Ok(Move { from, to })
    }

    /// The move seen from the other side (both squares rotated 180°).
    pub const fn rotated(self) -> Move {
        Move {
            from: self.from.rotated(),
            to: self.to.rotated(),
        }
    }

    /// A compact 16-bit code (`from * 64 + to`), e.g. for tables.
    pub const fn code(self) -> u16 {
        (self.from.index() as u16) << 6 | self.to.index() as u16
    }
}

pub(crate) use common::truncate;

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Text that is not a move in machine form. Each variant holds the offending text (shortened).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveParseError {
    /// Not two squares: the text is not four ASCII characters.
    NotAMove(String),
    /// Half of the move does not name a square.
    NotASquare(String),
    /// The move names the same square twice.
    SameSquare(String),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::NotAMove(text) => {
                write!(f, "'{text}' is not a move: write two squares, like a3a4")
            }
            MoveParseError::NotASquare(text) => write!(f, "'{text}' is not a square (a1…g9)"),
            MoveParseError::SameSquare(text) => {
                write!(f, "'{text}' does not move: the two squares are the same")
            }
        }
    }
}

impl std::error::Error for MoveParseError {}

/// The most moves a position can have: 8 animals × 4 steps, plus at most 4 jumps.
pub const MAX_MOVES: usize = 40;

/// A list of moves on the stack (no heap allocation).
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::A1, Square::A1); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// The number of moves.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for ordering them in place).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Whether the list holds `m`.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[kept] = self.moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Why a capture is not allowed, one variant per capture rule of docs/rules-jungle.md.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CaptureError {
    /// Rule 2: a rat in the water cannot capture an animal on land.
    FromWaterToLand,
    /// Rule 2: an animal on land cannot capture a rat in the water.
    FromLandIntoWater,
    /// Rule 3: an animal standing in an enemy trap captures nothing.
    AttackerTrapped(Animal),
    /// Rule 4: the elephant cannot capture the rat.
    ElephantCannotTakeRat,
    /// Rule 5: the attacker ranks below the defender.
    Outranked {
        /// The attacking animal.
        attacker: Animal,
        /// The stronger defending animal.
        defender: Animal,
    },
}

impl fmt::Display for CaptureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaptureError::FromWaterToLand => {
                f.write_str("a rat in the water cannot capture on land")
            }
            CaptureError::FromLandIntoWater => {
                f.write_str("nothing on land can capture a rat in the water")
            }
            CaptureError::AttackerTrapped(a) => write!(
                f,
                "the {a} stands in an enemy trap: a trapped animal captures nothing"
            ),
            CaptureError::ElephantCannotTakeRat => {
                f.write_str("the elephant cannot capture the rat")
            }
            CaptureError::Outranked { attacker, defender } => write!(
                f,
                "the {attacker} (rank {}) cannot capture the stronger {defender} (rank {})",
                attacker.rank(),
                defender.rank()
            ),
        }
    }
}

/// Why a move cannot be played, in words a player can act on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// The game has already ended.
    GameOver,
    /// There is no animal on the starting square.
    NoAnimal(Square),
    /// The animal on the starting square belongs to the side not to move.
    NotYourTurn {
        /// The side whose turn it is.
        to_move: Side,
    },
    /// The destination is neither a neighbouring square nor a jump across a river.
    NotAStep(Animal),
    /// The destination is the mover's own den.
    OwnDen,
    /// The destination holds an animal of the mover's own side.
    OwnAnimal,
    /// Only the rat may enter the water.
    NoSwimming(Animal),
    /// A rat in the river blocks the lion's or tiger's jump.
    JumpBlocked,
    /// Under `tiger-vertical-only` the tiger jumps only vertically.
    TigerJumpsVerticallyOnly,
    /// The capture breaks one of the capture rules.
    Capture(CaptureError),
    /// The repetition-prohibition variant forbids this move now.
    RepetitionProhibited {
        /// The destination square the animal may not go to.
        to: Square,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::NoAnimal(sq) => write!(f, "there is no animal on {sq}"),
            IllegalMove::NotYourTurn { to_move } => {
                write!(f, "it is {to_move}'s turn: move one of {to_move}'s animals")
            }
            IllegalMove::NotAStep(a) if a.jumps() => write!(
                f,
                "the {a} moves one square up, down, left or right, or jumps straight across a river"
            ),
            IllegalMove::NotAStep(a) => {
                write!(f, "the {a} moves one square up, down, left or right")
            }
            IllegalMove::OwnDen => f.write_str("no animal may enter its own den"),
            IllegalMove::OwnAnimal => f.write_str("an animal cannot move onto an animal of its own side"),
            IllegalMove::NoSwimming(a) => write!(f, "only the rat may enter the water, not the {a}"),
            IllegalMove::JumpBlocked => f.write_str("the jump is blocked by a rat in the river"),
            IllegalMove::TigerJumpsVerticallyOnly => f.write_str(
                "under the tiger-vertical-only rule the tiger may jump only vertically",
            ),
            IllegalMove::Capture(e) => e.fmt(f),
            IllegalMove::RepetitionProhibited { to } => write!(
                f,
                "repetition prohibition: this animal has been going back and forth; it may not move to {to} now"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_moves_parse_and_format() {
        let m = Move::parse("a3a4").unwrap();
        assert_eq!(m.to_string(), "a3a4");
        for bad in [
            "",
            "a3",
            "a3a",
            "a3a4a",
            "a3h4",
            "a0a1",
            "a3a3",
            "ä3a4",
            "日本語字",
        ] {
            assert!(Move::parse(bad).is_err(), "{bad:?}");
        }
        assert!(Move::parse("a3a3")
            .unwrap_err()
            .to_string()
            .contains("same"));
    }
}
