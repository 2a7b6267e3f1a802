//! MultiPV: the best few lines of a position (the analysis board shows three), over the search
//! as it is, for any game.
//!
//! Line 1 is an ordinary search; line `k` searches the same position with the first moves of
//! lines 1..k left out of [`SearchRequest::root_moves`], so its score is exact for the best of the
//! remaining moves (the root's other scores in [`super::SearchResult::root_scores`] are only
//! bounds from null windows). The transposition table is shared, so the later lines reuse most of
//! the first one's work: the search itself keeps a single line and its `bench` signature. Chess
//! engines search MultiPV inside one root loop instead; this costs a little more (each line runs
//! its own iterative deepening, cheap with a warm table) and changes nothing in the search.
//! Measured on Jungle's first eight bench positions, three lines cost 1.64× the nodes of one
//! at depth 7 and 1.81× at depth 9 (not 3×).

use super::clock::Clock;
use super::game::SearchGame;
use super::search::{Info, Score, SearchRequest, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};

/// One line of a MultiPV search.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<M> {
    /// The moves, the root's move first.
    pub moves: Vec<M>,
    /// The raw score for the side to move at the root (see [`Score::from_raw`]).
    pub score: i32,
    /// The depth of the line's last finished iteration.
    pub depth: u32,
}

impl<M> Line<M> {
    /// The score in players' terms (points, or a forced win or loss by distance).
    pub fn player_score(&self) -> Score {
        Score::from_raw(self.score)
    }
}

/// What a MultiPV search found.
#[derive(Clone, Debug)]
pub struct Lines<M> {
    /// The best lines, best first (fewer when the position has fewer moves, or when the search
    /// was stopped).
    pub lines: Vec<Line<M>>,
    /// Nodes searched for all of them.
    pub nodes: u64,
    /// The stop flag or the time limit ended the search before every line had its turn.
    pub stopped: bool,
}

/// Searches the `count` best lines of `request`. Depth and node limits apply to each line (so
/// the whole costs up to `count` times a node limit); time limits to the whole. `on_info` hears
/// each line's iterations with the line's index (0 for the best). A line stopped before it
/// finished its first iteration is left out, and the later ones are not searched.
pub fn search_lines<G: SearchGame>(
    searcher: &mut Searcher<G>,
    request: &SearchRequest<G>,
    count: usize,
    clock: &dyn Clock,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(usize, &Info<G::Move>),
) -> Lines<G::Move> {
    let mut lines: Vec<Line<G::Move>> = Vec::with_capacity(count);
    let mut nodes = 0;
    let start_ms = clock.now_ms();
    let out_of_time = |limit: Option<f64>| limit.is_some_and(|ms| clock.now_ms() - start_ms >= ms);
    let mut stopped = false;
    for index in 0..count {
        let root_moves: Vec<G::Move> = request
            .root_moves
            .iter()
            .copied()
            .filter(|m| !lines.iter().any(|line| line.moves.first() == Some(m)))
            .collect();
        if root_moves.is_empty() {
            break;
        }
        if stop.load(Ordering::Relaxed) || out_of_time(request.limits.hard_ms) {
            stopped = true;
            break;
        }
        let spent = clock.now_ms() - start_ms;
        let mut limits = request.limits;
        limits.soft_ms = limits.soft_ms.map(|ms| (ms - spent).max(0.0));
        limits.hard_ms = limits.hard_ms.map(|ms| (ms - spent).max(1.0));
        let line_request = SearchRequest {
            root_moves,
            limits,
            ..request.clone()
        };
        let mut iterations = 0;
        let result = searcher.search(&line_request, clock, stop, &mut |info| {
            iterations += 1;
            on_info(index, info);
        });
        nodes += result.nodes;
        let Some(best) = result.best_move else {
            break;
        };
        if iterations == 0 {
            stopped = true;
            break;
        }
        let moves = if result.pv.first() == Some(&best) {
            result.pv
        } else {
            vec![best]
        };
        lines.push(Line {
            moves,
            score: result.score,
            depth: result.depth,
        });
    }
    // Each line is exact for the moves it was given; a later line can still outscore an
    // earlier one found at a shallower depth: show them best first.
    lines.sort_by_key(|line| std::cmp::Reverse(line.score));
    Lines {
        lines,
        nodes,
        stopped,
    }
}
