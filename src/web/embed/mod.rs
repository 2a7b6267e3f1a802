//! The embeddable board's contract, as pure data and checks (issue 6): the URL parameters of
//! the embed page ([`params`]) and the `postMessage` API between the frame and its host page
//! ([`messages`]); the position editor that writes such configurations ([`editor`]); and the tutorial's lessons, whose boards are embed configurations
//! ([`lessons`]). No web types: the web layer reads `location.search` and `MessageEvent.data`,
//! hands them here, and only dispatches what comes back. `docs/embed.md` is the authors' side
//! of the same contract.

pub mod editor;
pub mod lessons;
pub mod messages;
pub mod params;

pub use messages::{Applied, Command, Event, MessageError, MessageValue, PROTOCOL_VERSION};
pub use params::{
    Button, EmbedConfig, EmbedErrors, Lang, Mode, ParamError, PuzzleStep, Theme, MAX_MOVES,
};

use crate::web::game::{Refusal, WebGame};
use common::texts::{Quoted, Text};

/// At most this many characters of a bad value are quoted back in an error.
const QUOTE_CHARS: usize = 24;

/// `text` cut to [`QUOTE_CHARS`] characters (with `…`), control characters shown as `�`, for
/// quoting a bad value back to the author without flooding the message (isolated from the
/// sentence around it when shown: [`common::texts::Value::Quoted`]).
pub(crate) fn quote(text: &str) -> Quoted {
    let mut out: String = text
        .chars()
        .take(QUOTE_CHARS)
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect();
    if text.chars().count() > QUOTE_CHARS {
        out.push('…');
    }
    Quoted(out)
}

/// Why one move of a list cannot be played.
#[derive(Clone, PartialEq, Debug)]
pub struct MoveListError {
    /// The move's index in the list, from 0.
    pub index: usize,
    /// The move as written (quoted, shortened).
    pub text: String,
    /// Why: not a move, or the rule it breaks.
    pub reason: MoveListReason,
}

/// Why a move of a list cannot be played.
#[derive(Clone, PartialEq, Debug)]
pub enum MoveListReason {
    /// The list is longer than [`MAX_MOVES`]; this is the first move too many.
    TooMany,
    /// The text is not a move, or the move breaks a rule in the position it is played in.
    Refused(Refusal),
}

impl MoveListReason {
    /// The reason as a text of the catalogue.
    pub fn text(&self) -> Text {
        match self {
            MoveListReason::TooMany => Text::new("embed.moveList.tooMany").with("max", MAX_MOVES),
            MoveListReason::Refused(refusal) => refusal.text.clone(),
        }
    }
}

impl std::fmt::Display for MoveListReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveListReason::TooMany => write!(f, "a list holds at most {MAX_MOVES} moves"),
            MoveListReason::Refused(refusal) => f.write_str(&refusal.english),
        }
    }
}

impl std::fmt::Display for MoveListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "move {} '{}' cannot be played: {}",
            self.index + 1,
            self.text,
            self.reason
        )
    }
}

impl MoveListError {
    /// The error as a text of the catalogue (says what its `Display` says).
    pub fn text(&self) -> Text {
        Text::new("embed.moveList.cannotPlay")
            .with("number", self.index + 1)
            .with("move", Quoted(self.text.clone()))
            .with("reason", self.reason.text())
    }
}

/// Splits a move list written with commas and/or whitespace into its moves.
pub(crate) fn split_moves(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|m| !m.is_empty())
}

/// Plays `moves` (machine form) in `game` of `G` one after another; on the first bad one the
/// game is left as it was and the error says which move and why.
pub(crate) fn play_moves<'a, G: WebGame>(
    game: &mut G::Game,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<G::Move>, MoveListError> {
    let mut trial = game.clone();
    let mut played = Vec::new();
    for (index, text) in moves.into_iter().enumerate() {
        let fail = |reason: MoveListReason| MoveListError {
            index,
            text: quote(text).0,
            reason,
        };
        if index >= MAX_MOVES {
            return Err(fail(MoveListReason::TooMany));
        }
        let m = G::read_move_code(text).map_err(|e| fail(MoveListReason::Refused(e)))?;
        G::play(&mut trial, m).map_err(|e| {
            fail(MoveListReason::Refused(Refusal {
                english: e.to_string(),
                text: G::illegal_text(&e),
            }))
        })?;
        played.push(m);
    }
    *game = trial;
    Ok(played)
}
