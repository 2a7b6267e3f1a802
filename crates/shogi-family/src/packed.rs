//! A move packed into 16 bits that prints itself: what a search keeps in its tables and what a
//! protocol writes, without the position at hand. Its squares are by file and rank (so no
//! board width is needed to name them), a drop is by its piece's letter, a board move by
//! whether the piece turns over (`+` promotes, `-` turns back). [`Packed::of`] packs a legal
//! move of a position, [`Packed::unpack`] finds it again in a position.
//!
//! The code: a board move is `(from · 144 + to) · 3 + mark` (squares `rank · 12 + file − 1`,
//! mark 0, `+` 1, `-` 2), below 62,208; a drop is `62,208 + to · 19 + letter`, the letter's
//! place in [`DROP_LETTERS`] (13 unpromoted faces, then the 6 promoted faces kyoto and micro
//! shogi drop). Code 0 (a move from a square to itself) is no move.

use crate::moves::Move;
use crate::position::{face_named, Position};
use crate::rules::{face_of, row_col, square_at};
use std::fmt;

/// Squares of the largest board, numbered `rank · 12 + file − 1`.
const SQUARES: u16 = 144;
/// Where the drops' codes begin.
const DROPS: u16 = SQUARES * SQUARES * 3;
/// The letters of every piece a hand of the family may hold, then (`+`) the faces a drop may
/// put down promoted.
pub const DROP_LETTERS: [(char, bool); 19] = [
    ('P', false),
    ('L', false),
    ('N', false),
    ('S', false),
    ('G', false),
    ('B', false),
    ('R', false),
    ('C', false),
    ('E', false),
    ('F', false),
    ('U', false),
    ('A', false),
    ('I', false),
    ('P', true),
    ('S', true),
    ('N', true),
    ('L', true),
    ('B', true),
    ('R', true),
];

/// A move in 16 bits, printable as USI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packed(u16);

/// A square's number (`rank · 12 + file − 1`) from a mailbox square of `position`.
fn number(position: &Position, square: usize) -> u16 {
    let (row, col) = row_col(square);
    let file = position.variant().files as usize - col;
    (row * 12 + file - 1) as u16
}

/// The mailbox square of a square's number in `position`, if it is on its board.
fn square(position: &Position, number: u16) -> Option<usize> {
    let (row, file) = (number as usize / 12, number as usize % 12 + 1);
    let variant = position.variant();
    (row < variant.ranks as usize && file <= variant.files as usize)
        .then(|| square_at(row, variant.files as usize - file))
}

/// A square's USI name from its number (`5e`).
fn name(number: u16) -> String {
    format!(
        "{}{}",
        number % 12 + 1,
        (b'a' + (number / 12) as u8) as char
    )
}

impl Packed {
    /// No move (code 0).
    pub const NONE: Packed = Packed(0);

    /// The legal move `m` of `position`, packed; `None` for a drop of a piece whose letter is
    /// not in [`DROP_LETTERS`] (a captured lion, which no rule lets drop).
    pub fn of(m: Move, position: &Position) -> Option<Packed> {
        let variant = position.variant();
        let to = number(position, m.to as usize);
        if m.is_drop() {
            let face = &variant.faces[m.face as usize];
            let letter = DROP_LETTERS
                .iter()
                .position(|&(l, promoted)| l == face.letter && promoted == face.promoted)?;
            return Some(Packed(DROPS + to * 19 + letter as u16));
        }
        let from = number(position, m.from as usize);
        let (moved, landed) = (
            &variant.faces[m.moved as usize],
            &variant.faces[m.face as usize],
        );
        let mark = match (m.moved == m.face, moved.promoted, landed.promoted) {
            (true, _, _) => 0,
            (false, false, true) => 1,
            _ => 2,
        };
        Some(Packed((from * SQUARES + to) * 3 + mark))
    }

    /// The 16 bits (0 for no move).
    pub fn code(self) -> u16 {
        self.0
    }

