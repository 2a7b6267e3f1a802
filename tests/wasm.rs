//! The rules and the board view compiled to wasm32 and run in headless Chromium
//! (`./run wasm-test`, or `cargo test --target wasm32-unknown-unknown --no-default-features --test
//! wasm`: without the native CLI, which does not build for wasm32).
//! wasm32 has 32-bit `usize` and no native threads or clock, so these catch what only breaks there.
#![cfg(target_arch = "wasm32")]

use jungle::{Game, Move, Position, Ruleset, Setup};
use tabula::web::board_view::{BoardShape, Layout, Terrain, Token, TokenColour};
use tabula::web::games::jungle::{scene_of, JungleWeb};

/// Jungle's board: 7 × 9, no hands.
const JUNGLE: BoardShape = BoardShape::plain(7, 9);
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn start_position_counts_match_the_rules_page() {
    // docs/rules-jungle.md, "Perft": 24, 576, 12240 from the start under the default rules.
    let start = Position::start(&Ruleset::default());
    assert_eq!(start.legal_moves().len(), 24);
    assert_eq!(start.perft(2), 576);
    assert_eq!(start.perft(3), 12_240);
}

#[wasm_bindgen_test]
fn a_position_survives_the_text_round_trip() {
    // White to move, a Black rat swimming on b5, White's leopard out on d6, Black's gone, 7 plies
    // since a capture.
    let fen = "l5t/1d3c1/r3w1e/3p3/1R5/7/E1W4/1C3D1/T5L w 7 12";
    let position = Position::from_fen(fen, &Ruleset::default()).expect("a legal position");
    assert_eq!(position.to_fen(), fen);
    assert_eq!(Setup::parse(fen).expect("parses").to_string(), fen);
}

#[wasm_bindgen_test]
fn bad_text_is_an_error_not_a_panic() {
    // A panic in wasm aborts the whole page, so bad input must come back as an error.
    for text in [
        "",
        "l5t/1d3c1 b 0 1",
        "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X b 0 1",
    ] {
        assert!(
            Position::from_fen(text, &Ruleset::default()).is_err(),
            "{text:?}"
        );
    }
}

#[wasm_bindgen_test]
fn a_game_keeps_its_hash_in_step_while_moves_are_played() {
    let mut game = Game::new(Ruleset::default());
    for text in ["a3a4", "g7g6", "a1b1", "a9b9", "a4a5"] {
        let m = Move::parse(text).expect("a move");
        game.play(m).expect("a legal move");
        let position = game.position();
        assert_eq!(position.hash(), position.compute_hash(), "after {text}");
    }
    // Black's elephant stepped a3-a4-a5; an illegal move is refused with a reason.
    assert!(game.play(Move::parse("a5b5").expect("a move")).is_err());
}

#[wasm_bindgen_test]
fn the_scene_of_the_start_position_has_the_board_and_sixteen_animals() {
    let scene = scene_of(&Position::start(&Ruleset::default()));
    assert_eq!((scene.files, scene.ranks), (7, 9));
    let count = |kind| scene.terrain.iter().filter(|&&t| t == kind).count();
    assert_eq!(count(Terrain::Water), 12);
    // Each side's three traps and its den, drawn in its colour (Black's: navy, the dark tokens').
    assert_eq!(count(Terrain::Trap(TokenColour::Dark)), 3);
    assert_eq!(count(Terrain::Trap(TokenColour::Light)), 3);
    assert_eq!(count(Terrain::Den(TokenColour::Dark)), 1);
    assert_eq!(count(Terrain::Den(TokenColour::Light)), 1);
    assert_eq!(scene.terrain[3], Terrain::Den(TokenColour::Dark)); // d1
    let tokens: Vec<_> = scene.tokens.iter().flatten().collect();
    assert_eq!(tokens.len(), 16);
    // a1 (index 0) holds Black's tiger, drawn dark; g9 (index 62) White's tiger, drawn light.
    let disc = |index: usize| match scene.tokens[index].as_ref() {
        Some(Token::Disc(disc)) => (disc.label, disc.colour),
        other => panic!("no animal on square {index}: {other:?}"),
    };
    assert_eq!(disc(0), ('T', TokenColour::Dark));
    assert_eq!(disc(62), ('T', TokenColour::Light));
}

