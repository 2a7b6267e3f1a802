//! The one interface a game implements so that every page of the site plays it: [`WebGame`].
//!
//! The web layer knows no game. It sees a board of `FILES` × `RANKS` cells, optionally with a
//! hand of pieces for each side (the hand's slots are cells too, numbered after the board's, so
//! a piece picked from the hand is selected, dragged and dropped like one on a square), moves
//! that go from one cell to another, and texts as catalogue keys. A game says how its position
//! looks ([`WebGame::scene`]), which cells hold what the side to move may pick up, which moves
//! join two cells (two when the rules leave a promotion to the player: the page asks), how its
//! moves and positions are written, and what its rules' values say to a player.
//!
//! Cells are numbered as the board is shown to the first player: `rank * FILES + file` from the
//! bottom-left square, then the first player's hand slots, then the second player's
//! ([`hand_cell`]).
//!
//! A game implements it in its folder of [`super::games`] (its drawing as [`Scene`] tokens, its
//! texts as catalogue keys in `www/locales/<game>/`); docs/adding-a-game.md lists every file a
//! new game touches. The game page, the board controller, the worker bridge and storage are the
//! same code for every game.

use super::board_view::{BoardShape, Scene, Surface, Token};
use super::clock::TimeControl;
use super::i18n::GameTexts;
use super::i18n::Lang;
use super::sound::Sound;
use common::texts::{Text, Value};
use common::tree::MoveTree;
use common::Tags;
use serde::{Deserialize, Serialize};

/// A player, as the web layer names them: the one who moves first in the normal start (Jungle's
/// Black, shogi's sente) and the other. Saves and settings spell them `black` and `white`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The first player (Jungle: Black; shogi: sente).
    Black,
    /// The second player (Jungle: White; shogi: gote).
    White,
}

impl Colour {
    /// The other player.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for the first player, 1 for the second.
    pub fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    /// `black` or `white`, as attributes and saves write it.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

/// How the reader likes the board drawn and the moves written (the page's settings and
/// language): what a game's scene and notation depend on besides the position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Look {
    /// The chosen piece set (one of [`WebGame::PIECE_SETS`]).
    pub pieces: &'static str,
    /// The chosen notation (one of [`WebGame::NOTATIONS`]).
    pub notation: &'static str,
    /// The chosen board (one of [`WebGame::BOARDS`]; `""` for a game with one board).
    pub board: &'static str,
    /// The page's language (coordinates may be written in it).
    pub lang: Lang,
}

/// A record or position format a game reads and writes: its name in the dialog and the file
/// extension of a download.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Format {
    /// The stable name (`kif`, `csa`, `usi`, `record`).
    pub code: &'static str,
    /// What the dialog shows (a format's own name: KIF, CSA…).
    pub label: &'static str,
    /// The extension of a downloaded file, without the dot.
    pub extension: &'static str,
}

/// What a game's record says besides its moves, as the game page keeps, saves and writes it
/// back: its tags, its comments, each move's time and its variations. The page only keeps them
/// (a game reads and writes them in its formats, [`WebGame::read_notes`], [`WebGame::write`]):
/// a format without comments, times or variations simply leaves them empty.
///
/// Plies count from the game's start: comment `(n, text)` stands after `n` moves (0: before
/// the first), `seconds[i]` is move `i + 1`'s time. A move played on the page drops what
/// stood after the ply it replaces, unless it is the move undo took back ([`Notes::played`]).
#[derive(Clone, PartialEq, Debug)]
pub struct Notes<M> {
    /// The record's descriptive tags under the game's own names (players, event, date…).
    pub tags: Tags,
    /// Comments, each with the number of moves played before it, in order.
    pub comments: Vec<(usize, String)>,
    /// The whole seconds each move took, from the first (`None`, or missing at the end: not
    /// known).
    pub seconds: Vec<Option<u32>>,
    /// The record's variations, when it has them after its main line (KIF's `変化：` blocks).
    pub variations: Option<Variations<M>>,
}

