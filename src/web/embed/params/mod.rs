//! The embed page's URL parameters, read into a checked [`EmbedConfig`].
//!
//! The query is read like the browser's `URLSearchParams`: `name=value` pairs separated by `&`,
//! `+` and `%20` for spaces, `%XX` escapes decoded (a malformed escape is kept as written, bytes
//! that are not UTF-8 become `�`). Then:
//! - **names** are matched without regard to case (`FEN=` works); an **unknown name** is not an
//!   error: it is ignored and listed in [`EmbedConfig::warnings`] (a host adding its own
//!   tracking parameters must not break the board, and a typo still shows in the console);
//! - a name given **twice** is an error (which one the author meant cannot be guessed);
//! - an **empty value** (`fen=` or a bare `fen`) counts as not given: templates that leave a
//!   field blank get the default;
//! - every bad value is an error naming the parameter, the value (shortened) and what is
//!   allowed. All errors are collected, not only the first, so an author fixes them at once.
//!
//! The parameters and their defaults are in `docs/embed.md` and on [`EmbedConfig`].

use super::{play_moves, quote, split_moves};
use crate::web::game::{Colour, Refusal, StartError, WebGame};
use crate::web::games::{game_param, GAMES};
use common::texts::{Quoted, Text, Value};
use std::fmt;

mod read;

pub use crate::web::i18n::Lang;

/// The most moves a `moves` or `solution` list (or a message) may hold.
pub const MAX_MOVES: usize = 1000;

/// The longest `id` accepted.
const MAX_ID_CHARS: usize = 64;

/// The most origins `origin` may list.
const MAX_ORIGINS: usize = 16;

/// The most unknown parameters named one by one in the warnings.
const MAX_WARNINGS: usize = 10;

/// The most squares `marks` may list: enough for the whole river and a side's traps and den,
/// few enough that the marks still point somewhere.
pub const MAX_MARKS: usize = 24;

/// The most bad squares of `marks` named one by one in its error.
const MAX_BAD_MARKS_NAMED: usize = 5;

/// What the reader can do with the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Mode {
    /// Play one side against the AI running in the frame.
    Play,
    /// Two people share the board, each moving one side.
    Hotseat,
    /// Step through the given moves only; the reader cannot move.
    View,
    /// The reader must find the moves of `solution`; the board plays the answers between them.
    Puzzle,
    /// The engine analyses the position shown without end (evaluation bar, best lines, arrow);
    /// the reader plays moves to explore. The page loads the game's analysis module for it
    /// (`www/embed.js`), which the other modes never download.
    Analysis,
}

impl Mode {
    /// Every mode, in the order the docs list them.
    pub const ALL: [Mode; 5] = [
        Mode::Play,
        Mode::Hotseat,
        Mode::View,
        Mode::Puzzle,
        Mode::Analysis,
    ];

    /// The parameter spelling.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Play => "play",
            Mode::Hotseat => "hotseat",
            Mode::View => "view",
            Mode::Puzzle => "puzzle",
            Mode::Analysis => "analysis",
        }
    }

    /// The buttons shown in this mode when `controls` is not given.
    pub fn default_controls(self) -> Vec<Button> {
        use Button::*;
        match self {
            Mode::Play => vec![Undo, Flip, Reset, Hint, New],
            Mode::Hotseat => vec![Undo, Redo, Flip, Reset],
            Mode::View => vec![Undo, Redo, Flip],
            Mode::Puzzle => vec![Flip, Reset, Hint],
            Mode::Analysis => vec![Undo, Redo, Flip, Moves],
        }
    }

    /// The buttons this mode can show: the analysis board has no hint (the engine's lines are
    /// one) and no new game; every other mode has them all.
    pub fn offered_controls(self) -> &'static [Button] {
        use Button::*;
        match self {
            Mode::Analysis => &[Undo, Redo, Flip, Reset, Moves],
            _ => &Button::ALL,
        }
    }
}

/// The colour scheme.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Theme {
    /// Light colours.
    Light,
    /// Dark colours.
    Dark,
    /// Follow the reader's system setting (`prefers-color-scheme`).
    Auto,
}

impl Theme {
    /// The parameter spelling.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Auto => "auto",
        }
    }
}

/// A button the frame may show (the `controls` parameter).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Button {
    /// Take back a move (in view mode: one step back).
    Undo,
    /// Play again a move taken back (in view mode: one step forward).
    Redo,
    /// Turn the board round.
    Flip,
    /// Back to the position the frame started with.
    Reset,
    /// Show a good move (in puzzle mode: the next move of the solution).
    Hint,
    /// Show the list of moves.
    Moves,
    /// Start a new game from the standard start position.
    New,
}

impl Button {
    /// Every button, in the order they are shown.
    pub const ALL: [Button; 7] = [
        Button::Undo,
        Button::Redo,
        Button::Flip,
        Button::Reset,
        Button::Hint,
        Button::Moves,
        Button::New,
    ];

    /// The parameter spelling.
    pub const fn name(self) -> &'static str {
        match self {
            Button::Undo => "undo",
            Button::Redo => "redo",
            Button::Flip => "flip",
            Button::Reset => "reset",
            Button::Hint => "hint",
            Button::Moves => "moves",
            Button::New => "new",
        }
    }
}

