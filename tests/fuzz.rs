//! Hostile and random input for the text parsers (issue 7): random bytes, ASCII and UTF-8,
//! mutations of valid inputs and generated near-valid inputs go to the position (FEN), move,
//! ruleset (text and JSON) and record parsers, and to the embed page's URL parameters and
//! postMessage commands (issue 6). None may panic, and whatever a parser accepts must be
//! written back as text that reads back to the same thing.
//!
//! `JUNGLE_FUZZ_INPUTS` is the total number of inputs, shared evenly by the seven tests below
//! (default: a few thousand, seconds in a debug build); `./run fuzz` runs the big count.

mod common;

use common::fuzz::{self, feed, random_number, Alphabet};
use common::{count_from_env, random_position, rules, Rng};
use jungle::{notation, Record, START_FEN};
use jungle::{Game, Move, Position, Ruleset, Setup, Square};
use tabula::web::embed::params::PARAMS;
use tabula::web::embed::{Command, EmbedConfig, Event, MessageValue, Mode, PuzzleStep};
use tabula::web::games::jungle::JungleWeb;

/// The parser tests in this file; the total count is shared among them.
const PARSER_TESTS: usize = 7;

/// How many inputs each parser test feeds.
fn inputs_per_test() -> usize {
    count_from_env("JUNGLE_FUZZ_INPUTS", 50_000).div_ceil(PARSER_TESTS)
}

/// Characters of the formats themselves.
const FORMAT_CHARS: &[u8] = b"RCDWPTLErcdwptleabcdefgh0123456789/ bw-x#.[]\"{}\n\\=,*onf";

/// Jungle's formats: the characters above, and runs of them.
const JUNGLE: Alphabet = Alphabet {
    chars: FORMAT_CHARS,
    runs: &["a", "7", "/", "{", "[", "1. ", "a3a4 ", "日", " "],
};

fn random_text(rng: &mut Rng) -> String {
    fuzz::random_text(rng, JUNGLE)
}

fn next_input(
    rng: &mut Rng,
    samples: &[String],
    generate: &mut impl FnMut(&mut Rng) -> String,
) -> String {
    fuzz::next_input(rng, samples, generate, JUNGLE)
}

/// Valid texts of every format, mixed into each parser's samples: one format fed to another's
/// parser (a record to the FEN parser, a FEN to the move parser...).
fn every_format() -> Vec<String> {
    let mut game = Game::new(Ruleset::default());
    for m in ["a3a4", "g7g6", "c3d3"] {
        game.play(Move::parse(m).unwrap()).unwrap();
    }
    vec![
        START_FEN.to_string(),
        "a3a4".to_string(),
        "Wc3-d3".to_string(),
        "Lb3xb7#".to_string(),
        "tiger-vertical-only,repetition-prohibition,nocapture=60,threefold=off".to_string(),
        serde_json::to_string(&Ruleset::default()).unwrap(),
        Record::new(game, vec![("Event".into(), "x".into())]).to_string(),
    ]
}

// ---------------------------------------------------------------------------------------------
// Valid samples from random games.

const RULESETS: [&str; 6] = [
    "standard",
    "tiger-vertical-only",
    "repetition-prohibition",
    "threefold=off",
    "nocapture=60",
    "tiger-vertical-only,repetition-prohibition,threefold=off,nocapture=off",
];

/// Random games (from the start or a random position) under each ruleset.
fn sample_games(rng: &mut Rng, count: usize) -> Vec<Game> {
    (0..count)
        .map(|i| {
            let ruleset = rules(RULESETS[i % RULESETS.len()]);
            let start = if rng.chance(50) {
                Position::start(&ruleset)
            } else {
                random_position(rng, &ruleset)
            };
            let mut game = Game::from_position(start, ruleset);
            for _ in 0..rng.below(150) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(*rng.pick(&moves))
                    .expect("a listed move is legal");
            }
            game
        })
        .collect()
}

