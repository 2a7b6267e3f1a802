//! What the family's rules say to a player, as keys of the family's catalogues
//! (`www/locales/family/<lang>.json`, every key prefixed `family.`) with the values of their
//! `{placeholders}`, in the generic [`Text`] form the site renders. The English catalogue says
//! what each error's `Display` says (tests/family_texts.rs holds them to it); that stays the
//! command line's wording.

use crate::game::OptionsError;
use crate::position::SfenError;
use crate::record::RecordError;
use crate::variant::Variant;
pub use common::texts::{Text, Value};

/// The name of a variant (`family.game.kyotoshogi`: "Kyoto shogi", 京都将棋 in Japanese).
pub fn game_name(variant: &Variant) -> Text {
    Text::new(match variant.name {
        "minishogi" => "family.game.minishogi",
        "kyotoshogi" => "family.game.kyotoshogi",
        "microshogi" => "family.game.microshogi",
        "dobutsu" => "family.game.dobutsu",
        "judkinshogi" => "family.game.judkinshogi",
        "torishogi" => "family.game.torishogi",
        "yarishogi" => "family.game.yarishogi",
        "shoshogi" => "family.game.shoshogi",
        "cannonshogi" => "family.game.cannonshogi",
        "annanshogi" => "family.game.annanshogi",
        "checkshogi" => "family.game.checkshogi",
        _ => "family.game.standard",
    })
}

/// Why an SFEN could not be read.
pub fn sfen_error(error: &SfenError) -> Text {
    match error {
        SfenError::Fields => Text::new("family.sfen.fields"),
        SfenError::Shape => Text::new("family.sfen.shape"),
        SfenError::Piece(c) => {
            Text::new("family.sfen.piece").with("piece", Value::Quoted(c.to_string()))
        }
        SfenError::Side => Text::new("family.sfen.side"),
        SfenError::Hands => Text::new("family.sfen.hands"),
        SfenError::MoveNumber => Text::new("family.sfen.moveNumber"),
        SfenError::Royals => Text::new("family.sfen.royals"),
        SfenError::OppositeCheck => Text::new("family.sfen.oppositeCheck"),
    }
}

/// Why a record could not be read.
pub fn record_error(error: &RecordError) -> Text {
    match error {
        RecordError::Empty => Text::new("family.record.empty"),
        RecordError::NoVariant => Text::new("family.record.noVariant"),
        RecordError::UnknownVariant(name) => {
            Text::new("family.record.unknownVariant").with("name", Value::Quoted(name.clone()))
        }
        RecordError::Sfen(e) => {
            Text::new("family.record.sfen").with("reason", Value::Text(sfen_error(e)))
        }
        RecordError::Move(number, text) => Text::new("family.record.move")
            .with("number", Value::Verbatim(number.to_string()))
            .with("move", Value::Quoted(text.clone())),
        RecordError::Line(line) => {
            Text::new("family.record.line").with("line", Value::Verbatim(line.to_string()))
        }
    }
}

/// Why a spelling of a game's options could not be read.
pub fn options_error(error: &OptionsError) -> Text {
    match error {
        OptionsError::Unknown(name) => {
            Text::new("family.options.unknown").with("name", Value::Quoted(name.clone()))
        }
        OptionsError::Count(value) => {
            Text::new("family.options.count").with("value", Value::Quoted(value.clone()))
        }
    }
}
