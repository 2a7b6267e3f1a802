//! Shogi's engine side: what the search needs that only shogi has (the mate solver and its tsume).

pub mod eval;
pub mod mate;
pub mod tsume;
