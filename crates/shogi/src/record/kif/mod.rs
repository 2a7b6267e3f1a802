//! KIF, Kakinoki's Japanese record format (`.kif`), read and written.
//!
//! ```text
//! #KIF version=2.0 encoding=UTF-8
//! 開始日時：2024/05/03 10:30
//! 棋戦：Casual game
//! 先手：Habu
//! 後手：Sato
//! 手合割：平手
//! 手数----指手---------消費時間--
//!    1 ７六歩(77)   ( 0:12/00:00:12)
//! *A comment on the first move.
//!    2 ３四歩(33)   ( 0:05/00:00:05)
//!    3 ２二角成(88) ( 0:30/00:00:42)
//!    4 同　銀(31)   ( 0:02/00:00:07)
//!    5 ４五角打     ( 0:09/00:00:51)
//!    6 投了
//! まで5手で先手の勝ち
//! ```
//!
//! - Header lines are `name：value` (module [`super`] for the names; `下手`/`上手` stand for
//!   sente and gote in a handicap game). `手合割：` names the start: `平手` or a handicap
//!   ([`Handicap::japanese`]).
//! - Any other start is a board diagram (BOD): `後手の持駒：`, the file labels, the board
//!   between `+---…---+` lines with one row per rank (`|v香v桂 ・…|一`: ` ・` empty, `v` before
//!   gote's pieces, one-character names `歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍`),
//!   `先手の持駒：` (`飛　角二　歩十八`, or `なし`), then `後手番` when gote moves first and
//!   `手数＝N` when N plies came before it.
//! - Moves: the number, the move (destination or `同　`, the piece before it moves, `成`,
//!   `不成` or `打`, the origin in parentheses: `７六歩(77)`, `同　銀(31)`, `５五角打`), and
//!   optionally the time `( m:ss/h:mm:ss)` (the move's, then the side's total). Numbers run
//!   on from the first one. A move without an origin is read in the Japanese notation
//!   ([`crate::notation`]), relative markers included.
//! - The last line may state the ending: `投了 中断 千日手 詰み 持将棋 切れ負け 反則勝ち
//!   反則負け 入玉勝ち` (module [`super`] for what each means). `まで…` summaries are skipped
//!   when read and written for people.
//! - `*` lines are comments on the move above them (or on the start); `#` and `&` lines are
//!   skipped.
//! - Variations follow the main line (and its ending), as Kifu for Windows, ShogiGUI and
//!   ShogiHome write them: a line `変化：N手`, then moves numbered from N, an alternative to move
//!   N of the most recent line written before it that is still open — the lines are a stack:
//!   a `変化：N手` closes every line that began after move N, so a line's variations are
//!   written after it from its last move back to its first, each followed at once by its own.
//!   A move that has an alternative written after it is marked `+` (after its time, when it
//!   has one); readers need not rely on the mark, and this one ignores it. A variation may end
//!   with an ending word (which it states for itself alone) and may stand in place of the
//!   main line's ending. Every variation move is checked by the rules; comments and times in
//!   variations, and any other line after the first `変化：`, are skipped.
//!   [`Record::from_kif_tree`] reads the moves with their variations into a [`MoveTree`] and
//!   [`Record::to_kif_tree`] writes them; [`Record::from_kif`] reads the main line (everything
//!   from the first `変化：` on is skipped) and [`Record::to_kif`] writes it, as the game
//!   page's saves need no more (the page keeps a record's variations as written: [`variations`]).

use super::{
    error, is_derived_kif_key, one_line, reading_rules, record_lines, Draft, Ending, Ply, Record,
    RecordError, RecordErrorKind, RecordedEnd, Stated, TAG_NAMES,
};
use crate::game::{DrawReason, Game, Outcome, WinReason};
use crate::handicap::Handicap;
use crate::moves::Move;
use crate::notation::{self, japanese_square, kanji_number, NotationError};
use crate::piece::{Hand, Piece, PieceKind, Side};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::setup::Setup;
use crate::square::{Square, FILES, RANKS};
use common::tree::{MoveTree, NodeId, ROOT};
use common::{truncate, Tags};
use std::fmt::Write as _;

/// The move section's heading line.
const MOVES_HEADING: &str = "手数----指手---------消費時間--";

/// The one-character names of a board diagram, with their kinds.
const BOARD_NAMES: [(char, PieceKind); 16] = [
    ('歩', PieceKind::Pawn),
    ('香', PieceKind::Lance),
    ('桂', PieceKind::Knight),
    ('銀', PieceKind::Silver),
    ('金', PieceKind::Gold),
    ('角', PieceKind::Bishop),
    ('飛', PieceKind::Rook),
    ('玉', PieceKind::King),
    ('王', PieceKind::King),
    ('と', PieceKind::Tokin),
    ('杏', PieceKind::ProLance),
    ('圭', PieceKind::ProKnight),
    ('全', PieceKind::ProSilver),
    ('馬', PieceKind::Horse),
    ('龍', PieceKind::Dragon),
    ('竜', PieceKind::Dragon),
];

