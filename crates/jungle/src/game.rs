//! A game: the start, the moves and positions since, undo/redo, draws, the repetition
//! prohibition, the endings that are not moves (resignation, time) and the outcome with its
//! reason.

use super::animal::{Animal, Side};
use super::bitboard::ALL_TRAPS;
use super::moves::{IllegalMove, Move, MoveList};
use super::position::{Position, WinReason};
use super::ruleset::Ruleset;
use super::setup::PositionError;
use super::square::Square;

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum DrawReason {
    /// The same position (board and side to move) occurred three times.
    ThreefoldRepetition,
    /// No capture for this many moves per side.
    NoCapture(u16),
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
    /// The result as written in records: `1-0` (Black won), `0-1` (White won), `1/2-1/2`.
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

    /// The winner, if any.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// A stable machine name for the reason: `den`, `all-captured`, `no-moves`,
    /// `resignation`, `time`, `threefold`, `no-capture`.
    pub const fn reason_code(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => reason.code(),
            Outcome::Draw(DrawReason::ThreefoldRepetition) => "threefold",
            Outcome::Draw(DrawReason::NoCapture(_)) => "no-capture",
        }
    }

    /// A sentence for players, e.g. "Black wins: an animal entered the den".
    pub fn describe(self) -> String {
        match self {
            Outcome::Win { winner, reason } => format!("{winner} wins: {}", reason.describe()),
            Outcome::Draw(DrawReason::ThreefoldRepetition) => {
                "Draw: the same position occurred three times".to_string()
            }
            Outcome::Draw(DrawReason::NoCapture(n)) => {
                format!("Draw: no capture in {n} moves by each side")
            }
        }
    }
}

/// How many of the latest turns rule (a) of the repetition prohibition looks at.
const PROHIBITION_WINDOW: usize = 7;
/// How many visits within that window forbid a square.
const PROHIBITION_VISITS: usize = 3;
/// How many consecutive turns rule (b) needs.
const PROHIBITION_LONG_RUN: usize = 17;
/// The most distinct squares those turns may cover for rule (b) to apply.
const PROHIBITION_AREA: usize = 5;

/// An ending that is not a move: a resignation or a flag fall, after the last move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ending {
    /// This side resigned.
    Resigned(Side),
    /// This side ran out of time.
    TimeOut(Side),
}

impl Ending {
    /// The side that lost by it.
    pub const fn loser(self) -> Side {
        match self {
            Ending::Resigned(side) | Ending::TimeOut(side) => side,
        }
    }

