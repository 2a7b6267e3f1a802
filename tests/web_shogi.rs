//! Shogi on the site's game page, natively: the web adapter ([`ShogiWeb`]) and the page's game
//! flow ([`App`]) over it — cells and squares, the scene with its hands, drops and the
//! promotion choice by cells, refusals with the rules' message, the texts a screen reader
//! hears, the notations, the formats through a load, and the new-game dialog's fields.

mod catalogue_common;

use catalogue_common::page_catalogue;
use shogi::{Game, Move, PieceKind, Position, Square};
use tabula::web::app::{App, Effect, LoadError, NewGame, Settings};
use tabula::web::board_view::{Token, TokenColour};
use tabula::web::embed::Lang;
use tabula::web::game::{hand_cell, Colour, FieldValue, Look, WebGame};
use tabula::web::games::shogi::{cell_of, square_of, ShogiWeb, INTERNATIONAL, KANJI};
use tabula::web::i18n::Catalogue;

/// The shogi page's catalogue in English (the site's and the game's), or over it `lang`'s.
fn texts(lang: Option<&str>) -> Catalogue {
    page_catalogue(&[""], Some("shogi"), lang)
}

fn hotseat() -> App<ShogiWeb> {
    let mut app = App::<ShogiWeb>::new(texts(None), Settings::default(), 1);
    let choice = NewGame {
        mode: "hotseat".into(),
        ..NewGame::default()
    };
    app.start_new(&choice, 1).expect("the standard rules");
    app
}

fn cell(name: &str) -> usize {
    cell_of(Square::parse(name).expect("a square"))
}

fn usi(text: &str) -> Move {
    Move::parse_usi(text).expect("a USI move")
}

/// Plays moves by their cells, as clicks would.
fn click_moves(app: &mut App<ShogiWeb>, moves: &[&str]) {
    for m in moves {
        let (from, to) = (cell(&m[0..2]), cell(&m[2..4]));
        app.select(from);
        app.move_between(from, to, false);
    }
}

