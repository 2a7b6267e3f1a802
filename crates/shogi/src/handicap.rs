//! The handicap start positions (komaochi). The handicap giver (uwate) takes gote, whose
//! pieces are removed, and moves first (the SFEN side is `w`), as the Japan Shogi Association
//! and USI tools do: the weaker player keeps every piece as sente but, unlike in an even
//! game, does not move first (`docs/rules-shogi.md`, "Handicaps").

use super::setup::START_SFEN;
use std::fmt;

/// An even game or one of the handicaps the site offers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Handicap {
    /// No handicap: the normal start, sente moves first.
    Even,
    /// Gote plays without the lance on 1a (香落ち).
    Lance,
    /// Without the bishop (角落ち).
    Bishop,
    /// Without the rook (飛車落ち).
    Rook,
    /// Without the rook and the lance on 1a (飛香落ち).
    RookLance,
    /// Without rook and bishop (二枚落ち).
    TwoPiece,
    /// Without rook, bishop and both lances (四枚落ち).
    FourPiece,
    /// Without rook, bishop, lances and knights (六枚落ち).
    SixPiece,
    /// Without rook, bishop, lances, knights and silvers (八枚落ち).
    EightPiece,
    /// Only the king and the pawns (十枚落ち).
    TenPiece,
}

impl Handicap {
    /// Every choice, the even game first, then by growing handicap.
    pub const ALL: [Handicap; 10] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPiece,
        Handicap::FourPiece,
        Handicap::SixPiece,
        Handicap::EightPiece,
        Handicap::TenPiece,
    ];

    /// The stable name used in URLs and the CLI: `even`, `lance`, `bishop`, `rook`,
    /// `rook-lance`, `2-piece`, `4-piece`, `6-piece`, `8-piece`, `10-piece`.
    pub const fn code(self) -> &'static str {
        match self {
            Handicap::Even => "even",
            Handicap::Lance => "lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPiece => "2-piece",
            Handicap::FourPiece => "4-piece",
            Handicap::SixPiece => "6-piece",
            Handicap::EightPiece => "8-piece",
            Handicap::TenPiece => "10-piece",
        }
    }

    /// The English name.
    pub const fn english(self) -> &'static str {
        match self {
            Handicap::Even => "Even game",
            Handicap::Lance => "Lance handicap",
            Handicap::Bishop => "Bishop handicap",
            Handicap::Rook => "Rook handicap",
            Handicap::RookLance => "Rook and lance handicap",
            Handicap::TwoPiece => "Two-piece handicap",
            Handicap::FourPiece => "Four-piece handicap",
            Handicap::SixPiece => "Six-piece handicap",
            Handicap::EightPiece => "Eight-piece handicap",
            Handicap::TenPiece => "Ten-piece handicap",
        }
    }

    /// The Japanese name, as KIF's `手合割` line writes it.
    pub const fn japanese(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPiece => "二枚落ち",
            Handicap::FourPiece => "四枚落ち",
            Handicap::SixPiece => "六枚落ち",
            Handicap::EightPiece => "八枚落ち",
            Handicap::TenPiece => "十枚落ち",
        }
    }

    /// The start position in SFEN.
    pub const fn sfen(self) -> &'static str {
        match self {
            Handicap::Even => START_SFEN,
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPiece => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FourPiece => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::SixPiece => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::EightPiece => "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TenPiece => "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        }
    }

    /// The handicap with stable name `code`, if any.
    pub fn from_code(code: &str) -> Option<Handicap> {
        Handicap::ALL.into_iter().find(|h| h.code() == code)
    }

    /// The handicap with Japanese name `name` (KIF's `手合割`), if any.
    pub fn from_japanese(name: &str) -> Option<Handicap> {
        Handicap::ALL.into_iter().find(|h| h.japanese() == name)
    }

    /// The handicap whose start position is `sfen` (compared as written canonically), if any.
    pub fn from_sfen(sfen: &str) -> Option<Handicap> {
        Handicap::ALL.into_iter().find(|h| h.sfen() == sfen)
    }
}

impl fmt::Display for Handicap {
    /// The English name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PieceKind, Position, Side};

    #[test]
    fn every_handicap_is_legal_and_gote_gives_it_and_moves_first() {
        let full = Position::start();
        for handicap in Handicap::ALL {
            let pos = Position::from_sfen(handicap.sfen()).unwrap();
            assert_eq!(pos.to_sfen(), handicap.sfen(), "{handicap}");
            assert_eq!(
                pos.pieces(Side::Black),
                full.pieces(Side::Black),
                "{handicap}: sente keeps every piece"
            );
            let expected_side = if handicap == Handicap::Even {
                Side::Black
            } else {
                Side::White
            };
            assert_eq!(pos.side_to_move(), expected_side, "{handicap}");
            assert_eq!(Handicap::from_code(handicap.code()), Some(handicap));
            assert_eq!(Handicap::from_japanese(handicap.japanese()), Some(handicap));
        }
        let count = |h: Handicap| {
            Position::from_sfen(h.sfen())
                .unwrap()
                .pieces(Side::White)
                .count()
        };
        assert_eq!(count(Handicap::Lance), 19);
        assert_eq!(count(Handicap::TwoPiece), 18);
        assert_eq!(count(Handicap::TenPiece), 10);
        let lance_handicap = Position::from_sfen(Handicap::Lance.sfen()).unwrap();
        assert_eq!(
            lance_handicap
                .pieces_of(Side::White, PieceKind::Lance)
                .count(),
            1,
            "the lance on 1a is gone"
        );
    }
}
