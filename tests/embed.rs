//! The embed contract (issue 6, docs/embed.md): the URL parameters of the embed page, each
//! valid and invalid, the defaults, puzzles, and the postMessage commands and events.

mod common;

use common::{mv, play_all};
use jungle::START_FEN;
use jungle::{Game, Ruleset, Square};
use tabula::web::embed::params::{percent_decode, percent_encode, MAX_MARKS, PARAMS};
use tabula::web::embed::{
    Applied, Button, Command, EmbedConfig, Event, Lang, MessageError, MessageValue, Mode,
    PuzzleStep, Theme, MAX_MOVES,
};
use tabula::web::game::Colour;
use tabula::web::games::jungle::JungleWeb;

fn config(query: &str) -> EmbedConfig<JungleWeb> {
    EmbedConfig::<JungleWeb>::parse(query).unwrap_or_else(|e| panic!("{query}: {e}"))
}

/// The error messages for `query`, which must be refused.
fn errors(query: &str) -> Vec<String> {
    match EmbedConfig::<JungleWeb>::parse(query) {
        Ok(c) => panic!("{query} was accepted: {c:?}"),
        Err(e) => e.0.iter().map(|p| p.message.clone()).collect(),
    }
}

/// The single error message for `query`.
fn error(query: &str) -> String {
    let all = errors(query);
    assert_eq!(all.len(), 1, "{query}: {all:?}");
    all[0].clone()
}

/// A lone Black lion next to White's den, a White elephant far away: Black wins with d8d9.
const LION_AT_THE_DEN: &str = "6e/3L3/7/7/7/7/7/7/7 b 0 1";

// ---------------------------------------------------------------------------------------------
// Defaults and reading the query.

#[test]
fn an_empty_query_gives_the_documented_defaults() {
    for query in ["", "?", "?&&", "#x"] {
        let c = config(query);
        assert_eq!(c.start.to_fen(), START_FEN);
        assert_eq!(c.rules, Ruleset::default().to_string());
        assert!(c.moves.is_empty());
        assert_eq!(c.ply, 0);
        assert_eq!(c.mode, Mode::View);
        assert!(c.solution.is_empty());
        assert_eq!(c.side, Colour::Black);
        assert_eq!(c.orientation, Colour::Black);
        assert_eq!(c.level, 2);
        assert_eq!(c.lang, None);
        assert_eq!(c.theme, Theme::Auto);
        assert!(c.coords);
        assert!(c.marks.is_empty());
        assert_eq!(c.controls, vec![Button::Undo, Button::Redo, Button::Flip]);
        assert!(!c.sound);
        assert_eq!(c.id, None);
        assert!(c.origins.is_empty());
        assert!(c.warnings.is_empty(), "{:?}", c.warnings);
        assert_eq!(c, EmbedConfig::default());
        assert_eq!(c.to_query(), "");
    }
}

#[test]
fn values_are_percent_decoded_like_url_search_params() {
    assert_eq!(percent_decode("a+b%20c%2Fd"), "a b c/d");
    assert_eq!(percent_decode("%E8%B1%A1"), "象");
    // Malformed escapes stay as written; bytes that are not UTF-8 become U+FFFD.
    assert_eq!(percent_decode("100%"), "100%");
    assert_eq!(percent_decode("%zz%4"), "%zz%4");
    assert_eq!(percent_decode("%FF"), "\u{fffd}");
    let encoded = percent_encode("l5t/1d3c1 b 0 1 象&=#%+");
    assert_eq!(percent_decode(&encoded), "l5t/1d3c1 b 0 1 象&=#%+");
    assert!(!encoded.contains(['&', '=', '#', ' ']), "{encoded}");

    let fen = "6e/3L3/7/7/7/7/7/7/7 w 0 1";
    for written in [
        "6e%2F3L3%2F7%2F7%2F7%2F7%2F7%2F7%2F7%20w%200%201",
        "6e/3L3/7/7/7/7/7/7/7+w+0+1",
        "6e/3L3/7/7/7/7/7/7/7_w_0_1",
    ] {
        assert_eq!(config(&format!("fen={written}")).start.to_fen(), fen);
    }
}

#[test]
fn names_ignore_case_and_values_are_trimmed() {
    let c = config("?MODE=Hotseat&Theme=DARK&coords=%20off%20");
    assert_eq!(c.mode, Mode::Hotseat);
    assert_eq!(c.theme, Theme::Dark);
    assert!(!c.coords);
}

#[test]
fn unknown_parameters_are_ignored_with_a_warning() {
    let c = config("utm_source=blog&mode=hotseat&colour=red");
    assert_eq!(c.mode, Mode::Hotseat);
    assert_eq!(c.warnings.len(), 2, "{:?}", c.warnings);
    assert!(c.warnings[0].contains("'utm_source'"), "{:?}", c.warnings);
    assert!(c.warnings[1].contains("'colour'"), "{:?}", c.warnings);
}

#[test]
fn many_unknown_parameters_give_a_short_list_of_warnings() {
    let query: Vec<String> = (0..50).map(|i| format!("x{i}=1")).collect();
    let c = config(&query.join("&"));
    assert_eq!(c.warnings.len(), 11, "{:?}", c.warnings);
    assert_eq!(c.warnings[10], "… and 40 more unknown parameters ignored");
}

#[test]
fn a_parameter_given_twice_is_an_error() {
    assert_eq!(
        error("level=3&mode=play&level=4"),
        "level is given 2 times; give it once"
    );
    // Even with the same value, and whatever the case of the name.
    assert_eq!(
        error("Sound=on&sound=on"),
        "sound is given 2 times; give it once"
    );
    // An empty value counts as not given.
    assert_eq!(config("level=&level=4&mode=play").level, 4);
}

