//! What shogi's rules layer says to a player, as keys of the shogi catalogues
//! (`www/locales/shogi/<lang>.json`, every key prefixed `shogi.`) with the values of their
//! `{placeholders}`, in the generic [`Text`] form the site already renders.
//!
//! Names of sides, pieces and ranks are texts of their own, so they are translated too: a
//! square is `shogi.square` with its file (a digit) and its rank (`a`–`i` in English, `一`–`九`
//! in Japanese and Chinese). Numbers, moves and the player's own text are shown as they are.
//! The English catalogue says what each error's `Display` says (`tests/shogi_texts.rs` holds
//! them to it); that stays the CLI's and the logs' wording.

use super::game::{DeclarationError, DrawReason, Outcome, WinReason};
use super::moves::{IllegalMove, MoveParseError};
use super::notation::NotationError;
use super::piece::{Piece, PieceKind, Side};
use super::position::ImpasseError;
use super::record::{RecordError, RecordErrorKind};
use super::ruleset::{RulesetError, MAX_MAX_PLIES};
use super::setup::PositionError;
use super::square::Square;
pub use common::texts::{Text, Value};

/// The name of a side (`shogi.side.black`: "Sente").
pub fn side(side: Side) -> Text {
    Text::new(match side {
        Side::Black => "shogi.side.black",
        Side::White => "shogi.side.white",
    })
}

/// The name of a kind of piece (`shogi.piece.dragon`: "dragon").
pub fn piece_kind(kind: PieceKind) -> Text {
    Text::new(match kind {
        PieceKind::Pawn => "shogi.piece.pawn",
        PieceKind::Lance => "shogi.piece.lance",
        PieceKind::Knight => "shogi.piece.knight",
        PieceKind::Silver => "shogi.piece.silver",
        PieceKind::Bishop => "shogi.piece.bishop",
        PieceKind::Rook => "shogi.piece.rook",
        PieceKind::Gold => "shogi.piece.gold",
        PieceKind::King => "shogi.piece.king",
        PieceKind::Tokin => "shogi.piece.tokin",
        PieceKind::ProLance => "shogi.piece.promotedLance",
        PieceKind::ProKnight => "shogi.piece.promotedKnight",
        PieceKind::ProSilver => "shogi.piece.promotedSilver",
        PieceKind::Horse => "shogi.piece.horse",
        PieceKind::Dragon => "shogi.piece.dragon",
    })
}

/// A side's piece, in the word order of the language (`shogi.piece.name`: "Sente's silver").
pub fn piece(piece: Piece) -> Text {
    Text::new("shogi.piece.name")
        .with("side", side(piece.side))
        .with("piece", piece_kind(piece.kind))
}

/// A rank by its letter `a`–`i` (`shogi.rank.g`: "g", or "七").
pub fn rank(letter: char) -> Text {
    Text::new(match letter {
        'a' => "shogi.rank.a",
        'b' => "shogi.rank.b",
        'c' => "shogi.rank.c",
        'd' => "shogi.rank.d",
        'e' => "shogi.rank.e",
        'f' => "shogi.rank.f",
        'g' => "shogi.rank.g",
        'h' => "shogi.rank.h",
        _ => "shogi.rank.i",
    })
}

/// A square (`shogi.square`: "7g", or "7七").
pub fn square(sq: Square) -> Text {
    Text::new("shogi.square")
        .with("file", file(sq.file_number()))
        .with("rank", rank(sq.rank_letter()))
}

/// A file's number, as a text: Japanese and Chinese write it in full-width digits (`７六`).
pub fn file(number: u8) -> Text {
    const FILES: [&str; 9] = [
        "shogi.file.1",
        "shogi.file.2",
        "shogi.file.3",
        "shogi.file.4",
        "shogi.file.5",
        "shogi.file.6",
        "shogi.file.7",
        "shogi.file.8",
        "shogi.file.9",
    ];
    Text::new(FILES[usize::from(number.clamp(1, 9)) - 1])
}

