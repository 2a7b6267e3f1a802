//! Shogi's errors in the page's language (`shogi::texts`, catalogues in
//! `www/locales/shogi/<lang>.json`): every error value maps to a key that every language has,
//! the code fills exactly the placeholders the English text names, the English catalogue says
//! what each error's `Display` says, and no catalogue key is left unmade.

mod catalogue_common;
mod shogi_common;

use catalogue_common::key_problems;

use shogi::record::RecordErrorKind;
use shogi::texts::{self, Text};
use shogi::{
    DeclarationError, DrawReason, IllegalMove, ImpasseError, MoveParseError, NotationError,
    Outcome, Piece, PieceKind, PositionError, Record, RecordError, Ruleset, RulesetError, Side,
    Square, WinReason,
};
use shogi_common::sq;
use std::collections::{BTreeMap, BTreeSet};

const LOCALES: &str = "www/locales/shogi";
const LANGUAGES: [&str; 6] = ["en", "de", "id", "vi", "zh-CN", "ja"];

fn catalogue(lang: &str) -> BTreeMap<String, String> {
    catalogue_common::catalogue(LOCALES, lang)
}

fn render(text: &Text, catalogue: &BTreeMap<String, String>) -> String {
    text.render(&|key: &str| {
        catalogue
            .get(key)
            .cloned()
            .unwrap_or_else(|| panic!("no text for {key}"))
    })
}

fn illegal_moves() -> Vec<IllegalMove> {
    let mut all = vec![
        IllegalMove::GameOver,
        IllegalMove::NoPiece(sq("5e")),
        IllegalMove::NotYourPiece {
            square: sq("3c"),
            to_move: Side::Black,
        },
        IllegalMove::OwnPiece(sq("7g")),
        IllegalMove::DropOnPiece(sq("1a")),
        IllegalMove::Nifu(7),
        IllegalMove::PawnDropMate,
        IllegalMove::KingInCheck,
    ];
    for kind in PieceKind::ALL {
        all.push(IllegalMove::CannotReach {
            kind,
            from: sq("8h"),
            to: sq("2b"),
        });
        all.push(IllegalMove::CannotPromote(kind));
        all.push(IllegalMove::OutsideZone { kind });
    }
    for kind in PieceKind::HAND {
        all.push(IllegalMove::NotInHand(kind));
    }
    for (kind, rank) in [
        (PieceKind::Pawn, "1a"),
        (PieceKind::Lance, "5i"),
        (PieceKind::Knight, "4b"),
        (PieceKind::Knight, "9h"),
    ] {
        all.push(IllegalMove::DeadDrop { kind, to: sq(rank) });
        all.push(IllegalMove::MustPromote { kind, to: sq(rank) });
    }
    all
}

fn position_errors() -> Vec<PositionError> {
    let mut all = vec![
        PositionError::Fields(2),
        PositionError::RankCount(8),
        PositionError::FileCount('c', 10),
        PositionError::FileCount('d', 1),
        PositionError::BadBoardChar('x'),
        PositionError::BadPromotion("+g".into()),
        PositionError::BadSide("x".into()),
        PositionError::BadHand("PP".into()),
        PositionError::BadHandPiece('K'),
        PositionError::BadHandCount("19".into()),
        PositionError::BadMoveNumber("a very long move number that goes on and on".into()),
        PositionError::TwoKings(Side::White),
        PositionError::NoKing,
        PositionError::DeadPiece(Piece::new(Side::White, PieceKind::Knight), sq("5h")),
        PositionError::Nifu(Side::Black, 5),
        PositionError::OpponentInCheck(Side::White),
    ];
    for kind in [PieceKind::Pawn, PieceKind::Bishop, PieceKind::Gold] {
        all.push(PositionError::TooMany(kind, 19));
    }
    all
}

fn impasse_errors() -> Vec<ImpasseError> {
    vec![
        ImpasseError::Off,
        ImpasseError::KingNotInZone,
        ImpasseError::InCheck,
        ImpasseError::TooFewPieces(7),
        ImpasseError::TooFewPoints {
            points: 24,
            needed: 28,
        },
    ]
}

fn outcomes() -> Vec<Outcome> {
    let mut all = vec![
        Outcome::Draw(DrawReason::Sennichite),
        Outcome::Draw(DrawReason::MoveLimit(512)),
    ];
    for winner in Side::ALL {
        for reason in [
            WinReason::Checkmate,
            WinReason::NoLegalMove,
            WinReason::PerpetualCheck,
            WinReason::Impasse(31),
            WinReason::Resignation,
            WinReason::Time,
        ] {
            all.push(Outcome::Win { winner, reason });
        }
    }
    all
}