#[test]
fn every_error_is_reported_at_once_in_table_order() {
    let all = errors("sound=loud&level=9&mode=play&orientation=up&theme=pink");
    assert_eq!(
        all,
        vec![
            "orientation must be black or white, not 'up'",
            "level must be 1–5, not '9'",
            "theme must be light, dark or auto, not 'pink'",
            "sound must be on, off, true, false, 1 or 0, not 'loud'",
        ]
    );
    let err = EmbedConfig::<JungleWeb>::parse("level=9&mode=play").unwrap_err();
    assert_eq!(err.0[0].param, "level");
    assert_eq!(err.0[0].value, "9");
}

#[test]
fn a_long_bad_value_is_quoted_shortened() {
    let long = "x".repeat(500);
    let message = error(&format!("theme={long}"));
    assert!(message.len() < 120, "{message}");
    assert!(
        message.contains(&format!("'{}…'", "x".repeat(24))),
        "{message}"
    );
}

// ---------------------------------------------------------------------------------------------
// Position, moves, ply, variant.

#[test]
fn fen_sets_the_start_and_a_bad_one_names_the_problem() {
    assert_eq!(
        config(&format!("fen={LION_AT_THE_DEN}")).start.to_fen(),
        LION_AT_THE_DEN
    );
    let message = error("fen=7/7/7 b 0 1");
    assert!(
        message.starts_with("fen '7/7/7 b 0 1' is not a valid position: "),
        "{message}"
    );
    assert!(message.contains("9 ranks"), "{message}");
    // Validated by the rules layer: an elephant in the water is refused.
    let message = error("fen=7/7/7/1E5/7/7/7/7/6r b 0 1");
    assert!(message.contains("water"), "{message}");
}

#[test]
fn moves_are_played_in_turn_and_an_illegal_one_is_named_by_its_place() {
    for written in [
        "a3a4,g7g6,c3d3",
        "a3a4 g7g6 c3d3",
        "a3a4,+g7g6,,c3d3,",
        "a3a4%2Cg7g6%20c3d3",
    ] {
        let c = config(&format!("moves={written}"));
        assert_eq!(
            c.moves,
            vec![mv("a3a4"), mv("g7g6"), mv("c3d3")],
            "{written}"
        );
        assert_eq!(c.ply, 3);
        let mut expected = Game::new(Ruleset::default());
        play_all(&mut expected, "a3a4 g7g6 c3d3");
        assert_eq!(c.game().position(), expected.position());
    }
    assert_eq!(
        error("moves=a3a4,g7g6,a4a6"),
        "moves: move 3 'a4a6' cannot be played: the elephant moves one square up, down, left or right"
    );
    assert_eq!(
        error("moves=a3a4,a4a5"),
        "moves: move 2 'a4a5' cannot be played: it is White's turn: move one of White's animals"
    );
    let message = error("moves=a3a4,hello");
    assert!(
        message.starts_with("moves: move 2 'hello' cannot be played: "),
        "{message}"
    );
}

#[test]
fn ply_picks_the_position_shown_and_the_rest_can_be_stepped_through() {
    let c = config("moves=a3a4,g7g6,c3d3&ply=1");
    assert_eq!(c.ply, 1);
    let mut game = c.game();
    assert_eq!(game.moves(), &[mv("a3a4")]);
    assert_eq!(game.redo(), Some(mv("g7g6")));
    assert_eq!(game.redo(), Some(mv("c3d3")));
    assert_eq!(game.redo(), None);
    assert_eq!(config("moves=a3a4&ply=0").game().moves(), &[]);
    for bad in ["4", "-1", "x", "1.5", "99999999999999999999"] {
        assert_eq!(
            error(&format!("moves=a3a4,g7g6,c3d3&ply={bad}")),
            format!("ply must be 0–3 (the number of moves), not '{bad}'")
        );
    }
    assert_eq!(
        error("ply=1"),
        "ply must be 0–0 (the number of moves), not '1'"
    );
}

#[test]
fn variant_sets_the_rules_the_moves_are_checked_under() {
    // b5 is water: under the standard rules the tiger at a5 jumps to d5; tiger-vertical-only
    // forbids that.
    let fen = "fen=6e/7/7/7/T6/7/7/7/7 b 0 1";
    assert_eq!(config(&format!("{fen}&moves=a5d5")).moves, vec![mv("a5d5")]);
    let c = config(&format!("{fen}&variant=Tiger-Vertical-Only"));
    assert!(Ruleset::parse(&c.rules).unwrap().tiger_vertical_only);
    let message = error(&format!("{fen}&variant=tiger-vertical-only&moves=a5d5"));
    assert!(message.starts_with("moves: move 1 'a5d5'"), "{message}");
    let message = error("variant=nocapture=40");
    assert!(
        message.starts_with("variant: nocapture must be 50, 60 or off"),
        "{message}"
    );
    // A bad variant does not also report the moves it would have checked.
    assert_eq!(errors("variant=chess&moves=a3a4").len(), 1);
}

// ---------------------------------------------------------------------------------------------
// Mode, side, orientation, puzzle.