/// Positions along the sample games.
fn sample_positions(games: &[Game]) -> Vec<Position> {
    games
        .iter()
        .flat_map(|g| g.positions().iter().step_by(7).copied())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Positions (FEN).

/// A FEN-like text close to valid: nine (sometimes eight or ten) ranks of digits and letters
/// that may not add up, a side, two counters from the edge numbers, odd separators.
fn near_valid_fen(rng: &mut Rng) -> String {
    const BOARD_CHARS: &[u8] = b"RCDWPTLErcdwptle1234567890X";
    let rank_count = match rng.below(10) {
        0 => 8,
        1 => 10,
        _ => 9,
    };
    let ranks: Vec<String> = (0..rank_count)
        .map(|_| {
            if rng.chance(50) {
                "7".to_string()
            } else {
                (0..1 + rng.below(8))
                    .map(|_| *rng.pick(BOARD_CHARS) as char)
                    .collect()
            }
        })
        .collect();
    let side = *rng.pick(&["b", "w", "B", "W", "", "x", "bw", "黑"]);
    let clock = if rng.chance(50) {
        rng.below(120).to_string()
    } else {
        random_number(rng)
    };
    let number = if rng.chance(50) {
        (1 + rng.below(100)).to_string()
    } else {
        random_number(rng)
    };
    let mut parts = vec![ranks.join("/"), side.to_string(), clock, number];
    if rng.chance(5) {
        parts.push(random_number(rng));
    }
    if rng.chance(5) {
        parts.remove(rng.below(parts.len()));
    }
    let separator = *rng.pick(&[" ", " ", " ", "  ", "\t", "\n", "\u{a0}", "\u{3000}"]);
    parts.join(separator)
}

/// Feeds `text` to the FEN parsers; checks the round trips when it is accepted.
fn check_fen(text: &str) -> bool {
    let parsed = Setup::parse(text);
    let _ = parsed.as_ref().map_err(|e| e.to_string());
    let Ok(setup) = parsed else {
        assert!(Position::from_fen(text, &Ruleset::default()).is_err());
        return false;
    };
    let written = setup.to_string();
    assert_eq!(Setup::parse(&written), Ok(setup), "written as {written}");
    let validity = setup.validate();
    for ruleset in [Ruleset::default(), rules("tiger-vertical-only")] {
        let position = Position::from_fen(text, &ruleset);
        assert_eq!(position.as_ref().err(), validity.as_ref().err());
        let Ok(pos) = position else {
            continue;
        };
        assert_eq!(pos.to_fen(), written);
        assert_eq!(pos.to_setup(), setup);
        assert_eq!(Position::from_fen(&written, &ruleset), Ok(pos));
        assert_eq!(pos.hash(), pos.compute_hash());
        let moves = pos.legal_moves();
        assert!(moves.iter().all(|&m| pos.is_legal(m)));
        assert_eq!(pos.outcome().is_some(), moves.is_empty());
        let game = Game::from_position(pos, ruleset);
        if game.outcome().is_none() {
            assert!(!game.legal_moves().is_empty());
        }
    }
    validity.is_ok()
}

#[test]
fn position_parsing_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(0xF1);
    let games = sample_games(&mut rng, 40);
    let mut samples: Vec<String> = sample_positions(&games)
        .iter()
        .map(Position::to_fen)
        .collect();
    samples.push(START_FEN.to_string());
    samples.extend(every_format());
    let mut generate = near_valid_fen;
    feed(
        "positions (FEN)",
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        check_fen,
    );
}

// ---------------------------------------------------------------------------------------------
// Moves (machine form and the human form of `notation`).

/// A move text close to valid: letters and digits around the board's edges, both forms.
fn near_valid_move(rng: &mut Rng) -> String {
    let square = |rng: &mut Rng| {
        let file = *rng.pick(b"`abcdefghzA");
        let rank = *rng.pick(b"01234567899:");
        format!("{}{}", file as char, rank as char)
    };
    let from = square(rng);
    let to = square(rng);
    match rng.below(3) {
        0 => format!("{from}{to}"),
        1 => format!(
            "{}{from}{}{to}{}",
            *rng.pick(&["R", "C", "D", "W", "P", "T", "L", "E", "r", "X", "", "RR"]),
            *rng.pick(&["-", "x", "", "--", "X", "×"]),
            *rng.pick(&["", "#", "##", "+", " "])
        ),
        _ => format!(
            "{}{from}{to}{}",
            *rng.pick(&[" ", "\t", "\n", "", "\u{feff}"]),
            *rng.pick(&[" ", "\r\n", "", "\u{2028}"])
        ),
    }
}

/// Feeds `text` to the move parsers in each of `positions`; checks the round trips.
fn check_move_text(positions: &[Position], text: &str) -> bool {
    let machine = Move::parse(text);
    if let Ok(m) = machine {
        assert_eq!(
            m.to_string(),
            text.trim(),
            "the machine form is exactly two squares"
        );
        assert_eq!(Move::parse(&m.to_string()), Ok(m));
    } else {
        let _ = machine.as_ref().map_err(|e| e.to_string());
    }
    let mut accepted = machine.is_ok();
    for pos in positions {
        match notation::parse_any(pos, text) {
            Ok(m) => {
                accepted = true;
                assert_eq!(pos.check_move(m), Ok(()));
                assert!(pos.legal_moves().contains(m));
                let human = notation::human(pos, m);
                assert_eq!(notation::parse_any(pos, &human), Ok(m), "{human}");
                assert_eq!(notation::parse_any(pos, &m.to_string()), Ok(m));
            }
            Err(e) => {
                if let Ok(m) = machine {
                    assert!(!pos.is_legal(m), "{m} is legal but refused: {e}");
                }
            }
        }
    }
    accepted
}