/// The embed page's settings for a board of the game `G` (Jungle unless said), every value
/// checked. [`EmbedConfig::default`] is what an empty query gives.
#[derive(Clone, PartialEq, Debug)]
pub struct EmbedConfig<G: WebGame> {
    /// `fen` (or the game's own [`WebGame::POSITION_PARAM`], shogi's `sfen`): the start
    /// position (default: the standard start).
    pub start: G::Position,
    /// `variant`: the rules, in the game's ruleset spelling (default `standard`).
    pub rules: String,
    /// `moves`: moves played from the start, each legal in turn (default: none).
    pub moves: Vec<G::Move>,
    /// `ply`: how many of `moves` are played in the position shown, 0..=moves (default: all).
    /// The rest can be stepped through forward (they are the game's redo list).
    pub ply: usize,
    /// `mode` (default [`Mode::View`]).
    pub mode: Mode,
    /// `solution`: in puzzle mode, the moves from the position after `moves`: the reader's,
    /// the board's answer, the reader's… ending with the reader's.
    pub solution: Vec<G::Move>,
    /// `side`: the reader's side in play and puzzle modes (default: the side to move in the
    /// position shown; in puzzle mode it must be that side). In the other modes always the
    /// side to move in the position shown.
    pub side: Colour,
    /// `orientation`: the side whose home rank is at the bottom (default: `side` in play and
    /// puzzle modes, else Black).
    pub orientation: Colour,
    /// `level`: the AI's level in play mode, 1–5 (default 2, as the game page; always 2 in the
    /// other modes).
    pub level: u8,
    /// `lang`: the language; `None` lets the frame take the browser's, else English.
    pub lang: Option<Lang>,
    /// `theme` (default [`Theme::Auto`]).
    pub theme: Theme,
    /// `coords`: file letters and rank numbers on the board (default on).
    pub coords: bool,
    /// `marks`: squares drawn marked, to show the reader where to look, in the order given
    /// without repeats, at most [`MAX_MARKS`] (default none). They stay while the reader plays.
    /// (The board cells of [`WebGame::cell_name`].)
    pub marks: Vec<usize>,
    /// `controls`: the buttons shown, in [`Button::ALL`] order (default: the mode's
    /// [`Mode::default_controls`]).
    pub controls: Vec<Button>,
    /// `sound` (default off: a page full of boards must not start clicking).
    pub sound: bool,
    /// `id`: a name the host chose for this frame, echoed in every event (default none).
    pub id: Option<String>,
    /// `origin`: the host origins commands are accepted from and events sent to (default:
    /// empty, meaning any origin — see `docs/embed.md`).
    pub origins: Vec<String>,
    /// Parameters that were ignored, with why (unknown names, settings the mode does not use):
    /// for the console, never shown in the frame.
    pub warnings: Vec<String>,
}

impl<G: WebGame> Default for EmbedConfig<G> {
    fn default() -> Self {
        EmbedConfig::parse("").expect("the defaults are valid")
    }
}

/// One bad parameter.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParamError {
    /// The parameter's name, lowercase.
    pub param: String,
    /// The value given, shortened for quoting (empty when the parameter is missing).
    pub value: String,
    /// A sentence for the author: the parameter, the bad value and what is allowed (English,
    /// for the console, the CLI and the tests).
    pub message: String,
    /// The same sentence as a catalogue text (`embed.param.*`), for the page's language: what
    /// the frame and the editor show. In English it reads as [`ParamError::message`].
    pub text: Text,
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Every bad parameter of a query, in the order of the parameter table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EmbedErrors(pub Vec<ParamError>);

impl fmt::Display for EmbedErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(|e| e.message.clone()).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for EmbedErrors {}

/// The parameter names, in the order of the table (and of the errors).
pub const PARAMS: [&str; 19] = [
    "game",
    "fen",
    "variant",
    "moves",
    "ply",
    "mode",
    "solution",
    "side",
    "orientation",
    "level",
    "lang",
    "theme",
    "coords",
    "marks",
    "controls",
    "sound",
    "id",
    "origin",
    "v",
];

/// Decodes one `application/x-www-form-urlencoded` component like `URLSearchParams`.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push(high << 4 | low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|d| d as u8)
}

/// Encodes a value for a query: letters, digits and `-._~/,:` as they are, a space as `+`,
/// everything else as `%XX` (UTF-8).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        match b {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'~'
            | b'/'
            | b','
            | b':' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The value of parameter `name` (lowercase) in a query, decoded and trimmed: the first one
/// given, even if the query as a whole is not a valid configuration (a page reads its own
/// `lang`, `fen` or `marks` this way).
pub fn query_value(query: &str, name: &str) -> Option<String> {
    pairs(query)
        .into_iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value)
}

/// The query's pairs, decoded: (lowercase name, trimmed value). Empty segments are skipped.
fn pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    // A fragment is not part of the query (a host may pass `location.href`'s tail).
    let query = query.split('#').next().unwrap_or("");
    query
        .split('&')
        .filter(|segment| !segment.is_empty())
        .map(|segment| {
            let (name, value) = segment.split_once('=').unwrap_or((segment, ""));
            (
                percent_decode(name).trim().to_ascii_lowercase(),
                percent_decode(value).trim().to_string(),
            )
        })
        .collect()
}

/// The puzzle's answer to a move `M` of the reader.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PuzzleStep<M> {
    /// Not the move the puzzle wants: the frame takes it back and says so.
    Wrong,
    /// The right move.
    Right {
        /// The board's answer to play next, if the solution goes on.
        reply: Option<M>,
        /// Whether the puzzle is solved with this move.
        solved: bool,
    },
}
