//! The shogi family: every variant of the small and standard boards (minishogi, kyoto, micro,
//! dobutsu, judkins, tori, yari, sho, cannon, annan and check shogi, and standard shogi as a
//! cross-check of the table) from one data-driven rules module. A variant is a table
//! (`variant::VARIANTS`): its board, its pieces' faces as data (`pieces`), its start position,
//! promotion, drops, royal pieces and the few rules that fit no table. Pure Rust, no web types.
//! docs/rules-shogi-family.md is the rulebook.
#![deny(missing_docs)]

#[cfg(feature = "ai")]
pub mod ai;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod packed;
pub mod pieces;
pub mod position;
pub mod record;
pub mod rules;
pub mod texts;
pub mod variant;

pub use game::{Ending, Game, Options, OptionsError, Outcome, PlayError};
pub use moves::Move;
pub use packed::Packed;
pub use position::{Position, SfenError};
pub use record::RecordError;
pub use rules::Side;
pub use variant::{Variant, VARIANTS};
