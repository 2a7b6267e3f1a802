//! Squares `a1`…`g9`, files, ranks and the four step directions.

use std::fmt;

/// Number of files (`a`–`g`).
pub const FILES: u8 = 7;
/// Number of ranks (`1`–`9`).
pub const RANKS: u8 = 9;
/// Number of squares on the board.
pub const SQUARE_COUNT: usize = (FILES * RANKS) as usize;

/// A square of the 7×9 board, indexed `rank * 7 + file` from `a1` = 0 to `g9` = 62.
///
/// Rank 1 is Black's home rank; file `a` is on the left as Black sees the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// `a1`, the first square.
    pub const A1: Square = Square(0);

    /// The square at `index` (0..63), or `None` when out of range.
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SQUARE_COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `index` without a range check; the caller guarantees `index < 63`.
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1), or `None` when off the board.
    pub const fn from_coords(file: i8, rank: i8) -> Option<Square> {
        if file < 0 || file >= FILES as i8 || rank < 0 || rank >= RANKS as i8 {
            None
        } else {
            Some(Square(rank as u8 * FILES + file as u8))
        }
    }

    /// The index 0..63 (`a1` = 0, `g1` = 6, `a2` = 7, …, `g9` = 62).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 6 (`g`).
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, 0 (rank 1) to 8 (rank 9).
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square seen from the other side: the board is point-symmetric (180° rotation).
    pub const fn rotated(self) -> Square {
        Square(SQUARE_COUNT as u8 - 1 - self.0)
    }

    /// The neighbouring square one step in `dir`, or `None` at the edge.
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let (df, dr) = dir.delta();
        Square::from_coords(self.file() as i8 + df, self.rank() as i8 + dr)
    }

    /// Every square, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARE_COUNT as u8).map(Square)
    }

    /// Parses `"e3"`; anything else is `None`.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file < FILES && rank < RANKS {
            Square::from_coords(file as i8, rank as i8)
        } else {
            None
        }
    }

    /// The file letter, `'a'`…`'g'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `'1'`…`'9'`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// One of the four orthogonal step directions; "up" is towards rank 9.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Direction {
    /// Towards rank 9.
    Up,
    /// Towards rank 1.
    Down,
    /// Towards file `a`.
    Left,
    /// Towards file `g`.
    Right,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// `(file delta, rank delta)` of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        }
    }

    /// Whether the step changes the rank (a vertical move).
    pub const fn is_vertical(self) -> bool {
        matches!(self, Direction::Up | Direction::Down)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_through_text() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("a1").map(Square::index), Some(0));
        assert_eq!(Square::parse("g9").map(Square::index), Some(62));
        for bad in ["", "a", "h1", "a0", "a10", "A1", "1a", "é1"] {
            assert_eq!(Square::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn rotation_maps_dens_onto_each_other() {
        let d1 = Square::parse("d1").unwrap();
        assert_eq!(d1.rotated().to_string(), "d9");
        assert_eq!(Square::parse("a3").unwrap().rotated().to_string(), "g7");
    }
}
