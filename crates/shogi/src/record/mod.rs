//! Game records: a game with its descriptive tags, move times and comments, read from and
//! written to KIF ([`kif`]), CSA ([`csa`]) and the USI `position` line ([`usi`]).
//!
//! One [`Record`] serves the three formats, so a record read from one is written in another.
//! Its parts:
//! - **tags**, in the order read, under format-neutral names that each format maps to its own:
//!
//!   | tag | KIF | CSA |
//!   |---|---|---|
//!   | `Sente` | `先手：` (`下手：` in a handicap game) | `N+` |
//!   | `Gote` | `後手：` (`上手：` in a handicap game) | `N-` |
//!   | `Event` | `棋戦：` | `$EVENT:` |
//!   | `Site` | `場所：` | `$SITE:` |
//!   | `StartTime` | `開始日時：` | `$START_TIME:` |
//!   | `EndTime` | `終了日時：` | `$END_TIME:` |
//!   | `TimeControl` | `持ち時間：` | `$TIME_LIMIT:` |
//!   | `Opening` | `戦型：` | `$OPENING:` |
//!   | `Title` | `表題：` | — |
//!   | `Note` | `備考：` | — |
//!
//!   Other KIF headers keep their own name, other CSA `$NAME:` lines their `NAME`, and either
//!   format writes them back so (in CSA as `$NAME:`, `Title` and `Note` included; a name with a
//!   `:` is left out of CSA). Values stay on one line: a line break is written as a space, and
//!   readers take `\r` alone as a line break too.
//! - **the game**: the start position (KIF: `手合割：` with a handicap's name, else a board
//!   diagram; CSA: `PI`, or `P1`–`P9` rows and `P+`/`P-` pieces; USI: `startpos` or the SFEN)
//!   and the moves, each checked against the rules as it is read;
//! - **the rules**, written only when they are not the defaults: KIF `ルール：`, CSA
//!   `$RULES:` with the ruleset spelling (`maxmoves=300`) — this project's own header, which
//!   other readers keep as an unknown one. A record without it is read under the default
//!   rules, except that the move limit is set where a CSA `%MAX_MOVES` says it ended, and
//!   lifted when the moves go past it (records made elsewhere know nothing of this site's
//!   limit);
//! - **the ending** the record states: a resignation (`投了`, `%TORYO`), a time loss
//!   (`切れ負け`, `%TIME_UP`) and an impasse declaration (`入玉勝ち`, `%KACHI`) are played into
//!   the game; checkmate (`詰み`, `%TSUMI`), sennichite (`千日手`, `%SENNICHITE`) and the move
//!   limit (`%MAX_MOVES`) must agree with what the moves give; an interruption (`中断`,
//!   `%CHUDAN`), a drawn impasse (`持将棋`, `%JISHOGI`, `%HIKIWAKE`) and a foul the moves do not
//!   show (`反則負け`, `反則勝ち`, `%ILLEGAL_MOVE`, `%+ILLEGAL_ACTION`, `%-ILLEGAL_ACTION`) are
//!   kept in [`Record::end`]. An ending that contradicts the moves is an error;
//! - **move times** in whole seconds (KIF `( 0:12/00:01:03)`, CSA `T12`) and **comments**
//!   (KIF `*`, CSA `'*`), each after the move it follows.
//!
//! Every error names its line ([`RecordError`]); a move the rules refuse names its ply, the
//! move as written and the rule.
//!
//! Bytes ([`decode`]) are read as UTF-8 when they are (a byte-order mark is dropped), else as
//! Shift_JIS (CP932), which KIF and CSA files from Japanese software mostly use.

pub mod csa;
pub mod kif;
mod shift_jis;
pub mod usi;

use super::game::{DeclarationError, DrawReason, Game, Outcome, WinReason};
use super::moves::{IllegalMove, Move, MoveParseError};
use super::notation::NotationError;
use super::piece::{PieceKind, Side};
use super::position::Position;
use super::ruleset::{Ruleset, RulesetError, MAX_MAX_PLIES};
use super::setup::PositionError;
use super::square::Square;
use common::tree::MoveTree;
pub use common::Tags;
use std::fmt;

