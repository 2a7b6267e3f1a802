//! The play clock (docs/clocks.md): the model driven by timestamps (byoyomi, increment, time
//! loss, pause and resume, undo's times, the AI's budget, a save's round trip), the dialog's
//! fields, and the game page's flow with a clock for both games (a time loss ends the game
//! with its reason; the AI's job carries its budget).

mod catalogue_common;

use catalogue_common::page_catalogue;
use tabula::web::app::{App, ClockChoice, Effect, NewGame, Settings};
use tabula::web::clock::{format_ms, Clock, ClockKind, TimeControl};
use tabula::web::game::{Colour, WebGame};
use tabula::web::games::jungle::JungleWeb;
use tabula::web::games::shogi::ShogiWeb;
use tabula::web::i18n::Catalogue;

const MINUTE: f64 = 60_000.0;

fn byoyomi(minutes: f64, seconds: f64) -> TimeControl {
    TimeControl {
        kind: ClockKind::Byoyomi,
        main_ms: minutes * MINUTE,
        extra_ms: seconds * 1000.0,
    }
}

fn fischer(minutes: f64, seconds: f64) -> TimeControl {
    TimeControl {
        kind: ClockKind::Fischer,
        main_ms: minutes * MINUTE,
        extra_ms: seconds * 1000.0,
    }
}

// ------------------------------------------------------------------------------ the model

#[test]
fn only_the_side_to_move_loses_time_and_only_while_running() {
    let mut clock = Clock::new(fischer(5.0, 0.0), Colour::Black);
    // Paused at first: nothing runs.
    assert_eq!(clock.reading(Colour::Black, 10_000.0).main_ms, 5.0 * MINUTE);
    clock.start(1000.0);
    let black = clock.reading(Colour::Black, 4000.0);
    assert_eq!(black.main_ms, 5.0 * MINUTE - 3000.0);
    assert!(black.running);
    let white = clock.reading(Colour::White, 4000.0);
    assert_eq!(white.main_ms, 5.0 * MINUTE);
    assert!(!white.running);
    assert!(clock.moved(4000.0, 1));
    // Now White's time runs from the move on, and Black's stays where it was.
    assert_eq!(
        clock.reading(Colour::White, 6000.0).main_ms,
        5.0 * MINUTE - 2000.0
    );
    assert_eq!(
        clock.reading(Colour::Black, 6000.0).main_ms,
        5.0 * MINUTE - 3000.0
    );
}

#[test]
fn the_increment_is_added_after_each_move() {
    let mut clock = Clock::new(fischer(1.0, 3.0), Colour::Black);
    clock.start(0.0);
    assert!(clock.moved(10_000.0, 1));
    // 60 s - 10 s + 3 s.
    assert_eq!(clock.reading(Colour::Black, 10_000.0).main_ms, 53_000.0);
    assert!(clock.moved(11_000.0, 2));
    assert_eq!(clock.reading(Colour::White, 11_000.0).main_ms, 62_000.0);
}

#[test]
fn byoyomi_follows_the_main_time_and_resets_every_move() {
    let mut clock = Clock::new(byoyomi(1.0, 30.0), Colour::Black);
    clock.start(0.0);
    let on_main = clock.reading(Colour::Black, 50_000.0);
    assert_eq!((on_main.main_ms, on_main.byoyomi_ms), (10_000.0, None));
    // 70 s: the main time is gone, 20 s of the period left.
    let in_byoyomi = clock.reading(Colour::Black, 70_000.0);
    assert_eq!(
        (in_byoyomi.main_ms, in_byoyomi.byoyomi_ms),
        (0.0, Some(20_000.0))
    );
    assert_eq!(clock.flagged(70_000.0), None);
    assert!(clock.moved(85_000.0, 1));
    // White answers; Black's next move has a whole period again.
    assert!(clock.moved(86_000.0, 2));
    let next = clock.reading(Colour::Black, 100_000.0);
    assert_eq!(next.byoyomi_ms, Some(16_000.0));
    assert_eq!(clock.flagged(115_999.0), None);
    assert_eq!(clock.flagged(116_000.0), Some(Colour::Black));
}

