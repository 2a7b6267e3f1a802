//! Premoves on the game page's flow ([`App`], any game; shogi here): during the AI's turn the
//! player sets up a move, played as soon as the AI has moved if the rules allow it then;
//! refused then, or cancelled by a press, it is dropped and the player is told.

mod catalogue_common;

use catalogue_common::page_catalogue;
use shogi::Square;
use tabula::web::app::{App, Effect, NewGame, Settings};
use tabula::web::game::WebGame;
use tabula::web::games::shogi::{cell_of, ShogiWeb};

fn cell(name: &str) -> usize {
    cell_of(Square::parse(name).expect("a square"))
}

/// A game against the AI, the player sente (moving first).
fn against_ai() -> App<ShogiWeb> {
    let texts = page_catalogue(&[""], Some("shogi"), None);
    let mut app = App::<ShogiWeb>::new(texts, Settings::default(), 1);
    let choice = NewGame {
        mode: "vsAi".into(),
        side: "black".into(),
        ..NewGame::default()
    };
    app.start_new(&choice, 1).expect("the standard rules");
    app
}

/// The id of the AI's search the app has asked for last (its effects taken).
fn asked_search(app: &mut App<ShogiWeb>) -> u32 {
    std::mem::take(&mut app.effects)
        .into_iter()
        .filter_map(|effect| match effect {
            Effect::Search { job, .. } if !job.hint => Some(job.id),
            _ => None,
        })
        .next_back()
        .expect("the AI was asked for a move")
}

fn last_move(app: &App<ShogiWeb>) -> String {
    let moves = ShogiWeb::moves(&app.game);
    ShogiWeb::move_code(*moves.last().expect("a move"))
}

fn said(app: &App<ShogiWeb>, key: &str) -> bool {
    let text = app.texts.text(key);
    app.effects
        .iter()
        .any(|effect| matches!(effect, Effect::Announce(said) if *said == text))
}

#[test]
fn a_premove_set_during_the_ai_turn_is_played_as_soon_as_the_ai_has_moved() {
    let mut app = against_ai();
    app.move_between(cell("7g"), cell("7f"), true);
    let search = asked_search(&mut app);
    assert!(app.is_ai_turn());
    // The player's own pieces may be picked up while the AI thinks; the move waits.
    assert!(app.movable(cell("2g")));
    assert!(!app.movable(cell("3c")), "the AI's pieces stay the AI's");
    app.select(cell("2g"));
    app.move_between(cell("2g"), cell("2f"), true);
    assert_eq!(app.premove, Some((cell("2g"), cell("2f"))));
    assert_eq!(app.plies(), 1, "nothing is played before the AI's move");
    assert!(said(&app, "premove.set"));
    assert!(app.scene().premove.is_some(), "the board shows the premove");

    app.ai_answer(search, Some("3c3d"));
    assert_eq!(app.plies(), 3);
    assert_eq!(last_move(&app), "2g2f");
    assert_eq!(app.premove, None);
    assert!(app.is_ai_turn(), "the AI answers the premove in turn");
}

#[test]
fn a_premove_the_ai_move_made_illegal_is_dropped_and_the_player_told() {
    // A premove the AI's move made possible, with a choice: the bishop takes on 2b once 3c3d
    // opens the diagonal, and may promote there, so the player is offered the choice.
    let mut app = against_ai();
    app.move_between(cell("7g"), cell("7f"), true);
    let search = asked_search(&mut app);
    app.move_between(cell("8h"), cell("2b"), true);
    assert_eq!(app.premove, Some((cell("8h"), cell("2b"))));
    app.ai_answer(search, Some("3c3d"));
    assert_eq!(app.plies(), 2);
    assert!(
        app.offer.is_some(),
        "the bishop may promote on 2b: the choice is offered"
    );
    app.choose(Some(0));
    assert_eq!(app.plies(), 3);

    // A premove through a piece is no move at all when its turn comes: dropped, and said.
    let mut app = against_ai();
    app.move_between(cell("7g"), cell("7f"), true);
    let search = asked_search(&mut app);
    app.move_between(cell("2h"), cell("2c"), true);
    app.ai_answer(search, Some("3c3d"));
    assert_eq!(app.plies(), 2, "the rook cannot pass its own pawn");
    assert_eq!(app.premove, None);
    assert!(said(&app, "premove.cancelled"));
    assert!(app
        .effects
        .iter()
        .any(|effect| matches!(effect, Effect::Toast(_))));
}

#[test]
fn a_press_undo_or_a_new_game_drops_the_premove() {
    let mut app = against_ai();
    app.move_between(cell("7g"), cell("7f"), true);
    let search = asked_search(&mut app);
    app.move_between(cell("2g"), cell("2f"), true);
    app.cancel_premove();
    assert_eq!(app.premove, None);
    assert!(said(&app, "premove.cancelled"));
    app.ai_answer(search, Some("3c3d"));
    assert_eq!(app.plies(), 2, "a cancelled premove is not played");

    let mut app = against_ai();
    app.move_between(cell("7g"), cell("7f"), true);
    app.move_between(cell("2g"), cell("2f"), true);
    app.undo();
    assert_eq!(app.premove, None);
    assert_eq!(app.plies(), 0);

    // No premove in a game between two players at one screen: the other side's pieces are
    // theirs to move.
    let mut app = against_ai();
    app.start_new(
        &NewGame {
            mode: "hotseat".into(),
            ..NewGame::default()
        },
        2,
    )
    .expect("the standard rules");
    app.move_between(cell("7g"), cell("7f"), true);
    assert!(!app.movable(cell("2g")));
    app.move_between(cell("2g"), cell("2f"), true);
    assert_eq!(app.premove, None);
    assert_eq!(app.plies(), 1);
}
