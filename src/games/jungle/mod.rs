//! Jungle for the engine: the evaluation ([`eval`]), the game's tactics and policy for the
//! generic search ([`engine`]: den logic, ordering, quiescence, draws), its level ladder and
//! bench positions.

pub mod engine;
pub mod eval;

pub use engine::{Jungle, BENCH_POSITIONS};
pub use eval::{EvalParams, Evaluator};
