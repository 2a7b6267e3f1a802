//! Shogi records (`shogi::record`): real KIF and CSA files (UTF-8 and Shift_JIS), board
//! diagrams and handicaps, every ending word, the USI `position` line, every kind of error
//! with its line, and round trips of random games through every format.

mod shogi_common;

use shogi::record::{decode, Format, RecordErrorKind};
use shogi::{
    DeclarationError, DrawReason, Game, Handicap, IllegalMove, ImpasseError, NotationError,
    Outcome, PieceKind, Position, PositionError, Record, RecordError, RecordedEnd, Ruleset, Side,
    WinReason,
};
use shogi_common::{mv, play_all, pos, random_record, sq, Rng};

/// The bishop-exchange opening of the KIF below, in USI.
const KAKUGAWARI: &str = "7g7f 8c8d 2g2f 4a3b 6i7h 8d8e 8h7g 3c3d 7i8h 2b7g+ 8h7g 3a2b 3i4h";

/// A KIF file as Kifu for Windows saves it (here in UTF-8; `tests/data/shogi` holds the same
/// file in Shift_JIS with CRLF line ends, written by Python's codec).
const KIF: &str = "# ---- Kifu for Windows V7 V7.50 棋譜ファイル ----
開始日時：2024/05/03 10:30:00
棋戦：練習対局
持ち時間：各10分
手合割：平手　　
先手：山田太郎
後手：佐藤花子
手数----指手---------消費時間--
*対局開始
   1 ７六歩(77)   ( 0:03/00:00:03)
   2 ８四歩(83)   ( 0:02/00:00:02)
   3 ２六歩(27)   ( 0:04/00:00:07)
   4 ３二金(41)   ( 0:05/00:00:07)
   5 ７八金(69)   ( 0:02/00:00:09)
   6 ８五歩(84)   ( 0:01/00:00:08)
   7 ７七角(88)   ( 0:03/00:00:12)
   8 ３四歩(33)   ( 0:02/00:00:10)
   9 ８八銀(79)   ( 0:06/00:00:18)
  10 ７七角成(22) ( 0:04/00:00:14)
*角換わり
  11 同　銀(88)   ( 0:01/00:00:19)
  12 ２二銀(31)   ( 0:02/00:00:16)
  13 ４八銀(39)   ( 0:10/00:00:29)
  14 投了         ( 0:30/00:00:46)
まで13手で先手の勝ち
";

fn usi_moves(game: &Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    moves.join(" ")
}

fn check_kakugawari(record: &Record) {
    assert_eq!(usi_moves(&record.game), KAKUGAWARI);
    assert_eq!(record.tag("Sente"), Some("山田太郎"));
    assert_eq!(record.tag("Gote"), Some("佐藤花子"));
    assert_eq!(record.tag("Event"), Some("練習対局"));
    assert_eq!(record.tag("StartTime"), Some("2024/05/03 10:30:00"));
    assert_eq!(record.tag("TimeControl"), Some("各10分"));
    assert_eq!(
        record.game.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(record.seconds_of(1), Some(3));
    assert_eq!(record.seconds_of(13), Some(10));
    assert_eq!(record.seconds.len(), 13);
    assert_eq!(
        record.comments,
        vec![(0, "対局開始".to_string()), (10, "角換わり".to_string())]
    );
    assert_eq!(record.end, None);
    assert_eq!(*record.game.start_position(), Position::start());
}

#[test]
fn a_real_kif_file_is_read() {
    check_kakugawari(&Record::from_kif(KIF).unwrap());
    check_kakugawari(&Record::parse(KIF).unwrap());
}

#[test]
fn a_shift_jis_kif_file_is_read_from_its_bytes() {
    let bytes = std::fs::read("tests/data/shogi/kakugawari-sjis.kif").unwrap();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the fixture is not UTF-8"
    );
    check_kakugawari(&Record::from_kif_bytes(&bytes).unwrap());
    check_kakugawari(&Record::parse_bytes(&bytes).unwrap());
    assert_eq!(decode(&bytes).unwrap().replace("\r\n", "\n"), KIF);
    // UTF-8 with and without a byte-order mark.
    check_kakugawari(&Record::from_kif_bytes(KIF.as_bytes()).unwrap());
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), KIF.as_bytes()].concat();
    check_kakugawari(&Record::from_kif_bytes(&with_bom).unwrap());
}