/// A record's variations as its format wrote them after the main line, kept as text (so the
/// game page's module carries no reader or writer of variations): they are written back while
/// the game's moves still begin with the line they branch from.
#[derive(Clone, PartialEq, Debug)]
pub struct Variations<M> {
    /// The main line they branch from: the record's moves as read.
    pub line: Vec<M>,
    /// Whether one stands in place of the line's ending (KIF's `投了`): written back only where
    /// the record ends there too (or goes on past it).
    pub at_end: bool,
    /// The variations as written.
    pub text: String,
}

impl<M: PartialEq> Variations<M> {
    /// Whether they still branch from a record of `moves` (`ended`: one whose main line ends
    /// after them with an ending word).
    pub fn fit(&self, moves: &[M], ended: bool) -> bool {
        moves.starts_with(&self.line) && (moves.len() > self.line.len() || ended || !self.at_end)
    }
}

impl<M> Default for Notes<M> {
    fn default() -> Self {
        Notes {
            tags: Tags::new(),
            comments: Vec::new(),
            seconds: Vec::new(),
            variations: None,
        }
    }
}

impl<M> Notes<M> {
    /// A move was played after `ply` moves, taking `seconds` when a clock timed it. Unless it
    /// is the move undo took back (`redone`), the comments and times after `ply` belonged to
    /// the moves it replaces and go.
    pub fn played(&mut self, ply: usize, seconds: Option<u32>, redone: bool) {
        if !redone {
            self.comments.retain(|(at, _)| *at <= ply);
            self.seconds.truncate(ply);
        }
        if let Some(seconds) = seconds {
            if self.seconds.len() <= ply {
                self.seconds.resize(ply + 1, None);
            }
            self.seconds[ply] = Some(seconds);
        }
    }
}

/// A field of the new-game dialog's rules (a checkbox or a list), read and set by its element id.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FieldValue {
    /// A checkbox: ticked or not.
    Checked(bool),
    /// A list: the value chosen.
    Chosen(String),
}

