//! A record through the game page, natively ([`App`] over [`ShogiWeb`] and [`JungleWeb`]): what
//! a loaded record says besides its moves ([`Notes`]: tags, comments, move times, KIF's
//! variations) survives the load, playing on, undo, a save and an export in every format that
//! carries it; a game played here exports the clock's time control and each move's time, and no
//! invented player names.

mod catalogue_common;

use catalogue_common::page_catalogue;
use common::tree::MoveTree;
use shogi::{Move, Record};
use tabula::web::app::{App, ClockChoice, Mode, NewGame, Settings};
use tabula::web::clock::{ClockKind, TimeControl};
use tabula::web::game::{Notes, Variations, WebGame};
use tabula::web::games::jungle::JungleWeb;
use tabula::web::games::shogi::{time_control_tag, ShogiWeb};
use tabula::web::i18n::Catalogue;

/// A KIF with every header the format maps, one it does not (`記録係`), comments before the
/// first move and after moves, each move's time, an ending and a variation.
const KIF: &str = "\
#KIF version=2.0 encoding=UTF-8
開始日時：2024/05/03 10:30:00
終了日時：2024/05/03 11:45:10
棋戦：第1回テスト杯
場所：東京・将棋会館
持ち時間：各10分(秒読み30秒)
戦型：角換わり
表題：記録のテスト
備考：変化あり
先手：羽生善治
後手：佐藤天彦
記録係：山田
手合割：平手
*対局前のコメント
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:12/00:00:12)
*初手のコメント
   2 ３四歩(33)   ( 0:05/00:00:05)
   3 ２二角成(88) ( 0:30/00:00:42)+
*角交換
*二つ目のコメント
   4 同　銀(31)   ( 0:02/00:00:07)
   5 ４五角打     ( 1:09/00:01:51)
   6 投了
まで5手で先手の勝ち

変化：3手
   3 ６六歩(67)   ( 0:20/00:00:32)
   4 ８四歩(83)
";

/// The header lines an export must carry, as written.
const HEADERS: [&str; 11] = [
    "開始日時：2024/05/03 10:30:00",
    "終了日時：2024/05/03 11:45:10",
    "棋戦：第1回テスト杯",
    "場所：東京・将棋会館",
    "持ち時間：各10分(秒読み30秒)",
    "戦型：角換わり",
    "表題：記録のテスト",
    "備考：変化あり",
    "先手：羽生善治",
    "後手：佐藤天彦",
    "記録係：山田",
];

fn site_texts() -> Catalogue {
    page_catalogue(&["", "jungle/"], None, None)
}

fn shogi_texts() -> Catalogue {
    page_catalogue(&[""], Some("shogi"), None)
}

fn choice(mode: &str, kind: &str, minutes: u32, seconds: u32) -> NewGame {
    NewGame {
        mode: mode.into(),
        level: 2,
        clock: ClockChoice {
            kind: kind.into(),
            minutes,
            seconds,
        },
        ..NewGame::default()
    }
}

fn shogi(mode: &str) -> App<ShogiWeb> {
    let mut app = App::<ShogiWeb>::new(shogi_texts(), Settings::default(), 1);
    app.now = 0.0;
    app.start_new(&choice(mode, "off", 10, 30), 2)
        .expect("a new game");
    app
}

fn usi(text: &str) -> Move {
    Move::parse_usi(text).expect("a USI move")
}

/// Plays USI moves as a player would, at the page's time `at` (ms) each.
fn play(app: &mut App<ShogiWeb>, moves: &[(&str, f64)]) {
    for &(m, at) in moves {
        app.now = at;
        app.play_human(usi(m), false);
    }
}

/// The record's tree read back from an export, and the moves of its lines.
fn lines(kif: &str) -> (Record, MoveTree<Move>) {
    Record::from_kif_tree(kif).unwrap_or_else(|e| panic!("{e}\n{kif}"))
}