#[test]
fn running_out_of_time_flags_the_side_to_move_and_a_late_move_is_refused() {
    let mut clock = Clock::new(fischer(1.0, 2.0), Colour::Black);
    clock.start(0.0);
    assert_eq!(clock.flagged(59_999.0), None);
    assert_eq!(clock.flagged(60_000.0), Some(Colour::Black));
    assert!(!clock.moved(60_500.0, 1));
    // The refused move changed nothing.
    assert_eq!(clock.turn(), Colour::Black);
    assert_eq!(clock.reading(Colour::White, 60_500.0).main_ms, MINUTE);
}

#[test]
fn a_pause_stops_the_time_and_keeps_what_this_move_spent() {
    let mut clock = Clock::new(byoyomi(0.0, 10.0), Colour::Black);
    clock.start(0.0);
    clock.pause(4000.0);
    assert!(!clock.is_running());
    // Time away does not count.
    let paused = clock.reading(Colour::Black, 500_000.0);
    assert_eq!(paused.byoyomi_ms, Some(6000.0));
    assert_eq!(clock.flagged(500_000.0), None);
    clock.start(600_000.0);
    assert_eq!(
        clock.reading(Colour::Black, 601_000.0).byoyomi_ms,
        Some(5000.0)
    );
    assert_eq!(clock.flagged(606_000.0), Some(Colour::Black));
}

#[test]
fn undo_and_redo_bring_back_the_times_of_their_ply() {
    let mut clock = Clock::new(fischer(1.0, 0.0), Colour::Black);
    clock.start(0.0);
    assert!(clock.moved(5000.0, 1)); // Black 55 s
    assert!(clock.moved(12_000.0, 2)); // White 53 s
    clock.go_to(1, Colour::White, 20_000.0);
    assert_eq!(clock.reading(Colour::Black, 20_000.0).main_ms, 55_000.0);
    assert_eq!(clock.reading(Colour::White, 20_000.0).main_ms, MINUTE);
    assert!(clock.is_running());
    clock.go_to(2, Colour::Black, 21_000.0);
    assert_eq!(clock.reading(Colour::White, 21_000.0).main_ms, 53_000.0);
    // A new move from ply 1 replaces the line redo knew.
    clock.go_to(1, Colour::White, 30_000.0);
    assert!(clock.moved(31_000.0, 2));
    clock.go_to(2, Colour::Black, 32_000.0);
    assert_eq!(clock.reading(Colour::White, 32_000.0).main_ms, 59_000.0);
}

#[test]
fn the_ai_budget_takes_a_share_of_the_main_time_and_most_of_the_increment_or_byoyomi() {
    let mut clock = Clock::new(fischer(5.0, 3.0), Colour::Black);
    clock.start(0.0);
    assert_eq!(clock.think_budget(0.0), 300_000.0 / 30.0 + 2400.0);
    // In byoyomi: most of the period, never all of it.
    let mut byo = Clock::new(byoyomi(0.0, 10.0), Colour::Black);
    byo.start(0.0);
    let budget = byo.think_budget(1000.0);
    assert!(budget < 9000.0 - 250.0 && budget > 5000.0, "{budget}");
    // Nearly out: a short think, but never past what is left.
    let mut short = Clock::new(fischer(1.0, 0.0), Colour::Black);
    short.start(0.0);
    let budget = short.think_budget(59_000.0);
    assert!(budget < 1000.0, "{budget}");
}

#[test]
fn a_saved_clock_round_trips_paused_with_the_time_spent() {
    let mut clock = Clock::new(byoyomi(10.0, 30.0), Colour::Black);
    clock.start(0.0);
    assert!(clock.moved(7000.0, 1));
    clock.pause(9500.0);
    let text = serde_json::to_string(&clock).unwrap();
    let back: Clock = serde_json::from_str(&text).unwrap();
    assert_eq!(back, clock);
    assert!(back.is_valid());
    assert!(!back.is_running());
    assert_eq!(back.turn(), Colour::White);
    assert_eq!(
        back.reading(Colour::White, 1e9).main_ms,
        10.0 * MINUTE - 2500.0
    );
    assert_eq!(
        back.reading(Colour::Black, 1e9).main_ms,
        10.0 * MINUTE - 7000.0
    );
    // A save edited by hand into nonsense is not a usable clock.
    let bad: Clock = serde_json::from_str(&text.replace("600000", "-5")).unwrap();
    assert!(!bad.is_valid());
}

