//! Shogi perft speed: `cargo bench --bench shogi_perft` (release build, one thread).
//!
//! Plain std timing, no harness crate: each position and depth runs a few times and the best
//! run is reported with leaves per second. Issue 11's aim: perft(6) from the start in under 5 s.
//! Optional argument: the deepest start-position depth to time (5 or 6, default 6).

use shogi::Position;
use std::hint::black_box;
use std::time::Instant;

/// Positions, depths and their published leaf counts (see tests/shogi_perft.rs), to catch a
/// wrong fast result.
const CASES: [(&str, &str, u32, u64); 4] = [
    ("start", "startpos", 5, 19_861_490),
    ("start", "startpos", 6, 547_581_517),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        3,
        4_809_015,
    ),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        4,
        516_925_165,
    ),
];

fn main() {
    let deepest: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(6)
        .clamp(5, 6);
    for (name, sfen, depth, expected) in CASES {
        if name == "start" && depth > deepest {
            continue;
        }
        let position = Position::from_sfen(sfen).expect("a legal position");
        let runs = if expected > 100_000_000 { 3 } else { 5 };
        let mut best = f64::INFINITY;
        for _ in 0..runs {
            let timer = Instant::now();
            let leaves = black_box(&position).perft(black_box(depth));
            best = best.min(timer.elapsed().as_secs_f64());
            assert_eq!(leaves, expected, "perft({depth}) of {name} is wrong");
        }
        println!(
            "{name} perft({depth}) = {expected}: best of {runs} {best:.3} s, {:.1} M leaves/s",
            expected as f64 / best / 1e6
        );
    }
}
