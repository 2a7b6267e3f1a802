//! Shogi for the analysis layer ([`analysis`]): its fitted win-probability curve, its
//! text forms (SFEN, USI moves), and the themes of its puzzles.
//!
//! # Puzzle themes
//! - `mate`: the line mates (goal `win`);
//! - `material`: the line wins material decisively (goal `advantage`);
//! - `drop`: one of the player's moves drops a piece from the hand;
//! - `promotion`: one of the player's moves promotes.

use crate::{Game, Move, Position, Ruleset};
use analysis::{Analysable, Goal, WinModel};

impl Analysable for Game {
    /// Fitted on self-play (docs/win-probability.md, "Shogi").
    const WIN_MODEL: WinModel = WinModel::new(0.000662);
    const NAME: &'static str = "shogi";

    fn at_start(&self) -> Game {
        Game::from_position(*self.start_position(), *self.rules())
    }

    fn from_position_text(text: &str, rules: Ruleset) -> Result<Game, String> {
        Game::from_sfen(text, rules).map_err(|e| e.to_string())
    }

    fn position_text(position: &Position) -> String {
        position.to_sfen()
    }

    fn parse_move(text: &str) -> Result<Move, String> {
        Move::parse_usi(text).map_err(|e| e.to_string())
    }

    fn line_themes(_start: &Position, line: &[Move], goal: Goal) -> Vec<&'static str> {
        let mut themes = vec![match goal {
            Goal::Win => "mate",
            Goal::Advantage => "material",
        }];
        // The player's moves are the even plies.
        let players = line.iter().step_by(2);
        if players.clone().any(|m| m.is_drop()) {
            themes.push("drop");
        }
        if players.clone().any(|m| m.promotes()) {
            themes.push("promotion");
        }
        themes
    }
}
