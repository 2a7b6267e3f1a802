//! The game record format: PGN-like tags, then numbered moves in machine form, then the result.
//!
//! ```text
//! [Event "Casual game"]
//! [Black "You"]
//! [White "AI level 3"]
//! [Variant "standard"]
//! [Result "*"]
//!
//! 1. a3a4 g7g6 2. c3d3 a7a6 *
//! ```
//!
//! - Tags are `[Name "value"]`, one per line. Names are letters, digits and `_` (when writing,
//!   any other character of a name is written as `_`). Values escape `\` and `"` with a
//!   backslash, and line breaks and tabs as `\n`, `\r`, `\t`, so a value stays on its line.
//! - `Variant` is the [`Ruleset`] spelling (missing: `standard`). `FEN` is the start position
//!   (missing: the normal start). `Result` is `1-0` (Black won), `0-1` (White won), `1/2-1/2`
//!   or `*` (unfinished); `Termination` is the outcome's reason code. Both are written from the
//!   game and, when read, checked against the replayed moves. A game that ended after its last
//!   move by a resignation or on time (no move shows it) writes `Termination "resignation"` or
//!   `"time"` with the winner's result; read back, they end the replayed game the same way.
//! - Moves are numbered per pair, Black's first: `1. a3a4 g7g6`; a game starting with White
//!   to move opens `1... g7g6`. Numbers are optional when reading; `{comments}` are skipped.

use super::game::{Ending, Game};
use super::moves::{truncate, IllegalMove, Move, MoveParseError};
use super::position::Position;
use super::ruleset::{Ruleset, RulesetError};
use super::setup::{PositionError, START_FEN};
use super::Side;
use crate::common::Tags;
use std::fmt;

/// A game with its descriptive tags.
#[derive(Clone, Debug)]
pub struct Record {
    /// Tags other than those derived from the game (`Variant`, `FEN`, `Result`, `Termination`;
    /// such tags placed here are not written: the game decides them).
    pub tags: Tags,
    /// The game, replayed.
    pub game: Game,
}

/// Why a record could not be read; the message says where. Text quoted from the record is
/// shortened.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// A tag line is not `[Name "value"]`.
    BadTag {
        /// The line number, from 1.
        line: usize,
        /// The line as written.
        text: String,
    },
    /// The `Variant` tag is not a ruleset spelling.
    Variant(RulesetError),
    /// The `FEN` tag is not a valid position.
    Fen(PositionError),
    /// A `}` outside any comment.
    StrayCommentEnd,
    /// A `{` comment that never ends.
    UnclosedComment,
    /// Something after the result token.
    AfterResult(String),
    /// A move that is not written as two squares.
    BadMove {
        /// The ply, from 1.
        ply: usize,
        /// What is wrong with its text.
        error: MoveParseError,
    },
    /// A move the rules forbid at that point.
    IllegalMove {
        /// The ply, from 1.
        ply: usize,
        /// The move.
        played: Move,
        /// The rule it breaks.
        error: IllegalMove,
    },
    /// The `Result` tag or token differs from the result the moves give.
    ResultMismatch {
        /// The result written in the record.
        declared: String,
        /// The result code of the replayed game (`*` if unfinished).
        actual: &'static str,
    },
    /// The `Termination` tag differs from how the moves end the game.
    TerminationMismatch {
        /// The reason written in the record.
        declared: String,
        /// The reason code of the replayed game, `None` while it goes on.
        actual: Option<&'static str>,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::BadTag { line, text } => write!(
                f,
                "line {line}: a tag is written [Name \"value\"], not '{text}'"
            ),
            RecordError::Variant(e) => write!(f, "Variant tag: {e}"),
            RecordError::Fen(e) => write!(f, "FEN tag: {e}"),
            RecordError::StrayCommentEnd => f.write_str("a '}' closes no comment"),
            RecordError::UnclosedComment => f.write_str("a comment '{' is never closed"),
            RecordError::AfterResult(token) => write!(
                f,
                "'{token}' follows the result; the result ends the record"
            ),
            RecordError::BadMove { ply, error } => write!(f, "ply {ply}: {error}"),
            RecordError::IllegalMove { ply, played, error } => {
                write!(f, "ply {ply}, {played}: {error}")
            }
            RecordError::ResultMismatch { declared, actual } => write!(
                f,
                "the record says the result is {declared}, but the moves give {actual}"
            ),
            RecordError::TerminationMismatch { declared, actual } => write!(
                f,
                "the record says the game ended by '{declared}', but the moves give '{}'",
                actual.unwrap_or("no ending yet")
            ),
        }
    }
}

impl std::error::Error for RecordError {}

const DERIVED_TAGS: [&str; 4] = ["Variant", "FEN", "Result", "Termination"];

fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out
}

/// A tag name as written: characters outside `[A-Za-z0-9_]` become `_` (empty: `_`).
fn tag_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if cleaned.is_empty() {
        "_".to_string()
    } else {
        cleaned
    }
}

