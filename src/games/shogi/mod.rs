//! Shogi's engine side: what the search needs that only shogi has (for now the mate solver).

pub mod eval;
pub mod mate;
