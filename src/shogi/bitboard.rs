//! A set of squares as a `u128` (81 of its bits), the attack tables of the stepping pieces and
//! the rays of the sliding ones, all computed at compile time.
//!
//! Bit `i` is the square with index `i` (`1a` = bit 0, `1i` = bit 8, `2a` = bit 9, `9i` = bit
//! 80): each file is nine adjacent bits. Drawn as sente sees the board:
//!
//! ```text
//!    9  8  7  6  5  4  3  2  1
//!   72 63 54 45 36 27 18  9  0   a
//!   73 64 55 46 37 28 19 10  1   b
//!   ..                           ..
//!   80 71 62 53 44 35 26 17  8   i
//! ```
//!
//! Why `u128` rather than two `u64` halves (as YaneuraOu and Apery use): measured with perft,
//! see `docs/shogi-rules.md` — the sliding attacks here scan rays with one
//! `trailing_zeros`/`leading_zeros` on the whole `u128`, which the compiler turns into two
//! 64-bit scans and a select; the halves would need the same work by hand.

use super::piece::{PieceKind, Side};
use super::square::{Square, FILES, RANKS, SQUARE_COUNT};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u128);

/// Every square of the board.
pub const ALL: Bitboard = Bitboard((1u128 << SQUARE_COUNT) - 1);
/// No square.
pub const EMPTY: Bitboard = Bitboard(0);

const fn bit(file: i8, rank: i8) -> u128 {
    if file < 0 || file >= FILES as i8 || rank < 0 || rank >= RANKS as i8 {
        0
    } else {
        1u128 << (file as u32 * RANKS as u32 + rank as u32)
    }
}

const fn rank_mask(rank: u8) -> u128 {
    let mut m = 0;
    let mut file = 0;
    while file < FILES {
        m |= bit(file as i8, rank as i8);
        file += 1;
    }
    m
}

/// The nine squares of each file, file `1` first.
pub const FILE_MASKS: [Bitboard; FILES as usize] = {
    let mut table = [Bitboard(0); FILES as usize];
    let mut file = 0;
    while file < FILES as usize {
        table[file] = Bitboard(0x1FF << (file * RANKS as usize));
        file += 1;
    }
    table
};

/// The nine squares of each rank, rank `a` first.
pub const RANK_MASKS: [Bitboard; RANKS as usize] = {
    let mut table = [Bitboard(0); RANKS as usize];
    let mut rank = 0;
    while rank < RANKS {
        table[rank as usize] = Bitboard(rank_mask(rank));
        rank += 1;
    }
    table
};

/// Each side's promotion zone: ranks a–c for sente, g–i for gote.
pub const ZONES: [Bitboard; 2] = [
    Bitboard(rank_mask(0) | rank_mask(1) | rank_mask(2)),
    Bitboard(rank_mask(6) | rank_mask(7) | rank_mask(8)),
];

/// Each side's last rank (where a pawn or lance could not move again).
pub const LAST_RANK: [Bitboard; 2] = [Bitboard(rank_mask(0)), Bitboard(rank_mask(8))];

/// Each side's last two ranks (where a knight could not move again).
pub const LAST_TWO_RANKS: [Bitboard; 2] = [
    Bitboard(rank_mask(0) | rank_mask(1)),
    Bitboard(rank_mask(7) | rank_mask(8)),
];

