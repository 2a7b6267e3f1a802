//! Jungle's board in the position editor ([`BoardEditor`]): animals placed square by square,
//! one of each per side (placing one that stands elsewhere moves it), and the rules' verdict
//! ([`Position::from_setup`]: two of an animal, one in the water or in its own den, a den
//! already entered) with the squares it is about.

use super::JungleWeb;
use crate::web::embed::editor::{BoardEditor, Editable};
use crate::web::embed::{EmbedConfig, EmbedErrors};
use jungle::bitboard::DEN;
use jungle::{Game, Outcome, Piece, Position, PositionError, Ruleset, Setup, Side, Square};

/// Jungle's editor.
pub type JungleEditor = BoardEditor<Setup>;

impl Editable for Setup {
    type Square = Square;
    type Piece = Piece;
    type Side = Side;
    type Error = PositionError;
    type Rules = Ruleset;
    type Position = Position;
    type Outcome = Outcome;
    const UNIQUE_PIECES: bool = true;

    fn start() -> Self {
        Setup::start()
    }

    fn empty() -> Self {
        Setup::empty()
    }

    fn squares() -> impl Iterator<Item = Square> {
        Square::all()
    }

    fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    fn put(&mut self, square: Square, piece: Option<Piece>) -> Option<Piece> {
        std::mem::replace(&mut self.board[square.index()], piece)
    }

    fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    fn set_side_to_move(&mut self, side: Side) {
        self.side_to_move = side;
    }

    fn parse(text: &str) -> Result<Self, PositionError> {
        Setup::parse(text)
    }

    fn write(&self) -> String {
        self.to_string()
    }

    fn judge(&self, rules: &Ruleset) -> Result<(Position, Option<Outcome>), PositionError> {
        let position = Position::from_setup(self, rules)?;
        let outcome = Game::from_position(position, *rules).outcome();
        Ok((position, outcome))
    }

    fn squares_named_by(&self, error: &PositionError) -> Vec<Square> {
        let holding = |wanted: &dyn Fn(Square, Piece) -> bool| -> Vec<Square> {
            Square::all()
                .filter(|&sq| self.board[sq.index()].is_some_and(|p| wanted(sq, p)))
                .collect()
        };
        match *error {
            PositionError::Duplicate(side, animal) => {
                holding(&|_, p| p == Piece::new(side, animal))
            }
            PositionError::InWater(_, square) => vec![square],
            PositionError::InOwnDen(piece) => {
                let dens = DEN[piece.side.index()];
                holding(&|sq, p| p == piece && dens.contains(sq))
            }
            PositionError::DenAlreadyEntered(side) => {
                let den = DEN[side.opponent().index()];
                holding(&|sq, p| p.side == side && den.contains(sq))
            }
            _ => Vec::new(),
        }
    }
}

impl JungleEditor {
    /// Jungle's embed frame for this position ([`BoardEditor::embed_config_of`]).
    pub fn embed_config(
        &self,
        choices: &[(&str, &str)],
    ) -> Result<EmbedConfig<JungleWeb>, EmbedErrors> {
        self.embed_config_of(choices)
    }
}