#[wasm_bindgen_test]
fn the_layout_fits_the_board_in_any_canvas_and_puts_rank_one_at_the_bottom() {
    for (width, height) in [(780.0, 980.0), (300.0, 900.0), (1200.0, 400.0)] {
        let layout = Layout::fit(width, height, &JUNGLE);
        let (board_width, board_height) = layout.board_size();
        assert!(
            layout.left > 0.0 && layout.left + board_width <= width,
            "{width}×{height}"
        );
        assert!(
            layout.top > 0.0 && layout.top + board_height <= height,
            "{width}×{height}"
        );
        let (_, a1_top) = layout.square_origin(0, 0);
        let (_, a9_top) = layout.square_origin(0, 8);
        assert!(a1_top > a9_top);
        assert!((a1_top + layout.cell - (layout.top + board_height)).abs() < 1e-9);
    }
}

#[wasm_bindgen_test]
fn a_point_finds_its_square_the_right_way_up_and_flipped() {
    use tabula::web::board_view::Layout;
    for flipped in [false, true] {
        let layout = Layout::fit(390.0, 493.0, &JUNGLE).flipped(flipped);
        for square in 0..63 {
            let (x, y) = layout.centre_of(square);
            assert_eq!(layout.square_at(x, y), Some(square), "flipped: {flipped}");
        }
        // a1 (index 0) sits bottom-left, or top-right when flipped.
        let (x, y) = layout.origin_of(0);
        assert_eq!(x < layout.left + layout.cell, !flipped);
        assert_eq!(y > layout.top, !flipped);
        assert_eq!(layout.square_at(layout.left - 1.0, y + 1.0), None);
    }
}

#[wasm_bindgen_test]
fn clicks_drags_and_keys_become_intents() {
    use tabula::web::input::{BoardState, Input, Intent, Key};
    let movable = |square: usize| square == 14 || square == 20;
    let none = BoardState {
        selected: None,
        destinations: &[],
        movable: &movable,
    };
    let mut input = Input::new();
    // Click on a movable token selects it; on anything else with nothing selected it is
    // refused (the page says why); off the board it does nothing.
    assert_eq!(
        input.pointer_down(Some(14), 10.0, 10.0, &none),
        Intent::Select(14)
    );
    assert_eq!(input.pointer_up(Some(14)), Intent::Nothing);
    assert_eq!(
        input.pointer_down(Some(30), 0.0, 0.0, &none),
        Intent::Refused(30)
    );
    assert_eq!(input.pointer_up(Some(30)), Intent::Nothing);
    assert_eq!(input.pointer_down(None, 0.0, 0.0, &none), Intent::Nothing);

    let selected = BoardState {
        selected: Some(14),
        destinations: &[21, 7],
        movable: &movable,
    };
    // A destination moves; another square explains why not; the selection again deselects.
    assert_eq!(
        input.pointer_down(Some(21), 0.0, 0.0, &selected),
        Intent::Move(14, 21)
    );
    assert_eq!(
        input.pointer_down(Some(35), 0.0, 0.0, &selected),
        Intent::Attempt(14, 35)
    );
    assert_eq!(
        input.pointer_down(Some(14), 0.0, 0.0, &selected),
        Intent::Nothing
    );
    assert_eq!(input.pointer_up(Some(14)), Intent::Deselect);

    // A press that travels becomes a drag; the drop is a move (checked by the caller).
    assert_eq!(
        input.pointer_down(Some(20), 50.0, 50.0, &none),
        Intent::Select(20)
    );
    assert_eq!(input.pointer_move(52.0, 51.0), Intent::Nothing);
    assert_eq!(
        input.pointer_move(70.0, 20.0),
        Intent::Drag {
            from: 20,
            x: 70.0,
            y: 20.0
        }
    );
    assert_eq!(input.pointer_up(Some(27)), Intent::Move(20, 27));
    assert_eq!(
        input.pointer_down(Some(20), 0.0, 0.0, &none),
        Intent::Select(20)
    );
    input.pointer_move(30.0, 0.0);
    assert_eq!(input.pointer_up(None), Intent::DragCancelled);

    // Keys: the cursor moves as the board is shown (up is toward rank 9, or rank 1 flipped).
    input.cursor = Some(14);
    assert_eq!(input.key(Key::Up, 7, 9, false, &none), Intent::Nothing);
    assert_eq!(input.cursor, Some(21));
    input.key(Key::Up, 7, 9, true, &none);
    input.key(Key::Left, 7, 9, true, &none);
    assert_eq!(input.cursor, Some(15));
    input.cursor = Some(14);
    assert_eq!(
        input.key(Key::Activate, 7, 9, false, &none),
        Intent::Select(14)
    );
    assert_eq!(
        input.key(Key::Cancel, 7, 9, false, &selected),
        Intent::Deselect
    );
    // The cursor stops at the edge.
    input.cursor = Some(0);
    input.key(Key::Down, 7, 9, false, &none);
    input.key(Key::Left, 7, 9, false, &none);
    assert_eq!(input.cursor, Some(0));
}

