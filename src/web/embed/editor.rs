//! The position editor (`editor.html`) as pure state, for every game: a board being set up by
//! an author, the tool in hand, the rules layer's verdict on it, and (Jungle's) the embed frame
//! it becomes. The web layer only turns clicks, drags and keys into the calls below and shows
//! what they return. A game edits through [`Editable`], implemented by its setup (the position
//! as written, not yet checked): each game's in its folder of [`crate::web::games`].
//!
//! Editing rules, chosen so the board is always one step from what the author means:
//! - In a game whose sides have one of each piece (Jungle: [`Editable::UNIQUE_PIECES`]),
//!   placing a piece that already stands elsewhere moves it there (the palette is a set of
//!   sixteen animals, not a pile of stickers). A position typed or pasted as text may still
//!   hold two: the verdict names them. Elsewhere (shogi) the palette places as many as wanted.
//! - Anything may be put anywhere (a lion in the water, an animal in its own den, a pawn on its
//!   last rank); the verdict says what is wrong and which squares, so the author sees the rule
//!   rather than a refusal.
//! - Pieces in hand (shogi) are counted per kind, from 0 to the number the set has; a piece on
//!   the board turns over (promoted ⇄ not) where the game has promotion.
//! - Editing the board keeps the side to move and the counters of the text form; "clear",
//!   "start position" and the game's other starts (shogi's handicaps) reset them.
//! - Squares can be marked for the reader (the embed's `marks`, at most [`MAX_MARKS`]); the
//!   marks are not part of the position: a typed position keeps them, "clear" and "start
//!   position" remove them.
//! - Every change of the setup or the marks can be undone and redone (the last [`HISTORY`]).

use super::params::{percent_encode, EmbedConfig, EmbedErrors, Mode, MAX_MARKS};
use crate::web::game::WebGame;
use std::fmt::{Debug, Display};

/// The rules' judgement of a setup `S`: the legal position and how it already stands (if the
/// game is over), or why it is not legal.
pub type Judgement<S> =
    Result<(<S as Editable>::Position, Option<<S as Editable>::Outcome>), <S as Editable>::Error>;

/// A game's board as an author edits it: its setup, the position as written and not yet
/// checked (Jungle's and shogi's `Setup`).
pub trait Editable: Copy + PartialEq + Debug {
    /// A square of the board.
    type Square: Copy + Eq + Debug + Display;
    /// A piece (with its side).
    type Piece: Copy + Eq + Debug;
    /// A side.
    type Side: Copy + Eq + Debug;
    /// Why a text is not a position, or a setup not a legal one.
    type Error: Clone + PartialEq + Debug;
    /// The rules a verdict is given under.
    type Rules;
    /// A legal position.
    type Position: Clone + PartialEq + Debug;
    /// How a game ended.
    type Outcome: Copy + PartialEq + Debug;
    /// Whether a side has at most one of each piece (Jungle): placing a piece that stands
    /// elsewhere then moves it.
    const UNIQUE_PIECES: bool = false;

    /// The game's normal start.
    fn start() -> Self;
    /// An empty board, the first player to move, the counters reset.
    fn empty() -> Self;
    /// Every square, in index order.
    fn squares() -> impl Iterator<Item = Self::Square>;
    /// The piece on `square`.
    fn piece_at(&self, square: Self::Square) -> Option<Self::Piece>;
    /// Puts `piece` (or nothing) on `square`; what stood there.
    fn put(&mut self, square: Self::Square, piece: Option<Self::Piece>) -> Option<Self::Piece>;
    /// Who moves first from the setup.
    fn side_to_move(&self) -> Self::Side;
    /// Sets who moves first.
    fn set_side_to_move(&mut self, side: Self::Side);
    /// Reads the text form (syntax only).
    fn parse(text: &str) -> Result<Self, Self::Error>;
    /// The text form (FEN, SFEN), written even when the setup is not legal.
    fn write(&self) -> String;
    /// The rules' judgement: the position and how it already stands, or why it is not legal.
    fn judge(&self, rules: &Self::Rules) -> Judgement<Self>;
    /// The squares a setup error is about (none for reasons about the whole board).
    fn squares_named_by(&self, error: &Self::Error) -> Vec<Self::Square>;
    /// How many of `piece` its side holds in hand (a game without hands: none).
    fn in_hand(&self, _piece: Self::Piece) -> u8 {
        0
    }
    /// The most of `piece` a hand may hold (0: it cannot be held).
    fn hand_limit(_piece: Self::Piece) -> u8 {
        0
    }
    /// Sets how many of `piece` its side holds (at most [`Editable::hand_limit`]).
    fn set_in_hand(&mut self, _piece: Self::Piece, _count: u8) {}
    /// The piece turned over (promoted, or back), if it has another side.
    fn turned(_piece: Self::Piece) -> Option<Self::Piece> {
        None
    }
}