#[test]
fn move_parsing_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(0xF2);
    let games = sample_games(&mut rng, 30);
    let mut positions = sample_positions(&games);
    // A handful per input keeps the count of inputs, not positions, the cost.
    positions.truncate(200);
    let mut samples = Vec::new();
    for pos in positions.iter().step_by(5) {
        for &m in pos.legal_moves().iter() {
            samples.push(m.to_string());
            samples.push(notation::human(pos, m));
        }
    }
    samples.extend(every_format());
    let mut generate = near_valid_move;
    feed(
        "moves (machine and human)",
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        |text| {
            let start = rng_index(text, positions.len());
            let chosen: Vec<Position> = (0..4)
                .map(|k| positions[(start + k * 37) % positions.len()])
                .collect();
            check_move_text(&chosen, text)
        },
    );
}

/// A position index derived from the text, so each input meets different positions.
fn rng_index(text: &str, len: usize) -> usize {
    text.bytes().fold(text.len(), |h, b| {
        h.wrapping_mul(31).wrapping_add(b as usize)
    }) % len
}

// ---------------------------------------------------------------------------------------------
// Rulesets: the text spelling and the JSON form that crosses the wasm boundary.

const RULE_NAMES: &[&str] = &[
    "standard",
    "tiger-vertical-only",
    "repetition-prohibition",
    "threefold",
    "threefold=on",
    "threefold=off",
    "threefold=",
    "nocapture=50",
    "nocapture=60",
    "nocapture=off",
    "nocapture=",
    "nocapture",
    "Standard",
    "tiger",
    "",
];

/// A spelling close to valid: known names (some broken), odd numbers, odd separators.
fn near_valid_ruleset(rng: &mut Rng) -> String {
    let count = rng.below(6);
    let names: Vec<String> = (0..count)
        .map(|_| match rng.below(5) {
            0 => format!("nocapture={}", random_number(rng)),
            1 => format!(
                "threefold={}",
                rng.pick(&["on", "off", "ON", "yes", "0", ""])
            ),
            _ => rng.pick(RULE_NAMES).to_string(),
        })
        .collect();
    let separator = *rng.pick(&[",", ", ", " , ", ",,", ";", " ", "\t,"]);
    let text = names.join(separator);
    match rng.below(4) {
        0 => format!(" {text} "),
        1 => format!("{text},"),
        _ => text,
    }
}

/// Feeds `text` to the ruleset spelling parser; checks what it accepts is spelled back.
fn check_ruleset_text(text: &str) -> bool {
    match Ruleset::parse(text) {
        Ok(r) => {
            let spelled = r.to_string();
            assert_eq!(Ruleset::parse(&spelled), Ok(r), "spelled {spelled}");
            assert_eq!(Ruleset::parse(&spelled).unwrap().to_string(), spelled);
            assert!(
                r.no_capture_moves.is_none()
                    || jungle::ruleset::NO_CAPTURE_CHOICES.contains(&r.no_capture_moves.unwrap())
            );
            assert_eq!(text.parse::<Ruleset>(), Ok(r));
            true
        }
        Err(e) => {
            let _ = e.to_string();
            false
        }
    }
}

#[test]
fn ruleset_spelling_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(0xF3);
    let mut samples: Vec<String> = RULESETS.iter().map(|s| s.to_string()).collect();
    samples.extend(every_format());
    let mut generate = near_valid_ruleset;
    feed(
        "rulesets (text)",
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        check_ruleset_text,
    );
}

/// A JSON object close to a ruleset's: the four fields with values of any JSON type, some
/// missing, repeated or misspelt, extra fields.
fn near_valid_ruleset_json(rng: &mut Rng) -> String {
    const FIELDS: &[&str] = &[
        "tigerVerticalOnly",
        "repetitionProhibition",
        "threefold",
        "noCaptureMoves",
        "tiger_vertical_only",
        "extra",
        "",
    ];
    let value = |rng: &mut Rng| -> String {
        match rng.below(8) {
            0 => "true".into(),
            1 => "false".into(),
            2 => "null".into(),
            3 => rng.pick(&["50", "60"]).to_string(),
            4 => random_number(rng),
            5 => format!("\"{}\"", rng.pick(&["50", "on", "", "\\u0000"])),
            6 => rng
                .pick(&["[]", "{}", "[50]", "50.0", "-0", "1e400"])
                .to_string(),
            _ => rng.pick(&["tru", "nul", "\"", "", "NaN"]).to_string(),
        }
    };
    let mut entries: Vec<String> = Vec::new();
    for (i, field) in FIELDS[..4].iter().enumerate() {
        if rng.chance(85) {
            let v = if rng.chance(60) {
                match i {
                    3 => rng.pick(&["50", "60", "null"]).to_string(),
                    _ => rng.pick(&["true", "false"]).to_string(),
                }
            } else {
                value(rng)
            };
            entries.push(format!("\"{field}\":{v}"));
        }
    }
    if rng.chance(20) {
        entries.push(format!("\"{}\":{}", rng.pick(FIELDS), value(rng)));
    }
    let len = entries.len();
    if len > 1 && rng.chance(20) {
        entries.swap(rng.below(len), rng.below(len));
    }
    format!("{{{}}}", entries.join(","))
}

