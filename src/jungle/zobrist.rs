//! Zobrist keys: a random 64-bit number per (side, animal, square) and one for the side to move.

use super::animal::{Animal, Side};
use super::square::{Square, SQUARE_COUNT};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const PIECE_KEYS: [[[u64; SQUARE_COUNT]; 8]; 2] = {
    let mut keys = [[[0u64; SQUARE_COUNT]; 8]; 2];
    let mut state = 0x4A55_4E47_4C45_u64; // "JUNGLE"
    let mut side = 0;
    while side < 2 {
        let mut animal = 0;
        while animal < 8 {
            let mut sq = 0;
            while sq < SQUARE_COUNT {
                let (next, key) = splitmix64(state);
                state = next;
                keys[side][animal][sq] = key;
                sq += 1;
            }
            animal += 1;
        }
        side += 1;
    }
    keys
};

/// The key of a piece on a square.
#[inline(always)]
pub fn piece_key(side: Side, animal: Animal, sq: Square) -> u64 {
    PIECE_KEYS[side.index()][animal.index()][sq.index()]
}

/// Toggled when White is to move.
pub const WHITE_TO_MOVE_KEY: u64 = splitmix64(0x5749_4E44).1;
