//! What the rules layer's values say to a player, as keys of the message catalogues
//! (`www/locales/<lang>.json`) with the values of their `{placeholders}`, so that a refused move
//! or an unreadable record reads in the page's language.
//!
//! Pure data: the web layer looks each key up in its catalogue ([`Text::render`]). Names of
//! animals and sides are texts of their own, so they are translated too; squares, numbers and
//! the player's own text are shown as they are. The English catalogue says what each error's
//! `Display` says (that stays the CLI's and the logs' wording). The embed page's parameter
//! errors carry such a text of their own (`ParamError::text`, built in `embed::params`), with
//! these inside.

use crate::embed::MoveListError;
use crate::jungle::{
    Animal, CaptureError, IllegalMove, MoveParseError, Piece, PositionError, RecordError,
    RulesetError, Side, Square,
};

/// The form of a plural choice `{count|one|other}` (its `forms`: `one|other`) for the number
/// `count`: `one` for exactly 1, `other` for any other number. That is the rule of every
/// language the site speaks (English and German say one thing for 1; Indonesian, Vietnamese,
/// Chinese and Japanese write the same form twice, or no choice at all).
pub fn plural_form<'a>(forms: &'a str, count: &str) -> &'a str {
    let (one, other) = forms.split_once('|').unwrap_or((forms, forms));
    if count.trim() == "1" {
        one
    } else {
        other
    }
}

/// A message: a catalogue key and the values of its placeholders.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Text {
    /// The catalogue key.
    pub key: &'static str,
    /// Each placeholder's name (without braces) and value.
    pub values: Vec<(&'static str, Value)>,
}

/// The value of a placeholder.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// Shown as it is: a square, a number, a code.
    Verbatim(String),
    /// Text quoted from the reader's own input: shown isolated (between U+2068 and U+2069), and
    /// with its bidirectional formatting characters as `�`, so that a right-to-left mark in it
    /// cannot turn the rest of the sentence round.
    Quoted(String),
    /// A message of its own (an animal's or a side's name, the reason inside a wrapper).
    Text(Text),
}

impl Text {
    /// The message `key` with no placeholders.
    pub const fn new(key: &'static str) -> Text {
        Text {
            key,
            values: Vec::new(),
        }
    }

    /// The same message with the placeholder `{name}` filled by `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<Value>) -> Text {
        self.values.push((name, value.into()));
        self
    }

    /// The message in words: `template` gives a key's text in the wanted language; each
    /// `{name}` is replaced by its value, rendered the same way, and each plural choice
    /// `{name|one|other}` by the form for its number ([`plural_form`]). One pass, so a value that
    /// itself contains braces (quoted input) is never read as a placeholder; a placeholder
    /// without a value stays as written.
    pub fn render(&self, template: &dyn Fn(&str) -> String) -> String {
        let text = template(self.key);
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let inside = &after[..close];
                let (name, forms) = inside.split_once('|').unwrap_or((inside, ""));
                self.value(name).map(|value| (value, forms, close))
            });
            match value {
                Some((value, forms, close)) => {
                    match value {
                        Value::Verbatim(count) if !forms.is_empty() => {
                            out.push_str(plural_form(forms, count));
                        }
                        Value::Verbatim(shown) => out.push_str(shown),
                        Value::Quoted(quoted) => isolate(quoted, &mut out),
                        Value::Text(inner) => out.push_str(&inner.render(template)),
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The value of the placeholder `name`.
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, value)| value)
    }

    /// The placeholder names this text fills, in order.
    pub fn placeholders(&self) -> Vec<&'static str> {
        self.values.iter().map(|(name, _)| *name).collect()
    }

    /// This text and every text nested in its values, depth first.
    pub fn all_texts(&self) -> Vec<&Text> {
        let mut found = vec![self];
        for (_, value) in &self.values {
            if let Value::Text(inner) = value {
                found.extend(inner.all_texts());
            }
        }
        found
    }
}

/// The first strong isolate (U+2068) and the pop of directional isolate (U+2069).
pub const ISOLATE: (char, char) = ('\u{2068}', '\u{2069}');

/// Whether `c` changes the direction of the text around it (embeddings, overrides, isolates,
/// marks): quoted text shows such a character as `�` instead of obeying it.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `quoted` isolated from the text around it, as [`Value::Quoted`] shows it (for quoted text
/// inside a value built of several pieces, like a list).
pub fn isolated(quoted: &str) -> String {
    let mut out = String::with_capacity(quoted.len() + 6);
    isolate(quoted, &mut out);
    out
}

/// Appends `quoted` to `out` isolated from the text around it (see [`Value::Quoted`]).
fn isolate(quoted: &str, out: &mut String) {
    out.push(ISOLATE.0);
    out.extend(
        quoted
            .chars()
            .map(|c| if is_bidi_control(c) { '\u{fffd}' } else { c }),
    );
    out.push(ISOLATE.1);
}

/// Text quoted from the reader's input: as it is in `Display` (logs, the command line), and
/// [`Value::Quoted`] (isolated) in a [`Text`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Quoted(pub String);

impl std::fmt::Display for Quoted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<Quoted> for Value {
    fn from(quoted: Quoted) -> Value {
        Value::Quoted(quoted.0)
    }
}

/// `text` from the reader's input, for a placeholder.
fn quoted(text: &str) -> Quoted {
    Quoted(text.to_string())
}

impl From<Text> for Value {
    fn from(text: Text) -> Value {
        Value::Text(text)
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Verbatim(text)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Verbatim(text.to_string())
    }
}

/// Numbers and squares are shown in figures.
macro_rules! verbatim_from_display {
    ($($t:ty),*) => {
        $(impl From<$t> for Value {
            fn from(value: $t) -> Value {
                Value::Verbatim(value.to_string())
            }
        })*
    };
}
verbatim_from_display!(
    u8,
    u16,
    u32,
    usize,
    char,
    crate::jungle::Square,
    crate::jungle::Move
);

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
    let quoted = |text: &str| Quoted(crate::jungle::moves::truncate(text));
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

/// Why a move of a list (an embed's `moves` or `solution`) cannot be played (says what
/// [`MoveListError`]'s `Display` says).
pub fn move_list_error(error: &MoveListError) -> Text {
    let reason = error.reason.text();
    Text::new("embed.moveList.cannotPlay")
        .with("number", error.index + 1)
        .with("move", quoted(&error.text))
        .with("reason", reason)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue(key: &str) -> String {
        match key {
            "outer" => "a {inner} and {n}, {missing} {".to_string(),
            "inner" => "<{n}>".to_string(),
            other => other.to_string(),
        }
    }

    #[test]
    fn rendering_fills_nested_texts_once_and_keeps_unknown_braces() {
        let text = Text::new("outer")
            .with("inner", Text::new("inner").with("n", "{n}"))
            .with("n", 7u8);
        assert_eq!(text.render(&catalogue), "a <{n}> and 7, {missing} {");
        assert_eq!(text.all_texts().len(), 2);
    }
}