#[test]
fn kif_is_written_as_kakinoki_writes_it_and_reads_back() {
    let record = Record::from_kif(KIF).unwrap();
    let written = record.to_kif();
    for line in [
        "手合割：平手",
        "先手：山田太郎",
        "後手：佐藤花子",
        "*対局開始",
        "手数----指手---------消費時間--",
        "   1 ７六歩(77)   ( 0:03/00:00:03)",
        "  10 ７七角成(22) ( 0:04/00:00:14)",
        "*角換わり",
        "  11 同　銀(88)   ( 0:01/00:00:19)",
        "  14 投了",
        "まで13手で先手の勝ち",
    ] {
        assert!(
            written.lines().any(|l| l == line),
            "{line:?} missing in\n{written}"
        );
    }
    let back = Record::from_kif(&written).unwrap();
    check_kakugawari(&back);
    assert_eq!(back.to_kif(), written);
}

/// The example of the CSA format's specification (V2.2), with its comments.
const CSA: &str = "'----------棋譜ファイルの例\"example.csa\"-----------------
'バージョン
V2.2
'対局者名
N+NAKAHARA
N-YONENAGA
'棋譜情報
'棋戦名
$EVENT:13th World Computer Shogi Championship
'対局場所
$SITE:KAZUSA ARC
'開始日時
$START_TIME:2003/05/03 10:30:00
'終了日時
$END_TIME:2003/05/03 11:11:05
'持ち時間:25分、切れ負け
$TIME_LIMIT:00:25+00
'戦型:矢倉
$OPENING:YAGURA
'平手の局面
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
'先手番
+
'指し手と消費時間
+2726FU
T12
-3334FU
T6
%CHUDAN
'---------------------------------------------------------
";

#[test]
fn the_csa_specifications_example_is_read() {
    for record in [Record::from_csa(CSA).unwrap(), Record::parse(CSA).unwrap()] {
        assert_eq!(usi_moves(&record.game), "2g2f 3c3d");
        assert_eq!(record.tag("Sente"), Some("NAKAHARA"));
        assert_eq!(record.tag("Gote"), Some("YONENAGA"));
        assert_eq!(
            record.tag("Event"),
            Some("13th World Computer Shogi Championship")
        );
        assert_eq!(record.tag("Site"), Some("KAZUSA ARC"));
        assert_eq!(record.tag("EndTime"), Some("2003/05/03 11:11:05"));
        assert_eq!(record.tag("TimeControl"), Some("00:25+00"));
        assert_eq!(record.tag("Opening"), Some("YAGURA"));
        assert_eq!(record.seconds, vec![Some(12), Some(6)]);
        assert_eq!(record.end, Some(RecordedEnd::Interrupted));
        assert_eq!(record.game.outcome(), None);
        assert_eq!(*record.game.start_position(), Position::start());
    }
    // Editors strip the spaces at the end of the P lines; the rows still read.
    let stripped: String = CSA
        .lines()
        .map(|l| l.trim_end().to_string() + "\n")
        .collect();
    assert_eq!(
        usi_moves(&Record::from_csa(&stripped).unwrap().game),
        "2g2f 3c3d"
    );
}

#[test]
fn csa_statements_may_share_a_line_and_a_handicap_starts_from_pi() {
    let text =
        "V2.2\nN+Shitate\nN-Uwate\nPI82HI22KA\n-\n-5142OU,T3,+7776FU,T10\n-4232OU\nT1\n%TORYO\n";
    let record = Record::from_csa(text).unwrap();
    assert_eq!(
        record.game.start_position().to_sfen(),
        Handicap::TwoPiece.sfen()
    );
    assert_eq!(usi_moves(&record.game), "5a4b 7g7f 4b3b");
    assert_eq!(record.seconds, vec![Some(3), Some(10), Some(1)]);
    // Sente is to move after gote's second move, and resigns.
    assert_eq!(
        record.game.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Resignation
        })
    );
    let written = record.to_csa();
    assert!(written.contains("PI82HI22KA\n-\n"), "{written}");
    // In KIF the handicap has its name, and the players are 下手 and 上手.
    let kif = record.to_kif();
    for line in [
        "手合割：二枚落ち",
        "下手：Shitate",
        "上手：Uwate",
        "   1 ４二玉(51)",
    ] {
        assert!(kif.lines().any(|l| l.starts_with(line)), "{line} in\n{kif}");
    }
    let back = Record::from_kif(&kif).unwrap();
    assert_eq!(back.tag("Sente"), Some("Shitate"));
    assert_eq!(back.tag("Gote"), Some("Uwate"));
    assert_eq!(back.game.moves(), record.game.moves());
}

