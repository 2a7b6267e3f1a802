//! Jungle's AI, over its rules (built with the `ai` feature): the evaluation ([`eval`]), the game's
//! tactics and policy for the generic search ([`search`]: den logic, ordering, quiescence, draws),
//! its level ladder and bench positions.

pub mod analysable;
pub mod eval;
pub mod search;

pub use eval::{EvalParams, Evaluator};
pub use search::{Jungle, BENCH_POSITIONS};
