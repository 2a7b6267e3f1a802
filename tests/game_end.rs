//! docs/rules-jungle.md "End of the game": den entered, all captured, no legal move; a finished game has
//! no legal moves.

mod common;

use common::{black_to_move, mv, play_all, white_to_move};
use jungle::{Game, Outcome, Ruleset, Side};
use jungle::{IllegalMove, WinReason};

fn win(winner: Side, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn entering_the_enemy_den_wins_at_once() {
    let mut game = Game::from_position(black_to_move("Cc9 ra9 ea7"), Ruleset::default());
    assert_eq!(game.outcome(), None);
    play_all(&mut game, "c9d9");
    assert_eq!(game.outcome(), win(Side::Black, WinReason::DenEntered));
    assert_eq!(game.outcome().unwrap().result_code(), "1-0");
    assert_eq!(game.outcome().unwrap().reason_code(), "den");
    // White still has animals, but the game is over: no legal moves, and play is refused.
    assert!(game.legal_moves().is_empty());
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(game.position().perft(1), 0);
    let err = game.play(mv("a9a8")).unwrap_err();
    assert_eq!(err, IllegalMove::GameOver);
    assert!(err.to_string().contains("over"), "{err}");
}

#[test]
fn white_entering_blacks_den_wins_for_white() {
    let mut game = Game::from_position(white_to_move("Ca9 re1"), Ruleset::default());
    play_all(&mut game, "e1d1");
    assert_eq!(game.outcome(), win(Side::White, WinReason::DenEntered));
    assert_eq!(game.outcome().unwrap().result_code(), "0-1");
}

#[test]
fn a_trapped_animal_may_still_step_into_the_den_and_win() {
    // The lion on White's trap d8 captures nothing (captures.rs) but enters the den.
    let mut game = Game::from_position(black_to_move("Ld8 cc8 de8"), Ruleset::default());
    play_all(&mut game, "d8d9");
    assert_eq!(game.outcome(), win(Side::Black, WinReason::DenEntered));
}

#[test]
fn capturing_the_last_enemy_animal_wins() {
    let mut game = Game::from_position(black_to_move("Wa3 da2"), Ruleset::default());
    play_all(&mut game, "a3a2");
    assert_eq!(game.outcome(), win(Side::Black, WinReason::AllCaptured));
    assert_eq!(game.outcome().unwrap().reason_code(), "all-captured");
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_side_with_no_legal_move_loses() {
    // White's lone rat in the corner a9, hemmed in by Black's tiger a8 and lion (after b8b9):
    // it cannot take either, so White, to move, has no legal move and loses.
    let mut game = Game::from_position(black_to_move("Ta8 Lb8 ra9"), Ruleset::default());
    assert_eq!(game.outcome(), None);
    play_all(&mut game, "b8b9");
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(game.outcome(), win(Side::Black, WinReason::NoLegalMove));
    assert_eq!(game.outcome().unwrap().reason_code(), "no-moves");
    assert_eq!(
        game.position().outcome(),
        Some((Side::Black, WinReason::NoLegalMove))
    );
    assert_eq!(game.play(mv("a9a8")), Err(IllegalMove::GameOver));
}

#[test]
fn a_position_given_with_the_side_to_move_stuck_is_already_lost() {
    let pos = white_to_move("Ta8 Lb9 ra9");
    assert_eq!(pos.outcome(), Some((Side::Black, WinReason::NoLegalMove)));
    let game = Game::from_position(pos, Ruleset::default());
    assert_eq!(game.outcome(), win(Side::Black, WinReason::NoLegalMove));
}

#[test]
fn a_win_comes_before_a_draw_on_the_same_move() {
    // 99 plies without a capture: the den entry on the 100th is a win, not a draw by the
    // no-capture rule.
    let mut pos_setup = common::setup("Cc9 ra9", Side::Black);
    pos_setup.plies_since_capture = 99;
    let pos = jungle::Position::from_setup(&pos_setup, &Ruleset::default()).unwrap();
    let mut game = Game::from_position(pos, Ruleset::default());
    play_all(&mut game, "c9d9");
    assert_eq!(game.outcome(), win(Side::Black, WinReason::DenEntered));
}

#[test]
fn outcomes_describe_themselves_for_players() {
    let described = Outcome::Win {
        winner: Side::White,
        reason: WinReason::DenEntered,
    }
    .describe();
    assert!(
        described.contains("White wins") && described.contains("den"),
        "{described}"
    );
}

#[test]
fn resigning_or_running_out_of_time_ends_the_game_for_the_other_side() {
    let mut game = Game::new(Ruleset::default());
    play_all(&mut game, "a3a4");
    assert!(game.resign(Side::White));
    assert_eq!(game.outcome(), win(Side::Black, WinReason::Resignation));
    assert_eq!(game.outcome().unwrap().reason_code(), "resignation");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(mv("g7g6")).unwrap_err(), IllegalMove::GameOver);
    // A finished game cannot end a second time.
    assert!(!game.lose_on_time(Side::Black));
    assert_eq!(game.outcome(), win(Side::Black, WinReason::Resignation));

    let mut timed = Game::new(Ruleset::default());
    play_all(&mut timed, "a3a4 g7g6");
    assert!(timed.lose_on_time(Side::Black));
    assert_eq!(timed.outcome(), win(Side::White, WinReason::Time));
    assert_eq!(timed.outcome().unwrap().result_code(), "0-1");
    assert_eq!(timed.outcome().unwrap().reason_code(), "time");
}

#[test]
fn undoing_the_last_move_takes_back_the_ending_after_it() {
    let mut game = Game::new(Ruleset::default());
    play_all(&mut game, "a3a4 g7g6");
    game.undo();
    assert!(game.lose_on_time(Side::Black));
    // The ending cleared the redo list: the game ended there.
    assert!(game.undone_moves().is_empty());
    assert_eq!(game.undo(), Some(mv("a3a4")));
    assert_eq!(game.outcome(), None);
    assert!(game.play(mv("a3a4")).is_ok());
}