#[test]
fn every_handicap_reads_by_its_name_and_moves_gote_first() {
    for handicap in Handicap::ALL {
        let text = format!("手合割：{}\n   1 ５二玉(51)\n", handicap.japanese());
        if handicap == Handicap::Even {
            // Sente moves first in an even game: gote's king cannot.
            assert!(Record::from_kif(&text).is_err());
            continue;
        }
        let record = Record::from_kif(&text).unwrap_or_else(|e| panic!("{handicap}: {e}"));
        assert_eq!(record.game.start_position().to_sfen(), handicap.sfen());
        assert_eq!(usi_moves(&record.game), "5a5b");
        let csa = record.to_csa();
        assert!(csa.contains("PI"), "{handicap}: {csa}");
        let back = Record::from_csa(&csa).unwrap();
        assert_eq!(back.game.start_position(), record.game.start_position());
        assert_eq!(back.game.moves(), record.game.moves());
    }
}

/// A mid-game position as a board diagram, gote to move, with pieces in hand.
const BOD: &str = "後手の持駒：飛　角　金二　歩
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂 ・ ・ ・ ・ ・v桂v香|一
| ・ ・ ・ ・ ・ ・v金v玉 ・|二
|v歩 ・v歩v歩v歩v銀 ・v歩v歩|三
| ・ ・ ・ ・ ・v歩v歩 ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ 歩 ・ 歩 ・ 歩 ・ ・|六
| 歩 ・ ・ 歩 ・ 歩 ・ 歩 歩|七
| ・ 銀 金 ・ ・ 銀 ・ ・ ・|八
| 香 桂 玉 ・ ・ ・ ・ 桂 香|九
+---------------------------+
先手の持駒：飛　角　銀　歩
後手番
手数＝40
";

#[test]
fn a_board_diagram_gives_the_start() {
    let text = format!("{BOD}手数----指手---------消費時間--\n  41 ５五角打\n  42 ６八銀打\n");
    let record = Record::from_kif(&text).unwrap();
    let start = record.game.start_position();
    assert_eq!(start.side_to_move(), Side::White);
    assert_eq!(start.move_number(), 41);
    assert_eq!(start.hand(Side::White).count(PieceKind::Gold), 2);
    assert_eq!(start.hand(Side::White).count(PieceKind::Pawn), 1);
    assert_eq!(start.hand(Side::Black).count(PieceKind::Silver), 1);
    assert_eq!(
        start.piece_at(sq("2b")).map(|p| (p.side, p.kind)),
        Some((Side::White, PieceKind::King))
    );
    assert_eq!(
        start.piece_at(sq("7i")).map(|p| (p.side, p.kind)),
        Some((Side::Black, PieceKind::King))
    );
    assert_eq!(usi_moves(&record.game), "B*5e S*6h");
    let written = record.to_kif();
    assert!(
        written.contains("後手の持駒：飛　角　金二　歩\n"),
        "{written}"
    );
    assert!(
        written.contains("|v香v桂 ・ ・ ・ ・ ・v桂v香|一\n"),
        "{written}"
    );
    assert!(written.contains("後手番\n手数＝40\n"), "{written}");
    assert!(written.contains("  41 ５五角打\n"), "{written}");
    let back = Record::from_kif(&written).unwrap();
    assert_eq!(back.game.start_position(), start);
    assert_eq!(back.game.moves(), record.game.moves());
    // CSA has no move number: the same board and hands, from move 1.
    let csa = Record::from_csa(&record.to_csa()).unwrap();
    let csa_start = csa.game.start_position().to_sfen();
    assert_eq!(
        csa_start.rsplit_once(' ').unwrap().0,
        start.to_sfen().rsplit_once(' ').unwrap().0
    );
    assert!(record.to_csa().contains("P-00HI00KA00KI00KI00FU\n"));
}