#[test]
fn a_loaded_kif_keeps_its_headers_comments_times_and_variations_in_every_export() {
    let mut app = shogi("hotseat");
    app.load_text(KIF).expect("the record loads");
    assert_eq!(app.plies(), 5);
    let kif = app.record_in("kif");
    for header in HEADERS {
        assert!(kif.contains(&format!("{header}\n")), "{header}\n{kif}");
    }
    assert!(!kif.contains("Player"), "{kif}");
    for line in [
        "*対局前のコメント\n手数----指手",
        "   1 ７六歩(77)   ( 0:12/00:00:12)\n*初手のコメント\n",
        "   3 ２二角成(88) ( 0:30/00:00:42)\n*角交換\n*二つ目のコメント\n",
        "   5 ４五角打     ( 1:09/00:01:51)\n",
        "   6 投了\nまで5手で先手の勝ち\n\n変化：3手\n",
        "変化：3手\n   3 ６六歩(67)   ( 0:20/00:00:32)\n   4 ８四歩(83)\n",
    ] {
        assert!(kif.contains(line), "{line}\n{kif}");
    }
    // Read back, the export is the record read: the same tags, comments, times and tree.
    let (original, original_tree) = lines(KIF);
    let (exported, exported_tree) = lines(&kif);
    assert_eq!(exported.tags, original.tags);
    assert_eq!(exported.comments, original.comments);
    assert_eq!(exported.seconds, original.seconds);
    assert_eq!(exported.game.moves(), original.game.moves());
    assert!(exported_tree.same_moves(&original_tree));

    // CSA carries all but the variation: names, `$` headers, times, comments, the ending.
    let csa = app.record_in("csa");
    for line in [
        "N+羽生善治\n",
        "N-佐藤天彦\n",
        "$START_TIME:2024/05/03 10:30:00\n",
        "$END_TIME:2024/05/03 11:45:10\n",
        "$EVENT:第1回テスト杯\n",
        "$SITE:東京・将棋会館\n",
        "$TIME_LIMIT:各10分(秒読み30秒)\n",
        "$OPENING:角換わり\n",
        "$Title:記録のテスト\n",
        "$Note:変化あり\n",
        "$記録係:山田\n",
        "'*対局前のコメント\n+7776FU\nT12\n'*初手のコメント\n",
        "+8822UM\nT30\n'*角交換\n'*二つ目のコメント\n",
        "+0045KA\nT69\n%TORYO\n",
    ] {
        assert!(csa.contains(line), "{line}\n{csa}");
    }
    let from_csa = Record::from_csa(&csa).expect("the CSA reads back");
    assert_eq!(from_csa.comments, original.comments);
    assert_eq!(from_csa.seconds, original.seconds);
    assert_eq!(from_csa.tags.len(), original.tags.len());

    // The save keeps them too: read back as a page reload reads it.
    let saved = app.record_text();
    let game = ShogiWeb::read_saved(&saved).expect("the save reads");
    assert_eq!(game.moves(), app.game.moves());
    let notes = ShogiWeb::read_notes(&saved);
    assert_eq!(notes.tags, app.notes.tags);
    assert_eq!(notes.comments, app.notes.comments);
    assert_eq!(notes.seconds, app.notes.seconds);
    assert_eq!(notes.variations, app.notes.variations);
    let variations = notes.variations.expect("the variation");
    assert_eq!(
        variations.text,
        "変化：3手\n   3 ６六歩(67)   ( 0:20/00:00:32)\n   4 ８四歩(83)"
    );
    assert!(!variations.at_end);
    assert_eq!(variations.line, app.game.moves());
}

#[test]
fn undoing_a_load_brings_back_the_notes_it_replaced_and_a_new_game_has_none() {
    let mut app = shogi("hotseat");
    play(&mut app, &[("2g2f", 0.0)]);
    app.load_text(KIF).expect("the record loads");
    assert!(!app.notes.tags.is_empty());
    app.undo();
    assert_eq!(app.plies(), 1);
    assert_eq!(app.notes, Notes::default());
    app.redo();
    assert_eq!(app.notes.tags.get("Event"), Some("第1回テスト杯"));
    app.start_new(&choice("hotseat", "off", 10, 30), 3).unwrap();
    assert_eq!(app.notes, Notes::default());
    // Text that is no record has no notes; nor has a bare position.
    assert_eq!(ShogiWeb::read_notes("nonsense"), Notes::default());
    assert_eq!(
        ShogiWeb::read_notes("4k4/9/9/9/9/9/9/9/4K4 b G 1"),
        Notes::default()
    );
}

