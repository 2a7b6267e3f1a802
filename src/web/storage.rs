//! What the page remembers in `localStorage`, for each game under its own keys (`jungle.game`,
//! `shogi.game`: [`Keys`]): the game in progress (a versioned JSON object holding the game's
//! record text, the mode, the view and the play clock) and the settings (versioned too).
//!
//! The clock (`clock`, absent when the game has none) came after version 1: a version 1 save
//! without it loads as a game without a clock, and an older page reading a newer save ignores
//! it (docs/clocks.md).
//!
//! What a loaded record says besides its moves — tags, comments, move times, variations
//! ([`super::game::Notes`]) — is kept in the record itself, written in the game's first format
//! as an export writes it (KIF's headers, `*` comments, `( 0:12/00:01:03)` times and `変化：`
//! blocks; Jungle's tags), and `notes: true` says so. The players' names and the time control
//! are not saved there: the page writes them into an export from the mode and the clock (saved
//! beside the record), in the reader's language. A save written before (no `notes`) holds in
//! its record only the page's player names of its day ("Player", "You" in the language of
//! then), which are not the record's: it loads as a game without notes. The field is
//! additive, so the save stays version 1 both ways: an older page reads a newer save's main
//! line as it always did (its records' readers skip what they do not keep) and ignores the
//! field. (A `notes` that is not a yes or no reads as absent.)
//!
//! A record that cannot be read — bad JSON, another version, a game that no longer replays — is
//! moved to its `….unreadable` key and reported, so the page starts afresh instead of failing.
//!
//! # Write the new one, then switch
//!
//! Every record is written in two steps: first under `KEY.next`, read back and checked, then
//! copied over `KEY`, and only then is `KEY.next` removed. A reader trusts `KEY.next` when it reads
//! as a whole record (it is never older than `KEY`), and `KEY` otherwise. So whichever step fails —
//! a full quota, storage switched off half-way, a tab closed between the two writes — the last
//! complete record is still there: `KEY` is never touched until a complete copy of its successor
//! exists, and a torn or refused `KEY.next` is simply passed over. (A single `setItem` replaces a
//! value whole or not at all; the danger is a record that is overwritten before its replacement
//! is known to be good, which this order rules out, and a record written where the page cannot
//! read it back, which the check catches.)
//!
//! A failed write never stops the game: the caller gets a [`WriteFailure`] to tell the player.
//!
//! # Every field checked on its own
//!
//! A readable save whose fields are not all usable (an AI level of 99 or -3, an unknown piece set)
//! is kept: each bad field falls back to its default and is named (by the catalogue key of its
//! name) so the page can say what was reset. Only a save without a readable game record is set
//! aside as a whole.
//!
//! # Two tabs
//!
//! The game saved last is the one a visit resumes ([`Keys::game`]). A tab that learns another
//! tab saved a different game keeps its own under [`Keys::aside`] (`page.rs` offers to switch),
//! so no game is lost without the player knowing.

use super::app::{ClockChoice, Colour, DemoSpeed, Mode, NewGame, Settings};
use super::browser::{self, StorageError};
use super::clock::Clock;
use super::game::{Notes, WebGame};
use analysis::trainer::{PuzzleProfile, PROFILE_VERSION};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

/// A game's storage keys, each `<game>.…` ([`WebGame::NAME`]).
pub struct Keys {
    /// The game in progress (`jungle.game`).
    pub game: String,
    /// Where an unreadable save is kept (`jungle.game.unreadable`).
    pub unreadable: String,
    /// Where a tab keeps its game when another tab saved a different one over it
    /// (`jungle.game.aside`).
    pub aside: String,
    /// The settings (`jungle.settings`).
    pub settings: String,
    /// Where unreadable settings are kept (`jungle.settings.unreadable`).
    pub settings_unreadable: String,
}

