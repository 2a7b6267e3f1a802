//! Shogi's board in the position editor ([`BoardEditor`]): its setup edited square by square
//! and hand by hand, pieces turned over (promoted ⇄ not), its handicap starts, and the rules'
//! verdict ([`Setup::validate`]: kings, nifu, a piece that could never move, the set's counts,
//! the side not to move in check) with the squares it is about.

use super::*;
use crate::web::embed::editor::{BoardEditor, Editable};
use shogi::{
    Game, Handicap, Outcome, Piece, PieceKind, Position, PositionError, Ruleset, Setup, Side,
    Square,
};

/// Shogi's editor.
pub type ShogiEditor = BoardEditor<Setup>;

impl Editable for Setup {
    type Square = Square;
    type Piece = Piece;
    type Side = Side;
    type Error = PositionError;
    type Rules = Ruleset;
    type Position = Position;
    type Outcome = Outcome;

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
        self.to_sfen()
    }

    fn judge(&self, rules: &Ruleset) -> Result<(Position, Option<Outcome>), PositionError> {
        let position = Position::from_setup(self)?;
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
            PositionError::DeadPiece(_, square) => vec![square],
            PositionError::Nifu(side, file) => {
                holding(&|sq, p| p == Piece::new(side, PieceKind::Pawn) && sq.file_number() == file)
            }
            PositionError::TwoKings(side) => {
                holding(&|_, p| p == Piece::new(side, PieceKind::King))
            }
            PositionError::TooMany(kind, _) => holding(&|_, p| p.kind.unpromoted() == kind),
            // The king in check, and the piece checking it (in a double check: none of them,
            // since taking one off leaves the king attacked).
            PositionError::OpponentInCheck(side) => {
                let king = squares_of(self, Piece::new(side, PieceKind::King));
                let mut squares = king.clone();
                if let Some(&target) = king.first() {
                    let mut alone = *self;
                    squares.extend(Square::all().filter(|&sq| {
                        self.board[sq.index()].is_some_and(|p| p.side != side) && {
                            // A checker: without it the king would not be attacked.
                            let piece = alone.board[sq.index()].take();
                            let was_checking = alone.validate().is_ok();
                            alone.board[sq.index()] = piece;
                            was_checking && target != sq
                        }
                    }));
                }
                squares
            }
            _ => Vec::new(),
        }
    }

    fn in_hand(&self, piece: Piece) -> u8 {
        self.hands[piece.side.index()].count(piece.kind.unpromoted())
    }

    fn hand_limit(piece: Piece) -> u8 {
        let kind = piece.kind.unpromoted();
        if kind.is_hand_kind() {
            kind.set_count()
        } else {
            0
        }
    }

    fn set_in_hand(&mut self, piece: Piece, count: u8) {
        let count = count.min(Setup::hand_limit(piece));
        self.hands[piece.side.index()].set(piece.kind.unpromoted(), count);
    }

    fn turned(piece: Piece) -> Option<Piece> {
        let kind = if piece.kind.is_promoted() {
            piece.kind.unpromoted()
        } else if piece.kind.can_promote() {
            piece.kind.promoted()
        } else {
            return None;
        };
        Some(Piece::new(piece.side, kind))
    }
}

/// The squares of `setup` where `piece` stands.
fn squares_of(setup: &Setup, piece: Piece) -> Vec<Square> {
    Square::all()
        .filter(|&sq| setup.board[sq.index()] == Some(piece))
        .collect()
}

/// The setup of a start the editor offers: shogi's even game and its handicaps, by code
/// ([`Handicap::code`]).
pub fn handicap_setup(code: &str) -> Option<Setup> {
    let handicap = Handicap::from_code(code)?;
    Setup::parse(handicap.sfen()).ok()
}

impl crate::web::editing::EditorGame for ShogiWeb {
    type Setup = Setup;
    const PAGE: &'static str = "shogi.html";

    fn piece_colour(piece: Piece) -> Colour {
        colour(piece.side)
    }

    fn hand_label(piece: Piece) -> Text {
        texts::piece_kind(piece.kind)
    }

    fn preset(code: &str) -> Option<Setup> {
        editor::handicap_setup(code)
    }

    fn palette(colour: Colour) -> Vec<Piece> {
        // The king first, then the others strongest first; their promoted sides after them.
        const ORDER: [PieceKind; 14] = [
            PieceKind::King,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Gold,
            PieceKind::Silver,
            PieceKind::Knight,
            PieceKind::Lance,
            PieceKind::Pawn,
            PieceKind::Dragon,
            PieceKind::Horse,
            PieceKind::ProSilver,
            PieceKind::ProKnight,
            PieceKind::ProLance,
            PieceKind::Tokin,
        ];
        ORDER
            .into_iter()
            .map(|kind| Piece::new(side(colour), kind))
            .collect()
    }

    fn hand_pieces(colour: Colour) -> Vec<Piece> {
        PieceKind::HAND
            .into_iter()
            .map(|kind| Piece::new(side(colour), kind))
            .collect()
    }

    fn colour(side: Side) -> Colour {
        colour(side)
    }

    fn side(colour: Colour) -> Side {
        side(colour)
    }

    fn cell(square: Square) -> usize {
        cell_of(square)
    }

    fn square(cell: usize) -> Option<Square> {
        square_of(cell)
    }

    fn setup_scene(setup: &Setup, look: &Look) -> Scene {
        board_scene(|square| setup.piece_at(square), setup.hands, look)
    }

    fn piece_token(piece: Piece, look: &Look) -> Token {
        token_of(piece, look)
    }

    fn tool_code(piece: Piece) -> String {
        piece.sfen()
    }

    fn piece_of_tool_code(code: &str) -> Option<Piece> {
        let (promoted, letter) = match code.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, code),
        };
        let mut letters = letter.chars();
        let c = letters.next().filter(|_| letters.next().is_none())?;
        let piece = Self::piece_of_key(c)?;
        if !promoted {
            return Some(piece);
        }
        piece
            .kind
            .can_promote()
            .then(|| Piece::new(piece.side, piece.kind.promoted()))
    }

    fn piece_of_key(key: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(key)?;
        let side = if key.is_ascii_uppercase() {
            Side::Black
        } else {
            Side::White
        };
        Some(Piece::new(side, kind))
    }

    fn piece_name(piece: Piece) -> Text {
        texts::piece(piece)
    }

    fn square_label(setup: &Setup, square: Square) -> Text {
        match setup.piece_at(square) {
            Some(piece) => Text::new("shogi.square.piece")
                .with("square", texts::square(square))
                .with("piece", texts::piece(piece)),
            None => Text::new("shogi.square.empty").with("square", texts::square(square)),
        }
    }

    fn square_code(setup: &Setup, square: Square) -> Option<String> {
        setup
            .piece_at(square)
            .map(|piece| format!("{}:{}", piece.side.sfen(), piece.kind.sfen()))
    }

    fn hand_code(piece: Piece) -> Option<String> {
        Some(format!("{}:{}", piece.side.sfen(), piece.kind.sfen()))
    }

    fn setup_error_text(error: &shogi::PositionError) -> Text {
        texts::position_error(error)
    }

    fn rules_of(_variant: &str) -> Ruleset {
        Ruleset::default()
    }
}
