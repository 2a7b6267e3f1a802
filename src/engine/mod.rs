//! The AI: search and evaluation over the rules layer. No web types, no threads, no
//! `std::time::Instant` in the core (time comes through [`clock::Clock`]), so the same code runs
//! natively and in the browser's worker.

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