#[test]
fn mode_accepts_the_five_modes_only() {
    for (text, mode) in [
        ("play", Mode::Play),
        ("hotseat", Mode::Hotseat),
        ("view", Mode::View),
        ("PUZZLE", Mode::Puzzle),
        ("Analysis", Mode::Analysis),
    ] {
        let query = format!("mode={text}&solution=a3a4");
        let c = config(&query);
        assert_eq!(c.mode, mode);
        assert_eq!(c.controls, mode.default_controls());
    }
    assert_eq!(
        error("mode=edit"),
        "mode must be play, hotseat, view, puzzle or analysis, not 'edit'"
    );
}

#[test]
fn analysis_mode_shows_the_position_and_moves_given_facing_black_unless_told() {
    let c = config("mode=analysis&moves=a3a4,g7g6&ply=1");
    assert_eq!(c.mode, Mode::Analysis);
    assert_eq!(c.ply, 1);
    assert_eq!(c.moves.len(), 2);
    // The side to move after the shown move, and Black at the bottom.
    assert_eq!(c.side, Colour::White);
    assert_eq!(c.orientation, Colour::Black);
    assert_eq!(
        c.controls,
        vec![Button::Undo, Button::Redo, Button::Flip, Button::Moves]
    );
    let c = config(&format!(
        "mode=analysis&fen={LION_AT_THE_DEN}&orientation=white"
    ));
    assert_eq!(c.orientation, Colour::White);
    assert_eq!(c.game().position().to_fen(), LION_AT_THE_DEN);
    // The reader explores both sides: no side, no AI level, no solution.
    let c = config("mode=analysis&side=white&level=4&solution=a3a4");
    for ignored in ["side ignored", "level ignored", "solution ignored"] {
        assert!(
            c.warnings.iter().any(|w| w.starts_with(ignored)),
            "{ignored}: {:?}",
            c.warnings
        );
    }
    assert_eq!(c.side, Colour::Black);
    assert_eq!(c.level, 2);
}

#[test]
fn analysis_mode_refuses_the_buttons_it_has_not() {
    // `all` is every button the mode has: the engine is the hint, and no new game.
    assert_eq!(
        config("mode=analysis&controls=all").controls,
        vec![
            Button::Undo,
            Button::Redo,
            Button::Flip,
            Button::Reset,
            Button::Moves
        ]
    );
    assert_eq!(
        config("mode=analysis&controls=reset,flip").controls,
        vec![Button::Flip, Button::Reset]
    );
    // Another mode's button is refused as an unknown one is, with the mode's buttons listed.
    let hint = "controls must be none, all or a list of undo, redo, flip, reset, moves; 'hint' \
                is not one of them";
    assert_eq!(error("mode=analysis&controls=undo,hint"), hint);
    let refused = EmbedConfig::<JungleWeb>::parse("mode=analysis&controls=new").unwrap_err();
    assert_eq!(refused.0[0].param, "controls");
    assert_eq!(refused.0[0].text.key, "embed.param.controlsUnknown");
    // The other modes keep every button.
    assert_eq!(
        config("mode=view&controls=hint,new").controls,
        vec![Button::Hint, Button::New]
    );
    // Listed with the other bad parameters, in the table's order.
    assert_eq!(
        errors("mode=analysis&level=9&controls=hint"),
        vec!["level must be 1–5, not '9'".to_string(), hint.to_string()]
    );
}

#[test]
fn the_readers_side_defaults_to_the_side_to_move_and_the_board_faces_it() {
    let c = config("mode=play&moves=a3a4");
    assert_eq!(c.side, Colour::White);
    assert_eq!(c.orientation, Colour::White);
    let c = config("mode=play&side=black&moves=a3a4");
    assert_eq!((c.side, c.orientation), (Colour::Black, Colour::Black));
    let c = config("mode=play&side=black&orientation=white");
    assert_eq!((c.side, c.orientation), (Colour::Black, Colour::White));
    // Not in play or puzzle mode: the board shows Black's side unless told.
    let c = config("moves=a3a4");
    assert_eq!(c.orientation, Colour::Black);
    assert_eq!(
        error("mode=play&side=red"),
        "side must be black or white, not 'red'"
    );
    let c = config("mode=hotseat&side=white");
    assert!(
        c.warnings.iter().any(|w| w.starts_with("side ignored")),
        "{:?}",
        c.warnings
    );
}

#[test]
fn level_is_one_to_five_and_used_in_play_mode() {
    for n in 1..=5 {
        assert_eq!(config(&format!("mode=play&level={n}")).level, n);
    }
    for bad in ["0", "6", "9", "-1", "two", "3.0", "300"] {
        assert_eq!(
            error(&format!("mode=play&level={bad}")),
            format!("level must be 1–5, not '{bad}'")
        );
    }
    let c = config("level=4");
    assert!(
        c.warnings.iter().any(|w| w.starts_with("level ignored")),
        "{:?}",
        c.warnings
    );
}