/// A game with what a record says about it besides the moves.
#[derive(Clone, Debug)]
pub struct Record {
    /// Descriptive tags, in order (module docs for the names).
    pub tags: Tags,
    /// The game: start position, rules, moves, and the endings the rules know.
    pub game: Game,
    /// Comments, each with the number of moves played before it (0: before the first move),
    /// in order.
    pub comments: Vec<(usize, String)>,
    /// The seconds each move took, by ply from the first move (`None`, or missing at the end:
    /// not known).
    pub seconds: Vec<Option<u32>>,
    /// How the game ended when the record says so and the rules do not decide it.
    pub end: Option<RecordedEnd>,
}

/// An ending a record states that the rules do not decide.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum RecordedEnd {
    /// The game stopped unfinished (`中断`, `%CHUDAN`).
    Interrupted,
    /// Drawn by impasse, by agreement or a point rule other than the declaration
    /// (`持将棋`, `%JISHOGI`, `%HIKIWAKE`).
    Jishogi,
    /// This side lost by a foul that the moves do not show (`反則負け`, `反則勝ち`,
    /// `%ILLEGAL_MOVE`, `%+ILLEGAL_ACTION`, `%-ILLEGAL_ACTION`).
    Foul(Side),
}

/// Why a record cannot be read: the line and the problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong there.
    pub kind: RecordErrorKind,
}