#[test]
fn playing_on_drops_what_stood_after_the_replaced_move_and_redo_keeps_it() {
    let record = KIF.replace("   6 投了\nまで5手で先手の勝ち\n", "");
    let loaded = || {
        let mut app = shogi("hotseat");
        app.load_text(&record).expect("the record loads");
        app
    };
    let mut app = loaded();
    assert_eq!(app.outcome(), None);
    // The game goes on past the record: the variations still branch from it.
    play(&mut app, &[("9c9d", 0.0)]);
    let kif = app.record_in("kif");
    assert!(kif.contains("   6 ９四歩(93)\n\n変化：3手\n"), "{kif}");
    lines(&kif);
    // Taken back (undo now takes back moves rather than the load): the record as loaded.
    app.undo();
    assert_eq!(app.record_in("kif"), loaded().record_in("kif"));
    // Undo and redo: nothing is lost.
    app.undo();
    app.undo();
    app.redo();
    app.redo();
    assert_eq!(app.record_in("kif"), loaded().record_in("kif"));
    // Undo shows the game shorter: what stands after its end is not written, nor are the
    // variations (they may branch from moves it no longer has).
    app.undo();
    app.undo();
    let kif = app.record_in("kif");
    assert!(kif.contains("*角交換"), "{kif}");
    assert!(!kif.contains("４五角打"), "{kif}");
    assert!(!kif.contains("変化："), "{kif}");
    // The same move again by hand is no new line: its comments and time stay.
    app.undo();
    play(&mut app, &[("8h2b+", 0.0)]);
    assert_eq!(app.notes.seconds[2], Some(30));
    assert!(app.record_in("kif").contains("*角交換"));
    app.redo();
    app.redo();
    assert_eq!(app.record_in("kif"), loaded().record_in("kif"));
    // Another move replaces the line: what stood after it goes, and the variations with it.
    app.undo();
    app.undo();
    app.undo();
    play(&mut app, &[("2g2f", 0.0)]);
    assert_eq!(app.notes.seconds, [Some(12), Some(5)]);
    assert_eq!(app.notes.comments.len(), 2);
    let kif = app.record_in("kif");
    assert!(!kif.contains("角交換") && !kif.contains("変化："), "{kif}");
    assert!(kif.contains("   3 ２六歩(27)\n"), "{kif}");
    let (read, _) = lines(&kif);
    assert_eq!(read.game.moves(), app.game.moves());
    // Saved so, the record keeps no variations.
    assert_eq!(ShogiWeb::read_notes(&app.record_text()).variations, None);
}

/// A variation in place of the record's ending word needs the ending: written where the game
/// ends there too, or goes on past it.
#[test]
fn a_variation_in_place_of_the_ending_is_kept_only_where_it_fits() {
    let with_end = |word: &str| {
        KIF.replace(
            "   6 投了\nまで5手で先手の勝ち\n\n変化：3手\n   3 ６六歩(67)   ( 0:20/00:00:32)\n   4 ８四歩(83)\n",
            &format!("   6 {word}\n\n変化：6手\n   6 ８四歩(83)\n"),
        )
    };
    // Resigned: the page keeps the ending, and the variation with it.
    let mut app = shogi("hotseat");
    app.load_text(&with_end("投了")).unwrap();
    let notes = app.notes.variations.clone().expect("the variation");
    assert!(notes.at_end);
    let kif = app.record_in("kif");
    assert!(
        kif.contains("   6 投了\nまで5手で先手の勝ち\n\n変化：6手\n   6 ８四歩(83)\n"),
        "{kif}"
    );
    lines(&kif);
    // Interrupted: the page's game does not keep that ending, so the variation waits for a
    // sixth move.
    let mut app = shogi("hotseat");
    app.load_text(&with_end("中断")).unwrap();
    let kif = app.record_in("kif");
    assert!(!kif.contains("変化："), "{kif}");
    lines(&kif);
    play(&mut app, &[("9c9d", 0.0)]);
    let kif = app.record_in("kif");
    assert!(
        kif.contains("   6 ９四歩(93)\n\n変化：6手\n   6 ８四歩(83)\n"),
        "{kif}"
    );
    let (_, tree) = lines(&kif);
    assert_eq!(tree.children(5).len(), 2, "{kif}");
    // The rule itself.
    let variations = Variations {
        line: vec![1, 2],
        at_end: true,
        text: String::new(),
    };
    assert!(variations.fit(&[1, 2], true));
    assert!(!variations.fit(&[1, 2], false));
    assert!(variations.fit(&[1, 2, 3], false));
    assert!(!variations.fit(&[1], true));
    assert!(!variations.fit(&[1, 3, 4], true));
    let variations = Variations {
        at_end: false,
        ..variations
    };
    assert!(variations.fit(&[1, 2], false));
}