fn notation_errors() -> Vec<NotationError> {
    vec![
        NotationError::Unreadable("P-7".into()),
        NotationError::NoPrevious,
        NotationError::NoPieceCanMove {
            kind: PieceKind::Dragon,
            to: sq("5e"),
        },
        NotationError::NoMatch("５八金直".into()),
        NotationError::WrongPiece {
            square: sq("7g"),
            named: PieceKind::Bishop,
            found: PieceKind::Pawn,
        },
        NotationError::Ambiguous {
            text: "G-5h".into(),
            choices: vec!["G4i-5h".into(), "G6i-5h".into()],
        },
        NotationError::Illegal {
            text: "P*5e".into(),
            error: IllegalMove::Nifu(5),
        },
    ]
}

fn record_errors() -> Vec<RecordError> {
    use RecordErrorKind as K;
    let kinds = vec![
        K::Encoding,
        K::NotKif("x".into()),
        K::NotCsa("x".into()),
        K::NotUsi("x".into()),
        K::UnknownHandicap("トンボ".into()),
        K::BadRow("| ・|".into()),
        K::RowCount(8),
        K::BadHand("ねこ".into()),
        K::BadPlacement("PI82XX".into()),
        K::Position(PositionError::NoKing),
        K::NoStartPosition,
        K::MoveNumber {
            found: 3,
            expected: 2,
        },
        K::BadMove {
            ply: 4,
            error: NotationError::NoPrevious,
        },
        K::BadCsaMove("+7776F".into()),
        K::WrongSide {
            ply: 1,
            to_move: Side::Black,
        },
        K::CsaPiece {
            ply: 1,
            square: sq("7g"),
            written: "KA".into(),
            found: PieceKind::Pawn,
        },
        K::UsiMove {
            ply: 2,
            error: MoveParseError::NotASquare("3x".into()),
        },
        K::IllegalMove {
            ply: 9,
            text: "５五歩打".into(),
            error: IllegalMove::Nifu(5),
        },
        K::BadTime("( 0:xx)".into()),
        K::UnknownEnding("%MATTA".into()),
        K::AfterEnd("+7776FU".into()),
        K::EndingMismatch {
            stated: "詰み".into(),
            actual: Some(Outcome::Win {
                winner: Side::White,
                reason: WinReason::Resignation,
            }),
        },
        K::EndingMismatch {
            stated: "千日手".into(),
            actual: None,
        },
        K::Declaration(DeclarationError::GameOver),
        K::Declaration(DeclarationError::Invalid(ImpasseError::InCheck)),
        K::Rules(RulesetError::MaxMovesValue("0".into())),
        K::SecondGame,
        K::VariationOutsideLine {
            number: 9,
            first: 3,
            last: 6,
        },
        K::VariationOutsideLine {
            number: 1,
            first: 1,
            last: 0,
        },
    ];
    kinds
        .into_iter()
        .enumerate()
        .map(|(i, kind)| RecordError { line: i + 1, kind })
        .collect()
}

/// Every error value above with its text and its `Display`, and the names.
fn samples() -> Vec<(Text, Option<String>)> {
    let mut all: Vec<(Text, Option<String>)> = Vec::new();
    for e in illegal_moves() {
        all.push((texts::illegal_move(&e), Some(e.to_string())));
    }
    for e in [
        MoveParseError::NotAMove("7g7".into()),
        MoveParseError::NotASquare("0a".into()),
        MoveParseError::SameSquare("7g7g".into()),
        MoveParseError::NotADropPiece('K'),
    ] {
        all.push((texts::move_parse_error(&e), Some(e.to_string())));
    }
    for e in position_errors() {
        all.push((texts::position_error(&e), Some(e.to_string())));
    }
    for e in [
        RulesetError::ImpasseValue("24".into()),
        RulesetError::MaxMovesValue("0".into()),
        RulesetError::UnknownRule("nifu=off".into()),
    ] {
        all.push((texts::ruleset_error(&e), Some(e.to_string())));
    }
    for e in impasse_errors() {
        all.push((texts::impasse_error(&e), Some(e.to_string())));
        let declaration = DeclarationError::Invalid(e);
        all.push((
            texts::declaration_error(&declaration),
            Some(declaration.to_string()),
        ));
    }
    let over = DeclarationError::GameOver;
    all.push((texts::declaration_error(&over), Some(over.to_string())));
    for o in outcomes() {
        all.push((texts::outcome(&o), Some(o.to_string())));
    }
    for e in notation_errors() {
        all.push((texts::notation_error(&e), Some(e.to_string())));
    }
    for e in record_errors() {
        all.push((texts::record_error(&e), Some(e.to_string())));
    }
    for side in Side::ALL {
        for kind in PieceKind::ALL {
            all.push((texts::piece(Piece::new(side, kind)), None));
        }
    }
    for square in Square::all() {
        all.push((texts::square(square), None));
    }
    all
}

#[test]
fn every_key_exists_in_every_catalogue_with_the_placeholders_the_code_fills() {
    let samples = samples();
    let languages: Vec<(String, BTreeMap<String, String>)> = LANGUAGES
        .iter()
        .map(|lang| (lang.to_string(), catalogue(lang)))
        .collect();
    let problems = key_problems(
        samples.iter().map(|(text, _)| text),
        &catalogue("en"),
        &languages,
    );
    assert!(problems.is_empty(), "\n{}\n", problems.join("\n"));
}

