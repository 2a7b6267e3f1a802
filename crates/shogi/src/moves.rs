//! A move (a board move, promoting or not, or a drop), a fixed-capacity move list, the USI
//! machine form, and the reasons a move can be illegal.

use super::piece::{PieceKind, Side};
use super::square::{Square, SQUARE_COUNT};
use std::fmt;
use std::mem::MaybeUninit;

/// A move: a piece moved on the board (and maybe promoted), or a piece dropped from the hand.
///
/// Packed in 16 bits: the destination (bits 0–6), the origin (bits 7–13: a square, or 81 + the
/// hand kind for a drop) and the promotion flag (bit 14). Written in USI form: `7g7f`, `8h2b+`,
/// `P*5e`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const PROMOTE: u16 = 1 << 14;
const DROP_BASE: u16 = SQUARE_COUNT as u16;

impl Move {
    /// A board move from `from` to `to`, promoting when `promote` (not checked against any
    /// position).
    #[inline(always)]
    pub const fn board(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 7 | if promote { PROMOTE } else { 0 })
    }

    /// A drop of `kind` (a hand kind) on `to`.
    #[inline(always)]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        Move(to.index() as u16 | (DROP_BASE + kind as u16) << 7)
    }

    /// The destination.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7F) as u8)
    }

    /// The origin of a board move; `None` for a drop.
    #[inline(always)]
    pub const fn from(self) -> Option<Square> {
        let from = (self.0 >> 7) & 0x7F;
        if from < DROP_BASE {
            Some(Square::from_index_unchecked(from as u8))
        } else {
            None
        }
    }

    /// The dropped kind, for a drop.
    #[inline(always)]
    pub const fn dropped(self) -> Option<PieceKind> {
        let from = (self.0 >> 7) & 0x7F;
        if from >= DROP_BASE {
            PieceKind::from_index((from - DROP_BASE) as usize)
        } else {
            None
        }
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        (self.0 >> 7) & 0x7F >= DROP_BASE
    }

    /// Whether the move promotes the moved piece.
    #[inline(always)]
    pub const fn promotes(self) -> bool {
        self.0 & PROMOTE != 0
    }

    /// The 16-bit code (for tables and transposition entries); [`Move::from_code`] reads it back.
    #[inline(always)]
    pub const fn code(self) -> u16 {
        self.0
    }

    /// The move with code `code`, if it is one that [`Move::code`] can give.
    pub const fn from_code(code: u16) -> Option<Move> {
        let to = code & 0x7F;
        let from = (code >> 7) & 0x7F;
        let promote = code & PROMOTE != 0;
        if code >> 15 != 0 || to >= DROP_BASE || from >= DROP_BASE + 7 {
            return None;
        }
        if from >= DROP_BASE && promote {
            return None;
        }
        if from == to {
            return None;
        }
        Some(Move(code))
    }

    /// The move seen from the other side (squares turned 180°).
    pub const fn rotated(self) -> Move {
        let to = self.to().rotated();
        match (self.from(), self.dropped()) {
            (Some(from), _) => Move::board(from.rotated(), to, self.promotes()),
            (None, Some(kind)) => Move::drop(kind, to),
            (None, None) => self,
        }
    }

    /// Parses the USI form (`7g7f`, `8h2b+`, `P*5e`); the error says what is wrong.
    pub fn parse_usi(text: &str) -> Result<Move, MoveParseError> {
        let text = text.trim();
        let not_a_move = || MoveParseError::NotAMove(truncate(text));
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(not_a_move());
        }
        let square = |part: &str| {
            Square::parse(part).ok_or_else(|| MoveParseError::NotASquare(part.to_string()))
        };
        if text.as_bytes()[1] == b'*' {
            if text.len() != 4 {
                return Err(not_a_move());
            }
            let letter = text.as_bytes()[0] as char;
            let kind = PieceKind::from_letter(letter)
                .filter(|k| k.is_hand_kind() && letter.is_ascii_uppercase())
                .ok_or(MoveParseError::NotADropPiece(letter))?;
            return Ok(Move::drop(kind, square(&text[2..4])?));
        }
        let promote = match text.len() {
            5 if text.ends_with('+') => true,
            4 => false,
            _ => return Err(not_a_move()),
        };
        let from = square(&text[..2])?;
        let to = square(&text[2..4])?;
        if from == to {
            return Err(MoveParseError::SameSquare(text.to_string()));
        }
        Ok(Move::board(from, to, promote))
    }
}

