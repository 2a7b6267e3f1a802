//! Squares `1a`…`9i` in USI naming, their files and ranks, and the eight step directions.

use super::piece::Side;
use std::fmt;

/// Number of files (`1`–`9`).
pub const FILES: u8 = 9;
/// Number of ranks (`a`–`i`).
pub const RANKS: u8 = 9;
/// Number of squares on the board.
pub const SQUARE_COUNT: usize = (FILES * RANKS) as usize;

/// A square of the 9×9 board, indexed `file * 9 + rank` with file 0 = file `1` and rank 0 =
/// rank `a`: `1a` = 0 (gote's corner, top right as sente sees the board), `1i` = 8, `2a` = 9, …,
/// `9i` = 80.
///
/// File-major order keeps each file in nine adjacent bits of a bitboard, which makes nifu (a
/// pawn on a file) and the lance's file cheap to read.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

/// The Chebyshev (king-step) distance between two squares, by square index; an extra last row
/// (no square, e.g. a missing king) is 8 everywhere.
pub static KING_DISTANCE: [[u8; SQUARE_COUNT]; SQUARE_COUNT + 1] = {
    let mut table = [[8u8; SQUARE_COUNT]; SQUARE_COUNT + 1];
    let mut a = 0;
    while a < SQUARE_COUNT {
        let mut b = 0;
        while b < SQUARE_COUNT {
            let df = (a / 9) as i32 - (b / 9) as i32;
            let dr = (a % 9) as i32 - (b % 9) as i32;
            let df = if df < 0 { -df } else { df };
            let dr = if dr < 0 { -dr } else { dr };
            table[a][b] = if df > dr { df as u8 } else { dr as u8 };
            b += 1;
        }
        a += 1;
    }
    table
};

impl Square {
    /// The king-step (Chebyshev) distance to `other`: 0 to 8.
    #[inline(always)]
    pub fn distance(self, other: Square) -> u8 {
        KING_DISTANCE[self.index()][other.index()]
    }

    /// The square at `index` (0..81), or `None` when out of range.
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SQUARE_COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `index` without a range check; the caller guarantees `index < 81`.
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// The square on `file` (0 = file `1`) and `rank` (0 = rank `a`), or `None` off the board.
    pub const fn from_coords(file: i8, rank: i8) -> Option<Square> {
        if file < 0 || file >= FILES as i8 || rank < 0 || rank >= RANKS as i8 {
            None
        } else {
            Some(Square(file as u8 * RANKS + rank as u8))
        }
    }

    /// The index 0..81 (`1a` = 0, `1i` = 8, `2a` = 9, …, `9i` = 80).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (file `1`, on sente's right) to 8 (file `9`).
    pub const fn file(self) -> u8 {
        self.0 / RANKS
    }

    /// The rank, 0 (rank `a`, gote's back rank) to 8 (rank `i`, sente's back rank).
    pub const fn rank(self) -> u8 {
        self.0 % RANKS
    }

    /// The file as players write it, 1–9.
    pub const fn file_number(self) -> u8 {
        self.file() + 1
    }

    /// The rank as a number, 1 (`a`) to 9 (`i`), as in Japanese and CSA notation.
    pub const fn rank_number(self) -> u8 {
        self.rank() + 1
    }

    /// The rank counted from `side`'s far end: 0 for its last rank (where a pawn must promote),
    /// 8 for its own back rank.
    pub const fn rank_for(self, side: Side) -> u8 {
        match side {
            Side::Black => self.rank(),
            Side::White => RANKS - 1 - self.rank(),
        }
    }

    /// Whether the square is in `side`'s promotion zone (the three ranks farthest from it).
    pub const fn in_zone(self, side: Side) -> bool {
        self.rank_for(side) < 3
    }

    /// The square seen from the other side: the board turned 180°.
    pub const fn rotated(self) -> Square {
        Square(SQUARE_COUNT as u8 - 1 - self.0)
    }

    /// The square mirrored left to right (file `1` ⇄ file `9`).
    pub const fn mirrored(self) -> Square {
        Square((FILES - 1 - self.file()) * RANKS + self.rank())
    }

    /// The neighbouring square `(files, ranks)` away, or `None` off the board. Positive `files`
    /// go toward file 9, positive `ranks` toward rank `i`.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        Square::from_coords(self.file() as i8 + files, self.rank() as i8 + ranks)
    }

    /// Every square, `1a` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARE_COUNT as u8).map(Square)
    }

    /// Parses the USI name `"7g"` (file digit 1–9, rank letter a–i); anything else is `None`.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'1');
        let rank = bytes[1].wrapping_sub(b'a');
        Square::from_coords(
            if file < FILES { file as i8 } else { -1 },
            if rank < RANKS { rank as i8 } else { -1 },
        )
    }

    /// The square from its file and rank numbers, both 1–9 (CSA's `77` is file 7, rank 7).
    pub const fn from_numbers(file: u8, rank: u8) -> Option<Square> {
        Square::from_coords(file as i8 - 1, rank as i8 - 1)
    }

    /// The rank letter, `a`–`i`.
    pub const fn rank_letter(self) -> char {
        (b'a' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    /// The USI name, e.g. `7g`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_number(), self.rank_letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_coordinates_agree_with_usi() {
        let sq = Square::parse("7g").unwrap();
        assert_eq!((sq.file_number(), sq.rank_number()), (7, 7));
        assert_eq!(sq.to_string(), "7g");
        assert_eq!(Square::parse("1a").unwrap().index(), 0);
        assert_eq!(Square::parse("9i").unwrap().index(), 80);
        assert_eq!(
            Square::parse("5e").unwrap().rotated(),
            Square::parse("5e").unwrap()
        );
        assert_eq!(Square::parse("1a").unwrap().rotated().to_string(), "9i");
        assert_eq!(Square::parse("2h").unwrap().mirrored().to_string(), "8h");
        for bad in ["0a", "1j", "a1", "10", "", "7g7"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
    }

    #[test]
    fn zones_are_the_three_far_ranks() {
        let zone = |side| Square::all().filter(|s| s.in_zone(side)).count();
        assert_eq!(zone(Side::Black), 27);
        assert!(Square::parse("4c").unwrap().in_zone(Side::Black));
        assert!(!Square::parse("4d").unwrap().in_zone(Side::Black));
        assert!(Square::parse("4g").unwrap().in_zone(Side::White));
        assert!(!Square::parse("4f").unwrap().in_zone(Side::White));
    }
}
