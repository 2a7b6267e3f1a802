//! Move text for players, both ways: the Western form and the Japanese form. (The machine form,
//! USI, lives on [`Move`].) A writer takes the position before the move; a reader takes that
//! position and gives back the one legal move the text names, or says why there is none.
//!
//! **Western** (Hodges' notation, as English books and sites write it):
//! `[+]L [origin] (- | x | *) destination [+ | =]`
//! - the piece's letter, uppercase for both sides: `K R B G S N L P`; a promoted piece is `+`
//!   and its letter (`+R` dragon, `+B` horse, `+P` tokin…);
//! - the origin square only when another piece of the same kind could also move there
//!   legally (`G6i-5h`);
//! - `-` for a move, `x` for a capture, `*` for a drop (a drop never names an origin);
//! - the destination as in USI: file digit, rank letter (`7f`);
//! - `+` when the move promotes, `=` when it could promote and does not; nothing otherwise.
//!
//! Examples: `P-7f`, `Bx2b+`, `S*5e`, `G6i-5h`, `N-3c=`, `+Rx8h`. Readers also take ranks as
//! digits (`P-76`), lowercase letters, `D`/`H` for dragon and horse, and either `-` or `x`
//! whatever the move does (a slip in that mark does not refuse an otherwise clear move); a
//! move written without `+` is read as not promoting.
//!
//! **Japanese** (as the Japan Shogi Association writes a game): `▲` or `△`, the destination
//! (file as a full-width digit, rank as a kanji numeral: `７六`) or `同　` when the move lands
//! on the square of the move just before, the piece (`歩 香 桂 銀 金 角 飛 玉 と 成香 成桂
//! 成銀 馬 竜`), then where needed:
//! - relative markers when another piece of the same kind could also move there legally, the
//!   JSA's way: first the motion alone if that tells them apart (`上` forward, `寄` sideways,
//!   `引` back); else the position alone (`右`, `左` as the mover sees the board, so gote's
//!   are mirrored; `直` for a gold, silver or promoted minor piece stepping straight forward;
//!   a dragon or horse is `右`/`左` of the other one, never `直`); else both, position first
//!   (`右上`, `左引`);
//! - `成` when the move promotes (forced or not), `不成` when it could promote and does not;
//! - `打` for a drop only when a piece of that kind on the board could also move there.
//!
//! Examples: `▲７六歩`, `△同　歩`, `▲５八金右`, `▲５八金直`, `△５二銀左上`, `▲２二角成`,
//! `▲５五角打`. Readers also take no mark (or `☗`/`☖`/`▽`), ASCII digits, `王` and `龍`
//! and the one-character names of promoted pieces (`杏 圭 全`), `生` for `不成`, and a
//! KIF origin in parentheses (`７六歩(77)`).

use super::moves::{IllegalMove, Move};
use super::piece::{PieceKind, Side};
use super::position::Position;
use super::square::Square;
use common::truncate;
use std::fmt;

// ---------------------------------------------------------------------------------------------
// Errors

