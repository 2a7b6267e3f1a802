//! The `postMessage` API between the embedded board and its host page.
//!
//! Every message is an object `{ "type": "jungle:<name>", "version": 1, … }`, for every game
//! (`jungle:` is the protocol's namespace, not the game's: a shogi board speaks it too). The
//! site's own name is an alias of it: a command may be `tabula:<name>`, and every event is sent
//! twice, as `tabula:<name>` and as `jungle:<name>`, so that hosts written for either name hear
//! it ([`SITE_PREFIX`]).
//! - **Commands in** ([`Command`]): `setPosition` {fen, moves?, variant?}, `playMoves` {moves},
//!   `undo`, `flip`, `reset`. The web layer reads `MessageEvent.data` into a [`MessageValue`]
//!   (serde, e.g. `serde-wasm-bindgen`), calls [`Command::from_value`], then
//!   [`Command::apply`]; a [`MessageError`] is logged as a console warning and the message is
//!   otherwise ignored (the board does not change). Messages whose `type` does not start with
//!   `jungle:` or `tabula:` are other scripts' business and are ignored silently ([`MessageError::NotForUs`]).
//! - **Events out** ([`Event`]): `ready`, `move`, `position`, `gameover`, built from the
//!   game ([`crate::web::game::WebGame`]) and serialised with serde.
//!
//! Fields other than those listed are ignored, so a later version may add some. Which origins
//! are trusted is decided by [`super::EmbedConfig::accepts_origin`] (see `docs/embed.md`).

use super::{play_moves, quote, split_moves, MoveListError, MAX_MOVES};
use crate::web::game::{StartError, WebGame};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

/// The protocol version every message carries.
pub const PROTOCOL_VERSION: u32 = 1;

/// The prefix of every message type: the protocol's namespace since its first version.
pub const TYPE_PREFIX: &str = "jungle:";

/// The site's name for the same namespace: a command may use it, and every event is also sent
/// under it (`tabula:move` beside `jungle:move`).
pub const SITE_PREFIX: &str = "tabula:";

/// How deep a message's objects and lists may nest: a message is at most an object holding a
/// list of strings, and a structured-cloned object may even contain itself.
const MAX_DEPTH: usize = 4;

/// Any value a message may hold, as read from JSON or a structured-cloned JS value. Nesting
/// deeper than a message needs reads as [`MessageValue::TooDeep`] without being walked, and a
/// list stops being read after [`MAX_MOVES`] + 1 elements.
#[derive(Clone, PartialEq, Debug)]
pub enum MessageValue {
    /// `null` or `undefined`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string.
    Text(String),
    /// An array.
    List(Vec<MessageValue>),
    /// An object's entries in order (keys that are not strings are skipped).
    Object(Vec<(String, MessageValue)>),
    /// An object or array nested deeper than any message needs (not read).
    TooDeep,
}

impl MessageValue {
    /// Words for the value in an error: `the number 2`, `'text'`, `a list`…
    pub fn describe(&self) -> String {
        match self {
            MessageValue::Null => "null".into(),
            MessageValue::Bool(b) => format!("{b}"),
            MessageValue::Number(n) => format!("the number {n}"),
            MessageValue::Text(t) => format!("'{}'", quote(t)),
            MessageValue::List(_) => "a list".into(),
            MessageValue::Object(_) | MessageValue::TooDeep => "an object".into(),
        }
    }

