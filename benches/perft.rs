//! Perft speed from the start position: `cargo bench --bench perft` (release build).
//!
//! Plain std timing, no harness crate: each depth runs a few times and the best run is
//! reported, with leaves per second. Issue 3's target: perft(7) ≤ 13 s, aim ≤ 5 s.
//! Optional argument: the deepest depth to time (default 7), e.g. `cargo bench --bench perft -- 6`.

use jungle::{Position, Ruleset};
use std::hint::black_box;
use std::time::Instant;

/// Start-position leaf counts (jungle.md and issue 3), to catch a wrong fast result.
const EXPECTED: [(u32, u64); 2] = [(6, 100_453_636), (7, 1_908_199_299)];

fn main() {
    let deepest: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(7)
        .clamp(6, 7);
    let start = Position::start(&Ruleset::default());
    for (depth, expected) in EXPECTED.into_iter().filter(|(d, _)| *d <= deepest) {
        let runs = if depth <= 6 { 5 } else { 3 };
        let mut best = f64::INFINITY;
        for _ in 0..runs {
            let timer = Instant::now();
            let leaves = black_box(&start).perft(black_box(depth));
            best = best.min(timer.elapsed().as_secs_f64());
            assert_eq!(leaves, expected, "perft({depth}) is wrong");
        }
        println!(
            "perft({depth}) = {expected}: best of {runs} {best:.3} s, {:.0} M leaves/s",
            expected as f64 / best / 1e6
        );
    }
}