/// Why a move text cannot be read as a legal move of the position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotationError {
    /// The text is no move in any of the forms (the text, shortened).
    Unreadable(String),
    /// `同` names the previous move's square, and there is no previous move.
    NoPrevious,
    /// No piece of that kind of the side to move can move there.
    NoPieceCanMove {
        /// The kind the text names.
        kind: PieceKind,
        /// The destination.
        to: Square,
    },
    /// Pieces of that kind can move there, but none the way the text says: its origin, markers
    /// or promotion mark fit no legal move (the text, shortened).
    NoMatch(String),
    /// The origin the text names holds a piece of another kind.
    WrongPiece {
        /// The origin.
        square: Square,
        /// The kind the text names.
        named: PieceKind,
        /// The kind that stands there.
        found: PieceKind,
    },
    /// The text fits more than one legal move.
    Ambiguous {
        /// The text, shortened.
        text: String,
        /// The moves it fits, each written so that it names only itself.
        choices: Vec<String>,
    },
    /// The text names one move, and the rules forbid it.
    Illegal {
        /// The text, shortened.
        text: String,
        /// The rule it breaks.
        error: IllegalMove,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::moves::english_name as name;
        match self {
            NotationError::Unreadable(text) => write!(
                f,
                "'{text}' is not a move: write it like 7g7f, P-7f, Bx2b+, S*5e or ７六歩"
            ),
            NotationError::NoPrevious => {
                f.write_str("'同' means the square of the previous move, and there is none")
            }
            NotationError::NoPieceCanMove { kind, to } => {
                write!(f, "no {} of yours can move to {to}", name(*kind))
            }
            NotationError::NoMatch(text) => write!(f, "'{text}' fits none of the legal moves"),
            NotationError::WrongPiece {
                square,
                named,
                found,
            } => write!(
                f,
                "the piece on {square} is a {}, not a {}",
                name(*found),
                name(*named)
            ),
            NotationError::Ambiguous { text, choices } => write!(
                f,
                "'{text}' fits more than one move: {}",
                choices.join(", ")
            ),
            NotationError::Illegal { text, error } => write!(f, "'{text}': {error}"),
        }
    }
}

impl std::error::Error for NotationError {}

// ---------------------------------------------------------------------------------------------
// Shared pieces of the Japanese form (KIF uses them too)

/// Full-width digits, `１`–`９`, for files (index = number − 1).
const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Kanji numerals `一`–`九`, for ranks (index = number − 1).
const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A square as Japanese writes it: full-width file digit, kanji rank (`７六`).
pub fn japanese_square(sq: Square) -> String {
    let mut out = String::with_capacity(6);
    out.push(FULL_WIDTH_DIGITS[sq.file() as usize]);
    out.push(KANJI_DIGITS[sq.rank() as usize]);
    out
}

/// A count in kanji numerals, 1–99 (`二`, `十`, `十八`), as hands in KIF are counted.
pub fn kanji_number(n: u32) -> String {
    let (tens, ones) = (n / 10, n % 10);
    let mut out = String::new();
    if tens > 1 {
        out.push(KANJI_DIGITS[tens as usize - 1]);
    }
    if tens > 0 {
        out.push('十');
    }
    if ones > 0 {
        out.push(KANJI_DIGITS[ones as usize - 1]);
    }
    out
}

/// Reads a count in kanji numerals, 1–99 (`十八`); `None` for anything else.
pub fn parse_kanji_number(text: &str) -> Option<u32> {
    let digit = |c: char| {
        KANJI_DIGITS
            .iter()
            .position(|&k| k == c)
            .map(|i| i as u32 + 1)
    };
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        [c] if *c == '十' => Some(10),
        [c] => digit(*c),
        [t, '十'] => digit(*t).filter(|&t| t > 1).map(|t| t * 10),
        ['十', o] => digit(*o).map(|o| 10 + o),
        [t, '十', o] => Some(digit(*t).filter(|&t| t > 1)? * 10 + digit(*o)?),
        _ => None,
    }
}

/// A digit 1–9 written in ASCII, full width or (when `kanji`) as a kanji numeral.
fn digit_value(c: char, kanji: bool) -> Option<u8> {
    if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
        return Some(d as u8);
    }
    if let Some(i) = FULL_WIDTH_DIGITS.iter().position(|&d| d == c) {
        return Some(i as u8 + 1);
    }
    if kanji {
        return KANJI_DIGITS
            .iter()
            .position(|&d| d == c)
            .map(|i| i as u8 + 1);
    }
    None
}