#[test]
fn a_puzzle_needs_a_legal_solution_ending_with_the_readers_move() {
    let c = config(&format!("mode=puzzle&fen={LION_AT_THE_DEN}&solution=d8d9"));
    assert_eq!(c.solution, vec![mv("d8d9")]);
    assert_eq!((c.side, c.orientation), (Colour::Black, Colour::Black));

    let c = config("mode=puzzle&moves=a3a4&solution=g7g6,c3d3,g6g5");
    assert_eq!(c.side, Colour::White);
    assert_eq!(c.game().moves(), &[mv("a3a4")]);

    assert!(error("mode=puzzle").starts_with("solution is required in puzzle mode"));
    assert_eq!(
        error("mode=puzzle&solution=a3a4,g7g6"),
        "solution must end with a move of the reader (an odd number of moves), not 2 moves"
    );
    let message = error("mode=puzzle&solution=a3a4,g7g6,a4a6");
    assert!(
        message.starts_with("solution: move 3 'a4a6' cannot be played"),
        "{message}"
    );
    // The game is over after d8d9: nothing may follow.
    let message = error(&format!(
        "mode=puzzle&fen={LION_AT_THE_DEN}&solution=d8d9,g9g8,d9d8"
    ));
    assert!(message.contains("the game is over"), "{message}");
    assert_eq!(
        error("mode=puzzle&solution=a3a4&side=white"),
        "side must be the side to move when the puzzle starts (black), not 'white'"
    );
    let message = error("mode=puzzle&moves=a3a4,g7g6&ply=1&solution=c3d3");
    assert!(
        message.starts_with("ply cannot be used in puzzle mode"),
        "{message}"
    );
    // Outside puzzle mode a solution is ignored with a warning.
    let c = config("mode=view&solution=whatever");
    assert!(c.solution.is_empty());
    assert!(
        c.warnings.iter().any(|w| w.starts_with("solution ignored")),
        "{:?}",
        c.warnings
    );
}

#[test]
fn the_puzzle_accepts_the_solution_and_answers_with_the_boards_moves() {
    let c = config("mode=puzzle&solution=a3a4,g7g6,c3d3");
    let mut game = c.game();
    assert_eq!(c.puzzle_step(0, &game, mv("g3g4")), PuzzleStep::Wrong);
    assert_eq!(
        c.puzzle_step(0, &game, mv("a3a4")),
        PuzzleStep::Right {
            reply: Some(mv("g7g6")),
            solved: false
        }
    );
    play_all(&mut game, "a3a4 g7g6");
    // Index 1 is the board's move, not the reader's.
    assert_eq!(c.puzzle_step(1, &game, mv("c3d3")), PuzzleStep::Wrong);
    assert_eq!(c.puzzle_step(2, &game, mv("e3d3")), PuzzleStep::Wrong);
    assert_eq!(
        c.puzzle_step(2, &game, mv("c3d3")),
        PuzzleStep::Right {
            reply: None,
            solved: true
        }
    );
    assert_eq!(c.puzzle_step(3, &game, mv("a4a5")), PuzzleStep::Wrong);
}

#[test]
fn another_winning_last_move_solves_the_puzzle_too() {
    // The solution enters the den with the lion; the rat on e9 (White's trap) can enter it too.
    let c = config("mode=puzzle&fen=4R1e/3L3/7/7/7/7/7/7/7 b 0 1&solution=d8d9");
    let game = c.game();
    let solved = PuzzleStep::Right {
        reply: None,
        solved: true,
    };
    assert_eq!(c.puzzle_step(0, &game, mv("d8d9")), solved);
    assert_eq!(c.puzzle_step(0, &game, mv("e9d9")), solved);
    assert_eq!(c.puzzle_step(0, &game, mv("d8c8")), PuzzleStep::Wrong);
}

// ---------------------------------------------------------------------------------------------
// Language, theme, coordinates, controls, sound, id, origin.

#[test]
fn lang_takes_the_five_languages_in_any_case() {
    for (text, lang) in [
        ("en", Lang::En),
        ("EN-us", Lang::En),
        ("id", Lang::Id),
        ("id-ID", Lang::Id),
        ("vi", Lang::Vi),
        ("de", Lang::De),
        ("de_AT", Lang::De),
        ("zh-CN", Lang::ZhCn),
        ("zh-cn", Lang::ZhCn),
        ("zh", Lang::ZhCn),
        ("zh-Hans", Lang::ZhCn),
    ] {
        assert_eq!(config(&format!("lang={text}")).lang, Some(lang), "{text}");
    }
    for bad in ["fr", "zh-TW", "zh-Hant", "english", "e"] {
        assert_eq!(
            error(&format!("lang={bad}")),
            format!("lang must be en, id, vi, de or zh-CN, not '{bad}'")
        );
    }
    // Japanese is the shogi page's: Jungle's embed does not speak it yet.
    assert_eq!(
        error("lang=ja"),
        "lang must be en, id, vi, de or zh-CN, not 'ja'"
    );
    assert_eq!(
        Lang::ALL.map(Lang::tag),
        ["en", "id", "vi", "de", "zh-CN", "ja"]
    );
}

#[test]
fn theme_coords_and_sound_take_their_documented_spellings() {
    for (text, theme) in [
        ("light", Theme::Light),
        ("dark", Theme::Dark),
        ("auto", Theme::Auto),
    ] {
        assert_eq!(config(&format!("theme={text}")).theme, theme);
    }
    for (text, on) in [
        ("on", true),
        ("off", false),
        ("true", true),
        ("FALSE", false),
        ("1", true),
        ("0", false),
    ] {
        assert_eq!(config(&format!("coords={text}")).coords, on);
        assert_eq!(config(&format!("sound={text}")).sound, on);
    }
    assert_eq!(
        error("coords=yes"),
        "coords must be on, off, true, false, 1 or 0, not 'yes'"
    );
}

/// The squares named, for comparing with `EmbedConfig::marks`.
fn squares(names: &[&str]) -> Vec<usize> {
    names
        .iter()
        .map(|n| {
            Square::parse(n)
                .unwrap_or_else(|| panic!("{n} is a square"))
                .index()
        })
        .collect()
}