impl Bitboard {
    /// The set holding just `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Whether the set holds `sq`.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds anything.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of squares.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds more than one square.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// Adds `sq`.
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Removes `sq`.
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// Toggles `sq`.
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1u128 << sq.index();
    }

    /// The files (bit `f` for file index `f`) on which the set has a square.
    pub const fn files(self) -> u16 {
        let mut files = 0u16;
        let mut f = 0;
        while f < FILES as usize {
            if self.0 >> (f * RANKS as usize) & 0x1FF != 0 {
                files |= 1 << f;
            }
            f += 1;
        }
        files
    }

    /// The whole files (as squares) on which the set has a square: the nifu mask of a side's
    /// pawns.
    #[inline]
    pub const fn fill_files(self) -> Bitboard {
        let mut m = 0u128;
        let mut f = 0;
        while f < FILES as usize {
            if self.0 >> (f * RANKS as usize) & 0x1FF != 0 {
                m |= 0x1FF << (f * RANKS as usize);
            }
            f += 1;
        }
        Bitboard(m)
    }

    /// The set turned 180° (as the other side sees it).
    pub fn rotated(self) -> Bitboard {
        // Bit i goes to bit 80 - i: reverse all 128 bits, then drop the 47 unused low ones.
        Bitboard(self.0.reverse_bits() >> (128 - SQUARE_COUNT))
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    /// Removes and returns the lowest square.
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign:ident $assign_method:ident $op:tt),*) => {
        $(
            impl $trait for Bitboard {
                type Output = Bitboard;
                #[inline(always)]
                fn $method(self, rhs: Bitboard) -> Bitboard {
                    Bitboard(self.0 $op rhs.0)
                }
            }
            impl $assign for Bitboard {
                #[inline(always)]
                fn $assign_method(&mut self, rhs: Bitboard) {
                    self.0 = self.0 $op rhs.0;
                }
            }
        )*
    };
}
bit_ops!(
    BitAnd bitand BitAndAssign bitand_assign &,
    BitOr bitor BitOrAssign bitor_assign |,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL.0)
    }
}

/// A direction on the board as sente sees it: `(files, ranks)` per step, files growing toward
/// file 9 (left), ranks toward rank `i` (down).
const DIRECTIONS: [(i8, i8); 8] = [
    // Directions whose steps raise the square index (scanned with trailing_zeros) …
    (0, 1),  // down
    (1, 0),  // left
    (1, -1), // up-left
    (1, 1),  // down-left
    // … and those that lower it (scanned with leading_zeros).
    (0, -1),  // up
    (-1, 0),  // right
    (-1, -1), // up-right
    (-1, 1),  // down-right
];
const DOWN: usize = 0;
const LEFT: usize = 1;
const UP_LEFT: usize = 2;
const DOWN_LEFT: usize = 3;
const UP: usize = 4;
const RIGHT: usize = 5;
const UP_RIGHT: usize = 6;
const DOWN_RIGHT: usize = 7;

/// The squares from each square in each direction to the edge (the square itself excluded).
const RAYS: [[u128; SQUARE_COUNT]; 8] = {
    let mut table = [[0u128; SQUARE_COUNT]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRECTIONS[d];
        let mut i = 0;
        while i < SQUARE_COUNT {
            let sq = Square::from_index_unchecked(i as u8);
            let (mut f, mut r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            let mut m = 0u128;
            while bit(f, r) != 0 {
                m |= bit(f, r);
                f += df;
                r += dr;
            }
            table[d][i] = m;
            i += 1;
        }
        d += 1;
    }
    table
};

/// The squares a slider on `sq` reaches in direction `d` (one that raises the index) up to and
/// including the first occupied square.
#[inline(always)]
fn ray_up_index(d: usize, sq: Square, occupied: Bitboard) -> u128 {
    let ray = RAYS[d][sq.index()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        ray
    } else {
        ray ^ RAYS[d][blockers.trailing_zeros() as usize]
    }
}

/// As [`ray_up_index`] for a direction that lowers the index.
#[inline(always)]
fn ray_down_index(d: usize, sq: Square, occupied: Bitboard) -> u128 {
    let ray = RAYS[d][sq.index()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        ray
    } else {
        ray ^ RAYS[d][127 - blockers.leading_zeros() as usize]
    }
}

/// The squares a lance of `side` on `sq` attacks.
#[inline(always)]
pub fn lance_attacks(side: Side, sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(match side {
        Side::Black => ray_down_index(UP, sq, occupied),
        Side::White => ray_up_index(DOWN, sq, occupied),
    })
}

/// The squares a rook on `sq` attacks.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        ray_up_index(DOWN, sq, occupied)
            | ray_up_index(LEFT, sq, occupied)
            | ray_down_index(UP, sq, occupied)
            | ray_down_index(RIGHT, sq, occupied),
    )
}

/// The squares a bishop on `sq` attacks.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        ray_up_index(UP_LEFT, sq, occupied)
            | ray_up_index(DOWN_LEFT, sq, occupied)
            | ray_down_index(UP_RIGHT, sq, occupied)
            | ray_down_index(DOWN_RIGHT, sq, occupied),
    )
}

