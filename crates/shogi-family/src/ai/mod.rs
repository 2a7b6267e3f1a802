//! The family's side of the generic search (crates/engine), built with the `ai` feature: the
//! moves as the search keeps them ([`Packed`]: 16 bits, printed as USI), the search's view of a
//! position and a played game (`search`).

pub mod search;

pub use search::{Family, GameRules, Played};

use crate::packed::Packed;
use engine::SearchMove;

impl SearchMove for Packed {
    // A move from a square to itself: never legal, and no code reads back as it.
    const PLACEHOLDER: Packed = Packed::NONE;

    #[inline(always)]
    fn code(self) -> u16 {
        Packed::code(self)
    }

    #[inline]
    fn from_code(code: u16) -> Option<Packed> {
        Packed::from_code(code)
    }
}
