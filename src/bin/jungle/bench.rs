//! `jungle bench`: fixed positions searched to a fixed depth with a fresh table each. The total
//! node count is the engine's regression signature (any change to search or evaluation changes
//! it); nps and the time to reach depth measure speed.

use jungle::engine::{Clock, FrozenClock, InstantClock, Limits, Score, SearchRequest, Searcher};
use jungle::{Position, Ruleset};
use std::sync::atomic::AtomicBool;

/// The bench positions: the start, openings, middle games and den races.
/// (Middle games from level-4 self-play; the last two are den races.)
pub const POSITIONS: &[&str] = &[
    jungle::jungle::START_FEN,
    "l5t/1d2c2/2pw1e1/7/1r3R1/7/1E1WP2/2C2D1/T5L b 12 7",
    "7/1d2c2/2pwt2/l4Re/3L3/1r1W3/TE1P3/2C2D1/7 b 36 19",
    "7/1dpct2/3e3/3w1R1/1r5/3l3/E1TWL2/2PC1D1/7 b 60 31",
    "T1l4/1d1p1c1/4te1/3wR2/1r5/3W3/1E1PL1D/2C4/7 b 48 25",
    "d3e2/2pc3/2t2LD/3l3/4R1T/2rW3/1E1P3/3C3/7 b 21 49",
    "7/2d1tc1/1p1w2e/4R2/3E3/2rW2l/2T1PL1/2CD3/7 b 60 31",
    "5c1/1pdwt2/6e/3ER2/3W3/2rl3/2T1PL1/4D2/1C5 w 89 45",
    "7/2c4/4D2/7/7/7/7/7/r6 b 0 1",
    "7/1dpct2/3e3/3w3/7/3l3/E1TWL2/2PC1R1/4rD1 b 0 31",
];

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
        out!(
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
    out!(
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
        out!(
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