/// What is wrong with a line of a record. Text quoted from the record is shortened.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordErrorKind {
    /// The bytes are neither UTF-8 nor Shift_JIS.
    Encoding,
    /// A line that is no part of a KIF record.
    NotKif(String),
    /// A statement that is no part of a CSA record.
    NotCsa(String),
    /// Text that is not a USI `position` command.
    NotUsi(String),
    /// A `手合割` that names no handicap the site knows (and there is no board diagram).
    UnknownHandicap(String),
    /// A board row that is not nine squares.
    BadRow(String),
    /// The board does not have nine rows (how many it has).
    RowCount(usize),
    /// A list of pieces in hand that cannot be read.
    BadHand(String),
    /// A CSA piece placement (`P+00HI`, `PI82HI`) that cannot be read.
    BadPlacement(String),
    /// The start position breaks a rule.
    Position(PositionError),
    /// A CSA record without a start position.
    NoStartPosition,
    /// A KIF move number out of sequence.
    MoveNumber {
        /// The number written.
        found: usize,
        /// The number expected.
        expected: usize,
    },
    /// A KIF move that names no legal move.
    BadMove {
        /// The ply, from 1.
        ply: usize,
        /// Why.
        error: NotationError,
    },
    /// Text that is not a CSA move.
    BadCsaMove(String),
    /// A CSA move of the side not to move.
    WrongSide {
        /// The ply, from 1.
        ply: usize,
        /// The side to move.
        to_move: Side,
    },
    /// A CSA move whose piece code is neither the moving piece's nor its promoted form.
    CsaPiece {
        /// The ply, from 1.
        ply: usize,
        /// The origin.
        square: Square,
        /// The code written.
        written: String,
        /// The kind on the origin.
        found: PieceKind,
    },
    /// A USI move that cannot be read.
    UsiMove {
        /// The ply, from 1.
        ply: usize,
        /// Why.
        error: MoveParseError,
    },
    /// A move the rules forbid at that point.
    IllegalMove {
        /// The ply, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// The rule it breaks.
        error: IllegalMove,
    },
    /// A move time that cannot be read.
    BadTime(String),
    /// An ending word the site does not know.
    UnknownEnding(String),
    /// Something after the stated end of the game.
    AfterEnd(String),
    /// The stated ending does not fit the game: how the moves ended it, `None` when they did
    /// not.
    EndingMismatch {
        /// The ending as written.
        stated: String,
        /// The game's own outcome.
        actual: Option<Outcome>,
    },
    /// An impasse declaration the rules refuse.
    Declaration(DeclarationError),
    /// The rules header is not a ruleset spelling.
    Rules(RulesetError),
    /// A CSA file holding more than one game.
    SecondGame,
    /// A KIF `変化：N手` whose move N is not in the line it branches from.
    VariationOutsideLine {
        /// The move number N.
        number: usize,
        /// The number of that line's first move.
        first: usize,
        /// The number of its last move (below `first`: the line has none, as a main line
        /// without moves).
        last: usize,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::moves::english_name as name;
        match self {
            RecordErrorKind::Encoding => f.write_str("the text is neither UTF-8 nor Shift_JIS"),
            RecordErrorKind::NotKif(text) => {
                write!(f, "'{text}' is not a line of a KIF record")
            }
            RecordErrorKind::NotCsa(text) => {
                write!(f, "'{text}' is not a statement of a CSA record")
            }
            RecordErrorKind::NotUsi(text) => write!(
                f,
                "'{text}' is not a USI position: write position startpos or position sfen \
                 <SFEN>, then moves and the moves"
            ),
            RecordErrorKind::UnknownHandicap(text) => write!(
                f,
                "'{text}' is not a handicap this site knows: give the position as a board \
                 diagram"
            ),
            RecordErrorKind::BadRow(text) => {
                write!(f, "'{text}' is not a board row of nine squares")
            }
            RecordErrorKind::RowCount(n) => {
                write!(f, "the board has {n} rows instead of 9")
            }
            RecordErrorKind::BadHand(text) => {
                write!(f, "'{text}' is not a list of pieces in hand")
            }
            RecordErrorKind::BadPlacement(text) => write!(
                f,
                "'{text}' does not place pieces: write a square (00 for the hand) and a piece \
                 for each, as in P+00HI55KA"
            ),
            RecordErrorKind::Position(e) => write!(f, "the start position is not valid: {e}"),
            RecordErrorKind::NoStartPosition => f.write_str(
                "the record has no start position: write PI, or rows P1 to P9, then + or -",
            ),
            RecordErrorKind::MoveNumber { found, expected } => {
                write!(f, "move number {found} where {expected} was expected")
            }
            RecordErrorKind::BadMove { ply, error } => write!(f, "ply {ply}: {error}"),
            RecordErrorKind::BadCsaMove(text) => write!(
                f,
                "'{text}' is not a CSA move: write it like +7776FU or -0034KA"
            ),
            RecordErrorKind::WrongSide { ply, to_move } => {
                write!(f, "ply {ply}: it is {to_move}'s move")
            }
            RecordErrorKind::CsaPiece {
                ply,
                square,
                written,
                found,
            } => write!(
                f,
                "ply {ply}: '{written}' is neither the {} on {square} nor what it promotes to",
                name(*found)
            ),
            RecordErrorKind::UsiMove { ply, error } => write!(f, "ply {ply}: {error}"),
            RecordErrorKind::IllegalMove { ply, text, error } => {
                write!(f, "ply {ply}, '{text}': {error}")
            }
            RecordErrorKind::BadTime(text) => write!(
                f,
                "'{text}' is not a move time: write ( 1:23/00:12:34) or T83"
            ),
            RecordErrorKind::UnknownEnding(text) => {
                write!(f, "'{text}' is not an ending this site knows")
            }
            RecordErrorKind::AfterEnd(text) => {
                write!(f, "'{text}' comes after the end of the game")
            }
            RecordErrorKind::EndingMismatch {
                stated,
                actual: Some(actual),
            } => write!(f, "'{stated}' does not fit how the game ended ({actual})"),
            RecordErrorKind::EndingMismatch {
                stated,
                actual: None,
            } => write!(f, "'{stated}' does not fit the game, which is not over"),
            RecordErrorKind::Declaration(e) => {
                write!(f, "the impasse declaration is refused: {e}")
            }
            RecordErrorKind::Rules(e) => write!(f, "the rules: {e}"),
            RecordErrorKind::SecondGame => {
                f.write_str("a second game begins here; a record holds one game")
            }
            RecordErrorKind::VariationOutsideLine {
                number,
                first,
                last,
            } if last < first => {
                write!(f, "変化：{number}手 branches from a line that has no moves")
            }
            RecordErrorKind::VariationOutsideLine {
                number,
                first,
                last,
            } => write!(
                f,
                "変化：{number}手 names no move of the line it branches from (moves {first} to \
                 {last})"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

/// The tags with a name of their own in the formats: (tag, KIF header, CSA line start).
pub(crate) const TAG_NAMES: [(&str, &str, Option<&str>); 10] = [
    ("Sente", "先手", Some("N+")),
    ("Gote", "後手", Some("N-")),
    ("Event", "棋戦", Some("$EVENT:")),
    ("Site", "場所", Some("$SITE:")),
    ("StartTime", "開始日時", Some("$START_TIME:")),
    ("EndTime", "終了日時", Some("$END_TIME:")),
    ("TimeControl", "持ち時間", Some("$TIME_LIMIT:")),
    ("Opening", "戦型", Some("$OPENING:")),
    ("Title", "表題", None),
    ("Note", "備考", None),
];

/// The record formats.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// KIF, Kakinoki's Japanese text format.
    Kif,
    /// CSA, the Computer Shogi Association's format (V2.2).
    Csa,
    /// The USI `position` command.
    Usi,
}

impl Format {
    /// The format a text looks like: KIF when it says so (`#KIF`, as this writer begins), else
    /// from its first line that is neither empty nor a `#` comment — a USI command, a CSA
    /// statement, or else KIF (a line with `：` is always KIF).
    pub fn detect(text: &str) -> Format {
        let mut lines = text
            .lines()
            .map(|l| l.trim().trim_start_matches('\u{feff}'))
            .filter(|l| !l.is_empty());
        let Some(line) = lines.find(|l| l.starts_with("#KIF") || !l.starts_with('#')) else {
            return Format::Kif;
        };
        if line.starts_with('#') || line.contains('：') {
            return Format::Kif;
        }
        let word = line.split_whitespace().next().unwrap_or("");
        if matches!(word, "position" | "startpos" | "sfen") {
            return Format::Usi;
        }
        let csa_start = line.starts_with('\'')
            || line.starts_with("N+")
            || line.starts_with("N-")
            || line.starts_with('$')
            || line.starts_with("PI")
            || line.starts_with("P+")
            || line.starts_with("P-")
            || (line.starts_with('P') && line[1..].starts_with(|c: char| ('1'..='9').contains(&c)))
            || (line.starts_with('V') && line[1..].starts_with(|c: char| c.is_ascii_digit()))
            || line == "+"
            || line == "-";
        if csa_start {
            Format::Csa
        } else {
            Format::Kif
        }
    }
}

/// The text of a record's bytes: UTF-8 (without a byte-order mark) when they are, else
/// Shift_JIS; the error names the line of the first byte that is neither.
pub fn decode(bytes: &[u8]) -> Result<String, RecordError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_string());
    }
    shift_jis::decode(bytes).map_err(|offset| RecordError {
        line: 1 + bytes[..offset].iter().filter(|&&b| b == b'\n').count(),
        kind: RecordErrorKind::Encoding,
    })
}