/// Why a move cannot be played (says what [`IllegalMove`]'s `Display` says).
pub fn illegal_move(error: &IllegalMove) -> Text {
    match *error {
        IllegalMove::GameOver => Text::new("shogi.illegal.gameOver"),
        IllegalMove::NoPiece(sq) => Text::new("shogi.illegal.noPiece").with("square", square(sq)),
        IllegalMove::NotYourPiece {
            square: sq,
            to_move,
        } => Text::new("shogi.illegal.notYourPiece")
            .with("square", square(sq))
            .with("side", side(to_move)),
        IllegalMove::CannotReach { kind, from, to } => Text::new("shogi.illegal.cannotReach")
            .with("piece", piece_kind(kind))
            .with("from", square(from))
            .with("to", square(to)),
        IllegalMove::OwnPiece(sq) => Text::new("shogi.illegal.ownPiece").with("square", square(sq)),
        IllegalMove::NotInHand(kind) => {
            Text::new("shogi.illegal.notInHand").with("piece", piece_kind(kind))
        }
        IllegalMove::DropOnPiece(sq) => {
            Text::new("shogi.illegal.dropOnPiece").with("square", square(sq))
        }
        IllegalMove::DeadDrop { kind, to } => Text::new("shogi.illegal.deadDrop")
            .with("piece", piece_kind(kind))
            .with("rank", rank(to.rank_letter())),
        IllegalMove::Nifu(file) => Text::new("shogi.illegal.nifu").with("file", file),
        IllegalMove::PawnDropMate => Text::new("shogi.illegal.pawnDropMate"),
        IllegalMove::MustPromote { kind, to } => Text::new("shogi.illegal.mustPromote")
            .with("piece", piece_kind(kind))
            .with("rank", rank(to.rank_letter())),
        IllegalMove::CannotPromote(kind) => {
            Text::new("shogi.illegal.cannotPromote").with("piece", piece_kind(kind))
        }
        IllegalMove::OutsideZone { kind } => {
            Text::new("shogi.illegal.outsideZone").with("piece", piece_kind(kind))
        }
        IllegalMove::KingInCheck => Text::new("shogi.illegal.kingInCheck"),
    }
}

/// Why text is not a move in USI form (says what [`MoveParseError`]'s `Display` says).
pub fn move_parse_error(error: &MoveParseError) -> Text {
    match error {
        MoveParseError::NotAMove(text) => {
            Text::new("shogi.moveText.notAMove").with("text", text.as_str())
        }
        MoveParseError::NotASquare(text) => {
            Text::new("shogi.moveText.notASquare").with("text", text.as_str())
        }
        MoveParseError::SameSquare(text) => {
            Text::new("shogi.moveText.sameSquare").with("text", text.as_str())
        }
        MoveParseError::NotADropPiece(c) => {
            Text::new("shogi.moveText.notADropPiece").with("char", *c)
        }
    }
}

/// Why text is not a valid position (says what [`PositionError`]'s `Display` says).
pub fn position_error(error: &PositionError) -> Text {
    // The parser has shortened quoted text already; it is shown as `Display` shows it.
    let quoted = |text: &String| text.clone();
    match error {
        PositionError::Fields(count) => Text::new("shogi.position.fields").with("count", *count),
        PositionError::RankCount(count) => {
            Text::new("shogi.position.rankCount").with("count", *count)
        }
        PositionError::FileCount(letter, count) => Text::new("shogi.position.fileCount")
            .with("rank", rank(*letter))
            .with("count", *count),
        PositionError::BadBoardChar(c) => Text::new("shogi.position.badBoardChar").with("char", *c),
        PositionError::BadPromotion(text) => {
            Text::new("shogi.position.badPromotion").with("text", quoted(text))
        }
        PositionError::BadSide(text) => {
            Text::new("shogi.position.badSide").with("text", quoted(text))
        }
        PositionError::BadHand(text) => {
            Text::new("shogi.position.badHand").with("text", quoted(text))
        }
        PositionError::BadHandPiece(c) => Text::new("shogi.position.badHandPiece").with("char", *c),
        PositionError::BadHandCount(text) => {
            Text::new("shogi.position.badHandCount").with("text", quoted(text))
        }
        PositionError::BadMoveNumber(text) => {
            Text::new("shogi.position.badMoveNumber").with("text", quoted(text))
        }
        PositionError::TwoKings(s) => Text::new("shogi.position.twoKings").with("side", side(*s)),
        PositionError::NoKing => Text::new("shogi.position.noKing"),
        PositionError::DeadPiece(p, sq) => Text::new("shogi.position.deadPiece")
            .with("side", side(p.side))
            .with("piece", piece_kind(p.kind))
            .with("square", square(*sq)),
        PositionError::Nifu(s, file) => Text::new("shogi.position.nifu")
            .with("side", side(*s))
            .with("file", *file),
        PositionError::TooMany(kind, count) => Text::new("shogi.position.tooMany")
            .with("count", *count)
            .with("piece", piece_kind(*kind))
            .with("max", kind.set_count()),
        PositionError::OpponentInCheck(s) => Text::new("shogi.position.opponentInCheck")
            .with("side", side(*s))
            .with("opponent", side(s.opponent())),
    }
}

