//! The rules layer's errors in the page's language (`jungle::texts`): every error value maps to
//! a catalogue key that every language has, the code fills exactly the placeholders the
//! English text names (a renamed one fails here), and the English catalogue says what the
//! error's `Display` (the CLI's wording) says. The same for the embed page's parameter errors
//! (`ParamError::text` against `ParamError::message`), which wrap the rules layer's.

mod catalogue_common;

use catalogue_common::key_problems;
use jungle::texts::{self, Text};
use jungle::{
    Animal, CaptureError, IllegalMove, Move, MoveParseError, Piece, PositionError, Record,
    RecordError, RulesetError, Side, Square,
};
use std::collections::{BTreeMap, BTreeSet};
use tabula::web::embed::{EmbedConfig, MoveListError, MoveListReason, ParamError, MAX_MOVES};
use tabula::web::games::jungle::JungleWeb;

const LOCALES: &str = "www/locales";

/// Key prefixes of the texts made by `jungle::texts` (besides animal and side names).
const ERROR_PREFIXES: [&str; 9] = [
    "illegal.",
    "capture.",
    "position.",
    "moveText.",
    "rules.",
    "record.",
    "embed.param.",
    "embed.moveList.",
    "embed.list.",
];

/// Keys under those prefixes that the page fills itself.
const USED_ELSEWHERE: [&str; 1] = ["illegal.prefix"];

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square")
}

/// The site's texts of `lang` with Jungle's own (`locales/jungle/`: its rules' errors) and the
/// embed's (`locales/embed/`, where the parameters' refusals live).
fn catalogue(lang: &str) -> BTreeMap<String, String> {
    let mut texts = catalogue_common::catalogue(LOCALES, lang);
    for own in ["jungle", "embed"] {
        texts.extend(catalogue_common::catalogue(
            &format!("{LOCALES}/{own}"),
            lang,
        ));
    }
    texts
}

/// The site's catalogue in each language Jungle is offered in (the site's Japanese one serves
/// shogi's pages alone, which say Jungle's rules' errors in shogi's words).
fn languages() -> Vec<(String, BTreeMap<String, String>)> {
    let offered: Vec<&str> = tabula::web::games::jungle::LANGUAGES
        .iter()
        .map(|lang| lang.tag())
        .collect();
    let mut found: Vec<(String, BTreeMap<String, String>)> = std::fs::read_dir(LOCALES)
        .expect("the locales folder")
        .map(|item| item.expect("a folder entry").file_name())
        .filter_map(|name| {
            name.to_string_lossy()
                .strip_suffix(".json")
                .map(str::to_string)
        })
        .filter(|lang| offered.contains(&lang.as_str()))
        .map(|lang| {
            let texts = catalogue(&lang);
            (lang, texts)
        })
        .collect();
    found.sort();
    assert!(found.len() >= 5, "five catalogues, found {}", found.len());
    found
}

fn illegal_moves() -> Vec<IllegalMove> {
    let mut all = vec![
        IllegalMove::GameOver,
        IllegalMove::NoAnimal(sq("b2")),
        IllegalMove::NotYourTurn {
            to_move: Side::White,
        },
        IllegalMove::OwnDen,
        IllegalMove::OwnAnimal,
        IllegalMove::JumpBlocked,
        IllegalMove::TigerJumpsVerticallyOnly,
        IllegalMove::RepetitionProhibited { to: sq("c4") },
    ];
    for animal in Animal::ALL {
        all.push(IllegalMove::NotAStep(animal));
        all.push(IllegalMove::NoSwimming(animal));
    }
    all.extend(capture_errors().into_iter().map(IllegalMove::Capture));
    all
}

fn capture_errors() -> Vec<CaptureError> {
    vec![
        CaptureError::FromWaterToLand,
        CaptureError::FromLandIntoWater,
        CaptureError::AttackerTrapped(Animal::Lion),
        CaptureError::ElephantCannotTakeRat,
        CaptureError::Outranked {
            attacker: Animal::Cat,
            defender: Animal::Tiger,
        },
    ]
}

