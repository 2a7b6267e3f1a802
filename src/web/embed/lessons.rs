//! The tutorial's content (`www/learn/lessons.json`) as typed data, and each lesson board as
//! the embed page's configuration, so the Learn page can show its boards with the same board
//! component (or the same `embed.html`) as authors do.
//!
//! The texts are catalogue keys (`learn.…`), looked up in `www/learn/locales/<lang>.json`.
//! `tests/learn.rs` checks the content against the rules. Shogi's tutorial
//! (`www/learn/shogi/lessons.json`, SFEN positions and USI moves) has the same shape and is read
//! by the same types: `docs/learn-shogi.md`, checked by `tests/shogi_learn.rs`.

use super::params::{percent_encode, EmbedConfig, EmbedErrors};
use crate::web::game::WebGame;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The whole tutorial.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lessons {
    /// The file format's version (1).
    pub format: u32,
    /// The page's own texts: a name the page uses → its catalogue key.
    pub ui: BTreeMap<String, String>,
    /// The sections, in reading order.
    pub sections: Vec<Section>,
}

/// One rule (or the first game, or the puzzles).
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// A stable name (`jump`), for links like `learn.html#jump`.
    pub id: String,
    /// The title's catalogue key.
    pub title: String,
    /// The boards, in order.
    pub boards: Vec<LessonBoard>,
}

/// A live board with its explanation.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonBoard {
    /// The position shown (Jungle: FEN; shogi: SFEN).
    pub fen: String,
    /// The rules, in [`jungle::Ruleset`]'s spelling (default `standard`).
    #[serde(default)]
    pub variant: Option<String>,
    /// `black` or `white` at the bottom (default `black`).
    #[serde(default)]
    pub orientation: Option<String>,
    /// The paragraphs' catalogue keys.
    pub text: Vec<String>,
    /// Squares to mark (`b4`).
    #[serde(default)]
    pub highlight: Vec<String>,
    /// Moves the text says cannot be played here (the page may let the reader try one and
    /// show the rules layer's reason).
    #[serde(default)]
    pub illegal: Vec<String>,
    /// A task for the reader.
    #[serde(default, rename = "try")]
    pub task: Option<Task>,
    /// A puzzle (instead of a task).
    #[serde(default)]
    pub puzzle: Option<Puzzle>,
}

/// "Try this": the moves that count as doing it.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    /// The prompt's catalogue key.
    pub prompt: String,
    /// Any of these moves does it.
    pub moves: Vec<String>,
    /// What the move does: `move` (default), `capture`, `win` or `draw`.
    #[serde(default)]
    pub expect: Option<String>,
    /// The other side's moves that the task's move takes away (e.g. a jump it blocks).
    #[serde(default)]
    pub forbids: Vec<String>,
}

/// A puzzle: the side to move wins in `win_in` of its moves.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// In how many of the solver's moves.
    #[serde(rename = "winIn")]
    pub win_in: u32,
    /// The solver's moves with the defence's answers between them.
    pub solution: Vec<String>,
}

impl LessonBoard {
    /// The embed page's query for this board: puzzle mode for a puzzle, else hotseat (the
    /// reader may also move the other side to explore); a reset button; no sound; the
    /// `highlight` squares as `marks`.
    pub fn embed_query(&self) -> String {
        let mut parts = vec![format!("fen={}", percent_encode(&self.fen))];
        if let Some(variant) = &self.variant {
            parts.push(format!("variant={}", percent_encode(variant)));
        }
        if let Some(puzzle) = &self.puzzle {
            parts.push("mode=puzzle".into());
            // Encoded: a shogi promotion's `+` would read as a space.
            parts.push(format!(
                "solution={}",
                percent_encode(&puzzle.solution.join(","))
            ));
            parts.push("controls=reset,hint".into());
        } else {
            parts.push("mode=hotseat".into());
            parts.push("controls=undo,reset".into());
        }
        if let Some(side) = &self.orientation {
            parts.push(format!("orientation={}", percent_encode(side)));
        }
        if !self.highlight.is_empty() {
            parts.push(format!(
                "marks={}",
                percent_encode(&self.highlight.join(","))
            ));
        }
        parts.join("&")
    }

    /// The board as the embed page's checked configuration, for the game `G` the tutorial
    /// teaches.
    pub fn embed_config<G: WebGame>(&self) -> Result<EmbedConfig<G>, EmbedErrors> {
        EmbedConfig::parse(&self.embed_query())
    }
}