impl Keys {
    /// The keys of game `G`.
    pub fn of<G: WebGame>() -> Keys {
        let name = G::NAME;
        Keys {
            game: format!("{name}.game"),
            unreadable: format!("{name}.game.unreadable"),
            aside: format!("{name}.game.aside"),
            settings: format!("{name}.settings"),
            settings_unreadable: format!("{name}.settings.unreadable"),
        }
    }
}
/// Appended to a key for the first of the two writing steps.
pub const NEXT_SUFFIX: &str = ".next";
/// The version of the saved game's format; a save of any other version is set aside.
pub const GAME_VERSION: u32 = 1;
/// The version of the settings' format; settings of any other version are set aside.
pub const SETTINGS_VERSION: u32 = 1;

/// The saved game.
#[derive(Serialize, Deserialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct SavedGame {
    /// [`GAME_VERSION`].
    pub version: u32,
    /// The game in the record format (rules, start position, moves).
    pub record: String,
    /// Who plays whom.
    pub mode: Mode,
    /// The board shown from White's side.
    pub flipped: bool,
    /// The seed of the AI's randomness in this game.
    pub seed: u32,
    /// The play clock, paused at the save (`None`: the game has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// The record holds what the game's record says besides its moves ([`ReadGame::notes`]);
    /// `false` in saves written before notes, whose record's tags were the page's own.
    #[serde(default)]
    pub notes: bool,
}

/// The settings as stored: `{"version": 1, "settings": {…}}`.
#[derive(Serialize, Deserialize)]
struct SavedSettings {
    version: u32,
    settings: Settings,
}

/// A field of a save read on its own: a value of the wrong kind is noted, not fatal.
#[derive(Deserialize)]
#[serde(untagged)]
enum Field<T> {
    Valid(T),
    Invalid(IgnoredAny),
}

/// The value of a field of a save: `found` if it is there and `usable`, else `default`, with the
/// field's name (`name`, a catalogue key) noted in `fixed` when a value was there but unusable.
fn checked<T>(
    found: Option<Field<T>>,
    usable: impl Fn(&T) -> bool,
    default: T,
    name: &'static str,
    fixed: &mut Vec<&'static str>,
) -> T {
    match found {
        None => default,
        Some(Field::Valid(value)) if usable(&value) => value,
        Some(_) => {
            if !fixed.contains(&name) {
                fixed.push(name);
            }
            default
        }
    }
}

/// The AI levels a save may hold.
fn is_level(level: &u8) -> bool {
    (1..=5).contains(level)
}

/// A saved game as stored, each field to be checked (the version is checked first, alone).
#[derive(Deserialize)]
struct StoredGame {
    record: String,
    mode: Option<Field<StoredMode>>,
    flipped: Option<Field<bool>>,
    seed: Option<Field<u32>>,
    clock: Option<Field<Clock>>,
    notes: Option<Field<bool>>,
}

/// A saved mode as stored (`{"kind": "vsAi", "human": "black", "level": 2}`).
#[derive(Deserialize)]
struct StoredMode {
    kind: Option<Field<String>>,
    human: Option<Field<Colour>>,
    level: Option<Field<u8>>,
}