impl Record {
    /// A record of `game` with the given tags, no times, comments or stated ending.
    pub fn new(game: Game, tags: impl Into<Tags>) -> Record {
        Record {
            tags: tags.into(),
            game,
            comments: Vec::new(),
            seconds: Vec::new(),
            end: None,
        }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// Reads a record in any of the formats ([`Format::detect`]).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        match Format::detect(text) {
            Format::Kif => Record::from_kif(text),
            Format::Csa => Record::from_csa(text),
            Format::Usi => Record::from_usi(text),
        }
    }

    /// Reads a record's bytes in any of the formats ([`decode`], then [`Record::parse`]).
    pub fn parse_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        Record::parse(&decode(bytes)?)
    }

    /// The record written in `format`.
    pub fn write(&self, format: Format) -> String {
        match format {
            Format::Kif => self.to_kif(),
            Format::Csa => self.to_csa(),
            Format::Usi => self.to_usi(),
        }
    }

    /// The seconds move `ply` (from 1) took, when known.
    pub fn seconds_of(&self, ply: usize) -> Option<u32> {
        ply.checked_sub(1)
            .and_then(|i| self.seconds.get(i).copied().flatten())
    }

    /// The comments standing after `moves` moves.
    pub fn comments_after(&self, moves: usize) -> impl Iterator<Item = &str> {
        self.comments
            .iter()
            .filter(move |(at, _)| *at == moves)
            .map(|(_, text)| text.as_str())
    }

    /// Whether the start position is a handicap one (not the even start), whose players KIF
    /// calls 下手 and 上手.
    pub(crate) fn is_handicap(&self) -> bool {
        let sfen = self.game.start_position().to_sfen();
        super::handicap::Handicap::from_sfen(&sfen)
            .is_some_and(|h| h != super::handicap::Handicap::Even)
    }

    /// The rules spelling to write, when the rules are not the defaults.
    pub(crate) fn rules_header(&self) -> Option<String> {
        let rules = *self.game.rules();
        (rules != Ruleset::default()).then(|| rules.to_string())
    }

    /// How the game ended, when it did, for a record's last line: a stated ending, or the
    /// game's own outcome.
    pub(crate) fn ending(&self) -> Option<Ending> {
        if let Some(end) = self.end {
            return Some(Ending::Recorded(end));
        }
        self.game.outcome().map(Ending::Game)
    }
}

