//! What the page remembers in `localStorage`: the game in progress (a versioned JSON object
//! holding the rules layer's record text, the mode and the view) and the settings (versioned too).
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

use super::app::{Mode, Settings};
use super::browser::{self, StorageError};
use crate::jungle::Record;
use serde::{Deserialize, Serialize};

/// The key of the game in progress.
pub const GAME_KEY: &str = "jungle.game";
/// Where an unreadable save is kept.
pub const UNREADABLE_KEY: &str = "jungle.game.unreadable";
/// The key of the settings.
pub const SETTINGS_KEY: &str = "jungle.settings";
/// Where unreadable settings are kept.
pub const SETTINGS_UNREADABLE_KEY: &str = "jungle.settings.unreadable";
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
}

/// The settings as stored: `{"version": 1, "settings": {…}}`.
#[derive(Serialize, Deserialize)]
struct SavedSettings {
    version: u32,
    settings: Settings,
}

/// Only the version of a record, read before the rest so that a record of another version is
/// reported as such rather than as a puzzling shape.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// What was found under [`GAME_KEY`].
pub enum Loaded {
    /// Nothing (first visit, or storage off).
    Nothing,
    /// A game to resume, with its record read back.
    Game(SavedGame, Record),
    /// A save that could not be read: set aside; the message says why.
    SetAside(String),
}

/// The settings found under [`SETTINGS_KEY`].
pub struct LoadedSettings {
    /// The remembered settings, or the defaults.
    pub settings: Settings,
    /// Settings that could not be read were set aside under [`SETTINGS_UNREADABLE_KEY`]: why.
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
pub fn load_game() -> Loaded {
    match load_record(GAME_KEY, UNREADABLE_KEY, read_game) {
        Found::Nothing => Loaded::Nothing,
        Found::Record((saved, record)) => Loaded::Game(saved, record),
        Found::SetAside(reason) => Loaded::SetAside(reason),
    }
}

fn read_game(text: &str) -> Result<(SavedGame, Record), String> {
    check_version(text, GAME_VERSION)?;
    let saved: SavedGame = browser::from_json(text)?;
    let record = Record::parse(&saved.record).map_err(|e| e.to_string())?;
    Ok((saved, record))
}

/// Saves the game in two steps (see the module's doc); on failure the last save stays.
pub fn save_game(saved: &SavedGame) -> Result<(), WriteFailure> {
    let text = browser::to_json(saved).map_err(WriteFailure::Refused)?;
    write_then_switch(GAME_KEY, &text)
}

/// The remembered settings, or the defaults (unreadable ones set aside).
pub fn load_settings() -> LoadedSettings {
    match load_record(SETTINGS_KEY, SETTINGS_UNREADABLE_KEY, read_settings) {
        Found::Nothing => LoadedSettings {
            settings: Settings::default(),
            set_aside: None,
        },
        Found::Record(settings) => LoadedSettings {
            settings,
            set_aside: None,
        },
        Found::SetAside(reason) => LoadedSettings {
            settings: Settings::default(),
            set_aside: Some(reason),
        },
    }
}

fn read_settings(text: &str) -> Result<Settings, String> {
    check_version(text, SETTINGS_VERSION)?;
    let saved: SavedSettings = browser::from_json(text)?;
    Ok(saved.settings)
}

/// Remembers the settings in two steps; on failure the last ones stay.
pub fn save_settings(settings: &Settings) -> Result<(), WriteFailure> {
    let text = browser::to_json(&SavedSettings {
        version: SETTINGS_VERSION,
        settings: settings.clone(),
    })
    .map_err(WriteFailure::Refused)?;
    write_then_switch(SETTINGS_KEY, &text)
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
