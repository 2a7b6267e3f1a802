//! Records of a variant's game, each saying which variant it is: the USI form, as a USI
//! program is told a game (`setoption name USI_Variant value minishogi`, then `position
//! startpos moves …`), for every variant; and KIF for the variants whose pieces KIF names
//! (minishogi, judkins, sho, annan, check shogi and standard), headed `手合割：` with the
//! variant's Japanese name (`５五将棋`), as Japanese software writes minishogi.

use crate::game::Game;
use crate::moves::Move;
use crate::position::{Position, SfenError};
use crate::rules::{face_of, row_col, Side};
use crate::variant::{Variant, VARIANTS};
use std::fmt;

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// There is nothing to read.
    Empty,
    /// The record does not say which game it is.
    NoVariant,
    /// The record names a game the site does not have.
    UnknownVariant(String),
    /// The start position cannot be read.
    Sfen(SfenError),
    /// A move that is not legal where it stands (its number, from 1, and its text).
    Move(usize, String),
    /// A line that is neither a move nor a header (its number, from 1).
    Line(usize),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Empty => write!(f, "the record is empty"),
            RecordError::NoVariant => write!(f, "the record does not say which game it is"),
            RecordError::UnknownVariant(name) => write!(f, "'{name}' is no game of the site"),
            RecordError::Sfen(e) => write!(f, "the start position cannot be read: {e}"),
            RecordError::Move(number, text) => {
                write!(f, "move {number} ('{text}') is not legal there")
            }
            RecordError::Line(number) => write!(f, "line {number} cannot be read"),
        }
    }
}

impl std::error::Error for RecordError {}

/// The game's USI form: the variant, then the start and the moves.
pub fn write_usi(game: &Game) -> String {
    let start = game.start();
    let variant = start.variant();
    let from = if start.to_sfen() == variant.start {
        "startpos".to_string()
    } else {
        format!("sfen {}", start.to_sfen())
    };
    let mut position = *start;
    let mut moves = Vec::new();
    for &m in game.moves() {
        moves.push(m.usi(&position));
        position = position.after(m);
    }
    let moves = if moves.is_empty() {
        String::new()
    } else {
        format!(" moves {}", moves.join(" "))
    };
    format!(
        "setoption name USI_Variant value {}\nposition {from}{moves}\n",
        variant.name
    )
}

/// Reads a game's USI form (as [`write_usi`] writes it; `usi`, `usinewgame` and empty lines
/// are passed over).
pub fn read_usi(text: &str) -> Result<Game, RecordError> {
    let mut variant: Option<&'static Variant> = None;
    let mut game: Option<Game> = None;
    for (at, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] | ["usi"] | ["usinewgame"] | ["isready"] => {}
            ["setoption", "name", "USI_Variant", "value", name] => {
                variant = Some(
                    Variant::named(name)
                        .ok_or_else(|| RecordError::UnknownVariant(name.to_string()))?,
                );
            }
            ["position", rest @ ..] => {
                let variant = variant.ok_or(RecordError::NoVariant)?;
                let (start, moves) = match rest {
                    ["startpos", moves @ ..] => (Position::start(variant), moves),
                    ["sfen", rest @ ..] => {
                        let end = rest
                            .iter()
                            .position(|w| *w == "moves")
                            .unwrap_or(rest.len());
                        let start = Position::from_sfen(variant, &rest[..end].join(" "))
                            .map_err(RecordError::Sfen)?;
                        (start, &rest[end..])
                    }
                    _ => return Err(RecordError::Line(at + 1)),
                };
                let moves = match moves {
                    [] => &[][..],
                    ["moves", moves @ ..] => moves,
                    _ => return Err(RecordError::Line(at + 1)),
                };
                let mut played = Game::new(start);
                for (number, text) in moves.iter().enumerate() {
                    let m = Move::from_usi(text, played.position())
                        .ok_or_else(|| RecordError::Move(number + 1, text.to_string()))?;
                    played
                        .play(m)
                        .map_err(|_| RecordError::Move(number + 1, text.to_string()))?;
                }
                game = Some(played);
            }
            _ => return Err(RecordError::Line(at + 1)),
        }
    }
    match (game, variant) {
        (Some(game), _) => Ok(game),
        (None, Some(_)) => Err(RecordError::Empty),
        (None, None) if text.trim().is_empty() => Err(RecordError::Empty),
        (None, None) => Err(RecordError::NoVariant),
    }
}

