//! The games the site's pages play, each an implementation of [`super::game::WebGame`] over its
//! rules: its drawing, its texts and its formats.

pub mod jungle;
pub mod shogi;

/// Every game of the site by its name ([`super::game::WebGame::NAME`]), the first one first: the
/// one a page plays when its address names none (`?game=`). The browser's side of the same list
/// is the map of each game's modules the build writes (docs/adding-a-game.md).
pub const GAMES: [&str; 2] = [jungle::JungleWeb::NAME, shogi::ShogiWeb::NAME];

/// The game a page plays when its address names none: the first of [`GAMES`].
pub const FIRST_GAME: &str = GAMES[0];

use super::game::WebGame;
