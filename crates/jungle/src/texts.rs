//! What Jungle's rules say to a player, as keys of the site's catalogues
//! (`www/locales/<lang>.json` and `www/locales/jungle/<lang>.json`) with the values of their
//! `{placeholders}`, in the generic [`Text`] form every game's page renders. Names of animals
//! and sides are texts of their own, so they are translated too; squares, numbers and the
//! player's own text are shown as they are.

use crate::{
    Animal, CaptureError, IllegalMove, Move, MoveParseError, Piece, PositionError, RecordError,
    RulesetError, Side, Square,
};
pub use common::texts::{Quoted, Text, Value};

/// `text` from the reader's input, for a placeholder.
fn quoted(text: &str) -> Quoted {
    Quoted(text.to_string())
}

impl From<Square> for Value {
    fn from(square: Square) -> Value {
        Value::Verbatim(square.to_string())
    }
}

impl From<Move> for Value {
    fn from(mv: Move) -> Value {
        Value::Verbatim(mv.to_string())
    }
}

/// The name of a side (`side.black`: "Black").
pub fn side(side: Side) -> Text {
    Text::new(match side {
        Side::Black => "side.black",
        Side::White => "side.white",
    })
}

/// The name of an animal (`animal.rat`: "rat").
pub fn animal(animal: Animal) -> Text {
    Text::new(match animal {
        Animal::Rat => "animal.rat",
        Animal::Cat => "animal.cat",
        Animal::Dog => "animal.dog",
        Animal::Wolf => "animal.wolf",
        Animal::Leopard => "animal.leopard",
        Animal::Tiger => "animal.tiger",
        Animal::Lion => "animal.lion",
        Animal::Elephant => "animal.elephant",
    })
}

/// A side's animal, in the word order of the language ("Black rat", "tikus Hitam", "黑方的鼠").
pub fn piece(piece: Piece) -> Text {
    Text::new("piece.name")
        .with("side", side(piece.side))
        .with("animal", animal(piece.animal))
}

/// What a square holds, for its label on the board (`square.piece`: "e3, Black wolf";
/// `square.empty`: "e3, empty").
pub fn square_label(square: Square, piece: Option<Piece>) -> Text {
    match piece {
        Some(piece) => Text::new("square.piece")
            .with("square", square)
            .with("side", side(piece.side))
            .with("animal", animal(piece.animal)),
        None => Text::new("square.empty").with("square", square),
    }
}

/// Why a move cannot be played (says what [`IllegalMove`]'s `Display` says).
pub fn illegal_move(error: &IllegalMove) -> Text {
    match *error {
        IllegalMove::GameOver => Text::new("illegal.gameOver"),
        IllegalMove::NoAnimal(square) => Text::new("illegal.noAnimal").with("square", square),
        IllegalMove::NotYourTurn { to_move } => {
            Text::new("illegal.notYourTurn").with("side", side(to_move))
        }
        IllegalMove::NotAStep(a) if a.jumps() => {
            Text::new("illegal.notAStepOrJump").with("animal", animal(a))
        }
        IllegalMove::NotAStep(a) => Text::new("illegal.notAStep").with("animal", animal(a)),
        IllegalMove::OwnDen => Text::new("illegal.ownDen"),
        IllegalMove::OwnAnimal => Text::new("illegal.ownAnimal"),
        IllegalMove::NoSwimming(a) => Text::new("illegal.noSwimming").with("animal", animal(a)),
        IllegalMove::JumpBlocked => Text::new("illegal.jumpBlocked"),
        IllegalMove::TigerJumpsVerticallyOnly => Text::new("illegal.tigerJumpsVerticallyOnly"),
        IllegalMove::Capture(capture) => capture_error(&capture),
        IllegalMove::RepetitionProhibited { to } => {
            Text::new("illegal.repetitionProhibited").with("square", to)
        }
    }
}

/// Why a capture is not allowed (says what [`CaptureError`]'s `Display` says).
pub fn capture_error(error: &CaptureError) -> Text {
    match *error {
        CaptureError::FromWaterToLand => Text::new("capture.fromWaterToLand"),
        CaptureError::FromLandIntoWater => Text::new("capture.fromLandIntoWater"),
        CaptureError::AttackerTrapped(a) => {
            Text::new("capture.attackerTrapped").with("animal", animal(a))
        }
        CaptureError::ElephantCannotTakeRat => Text::new("capture.elephantCannotTakeRat"),
        CaptureError::Outranked { attacker, defender } => Text::new("capture.outranked")
            .with("attacker", animal(attacker))
            .with("attackerRank", attacker.rank())
            .with("defender", animal(defender))
            .with("defenderRank", defender.rank()),
    }
}

