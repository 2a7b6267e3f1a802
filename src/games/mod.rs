//! Each game's side of the engine, over its pure rules module: evaluation, tactics, level
//! ladder, bench positions, and the [`crate::engine`] traits implemented for it. (Its drawing
//! and texts are to join it here; see the architecture notes.)

pub mod jungle;
pub mod shogi;
