//! The embed contract for a shogi board (`embed.html?game=shogi`, issue 14): the same
//! parameters, messages and puzzle checks as Jungle's (`tests/embed.rs`), read by the same
//! generic code over `ShogiWeb`: SFEN positions (`sfen=`, `fen=` too), USI moves with drops and
//! promotions, shogi's squares and languages.

use jungle::texts::Text;
use shogi::{Move, Position};
use tabula::web::embed::{Command, EmbedConfig, Event, MessageValue, Mode, PuzzleStep};
use tabula::web::game::{Colour, WebGame};
use tabula::web::games::jungle::JungleWeb;
use tabula::web::games::shogi::ShogiWeb;
use tabula::web::games::GAMES;

/// A mate in 1 of `www/learn/shogi/tsume.json`: sente drops the gold on 1b.
const GOLD_DROP_MATE: &str = "8k/9/8n/6B2/9/9/9/9/9 b G2rb3g4s3n4l18p 1";

fn config(query: &str) -> EmbedConfig<ShogiWeb> {
    EmbedConfig::<ShogiWeb>::parse(query).unwrap_or_else(|e| panic!("{query}: {e}"))
}

/// The errors of a refused query: (parameter, English message, catalogue key).
fn errors(query: &str) -> Vec<(String, String, &'static str)> {
    match EmbedConfig::<ShogiWeb>::parse(query) {
        Ok(_) => panic!("{query} was accepted"),
        Err(errors) => errors
            .0
            .into_iter()
            .map(|e| (e.param, e.message, e.text.key))
            .collect(),
    }
}

