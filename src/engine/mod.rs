//! The AI: search and evaluation over the rules layer. No web types, no threads, no
//! `std::time::Instant` in the core (time comes through [`clock::Clock`]), so the same code runs
//! natively and in the browser's worker.
//!
//! Using it (the browser worker does the same with a `performance.now()` clock and a table of a
//! few MB):
//!
//! ```
//! use jungle::engine::{FrozenClock, LevelSettings, Limits, Rng, SearchRequest, Searcher};
//! use jungle::{Game, Ruleset};
//! use std::sync::atomic::AtomicBool;
//!
//! let game = Game::new(Ruleset::default());
//! let level = LevelSettings::new(3);
//! let mut searcher = Searcher::new(4); // MB of transposition table
//! searcher.set_options(level.options(Default::default(), 42)); // the game's seed
//! let request = SearchRequest::from_game(&game, level.limits);
//! let stop = AtomicBool::new(false); // set it from elsewhere to stop at once
//! let result = searcher.search(&request, &FrozenClock, &stop, &mut |_info| {});
//! let mut rng = Rng::new(42);
//! let reply = level.choose(&result, &request.root_moves, &mut rng).unwrap();
//! assert!(game.check_move(reply).is_ok());
//! ```

pub mod clock;
pub mod eval;
pub mod levels;
pub mod ordering;
pub mod search;
pub mod tt;

#[cfg(not(target_arch = "wasm32"))]
pub use clock::InstantClock;
pub use clock::{Clock, FrozenClock};
pub use eval::{EvalParams, Evaluator};
pub use levels::{LevelSettings, Rng};
pub use search::{Info, Limits, Score, SearchOptions, SearchRequest, SearchResult, Searcher};
