//! A set of squares as a `u64` (63 squares fit), and the board's terrain as constant masks.
//!
//! Bit `i` is the square with index `i` (`a1` = bit 0, `g9` = bit 62). Drawn with rank 9 on top:
//!
//! ```text
//!   9  . . T D T . .     D = den, T = trap, ~ = water
//!   8  . . . T . . .
//!   7  . . . . . . .
//!   6  . ~ ~ . ~ ~ .
//!   5  . ~ ~ . ~ ~ .
//!   4  . ~ ~ . ~ ~ .
//!   3  . . . . . . .
//!   2  . . . T . . .
//!   1  . . T D T . .
//!      a b c d e f g
//! ```

use super::animal::Side;
use super::square::{Direction, Square, FILES, SQUARE_COUNT};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u64);

/// Every square of the board.
pub const ALL: Bitboard = Bitboard((1u64 << SQUARE_COUNT) - 1);

const fn bit(file: u8, rank: u8) -> u64 {
    1u64 << (rank * FILES + file)
}

/// The two rivers: `b4 c4 b5 c5 b6 c6` and `e4 f4 e5 f5 e6 f6`.
pub const WATER: Bitboard = {
    let mut m = 0u64;
    let mut rank = 3;
    while rank <= 5 {
        m |= bit(1, rank) | bit(2, rank) | bit(4, rank) | bit(5, rank);
        rank += 1;
    }
    Bitboard(m)
};

/// Each side's den: Black `d1`, White `d9`.
pub const DEN: [Bitboard; 2] = [Bitboard(bit(3, 0)), Bitboard(bit(3, 8))];

/// Each side's traps (the ones guarding its own den): Black `c1 e1 d2`, White `c9 e9 d8`.
pub const TRAPS: [Bitboard; 2] = [
    Bitboard(bit(2, 0) | bit(4, 0) | bit(3, 1)),
    Bitboard(bit(2, 8) | bit(4, 8) | bit(3, 7)),
];

/// Every trap of both sides.
pub const ALL_TRAPS: Bitboard = Bitboard(TRAPS[0].0 | TRAPS[1].0);

/// The squares one orthogonal step from each square.
pub const NEIGHBOURS: [Bitboard; SQUARE_COUNT] = {
    let mut table = [Bitboard(0); SQUARE_COUNT];
    let mut i = 0;
    while i < SQUARE_COUNT {
        let sq = Square::from_index_unchecked(i as u8);
        let mut m = 0u64;
        let mut d = 0;
        while d < 4 {
            if let Some(to) = sq.step(Direction::ALL[d]) {
                m |= 1u64 << to.index();
            }
            d += 1;
        }
        table[i] = Bitboard(m);
        i += 1;
    }
    table
};

/// A lion's or tiger's jump across a river from one square in one direction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Jump {
    /// The landing square (the first land square beyond the water).
    pub to: Square,
    /// The water squares crossed: any rat on them blocks the jump.
    pub over: Bitboard,
    /// Whether the jump crosses vertically (over 3 squares) rather than horizontally (over 2).
    pub vertical: bool,
}

/// Up to four jumps from one square (a square beside a river has one or two).
#[derive(Clone, Copy, Debug)]
pub struct Jumps {
    /// The jumps; only the first `len` are meaningful.
    pub list: [Jump; 4],
    /// How many jumps there are.
    pub len: u8,
}

impl Jumps {
    /// The jumps as a slice.
    pub fn as_slice(&self) -> &[Jump] {
        &self.list[..self.len as usize]
    }
}

const fn jumps_from(sq: Square) -> Jumps {
    let placeholder = Jump {
        to: Square::A1,
        over: Bitboard(0),
        vertical: false,
    };
    let mut out = Jumps {
        list: [placeholder; 4],
        len: 0,
    };
    if WATER.0 & (1u64 << sq.index()) != 0 {
        return out;
    }
    let mut d = 0;
    while d < 4 {
        let dir = Direction::ALL[d];
        let mut over = 0u64;
        let mut cur = sq;
        loop {
            match cur.step(dir) {
                Some(next) if WATER.0 & (1u64 << next.index()) != 0 => {
                    over |= 1u64 << next.index();
                    cur = next;
                }
                Some(next) => {
                    if over != 0 {
                        out.list[out.len as usize] = Jump {
                            to: next,
                            over: Bitboard(over),
                            vertical: dir.is_vertical(),
                        };
                        out.len += 1;
                    }
                    break;
                }
                None => break,
            }
        }
        d += 1;
    }
    out
}

/// The river jumps available from each square (for a lion; a tiger under
/// `tiger-vertical-only` uses only the vertical ones).
pub const JUMPS: [Jumps; SQUARE_COUNT] = {
    let placeholder = Jumps {
        list: [Jump {
            to: Square::A1,
            over: Bitboard(0),
            vertical: false,
        }; 4],
        len: 0,
    };
    let mut table = [placeholder; SQUARE_COUNT];
    let mut i = 0;
    while i < SQUARE_COUNT {
        table[i] = jumps_from(Square::from_index_unchecked(i as u8));
        i += 1;
    }
    table
};

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `sq`.
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u64 << sq.index())
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.index()) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the sets share a square.
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The number of squares in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square of the set, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The side whose trap `sq` is, if it is a trap.
    pub const fn trap_owner(sq: Square) -> Option<Side> {
        if TRAPS[0].contains(sq) {
            Some(Side::Black)
        } else if TRAPS[1].contains(sq) {
            Some(Side::White)
        } else {
            None
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn terrain_has_the_documented_squares() {
        let water: Vec<String> = WATER.map(|s| s.to_string()).collect();
        assert_eq!(
            water,
            ["b4", "c4", "e4", "f4", "b5", "c5", "e5", "f5", "b6", "c6", "e6", "f6"]
        );
        assert!(DEN[0].contains(sq("d1")) && DEN[1].contains(sq("d9")));
        let black_traps: Vec<String> = TRAPS[0].map(|s| s.to_string()).collect();
        assert_eq!(black_traps, ["c1", "e1", "d2"]);
        let white_traps: Vec<String> = TRAPS[1].map(|s| s.to_string()).collect();
        assert_eq!(white_traps, ["d8", "c9", "e9"]);
    }

    #[test]
    fn jumps_cross_rivers_to_the_first_land_square() {
        let from_b3: Vec<String> = JUMPS[sq("b3").index()]
            .as_slice()
            .iter()
            .map(|j| j.to.to_string())
            .collect();
        assert_eq!(from_b3, ["b7"]);
        let from_d5: Vec<String> = JUMPS[sq("d5").index()]
            .as_slice()
            .iter()
            .map(|j| j.to.to_string())
            .collect();
        assert_eq!(from_d5, ["a5", "g5"]);
        let a5 = JUMPS[sq("a5").index()].as_slice()[0];
        assert_eq!(a5.to, sq("d5"));
        assert_eq!(
            a5.over,
            Bitboard::from_square(sq("b5")) | Bitboard::from_square(sq("c5"))
        );
        assert!(!a5.vertical);
        assert_eq!(JUMPS[sq("d1").index()].len, 0);
        assert_eq!(JUMPS[sq("b5").index()].len, 0, "no jumps from the water");
    }
}