fn board_kind(c: char) -> Option<PieceKind> {
    BOARD_NAMES
        .iter()
        .find(|(name, _)| *name == c)
        .map(|&(_, kind)| kind)
}

fn board_char(kind: PieceKind) -> char {
    BOARD_NAMES
        .iter()
        .find(|(_, k)| *k == kind)
        .map_or('・', |&(c, _)| c)
}

/// The ending words, with what they state.
const ENDINGS: [(&str, Stated); 11] = [
    ("投了", Stated::Resignation),
    ("中断", Stated::Recorded(RecordedEnd::Interrupted)),
    ("千日手", Stated::Sennichite),
    ("詰み", Stated::Checkmate),
    ("持将棋", Stated::Recorded(RecordedEnd::Jishogi)),
    ("切れ負け", Stated::TimeUp),
    ("時間切れ", Stated::TimeUp),
    ("反則勝ち", Stated::FoulWin),
    ("反則負け", Stated::FoulLoss),
    ("入玉勝ち", Stated::Declaration),
    ("宣言勝ち", Stated::Declaration),
];

/// Spaces a KIF line may pad with.
fn is_pad(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{3000}')
}

/// A board diagram as read so far.
#[derive(Default)]
struct Diagram {
    /// The first line of the diagram (for errors about it as a whole).
    line: Option<usize>,
    rows: Vec<[Option<Piece>; FILES as usize]>,
    hands: [Hand; 2],
    side: Option<Side>,
    plies_before: Option<u32>,
}

impl Diagram {
    fn touch(&mut self, line: usize) {
        self.line.get_or_insert(line);
    }
}

/// Reads a KIF record's main line (module docs).
pub(super) fn read(text: &str) -> Result<Record, RecordError> {
    read_lines::<false>(text).map(|(record, _)| record)
}

/// Reads a KIF record with its variations (module docs).
pub(super) fn read_tree(text: &str) -> Result<(Record, MoveTree<Move>), RecordError> {
    let (record, tree) = read_lines::<true>(text)?;
    let tree = tree.unwrap_or_else(|| MoveTree::from_line(record.game.moves()));
    Ok((record, tree))
}

/// Reads a KIF record, with its variations when `TREE` (a constant, so that the main-line
/// reader carries none of their code).
fn read_lines<const TREE: bool>(
    text: &str,
) -> Result<(Record, Option<MoveTree<Move>>), RecordError> {
    let mut reader = Reader::default();
    let mut variations = Vec::new();
    for (i, raw) in record_lines(text).into_iter().enumerate() {
        let line = if i == 0 {
            raw.trim_start_matches('\u{feff}')
        } else {
            raw
        };
        let line = line.trim_end_matches(is_pad);
        // After the first 変化 the variations' lines are read, the others skipped, as the
        // main-line reader stops there.
        if TREE && (variation_line(&mut variations, i + 1, line)? || !variations.is_empty()) {
            continue;
        }
        reader.line(i + 1, line)?;
        if reader.in_variation {
            break; // (only without TREE: then variation_line takes every 変化 line)
        }
    }
    if !TREE {
        return Ok((reader.finish()?, None));
    }
    let rules = reading_rules(reader.rules.map(|(r, _)| r));
    let main_ended = reader.end.is_some();
    let record = reader.finish()?;
    let tree = variation_tree(&record, rules, main_ended, &variations)?;
    Ok((record, Some(tree)))
}

/// Reads `text` if it belongs to the variations (a `変化：` line, or a move or comment after
/// one): whether it did.
fn variation_line(
    variations: &mut Vec<Variation>,
    number: usize,
    text: &str,
) -> Result<bool, RecordError> {
    let text = text.trim_start_matches(is_pad);
    if text.starts_with("変化") {
        let first = variation_number(text)
            .ok_or_else(|| error(number, RecordErrorKind::NotKif(truncate(text))))?;
        variations.push(Variation {
            line: number,
            number: first,
            moves: Vec::new(),
            ended: false,
        });
        return Ok(true);
    }
    let Some(variation) = variations.last_mut() else {
        return Ok(false);
    };
    if text.starts_with('*') {
        return Ok(true); // comments in variations are skipped
    }
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        variation.move_line(number, text)?;
        return Ok(true);
    }
    Ok(false)
}

#[derive(Default)]
struct Reader {
    tags: Tags,
    handicap: Option<(String, usize)>,
    rules: Option<(Ruleset, usize)>,
    diagram: Diagram,
    game: Option<Game>,
    plies: Vec<Ply>,
    comments: Vec<(usize, String)>,
    seconds: Vec<Option<u32>>,
    end: Option<(Stated, String, usize)>,
    next_number: Option<usize>,
    /// A `変化：` line was read: the main line is over.
    in_variation: bool,
}

/// A `変化：N手` block as read: its moves as written, checked once the main line is known.
struct Variation {
    /// The line of `変化：`.
    line: usize,
    /// N: the number of its first move.
    number: usize,
    /// Its moves: each line and move text.
    moves: Vec<(usize, String)>,
    /// It ends with an ending word.
    ended: bool,
}

