//! The shogi family's perft speed: `cargo bench --bench family_perft` (release build, one
//! thread). Each variant's start position at a depth of about a second, the best of three runs,
//! with leaves per second; the counts are checked against the published ones (docs/
//! rules-shogi-family.md), so a fast wrong result fails. `tools/family-perft-speed.py` puts the
//! same runs beside Fairy-Stockfish's (docs/shogi-family-crosscheck.md).

use shogi_family::{Position, Variant};
use std::hint::black_box;
use std::time::Instant;

/// Each variant, a depth, and its start position's published count there.
const CASES: [(&str, u32, u64); 11] = [
    ("minishogi", 6, 8_276_188),
    ("kyotoshogi", 6, 2_829_234),
    ("microshogi", 7, 8_118_500),
    ("dobutsu", 8, 5_866_031),
    ("judkinshogi", 5, 2_389_896),
    ("torishogi", 5, 2_179_749),
    ("yarishogi", 5, 3_174_917),
    ("shoshogi", 4, 445_372),
    ("cannonshogi", 4, 13_406_022),
    ("checkshogi", 5, 19_839_626),
    ("standard", 5, 19_861_490),
];

fn main() {
    for (name, depth, expected) in CASES {
        let start = Position::start(Variant::named(name).expect("a variant"));
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let timer = Instant::now();
            let leaves = black_box(&start).perft(black_box(depth));
            best = best.min(timer.elapsed().as_secs_f64());
            assert_eq!(leaves, expected, "{name} perft({depth}) is wrong");
        }
        println!(
            "{name} perft({depth}) = {expected}: best of 3 {best:.3} s, {:.1} M leaves/s",
            expected as f64 / best / 1e6
        );
    }
}