fn announcements(app: &App<ShogiWeb>) -> Vec<String> {
    app.effects
        .iter()
        .filter_map(|e| match e {
            Effect::Announce(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

const LOOK: Look = Look {
    board: "kaya",
    pieces: KANJI,
    notation: "western",
    lang: Lang::En,
};

#[test]
fn cells_are_the_board_as_sente_sees_it_and_name_their_squares_in_usi() {
    // 9i is bottom-left, 1i bottom-right, 9a top-left, 1a top-right.
    assert_eq!(cell("9i"), 0);
    assert_eq!(cell("1i"), 8);
    assert_eq!(cell("9a"), 72);
    assert_eq!(cell("1a"), 80);
    for square in Square::all() {
        assert_eq!(square_of(cell_of(square)), Some(square));
        assert_eq!(ShogiWeb::cell_name(cell_of(square)), square.to_string());
    }
    // The hands come after the board: sente's 7 slots, then gote's.
    assert_eq!(hand_cell(&ShogiWeb::SHAPE, Colour::Black, 0), 81);
    assert_eq!(hand_cell(&ShogiWeb::SHAPE, Colour::White, 6), 94);
    assert_eq!(square_of(81), None);
    assert_eq!(ShogiWeb::SHAPE.all_cells(), 95);
}

#[test]
fn the_start_scene_has_forty_pieces_each_facing_its_owner_and_empty_hands() {
    let scene = ShogiWeb::scene(&Position::start(), &LOOK);
    let pieces: Vec<&Token> = scene.tokens.iter().flatten().collect();
    assert_eq!(pieces.len(), 40);
    assert!(scene.hands.is_empty());
    assert_eq!(scene.check, None);
    let koma = |name: &str| match scene.tokens[cell(name)].as_ref() {
        Some(Token::Koma(koma)) => koma.clone(),
        other => panic!("no piece on {name}: {other:?}"),
    };
    // Sente's pieces are the dark (bottom) player's; the kings are written differently.
    assert_eq!(koma("5i").colour, TokenColour::Dark);
    assert_eq!(koma("5i").glyph, "玉");
    assert_eq!(koma("5a").colour, TokenColour::Light);
    assert_eq!(koma("5a").glyph, "王");
    assert_eq!((koma("8h").glyph, koma("8h").letter), ("角", "B"));
    assert!(
        koma("7g").size < koma("5i").size,
        "a pawn is smaller than the king"
    );
    // Files 9…1 left to right as sente sees them; ranks a…i from the top.
    let (files, ranks) = ShogiWeb::coordinates();
    let texts = texts(None);
    let files: Vec<String> = files.iter().map(|v| texts.value(v)).collect();
    let ranks: Vec<String> = ranks.iter().map(|v| texts.value(v)).collect();
    assert_eq!(files, ["9", "8", "7", "6", "5", "4", "3", "2", "1"]);
    assert_eq!(ranks, ["i", "h", "g", "f", "e", "d", "c", "b", "a"]);
    let japanese = self::texts(Some("ja"));
    assert_eq!(japanese.value(&ShogiWeb::coordinates().1[8]), "一");
}

#[test]
fn a_promotion_the_rules_leave_open_is_offered_and_the_choice_is_played() {
    let mut app = hotseat();
    click_moves(&mut app, &["7g7f", "3c3d"]);
    assert_eq!(app.game.moves().len(), 2);
    // The bishop takes on 2b, inside the zone: promoting and not are both legal.
    app.select(cell("8h"));
    app.effects.clear();
    app.move_between(cell("8h"), cell("2b"), false);
    let offer = app.offer.clone().expect("a choice is offered");
    assert_eq!(offer.moves, vec![usi("8h2b+"), usi("8h2b")]);
    assert_eq!(
        app.game.moves().len(),
        2,
        "nothing is played before the choice"
    );
    // The choice shows the horse and the bishop on the square.
    let scene = tabula::web::games::shogi::ShogiWeb::moved_token(
        ShogiWeb::position(&app.game),
        offer.moves[0],
        &LOOK,
    );
    assert!(matches!(scene, Some(Token::Koma(k)) if k.glyph == "馬" && k.promoted));
    app.choose(Some(0));
    assert_eq!(app.game.moves().last(), Some(&usi("8h2b+")));
    assert!(app.offer.is_none());
    // The capture put a bishop in sente's hand.
    assert_eq!(
        ShogiWeb::position(&app.game)
            .hand(shogi::Side::Black)
            .count(PieceKind::Bishop),
        1
    );
    let spoken = announcements(&app);
    assert!(
        spoken
            .iter()
            .any(|t| t.starts_with("Sente: bishop 8h takes bishop on 2b, promotes")),
        "{spoken:?}"
    );
}

#[test]
fn a_forced_promotion_is_not_offered() {
    // Sente's pawn on 2b goes to 2a: only the promotion is legal.
    let mut app = hotseat();
    app.load_text("4k4/7P1/9/9/9/9/9/9/4K4 b - 1")
        .expect("a position");
    app.select(cell("2b"));
    app.move_between(cell("2b"), cell("2a"), false);
    assert!(app.offer.is_none());
    assert_eq!(app.game.moves(), &[usi("2b2a+")]);
}

#[test]
fn a_piece_in_hand_is_selected_like_a_square_and_dropped_on_a_destination() {
    let mut app = hotseat();
    // Sente has a pawn and a gold in hand.
    app.load_text("4k4/9/9/9/9/9/9/9/4K4 b GP 1")
        .expect("a position");
    let pawn = hand_cell(&ShogiWeb::SHAPE, Colour::Black, 6);
    let gote_pawn = hand_cell(&ShogiWeb::SHAPE, Colour::White, 6);
    assert!(app.movable(pawn));
    assert!(!app.movable(gote_pawn), "an empty slot holds nothing");
    app.select(pawn);
    let destinations = app.destinations();
    // Any empty square but the last rank's: 81, less the two kings and rank a's other eight.
    assert_eq!(destinations.len(), 81 - 2 - 8);
    assert!(!destinations.contains(&cell("5a")));
    let scene = app.scene();
    assert_eq!(scene.selected, Some(pawn));
    app.move_between(pawn, cell("5e"), false);
    assert_eq!(app.game.moves(), &[usi("P*5e")]);
    // The move's cells: from the hand slot to the square.
    assert_eq!(
        ShogiWeb::move_cells(&ShogiWeb::positions(&app.game)[0], usi("P*5e")),
        (pawn, cell("5e"))
    );
}

#[test]
fn an_illegal_drop_is_refused_with_the_rule_it_breaks() {
    let mut app = hotseat();
    // Sente has a pawn on 5g and one in hand: a second on file 5 is nifu.
    app.load_text("4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
        .expect("a position");
    let pawn = hand_cell(&ShogiWeb::SHAPE, Colour::Black, 6);
    app.select(pawn);
    app.effects.clear();
    app.attempt(pawn, cell("5e"));
    let toast = app
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::Toast(text) => Some(text.clone()),
            _ => None,
        })
        .expect("a refusal");
    assert_eq!(toast, "Not allowed: two unpromoted pawns on file 5 (nifu)");
    assert!(app.game.moves().is_empty());
}

#[test]
fn pressing_the_opponents_piece_says_whose_it_is_in_the_pages_language() {
    let app = hotseat();
    assert_eq!(
        app.why_not_movable(cell("5a")),
        "That is Gote's king: pick one of Sente's pieces."
    );
    let label = app.say(&ShogiWeb::cell_label(
        ShogiWeb::position(&app.game),
        cell("7g"),
    ));
    assert_eq!(label, "7g, Sente's pawn");
}

#[test]
fn the_move_list_speaks_western_or_japanese() {
    let mut app = hotseat();
    click_moves(&mut app, &["7g7f", "3c3d", "2g2f", "4a3b"]);
    assert_eq!(app.move_texts(), ["P-7f", "P-3d", "P-2f", "G-3b"]);
    app.settings.notation = "japanese".into();
    assert_eq!(
        app.move_texts(),
        ["▲７六歩", "△３四歩", "▲２六歩", "△３二金"]
    );
    // KIF's form names the origin; the numeric Western form writes ranks as numbers.
    click_moves(&mut app, &["8h2b"]);
    app.choose(Some(0));
    app.settings.notation = "kif".into();
    assert_eq!(
        app.move_texts(),
        [
            "７六歩(77)",
            "３四歩(33)",
            "２六歩(27)",
            "３二金(41)",
            "２二角成(88)"
        ]
    );
    app.settings.notation = "numeric".into();
    assert_eq!(app.move_texts(), ["P-76", "P-34", "P-26", "G-32", "Bx22+"]);
}

#[test]
fn a_japanese_reader_sees_japanese_notation_until_choosing_another() {
    let mut app = hotseat();
    click_moves(&mut app, &["7g7f"]);
    app.lang = Lang::Ja;
    assert_eq!(app.move_texts(), ["▲７六歩"]);
    app.settings.notation = "western".into();
    assert_eq!(app.move_texts(), ["P-7f"]);
    app.lang = Lang::En;
    app.settings.notation = String::new();
    assert_eq!(app.move_texts(), ["P-7f"]);
}

#[test]
fn a_kif_record_loads_and_a_bare_sfen_keeps_the_rules() {
    let mut app = hotseat();
    click_moves(&mut app, &["7g7f"]);
    let kif = app.record_in("kif");
    assert!(kif.contains("７六歩"), "{kif}");
    let mut other = hotseat();
    other.load_text(&kif).expect("our own KIF");
    assert_eq!(other.game.moves(), app.game.moves());
    // Undo brings back the game the load replaced.
    other.undo();
    assert!(other.game.moves().is_empty());
    // Nothing to load, and an unreadable text with the reader's message.
    assert_eq!(other.load_text("  "), Err(LoadError::Nothing));
    let error = other.load_text("lnsgkgsnl/9 b - 1").unwrap_err();
    assert!(
        matches!(&error, LoadError::Unreadable(message) if message.contains("9 ranks")),
        "{error:?}"
    );
    // A saved game reads back whole.
    let saved = ShogiWeb::read_saved(&app.record_text()).expect("a save reads back");
    assert_eq!(saved.moves(), app.game.moves());
}

#[test]
fn a_handicap_game_starts_with_gote_to_move_without_the_pieces() {
    let game: Game = ShogiWeb::new_game("standard", "2-piece").expect("a handicap");
    let position = ShogiWeb::position(&game);
    assert_eq!(ShogiWeb::side_to_move(position), Colour::White);
    assert!(position.piece_at(Square::parse("8b").unwrap()).is_none());
    assert!(ShogiWeb::new_game("standard", "queen").is_err());
    assert!(ShogiWeb::start_ok("rook-lance"));
    assert!(!ShogiWeb::start_ok("queen"));
}

#[test]
fn the_rules_fields_write_the_ruleset_they_show() {
    let fields = ShogiWeb::rule_fields("impasse=off,maxmoves=256");
    assert_eq!(
        fields,
        vec![
            ("rule-impasse", FieldValue::Checked(false)),
            ("rule-maxmoves", FieldValue::Chosen("256".into())),
        ]
    );
    let read = |id: &str| {
        fields
            .iter()
            .find(|(name, _)| *name == id)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(ShogiWeb::rules_of_fields(&read), "impasse=off,maxmoves=256");
    let defaults = ShogiWeb::rule_fields("standard");
    let read = |id: &str| {
        defaults
            .iter()
            .find(|(name, _)| *name == id)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(ShogiWeb::rules_of_fields(&read), "standard");
}

#[test]
fn the_default_piece_set_is_kanji_only_for_japanese_readers() {
    assert_eq!(ShogiWeb::default_pieces(Lang::Ja), KANJI);
    assert_eq!(ShogiWeb::default_pieces(Lang::De), INTERNATIONAL);
    let mut app = hotseat();
    assert_eq!(app.look().pieces, INTERNATIONAL);
    app.settings.pieces = KANJI.into();
    assert_eq!(app.look().pieces, KANJI);
}

#[test]
fn the_two_kanji_set_writes_each_piece_by_its_full_name_and_the_board_takes_its_wood() {
    let mut app = hotseat();
    app.settings.pieces = "kanji2".into();
    app.settings.board = "walnut".into();
    let look = app.look();
    assert_eq!((look.pieces, look.board), ("kanji2", "walnut"));
    let scene = ShogiWeb::scene(&Position::start(), &look);
    let glyph = |name: &str| match scene.tokens[cell(name)].as_ref() {
        Some(Token::Koma(koma)) => koma.glyph,
        other => panic!("no piece on {name}: {other:?}"),
    };
    assert_eq!(glyph("7g"), "歩兵");
    assert_eq!(glyph("2h"), "飛車");
    assert_eq!((glyph("5i"), glyph("5a")), ("玉将", "王将"));
    // Each board its own wood; an unknown board is kaya, the first.
    let kaya = ShogiWeb::scene(&Position::start(), &LOOK).wood;
    assert_ne!(scene.wood, kaya);
    app.settings.board = "marble".into();
    assert_eq!(app.look().board, "kaya");
    assert_eq!(ShogiWeb::scene(&Position::start(), &app.look()).wood, kaya);
}

#[test]
fn one_undo_after_a_resignation_takes_back_the_resignation_alone() {
    let mut app = hotseat();
    click_moves(&mut app, &["7g7f", "3c3d"]);
    app.resign();
    assert!(app.game.outcome().is_some(), "sente resigned");
    assert!(app.can_undo());
    app.undo();
    assert!(app.game.outcome().is_none(), "the game goes on");
    assert_eq!(app.game.moves(), &[usi("7g7f"), usi("3c3d")]);
    // The next undo takes back a move, as before.
    app.undo();
    assert_eq!(app.game.moves(), &[usi("7g7f")]);
}

#[test]
fn a_resignation_before_any_move_can_be_taken_back() {
    let mut app = hotseat();
    app.resign();
    assert!(app.game.outcome().is_some());
    assert!(app.can_undo());
    app.undo();
    assert!(app.game.outcome().is_none());
    assert!(!app.can_undo(), "nothing left to take back");
}

#[test]
fn a_new_game_over_one_in_progress_keeps_it_for_undo() {
    let mut app = hotseat();
    click_moves(&mut app, &["7g7f", "3c3d"]);
    app.effects.clear();
    let choice = NewGame {
        mode: "hotseat".into(),
        ..NewGame::default()
    };
    app.start_new(&choice, 2).expect("the standard rules");
    assert!(app.game.moves().is_empty());
    let english = texts(None);
    assert!(
        app.effects
            .iter()
            .any(|e| matches!(e, Effect::Toast(t) if *t == english.text("newGame.started"))),
        "the player is told undo brings the game back"
    );
    app.undo();
    assert_eq!(app.game.moves(), &[usi("7g7f"), usi("3c3d")]);
    assert!(app
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Toast(t) if *t == english.text("newGame.undone"))));
    // Redo starts the new game again; a move then makes undo about moves again.
    app.redo();
    assert!(app.game.moves().is_empty());
    click_moves(&mut app, &["2g2f"]);
    app.undo();
    assert!(app.game.moves().is_empty());
    // A new game over a finished one, or over an empty one, keeps nothing.
    app.start_new(&choice, 3).expect("the standard rules");
    assert!(!app.can_undo());
}

#[test]
fn a_plural_choice_takes_the_form_for_its_number() {
    // The review's summary, in the analysis board's own catalogue.
    let catalogue = |lang: &str| page_catalogue(&["analysis/"], None, Some(lang));
    let texts = catalogue("en");
    let summary = |n: &str| {
        texts.format(
            "review.summary",
            &[
                ("side", "Sente"),
                ("accuracy", "90"),
                ("inaccuracies", n),
                ("mistakes", "0"),
                ("blunders", "2"),
            ],
        )
    };
    assert_eq!(
        summary("1"),
        "Sente: accuracy 90% · 1 inaccuracy, 0 mistakes, 2 blunders"
    );
    assert_eq!(
        summary("3"),
        "Sente: accuracy 90% · 3 inaccuracies, 0 mistakes, 2 blunders"
    );
    let german = catalogue("de");
    let one = german.format(
        "review.summary",
        &[
            ("side", "Sente"),
            ("accuracy", "90"),
            ("inaccuracies", "1"),
            ("mistakes", "1"),
            ("blunders", "1"),
        ],
    );
    assert!(
        one.ends_with("1 Ungenauigkeit, 1 Fehler, 1 grober Fehler"),
        "{one}"
    );
}

#[test]
fn the_move_list_as_the_page_shows_it_loads_in_every_notation() {
    let expected = [usi("7g7f"), usi("3c3d"), usi("8h2b+"), usi("3a2b")];
    for list in [
        "▲７六歩 △３四歩 ▲２二角成 △同　銀",
        "1. P-7f 2. P-3d 3. Bx2b+ 4. Sx2b",
        "７六歩(77) ３四歩(33) ２二角成(88) 同　銀(31)",
        "P-76\nP-34\nBx22+\nSx22",
        "7g7f 3c3d 8h2b+ 3a2b",
    ] {
        let mut app = hotseat();
        app.load_text(list)
            .unwrap_or_else(|e| panic!("{list}: {e:?}"));
        assert_eq!(app.game.moves(), &expected, "{list}");
    }
    // A word that is no legal move refuses the whole list with the record's reason.
    let mut app = hotseat();
    let error = app.load_text("P-7f P-3d P-9z").unwrap_err();
    assert!(matches!(error, LoadError::Unreadable(_)), "{error:?}");
    assert!(app.game.moves().is_empty());
}

/// The AI worker's levels are the ones the engine's matches measured.
mod ai_worker_levels {
    use engine::config::EngineConfig;
    use engine::{SearchGame, SearchOptions};
    use jungle::ai::Jungle;
    use shogi::ai::Shogi;
    use tabula::web::ai_worker::{job_level, SearchJob};
    use tabula::web::games::jungle::JungleWeb;
    use tabula::web::games::shogi::ShogiWeb;

    fn job(level: u8, hint: bool) -> SearchJob {
        SearchJob {
            id: 1,
            record: String::new(),
            level,
            seed: 9,
            hint,
            budget_ms: None,
        }
    }

    /// The options `match --a level=<level>` plays with, seeded with `seed`.
    fn match_options<G: SearchGame>(level: u8, seed: u64) -> SearchOptions {
        let config = EngineConfig::<G>::parse(&format!("level={level}")).expect("a config");
        config.level.options(config.options, seed)
    }

    #[test]
    fn the_browser_ai_searches_as_the_measured_matches_do() {
        // Shogi's pruning (futility, reductions, ProbCut …) is what its matches measured; the
        // worker once searched with the generic defaults instead.
        for level in 1..=5 {
            let (settings, options) = job_level::<ShogiWeb>(&job(level, false), 77);
            assert_eq!(settings.level, level);
            assert_eq!(options, match_options::<Shogi>(level, 77));
            let (_, options) = job_level::<JungleWeb>(&job(level, false), 77);
            assert_eq!(options, match_options::<Jungle>(level, 77));
        }
        let (_, options) = job_level::<ShogiWeb>(&job(5, false), 77);
        assert!(options.futility > 0 && options.probcut > 0 && options.log_reductions);
    }

    #[test]
    fn a_hint_uses_the_full_engine_whatever_the_level() {
        let (settings, options) = job_level::<ShogiWeb>(&job(1, true), 5);
        assert_eq!(settings.level, 5);
        assert_eq!(settings.eval_noise, 0);
        assert_eq!(options, match_options::<Shogi>(5, 5));
    }
}
