//! CSA, the Computer Shogi Association's record format (V2.2), read and written.
//!
//! ```text
//! V2.2
//! N+Habu
//! N-Sato
//! $EVENT:Casual game
//! $START_TIME:2024/05/03 10:30:00
//! PI
//! +
//! +7776FU
//! T12
//! '*A comment on the first move.
//! -3334FU
//! T5
//! +8822UM
//! -3122GI
//! +0045KA
//! %TORYO
//! ```
//!
//! - `V2.2` (any `V` version is read), then `N+`/`N-` names and `$NAME:value` lines (module
//!   [`super`] for the names; `$RULES:` is this project's rules line). These lines are read
//!   whole; others may hold several statements separated by `,`.
//! - The start: `PI` (the even start) followed by pieces to take off (`PI82HI22KA`: the
//!   two-piece handicap), or the rows `P1`…`P9` (`P1-KY-KE-GI-KI-OU-KI-GI-KE-KY`, ` * ` for an
//!   empty square, file 9 first); then `P+`/`P-` lines add pieces to the board or, with `00`,
//!   to the hand (`P+00HI00FU`; `00AL` gives a hand every piece not placed yet); then `+` or
//!   `-`, the side to move. CSA has no move number: the start is always move 1.
//! - Moves: the side's sign, origin (`00` for a drop), destination and the piece's code
//!   **after** the move (`+7776FU`, `+8822UM` promotes a bishop, `-0034KA` drops one); `T`
//!   and whole seconds after a move (a fraction is dropped).
//! - The ending: `%TORYO %CHUDAN %SENNICHITE %TIME_UP %ILLEGAL_MOVE %+ILLEGAL_ACTION
//!   %-ILLEGAL_ACTION %JISHOGI %HIKIWAKE %KACHI %TSUMI %MAX_MOVES` (module [`super`]).
//! - `'` lines are comments; `'*` ones belong to the record (the move above them), as in
//!   CSA V3. A file of several games (`/` lines) is refused.

use super::{
    error, one_line, reading_rules, record_lines, Draft, Ending, Ply, Record, RecordError,
    RecordErrorKind, RecordedEnd, Stated, TAG_NAMES,
};
use crate::game::{DrawReason, Game, Outcome, WinReason};
use crate::moves::Move;
use crate::piece::{Hand, Piece, PieceKind, Side};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::setup::{Setup, START_SFEN};
use crate::square::{Square, FILES, RANKS, SQUARE_COUNT};
use common::{truncate, Tags};
use std::fmt::Write as _;

/// The ending statements, with what they state.
const ENDINGS: [(&str, Stated); 12] = [
    ("%TORYO", Stated::Resignation),
    ("%CHUDAN", Stated::Recorded(RecordedEnd::Interrupted)),
    ("%SENNICHITE", Stated::Sennichite),
    ("%TIME_UP", Stated::TimeUp),
    ("%ILLEGAL_MOVE", Stated::FoulLoss),
    (
        "%+ILLEGAL_ACTION",
        Stated::Recorded(RecordedEnd::Foul(Side::Black)),
    ),
    (
        "%-ILLEGAL_ACTION",
        Stated::Recorded(RecordedEnd::Foul(Side::White)),
    ),
    ("%JISHOGI", Stated::Recorded(RecordedEnd::Jishogi)),
    ("%HIKIWAKE", Stated::Recorded(RecordedEnd::Jishogi)),
    ("%KACHI", Stated::Declaration),
    ("%TSUMI", Stated::Checkmate),
    ("%MAX_MOVES", Stated::MoveLimit),
];

/// The start position as its statements build it.
struct StartBuilder {
    board: [Option<Piece>; SQUARE_COUNT],
    hands: [Hand; 2],
    rows: [bool; RANKS as usize],
    /// Whether any statement of the start was read.
    begun: bool,
}

impl StartBuilder {
    fn new() -> StartBuilder {
        StartBuilder {
            board: [None; SQUARE_COUNT],
            hands: [Hand::EMPTY; 2],
            rows: [false; RANKS as usize],
            begun: false,
        }
    }
}

/// The square of two CSA digits (`77`), `None` for `00` or anything else.
fn square_of(digits: &[u8]) -> Option<Square> {
    let file = digits.first()?.checked_sub(b'0')?;
    let rank = digits.get(1)?.checked_sub(b'0')?;
    if file > 9 || rank > 9 {
        return None;
    }
    Square::from_numbers(file, rank)
}