fn position_errors() -> Vec<PositionError> {
    vec![
        PositionError::Fields(3),
        PositionError::RankCount(8),
        PositionError::FileCount(3, 6),
        // The English text's plural choice agrees with the CLI's wording for one file too.
        PositionError::FileCount(2, 1),
        PositionError::BadBoardChar('X'),
        PositionError::BadSide("x".into()),
        PositionError::BadClock("-1".into()),
        PositionError::BadMoveNumber("a very long move number that goes on and on".into()),
        PositionError::Duplicate(Side::Black, Animal::Wolf),
        PositionError::InWater(Piece::new(Side::White, Animal::Elephant), sq("b4")),
        PositionError::InOwnDen(Piece::new(Side::Black, Animal::Tiger)),
        PositionError::EmptyBoard,
        PositionError::NoAnimals(Side::White),
        PositionError::DenAlreadyEntered(Side::Black),
    ]
}

fn record_errors() -> Vec<RecordError> {
    vec![
        RecordError::BadTag {
            line: 2,
            text: "[Event Casual]".into(),
        },
        RecordError::Variant(RulesetError::UnknownRule("tiger".into())),
        RecordError::Variant(RulesetError::NoCaptureLimit("40".into())),
        RecordError::Variant(RulesetError::ThreefoldValue("maybe".into())),
        RecordError::Fen(PositionError::NoAnimals(Side::Black)),
        RecordError::StrayCommentEnd,
        RecordError::UnclosedComment,
        RecordError::AfterResult("a3a4".into()),
        RecordError::VariationWithoutMove,
        RecordError::StrayVariationEnd,
        RecordError::UnclosedVariation,
        RecordError::InVariation {
            ply: 4,
            error: Box::new(RecordError::IllegalMove {
                ply: 5,
                played: Move::new(sq("a3"), sq("a5")),
                error: IllegalMove::NotAStep(Animal::Rat),
            }),
        },
        RecordError::BadMove {
            ply: 3,
            error: MoveParseError::NotAMove("a3-a4x".into()),
        },
        RecordError::BadMove {
            ply: 4,
            error: MoveParseError::NotASquare("h4".into()),
        },
        RecordError::BadMove {
            ply: 5,
            error: MoveParseError::SameSquare("a3a3".into()),
        },
        RecordError::IllegalMove {
            ply: 1,
            played: Move::new(sq("g7"), sq("g6")),
            error: IllegalMove::NotYourTurn {
                to_move: Side::Black,
            },
        },
        RecordError::ResultMismatch {
            declared: "1-0".into(),
            actual: "*",
        },
        RecordError::TerminationMismatch {
            declared: "den".into(),
            actual: Some("all-captured"),
        },
        RecordError::TerminationMismatch {
            declared: "den".into(),
            actual: None,
        },
    ]
}

/// Queries of the embed page that make every kind of parameter error (each query is refused;
/// some make several errors).
fn bad_queries() -> Vec<String> {
    let mut queries: Vec<String> = [
        "level=2&level=3",
        "v=2",
        "mode=x&side=x&orientation=up&theme=pink&coords=x&sound=loud&lang=fr",
        "variant=tiger",
        "variant=nocapture=40",
        "variant=threefold=maybe",
        "fen=7/7/7/7/7/7/7/7/7_b_0_1",
        "fen=x",
        "moves=a3a4,zz",
        "moves=a3a4,g7g6,a4a9",
        "moves=a3a3",
        "moves=a3a4,g6g4",
        "moves=a3a4&ply=5",
        "moves=a3a4&ply=0&mode=puzzle&solution=g7g6",
        "mode=puzzle",
        "mode=puzzle&solution=a3a4,g7g6",
        "mode=puzzle&solution=a3a4,g7g6,a4a9",
        "mode=puzzle&solution=a3a4&side=white",
        "level=9&mode=play",
        "marks=z9",
        "marks=z9,d4,x1",
        "marks=z1,z2,z3,z4,z5,z6,z7",
        "controls=none,flip",
        "mode=analysis&controls=undo,hint",
        "controls=zoom",
        "id=a!b",
        "origin=ftp://example.com",
    ]
    .map(str::to_string)
    .to_vec();
    let squares: Vec<String> = (1..=4)
        .flat_map(|rank| ('a'..='g').map(move |file| format!("{file}{rank}")))
        .take(25)
        .collect();
    queries.push(format!("marks={}", squares.join(",")));
    let origins: Vec<String> = (0..17).map(|i| format!("https://a{i}.example")).collect();
    queries.push(format!("origin={}", origins.join(",")));
    queries
}

/// Every parameter error of [`bad_queries`].
fn param_errors() -> Vec<ParamError> {
    bad_queries()
        .iter()
        .flat_map(|query| match EmbedConfig::<JungleWeb>::parse(query) {
            Ok(_) => panic!("{query} was accepted"),
            Err(errors) => errors.0,
        })
        .collect()
}

