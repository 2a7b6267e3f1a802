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
//! - Variations, as PGN writes them: `( … )` right after a move holds an alternative to that
//!   move, from the position before it, with its own moves and variations nested to any depth;
//!   several in a row are several alternatives. A line that starts or resumes on White's move
//!   numbers it with `...`: `1. a3a4 g7g6 (1... a7a6 2. a4a5) 2. c3d3 *`. The result,
//!   `Result` and `Termination` are the main line's. [`Record::parse_tree`] reads the moves with
//!   their variations into a [`MoveTree`], checking every variation move by the rules like the
//!   main line's; [`Record::write_tree`] writes them. [`Record::parse`] reads the main line,
//!   skipping variations unread as it skips comments (the game page's saves and imports need
//!   no more).

use super::game::{Ending, Game};
use super::moves::{truncate, IllegalMove, Move, MoveParseError};
use super::position::Position;
use super::ruleset::{Ruleset, RulesetError};
use super::setup::{PositionError, START_FEN};
use super::Side;
use common::tree::{MoveTree, NodeId, ROOT};
use common::Tags;
use std::fmt;

/// A game with its descriptive tags.
#[derive(Clone, Debug)]
pub struct Record {
    /// Tags other than those derived from the game (`Variant`, `FEN`, `Result`, `Termination`;
    /// such tags placed here are not written: the game decides them).
    pub tags: Tags,
    /// The game, replayed: the main line.
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
    /// A `(` before any move of its line: a variation replaces the move it follows.
    VariationWithoutMove,
    /// A `)` outside any variation.
    StrayVariationEnd,
    /// A `(` variation that never ends (or the result inside one).
    UnclosedVariation,
    /// An error inside a variation.
    InVariation {
        /// The ply of the variation's first move, from 1.
        ply: usize,
        /// What is wrong there.
        error: Box<RecordError>,
    },
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
            RecordError::VariationWithoutMove => {
                f.write_str("a variation '(' must follow the move it replaces")
            }
            RecordError::StrayVariationEnd => f.write_str("a ')' closes no variation"),
            RecordError::UnclosedVariation => f.write_str("a variation '(' is never closed"),
            RecordError::InVariation { ply, error } => {
                write!(f, "in the variation from ply {ply}: {error}")
            }
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