#[wasm_bindgen_test]
fn against_the_ai_undo_takes_back_the_reply_too_and_stale_answers_are_ignored() {
    use tabula::web::app::{App, Effect, NewGame, Settings};
    use tabula::web::i18n::Catalogue;
    let mut app = App::<JungleWeb>::new(Catalogue::default(), Settings::default(), 7);
    let choice = NewGame {
        mode: "vsAi".into(),
        side: "black".into(),
        level: 1,
        rules: "standard".into(),
        start: String::new(),
        ..NewGame::default()
    };
    app.start_new(&choice, 7).expect("a known ruleset");
    let a3a4 = Move::parse("a3a4").unwrap();
    app.play_human(a3a4, false);
    // The player moved: the AI is asked, once.
    let job = app
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::Search { job, .. } => Some(job.clone()),
            _ => None,
        })
        .expect("a search for the AI's reply");
    assert!(!app.human_can_move());
    // An answer to another question changes nothing; the real one is played.
    app.ai_answer(job.id + 1, Some("g7g6"));
    assert_eq!(app.game.moves().len(), 1);
    app.ai_answer(job.id, Some("g7g6"));
    assert_eq!(app.game.moves().len(), 2);
    assert!(app.human_can_move());

    // Undo takes back the reply and the player's move; redo plays both again.
    app.undo();
    assert_eq!(app.game.moves().len(), 0);
    app.redo();
    assert_eq!(app.game.moves().len(), 2);

    // Undo while the AI thinks cancels the search and takes back only the player's move.
    app.effects.clear();
    app.play_human(Move::parse("g3g4").unwrap(), false);
    assert!(app.thinking.is_some());
    app.undo();
    assert!(app.effects.contains(&Effect::CancelSearch));
    assert!(app.thinking.is_none());
    assert_eq!(app.game.moves().len(), 2);
}

#[wasm_bindgen_test]
fn pasted_text_is_read_as_a_record_or_a_fen_with_the_parsers_message() {
    use tabula::web::app::{App, LoadError, Settings};
    use tabula::web::browser::flat_json_strings;
    use tabula::web::i18n::Catalogue;
    // The site's texts and Jungle's own, as Jungle's page merges them.
    let texts_of = |site: &str, own: &str| {
        let mut texts = flat_json_strings(site).expect("the site's texts");
        texts.extend(flat_json_strings(own).expect("Jungle's texts"));
        texts
    };
    let english = Catalogue::new(texts_of(
        include_str!("../www/locales/en.json"),
        include_str!("../www/locales/jungle/en.json"),
    ));
    let mut app = App::<JungleWeb>::new(english, Settings::default(), 1);
    let fen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1";
    app.load_text(fen).expect("a FEN");
    assert_eq!(app.game.position().to_fen(), fen);
    app.load_text("[Variant \"standard\"]\n\n1. a3a4 g7g6 *")
        .expect("a record");
    assert_eq!(app.game.moves().len(), 2);
    // A bad FEN gets the position parser's message, a bad record the record parser's.
    let fen_error = app
        .load_text("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X b 0 1")
        .unwrap_err();
    assert_eq!(
        fen_error,
        LoadError::Unreadable(
            "'X' is not an animal letter (R C D W P T L E, lowercase for White) or a digit 1–7"
                .into()
        )
    );
    let record_error = app.load_text("1. a3a9 *").unwrap_err();
    assert_eq!(
        record_error,
        LoadError::Unreadable(
            "ply 1, a3a9: the elephant moves one square up, down, left or right".into()
        )
    );
    // Nothing changed on failure.
    assert_eq!(app.game.moves().len(), 2);
    // In another language the rule and the animal are translated, the move stays as written.
    let german = texts_of(
        include_str!("../www/locales/de.json"),
        include_str!("../www/locales/jungle/de.json"),
    );
    app.texts.set_language(german);
    assert_eq!(
        app.load_text("1. a3a9 *").unwrap_err(),
        LoadError::Unreadable(
            "Halbzug 1, a3a9: Dieses Tier (Elefant) zieht ein Feld nach oben, unten, links oder rechts"
                .into()
        )
    );
}