/// A record's ending, stated or decided by the rules.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Ending {
    Recorded(RecordedEnd),
    Game(Outcome),
}

/// An ending word of a record, before it is checked against the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stated {
    /// The side to move resigned.
    Resignation,
    /// The side to move ran out of time.
    TimeUp,
    /// The side to move declared an impasse win.
    Declaration,
    /// The side to move is mated (or has no move).
    Checkmate,
    /// Sennichite (a draw, or a perpetual-check loss).
    Sennichite,
    /// The move limit ended the game.
    MoveLimit,
    /// A stated ending the rules do not decide.
    Recorded(RecordedEnd),
    /// The side to move wins by the other side's foul (`反則勝ち`).
    FoulWin,
    /// The side to move loses by a foul (`反則負け`, `%ILLEGAL_MOVE`).
    FoulLoss,
}

/// One move of a record as read: the move, where and how it was written.
#[derive(Clone, Debug)]
pub(crate) struct Ply {
    pub(crate) played: Move,
    pub(crate) line: usize,
    pub(crate) text: String,
}

impl Ply {
    /// Plays a record's move on `game` (a move the rules refuse is the record's error on `line`)
    /// and keeps it with where and how it was written.
    pub(crate) fn play(
        game: &mut Game,
        played: Move,
        line: usize,
        text: &str,
    ) -> Result<Ply, RecordError> {
        let ply = game.moves().len() + 1;
        game.play(played).map_err(|e| {
            error(
                line,
                RecordErrorKind::IllegalMove {
                    ply,
                    text: common::truncate(text),
                    error: e,
                },
            )
        })?;
        Ok(Ply {
            played,
            line,
            text: text.to_string(),
        })
    }
}

/// What a reader gathered, before the rules and the ending are settled ([`Draft::finish`]).
pub(crate) struct Draft {
    pub(crate) tags: Tags,
    pub(crate) start: Position,
    /// The rules the record states, and the line that states them.
    pub(crate) rules: Option<(Ruleset, usize)>,
    pub(crate) plies: Vec<Ply>,
    pub(crate) comments: Vec<(usize, String)>,
    pub(crate) seconds: Vec<Option<u32>>,
    /// The stated ending, its text and line.
    pub(crate) end: Option<(Stated, String, usize)>,
}