/// Why text is not a valid position (says what [`PositionError`]'s `Display` says).
pub fn position_error(error: &PositionError) -> Text {
    // Quoted text is shortened as in `Display`.
    let quoted = |text: &str| Quoted(common::truncate(text));
    match error {
        PositionError::Fields(count) => Text::new("position.fields").with("count", *count),
        PositionError::RankCount(count) => Text::new("position.rankCount").with("count", *count),
        PositionError::FileCount(rank, count) => Text::new("position.fileCount")
            .with("rank", *rank)
            .with("count", *count),
        PositionError::BadBoardChar(c) => Text::new("position.badBoardChar").with("char", *c),
        PositionError::BadSide(text) => Text::new("position.badSide").with("text", quoted(text)),
        PositionError::BadClock(text) => Text::new("position.badClock").with("text", quoted(text)),
        PositionError::BadMoveNumber(text) => {
            Text::new("position.badMoveNumber").with("text", quoted(text))
        }
        PositionError::Duplicate(s, a) => Text::new("position.duplicate")
            .with("side", side(*s))
            .with("animal", animal(*a)),
        PositionError::InWater(p, square) => Text::new("position.inWater")
            .with("animal", animal(p.animal))
            .with("square", *square),
        PositionError::InOwnDen(p) => Text::new("position.inOwnDen")
            .with("side", side(p.side))
            .with("animal", animal(p.animal)),
        PositionError::EmptyBoard => Text::new("position.emptyBoard"),
        PositionError::NoAnimals(s) => Text::new("position.noAnimals")
            .with("side", side(*s))
            .with("opponent", side(s.opponent())),
        PositionError::DenAlreadyEntered(s) => {
            Text::new("position.denAlreadyEntered").with("side", side(*s))
        }
    }
}

/// Why text is not a move in machine form (says what [`MoveParseError`]'s `Display` says).
pub fn move_parse_error(error: &MoveParseError) -> Text {
    match error {
        MoveParseError::NotAMove(text) => Text::new("moveText.notAMove").with("text", quoted(text)),
        MoveParseError::NotASquare(text) => {
            Text::new("moveText.notASquare").with("text", quoted(text))
        }
        MoveParseError::SameSquare(text) => {
            Text::new("moveText.sameSquare").with("text", quoted(text))
        }
    }
}

/// Why a ruleset spelling is refused (says what [`RulesetError`]'s `Display` says).
pub fn ruleset_error(error: &RulesetError) -> Text {
    match error {
        RulesetError::NoCaptureLimit(value) => {
            Text::new("rules.noCaptureLimit").with("value", quoted(value))
        }
        RulesetError::ThreefoldValue(value) => {
            Text::new("rules.threefoldValue").with("value", quoted(value))
        }
        RulesetError::UnknownRule(name) => {
            Text::new("rules.unknownRule").with("name", quoted(name))
        }
    }
}

/// Why a game record cannot be read (says what [`RecordError`]'s `Display` says).
pub fn record_error(error: &RecordError) -> Text {
    match error {
        RecordError::BadTag { line, text } => Text::new("record.badTag")
            .with("line", *line)
            .with("text", quoted(text)),
        RecordError::Variant(e) => Text::new("record.variant").with("error", ruleset_error(e)),
        RecordError::Fen(e) => Text::new("record.fen").with("error", position_error(e)),
        RecordError::StrayCommentEnd => Text::new("record.strayCommentEnd"),
        RecordError::UnclosedComment => Text::new("record.unclosedComment"),
        RecordError::AfterResult(token) => {
            Text::new("record.afterResult").with("token", quoted(token))
        }
        RecordError::VariationWithoutMove => Text::new("record.variationWithoutMove"),
        RecordError::StrayVariationEnd => Text::new("record.strayVariationEnd"),
        RecordError::UnclosedVariation => Text::new("record.unclosedVariation"),
        RecordError::InVariation { ply, error } => Text::new("record.inVariation")
            .with("ply", *ply)
            .with("error", record_error(error)),
        RecordError::BadMove { ply, error } => Text::new("record.badMove")
            .with("ply", *ply)
            .with("error", move_parse_error(error)),
        RecordError::IllegalMove { ply, played, error } => Text::new("record.illegalMove")
            .with("ply", *ply)
            .with("move", *played)
            .with("error", illegal_move(error)),
        RecordError::ResultMismatch { declared, actual } => Text::new("record.resultMismatch")
            .with("declared", quoted(declared))
            .with("actual", *actual),
        RecordError::TerminationMismatch {
            declared,
            actual: Some(actual),
        } => Text::new("record.terminationMismatch")
            .with("declared", quoted(declared))
            .with("actual", *actual),
        RecordError::TerminationMismatch {
            declared,
            actual: None,
        } => Text::new("record.terminationNotEnded").with("declared", quoted(declared)),
    }
}