/// The settings as stored, each field to be checked (the version is checked first, alone).
#[derive(Deserialize)]
struct StoredSettings {
    settings: Option<Field<StoredSettingValues>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredSettingValues {
    demo_speed: Option<Field<DemoSpeed>>,
    new_game: Option<Field<StoredNewGame>>,
    pieces: Option<Field<String>>,
    notation: Option<Field<String>>,
    board: Option<Field<String>>,
}

#[derive(Deserialize)]
struct StoredNewGame {
    mode: Option<Field<String>>,
    side: Option<Field<String>>,
    level: Option<Field<u8>>,
    rules: Option<Field<String>>,
    start: Option<Field<String>>,
    clock: Option<Field<ClockChoice>>,
}

/// The name (catalogue key) of each field a save can hold.
mod field {
    pub const MODE: &str = "dialog.mode";
    pub const SIDE: &str = "dialog.side";
    pub const LEVEL: &str = "dialog.level";
    pub const RULES: &str = "dialog.rules";
    pub const START: &str = "dialog.start";
    pub const CLOCK: &str = "clock.title";
    pub const DEMO_SPEED: &str = "demo.speed";
    pub const ORIENTATION: &str = "saved.orientation";
    pub const SEED: &str = "saved.seed";
    pub const PIECES: &str = "settings.pieces";
    pub const NOTATION: &str = "settings.notation";
    pub const BOARD: &str = "settings.board";
}

/// The mode a save holds, its bad fields replaced (the default: against the AI, as Black, at
/// the new-game dialog's default level).
fn checked_mode(found: Option<Field<StoredMode>>, fixed: &mut Vec<&'static str>) -> Mode {
    let default_level = NewGame::default().level;
    let stored = match found {
        None => {
            return Mode::VsAi {
                human: Colour::Black,
                level: default_level,
            }
        }
        Some(Field::Invalid(_)) => {
            fixed.push(field::MODE);
            return Mode::VsAi {
                human: Colour::Black,
                level: default_level,
            };
        }
        Some(Field::Valid(mode)) => mode,
    };
    let kind = checked(
        stored.kind,
        |kind| matches!(kind.as_str(), "vsAi" | "hotseat" | "demo"),
        "vsAi".to_string(),
        field::MODE,
        fixed,
    );
    match kind.as_str() {
        "hotseat" => Mode::Hotseat,
        "demo" => Mode::Demo {
            level: checked(stored.level, is_level, default_level, field::LEVEL, fixed),
        },
        _ => Mode::VsAi {
            human: checked(stored.human, |_| true, Colour::Black, field::SIDE, fixed),
            level: checked(stored.level, is_level, default_level, field::LEVEL, fixed),
        },
    }
}

/// Only the version of a record, read before the rest so that a record of another version is
/// reported as such rather than as a puzzling shape.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// A saved game read back: the save (bad fields replaced), its game, and the names
/// (catalogue keys) of the fields that were replaced.
pub struct ReadGame<G: WebGame> {
    /// The save, every field usable.
    pub saved: SavedGame,
    /// Its game, replayed.
    pub game: G::Game,
    /// What its record says besides the moves.
    pub notes: Notes<G::Move>,
    /// The fields whose saved values could not be used (their defaults are in `saved`).
    pub fixed: Vec<&'static str>,
}

/// What was found under [`Keys::game`].
pub enum Loaded<G: WebGame> {
    /// Nothing (first visit, or storage off).
    Nothing,
    /// A game to resume.
    Game(ReadGame<G>),
    /// A save that could not be read: set aside; the message says why.
    SetAside(String),
}

/// The settings found under [`Keys::settings`].
pub struct LoadedSettings {
    /// The remembered settings, or the defaults.
    pub settings: Settings,
    /// The settings whose saved values could not be used (their defaults are used).
    pub fixed: Vec<&'static str>,
    /// Settings that could not be read were set aside under [`Keys::settings_unreadable`]: why.
    pub set_aside: Option<String>,
}

/// Why a record could not be saved, for the player.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteFailure {
    /// The browser's storage for this site is full.
    Full,
    /// The browser does not let the page store anything (private mode, a setting).
    Off,
    /// The browser refused for another reason (the message is for the console).
    Refused(String),
}

impl From<StorageError> for WriteFailure {
    fn from(error: StorageError) -> Self {
        match error {
            StorageError::Full(_) => WriteFailure::Full,
            StorageError::Off(_) => WriteFailure::Off,
            StorageError::Failed(message) => WriteFailure::Refused(message),
        }
    }
}