/// The piece names a Japanese move may use, longest first, with their kinds.
const JAPANESE_NAMES: [(&str, PieceKind); 19] = [
    ("成香", PieceKind::ProLance),
    ("成桂", PieceKind::ProKnight),
    ("成銀", PieceKind::ProSilver),
    ("歩", PieceKind::Pawn),
    ("香", PieceKind::Lance),
    ("桂", PieceKind::Knight),
    ("銀", PieceKind::Silver),
    ("金", PieceKind::Gold),
    ("角", PieceKind::Bishop),
    ("飛", PieceKind::Rook),
    ("玉", PieceKind::King),
    ("王", PieceKind::King),
    ("と", PieceKind::Tokin),
    ("杏", PieceKind::ProLance),
    ("圭", PieceKind::ProKnight),
    ("全", PieceKind::ProSilver),
    ("馬", PieceKind::Horse),
    ("竜", PieceKind::Dragon),
    ("龍", PieceKind::Dragon),
];

/// Reads a Japanese piece name at the start of `text`: the kind and the rest of the text.
pub(crate) fn take_japanese_piece(text: &str) -> Option<(PieceKind, &str)> {
    JAPANESE_NAMES
        .iter()
        .find_map(|&(name, kind)| text.strip_prefix(name).map(|rest| (kind, rest)))
}

// ---------------------------------------------------------------------------------------------
// Relative markers (右 左 直, 上 寄 引)

/// Where the moving piece goes, as the mover sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Motion {
    /// `上`: toward the opponent.
    Up,
    /// `寄`: along its rank.
    Sideways,
    /// `引`: back toward its own side.
    Back,
}

/// Where the moving piece stands, as the mover sees the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Relative {
    /// `右`.
    Right,
    /// `左`.
    Left,
    /// `直`: straight forward (gold, silver and the promoted minor pieces).
    Straight,
}

impl Motion {
    fn kanji(self) -> char {
        match self {
            Motion::Up => '上',
            Motion::Sideways => '寄',
            Motion::Back => '引',
        }
    }

    fn of(side: Side, from: Square, to: Square) -> Motion {
        let (from, to) = (from.rank_for(side), to.rank_for(side));
        if to < from {
            Motion::Up
        } else if to == from {
            Motion::Sideways
        } else {
            Motion::Back
        }
    }
}

impl Relative {
    fn kanji(self) -> char {
        match self {
            Relative::Right => '右',
            Relative::Left => '左',
            Relative::Straight => '直',
        }
    }
}

/// How far left a square is as `side` sees the board (0 = its rightmost file).
fn leftness(side: Side, sq: Square) -> u8 {
    match side {
        Side::Black => sq.file(),
        Side::White => 8 - sq.file(),
    }
}

/// The position marker of a piece of `kind` moving `from` → `to`, among the pieces of that kind
/// whose origins are `origins` (the mover's included).
fn relative_of(
    side: Side,
    kind: PieceKind,
    from: Square,
    to: Square,
    origins: &[Square],
) -> Option<Relative> {
    let x = leftness(side, from);
    if matches!(kind, PieceKind::Dragon | PieceKind::Horse) {
        // Of the (at most two) dragons or horses, the one on the left is 左.
        let others = origins
            .iter()
            .filter(|&&o| o != from)
            .map(|&o| leftness(side, o));
        let (mut left_of_all, mut right_of_all, mut any) = (true, true, false);
        for other in others {
            any = true;
            left_of_all &= x > other;
            right_of_all &= x < other;
        }
        return match (any, left_of_all, right_of_all) {
            (true, true, _) => Some(Relative::Left),
            (true, _, true) => Some(Relative::Right),
            _ => None,
        };
    }
    let target = leftness(side, to);
    if x > target {
        Some(Relative::Left)
    } else if x < target {
        Some(Relative::Right)
    } else if Motion::of(side, from, to) == Motion::Up
        && (kind == PieceKind::Silver || kind.moves_like_gold())
    {
        Some(Relative::Straight)
    } else {
        None
    }
}

/// The origins of the legal board moves of `side`'s pieces of `kind` to `to`.
fn origins_of(pos: &Position, kind: PieceKind, to: Square) -> Vec<Square> {
    let mut origins: Vec<Square> = Vec::new();
    for m in pos.legal_moves().iter() {
        let Some(from) = m.from() else { continue };
        if m.to() == to
            && pos.piece_at(from).is_some_and(|p| p.kind == kind)
            && !origins.contains(&from)
        {
            origins.push(from);
        }
    }
    origins
}