impl Variation {
    fn move_line(&mut self, number: usize, text: &str) -> Result<(), RecordError> {
        let (found, move_text, _time) = move_parts(number, text)?;
        if self.ended {
            return Err(error(number, RecordErrorKind::AfterEnd(truncate(text))));
        }
        let expected = self.number + self.moves.len();
        if found != expected {
            return Err(error(
                number,
                RecordErrorKind::MoveNumber { found, expected },
            ));
        }
        if ENDINGS.iter().any(|(word, _)| *word == move_text) {
            self.ended = true;
        } else {
            self.moves.push((number, move_text.to_string()));
        }
        Ok(())
    }
}

/// The N of a `変化：N手` line (digits ASCII or full-width).
fn variation_number(text: &str) -> Option<usize> {
    let rest = text.strip_prefix("変化")?;
    let rest = rest
        .strip_prefix('：')
        .or_else(|| rest.strip_prefix(':'))?
        .trim_start_matches(is_pad);
    let digits: String = rest
        .chars()
        .map_while(|c| match c {
            '0'..='9' => Some(c),
            '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10),
            _ => None,
        })
        .collect();
    let after = &rest[rest
        .char_indices()
        .nth(digits.chars().count())
        .map_or(rest.len(), |(i, _)| i)..];
    if !after.trim_matches(is_pad).starts_with('手') {
        return None;
    }
    digits.parse().ok().filter(|&n| (1..1_000_000).contains(&n))
}

/// A move line's number, move text and time (`( 0:12/00:01:03)`), the `+` that marks a move
/// with variations dropped.
fn move_parts(number: usize, text: &str) -> Result<(usize, &str, Option<&str>), RecordError> {
    let digits_end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let found: usize = text[..digits_end]
        .parse()
        .ok()
        .filter(|&n| n < 1_000_000)
        .ok_or_else(|| error(number, RecordErrorKind::NotKif(truncate(text))))?;
    let rest = text[digits_end..].trim_start_matches(is_pad);
    if rest.len() == text[digits_end..].len() || rest.is_empty() {
        return Err(error(number, RecordErrorKind::NotKif(truncate(text))));
    }
    let rest = rest.trim_end_matches(is_pad);
    let rest = rest.strip_suffix('+').unwrap_or(rest);
    let (move_text, time) = split_time(rest);
    let move_text = move_text.trim_end_matches(is_pad);
    let move_text = move_text.strip_suffix('+').unwrap_or(move_text);
    Ok((found, move_text, time))
}

/// Reads a KIF move from where `game` stands (its last move is the one `同` refers to).
fn read_move(game: &Game, text: &str, line: usize) -> Result<Move, RecordError> {
    let ply = game.moves().len() + 1;
    let previous = game.moves().last().copied();
    notation::parse_japanese(game.position(), text, previous).map_err(|e| {
        let kind = match e {
            NotationError::Illegal { text, error } => {
                RecordErrorKind::IllegalMove { ply, text, error }
            }
            other => RecordErrorKind::BadMove { ply, error: other },
        };
        error(line, kind)
    })
}

impl Reader {
    fn line(&mut self, number: usize, line: &str) -> Result<(), RecordError> {
        let text = line.trim_start_matches(is_pad);
        let fail = |kind| Err(error(number, kind));
        if text.is_empty() || text.starts_with('#') || text.starts_with('&') {
            return Ok(());
        }
        if let Some(comment) = text.strip_prefix('*') {
            self.comments.push((self.plies.len(), comment.to_string()));
            return Ok(());
        }
        if text.starts_with("変化") {
            self.in_variation = true;
            return Ok(());
        }
        if text.starts_with("まで") || text.starts_with("手数--") {
            return Ok(());
        }
        if text.starts_with(|c: char| c.is_ascii_digit()) {
            return self.move_line(number, text);
        }
        let diagram_line = self.diagram_line(number, text)?;
        if diagram_line {
            if self.game.is_some() {
                return fail(RecordErrorKind::NotKif(truncate(text)));
            }
            return Ok(());
        }
        let Some((key, value)) = text
            .split_once('：')
            .or_else(|| text.split_once(':'))
            .map(|(k, v)| (k.trim_matches(is_pad), v.trim_matches(is_pad)))
            .filter(|(k, _)| !k.is_empty())
        else {
            return fail(RecordErrorKind::NotKif(truncate(text)));
        };
        match key {
            "手合割" => self.handicap = Some((value.to_string(), number)),
            "ルール" => {
                let rules =
                    Ruleset::parse(value).map_err(|e| error(number, RecordErrorKind::Rules(e)))?;
                self.rules = Some((rules, number));
            }
            _ => {
                let name = match key {
                    "下手" => "Sente",
                    "上手" => "Gote",
                    _ => TAG_NAMES
                        .iter()
                        .find(|(_, kif, _)| *kif == key)
                        .map_or(key, |(tag, _, _)| tag),
                };
                self.tags.push(name, value);
            }
        }
        Ok(())
    }

