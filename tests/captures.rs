//! jungle.md "Captures": the five rules in their order, each on a position that isolates it,
//! and "own traps never weaken one's own animals".

mod common;

use common::{black_to_move, mv, white_to_move};
use jungle::Animal;
use jungle::{CaptureError, IllegalMove};

fn capture_error(err: IllegalMove) -> CaptureError {
    match err {
        IllegalMove::Capture(e) => e,
        other => panic!("expected a capture error, got {other:?}"),
    }
}

#[test]
fn higher_or_equal_rank_captures() {
    // Rule 5. Black wolf a3 against White dog a2 and White wolf b3.
    let pos = black_to_move("Wa3 da2 wb3");
    assert!(pos.legal_moves().contains(mv("a3a2")));
    assert!(
        pos.legal_moves().contains(mv("a3b3")),
        "equal ranks capture"
    );
    let pos = white_to_move("Wa3 da2 wb3");
    let err = pos.check_move(mv("a2a3")).unwrap_err();
    assert_eq!(
        capture_error(err),
        CaptureError::Outranked {
            attacker: Animal::Dog,
            defender: Animal::Wolf
        }
    );
    assert!(
        err.to_string().contains("cannot capture the stronger wolf"),
        "{err}"
    );
    assert!(
        pos.legal_moves().contains(mv("b3a3")),
        "equal ranks capture"
    );
}

#[test]
fn rat_takes_the_elephant_and_the_elephant_cannot_take_the_rat() {
    // Rule 4, on land away from traps and water.
    let pos = black_to_move("Ra3 ea2");
    assert!(pos.legal_moves().contains(mv("a3a2")));
    let pos = white_to_move("Ra3 ea2");
    let err = pos.check_move(mv("a2a3")).unwrap_err();
    assert_eq!(capture_error(err), CaptureError::ElephantCannotTakeRat);
    assert!(err
        .to_string()
        .contains("the elephant cannot capture the rat"));
    assert!(!pos.legal_moves().contains(mv("a2a3")));
}

#[test]
fn a_rat_in_the_water_cannot_capture_on_land() {
    // Rule 2: not even the elephant, which a rat on land would take.
    for defender in ["ea4", "ra4", "ca4"] {
        let pos = black_to_move(&format!("Rb4 {defender}"));
        let err = pos.check_move(mv("b4a4")).unwrap_err();
        assert_eq!(
            capture_error(err),
            CaptureError::FromWaterToLand,
            "{defender}"
        );
        assert!(err
            .to_string()
            .contains("a rat in the water cannot capture on land"));
        assert!(!pos.legal_moves().contains(mv("b4a4")));
    }
}

#[test]
fn nothing_on_land_captures_a_rat_in_the_water() {
    // Rule 2 the other way: a rat on the bank against a rat in the river.
    let pos = white_to_move("Rb4 ra4");
    let err = pos.check_move(mv("a4b4")).unwrap_err();
    assert_eq!(capture_error(err), CaptureError::FromLandIntoWater);
    assert!(err.to_string().contains("rat in the water"), "{err}");
    assert!(!pos.legal_moves().contains(mv("a4b4")));
    // A jumping lion never lands in the water, and a lion next to it cannot step in.
    let pos = white_to_move("Rb4 la4");
    assert!(!pos.legal_moves().contains(mv("a4b4")));
}

#[test]
fn rat_in_the_water_takes_rat_in_the_water() {
    let pos = black_to_move("Rb4 rb5 ca9");
    assert!(pos.legal_moves().contains(mv("b4b5")));
    let pos = white_to_move("Rb4 rb5");
    assert!(pos.legal_moves().contains(mv("b5b4")));
}

#[test]
fn a_rat_on_the_river_bank_takes_the_elephant_on_land() {
    // Rule 2 only concerns the water: on the bank (a4) the rat takes the elephant on a3.
    let pos = black_to_move("Ra4 ea3");
    assert!(pos.legal_moves().contains(mv("a4a3")));
}

#[test]
fn a_trapped_attacker_captures_nothing() {
    // Rule 3: the Black lion on White's trap d8 cannot take the cat or the dog beside it...
    let pos = black_to_move("Ld8 cc8 de8");
    for target in ["d8c8", "d8e8"] {
        let err = pos.check_move(mv(target)).unwrap_err();
        assert_eq!(
            capture_error(err),
            CaptureError::AttackerTrapped(Animal::Lion)
        );
        assert!(err.to_string().contains("captures nothing"), "{err}");
    }
    // ...but may still step on, into the den.
    assert_eq!(
        common::sorted_moves(&pos),
        common::sorted(&["d8d7", "d8d9"])
    );
}

#[test]
fn a_trapped_rat_cannot_take_the_elephant() {
    // Rule 3 comes before rule 4: White's rat on Black's trap d2 is rank 0.
    let pos = white_to_move("Ed3 rd2");
    assert!(matches!(
        pos.check_move(mv("d2d3")),
        Err(IllegalMove::Capture(CaptureError::AttackerTrapped(
            Animal::Rat
        )))
    ));
    assert!(
        pos.legal_moves().contains(mv("d2d1")),
        "it may enter the den"
    );
}

#[test]
fn any_animal_takes_an_animal_on_its_own_sides_trap() {
    // Rule 1 comes before rule 4: the elephant takes the rat on its own side's trap.
    let pos = black_to_move("Ed3 rd2");
    assert!(pos.legal_moves().contains(mv("d3d2")));
    assert_eq!(pos.captured_by(mv("d3d2")), Some(Animal::Rat));
    // And the weakest takes the strongest there: Black's rat against White's elephant on c1,
    // White's cat against Black's lion on e9.
    assert!(black_to_move("Rb1 ec1").legal_moves().contains(mv("b1c1")));
    assert!(white_to_move("Le9 cf9").legal_moves().contains(mv("f9e9")));
}

#[test]
fn own_traps_never_weaken_ones_own_animals() {
    // Black's lion on Black's own trap d2 keeps its rank against White's tiger...
    let pos = white_to_move("Ld2 td3");
    let err = pos.check_move(mv("d3d2")).unwrap_err();
    assert!(matches!(capture_error(err), CaptureError::Outranked { .. }));
    // ...and captures from it.
    let pos = black_to_move("Ld2 tc2");
    assert!(pos.legal_moves().contains(mv("d2c2")));
    // White's cat on White's own trap c9 still captures from it (Black's rat on b9).
    let pos = white_to_move("Rb9 cc9");
    assert!(pos.legal_moves().contains(mv("c9b9")));
    // White's dog on its own trap d8 is not easier prey for a Black cat.
    let pos = black_to_move("Cd7 dd8");
    assert!(!pos.legal_moves().contains(mv("d7d8")));
}
