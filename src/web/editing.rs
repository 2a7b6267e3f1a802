//! What a game says so that the position editor (`editor.html`, `src/web/editor_page/`) edits
//! it: [`EditorGame`], on top of [`WebGame`]. The editing itself (tools, history, marks, hands,
//! the verdict) is [`crate::web::embed::editor`], generic over the game's setup; this trait gives the
//! page its palette, its drawing of a setup that may not be legal, its texts, its starts and
//! its outputs. Jungle's implementation is in [`super::games::jungle`], shogi's in
//! [`super::games::shogi`]; a third game adds one more.

use super::board_view::{Scene, Token};
use super::game::{Colour, Look, WebGame};
use crate::web::embed::editor::{BoardEditor, Editable};
use common::texts::Text;

/// A piece of the game `G` edits.
pub type PieceOf<G> = <<G as EditorGame>::Setup as Editable>::Piece;
/// A square of the game `G` edits.
pub type SquareOf<G> = <<G as EditorGame>::Setup as Editable>::Square;
/// The editor of the game `G`.
pub type EditorOf<G> = BoardEditor<<G as EditorGame>::Setup>;

/// A game as the position editor edits it (module docs).
pub trait EditorGame: WebGame {
    /// The game's setup: the position as written, not yet checked.
    type Setup: Editable<Outcome = Self::Outcome>;
    /// The game's page (`index.html`, `shogi.html`): the editor's position opens there to play
    /// (its `?position=`).
    const PAGE: &'static str;
    /// Whether the embed form's rules (Jungle's variants, `#embed-rules`) are this game's: they
    /// are sent as `variant` and the verdict is given under them.
    const RULES_IN_FORM: bool = false;

    /// The setup of the start `code` of [`WebGame::STARTS`] (shogi's handicaps), offered besides
    /// the normal start and the empty board.
    fn preset(_code: &str) -> Option<Self::Setup> {
        None
    }
    /// The palette's pieces of `side`, in the order shown.
    fn palette(side: Colour) -> Vec<PieceOf<Self>>;
    /// The pieces `side`'s hand holds, in the order shown (none: the game has no hands).
    fn hand_pieces(_side: Colour) -> Vec<PieceOf<Self>> {
        Vec::new()
    }
    /// The player a piece belongs to.
    fn piece_colour(piece: PieceOf<Self>) -> Colour;
    /// A piece as its hand's counter names it (shogi: "pawn"): its kind, the side being the
    /// hand's.
    fn hand_label(piece: PieceOf<Self>) -> Text {
        Self::piece_name(piece)
    }
    /// The player of a side of the setup.
    fn colour(side: <Self::Setup as Editable>::Side) -> Colour;
    /// The setup's side of a player.
    fn side(colour: Colour) -> <Self::Setup as Editable>::Side;
    /// The cell of a square ([`WebGame`]'s numbering).
    fn cell(square: SquareOf<Self>) -> usize;
    /// The square of a cell (`None` for a hand slot).
    fn square(cell: usize) -> Option<SquareOf<Self>>;
    /// What the board shows of `setup` (which may not be a legal position), hands included.
    fn setup_scene(setup: &Self::Setup, look: &Look) -> Scene;
    /// A piece's token, as the palette draws it.
    fn piece_token(piece: PieceOf<Self>, look: &Look) -> Token;
    /// A palette button's `data-piece` and a tool's `data-tool` (Jungle's letter `E`, shogi's
    /// SFEN `+R`).
    fn tool_code(piece: PieceOf<Self>) -> String;
    /// The piece of a [`EditorGame::tool_code`].
    fn piece_of_tool_code(code: &str) -> Option<PieceOf<Self>>;
    /// The piece a typed key puts on the cursor's square (a letter as the text form writes
    /// it), if any.
    fn piece_of_key(key: char) -> Option<PieceOf<Self>>;
    /// A piece in words ("Black elephant", "Sente's dragon").
    fn piece_name(piece: PieceOf<Self>) -> Text;
    /// A square and what is on it, for its label.
    fn square_label(setup: &Self::Setup, square: SquareOf<Self>) -> Text;
    /// A square's `data-piece` (as the game page writes it), `None` when it is empty.
    fn square_code(setup: &Self::Setup, square: SquareOf<Self>) -> Option<String>;
    /// A hand slot's `data-hand` for `piece` (as the game page writes it: `b:P`).
    fn hand_code(_piece: PieceOf<Self>) -> Option<String> {
        None
    }
    /// Why a setup is refused, or a text is not one.
    fn setup_error_text(error: &<Self::Setup as Editable>::Error) -> Text;
    /// The rules the verdict is given under, for the embed form's rules (`variant`, empty: the
    /// standard rules).
    fn rules_of(variant: &str) -> <Self::Setup as Editable>::Rules;
}
