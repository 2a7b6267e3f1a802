//! Human move forms (`shogi::notation`): the Western and Japanese forms of real moves, the
//! JSA's relative markers for each case and both sides, `同`, `打`, `成`/`不成`, the errors of
//! unreadable, ambiguous and illegal texts, and round trips over every legal move of many
//! random positions.

mod shogi_common;

use shogi::notation::{self, NotationError};
use shogi::{Game, IllegalMove, PieceKind, Position, Ruleset, Setup};
use shogi_common::{mv, play_all, pos, random_positions, sq, Rng};

/// The Japanese and Western forms of `usi` in the position `sfen`, with no previous move.
fn forms(sfen: &str, usi: &str) -> (String, String) {
    let p = pos(sfen);
    let m = mv(usi);
    assert!(p.is_legal(m), "{usi} in {sfen}");
    (notation::japanese(&p, m, None), notation::western(&p, m))
}

/// Checks that `usi` in `sfen` is written `japanese`, and that the text reads back to it; the
/// same for the position turned 180° with the sides swapped (gote's move, same markers).
fn japanese_is(sfen: &str, usi: &str, japanese: &str) {
    let p = pos(sfen);
    let m = mv(usi);
    assert_eq!(notation::japanese(&p, m, None), japanese, "{usi} in {sfen}");
    assert_eq!(notation::parse_japanese(&p, japanese, None), Ok(m));
    let flipped = Position::from_setup(&p.to_setup().flipped()).unwrap();
    let turned = m.rotated();
    let gote = notation::japanese(&flipped, turned, None);
    let square = |s: shogi::Square| notation::japanese_square(s);
    let expected =
        japanese
            .replacen('▲', "△", 1)
            .replacen(&square(m.to()), &square(turned.to()), 1);
    assert_eq!(gote, expected, "{turned} turned");
    assert_eq!(notation::parse_japanese(&flipped, &gote, None), Ok(turned));
}

#[test]
fn the_first_moves_of_a_game_in_both_forms() {
    let mut game = Game::new(Ruleset::default());
    let mut japanese = Vec::new();
    let mut western = Vec::new();
    // A bishop-exchange opening (角換わり): the bishops meet on 7g and the silver retakes.
    for usi in "7g7f 8c8d 2g2f 4a3b 6i7h 8d8e 8h7g 3c3d 7i8h 2b7g+ 8h7g 3a2b".split(' ') {
        let m = mv(usi);
        let previous = game.moves().last().copied();
        japanese.push(notation::japanese(game.position(), m, previous));
        western.push(notation::western(game.position(), m));
        game.play(m).unwrap();
    }
    assert_eq!(
        japanese.join(" "),
        "▲７六歩 △８四歩 ▲２六歩 △３二金 ▲７八金 △８五歩 ▲７七角 △３四歩 ▲８八銀 \
         △７七角成 ▲同　銀 △２二銀"
    );
    assert_eq!(
        western.join(" "),
        "P-7f P-8d P-2f G-3b G-7h P-8e B-7g P-3d S-8h Bx7g+ Sx7g S-2b"
    );
}