    /// Reads `text` as a line of a board diagram; `false` when it is none.
    fn diagram_line(&mut self, number: usize, text: &str) -> Result<bool, RecordError> {
        let d = &mut self.diagram;
        for (prefix, side) in [
            ("後手の持駒", Side::White),
            ("上手の持駒", Side::White),
            ("先手の持駒", Side::Black),
            ("下手の持駒", Side::Black),
        ] {
            if let Some(rest) = text.strip_prefix(prefix) {
                let list = rest
                    .strip_prefix('：')
                    .or_else(|| rest.strip_prefix(':'))
                    .unwrap_or(rest);
                d.touch(number);
                d.hands[side.index()] = read_hand(list)
                    .ok_or_else(|| error(number, RecordErrorKind::BadHand(truncate(list))))?;
                return Ok(true);
            }
        }
        match text {
            "先手番" | "下手番" => {
                d.touch(number);
                d.side = Some(Side::Black);
                return Ok(true);
            }
            "後手番" | "上手番" => {
                d.touch(number);
                d.side = Some(Side::White);
                return Ok(true);
            }
            _ => {}
        }
        if let Some(rest) = text.strip_prefix("手数＝") {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let plies = digits
                .parse::<u32>()
                .ok()
                .filter(|&n| n < 1_000_000)
                .ok_or_else(|| error(number, RecordErrorKind::NotKif(truncate(text))))?;
            d.touch(number);
            d.plies_before = Some(plies);
            return Ok(true);
        }
        if text.starts_with('+') && text.chars().all(|c| c == '+' || c == '-') {
            d.touch(number);
            return Ok(true);
        }
        if text
            .chars()
            .all(|c| is_pad(c) || ('１'..='９').contains(&c))
        {
            d.touch(number);
            return Ok(true);
        }
        if let Some(rest) = text.strip_prefix('|') {
            d.touch(number);
            let bad = || error(number, RecordErrorKind::BadRow(truncate(text)));
            let (cells, _) = rest.split_once('|').ok_or_else(bad)?;
            let row = read_row(cells).ok_or_else(bad)?;
            if d.rows.len() >= RANKS as usize {
                return Err(error(number, RecordErrorKind::RowCount(d.rows.len() + 1)));
            }
            d.rows.push(row);
            return Ok(true);
        }
        Ok(false)
    }

    /// The start position, fixed when the first move (or the end) is reached.
    fn start(&self) -> Result<Position, RecordError> {
        let d = &self.diagram;
        if let Some(first) = d.line {
            if d.rows.len() != RANKS as usize {
                return Err(error(first, RecordErrorKind::RowCount(d.rows.len())));
            }
            let mut setup = Setup::empty();
            for (rank, row) in d.rows.iter().enumerate() {
                for (column, piece) in row.iter().enumerate() {
                    let file = FILES as usize - 1 - column;
                    let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
                    setup.board[sq.index()] = *piece;
                }
            }
            setup.hands = d.hands;
            setup.side_to_move = d.side.unwrap_or(Side::Black);
            setup.move_number = d.plies_before.unwrap_or(0) + 1;
            return Position::from_setup(&setup)
                .map_err(|e| error(first, RecordErrorKind::Position(e)));
        }
        match &self.handicap {
            Some((name, line)) => {
                let handicap = Handicap::from_japanese(name).ok_or_else(|| {
                    error(*line, RecordErrorKind::UnknownHandicap(truncate(name)))
                })?;
                Position::from_sfen(handicap.sfen())
                    .map_err(|e| error(*line, RecordErrorKind::Position(e)))
            }
            None => Ok(Position::start()),
        }
    }

    fn move_line(&mut self, number: usize, text: &str) -> Result<(), RecordError> {
        let (found, move_text, time) = move_parts(number, text)?;
        if self.end.is_some() {
            return Err(error(number, RecordErrorKind::AfterEnd(truncate(text))));
        }
        let expected = self.next_number.unwrap_or(found);
        if found != expected {
            return Err(error(
                number,
                RecordErrorKind::MoveNumber { found, expected },
            ));
        }
        self.next_number = Some(found + 1);
        let seconds = match time {
            Some(time) => Some(
                read_time(time)
                    .ok_or_else(|| error(number, RecordErrorKind::BadTime(truncate(time))))?,
            ),
            None => None,
        };
        if self.game.is_none() {
            let start = self.start()?;
            let rules = reading_rules(self.rules.map(|(r, _)| r));
            self.game = Some(Game::from_position(start, rules));
        }
        if let Some(&(_, stated)) = ENDINGS.iter().find(|(word, _)| *word == move_text) {
            self.end = Some((stated, move_text.to_string(), number));
            return Ok(());
        }
        if ["不詰", "封じ手"].contains(&move_text) {
            return Err(error(
                number,
                RecordErrorKind::UnknownEnding(truncate(move_text)),
            ));
        }
        let game = self.game.as_mut().expect("started above");
        let played = read_move(game, move_text, number)?;
        self.plies.push(Ply::play(game, played, number, move_text)?);
        self.seconds.push(seconds);
        Ok(())
    }

