//! Jungle for the analysis layer ([`analysis`]): its fitted win-probability curve, its
//! text forms, and the themes of its puzzles.
//!
//! # Puzzle themes
//! - `den-attack`: the line wins by entering the den (goal `win`);
//! - `material`: the line wins material decisively (goal `advantage`);
//! - `trap`: the player captures an animal standing on one of the player's own traps that it
//!   could not take elsewhere (a weaker attacker, or an elephant taking a rat);
//! - `rat-elephant`: the player's rat takes the elephant;
//! - `river-jump`: the player's lion or tiger jumps a river;
//! - `defence` (found by search, see [`analysis::generate`]): the opponent threatens to
//!   win first, and the line parries it.

use crate::{Animal, Game, Move, Position};
use analysis::{Analysable, Goal, WinModel};

impl Analysable for Game {
    /// Fitted on self-play (docs/win-probability.md).
    const WIN_MODEL: WinModel = WinModel::new(0.001119);
    const NAME: &'static str = "jungle";

    fn at_start(&self) -> Game {
        Game::from_position(*self.start_position(), *self.rules())
    }

    fn from_position_text(text: &str, rules: crate::Ruleset) -> Result<Game, String> {
        Game::from_fen(text, rules).map_err(|e| e.to_string())
    }

    fn position_text(position: &Position) -> String {
        position.to_fen()
    }

    fn parse_move(text: &str) -> Result<Move, String> {
        Move::parse(text).map_err(|e| e.to_string())
    }

    fn line_themes(start: &Position, line: &[Move], goal: Goal) -> Vec<&'static str> {
        let mut themes = vec![match goal {
            Goal::Win => "den-attack",
            Goal::Advantage => "material",
        }];
        let mut add = |theme| {
            if !themes.contains(&theme) {
                themes.push(theme);
            }
        };
        let mut pos = *start;
        for (ply, &m) in line.iter().enumerate() {
            if ply % 2 == 0 {
                if let Some(mover) = pos.piece_at(m.from) {
                    let distance = (m.from.file() as i32 - m.to.file() as i32).abs()
                        + (m.from.rank() as i32 - m.to.rank() as i32).abs();
                    if distance > 1 {
                        add("river-jump");
                    }
                    if let Some(victim) = pos.captured_by(m) {
                        if mover.animal == Animal::Rat && victim == Animal::Elephant {
                            add("rat-elephant");
                        }
                        let outranked = mover.animal.rank() < victim.rank()
                            && !(mover.animal == Animal::Rat && victim == Animal::Elephant);
                        let elephant_on_rat =
                            mover.animal == Animal::Elephant && victim == Animal::Rat;
                        if Position::is_trap_of(m.to, mover.side) && (outranked || elephant_on_rat)
                        {
                            add("trap");
                        }
                    }
                }
            }
            pos = pos.after(m);
        }
        themes
    }
}