#[test]
fn marks_list_squares_in_any_case_without_repeats() {
    assert_eq!(config("marks=d4,d2,c3").marks, squares(&["d4", "d2", "c3"]));
    // Commas and/or spaces, any case, a repeat kept once where it first stood.
    assert_eq!(
        config("marks=D4+a1,,g9%20d4").marks,
        squares(&["d4", "a1", "g9"])
    );
    // The marks do not depend on the mode, the position or what stands on the squares.
    let puzzle = config(&format!(
        "mode=puzzle&fen={}&solution=d8d9&marks=d9,b5",
        LION_AT_THE_DEN.replace(' ', "_")
    ));
    assert_eq!(puzzle.marks, squares(&["d9", "b5"]));
    assert!(puzzle.warnings.is_empty(), "{:?}", puzzle.warnings);
    // As many as allowed: the first MAX_MARKS squares of the board.
    let many: Vec<String> = Square::all()
        .take(MAX_MARKS)
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        config(&format!("marks={}", many.join(","))).marks.len(),
        MAX_MARKS
    );
}

#[test]
fn bad_marks_name_every_bad_square_and_too_many_are_refused() {
    assert_eq!(
        error("marks=d4,h1"),
        "marks must list squares a1–g9 like d4,c3; 'h1' is not a square"
    );
    assert_eq!(
        error("marks=a0,d4,d10,b4b5"),
        "marks must list squares a1–g9 like d4,c3; 'a0', 'd10' and 'b4b5' are not squares"
    );
    // A flood of bad squares names the first few and counts the rest.
    let flood = vec!["z9"; 40].join(",");
    let message = error(&format!("marks={flood}"));
    assert!(
        message.ends_with("'z9', 'z9', 'z9', 'z9', 'z9' and 35 more are not squares"),
        "{message}"
    );
    let too_many: Vec<String> = Square::all()
        .take(MAX_MARKS + 1)
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        error(&format!("marks={}", too_many.join(","))),
        format!(
            "marks may list at most {MAX_MARKS} squares, not {}",
            MAX_MARKS + 1
        )
    );
    // Repeats do not count against the limit.
    let repeated = vec!["d4"; MAX_MARKS * 2].join(",");
    assert_eq!(config(&format!("marks={repeated}")).marks, squares(&["d4"]));
    // A bad mark is reported with the other bad parameters, in the table's order.
    assert_eq!(errors("controls=rewind&marks=x&coords=maybe").len(), 3);
    let err = EmbedConfig::<JungleWeb>::parse("controls=rewind&marks=x&coords=maybe").unwrap_err();
    let order: Vec<&str> = err.0.iter().map(|e| e.param.as_str()).collect();
    assert_eq!(order, ["coords", "marks", "controls"]);
}

#[test]
fn controls_list_buttons_or_say_none_or_all() {
    use Button::*;
    assert_eq!(config("controls=none").controls, vec![]);
    assert_eq!(config("controls=all").controls, Button::ALL.to_vec());
    assert_eq!(
        config("controls=reset,Undo,flip,undo").controls,
        vec![Undo, Flip, Reset]
    );
    assert_eq!(
        config("controls=hint+moves+new+redo").controls,
        vec![Redo, Hint, Moves, New]
    );
    let message = error("controls=undo,rewind");
    assert!(message.contains("'rewind' is not one of them"), "{message}");
    assert!(
        message.contains("undo, redo, flip, reset, hint, moves, new"),
        "{message}"
    );
    let message = error("controls=none,undo");
    assert!(message.contains("'none' cannot be mixed"), "{message}");
    let c = config("controls=flip");
    assert!(c.shows(Flip) && !c.shows(Undo));
}

#[test]
fn id_is_a_short_plain_name() {
    assert_eq!(
        config("id=board-2_a.b:c").id.as_deref(),
        Some("board-2_a.b:c")
    );
    assert_eq!(
        config(&format!("id={}", "a".repeat(64)))
            .id
            .map(|s| s.len()),
        Some(64)
    );
    for bad in ["a b", "<script>", &"a".repeat(65), "名"] {
        let message = error(&format!("id={}", percent_encode(bad)));
        assert!(message.starts_with("id must be 1–64 letters"), "{message}");
    }
}

#[test]
fn origin_lists_the_hosts_commands_are_taken_from_and_events_sent_to() {
    let open = config("");
    assert!(open.accepts_origin("https://anyone.example"));
    assert_eq!(open.event_targets(), vec!["*"]);

    let c = config("origin=https://Blog.example.com/,http://localhost:8080");
    assert_eq!(
        c.origins,
        vec!["https://blog.example.com", "http://localhost:8080"]
    );
    assert!(c.accepts_origin("https://blog.example.com"));
    assert!(c.accepts_origin("http://localhost:8080"));
    assert!(!c.accepts_origin("http://localhost:8081"));
    assert!(!c.accepts_origin("https://evil.example"));
    assert_eq!(c.event_targets(), c.origins);
    assert_eq!(
        config("origin=http://[::1]:3000").origins,
        vec!["http://[::1]:3000"]
    );
    let sixteen: Vec<String> = (0..16).map(|i| format!("https://h{i}.example")).collect();
    assert_eq!(
        config(&format!("origin={}", sixteen.join(","))).origins,
        sixteen
    );
    assert_eq!(
        error(&format!("origin={},https://h16.example", sixteen.join(","))),
        "origin may list at most 16 origins"
    );
    for bad in [
        "blog.example.com",
        "https://blog.example.com/page",
        "ftp://x.example",
        "https://",
        "https://x.example:99999",
        "*",
    ] {
        let message = error(&format!("origin={}", percent_encode(bad)));
        assert!(
            message.starts_with("origin must list origins like"),
            "{bad}: {message}"
        );
    }
}

