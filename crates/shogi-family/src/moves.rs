//! A move of the family: a board move (with the face the piece ends on, so a promotion, a
//! demotion and kyoto's flips are all one field) or a drop, and its USI form as Fairy-Stockfish
//! writes it: `7g7f`, `2b3c+` (promotes), `4e5d-` (turns back, kyoto and micro shogi), `P*5e`,
//! `+P*5e` (a drop of the promoted face, kyoto and micro shogi).

use crate::position::Position;

/// The `from` of a drop (no board square is 0: it is a guard cell of the mailbox).
const DROP: u8 = 0;

/// A move: where from (or a drop), where to, the face the piece had and the face it ends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The mailbox square it leaves (`DROP` for a drop).
    pub from: u8,
    /// The mailbox square it lands on.
    pub to: u8,
    /// The face it had before the move (the hand's face for a drop).
    pub moved: u8,
    /// The face it lands with.
    pub face: u8,
}

impl Move {
    /// A board move.
    pub fn step(from: usize, to: usize, moved: u8, face: u8) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            moved,
            face,
        }
    }

    /// A drop of a hand's `base` face as `face`.
    pub fn drop(base: u8, to: usize, face: u8) -> Move {
        Move {
            from: DROP,
            to: to as u8,
            moved: base,
            face,
        }
    }

    /// Whether it is a drop.
    pub fn is_drop(self) -> bool {
        self.from == DROP
    }

    /// Its USI form in `position` (the position it is played from).
    pub fn usi(self, position: &Position) -> String {
        let variant = position.variant();
        let to = position.square_name(self.to as usize);
        if self.is_drop() {
            let face = &variant.faces[self.face as usize];
            let plus = if face.promoted { "+" } else { "" };
            return format!("{plus}{}*{to}", face.letter);
        }
        let from = position.square_name(self.from as usize);
        let (moved, landed) = (
            &variant.faces[self.moved as usize],
            &variant.faces[self.face as usize],
        );
        let mark = match (moved.promoted, landed.promoted) {
            _ if self.moved == self.face => "",
            (false, true) => "+",
            (true, false) => "-",
            _ => "",
        };
        format!("{from}{to}{mark}")
    }

    /// Reads a USI move of `position` (it must be one of its legal moves).
    pub fn from_usi(text: &str, position: &Position) -> Option<Move> {
        position
            .legal_moves()
            .into_iter()
            .find(|m| m.usi(position) == text)
    }
}