#[wasm_bindgen_test]
fn text_without_moves_or_a_position_is_refused_and_a_load_can_be_undone() {
    use tabula::web::app::{App, LoadError, NewGame, Settings};
    use tabula::web::i18n::Catalogue;
    let mut app = App::<JungleWeb>::new(Catalogue::default(), Settings::default(), 1);
    let choice = NewGame {
        mode: "hotseat".into(),
        ..NewGame::default()
    };
    app.start_new(&choice, 1).expect("a known ruleset");
    for text in ["a3a4", "g7g6", "a4a5"] {
        app.play_human(Move::parse(text).unwrap(), false);
    }
    assert_eq!(app.game.moves().len(), 3);
    // Empty, blank, JSON (braces are record comments) and a blank record hold nothing to load:
    // each is refused and the game stays.
    for text in ["", "   \n ", "{\"fen\":1}", "{}", "[Event \"Jungle\"]\n\n*"] {
        assert_eq!(app.load_text(text), Err(LoadError::Nothing), "{text:?}");
        assert_eq!(app.game.moves().len(), 3, "{text:?}");
        assert!(app.replaced().is_none(), "{text:?}");
    }
    // A real load replaces the game; undo brings the old one back whole, redo loads again.
    app.load_text("1. c3d3 *").expect("a record");
    assert_eq!(app.game.moves().len(), 1);
    assert!(app.can_undo());
    app.undo();
    assert_eq!(app.game.moves().len(), 3);
    assert_eq!(app.game.moves()[2], Move::parse("a4a5").unwrap());
    assert!(app.can_redo());
    app.redo();
    assert_eq!(app.game.moves(), &[Move::parse("c3d3").unwrap()]);
    // Once the player moves on, undo is about moves again.
    app.play_human(Move::parse("g7g6").unwrap(), false);
    app.undo();
    assert_eq!(app.game.moves().len(), 1);
    assert!(app.replaced().is_none());
}

/// Clears the page's storage keys (the tests share one page).
fn forget_storage() {
    use tabula::web::browser;
    for key in [
        "jungle.game",
        "jungle.game.next",
        "jungle.game.unreadable",
        "jungle.game.aside",
        "jungle.game.aside.next",
        "jungle.settings",
        "jungle.settings.next",
        "jungle.settings.unreadable",
    ] {
        browser::storage_remove(key).expect("localStorage in the test page");
    }
}

#[wasm_bindgen_test]
fn settings_round_trip_with_their_version_and_other_versions_are_set_aside() {
    use tabula::web::app::{DemoSpeed, Settings};
    use tabula::web::browser;
    use tabula::web::storage::{load_settings, save_settings};
    const SETTINGS_KEY: &str = "jungle.settings";
    let save_settings = save_settings::<JungleWeb>;
    let load_settings = load_settings::<JungleWeb>;
    forget_storage();
    let settings = Settings {
        demo_speed: DemoSpeed::Slow,
        pieces: "animals".to_string(),
        ..Settings::default()
    };
    save_settings(&settings).expect("storage works in the test page");
    let stored = browser::storage_get(SETTINGS_KEY).unwrap().unwrap();
    assert!(stored.starts_with("{\"version\":1,"), "{stored}");
    assert_eq!(browser::storage_get("jungle.settings.next"), Ok(None));
    let loaded = load_settings();
    assert_eq!(loaded.settings, settings);
    assert!(loaded.set_aside.is_none());

    let newer = stored.replace("\"version\":1", "\"version\":2");
    browser::storage_set(SETTINGS_KEY, &newer).unwrap();
    let loaded = load_settings();
    assert_eq!(loaded.settings, Settings::default());
    assert!(loaded.set_aside.unwrap().contains("version 2"));
    assert_eq!(
        browser::storage_get("jungle.settings.unreadable"),
        Ok(Some(newer))
    );
    assert_eq!(browser::storage_get(SETTINGS_KEY), Ok(None));
}