fn parse_tag(line: &str, number: usize) -> Result<(String, String), RecordError> {
    let bad = || RecordError::BadTag {
        line: number,
        text: truncate(line),
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, rest) = inner.split_once(' ').ok_or_else(bad)?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(match chars.next().ok_or_else(bad)? {
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                other => other,
            }),
            '"' => return Err(bad()),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

impl Record {
    /// A record of `game` with the given descriptive tags.
    pub fn new(game: Game, tags: impl Into<Tags>) -> Record {
        Record {
            tags: tags.into(),
            game,
        }
    }

    /// The value of a descriptive tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// Reads a record, replaying and checking every move.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut tags = Tags::new();
        let mut movetext = String::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.starts_with('[') && movetext.trim().is_empty() {
                let (name, value) = parse_tag(line, i + 1)?;
                tags.push(name, value);
            } else {
                movetext.push_str(line);
                movetext.push('\n');
            }
        }
        let tag = |name: &str| tags.get(name).map(str::to_string);
        let rules = match tag("Variant") {
            Some(v) => Ruleset::parse(&v).map_err(RecordError::Variant)?,
            None => Ruleset::default(),
        };
        let fen = tag("FEN").unwrap_or_else(|| START_FEN.to_string());
        let start = Position::from_fen(&fen, &rules).map_err(RecordError::Fen)?;
        let mut game = Game::from_position(start, rules);
        let mut result_token: Option<String> = None;
        let mut text_no_comments = String::new();
        let mut depth = 0usize;
        for c in movetext.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                '}' => return Err(RecordError::StrayCommentEnd),
                _ if depth > 0 => {}
                c => text_no_comments.push(c),
            }
        }
        if depth > 0 {
            return Err(RecordError::UnclosedComment);
        }
        for token in text_no_comments.split_whitespace() {
            if result_token.is_some() {
                return Err(RecordError::AfterResult(truncate(token)));
            }
            if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                result_token = Some(token.to_string());
                continue;
            }
            let body = token.trim_start_matches(|c: char| c.is_ascii_digit());
            let number_prefix = body.len() != token.len();
            let after_dots = body.trim_start_matches('.');
            if number_prefix && after_dots.len() != body.len() {
                if after_dots.is_empty() {
                    continue;
                }
                // "1.a3a4" written without a space
                Self::play_token(&mut game, after_dots)?;
                continue;
            }
            Self::play_token(&mut game, token)?;
        }
        if game.outcome().is_none() {
            let results = [tag("Result"), result_token.clone()];
            if let Some(ending) = declared_ending(tag("Termination").as_deref(), &results) {
                game.end_with(ending);
            }
        }
        let actual = game.outcome().map_or("*", |o| o.result_code());
        for declared in [tag("Result"), result_token].into_iter().flatten() {
            if declared != actual {
                return Err(RecordError::ResultMismatch { declared, actual });
            }
        }
        if let Some(declared) = tag("Termination") {
            let actual = game.outcome().map_or("", |o| o.reason_code());
            if declared != actual {
                return Err(RecordError::TerminationMismatch {
                    declared: truncate(&declared),
                    actual: Some(actual).filter(|code| !code.is_empty()),
                });
            }
        }
        tags.retain(|name, _| !DERIVED_TAGS.contains(&name));
        Ok(Record { tags, game })
    }

    fn play_token(game: &mut Game, token: &str) -> Result<(), RecordError> {
        let ply = game.moves().len() + 1;
        let m = Move::parse(token).map_err(|error| RecordError::BadMove { ply, error })?;
        game.play(m).map_err(|error| RecordError::IllegalMove {
            ply,
            played: m,
            error,
        })
    }
}

/// The ending a record declares after its last move: a `Termination` of `resignation` or
/// `time` with a decisive result (which names the loser).
fn declared_ending(termination: Option<&str>, results: &[Option<String>]) -> Option<Ending> {
    let loser = results.iter().flatten().find_map(|r| match r.as_str() {
        "1-0" => Some(Side::White),
        "0-1" => Some(Side::Black),
        _ => None,
    })?;
    match termination? {
        "resignation" => Some(Ending::Resigned(loser)),
        "time" => Some(Ending::TimeOut(loser)),
        _ => None,
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The derived tags are written from the game below, never twice.
        for (name, value) in self.tags.iter() {
            if !DERIVED_TAGS.contains(&name) {
                writeln!(f, "[{} \"{}\"]", tag_name(name), escape(value))?;
            }
        }
        writeln!(f, "[Variant \"{}\"]", self.game.rules())?;
        let start = self.game.start_position();
        let start_fen = start.to_fen();
        if start_fen != START_FEN {
            writeln!(f, "[FEN \"{start_fen}\"]")?;
        }
        let outcome = self.game.outcome();
        let result = outcome.map_or("*", |o| o.result_code());
        writeln!(f, "[Result \"{result}\"]")?;
        if let Some(o) = outcome {
            writeln!(f, "[Termination \"{}\"]", o.reason_code())?;
        }
        writeln!(f)?;
        let mut line = String::new();
        for (m, before) in self.game.moves().iter().zip(self.game.positions()) {
            let number = before.fullmove();
            match before.side_to_move() {
                Side::Black => line.push_str(&format!("{number}. {m} ")),
                Side::White if line.is_empty() => line.push_str(&format!("{number}... {m} ")),
                Side::White => line.push_str(&format!("{m} ")),
            }
        }
        line.push_str(result);
        // Wrap long move lists for people reading the file.
        let mut width = 0;
        for (i, word) in line.split(' ').enumerate() {
            if i > 0 {
                if width + word.len() + 1 > 80 {
                    writeln!(f)?;
                    width = 0;
                } else {
                    f.write_str(" ")?;
                    width += 1;
                }
            }
            f.write_str(word)?;
            width += word.len();
        }
        writeln!(f)
    }
}
