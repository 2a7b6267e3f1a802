//! Shogi's AI, over its rules (built with the `ai` feature): the evaluation ([`eval`]), the game's
//! tactics and policy for the generic search ([`search`]: checks, mates in one and three, drops in
//! the order, quiescence, sennichite and perpetual check, impasse), its level ladder and bench
//! positions, the quick mate checks (in one and three: [`tactics`]), the tsume solver ([`mate`])
//! and the tutorial's tsume ([`tsume`]).

pub mod analysable;
pub mod eval;
pub mod mate;
pub mod search;
pub mod tactics;
pub mod tsume;

pub use eval::{EvalParams, Evaluator};
pub use search::{Shogi, BENCH_POSITIONS, OPENING_LINES};