/// Feeds `text` to the JSON reader of [`Ruleset`]; checks what it accepts plays and is written
/// back, as JSON and as the text spelling.
fn check_ruleset_json(text: &str) -> bool {
    let Ok(r) = serde_json::from_str::<Ruleset>(text) else {
        return false;
    };
    let json = serde_json::to_string(&r).expect("a ruleset is written as JSON");
    assert_eq!(
        serde_json::from_str::<Ruleset>(&json).ok(),
        Some(r),
        "{json}"
    );
    assert_eq!(Ruleset::parse(&r.to_string()), Ok(r), "spelled {r}");
    // A game under these rules reaches its draw rules without trouble.
    let mut game = Game::from_fen("7/3l3/7/7/7/7/7/3L3/7 b 97 1", r).expect("a valid position");
    for m in ["d2d3", "d8d7", "d3d4", "d7d6"] {
        if game.outcome().is_some() {
            break;
        }
        game.play(Move::parse(m).unwrap())
            .expect("a quiet legal move");
    }
    let _ = game.outcome();
    true
}

#[test]
fn ruleset_json_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(0xF4);
    let mut samples: Vec<String> = RULESETS
        .iter()
        .map(|s| serde_json::to_string(&rules(s)).unwrap())
        .collect();
    samples.extend(every_format());
    let mut generate = near_valid_ruleset_json;
    feed(
        "rulesets (JSON)",
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        check_ruleset_json,
    );
}

// ---------------------------------------------------------------------------------------------
// Records.

/// A record close to valid: tags (known, odd and broken ones), then move tokens from a real
/// game with numbers, comments and results sprinkled in, some tokens dropped or swapped.
fn near_valid_record(rng: &mut Rng, games: &[Game]) -> String {
    let game = rng.pick(games);
    let mut text = String::new();
    for _ in 0..rng.below(5) {
        let name = *rng.pick(&[
            "Event",
            "Variant",
            "FEN",
            "Result",
            "Termination",
            "Black",
            "",
            "a b",
            "名",
        ]);
        let value = match name {
            "Variant" => near_valid_ruleset(rng),
            "FEN" => {
                if rng.chance(50) {
                    game.start_position().to_fen()
                } else {
                    near_valid_fen(rng)
                }
            }
            "Result" => rng
                .pick(&["1-0", "0-1", "1/2-1/2", "*", "", "2-0"])
                .to_string(),
            _ => random_text(rng).chars().take(30).collect(),
        };
        let quote = *rng.pick(&["\"", "\"", "\"", "", "'"]);
        text.push_str(&format!("[{name} {quote}{value}{quote}]\n"));
    }
    if rng.chance(80) {
        text.push_str(&format!("[Variant \"{}\"]\n", game.rules()));
        if game.start_position().to_fen() != START_FEN {
            text.push_str(&format!("[FEN \"{}\"]\n", game.start_position().to_fen()));
        }
    }
    text.push('\n');
    let mut tokens: Vec<String> = game.moves().iter().map(Move::to_string).collect();
    if !tokens.is_empty() && rng.chance(50) {
        let len = tokens.len();
        match rng.below(3) {
            0 => tokens.truncate(rng.below(len)),
            1 => tokens.swap(rng.below(len), rng.below(len)),
            _ => {
                tokens.remove(rng.below(len));
            }
        }
    }
    for (i, token) in tokens.iter().enumerate() {
        if i % 2 == 0 && rng.chance(70) {
            text.push_str(&format!("{}.", i / 2 + 1));
            if rng.chance(80) {
                text.push(' ');
            }
        }
        if rng.chance(3) {
            let noise = *rng.pick(&[
                "{a comment} ",
                "{ {nested} } ",
                "{",
                "} ",
                "1... ",
                "(",
                ") ",
                "(1... ",
            ]);
            text.push_str(noise);
        }
        text.push_str(token);
        text.push(*rng.pick(&[' ', ' ', ' ', '\n', '\t']));
    }
    if rng.chance(70) {
        let outcome = game.outcome().map_or("*", |o| o.result_code());
        let result = if rng.chance(80) {
            outcome
        } else {
            *rng.pick(&["1-0", "0-1", "1/2-1/2", "*"])
        };
        text.push_str(result);
    }
    text
}

