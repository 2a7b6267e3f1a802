//! Records of the family's games: the USI form of every variant (with the line that names the
//! variant) and KIF where KIF names the pieces, written and read back move for move; a KIF as
//! Japanese software writes minishogi; bad records refused with their reason.

use shogi_family::record::{has_kif, read_kif, read_usi, write_kif, write_usi};
use shogi_family::{Game, Position, RecordError, VARIANTS};

/// A game of `plies` moves, each the first legal move in USI order but one in three the last.
fn some_game(variant: &'static shogi_family::Variant, plies: usize) -> Game {
    let mut game = Game::new(Position::start(variant));
    for ply in 0..plies {
        let position = *game.position();
        let mut moves = position.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        moves.sort_by_key(|m| m.usi(&position));
        let m = if ply % 3 == 0 {
            moves[moves.len() - 1]
        } else {
            moves[0]
        };
        game.play(m).expect("a legal move");
    }
    game
}

#[test]
fn every_variant_s_game_reads_back_from_its_usi_form() {
    for variant in VARIANTS {
        let game = some_game(variant, 30);
        let text = write_usi(&game);
        assert!(text.starts_with(&format!(
            "setoption name USI_Variant value {}\n",
            variant.name
        )));
        let read = read_usi(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", variant.name));
        assert_eq!(read.moves(), game.moves(), "{}", variant.name);
        assert_eq!(read.position().to_sfen(), game.position().to_sfen());
    }
}

#[test]
fn kif_games_read_back_and_minishogi_says_its_handicap_line() {
    for variant in VARIANTS.iter().filter(|v| has_kif(v)) {
        let game = some_game(variant, 40);
        let text = write_kif(&game).expect("a KIF");
        let read = read_kif(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", variant.name));
        assert_eq!(read.moves(), game.moves(), "{}\n{text}", variant.name);
    }
    let mini = Game::new(Position::start(
        shogi_family::Variant::named("minishogi").unwrap(),
    ));
    assert!(write_kif(&mini).unwrap().contains("手合割：５五将棋\n"));
    // Kyoto's and tori's pieces have no KIF names: their records are the USI form.
    for name in ["kyotoshogi", "torishogi", "cannonshogi"] {
        let v = shogi_family::Variant::named(name).unwrap();
        assert!(!has_kif(v) && write_kif(&Game::new(Position::start(v))).is_none());
    }
}

#[test]
fn a_minishogi_kif_as_japanese_software_writes_it_reads() {
    let kif = "# ---- 柿木将棋 棋譜ファイル ----\n\
               手合割：５五将棋\n\
               先手：A\n\
               後手：B\n\
               手数----指手---------消費時間--\n\
               \u{20}  1 ５三歩(54)   ( 0:01/00:00:01)\n\
               \u{20}  2 １三歩(12)   ( 0:02/00:00:02)\n\
               *a comment\n\
               \u{20}  3 ４四銀(35)   ( 0:01/00:00:02)\n\
               \u{20}  4 ２二王(11)   ( 0:01/00:00:03)\n\
               \u{20}  5 ５二歩(53)   ( 0:01/00:00:03)\n\
               \u{20}  6 同　飛(51)   ( 0:01/00:00:04)\n\
               \u{20}  7 投了\n\
               まで6手で後手の勝ち\n";
    let game = read_kif(kif).unwrap_or_else(|e| panic!("{e}"));
    let mut position = *game.start();
    let mut moves = Vec::new();
    for &m in game.moves() {
        moves.push(m.usi(&position));
        position = position.after(m);
    }
    assert_eq!(moves, ["5d5c", "1b1c", "3e4d", "1a2b", "5c5b", "5a5b"]);
}

#[test]
fn a_bad_record_is_refused_with_its_reason() {
    assert_eq!(read_usi("").err(), Some(RecordError::Empty));
    assert_eq!(
        read_usi("position startpos moves 1e1d").err(),
        Some(RecordError::NoVariant)
    );
    assert_eq!(
        read_usi("setoption name USI_Variant value nope\nposition startpos").err(),
        Some(RecordError::UnknownVariant("nope".into()))
    );
    assert_eq!(
        read_usi(
            "setoption name USI_Variant value minishogi\nposition startpos moves 1e1d 1b1c 5e5a"
        )
        .err(),
        Some(RecordError::Move(3, "5e5a".into()))
    );
    assert!(matches!(
        read_usi("setoption name USI_Variant value minishogi\nposition sfen 5/5 b - 1"),
        Err(RecordError::Sfen(_))
    ));
    assert_eq!(
        read_usi("setoption name USI_Variant value minishogi\nhello").err(),
        Some(RecordError::Line(2))
    );
    assert_eq!(
        read_kif("   1 ２四歩(25)").err(),
        Some(RecordError::NoVariant)
    );
    assert_eq!(
        read_kif("手合割：大将棋\n").err(),
        Some(RecordError::UnknownVariant("大将棋".into()))
    );
    assert_eq!(
        read_kif("手合割：５五将棋\n   1 ９九歩(25)\n").err(),
        Some(RecordError::Move(1, "９九歩(25)".into()))
    );
}
