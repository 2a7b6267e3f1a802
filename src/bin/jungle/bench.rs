//! `jungle bench`: fixed positions searched to a fixed depth with a fresh table each. The total
//! node count is the engine's regression signature (any change to search or evaluation changes
//! it); nps and the time to reach depth measure speed.

use jungle::engine::{Clock, FrozenClock, InstantClock, Limits, Score, SearchRequest, Searcher};
use jungle::{Position, Ruleset};
use std::sync::atomic::AtomicBool;

/// The bench positions: the start, openings, middle games and den races.
pub const POSITIONS: &[&str] = &[jungle::jungle::START_FEN];

/// Searches every bench position to `depth` and prints one line each, then the totals.
pub fn run(depth: u32, hash_mb: usize) -> Result<(), String> {
    let rules = Ruleset::default();
    let stop = AtomicBool::new(false);
    let clock = InstantClock::new();
    let mut total_nodes = 0u64;
    let start = clock.now_ms();
    for (i, fen) in POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(fen, &rules)
            .map_err(|e| format!("bench position {}: {e}", i + 1))?;
        let mut searcher = Searcher::new(hash_mb);
        let t0 = clock.now_ms();
        let request = SearchRequest::from_position(pos, Limits::depth(depth));
        let result = searcher.search(&request, &FrozenClock, &stop, &mut |_| {});
        let ms = clock.now_ms() - t0;
        total_nodes += result.nodes;
        println!(
            "{:>2} depth {} score {:<8} nodes {:>10} time {:>6.0} ms  best {}",
            i + 1,
            result.depth,
            Score::from_raw(result.score).uci(),
            result.nodes,
            ms,
            result
                .best_move
                .map_or("(none)".to_string(), |m| m.to_string())
        );
    }
    let secs = (clock.now_ms() - start) / 1000.0;
    println!(
        "total nodes {total_nodes} time {:.2} s nps {:.0}",
        secs,
        total_nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

/// Time to each depth from the start position (one line per iteration).
pub fn time_to_depth(max_depth: u32, hash_mb: usize) {
    let pos = Position::start(&Ruleset::default());
    let mut searcher = Searcher::new(hash_mb);
    let clock = InstantClock::new();
    let stop = AtomicBool::new(false);
    let request = SearchRequest::from_position(pos, Limits::depth(max_depth));
    searcher.search(&request, &clock, &stop, &mut |info| {
        println!(
            "depth {:>2} time {:>7.0} ms nodes {:>10} score {} pv {}",
            info.depth,
            info.time_ms,
            info.nodes,
            Score::from_raw(info.score).uci(),
            info.pv
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    });
}
