//! A set of squares as two `u64` halves, the attack tables of the stepping pieces and the rays
//! of the sliding ones, all computed at compile time.
//!
//! Square `i` (`1a` = 0, `1i` = 8, `2a` = 9, `9i` = 80, each file nine adjacent indices) is bit
//! `i` of the low word for files 1–7 (`i` < 63) and bit `i - 63` of the high word for files 8–9,
//! as YaneuraOu and Apery split the board: no file straddles the halves, so a pawn push is a
//! shift of each half and a file mask lies in one half. Drawn as sente sees the board:
//!
//! ```text
//!    9  8  7  6  5  4  3  2  1
//!   72 63 54 45 36 27 18  9  0   a
//!   73 64 55 46 37 28 19 10  1   b
//!   ..                           ..
//!   80 71 62 53 44 35 26 17  8   i
//!   \high/ \------ low ------/
//! ```
//!
//! Why two words rather than one `u128` (issue 11, measured with perft against the `u128`
//! version it replaced, same algorithms: ray scans to the first blocker, attack tables):
//! every loop over a set scans and clears one 64-bit word where a `u128` pays two scans, a
//! select and a 128-bit subtract per square, and a ray's first blocker is found in one word.
//! Instructions (callgrind, x86-64): start perft(4) 76.5 → 62.7 M (−18 %), perft(5) 2,141 →
//! 1,755 M (−18 %), the matsuri position's perft(3) 170.9 → 125.1 M (−27 %); CPU time (best of
//! 4, busy 2-core machine) start perft(6) 3.58 → 2.77 s, matsuri perft(4) 1.34 → 1.05 s. A `u128`
//! rewritten to iterate and scan word by word keeps 4–8 % more instructions and 5–8 % more time.
//! With `-C target-cpu=x86-64-v3` LLVM packs the two words into one SSE register and the loops
//! over a set pay register transfers (matsuri perft(4) 1.05 → 1.43 s): re-measure before
//! building with AVX2 or wasm `simd128`.

use super::piece::{PieceKind, Side};
use super::square::{Square, FILES, RANKS, SQUARE_COUNT};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// How many squares the low word holds (files 1–7).
const LOW_SQUARES: usize = 63;
const LOW_MASK: u64 = (1 << LOW_SQUARES) - 1;
const HIGH_MASK: u64 = (1 << (SQUARE_COUNT - LOW_SQUARES)) - 1;

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard {
    low: u64,
    high: u64,
}

/// Every square of the board.
pub const ALL: Bitboard = Bitboard {
    low: LOW_MASK,
    high: HIGH_MASK,
};
/// No square.
pub const EMPTY: Bitboard = Bitboard { low: 0, high: 0 };

/// The set of the square with `index` (0..81).
const fn index_bit(index: usize) -> Bitboard {
    if index < LOW_SQUARES {
        Bitboard {
            low: 1 << index,
            high: 0,
        }
    } else {
        Bitboard {
            low: 0,
            high: 1 << (index - LOW_SQUARES),
        }
    }
}

const fn bit(file: i8, rank: i8) -> Bitboard {
    if file < 0 || file >= FILES as i8 || rank < 0 || rank >= RANKS as i8 {
        EMPTY
    } else {
        index_bit(file as usize * RANKS as usize + rank as usize)
    }
}

/// The union of two sets, usable in constants.
pub const fn union(a: Bitboard, b: Bitboard) -> Bitboard {
    Bitboard {
        low: a.low | b.low,
        high: a.high | b.high,
    }
}

const fn rank_mask(rank: u8) -> Bitboard {
    let mut m = EMPTY;
    let mut file = 0;
    while file < FILES {
        m = union(m, bit(file as i8, rank as i8));
        file += 1;
    }
    m
}

const fn file_mask(file: usize) -> Bitboard {
    let mut m = EMPTY;
    let mut rank = 0;
    while rank < RANKS {
        m = union(m, bit(file as i8, rank as i8));
        rank += 1;
    }
    m
}

/// The nine squares of each file, file `1` first.
pub const FILE_MASKS: [Bitboard; FILES as usize] = {
    let mut table = [EMPTY; FILES as usize];
    let mut file = 0;
    while file < FILES as usize {
        table[file] = file_mask(file);
        file += 1;
    }
    table
};