#[test]
fn two_golds_that_can_reach_name_their_origin_or_their_side() {
    let start = Position::start();
    assert_eq!(notation::western(&start, mv("6i5h")), "G6i-5h");
    assert_eq!(notation::western(&start, mv("4i5h")), "G4i-5h");
    assert_eq!(notation::japanese(&start, mv("6i5h"), None), "▲５八金左");
    assert_eq!(notation::japanese(&start, mv("4i5h"), None), "▲５八金右");
    // Gote's left is sente's right: 4a is on gote's left.
    let gote = pos("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    assert_eq!(notation::japanese(&gote, mv("4a5b"), None), "△５二金左");
    assert_eq!(notation::japanese(&gote, mv("6a5b"), None), "△５二金右");
    assert_eq!(notation::western(&gote, mv("6a5b")), "G6a-5b");
}

#[test]
fn the_motion_comes_first_then_the_side_then_both() {
    // Three golds on rank i: all move up to 5h, so left, straight and right tell them apart.
    let three = "4k4/9/9/9/9/9/9/9/3GGG2K b - 1";
    japanese_is(three, "6i5h", "▲５八金左");
    japanese_is(three, "5i5h", "▲５八金直");
    japanese_is(three, "4i5h", "▲５八金右");
    // One gold moves up, one straight back: the motion alone is enough.
    let up_and_back = "4k4/9/9/9/9/9/4G4/9/3G4K b - 1";
    japanese_is(up_and_back, "6i5h", "▲５八金上");
    japanese_is(up_and_back, "5g5h", "▲５八金引");
    // Up-left, up-right and sideways from the right: 右 alone is not enough for 4i.
    let combined = "4k4/9/9/9/9/9/9/5G3/3G1G2K b - 1";
    japanese_is(combined, "6i5h", "▲５八金左");
    japanese_is(combined, "4i5h", "▲５八金右上");
    japanese_is(combined, "4h5h", "▲５八金寄");
    // Silvers on 7g, 5g and 5i can all reach 6h: 7g is the only one on the left, 5i the only
    // one moving up, 5g needs both (右引).
    let silvers = "4k4/9/9/9/9/9/2S1S4/9/4S3K b - 1";
    japanese_is(silvers, "7g6h", "▲６八銀左");
    japanese_is(silvers, "5i6h", "▲６八銀上");
    japanese_is(silvers, "5g6h", "▲６八銀右引");
    // Knights: only left or right.
    let knights = "4k4/9/9/9/9/9/9/9/1N1N3K1 b - 1";
    japanese_is(knights, "8i7g", "▲７七桂左");
    japanese_is(knights, "6i7g", "▲７七桂右");
}

#[test]
fn dragons_and_horses_are_left_or_right_of_each_other() {
    // Both dragons pull back to 2d (the example of the JSA's rules as Wikipedia gives it):
    // the one on 2b is on the left of the one on 1c.
    let dragons = "4k4/7+R1/8+R/9/9/9/9/9/K8 b - 1";
    japanese_is(dragons, "2b2d", "▲２四竜左");
    japanese_is(dragons, "1c2d", "▲２四竜右");
    // Two horses step up to 5c: 5d is straight below it, yet it is 左, not 直.
    let horses = "4k4/9/9/4+B+B3/9/9/9/9/K8 b - 1";
    japanese_is(horses, "5d5c", "▲５三馬左");
    japanese_is(horses, "4d5c", "▲５三馬右");
    // Dragons on one rank, both moving sideways toward each other's side: 寄 alone does not
    // tell them apart.
    let rank = "4k4/9/9/9/+R7+R/9/9/9/K8 b - 1";
    japanese_is(rank, "9e5e", "▲５五竜左");
    japanese_is(rank, "1e5e", "▲５五竜右");
}

#[test]
fn drops_say_uchi_only_when_a_board_piece_could_also_go_there() {
    let both = "4k4/9/9/9/9/4S4/9/9/K8 b S 1";
    assert_eq!(forms(both, "S*5e"), ("▲５五銀打".into(), "S*5e".into()));
    assert_eq!(forms(both, "5f5e"), ("▲５五銀".into(), "S-5e".into()));
    japanese_is(both, "S*5e", "▲５五銀打");
    japanese_is(both, "5f5e", "▲５五銀");
    let hand_only = "4k4/9/9/9/9/9/9/9/K8 b S 1";
    japanese_is(hand_only, "S*5e", "▲５五銀");
    let p = pos(hand_only);
    assert_eq!(
        notation::parse_japanese(&p, "５五銀打", None),
        Ok(mv("S*5e"))
    );
    assert_eq!(notation::parse_western(&p, "S*5e"), Ok(mv("S*5e")));
}

#[test]
fn promotion_is_said_when_it_was_a_choice_or_happened() {
    // A silver entering the zone may promote or not.
    let silver = "4k4/9/9/4S4/9/9/9/9/K8 b - 1";
    assert_eq!(forms(silver, "5d4c+"), ("▲４三銀成".into(), "S-4c+".into()));
    assert_eq!(
        forms(silver, "5d4c"),
        ("▲４三銀不成".into(), "S-4c=".into())
    );
    // Outside the zone nothing is said.
    assert_eq!(forms(silver, "5d4e"), ("▲４五銀".into(), "S-4e".into()));
    // A pawn reaching the last rank must promote: 成, and `+` (the only legal form).
    let pawn = "k8/4P4/9/9/9/9/9/9/K8 b - 1";
    assert_eq!(forms(pawn, "5b5a+"), ("▲５一歩成".into(), "P-5a+".into()));
    let p = pos(pawn);
    assert_eq!(
        notation::parse_japanese(&p, "５一歩成", None),
        Ok(mv("5b5a+"))
    );
    assert_eq!(
        notation::parse_japanese(&p, "５一歩", None),
        Err(NotationError::Illegal {
            text: "５一歩".into(),
            error: IllegalMove::MustPromote {
                kind: PieceKind::Pawn,
                to: sq("5a")
            }
        })
    );
    assert_eq!(notation::parse_western(&p, "P-5a+"), Ok(mv("5b5a+")));
}

#[test]
fn doh_names_the_previous_square_and_needs_a_previous_move() {
    let mut game = Game::new(Ruleset::default());
    play_all(&mut game, "7g7f 3c3d 8h2b+");
    let previous = game.moves().last().copied();
    let retake = mv("3a2b");
    assert_eq!(
        notation::japanese(game.position(), retake, previous),
        "△同　銀"
    );
    for text in [
        "△同　銀",
        "同銀",
        "同 銀",
        "２二同銀",
        "△同　銀(31)",
        "同　銀",
    ] {
        assert_eq!(
            notation::parse_japanese(game.position(), text, previous),
            Ok(retake),
            "{text}"
        );
    }
    assert_eq!(
        notation::parse_japanese(game.position(), "同　銀", None),
        Err(NotationError::NoPrevious)
    );
    // Written with its square instead of 同, it reads the same.
    assert_eq!(
        notation::parse_any(game.position(), "２二銀", previous),
        Ok(retake)
    );
}

#[test]
fn readers_accept_the_usual_variants() {
    let start = Position::start();
    for (text, usi) in [
        ("76歩", "7g7f"),
        ("７六歩", "7g7f"),
        ("☗７六歩", "7g7f"),
        ("▲7六歩", "7g7f"),
        ("７六歩(77)", "7g7f"),
        ("５八金左", "6i5h"),
        ("５八金右", "4i5h"),
        ("P-7f", "7g7f"),
        ("P-76", "7g7f"),
        ("p-7f", "7g7f"),
        ("Px7f", "7g7f"),
        ("G6i-5h", "6i5h"),
        ("G69-58", "6i5h"),
        ("7g7f", "7g7f"),
        ("  P-7f ", "7g7f"),
    ] {
        assert_eq!(
            notation::parse_any(&start, text, None),
            Ok(mv(usi)),
            "{text}"
        );
    }
    let dragon = pos("k8/9/9/9/4+R4/9/9/9/K8 b - 1");
    for text in ["+R-5a", "D-5a", "+Rx5a", "５一竜", "５一龍"] {
        assert!(notation::parse_any(&dragon, text, None).is_ok(), "{text}");
    }
    let horse = pos("4k4/9/9/9/4+B4/9/9/9/K8 b - 1");
    assert_eq!(notation::parse_any(&horse, "H-3c", None), Ok(mv("5e3c")));
}

#[test]
fn unreadable_ambiguous_and_illegal_texts_say_so() {
    let start = Position::start();
    let err = |text: &str| notation::parse_any(&start, text, None).unwrap_err();
    for text in [
        "",
        "hello",
        "P-7",
        "P-0f",
        "Q-7f",
        "+G-5h",
        "P*",
        "G6i5h",
        "７六",
        "七六歩",
    ] {
        assert!(
            matches!(err(text), NotationError::Unreadable(_)),
            "{text}: {:?}",
            err(text)
        );
    }
    assert_eq!(
        err("G-5h"),
        NotationError::Ambiguous {
            text: "G-5h".into(),
            choices: vec!["G4i-5h".into(), "G6i-5h".into()]
        }
    );
    assert_eq!(
        err("G-5h").to_string(),
        "'G-5h' fits more than one move: G4i-5h, G6i-5h"
    );
    assert_eq!(
        err("５八金"),
        NotationError::Ambiguous {
            text: "５八金".into(),
            choices: vec!["５八金右".into(), "５八金左".into()]
        }
    );
    assert_eq!(
        err("R-5e"),
        NotationError::NoPieceCanMove {
            kind: PieceKind::Rook,
            to: sq("5e")
        }
    );
    assert_eq!(err("R-5e").to_string(), "no rook of yours can move to 5e");
    assert_eq!(
        err("B7g-5e"),
        NotationError::WrongPiece {
            square: sq("7g"),
            named: PieceKind::Bishop,
            found: PieceKind::Pawn
        }
    );
    assert_eq!(
        err("B7g-5e").to_string(),
        "the piece on 7g is a pawn, not a bishop"
    );
    assert_eq!(err("５八金直"), NotationError::NoMatch("５八金直".into()));
    assert_eq!(
        err("S*5e").to_string(),
        "'S*5e': you have no silver in hand"
    );
    assert_eq!(
        err("P-7f+"),
        NotationError::Illegal {
            text: "P-7f+".into(),
            error: IllegalMove::OutsideZone {
                kind: PieceKind::Pawn
            }
        }
    );
    // A pinned silver: the one piece that reaches, and the rule it breaks.
    let pinned = pos("4k4/4r4/9/9/9/9/9/4S4/4K4 b - 1");
    assert_eq!(
        notation::parse_western(&pinned, "S-4g")
            .unwrap_err()
            .to_string(),
        "'S-4g': your king would be in check"
    );
    // Nifu, by both readers.
    let nifu = pos("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    for text in ["P*5e", "５五歩", "５五歩打"] {
        assert_eq!(
            notation::parse_any(&nifu, text, None),
            Err(NotationError::Illegal {
                text: text.into(),
                error: IllegalMove::Nifu(5)
            }),
            "{text}"
        );
    }
}

/// Every legal move of each position is written in both forms and read back to itself, and no
/// two moves share a text.
fn round_trip_every_move(p: &Position, previous: Option<shogi::Move>) -> usize {
    let moves = p.legal_moves();
    let mut japanese_seen = std::collections::HashSet::new();
    let mut western_seen = std::collections::HashSet::new();
    for &m in moves.iter() {
        let japanese = notation::japanese(p, m, previous);
        let western = notation::western(p, m);
        assert_eq!(
            notation::parse_japanese(p, &japanese, previous),
            Ok(m),
            "{japanese} in {}",
            p.to_sfen()
        );
        assert_eq!(
            notation::parse_western(p, &western),
            Ok(m),
            "{western} in {}",
            p.to_sfen()
        );
        assert_eq!(notation::parse_any(p, &western, previous), Ok(m));
        assert_eq!(notation::parse_any(p, &japanese, previous), Ok(m));
        assert_eq!(notation::parse_any(p, &m.to_string(), previous), Ok(m));
        assert!(japanese_seen.insert(japanese), "two moves share a text");
        assert!(western_seen.insert(western), "two moves share a text");
    }
    moves.len()
}

#[test]
fn every_legal_move_of_random_positions_round_trips_in_both_forms() {
    let mut rng = Rng::new(0x5106);
    let positions = random_positions(&mut rng, 12, 160);
    let mut moves = 0;
    for (p, previous) in positions.iter().step_by(3) {
        moves += round_trip_every_move(p, *previous);
    }
    assert!(moves > 20_000, "only {moves} moves");
}

#[test]
fn crowded_positions_round_trip_too() {
    // Many golds, silvers and tokins around squares they can all reach, for both sides.
    for sfen in [
        "4k4/9/9/3GGG3/3G1S3/3SSS3/9/9/4K4 b - 1",
        "4k4/9/9/3+P+P+P3/3+P1+P3/3+P+P+P3/9/9/4K4 b 2S 1",
        "4k4/9/9/1+R5+R1/9/1+B5+B1/9/9/4K4 b - 1",
        "4k4/9/9/3ggg3/3g1s3/3sss3/9/9/4K4 w - 1",
        "4k4/9/9/3+p+p+p3/3+p1+p3/3+p+p+p3/9/9/4K4 w 2s 1",
    ] {
        let setup = Setup::parse(sfen).unwrap();
        let p = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        assert!(round_trip_every_move(&p, None) > 10, "{sfen}");
    }
}
