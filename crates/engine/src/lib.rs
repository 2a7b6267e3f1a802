//! The AI, written once for every game: search, ordering, transposition table, levels, bench
//! and match runners over the [`SearchGame`] and [`Playable`] traits a game implements (each
//! game in its crate's `ai` module). No web types, no threads, no `std::time::Instant` in the
//! core (time comes through [`clock::Clock`]), so the same code runs natively and in the
//! browser's worker.
//!
//! Using it: the example at the root of the site's crate (`src/lib.rs`) plays a reply with
//! Jungle's evaluation.
#![deny(missing_docs)]

#[cfg(not(target_arch = "wasm32"))]
pub mod background;
pub mod bench;
pub mod clock;
pub mod config;
pub mod game;
pub mod levels;
#[cfg(not(target_arch = "wasm32"))]
pub mod matches;
pub mod multipv;
pub mod ordering;
pub mod search;
pub mod tt;
#[cfg(not(target_arch = "wasm32"))]
pub mod tune;

#[cfg(not(target_arch = "wasm32"))]
pub use clock::InstantClock;
pub use clock::{Clock, FrozenClock};
pub use game::{
    Ending, Generate, MoveBuffer, MoveNature, Order, PathEntry, Playable, Repetition, SearchGame,
    SearchMove, Verdict,
};
pub use levels::{LevelSettings, Rng};
pub use ordering::Scored;
pub use search::{Info, Limits, Score, SearchOptions, SearchRequest, SearchResult, Searcher};
