//! The game of shogi (将棋): board, pieces, hands, moves and drops, positions, rules and
//! games. Pure Rust, no web types, and no Jungle type either; the hot paths (move generation,
//! play) do not allocate. `docs/rules-shogi.md` is the rulebook; the decisions where its
//! sources were silent, and why, are in `docs/shogi-rules.md`.
#![deny(missing_docs)]

#[cfg(feature = "ai")]
pub mod ai;
pub mod bitboard;
pub mod game;
pub mod handicap;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod record;
pub mod ruleset;
pub mod setup;
pub mod square;
pub mod texts;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use game::{DeclarationError, DrawReason, Ending, Game, Outcome, WinReason};
pub use handicap::Handicap;
pub use moves::{IllegalMove, Move, MoveList, MoveParseError};
pub use notation::NotationError;
pub use piece::{Hand, Piece, PieceKind, Side};
pub use position::{ImpasseError, Position};
pub use record::{Format, Record, RecordError, RecordErrorKind, RecordedEnd};
pub use ruleset::{Ruleset, RulesetError};
pub use setup::{PositionError, Setup, START_SFEN};
pub use square::Square;
