//! A game of a variant: its start, the moves played, and how it ended: by the moves (mate, a
//! lost royal piece, a check in check shogi, dobutsu's try) or by repetition, as the variant's
//! row says (the count, what it means, perpetual check).

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Side;
use crate::variant::{Repetition, Royalty, Special};

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move has no legal move (checkmated, or stalemated: that loses too).
    NoMoves,
    /// The side to move has lost its royal pieces.
    RoyalsLost,
    /// The side to move is in check where the first check wins.
    Checked,
    /// A lion stands safe on its far rank (dobutsu's try).
    Try,
    /// The position came back as often as the variant's repetition rule counts.
    Repetition,
    /// The position came back by one side's checking every move: that side loses.
    PerpetualCheck,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// How it ended.
    pub ending: Ending,
}

/// The choices a game may make where a variant's players differ (docs/rules-shogi-family.md,
/// Decisions): unset, the variant's own rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// How many times a position must occur to end the game (lishogi plays kyoto shogi with
    /// three, Fairy-Stockfish with four).
    pub repetition_count: Option<u8>,
}

/// Why a spelling of the options could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// A name that is no option.
    Unknown(String),
    /// A repetition count that is not a number from 2 to 5.
    Count(String),
}

impl Options {
    /// Reads comma-separated options (`repetition=3`); the empty text is the variant's rules.
    pub fn parse(text: &str) -> Result<Options, OptionsError> {
        let mut options = Options::default();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            match item.split_once('=') {
                Some(("repetition", value)) => {
                    let count = value
                        .trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|c| (2..=5).contains(c))
                        .ok_or_else(|| OptionsError::Count(value.to_string()))?;
                    options.repetition_count = Some(count);
                }
                _ => return Err(OptionsError::Unknown(item.to_string())),
            }
        }
        Ok(options)
    }
}

impl std::fmt::Display for OptionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionsError::Unknown(name) => {
                write!(f, "'{name}' is no rule of these games (repetition=<count>)")
            }
            OptionsError::Count(value) => {
                write!(
                    f,
                    "the repetition count is a number from 2 to 5, not '{value}'"
                )
            }
        }
    }
}

impl std::error::Error for OptionsError {}

/// A game: its start position and the moves played since.
#[derive(Clone, Debug)]
pub struct Game {
    options: Options,
    start: Position,
    moves: Vec<Move>,
    /// The position after each move (the start first), with whether the side that had just
    /// moved gave check.
    history: Vec<(Position, bool)>,
}

/// Why a move could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    GameOver,
    /// The move is not legal here.
    Illegal,
}

impl Game {
    /// A game from `start` under its variant's own rules.
    pub fn new(start: Position) -> Game {
        Game::with_options(start, Options::default())
    }

    /// A game from `start` with `options` where players differ.
    pub fn with_options(start: Position, options: Options) -> Game {
        Game {
            options,
            start,
            moves: Vec::new(),
            history: vec![(start, false)],
        }
    }

    /// The options it is played with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> impl Iterator<Item = &Position> + '_ {
        self.history.iter().map(|(position, _)| position)
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.history.last().expect("the start is always there").0
    }

    /// Plays `m` if the game goes on and `m` is legal.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let position = *self.position();
        if !position.legal_moves().contains(&m) {
            return Err(PlayError::Illegal);
        }
        let next = position.after(m);
        let check = next.in_check();
        self.moves.push(m);
        self.history.push((next, check));
        Ok(())
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.history.pop();
        Some(m)
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        let position = self.position();
        let to_move = position.side;
        let variant = position.variant();
        let lost = |ending| {
            Some(Outcome {
                winner: Some(to_move.other()),
                ending,
            })
        };
        if position.is_over() {
            if variant.royalty != Royalty::King && position.royal_squares(to_move).next().is_none()
            {
                return lost(Ending::RoyalsLost);
            }
            return match variant.special {
                Special::CheckWins => lost(Ending::Checked),
                // The lion standing safe on its far rank wins for its side.
                _ => {
                    let winner = if position.royal_safe_on_far_rank(to_move.other()) {
                        to_move.other()
                    } else {
                        to_move
                    };
                    Some(Outcome {
                        winner: Some(winner),
                        ending: Ending::Try,
                    })
                }
            };
        }
        if let Some(outcome) = self.repetition() {
            return Some(outcome);
        }
        if position.legal_moves().is_empty() {
            return lost(Ending::NoMoves);
        }
        None
    }

    /// The ending by repetition, if the position now has come back often enough.
    fn repetition(&self) -> Option<Outcome> {
        let variant = self.position().variant();
        let needed = self
            .options
            .repetition_count
            .unwrap_or(variant.repetition_count) as usize;
        let now = self.position();
        let same: Vec<usize> = (0..self.history.len())
            .filter(|&at| same_position(&self.history[at].0, now))
            .collect();
        if same.len() < needed {
            return None;
        }
        let first = same[same.len() - needed];
        // The moves since the first of the counted occurrences: did one side check with each?
        if variant.perpetual_check_loses {
            for checker in [Side::Sente, Side::Gote] {
                let mut checked_all = true;
                let mut moves_by_checker = 0;
                for at in first + 1..self.history.len() {
                    let mover = self.history[at].0.side.other();
                    if mover == checker {
                        moves_by_checker += 1;
                        checked_all &= self.history[at].1;
                    }
                }
                if checked_all && moves_by_checker > 0 {
                    return Some(Outcome {
                        winner: Some(checker.other()),
                        ending: Ending::PerpetualCheck,
                    });
                }
            }
        }
        let repeater = now.side.other();
        Some(Outcome {
            winner: match variant.repetition {
                Repetition::Draw => None,
                Repetition::SenteLoses => Some(Side::Gote),
                Repetition::RepeaterLoses => Some(repeater.other()),
            },
            ending: Ending::Repetition,
        })
    }
}

/// Whether two positions are the same for repetition: the board, the hands, the side to move.
fn same_position(a: &Position, b: &Position) -> bool {
    a.side == b.side && a.cells == b.cells && a.hands == b.hands
}
