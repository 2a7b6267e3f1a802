//! Perft: the start position against the published table, and small mid-game positions whose
//! counts were worked out by hand (in the comments) to exercise the jumps, the variants and the
//! capture rules that the start position does not reach for several plies.

mod common;

use common::{black_to_move, naive_perft, position, rules, sorted};
use jungle::{Position, Ruleset, Side};

/// Start-position perft under the default rules, depths 1–7. Source: docs/rules-jungle.md ("Perft": depths
/// 1–3) and issue 3 ("Proof": depths 1–7, three independent implementations agree).
const START_PERFT: [(u32, u64); 7] = [
    (1, 24),
    (2, 576),
    (3, 12_240),
    (4, 260_099),
    (5, 5_111_620),
    (6, 100_453_636),
    (7, 1_908_199_299),
];

fn start_perft(depth: u32) -> u64 {
    Position::start(&Ruleset::default()).perft(depth)
}

fn expected(depth: u32) -> u64 {
    START_PERFT.iter().find(|(d, _)| *d == depth).unwrap().1
}

#[test]
fn start_position_perft_depths_1_to_5() {
    for depth in 1..=5 {
        assert_eq!(start_perft(depth), expected(depth), "perft({depth})");
    }
}

#[test]
fn perft_depth_0_is_one_leaf() {
    assert_eq!(start_perft(0), 1);
}

#[test]
#[ignore = "slow in debug builds: cargo test --release -- --ignored"]
fn start_position_perft_depth_6() {
    assert_eq!(start_perft(6), expected(6));
}

#[test]
#[ignore = "slow in debug builds: cargo test --release -- --ignored"]
fn start_position_perft_depth_7() {
    assert_eq!(start_perft(7), expected(7));
}

#[test]
fn start_position_perft_agrees_with_the_naive_generator() {
    let start = Position::start(&Ruleset::default());
    assert_eq!(naive_perft(&start, 3), expected(3));
}

#[test]
fn tiger_vertical_only_does_not_change_the_first_plies_of_the_start() {
    // No tiger reaches a river bank within two plies of the start, so the variant cannot change
    // the counts there; later it removes jumps, so the counts can only shrink.
    let variant = Position::start(&rules("tiger-vertical-only"));
    assert_eq!(variant.perft(2), expected(2));
    assert_eq!(variant.perft(4), naive_perft(&variant, 4));
    assert!(variant.perft(4) <= expected(4));
}

/// Mixed captures. Black: elephant d3, rat b4 (in the water). White: rat d2 (on Black's trap),
/// cat a4, lion b7. Black to move.
///
/// Black: elephant d3 → d4, c3, e3, and d3xd2 (rule 1: the rat stands on Black's own trap, so
/// even the elephant takes it) = 4; rat b4 → b3, b5, c4, but not b4xa4 (rule 2: from the water
/// onto land) = 3. Total 7.
///
/// White's replies: rat d2 → d1 (den), c2, e2, and d3 when the elephant has left (d2xd3 is
/// illegal by rule 3: the rat stands in Black's trap); cat a4 → a3, a5 (never b4: water);
/// lion b7 → b8, a7, c7, plus the jump to b3 only when no rat is in b4–b6.
/// - d3d4, d3c3, d3e3: rat 4 + cat 2 + lion 3 = 9 each
/// - d3xd2: cat 2 + lion 3 = 5
/// - b4b3: rat 3 + cat 2 + lion 4 (b7xb3 takes the rat) = 9
/// - b4b5: rat 3 + cat 2 + lion 3 (b5 still blocks) = 8
/// - b4c4: rat 3 + cat 2 + lion 4 (c4 is not on the b-file) = 9
///
/// Total 9·3 + 5 + 9 + 8 + 9 = 58.
const MIXED_CAPTURES: &str = "Ed3 Rb4 rd2 ca4 lb7";

#[test]
fn mixed_captures_position_perft_counted_by_hand() {
    let pos = black_to_move(MIXED_CAPTURES);
    assert_eq!(
        common::sorted_moves(&pos),
        sorted(&["d3d4", "d3c3", "d3e3", "d3d2", "b4b3", "b4b5", "b4c4"])
    );
    assert_eq!(pos.perft(1), 7);
    assert_eq!(pos.perft(2), 58);
    let divide: Vec<(String, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (m.to_string(), pos.after(m).perft(1)))
        .collect();
    for (m, n) in [
        ("d3d4", 9),
        ("d3c3", 9),
        ("d3e3", 9),
        ("d3d2", 5),
        ("b4b3", 9),
        ("b4b5", 8),
        ("b4c4", 9),
    ] {
        assert!(
            divide.contains(&(m.to_string(), n)),
            "{m} {n} in {divide:?}"
        );
    }
    assert_eq!(pos.perft(4), naive_perft(&pos, 4));
}

/// Jumps and water captures. Black: tiger a5, rat e5 (in the water). White: rat f5 (in the
/// water), wolf d5, cat g9. Black to move.
///
/// Black: tiger a5 → a4, a6, and the jump a5xd5 over b5 c5 taking the wolf (6 ≥ 4) = 3;
/// rat e5 → e4, e6, e5xf5 (both in the water), not e5xd5 (water onto land) = 3. Total 6.
/// Under `tiger-vertical-only` the horizontal jump goes: 5.
///
/// White's replies (rat f5 → f4, f6, g5, f5xe5 while the Black rat is on e5; wolf d5 → d4, d6;
/// cat g9 → g8, f9):
/// - a5a4, a5a6: 4 + 2 + 2 = 8 each
/// - a5xd5: rat 4 + cat 2 = 6
/// - e5e4, e5e6: rat f4 f6 g5 e5 = 4, wolf 2, cat 2 = 8 each
/// - e5xf5: wolf 2 + cat 2 = 4
///
/// Total 8 + 8 + 6 + 8 + 8 + 4 = 42; without the jump 36.
const JUMPS_AND_WATER: &str = "Ta5 Re5 rf5 wd5 cg9";

#[test]
fn jumps_and_water_position_perft_counted_by_hand() {
    let pos = black_to_move(JUMPS_AND_WATER);
    assert_eq!(pos.perft(1), 6);
    assert_eq!(pos.perft(2), 42);
    assert_eq!(pos.perft(4), naive_perft(&pos, 4));
}

#[test]
fn jumps_and_water_position_under_tiger_vertical_only() {
    let pos = position(JUMPS_AND_WATER, Side::Black, &rules("tiger-vertical-only"));
    assert_eq!(pos.perft(1), 5);
    assert_eq!(pos.perft(2), 36);
    assert!(!pos.legal_moves().contains(common::mv("a5d5")));
    assert_eq!(pos.perft(4), naive_perft(&pos, 4));
}

/// A trapped lion. Black: lion d8 (on White's trap). White: cat c8, dog e8. Black to move.
///
/// The lion may step on — d7, or d9 into the den, which ends the game — but captures nothing
/// (rule 3): 2 moves. After d8d9 the game is over (0 replies); after d8d7 the cat has c9 b8 c7
/// d8 and the dog e9 f8 e7 d8: perft(2) = 8.
const TRAPPED_LION: &str = "Ld8 cc8 de8";

#[test]
fn trapped_lion_position_perft_counted_by_hand() {
    let pos = black_to_move(TRAPPED_LION);
    assert_eq!(common::sorted_moves(&pos), sorted(&["d8d7", "d8d9"]));
    assert_eq!(pos.perft(2), 8);
    assert_eq!(pos.perft(5), naive_perft(&pos, 5));
}