/// The markers that tell the piece on `from` apart from the others of `origins` (JSA order).
fn markers(side: Side, kind: PieceKind, from: Square, to: Square, origins: &[Square]) -> String {
    if origins.len() < 2 {
        return String::new();
    }
    let motion = Motion::of(side, from, to);
    let relative = relative_of(side, kind, from, to, origins);
    let count = |test: &dyn Fn(Square) -> bool| origins.iter().filter(|&&o| test(o)).count();
    let same_motion = |o: Square| Motion::of(side, o, to) == motion;
    let same_relative = |o: Square| relative_of(side, kind, o, to, origins) == relative;
    if count(&same_motion) == 1 {
        return motion.kanji().to_string();
    }
    let Some(relative) = relative else {
        // Only a straight move back has no position marker, and only one piece can make it.
        return motion.kanji().to_string();
    };
    if count(&same_relative) == 1 {
        return relative.kanji().to_string();
    }
    format!("{}{}", relative.kanji(), motion.kanji())
}

// ---------------------------------------------------------------------------------------------
// Writers

/// Whether the board move `m` (legal in `pos`) could have promoted instead.
fn could_promote(pos: &Position, m: Move) -> bool {
    match m.from() {
        Some(from) => pos.is_legal(Move::board(from, m.to(), true)),
        None => false,
    }
}

/// The Western form of `m`, a legal move in `pos` (module docs). A move that is not legal
/// there is written in USI form.
pub fn western(pos: &Position, m: Move) -> String {
    western_with(pos, m, |sq| sq.to_string())
}

/// The numeric Western form of `m` (`P-76`, `Bx22+`, `S*55`): the Western form with each
/// square as its file and rank numbers, as many English shogi books write it.
pub fn numeric(pos: &Position, m: Move) -> String {
    western_with(pos, m, |sq| {
        format!("{}{}", sq.file_number(), sq.rank_number())
    })
}

/// The Western form of `m` with squares written by `square`.
fn western_with(pos: &Position, m: Move, square: impl Fn(Square) -> String) -> String {
    if let Some(kind) = m.dropped() {
        return format!("{}*{}", kind.letter(), square(m.to()));
    }
    let Some((from, piece)) = m.from().and_then(|f| pos.piece_at(f).map(|p| (f, p))) else {
        return m.to_string();
    };
    let origins = origins_of(pos, piece.kind, m.to());
    let mut out = piece.kind.sfen();
    if origins.len() > 1 {
        out.push_str(&square(from));
    }
    out.push(if pos.piece_at(m.to()).is_some() {
        'x'
    } else {
        '-'
    });
    out.push_str(&square(m.to()));
    if m.promotes() {
        out.push('+');
    } else if could_promote(pos, m) {
        out.push('=');
    }
    out
}

/// The Japanese form of `m`, a legal move in `pos`, with the mover's mark (`▲７六歩`,
/// `△同　歩`); `previous` is the move just before (for `同`). Module docs for the form.
pub fn japanese(pos: &Position, m: Move, previous: Option<Move>) -> String {
    let mut out = String::new();
    out.push(pos.side_to_move().mark());
    out.push_str(&japanese_body(pos, m, previous));
    out
}