/// Reads the saved game, setting aside one that cannot be read.
pub fn load_game<G: WebGame>() -> Loaded<G> {
    let keys = Keys::of::<G>();
    match load_record(&keys.game, &keys.unreadable, read_game::<G>) {
        Found::Nothing => Loaded::Nothing,
        Found::Record(game) => Loaded::Game(game),
        Found::SetAside(reason) => Loaded::SetAside(reason),
    }
}

/// Reads a saved game's text (as stored under [`Keys::game`]): an error when it is not one of
/// this version or its record does not replay; bad other fields are replaced and named.
pub fn read_game<G: WebGame>(text: &str) -> Result<ReadGame<G>, String> {
    check_version(text, GAME_VERSION)?;
    let stored: StoredGame = browser::from_json(text)?;
    let game = G::read_saved(&stored.record)?;
    let mut fixed = Vec::new();
    let saved = SavedGame {
        version: GAME_VERSION,
        mode: checked_mode(stored.mode, &mut fixed),
        flipped: checked(
            stored.flipped,
            |_| true,
            false,
            field::ORIENTATION,
            &mut fixed,
        ),
        seed: checked(stored.seed, |_| true, 1, field::SEED, &mut fixed),
        // A clock must be sound and agree with the game on whose time runs.
        clock: checked(
            stored.clock.map(|field| match field {
                Field::Valid(clock) => Field::Valid(Some(clock)),
                Field::Invalid(any) => Field::Invalid(any),
            }),
            |clock| {
                clock.as_ref().is_none_or(|clock| {
                    clock.is_valid() && clock.turn() == G::side_to_move(G::position(&game))
                })
            },
            None,
            field::CLOCK,
            &mut fixed,
        ),
        notes: matches!(stored.notes, Some(Field::Valid(true))),
        record: stored.record,
    };
    let notes = if saved.notes {
        G::read_notes(&saved.record)
    } else {
        Notes::default()
    };
    Ok(ReadGame {
        saved,
        game,
        notes,
        fixed,
    })
}

/// The game another tab kept aside, if one is there and readable.
pub fn load_aside<G: WebGame>() -> Option<ReadGame<G>> {
    let key = Keys::of::<G>().aside;
    let text = browser::storage_get(&key).ok().flatten()?;
    read_game::<G>(&text)
        .map_err(|reason| browser::log_warning(&format!("{key} is unreadable: {reason}")))
        .ok()
}

/// Keeps `saved` under [`Keys::aside`] (two steps, as every save).
pub fn save_aside<G: WebGame>(saved: &SavedGame) -> Result<(), WriteFailure> {
    let text = browser::to_json(saved).map_err(WriteFailure::Refused)?;
    write_then_switch(&Keys::of::<G>().aside, &text)
}

/// Forgets the game kept aside (the player chose to).
pub fn discard_aside<G: WebGame>() {
    let _ = browser::storage_remove(&Keys::of::<G>().aside);
}

/// Whether game `G`'s page has welcomed a newcomer already (`jungle.welcomed`).
pub fn welcomed<G: WebGame>() -> bool {
    matches!(
        browser::storage_get(&format!("{}.welcomed", G::NAME)),
        Ok(Some(_))
    )
}

/// Remembers that game `G`'s page welcomed the newcomer (a failure only means a second welcome).
pub fn remember_welcome<G: WebGame>() {
    let _ = browser::storage_set(&format!("{}.welcomed", G::NAME), "1");
}

/// The puzzle trainer's profile of game `G` (`jungle.puzzles`): a newcomer's when there is
/// none, and a newcomer's with the reason when the stored one cannot be read (it is kept under
/// `jungle.puzzles.unreadable`).
pub fn load_puzzle_profile<G: WebGame>() -> (PuzzleProfile, Option<String>) {
    let key = format!("{}.puzzles", G::NAME);
    let read = |text: &str| {
        check_version(text, PROFILE_VERSION)?;
        browser::from_json::<PuzzleProfile>(text)?.checked()
    };
    match load_record(&key, &format!("{key}.unreadable"), read) {
        Found::Nothing => (PuzzleProfile::new(), None),
        Found::Record(profile) => (profile, None),
        Found::SetAside(reason) => (PuzzleProfile::new(), Some(reason)),
    }
}

