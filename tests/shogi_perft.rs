//! Shogi perft (docs/rules-shogi.md's definition: leaves of the fully legal move tree, promotions and
//! non-promotions counted apart, no pawn-drop mates, no declarations), against published counts.

use shogi::Position;

/// The start position's counts, from docs/rules-shogi.md (several independent implementations agree).
const START: [(u32, u64); 6] = [
    (1, 30),
    (2, 900),
    (3, 25_470),
    (4, 719_731),
    (5, 19_861_490),
    (6, 547_581_517),
];

/// The "matsuri" position (YaneuraOu's and Apery's perft benchmark: many pieces in hand, gote
/// to move), with its published counts.
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const MATSURI_COUNTS: [(u32, u64); 4] = [(1, 207), (2, 28_684), (3, 4_809_015), (4, 516_925_165)];

fn check(sfen: &str, depth: u32, expected: u64) {
    let position = Position::from_sfen(sfen).unwrap();
    assert_eq!(position.perft(depth), expected, "perft({depth}) of {sfen}");
}

#[test]
fn start_position_to_depth_5() {
    for (depth, expected) in START.into_iter().filter(|(d, _)| *d <= 5) {
        check("startpos", depth, expected);
    }
}

#[test]
#[ignore = "547 million leaves: run with --ignored --release, or `cargo bench --bench perft`"]
fn start_position_depth_6() {
    check("startpos", 6, START[5].1);
}

#[test]
fn matsuri_to_depth_3() {
    for (depth, expected) in MATSURI_COUNTS.into_iter().filter(|(d, _)| *d <= 3) {
        check(MATSURI, depth, expected);
    }
}

#[test]
#[ignore = "517 million leaves: run with --ignored --release"]
fn matsuri_depth_4() {
    check(MATSURI, 4, MATSURI_COUNTS[3].1);
}

#[test]
fn the_uchifuzume_position_of_the_rules_has_85_moves() {
    check("7lk/9/8S/9/9/9/9/7L1/8K b P 1", 1, 85);
}

#[test]
fn the_position_with_the_most_legal_moves_has_593() {
    // The known maximum: every piece not on the board is in sente's hand.
    check(
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        1,
        593,
    );
}

#[test]
fn the_two_piece_handicap_start_has_26_moves_for_gote() {
    // Gote (the handicap giver) moves first, toward rank i. Pawns 9; lances 9a→9b, 1a→1b: 2;
    // knights 0 (their squares on rank c hold pawns); silvers 7a→6b 7b 8b and 3a→2b 3b 4b (the
    // rook's and bishop's squares are empty): 6; golds 6a→5b 6b 7b and 4a→3b 4b 5b: 6; king
    // 5a→4b 5b 6b: 3. Total 26.
    let position = Position::from_sfen(shogi::Handicap::TwoPiece.sfen()).unwrap();
    assert_eq!(position.perft(1), 26);
}