/// The Japanese form without the mark.
fn japanese_body(pos: &Position, m: Move, previous: Option<Move>) -> String {
    let side = pos.side_to_move();
    let to = m.to();
    let mut out = if previous.is_some_and(|p| p.to() == to) {
        "同　".to_string()
    } else {
        japanese_square(to)
    };
    if let Some(kind) = m.dropped() {
        out.push_str(kind.kanji());
        if !origins_of(pos, kind, to).is_empty() {
            out.push('打');
        }
        return out;
    }
    let Some((from, piece)) = m.from().and_then(|f| pos.piece_at(f).map(|p| (f, p))) else {
        return m.to_string();
    };
    out.push_str(piece.kind.kanji());
    out.push_str(&markers(
        side,
        piece.kind,
        from,
        to,
        &origins_of(pos, piece.kind, to),
    ));
    if m.promotes() {
        out.push('成');
    } else if could_promote(pos, m) {
        out.push_str("不成");
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Readers

/// What a move text says, before it is matched against the legal moves.
#[derive(Default, Debug)]
struct Request {
    kind: Option<PieceKind>,
    to: Option<Square>,
    from: Option<Square>,
    drop: bool,
    /// `Some(true)` promote, `Some(false)` explicitly not, `None` unsaid (read as not).
    promote: Option<bool>,
    motion: Option<Motion>,
    relative: Option<Relative>,
}

/// Reads a move in Western form (module docs) and checks it is legal in `pos`.
pub fn parse_western(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    let request = read_western(trimmed).ok_or_else(|| unreadable(trimmed))?;
    resolve(pos, trimmed, &request, Style::Western)
}

/// Reads a move in Japanese form (module docs) and checks it is legal in `pos`; `previous` is
/// the move just before (for `同`).
pub fn parse_japanese(
    pos: &Position,
    text: &str,
    previous: Option<Move>,
) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    let request = read_japanese(trimmed, previous)?;
    resolve(pos, trimmed, &request, Style::Japanese(previous))
}

/// Reads a move in any form — USI (`7g7f`), Western (`P-7f`) or Japanese (`７六歩`) — and
/// checks it is legal in `pos`; `previous` is the move just before (for `同`).
pub fn parse_any(
    pos: &Position,
    text: &str,
    previous: Option<Move>,
) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    match Move::parse_usi(trimmed) {
        Ok(m) => pos
            .check_move(m)
            .map(|()| m)
            .map_err(|error| NotationError::Illegal {
                text: truncate(trimmed),
                error,
            }),
        // ASCII that is not USI may still be Western (`P-7f` is four characters too).
        Err(_) if trimmed.is_ascii() => parse_western(pos, trimmed),
        Err(_) => parse_japanese(pos, trimmed, previous),
    }
}

fn unreadable(text: &str) -> NotationError {
    NotationError::Unreadable(truncate(text))
}

/// A square written as a file digit and a rank letter or digit (`7f`, `76`).
fn western_square(chars: &[char]) -> Option<Square> {
    let (&file, &rank) = (chars.first()?, chars.get(1)?);
    let file = file.to_digit(10).filter(|d| (1..=9).contains(d))? as u8;
    let rank = match rank {
        'a'..='i' => rank as u8 - b'a' + 1,
        'A'..='I' => rank as u8 - b'A' + 1,
        '1'..='9' => rank as u8 - b'0',
        _ => return None,
    };
    Square::from_numbers(file, rank)
}

fn read_western(text: &str) -> Option<Request> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let promoted = chars.first() == Some(&'+');
    if promoted {
        i += 1;
    }
    let letter = *chars.get(i)?;
    i += 1;
    let kind = match letter.to_ascii_uppercase() {
        'D' if !promoted => PieceKind::Dragon,
        'H' if !promoted => PieceKind::Horse,
        other => {
            let kind = PieceKind::from_letter(other)?;
            if promoted {
                if !kind.can_promote() {
                    return None;
                }
                kind.promoted()
            } else {
                kind
            }
        }
    };
    let mut request = Request {
        kind: Some(kind),
        ..Request::default()
    };
    if !matches!(chars.get(i), Some('-' | 'x' | 'X' | '*')) {
        request.from = Some(western_square(&chars[i..])?);
        i += 2;
    }
    match chars.get(i)? {
        '*' => request.drop = true,
        '-' | 'x' | 'X' => {}
        _ => return None,
    }
    i += 1;
    request.to = Some(western_square(&chars[i..])?);
    i += 2;
    match chars.get(i) {
        None => {}
        Some('+') => request.promote = Some(true),
        Some('=') => request.promote = Some(false),
        Some(_) => return None,
    }
    if chars.len() > i + 1 {
        return None;
    }
    if request.drop && (request.from.is_some() || request.promote.is_some() || !kind.is_hand_kind())
    {
        return None;
    }
    Some(request)
}