#[test]
fn two_players_here_are_not_named_and_the_ai_and_you_are() {
    let app = shogi("hotseat");
    let kif = app.record_in("kif");
    assert!(!kif.contains("先手："), "{kif}");
    assert!(!kif.contains("後手："), "{kif}");
    assert!(!kif.contains("Player"), "{kif}");
    let csa = app.record_in("csa");
    assert!(!csa.contains("N+") && !csa.contains("N-"), "{csa}");
    let app = shogi("vsAi");
    assert!(matches!(app.mode, Mode::VsAi { level: 2, .. }));
    let kif = app.record_in("kif");
    assert!(kif.contains("先手：You\n"), "{kif}");
    assert!(kif.contains("後手：AI · level 2\n"), "{kif}");
    // Neither goes into the save: it would stay in the language it was saved in.
    assert!(!app.record_text().contains("先手"));
    // A loaded record's names win over the page's.
    let mut app = shogi("vsAi");
    app.load_text(KIF).unwrap();
    let kif = app.record_in("kif");
    assert!(
        kif.contains("先手：羽生善治\n") && !kif.contains("You"),
        "{kif}"
    );
}

#[test]
fn a_game_with_a_clock_exports_each_moves_time_and_the_time_control() {
    let mut app = App::<ShogiWeb>::new(shogi_texts(), Settings::default(), 1);
    app.now = 0.0;
    app.start_new(&choice("hotseat", "byoyomi", 10, 30), 1)
        .unwrap();
    // Sente thinks 4.9 s, gote 65.2 s, sente 0.3 s.
    play(
        &mut app,
        &[("7g7f", 4_900.0), ("3c3d", 70_100.0), ("2g2f", 70_400.0)],
    );
    assert_eq!(app.notes.seconds, [Some(4), Some(65), Some(0)]);
    let kif = app.record_in("kif");
    assert!(kif.contains("持ち時間：10分+30秒\n"), "{kif}");
    assert!(
        kif.contains("   1 ７六歩(77)   ( 0:04/00:00:04)\n"),
        "{kif}"
    );
    assert!(
        kif.contains("   2 ３四歩(33)   ( 1:05/00:01:05)\n"),
        "{kif}"
    );
    assert!(
        kif.contains("   3 ２六歩(27)   ( 0:00/00:00:04)\n"),
        "{kif}"
    );
    let csa = app.record_in("csa");
    assert!(csa.contains("$TIME_LIMIT:00:10+30\n"), "{csa}");
    assert!(
        csa.contains("+7776FU\nT4\n-3334FU\nT65\n+2726FU\nT0\n"),
        "{csa}"
    );
    // The save keeps the times (the clock itself is saved beside the record).
    let notes = ShogiWeb::read_notes(&app.record_text());
    assert_eq!(notes.seconds, app.notes.seconds);
    // An increment is said so in KIF; CSA's time limit cannot say one.
    let mut app = App::<ShogiWeb>::new(shogi_texts(), Settings::default(), 1);
    app.start_new(&choice("hotseat", "fischer", 5, 3), 1)
        .unwrap();
    assert!(app.record_in("kif").contains("持ち時間：5分+3秒加算\n"));
    assert!(!app.record_in("csa").contains("$TIME_LIMIT"));
    // Without a clock the moves have no time.
    let mut app = shogi("hotseat");
    play(&mut app, &[("7g7f", 5_000.0)]);
    assert!(app.notes.seconds.is_empty());
    assert!(!app.record_in("kif").contains("持ち時間"));
}