/// Feeds `text` to the record parser; checks an accepted record is written back as text that
/// reads back to the same game, and that this text is stable. The same for the reader of
/// variations, whose main line is the main-line reader's.
fn check_record(text: &str) -> bool {
    let tree_read = Record::parse_tree(text);
    let rec = match Record::parse(text) {
        Ok(rec) => rec,
        Err(e) => {
            let _ = e.to_string();
            assert!(tree_read.is_err(), "the main line is refused: {e}");
            return false;
        }
    };
    match tree_read {
        Ok((with_tree, tree)) => {
            assert_eq!(with_tree.game.moves(), rec.game.moves());
            assert_eq!(tree.main_line().as_slice(), rec.game.moves());
            let written = with_tree.write_tree(&tree);
            let (back, back_tree) = Record::parse_tree(&written)
                .unwrap_or_else(|e| panic!("{e}\nwritten as\n{written}"));
            assert!(back_tree.same_moves(&tree), "{written}");
            assert_eq!(back.write_tree(&back_tree), written);
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    let written = rec.to_string();
    let back = Record::parse(&written).unwrap_or_else(|e| panic!("{e}\nwritten as\n{written}"));
    assert_eq!(back.game.moves(), rec.game.moves(), "{written}");
    assert_eq!(back.game.start_position(), rec.game.start_position());
    assert_eq!(back.game.rules(), rec.game.rules());
    assert_eq!(back.game.outcome(), rec.game.outcome());
    assert_eq!(back.tags, rec.tags);
    assert_eq!(back.to_string(), written);
    let pos = rec.game.position();
    assert_eq!(pos.hash(), pos.compute_hash());
    true
}

#[test]
fn record_parsing_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(0xF5);
    let games = sample_games(&mut rng, 30);
    let mut samples: Vec<String> = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let tags = vec![
                ("Event".to_string(), format!("Fuzz {i}")),
                ("Black".to_string(), "Ré \"quoted\" \\ 日".to_string()),
            ];
            Record::new(g.clone(), tags).to_string()
        })
        .collect();
    samples.extend(every_format());
    let mut generate = |rng: &mut Rng| near_valid_record(rng, &games);
    feed(
        "records",
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        check_record,
    );
}

/// Squares are only ever `a1`…`g9`: the parser's edges, checked exhaustively over two bytes.
#[test]
fn square_parsing_accepts_exactly_the_63_names() {
    let mut accepted = 0;
    for first in 0..=255u8 {
        for second in 0..=255u8 {
            let bytes = [first, second];
            let Ok(text) = std::str::from_utf8(&bytes) else {
                continue;
            };
            if let Some(sq) = Square::parse(text) {
                assert_eq!(sq.to_string(), text);
                accepted += 1;
            }
        }
    }
    assert_eq!(accepted, 63);
}

/// Very large inputs of the shapes that make parsers loop, nest or allocate: no panic, and
/// each is refused (none of them is a valid text of any format).
#[test]
fn parsers_refuse_huge_inputs_without_panicking() {
    let start = Position::start(&Ruleset::default());
    let huge = [
        "{".repeat(1 << 20),
        "}".repeat(1 << 20),
        "[".repeat(1 << 20),
        "[Event \"".to_string() + &"\\".repeat(1 << 19),
        "[Event \"x\"]\n".repeat(1 << 16) + "a3a4 a3a4",
        "1. ".repeat(1 << 18) + "1-0",
        "1.".repeat(1 << 18) + "a3a4 a3a4",
        "7/".repeat(1 << 18) + " b 0 1",
        format!("{} b 0 1", "7".repeat(1 << 20)),
        format!("{START_FEN}{}", " 1".repeat(1 << 18)),
        format!(
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b {} 1",
            "9".repeat(1 << 16)
        ),
        "nocapture=".to_string() + &"5".repeat(1 << 20),
        "standard,".repeat(1 << 18) + "x",
        "\0".repeat(1 << 20),
        "日".repeat(1 << 18),
        "\u{2028}-".repeat(1 << 18),
        // The extra '}' also makes it a bad record (a '}' closing no comment).
        format!("{{\"noCaptureMoves\":{}}}}}", "5".repeat(1 << 16)),
        "[".repeat(1 << 16) + &"]".repeat(1 << 16),
    ];
    for text in &huge {
        assert!(Setup::parse(text).is_err());
        assert!(Position::from_fen(text, &Ruleset::default()).is_err());
        assert!(Move::parse(text).is_err());
        assert!(notation::parse_any(&start, text).is_err());
        assert!(Ruleset::parse(text).is_err());
        assert!(serde_json::from_str::<Ruleset>(text).is_err());
        let head: String = text.chars().take(40).collect();
        assert!(Record::parse(text).is_err(), "{head}");
    }
}

