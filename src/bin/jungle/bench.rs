//! `jungle bench`: the generic bench ([`jungle::engine::bench`]) over Jungle's positions
//! ([`jungle::games::jungle::BENCH_POSITIONS`]). The total node count is the engine's
//! regression signature; nps and the time to reach depth measure speed.

use crate::uci::score_text;
use jungle::engine::bench;
use jungle::engine::InstantClock;
use jungle::games::jungle::{Jungle, BENCH_POSITIONS};
use jungle::{Position, Ruleset};

/// Searches every bench position to `depth` and prints one line each, then the totals.
pub fn run(depth: u32, hash_mb: usize) -> Result<(), String> {
    let rules = Ruleset::default();
    let positions = BENCH_POSITIONS
        .iter()
        .enumerate()
        .map(|(i, fen)| {
            Position::from_fen(fen, &rules).map_err(|e| format!("bench position {}: {e}", i + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let clock = InstantClock::new();
    let total = bench::run::<Jungle>(&positions, depth, hash_mb, &clock, |line| {
        let result = &line.result;
        out!(
            "{:>2} depth {} score {:<8} nodes {:>10} time {:>6.0} ms  best {}",
            line.index + 1,
            result.depth,
            score_text(result.score),
            result.nodes,
            line.ms,
            result
                .best_move
                .map_or("(none)".to_string(), |m| m.to_string())
        );
    });
    out!(
        "total nodes {} time {:.2} s nps {:.0}",
        total.nodes,
        total.ms / 1000.0,
        total.nps()
    );
    Ok(())
}

/// Time to each depth from the start position (one line per iteration).
pub fn time_to_depth(max_depth: u32, hash_mb: usize) {
    let pos = Position::start(&Ruleset::default());
    let clock = InstantClock::new();
    bench::time_to_depth::<Jungle>(pos, max_depth, hash_mb, &clock, &mut |info| {
        out!(
            "depth {:>2} time {:>7.0} ms nodes {:>10} score {} pv {}",
            info.depth,
            info.time_ms,
            info.nodes,
            score_text(info.score),
            info.pv
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    });
}
