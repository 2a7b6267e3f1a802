//! What the page remembers in `localStorage`: the game in progress (a versioned JSON object
//! holding the rules layer's record text, the mode and the view) and the settings.
//!
//! A save that cannot be read — bad JSON, another version, a record that no longer replays — is
//! moved to [`UNREADABLE_KEY`] and reported, so the page starts a new game instead of failing.
//! Storage that is switched off or full only means nothing is remembered.

use super::app::{Mode, Settings};
use super::browser;
use crate::jungle::Record;
use serde::{Deserialize, Serialize};

/// The key of the game in progress.
pub const GAME_KEY: &str = "jungle.game";
/// Where an unreadable save is kept.
pub const UNREADABLE_KEY: &str = "jungle.game.unreadable";
/// The key of the settings.
pub const SETTINGS_KEY: &str = "jungle.settings";
/// The version of the saved game's format; a save of any other version is set aside.
pub const GAME_VERSION: u32 = 1;

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

/// What was found under [`GAME_KEY`].
pub enum Loaded {
    /// Nothing (first visit, or storage off).
    Nothing,
    /// A game to resume, with its record read back.
    Game(SavedGame, Record),
    /// A save that could not be read: set aside; the message says why.
    SetAside(String),
}

/// Reads the saved game, setting aside one that cannot be read.
pub fn load_game() -> Loaded {
    let Ok(Some(text)) = browser::storage_get(GAME_KEY) else {
        return Loaded::Nothing;
    };
    match read_game(&text) {
        Ok((saved, record)) => Loaded::Game(saved, record),
        Err(reason) => {
            // Keep the text for whoever wants to rescue it; if even that fails, drop it.
            if browser::storage_set(UNREADABLE_KEY, &text).is_err() {
                let _ = browser::storage_remove(UNREADABLE_KEY);
            }
            let _ = browser::storage_remove(GAME_KEY);
            Loaded::SetAside(reason)
        }
    }
}

fn read_game(text: &str) -> Result<(SavedGame, Record), String> {
    let saved: SavedGame = browser::from_json(text)?;
    if saved.version != GAME_VERSION {
        return Err(format!(
            "saved by version {} of the page, this is version {GAME_VERSION}",
            saved.version
        ));
    }
    let record = Record::parse(&saved.record).map_err(|e| e.to_string())?;
    Ok((saved, record))
}

/// Saves the game; storage that is off or full is ignored (the game goes on).
pub fn save_game(saved: &SavedGame) {
    if let Ok(text) = browser::to_json(saved) {
        let _ = browser::storage_set(GAME_KEY, &text);
    }
}

/// The remembered settings, or the defaults.
pub fn load_settings() -> Settings {
    browser::storage_get(SETTINGS_KEY)
        .ok()
        .flatten()
        .and_then(|text| browser::from_json::<Settings>(&text).ok())
        .unwrap_or_default()
}

/// Remembers the settings (ignored when storage is off).
pub fn save_settings(settings: &Settings) {
    if let Ok(text) = browser::to_json(settings) {
        let _ = browser::storage_set(SETTINGS_KEY, &text);
    }
}