/// Why a ruleset spelling is refused (says what [`RulesetError`]'s `Display` says).
pub fn ruleset_error(error: &RulesetError) -> Text {
    match error {
        RulesetError::ImpasseValue(value) => {
            Text::new("shogi.rules.impasseValue").with("value", value.as_str())
        }
        RulesetError::MaxMovesValue(value) => Text::new("shogi.rules.maxMovesValue")
            .with("max", MAX_MAX_PLIES)
            .with("value", value.as_str()),
        RulesetError::UnknownRule(name) => {
            Text::new("shogi.rules.unknownRule").with("name", name.as_str())
        }
    }
}

/// Why an impasse declaration is not valid (says what [`ImpasseError`]'s `Display` says).
pub fn impasse_error(error: &ImpasseError) -> Text {
    match *error {
        ImpasseError::Off => Text::new("shogi.impasse.off"),
        ImpasseError::KingNotInZone => Text::new("shogi.impasse.kingNotInZone"),
        ImpasseError::InCheck => Text::new("shogi.impasse.inCheck"),
        ImpasseError::TooFewPieces(count) => {
            Text::new("shogi.impasse.tooFewPieces").with("count", count)
        }
        ImpasseError::TooFewPoints { points, needed } => Text::new("shogi.impasse.tooFewPoints")
            .with("needed", needed)
            .with("points", points),
    }
}

/// Why a declaration was refused (says what [`DeclarationError`]'s `Display` says).
pub fn declaration_error(error: &DeclarationError) -> Text {
    match error {
        // The same words as a move refused for the same reason.
        DeclarationError::GameOver => Text::new("shogi.illegal.gameOver"),
        DeclarationError::Invalid(reason) => impasse_error(reason),
    }
}

/// How a game ended, as a sentence (says what [`Outcome`]'s `Display` says).
pub fn outcome(outcome: &Outcome) -> Text {
    match *outcome {
        Outcome::Win { winner, reason } => {
            let text = |key| {
                Text::new(key)
                    .with("winner", side(winner))
                    .with("loser", side(winner.opponent()))
            };
            match reason {
                WinReason::Checkmate => {
                    Text::new("shogi.outcome.checkmate").with("winner", side(winner))
                }
                WinReason::NoLegalMove => text("shogi.outcome.noLegalMove"),
                WinReason::PerpetualCheck => text("shogi.outcome.perpetualCheck"),
                WinReason::Impasse(points) => Text::new("shogi.outcome.impasse")
                    .with("winner", side(winner))
                    .with("points", points),
                WinReason::Resignation => text("shogi.outcome.resignation"),
                WinReason::Time => text("shogi.outcome.time"),
            }
        }
        Outcome::Draw(DrawReason::Sennichite) => Text::new("shogi.outcome.sennichite"),
        Outcome::Draw(DrawReason::MoveLimit(plies)) => {
            Text::new("shogi.outcome.moveLimit").with("plies", plies)
        }
    }
}

/// Why a move text cannot be read (says what [`NotationError`]'s `Display` says).
pub fn notation_error(error: &NotationError) -> Text {
    match error {
        NotationError::Unreadable(text) => {
            Text::new("shogi.notation.unreadable").with("text", text.as_str())
        }
        NotationError::NoPrevious => Text::new("shogi.notation.noPrevious"),
        NotationError::NoPieceCanMove { kind, to } => Text::new("shogi.notation.noPieceCanMove")
            .with("piece", piece_kind(*kind))
            .with("square", square(*to)),
        NotationError::NoMatch(text) => {
            Text::new("shogi.notation.noMatch").with("text", text.as_str())
        }
        NotationError::WrongPiece {
            square: sq,
            named,
            found,
        } => Text::new("shogi.notation.wrongPiece")
            .with("square", square(*sq))
            .with("found", piece_kind(*found))
            .with("named", piece_kind(*named)),
        NotationError::Ambiguous { text, choices } => Text::new("shogi.notation.ambiguous")
            .with("text", text.as_str())
            .with("choices", choices.join(", ")),
        NotationError::Illegal { text, error } => Text::new("shogi.notation.illegal")
            .with("text", text.as_str())
            .with("error", illegal_move(error)),
    }
}