#[test]
fn the_clock_shows_tenths_below_ten_seconds() {
    assert_eq!(format_ms(10.0 * MINUTE), "10:00");
    assert_eq!(format_ms(61_000.0), "1:01");
    // Whole seconds round up: the clock says 0:10 until ten seconds are really spent.
    assert_eq!(format_ms(10_000.0), "0:10");
    assert_eq!(format_ms(9_999.0), "9.9");
    assert_eq!(format_ms(250.0), "0.2");
    assert_eq!(format_ms(-3.0), "0.0");
    assert_eq!(format_ms(2.0 * 3_600_000.0), "2:00:00");
}

#[test]
fn the_dialog_fields_are_checked() {
    assert_eq!(TimeControl::from_fields("off", "x", "y"), Ok(None));
    assert_eq!(
        TimeControl::from_fields("byoyomi", "10", "30"),
        Ok(Some(byoyomi(10.0, 30.0)))
    );
    assert_eq!(
        TimeControl::from_fields("fischer", " 5 ", "3"),
        Ok(Some(fischer(5.0, 3.0)))
    );
    // Byoyomi alone is a time control; an increment alone is not.
    assert!(TimeControl::from_fields("byoyomi", "0", "10").is_ok());
    let key = |kind: &str, minutes: &str, seconds: &str| {
        TimeControl::from_fields(kind, minutes, seconds)
            .unwrap_err()
            .key
            .to_string()
    };
    assert_eq!(key("fischer", "0", "5"), "clock.error.noMainTime");
    assert_eq!(key("byoyomi", "0", "0"), "clock.error.noTime");
    for minutes in ["", "-1", "1.5", "ten", "181"] {
        assert_eq!(
            key("byoyomi", minutes, "30"),
            "clock.error.minutes",
            "{minutes}"
        );
    }
    for seconds in ["", "61", "3s"] {
        assert_eq!(
            key("fischer", "5", seconds),
            "clock.error.seconds",
            "{seconds}"
        );
    }
}

// ------------------------------------------------------------------------------ the page's flow

fn site_texts() -> Catalogue {
    page_catalogue(&["", "jungle/"], None, None)
}

fn shogi_texts() -> Catalogue {
    page_catalogue(&[""], Some("shogi"), None)
}

fn timed(mode: &str, kind: &str, minutes: u32, seconds: u32) -> NewGame {
    NewGame {
        mode: mode.into(),
        level: 1,
        clock: ClockChoice {
            kind: kind.into(),
            minutes,
            seconds,
        },
        ..NewGame::default()
    }
}