    fn finish(self) -> Result<Record, RecordError> {
        let start = match &self.game {
            Some(game) => *game.start_position(),
            None => self.start()?,
        };
        Draft {
            tags: self.tags,
            start,
            rules: self.rules,
            plies: self.plies,
            comments: self.comments,
            seconds: self.seconds,
            end: self.end,
        }
        .finish()
    }
}

/// A line of the tree while variations are read: where it branches and its moves.
struct Line {
    /// The number of its first move.
    first: usize,
    /// The node it branches from.
    parent: NodeId,
    /// Its moves' nodes.
    nodes: Vec<NodeId>,
    /// It ends with an ending word (one more move number a variation may replace).
    ended: bool,
}

/// The record's moves with the variations read, each placed by the stack of lines (module
/// docs) and its moves checked by the rules (`rules`: those the moves were read under).
fn variation_tree(
    record: &Record,
    rules: Ruleset,
    main_ended: bool,
    variations: &[Variation],
) -> Result<MoveTree<Move>, RecordError> {
    let start = *record.game.start_position();
    let mut tree = MoveTree::from_line(record.game.moves());
    let mut main = Vec::new();
    let mut at = ROOT;
    while let Some(&next) = tree.children(at).first() {
        main.push(next);
        at = next;
    }
    let mut lines = vec![Line {
        first: start.move_number() as usize,
        parent: ROOT,
        nodes: main,
        ended: main_ended,
    }];
    for variation in variations {
        while lines.len() > 1 && lines.last().is_some_and(|l| l.first > variation.number) {
            lines.pop();
        }
        let line = lines.last().expect("the main line stays");
        let slots = line.nodes.len() + usize::from(line.ended);
        let index = variation
            .number
            .checked_sub(line.first)
            .filter(|&i| i < slots)
            .ok_or_else(|| {
                error(
                    variation.line,
                    RecordErrorKind::VariationOutsideLine {
                        number: variation.number,
                        first: line.first,
                        last: (line.first + slots).saturating_sub(1),
                    },
                )
            })?;
        let parent = match index {
            0 => line.parent,
            i => line.nodes[i - 1],
        };
        let mut game = Game::from_position(start, rules);
        for m in tree.path_to(parent).unwrap_or_default() {
            // The tree's moves were checked as they were read.
            let _ = game.play(m);
        }
        tree.go_to(parent);
        let mut nodes = Vec::new();
        for (number, text) in &variation.moves {
            let played = read_move(&game, text, *number)?;
            Ply::play(&mut game, played, *number, text)?;
            tree.play(played);
            nodes.push(tree.current());
        }
        if !nodes.is_empty() || variation.ended {
            lines.push(Line {
                first: variation.number,
                parent,
                nodes,
                ended: variation.ended,
            });
        }
    }
    tree.to_start();
    Ok(tree)
}

/// Splits a move line's rest into the move and its time in parentheses (the last `(` whose
/// contents hold a `:`), if any.
fn split_time(rest: &str) -> (&str, Option<&str>) {
    if let Some(open) = rest.rfind('(') {
        if rest[open..].contains(':') {
            return (&rest[..open], Some(&rest[open..]));
        }
    }
    (rest, None)
}

/// The seconds of a time `( m:ss/hh:mm:ss)` (the part after `/` may be missing).
fn read_time(time: &str) -> Option<u32> {
    let inner = time
        .strip_prefix('(')?
        .trim_end_matches(is_pad)
        .strip_suffix(')')?;
    let (own, total) = match inner.split_once('/') {
        Some((own, total)) => (own, Some(total)),
        None => (inner, None),
    };
    let (minutes, seconds) = own.trim().split_once(':')?;
    let minutes: u32 = minutes.trim().parse().ok().filter(|&m| m < 100_000)?;
    let seconds: u32 = seconds.trim().parse().ok().filter(|&s| s < 60)?;
    if let Some(total) = total {
        let parts: Vec<&str> = total.trim().split(':').collect();
        let numbers_ok = parts.len() == 3 && parts.iter().all(|p| p.trim().parse::<u32>().is_ok());
        if !numbers_ok {
            return None;
        }
    }
    Some(minutes * 60 + seconds)
}

/// A hand list: `なし`, or names with kanji (or ASCII) counts separated by spaces.
fn read_hand(list: &str) -> Option<Hand> {
    let mut hand = Hand::EMPTY;
    let list = list.trim_matches(is_pad);
    if list == "なし" || list.is_empty() {
        return Some(hand);
    }
    for item in list.split(is_pad).filter(|s| !s.is_empty()) {
        let mut chars = item.chars();
        let kind = board_kind(chars.next()?).filter(|k| k.is_hand_kind())?;
        let count_text = chars.as_str();
        let count = if count_text.is_empty() {
            1
        } else {
            notation::parse_kanji_number(count_text)
                .or_else(|| count_text.parse().ok())
                .filter(|&n| (1..=18).contains(&n))?
        };
        let total = hand.count(kind) as u32 + count;
        if total > 18 {
            return None;
        }
        hand.set(kind, total as u8);
    }
    Some(hand)
}