/// The rules a reader plays the moves under while reading: those stated (or the defaults)
/// without a move limit, which [`Draft::finish`] settles once the moves are known.
pub(crate) fn reading_rules(stated: Option<Ruleset>) -> Ruleset {
    Ruleset {
        max_plies: None,
        ..stated.unwrap_or_default()
    }
}

/// The lines of a record, split at `\n`, `\r\n` and a lone `\r`, so that no line holds a
/// carriage return (line `i` of the result is line `i + 1` of the file).
pub(crate) fn record_lines(text: &str) -> Vec<&str> {
    text.lines().flat_map(|line| line.split('\r')).collect()
}

pub(crate) fn error(line: usize, kind: RecordErrorKind) -> RecordError {
    RecordError { line, kind }
}

impl Draft {
    /// The record: the moves replayed under the settled rules (module docs), then the stated
    /// ending checked against the game.
    pub(crate) fn finish(self) -> Result<Record, RecordError> {
        let plies_before = self.start.move_number().saturating_sub(1);
        let total = plies_before.saturating_add(self.plies.len() as u32);
        let rules = match self.rules {
            Some((rules, _)) => rules,
            None => {
                let mut rules = Ruleset::default();
                let stated = self.end.as_ref().map(|(s, _, _)| *s);
                if stated == Some(Stated::MoveLimit) && (1..=MAX_MAX_PLIES).contains(&total) {
                    rules.max_plies = Some(total);
                } else if let Some(limit) = rules.max_plies {
                    if total > limit || (total == limit && stated.is_some()) {
                        rules.max_plies = None;
                    }
                }
                rules
            }
        };
        let mut game = Game::from_position(self.start, rules);
        for (i, ply) in self.plies.iter().enumerate() {
            game.play(ply.played).map_err(|e| {
                error(
                    ply.line,
                    RecordErrorKind::IllegalMove {
                        ply: i + 1,
                        text: common::truncate(&ply.text),
                        error: e,
                    },
                )
            })?;
        }
        let mut end = None;
        if let Some((stated, text, line)) = self.end {
            end = settle(&mut game, stated, &text).map_err(|kind| error(line, kind))?;
        }
        let mut seconds = self.seconds;
        seconds.truncate(game.moves().len());
        while seconds.last() == Some(&None) {
            seconds.pop();
        }
        Ok(Record {
            tags: self.tags,
            game,
            comments: self.comments,
            seconds,
            end,
        })
    }
}

/// Applies a stated ending to the game: played when it is a player's act, checked when the
/// rules decide it, kept when they cannot.
fn settle(
    game: &mut Game,
    stated: Stated,
    text: &str,
) -> Result<Option<RecordedEnd>, RecordErrorKind> {
    let outcome = game.outcome();
    let to_move = game.position().side_to_move();
    let mismatch = || RecordErrorKind::EndingMismatch {
        stated: common::truncate(text),
        actual: outcome,
    };
    // An act of the side to move that hands the win to the other side agrees with a game the
    // rules already gave the other side (a mated player resigning).
    let loser_agrees = |loser: Side| outcome.is_some_and(|o| o.winner() == Some(loser.opponent()));
    // A foul the moves do not show is kept; one they show is perpetual check.
    let foul = |loser: Side| match outcome {
        None => Ok(Some(RecordedEnd::Foul(loser))),
        Some(Outcome::Win {
            winner,
            reason: WinReason::PerpetualCheck,
        }) if winner == loser.opponent() => Ok(None),
        Some(_) => Err(mismatch()),
    };
    match stated {
        Stated::Resignation | Stated::TimeUp => {
            if outcome.is_none() {
                if stated == Stated::Resignation {
                    game.resign(to_move);
                } else {
                    game.lose_on_time(to_move);
                }
            } else if !loser_agrees(to_move) {
                return Err(mismatch());
            }
            Ok(None)
        }
        Stated::Declaration => {
            game.declare_impasse()
                .map_err(RecordErrorKind::Declaration)?;
            Ok(None)
        }
        Stated::Checkmate => match outcome {
            Some(Outcome::Win {
                reason: WinReason::Checkmate | WinReason::NoLegalMove,
                ..
            }) => Ok(None),
            _ => Err(mismatch()),
        },
        Stated::Sennichite => match outcome {
            Some(
                Outcome::Draw(DrawReason::Sennichite)
                | Outcome::Win {
                    reason: WinReason::PerpetualCheck,
                    ..
                },
            ) => Ok(None),
            _ => Err(mismatch()),
        },
        Stated::MoveLimit => match outcome {
            Some(Outcome::Draw(DrawReason::MoveLimit(_))) => Ok(None),
            _ => Err(mismatch()),
        },
        Stated::FoulWin => foul(to_move.opponent()),
        Stated::FoulLoss => foul(to_move),
        Stated::Recorded(RecordedEnd::Foul(loser)) => foul(loser),
        Stated::Recorded(end) => match outcome {
            None => Ok(Some(end)),
            Some(_) => Err(mismatch()),
        },
    }
}