/// The KIF name of each face, where KIF names every piece of the variant.
fn kif_names(variant: &Variant) -> Option<Vec<&'static str>> {
    variant
        .faces
        .iter()
        .map(|face| {
            Some(match (face.name, face.promoted) {
                ("pawn", false) => "歩",
                ("lance", false) => "香",
                ("knight", false) => "桂",
                ("silver", false) => "銀",
                ("gold", false) => "金",
                ("bishop", false) => "角",
                ("rook", false) => "飛",
                ("king", false) => "玉",
                ("drunk elephant", false) => "酔象",
                ("tokin", true) => "と",
                ("promoted lance", true) => "成香",
                ("promoted knight", true) => "成桂",
                ("promoted silver", true) => "成銀",
                ("horse", true) => "馬",
                ("dragon", true) => "龍",
                ("prince", true) => "太子",
                _ => return None,
            })
        })
        .collect()
}

/// Whether the variant's games can be written in KIF.
pub fn has_kif(variant: &Variant) -> bool {
    kif_names(variant).is_some()
}

const FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
const RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// A square as KIF writes it: the full-width file and the kanji rank (`２四`).
fn kif_square(position: &Position, square: usize) -> String {
    let (row, col) = row_col(square);
    let file = position.variant().files as usize - col;
    format!("{}{}", FILES[file - 1], RANKS[row])
}

/// The KIF handicap line's name for the variant's start (`平手` for standard shogi).
fn kif_start_name(variant: &Variant) -> &'static str {
    if variant.name == "standard" {
        "平手"
    } else {
        variant.japanese
    }
}

/// The game's KIF, where the variant has one and the game starts from the variant's start.
pub fn write_kif(game: &Game) -> Option<String> {
    let start = game.start();
    let variant = start.variant();
    let names = kif_names(variant)?;
    if start.to_sfen() != variant.start {
        return None;
    }
    let mut out = format!(
        "#KIF version=2.0 encoding=UTF-8\n手合割：{}\n先手：\n後手：\n手数----指手---------消費時間--\n",
        kif_start_name(variant)
    );
    let mut position = *start;
    let mut last_to = None;
    for (at, &m) in game.moves().iter().enumerate() {
        let to = m.to as usize;
        let mut text = if last_to == Some(to) {
            "同　".to_string()
        } else {
            kif_square(&position, to)
        };
        text.push_str(names[m.moved as usize]);
        if m.is_drop() {
            text.push('打');
        } else {
            if m.face != m.moved {
                text.push('成');
            } else if position
                .legal_moves()
                .iter()
                .any(|o| o.from == m.from && o.to == m.to && o.face != o.moved)
            {
                text.push_str("不成");
            }
            let (row, col) = row_col(m.from as usize);
            text.push_str(&format!("({}{})", variant.files as usize - col, row + 1));
        }
        out.push_str(&format!("{:>4} {text}\n", at + 1));
        last_to = Some(to);
        position = position.after(m);
    }
    if let Some(outcome) = game.outcome() {
        let plies = game.moves().len();
        match outcome.winner {
            Some(side) => out.push_str(&format!(
                "まで{plies}手で{}の勝ち\n",
                if side == Side::Sente {
                    "先手"
                } else {
                    "後手"
                }
            )),
            None => out.push_str(&format!("まで{plies}手で千日手\n")),
        }
    }
    Some(out)
}