/// Saves the puzzle trainer's profile in two steps, as the game.
pub fn save_puzzle_profile<G: WebGame>(profile: &PuzzleProfile) -> Result<(), WriteFailure> {
    let text = browser::to_json(profile).map_err(WriteFailure::Refused)?;
    write_then_switch(&format!("{}.puzzles", G::NAME), &text)
}

/// Saves the game in two steps (see the module's doc); on failure the last save stays.
pub fn save_game<G: WebGame>(saved: &SavedGame) -> Result<(), WriteFailure> {
    let text = browser::to_json(saved).map_err(WriteFailure::Refused)?;
    write_then_switch(&Keys::of::<G>().game, &text)
}

/// The remembered settings, or the defaults (unreadable ones set aside).
pub fn load_settings<G: WebGame>() -> LoadedSettings {
    let keys = Keys::of::<G>();
    match load_record(
        &keys.settings,
        &keys.settings_unreadable,
        read_settings::<G>,
    ) {
        Found::Nothing => LoadedSettings {
            settings: Settings::default(),
            fixed: Vec::new(),
            set_aside: None,
        },
        Found::Record((settings, fixed)) => LoadedSettings {
            settings,
            fixed,
            set_aside: None,
        },
        Found::SetAside(reason) => LoadedSettings {
            settings: Settings::default(),
            fixed: Vec::new(),
            set_aside: Some(reason),
        },
    }
}

/// Reads stored settings: an error when they are not of this version; each bad field is
/// replaced by its default and named.
fn read_settings<G: WebGame>(text: &str) -> Result<(Settings, Vec<&'static str>), String> {
    check_version(text, SETTINGS_VERSION)?;
    let stored: StoredSettings = browser::from_json(text)?;
    let mut fixed = Vec::new();
    let defaults = Settings::default();
    let values = match stored.settings {
        None => return Ok((defaults, fixed)),
        Some(Field::Invalid(_)) => return Err("the settings are not an object".to_string()),
        Some(Field::Valid(values)) => values,
    };
    let demo_speed = checked(
        values.demo_speed,
        |_| true,
        defaults.demo_speed,
        field::DEMO_SPEED,
        &mut fixed,
    );
    let choice = NewGame::default();
    let new_game = match values.new_game {
        None => choice,
        Some(Field::Invalid(_)) => {
            fixed.push(field::MODE);
            choice
        }
        Some(Field::Valid(stored)) => NewGame {
            mode: checked(
                stored.mode,
                |m| matches!(m.as_str(), "vsAi" | "hotseat" | "demo"),
                choice.mode,
                field::MODE,
                &mut fixed,
            ),
            side: checked(
                stored.side,
                |s| matches!(s.as_str(), "black" | "white" | "random"),
                choice.side,
                field::SIDE,
                &mut fixed,
            ),
            level: checked(
                stored.level,
                is_level,
                choice.level,
                field::LEVEL,
                &mut fixed,
            ),
            rules: checked(
                stored.rules,
                |r| G::rules_ok(r),
                choice.rules,
                field::RULES,
                &mut fixed,
            ),
            start: checked(
                stored.start,
                |s| G::start_ok(s),
                choice.start,
                field::START,
                &mut fixed,
            ),
            clock: checked(
                stored.clock,
                |c| c.kind == "off" || c.control().is_ok(),
                choice.clock,
                field::CLOCK,
                &mut fixed,
            ),
        },
    };
    let one_of =
        |offered: &[&str], name: &String| name.is_empty() || offered.contains(&name.as_str());
    let pieces = checked(
        values.pieces,
        |name| one_of(G::PIECE_SETS, name),
        defaults.pieces,
        field::PIECES,
        &mut fixed,
    );
    let notation = checked(
        values.notation,
        |name| one_of(G::NOTATIONS, name),
        defaults.notation,
        field::NOTATION,
        &mut fixed,
    );
    let board = checked(
        values.board,
        |name| one_of(G::BOARDS, name),
        defaults.board,
        field::BOARD,
        &mut fixed,
    );
    let settings = Settings {
        board,
        demo_speed,
        new_game,
        pieces,
        notation,
    };
    Ok((settings, fixed))
}

