//! Analysis, game review and puzzles, for any game the engine plays: pure Rust over the
//! engine's traits, no web types, so the pages' worker calls the same code the native tests
//! and the `jungle` tool run.
//!
//! - [`winprob`]: the engine's score as the side to move's win probability, a logistic curve
//!   fitted per game on self-play ([`Analysable::WIN_MODEL`]; docs/win-probability.md).
//! - [`review`]: each move judged best / good / inaccuracy / mistake / blunder by the win
//!   probability it dropped, accuracy per side, the mistakes to replay and the judgement of a
//!   move tried in their place; [`ReviewRun`] computes the evaluations a position at a time.
//! - MultiPV for the analysis board is the engine's ([`engine::multipv`]);
//!   [`analyse_lines`] applies it to a game.
//! - [`puzzle`]: the puzzle format and an attempt at one; [`verify`]: the proof that a line is
//!   a puzzle with one clearly best move at every step, and its difficulty;
//!   [`generate`] (native): puzzles from self-play.
//! - The analysis board's moves with their variations are a [`common::tree::MoveTree`]
//!   (the rules layer's records read and write it too).
//! - [`glicko`] and [`trainer`]: the player's Glicko-2 puzzle rating, streak and next puzzle.
//!
//! A game joins by implementing [`Analysable`] (Jungle's is in `games::jungle::analysis`).
#![deny(missing_docs)]

#[cfg(not(target_arch = "wasm32"))]
pub mod calibration;
#[cfg(not(target_arch = "wasm32"))]
pub mod generate;
pub mod glicko;
pub mod puzzle;
pub mod review;
#[cfg(not(target_arch = "wasm32"))]
pub mod selfplay;
pub mod trainer;
pub mod verify;
pub mod winprob;

pub use glicko::{Glicko2, Rating};
pub use puzzle::{Attempt, Goal, Puzzle, PuzzleSet, Step};
pub use review::{
    judge_candidate, mistakes_of, review_game, CandidateJudgement, Evaluation, GameReview,
    Judgement, MoveReview, SideSummary,
};
pub use trainer::{choose_puzzle, Difficulty, PuzzleProfile};
pub use verify::{ProofSettings, Rejection, Verifier};
pub use winprob::WinModel;

use engine::multipv::{search_lines, Lines};
use engine::{Clock, Info, Limits, Playable, SearchGame, Searcher};
use std::sync::atomic::AtomicBool;

/// A game's position type.
pub type PositionOf<P> = <<P as Playable>::Search as SearchGame>::Position;
/// A game's move type.
pub type MoveOf<P> = <<P as Playable>::Search as SearchGame>::Move;

/// What analysis needs of a game beyond playing it: its fitted win-probability curve, its
/// positions and moves as text, and the themes of its puzzles.
pub trait Analysable: Playable {
    /// The game's win-probability curve, fitted on its self-play games.
    const WIN_MODEL: WinModel;
    /// The game's name in puzzle files (`jungle`).
    const NAME: &'static str;

    /// The same game back at its start position (its rules kept, no moves played).
    fn at_start(&self) -> Self;

    /// A game from a position in the game's text form (Jungle: FEN) under `rules`, or why
    /// the text is not one.
    fn from_position_text(text: &str, rules: Self::Rules) -> Result<Self, String>;

    /// A position in the game's text form.
    fn position_text(position: &PositionOf<Self>) -> String;

    /// A move from its machine form, or why the text is not one.
    fn parse_move(text: &str) -> Result<MoveOf<Self>, String>;

    /// The themes a puzzle's solution shows, from its start position: the game's own
    /// (Jungle: den attack, trap, rat and elephant, river jump); `defence` is found by search
    /// and added by the generator.
    fn line_themes(
        start: &PositionOf<Self>,
        line: &[MoveOf<Self>],
        goal: Goal,
    ) -> Vec<&'static str>;
}

/// The engine's evaluation of `game`'s current position under `limits`; a finished game's is
/// its result.
pub fn evaluate<P: Playable>(
    searcher: &mut Searcher<P::Search>,
    game: &P,
    limits: Limits,
    clock: &dyn Clock,
    stop: &AtomicBool,
) -> Evaluation<MoveOf<P>> {
    if let Some(ending) = game.ending() {
        let mover = P::Search::side_to_move(game.current());
        return Evaluation::game_over(ending.winner.map(|w| w == mover));
    }
    let request = game.search_request(limits);
    let result = searcher.search(&request, clock, stop, &mut |_| {});
    Evaluation {
        score: result.score,
        best: result.best_move,
        pv: result.pv,
        depth: result.depth,
        nodes: result.nodes,
    }
}

/// The analysis board's `count` best lines for `game`'s current position (none when the game
/// is over); `on_info` hears each line's iterations with its index. See
/// [`engine::multipv`].
pub fn analyse_lines<P: Playable>(
    searcher: &mut Searcher<P::Search>,
    game: &P,
    count: usize,
    limits: Limits,
    clock: &dyn Clock,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(usize, &Info<MoveOf<P>>),
) -> Lines<MoveOf<P>> {
    if game.ending().is_some() {
        return Lines {
            lines: Vec::new(),
            nodes: 0,
            stopped: false,
        };
    }
    search_lines(
        searcher,
        &game.search_request(limits),
        count,
        clock,
        stop,
        on_info,
    )
}

/// A game review being computed: one position evaluated per [`ReviewRun::step`], so the
/// worker can report progress between positions and the review can be shown so far.
pub struct ReviewRun<P: Analysable> {
    /// The game at the position to evaluate next.
    game: P,
    moves: Vec<MoveOf<P>>,
    first_side: usize,
    evaluations: Vec<Evaluation<MoveOf<P>>>,
    limits: Limits,
}

impl<P: Analysable> ReviewRun<P> {
    /// A review of `game` (from its start to its last move), each position searched under
    /// `limits` (a node limit keeps it the same on every machine).
    pub fn new(game: &P, limits: Limits) -> ReviewRun<P> {
        let start = game.at_start();
        let first_side = P::Search::side_to_move(start.current());
        ReviewRun {
            game: start,
            moves: game.moves_played().to_vec(),
            first_side,
            evaluations: Vec::with_capacity(game.moves_played().len() + 1),
            limits,
        }
    }

    /// Positions to evaluate in all (the moves and one).
    pub fn positions(&self) -> usize {
        self.moves.len() + 1
    }

    /// Positions evaluated so far.
    pub fn evaluated(&self) -> usize {
        self.evaluations.len()
    }

    /// Whether every position is evaluated.
    pub fn is_done(&self) -> bool {
        self.evaluated() == self.positions()
    }

    /// Evaluates the next position; false when all were done already. The evaluations so far
    /// are kept if `stop` cuts this one short (it is then taken as it stands).
    pub fn step(
        &mut self,
        searcher: &mut Searcher<P::Search>,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> Result<bool, String> {
        if self.is_done() {
            return Ok(false);
        }
        let evaluation = evaluate(searcher, &self.game, self.limits, clock, stop);
        self.evaluations.push(evaluation);
        if let Some(&m) = self.moves.get(self.evaluations.len() - 1) {
            self.game.play_move(m)?;
        }
        Ok(true)
    }

    /// The evaluations so far, one per position from the start.
    pub fn evaluations(&self) -> &[Evaluation<MoveOf<P>>] {
        &self.evaluations
    }

    /// The review of the moves whose positions are evaluated so far.
    pub fn review(&self) -> GameReview<MoveOf<P>> {
        review_game(
            P::WIN_MODEL,
            self.first_side,
            &self.moves,
            &self.evaluations,
        )
    }
}