/// Characters that may stand between `同` and the piece, or around a Japanese move.
fn is_space(c: char) -> bool {
    c == ' ' || c == '\u{3000}' || c == '\t'
}

fn read_japanese(text: &str, previous: Option<Move>) -> Result<Request, NotationError> {
    let bad = || unreadable(text);
    let mut rest = text.trim_matches(is_space);
    for mark in ['▲', '△', '☗', '☖', '▽', '▼'] {
        if let Some(after) = rest.strip_prefix(mark) {
            rest = after;
            break;
        }
    }
    let mut request = Request::default();
    let mut chars = rest.chars();
    if let (Some(file), Some(rank)) = (chars.next(), chars.next()) {
        if let (Some(file), Some(rank)) = (digit_value(file, false), digit_value(rank, true)) {
            request.to = Square::from_numbers(file, rank);
            rest = chars.as_str();
        }
    }
    if let Some(after) = rest.strip_prefix('同') {
        let previous_to = previous.map(Move::to).ok_or(NotationError::NoPrevious)?;
        if request.to.is_some_and(|to| to != previous_to) {
            return Err(bad());
        }
        request.to = Some(previous_to);
        rest = after.trim_start_matches(is_space);
    }
    if request.to.is_none() {
        return Err(bad());
    }
    let (kind, after) = take_japanese_piece(rest).ok_or_else(bad)?;
    request.kind = Some(kind);
    rest = after;
    loop {
        let mut chars = rest.chars();
        let Some(c) = chars.next() else { break };
        let relative = match c {
            '右' => Some(Relative::Right),
            '左' => Some(Relative::Left),
            '直' => Some(Relative::Straight),
            _ => None,
        };
        let motion = match c {
            '上' | '行' | '入' => Some(Motion::Up),
            '寄' => Some(Motion::Sideways),
            '引' => Some(Motion::Back),
            _ => None,
        };
        match (relative, motion) {
            (Some(r), _) if request.relative.is_none() => request.relative = Some(r),
            (_, Some(m)) if request.motion.is_none() => request.motion = Some(m),
            (None, None) => break,
            _ => return Err(bad()),
        }
        rest = chars.as_str();
    }
    if let Some(after) = rest
        .strip_prefix("不成")
        .or_else(|| rest.strip_prefix('生'))
    {
        request.promote = Some(false);
        rest = after;
    } else if let Some(after) = rest.strip_prefix('成') {
        request.promote = Some(true);
        rest = after;
    } else if let Some(after) = rest.strip_prefix('打') {
        request.drop = true;
        rest = after;
    }
    // A KIF origin: `(77)`.
    if let Some(inner) = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .filter(|inner| inner.chars().count() == 2)
    {
        let mut digits = inner.chars().map(|c| digit_value(c, false));
        match (digits.next().flatten(), digits.next().flatten()) {
            (Some(file), Some(rank)) => request.from = Square::from_numbers(file, rank),
            _ => return Err(bad()),
        }
        rest = "";
    }
    if !rest.trim_matches(is_space).is_empty() {
        return Err(bad());
    }
    if request.drop
        && (request.from.is_some()
            || request.relative.is_some()
            || request.motion.is_some()
            || !kind.is_hand_kind())
    {
        return Err(bad());
    }
    Ok(request)
}

/// Which form to write the choices of an ambiguous text in.
#[derive(Clone, Copy)]
enum Style {
    Western,
    Japanese(Option<Move>),
}

