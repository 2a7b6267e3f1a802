//! Tabula: board games to play, learn and study in the browser (Jungle, shogi), with a search
//! AI that runs on the player's device.
//!
//! The layers are crates, arrows one way: `common` ← each game's rules (`jungle`, `shogi`: pure,
//! fast, no web types) and `engine` (the search, written once for any game) ← `analysis` (win
//! probability, game review, puzzles and their rating, for any game) ← each game's AI (its
//! crate's `ai` module, built with the `ai` feature: evaluation and tactics for the search) ←
//! this crate: the site ([`web`]: each game's pages, canvas, input, worker bridge, the
//! embeddable board's contract; what touches the browser is wasm32 only).
//!
//! Asking the AI for a move (the browser worker does the same with a `performance.now()` clock
//! and a table of a few MB):
//!
//! ```
//! use engine::{FrozenClock, Playable, Rng, SearchGame, Searcher};
//! use jungle::ai::Jungle;
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
#![deny(missing_docs)]

pub mod web;
