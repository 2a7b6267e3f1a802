//! Zobrist keys: a random 64-bit number per (side, kind, square), per (side, hand kind, count)
//! and one for the side to move, so a position's hash covers the board, both hands and the turn.

use super::piece::{PieceKind, Side, HAND_KIND_COUNT, KIND_COUNT};
use super::square::{Square, SQUARE_COUNT};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// The most pieces of one kind a hand can hold (18 pawns), plus one for the empty count.
const HAND_COUNTS: usize = 19;

static PIECE_KEYS: [[[u64; SQUARE_COUNT]; KIND_COUNT]; 2] = {
    let mut keys = [[[0u64; SQUARE_COUNT]; KIND_COUNT]; 2];
    let mut state = 0x0053_484F_4749_u64; // "SHOGI"
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
static HAND_KEYS: [[[u64; HAND_COUNTS]; HAND_KIND_COUNT]; 2] = {
    let mut keys = [[[0u64; HAND_COUNTS]; HAND_KIND_COUNT]; 2];
    let mut state = 0x004B_4F4D_4144_4149_u64; // "KOMADAI"
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
#[inline(always)]
pub fn piece_key(side: Side, kind: PieceKind, sq: Square) -> u64 {
    PIECE_KEYS[side.index()][kind.index()][sq.index()]
}

/// The key of holding `count` pieces of `kind` (a hand kind) in hand.
#[inline(always)]
pub fn hand_key(side: Side, kind: PieceKind, count: u8) -> u64 {
    HAND_KEYS[side.index()][kind.index()][count as usize]
}

/// Toggled when gote is to move.
pub const WHITE_TO_MOVE_KEY: u64 = splitmix64(0x474F_5445).1; // "GOTE"