/// The one legal move `request` names, or why there is none.
fn resolve(
    pos: &Position,
    text: &str,
    request: &Request,
    style: Style,
) -> Result<Move, NotationError> {
    let (Some(kind), Some(to)) = (request.kind, request.to) else {
        return Err(unreadable(text));
    };
    let side = pos.side_to_move();
    let legal = pos.legal_moves();
    let origins = origins_of(pos, kind, to);
    let wants_promotion = request.promote == Some(true);
    let fits_board = |m: &Move| {
        let Some(from) = m.from() else { return false };
        m.to() == to
            && origins.contains(&from)
            && m.promotes() == wants_promotion
            && request.from.is_none_or(|f| f == from)
            && request
                .motion
                .is_none_or(|mo| Motion::of(side, from, to) == mo)
            && request
                .relative
                .is_none_or(|r| relative_of(side, kind, from, to, &origins) == Some(r))
    };
    let fits_drop = |m: &Move| m.dropped() == Some(kind) && m.to() == to;
    let mut found: Vec<Move> = if request.drop {
        legal.iter().copied().filter(fits_drop).collect()
    } else {
        legal.iter().copied().filter(fits_board).collect()
    };
    // `打` is written only where a board move could also reach: without it, a drop is meant
    // when no piece of that kind on the board can move there.
    if found.is_empty() && !request.drop && origins.is_empty() && request.from.is_none() {
        let plain = request.promote.is_none() && request.motion.is_none();
        if plain && request.relative.is_none() {
            found = legal.iter().copied().filter(fits_drop).collect();
        }
    }
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(why_not(pos, text, request, kind, to)),
        several => {
            let mut choices: Vec<String> = several
                .iter()
                .map(|&m| match style {
                    Style::Western => western(pos, m),
                    Style::Japanese(previous) => japanese_body(pos, m, previous),
                })
                .collect();
            choices.sort();
            Err(NotationError::Ambiguous {
                text: truncate(text),
                choices,
            })
        }
    }
}

/// Why no legal move fits a request: the rule a single named move breaks, or that no such
/// piece can go there.
fn why_not(
    pos: &Position,
    text: &str,
    request: &Request,
    kind: PieceKind,
    to: Square,
) -> NotationError {
    let side = pos.side_to_move();
    let illegal = |m: Move| match pos.check_move(m) {
        Err(error) => NotationError::Illegal {
            text: truncate(text),
            error,
        },
        // Legal, so only the markers the text added do not fit it.
        Ok(()) => NotationError::NoMatch(truncate(text)),
    };
    let promote = request.promote == Some(true);
    if request.drop {
        return illegal(Move::drop(kind, to));
    }
    if let Some(from) = request.from {
        return match pos.piece_at(from) {
            Some(p) if p.side == side && p.kind != kind => NotationError::WrongPiece {
                square: from,
                named: kind,
                found: p.kind,
            },
            _ if from == to => NotationError::NoMatch(truncate(text)),
            _ => illegal(Move::board(from, to, promote)),
        };
    }
    // The pieces of that kind that reach `to` by their moves, legal or not.
    let reaching: Vec<Square> = Square::all()
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.side == side && p.kind == kind)
                && super::bitboard::attacks(side, kind, sq, pos.occupied()).contains(to)
        })
        .collect();
    match reaching.as_slice() {
        [from] => illegal(Move::board(*from, to, promote)),
        [] if kind.is_hand_kind() && pos.hand(side).count(kind) > 0 => {
            illegal(Move::drop(kind, to))
        }
        [] => NotationError::NoPieceCanMove { kind, to },
        _ => NotationError::NoMatch(truncate(text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_numbers_round_trip() {
        for n in 1..=99 {
            assert_eq!(parse_kanji_number(&kanji_number(n)), Some(n), "{n}");
        }
        assert_eq!(kanji_number(18), "十八");
        assert_eq!(kanji_number(2), "二");
        assert_eq!(kanji_number(20), "二十");
        for bad in ["", "一十", "十十", "〇", "二十十", "x"] {
            assert_eq!(parse_kanji_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn squares_are_written_with_a_full_width_file_and_a_kanji_rank() {
        assert_eq!(japanese_square(Square::parse("7f").unwrap()), "７六");
        assert_eq!(japanese_square(Square::parse("1a").unwrap()), "１一");
    }
}