fn usi(text: &str) -> Move {
    Move::parse_usi(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn an_empty_query_is_the_even_game_from_sente_s_side() {
    let c = config("game=shogi");
    assert_eq!(c.start, Position::start());
    assert_eq!(c.mode, Mode::View);
    assert_eq!((c.side, c.orientation), (Colour::Black, Colour::Black));
    assert_eq!(
        c.to_query(),
        "game=shogi",
        "the game is written, nothing else"
    );
}

#[test]
fn sfen_and_usi_moves_with_drops_and_promotions_are_read() {
    let c = config("game=shogi&sfen=lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL_b_-_1&moves=7g7f,3c3d,8h2b%2B,3a2b,B*4e");
    assert_eq!(
        c.moves,
        vec![
            usi("7g7f"),
            usi("3c3d"),
            usi("8h2b+"),
            usi("3a2b"),
            usi("B*4e")
        ]
    );
    let game = c.game();
    assert_eq!(ShogiWeb::moves(&game).len(), 5);
    assert_eq!(c.side, Colour::White, "gote is to move after five plies");
    // `fen=` is read for every game; the SFEN's spaces may be `_` or `%20`.
    let same = config(&format!("fen={}", GOLD_DROP_MATE.replace(' ', "%20")));
    assert_eq!(same.start.to_sfen(), GOLD_DROP_MATE);
    // Written back with the game's own parameter name.
    assert!(
        same.to_query().starts_with("game=shogi&sfen="),
        "{}",
        same.to_query()
    );
    let again = config(&same.to_query());
    assert_eq!(again, same);
}

#[test]
fn bad_shogi_parameters_are_named_with_the_rule_they_break() {
    let found = errors("sfen=9/9/9_b_-_1");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "sfen");
    assert!(
        found[0]
            .1
            .starts_with("sfen '9/9/9_b_-_1' is not a valid position: "),
        "{found:?}"
    );
    assert_eq!(found[0].2, "embed.param.fen");

    // A bad variant does not hide a bad position: both are named at once.
    let found = errors("variant=chess&sfen=9/9/9_b_-_1");
    let named: Vec<&str> = found.iter().map(|(param, _, _)| param.as_str()).collect();
    assert_eq!(
        named,
        ["sfen", "variant"],
        "in the table's order: {found:?}"
    );

    // Nifu: a second unpromoted pawn on file 7.
    let found = errors("moves=7g7f,3c3d,P*7e");
    assert_eq!(found[0].0, "moves");
    assert!(
        found[0]
            .1
            .starts_with("moves: move 3 'P*7e' cannot be played: "),
        "{found:?}"
    );

    let found = errors("moves=7g7f,e2e4");
    assert!(
        found[0]
            .1
            .starts_with("moves: move 2 'e2e4' cannot be played: "),
        "{found:?}"
    );

    // Shogi's squares: `5e` marks, `d4` does not exist on its board.
    assert_eq!(config("marks=5e,1a").marks.len(), 2);
    let found = errors("marks=d4");
    assert_eq!(found[0].0, "marks");
    assert!(found[0].1.contains("squares 9i–1a"), "{found:?}");
}

#[test]
fn japanese_is_a_language_of_the_shogi_board_only() {
    assert_eq!(config("lang=ja").lang.map(|l| l.tag()), Some("ja"));
    let jungle = EmbedConfig::<JungleWeb>::parse("lang=ja").unwrap_err();
    assert_eq!(jungle.0[0].param, "lang");
}

#[test]
fn the_game_parameter_must_name_this_board_s_game() {
    assert_eq!(GAMES, ["jungle", "shogi"]);
    assert!(EmbedConfig::<JungleWeb>::parse("game=jungle").is_ok());
    let found = errors("game=chess");
    assert_eq!(found[0].0, "game");
    assert_eq!(found[0].1, "game must be jungle or shogi, not 'chess'");
    assert_eq!(found[0].2, "embed.param.notOneOf");
    // A Jungle board's module never reads a shogi query as its own.
    let jungle = EmbedConfig::<JungleWeb>::parse("game=shogi").unwrap_err();
    assert_eq!(jungle.0[0].param, "game");
}

#[test]
fn a_tsume_puzzle_takes_its_drop_and_explains_a_wrong_try() {
    let query = format!(
        "game=shogi&mode=puzzle&sfen={}&solution=G*1b",
        GOLD_DROP_MATE.replace(' ', "_")
    );
    let c = config(&query);
    let game = c.game();
    assert_eq!(
        c.puzzle_step(0, &game, usi("G*1b")),
        PuzzleStep::Right {
            reply: None,
            solved: true
        }
    );
    // A quiet move is wrong, and why: a tsume move must check.
    let quiet = usi("G*5e");
    assert_eq!(c.puzzle_step(0, &game, quiet), PuzzleStep::Wrong);
    let why = ShogiWeb::puzzle_wrong_text(&game, quiet).map(|t: Text| t.key);
    assert_eq!(why, Some("shogi.puzzle.noCheck"));
    // A check that is not the mate: the king escapes.
    let check = usi("G*2a");
    assert_eq!(c.puzzle_step(0, &game, check), PuzzleStep::Wrong);
    let why = ShogiWeb::puzzle_wrong_text(&game, check).map(|t: Text| t.key);
    assert_eq!(why, Some("shogi.puzzle.escapes"));
}

fn message(json: &str) -> MessageValue {
    serde_json::from_str(json).unwrap()
}

#[test]
fn commands_take_sfen_and_usi_and_events_speak_them() {
    let set = Command::<ShogiWeb>::from_value(&message(&format!(
        r#"{{"type":"jungle:setPosition","version":1,"sfen":"{GOLD_DROP_MATE}"}}"#
    )))
    .unwrap();
    let mut game = ShogiWeb::new_game("standard", "").unwrap();
    let mut reset_to = game.clone();
    set.apply(&mut game, &mut reset_to).unwrap();
    assert_eq!(ShogiWeb::position(&game).to_sfen(), GOLD_DROP_MATE);

    let play = Command::<ShogiWeb>::from_value(&message(
        r#"{"type":"jungle:playMoves","version":1,"moves":["G*1b"]}"#,
    ))
    .unwrap();
    play.apply(&mut game, &mut reset_to).unwrap();
    let moved =
        serde_json::to_value(Event::last_move::<ShogiWeb>(&game, Some("t")).unwrap()).unwrap();
    assert_eq!(moved["type"], "jungle:move");
    assert_eq!(moved["move"], "G*1b");
    assert_eq!(moved["side"], "black");
    assert_eq!(moved["ply"], 1);
    assert_eq!(moved["fen"], ShogiWeb::position(&game).to_sfen());
    let over = serde_json::to_value(Event::game_over::<ShogiWeb>(&game, None).unwrap()).unwrap();
    assert_eq!(over["result"], "1-0");
    assert_eq!(over["winner"], "black");
    assert_eq!(over["reason"], "checkmate");

    let bad = Command::<ShogiWeb>::from_value(&message(
        r#"{"type":"jungle:setPosition","version":1,"sfen":"9/9 b - 1"}"#,
    ))
    .unwrap_err();
    assert!(
        bad.to_string()
            .starts_with("jungle:setPosition: fen '9/9 b - 1' is not a valid position: "),
        "{bad}"
    );
}

/// Every board of the shogi tutorial, and every tsume of its puzzle file, is a valid shogi embed
/// configuration: the lessons' queries (`LessonBoard::embed_query`) and the tsume's (the Learn
/// page turns each into a lesson board) read without a warning, and each tsume's proven line is
/// accepted by the puzzle move by move, ending solved.
#[test]
fn every_shogi_lesson_and_tsume_is_a_valid_shogi_board() {
    use tabula::web::embed::lessons::{LessonBoard, Lessons, Puzzle};
    let lessons: Lessons =
        serde_json::from_str(&std::fs::read_to_string("www/learn/shogi/lessons.json").unwrap())
            .unwrap();
    let mut boards: Vec<LessonBoard> = lessons
        .sections
        .into_iter()
        .flat_map(|section| section.boards)
        .collect();
    let tsume: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("www/learn/shogi/tsume.json").unwrap())
            .unwrap();
    let problems = tsume["puzzles"].as_array().unwrap();
    assert_eq!(problems.len(), 30);
    for problem in problems {
        let line: Vec<String> = problem["line"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        boards.push(LessonBoard {
            fen: problem["position"].as_str().unwrap().to_string(),
            variant: None,
            orientation: None,
            text: Vec::new(),
            highlight: Vec::new(),
            illegal: Vec::new(),
            task: None,
            puzzle: Some(Puzzle {
                win_in: (line.len() as u32).div_ceil(2),
                solution: line,
            }),
        });
    }
    let mut solved = 0;
    for board in &boards {
        let query = board.embed_query();
        let config = config(&query);
        assert!(config.warnings.is_empty(), "{query}: {:?}", config.warnings);
        assert_eq!(config.start.to_sfen(), board.fen, "{query}");
        // The highlighted squares are marked on the board, as written.
        let marks: Vec<String> = config
            .marks
            .iter()
            .map(|&c| ShogiWeb::cell_name(c))
            .collect();
        assert_eq!(marks, board.highlight, "{query}");
        let Some(puzzle) = &board.puzzle else {
            assert_eq!(config.mode, Mode::Hotseat);
            continue;
        };
        assert_eq!(config.mode, Mode::Puzzle);
        let mut game = config.game();
        for (found, text) in puzzle.solution.iter().enumerate() {
            let m = usi(text);
            if found % 2 == 0 {
                let last = found + 1 == puzzle.solution.len();
                assert!(
                    matches!(config.puzzle_step(found, &game, m), PuzzleStep::Right { solved, .. } if solved == last),
                    "{query}: move {found}"
                );
            }
            ShogiWeb::play(&mut game, m).unwrap();
        }
        assert_eq!(
            ShogiWeb::outcome(&game).and_then(ShogiWeb::winner),
            Some(Colour::Black),
            "{query}"
        );
        solved += 1;
    }
    assert_eq!(solved, 32, "the lessons' two tsume and the file's thirty");
}

#[test]
fn a_shogi_board_opens_in_analysis_mode_with_its_sfen_and_usi_moves() {
    let c = config(&format!(
        "game=shogi&mode=analysis&sfen={}&orientation=white",
        GOLD_DROP_MATE.replace(' ', "_")
    ));
    assert_eq!(c.mode, Mode::Analysis);
    assert_eq!(c.orientation, Colour::White);
    assert_eq!(
        ShogiWeb::position_code(ShogiWeb::position(&c.game())),
        GOLD_DROP_MATE
    );
    let c = config("game=shogi&mode=analysis&moves=7g7f,3c3d,2g2f&ply=2");
    assert_eq!(c.moves, vec![usi("7g7f"), usi("3c3d"), usi("2g2f")]);
    assert_eq!(ShogiWeb::moves(&c.game()).len(), 2);
    // The board has no hint in this mode: refused as an unknown button is.
    assert_eq!(
        errors("game=shogi&mode=analysis&controls=hint,flip"),
        vec![(
            "controls".to_string(),
            "controls must be none, all or a list of undo, redo, flip, reset, moves; 'hint' is \
             not one of them"
                .to_string(),
            "embed.param.controlsUnknown"
        )]
    );
}