/// Reads a CSA record (module docs).
pub(super) fn read(text: &str) -> Result<Record, RecordError> {
    let mut reader = Reader {
        tags: Tags::new(),
        rules: None,
        start: StartBuilder::new(),
        game: None,
        plies: Vec::new(),
        comments: Vec::new(),
        seconds: Vec::new(),
        end: None,
        last_line: 1,
    };
    for (i, raw) in record_lines(text).into_iter().enumerate() {
        let number = i + 1;
        reader.last_line = number;
        let line = if i == 0 {
            raw.trim_start_matches('\u{feff}')
        } else {
            raw
        };
        let line = line.trim_end();
        if let Some(comment) = line.strip_prefix('\'') {
            if let Some(kept) = comment.strip_prefix('*') {
                let at = reader.plies.len();
                reader.comments.push((at, kept.to_string()));
            }
            continue;
        }
        if line.starts_with('N') || line.starts_with('$') {
            reader.statement(number, line)?;
            continue;
        }
        for statement in line.split(',') {
            reader.statement(number, statement.trim_start())?;
        }
    }
    reader.finish()
}

struct Reader {
    tags: Tags,
    rules: Option<(Ruleset, usize)>,
    start: StartBuilder,
    game: Option<Game>,
    plies: Vec<Ply>,
    comments: Vec<(usize, String)>,
    seconds: Vec<Option<u32>>,
    end: Option<(Stated, String, usize)>,
    last_line: usize,
}

impl Reader {
    fn statement(&mut self, number: usize, statement: &str) -> Result<(), RecordError> {
        let statement = statement.trim_end();
        let fail = |kind| Err(error(number, kind));
        let not_csa = || error(number, RecordErrorKind::NotCsa(truncate(statement)));
        if statement.is_empty() {
            return Ok(());
        }
        if statement == "/" {
            return fail(RecordErrorKind::SecondGame);
        }
        let bytes = statement.as_bytes();
        match bytes[0] {
            b'V' if statement[1..]
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.') =>
            {
                Ok(())
            }
            b'N' => match statement.get(..2) {
                Some("N+") => {
                    self.tags.push("Sente", &statement[2..]);
                    Ok(())
                }
                Some("N-") => {
                    self.tags.push("Gote", &statement[2..]);
                    Ok(())
                }
                _ => Err(not_csa()),
            },
            b'$' => {
                let (key, value) = statement[1..].split_once(':').ok_or_else(not_csa)?;
                if key.is_empty() {
                    return Err(not_csa());
                }
                if key == "RULES" {
                    let rules = Ruleset::parse(value)
                        .map_err(|e| error(number, RecordErrorKind::Rules(e)))?;
                    self.rules = Some((rules, number));
                    return Ok(());
                }
                let prefix = format!("${key}:");
                let name = TAG_NAMES
                    .iter()
                    .find(|(_, _, csa)| *csa == Some(prefix.as_str()))
                    .map_or(key, |(tag, _, _)| tag);
                self.tags.push(name, value);
                Ok(())
            }
            b'P' => self.position_statement(number, statement),
            b'+' | b'-' if statement.len() == 1 => self.begin(number, statement),
            b'+' | b'-' => self.move_statement(number, statement),
            b'T' => {
                let digits = statement[1..]
                    .split_once('.')
                    .map_or(&statement[1..], |(whole, _)| whole);
                let seconds: u32 = digits
                    .parse()
                    .ok()
                    .filter(|&s| s < 100_000_000)
                    .ok_or_else(|| error(number, RecordErrorKind::BadTime(truncate(statement))))?;
                if self.end.is_none() {
                    if let Some(last) = self.seconds.last_mut() {
                        *last = Some(seconds);
                    }
                }
                Ok(())
            }
            b'%' => {
                if self.end.is_some() {
                    return fail(RecordErrorKind::AfterEnd(truncate(statement)));
                }
                let Some(&(_, stated)) = ENDINGS.iter().find(|(word, _)| *word == statement) else {
                    return fail(RecordErrorKind::UnknownEnding(truncate(statement)));
                };
                if self.game.is_none() {
                    return fail(RecordErrorKind::NoStartPosition);
                }
                self.end = Some((stated, statement.to_string(), number));
                Ok(())
            }
            _ => Err(not_csa()),
        }
    }