/// The nine cells of a board row, file 9 first.
fn read_row(cells: &str) -> Option<[Option<Piece>; FILES as usize]> {
    let chars: Vec<char> = cells.chars().collect();
    if chars.len() != 2 * FILES as usize {
        return None;
    }
    let mut row = [None; FILES as usize];
    for (column, pair) in chars.chunks(2).enumerate() {
        row[column] = match (pair[0], pair[1]) {
            (' ' | '\u{3000}', '・') => None,
            (mark @ (' ' | '\u{3000}' | 'v'), c) => {
                let side = if mark == 'v' {
                    Side::White
                } else {
                    Side::Black
                };
                Some(Piece::new(side, board_kind(c)?))
            }
            _ => return None,
        };
    }
    Some(row)
}

// ---------------------------------------------------------------------------------------------
// Writing

/// The header name to write for a tag.
fn header_name(name: &str, handicap: bool) -> String {
    match name {
        "Sente" if handicap => return "下手".to_string(),
        "Gote" if handicap => return "上手".to_string(),
        _ => {}
    }
    if let Some((_, kif, _)) = TAG_NAMES.iter().find(|(tag, _, _)| *tag == name) {
        return kif.to_string();
    }
    // Keep the name from reading as another kind of line (the reader's order of tests).
    let cleaned: String = name
        .chars()
        .map(|c| match c {
            '：' | '\n' | '\r' => '_',
            c => c,
        })
        .collect();
    let cleaned = cleaned.trim_matches(is_pad).to_string();
    let starts_badly = cleaned.is_empty()
        || cleaned.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '*' | '#' | '&' | '|'))
        || [
            "変化",
            "まで",
            "手数--",
            "手数＝",
            "先手の持駒",
            "後手の持駒",
            "上手の持駒",
            "下手の持駒",
        ]
        .iter()
        .any(|prefix| cleaned.starts_with(prefix));
    if starts_badly {
        format!("_{cleaned}")
    } else {
        cleaned
    }
}

/// The hand as a KIF list (`飛　角二　歩十八`, `なし`).
fn write_hand(hand: Hand) -> String {
    let items: Vec<String> = hand
        .pieces()
        .map(|(kind, count)| {
            let mut item = board_char(kind).to_string();
            if count > 1 {
                item.push_str(&kanji_number(count as u32));
            }
            item
        })
        .collect();
    if items.is_empty() {
        "なし".to_string()
    } else {
        items.join("\u{3000}")
    }
}