/// Reads a KIF of a variant that has one (`手合割：` names it; `平手` is standard shogi).
pub fn read_kif(text: &str) -> Result<Game, RecordError> {
    if text.trim().is_empty() {
        return Err(RecordError::Empty);
    }
    let mut game: Option<Game> = None;
    let mut last_to: Option<usize> = None;
    let mut number = 0;
    for (at, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(['#', '*', '&']) || line.starts_with("まで") {
            continue;
        }
        if let Some(name) = line.strip_prefix("手合割：") {
            let name = name.trim();
            let variant = VARIANTS
                .iter()
                .find(|v| kif_start_name(v) == name)
                .ok_or_else(|| RecordError::UnknownVariant(name.to_string()))?;
            game = Some(Game::new(Position::start(variant)));
            continue;
        }
        let Some((first, rest)) = line.split_once(char::is_whitespace) else {
            if line.contains('：') || line.starts_with("手数") {
                continue;
            }
            return Err(RecordError::Line(at + 1));
        };
        let Ok(n) = first.parse::<usize>() else {
            // A header (`先手：…`) or the move list's title line.
            if line.contains('：') || line.starts_with("手数") {
                continue;
            }
            return Err(RecordError::Line(at + 1));
        };
        let game = game.as_mut().ok_or(RecordError::NoVariant)?;
        // The move runs to the first ASCII space (the time follows); `同` may be followed by
        // spaces of either width.
        let rest = rest.trim_start();
        let joined = match rest.strip_prefix('同') {
            Some(after) => format!("同{}", after.trim_start_matches([' ', '　'])),
            None => rest.to_string(),
        };
        let body = joined.split(' ').next().unwrap_or("");
        number += 1;
        if n != number {
            return Err(RecordError::Line(at + 1));
        }
        // The words that end a game end the list of moves.
        if [
            "投了",
            "中断",
            "千日手",
            "詰み",
            "持将棋",
            "反則勝ち",
            "反則負け",
            "切れ負け",
        ]
        .iter()
        .any(|w| body.starts_with(w))
        {
            break;
        }
        let m = kif_move(game.position(), body, last_to)
            .ok_or_else(|| RecordError::Move(n, body.to_string()))?;
        game.play(m)
            .map_err(|_| RecordError::Move(n, body.to_string()))?;
        last_to = Some(m.to as usize);
    }
    game.ok_or(RecordError::NoVariant)
}

/// The legal move a KIF move body names (`２四歩(25)`, `同　銀(31)`, `５五角打`, `３三角成`).
fn kif_move(position: &Position, body: &str, last_to: Option<usize>) -> Option<Move> {
    let variant = position.variant();
    let names = kif_names(variant)?;
    let mut rest = body;
    let to = if let Some(after) = rest.strip_prefix('同') {
        rest = after.trim_start_matches(['　', ' ']);
        last_to?
    } else {
        let mut chars = rest.chars();
        let file = digit(chars.next()?)?;
        let rank_char = chars.next()?;
        let rank = RANKS
            .iter()
            .position(|r| r.starts_with(rank_char))
            .map(|r| r + 1)
            .or_else(|| digit(rank_char))?;
        rest = chars.as_str();
        position.square_named(&format!("{file}{}", (b'a' + rank as u8 - 1) as char))?
    };
    // The piece: the longest name that matches, common spellings read as the usual ones.
    let rest_normal = rest
        .replace('王', "玉")
        .replace('竜', "龍")
        .replace('全', "成銀")
        .replace('圭', "成桂")
        .replace('杏', "成香");
    let (piece, after) = names
        .iter()
        .enumerate()
        .filter(|(_, name)| rest_normal.starts_with(**name))
        .max_by_key(|(_, name)| name.len())
        .map(|(face, name)| (face as u8, &rest_normal[name.len()..]))?;
    let (drop, promote, after) = if let Some(a) = after.strip_prefix('打') {
        (true, false, a)
    } else if let Some(a) = after
        .strip_prefix("不成")
        .or_else(|| after.strip_prefix('生'))
    {
        (false, false, a)
    } else if let Some(a) = after.strip_prefix('成') {
        (false, true, a)
    } else {
        (false, false, after)
    };
    let origin = after
        .strip_prefix('(')
        .and_then(|a| a.strip_suffix(')'))
        .and_then(|digits| {
            let mut d = digits.chars();
            let (file, rank) = (digit(d.next()?)?, digit(d.next()?)?);
            position.square_named(&format!("{file}{}", (b'a' + rank as u8 - 1) as char))
        });
    let legal = position.legal_moves();
    let fits = |drop: bool| -> Vec<Move> {
        legal
            .iter()
            .copied()
            .filter(|m| {
                m.to as usize == to
                    && m.moved == piece
                    && m.is_drop() == drop
                    && (m.face != m.moved) == promote
                    && origin.is_none_or(|o| m.from as usize == o)
                    && (drop || face_of(position.cells[m.from as usize]) == piece)
            })
            .collect()
    };
    // Some writers leave out 打 where no piece on the board could reach the square.
    let mut candidates = fits(drop);
    if candidates.is_empty() && !drop && origin.is_none() {
        candidates = fits(true);
    }
    match candidates.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// A file or rank digit, full-width or not.
fn digit(c: char) -> Option<usize> {
    match c {
        '1'..='9' => Some(c as usize - '0' as usize),
        '１'..='９' => Some(c as usize - '１' as usize + 1),
        _ => None,
    }
}