/// Remembers the settings in two steps; on failure the last ones stay.
pub fn save_settings<G: WebGame>(settings: &Settings) -> Result<(), WriteFailure> {
    let text = browser::to_json(&SavedSettings {
        version: SETTINGS_VERSION,
        settings: settings.clone(),
    })
    .map_err(WriteFailure::Refused)?;
    write_then_switch(&Keys::of::<G>().settings, &text)
}

/// An error unless `text` is a JSON object of version `expected`.
fn check_version(text: &str, expected: u32) -> Result<(), String> {
    let found: VersionOnly = browser::from_json(text)?;
    if found.version == expected {
        Ok(())
    } else {
        Err(format!(
            "saved by format version {} of the page, this page reads version {expected}",
            found.version
        ))
    }
}

enum Found<T> {
    Nothing,
    Record(T),
    SetAside(String),
}

/// The record under `key`: its complete successor under `key.next` if one is there (the switch
/// did not happen; it is finished now), else `key` itself, else nothing. An unreadable `key` is
/// moved to `unreadable_key`; an unreadable `key.next` is a write that did not finish and is
/// dropped.
fn load_record<T>(
    key: &str,
    unreadable_key: &str,
    read: impl Fn(&str) -> Result<T, String>,
) -> Found<T> {
    let next_key = format!("{key}{NEXT_SUFFIX}");
    if let Ok(Some(text)) = browser::storage_get(&next_key) {
        match read(&text) {
            Ok(value) => {
                // Finish the interrupted switch; if that fails too, the next load tries again.
                if browser::storage_set(key, &text).is_ok() {
                    let _ = browser::storage_remove(&next_key);
                }
                return Found::Record(value);
            }
            Err(reason) => {
                browser::log_warning(&format!(
                    "dropping an unfinished write under {next_key}: {reason}"
                ));
                let _ = browser::storage_remove(&next_key);
            }
        }
    }
    let Ok(Some(text)) = browser::storage_get(key) else {
        return Found::Nothing;
    };
    match read(&text) {
        Ok(value) => Found::Record(value),
        Err(reason) => {
            // Keep the text for whoever wants to rescue it; if even that fails, drop it.
            if browser::storage_set(unreadable_key, &text).is_err() {
                let _ = browser::storage_remove(unreadable_key);
            }
            let _ = browser::storage_remove(key);
            Found::SetAside(reason)
        }
    }
}

/// Writes `text` under `key.next`, checks it reads back whole, then copies it over `key` and
/// removes `key.next`. An error only when the first step fails: after that the new record is
/// safe under one key or the other.
fn write_then_switch(key: &str, text: &str) -> Result<(), WriteFailure> {
    let next_key = format!("{key}{NEXT_SUFFIX}");
    browser::storage_set(&next_key, text)?;
    match browser::storage_get(&next_key) {
        Ok(Some(stored)) if stored == text => {}
        Ok(_) => {
            let _ = browser::storage_remove(&next_key);
            return Err(WriteFailure::Refused(format!(
                "{next_key} did not read back as written"
            )));
        }
        Err(message) => return Err(WriteFailure::Refused(message)),
    }
    match browser::storage_set(key, text) {
        // The loader finishes the switch from `key.next`.
        Err(error) => browser::log_warning(&format!(
            "{key} kept its old record; the new one waits under {next_key}: {error:?}"
        )),
        Ok(()) => {
            let _ = browser::storage_remove(&next_key);
        }
    }
    Ok(())
}