/// The nine squares of each rank, rank `a` first.
pub const RANK_MASKS: [Bitboard; RANKS as usize] = {
    let mut table = [EMPTY; RANKS as usize];
    let mut rank = 0;
    while rank < RANKS {
        table[rank as usize] = rank_mask(rank);
        rank += 1;
    }
    table
};

/// Each side's promotion zone: ranks a–c for sente, g–i for gote.
pub const ZONES: [Bitboard; 2] = [
    union(union(rank_mask(0), rank_mask(1)), rank_mask(2)),
    union(union(rank_mask(6), rank_mask(7)), rank_mask(8)),
];

/// Each side's last rank (where a pawn or lance could not move again).
pub const LAST_RANK: [Bitboard; 2] = [rank_mask(0), rank_mask(8)];

/// Each side's last two ranks (where a knight could not move again).
pub const LAST_TWO_RANKS: [Bitboard; 2] = [
    union(rank_mask(0), rank_mask(1)),
    union(rank_mask(7), rank_mask(8)),
];

/// The set of each square alone (a load is cheaper than choosing the half).
const SQUARE_BITS: [Bitboard; SQUARE_COUNT] = {
    let mut table = [EMPTY; SQUARE_COUNT];
    let mut i = 0;
    while i < SQUARE_COUNT {
        table[i] = index_bit(i);
        i += 1;
    }
    table
};