const fn union_of_rays(directions: [usize; 4]) -> [Bitboard; SQUARE_COUNT] {
    let mut table = [Bitboard(0); SQUARE_COUNT];
    let mut i = 0;
    while i < SQUARE_COUNT {
        let mut m = 0;
        let mut d = 0;
        while d < 4 {
            m |= RAYS[directions[d]][i];
            d += 1;
        }
        table[i] = Bitboard(m);
        i += 1;
    }
    table
}

const ROOK_RAYS: [Bitboard; SQUARE_COUNT] = union_of_rays([DOWN, LEFT, UP, RIGHT]);
const BISHOP_RAYS: [Bitboard; SQUARE_COUNT] =
    union_of_rays([UP_LEFT, DOWN_LEFT, UP_RIGHT, DOWN_RIGHT]);

/// The squares a rook on `sq` reaches on an empty board.
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq.index()]
}

/// The squares a bishop on `sq` reaches on an empty board.
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_RAYS[sq.index()]
}

/// The squares a lance of `side` on `sq` reaches on an empty board.
#[inline(always)]
pub fn lance_ray(side: Side, sq: Square) -> Bitboard {
    Bitboard(match side {
        Side::Black => RAYS[UP][sq.index()],
        Side::White => RAYS[DOWN][sq.index()],
    })
}

/// The direction index from `from` toward `to` when they share a rank, file or diagonal.
#[inline]
fn direction_between(from: Square, to: Square) -> Option<usize> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    let step = (df.signum(), dr.signum());
    let mut d = 0;
    while d < 8 {
        if DIRECTIONS[d].0 == step.0 && DIRECTIONS[d].1 == step.1 {
            return Some(d);
        }
        d += 1;
    }
    None
}

/// The squares strictly between two squares on one line (empty when not aligned or adjacent).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    match direction_between(a, b) {
        Some(d) => Bitboard(RAYS[d][a.index()] & !RAYS[d][b.index()] & !(1u128 << b.index())),
        None => EMPTY,
    }
}

/// The squares from `from` outward through `through` to the edge (`from` excluded): where a
/// piece pinned on that line may go.
#[inline]
pub fn ray_through(from: Square, through: Square) -> Bitboard {
    match direction_between(from, through) {
        Some(d) => Bitboard(RAYS[d][from.index()]),
        None => EMPTY,
    }
}