/// Why a record cannot be read (says what [`RecordError`]'s `Display` says).
pub fn record_error(error: &RecordError) -> Text {
    Text::new("shogi.record.line")
        .with("line", error.line)
        .with("problem", record_problem(&error.kind))
}

/// What is wrong with a line of a record (says what [`RecordErrorKind`]'s `Display` says).
pub fn record_problem(kind: &RecordErrorKind) -> Text {
    use RecordErrorKind as K;
    let quoted = |key, text: &str| Text::new(key).with("text", text);
    match kind {
        K::Encoding => Text::new("shogi.record.encoding"),
        K::NotKif(text) => quoted("shogi.record.notKif", text),
        K::NotCsa(text) => quoted("shogi.record.notCsa", text),
        K::NotUsi(text) => quoted("shogi.record.notUsi", text),
        K::UnknownHandicap(text) => quoted("shogi.record.unknownHandicap", text),
        K::BadRow(text) => quoted("shogi.record.badRow", text),
        K::RowCount(count) => Text::new("shogi.record.rowCount").with("count", *count),
        K::BadHand(text) => quoted("shogi.record.badHand", text),
        K::BadPlacement(text) => quoted("shogi.record.badPlacement", text),
        K::Position(e) => Text::new("shogi.record.position").with("error", position_error(e)),
        K::NoStartPosition => Text::new("shogi.record.noStartPosition"),
        K::MoveNumber { found, expected } => Text::new("shogi.record.moveNumber")
            .with("found", *found)
            .with("expected", *expected),
        K::BadMove { ply, error } => Text::new("shogi.record.plyError")
            .with("ply", *ply)
            .with("error", notation_error(error)),
        K::BadCsaMove(text) => quoted("shogi.record.badCsaMove", text),
        K::WrongSide { ply, to_move } => Text::new("shogi.record.wrongSide")
            .with("ply", *ply)
            .with("side", side(*to_move)),
        K::CsaPiece {
            ply,
            square: sq,
            written,
            found,
        } => Text::new("shogi.record.csaPiece")
            .with("ply", *ply)
            .with("written", written.as_str())
            .with("piece", piece_kind(*found))
            .with("square", square(*sq)),
        K::UsiMove { ply, error } => Text::new("shogi.record.plyError")
            .with("ply", *ply)
            .with("error", move_parse_error(error)),
        K::IllegalMove { ply, text, error } => Text::new("shogi.record.illegalMove")
            .with("ply", *ply)
            .with("text", text.as_str())
            .with("error", illegal_move(error)),
        K::BadTime(text) => quoted("shogi.record.badTime", text),
        K::UnknownEnding(text) => quoted("shogi.record.unknownEnding", text),
        K::AfterEnd(text) => quoted("shogi.record.afterEnd", text),
        K::EndingMismatch {
            stated,
            actual: Some(actual),
        } => Text::new("shogi.record.endingMismatch")
            .with("stated", stated.as_str())
            .with("outcome", outcome(actual)),
        K::EndingMismatch {
            stated,
            actual: None,
        } => Text::new("shogi.record.endingNotOver").with("stated", stated.as_str()),
        K::Declaration(e) => {
            Text::new("shogi.record.declaration").with("error", declaration_error(e))
        }
        K::Rules(e) => Text::new("shogi.record.rules").with("error", ruleset_error(e)),
        K::SecondGame => Text::new("shogi.record.secondGame"),
        K::VariationOutsideLine {
            number,
            first,
            last,
        } if last < first => Text::new("shogi.record.variationOfEmptyLine").with("number", *number),
        K::VariationOutsideLine {
            number,
            first,
            last,
        } => Text::new("shogi.record.variationOutsideLine")
            .with("number", *number)
            .with("first", *first)
            .with("last", *last),
    }
}
