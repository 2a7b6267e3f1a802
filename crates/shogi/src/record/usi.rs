//! The USI `position` command as a record: `position startpos [moves …]` or
//! `position sfen <SFEN> [moves …]` (the word `position` may be left out when reading). It
//! holds the start and the moves only: tags, times, comments, the rules and a stated ending
//! are not written, and a record read from it has none.

use super::{error, reading_rules, record_lines, Draft, Ply, Record, RecordError, RecordErrorKind};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::setup::START_SFEN;
use common::{truncate, Tags};

/// Reads a `position` command (module docs); it must be the text's only line.
pub(super) fn read(text: &str) -> Result<Record, RecordError> {
    let mut lines = record_lines(text)
        .into_iter()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().trim_start_matches('\u{feff}')))
        .filter(|(_, l)| !l.is_empty());
    let Some((number, line)) = lines.next() else {
        return Err(error(1, RecordErrorKind::NotUsi(String::new())));
    };
    if let Some((extra, text)) = lines.next() {
        return Err(error(extra, RecordErrorKind::NotUsi(truncate(text))));
    }
    let not_usi = || error(number, RecordErrorKind::NotUsi(truncate(line)));
    let mut words = line.split_whitespace().peekable();
    if words.peek() == Some(&"position") {
        words.next();
    }
    let start = match words.next() {
        Some("startpos") => Position::start(),
        Some("sfen") => {
            let mut fields = Vec::new();
            while let Some(&word) = words.peek() {
                if word == "moves" {
                    break;
                }
                fields.push(word);
                words.next();
            }
            Position::from_sfen(&fields.join(" "))
                .map_err(|e| error(number, RecordErrorKind::Position(e)))?
        }
        _ => return Err(not_usi()),
    };
    match words.next() {
        None => {}
        Some("moves") => {}
        Some(_) => return Err(not_usi()),
    }
    let mut game = Game::from_position(start, reading_rules(None));
    let mut plies = Vec::new();
    for (i, word) in words.enumerate() {
        let ply = i + 1;
        let played = Move::parse_usi(word)
            .map_err(|e| error(number, RecordErrorKind::UsiMove { ply, error: e }))?;
        game.play(played).map_err(|e| {
            error(
                number,
                RecordErrorKind::IllegalMove {
                    ply,
                    text: truncate(word),
                    error: e,
                },
            )
        })?;
        plies.push(Ply {
            played,
            line: number,
            text: word.to_string(),
        });
    }
    Draft {
        tags: Tags::new(),
        start,
        rules: None,
        plies,
        comments: Vec::new(),
        seconds: Vec::new(),
        end: None,
    }
    .finish()
}

/// Writes the record's start and moves as a `position` command (module docs).
pub(super) fn write(record: &Record) -> String {
    let start = record.game.start_position().to_sfen();
    let mut out = if start == START_SFEN {
        "position startpos".to_string()
    } else {
        format!("position sfen {start}")
    };
    if !record.game.moves().is_empty() {
        out.push_str(" moves");
        for m in record.game.moves() {
            out.push(' ');
            out.push_str(&m.to_string());
        }
    }
    out
}