/// The step offsets `(files, ranks)` of each stepping move set, as sente sees it (gote's are
/// turned 180°).
const PAWN_STEPS: &[(i8, i8)] = &[(0, -1)];
const KNIGHT_STEPS: &[(i8, i8)] = &[(1, -2), (-1, -2)];
const SILVER_STEPS: &[(i8, i8)] = &[(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)];
const GOLD_STEPS: &[(i8, i8)] = &[(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)];
const KING_STEPS: &[(i8, i8)] = &[
    (0, -1),
    (1, -1),
    (-1, -1),
    (1, 0),
    (-1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
];

const fn step_table(steps: &[(i8, i8)]) -> [[Bitboard; SQUARE_COUNT]; 2] {
    let mut table = [[Bitboard(0); SQUARE_COUNT]; 2];
    let mut side = 0;
    while side < 2 {
        let flip: i8 = if side == 0 { 1 } else { -1 };
        let mut i = 0;
        while i < SQUARE_COUNT {
            let sq = Square::from_index_unchecked(i as u8);
            let mut m = 0u128;
            let mut s = 0;
            while s < steps.len() {
                let (df, dr) = steps[s];
                m |= bit(sq.file() as i8 + df * flip, sq.rank() as i8 + dr * flip);
                s += 1;
            }
            table[side][i] = Bitboard(m);
            i += 1;
        }
        side += 1;
    }
    table
}

/// Where a pawn of each side attacks from each square.
pub const PAWN_ATTACKS: [[Bitboard; SQUARE_COUNT]; 2] = step_table(PAWN_STEPS);
/// Where a knight of each side attacks from each square.
pub const KNIGHT_ATTACKS: [[Bitboard; SQUARE_COUNT]; 2] = step_table(KNIGHT_STEPS);
/// Where a silver of each side attacks from each square.
pub const SILVER_ATTACKS: [[Bitboard; SQUARE_COUNT]; 2] = step_table(SILVER_STEPS);
/// Where a gold (or a piece moving like one) of each side attacks from each square.
pub const GOLD_ATTACKS: [[Bitboard; SQUARE_COUNT]; 2] = step_table(GOLD_STEPS);
/// Where a king attacks from each square (the same for both sides).
pub const KING_ATTACKS: [Bitboard; SQUARE_COUNT] = step_table(KING_STEPS)[0];

/// The squares a piece of `side` and `kind` on `sq` attacks, with `occupied` blocking sliders.
#[inline]
pub fn attacks(side: Side, kind: PieceKind, sq: Square, occupied: Bitboard) -> Bitboard {
    let s = side.index();
    let i = sq.index();
    match kind {
        PieceKind::Pawn => PAWN_ATTACKS[s][i],
        PieceKind::Lance => lance_attacks(side, sq, occupied),
        PieceKind::Knight => KNIGHT_ATTACKS[s][i],
        PieceKind::Silver => SILVER_ATTACKS[s][i],
        PieceKind::Gold
        | PieceKind::Tokin
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => GOLD_ATTACKS[s][i],
        PieceKind::Bishop => bishop_attacks(sq, occupied),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::King => KING_ATTACKS[i],
        PieceKind::Horse => bishop_attacks(sq, occupied) | KING_ATTACKS[i],
        PieceKind::Dragon => rook_attacks(sq, occupied) | KING_ATTACKS[i],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn names(b: Bitboard) -> Vec<String> {
        let mut v: Vec<String> = b.map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn stepping_pieces_face_their_owner_s_opponent() {
        assert_eq!(names(PAWN_ATTACKS[0][sq("7g").index()]), ["7f"]);
        assert_eq!(names(PAWN_ATTACKS[1][sq("3c").index()]), ["3d"]);
        assert_eq!(names(KNIGHT_ATTACKS[0][sq("8i").index()]), ["7g", "9g"]);
        assert_eq!(names(KNIGHT_ATTACKS[1][sq("2a").index()]), ["1c", "3c"]);
        assert_eq!(
            names(SILVER_ATTACKS[0][sq("5e").index()]),
            ["4d", "4f", "5d", "6d", "6f"]
        );
        assert_eq!(
            names(GOLD_ATTACKS[1][sq("5e").index()]),
            ["4e", "4f", "5d", "5f", "6e", "6f"]
        );
        assert_eq!(KING_ATTACKS[sq("1a").index()].count(), 3);
    }

    #[test]
    fn sliders_stop_at_the_first_piece_and_include_it() {
        let occupied = Bitboard::from_square(sq("5c")) | Bitboard::from_square(sq("2e"));
        let rook = rook_attacks(sq("5e"), occupied);
        assert!(rook.contains(sq("5c")) && !rook.contains(sq("5b")));
        assert!(rook.contains(sq("2e")) && !rook.contains(sq("1e")));
        assert!(rook.contains(sq("9e")) && rook.contains(sq("5i")));
        assert_eq!(rook.count(), 3 + 2 + 4 + 4);
        let lance = lance_attacks(Side::Black, sq("5i"), occupied);
        assert_eq!(names(lance), ["5c", "5d", "5e", "5f", "5g", "5h"]);
        let gote_lance = lance_attacks(Side::White, sq("5a"), occupied);
        assert_eq!(names(gote_lance), ["5b", "5c"]);
        let bishop = bishop_attacks(sq("8h"), Bitboard::from_square(sq("3c")));
        assert_eq!(
            names(bishop),
            ["3c", "4d", "5e", "6f", "7g", "7i", "9g", "9i"]
        );
    }

    #[test]
    fn between_and_rays() {
        assert_eq!(names(between(sq("5i"), sq("5e"))), ["5f", "5g", "5h"]);
        assert_eq!(names(between(sq("1a"), sq("4d"))), ["2b", "3c"]);
        assert!(between(sq("1a"), sq("2c")).is_empty());
        assert!(between(sq("1a"), sq("1b")).is_empty());
        assert_eq!(ray_through(sq("5e"), sq("5c")).count(), 4);
    }

    #[test]
    fn rotation_and_files() {
        let b = Bitboard::from_square(sq("1a")) | Bitboard::from_square(sq("7g"));
        assert_eq!(names(b.rotated()), ["3c", "9i"]);
        assert_eq!(b.fill_files().count(), 18);
        assert_eq!(b.files(), 0b1000001);
        assert_eq!((!EMPTY).count(), 81);
    }
}