// ---------------------------------------------------------------------------------------------
// The embed page: URL parameters and postMessage commands (issue 6).

/// Values for each embed parameter: valid ones, near misses and odd ones.
fn embed_value(rng: &mut Rng, name: &str, games: &[Game]) -> String {
    let game = rng.pick(games);
    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
    let some_moves = |rng: &mut Rng| {
        let n = rng.below(moves.len() + 1);
        let separator = *rng.pick(&[",", " ", "+", "%2C", "%20", ",,"]);
        moves[..n].join(separator)
    };
    let pool: Vec<String> = match name {
        "fen" => vec![
            game.start_position().to_fen(),
            game.start_position().to_fen().replace(' ', "_"),
            game.start_position().to_fen().replace(' ', "%20"),
            near_valid_fen(rng),
        ],
        "variant" => vec![rng.pick(&RULESETS).to_string(), near_valid_ruleset(rng)],
        "moves" | "solution" => vec![some_moves(rng), near_valid_move(rng)],
        "ply" => vec![rng.below(moves.len() + 2).to_string(), random_number(rng)],
        "mode" => ["play", "hotseat", "view", "puzzle", "PLAY", "edit"]
            .map(String::from)
            .to_vec(),
        "side" | "orientation" => ["black", "white", "White", "red", "b"]
            .map(String::from)
            .to_vec(),
        "level" => vec![(1 + rng.below(5)).to_string(), random_number(rng)],
        "lang" => [
            "en", "id", "vi", "de", "zh-CN", "zh", "de_AT", "fr", "zh-TW",
        ]
        .map(String::from)
        .to_vec(),
        "theme" => ["light", "dark", "auto", "sepia"]
            .map(String::from)
            .to_vec(),
        "coords" | "sound" => ["on", "off", "1", "0", "true", "yes"]
            .map(String::from)
            .to_vec(),
        "controls" => [
            "none",
            "all",
            "undo,redo",
            "flip+hint",
            "none,undo",
            "rewind",
        ]
        .map(String::from)
        .to_vec(),
        "marks" => [
            "d4,c3",
            "D4 a1",
            "g9,g9,a1",
            "h1",
            "a0,d10",
            "b4b5",
            "a1,b1,c1,d1,e1,f1,g1,a2,b2,c2,d2,e2,f2,g2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4",
        ]
        .map(String::from)
        .to_vec(),
        "id" => ["b1", "x-y_z", "a b", "名"].map(String::from).to_vec(),
        "origin" => [
            "https://a.example",
            "http://localhost:8080,https://b.example/",
            "http://[::1]:3000",
            "a.example",
            "*",
        ]
        .map(String::from)
        .to_vec(),
        "v" => ["1", "2"].map(String::from).to_vec(),
        _ => vec![random_text(rng)],
    };
    rng.pick(&pool).clone()
}

/// A query close to valid: some parameters (now and then unknown or repeated ones, odd case),
/// values from [`embed_value`]; puzzles get a solution from their game's moves.
fn near_valid_query(rng: &mut Rng, games: &[Game]) -> String {
    // Every parameter the page knows, then an unknown one and an empty name.
    let names: Vec<&str> = tabula::web::embed::params::PARAMS
        .iter()
        .copied()
        .chain(["utm_source", ""])
        .collect();
    let mut parts: Vec<String> = Vec::new();
    for _ in 0..rng.below(8) {
        let name = *rng.pick(&names);
        let written = if rng.chance(10) {
            name.to_uppercase()
        } else {
            name.to_string()
        };
        match rng.below(20) {
            0 => parts.push(written),
            1 => parts.push(format!("{written}=")),
            _ => parts.push(format!("{written}={}", embed_value(rng, name, games))),
        }
    }
    // A puzzle from a game: its first moves as the lead-in, the next ones as the solution.
    if rng.chance(25) {
        let game = rng.pick(games);
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
        if moves.len() >= 2 {
            let lead = rng.below(moves.len());
            let end = lead + 1 + rng.below(moves.len() - lead);
            parts.push(format!(
                "fen={}&moves={}&mode=puzzle&solution={}",
                game.start_position().to_fen().replace(' ', "_"),
                moves[..lead].join(","),
                moves[lead..end].join(",")
            ));
        }
    }
    let query = parts.join("&");
    if rng.chance(30) {
        format!("?{query}")
    } else {
        query
    }
}

