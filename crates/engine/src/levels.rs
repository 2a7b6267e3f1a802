//! Player levels 1–5 and the seeded randomness that varies their play.
//!
//! A level is a search limit, evaluation noise and a blunder rate; each game sets its own
//! ladder ([`super::SearchGame::level`]: Jungle's is in `games::jungle::levels`), since a node
//! is worth more in one game than in another. What every ladder keeps:
//! - 1 (beginner) misses things and sometimes blunders (noise and random moves);
//! - each level beats the one below clearly (measured with the game's `match` command);
//! - levels 1–4 are limited by nodes or depth, never by time, so a level plays the same on a
//!   fast or slow machine and a seed reproduces a game;
//! - 5 is the full engine, limited by time in the browser ([`LevelSettings::browser_limits`]).

use super::game::SearchGame;
use super::search::{Limits, SearchOptions, SearchResult};

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
    /// Level `level` (kept within 1–5) of a game's ladder: per level from 1, its search limit,
    /// evaluation noise (± points) and percent of random moves.
    pub fn from_ladder(level: u8, ladder: [(Limits, i32, u32); 5]) -> LevelSettings {
        let level = level.clamp(1, 5);
        let (limits, eval_noise, blunder_percent) = ladder[usize::from(level - 1)];
        LevelSettings {
            level,
            limits,
            eval_noise,
            blunder_percent,
        }
    }

    /// The limits given (by a protocol's `go`), kept within a lower level's own node or depth
    /// limit so that it does not play stronger with more time; level 5 takes them as they are.
    pub fn cap(&self, given: Limits) -> Limits {
        if self.level >= *LEVELS.end() {
            return given;
        }
        Limits {
            depth: match (given.depth, self.limits.depth) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            nodes: match (given.nodes, self.limits.nodes) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            ..given
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

    /// The search options game `G` plays this level with, seeded with `seed`: the game's own
    /// ([`SearchGame::default_options`], the pruning its matches were measured with) and
    /// this level's noise.
    pub fn game_options<G: SearchGame>(&self, seed: u64) -> SearchOptions {
        self.options(G::default_options(), seed)
    }

    /// The move to play from a search result: usually the best move; with the level's blunder
    /// rate, a random one of `legal` instead. `rng` decides (seeded, so games reproduce).
    pub fn choose<M: Copy>(
        &self,
        result: &SearchResult<M>,
        legal: &[M],
        rng: &mut Rng,
    ) -> Option<M> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn level(level: u8, limits: Limits) -> LevelSettings {
        LevelSettings {
            level,
            limits,
            eval_noise: 0,
            blunder_percent: 0,
        }
    }

    #[test]
    fn a_lower_level_keeps_its_own_limit_under_a_longer_go_and_the_top_level_does_not() {
        let given = Limits {
            depth: Some(20),
            nodes: None,
            ..Limits::movetime(5000.0)
        };
        let capped = level(3, Limits::nodes(1_500)).cap(given);
        assert_eq!(capped.nodes, Some(1_500));
        assert_eq!(capped.depth, Some(20));
        assert_eq!(capped.hard_ms, Some(5000.0), "the time limit still applies");
        let shallow = level(2, Limits::depth(2)).cap(Limits::depth(9));
        assert_eq!(shallow.depth, Some(2));
        let top = level(5, Limits::nodes(1_000_000)).cap(given);
        assert_eq!(top, given);
    }
}