    /// `PI…`, `P1`–`P9` and `P+`/`P-` statements.
    fn position_statement(&mut self, number: usize, statement: &str) -> Result<(), RecordError> {
        let not_csa = || error(number, RecordErrorKind::NotCsa(truncate(statement)));
        if self.game.is_some() {
            return Err(not_csa());
        }
        let bad_placement = || error(number, RecordErrorKind::BadPlacement(truncate(statement)));
        let start = &mut self.start;
        start.begun = true;
        let bytes = statement.as_bytes();
        match bytes.get(1) {
            Some(b'I') => {
                let even = Setup::parse(START_SFEN).expect("the start is valid SFEN");
                start.board = even.board;
                start.rows = [true; RANKS as usize];
                let removals = &bytes[2..];
                if !removals.len().is_multiple_of(4) || !statement.is_ascii() {
                    return Err(bad_placement());
                }
                for item in removals.chunks(4) {
                    let sq = square_of(&item[..2]).ok_or_else(bad_placement)?;
                    let code = std::str::from_utf8(&item[2..]).map_err(|_| bad_placement())?;
                    let kind = PieceKind::from_csa(code).ok_or_else(bad_placement)?;
                    match start.board[sq.index()] {
                        Some(p) if p.kind == kind => start.board[sq.index()] = None,
                        _ => return Err(bad_placement()),
                    }
                }
                Ok(())
            }
            Some(&digit @ b'1'..=b'9') => {
                let rank = (digit - b'1') as usize;
                let bad_row = || error(number, RecordErrorKind::BadRow(truncate(statement)));
                if !statement.is_ascii() || statement.len() > 2 + 3 * FILES as usize {
                    return Err(bad_row());
                }
                // Editors drop the spaces at the end of a row.
                let row = format!("{:<27}", &statement[2..]);
                for (column, cell) in row.as_bytes().chunks(3).enumerate() {
                    let file = FILES as usize - 1 - column;
                    let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
                    start.board[sq.index()] = match cell {
                        b" * " => None,
                        [sign @ (b'+' | b'-'), code @ ..] => {
                            let code = std::str::from_utf8(code).map_err(|_| bad_row())?;
                            let kind = PieceKind::from_csa(code).ok_or_else(bad_row)?;
                            let side = if *sign == b'+' {
                                Side::Black
                            } else {
                                Side::White
                            };
                            Some(Piece::new(side, kind))
                        }
                        _ => return Err(bad_row()),
                    };
                }
                start.rows[rank] = true;
                Ok(())
            }
            Some(&sign @ (b'+' | b'-')) => {
                let side = if sign == b'+' {
                    Side::Black
                } else {
                    Side::White
                };
                let items = &bytes[2..];
                if items.is_empty() || !items.len().is_multiple_of(4) || !statement.is_ascii() {
                    return Err(bad_placement());
                }
                for item in items.chunks(4) {
                    let code = std::str::from_utf8(&item[2..]).map_err(|_| bad_placement())?;
                    if &item[..2] == b"00" {
                        if code == "AL" {
                            give_the_rest(start, side);
                            continue;
                        }
                        let kind = PieceKind::from_csa(code)
                            .filter(|k| k.is_hand_kind())
                            .ok_or_else(bad_placement)?;
                        let hand = &mut start.hands[side.index()];
                        if hand.count(kind) >= 18 {
                            return Err(bad_placement());
                        }
                        hand.add(kind);
                    } else {
                        let sq = square_of(&item[..2]).ok_or_else(bad_placement)?;
                        let kind = PieceKind::from_csa(code).ok_or_else(bad_placement)?;
                        start.board[sq.index()] = Some(Piece::new(side, kind));
                    }
                }
                Ok(())
            }
            _ => Err(not_csa()),
        }
    }

    /// The side-to-move line: the start is complete.
    fn begin(&mut self, number: usize, statement: &str) -> Result<(), RecordError> {
        if self.game.is_some() {
            return Err(error(number, RecordErrorKind::NotCsa(truncate(statement))));
        }
        let rows = self.start.rows.iter().filter(|&&r| r).count();
        if rows != 0 && rows != RANKS as usize {
            return Err(error(number, RecordErrorKind::RowCount(rows)));
        }
        let setup = Setup {
            board: self.start.board,
            hands: self.start.hands,
            side_to_move: if statement == "+" {
                Side::Black
            } else {
                Side::White
            },
            move_number: 1,
        };
        let start = Position::from_setup(&setup)
            .map_err(|e| error(number, RecordErrorKind::Position(e)))?;
        let rules = reading_rules(self.rules.map(|(r, _)| r));
        self.game = Some(Game::from_position(start, rules));
        Ok(())
    }

