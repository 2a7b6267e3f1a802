//! The AI, written once for every game: search, ordering, transposition table, levels, bench
//! and match runners over the [`SearchGame`] and [`Playable`] traits a game implements (Jungle's
//! in `games::jungle`). No web types, no threads, no `std::time::Instant` in the core (time comes
//! through [`clock::Clock`]), so the same code runs natively and in the browser's worker.
//!
//! Using it (the browser worker does the same with a `performance.now()` clock and a table of a
//! few MB):
//!
//! ```
//! use jungle::engine::{FrozenClock, Playable, Rng, SearchGame, Searcher};
//! use jungle::games::jungle::Jungle;
//! use jungle::{Game, Ruleset};
//! use std::sync::atomic::AtomicBool;
//!
//! let game = Game::new(Ruleset::default());
//! let level = Jungle::level(3);
//! let mut searcher = Searcher::<Jungle>::new(4); // MB of transposition table
//! searcher.set_options(level.options(Default::default(), 42)); // the game's seed
//! let request = game.search_request(level.limits);
//! let stop = AtomicBool::new(false); // set it from elsewhere to stop at once
//! let result = searcher.search(&request, &FrozenClock, &stop, &mut |_info| {});
//! let mut rng = Rng::new(42);
//! let reply = level.choose(&result, &request.root_moves, &mut rng).unwrap();
//! assert!(game.check_move(reply).is_ok());
//! ```

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