/// Feeds `text` to the embed page's parameter reader; an accepted configuration is written
/// back to a query that reads back to it, and its game is the one described; a refused one
/// names a known parameter in every error, in the table's order.
fn check_embed_query(text: &str) -> bool {
    match EmbedConfig::<JungleWeb>::parse(text) {
        Ok(config) => {
            let written = config.to_query();
            let mut again = EmbedConfig::<JungleWeb>::parse(&written)
                .unwrap_or_else(|e| panic!("written as {written}, refused: {e}"));
            again.warnings = config.warnings.clone();
            assert_eq!(again, config, "written as {written}");
            let game = config.game();
            assert_eq!(game.moves().len(), config.ply);
            assert_eq!(
                game.moves().len() + game.undone_moves().len(),
                config.moves.len()
            );
            if config.mode == Mode::Puzzle {
                assert_eq!(config.solution.len() % 2, 1);
                let mut puzzle = game.clone();
                for (i, &m) in config.solution.iter().enumerate() {
                    if i % 2 == 0 {
                        assert!(matches!(
                            config.puzzle_step(i, &puzzle, m),
                            PuzzleStep::Right { .. }
                        ));
                    }
                    puzzle.play(m).expect("the solution was checked");
                }
            }
            true
        }
        Err(errors) => {
            assert!(!errors.0.is_empty());
            let order: Vec<usize> = errors
                .0
                .iter()
                .map(|e| {
                    assert!(e.message.contains(&e.param), "{e:?}");
                    PARAMS
                        .iter()
                        .position(|p| *p == e.param)
                        .expect("a known parameter")
                })
                .collect();
            assert!(order.windows(2).all(|w| w[0] <= w[1]), "{errors:?}");
            false
        }
    }
}

#[test]
fn embed_parameters_survive_hostile_input_and_round_trip() {
    let mut rng = Rng::new(0xF6);
    let games: Vec<Game> = sample_games(&mut rng, 30)
        .into_iter()
        .map(|mut g| {
            // Short lines keep the samples quick to replay.
            while g.moves().len() > 12 {
                g.undo();
            }
            g
        })
        .collect();
    let mut samples: Vec<String> = (0..40)
        .map(|_| near_valid_query(&mut rng, &games))
        .collect();
    samples.extend(every_format());
    samples.push("mode=puzzle&fen=6e/3L3/7/7/7/7/7/7/7_b_0_1&solution=d8d9&lang=de".into());
    let mut generate = |rng: &mut Rng| near_valid_query(rng, &games);
    feed(
        "embed parameters",
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        check_embed_query,
    );
}

/// A message close to a command's: a type (ours, misspelt, others'), a version of any JSON
/// type, fields with values of any JSON type, moves from a sample game, extra fields, nesting.
fn near_valid_message(rng: &mut Rng, games: &[Game]) -> String {
    let game = rng.pick(games);
    let moves: Vec<String> = game.moves().iter().map(|m| format!("\"{m}\"")).collect();
    let n = rng.below(moves.len() + 1);
    let value = |rng: &mut Rng| -> String {
        match rng.below(9) {
            0 => format!("[{}]", moves[..n].join(",")),
            1 => format!("\"{}\"", moves[..n].join(" ").replace('"', "")),
            2 => format!("\"{}\"", game.start_position().to_fen()),
            3 => format!("\"{}\"", rng.pick(&RULESETS)),
            4 => random_number(rng),
            5 => rng
                .pick(&["null", "true", "[]", "{}", "[[[[[[1]]]]]]", "\"\""])
                .to_string(),
            6 => format!(
                "{}{}",
                "[".repeat(rng.below(300)),
                "]".repeat(rng.below(300))
            ),
            7 => format!("\"{}\"", near_valid_move(rng).replace(['"', '\\'], "")),
            _ => format!("[\"{}\", 3]", near_valid_move(rng).replace(['"', '\\'], "")),
        }
    };
    // Mostly the five commands (so most inputs reach the fields), now and then another type.
    const COMMANDS: &[&str] = &[
        "jungle:setPosition",
        "jungle:playMoves",
        "jungle:undo",
        "jungle:flip",
        "jungle:reset",
    ];
    const OTHERS: &[&str] = &["jungle:ready", "jungle:", "Jungle:undo", "webpackOk"];
    let kind = if rng.chance(85) {
        *rng.pick(COMMANDS)
    } else {
        *rng.pick(OTHERS)
    };
    let mut entries = vec![format!("\"type\":\"{kind}\"")];
    if rng.chance(90) {
        let version = if rng.chance(85) {
            "1".to_string()
        } else {
            value(rng)
        };
        entries.push(format!("\"version\":{version}"));
    }
    for field in ["fen", "moves", "variant", "extra"] {
        if rng.chance(50) {
            let v = match field {
                "fen" if rng.chance(60) => format!("\"{}\"", game.start_position().to_fen()),
                "moves" if rng.chance(60) => format!("[{}]", moves[..n].join(",")),
                _ => value(rng),
            };
            entries.push(format!("\"{field}\":{v}"));
        }
    }
    let len = entries.len();
    if len > 1 && rng.chance(20) {
        entries.swap(rng.below(len), rng.below(len));
    }
    format!("{{{}}}", entries.join(","))
}

