//! Shogi for the engine: the evaluation ([`eval`]), the game's tactics and policy for the
//! generic search ([`engine`]: checks, mates in one and three, drops in the order,
//! quiescence, sennichite and perpetual check, impasse), its level ladder and bench
//! positions, the quick mate checks (in one and three: [`tactics`]), the tsume solver
//! ([`mate`]) and the tutorial's tsume ([`tsume`]).

pub mod analysis;
pub mod engine;
pub mod eval;
pub mod mate;
pub mod tactics;
pub mod tsume;

pub use engine::{Shogi, BENCH_POSITIONS, OPENING_LINES};
pub use eval::{EvalParams, Evaluator};
