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

mod read;
mod write;

use read::{is_pad, variation_number};
pub(super) use read::{read, read_tree};
pub use write::{move_text, variations, writes_ending};
pub(super) use write::{write, write_tree};

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
