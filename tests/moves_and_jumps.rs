//! docs/rules-jungle.md "Moves": one orthogonal step, own den and own animals closed, only rats swim,
//! lion and tiger river jumps and the rats that block them, the tiger-vertical-only variant.

mod common;

use common::{black_to_move, mv, position, rules, sorted, sorted_moves, white_to_move};
use jungle::IllegalMove;
use jungle::Side;

#[test]
fn every_animal_steps_one_square_orthogonally() {
    // A lone Black wolf on c3 with the river to its north: west, east and south only.
    let pos = black_to_move("Wc3 ca9");
    assert_eq!(sorted_moves(&pos), sorted(&["c3b3", "c3d3", "c3c2"]));
    assert!(matches!(
        pos.check_move(mv("c3d4")),
        Err(IllegalMove::NotAStep(_))
    ));
    assert!(matches!(
        pos.check_move(mv("c3c1")),
        Err(IllegalMove::NotAStep(_))
    ));
    let err = pos.check_move(mv("c3d4")).unwrap_err();
    assert!(
        err.to_string()
            .contains("one square up, down, left or right"),
        "{err}"
    );
    let lion = black_to_move("Lc3 ca9").check_move(mv("c3c5")).unwrap_err();
    assert!(
        lion.to_string().contains("jumps straight across a river"),
        "{lion}"
    );
    // In a corner: two steps.
    assert_eq!(
        sorted_moves(&black_to_move("Ca1 ca9")),
        sorted(&["a1a2", "a1b1"])
    );
}

#[test]
fn no_animal_may_enter_its_own_den() {
    let pos = black_to_move("Cd2 ca9");
    assert_eq!(sorted_moves(&pos), sorted(&["d2c2", "d2e2", "d2d3"]));
    let err = pos.check_move(mv("d2d1")).unwrap_err();
    assert_eq!(err, IllegalMove::OwnDen);
    assert!(err.to_string().contains("own den"), "{err}");
    // The same for White next to d9.
    let pos = white_to_move("Ca1 cd8");
    assert_eq!(pos.check_move(mv("d8d9")), Err(IllegalMove::OwnDen));
    assert!(!pos.legal_moves().contains(mv("d8d9")));
}

#[test]
fn no_animal_may_move_onto_its_own_side() {
    let pos = black_to_move("Wc3 Cd3 ca9");
    assert!(!pos.legal_moves().contains(mv("c3d3")));
    let err = pos.check_move(mv("c3d3")).unwrap_err();
    assert_eq!(err, IllegalMove::OwnAnimal);
    assert!(err.to_string().contains("own side"), "{err}");
}

#[test]
fn only_the_rat_may_enter_the_water() {
    let wolf = black_to_move("Wa4 ca9");
    assert_eq!(sorted_moves(&wolf), sorted(&["a4a3", "a4a5"]));
    let err = wolf.check_move(mv("a4b4")).unwrap_err();
    assert!(matches!(err, IllegalMove::NoSwimming(_)));
    assert!(
        err.to_string().contains("only the rat may enter the water"),
        "{err}"
    );
    let rat = black_to_move("Ra4 ca9");
    assert_eq!(sorted_moves(&rat), sorted(&["a4a3", "a4a5", "a4b4"]));
    // A rat in the water swims on and climbs out.
    let swimming = black_to_move("Rc5 ca9");
    assert_eq!(
        sorted_moves(&swimming),
        sorted(&["c5b5", "c5c4", "c5c6", "c5d5"])
    );
}

#[test]
fn lion_jumps_the_river_vertically() {
    let pos = black_to_move("Lb3 ca9");
    assert_eq!(
        sorted_moves(&pos),
        sorted(&["b3a3", "b3b2", "b3b7", "b3c3"])
    );
    let pos = white_to_move("Ca1 lf7");
    assert!(pos.legal_moves().contains(mv("f7f3")));
}

#[test]
fn lion_and_tiger_jump_the_river_horizontally() {
    for letter in ["L", "T"] {
        let pos = black_to_move(&format!("{letter}d5 ca9"));
        assert_eq!(
            sorted_moves(&pos),
            sorted(&["d5a5", "d5d4", "d5d6", "d5g5"]),
            "{letter}"
        );
        let pos = black_to_move(&format!("{letter}a4 ca9"));
        assert_eq!(
            sorted_moves(&pos),
            sorted(&["a4a3", "a4a5", "a4d4"]),
            "{letter}"
        );
    }
}