    /// The value of `key` when this is an object.
    pub fn field(&self, key: &str) -> Option<&MessageValue> {
        match self {
            MessageValue::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for MessageValue {
    fn deserialize<D: Deserializer<'de>>(reader: D) -> Result<MessageValue, D::Error> {
        ValueSeed { depth: 0 }.deserialize(reader)
    }
}

/// Reads one value at a nesting depth.
struct ValueSeed {
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for ValueSeed {
    type Value = MessageValue;
    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<MessageValue, D::Error> {
        reader.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed {
    type Value = MessageValue;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a message value")
    }
    fn visit_unit<E>(self) -> Result<MessageValue, E> {
        Ok(MessageValue::Null)
    }
    fn visit_none<E>(self) -> Result<MessageValue, E> {
        Ok(MessageValue::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, reader: D) -> Result<MessageValue, D::Error> {
        reader.deserialize_any(self)
    }
    fn visit_bool<E>(self, b: bool) -> Result<MessageValue, E> {
        Ok(MessageValue::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<MessageValue, E> {
        Ok(MessageValue::Number(n as f64))
    }
    fn visit_u64<E>(self, n: u64) -> Result<MessageValue, E> {
        Ok(MessageValue::Number(n as f64))
    }
    fn visit_f64<E>(self, n: f64) -> Result<MessageValue, E> {
        Ok(MessageValue::Number(n))
    }
    fn visit_str<E>(self, s: &str) -> Result<MessageValue, E> {
        Ok(MessageValue::Text(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<MessageValue, E> {
        Ok(MessageValue::Text(s))
    }
    fn visit_bytes<E>(self, _: &[u8]) -> Result<MessageValue, E> {
        Ok(MessageValue::TooDeep)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MessageValue, A::Error> {
        if self.depth >= MAX_DEPTH {
            return Ok(MessageValue::TooDeep);
        }
        let mut items = Vec::new();
        while items.len() <= MAX_MOVES {
            match seq.next_element_seed(ValueSeed {
                depth: self.depth + 1,
            })? {
                Some(item) => items.push(item),
                None => break,
            }
        }
        Ok(MessageValue::List(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<MessageValue, A::Error> {
        if self.depth >= MAX_DEPTH {
            return Ok(MessageValue::TooDeep);
        }
        let mut entries = Vec::new();
        // A message has a handful of fields; a huge object is not read to its end.
        while entries.len() <= 64 {
            let Some(key) = map.next_key::<KeyOrOther>()? else {
                break;
            };
            let value = map.next_value_seed(ValueSeed {
                depth: self.depth + 1,
            })?;
            if let KeyOrOther::Key(key) = key {
                entries.push((key, value));
            }
        }
        Ok(MessageValue::Object(entries))
    }
}

/// An object key: a string, or anything else (skipped).
enum KeyOrOther {
    Key(String),
    Other,
}

impl<'de> Deserialize<'de> for KeyOrOther {
    fn deserialize<D: Deserializer<'de>>(reader: D) -> Result<KeyOrOther, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = KeyOrOther;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_str<E>(self, s: &str) -> Result<KeyOrOther, E> {
                Ok(KeyOrOther::Key(s.to_string()))
            }
            fn visit_string<E>(self, s: String) -> Result<KeyOrOther, E> {
                Ok(KeyOrOther::Key(s))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<KeyOrOther, E> {
                Ok(KeyOrOther::Other)
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<KeyOrOther, E> {
                Ok(KeyOrOther::Other)
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<KeyOrOther, E> {
                Ok(KeyOrOther::Other)
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<KeyOrOther, E> {
                Ok(KeyOrOther::Other)
            }
            fn visit_unit<E: de::Error>(self) -> Result<KeyOrOther, E> {
                Ok(KeyOrOther::Other)
            }
        }
        reader.deserialize_any(KeyVisitor)
    }
}

/// Why a message was not acted on.
#[derive(Clone, PartialEq, Debug)]
pub enum MessageError {
    /// Not an object with a `type` starting with `jungle:`: another script's message, ignored
    /// without a warning.
    NotForUs,
    /// A `jungle:` type this version does not know.
    UnknownType(String),
    /// The `version` is missing or not one this frame speaks.
    Version(String),
    /// A field is missing or has a bad value.
    Field {
        /// The command.
        command: &'static str,
        /// The field.
        field: &'static str,
        /// What is wrong, in words.
        problem: String,
    },
    /// The `fen` is not a valid position.
    Position(String),
    /// A move of `moves` cannot be played (its index is in the error).
    Move(MoveListError),
    /// The command makes no sense now (e.g. nothing to take back).
    Nothing(String),
}

impl MessageError {
    /// Whether the message was another script's (log nothing).
    pub fn is_foreign(&self) -> bool {
        *self == MessageError::NotForUs
    }
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::NotForUs => f.write_str("not a jungle: message"),
            MessageError::UnknownType(t) => write!(
                f,
                "unknown message type '{}': commands are jungle:setPosition, jungle:playMoves, \
                 jungle:undo, jungle:flip and jungle:reset",
                quote(t)
            ),
            MessageError::Version(v) => {
                write!(f, "message version must be {PROTOCOL_VERSION}, not {v}")
            }
            MessageError::Field {
                command,
                field,
                problem,
            } => write!(f, "jungle:{command}: {field} {problem}"),
            MessageError::Position(e) => write!(f, "jungle:setPosition: fen {e}"),
            MessageError::Move(e) => write!(f, "moves: {e}"),
            MessageError::Nothing(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for MessageError {}

/// A command from the host page to a board of the game `G` (Jungle unless said), checked as far
/// as it can be without the game.
#[derive(Clone, PartialEq, Debug)]
pub enum Command<G: WebGame> {
    /// Show a new position (and moves from it); `reset` comes back here afterwards.
    SetPosition {
        /// The position, valid.
        start: G::Position,
        /// Moves to play from it (their legality is checked by [`Command::apply`]).
        moves: Vec<String>,
        /// The rules (a ruleset spelling, valid); `None` keeps the frame's current rules.
        rules: Option<String>,
    },
    /// Play moves from the position shown, all or none.
    PlayMoves {
        /// The moves (checked by [`Command::apply`]).
        moves: Vec<String>,
    },
    /// Take back the last move.
    Undo,
    /// Turn the board round.
    Flip,
    /// Back to the frame's starting position (the URL's, or the last `setPosition`).
    Reset,
}

/// What a command did (moves of type `M`), for the web layer to show and report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Applied<M> {
    /// A new game is shown (send a `position` event with cause `setPosition`).
    NewPosition,
    /// These moves were played (send a `move` event for each, then `gameover` if it ended).
    Played(Vec<M>),
    /// This move was taken back (send a `position` event with cause `undo`).
    Undone(M),
    /// The board should turn round (the orientation is the web layer's).
    Flip,
    /// The game went back to its starting position (send a `position` event, cause `reset`).
    Reset,
}

impl<G: WebGame> Command<G> {
    /// The command in a message value (module docs for the shapes).
    pub fn from_value(value: &MessageValue) -> Result<Command<G>, MessageError> {
        let Some(MessageValue::Text(kind)) = value.field("type") else {
            return Err(MessageError::NotForUs);
        };
        let Some(name) = kind
            .strip_prefix(TYPE_PREFIX)
            .or_else(|| kind.strip_prefix(SITE_PREFIX))
        else {
            return Err(MessageError::NotForUs);
        };
        let command: &'static str = match name {
            "setPosition" => "setPosition",
            "playMoves" => "playMoves",
            "undo" => "undo",
            "flip" => "flip",
            "reset" => "reset",
            _ => return Err(MessageError::UnknownType(kind.clone())),
        };
        match value.field("version") {
            Some(MessageValue::Number(v)) if *v == PROTOCOL_VERSION as f64 => {}
            Some(other) => return Err(MessageError::Version(other.describe())),
            None => return Err(MessageError::Version("missing".into())),
        }
        let field = |field: &'static str, problem: String| MessageError::Field {
            command,
            field,
            problem,
        };
        Ok(match command {
            "setPosition" => {
                let rules = match value.field("variant") {
                    None | Some(MessageValue::Null) => None,
                    Some(MessageValue::Text(text)) => Some(text.to_ascii_lowercase()),
                    Some(other) => {
                        return Err(field(
                            "variant",
                            format!("must be a string, not {}", other.describe()),
                        ))
                    }
                };
                // The game's own name for the position (`sfen`) or `fen`.
                let position = value.field(G::POSITION_PARAM).or(value.field("fen"));
                let (start, spelled) = match position {
                    Some(MessageValue::Text(text)) => {
                        let rules = rules.as_deref().unwrap_or(G::DEFAULT_RULES);
                        match G::game_at(rules, Some(&text.replace('_', " "))) {
                            Ok(game) => (G::positions(&game)[0].clone(), G::rules_code(&game)),
                            Err(StartError::Rules(e)) => {
                                return Err(field(
                                    "variant",
                                    format!("is not a variant: {}", e.english),
                                ))
                            }
                            Err(StartError::Position(e)) => {
                                return Err(MessageError::Position(format!(
                                    "'{}' is not a valid position: {}",
                                    quote(text),
                                    e.english
                                )))
                            }
                        }
                    }
                    None | Some(MessageValue::Null) => {
                        return Err(field("fen", "is missing: give the position".into()))
                    }
                    Some(other) => {
                        return Err(field(
                            "fen",
                            format!("must be a string, not {}", other.describe()),
                        ))
                    }
                };
                let moves = match value.field("moves") {
                    None | Some(MessageValue::Null) => Vec::new(),
                    Some(v) => move_list(v).map_err(|p| field("moves", p))?,
                };
                Command::SetPosition {
                    start,
                    moves,
                    // The rules as the game spells them, when given.
                    rules: rules.map(|_| spelled),
                }
            }
            "playMoves" => match value.field("moves") {
                None | Some(MessageValue::Null) => {
                    return Err(field("moves", "is missing: give the moves to play".into()))
                }
                Some(v) => Command::PlayMoves {
                    moves: move_list(v).map_err(|p| field("moves", p))?,
                },
            },
            "undo" => Command::Undo,
            "flip" => Command::Flip,
            _ => Command::Reset,
        })
    }

    /// Carries the command out on `game`; `reset_to` is the game `reset` returns to (a
    /// `setPosition` replaces it). On an error nothing changes.
    pub fn apply(
        &self,
        game: &mut G::Game,
        reset_to: &mut G::Game,
    ) -> Result<Applied<G::Move>, MessageError> {
        match self {
            Command::SetPosition {
                start,
                moves,
                rules,
            } => {
                let rules = rules.clone().unwrap_or_else(|| G::rules_code(game));
                let position = G::position_code(start);
                let mut new = G::game_at(&rules, Some(&position)).map_err(|_| {
                    MessageError::Nothing(format!(
                        "jungle:setPosition: the position is not valid under {rules}"
                    ))
                })?;
                play_moves::<G>(&mut new, moves.iter().map(String::as_str))
                    .map_err(MessageError::Move)?;
                *reset_to = new.clone();
                *game = new;
                Ok(Applied::NewPosition)
            }
            Command::PlayMoves { moves } => {
                let played = play_moves::<G>(game, moves.iter().map(String::as_str))
                    .map_err(MessageError::Move)?;
                Ok(Applied::Played(played))
            }
            Command::Undo => G::undo(game).map(Applied::Undone).ok_or_else(|| {
                MessageError::Nothing("jungle:undo: there is no move to take back".into())
            }),
            Command::Flip => Ok(Applied::Flip),
            Command::Reset => {
                *game = reset_to.clone();
                Ok(Applied::Reset)
            }
        }
    }
}

/// A `moves` field: a string (`"a3a4 g7g6"` or `"a3a4,g7g6"`) or a list of strings.
fn move_list(value: &MessageValue) -> Result<Vec<String>, String> {
    let moves: Vec<String> = match value {
        MessageValue::Text(text) => split_moves(text)
            .take(MAX_MOVES + 1)
            .map(str::to_string)
            .collect(),
        MessageValue::List(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                MessageValue::Text(text) => Ok(text.trim().to_string()),
                other => Err(format!(
                    "must hold moves as strings like \"a3a4\", but item {} is {}",
                    i + 1,
                    other.describe()
                )),
            })
            .collect::<Result<_, _>>()?,
        other => {
            return Err(format!(
                "must be a string or a list of moves like \"a3a4\", not {}",
                other.describe()
            ))
        }
    };
    if moves.len() > MAX_MOVES {
        return Err(format!("may hold at most {MAX_MOVES} moves"));
    }
    Ok(moves)
}

/// An event for the host page. Serialised as `{ "type": "jungle:<name>", "version": 1, … }`
/// (camelCase fields; `id` only when the frame has one); sent under [`SITE_PREFIX`] too
/// ([`Event::site_type`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type")]
pub enum Event {
    /// The board is shown and listens for commands.
    #[serde(rename = "jungle:ready")]
    Ready {
        /// [`PROTOCOL_VERSION`].
        version: u32,
        /// The frame's `id` parameter.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        /// The position shown.
        fen: String,
        /// Moves from the start to the position shown.
        ply: usize,
    },
    /// A move was played (by the reader, the AI, the puzzle or a command).
    #[serde(rename = "jungle:move")]
    Move {
        /// [`PROTOCOL_VERSION`].
        version: u32,
        /// The frame's `id` parameter.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        /// The move in machine form (`a3a4`).
        #[serde(rename = "move")]
        played: String,
        /// The move in human form (`Ra3-a4`, `Lb3xb7#`).
        san: String,
        /// Who moved: `black` or `white`.
        side: String,
        /// The position after it.
        fen: String,
        /// Moves from the start to the position after it.
        ply: usize,
    },
    /// The position shown changed other than by a move: a step back or forward, a reset, a
    /// new game, a `setPosition` (so a host following the game stays in step).
    #[serde(rename = "jungle:position")]
    Position {
        /// [`PROTOCOL_VERSION`].
        version: u32,
        /// The frame's `id` parameter.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        /// The position shown now.
        fen: String,
        /// Moves from the start to it.
        ply: usize,
        /// Why: `undo`, `redo`, `reset`, `new` or `setPosition`.
        cause: String,
    },
    /// The game ended.
    #[serde(rename = "jungle:gameover")]
    GameOver {
        /// [`PROTOCOL_VERSION`].
        version: u32,
        /// The frame's `id` parameter.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        /// `1-0` (Black won), `0-1` (White won) or `1/2-1/2`.
        result: String,
        /// `den`, `all-captured`, `no-moves`, `threefold` or `no-capture`.
        reason: String,
        /// `black`, `white`, or absent for a draw.
        #[serde(skip_serializing_if = "Option::is_none")]
        winner: Option<String>,
    },
}

impl Event {
    /// The event's type under the site's name ([`SITE_PREFIX`]): `tabula:move` for `jungle:move`.
    pub fn site_type(&self) -> &'static str {
        match self {
            Event::Ready { .. } => "tabula:ready",
            Event::Move { .. } => "tabula:move",
            Event::Position { .. } => "tabula:position",
            Event::GameOver { .. } => "tabula:gameover",
        }
    }

    /// `ready` for the position `game` (of `G`) shows.
    pub fn ready<G: WebGame>(game: &G::Game, id: Option<&str>) -> Event {
        Event::Ready {
            version: PROTOCOL_VERSION,
            id: id.map(str::to_string),
            fen: G::position_code(G::position(game)),
            ply: G::moves(game).len(),
        }
    }

    /// `move` for move `ply` (from 0) of `game` (of `G`).
    pub fn played<G: WebGame>(game: &G::Game, id: Option<&str>, ply: usize) -> Event {
        let before = &G::positions(game)[ply];
        Event::Move {
            version: PROTOCOL_VERSION,
            id: id.map(str::to_string),
            played: G::move_code(G::moves(game)[ply]),
            san: G::move_text(game, ply, G::NOTATIONS[0]),
            side: G::side_to_move(before).name().to_string(),
            fen: G::position_code(&G::positions(game)[ply + 1]),
            ply: ply + 1,
        }
    }

    /// `move` for the last move of `game` (of `G`), if there is one.
    pub fn last_move<G: WebGame>(game: &G::Game, id: Option<&str>) -> Option<Event> {
        let ply = G::moves(game).len().checked_sub(1)?;
        Some(Event::played::<G>(game, id, ply))
    }

    /// `position` for the position `game` (of `G`) shows now, changed by `cause` (`undo`,
    /// `redo`, `reset`, `new` or `setPosition`).
    pub fn position<G: WebGame>(game: &G::Game, id: Option<&str>, cause: &str) -> Event {
        Event::Position {
            version: PROTOCOL_VERSION,
            id: id.map(str::to_string),
            fen: G::position_code(G::position(game)),
            ply: G::moves(game).len(),
            cause: cause.to_string(),
        }
    }

    /// `gameover` when `game` (of `G`) has ended.
    pub fn game_over<G: WebGame>(game: &G::Game, id: Option<&str>) -> Option<Event> {
        let outcome = G::outcome(game)?;
        let (result, reason) = G::outcome_codes(outcome);
        Some(Event::GameOver {
            version: PROTOCOL_VERSION,
            id: id.map(str::to_string),
            result: result.to_string(),
            reason: reason.to_string(),
            winner: G::winner(outcome).map(|side| side.name().to_string()),
        })
    }
}