    /// Reads a record's main line, replaying and checking every move (variations are skipped
    /// unread: [`Record::parse_tree`] reads them).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        Self::read(text, &mut MainLine::default())
    }

    /// Reads a record with its variations: the record (its game is the main line) and the
    /// moves with their variations from the game's start (the tree showing the start). Every
    /// move of every line is checked by the rules.
    pub fn parse_tree(text: &str) -> Result<(Record, MoveTree<Move>), RecordError> {
        let mut lines = Variations::default();
        let record = Self::read(text, &mut lines)?;
        lines.tree.to_start();
        Ok((record, lines.tree))
    }

    fn read(text: &str, lines: &mut impl Lines) -> Result<Record, RecordError> {
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
        let spaced = text_no_comments.replace('(', " ( ").replace(')', " ) ");
        for token in spaced.split_whitespace() {
            if result_token.is_some() {
                return Err(RecordError::AfterResult(truncate(token)));
            }
            match token {
                "(" => {
                    lines.open(&mut game)?;
                    continue;
                }
                ")" => {
                    lines.close(&mut game)?;
                    continue;
                }
                "1-0" | "0-1" | "1/2-1/2" | "*" => {
                    if lines.inside() {
                        return Err(RecordError::UnclosedVariation);
                    }
                    result_token = Some(token.to_string());
                    continue;
                }
                _ => {}
            }
            let body = token.trim_start_matches(|c: char| c.is_ascii_digit());
            let number_prefix = body.len() != token.len();
            let after_dots = body.trim_start_matches('.');
            let move_text = if number_prefix && after_dots.len() != body.len() {
                if after_dots.is_empty() {
                    continue;
                }
                after_dots // "1.a3a4" written without a space
            } else {
                token
            };
            if lines.skips() {
                continue;
            }
            let played =
                Self::play_token(&mut game, move_text).map_err(|error| lines.locate(error))?;
            lines.played(played);
        }
        if lines.inside() {
            return Err(RecordError::UnclosedVariation);
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

    fn play_token(game: &mut Game, token: &str) -> Result<Move, RecordError> {
        let ply = game.moves().len() + 1;
        let m = Move::parse(token).map_err(|error| RecordError::BadMove { ply, error })?;
        game.play(m).map_err(|error| RecordError::IllegalMove {
            ply,
            played: m,
            error,
        })?;
        Ok(m)
    }

    /// The record with the variations of `tree` (the moves from the game's start, as
    /// [`Record::parse_tree`] gives them): the game's moves, each followed by the lines the tree
    /// branches in its place (lines leaving the game's moves elsewhere are not written).
    pub fn write_tree(&self, tree: &MoveTree<Move>) -> String {
        let mut out = String::new();
        let _ = self.write(&mut out, TreeText { record: self, tree }.movetext());
        out
    }

    /// The main line's words.
    fn movetext(&self) -> Vec<String> {
        let mut words = Vec::new();
        for (i, (&m, before)) in self
            .game
            .moves()
            .iter()
            .zip(self.game.positions())
            .enumerate()
        {
            push_move(&mut words, before, m, i == 0);
        }
        words
    }

    /// Writes the record with the movetext's words (module docs).
    fn write(&self, f: &mut impl fmt::Write, mut words: Vec<String>) -> fmt::Result {
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
        words.push(result.to_string());
        // Wrap long move lists for people reading the file.
        let mut width = 0;
        for (i, word) in words.iter().enumerate() {
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

/// A record's movetext with a tree's variations.
struct TreeText<'a> {
    record: &'a Record,
    tree: &'a MoveTree<Move>,
}

impl TreeText<'_> {
    /// The movetext's words: the game's moves, each followed by the variations the tree
    /// branches in its place.
    fn movetext(&self) -> Vec<String> {
        let record = self.record;
        let mut words = Vec::new();
        let mut game = Game::from_position(*record.game.start_position(), *record.game.rules());
        let mut node = Some(ROOT);
        let mut numbered = true;
        for &m in record.game.moves() {
            push_move(&mut words, game.position(), m, numbered);
            numbered = false;
            let branches = node.filter(|&here| self.tree.children(here).len() > 1);
            let before = branches.map(|_| game.clone());
            if game.play(m).is_err() {
                break; // cannot happen: the record's game played it from the same start
            }
            let next = node.and_then(|here| {
                self.tree
                    .children(here)
                    .iter()
                    .copied()
                    .find(|&c| self.tree.move_of(c) == Some(m))
            });
            if let (Some(here), Some(before)) = (branches, before) {
                numbered = self.push_variations(&mut words, &before, here, next);
            }
            node = next;
        }
        words
    }

    /// Writes the lines branching from `parent` other than `except`, each in parentheses, from
    /// the game `before` (at `parent`). Returns whether it wrote any.
    fn push_variations(
        &self,
        words: &mut Vec<String>,
        before: &Game,
        parent: NodeId,
        except: Option<NodeId>,
    ) -> bool {
        let mut wrote = false;
        for &first in self.tree.children(parent) {
            if Some(first) == except {
                continue;
            }
            let start = words.len();
            self.push_line(words, before.clone(), parent, first);
            if words.len() > start {
                words[start].insert(0, '(');
                if let Some(last) = words.last_mut() {
                    last.push(')');
                }
                wrote = true;
            }
        }
        wrote
    }

    /// Writes the line from `first` (a move from `parent`, where `game` stands) along first
    /// continuations, each move followed by the variations branching in its place. A move the
    /// rules refuse (a tree not made by playing) ends the line there.
    fn push_line(&self, words: &mut Vec<String>, mut game: Game, parent: NodeId, first: NodeId) {
        let (mut parent, mut at) = (parent, first);
        let mut numbered = true;
        while let Some(m) = self.tree.move_of(at) {
            if game.check_move(m).is_err() {
                return;
            }
            push_move(words, game.position(), m, numbered);
            // The first move's alternatives are its siblings, which the caller writes.
            let branches = at != first && self.tree.children(parent).len() > 1;
            let before = branches.then(|| game.clone());
            let _ = game.play(m);
            numbered =
                before.is_some_and(|before| self.push_variations(words, &before, parent, Some(at)));
            match self.tree.children(at).first() {
                Some(&next) => (parent, at) = (at, next),
                None => return,
            }
        }
    }
}

/// What a reader does with variations: skips them ([`MainLine`]) or reads them into a tree
/// ([`Variations`]).
trait Lines {
    /// A `(`: a variation of the line's latest move begins (the game goes back before it).
    fn open(&mut self, game: &mut Game) -> Result<(), RecordError>;
    /// A `)`: the variation ends (the game goes back to the line it interrupted).
    fn close(&mut self, game: &mut Game) -> Result<(), RecordError>;
    /// Whether a variation is open.
    fn inside(&self) -> bool;
    /// Whether moves are skipped unread here.
    fn skips(&self) -> bool;
    /// A move was played.
    fn played(&mut self, m: Move);
    /// A move's error, said where it happened.
    fn locate(&self, error: RecordError) -> RecordError;
}

/// Reading the main line: variations are skipped, only their parentheses counted.
#[derive(Default)]
struct MainLine {
    depth: usize,
}

impl Lines for MainLine {
    fn open(&mut self, _game: &mut Game) -> Result<(), RecordError> {
        self.depth += 1;
        Ok(())
    }

    fn close(&mut self, _game: &mut Game) -> Result<(), RecordError> {
        self.depth = self
            .depth
            .checked_sub(1)
            .ok_or(RecordError::StrayVariationEnd)?;
        Ok(())
    }

    fn inside(&self) -> bool {
        self.depth > 0
    }

    fn skips(&self) -> bool {
        self.depth > 0
    }

    fn played(&mut self, _m: Move) {}

    fn locate(&self, error: RecordError) -> RecordError {
        error
    }
}

/// Reading every line into a tree.
#[derive(Default)]
struct Variations {
    tree: MoveTree<Move>,
    /// The variations open around the line being read, innermost last.
    open: Vec<Branch>,
    /// The line's latest move, which a `(` gives an alternative to.
    last: Option<NodeId>,
}

impl Lines for Variations {
    fn open(&mut self, game: &mut Game) -> Result<(), RecordError> {
        let replaced = self.last.ok_or(RecordError::VariationWithoutMove)?;
        let mut before = game.clone();
        before.undo();
        let ply = before.moves().len() + 1;
        self.open.push(Branch {
            game: std::mem::replace(game, before),
            node: replaced,
            ply,
        });
        self.tree.go_to(self.tree.parent(replaced).unwrap_or(ROOT));
        self.last = None;
        Ok(())
    }

    fn close(&mut self, game: &mut Game) -> Result<(), RecordError> {
        let branch = self.open.pop().ok_or(RecordError::StrayVariationEnd)?;
        *game = branch.game;
        self.tree.go_to(branch.node);
        self.last = Some(branch.node);
        Ok(())
    }

    fn inside(&self) -> bool {
        !self.open.is_empty()
    }

    fn skips(&self) -> bool {
        false
    }

    fn played(&mut self, m: Move) {
        self.tree.play(m);
        self.last = Some(self.tree.current());
    }

    fn locate(&self, error: RecordError) -> RecordError {
        match self.open.last() {
            Some(branch) => RecordError::InVariation {
                ply: branch.ply,
                error: Box::new(error),
            },
            None => error,
        }
    }
}

/// A variation being read: the line it interrupts and where.
struct Branch {
    /// The interrupted line's game.
    game: Game,
    /// The move the variation replaces, where its line goes on.
    node: NodeId,
    /// The ply of the variation's first move.
    ply: usize,
}

/// Adds a move to the movetext: its number before Black's move, and before White's when a line
/// starts or resumes with it (`3...`).
fn push_move(words: &mut Vec<String>, before: &Position, m: Move, numbered: bool) {
    let number = before.fullmove();
    match before.side_to_move() {
        Side::Black => words.push(format!("{number}.")),
        Side::White if numbered => words.push(format!("{number}...")),
        Side::White => {}
    }
    words.push(m.to_string());
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
    /// The record with its main line ([`Record::write_tree`] adds variations).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, self.movetext())
    }
}