fn announced(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Announce(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_jungle_game_lost_on_time_says_so_and_keeps_it_in_the_record() {
    let mut app = App::<JungleWeb>::new(site_texts(), Settings::default(), 1);
    app.now = 1000.0;
    app.start_new(&timed("hotseat", "byoyomi", 0, 10), 1)
        .unwrap();
    assert!(app.clock.as_ref().unwrap().is_running());
    app.now = 4000.0;
    app.play_human(JungleWeb::parse_move_code("a3a4").unwrap(), false);
    assert_eq!(app.plies(), 1);
    app.effects.clear();
    // White thinks too long: the tick at 14 s finds the flag down.
    app.now = 13_900.0;
    app.tick();
    assert_eq!(app.outcome(), None);
    app.now = 14_000.0;
    app.tick();
    let outcome = app.outcome().expect("the game is over");
    assert_eq!(app.result_reason(outcome), "White ran out of time.");
    assert_eq!(app.status(), "black-wins");
    assert!(announced(&app.effects)
        .iter()
        .any(|text| text.contains("White ran out of time.")));
    assert!(app.effects.contains(&Effect::Save));
    let record = app.record_text();
    assert!(record.contains("[Termination \"time\"]"), "{record}");
    // The clock stopped with the game; a late move is refused.
    assert!(!app.clock.as_ref().unwrap().is_running());
    app.play_human(JungleWeb::parse_move_code("g7g6").unwrap(), false);
    assert_eq!(app.plies(), 1);
}

#[test]
fn a_move_made_after_the_flag_fell_loses_on_time_instead() {
    let mut app = App::<ShogiWeb>::new(shogi_texts(), Settings::default(), 1);
    app.now = 0.0;
    app.start_new(&timed("hotseat", "fischer", 1, 0), 1)
        .unwrap();
    app.now = 60_001.0;
    app.play_human(ShogiWeb::parse_move_code("7g7f").unwrap(), false);
    assert_eq!(app.plies(), 0);
    let outcome = app.outcome().expect("lost on time");
    assert_eq!(app.result_reason(outcome), "Sente ran out of time.");
    assert!(
        app.record_in("kif").contains("切れ負け"),
        "{}",
        app.record_in("kif")
    );
}

#[test]
fn ten_seconds_left_is_said_once() {
    let mut app = App::<JungleWeb>::new(site_texts(), Settings::default(), 1);
    app.now = 0.0;
    app.start_new(&timed("hotseat", "fischer", 1, 0), 1)
        .unwrap();
    app.effects.clear();
    app.now = 50_100.0;
    app.tick();
    app.now = 50_200.0;
    app.tick();
    let said = announced(&app.effects);
    assert_eq!(said, ["Black: 10 seconds left."]);
}

#[test]
fn the_ai_thinks_within_its_clock_and_never_past_its_level() {
    let mut app = App::<ShogiWeb>::new(shogi_texts(), Settings::default(), 1);
    app.now = 0.0;
    let mut choice = timed("vsAi", "fischer", 5, 3);
    choice.side = "white".into();
    app.start_new(&choice, 2).unwrap();
    let job = app
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::Search { job, .. } => Some(job.clone()),
            _ => None,
        })
        .expect("the AI moves first");
    assert_eq!(job.budget_ms, Some(300_000.0 / 30.0 + 2400.0));
    // Without a clock the job has no budget: the level's own limits.
    let mut free = App::<ShogiWeb>::new(shogi_texts(), Settings::default(), 1);
    let mut choice = timed("vsAi", "off", 5, 3);
    choice.side = "white".into();
    free.start_new(&choice, 2).unwrap();
    assert!(free.effects.iter().any(|e| matches!(
        e,
        Effect::Search { job, .. } if job.budget_ms.is_none()
    )));
}

#[test]
fn a_resumed_clock_waits_for_the_player_and_so_does_the_ai() {
    let mut app = App::<JungleWeb>::new(site_texts(), Settings::default(), 1);
    app.now = 0.0;
    let mut choice = timed("vsAi", "fischer", 5, 3);
    choice.side = "white".into();
    app.start_new(&choice, 2).unwrap();
    app.now = 2000.0;
    let saved = app.snapshot();
    let mut reloaded = App::<JungleWeb>::new(site_texts(), Settings::default(), 1);
    reloaded.now = 900_000.0;
    reloaded.resume_saved(saved);
    assert!(reloaded.clock_paused());
    assert!(reloaded.thinking.is_none(), "the AI waits for the clock");
    // Time away did not count: two seconds were spent before the save.
    let black = reloaded.clock.as_ref().unwrap().reading(Colour::Black, 1e7);
    assert_eq!(black.main_ms, 5.0 * MINUTE - 2000.0);
    reloaded.toggle_clock();
    assert!(!reloaded.clock_paused());
    assert!(
        reloaded.thinking.is_some(),
        "the AI thinks once the clock runs"
    );
}

#[test]
fn undo_in_a_timed_game_brings_back_the_clock_of_that_ply() {
    let mut app = App::<JungleWeb>::new(site_texts(), Settings::default(), 1);
    app.now = 0.0;
    app.start_new(&timed("hotseat", "fischer", 1, 0), 1)
        .unwrap();
    app.now = 5000.0;
    app.play_human(JungleWeb::parse_move_code("a3a4").unwrap(), false);
    app.now = 9000.0;
    app.play_human(JungleWeb::parse_move_code("g7g6").unwrap(), false);
    app.now = 20_000.0;
    app.undo();
    let clock = app.clock.as_ref().unwrap();
    assert_eq!(clock.turn(), Colour::White);
    assert_eq!(clock.reading(Colour::White, 20_000.0).main_ms, MINUTE);
    assert_eq!(clock.reading(Colour::Black, 20_000.0).main_ms, 55_000.0);
}
