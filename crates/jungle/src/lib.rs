//! The game of Jungle: board, animals, moves, positions, rules and games. Pure Rust, no web
//! types; the hot paths (move generation, play) do not allocate.
#![deny(missing_docs)]

#[cfg(feature = "ai")]
pub mod ai;
pub mod animal;
pub mod bitboard;
pub mod capture;
pub mod game;
pub mod moves;
pub mod notation;
pub mod position;
pub mod record;
pub mod ruleset;
pub mod setup;
pub mod square;
pub mod texts;
pub mod zobrist;

pub use animal::{Animal, Piece, Side};
pub use bitboard::Bitboard;
pub use game::{DrawReason, Ending, Game, Outcome};
pub use moves::{CaptureError, IllegalMove, Move, MoveList, MoveParseError};
pub use position::{Position, WinReason};
pub use record::{Record, RecordError};
pub use ruleset::{Ruleset, RulesetError};
pub use setup::{PositionError, Setup, START_FEN};
pub use square::Square;