/// The dialog's rules fields: each element id with its value.
pub type RuleFields = Vec<(&'static str, FieldValue)>;

/// A game as the site's pages play it (module docs).
pub trait WebGame: Sized + 'static {
    /// The game's stable name: the prefix of its storage keys (`jungle.game`), its catalogue's
    /// keys and folder (`shogi.` in `locales/shogi/`, none for the site's first game), the AI
    /// worker's `?game=`, and `<body data-game>`.
    const NAME: &'static str;
    /// Where this game's own texts are: its catalogue folder (`locales/shogi/`), and the prefix
    /// of its keys that override the site's of the same name (`shogi.turn.black` over
    /// `turn.black`; Jungle's keys are plain).
    const TEXTS: GameTexts;
    /// The languages the game's page offers.
    const LANGUAGES: &'static [Lang];
    /// The themes the puzzle trainer offers to choose from, in its menu's order (the machine
    /// names of its puzzle file, `www/puzzles/<game>.json`; each named in the trainer's
    /// catalogue as `puzzles.theme.<name>`). A puzzle's other themes are offered under "all".
    const PUZZLE_THEMES: &'static [&'static str];
    /// The board's size and frame.
    const SHAPE: BoardShape;
    /// The piece sets the reader may choose between (the first is the default where
    /// [`WebGame::default_pieces`] says nothing else).
    const PIECE_SETS: &'static [&'static str];
    /// The move notations the reader may choose between (the first is the default).
    const NOTATIONS: &'static [&'static str];
    /// The boards the reader may choose between (the first is the default; none: one board).
    const BOARDS: &'static [&'static str] = &[];
    /// The formats of the import/export dialog, the one saves use first.
    const FORMATS: &'static [Format];
    /// The encoding of files from other programs when they are not UTF-8 (shogi's KIF and CSA:
    /// `shift_jis`), for the browser's decoder; `None`: UTF-8 only.
    const LEGACY_ENCODING: Option<&'static str> = None;
    /// The play clocks the new-game dialog proposes, one per kind (`byoyomi`, `fischer`) with
    /// its main time in minutes and its byoyomi or increment in seconds; the first is filled
    /// in when the dialog opens with the clock off.
    const CLOCK_PRESETS: &'static [(&'static str, u32, u32)] =
        &[("byoyomi", 10, 30), ("fischer", 10, 5)];
    /// The new-game dialog's default rules and start.
    const DEFAULT_RULES: &'static str = "standard";

    /// A game in progress or over: its start, rules, moves, undo and redo history.
    type Game: Clone + std::fmt::Debug;
    /// A position.
    type Position: Clone + PartialEq + std::fmt::Debug;
    /// A move.
    type Move: Copy + PartialEq + std::fmt::Debug;
    /// How a game ended.
    type Outcome: Copy + PartialEq + std::fmt::Debug;
    /// Why a move is refused (names the rule).
    type Illegal: Clone + std::fmt::Debug + std::fmt::Display;

    // ------------------------------------------------------------ the game

    /// A new game under `rules` (the ruleset spelling) from the start named `start` (`""` or a
    /// code of [`WebGame::STARTS`]); the error says what is wrong with either.
    fn new_game(rules: &str, start: &str) -> Result<Self::Game, Text>;
    /// The starts the new-game dialog offers besides the normal one (shogi's handicaps): each
    /// code with its catalogue key.
    const STARTS: &'static [(&'static str, &'static str)] = &[];
    /// Whether `rules` is a ruleset spelling of this game.
    fn rules_ok(rules: &str) -> bool;
    /// Whether `start` names a start of this game.
    fn start_ok(start: &str) -> bool {
        start.is_empty() || Self::STARTS.iter().any(|(code, _)| *code == start)
    }
    /// The dialog's rules fields for the spelling `rules` (`standard` when unreadable).
    fn rule_fields(rules: &str) -> RuleFields;
    /// The ruleset spelling of the dialog's fields (`field` gives an element's value).
    fn rules_of_fields(field: &dyn Fn(&str) -> Option<FieldValue>) -> String;

    /// The position now.
    fn position(game: &Self::Game) -> &Self::Position;
    /// Every position, the start first (one more than the moves).
    fn positions(game: &Self::Game) -> &[Self::Position];
    /// The moves played.
    fn moves(game: &Self::Game) -> &[Self::Move];
    /// The moves undo took back that redo would play again, the next last.
    fn undone_moves(game: &Self::Game) -> &[Self::Move];
    /// Whether two games are played under the same rules from the same start.
    fn same_start(a: &Self::Game, b: &Self::Game) -> bool;
    /// How the game ended, if it has.
    fn outcome(game: &Self::Game) -> Option<Self::Outcome>;
    /// The legal moves now (none once the game is over).
    fn legal_moves(game: &Self::Game) -> Vec<Self::Move>;
    /// Checks a move; the error names the rule it breaks.
    fn check_move(game: &Self::Game, m: Self::Move) -> Result<(), Self::Illegal>;
    /// Plays a move after checking it.
    fn play(game: &mut Self::Game, m: Self::Move) -> Result<(), Self::Illegal>;
    /// Takes back the last move (with any ending declared after it).
    fn undo(game: &mut Self::Game) -> Option<Self::Move>;
    /// Plays again the last move taken back.
    fn redo(game: &mut Self::Game) -> Option<Self::Move>;
    /// Whether the game ended without a move (a resignation, a time loss, a declaration).
    fn ended_without_move(game: &Self::Game) -> bool;
    /// Takes back an ending declared without a move, leaving the moves; whether there was one.
    fn take_back_ending(game: &mut Self::Game) -> bool;
    /// Who is to move.
    fn side_to_move(position: &Self::Position) -> Colour;
    /// `side` resigns, if the game knows resignation (returns whether it ended the game).
    fn resign(_game: &mut Self::Game, _side: Colour) -> bool {
        false
    }
    /// `side` ran out of time on the play clock: the game ends with the rules' time loss
    /// (returns whether it ended the game; a finished game stays as it is).
    fn lose_on_time(game: &mut Self::Game, side: Colour) -> bool;
    /// Whether the game knows resignation (the page offers it).
    const CAN_RESIGN: bool = false;
    /// Whether the game has a win the side to move may declare (the page offers it when valid).
    const CAN_DECLARE: bool = false;
    /// Whether the rules ever leave a choice between moves joining the same cells (a promotion):
    /// the page then offers it on the board. (Pages of games without one leave that code out.)
    const OFFERS_CHOICES: bool = false;
    /// The side to move claims a win the rules let it declare (shogi's impasse), if it may now:
    /// `None` when the game has no such claim or it is not valid now.
    fn declaration_points(_game: &Self::Game) -> Option<u32> {
        None
    }
    /// Makes the claim [`WebGame::declaration_points`] allows; the error says why it is refused.
    fn declare(_game: &mut Self::Game) -> Result<(), Text> {
        Err(Text::new("declare.none"))
    }

    // ------------------------------------------------------------ cells and moves

    /// The name of a board cell as written in moves and `data-square` (`a1`, `7g`).
    fn cell_name(cell: usize) -> String;
    /// The player who may pick up what is on `cell` (a board square, or a hand slot holding a
    /// piece), if anything is there.
    fn owner_at(position: &Self::Position, cell: usize) -> Option<Colour>;
    /// The cells a move joins: where it starts (a hand slot for a drop) and where it ends.
    fn move_cells(position: &Self::Position, m: Self::Move) -> (usize, usize);
    /// The move a player most likely meant from `from` to `to` when none is legal, to be
    /// checked for the rule it breaks; `None` when it cannot even be written.
    fn attempted_move(position: &Self::Position, from: usize, to: usize) -> Option<Self::Move>;

    // ------------------------------------------------------------ drawing

    /// The default piece set for a reader of `lang` (the first of [`WebGame::PIECE_SETS`]).
    fn default_pieces(_lang: Lang) -> &'static str {
        Self::PIECE_SETS[0]
    }
    /// The notation a reader of `lang` sees until they choose one (the first by default).
    fn default_notation(_lang: Lang) -> &'static str {
        Self::NOTATIONS[0]
    }
    /// What the board shows of `position` (tokens, terrain, hands, a king in check, the
    /// coordinates), nothing selected or marked.
    fn scene(position: &Self::Position, look: &Look) -> Scene;
    /// The coordinates drawn along the board: each file's (file 0 first) and each rank's (rank
    /// 0, the bottom one, first), as they are or as texts of the catalogue. The default: the
    /// letters `a`… and the numbers `1`….
    fn coordinates() -> (Vec<Value>, Vec<Value>) {
        let shape = Self::SHAPE;
        let files = (0..shape.files)
            .map(|file| Value::Verbatim(char::from(b'a' + file).to_string()))
            .collect();
        let ranks = (1..=shape.ranks)
            .map(|rank| Value::Verbatim(rank.to_string()))
            .collect();
        (files, ranks)
    }
    /// Draws one of the game's tokens centred on (`x`, `y`) for a square of side `cell`, the
    /// board shown `flipped` or not ([`super::board_view::Paint`]).
    fn paint<S: Surface>(surface: &mut S, x: f64, y: f64, cell: f64, token: &Token, flipped: bool);
    /// The token a move takes off the board (faded out while the mover arrives).
    fn captured_token(before: &Self::Position, m: Self::Move, look: &Look) -> Option<Token>;
    /// The piece as a move leaves it on its square (promoted or not): what a choice between
    /// moves shows.
    fn moved_token(before: &Self::Position, m: Self::Move, look: &Look) -> Option<Token>;

    // ------------------------------------------------------------ texts

    /// A cell and what is on it, for its label ("a3, Black elephant"; a hand slot: "Sente's
    /// hand: 2 pawns").
    fn cell_label(position: &Self::Position, cell: usize) -> Text;
    /// What is on a cell in a code for scripts and tests: a square's `data-piece`
    /// (`black-rat`, `b:+S`), a hand slot's `data-hand` (`b:P`); `None` when it is empty.
    fn piece_code(position: &Self::Position, cell: usize) -> Option<String>;
    /// What is on a cell ("Black elephant"), if anything.
    fn piece_text(position: &Self::Position, cell: usize) -> Option<Text>;
    /// What kind of square a cell is, when that matters to a player ("in the water").
    fn terrain_text(_cell: usize) -> Option<Text> {
        None
    }
    /// A player's name ("Black", "Sente").
    fn side_text(side: Colour) -> Text;
    /// A move in words, for screen readers ("Silver 4h to 5g, promotes").
    fn describe_move(before: &Self::Position, m: Self::Move) -> Text;
    /// A picked-up piece in words ("Elephant on a3 selected").
    fn describe_selection(position: &Self::Position, cell: usize) -> Text;
    /// One of the moves offered for the player to choose between, in words (shogi: "Promote",
    /// "Do not promote"): the label of its button.
    fn choice_text(before: &Self::Position, m: Self::Move) -> Text {
        Self::describe_move(before, m)
    }
    /// A suggested move in words ("Hint: …").
    fn describe_hint(position: &Self::Position, m: Self::Move) -> Text;
    /// Why a legal move `m` in `game` is not a puzzle's solution, when the game's puzzles have
    /// a rule that says so (shogi's tsume: every move must check); `None`: only that it is not.
    fn puzzle_wrong_text(_game: &Self::Game, _m: Self::Move) -> Option<Text> {
        None
    }
    /// Why a move is refused.
    fn illegal_text(error: &Self::Illegal) -> Text;
    /// The winner, if any.
    fn winner(outcome: Self::Outcome) -> Option<Colour>;
    /// Why the game ended, as a sentence for the banner.
    fn reason_text(outcome: Self::Outcome) -> Text;
    /// The sound of a move just played (`outcome`: the game's end it brought, if any).
    fn sound(before: &Self::Position, m: Self::Move, outcome: Option<Self::Outcome>) -> Sound;

    // ------------------------------------------------------------ notation and formats

    /// Move `ply` (from 0) of the game in the notation `notation`, as the move list shows it.
    fn move_text(game: &Self::Game, ply: usize, notation: &str) -> String;
    /// The number shown before the move list's row holding `ply` (from 0), and whether each
    /// row holds a pair of moves (Jungle: `1.` and two moves) or each move has its own number.
    fn move_number(game: &Self::Game, ply: usize) -> u32;
    /// Whether the move list pairs moves in numbered rows (else every move has its number).
    const PAIRED_MOVES: bool = true;
    /// A move in the machine form (`a3a4`, `7g7f`, `P*5e`): `data-legal`, the AI's answers.
    fn move_code(m: Self::Move) -> String;
    /// Reads a move in the machine form.
    fn parse_move_code(text: &str) -> Option<Self::Move>;
    /// The position as text (FEN, SFEN): `data-fen`, the dialog's position field.
    fn position_code(position: &Self::Position) -> String;
    /// Who is to move, as `data-turn` says it.
    fn turn_code(position: &Self::Position) -> &'static str;
    /// The game in `format` (a code of [`WebGame::FORMATS`]) with what its record says besides
    /// the moves (`notes`, as far as the format carries them), the players' `names` where the
    /// notes name nobody (`""`: unknown, left out rather than invented) and the play clock's
    /// time control (`clock`, when the game has one).
    fn write(
        game: &Self::Game,
        format: &str,
        names: [&str; 2],
        clock: Option<&TimeControl>,
        notes: &Notes<Self::Move>,
    ) -> String;
    /// The game's record in its first format with the variations of `tree` (the moves from the
    /// game's start, its main line the game's moves) where the format has them: the analysis
    /// board's export. Without them by default.
    fn write_tree(game: &Self::Game, tree: &MoveTree<Self::Move>) -> String {
        let _ = tree;
        Self::write(
            game,
            Self::FORMATS[0].code,
            ["", ""],
            None,
            &Notes::default(),
        )
    }
    /// What a record (pasted, opened or saved) says besides its moves, once [`WebGame::read`]
    /// or [`WebGame::read_saved`] has read its game: its tags, comments, times and variations
    /// (as written) as far as the format has them; nothing for a bare position or an
    /// unreadable text. Nothing by default.
    fn read_notes(text: &str) -> Notes<Self::Move> {
        let _ = text;
        Notes::default()
    }
    /// The moves with their variations of a record pasted by the reader, once [`WebGame::read`]
    /// has read its game: `None` when the text holds no variations this reads (or is no
    /// record), the error when its main line reads but a variation does not.
    fn read_tree(text: &str) -> Result<Option<MoveTree<Self::Move>>, Text> {
        let _ = text;
        Ok(None)
    }
    /// Reads a game the page saved (the first format); the error is for the console.
    fn read_saved(text: &str) -> Result<Self::Game, String>;
    /// A record or a position pasted or opened by the reader: `Ok(None)` when it holds no
    /// moves and no position of its own (nothing to load), the error says why it is unreadable.
    /// `current` is the game now (a bare position keeps its rules).
    fn read(text: &str, current: &Self::Game) -> Result<Option<Self::Game>, Text>;
    /// The game as the AI worker reads it (rules, start, moves: the search needs the history).
    fn job_text(game: &Self::Game) -> String;

    // ------------------------------------------------------------ embedding

    /// The embed page's URL parameter holding a position in the game's own notation (`fen`,
    /// `sfen`); `fen` is read too for every game.
    const POSITION_PARAM: &'static str;
    /// A game under `rules` (a ruleset spelling) from the position `position` in the game's
    /// notation (`None`: the normal start); the error says which of the two is wrong and why.
    fn game_at(rules: &str, position: Option<&str>) -> Result<Self::Game, StartError>;
    /// The ruleset spelling of a game's rules (what [`WebGame::game_at`] reads back).
    fn rules_code(game: &Self::Game) -> String;
    /// Reads a move in the machine form; the error says why the text is not one.
    fn read_move_code(text: &str) -> Result<Self::Move, Refusal>;
    /// How a game ended, as the embed's `gameover` event says it: the result (`1-0`, `0-1`,
    /// `1/2-1/2`) and the reason's code.
    fn outcome_codes(outcome: Self::Outcome) -> (&'static str, &'static str);
}

