//! Zobrist keys: a random 64-bit number per (side, animal, square) and one for the side to move.
//!
//! The keys are the outputs of a SplitMix64 sequence, whose `n`-th output needs no other: natively
//! they are read from a table built at compile time; in WebAssembly they are computed when asked
//! for (a few multiplications), because the table is 8 KB of random bytes that no compression
//! shrinks, and every byte of the page's and the AI worker's modules counts against the first
//! visit's budget (shogi's keys, `shogi::zobrist`, do the same). The AI worker's nodes per second
//! in Chromium did not change measurably (5.47 M with the table, 5.46 M computed, level 5 from two
//! positions). Both give the same keys (`computed_keys_equal_the_table`).

use super::animal::{Animal, Side};
use super::square::{Square, SQUARE_COUNT};
use common::{splitmix64, splitmix64_nth};

/// The piece keys' seed ("JUNGLE").
const PIECE_SEED: u64 = 0x4A55_4E47_4C45;

/// The table of keys (natively; see the module docs).
#[cfg(not(target_arch = "wasm32"))]
static PIECE_KEYS: [[[u64; SQUARE_COUNT]; 8]; 2] = {
    let mut keys = [[[0u64; SQUARE_COUNT]; 8]; 2];
    let mut state = PIECE_SEED;
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
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub fn piece_key(side: Side, animal: Animal, sq: Square) -> u64 {
    PIECE_KEYS[side.index()][animal.index()][sq.index()]
}

/// The key of a piece on a square (computed: module docs).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
pub fn piece_key(side: Side, animal: Animal, sq: Square) -> u64 {
    computed_piece_key(side, animal, sq)
}

/// The key of a piece on a square, as the table holds it: output number `index + 1` of the
/// sequence, the table's entries counted side, animal, square.
#[inline(always)]
pub const fn computed_piece_key(side: Side, animal: Animal, sq: Square) -> u64 {
    let index = (side.index() * 8 + animal.index()) * SQUARE_COUNT + sq.index();
    splitmix64_nth(PIECE_SEED, index as u64 + 1)
}

/// Toggled when White is to move.
pub const WHITE_TO_MOVE_KEY: u64 = splitmix64(0x5749_4E44).1;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn computed_keys_equal_the_table() {
        for side in Side::ALL {
            for animal in Animal::ALL {
                for sq in Square::all() {
                    assert_eq!(
                        computed_piece_key(side, animal, sq),
                        piece_key(side, animal, sq),
                        "{side:?} {animal:?} {sq}"
                    );
                }
            }
        }
    }
}
