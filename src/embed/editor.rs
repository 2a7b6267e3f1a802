//! The position editor (`editor.html`) as pure state: a board being set up by an author, the
//! tool in hand, the rules layer's verdict on it, and the embed frame it becomes. The web layer
//! only turns clicks, drags and keys into the calls below and shows what they return.
//!
//! Editing rules, chosen so the board is always one step from what the author means:
//! - A side has at most one of each animal, so placing an animal that already stands elsewhere
//!   moves it there (the palette is a set of sixteen animals, not a pile of stickers). A
//!   position typed or pasted as text may still hold two: the verdict names them.
//! - Anything may be put anywhere (a lion in the water, an animal in its own den); the verdict
//!   says what is wrong and which squares, so the author sees the rule rather than a refusal.
//! - Editing the board keeps the side to move and the two counters of the text form; "clear"
//!   and "start position" reset them.
//! - Squares can be marked for the reader (the embed's `marks`, at most [`MAX_MARKS`]); the
//!   marks are not part of the position: a typed position keeps them, "clear" and "start
//!   position" remove them.
//! - Every change of the setup or the marks can be undone and redone (the last [`HISTORY`]).

use super::params::{percent_encode, EmbedConfig, EmbedErrors, MAX_MARKS};
use crate::jungle::{Game, Outcome, Piece, Position, PositionError, Ruleset, Setup, Side, Square};

/// How many changes [`Editor::undo`] can take back.
pub const HISTORY: usize = 200;

/// What a press on a board square does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tool {
    /// Pick an animal up and put it down elsewhere (press, press; or drag).
    Hand,
    /// Put this animal on the pressed square (again on the same square: take it off).
    Place(Piece),
    /// Take the animal off the pressed square.
    Erase,
    /// Mark the pressed square for the reader (again: unmark it).
    Mark,
}

/// What an edit did, for the page to announce.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Edit {
    /// Nothing changed.
    Nothing,
    /// The hand picked up the animal on this square (the next press puts it down).
    Selected(Square),
    /// The hand put the animal back down where it was.
    Deselected(Square),
    /// An animal was put on a square (`from`: where it stood before, if it was on the board;
    /// `replaced`: the animal that stood on the square).
    Placed {
        /// The animal.
        piece: Piece,
        /// Its square.
        square: Square,
        /// Where it stood before.
        from: Option<Square>,
        /// The animal it replaced.
        replaced: Option<Piece>,
    },
    /// A square was marked (`true`) or unmarked.
    Marked(Square, bool),
    /// A square was not marked: [`MAX_MARKS`] are already.
    TooManyMarks,
    /// An animal was taken off a square.
    Removed {
        /// The animal.
        piece: Piece,
        /// Its square.
        square: Square,
    },
}

/// The rules layer's verdict on the board being edited.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// A legal setup: a game can start from it (it may already be over, e.g. the side to move
    /// has no animal or no move).
    Legal {
        /// The position.
        position: Position,
        /// How the game already stands, if it is over.
        outcome: Option<Outcome>,
    },
    /// Not a legal setup: the reason, and the squares it is about (to mark on the board).
    Illegal {
        /// The reason, as the rules layer gives it.
        error: PositionError,
        /// The squares the reason is about (none for reasons about the whole board).
        squares: Vec<Square>,
    },
}

/// The board being edited and the tool in hand.
#[derive(Clone, Debug)]
pub struct Editor {
    setup: Setup,
    tool: Tool,
    selected: Option<Square>,
    /// The squares marked for the reader, in the order marked.
    marks: Vec<Square>,
    /// The setups and marks before each change, the latest last.
    done: Vec<(Setup, Vec<Square>)>,
    /// The setups and marks undone, the latest undone last.
    undone: Vec<(Setup, Vec<Square>)>,
}

impl Default for Editor {
    fn default() -> Self {
        Editor::new()
    }
}

