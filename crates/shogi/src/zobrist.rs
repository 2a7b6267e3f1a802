//! Zobrist keys: a random 64-bit number per (side, kind, square), per (side, hand kind, count)
//! and one for the side to move, so a position's hash covers the board, both hands and the turn.
//!
//! The keys are the outputs of a SplitMix64 sequence, whose `n`-th output needs no other: natively
//! they are read from tables built at compile time; in WebAssembly they are computed when asked
//! for (a few multiplications), because the tables are 20 KB of random bytes that no compression
//! shrinks, and every byte of the browser's modules counts against the first visit's budget.
//! Both give the same keys (`computed_keys_equal_the_tables`).

use super::piece::{PieceKind, Side, HAND_KIND_COUNT, KIND_COUNT};
use super::square::{Square, SQUARE_COUNT};
use common::{splitmix64, splitmix64_nth as nth};

/// The piece keys' seed ("SHOGI").
const PIECE_SEED: u64 = 0x0053_484F_4749;
/// The hand keys' seed ("KOMADAI").
const HAND_SEED: u64 = 0x004B_4F4D_4144_4149;

/// The most pieces of one kind a hand can hold (18 pawns), plus one for the empty count.
const HAND_COUNTS: usize = 19;

#[cfg(not(target_arch = "wasm32"))]
static PIECE_KEYS: [[[u64; SQUARE_COUNT]; KIND_COUNT]; 2] = {
    let mut keys = [[[0u64; SQUARE_COUNT]; KIND_COUNT]; 2];
    let mut state = PIECE_SEED;
    let mut side = 0;
    while side < 2 {
        let mut kind = 0;
        while kind < KIND_COUNT {
            let mut sq = 0;
            while sq < SQUARE_COUNT {
                let (next, key) = splitmix64(state);
                state = next;
                keys[side][kind][sq] = key;
                sq += 1;
            }
            kind += 1;
        }
        side += 1;
    }
    keys
};

/// Keys of hand counts; the key of count 0 is 0, so an empty hand adds nothing.
#[cfg(not(target_arch = "wasm32"))]
static HAND_KEYS: [[[u64; HAND_COUNTS]; HAND_KIND_COUNT]; 2] = {
    let mut keys = [[[0u64; HAND_COUNTS]; HAND_KIND_COUNT]; 2];
    let mut state = HAND_SEED;
    let mut side = 0;
    while side < 2 {
        let mut kind = 0;
        while kind < HAND_KIND_COUNT {
            let mut count = 1;
            while count < HAND_COUNTS {
                let (next, key) = splitmix64(state);
                state = next;
                keys[side][kind][count] = key;
                count += 1;
            }
            kind += 1;
        }
        side += 1;
    }
    keys
};

/// The key of a piece on a square.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub fn piece_key(side: Side, kind: PieceKind, sq: Square) -> u64 {
    PIECE_KEYS[side.index()][kind.index()][sq.index()]
}

/// The key of a piece on a square (computed: module docs).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
pub fn piece_key(side: Side, kind: PieceKind, sq: Square) -> u64 {
    computed_piece_key(side, kind, sq)
}

/// The key of a piece on a square, as the tables hold it: output number `index + 1` of the
/// sequence, the table's entries counted side, kind, square.
#[inline(always)]
pub const fn computed_piece_key(side: Side, kind: PieceKind, sq: Square) -> u64 {
    let index = (side.index() * KIND_COUNT + kind.index()) * SQUARE_COUNT + sq.index();
    nth(PIECE_SEED, index as u64 + 1)
}

/// The key of holding `count` pieces of `kind` (a hand kind) in hand.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub fn hand_key(side: Side, kind: PieceKind, count: u8) -> u64 {
    HAND_KEYS[side.index()][kind.index()][count as usize]
}

/// The key of holding `count` pieces of `kind` (a hand kind) in hand (computed: module docs).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
pub fn hand_key(side: Side, kind: PieceKind, count: u8) -> u64 {
    computed_hand_key(side, kind, count)
}

/// The key of a hand count as the tables hold it: 0 for none, else output number
/// `index + 1` of its sequence, the counts 1–18 of each side and kind in turn.
#[inline(always)]
pub const fn computed_hand_key(side: Side, kind: PieceKind, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    let index =
        (side.index() * HAND_KIND_COUNT + kind.index()) * (HAND_COUNTS - 1) + (count as usize - 1);
    nth(HAND_SEED, index as u64 + 1)
}

/// Toggled when gote is to move.
pub const WHITE_TO_MOVE_KEY: u64 = splitmix64(0x474F_5445).1; // "GOTE"

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn computed_keys_equal_the_tables() {
        for side in Side::ALL {
            for kind in PieceKind::ALL {
                for sq in Square::all() {
                    assert_eq!(
                        computed_piece_key(side, kind, sq),
                        piece_key(side, kind, sq),
                        "{side:?} {kind:?} {sq}"
                    );
                }
            }
            for kind in PieceKind::HAND {
                for count in 0..HAND_COUNTS as u8 {
                    assert_eq!(
                        computed_hand_key(side, kind, count),
                        hand_key(side, kind, count),
                        "{side:?} {kind:?} {count}"
                    );
                }
            }
        }
    }
}
