//! Move text for players (the machine form `a3a4` lives on [`Move`]).
//!
//! **Human form**: the animal's letter (uppercase for both sides; the move number tells whose
//! turn it was), the from-square, `-` for a move or `x` for a capture, the to-square, and `#`
//! when the move wins the game at once (den entered, last animal taken, opponent left without a
//! legal move). Examples: `Wc3-d3`, `Lb3xb7`, `Rd8-d9#`. A jump is written like a step.

use super::moves::{IllegalMove, Move, MoveParseError};
use super::position::Position;

/// The human form of a legal move `m` in `pos`.
pub fn human(pos: &Position, m: Move) -> String {
    let Some(mover) = pos.piece_at(m.from) else {
        return m.to_string();
    };
    let capture = pos.piece_at(m.to).is_some();
    let wins = pos.is_legal(m) && pos.after(m).outcome().is_some();
    format!(
        "{}{}{}{}{}",
        mover.animal.letter(),
        m.from,
        if capture { 'x' } else { '-' },
        m.to,
        if wins { "#" } else { "" }
    )
}

/// Reads a move in either form (`a3a4`, `Wc3-d3`, `Lb3xb7#`) and checks it is legal in `pos`.
///
/// The animal letter must match the animal on the from-square; the `-`/`x` mark and a final
/// `#` are accepted as written (not checked against the move), so a player's slip in them
/// does not refuse an otherwise clear move.
pub fn parse_any(pos: &Position, text: &str) -> Result<Move, String> {
    let trimmed = text.trim().trim_end_matches('#');
    let bytes = trimmed.as_bytes();
    let machine: String = if bytes.len() == 6
        && bytes[0].is_ascii_alphabetic()
        && (bytes[3] == b'-' || bytes[3] == b'x')
    {
        let letter = bytes[0] as char;
        let m = Move::parse(&format!("{}{}", &trimmed[1..3], &trimmed[4..6]))
            .map_err(|e: MoveParseError| e.to_string())?;
        if let Some(p) = pos.piece_at(m.from) {
            if !p.animal.letter().eq_ignore_ascii_case(&letter) {
                return Err(format!(
                    "'{trimmed}' names a {letter}, but the animal on {} is a {}",
                    m.from, p.animal
                ));
            }
        }
        m.to_string()
    } else {
        trimmed.to_string()
    };
    let m = Move::parse(&machine).map_err(|e| e.to_string())?;
    pos.check_move(m)
        .map_err(|e: IllegalMove| format!("{m}: {e}"))?;
    Ok(m)
}
