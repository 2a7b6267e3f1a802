//! Each game's engine side: its evaluation and the tactics only it has, over its rules module.

pub mod shogi;