/// Feeds `text` (JSON) to the message reader and applies an accepted command to a game: a
/// refused one changes nothing, an applied one leaves a consistent game; events can always be
/// built and written.
fn check_message(text: &str) -> bool {
    let Ok(value) = serde_json::from_str::<MessageValue>(text) else {
        return false;
    };
    let command = match Command::<JungleWeb>::from_value(&value) {
        Ok(command) => command,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return false;
        }
    };
    let mut game = Game::new(Ruleset::default());
    game.play(Move::parse("a3a4").unwrap()).unwrap();
    let mut reset_to = game.clone();
    let before = (game.moves().to_vec(), *game.position());
    match command.apply(&mut game, &mut reset_to) {
        Ok(_) => {
            assert_eq!(game.position().hash(), game.position().compute_hash());
            assert_eq!(game.positions().len(), game.moves().len() + 1);
        }
        Err(e) => {
            assert!(!e.is_foreign());
            assert_eq!((game.moves().to_vec(), *game.position()), before, "{e}");
        }
    }
    for event in [
        Some(Event::ready::<JungleWeb>(&game, Some("x"))),
        Some(Event::position::<JungleWeb>(&game, None, "reset")),
        Event::last_move::<JungleWeb>(&game, None),
        Event::game_over::<JungleWeb>(&game, None),
    ]
    .into_iter()
    .flatten()
    {
        let json = serde_json::to_string(&event).expect("an event is written");
        assert!(json.starts_with("{\"type\":\"jungle:"), "{json}");
    }
    true
}

#[test]
fn embed_messages_survive_hostile_input() {
    let mut rng = Rng::new(0xF7);
    let games: Vec<Game> = sample_games(&mut rng, 20)
        .into_iter()
        .filter(|g| g.start_position() == &Position::start(g.rules()))
        .collect();
    let mut samples: Vec<String> = (0..40)
        .map(|_| near_valid_message(&mut rng, &games))
        .collect();
    samples.extend(every_format());
    let mut generate = |rng: &mut Rng| near_valid_message(rng, &games);
    feed(
        "embed messages",
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        check_message,
    );
}

/// Huge queries and messages: no panic.
#[test]
fn embed_readers_take_huge_inputs_without_panicking() {
    let huge_queries = [
        "moves=".to_string() + &"a3a4,a4a3,".repeat(1 << 14),
        "&".repeat(1 << 20),
        "%".repeat(1 << 20),
        "x=".to_string() + &"%FF".repeat(1 << 18),
        "fen=".to_string() + &"7/".repeat(1 << 18),
        "controls=".to_string() + &"undo,".repeat(1 << 18),
        "origin=".to_string() + &"https://a.example,".repeat(1 << 15),
        "a=1&".repeat(1 << 15),
        "fen=x&".repeat(1 << 16),
        "origin=".to_string()
            + &(0..1 << 15)
                .map(|i| format!("https://h{i}.example"))
                .collect::<Vec<_>>()
                .join(","),
    ];
    for query in &huge_queries {
        let _ = EmbedConfig::<JungleWeb>::parse(query).map(|c| c.to_query());
    }
    let huge_messages = [
        format!(
            "{{\"type\":\"jungle:playMoves\",\"version\":1,\"moves\":[{}]}}",
            vec!["\"a3a4\""; 1 << 16].join(",")
        ),
        format!(
            "{{\"type\":\"jungle:playMoves\",\"version\":1,\"moves\":\"{}\"}}",
            "a3a4 a4a3 ".repeat(1 << 16)
        ),
        format!(
            "{{\"type\":\"jungle:undo\",\"version\":1,\"x\":{}}}",
            "[".repeat(1 << 16)
        ),
    ];
    for text in &huge_messages {
        if let Ok(value) = serde_json::from_str::<MessageValue>(text) {
            assert!(Command::<JungleWeb>::from_value(&value).is_err());
        }
    }
}