#[test]
fn other_animals_do_not_jump() {
    for letter in ["E", "P", "W", "D", "C"] {
        let pos = black_to_move(&format!("{letter}b3 ca9"));
        assert!(!pos.legal_moves().contains(mv("b3b7")), "{letter}");
        assert!(matches!(
            pos.check_move(mv("b3b7")),
            Err(IllegalMove::NotAStep(_))
        ));
    }
}

#[test]
fn a_rat_blocks_a_vertical_jump_whichever_side_it_belongs_to() {
    for (rat, square) in [("r", "b4"), ("r", "b5"), ("R", "b6"), ("R", "b5")] {
        let pieces = format!("Lb3 {rat}{square} ca9");
        let pos = black_to_move(&pieces);
        assert!(!pos.legal_moves().contains(mv("b3b7")), "{pieces}");
        let err = pos.check_move(mv("b3b7")).unwrap_err();
        assert_eq!(err, IllegalMove::JumpBlocked, "{pieces}");
        assert!(err.to_string().contains("blocked by a rat"), "{err}");
    }
    // A rat in the other column of the same river does not block it.
    assert!(black_to_move("Lb3 rc5 ca9")
        .legal_moves()
        .contains(mv("b3b7")));
}

#[test]
fn a_rat_blocks_a_horizontal_jump_whichever_side_it_belongs_to() {
    for (rat, square) in [("r", "b5"), ("R", "c5")] {
        let pieces = format!("Ta5 {rat}{square} ca9");
        let pos = black_to_move(&pieces);
        assert_eq!(
            pos.check_move(mv("a5d5")),
            Err(IllegalMove::JumpBlocked),
            "{pieces}"
        );
        assert!(!pos.legal_moves().contains(mv("a5d5")), "{pieces}");
    }
    // White's lion from d5 over e5 f5, blocked by Black's rat on f5 only towards g5.
    let pos = white_to_move("Rf5 ld5 Ca1");
    assert_eq!(pos.check_move(mv("d5g5")), Err(IllegalMove::JumpBlocked));
    assert!(pos.legal_moves().contains(mv("d5a5")));
    // A rat in another rank of the river does not block a horizontal jump.
    assert!(black_to_move("Ta5 rb4 ca9")
        .legal_moves()
        .contains(mv("a5d5")));
}

#[test]
fn a_jump_may_capture_on_the_landing_square_under_the_capture_rules() {
    let takes = black_to_move("Lb3 tb7");
    assert!(takes.legal_moves().contains(mv("b3b7")));
    let pos = black_to_move("Lb3 eb7");
    assert!(matches!(
        pos.check_move(mv("b3b7")),
        Err(IllegalMove::Capture(_))
    ));
    assert!(!pos.legal_moves().contains(mv("b3b7")));
}

#[test]
fn a_jump_may_not_land_on_its_own_animal() {
    let pos = black_to_move("Lb3 Cb7 ca9");
    assert_eq!(pos.check_move(mv("b3b7")), Err(IllegalMove::OwnAnimal));
    assert!(!pos.legal_moves().contains(mv("b3b7")));
}

#[test]
fn tiger_vertical_only_stops_the_tigers_horizontal_jumps() {
    let variant = rules("tiger-vertical-only");
    let tiger = position("Td5 ca9", Side::Black, &variant);
    assert_eq!(sorted_moves(&tiger), sorted(&["d5d4", "d5d6"]));
    let err = tiger.check_move(mv("d5a5")).unwrap_err();
    assert_eq!(err, IllegalMove::TigerJumpsVerticallyOnly);
    assert!(err.to_string().contains("tiger-vertical-only"), "{err}");
    // The tiger still jumps vertically, and the lion both ways.
    let tiger = position("Tb3 ca9", Side::Black, &variant);
    assert!(tiger.legal_moves().contains(mv("b3b7")));
    let lion = position("Ld5 ca9", Side::Black, &variant);
    assert_eq!(
        sorted_moves(&lion),
        sorted(&["d5a5", "d5d4", "d5d6", "d5g5"])
    );
    // White's tiger is bound too.
    let white = position("Ca1 tg5", Side::White, &variant);
    assert!(!white.legal_moves().contains(mv("g5d5")));
}

#[test]
fn moving_an_animal_of_the_side_not_to_move_or_from_an_empty_square_is_refused() {
    let pos = black_to_move("Ca1 ca9");
    let err = pos.check_move(mv("a9a8")).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::NotYourTurn {
            to_move: Side::Black
        }
    );
    assert!(err.to_string().contains("Black's turn"), "{err}");
    let err = pos.check_move(mv("b2b3")).unwrap_err();
    assert_eq!(err, IllegalMove::NoAnimal(common::sq("b2")));
    assert!(err.to_string().contains("no animal on b2"), "{err}");
}
