//! Player levels 1–5 and the seeded randomness that varies their play.
//!
//! A level is a search limit, evaluation noise and a blunder rate:
//! - 1 (beginner): sees one move ahead plus captures, a noisy judgement, and a random move one
//!   time in four — it misses things and sometimes blunders;
//! - 2: two plies, less noise, an occasional random move;
//! - 3: a small node budget, a little noise;
//! - 4: a bigger budget;
//! - 5: the full engine (time-limited in the browser: about 1–2 s a move).
//!
//! Levels 1–4 are limited by nodes or depth, never by time, so a level plays the same on a fast
//! or slow machine and a seed reproduces a game.
//!
//! The ladder, measured with `jungle match --a level=N --b level=N-1 --games 100 --seed 2026`
//! (level 5 at its reproducible limit of 1M nodes a move, about 0.2–0.4 s natively; in the
//! browser it is limited by time instead, 1–2 s a move):
//!
//! | pair   | W-L-D   | score  | Elo        |
//! |--------|---------|--------|------------|
//! | 2 vs 1 | 90-7-3  | 91.5 % | +413 ± 133 |
//! | 3 vs 2 | 83-7-10 | 88.0 % | +346 ± 98  |
//! | 4 vs 3 | 75-5-20 | 85.0 % | +301 ± 77  |
//! | 5 vs 4 | 67-0-33 | 83.5 % | +282 ± 59  |

use super::search::{Limits, SearchOptions, SearchResult};
use crate::jungle::Move;

/// The lowest and highest level.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// How one level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// The level, 1–5.
    pub level: u8,
    /// The search limit when reproducibility matters (matches, tests, levels 1–4 everywhere).
    pub limits: Limits,
    /// Evaluation noise, ± points.
    pub eval_noise: i32,
    /// Percent of moves replaced by a random legal move.
    pub blunder_percent: u32,
}

impl LevelSettings {
    /// The settings of `level` (clamped to 1–5).
    pub fn new(level: u8) -> LevelSettings {
        let level = level.clamp(*LEVELS.start(), *LEVELS.end());
        let (limits, eval_noise, blunder_percent) = match level {
            1 => (Limits::depth(1), 200, 25),
            2 => (Limits::depth(2), 100, 8),
            3 => (Limits::nodes(1_500), 50, 0),
            4 => (Limits::nodes(12_000), 20, 0),
            _ => (Limits::nodes(1_000_000), 0, 0),
        };
        LevelSettings {
            level,
            limits,
            eval_noise,
            blunder_percent,
        }
    }

    /// The limits to use in the browser: level 5 thinks for about a second and a half (at most
    /// two), the lower levels keep their node or depth limits.
    pub fn browser_limits(&self) -> Limits {
        if self.level >= 5 {
            Limits {
                soft_ms: Some(1000.0),
                hard_ms: Some(2000.0),
                ..Limits::default()
            }
        } else {
            self.limits
        }
    }

    /// The search options of this level for a game seeded with `seed`.
    pub fn options(&self, base: SearchOptions, seed: u64) -> SearchOptions {
        SearchOptions {
            eval_noise: self.eval_noise,
            seed,
            ..base
        }
    }

    /// The move to play from a search result: usually the best move; with the level's blunder
    /// rate, a random one of `legal` instead. `rng` decides (seeded, so games reproduce).
    pub fn choose(&self, result: &SearchResult, legal: &[Move], rng: &mut Rng) -> Option<Move> {
        if !legal.is_empty()
            && self.blunder_percent > 0
            && rng.below(100) < self.blunder_percent as u64
        {
            return Some(legal[rng.below(legal.len() as u64) as usize]);
        }
        result.best_move.or_else(|| legal.first().copied())
    }
}

/// A small seeded random generator (SplitMix64): the same seed gives the same sequence on every
/// platform.
#[derive(Clone, Copy, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// Scrambles 64 bits (SplitMix64's finaliser): a stateless hash for seeded noise.
pub fn mix(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