/// How many changes [`BoardEditor::undo`] can take back.
pub const HISTORY: usize = 200;

/// What a press on a board square does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tool<Piece> {
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
pub enum Edit<Piece, Square> {
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
    /// The piece on a square was turned over (promoted, or back): as it is now.
    Turned {
        /// The piece as it is now.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// A hand's count of a piece changed: how many it holds now.
    Hand {
        /// The piece (its side is the hand's).
        piece: Piece,
        /// How many the hand holds now.
        count: u8,
    },
}

/// The rules layer's verdict on the board being edited.
#[derive(Clone, PartialEq, Debug)]
pub enum Verdict<S: Editable> {
    /// A legal setup: a game can start from it (it may already be over, e.g. the side to move
    /// has no animal or no move).
    Legal {
        /// The position.
        position: S::Position,
        /// How the game already stands, if it is over.
        outcome: Option<S::Outcome>,
    },
    /// Not a legal setup: the reason, and the squares it is about (to mark on the board).
    Illegal {
        /// The reason, as the rules layer gives it.
        error: S::Error,
        /// The squares the reason is about (none for reasons about the whole board).
        squares: Vec<S::Square>,
    },
}

/// The board being edited and the tool in hand.
#[derive(Clone, Debug)]
pub struct BoardEditor<S: Editable> {
    setup: S,
    tool: Tool<S::Piece>,
    selected: Option<S::Square>,
    /// The squares marked for the reader, in the order marked.
    marks: Vec<S::Square>,
    /// The setups and marks before each change, the latest last.
    done: Vec<(S, Vec<S::Square>)>,
    /// The setups and marks undone, the latest undone last.
    undone: Vec<(S, Vec<S::Square>)>,
}

impl<S: Editable> Default for BoardEditor<S> {
    fn default() -> Self {
        BoardEditor::new()
    }
}

impl<S: Editable> BoardEditor<S> {
    /// An editor on the start position, the hand in use.
    pub fn new() -> Self {
        BoardEditor {
            setup: S::start(),
            tool: Tool::Hand,
            selected: None,
            marks: Vec::new(),
            done: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// An editor on the position written in `fen` (syntax only: an illegal setup is loaded, and
    /// the verdict names its problem, so that it can be fixed here).
    pub fn from_fen(fen: &str) -> Result<Self, S::Error> {
        let mut editor = BoardEditor::new();
        editor.load_fen(fen)?;
        editor.done.clear();
        Ok(editor)
    }

    /// The board as set up so far.
    pub fn setup(&self) -> &S {
        &self.setup
    }

    /// The piece on `square`.
    pub fn piece_at(&self, square: S::Square) -> Option<S::Piece> {
        self.setup.piece_at(square)
    }

    /// Where `piece` stands, if it is on the board (the first square, in index order, if twice).
    pub fn square_of(&self, piece: S::Piece) -> Option<S::Square> {
        S::squares().find(|&sq| self.piece_at(sq) == Some(piece))
    }

    /// The tool in hand.
    pub fn tool(&self) -> Tool<S::Piece> {
        self.tool
    }

    /// Takes up `tool` (dropping what the hand held).
    pub fn set_tool(&mut self, tool: Tool<S::Piece>) {
        self.tool = tool;
        self.selected = None;
    }

    /// The square whose piece the hand holds.
    pub fn selected(&self) -> Option<S::Square> {
        self.selected
    }

    /// Drops what the hand holds (the piece stays where it was).
    pub fn deselect(&mut self) -> Edit<S::Piece, S::Square> {
        match self.selected.take() {
            Some(square) => Edit::Deselected(square),
            None => Edit::Nothing,
        }
    }

    /// Who moves first from the position.
    pub fn side_to_move(&self) -> S::Side {
        self.setup.side_to_move()
    }

    /// Sets who moves first.
    pub fn set_side_to_move(&mut self, side: S::Side) {
        self.recorded(|e| e.setup.set_side_to_move(side));
    }

    /// Runs `change`, remembering the setup before it if it changed anything (a new change
    /// forgets what was undone).
    fn recorded<R>(&mut self, change: impl FnOnce(&mut Self) -> R) -> R {
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

    /// Takes back the last change of the setup (whatever made it: a piece placed, moved,
    /// turned or removed, a hand's count, a mark, the side to move, clear, a start, a typed
    /// position). Whether there was one.
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
    pub fn press(&mut self, square: S::Square) -> Edit<S::Piece, S::Square> {
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

    /// Puts `piece` on `square`, replacing what stood there; in a game of one piece of each
    /// ([`Editable::UNIQUE_PIECES`]), if the same piece stood elsewhere, it moves here.
    pub fn place(&mut self, piece: S::Piece, square: S::Square) -> Edit<S::Piece, S::Square> {
        self.recorded(|e| e.place_unrecorded(piece, square))
    }

    fn place_unrecorded(
        &mut self,
        piece: S::Piece,
        square: S::Square,
    ) -> Edit<S::Piece, S::Square> {
        self.selected = None;
        if self.piece_at(square) == Some(piece) {
            return Edit::Nothing;
        }
        let from = if S::UNIQUE_PIECES {
            self.square_of(piece)
        } else {
            None
        };
        if let Some(from) = from {
            self.setup.put(from, None);
        }
        let replaced = self.setup.put(square, Some(piece));
        Edit::Placed {
            piece,
            square,
            from,
            replaced,
        }
    }

    /// Moves the piece on `from` to `to` (replacing what stood there). Nothing on `from`:
    /// nothing happens.
    pub fn move_piece(&mut self, from: S::Square, to: S::Square) -> Edit<S::Piece, S::Square> {
        self.recorded(|e| e.move_unrecorded(from, to))
    }

    fn move_unrecorded(&mut self, from: S::Square, to: S::Square) -> Edit<S::Piece, S::Square> {
        self.selected = None;
        let Some(piece) = self.piece_at(from) else {
            return Edit::Nothing;
        };
        if from == to {
            return Edit::Nothing;
        }
        self.setup.put(from, None);
        let replaced = self.setup.put(to, Some(piece));
        Edit::Placed {
            piece,
            square: to,
            from: Some(from),
            replaced,
        }
    }

    /// Takes the piece off `square`.
    pub fn remove(&mut self, square: S::Square) -> Edit<S::Piece, S::Square> {
        self.selected = None;
        self.recorded(|e| match e.setup.put(square, None) {
            Some(piece) => Edit::Removed { piece, square },
            None => Edit::Nothing,
        })
    }

    /// Turns the piece on `square` over (promotes it, or back): nothing when the square is
    /// empty or the piece has no other side.
    pub fn turn_over(&mut self, square: S::Square) -> Edit<S::Piece, S::Square> {
        self.selected = None;
        let Some(piece) = self.piece_at(square).and_then(S::turned) else {
            return Edit::Nothing;
        };
        self.recorded(|e| e.setup.put(square, Some(piece)));
        Edit::Turned { piece, square }
    }

    /// How many of `piece` its side holds in hand.
    pub fn in_hand(&self, piece: S::Piece) -> u8 {
        self.setup.in_hand(piece)
    }

    /// One more `piece` in its side's hand (nothing at the hand's limit, or in a game without
    /// hands).
    pub fn add_to_hand(&mut self, piece: S::Piece) -> Edit<S::Piece, S::Square> {
        let count = self.in_hand(piece);
        if count >= S::hand_limit(piece) {
            return Edit::Nothing;
        }
        self.set_hand(piece, count + 1)
    }

    /// One `piece` fewer in its side's hand (nothing when it holds none).
    pub fn take_from_hand(&mut self, piece: S::Piece) -> Edit<S::Piece, S::Square> {
        match self.in_hand(piece) {
            0 => Edit::Nothing,
            count => self.set_hand(piece, count - 1),
        }
    }

    fn set_hand(&mut self, piece: S::Piece, count: u8) -> Edit<S::Piece, S::Square> {
        self.selected = None;
        self.recorded(|e| e.setup.set_in_hand(piece, count));
        Edit::Hand {
            piece,
            count: self.in_hand(piece),
        }
    }

    /// The squares marked for the reader, in the order marked.
    pub fn marks(&self) -> &[S::Square] {
        &self.marks
    }

    /// Marks `square` for the reader, or unmarks it if it is marked.
    pub fn toggle_mark(&mut self, square: S::Square) -> Edit<S::Piece, S::Square> {
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
    pub fn set_marks(&mut self, marks: &[S::Square]) {
        self.marks.clear();
        for &square in marks {
            if !self.marks.contains(&square) && self.marks.len() < MAX_MARKS {
                self.marks.push(square);
            }
        }
    }

    /// Empties the board and the hands and removes the marks: the first player to move,
    /// counters reset.
    pub fn clear(&mut self) {
        self.set_up(S::empty());
    }

    /// Sets up the start position (no marks).
    pub fn start_position(&mut self) {
        self.set_up(S::start());
    }

    /// Sets up `setup` (a start the game offers, such as a handicap), removing the marks.
    pub fn set_up(&mut self, setup: S) {
        self.recorded(|e| {
            e.setup = setup;
            e.marks.clear();
        });
        self.selected = None;
    }

    /// Loads the position written in `fen`. Syntax errors leave the board as it was.
    pub fn load_fen(&mut self, fen: &str) -> Result<(), S::Error> {
        // The same spelling as the embed's `fen` parameter: `_` may stand for the spaces.
        let setup = S::parse(&fen.trim().replace('_', " "))?;
        self.recorded(|e| e.setup = setup);
        self.selected = None;
        Ok(())
    }

    /// The position in the text form (written even when it is not a legal setup).
    pub fn fen(&self) -> String {
        self.setup.write()
    }

    /// The rules layer's verdict on the board under `rules`.
    pub fn verdict(&self, rules: &S::Rules) -> Verdict<S> {
        match self.setup.judge(rules) {
            Ok((position, outcome)) => Verdict::Legal { position, outcome },
            Err(error) => {
                let squares = self.setup.squares_named_by(&error);
                Verdict::Illegal { error, squares }
            }
        }
    }
}

impl<S: Editable> BoardEditor<S> {
    /// The embed frame's settings for this position and its marks on the board of the game
    /// `G` (whose setup is `S`): `choices` are the other parameters as name/value pairs (as an
    /// author would write them in the URL, unencoded; empty values are left out). Errors are
    /// the embed page's own, so the editor says exactly what the frame would.
    pub fn embed_config_of<G: WebGame>(
        &self,
        choices: &[(&str, &str)],
    ) -> Result<EmbedConfig<G>, EmbedErrors> {
        let mut query = format!("{}={}", G::POSITION_PARAM, percent_encode(&self.fen()));
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
pub fn embed_url<G: WebGame>(base: &str, config: &EmbedConfig<G>) -> String {
    let query = config.to_query();
    let page = format!("{}embed.html", base);
    if query.is_empty() {
        page
    } else {
        format!("{page}?{query}")
    }
}

/// A ready `<iframe>` element for `config` (`title`: the frame's accessible name, in the
/// author's language), to paste into a page. Sized for its mode ([`frame_size`]); no inline
/// style, which a page with a strict Content-Security-Policy would refuse.
pub fn iframe_snippet<G: WebGame>(base: &str, config: &EmbedConfig<G>, title: &str) -> String {
    iframe_for(&embed_url(base, config), title, frame_size(config.mode))
}

/// The size of a frame in `mode`, CSS pixels (width, height): a board with its bar below (both
/// games' boards are about 4 wide to 5 high, their hands included), and in analysis mode the
/// evaluation, the engine's lines and the buttons under it too, with room for the board to
/// stay as large.
pub fn frame_size(mode: Mode) -> (u32, u32) {
    match mode {
        Mode::Analysis => (400, 700),
        _ => (360, 480),
    }
}

/// A ready `<iframe>` element showing the page at `url` (any game's embed address), `size`
/// CSS pixels large, as [`iframe_snippet`] writes it.
pub fn iframe_for(url: &str, title: &str, (width, height): (u32, u32)) -> String {
    format!(
        "<iframe src=\"{}\" width=\"{width}\" height=\"{height}\" title=\"{}\" loading=\"lazy\"></iframe>",
        escape_attribute(url),
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