#[test]
fn the_contract_version_is_one() {
    assert_eq!(config("v=1"), EmbedConfig::default());
    assert_eq!(error("v=2"), "v must be 1, not '2'");
}

#[test]
fn to_query_writes_what_reads_back_to_the_same_config() {
    for query in [
        "",
        "mode=play&side=white&level=5&theme=dark&lang=de&sound=on&coords=off",
        "moves=a3a4,g7g6,c3d3&ply=2&orientation=white&controls=none",
        "mode=puzzle&moves=a3a4&solution=g7g6,c3d3,g6g5&controls=all",
        "fen=6e/7/7/7/T6/7/7/7/7_w_0_1&variant=tiger-vertical-only,nocapture=off&id=x1&origin=https://a.example",
        "mode=hotseat&controls=undo,new&lang=zh-cn",
        "mode=hotseat&marks=D4,d2,c3,d4&controls=undo,reset",
        "mode=puzzle&fen=6e/3L3/7/7/7/7/7/7/7_b_0_1&solution=d8d9&marks=d9",
        "mode=analysis&moves=a3a4,g7g6&ply=1&orientation=white&controls=all",
    ] {
        let c = config(query);
        let written = c.to_query();
        assert_eq!(config(&written), c, "{query} was written as {written}");
    }
    // Only what differs from the defaults is written.
    assert_eq!(
        config("mode=view&theme=auto&coords=on&level=2").to_query(),
        ""
    );
    assert_eq!(
        config("mode=play&level=4&lang=ZH").to_query(),
        "mode=play&level=4&lang=zh-CN"
    );
    assert_eq!(
        config("marks=D4+c3,d4&coords=off").to_query(),
        "coords=off&marks=d4,c3"
    );
}