/// A refusal in both forms: English for the console and authors' tools, and a text of the
/// catalogue for the reader.
#[derive(Clone, PartialEq, Debug)]
pub struct Refusal {
    /// In English (the rules' own `Display`).
    pub english: String,
    /// In the reader's language.
    pub text: Text,
}

/// Why [`WebGame::game_at`] cannot set up a game.
#[derive(Clone, PartialEq, Debug)]
pub enum StartError {
    /// The ruleset spelling is not one of the game's.
    Rules(Refusal),
    /// The position is not a valid one.
    Position(Refusal),
}

/// The cell of `side`'s hand slot `slot` on a board of `shape`.
pub fn hand_cell(shape: &BoardShape, side: Colour, slot: usize) -> usize {
    shape.cells() + side.index() * usize::from(shape.hand_slots) + slot
}

/// The side and slot of a hand cell, `None` for a board square.
pub fn hand_slot(shape: &BoardShape, cell: usize) -> Option<(Colour, usize)> {
    let slots = usize::from(shape.hand_slots);
    let index = cell.checked_sub(shape.cells())?;
    if slots == 0 || index >= 2 * slots {
        return None;
    }
    let side = if index < slots {
        Colour::Black
    } else {
        Colour::White
    };
    Some((side, index % slots))
}