    fn move_statement(&mut self, number: usize, statement: &str) -> Result<(), RecordError> {
        if self.end.is_some() {
            return Err(error(
                number,
                RecordErrorKind::AfterEnd(truncate(statement)),
            ));
        }
        let Some(game) = self.game.as_mut() else {
            return Err(error(number, RecordErrorKind::NoStartPosition));
        };
        let ply = game.moves().len() + 1;
        let bad = || error(number, RecordErrorKind::BadCsaMove(truncate(statement)));
        let bytes = statement.as_bytes();
        if bytes.len() != 7 || !statement.is_ascii() {
            return Err(bad());
        }
        let to = square_of(&bytes[3..5]).ok_or_else(bad)?;
        let code = PieceKind::from_csa(&statement[5..7]).ok_or_else(bad)?;
        let position = game.position();
        let to_move = position.side_to_move();
        let sign = if bytes[0] == b'+' {
            Side::Black
        } else {
            Side::White
        };
        if sign != to_move {
            return Err(error(number, RecordErrorKind::WrongSide { ply, to_move }));
        }
        let played = if &bytes[1..3] == b"00" {
            if !code.is_hand_kind() {
                return Err(bad());
            }
            Move::drop(code, to)
        } else {
            let from = square_of(&bytes[1..3]).ok_or_else(bad)?;
            if from == to {
                return Err(bad());
            }
            let promote = match position.piece_at(from) {
                Some(p) if p.kind == code => false,
                Some(p) if p.kind.can_promote() && p.kind.promoted() == code => true,
                Some(p) if p.side == to_move => {
                    return Err(error(
                        number,
                        RecordErrorKind::CsaPiece {
                            ply,
                            square: from,
                            written: statement[5..7].to_string(),
                            found: p.kind,
                        },
                    ))
                }
                // An empty origin or the other side's piece: the rules say what is wrong.
                _ => code.is_promoted(),
            };
            Move::board(from, to, promote)
        };
        self.plies.push(Ply::play(game, played, number, statement)?);
        self.seconds.push(None);
        Ok(())
    }

    fn finish(self) -> Result<Record, RecordError> {
        let Some(game) = &self.game else {
            return Err(error(self.last_line, RecordErrorKind::NoStartPosition));
        };
        Draft {
            tags: self.tags,
            start: *game.start_position(),
            rules: self.rules,
            plies: self.plies,
            comments: self.comments,
            seconds: self.seconds,
            end: self.end,
        }
        .finish()
    }
}

/// `00AL`: every piece of the set that is neither on the board nor in a hand goes to `side`'s
/// hand (kings excepted).
fn give_the_rest(start: &mut StartBuilder, side: Side) {
    for kind in PieceKind::HAND {
        let on_board = start
            .board
            .iter()
            .flatten()
            .filter(|p| p.kind.unpromoted() == kind)
            .count() as u32;
        let in_hands: u32 = start.hands.iter().map(|h| h.count(kind) as u32).sum();
        let rest = (kind.set_count() as u32).saturating_sub(on_board + in_hands);
        let hand = &mut start.hands[side.index()];
        hand.set(kind, (hand.count(kind) as u32 + rest).min(18) as u8);
    }
}

// ---------------------------------------------------------------------------------------------
// Writing

/// A piece as a CSA board cell: `+FU`, `-OU`.
fn cell(piece: Piece) -> String {
    format!("{}{}", piece.side.csa_sign(), piece.kind.csa())
}