/// Whether a KIF header name is one the writer derives from the game (so a tag of that name
/// is not written).
pub(crate) fn is_derived_kif_key(name: &str) -> bool {
    matches!(
        name,
        "手合割" | "ルール" | "先手の持駒" | "後手の持駒" | "上手の持駒" | "下手の持駒" | "変化"
    )
}

/// A value written on one line: line breaks become spaces.
pub(crate) fn one_line(value: &str) -> String {
    value
        .chars()
        .map(|c| if matches!(c, '\n' | '\r') { ' ' } else { c })
        .collect()
}

impl Record {
    /// Reads a KIF record ([`kif`]).
    pub fn from_kif(text: &str) -> Result<Record, RecordError> {
        kif::read(text)
    }

    /// Reads a KIF record with its `変化：` variations ([`kif`]): the record (its game is the
    /// main line) and the moves with their variations from the game's start (the tree showing
    /// the start), every move checked by the rules.
    pub fn from_kif_tree(text: &str) -> Result<(Record, MoveTree<Move>), RecordError> {
        kif::read_tree(text)
    }

    /// Reads a record in any of the formats ([`Format::detect`]) with its variations: KIF's
    /// ([`Record::from_kif_tree`]); CSA and USI have none (the tree is the main line).
    pub fn parse_tree(text: &str) -> Result<(Record, MoveTree<Move>), RecordError> {
        if Format::detect(text) == Format::Kif {
            return Record::from_kif_tree(text);
        }
        let record = Record::parse(text)?;
        let tree = MoveTree::from_line(record.game.moves());
        Ok((record, tree))
    }

    /// The record in KIF with the variations of `tree` (the moves from the game's start, as
    /// [`Record::from_kif_tree`] gives them): the lines the tree branches from the game's
    /// moves, in `変化：` blocks ([`kif`]).
    pub fn to_kif_tree(&self, tree: &MoveTree<Move>) -> String {
        kif::write_tree(self, tree)
    }

    /// Reads a KIF record's bytes, UTF-8 or Shift_JIS ([`decode`]).
    pub fn from_kif_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        kif::read(&decode(bytes)?)
    }

    /// The record in KIF ([`kif`]), UTF-8 text.
    pub fn to_kif(&self) -> String {
        kif::write(self)
    }

    /// Reads a CSA record ([`csa`]).
    pub fn from_csa(text: &str) -> Result<Record, RecordError> {
        csa::read(text)
    }

    /// Reads a CSA record's bytes, UTF-8 or Shift_JIS ([`decode`]).
    pub fn from_csa_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        csa::read(&decode(bytes)?)
    }

    /// The record in CSA ([`csa`]).
    pub fn to_csa(&self) -> String {
        csa::write(self)
    }

    /// Reads a USI `position` command ([`usi`]).
    pub fn from_usi(text: &str) -> Result<Record, RecordError> {
        usi::read(text)
    }

    /// The start and the moves as a USI `position` command ([`usi`]).
    pub fn to_usi(&self) -> String {
        usi::write(self)
    }
}