/// Every error value above with its text and its `Display`, plus the piece names.
fn samples() -> Vec<(Text, Option<String>)> {
    let mut all: Vec<(Text, Option<String>)> = Vec::new();
    for e in illegal_moves() {
        all.push((texts::illegal_move(&e), Some(e.to_string())));
    }
    for e in position_errors() {
        all.push((texts::position_error(&e), Some(e.to_string())));
    }
    for e in record_errors() {
        all.push((texts::record_error(&e), Some(e.to_string())));
    }
    for e in param_errors() {
        all.push((e.text, Some(e.message)));
    }
    // A list too long is refused before its moves are read: no query of a sane length makes it.
    let too_long = MoveListError {
        index: MAX_MOVES,
        text: "a3a4".into(),
        reason: MoveListReason::TooMany,
    };
    all.push((too_long.text(), Some(too_long.to_string())));
    for side in Side::ALL {
        for animal in Animal::ALL {
            all.push((texts::piece(Piece::new(side, animal)), None));
        }
    }
    all
}

/// `text` in the words of `catalogue`, as the reader sees it.
fn rendered(text: &Text, catalogue: &BTreeMap<String, String>) -> String {
    text.render(&|key: &str| {
        catalogue
            .get(key)
            .cloned()
            .unwrap_or_else(|| panic!("no text for {key}"))
    })
}

/// `text` in the words of `catalogue`, without the invisible marks that isolate quoted input
/// (`quoted_input_is_isolated_from_the_sentence_around_it` checks those).
fn render(text: &Text, catalogue: &BTreeMap<String, String>) -> String {
    rendered(text, catalogue).replace([common::texts::ISOLATE.0, common::texts::ISOLATE.1], "")
}

#[test]
fn every_key_exists_in_every_catalogue_with_the_placeholders_the_code_fills() {
    let samples = samples();
    let problems = key_problems(
        samples.iter().map(|(text, _)| text),
        &catalogue("en"),
        &languages(),
    );
    assert!(problems.is_empty(), "\n{}\n", problems.join("\n"));
}

#[test]
fn every_error_key_of_the_catalogue_is_made_by_some_error() {
    let made: BTreeSet<&str> = samples()
        .iter()
        .flat_map(|(text, _)| text.all_texts().into_iter().map(|t| t.key))
        .collect();
    let unused: Vec<String> = catalogue("en")
        .into_keys()
        .filter(|key| ERROR_PREFIXES.iter().any(|p| key.starts_with(p)))
        .filter(|key| !USED_ELSEWHERE.contains(&key.as_str()) && !made.contains(key.as_str()))
        .collect();
    assert!(
        unused.is_empty(),
        "no error value above makes these keys (a variant without a sample, or a dead key): {unused:?}"
    );
}

#[test]
fn in_english_each_error_says_what_its_display_says() {
    let english = catalogue("en");
    for (text, display) in samples() {
        let Some(display) = display else { continue };
        let rendered = render(&text, &english);
        assert_eq!(rendered, display, "{}", text.key);
    }
}