fn kif_from(sfen: &str, moves: &[&str], last: &str) -> String {
    let start = pos(sfen);
    let mut game = Game::from_position(start, Ruleset::default());
    let mut lines = String::new();
    for (i, usi) in moves.iter().enumerate() {
        let m = mv(usi);
        let previous = game.moves().last().copied();
        let text = shogi::record::kif::move_text(game.position(), m, previous);
        lines.push_str(&format!("{:>4} {text}\n", i + 1));
        game.play(m).unwrap();
    }
    let record = Record::new(
        Game::from_position(start, Ruleset::default()),
        Vec::<(String, String)>::new(),
    );
    let head = record.to_kif();
    format!("{head}{lines}{:>4} {last}\n", moves.len() + 1)
}

#[test]
fn every_ending_word_is_read_into_the_game_or_the_record() {
    let start = shogi::START_SFEN;
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    // Acts of the side to move.
    let r = Record::from_kif(&kif_from(start, &["7g7f"], "投了")).unwrap();
    assert_eq!(r.game.outcome(), win(Side::Black, WinReason::Resignation));
    let r = Record::from_kif(&kif_from(start, &["7g7f", "3c3d"], "切れ負け")).unwrap();
    assert_eq!(r.game.outcome(), win(Side::White, WinReason::Time));
    let declaring = "9/R3K3B/PPPPPPPPP/9/9/9/9/9/8k b RB 1";
    let r = Record::from_kif(&kif_from(declaring, &[], "入玉勝ち")).unwrap();
    assert_eq!(r.game.outcome(), win(Side::Black, WinReason::Impasse(29)));
    // Decided by the moves, and checked.
    let mate = "8k/9/8P/9/9/9/9/9/K8 b G 1";
    let r = Record::from_kif(&kif_from(mate, &["G*1b"], "詰み")).unwrap();
    assert_eq!(r.game.outcome(), win(Side::Black, WinReason::Checkmate));
    let shuffle = ["5i4h", "5a4b", "4h5i", "4b5a"].repeat(3);
    let r = Record::from_kif(&kif_from(start, &shuffle, "千日手")).unwrap();
    assert_eq!(
        r.game.outcome(),
        Some(Outcome::Draw(DrawReason::Sennichite))
    );
    // Kept in the record.
    for (word, end) in [
        ("中断", RecordedEnd::Interrupted),
        ("持将棋", RecordedEnd::Jishogi),
        ("反則負け", RecordedEnd::Foul(Side::White)),
        ("反則勝ち", RecordedEnd::Foul(Side::Black)),
    ] {
        let r = Record::from_kif(&kif_from(start, &["7g7f"], word)).unwrap();
        assert_eq!(r.end, Some(end), "{word}");
        assert_eq!(r.game.outcome(), None);
        let again = Record::from_kif(&r.to_kif()).unwrap();
        assert_eq!(again.end, Some(end), "{word} written back");
        let csa = Record::from_csa(&r.to_csa()).unwrap();
        assert_eq!(csa.end, Some(end), "{word} through CSA");
    }
    // The CSA words.
    let csa = |moves: &str, end: &str| {
        Record::from_csa(&format!("V2.2\nPI\n+\n{moves}\n{end}\n")).unwrap()
    };
    assert_eq!(
        csa("+7776FU", "%TORYO").game.outcome(),
        win(Side::Black, WinReason::Resignation)
    );
    assert_eq!(
        csa("+7776FU", "%TIME_UP").game.outcome(),
        win(Side::Black, WinReason::Time)
    );
    assert_eq!(
        csa("+7776FU", "%ILLEGAL_MOVE").end,
        Some(RecordedEnd::Foul(Side::White))
    );
    assert_eq!(
        csa("+7776FU", "%+ILLEGAL_ACTION").end,
        Some(RecordedEnd::Foul(Side::Black))
    );
    assert_eq!(csa("+7776FU", "%HIKIWAKE").end, Some(RecordedEnd::Jishogi));
    // %MAX_MOVES after 3 plies: the rules' limit is where the record says the game ended.
    let limited = csa("+7776FU\n-3334FU\n+2726FU", "%MAX_MOVES");
    assert_eq!(limited.game.rules().max_plies, Some(3));
    assert_eq!(
        limited.game.outcome(),
        Some(Outcome::Draw(DrawReason::MoveLimit(3)))
    );
    let written = limited.to_csa();
    assert!(written.contains("$RULES:maxmoves=3\n"), "{written}");
    assert_eq!(
        Record::from_csa(&written).unwrap().game.outcome(),
        limited.game.outcome()
    );
}

