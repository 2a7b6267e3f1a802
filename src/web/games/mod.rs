//! The games the site's pages play, each an implementation of [`super::game::WebGame`] over its
//! rules: its drawing, its texts and its formats.

pub mod jungle;
pub mod shogi;

/// Every game of the site by its name ([`super::game::WebGame::NAME`]), the first one first: the
/// one a page plays when its address names none (`?game=`). The browser's side of the same list
/// is www/games.js (docs/adding-a-game.md).
pub const GAMES: [&str; 2] = [jungle::JungleWeb::NAME, shogi::ShogiWeb::NAME];

/// The game a page plays when its address names none: the first of [`GAMES`].
pub const FIRST_GAME: &str = GAMES[0];

/// The `game` parameter an address needs to open game `G` on a page shared by every game: its
/// name, or none for the first game.
pub fn game_param<G: WebGame>() -> Option<&'static str> {
    (G::NAME != FIRST_GAME).then_some(G::NAME)
}

use super::game::WebGame;