#[test]
fn every_language_renders_every_error_without_a_stray_placeholder() {
    for (lang, catalogue) in languages() {
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
fn a_piece_is_named_in_the_word_order_of_each_language() {
    let rat = texts::piece(Piece::new(Side::White, Animal::Rat));
    for (lang, expected) in [
        ("en", "White rat"),
        ("id", "tikus Putih"),
        ("vi", "chuột Trắng"),
        ("de", "Ratte von Weiß"),
        ("zh-CN", "白方的鼠"),
    ] {
        assert_eq!(render(&rat, &catalogue(lang)), expected, "{lang}");
    }
}

#[test]
fn errors_from_real_input_read_in_another_language() {
    use jungle::{Game, Record, Ruleset};
    let german = catalogue("de");
    let err = Record::parse("1. a3a4 a4a5").unwrap_err();
    assert_eq!(
        render(&texts::record_error(&err), &german),
        "Halbzug 2, a4a5: Weiß ist am Zug: Ziehe ein Tier von Weiß"
    );
    let game = Game::from_fen("7/7/7/7/7/7/r6/E6/7 b 0 1", Ruleset::default()).unwrap();
    let elephant_takes_rat = game.check_move(Move::new(sq("a2"), sq("a3"))).unwrap_err();
    assert_eq!(
        render(
            &texts::illegal_move(&elephant_takes_rat),
            &catalogue("zh-CN")
        ),
        "象不能吃鼠"
    );
    let err = Game::from_fen("7/7/7/7/7/7/7/7/7 b 0 1", *game.rules()).unwrap_err();
    assert_eq!(
        render(&texts::position_error(&err), &catalogue("id")),
        "tidak ada binatang di papan"
    );
}

#[test]
fn every_kind_of_parameter_error_is_sampled_and_names_its_parameter_first() {
    let errors = param_errors();
    let keys: BTreeSet<String> = errors.iter().map(|e| e.text.key.to_string()).collect();
    let catalogued: BTreeSet<String> = catalogue("en")
        .into_keys()
        .filter(|key| key.starts_with("embed.param."))
        .collect();
    assert_eq!(keys, catalogued, "a kind without a sample, or a dead key");
    for e in &errors {
        assert!(e.message.starts_with(&e.param), "{e:?}");
    }
}

#[test]
fn parameter_errors_read_in_german_and_chinese_with_the_rules_layer_inside() {
    let error = |query: &str| {
        let mut errors = EmbedConfig::<JungleWeb>::parse(query).unwrap_err().0;
        assert_eq!(errors.len(), 1, "{query}: {errors:?}");
        errors.remove(0).text
    };
    let (german, chinese) = (catalogue("de"), catalogue("zh-CN"));

    let illegal = error("moves=a3a4,g6g4");
    assert_eq!(
        render(&illegal, &german),
        "Fehler in moves: Zug 2 'g6g4' kann nicht gespielt werden: Auf g6 steht kein Tier"
    );
    assert_eq!(
        render(&illegal, &chinese),
        "moves 有误：第 2 步“g6g4”无法走出：g6 上没有动物"
    );

    let empty = error("fen=7/7/7/7/7/7/7/7/7_b_0_1");
    assert_eq!(
        render(&empty, &german),
        "fen '7/7/7/7/7/7/7/7/7_b_0_1' ist keine gültige Stellung: Auf dem Brett steht kein Tier"
    );
    assert_eq!(
        render(&empty, &chinese),
        "fen“7/7/7/7/7/7/7/7/7_b_0_1”不是合法局面：棋盘上没有动物"
    );

    // The allowed values are code and stay as written; only the words between them change.
    let mode = error("mode=chess");
    assert_eq!(
        render(&mode, &german),
        "mode muss play, hotseat, view, puzzle oder analysis sein, nicht 'chess'"
    );
    assert_eq!(
        render(&mode, &chinese),
        "mode 只能是 play, hotseat, view, puzzle 或 analysis，不能是“chess”"
    );
    assert_eq!(
        render(&error("marks=z1,z2,z3,z4,z5,z6,z7"), &german),
        "marks muss Felder a1–g9 auflisten, etwa d4,c3; 'z1', 'z2', 'z3', 'z4', 'z5' und 2 weitere \
         sind keine Felder"
    );
}

#[test]
fn quoted_input_is_isolated_from_the_sentence_around_it() {
    let english = catalogue("en");
    // A right-to-left override in a parameter would reverse the rest of its line: the value is
    // isolated, and the override itself shows as a replacement character.
    let errors = EmbedConfig::<JungleWeb>::parse("level=9\u{202e}evil&mode=chess")
        .unwrap_err()
        .0;
    let shown: Vec<String> = errors.iter().map(|e| rendered(&e.text, &english)).collect();
    assert_eq!(
        shown,
        [
            "mode must be play, hotseat, view, puzzle or analysis, not '\u{2068}chess\u{2069}'",
            "level must be 1–5, not '\u{2068}9\u{fffd}evil\u{2069}'",
        ]
    );
    // A bad record quotes the player's text the same way, in any language.
    let record = Record::parse("[Result \"\u{202e}1-0\"]\n*").unwrap_err();
    let german = rendered(&texts::record_error(&record), &catalogue("de"));
    assert!(german.contains("\u{2068}\u{fffd}1-0\u{2069}"), "{german:?}");
    // Values of the game's own (squares, numbers) are not isolated.
    let illegal = rendered(
        &texts::illegal_move(&IllegalMove::NoAnimal(Square::parse("e3").unwrap())),
        &english,
    );
    assert!(!illegal.contains(common::texts::ISOLATE.0), "{illegal:?}");
}