    /// The win it gives the other side.
    pub const fn outcome(self) -> Outcome {
        let reason = match self {
            Ending::Resigned(_) => WinReason::Resignation,
            Ending::TimeOut(_) => WinReason::Time,
        };
        Outcome::Win {
            winner: self.loser().opponent(),
            reason,
        }
    }
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
        Game::from_position(Position::start(&rules), rules)
    }

    /// A new game from `start` under `rules`. A position built under other rules is rebuilt
    /// under these (the tiger's jumps depend on them), so the game never mixes two rulesets.
    pub fn from_position(start: Position, rules: Ruleset) -> Game {
        let start = if start.tiger_vertical_only() == rules.tiger_vertical_only {
            start
        } else {
            // Not `expect`: it would format the error, whose Debug is 3 KB of the AI's module.
            Position::from_setup(&start.to_setup(), &rules)
                .unwrap_or_else(|_| panic!("a valid position stays valid under any ruleset"))
        };
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
            ending: None,
        }
    }

    /// A new game from a position in text form.
    pub fn from_fen(fen: &str, rules: Ruleset) -> Result<Game, PositionError> {
        Ok(Game::from_position(Position::from_fen(fen, &rules)?, rules))
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

    /// The resignation or flag fall that ended the game, if any.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// How the game ended, or `None` while it goes on.
    ///
    /// An ending after the last move (resignation, time) is the outcome. Wins come before
    /// draws: a move that enters the den, or leaves the opponent without a legal move, wins even
    /// if it also completes a repetition or the no-capture limit.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(ending) = self.ending {
            return Some(ending.outcome());
        }
        let pos = self.position();
        if let Some((winner, reason)) = pos.decided() {
            return Some(Outcome::Win { winner, reason });
        }
        if self.moves_ignoring_draws().is_empty() {
            return Some(Outcome::Win {
                winner: pos.side_to_move().opponent(),
                reason: WinReason::NoLegalMove,
            });
        }
        if self.rules.threefold && self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::ThreefoldRepetition));
        }
        if let Some(n) = self.rules.no_capture_moves {
            if pos.plies_since_capture() >= n.saturating_mul(2) {
                return Some(Outcome::Draw(DrawReason::NoCapture(n)));
            }
        }
        None
    }

    /// How many times the current position (board and side to move) has occurred in this game.
    pub fn repetitions(&self) -> usize {
        let pos = self.position();
        let key = pos.hash();
        // Only positions since the last capture can repeat the current one.
        let window = pos.plies_since_capture() as usize + 1;
        self.positions
            .iter()
            .rev()
            .take(window)
            .step_by(2)
            .filter(|p| p.hash() == key)
            .count()
    }

    /// The legal moves now: none once the game is over; the repetition prohibition applied.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        self.moves_ignoring_draws()
    }

    fn moves_ignoring_draws(&self) -> MoveList {
        let mut list = self.position().legal_moves();
        if self.rules.repetition_prohibition {
            list.retain(|m| self.prohibition(m).is_none());
        }
        list
    }

    /// Checks a move against the rules and the game's state; the error names the rule.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.position().check_move(m)?;
        if self.rules.repetition_prohibition {
            if let Some(err) = self.prohibition(m) {
                return Err(err);
            }
        }
        Ok(())
    }

    /// Plays a move after checking it. A move other than the next one to redo clears the redo list.
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

    /// Takes back the last move (it can be redone); `None` at the start. An ending after that
    /// move (resignation, time) is taken back with it.
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

    /// `side` resigns (nothing happens once the game is over). Returns whether it ended the game.
    pub fn resign(&mut self, side: Side) -> bool {
        self.end_with(Ending::Resigned(side))
    }

    /// `side` runs out of time (nothing happens once the game is over). Returns whether it ended
    /// the game.
    pub fn lose_on_time(&mut self, side: Side) -> bool {
        self.end_with(Ending::TimeOut(side))
    }

    /// Ends the game by `ending` unless it is already over; the redo list goes (the game ended
    /// here).
    pub fn end_with(&mut self, ending: Ending) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        self.ending = Some(ending);
        self.undone.clear();
        true
    }

    /// The destinations of the side to move's current run of turns with one animal, newest
    /// last, with that animal (for the repetition prohibition).
    ///
    /// The run is the side's latest turns that all moved the same animal; a move into a trap
    /// ends it (that move is not counted), as docs/rules-jungle.md says tracking resets then.
    pub fn repetition_run(&self) -> Option<(Animal, Vec<Square>)> {
        let us = self.position().side_to_move();
        let mut animal = None;
        let mut run = Vec::new();
        for (m, before) in self.moves.iter().zip(&self.positions).rev() {
            if before.side_to_move() != us {
                continue;
            }
            let Some(mover) = before.piece_at(m.from) else {
                break;
            };
            if ALL_TRAPS.contains(m.to) || animal.is_some_and(|a| a != mover.animal) {
                break;
            }
            animal = Some(mover.animal);
            run.push(m.to);
            if run.len() == PROHIBITION_LONG_RUN {
                break;
            }
        }
        run.reverse();
        animal.map(|a| (a, run))
    }

    /// Whether the repetition prohibition forbids `m` now (the caller checks the variant is on).
    fn prohibition(&self, m: Move) -> Option<IllegalMove> {
        let (animal, run) = self.repetition_run()?;
        if self.position().piece_at(m.from)?.animal != animal {
            return None;
        }
        let forbidden = IllegalMove::RepetitionProhibited { to: m.to };
        let recent = &run[run.len().saturating_sub(PROHIBITION_WINDOW)..];
        if recent.iter().filter(|&&sq| sq == m.to).count() >= PROHIBITION_VISITS {
            return Some(forbidden);
        }
        if run.len() >= PROHIBITION_LONG_RUN {
            let mut area: Vec<Square> = run.clone();
            area.sort();
            area.dedup();
            if area.len() <= PROHIBITION_AREA && area.contains(&m.to) {
                return Some(forbidden);
            }
        }
        None
    }
}
