//! Variants as one `Ruleset`: the issue's example spelling end to end, and what perft ignores
//! (jungle.md: draw rules and the repetition prohibition do not apply to perft).

mod common;

use common::{mv, play_all, position, rules, setup};
use jungle::{DrawReason, IllegalMove};
use jungle::{Game, Outcome, Position, Ruleset, Side};

#[test]
fn the_issue_example_spelling_sets_every_rule() {
    let r = rules("tiger-vertical-only,repetition-prohibition,nocapture=60,threefold=off");
    assert!(r.tiger_vertical_only && r.repetition_prohibition && !r.threefold);
    assert_eq!(r.no_capture_moves, Some(60));
    // The order of the names does not matter.
    assert_eq!(
        rules("threefold=off,nocapture=60,repetition-prohibition,tiger-vertical-only"),
        r
    );
}

#[test]
fn all_variants_at_once_in_a_game() {
    let ruleset = rules("tiger-vertical-only,repetition-prohibition,nocapture=60,threefold=off");
    let mut s = setup("Td5 Ca1 Dg1 cg9 da9", Side::Black);
    s.plies_since_capture = 90;
    let start = Position::from_setup(&s, &ruleset).unwrap();
    let mut game = Game::from_position(start, ruleset);
    // The tiger jumps only vertically.
    assert_eq!(
        game.check_move(mv("d5a5")),
        Err(IllegalMove::TigerJumpsVerticallyOnly)
    );
    // Each side alternates two animals (so the prohibition stays quiet): the start comes back
    // twice, and with threefold off that is no draw; nor are 106 plies without a capture under
    // the 60-move limit.
    for _ in 0..2 {
        play_all(&mut game, "a1a2 g9g8 g1g2 a9a8 a2a1 g8g9 g2g1 a8a9");
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.position().plies_since_capture(), 106);
    assert_eq!(game.outcome(), None);
    // Black's cat alone, back and forth: the third visit to a2 within 7 turns is refused.
    play_all(
        &mut game,
        "a1a2 g9g8 a2a1 a9a8 a1a2 g8g9 a2a1 a8a9 a1a2 g9g8 a2a1 a9a8",
    );
    assert!(matches!(
        game.check_move(mv("a1a2")),
        Err(IllegalMove::RepetitionProhibited { .. })
    ));
    // 120 plies: the no-capture limit of 60 moves per side.
    play_all(&mut game, "d5d4 g8g9");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::NoCapture(60)))
    );
}

#[test]
fn perft_ignores_the_draw_rules_and_the_prohibition() {
    // The same board 99 plies into a quiet spell, and at the limit: perft counts the same.
    let pieces = "Ca1 cg9 Rb3 ec3";
    let mut counts = Vec::new();
    for plies in [0, 99, 100, 500] {
        for text in [
            "standard",
            "repetition-prohibition,nocapture=60",
            "threefold=off",
        ] {
            let ruleset = rules(text);
            let mut s = setup(pieces, Side::Black);
            s.plies_since_capture = plies;
            counts.push(Position::from_setup(&s, &ruleset).unwrap().perft(3));
        }
    }
    assert!(counts.iter().all(|&n| n == counts[0]), "{counts:?}");
    // A game at the no-capture limit has no legal moves; its position still has them.
    let mut s = setup(pieces, Side::Black);
    s.plies_since_capture = 100;
    let pos = Position::from_setup(&s, &Ruleset::default()).unwrap();
    let game = Game::from_position(pos, Ruleset::default());
    assert!(game.legal_moves().is_empty());
    assert!(!pos.legal_moves().is_empty());
}

#[test]
fn tiger_vertical_only_is_part_of_the_position() {
    let variant = position("Td5 ca9", Side::Black, &rules("tiger-vertical-only"));
    assert!(variant.tiger_vertical_only());
    assert!(variant.mirrored().tiger_vertical_only());
    let standard = position("Td5 ca9", Side::Black, &Ruleset::default());
    assert!(!standard.tiger_vertical_only());
    assert_eq!(
        variant.to_fen(),
        standard.to_fen(),
        "the FEN does not carry the variant"
    );
}

#[test]
fn a_game_applies_its_own_rules_to_the_position_it_is_given() {
    // Regression: a position built under the standard rules, given to a game under
    // tiger-vertical-only, kept the tiger's horizontal jumps.
    let standard = position("Td5 ca9", Side::Black, &Ruleset::default());
    let game = Game::from_position(standard, rules("tiger-vertical-only"));
    assert!(game.position().tiger_vertical_only());
    assert_eq!(
        game.check_move(mv("d5a5")),
        Err(IllegalMove::TigerJumpsVerticallyOnly)
    );
    assert_eq!(game.position().hash(), standard.hash());
    // And the other way round.
    let variant = position("Td5 ca9", Side::Black, &rules("tiger-vertical-only"));
    let game = Game::from_position(variant, Ruleset::default());
    assert!(game.legal_moves().contains(mv("d5a5")));
}