impl Editor {
    /// An editor on the start position, the hand in use.
    pub fn new() -> Editor {
        Editor {
            setup: Setup::start(),
            tool: Tool::Hand,
            selected: None,
            marks: Vec::new(),
            done: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// An editor on the position written in `fen` (syntax only: an illegal setup is loaded, and
    /// the verdict names its problem, so that it can be fixed here).
    pub fn from_fen(fen: &str) -> Result<Editor, PositionError> {
        let mut editor = Editor::new();
        editor.load_fen(fen)?;
        editor.done.clear();
        Ok(editor)
    }

    /// The board as set up so far.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The animal on `square`.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.setup.board[square.index()]
    }

    /// Where `piece` stands, if it is on the board (the first square, in index order, if twice).
    pub fn square_of(&self, piece: Piece) -> Option<Square> {
        Square::all().find(|&sq| self.piece_at(sq) == Some(piece))
    }

    /// The tool in hand.
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// Takes up `tool` (dropping what the hand held).
    pub fn set_tool(&mut self, tool: Tool) {
        self.tool = tool;
        self.selected = None;
    }

    /// The square whose animal the hand holds.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// Drops what the hand holds (the animal stays where it was).
    pub fn deselect(&mut self) -> Edit {
        match self.selected.take() {
            Some(square) => Edit::Deselected(square),
            None => Edit::Nothing,
        }
    }

    /// Who moves first from the position.
    pub fn side_to_move(&self) -> Side {
        self.setup.side_to_move
    }

    /// Sets who moves first.
    pub fn set_side_to_move(&mut self, side: Side) {
        self.recorded(|e| e.setup.side_to_move = side);
    }

    /// Runs `change`, remembering the setup before it if it changed anything (a new change
    /// forgets what was undone).
    fn recorded<R>(&mut self, change: impl FnOnce(&mut Editor) -> R) -> R {
        let before = (self.setup, self.marks.clone());
        let result = change(self);
        if (self.setup, &self.marks) != (before.0, &before.1) {
            if self.done.len() == HISTORY {
                self.done.remove(0);
            }
            self.done.push(before);
            self.undone.clear();
        }
        result
    }

    /// Whether there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Whether there is an undone change to redo.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Takes back the last change of the setup (whatever made it: an animal placed, moved or
    /// removed, a mark, the side to move, clear, start, a typed position). Whether there was one.
    pub fn undo(&mut self) -> bool {
        self.travel(false)
    }

    /// Makes again the last change undone. Whether there was one.
    pub fn redo(&mut self) -> bool {
        self.travel(true)
    }

    /// One step back through the history (or forward, for a redo).
    fn travel(&mut self, forward: bool) -> bool {
        let (from, to) = if forward {
            (&mut self.undone, &mut self.done)
        } else {
            (&mut self.done, &mut self.undone)
        };
        let Some(state) = from.pop() else {
            return false;
        };
        to.push((self.setup, std::mem::take(&mut self.marks)));
        (self.setup, self.marks) = state;
        self.selected = None;
        true
    }

    /// A press (click, tap, Enter) on `square` with the tool in hand.
    pub fn press(&mut self, square: Square) -> Edit {
        match self.tool {
            Tool::Place(piece) if self.piece_at(square) == Some(piece) => self.remove(square),
            Tool::Place(piece) => self.place(piece, square),
            Tool::Erase => self.remove(square),
            Tool::Mark => self.toggle_mark(square),
            Tool::Hand => match self.selected {
                Some(from) if from == square => self.deselect(),
                Some(from) => {
                    self.selected = None;
                    self.move_piece(from, square)
                }
                None if self.piece_at(square).is_some() => {
                    self.selected = Some(square);
                    Edit::Selected(square)
                }
                None => Edit::Nothing,
            },
        }
    }

    /// Puts `piece` on `square`, replacing what stood there; if the same animal of the same side
    /// stood elsewhere, it moves here (one of each per side).
    pub fn place(&mut self, piece: Piece, square: Square) -> Edit {
        self.recorded(|e| e.place_unrecorded(piece, square))
    }

    fn place_unrecorded(&mut self, piece: Piece, square: Square) -> Edit {
        self.selected = None;
        if self.piece_at(square) == Some(piece) {
            return Edit::Nothing;
        }
        let from = self.square_of(piece);
        if let Some(from) = from {
            self.setup.board[from.index()] = None;
        }
        let replaced = self.setup.board[square.index()].replace(piece);
        Edit::Placed {
            piece,
            square,
            from,
            replaced,
        }
    }

    /// Moves the animal on `from` to `to` (replacing what stood there). Nothing on `from`:
    /// nothing happens.
    pub fn move_piece(&mut self, from: Square, to: Square) -> Edit {
        self.recorded(|e| e.move_unrecorded(from, to))
    }

    fn move_unrecorded(&mut self, from: Square, to: Square) -> Edit {
        self.selected = None;
        let Some(piece) = self.piece_at(from) else {
            return Edit::Nothing;
        };
        if from == to {
            return Edit::Nothing;
        }
        self.setup.board[from.index()] = None;
        let replaced = self.setup.board[to.index()].replace(piece);
        Edit::Placed {
            piece,
            square: to,
            from: Some(from),
            replaced,
        }
    }

    /// Takes the animal off `square`.
    pub fn remove(&mut self, square: Square) -> Edit {
        self.selected = None;
        self.recorded(|e| match e.setup.board[square.index()].take() {
            Some(piece) => Edit::Removed { piece, square },
            None => Edit::Nothing,
        })
    }

    /// The squares marked for the reader, in the order marked.
    pub fn marks(&self) -> &[Square] {
        &self.marks
    }

    /// Marks `square` for the reader, or unmarks it if it is marked.
    pub fn toggle_mark(&mut self, square: Square) -> Edit {
        self.selected = None;
        if self.marks.contains(&square) {
            self.recorded(|e| e.marks.retain(|&s| s != square));
            Edit::Marked(square, false)
        } else if self.marks.len() >= MAX_MARKS {
            Edit::TooManyMarks
        } else {
            self.recorded(|e| e.marks.push(square));
            Edit::Marked(square, true)
        }
    }

    /// Sets the marks (from the page's address: squares past [`MAX_MARKS`] or repeated are
    /// dropped); not a step to undo.
    pub fn set_marks(&mut self, marks: &[Square]) {
        self.marks.clear();
        for &square in marks {
            if !self.marks.contains(&square) && self.marks.len() < MAX_MARKS {
                self.marks.push(square);
            }
        }
    }

    /// Empties the board and removes the marks: Black to move, counters reset.
    pub fn clear(&mut self) {
        self.recorded(|e| {
            e.setup = Setup::empty();
            e.marks.clear();
        });
        self.selected = None;
    }

    /// Sets up the start position (no marks).
    pub fn start_position(&mut self) {
        self.recorded(|e| {
            e.setup = Setup::start();
            e.marks.clear();
        });
        self.selected = None;
    }

    /// Loads the position written in `fen`. Syntax errors leave the board as it was.
    pub fn load_fen(&mut self, fen: &str) -> Result<(), PositionError> {
        // The same spelling as the embed's `fen` parameter: `_` may stand for the spaces.
        let setup = Setup::parse(&fen.trim().replace('_', " "))?;
        self.recorded(|e| e.setup = setup);
        self.selected = None;
        Ok(())
    }

    /// The position in the text form (written even when it is not a legal setup).
    pub fn fen(&self) -> String {
        self.setup.to_string()
    }

    /// The rules layer's verdict on the board under `rules`.
    pub fn verdict(&self, rules: &Ruleset) -> Verdict {
        match Position::from_setup(&self.setup, rules) {
            Ok(position) => {
                let outcome = Game::from_position(position, *rules).outcome();
                Verdict::Legal { position, outcome }
            }
            Err(error) => {
                let squares = self.squares_named_by(&error);
                Verdict::Illegal { error, squares }
            }
        }
    }

    /// The squares a setup error is about.
    fn squares_named_by(&self, error: &PositionError) -> Vec<Square> {
        let holding = |wanted: &dyn Fn(Square, Piece) -> bool| -> Vec<Square> {
            Square::all()
                .filter(|&sq| self.piece_at(sq).is_some_and(|p| wanted(sq, p)))
                .collect()
        };
        match *error {
            PositionError::Duplicate(side, animal) => {
                holding(&|_, p| p == Piece::new(side, animal))
            }
            PositionError::InWater(_, square) => vec![square],
            PositionError::InOwnDen(piece) => {
                let dens = crate::jungle::bitboard::DEN[piece.side.index()];
                holding(&|sq, p| p == piece && dens.contains(sq))
            }
            PositionError::DenAlreadyEntered(side) => {
                let den = crate::jungle::bitboard::DEN[side.opponent().index()];
                holding(&|sq, p| p.side == side && den.contains(sq))
            }
            _ => Vec::new(),
        }
    }

    /// The embed frame's settings for this position and its marks: `choices` are the other parameters as
    /// name/value pairs (as an author would write them in the URL, unencoded; empty values are
    /// left out). Errors are the embed page's own, so the editor says exactly what the frame
    /// would.
    pub fn embed_config(&self, choices: &[(&str, &str)]) -> Result<EmbedConfig, EmbedErrors> {
        let mut query = format!("fen={}", percent_encode(&self.fen()));
        if !self.marks.is_empty() {
            let marks: Vec<String> = self.marks.iter().map(|s| s.to_string()).collect();
            query.push_str(&format!("&marks={}", marks.join(",")));
        }
        for (name, value) in choices.iter().filter(|(_, value)| !value.is_empty()) {
            query.push('&');
            query.push_str(&percent_encode(name));
            query.push('=');
            query.push_str(&percent_encode(value));
        }
        EmbedConfig::parse(&query)
    }
}

/// The address of the embed page for `config`, on the site at `base` (the editor page's own
/// address up to its last `/`).
pub fn embed_url(base: &str, config: &EmbedConfig) -> String {
    let query = config.to_query();
    let page = format!("{}embed.html", base);
    if query.is_empty() {
        page
    } else {
        format!("{page}?{query}")
    }
}

/// A ready `<iframe>` element for `config` (`title`: the frame's accessible name, in the
/// author's language), to paste into a page. Sized like the tutorial's boards; no inline
/// style, which a page with a strict Content-Security-Policy would refuse.
pub fn iframe_snippet(base: &str, config: &EmbedConfig, title: &str) -> String {
    format!(
        "<iframe src=\"{}\" width=\"360\" height=\"480\" title=\"{}\" loading=\"lazy\"></iframe>",
        escape_attribute(&embed_url(base, config)),
        escape_attribute(title)
    )
}

/// `text` made safe inside a double-quoted HTML attribute.
fn escape_attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}
