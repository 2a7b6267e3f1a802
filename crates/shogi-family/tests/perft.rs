//! Perft from each variant's start position against the published numbers (Fairy-Stockfish's
//! tests and `go perft`, lishogi's shogiops tests): docs/rules-shogi-family.md lists the sources.

use shogi_family::{Position, Variant};

/// Each variant's perft from its start position, depth 1 first.
const PUBLISHED: &[(&str, &[u64])] = &[
    ("minishogi", &[14, 181, 2_512, 35_401]),
    ("kyotoshogi", &[12, 137, 1_636, 18_268]),
    ("microshogi", &[9, 80, 767, 7_256, 71_328]),
    ("dobutsu", &[4, 17, 123, 976, 8_122, 71_677]),
    ("judkinshogi", &[20, 336, 6_183]),
    ("torishogi", &[17, 288, 5_430]),
    ("yarishogi", &[20, 400, 7_960]),
    ("shoshogi", &[26, 676, 17_368]),
    ("cannonshogi", &[60, 3_447]),
    ("annanshogi", &[28, 784]),
    ("checkshogi", &[30, 900, 25_470]),
    ("standard", &[30, 900, 25_470]),
];

#[test]
fn perft_from_every_start_position_is_the_published_one() {
    for (name, counts) in PUBLISHED {
        let variant = Variant::named(name).expect("a variant");
        let start = Position::start(variant);
        for (depth, &count) in counts.iter().enumerate() {
            assert_eq!(
                start.perft(depth as u32 + 1),
                count,
                "{name} perft {}",
                depth + 1
            );
        }
    }
}
