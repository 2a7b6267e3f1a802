//! Shogi for the engine: the evaluation ([`eval`]), the game's tactics and policy for the
//! generic search ([`engine`]: checks, mate in one, drops in the order, quiescence, sennichite
//! and perpetual check, impasse), its level ladder and bench positions, the quick mate check
//! ([`tactics`]) and the tsume solver ([`mate`]).

pub mod engine;
pub mod eval;
pub mod mate;
pub mod tactics;

pub use engine::{Shogi, BENCH_POSITIONS, OPENING_LINES};
pub use eval::{EvalParams, Evaluator};