/// The start position: `PI` and the pieces taken off when it is the even start less some
/// pieces, else the nine rows and the hands.
fn write_start(out: &mut String, start: &Position) {
    let even = Setup::parse(START_SFEN).expect("the start is valid SFEN");
    let setup = start.to_setup();
    let hands_empty = setup.hands.iter().all(|h| h.is_empty());
    let subset = Square::all().all(|sq| {
        let now = setup.board[sq.index()];
        now.is_none() || now == even.board[sq.index()]
    });
    if hands_empty && subset {
        out.push_str("PI");
        for rank in 0..RANKS {
            for file in (0..FILES).rev() {
                let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
                if let (Some(p), None) = (even.board[sq.index()], setup.board[sq.index()]) {
                    let _ = write!(
                        out,
                        "{}{}{}",
                        sq.file_number(),
                        sq.rank_number(),
                        p.kind.csa()
                    );
                }
            }
        }
        out.push('\n');
    } else {
        for rank in 0..RANKS {
            let _ = write!(out, "P{}", rank + 1);
            for file in (0..FILES).rev() {
                let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
                match setup.board[sq.index()] {
                    Some(p) => out.push_str(&cell(p)),
                    None => out.push_str(" * "),
                }
            }
            out.push('\n');
        }
        for side in Side::ALL {
            let hand = setup.hands[side.index()];
            if hand.is_empty() {
                continue;
            }
            let _ = write!(out, "P{}", side.csa_sign());
            for (kind, count) in hand.pieces() {
                for _ in 0..count {
                    let _ = write!(out, "00{}", kind.csa());
                }
            }
            out.push('\n');
        }
    }
    out.push(setup.side_to_move.csa_sign());
    out.push('\n');
}

/// The ending statement for a record's last line, if the ending has one.
fn ending_statement(ending: Ending) -> Option<&'static str> {
    Some(match ending {
        Ending::Recorded(RecordedEnd::Interrupted) => "%CHUDAN",
        Ending::Recorded(RecordedEnd::Jishogi) => "%JISHOGI",
        Ending::Recorded(RecordedEnd::Foul(Side::Black)) => "%+ILLEGAL_ACTION",
        Ending::Recorded(RecordedEnd::Foul(Side::White)) => "%-ILLEGAL_ACTION",
        Ending::Game(Outcome::Win { reason, .. }) => match reason {
            WinReason::Checkmate => "%TSUMI",
            WinReason::NoLegalMove => return None,
            WinReason::PerpetualCheck => "%SENNICHITE",
            WinReason::Impasse(_) => "%KACHI",
            WinReason::Resignation => "%TORYO",
            WinReason::Time => "%TIME_UP",
        },
        Ending::Game(Outcome::Draw(DrawReason::Sennichite)) => "%SENNICHITE",
        Ending::Game(Outcome::Draw(DrawReason::MoveLimit(_))) => return None,
    })
}

/// Whether a tag can be written as a `$NAME:` line that reads back as itself.
fn is_csa_name(name: &str) -> bool {
    !name.is_empty() && name != "RULES" && !name.contains([':', '\n', '\r'])
}

/// Writes a CSA record (module docs).
pub(super) fn write(record: &Record) -> String {
    let mut out = String::from("V2.2\n");
    for (name, value) in record.tags.iter() {
        let value = one_line(value);
        match TAG_NAMES.iter().find(|(tag, _, _)| *tag == name) {
            Some((_, _, Some(prefix))) => {
                let _ = writeln!(out, "{prefix}{value}");
            }
            _ if is_csa_name(name) => {
                let _ = writeln!(out, "${name}:{value}");
            }
            _ => {}
        }
    }
    if let Some(rules) = record.rules_header() {
        let _ = writeln!(out, "$RULES:{rules}");
    }
    let game = &record.game;
    write_start(&mut out, game.start_position());
    for comment in record.comments_after(0) {
        let _ = writeln!(out, "'*{}", one_line(comment));
    }
    for (i, (&m, before)) in game.moves().iter().zip(game.positions()).enumerate() {
        let side = before.side_to_move();
        let (from, kind) = match (m.from(), m.dropped()) {
            (Some(from), _) => {
                let kind = before.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
                let after = if m.promotes() { kind.promoted() } else { kind };
                (
                    format!("{}{}", from.file_number(), from.rank_number()),
                    after,
                )
            }
            (None, Some(kind)) => ("00".to_string(), kind),
            (None, None) => continue,
        };
        let to = m.to();
        let _ = writeln!(
            out,
            "{}{from}{}{}{}",
            side.csa_sign(),
            to.file_number(),
            to.rank_number(),
            kind.csa()
        );
        if let Some(seconds) = record.seconds_of(i + 1) {
            let _ = writeln!(out, "T{seconds}");
        }
        for comment in record.comments_after(i + 1) {
            let _ = writeln!(out, "'*{}", one_line(comment));
        }
    }
    if let Some(statement) = record.ending().and_then(ending_statement) {
        out.push_str(statement);
        out.push('\n');
    }
    out
}
