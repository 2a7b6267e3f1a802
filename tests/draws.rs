//! docs/rules-jungle.md draw rules: threefold repetition, the no-capture limit (50, 60, off), and the
//! repetition-prohibition variant with both clauses and their resets.

mod common;

use common::{mv, play_all, position, rules, setup};
use jungle::{DrawReason, IllegalMove};
use jungle::{Game, Outcome, Position, Ruleset, Side};

/// Both sides shuffle an animal out and back: after these 4 plies the start position is back.
const SHUFFLE: &str = "b2b1 b8b9 b1b2 b9b8";

#[test]
fn threefold_repetition_is_a_draw() {
    let mut game = Game::new(Ruleset::default());
    play_all(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 2);
    play_all(&mut game, "b2b1 b8b9 b1b2");
    assert_eq!(
        game.outcome(),
        None,
        "the start position has occurred only twice"
    );
    play_all(&mut game, "b9b8");
    assert_eq!(game.repetitions(), 3);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::Draw(DrawReason::ThreefoldRepetition));
    assert_eq!(outcome.result_code(), "1/2-1/2");
    assert_eq!(outcome.reason_code(), "threefold");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(mv("a3a4")), Err(IllegalMove::GameOver));
}

#[test]
fn threefold_repetition_counts_the_same_board_with_the_same_side_to_move_only() {
    // After b2b1 b8b9 b1b2 the board equals the start's but with White to move.
    let mut game = Game::new(Ruleset::default());
    play_all(&mut game, "b2b1 b8b9 b1b2");
    assert_eq!(game.repetitions(), 1);
}

#[test]
fn threefold_repetition_can_be_switched_off() {
    let mut game = Game::new(rules("threefold=off"));
    for _ in 0..4 {
        play_all(&mut game, SHUFFLE);
    }
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.outcome(), None);
}

/// A game from a quiet position (Black cat a1, White cat g9) with `plies` already played
/// without a capture.
fn quiet_game(plies: u16, rules_text: &str) -> Game {
    let ruleset = rules(rules_text);
    let mut s = setup("Ca1 cg9 Rb3 ec3", Side::Black);
    s.plies_since_capture = plies;
    Game::from_position(Position::from_setup(&s, &ruleset).unwrap(), ruleset)
}

#[test]
fn no_capture_in_50_moves_per_side_is_a_draw() {
    let mut game = quiet_game(98, "standard");
    play_all(&mut game, "a1a2");
    assert_eq!(game.outcome(), None, "99 plies");
    play_all(&mut game, "g9g8");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::Draw(DrawReason::NoCapture(50)));
    assert_eq!(outcome.reason_code(), "no-capture");
    assert!(outcome.describe().contains("50"), "{}", outcome.describe());
}

#[test]
fn a_capture_restarts_the_no_capture_count() {
    let mut game = quiet_game(99, "standard");
    play_all(&mut game, "b3c3");
    assert_eq!(game.position().plies_since_capture(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn no_capture_limit_60_moves_per_side() {
    let mut game = quiet_game(118, "nocapture=60");
    assert_eq!(
        game.outcome(),
        None,
        "100 plies are not enough under the 60-move limit"
    );
    play_all(&mut game, "a1a2");
    assert_eq!(game.outcome(), None, "119 plies");
    play_all(&mut game, "g9g8");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::NoCapture(60)))
    );
}

#[test]
fn no_capture_limit_off() {
    let mut game = quiet_game(500, "nocapture=off");
    play_all(&mut game, "a1a2 g9g8");
    assert_eq!(game.outcome(), None);
}

// ---------------------------------------------------------------------------------------------
// Repetition prohibition (as docs/rules-jungle.md words it). Threefold is switched off so that the
// shuffling below is not cut short by a draw. Meanwhile White alternates its cat (g9 ↔ g8) and
// its dog (a9 ↔ a8), so that each White turn moves another animal and White's own runs stay
// short.

fn prohibition_game(pieces: &str) -> Game {
    let ruleset = rules("repetition-prohibition,threefold=off");
    Game::from_position(position(pieces, Side::Black, &ruleset), ruleset)
}