#[test]
fn the_parameter_table_is_the_documented_one() {
    let docs = std::fs::read_to_string("docs/embed.md").expect("docs/embed.md");
    for name in PARAMS {
        assert!(
            docs.contains(&format!("| `{name}` |")),
            "docs/embed.md has no row for {name}"
        );
    }
    assert!(
        docs.contains("| `marks` | Squares to mark")
            && docs.contains(&format!("at most {MAX_MARKS}. Drawn")),
        "docs/embed.md gives the limit of marks"
    );
    for button in Button::ALL {
        assert!(
            docs.contains(&format!("`{}`", button.name())),
            "{button:?} undocumented"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Messages.

fn value(json: &str) -> MessageValue {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn command(json: &str) -> Result<Command<JungleWeb>, MessageError> {
    Command::<JungleWeb>::from_value(&value(json))
}

fn command_error(json: &str) -> String {
    match command(json) {
        Ok(c) => panic!("{json} was accepted as {c:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn messages_that_are_not_ours_are_ignored_silently() {
    for json in [
        "null",
        "42",
        r#""jungle:undo""#,
        "[1,2]",
        "{}",
        r#"{"type":"webpackOk"}"#,
        r#"{"type":7,"version":1}"#,
        r#"{"source":"react-devtools","payload":{}}"#,
        r#"{"type":"Jungle:undo","version":1}"#,
    ] {
        let err = command(json).unwrap_err();
        assert!(err.is_foreign(), "{json}: {err}");
    }
}

#[test]
fn the_sites_own_name_is_an_alias_of_the_protocols() {
    // A command under `tabula:` is the same command as under `jungle:`.
    for name in ["undo", "flip", "reset"] {
        assert_eq!(
            command(&format!(r#"{{"type":"tabula:{name}","version":1}}"#)),
            command(&format!(r#"{{"type":"jungle:{name}","version":1}}"#)),
            "{name}"
        );
    }
    assert_eq!(
        command(r#"{"type":"tabula:playMoves","version":1,"moves":["a3a4"]}"#),
        command(r#"{"type":"jungle:playMoves","version":1,"moves":["a3a4"]}"#)
    );
    // Another namespace is still someone else's.
    assert!(command(r#"{"type":"tabulae:undo","version":1}"#)
        .unwrap_err()
        .is_foreign());
    // Each event is also sent under the site's name: the same name after the prefix.
    let text = String::new;
    let events = [
        Event::ready::<JungleWeb>(&Game::new(Ruleset::default()), None),
        Event::Move {
            version: 1,
            id: None,
            played: text(),
            san: text(),
            side: text(),
            fen: text(),
            ply: 1,
        },
        Event::Position {
            version: 1,
            id: None,
            fen: text(),
            ply: 0,
            cause: text(),
        },
        Event::GameOver {
            version: 1,
            id: None,
            result: text(),
            reason: text(),
            winner: None,
        },
    ];
    for event in events {
        let json = serde_json::to_value(&event).expect("an event serialises");
        let first = json["type"].as_str().expect("a type").to_string();
        assert!(first.starts_with("jungle:"), "{first}");
        assert_eq!(
            event.site_type().strip_prefix("tabula:"),
            first.strip_prefix("jungle:"),
            "{first}"
        );
    }
}

#[test]
fn every_command_is_read_with_its_fields() {
    assert_eq!(
        command(r#"{"type":"jungle:undo","version":1}"#),
        Ok(Command::Undo)
    );
    assert_eq!(
        command(r#"{"type":"jungle:flip","version":1}"#),
        Ok(Command::Flip)
    );
    assert_eq!(
        command(r#"{"type":"jungle:reset","version":1.0}"#),
        Ok(Command::Reset)
    );
    assert_eq!(
        command(r#"{"type":"jungle:playMoves","version":1,"moves":["a3a4"," g7g6"]}"#),
        Ok(Command::PlayMoves {
            moves: vec!["a3a4".into(), "g7g6".into()]
        })
    );
    assert_eq!(
        command(r#"{"type":"jungle:playMoves","version":1,"moves":"a3a4, g7g6"}"#),
        Ok(Command::PlayMoves {
            moves: vec!["a3a4".into(), "g7g6".into()]
        })
    );
    let set = command(&format!(
        r#"{{"type":"jungle:setPosition","version":1,"fen":"{LION_AT_THE_DEN}","variant":"tiger-vertical-only","extra":{{"a":[1]}}}}"#
    ))
    .unwrap();
    let Command::SetPosition {
        start,
        moves,
        rules,
    } = set
    else {
        panic!("{set:?}")
    };
    assert_eq!(start.to_fen(), LION_AT_THE_DEN);
    assert!(moves.is_empty());
    assert_eq!(
        rules,
        Some(Ruleset::parse("tiger-vertical-only").unwrap().to_string())
    );
}

#[test]
fn bad_commands_say_what_is_wrong() {
    assert!(command_error(r#"{"type":"jungle:resign","version":1}"#)
        .starts_with("unknown message type 'jungle:resign'"));
    assert_eq!(
        command_error(r#"{"type":"jungle:undo"}"#),
        "message version must be 1, not missing"
    );
    assert_eq!(
        command_error(r#"{"type":"jungle:undo","version":2}"#),
        "message version must be 1, not the number 2"
    );
    assert_eq!(
        command_error(r#"{"type":"jungle:undo","version":"1"}"#),
        "message version must be 1, not '1'"
    );
    assert_eq!(
        command_error(r#"{"type":"jungle:setPosition","version":1}"#),
        "jungle:setPosition: fen is missing: give the position"
    );
    assert_eq!(
        command_error(r#"{"type":"jungle:setPosition","version":1,"fen":5}"#),
        "jungle:setPosition: fen must be a string, not the number 5"
    );
    let message = command_error(r#"{"type":"jungle:setPosition","version":1,"fen":"7/7 b 0 1"}"#);
    assert!(
        message.starts_with("jungle:setPosition: fen '7/7 b 0 1' is not a valid position: "),
        "{message}"
    );
    let message = command_error(
        r#"{"type":"jungle:setPosition","version":1,"fen":"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1","variant":"chess"}"#,
    );
    assert!(
        message.starts_with("jungle:setPosition: variant is not a variant: unknown rule 'chess'"),
        "{message}"
    );
    assert_eq!(
        command_error(r#"{"type":"jungle:playMoves","version":1}"#),
        "jungle:playMoves: moves is missing: give the moves to play"
    );
    assert_eq!(
        command_error(r#"{"type":"jungle:playMoves","version":1,"moves":["a3a4",3]}"#),
        "jungle:playMoves: moves must hold moves as strings like \"a3a4\", but item 2 is the number 3"
    );
    assert_eq!(
        command_error(r#"{"type":"jungle:playMoves","version":1,"moves":{"0":"a3a4"}}"#),
        "jungle:playMoves: moves must be a string or a list of moves like \"a3a4\", not an object"
    );
    let many = vec!["\"a3a4\""; MAX_MOVES + 1].join(",");
    assert_eq!(
        command_error(&format!(
            r#"{{"type":"jungle:playMoves","version":1,"moves":[{many}]}}"#
        )),
        format!("jungle:playMoves: moves may hold at most {MAX_MOVES} moves")
    );
}

#[test]
fn play_moves_plays_all_or_nothing_and_names_the_illegal_move() {
    let mut game = Game::new(Ruleset::default());
    let mut reset_to = game.clone();
    let play = command(r#"{"type":"jungle:playMoves","version":1,"moves":"a3a4 g7g6"}"#).unwrap();
    assert_eq!(
        play.apply(&mut game, &mut reset_to),
        Ok(Applied::Played(vec![mv("a3a4"), mv("g7g6")]))
    );
    let bad =
        command(r#"{"type":"jungle:playMoves","version":1,"moves":["c3d3","g6g4"]}"#).unwrap();
    let err = bad.apply(&mut game, &mut reset_to).unwrap_err();
    assert_eq!(
        err.to_string(),
        "moves: move 2 'g6g4' cannot be played: the elephant moves one square up, down, left or right"
    );
    let MessageError::Move(detail) = err else {
        panic!("{err:?}")
    };
    assert_eq!(detail.index, 1);
    assert_eq!(
        game.moves(),
        &[mv("a3a4"), mv("g7g6")],
        "nothing was played"
    );
}

#[test]
fn set_position_undo_flip_and_reset_change_the_game() {
    let mut game = Game::new(Ruleset::default());
    let mut reset_to = game.clone();
    let set = command(&format!(
        r#"{{"type":"jungle:setPosition","version":1,"fen":"{LION_AT_THE_DEN}","moves":["d8c8"],"variant":"nocapture=60"}}"#
    ))
    .unwrap();
    assert_eq!(
        set.apply(&mut game, &mut reset_to),
        Ok(Applied::NewPosition)
    );
    assert_eq!(game.start_position().to_fen(), LION_AT_THE_DEN);
    assert_eq!(game.moves(), &[mv("d8c8")]);
    assert_eq!(game.rules().no_capture_moves, Some(60));

    let undo = Command::<JungleWeb>::Undo;
    assert_eq!(
        undo.apply(&mut game, &mut reset_to),
        Ok(Applied::Undone(mv("d8c8")))
    );
    assert!(game.moves().is_empty());
    let err = undo.apply(&mut game, &mut reset_to).unwrap_err();
    assert_eq!(
        err.to_string(),
        "jungle:undo: there is no move to take back"
    );

    assert_eq!(
        Command::<JungleWeb>::Flip.apply(&mut game, &mut reset_to),
        Ok(Applied::Flip)
    );
    play_all(&mut game, "d8d9");
    assert_eq!(
        Command::<JungleWeb>::Reset.apply(&mut game, &mut reset_to),
        Ok(Applied::Reset)
    );
    assert_eq!(
        game.moves(),
        &[mv("d8c8")],
        "reset returns to the set position"
    );

    // Without a variant, setPosition keeps the game's rules; an illegal move changes nothing.
    let keep = command(&format!(
        r#"{{"type":"jungle:setPosition","version":1,"fen":"{START_FEN}","moves":"a3a4 a4a5"}}"#
    ))
    .unwrap();
    let err = keep.apply(&mut game, &mut reset_to).unwrap_err();
    assert!(err.to_string().starts_with("moves: move 2 'a4a5'"), "{err}");
    assert_eq!(game.start_position().to_fen(), LION_AT_THE_DEN);
    let keep = command(&format!(
        r#"{{"type":"jungle:setPosition","version":1,"fen":"{START_FEN}"}}"#
    ))
    .unwrap();
    keep.apply(&mut game, &mut reset_to).unwrap();
    assert_eq!(game.rules().no_capture_moves, Some(60));
}

#[test]
fn deeply_nested_or_huge_messages_are_refused_without_harm() {
    let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
    let nested = format!(r#"{{"type":"jungle:playMoves","version":1,"moves":{deep}}}"#);
    // serde_json may refuse the unread depth itself; either way no panic, no command.
    if let Ok(v) = serde_json::from_str::<MessageValue>(&nested) {
        assert!(Command::<JungleWeb>::from_value(&v).is_err());
    }
    let wide = format!(
        r#"{{"type":"jungle:undo","version":1,{}}}"#,
        (0..200)
            .map(|i| format!(r#""k{i}":{i}"#))
            .collect::<Vec<_>>()
            .join(",")
    );
    if let Ok(v) = serde_json::from_str::<MessageValue>(&wide) {
        assert_eq!(Command::<JungleWeb>::from_value(&v), Ok(Command::Undo));
    }
}

#[test]
fn events_carry_type_version_and_the_documented_fields() {
    let mut game = Game::from_fen(LION_AT_THE_DEN, Ruleset::default()).unwrap();
    let ready = serde_json::to_value(Event::ready::<JungleWeb>(&game, Some("b1"))).unwrap();
    assert_eq!(
        ready,
        serde_json::json!({"type":"jungle:ready","version":1,"id":"b1","fen":LION_AT_THE_DEN,"ply":0})
    );
    assert_eq!(Event::last_move::<JungleWeb>(&game, None), None);
    assert_eq!(Event::game_over::<JungleWeb>(&game, None), None);

    play_all(&mut game, "d8d9");
    let after = game.position().to_fen();
    let moved = serde_json::to_value(Event::last_move::<JungleWeb>(&game, None).unwrap()).unwrap();
    assert_eq!(
        moved,
        serde_json::json!({"type":"jungle:move","version":1,"move":"d8d9","san":"Ld8-d9#",
            "side":"black","fen":after,"ply":1})
    );
    let over = serde_json::to_value(Event::game_over::<JungleWeb>(&game, None).unwrap()).unwrap();
    assert_eq!(
        over,
        serde_json::json!({"type":"jungle:gameover","version":1,"result":"1-0","reason":"den",
            "winner":"black"})
    );

    game.undo();
    let position =
        serde_json::to_value(Event::position::<JungleWeb>(&game, Some("b1"), "undo")).unwrap();
    assert_eq!(
        position,
        serde_json::json!({"type":"jungle:position","version":1,"id":"b1","fen":LION_AT_THE_DEN,
            "ply":0,"cause":"undo"})
    );

    // A draw has no winner.
    let mut drawn = Game::from_fen("l6/7/7/7/7/7/7/7/6L b 99 1", Ruleset::default()).unwrap();
    play_all(&mut drawn, "g1g2");
    let over = serde_json::to_value(Event::game_over::<JungleWeb>(&drawn, None).unwrap()).unwrap();
    assert_eq!(
        over,
        serde_json::json!({"type":"jungle:gameover","version":1,"result":"1/2-1/2",
            "reason":"no-capture"})
    );
}

#[test]
fn a_page_reads_one_parameter_of_its_address_like_the_embed_reads_all() {
    use tabula::web::embed::params::query_value;
    let query = "?LANG=de&fen=e6%2F7%2F7%2F7%2F3L3%2F7%2F7%2F7%2F7+b+0+1&marks=+d4,c3+&lang=vi#top";
    assert_eq!(
        query_value(query, "lang").as_deref(),
        Some("de"),
        "first one, any case"
    );
    assert_eq!(
        query_value(query, "fen").as_deref(),
        Some("e6/7/7/7/3L3/7/7/7/7 b 0 1"),
        "decoded like URLSearchParams"
    );
    assert_eq!(
        query_value(query, "marks").as_deref(),
        Some("d4,c3"),
        "trimmed"
    );
    assert_eq!(query_value(query, "theme"), None);
    assert_eq!(query_value("", "lang"), None);
    assert_eq!(
        query_value("#lang=de", "lang"),
        None,
        "a fragment is not the query"
    );
}