/// The board diagram of a start position.
fn write_diagram(out: &mut String, start: &Position, handicap: bool) {
    let (sente, gote) = if handicap {
        ("下手", "上手")
    } else {
        ("先手", "後手")
    };
    let _ = writeln!(out, "{gote}の持駒：{}", write_hand(start.hand(Side::White)));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n");
    out.push_str("+---------------------------+\n");
    for rank in 0..RANKS {
        out.push('|');
        for file in (0..FILES).rev() {
            let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
            match start.piece_at(sq) {
                Some(p) => {
                    out.push(if p.side == Side::White { 'v' } else { ' ' });
                    out.push(board_char(p.kind));
                }
                None => out.push_str(" ・"),
            }
        }
        out.push('|');
        out.push_str(&notation::kanji_number(rank as u32 + 1));
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    let _ = writeln!(
        out,
        "{sente}の持駒：{}",
        write_hand(start.hand(Side::Black))
    );
    if start.side_to_move() == Side::White {
        let _ = writeln!(out, "{gote}番");
    }
    if start.move_number() > 1 {
        let _ = writeln!(out, "手数＝{}", start.move_number() - 1);
    }
}

/// A move as KIF writes it: `７六歩(77)`, `同　銀(31)`, `５五角打`, `２二角成(88)`.
pub fn move_text(pos: &Position, m: Move, previous: Option<Move>) -> String {
    let mut out = if previous.is_some_and(|p| p.to() == m.to()) {
        "同\u{3000}".to_string()
    } else {
        japanese_square(m.to())
    };
    if let Some(kind) = m.dropped() {
        out.push_str(kind.kanji());
        out.push('打');
        return out;
    }
    let Some(from) = m.from() else {
        return m.to_string();
    };
    let Some(piece) = pos.piece_at(from) else {
        return m.to_string();
    };
    out.push_str(piece.kind.kanji());
    if m.promotes() {
        out.push('成');
    } else if pos.is_legal(Move::board(from, m.to(), true)) {
        out.push_str("不成");
    }
    let _ = write!(out, "({}{})", from.file_number(), from.rank_number());
    out
}

/// The width of text in half-width columns (full-width characters take two).
fn columns(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// The ending word for a record's last line, if the ending has one.
fn ending_word(ending: Ending, to_move: Side) -> Option<&'static str> {
    Some(match ending {
        Ending::Recorded(RecordedEnd::Interrupted) => "中断",
        Ending::Recorded(RecordedEnd::Jishogi) => "持将棋",
        Ending::Recorded(RecordedEnd::Foul(loser)) if loser == to_move => "反則負け",
        Ending::Recorded(RecordedEnd::Foul(_)) => "反則勝ち",
        Ending::Game(Outcome::Win { reason, .. }) => match reason {
            WinReason::Checkmate => "詰み",
            WinReason::NoLegalMove => return None,
            WinReason::PerpetualCheck => "千日手",
            WinReason::Impasse(_) => "入玉勝ち",
            WinReason::Resignation => "投了",
            WinReason::Time => "切れ負け",
        },
        Ending::Game(Outcome::Draw(DrawReason::Sennichite)) => "千日手",
        Ending::Game(Outcome::Draw(DrawReason::MoveLimit(_))) => return None,
    })
}

/// A KIF record's variations as written: its lines from the first `変化：` on (what
/// [`Record::from_kif`] skips), without the blank lines after them, and whether one of them is
/// numbered as the move after the last of `record` (the record read from `text`): that one may
/// stand in place of the main line's ending word, so written after another main line the
/// variations need it to end there too (or go on past it). `None` when the text has no
/// `変化：` line. Nothing in them is checked: a page that keeps them as text writes them back
/// after [`Record::to_kif`] while its moves still begin with the record's ([`writes_ending`]).
pub fn variations(text: &str, record: &Record) -> Option<(String, bool)> {
    let lines = record_lines(text);
    let first = lines.iter().position(|line| {
        line.trim_start_matches(|c: char| is_pad(c) || c == '\u{feff}')
            .starts_with("変化")
    })?;
    let kept: Vec<&str> = lines[first..]
        .iter()
        .map(|line| line.trim_end_matches(is_pad))
        .collect();
    let after_last =
        record.game.start_position().move_number() as usize + record.game.moves().len();
    let at_end = kept
        .iter()
        .filter_map(|line| variation_number(line.trim_start_matches(is_pad)))
        .any(|number| number == after_last);
    Some((kept.join("\n").trim_end().to_string(), at_end))
}

/// Whether [`Record::to_kif`] ends the record's main line with an ending word (`投了`…), the
/// place a variation may stand instead ([`variations`]).
pub fn writes_ending(record: &Record) -> bool {
    let to_move = record.game.position().side_to_move();
    record
        .ending()
        .is_some_and(|ending| ending_word(ending, to_move).is_some())
}

/// Writes a KIF record's main line (module docs).
pub(super) fn write(record: &Record) -> String {
    write_lines::<false>(record, None)
}

/// Writes a KIF record with the variations of `tree` (module docs).
pub(super) fn write_tree(record: &Record, tree: &MoveTree<Move>) -> String {
    write_lines::<true>(record, Some(tree))
}

/// Writes a KIF record, with the variations of `tree` when `TREE` (a constant, so that the
/// main-line writer carries none of their code).
fn write_lines<const TREE: bool>(record: &Record, tree: Option<&MoveTree<Move>>) -> String {
    let tree = if TREE { tree } else { None };
    let mut out = String::from("#KIF version=2.0 encoding=UTF-8\n");
    let handicap = record.is_handicap();
    for (name, value) in record.tags.iter() {
        if is_derived_kif_key(name) {
            continue;
        }
        let _ = writeln!(out, "{}：{}", header_name(name, handicap), one_line(value));
    }
    let game = &record.game;
    let start = game.start_position();
    match Handicap::from_sfen(&start.to_sfen()) {
        Some(h) => {
            let _ = writeln!(out, "手合割：{}", h.japanese());
        }
        None => write_diagram(&mut out, start, handicap),
    }
    if let Some(rules) = record.rules_header() {
        let _ = writeln!(out, "ルール：{rules}");
    }
    for comment in record.comments_after(0) {
        let _ = writeln!(out, "*{}", one_line(comment));
    }
    out.push_str(MOVES_HEADING);
    out.push('\n');
    let first_number = start.move_number() as usize;
    let mut totals = [0u64; 2];
    // The main line's moves in the tree (while the tree follows the game's moves), for the
    // variations branching there.
    let mut steps = Vec::new();
    let mut node = tree.map(|_| ROOT);
    for (i, (&m, before)) in game.moves().iter().zip(game.positions()).enumerate() {
        let previous = i.checked_sub(1).map(|p| game.moves()[p]);
        let text = move_text(before, m, previous);
        let mut marked = false;
        if let (Some(tree), Some(parent)) = (tree, node) {
            node = tree
                .children(parent)
                .iter()
                .copied()
                .find(|&c| tree.move_of(c) == Some(m));
            let step = Step {
                parent,
                node,
                before: *before,
                number: first_number + i,
            };
            marked = has_alternatives(tree, &step);
            steps.push(step);
        }
        let _ = write!(out, "{:>4} {text}", first_number + i);
        if let Some(seconds) = record.seconds_of(i + 1) {
            let side = before.side_to_move().index();
            totals[side] += seconds as u64;
            let total = totals[side];
            let pad = 13usize.saturating_sub(columns(&text)).max(1);
            let _ = write!(
                out,
                "{:pad$}({:>2}:{:02}/{:02}:{:02}:{:02})",
                "",
                seconds / 60,
                seconds % 60,
                total / 3600,
                total / 60 % 60,
                total % 60
            );
        }
        if marked {
            out.push('+');
        }
        out.push('\n');
        for comment in record.comments_after(i + 1) {
            let _ = writeln!(out, "*{}", one_line(comment));
        }
    }
    let plies = game.moves().len();
    let to_move = game.position().side_to_move();
    if let Some(ending) = record.ending() {
        if let Some(word) = ending_word(ending, to_move) {
            // The tree may hold moves in place of the ending word: its variations.
            let end_step = node.map(|parent| Step {
                parent,
                node: None,
                before: *game.position(),
                number: first_number + plies,
            });
            let marked = tree
                .zip(end_step.as_ref())
                .is_some_and(|(tree, step)| has_alternatives(tree, step));
            let _ = writeln!(
                out,
                "{:>4} {word}{}",
                first_number + plies,
                if marked { "+" } else { "" }
            );
            steps.extend(end_step);
        }
        let (sente, gote) = if handicap {
            ("下手", "上手")
        } else {
            ("先手", "後手")
        };
        let summary = match ending {
            Ending::Recorded(RecordedEnd::Interrupted) => "中断".to_string(),
            Ending::Recorded(RecordedEnd::Jishogi) => "持将棋".to_string(),
            Ending::Recorded(RecordedEnd::Foul(loser)) => {
                let winner = if loser == Side::Black { gote } else { sente };
                format!("{winner}の反則勝ち")
            }
            Ending::Game(Outcome::Win { winner, .. }) => {
                format!("{}の勝ち", if winner == Side::Black { sente } else { gote })
            }
            Ending::Game(Outcome::Draw(DrawReason::Sennichite)) => "千日手".to_string(),
            Ending::Game(Outcome::Draw(DrawReason::MoveLimit(_))) => "引き分け".to_string(),
        };
        let _ = writeln!(out, "まで{plies}手で{summary}");
    }
    if let Some(tree) = tree {
        write_variations(&mut out, tree, &steps, false);
    }
    out
}

/// A move of a line as written, for the variations branching in its place.
struct Step {
    /// The node before it.
    parent: NodeId,
    /// Its node (`None`: the main line's ending word, or a move the tree does not hold).
    node: Option<NodeId>,
    /// The position before it.
    before: Position,
    /// Its number.
    number: usize,
}

/// The tree's alternatives to a step's move that a writer can write (legal ones).
fn alternatives(tree: &MoveTree<Move>, step: &Step) -> Vec<NodeId> {
    tree.children(step.parent)
        .iter()
        .copied()
        .filter(|&c| Some(c) != step.node)
        .filter(|&c| tree.move_of(c).is_some_and(|m| step.before.is_legal(m)))
        .collect()
}

fn has_alternatives(tree: &MoveTree<Move>, step: &Step) -> bool {
    !alternatives(tree, step).is_empty()
}

/// Writes the variations of a line's moves (module docs): from its last move back to its
/// first (not its first when the line is itself a variation: those are its siblings, which
/// its writer writes), each followed by its own.
fn write_variations(out: &mut String, tree: &MoveTree<Move>, steps: &[Step], is_variation: bool) {
    for (k, step) in steps.iter().enumerate().rev() {
        if is_variation && k == 0 {
            continue;
        }
        let alternatives = alternatives(tree, step);
        for (j, &first) in alternatives.iter().enumerate() {
            let _ = write!(out, "\n変化：{}手\n", step.number);
            let marked = j + 1 < alternatives.len();
            let steps = write_variation(out, tree, step, first, marked);
            write_variations(out, tree, &steps, true);
        }
    }
}

/// Writes the line from `first`, an alternative to `replaced`'s move, along first
/// continuations (`marked`: its first move has alternatives written after it); returns its
/// steps. A move the rules refuse (a tree not made by playing) ends it there.
fn write_variation(
    out: &mut String,
    tree: &MoveTree<Move>,
    replaced: &Step,
    first: NodeId,
    marked: bool,
) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let (mut parent, mut at) = (replaced.parent, first);
    let (mut position, mut number) = (replaced.before, replaced.number);
    let mut previous = tree.move_of(parent);
    while let Some(m) = tree.move_of(at).filter(|&m| position.is_legal(m)) {
        let step = Step {
            parent,
            node: Some(at),
            before: position,
            number,
        };
        let marked = if steps.is_empty() {
            marked
        } else {
            has_alternatives(tree, &step)
        };
        let text = move_text(&position, m, previous);
        let _ = writeln!(out, "{number:>4} {text}{}", if marked { "+" } else { "" });
        steps.push(step);
        position = position.after(m);
        previous = Some(m);
        number += 1;
        parent = at;
        match tree.children(at).first() {
            Some(&next) => at = next,
            None => break,
        }
    }
    steps
}