/// Plays Black's `black` moves, each answered by White's cat or dog.
fn black_plays(game: &mut Game, black: &str) {
    const WHITE_REPLIES: [&str; 4] = ["g9g8", "a9a8", "g8g9", "a8a9"];
    for m in black.split_whitespace() {
        let reply = WHITE_REPLIES[game.moves().len() / 2 % 4];
        play_all(game, &format!("{m} {reply}"));
    }
}

fn prohibited(game: &Game, m: &str) -> bool {
    let refused = matches!(
        game.check_move(mv(m)),
        Err(IllegalMove::RepetitionProhibited { .. })
    );
    // The game's move list and its checks agree; the position alone knows nothing of history.
    assert_eq!(refused, !game.legal_moves().contains(mv(m)), "{m}");
    assert!(game.position().is_legal(mv(m)), "{m}");
    refused
}

#[test]
fn repetition_prohibition_third_visit_within_seven_turns() {
    let mut game = prohibition_game("Lc3 cg9 da9");
    black_plays(&mut game, "c3c2 c2c3 c3c2 c2c3 c3c2 c2c3");
    // c2 was the destination 3 times within the lion's last 7 turns: not again.
    assert!(prohibited(&game, "c3c2"));
    let err = game.check_move(mv("c3c2")).unwrap_err();
    assert!(err.to_string().contains("repetition prohibition"), "{err}");
    // Other squares stay open.
    assert!(!prohibited(&game, "c3b3"));
    // Without the variant the same line is fine.
    let ruleset = rules("threefold=off");
    let mut free = Game::from_position(position("Lc3 cg9 da9", Side::Black, &ruleset), ruleset);
    black_plays(&mut free, "c3c2 c2c3 c3c2 c2c3 c3c2 c2c3");
    assert!(free.check_move(mv("c3c2")).is_ok());
}

#[test]
fn repetition_prohibition_counts_only_the_last_seven_turns() {
    let mut game = prohibition_game("La3 cg9 da9");
    // Destinations: a2 b2 b3 a3 a2 a3 a2 a3 — a2 three times, but the first is 8 turns back.
    black_plays(&mut game, "a3a2 a2b2 b2b3 b3a3 a3a2 a2a3 a3a2 a2a3");
    assert!(!prohibited(&game, "a3a2"));
    black_plays(&mut game, "a3a2");
    // Now a3 is 3 times within the last 7 (b3 a3 a2 a3 a2 a3 a2).
    assert!(prohibited(&game, "a2a3"));
}

#[test]
fn repetition_prohibition_seventeen_turns_in_five_squares() {
    // The lion circles a1 a2 b2 b1: no square 3 times in any 7 turns, so clause (a) never
    // applies; clause (b) does after 17 turns.
    let mut game = prohibition_game("La1 cg9 da9");
    let circle = ["a1a2", "a2b2", "b2b1", "b1a1"];
    let first_sixteen: Vec<&str> = circle.iter().cycle().take(16).copied().collect();
    black_plays(&mut game, &first_sixteen.join(" "));
    assert!(!prohibited(&game, "a1a2"), "16 turns are not enough");
    black_plays(&mut game, "a1a2");
    assert!(prohibited(&game, "a2b2"));
    assert!(prohibited(&game, "a2a1"));
    assert!(!prohibited(&game, "a2a3"), "a3 is outside the set");
}

#[test]
fn repetition_prohibition_restarts_when_another_animal_moves() {
    let mut game = prohibition_game("Lc3 Ca1 cg9 da9");
    black_plays(&mut game, "c3c2 c2c3 c3c2 c2c3 c3c2 c2c3");
    assert!(prohibited(&game, "c3c2"));
    black_plays(&mut game, "a1a2");
    assert!(!prohibited(&game, "c3c2"));
}

#[test]
fn repetition_prohibition_restarts_when_the_animal_moves_into_a_trap() {
    let mut game = prohibition_game("Lc2 cg9 da9");
    black_plays(&mut game, "c2c3 c3c2 c2c3 c3c2 c2c3 c3c2");
    assert!(prohibited(&game, "c2c3"));
    // Into Black's own trap d2: the count restarts, so the lion may go back to c2 although c2
    // was its destination 3 times within its last 7 turns.
    black_plays(&mut game, "c2d2");
    assert!(!prohibited(&game, "d2c2"));
}

#[test]
fn repetition_prohibition_is_off_by_default() {
    assert!(!Ruleset::default().repetition_prohibition);
}
