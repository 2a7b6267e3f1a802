//! A game: the start, the moves and positions since, undo/redo, the endings that are not moves
//! (resignation, time, an impasse declaration) and the outcome with its reason.
//!
//! The outcome, in this order (`docs/shogi-rules.md`): an ending the players declared; no
//! legal move for the side to move (checkmate, or stalemate, which is also a loss); the fourth
//! occurrence of a position (sennichite: a draw, or a loss for the side that gave check with
//! every move of the cycle); the move limit (a draw).

use super::moves::{IllegalMove, Move, MoveList};
use super::piece::Side;
use super::position::{ImpasseError, Position};
use super::ruleset::Ruleset;
use super::setup::PositionError;
use std::fmt;

/// How many occurrences of a position end the game (sennichite).
pub const SENNICHITE_OCCURRENCES: usize = 4;

/// Why a side won.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum WinReason {
    /// The loser is in check with no legal move.
    Checkmate,
    /// The loser has no legal move while not in check (a loss in shogi, not a draw).
    NoLegalMove,
    /// The loser gave check with every move of a fourfold repetition.
    PerpetualCheck,
    /// The winner declared an impasse win by the 27-point rule (its points).
    Impasse(u32),
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time.
    Time,
}

impl WinReason {
    /// A stable machine name: `checkmate`, `no-moves`, `perpetual-check`, `impasse`,
    /// `resignation`, `time`.
    pub const fn code(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::NoLegalMove => "no-moves",
            WinReason::PerpetualCheck => "perpetual-check",
            WinReason::Impasse(_) => "impasse",
            WinReason::Resignation => "resignation",
            WinReason::Time => "time",
        }
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum DrawReason {
    /// The same position occurred for the fourth time (sennichite).
    Sennichite,
    /// The move limit (in plies) was reached.
    MoveLimit(u32),
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Side,
        /// How.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if any.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The result as a code: `1-0` (sente won), `0-1` (gote won), `1/2-1/2`.
    pub const fn result_code(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Side::Black,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Side::White,
                ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    /// A stable machine name for the reason (see [`WinReason::code`]; draws: `sennichite`,
    /// `move-limit`).
    pub const fn reason_code(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => reason.code(),
            Outcome::Draw(DrawReason::Sennichite) => "sennichite",
            Outcome::Draw(DrawReason::MoveLimit(_)) => "move-limit",
        }
    }
}

impl fmt::Display for Outcome {
    /// A sentence for players, e.g. "Sente wins by checkmate".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => match reason {
                WinReason::Checkmate => write!(f, "{winner} wins by checkmate"),
                WinReason::NoLegalMove => {
                    write!(f, "{winner} wins: {} has no legal move", winner.opponent())
                }
                WinReason::PerpetualCheck => write!(
                    f,
                    "{winner} wins: {} repeated the position by perpetual check",
                    winner.opponent()
                ),
                WinReason::Impasse(points) => {
                    write!(
                        f,
                        "{winner} wins by impasse declaration with {points} points"
                    )
                }
                WinReason::Resignation => {
                    write!(f, "{winner} wins: {} resigned", winner.opponent())
                }
                WinReason::Time => {
                    write!(f, "{winner} wins: {} ran out of time", winner.opponent())
                }
            },
            Outcome::Draw(DrawReason::Sennichite) => {
                f.write_str("Draw by sennichite: the same position occurred for the fourth time")
            }
            Outcome::Draw(DrawReason::MoveLimit(plies)) => {
                write!(f, "Draw: the move limit of {plies} plies was reached")
            }
        }
    }
}

/// An ending that is not a move: a resignation, a flag fall or an impasse declaration, made
/// after the last move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ending {
    /// This side resigned.
    Resigned(Side),
    /// This side ran out of time.
    TimeOut(Side),
    /// This side declared an impasse win with these points.
    Declared(Side, u32),
}

/// A game in progress or finished: a start position and the moves played from it.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Ruleset,
    positions: Vec<Position>,
    moves: Vec<Move>,
    undone: Vec<Move>,
    ending: Option<Ending>,
}

impl Game {
    /// A new game from the start position.
    pub fn new(rules: Ruleset) -> Game {
        Game::from_position(Position::start(), rules)
    }