#[wasm_bindgen_test]
fn a_complete_next_record_wins_and_a_torn_one_is_dropped() {
    use tabula::web::app::Mode;
    use tabula::web::browser;
    use tabula::web::storage::{load_game, save_game, Loaded, SavedGame, GAME_VERSION};
    const GAME_KEY: &str = "jungle.game";
    forget_storage();
    let saved = |record: &str| SavedGame {
        version: GAME_VERSION,
        record: record.to_string(),
        mode: Mode::Hotseat,
        flipped: false,
        seed: 3,
        clock: None,
        notes: false,
    };
    let plies = || match load_game::<JungleWeb>() {
        Loaded::Game(read) => read.game.moves().len(),
        _ => panic!("no game to resume"),
    };
    save_game::<JungleWeb>(&saved("1. a3a4 *")).unwrap();
    assert_eq!(plies(), 1);

    // A save that stopped after its first step: the new record is taken and the switch finished.
    let newer = browser::to_json(&saved("1. a3a4 g7g6 *")).unwrap();
    browser::storage_set("jungle.game.next", &newer).unwrap();
    assert_eq!(plies(), 2);
    assert_eq!(browser::storage_get(GAME_KEY), Ok(Some(newer.clone())));
    assert_eq!(browser::storage_get("jungle.game.next"), Ok(None));

    // A record torn half-way is passed over: the last complete one stays.
    browser::storage_set("jungle.game.next", &newer[..newer.len() / 2]).unwrap();
    assert_eq!(plies(), 2);
    assert_eq!(browser::storage_get("jungle.game.next"), Ok(None));
}

