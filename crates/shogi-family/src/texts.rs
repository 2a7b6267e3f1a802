//! What the family's rules say to a player, as keys of the family's catalogues
//! (`www/locales/family/<lang>.json`, every key prefixed `family.`) with the values of their
//! `{placeholders}`, in the generic [`Text`] form the site renders. The English catalogue says
//! what each error's `Display` says (tests/family_texts.rs holds them to it); that stays the
//! command line's wording.

use crate::position::SfenError;
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