impl fmt::Display for Move {
    /// The USI form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.dropped()) {
            (Some(from), _) => write!(
                f,
                "{from}{}{}",
                self.to(),
                if self.promotes() { "+" } else { "" }
            ),
            (None, Some(kind)) => write!(f, "{}*{}", kind.letter(), self.to()),
            (None, None) => f.write_str("0000"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

pub(crate) use common::truncate;

/// The most legal moves any shogi position has is 593; the list holds that many and a margin.
pub const MAX_MOVES: usize = 600;

/// A list of moves on the stack (no allocation), up to [`MAX_MOVES`].
///
/// The storage starts uninitialised: a list is made at every node of a search or perft, and
/// zeroing 1.2 KB each time cost more than generating the moves of a quiet position.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Clone for MoveList {
    fn clone(&self) -> MoveList {
        let mut copy = MoveList::new();
        for &m in self.as_slice() {
            copy.push(m);
        }
        copy
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            // SAFETY: an array of `MaybeUninit` needs no initialisation.
            moves: unsafe { MaybeUninit::<[MaybeUninit<Move>; MAX_MOVES]>::uninit().assume_init() },
            len: 0,
        }
    }

    /// Appends a move (a full list ignores it: no legal position has that many moves).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    /// The number of moves.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push` (or kept by `retain`), and
        // `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    /// The moves as a mutable slice (to reorder them).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }

    /// Whether the list holds `m`.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// Keeps the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.as_slice()[i];
            if keep(&m) {
                self.moves[kept] = MaybeUninit::new(m);
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves in a new vector.
    pub fn to_vec(&self) -> Vec<Move> {
        self.as_slice().to_vec()
    }

    /// The moves, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// Text that is not a move in USI form. Each variant holds the offending text (shortened).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveParseError {
    /// Neither `7g7f`, `7g7f+` nor `P*7f`.
    NotAMove(String),
    /// A part that should name a square does not.
    NotASquare(String),
    /// The move names the same square twice.
    SameSquare(String),
    /// A drop of something a hand cannot hold (or a lowercase letter: USI writes drops in
    /// uppercase for both sides).
    NotADropPiece(char),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::NotAMove(text) => write!(
                f,
                "'{text}' is not a move: write it as 7g7f, 8h2b+ (promoting) or P*5e (a drop)"
            ),
            MoveParseError::NotASquare(text) => {
                write!(f, "'{text}' is not a square (1a to 9i)")
            }
            MoveParseError::SameSquare(text) => {
                write!(f, "'{text}' moves to the square it starts from")
            }
            MoveParseError::NotADropPiece(c) => write!(
                f,
                "'{c}' cannot be dropped: drop R, B, G, S, N, L or P (uppercase for both sides)"
            ),
        }
    }
}

impl std::error::Error for MoveParseError {}