/// The namespaces of the rules layer's keys (`shogi.illegal.…`).
const RULES_NAMESPACES: [&str; 11] = [
    "side", "piece", "rank", "illegal", "moveText", "position", "rules", "impasse", "outcome",
    "notation", "record",
];

#[test]
fn every_key_of_the_catalogue_is_made_by_some_value() {
    let made: BTreeSet<&str> = samples()
        .iter()
        .flat_map(|(text, _)| text.all_texts().into_iter().map(|t| t.key))
        .collect();
    // The rules layer's keys; the rest of the catalogue is the shogi page's own texts
    // (src/web/games/shogi/mod.rs and src/web/games/shogi/page.html use them).
    let rules_key = |key: &str| {
        key == "shogi.square"
            || RULES_NAMESPACES
                .iter()
                .any(|namespace| key.starts_with(&format!("shogi.{namespace}.")))
    };
    let unused: Vec<String> = catalogue("en")
        .into_keys()
        .filter(|key| rules_key(key) && !made.contains(key.as_str()))
        .collect();
    assert!(
        unused.is_empty(),
        "no value above makes these keys (a variant without a sample, or a dead key): {unused:?}"
    );
}

#[test]
fn in_english_each_error_says_what_its_display_says() {
    let english = catalogue("en");
    let mut checked = 0;
    for (text, display) in samples() {
        let Some(display) = display else { continue };
        assert_eq!(render(&text, &english), display, "{}", text.key);
        checked += 1;
    }
    assert!(checked > 140, "only {checked} errors");
}

#[test]
fn every_language_renders_every_error_without_a_stray_placeholder() {
    for lang in LANGUAGES {
        let catalogue = catalogue(lang);
        for (text, _) in samples() {
            let rendered = render(&text, &catalogue);
            for part in text.all_texts() {
                for name in part.placeholders() {
                    assert!(
                        !rendered.contains(&format!("{{{name}}}")),
                        "{lang}: {} left {{{name}}} in {rendered:?}",
                        text.key
                    );
                }
            }
        }
    }
}

#[test]
fn errors_from_real_input_read_in_japanese_german_and_chinese() {
    let ja = catalogue("ja");
    let text = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五歩打\n";
    // Sente has no pawn in hand yet: the drop is refused with its line, ply and rule.
    let err = Record::from_kif(text).unwrap_err();
    assert_eq!(
        render(&texts::record_error(&err), &ja),
        "4行目: 3手目「５五歩打」: 持ち駒に歩がありません"
    );
    let nifu = shogi::Position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").unwrap();
    let err = shogi::notation::parse_any(&nifu, "５五歩", None).unwrap_err();
    assert_eq!(
        render(&texts::notation_error(&err), &ja),
        "「５五歩」: 5筋に成っていない歩が二枚になります（二歩）"
    );
    let dead = IllegalMove::DeadDrop {
        kind: PieceKind::Knight,
        to: sq("3b"),
    };
    assert_eq!(
        render(&texts::illegal_move(&dead), &ja),
        "二段目に打った桂馬は動けなくなります（行き所のない駒）"
    );
    assert_eq!(
        render(&texts::illegal_move(&dead), &catalogue("de")),
        "Auf Reihe b eingesetzt, könnte die Figur (Springer) nie ziehen"
    );
    let cannot = IllegalMove::CannotReach {
        kind: PieceKind::Bishop,
        from: sq("8h"),
        to: sq("2b"),
    };
    assert_eq!(
        render(&texts::illegal_move(&cannot), &catalogue("zh-CN")),
        "８八 的角行不能走到 ２二"
    );
    assert_eq!(
        // Full-width file digits, as Japanese writes squares (７六歩).
        render(&texts::illegal_move(&cannot), &ja),
        "８八の角は２二へ動けません"
    );
    let declared = Outcome::Win {
        winner: Side::White,
        reason: WinReason::Impasse(27),
    };
    assert_eq!(
        render(&texts::outcome(&declared), &ja),
        "後手の勝ち（入玉宣言、27 点）"
    );
    let rules = Ruleset::parse("maxmoves=0").unwrap_err();
    assert_eq!(
        render(&texts::ruleset_error(&rules), &catalogue("vi")),
        "maxmoves phải là số nửa nước từ 1 đến 100000 hoặc off, không phải '0'"
    );
}

#[test]
fn a_piece_is_named_in_the_word_order_of_each_language() {
    let horse = texts::piece(Piece::new(Side::White, PieceKind::Horse));
    for (lang, expected) in [
        ("en", "Gote's horse"),
        ("de", "Pferd von Gote"),
        ("id", "kuda naga Gote"),
        ("vi", "long mã của Hậu thủ"),
        ("zh-CN", "后手的龙马"),
        ("ja", "後手の馬"),
    ] {
        assert_eq!(render(&horse, &catalogue(lang)), expected, "{lang}");
    }
}