#[test]
fn a_checkmated_player_may_still_resign() {
    let mate = "8k/9/8P/9/9/9/9/9/K8 b G 1";
    let r = Record::from_kif(&kif_from(mate, &["G*1b"], "投了")).unwrap();
    assert_eq!(
        r.game.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
}

/// A game of up to `plies` random moves from the start under rules without a move limit.
fn unlimited_game(rng: &mut Rng, plies: usize) -> Game {
    let rules = Ruleset::parse("maxmoves=off").unwrap();
    let mut game = Game::new(rules);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves.as_slice()[rng.below(moves.len())]).unwrap();
    }
    game
}

#[test]
fn records_past_the_move_limit_lift_it_and_a_rules_line_keeps_it() {
    // A game longer than the default limit of 512 plies, read without a rules line.
    let mut rng = Rng::new(0x512);
    let game = loop {
        let game = unlimited_game(&mut rng, 530);
        if game.moves().len() == 530 && game.outcome().is_none() {
            break game;
        }
    };
    let text = Record::new(game.clone(), Vec::<(String, String)>::new()).to_usi();
    let record = Record::from_usi(&text).unwrap();
    assert_eq!(record.game.moves().len(), 530);
    assert_eq!(record.game.rules().max_plies, None);
    let kif = record.to_kif();
    assert!(kif.contains("ルール：maxmoves=off\n"));
    assert_eq!(Record::from_kif(&kif).unwrap().game.moves().len(), 530);
    // A rules line that the moves go past is an error on the move that is one too many.
    let short = kif.replace("ルール：maxmoves=off", "ルール：maxmoves=100");
    let err = Record::from_kif(&short).unwrap_err();
    assert_eq!(
        err.kind,
        RecordErrorKind::IllegalMove {
            ply: 101,
            text: shogi::record::kif::move_text(
                &game.positions()[100],
                game.moves()[100],
                Some(game.moves()[99])
            ),
            error: IllegalMove::GameOver
        }
    );
    // A game played to the limit under the default rules stays drawn by it.
    let mut rng = Rng::new(0x513);
    let full = loop {
        let g = unlimited_game(&mut rng, 512);
        if g.moves().len() == 512 && g.outcome().is_none() {
            let mut replay = Game::new(Ruleset::default());
            play_all(&mut replay, &usi_moves(&g));
            break replay;
        }
    };
    assert_eq!(
        full.outcome(),
        Some(Outcome::Draw(DrawReason::MoveLimit(512)))
    );
    let record = Record::new(full, Vec::<(String, String)>::new());
    for format in [Format::Kif, Format::Csa, Format::Usi] {
        let back = Record::parse(&record.write(format)).unwrap();
        assert_eq!(back.game.rules(), record.game.rules(), "{format:?}");
        assert_eq!(back.game.outcome(), record.game.outcome(), "{format:?}");
    }
}

#[test]
fn the_usi_line_is_read_and_written() {
    let record = Record::from_usi("position startpos moves 7g7f 3c3d 8h2b+").unwrap();
    assert_eq!(usi_moves(&record.game), "7g7f 3c3d 8h2b+");
    assert_eq!(record.to_usi(), "position startpos moves 7g7f 3c3d 8h2b+");
    let sfen = Handicap::Bishop.sfen();
    let record = Record::from_usi(&format!("sfen {sfen} moves 5a4b")).unwrap();
    assert_eq!(record.game.start_position().to_sfen(), sfen);
    assert_eq!(record.to_usi(), format!("position sfen {sfen} moves 5a4b"));
    assert_eq!(
        Record::from_usi("position startpos").unwrap().to_usi(),
        "position startpos"
    );
    let no_number = Record::from_usi("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G").unwrap();
    assert_eq!(no_number.game.start_position().move_number(), 1);
    assert_eq!(Format::detect("position startpos"), Format::Usi);
    assert_eq!(Format::detect(KIF), Format::Kif);
    assert_eq!(Format::detect(CSA), Format::Csa);
    assert_eq!(Format::detect("\n\nV2.2\nPI\n+\n"), Format::Csa);
}