/// Why a move cannot be played; the message names the rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// The game is over.
    GameOver,
    /// No piece stands on the origin square.
    NoPiece(Square),
    /// The piece on the origin belongs to the side not to move.
    NotYourPiece {
        /// The square.
        square: Square,
        /// The side whose turn it is.
        to_move: Side,
    },
    /// The piece does not move that way.
    CannotReach {
        /// The moving piece's kind.
        kind: PieceKind,
        /// Its square.
        from: Square,
        /// The square it cannot reach.
        to: Square,
    },
    /// One's own piece stands on the destination.
    OwnPiece(Square),
    /// The hand holds no piece of the dropped kind.
    NotInHand(PieceKind),
    /// A drop onto an occupied square.
    DropOnPiece(Square),
    /// A pawn or lance dropped on the last rank, or a knight on the last two: it could never move.
    DeadDrop {
        /// The dropped kind.
        kind: PieceKind,
        /// Where.
        to: Square,
    },
    /// A pawn dropped on a file that holds an unpromoted pawn of the same side (nifu). The file
    /// number, 1–9.
    Nifu(u8),
    /// A pawn drop that checkmates at once (uchifuzume).
    PawnDropMate,
    /// A pawn or lance moved to the last rank, or a knight to the last two, without promoting.
    MustPromote {
        /// The moving piece's kind.
        kind: PieceKind,
        /// The destination.
        to: Square,
    },
    /// A kind that never promotes (king, gold, a promoted piece) asked to promote.
    CannotPromote(PieceKind),
    /// A promotion on a move that neither starts nor ends in the promotion zone.
    OutsideZone {
        /// The moving piece's kind.
        kind: PieceKind,
    },
    /// The move leaves or puts one's own king in check.
    KingInCheck,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |kind: PieceKind| english_name(kind);
        match *self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            IllegalMove::NotYourPiece { square, to_move } => {
                write!(
                    f,
                    "the piece on {square} is not yours: {to_move} is to move"
                )
            }
            IllegalMove::CannotReach { kind, from, to } => {
                write!(f, "the {} on {from} cannot move to {to}", name(kind))
            }
            IllegalMove::OwnPiece(sq) => write!(f, "your own piece stands on {sq}"),
            IllegalMove::NotInHand(kind) => write!(f, "you have no {} in hand", name(kind)),
            IllegalMove::DropOnPiece(sq) => {
                write!(
                    f,
                    "a piece can only be dropped on an empty square, and {sq} is not"
                )
            }
            IllegalMove::DeadDrop { kind, to } => write!(
                f,
                "a {} dropped on rank {} could never move",
                name(kind),
                to.rank_letter()
            ),
            IllegalMove::Nifu(file) => {
                write!(f, "two unpromoted pawns on file {file} (nifu)")
            }
            IllegalMove::PawnDropMate => {
                f.write_str("a pawn drop may not give checkmate (uchifuzume)")
            }
            IllegalMove::MustPromote { kind, to } => write!(
                f,
                "the {} must promote on rank {}",
                name(kind),
                to.rank_letter()
            ),
            IllegalMove::CannotPromote(kind) => {
                write!(f, "the {} never promotes", name(kind))
            }
            IllegalMove::OutsideZone { kind } => write!(
                f,
                "the {} can promote only on a move into, within or out of the promotion zone",
                name(kind)
            ),
            IllegalMove::KingInCheck => f.write_str("your king would be in check"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// The English name of a kind (`pawn`, `promoted lance`, `dragon`), as messages say it.
pub const fn english_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "pawn",
        PieceKind::Lance => "lance",
        PieceKind::Knight => "knight",
        PieceKind::Silver => "silver",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::Gold => "gold",
        PieceKind::King => "king",
        PieceKind::Tokin => "tokin",
        PieceKind::ProLance => "promoted lance",
        PieceKind::ProKnight => "promoted knight",
        PieceKind::ProSilver => "promoted silver",
        PieceKind::Horse => "horse",
        PieceKind::Dragon => "dragon",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_forms_round_trip() {
        for text in ["7g7f", "8h2b+", "P*5e", "R*1a", "1a9i"] {
            let m = Move::parse_usi(text).unwrap();
            assert_eq!(m.to_string(), text);
            assert_eq!(Move::from_code(m.code()), Some(m));
        }
        let drop = Move::parse_usi("G*5e").unwrap();
        assert_eq!(drop.dropped(), Some(PieceKind::Gold));
        assert_eq!(drop.from(), None);
        assert!(!drop.promotes());
    }

    #[test]
    fn bad_usi_is_named() {
        assert!(matches!(
            Move::parse_usi("K*5e"),
            Err(MoveParseError::NotADropPiece('K'))
        ));
        assert!(matches!(
            Move::parse_usi("p*5e"),
            Err(MoveParseError::NotADropPiece('p'))
        ));
        assert!(matches!(
            Move::parse_usi("7g7g"),
            Err(MoveParseError::SameSquare(_))
        ));
        assert!(matches!(
            Move::parse_usi("7j7f"),
            Err(MoveParseError::NotASquare(_))
        ));
        for bad in ["", "7g7f*", "P*5e+", "7g", "７六", "7g7f++"] {
            assert!(Move::parse_usi(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn codes_outside_the_encoding_are_refused() {
        assert_eq!(Move::from_code(0), None); // 1a to 1a
        assert_eq!(Move::from_code(0xFFFF), None);
        assert_eq!(Move::from_code(81), None); // destination off the board
    }
}