    /// A new game from `start`.
    pub fn from_position(start: Position, rules: Ruleset) -> Game {
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
            ending: None,
        }
    }

    /// A new game from a position in SFEN.
    pub fn from_sfen(sfen: &str, rules: Ruleset) -> Result<Game, PositionError> {
        Ok(Game::from_position(Position::from_sfen(sfen)?, rules))
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a start position")
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// Every position so far, the start first (one more than the moves).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves that [`Game::redo`] would play again, the next one last.
    pub fn undone_moves(&self) -> &[Move] {
        &self.undone
    }

    /// The resignation, flag fall or declaration that ended the game, if any.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// How the game ended, or `None` while it goes on (module docs for the order).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(ending) = self.ending {
            return Some(match ending {
                Ending::Resigned(side) => Outcome::Win {
                    winner: side.opponent(),
                    reason: WinReason::Resignation,
                },
                Ending::TimeOut(side) => Outcome::Win {
                    winner: side.opponent(),
                    reason: WinReason::Time,
                },
                Ending::Declared(side, points) => Outcome::Win {
                    winner: side,
                    reason: WinReason::Impasse(points),
                },
            });
        }
        let pos = self.position();
        if pos.legal_move_count() == 0 {
            return Some(Outcome::Win {
                winner: pos.side_to_move().opponent(),
                reason: if pos.in_check() {
                    WinReason::Checkmate
                } else {
                    WinReason::NoLegalMove
                },
            });
        }
        if let Some(outcome) = self.sennichite() {
            return Some(outcome);
        }
        if let Some(limit) = self.rules.max_plies {
            if pos.move_number().saturating_sub(1) >= limit {
                return Some(Outcome::Draw(DrawReason::MoveLimit(limit)));
            }
        }
        None
    }

    /// How many times the current position (board, hands, side to move) has occurred.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.same_arrangement(now))
            .count()
    }

    /// The outcome of a fourth occurrence of the current position, if this is one: a loss for
    /// a side that gave check with every one of its moves since the first occurrence, else a
    /// draw (also when both sides did: the rule names one side, so neither loses).
    fn sennichite(&self) -> Option<Outcome> {
        let now = self.position();
        let occurrences: Vec<usize> = self
            .positions
            .iter()
            .enumerate()
            .filter(|(_, p)| p.same_arrangement(now))
            .map(|(i, _)| i)
            .collect();
        if occurrences.len() < SENNICHITE_OCCURRENCES {
            return None;
        }
        let first = occurrences[occurrences.len() - SENNICHITE_OCCURRENCES];
        let mut always_checked = [true; 2];
        for ply in first..self.moves.len() {
            let mover = self.positions[ply].side_to_move();
            if !self.positions[ply + 1].in_check() {
                always_checked[mover.index()] = false;
            }
        }
        Some(match always_checked {
            [true, false] => Outcome::Win {
                winner: Side::White,
                reason: WinReason::PerpetualCheck,
            },
            [false, true] => Outcome::Win {
                winner: Side::Black,
                reason: WinReason::PerpetualCheck,
            },
            _ => Outcome::Draw(DrawReason::Sennichite),
        })
    }

    /// The legal moves now: none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        self.position().legal_moves()
    }

    /// Checks a move against the rules and the game's state; the error names the rule.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.position().check_move(m)
    }

    /// Plays a move after checking it. A move other than the next one to redo clears the redo
    /// list.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check_move(m)?;
        let next = self.position().after(m);
        self.positions.push(next);
        self.moves.push(m);
        if self.undone.last() == Some(&m) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        Ok(())
    }

    /// Takes back the last move (it can be redone); `None` at the start. An ending declared
    /// after that move (resignation, time, declaration) is taken back with it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.ending = None;
        self.positions.pop();
        self.undone.push(m);
        Some(m)
    }

    /// Takes back an ending declared without a move (a resignation, a time loss, a
    /// declaration), leaving the moves as they are: the game goes on from there. Whether there
    /// was one.
    pub fn take_back_ending(&mut self) -> bool {
        self.ending.take().is_some()
    }

    /// Plays again the last move taken back; `None` when there is none.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.undone.last()?;
        self.play(m).ok()?;
        Some(m)
    }

    /// Whether the side to move may declare an impasse win now; `Ok` holds its points.
    pub fn impasse_declaration(&self) -> Result<u32, ImpasseError> {
        if !self.rules.impasse {
            return Err(ImpasseError::Off);
        }
        self.position().impasse_declaration()
    }

    /// The side to move declares an impasse win: accepted only when valid (and the game is
    /// not over), which ends the game; otherwise nothing changes and the error says why.
    pub fn declare_impasse(&mut self) -> Result<u32, DeclarationError> {
        if self.outcome().is_some() {
            return Err(DeclarationError::GameOver);
        }
        let points = self
            .impasse_declaration()
            .map_err(DeclarationError::Invalid)?;
        self.ending = Some(Ending::Declared(self.position().side_to_move(), points));
        Ok(points)
    }

    /// `side` resigns (nothing happens once the game is over). Returns whether it ended the game.
    pub fn resign(&mut self, side: Side) -> bool {
        self.end_with(Ending::Resigned(side))
    }

    /// `side` runs out of time (nothing happens once the game is over). Returns whether it ended
    /// the game.
    pub fn lose_on_time(&mut self, side: Side) -> bool {
        self.end_with(Ending::TimeOut(side))
    }

    fn end_with(&mut self, ending: Ending) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        self.ending = Some(ending);
        self.undone.clear();
        true
    }
}

/// Why an impasse declaration was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DeclarationError {
    /// The game is already over.
    GameOver,
    /// The declaration is not valid (the reason).
    Invalid(ImpasseError),
}

impl fmt::Display for DeclarationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclarationError::GameOver => f.write_str("the game is over"),
            DeclarationError::Invalid(reason) => reason.fmt(f),
        }
    }
}

impl std::error::Error for DeclarationError {}