fn kif_error(text: &str) -> RecordError {
    Record::from_kif(text).expect_err(text)
}

fn csa_error(text: &str) -> RecordError {
    Record::from_csa(text).expect_err(text)
}

#[test]
fn every_kind_of_record_error_names_its_line() {
    use RecordErrorKind as K;
    let moves = "手数----指手---------消費時間--\n";
    let cases: Vec<(RecordError, usize, K, &str)> = vec![
        (
            Record::from_kif_bytes(b"abc\n\xff\xfe").unwrap_err(),
            2,
            K::Encoding,
            "line 2: the text is neither UTF-8 nor Shift_JIS",
        ),
        (
            kif_error("棋戦：x\nこれは棋譜ではない\n"),
            2,
            K::NotKif("これは棋譜ではない".into()),
            "line 2: 'これは棋譜ではない' is not a line of a KIF record",
        ),
        (
            csa_error("V2.2\nXYZ\n"),
            2,
            K::NotCsa("XYZ".into()),
            "line 2: 'XYZ' is not a statement of a CSA record",
        ),
        (
            Record::from_usi("position here").unwrap_err(),
            1,
            K::NotUsi("position here".into()),
            "line 1: 'position here' is not a USI position: write position startpos or \
             position sfen <SFEN>, then moves and the moves",
        ),
        (
            kif_error("手合割：トンボ\n"),
            1,
            K::UnknownHandicap("トンボ".into()),
            "line 1: 'トンボ' is not a handicap this site knows: give the position as a board \
             diagram",
        ),
        (
            kif_error(&BOD.replace("| 香 桂 玉 ・ ・ ・ ・ 桂 香|九", "| 香 桂 玉 ・|九")),
            12,
            K::BadRow("| 香 桂 玉 ・|九".into()),
            "line 12: '| 香 桂 玉 ・|九' is not a board row of nine squares",
        ),
        (
            kif_error(&BOD.replace("| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n", "")),
            1,
            K::RowCount(8),
            "line 1: the board has 8 rows instead of 9",
        ),
        (
            kif_error(&BOD.replace("先手の持駒：飛　角　銀　歩", "先手の持駒：ねこ")),
            14,
            K::BadHand("ねこ".into()),
            "line 14: 'ねこ' is not a list of pieces in hand",
        ),
        (
            csa_error("V2.2\nPI82XX\n+\n"),
            2,
            K::BadPlacement("PI82XX".into()),
            "line 2: 'PI82XX' does not place pieces: write a square (00 for the hand) and a \
             piece for each, as in P+00HI55KA",
        ),
        (
            kif_error(&BOD.replace(
                "|v香v桂 ・ ・ ・ ・ ・v桂v香|一",
                "|v香v桂 ・ ・v玉 ・ ・v桂v香|一",
            )),
            1,
            K::Position(PositionError::TwoKings(Side::White)),
            "line 1: the start position is not valid: Gote has two kings",
        ),
        (
            csa_error("V2.2\n+7776FU\n"),
            2,
            K::NoStartPosition,
            "line 2: the record has no start position: write PI, or rows P1 to P9, then + or -",
        ),
        (
            kif_error(&format!("{moves}   1 ７六歩(77)\n   3 ３四歩(33)\n")),
            3,
            K::MoveNumber {
                found: 3,
                expected: 2,
            },
            "line 3: move number 3 where 2 was expected",
        ),
        (
            kif_error(&format!("{moves}   1 ７六角(77)\n")),
            2,
            K::BadMove {
                ply: 1,
                error: NotationError::WrongPiece {
                    square: sq("7g"),
                    named: PieceKind::Bishop,
                    found: PieceKind::Pawn,
                },
            },
            "line 2: ply 1: the piece on 7g is a pawn, not a bishop",
        ),
        (
            csa_error("V2.2\nPI\n+\n+7776F\n"),
            4,
            K::BadCsaMove("+7776F".into()),
            "line 4: '+7776F' is not a CSA move: write it like +7776FU or -0034KA",
        ),
        (
            csa_error("V2.2\nPI\n+\n-3334FU\n"),
            4,
            K::WrongSide {
                ply: 1,
                to_move: Side::Black,
            },
            "line 4: ply 1: it is Sente's move",
        ),
        (
            csa_error("V2.2\nPI\n+\n+7776KA\n"),
            4,
            K::CsaPiece {
                ply: 1,
                square: sq("7g"),
                written: "KA".into(),
                found: PieceKind::Pawn,
            },
            "line 4: ply 1: 'KA' is neither the pawn on 7g nor what it promotes to",
        ),
        (
            Record::from_usi("position startpos moves 7g7f 3c3x").unwrap_err(),
            1,
            K::UsiMove {
                ply: 2,
                error: shogi::MoveParseError::NotASquare("3x".into()),
            },
            "line 1: ply 2: '3x' is not a square (1a to 9i)",
        ),
        (
            kif_error(&format!("{moves}   1 ７五歩(77)\n")),
            2,
            K::IllegalMove {
                ply: 1,
                text: "７五歩(77)".into(),
                error: IllegalMove::CannotReach {
                    kind: PieceKind::Pawn,
                    from: sq("7g"),
                    to: sq("7e"),
                },
            },
            "line 2: ply 1, '７五歩(77)': the pawn on 7g cannot move to 7e",
        ),
        (
            csa_error("V2.2\nPI\n+\n+7776FU\n-3334FU\n+0055KA\n"),
            6,
            K::IllegalMove {
                ply: 3,
                text: "+0055KA".into(),
                error: IllegalMove::NotInHand(PieceKind::Bishop),
            },
            "line 6: ply 3, '+0055KA': you have no bishop in hand",
        ),
        (
            kif_error(&format!("{moves}   1 ７六歩(77)   ( 0:xx/00:00:00)\n")),
            2,
            K::BadTime("( 0:xx/00:00:00)".into()),
            "line 2: '( 0:xx/00:00:00)' is not a move time: write ( 1:23/00:12:34) or T83",
        ),
        (
            csa_error("V2.2\nPI\n+\n+7776FU\n%MATTA\n"),
            5,
            K::UnknownEnding("%MATTA".into()),
            "line 5: '%MATTA' is not an ending this site knows",
        ),
        (
            kif_error(&format!(
                "{moves}   1 ７六歩(77)\n   2 投了\n   3 ２六歩(27)\n"
            )),
            4,
            K::AfterEnd("3 ２六歩(27)".into()),
            "line 4: '3 ２六歩(27)' comes after the end of the game",
        ),
        (
            kif_error(&format!(
                "{}   13 投了\n",
                kif_from(
                    shogi::START_SFEN,
                    &["5i4h", "5a4b", "4h5i", "4b5a"].repeat(3),
                    "千日手"
                )
                .lines()
                .filter(|l| !l.ends_with("千日手"))
                .map(|l| format!("{l}\n"))
                .collect::<String>()
            )),
            16,
            K::EndingMismatch {
                stated: "投了".into(),
                actual: Some(Outcome::Draw(DrawReason::Sennichite)),
            },
            "line 16: '投了' does not fit how the game ended (Draw by sennichite: the same \
             position occurred for the fourth time)",
        ),
        (
            kif_error(&format!("{moves}   1 ７六歩(77)\n   2 詰み\n")),
            3,
            K::EndingMismatch {
                stated: "詰み".into(),
                actual: None,
            },
            "line 3: '詰み' does not fit the game, which is not over",
        ),
        (
            kif_error(&format!("{moves}   1 入玉勝ち\n")),
            2,
            K::Declaration(DeclarationError::Invalid(ImpasseError::KingNotInZone)),
            "line 2: the impasse declaration is refused: to declare, your king must stand in \
             the opponent's zone",
        ),
        (
            kif_error("ルール：nifu=off\n"),
            1,
            K::Rules(shogi::RulesetError::UnknownRule("nifu=off".into())),
            "line 1: the rules: unknown rule 'nifu=off': use impasse=27|off or \
             maxmoves=<plies>|off",
        ),
        (
            csa_error("V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n"),
            5,
            K::SecondGame,
            "line 5: a second game begins here; a record holds one game",
        ),
    ];
    let mut kinds = std::collections::HashSet::new();
    for (error, line, kind, message) in cases {
        assert_eq!((error.line, &error.kind), (line, &kind), "{message}");
        assert_eq!(error.to_string(), message);
        kinds.insert(std::mem::discriminant(&kind));
    }
    assert_eq!(kinds.len(), 25, "every kind of RecordErrorKind has a case");
}