#[wasm_bindgen_test]
fn a_bad_field_of_a_save_falls_back_to_its_default_and_the_rest_is_kept() {
    use tabula::web::app::{Colour, DemoSpeed, Mode};
    use tabula::web::browser;
    use tabula::web::storage::{load_game, load_settings, Loaded};
    const GAME_KEY: &str = "jungle.game";
    const SETTINGS_KEY: &str = "jungle.settings";
    let game_with = |mode: &str, flipped: &str| {
        format!(
            r#"{{"version":1,"record":"1. a3a4 *","mode":{mode},"flipped":{flipped},"seed":5}}"#
        )
    };
    let read = |text: String| {
        forget_storage();
        browser::storage_set(GAME_KEY, &text).unwrap();
        match load_game::<JungleWeb>() {
            Loaded::Game(read) => read,
            _ => panic!("the save was not kept: {text}"),
        }
    };
    // An AI level out of range, of either sign, falls back to level 2; the rest stays.
    for level in ["99", "0", "-3", "2.5", "\"five\""] {
        let loaded = read(game_with(
            &format!(r#"{{"kind":"vsAi","human":"white","level":{level}}}"#),
            "true",
        ));
        assert_eq!(
            loaded.saved.mode,
            Mode::VsAi {
                human: Colour::White,
                level: 2
            },
            "level {level}"
        );
        assert_eq!(loaded.fixed, vec!["dialog.level"], "level {level}");
        assert!(loaded.saved.flipped);
        assert_eq!(loaded.saved.seed, 5);
        assert_eq!(loaded.game.moves().len(), 1);
    }
    // A mode of the wrong kind, an unknown side, a flip that is not a yes or no: each is named.
    let loaded = read(game_with("\"chess\"", "\"yes\""));
    assert_eq!(loaded.fixed, vec!["dialog.mode", "saved.orientation"]);
    assert!(!loaded.saved.flipped);
    let loaded = read(game_with(
        r#"{"kind":"vsAi","human":"red","level":4}"#,
        "false",
    ));
    assert_eq!(
        loaded.saved.mode,
        Mode::VsAi {
            human: Colour::Black,
            level: 4
        }
    );
    assert_eq!(loaded.fixed, vec!["dialog.side"]);
    // A good save names nothing.
    let loaded = read(game_with(r#"{"kind":"demo","level":5}"#, "false"));
    assert_eq!(loaded.saved.mode, Mode::Demo { level: 5 });
    assert!(loaded.fixed.is_empty());

    // Settings: an unknown piece set and new-game choices out of range are reset one by one
    // (the theme and the sound, the site's own settings now, are passed over).
    forget_storage();
    browser::storage_set(
        SETTINGS_KEY,
        r#"{"version":1,"settings":{"theme":"purple","muted":true,"pieces":"neon","demoSpeed":"fast","newGame":{"mode":"demo","side":"white","level":0,"rules":"nonsense"}}}"#,
    )
    .unwrap();
    let loaded = load_settings::<JungleWeb>();
    assert!(loaded.set_aside.is_none());
    assert_eq!(loaded.settings.pieces, "");
    assert_eq!(loaded.settings.demo_speed, DemoSpeed::Fast);
    assert_eq!(loaded.settings.new_game.mode, "demo");
    assert_eq!(loaded.settings.new_game.side, "white");
    assert_eq!(loaded.settings.new_game.level, 2);
    assert_eq!(loaded.settings.new_game.rules, "standard");
    assert_eq!(
        loaded.fixed,
        vec!["dialog.level", "dialog.rules", "settings.pieces"]
    );
    forget_storage();
}

#[wasm_bindgen_test]
fn decimals_are_written_as_the_standard_formatter_writes_them() {
    use tabula::web::browser::{decimal, px};
    // Away from exact ties (where the standard formatter rounds to even) the two agree.
    for value in [
        0.0, 12.345_678, 1.005, -3.251_59, 100.0, 0.004, 699.999, 7.5e-7, 123_456.78,
    ] {
        assert_eq!(decimal(value, 2), format!("{value:.2}"), "{value}");
        assert_eq!(decimal(value, 1), format!("{value:.1}"), "{value}");
        assert_eq!(decimal(value, 0), format!("{value:.0}"), "{value}");
    }
    assert_eq!(px(48.123), "48.12px");
    // A negative value that rounds to zero is written without a sign (CSS reads both alike).
    assert_eq!(decimal(-0.001, 2), "0.00");
}

/// A save with a clock reads back with the same clock; an old save without one reads as a game
/// without a clock; a clock that disagrees with the game is dropped and named.
#[wasm_bindgen_test]
fn a_saved_clock_reads_back_and_a_bad_one_is_dropped() {
    use tabula::web::app::Mode;
    use tabula::web::browser;
    use tabula::web::clock::{Clock, ClockKind, TimeControl};
    use tabula::web::game::Colour;
    use tabula::web::storage::{load_game, save_game, Loaded, SavedGame, GAME_VERSION};
    forget_storage();
    let control = TimeControl {
        kind: ClockKind::Byoyomi,
        main_ms: 600_000.0,
        extra_ms: 30_000.0,
    };
    let mut clock = Clock::new(control, Colour::Black);
    clock.start(0.0);
    assert!(clock.moved(4000.0, 1));
    clock.pause(6500.0);
    let saved = SavedGame {
        version: GAME_VERSION,
        record: "1. a3a4 *".to_string(),
        mode: Mode::Hotseat,
        flipped: false,
        seed: 3,
        clock: Some(clock.clone()),
        notes: false,
    };
    save_game::<JungleWeb>(&saved).unwrap();
    let Loaded::Game(read) = load_game::<JungleWeb>() else {
        panic!("no game to resume");
    };
    assert_eq!(read.saved.clock, Some(clock.clone()));
    assert!(read.fixed.is_empty());

    // Written before clocks: no clock field at all.
    let old =
        r#"{"version":1,"record":"1. a3a4 *","mode":{"kind":"hotseat"},"flipped":false,"seed":3}"#;
    browser::storage_set("jungle.game", old).unwrap();
    let Loaded::Game(read) = load_game::<JungleWeb>() else {
        panic!("an old save resumes");
    };
    assert_eq!(read.saved.clock, None);
    assert!(read.fixed.is_empty());

    // The clock says Black is to move, the game White: the clock goes, the game stays.
    let wrong_turn = browser::to_json(&saved)
        .unwrap()
        .replace("\"turn\":\"white\"", "\"turn\":\"black\"");
    browser::storage_set("jungle.game", &wrong_turn).unwrap();
    let Loaded::Game(read) = load_game::<JungleWeb>() else {
        panic!("the game resumes without its clock");
    };
    assert_eq!(read.saved.clock, None);
    assert_eq!(read.fixed, ["clock.title"]);
    assert_eq!(read.game.moves().len(), 1);
    forget_storage();
}

/// A loaded record's notes (tags, comments, times, variations) are saved inside the save's
/// record (`notes: true`) and read back with it; a save written before notes (the same version
/// 1, no `notes`) loads without them: its record's names were the page's, not a record's.
#[wasm_bindgen_test]
fn a_saved_records_notes_read_back_and_an_old_save_has_none() {
    use tabula::web::app::Mode;
    use tabula::web::browser;
    use tabula::web::game::{Notes, WebGame};
    use tabula::web::games::shogi::ShogiWeb;
    use tabula::web::storage::{load_game, save_game, Loaded, SavedGame, GAME_VERSION};
    let forget = || {
        for key in ["shogi.game", "shogi.game.next", "shogi.game.unreadable"] {
            let _ = browser::storage_remove(key);
        }
    };
    forget();
    let kif = "棋戦：Club night\n先手：Ada\n手合割：平手\n*Before the first move\n\
               手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:12/00:00:12)\n*A comment\n\
               \n変化：1手\n   1 ２六歩(27)\n";
    let current = ShogiWeb::new_game("standard", "").unwrap();
    let game = ShogiWeb::read(kif, &current).unwrap().expect("a game");
    let notes = ShogiWeb::read_notes(kif);
    let saved = SavedGame {
        version: GAME_VERSION,
        record: ShogiWeb::write(&game, "kif", ["", ""], None, &notes),
        mode: Mode::Hotseat,
        flipped: false,
        seed: 3,
        clock: None,
        notes: true,
    };
    save_game::<ShogiWeb>(&saved).unwrap();
    let Loaded::Game(read) = load_game::<ShogiWeb>() else {
        panic!("no game to resume");
    };
    assert!(read.saved.notes);
    assert_eq!(read.notes, notes);
    assert_eq!(read.notes.tags.get("Event"), Some("Club night"));
    assert_eq!(read.notes.tags.get("Sente"), Some("Ada"));
    assert_eq!(read.notes.comments.len(), 2);
    assert_eq!(read.notes.seconds, [Some(12)]);
    assert!(read.notes.variations.is_some(), "the variation");
    assert!(read.fixed.is_empty());

    // Written before notes: the names in its record were the page's of the day.
    let old = r#"{"version":1,"record":"先手：Player\n後手：Player\n手合割：平手\n   1 ７六歩(77)\n","mode":{"kind":"hotseat"},"flipped":false,"seed":3}"#;
    browser::storage_set("shogi.game", old).unwrap();
    let Loaded::Game(read) = load_game::<ShogiWeb>() else {
        panic!("an old save resumes");
    };
    assert_eq!(read.game.moves().len(), 1);
    assert!(!read.saved.notes);
    assert_eq!(read.notes, Notes::default());
    assert!(read.fixed.is_empty());
    // A `notes` that is not a yes or no reads as absent.
    browser::storage_set(
        "shogi.game",
        &old.replace("\"seed\":3", "\"seed\":3,\"notes\":\"yes\""),
    )
    .unwrap();
    let Loaded::Game(read) = load_game::<ShogiWeb>() else {
        panic!("the save resumes");
    };
    assert_eq!(read.notes, Notes::default());
    forget();
}