impl Bitboard {
    /// The set holding just `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        SQUARE_BITS[sq.index()]
    }

    /// Whether the set holds `sq`.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        let b = SQUARE_BITS[sq.index()];
        self.low & b.low | self.high & b.high != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.low | self.high == 0
    }

    /// Whether the set holds anything.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.low | self.high != 0
    }

    /// The number of squares.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.low.count_ones() + self.high.count_ones()
    }

    /// Whether the set holds more than one square.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        // Two in one half, or one in each.
        (self.low & self.low.wrapping_sub(1)) | (self.high & self.high.wrapping_sub(1)) != 0
            || (self.low != 0 && self.high != 0)
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.low != 0 {
            Some(Square::from_index_unchecked(self.low.trailing_zeros() as u8))
        } else if self.high != 0 {
            Some(Square::from_index_unchecked(
                (LOW_SQUARES as u32 + self.high.trailing_zeros()) as u8,
            ))
        } else {
            None
        }
    }

    /// Adds `sq`.
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        *self |= Bitboard::from_square(sq);
    }

    /// Removes `sq`.
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        let b = Bitboard::from_square(sq);
        self.low &= !b.low;
        self.high &= !b.high;
    }

    /// Toggles `sq`.
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        *self ^= Bitboard::from_square(sq);
    }

    /// Each square moved one rank toward `side`'s far end (rank `a` for sente): where `side`'s
    /// pawns on these squares step. The set must hold no square on that last rank (it would
    /// land on the next file); files do not straddle the halves, so each half shifts alone.
    #[inline(always)]
    pub const fn forward(self, side: Side) -> Bitboard {
        match side {
            Side::Black => Bitboard {
                low: self.low >> 1,
                high: self.high >> 1,
            },
            Side::White => Bitboard {
                low: self.low << 1,
                high: self.high << 1,
            },
        }
    }

    /// The files (bit `f` for file index `f`) on which the set has a square.
    pub const fn files(self) -> u16 {
        let mut files = 0u16;
        let mut f = 0;
        while f < FILES as usize {
            let m = FILE_MASKS[f];
            if self.low & m.low | self.high & m.high != 0 {
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
        let mut low = 0u64;
        let mut f = 0;
        while f < LOW_SQUARES / RANKS as usize {
            if self.low >> (f * RANKS as usize) & 0x1FF != 0 {
                low |= 0x1FF << (f * RANKS as usize);
            }
            f += 1;
        }
        let mut high = 0u64;
        let mut f = 0;
        while f < (SQUARE_COUNT - LOW_SQUARES) / RANKS as usize {
            if self.high >> (f * RANKS as usize) & 0x1FF != 0 {
                high |= 0x1FF << (f * RANKS as usize);
            }
            f += 1;
        }
        Bitboard { low, high }
    }

    /// The set turned 180° (as the other side sees it).
    pub fn rotated(self) -> Bitboard {
        self.fold(EMPTY, |turned, sq| {
            turned | Bitboard::from_square(sq.rotated())
        })
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    /// Removes and returns the lowest square.
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.low != 0 {
            let sq = Square::from_index_unchecked(self.low.trailing_zeros() as u8);
            self.low &= self.low - 1;
            Some(sq)
        } else if self.high != 0 {
            let sq = Square::from_index_unchecked(
                (LOW_SQUARES as u32 + self.high.trailing_zeros()) as u8,
            );
            self.high &= self.high - 1;
            Some(sq)
        } else {
            None
        }
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign:ident $assign_method:ident $op:tt),*) => {
        $(
            impl $trait for Bitboard {
                type Output = Bitboard;
                #[inline(always)]
                fn $method(self, rhs: Bitboard) -> Bitboard {
                    Bitboard { low: self.low $op rhs.low, high: self.high $op rhs.high }
                }
            }
            impl $assign for Bitboard {
                #[inline(always)]
                fn $assign_method(&mut self, rhs: Bitboard) {
                    self.low = self.low $op rhs.low;
                    self.high = self.high $op rhs.high;
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
        Bitboard {
            low: !self.low & LOW_MASK,
            high: !self.high & HIGH_MASK,
        }
    }
}

/// A direction on the board as sente sees it: `(files, ranks)` per step, files growing toward
/// file 9 (left), ranks toward rank `i` (down).
const DIRECTIONS: [(i8, i8); 8] = [
    // Directions whose steps raise the square index (the first blocker is the lowest) …
    (0, 1),  // down
    (1, 0),  // left
    (1, -1), // up-left
    (1, 1),  // down-left
    // … and those that lower it (the first blocker is the highest).
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
const RAYS: [[Bitboard; SQUARE_COUNT]; 8] = {
    let mut table = [[EMPTY; SQUARE_COUNT]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRECTIONS[d];
        let mut i = 0;
        while i < SQUARE_COUNT {
            let sq = Square::from_index_unchecked(i as u8);
            let (mut f, mut r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            let mut m = EMPTY;
            while !bit(f, r).is_empty() {
                m = union(m, bit(f, r));
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
/// including the first occupied square: the lowest blocker, in the low word if it has one.
#[inline(always)]
fn ray_up_index(d: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq.index()];
    let low = ray.low & occupied.low;
    if low != 0 {
        return ray ^ RAYS[d][low.trailing_zeros() as usize];
    }
    let high = ray.high & occupied.high;
    if high != 0 {
        return ray ^ RAYS[d][LOW_SQUARES + high.trailing_zeros() as usize];
    }
    ray
}

/// As [`ray_up_index`] for a direction that lowers the index: the highest blocker, in the
/// high word if it has one.
#[inline(always)]
fn ray_down_index(d: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq.index()];
    let high = ray.high & occupied.high;
    if high != 0 {
        return ray ^ RAYS[d][LOW_SQUARES + 63 - high.leading_zeros() as usize];
    }
    let low = ray.low & occupied.low;
    if low != 0 {
        return ray ^ RAYS[d][63 - low.leading_zeros() as usize];
    }
    ray
}

/// The squares a lance of `side` on `sq` attacks.
#[inline(always)]
pub fn lance_attacks(side: Side, sq: Square, occupied: Bitboard) -> Bitboard {
    match side {
        Side::Black => ray_down_index(UP, sq, occupied),
        Side::White => ray_up_index(DOWN, sq, occupied),
    }
}

/// The squares a rook on `sq` attacks.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    ray_up_index(DOWN, sq, occupied)
        | ray_up_index(LEFT, sq, occupied)
        | ray_down_index(UP, sq, occupied)
        | ray_down_index(RIGHT, sq, occupied)
}

/// The squares a bishop on `sq` attacks.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    ray_up_index(UP_LEFT, sq, occupied)
        | ray_up_index(DOWN_LEFT, sq, occupied)
        | ray_down_index(UP_RIGHT, sq, occupied)
        | ray_down_index(DOWN_RIGHT, sq, occupied)
}

const fn union_of_rays(directions: [usize; 4]) -> [Bitboard; SQUARE_COUNT] {
    let mut table = [EMPTY; SQUARE_COUNT];
    let mut i = 0;
    while i < SQUARE_COUNT {
        let mut m = EMPTY;
        let mut d = 0;
        while d < 4 {
            m = union(m, RAYS[directions[d]][i]);
            d += 1;
        }
        table[i] = m;
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
    match side {
        Side::Black => RAYS[UP][sq.index()],
        Side::White => RAYS[DOWN][sq.index()],
    }
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
        Some(d) => RAYS[d][a.index()] & !RAYS[d][b.index()] & !Bitboard::from_square(b),
        None => EMPTY,
    }
}

/// The squares from `from` outward through `through` to the edge (`from` excluded): where a
/// piece pinned on that line may go.
#[inline]
pub fn ray_through(from: Square, through: Square) -> Bitboard {
    match direction_between(from, through) {
        Some(d) => RAYS[d][from.index()],
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
    let mut table = [[EMPTY; SQUARE_COUNT]; 2];
    let mut side = 0;
    while side < 2 {
        let flip: i8 = if side == 0 { 1 } else { -1 };
        let mut i = 0;
        while i < SQUARE_COUNT {
            let sq = Square::from_index_unchecked(i as u8);
            let mut m = EMPTY;
            let mut s = 0;
            while s < steps.len() {
                let (df, dr) = steps[s];
                m = union(
                    m,
                    bit(sq.file() as i8 + df * flip, sq.rank() as i8 + dr * flip),
                );
                s += 1;
            }
            table[side][i] = m;
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

    /// A pseudo-random set of squares (xorshift), each square in about one case of `sparsity`.
    fn random_set(seed: &mut u64, sparsity: u64) -> Bitboard {
        let mut set = EMPTY;
        for sq in Square::all() {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            if seed.is_multiple_of(sparsity) {
                set.insert(sq);
            }
        }
        set
    }

    /// A slider's reach walked square by square along each `(files, ranks)` step.
    fn walked(from: Square, steps: &[(i8, i8)], occupied: Bitboard) -> Bitboard {
        let mut reach = EMPTY;
        for &(df, dr) in steps {
            let mut at = from.offset(df, dr);
            while let Some(sq) = at {
                reach.insert(sq);
                if occupied.contains(sq) {
                    break;
                }
                at = sq.offset(df, dr);
            }
        }
        reach
    }

    #[test]
    fn sliders_agree_with_a_square_by_square_walk_across_both_words() {
        // Files 1-7 and 8-9 live in different words: rays from every square, over random
        // boards, must find their first blocker whichever word it is in.
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        for sparsity in [2, 4, 9] {
            for _ in 0..20 {
                let occupied = random_set(&mut seed, sparsity);
                for from in Square::all() {
                    let rook = walked(from, &[(0, 1), (0, -1), (1, 0), (-1, 0)], occupied);
                    let bishop = walked(from, &[(1, 1), (1, -1), (-1, 1), (-1, -1)], occupied);
                    assert_eq!(rook_attacks(from, occupied), rook, "rook on {from}");
                    assert_eq!(bishop_attacks(from, occupied), bishop, "bishop on {from}");
                    let up = walked(from, &[(0, -1)], occupied);
                    assert_eq!(lance_attacks(Side::Black, from, occupied), up);
                    let down = walked(from, &[(0, 1)], occupied);
                    assert_eq!(lance_attacks(Side::White, from, occupied), down);
                }
            }
        }
    }

    #[test]
    fn sets_spanning_both_words_count_iterate_and_step_forward() {
        let mut seed = 0x2545_F491_4F6C_DD1D;
        for _ in 0..200 {
            let set = random_set(&mut seed, 5);
            let squares: Vec<Square> = Square::all().filter(|&s| set.contains(s)).collect();
            assert_eq!(set.collect::<Vec<_>>(), squares, "iteration lowest first");
            assert_eq!(set.count() as usize, squares.len());
            assert_eq!(set.more_than_one(), squares.len() > 1);
            assert_eq!(set.first(), squares.first().copied());
            for side in Side::ALL {
                let pawns = set & !LAST_RANK[side.index()];
                let ahead = if side == Side::Black { -1 } else { 1 };
                let stepped = pawns.map(|s| s.offset(0, ahead).expect("not on the last rank"));
                assert_eq!(pawns.forward(side).collect::<Vec<_>>(), {
                    let mut v: Vec<Square> = stepped.collect();
                    v.sort();
                    v
                });
            }
        }
        // One square in each word is more than one.
        assert!(
            (Bitboard::from_square(sq("7i")) | Bitboard::from_square(sq("8a"))).more_than_one()
        );
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