// ---------------------------------------------------------------------------------------------
// Round trips of random games

/// Whether two records say the same (the CSA form, which has no move number, compared by the
/// start's arrangement).
fn assert_same(back: &Record, record: &Record, text: &str, with_move_number: bool) {
    assert_eq!(back.game.moves(), record.game.moves(), "{text}");
    if with_move_number {
        assert_eq!(back.game.start_position(), record.game.start_position());
    } else {
        assert!(back
            .game
            .start_position()
            .same_arrangement(record.game.start_position()));
    }
    assert_eq!(back.game.rules(), record.game.rules(), "{text}");
    assert_eq!(back.game.outcome(), record.game.outcome(), "{text}");
    assert_eq!(
        back.game
            .position()
            .to_sfen()
            .split(' ')
            .take(3)
            .collect::<Vec<_>>(),
        record
            .game
            .position()
            .to_sfen()
            .split(' ')
            .take(3)
            .collect::<Vec<_>>()
    );
    assert_eq!(back.end, record.end, "{text}");
    assert_eq!(back.seconds, record.seconds, "{text}");
    assert_eq!(back.comments, record.comments, "{text}");
}

#[test]
fn random_games_round_trip_through_kif_csa_and_usi() {
    let mut rng = Rng::new(0x4B1F);
    for _ in 0..60 {
        let record = random_record(&mut rng);
        let kif = record.to_kif();
        let back = Record::from_kif(&kif).unwrap_or_else(|e| panic!("{e}\n{kif}"));
        assert_same(&back, &record, &kif, true);
        assert_eq!(back.tags, record.tags, "{kif}");
        assert_eq!(back.to_kif(), kif);
        let csa = record.to_csa();
        let back = Record::from_csa(&csa).unwrap_or_else(|e| panic!("{e}\n{csa}"));
        assert_same(&back, &record, &csa, false);
        assert_eq!(back.tags, record.tags, "{csa}");
        assert_eq!(back.to_csa(), csa);
        // Through the other format and back.
        let converted = Record::from_kif(&back.to_kif()).unwrap();
        assert_same(&converted, &back, "CSA → KIF", true);
        let usi = record.to_usi();
        let back = Record::from_usi(&usi).unwrap_or_else(|e| panic!("{e}\n{usi}"));
        assert_eq!(back.game.moves(), record.game.moves(), "{usi}");
        assert_eq!(back.game.start_position(), record.game.start_position());
    }
}

#[test]
fn a_game_on_the_site_is_written_the_way_it_was_played() {
    let mut game = Game::new(Ruleset::default());
    play_all(&mut game, KAKUGAWARI);
    game.resign(Side::White);
    let record = Record::new(
        game,
        vec![
            ("Sente".to_string(), "山田太郎".to_string()),
            ("Gote".to_string(), "佐藤花子".to_string()),
        ],
    );
    let kif = record.to_kif();
    assert!(
        kif.starts_with(
            "#KIF version=2.0 encoding=UTF-8\n先手：山田太郎\n後手：佐藤花子\n手合割：平手\n"
        ),
        "{kif}"
    );
    assert!(
        kif.ends_with("  13 ４八銀(39)\n  14 投了\nまで13手で先手の勝ち\n"),
        "{kif}"
    );
    let csa = record.to_csa();
    assert!(
        csa.starts_with("V2.2\nN+山田太郎\nN-佐藤花子\nPI\n+\n+7776FU\n-8384FU\n"),
        "{csa}"
    );
    assert!(
        csa.ends_with("-2277UM\n+8877GI\n-3122GI\n+3948GI\n%TORYO\n"),
        "{csa}"
    );
}