    /// The move of a code, if the code could be one (any square, any letter: a position
    /// decides whether it is there).
    pub fn from_code(code: u16) -> Option<Packed> {
        if code >= DROPS + SQUARES * 19 {
            return None;
        }
        if code < DROPS {
            let (squares, _) = (code / 3, code % 3);
            if squares / SQUARES == squares % SQUARES {
                return None;
            }
        }
        Some(Packed(code))
    }

    /// Reads a move's USI text without a position (`7g7f`, `2b3c+`, `4e5d-`, `P*5e`, `+P*5e`,
    /// files up to 12): what a protocol reads before it knows where the move is played.
    pub fn parse(text: &str) -> Option<Packed> {
        /// A square's number from its name's start, and the rest of the text.
        fn square(text: &str) -> Option<(u16, &str)> {
            let digits = text.find(|c: char| !c.is_ascii_digit())?;
            let file: u16 = text[..digits].parse().ok()?;
            let rank = text[digits..].chars().next()?;
            if !(1..=12).contains(&file) || !('a'..='l').contains(&rank) {
                return None;
            }
            let rank = rank as u16 - 'a' as u16;
            Some((rank * 12 + file - 1, &text[digits + 1..]))
        }
        if let Some((piece, to)) = text.split_once('*') {
            let (promoted, letter) = match piece.strip_prefix('+') {
                Some(letter) => (true, letter),
                None => (false, piece),
            };
            let mut chars = letter.chars();
            let (Some(letter), None) = (chars.next(), chars.next()) else {
                return None;
            };
            let slot = DROP_LETTERS.iter().position(|&d| d == (letter, promoted))? as u16;
            let (to, rest) = square(to)?;
            return rest.is_empty().then_some(Packed(DROPS + to * 19 + slot));
        }
        let (from, rest) = square(text)?;
        let (to, rest) = square(rest)?;
        let mark = match rest {
            "" => 0,
            "+" => 1,
            "-" => 2,
            _ => return None,
        };
        Packed::from_code((from * SQUARES + to) * 3 + mark)
    }

    /// The move it packs among the legal moves of `position`, if it is one of them.
    pub fn unpack(self, position: &Position) -> Option<Move> {
        let m = self.decode(position)?;
        position.legal_moves().contains(&m).then_some(m)
    }

    /// The move it packs, read in `position` without asking whether it is legal there (the
    /// search's moves are legal already): `None` where it names no piece or square there.
    pub fn decode(self, position: &Position) -> Option<Move> {
        let variant = position.variant();
        let m = if self.0 >= DROPS {
            let (to, letter) = ((self.0 - DROPS) / 19, (self.0 - DROPS) % 19);
            let (letter, promoted) = DROP_LETTERS[letter as usize];
            let face = face_named(variant, letter, promoted)?;
            let base = variant.faces[face as usize].base;
            Move::drop(base, square(position, to)?, face)
        } else {
            let (squares, mark) = (self.0 / 3, self.0 % 3);
            let (from, to) = (
                square(position, squares / SQUARES)?,
                square(position, squares % SQUARES)?,
            );
            let cell = position.cells[from];
            if cell == crate::rules::EMPTY || cell == crate::rules::WALL {
                return None;
            }
            let moved = face_of(cell);
            let face = match mark {
                0 => moved,
                _ => variant.faces[moved as usize].promotes_to?,
            };
            // `+` lands on a promoted face, `-` on an unpromoted one.
            if mark != 0 && variant.faces[face as usize].promoted != (mark == 1) {
                return None;
            }
            Move::step(from, to, moved, face)
        };
        Some(m)
    }
}

impl fmt::Display for Packed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 >= DROPS {
            let (to, letter) = ((self.0 - DROPS) / 19, (self.0 - DROPS) % 19);
            let (letter, promoted) = DROP_LETTERS[letter as usize];
            let plus = if promoted { "+" } else { "" };
            return write!(f, "{plus}{letter}*{}", name(to));
        }
        let (squares, mark) = (self.0 / 3, self.0 % 3);
        let mark = ["", "+", "-"][mark as usize];
        write!(
            f,
            "{}{}{mark}",
            name(squares / SQUARES),
            name(squares % SQUARES)
        )
    }
}