#[test]
fn time_controls_are_written_as_each_format_writes_them() {
    let control = |kind, main_s: f64, extra_s: f64| TimeControl {
        kind,
        main_ms: main_s * 1000.0,
        extra_ms: extra_s * 1000.0,
    };
    let tag = |control: TimeControl, format: &str| time_control_tag(&control, format);
    let byoyomi = control(ClockKind::Byoyomi, 600.0, 30.0);
    assert_eq!(tag(byoyomi, "kif").as_deref(), Some("10分+30秒"));
    assert_eq!(tag(byoyomi, "csa").as_deref(), Some("00:10+30"));
    let long = control(ClockKind::Byoyomi, 5400.0, 60.0);
    assert_eq!(tag(long, "kif").as_deref(), Some("90分+60秒"));
    assert_eq!(tag(long, "csa").as_deref(), Some("01:30+60"));
    let only_byoyomi = control(ClockKind::Byoyomi, 0.0, 10.0);
    assert_eq!(tag(only_byoyomi, "kif").as_deref(), Some("0分+10秒"));
    assert_eq!(tag(only_byoyomi, "csa").as_deref(), Some("00:00+10"));
    let sudden_death = control(ClockKind::Byoyomi, 900.0, 0.0);
    assert_eq!(tag(sudden_death, "kif").as_deref(), Some("15分"));
    assert_eq!(tag(sudden_death, "csa").as_deref(), Some("00:15+00"));
    let fischer = control(ClockKind::Fischer, 600.0, 5.0);
    assert_eq!(tag(fischer, "kif").as_deref(), Some("10分+5秒加算"));
    assert_eq!(tag(fischer, "csa"), None);
}

#[test]
fn notes_drop_what_a_new_move_replaces_and_keep_what_redo_plays_again() {
    let mut notes: Notes<u8> = Notes {
        comments: vec![(0, "start".into()), (1, "a".into()), (2, "b".into())],
        seconds: vec![Some(1), Some(2), Some(3)],
        ..Notes::default()
    };
    notes.played(1, None, true);
    assert_eq!(notes.seconds, [Some(1), Some(2), Some(3)]);
    assert_eq!(notes.comments.len(), 3);
    notes.played(1, Some(9), true);
    assert_eq!(notes.seconds, [Some(1), Some(9), Some(3)]);
    notes.played(1, None, false);
    assert_eq!(notes.seconds, [Some(1)]);
    assert_eq!(notes.comments, [(0, "start".into()), (1, "a".into())]);
    // A timed move after untimed ones: the others stay unknown.
    notes.played(3, Some(7), false);
    assert_eq!(notes.seconds, [Some(1), None, None, Some(7)]);
}

/// Jungle's record carries tags (its comments are skipped, and it has no times); the page keeps
/// the tags (not its variations, which stand among the moves).
#[test]
fn a_jungle_record_keeps_its_tags() {
    const RECORD: &str = "[Event \"Club night\"]\n[Site \"Taipei\"]\n[Date \"2024.05.03\"]\n\
        [Black \"Ada\"]\n[White \"Lin\"]\n[Round \"3\"]\n[Result \"*\"]\n\n\
        1. a3a4 g7g6 (1... a7a6 2. a4a5) 2. c3d3 *\n";
    let mut app = App::<JungleWeb>::new(site_texts(), Settings::default(), 1);
    app.start_new(&choice("vsAi", "off", 5, 3), 2).unwrap();
    app.load_text(RECORD).expect("the record loads");
    let exported = app.record_in("record");
    for tag in [
        "[Event \"Club night\"]",
        "[Site \"Taipei\"]",
        "[Date \"2024.05.03\"]",
        "[Black \"Ada\"]",
        "[White \"Lin\"]",
        "[Round \"3\"]",
    ] {
        assert!(exported.contains(tag), "{tag}\n{exported}");
    }
    assert!(!exported.contains("You"), "{exported}");
    assert!(exported.contains("1. a3a4 g7g6 2. c3d3 *"), "{exported}");
    let notes = JungleWeb::read_notes(&app.record_text());
    assert_eq!(notes.tags, app.notes.tags);
    assert_eq!(notes.variations, None);
    // Two players here: no names; a clock: PGN's time control.
    let mut app = App::<JungleWeb>::new(site_texts(), Settings::default(), 1);
    app.start_new(&choice("hotseat", "fischer", 5, 3), 2)
        .unwrap();
    let exported = app.record_in("record");
    assert!(
        !exported.contains("[Black") && !exported.contains("Player"),
        "{exported}"
    );
    assert!(exported.contains("[TimeControl \"300+3\"]"), "{exported}");
    app.start_new(&choice("hotseat", "byoyomi", 5, 10), 2)
        .unwrap();
    let exported = app.record_in("record");
    assert!(
        exported.contains("[TimeControl \"300\"]\n[Byoyomi \"10\"]"),
        "{exported}"
    );
}
