//! Jungle chess (Dou Shou Qi, 鬥獸棋): the rules, a search AI and a browser board.
//!
//! Three layers, arrows one way: [`jungle`] (the game rules, pure and fast) ←
//! [`engine`] (the search, written once for any game) and [`games`] (each game's evaluation and
//! tactics for it) ← [`analysis`] (win probability, game review, puzzles and their rating, for
//! any game) ← `web` (canvas, input, worker bridge; wasm32 only).
#![deny(missing_docs)]

pub mod analysis;
pub mod common;
pub mod embed;
pub mod engine;
pub mod games;
pub mod jungle;
pub mod shogi;
pub mod texts;

pub mod web;

pub use jungle::{
    Animal, Bitboard, Game, Move, MoveList, Outcome, Piece, Position, PositionError, Ruleset,
    Setup, Side, Square,
};
