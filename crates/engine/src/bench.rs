//! The bench, for any game: fixed positions searched to a fixed depth with a fresh table each.
//! The total node count is the engine's regression signature (any change to search or
//! evaluation changes it; the clock the search sees is frozen, so it never depends on the
//! machine); nps and the time to reach each depth measure speed.

use super::clock::{Clock, FrozenClock};
use super::config::EngineConfig;
use super::game::SearchGame;
use super::search::{Info, Limits, SearchRequest, SearchResult, Searcher};
use std::sync::atomic::AtomicBool;

/// One bench position's search.
#[derive(Clone, Debug)]
pub struct BenchLine<M> {
    /// Its place in the list, from 0.
    pub index: usize,
    /// What the search found.
    pub result: SearchResult<M>,
    /// Milliseconds it took.
    pub ms: f64,
}

/// The bench's totals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchTotal {
    /// Nodes over all positions: the signature.
    pub nodes: u64,
    /// Milliseconds over all positions (tables included).
    pub ms: f64,
}

impl BenchTotal {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 * 1000.0 / self.ms.max(1e-6)
    }
}

/// Searches every position to `depth` with a fresh table and `config`'s switches and weights
/// (its hash size; its limits are not used), timing with `timer`; reports each position to
/// `on_line`.
pub fn run<G: SearchGame>(
    positions: &[G::Position],
    depth: u32,
    config: &EngineConfig<G>,
    timer: &dyn Clock,
    mut on_line: impl FnMut(&BenchLine<G::Move>),
) -> BenchTotal {
    let stop = AtomicBool::new(false);
    let mut nodes = 0u64;
    let start = timer.now_ms();
    for (index, pos) in positions.iter().enumerate() {
        let mut searcher = searcher_for(config);
        let t0 = timer.now_ms();
        let request = SearchRequest::from_position(*pos, Limits::depth(depth));
        let result = searcher.search(&request, &FrozenClock, &stop, &mut |_| {});
        let ms = timer.now_ms() - t0;
        nodes += result.nodes;
        on_line(&BenchLine { index, result, ms });
    }
    BenchTotal {
        nodes,
        ms: timer.now_ms() - start,
    }
}

/// A searcher with `config`'s table size, weights and switches.
fn searcher_for<G: SearchGame>(config: &EngineConfig<G>) -> Searcher<G> {
    Searcher::with(config.table_mb(), config.params.clone(), config.options)
}

/// Searches `pos` to `max_depth` with the real `clock` and `config` (as [`run`]), reporting
/// each iteration (the time to reach each depth).
pub fn time_to_depth<G: SearchGame>(
    pos: G::Position,
    max_depth: u32,
    config: &EngineConfig<G>,
    clock: &dyn Clock,
    on_info: &mut dyn FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let mut searcher = searcher_for(config);
    let request = SearchRequest::from_position(pos, Limits::depth(max_depth));
    searcher.search(&request, clock, &AtomicBool::new(false), on_info)
}
