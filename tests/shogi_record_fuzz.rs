//! Hostile and random input for shogi's text readers: KIF, CSA and the USI `position` line,
//! record bytes (UTF-8, Shift_JIS and neither), and the human move forms (Western, Japanese,
//! USI). None may panic; whatever a reader accepts must be written back as text that reads
//! back to the same record (or move), and that text must be stable. Every error met on the way
//! is rendered through its catalogue text, which in English must say what `Display` says.
//!
//! `SHOGI_FUZZ_INPUTS` (read by `tests/shogi_fuzz.rs` too, for its own parsers) is the number of
//! inputs this file shares evenly among its five feeding tests (default: a few thousand,
//! seconds in a debug build); `./run fuzz` runs the big count.

mod shogi_common;

use common::tree::{MoveTree, ROOT};
use shogi::notation;
use shogi::record::{decode, Format};
use shogi::texts::{self, Text};
use shogi::{Game, Move, Position, Record};
use shogi_common::fuzz::{self, feed, random_number, Alphabet, Random};
use shogi_common::{count_from_env, random_positions, random_record, Rng};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The feeding tests in this file; the total count is shared among them.
const FEEDING_TESTS: usize = 5;

fn inputs_per_test() -> usize {
    count_from_env("SHOGI_FUZZ_INPUTS", 10_000).div_ceil(FEEDING_TESTS)
}

/// The characters and runs of shogi's formats.
const SHOGI: Alphabet = Alphabet {
    chars: b"PLNSGBRKplnsgbrk+-x*=#0123456789abcdefghi/ \n\r%:,'$TVNPI()|v",
    runs: &[
        "同\u{3000}",
        "歩",
        "７六歩(77)",
        "+7776FU\n",
        "   1 ",
        "*",
        "|",
        " ・",
        "手数----指手---------消費時間--\n",
        "P1",
        " * ",
        "成",
        "不成",
        "打",
        "▲",
        "：",
        "\r",
        "( 0:01/00:00:01)",
        "%TORYO",
        "moves 7g7f ",
    ],
};

/// The English catalogue, to check that every error met reads as its `Display`.
fn english() -> &'static BTreeMap<String, String> {
    static CATALOGUE: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let json = std::fs::read_to_string("www/locales/shogi/en.json").expect("the catalogue");
        serde_json::from_str(&json).expect("a catalogue")
    })
}

fn assert_text_says(text: &Text, display: &str) {
    let rendered = text.render(&|key: &str| {
        english()
            .get(key)
            .cloned()
            .unwrap_or_else(|| panic!("no text for {key}"))
    });
    assert_eq!(rendered, display, "{}", text.key);
}

fn next_input(
    rng: &mut Rng,
    samples: &[String],
    generate: &mut impl FnMut(&mut Rng) -> String,
) -> String {
    fuzz::next_input(rng, samples, generate, SHOGI)
}

// ---------------------------------------------------------------------------------------------
// Records

fn read(format: Format, text: &str) -> Result<Record, shogi::RecordError> {
    match format {
        Format::Kif => Record::from_kif(text),
        Format::Csa => Record::from_csa(text),
        Format::Usi => Record::from_usi(text),
    }
}

/// Whether two records say the same.
fn assert_same(back: &Record, record: &Record, written: &str) {
    assert_eq!(back.game.moves(), record.game.moves(), "{written}");
    assert_eq!(back.game.start_position(), record.game.start_position());
    assert_eq!(back.game.rules(), record.game.rules(), "{written}");
    assert_eq!(back.game.outcome(), record.game.outcome(), "{written}");
    assert_eq!(back.game.position(), record.game.position());
    assert_eq!(back.end, record.end, "{written}");
    assert_eq!(back.tags, record.tags, "{written}");
    assert_eq!(back.comments, record.comments, "{written}");
    assert_eq!(back.seconds, record.seconds, "{written}");
}

/// Feeds `text` to the reader of `format`; checks an accepted record is written back as text
/// that reads back to the same record, that this text is stable and that the format is
/// recognised from it.
fn check_record(format: Format, text: &str) -> bool {
    if format == Format::Kif {
        check_variations(text);
    }
    let record = match read(format, text) {
        Ok(record) => record,
        Err(e) => {
            assert_text_says(&texts::record_error(&e), &e.to_string());
            return false;
        }
    };
    let written = record.write(format);
    let back = read(format, &written).unwrap_or_else(|e| panic!("{e}\nwritten as\n{written}"));
    assert_same(&back, &record, &written);
    assert_eq!(back.write(format), written);
    assert_eq!(Format::detect(&written), format, "{written}");
    let pos = record.game.position();
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    true
}

/// Feeds `text` to the KIF reader of variations; checks an accepted record and tree are
/// written back as text that reads back to the same, and that this text is stable.
fn check_variations(text: &str) {
    let (record, tree) = match Record::from_kif_tree(text) {
        Ok(read) => read,
        Err(e) => {
            assert_text_says(&texts::record_error(&e), &e.to_string());
            return;
        }
    };
    assert!(tree.main_line().starts_with(record.game.moves()));
    let written = record.to_kif_tree(&tree);
    let (back, back_tree) =
        Record::from_kif_tree(&written).unwrap_or_else(|e| panic!("{e}\nwritten as\n{written}"));
    assert_same(&back, &record, &written);
    assert!(back_tree.same_moves(&tree), "{written}");
    assert_eq!(back.to_kif_tree(&back_tree), written);
}

/// The record in KIF with a few random variations (random legal moves from random plies of
/// its game).
fn kif_with_variations(rng: &mut Rng, record: &Record) -> String {
    let moves = record.game.moves();
    let mut tree = MoveTree::from_line(moves);
    for _ in 0..3 {
        if moves.is_empty() {
            break;
        }
        let ply = rng.below(moves.len());
        let mut game = Game::from_position(*record.game.start_position(), *record.game.rules());
        tree.to_start();
        for &m in &moves[..ply] {
            game.play(m).expect("the record's move");
            tree.forward();
        }
        for _ in 0..1 + rng.below(3) {
            let legal: Vec<Move> = game.legal_moves().iter().copied().collect();
            if legal.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            game.play(m).expect("a legal move");
            tree.play(m);
        }
    }
    debug_assert!(tree.children(ROOT).len() <= 4);
    record.to_kif_tree(&tree)
}

/// Random records, their texts in every format, and a few real ones.
fn sample_records(rng: &mut Rng, count: usize) -> Vec<Record> {
    (0..count).map(|_| random_record(rng)).collect()
}

fn samples_of(records: &[Record], format: Format) -> Vec<String> {
    let mut samples: Vec<String> = records.iter().map(|r| r.write(format)).collect();
    // The other formats, fed to this reader too.
    for other in [Format::Kif, Format::Csa, Format::Usi] {
        if other != format {
            samples.extend(records.iter().take(3).map(|r| r.write(other)));
        }
    }
    if format == Format::Kif {
        let mut rng = Rng::new(0x5F4);
        samples.extend(records.iter().map(|r| kif_with_variations(&mut rng, r)));
    }
    let real = std::fs::read("tests/data/shogi/kakugawari-sjis.kif").expect("the fixture");
    samples.push(decode(&real).expect("Shift_JIS"));
    samples
}

/// A random move in Japanese, as a KIF line might hold it.
fn japanese_move(rng: &mut Rng) -> String {
    let files = ["１", "５", "９", "7", "０", "十"];
    let ranks = ["一", "五", "九", "6", "十", "a"];
    let mut text = if rng.chance(20) {
        rng.pick(&["同　", "同", "同 ", "同　　"]).to_string()
    } else {
        format!("{}{}", rng.pick(&files), rng.pick(&ranks))
    };
    const PIECES: [&str; 18] = [
        "歩", "香", "桂", "銀", "金", "角", "飛", "玉", "王", "と", "成香", "杏", "成銀", "馬",
        "竜", "龍", "猫", "",
    ];
    const MARKERS: [&str; 7] = ["右", "左", "直", "上", "引", "寄", "行"];
    const ACTIONS: [&str; 7] = ["", "", "成", "不成", "打", "生", "成成"];
    text.push_str(PIECES[rng.below(PIECES.len())]);
    for _ in 0..rng.below(3) {
        text.push_str(MARKERS[rng.below(MARKERS.len())]);
    }
    text.push_str(ACTIONS[rng.below(ACTIONS.len())]);
    if rng.chance(60) {
        text.push_str(&format!("({}{})", rng.below(11), rng.below(11)));
    }
    text
}

/// A KIF text close to valid: a sample's lines edited — removed, repeated, swapped, a move
/// replaced, odd headers, diagram lines, times, comments and endings put in.
fn near_valid_kif(rng: &mut Rng, samples: &[String]) -> String {
    let mut lines: Vec<String> = rng.pick(samples).lines().map(str::to_string).collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(lines.len() + 1);
        let line = match rng.below(9) {
            0 => format!("{:>4} {}", rng.below(300), japanese_move(rng)),
            1 => format!(
                "{}：{}",
                rng.pick(&[
                    "手合割",
                    "先手",
                    "下手",
                    "上手",
                    "ルール",
                    "棋戦",
                    "",
                    "手数",
                    "*x"
                ]),
                rng.pick(&[
                    "平手",
                    "二枚落ち",
                    "トンボ",
                    "maxmoves=3",
                    "impasse=off",
                    "x",
                    ""
                ])
            ),
            2 => rng
                .pick(&[
                    "後手の持駒：飛　角二　歩十八",
                    "先手の持駒：なし",
                    "先手の持駒：歩19",
                    "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一",
                    "| 玉 ・ ・ ・ ・ ・ ・ ・ ・|九",
                    "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三",
                    "+---------------------------+",
                    "  ９ ８ ７ ６ ５ ４ ３ ２ １",
                    "後手番",
                    "手数＝40",
                    "変化：3手",
                    "変化：１手",
                    "変化：0手",
                ])
                .to_string(),
            3 => format!(
                "{:>4} {}",
                rng.below(300),
                rng.pick(&[
                    "投了",
                    "中断",
                    "千日手",
                    "詰み",
                    "持将棋",
                    "切れ負け",
                    "反則勝ち",
                    "反則負け",
                    "入玉勝ち",
                    "不詰",
                ])
            ),
            4 => format!(
                "{:>4} {}   ( {}:{}/00:00:{})",
                rng.below(300),
                japanese_move(rng),
                random_number(rng),
                random_number(rng),
                random_number(rng)
            ),
            5 => format!("*{}", fuzz::random_text(rng, SHOGI).replace('\n', " ")),
            6 if !lines.is_empty() => {
                let i = rng.below(lines.len());
                lines.remove(i);
                continue;
            }
            7 if lines.len() > 1 => {
                let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
                lines.swap(i, j);
                continue;
            }
            _ if !lines.is_empty() => lines[rng.below(lines.len())].clone(),
            _ => continue,
        };
        lines.insert(at, line);
    }
    let separator = *rng.pick(&["\n", "\n", "\r\n", "\r"]);
    lines.join(separator)
}

/// A CSA statement close to valid.
fn csa_statement(rng: &mut Rng) -> String {
    let digit = |rng: &mut Rng| rng.below(10).to_string();
    match rng.below(8) {
        0 | 1 => format!(
            "{}{}{}{}{}{}",
            rng.pick(&["+", "-", "+", "*"]),
            digit(rng),
            digit(rng),
            digit(rng),
            digit(rng),
            rng.pick(&[
                "FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "UM", "RY", "AL", "X"
            ])
        ),
        2 => format!("T{}", random_number(rng)),
        3 => rng
            .pick(&[
                "%TORYO",
                "%CHUDAN",
                "%SENNICHITE",
                "%TIME_UP",
                "%ILLEGAL_MOVE",
                "%+ILLEGAL_ACTION",
                "%-ILLEGAL_ACTION",
                "%JISHOGI",
                "%HIKIWAKE",
                "%KACHI",
                "%TSUMI",
                "%MAX_MOVES",
                "%MATTA",
                "%",
            ])
            .to_string(),
        4 => rng
            .pick(&[
                "PI",
                "PI82HI22KA",
                "PI11KY",
                "P+00AL",
                "P-00AL",
                "P+00HI00KA",
                "P-5511OU",
                "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY",
                "P5 *  *  * +OU",
                "P9+KY",
                "+",
                "-",
            ])
            .to_string(),
        5 => format!(
            "{}{}",
            rng.pick(&["N+", "N-", "$EVENT:", "$RULES:", "$X:", "$:", "V2.2", "'*", "'"]),
            rng.pick(&["name", "maxmoves=5", "impasse=off", "", "日本"])
        ),
        6 => "/".to_string(),
        _ => fuzz::random_text(rng, SHOGI).chars().take(12).collect(),
    }
}

/// A CSA text close to valid: a sample's statements edited, some joined by commas.
fn near_valid_csa(rng: &mut Rng, samples: &[String]) -> String {
    let mut lines: Vec<String> = rng.pick(samples).lines().map(str::to_string).collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(lines.len() + 1);
        match rng.below(4) {
            0 if !lines.is_empty() => {
                let i = rng.below(lines.len());
                lines.remove(i);
            }
            1 if lines.len() > 1 => {
                let i = rng.below(lines.len() - 1);
                let next = lines.remove(i + 1);
                lines[i] = format!("{},{next}", lines[i]);
            }
            _ => lines.insert(at, csa_statement(rng)),
        }
    }
    lines.join(*rng.pick(&["\n", "\r\n"]))
}

/// A USI line close to valid.
fn near_valid_usi(rng: &mut Rng, samples: &[String]) -> String {
    let mut words: Vec<String> = rng.pick(samples).split(' ').map(str::to_string).collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(words.len() + 1);
        let word = rng
            .pick(&[
                "position",
                "startpos",
                "sfen",
                "moves",
                "7g7f",
                "3c3d",
                "8h2b+",
                "P*5e",
                "5a4b",
                "b",
                "w",
                "-",
                "1",
                "0",
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
            ])
            .to_string();
        if rng.chance(50) && !words.is_empty() {
            let i = rng.below(words.len());
            words[i] = word;
        } else {
            words.insert(at, word);
        }
    }
    words.join(" ")
}

fn feed_records(
    format: Format,
    seed: u64,
    near_valid: fn(&mut Rng, &[String]) -> String,
    name: &str,
) {
    let mut rng = Rng::new(seed);
    let records = sample_records(&mut rng, 30);
    let samples = samples_of(&records, format);
    let mut generate = |rng: &mut Rng| near_valid(rng, &samples);
    feed(
        name,
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        |text| check_record(format, text),
    );
}

#[test]
fn kif_reading_survives_hostile_input_and_round_trips() {
    feed_records(Format::Kif, 0x5F1, near_valid_kif, "KIF");
}

#[test]
fn csa_reading_survives_hostile_input_and_round_trips() {
    feed_records(Format::Csa, 0x5F2, near_valid_csa, "CSA");
}

#[test]
fn usi_lines_survive_hostile_input_and_round_trip() {
    feed_records(Format::Usi, 0x5F3, near_valid_usi, "USI position lines");
}

// ---------------------------------------------------------------------------------------------
// Bytes

/// Bytes close to a record: a sample's UTF-8, its Shift_JIS form (the fixture) cut or
/// damaged, or random bytes.
fn near_valid_bytes(rng: &mut Rng, samples: &[Vec<u8>]) -> Vec<u8> {
    let mut bytes = rng.pick(samples).clone();
    for _ in 0..rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(4) {
            0 => bytes.insert(at, rng.next_u64() as u8),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 => bytes.truncate(at),
            _ => {
                let pieces: [&[u8]; 3] = [b"\xEF\xBB\xBF", b"\x82", b"\x81\x40"];
                let piece = *rng.pick(&pieces);
                bytes.splice(at..at, piece.iter().copied());
            }
        }
    }
    bytes
}

#[test]
fn record_bytes_survive_hostile_input() {
    let mut rng = Rng::new(0x5F4);
    let records = sample_records(&mut rng, 20);
    let mut samples: Vec<Vec<u8>> = records.iter().map(|r| r.to_kif().into_bytes()).collect();
    samples.push(std::fs::read("tests/data/shogi/kakugawari-sjis.kif").expect("the fixture"));
    let mut accepted = 0;
    let count = inputs_per_test();
    for i in 0..count {
        let bytes = if rng.chance(20) {
            (0..rng.below(400)).map(|_| rng.next_u64() as u8).collect()
        } else {
            near_valid_bytes(&mut rng, &samples)
        };
        let outcome = std::panic::catch_unwind(|| {
            if let Ok(text) = decode(&bytes) {
                if let Ok(ascii) = std::str::from_utf8(&bytes) {
                    assert_eq!(text, ascii.trim_start_matches('\u{feff}'));
                }
            }
            match Record::parse_bytes(&bytes) {
                Ok(record) => {
                    let format = Format::detect(&decode(&bytes).unwrap());
                    check_record(format, &record.write(format))
                }
                Err(e) => {
                    assert_text_says(&texts::record_error(&e), &e.to_string());
                    false
                }
            }
        });
        match outcome {
            Ok(true) => accepted += 1,
            Ok(false) => {}
            Err(_) => panic!("bytes: input {i} failed (message above): {bytes:?}"),
        }
    }
    println!("fuzz record bytes: {count} inputs, {accepted} accepted");
}

// ---------------------------------------------------------------------------------------------
// Move texts

/// A move text close to valid, in any of the three forms.
fn near_valid_move(rng: &mut Rng) -> String {
    let square = |rng: &mut Rng| {
        format!(
            "{}{}",
            *rng.pick(b"0123456789x") as char,
            *rng.pick(b"abcdefghij1095") as char
        )
    };
    match rng.below(3) {
        0 => format!(
            "{}{}{}{}",
            rng.pick(&[
                "P", "+P", "L", "N", "S", "G", "B", "R", "K", "+R", "+B", "D", "H", "+G", "p", ""
            ]),
            if rng.chance(30) {
                square(rng)
            } else {
                String::new()
            },
            rng.pick(&["-", "x", "*", "", "--"]),
            square(rng) + *rng.pick(&["", "+", "=", "#", "++"])
        ),
        1 => format!(
            "{}{}",
            rng.pick(&["", "▲", "△", "☗", " "]),
            japanese_move(rng)
        ),
        _ => format!(
            "{}{}{}",
            square(rng),
            if rng.chance(20) {
                "*".to_string()
            } else {
                square(rng)
            },
            rng.pick(&["", "+", " "])
        ),
    }
}

/// Feeds `text` to the move readers in each of `positions`; an accepted move is legal, and its
/// written forms read back to it.
fn check_move_text(positions: &[(Position, Option<Move>)], text: &str) -> bool {
    let mut accepted = false;
    for &(pos, previous) in positions {
        match notation::parse_any(&pos, text, previous) {
            Ok(m) => {
                accepted = true;
                assert_eq!(pos.check_move(m), Ok(()));
                let japanese = notation::japanese(&pos, m, previous);
                let western = notation::western(&pos, m);
                assert_eq!(notation::parse_japanese(&pos, &japanese, previous), Ok(m));
                assert_eq!(notation::parse_western(&pos, &western), Ok(m));
                assert_eq!(notation::parse_any(&pos, &m.to_string(), previous), Ok(m));
            }
            Err(e) => assert_text_says(&texts::notation_error(&e), &e.to_string()),
        }
    }
    accepted
}

#[test]
fn move_texts_survive_hostile_input_and_round_trip() {
    let mut rng = Rng::new(0x5F5);
    let positions = random_positions(&mut rng, 8, 120);
    let mut samples = Vec::new();
    // Where each sample comes from, so that it meets its own position as well as others.
    let mut origin = std::collections::HashMap::new();
    for (i, (pos, previous)) in positions.iter().enumerate().step_by(9) {
        for &m in pos.legal_moves().iter().take(40) {
            for text in [
                m.to_string(),
                notation::western(pos, m),
                notation::japanese(pos, m, *previous),
            ] {
                origin.insert(text.clone(), i);
                samples.push(text);
            }
        }
    }
    let mut generate = near_valid_move;
    feed(
        "move texts",
        inputs_per_test(),
        |_| next_input(&mut rng, &samples, &mut generate),
        |text| {
            let start = text.bytes().fold(text.len(), |h, b| {
                h.wrapping_mul(31).wrapping_add(b as usize)
            }) % positions.len();
            let mut chosen: Vec<(Position, Option<Move>)> = (0..3)
                .map(|k| positions[(start + k * 41) % positions.len()])
                .collect();
            if let Some(&i) = origin.get(text.trim()) {
                chosen.push(positions[i]);
            }
            check_move_text(&chosen, text)
        },
    );
}

/// Very large inputs of the shapes that make readers loop, nest or allocate: no panic.
#[test]
fn readers_take_huge_inputs_without_panicking() {
    let start = Position::start();
    let huge = [
        "*".repeat(1 << 20),
        "同".repeat(1 << 18),
        "|".repeat(1 << 18),
        " ・".repeat(1 << 17),
        "   1 ７六歩(77)\n".repeat(1 << 14),
        format!("手数＝{}\n", "9".repeat(1 << 16)),
        format!("   {} ７六歩(77)\n", "9".repeat(1 << 16)),
        format!("   1 ７六歩(77) ( {}:00/00:00:00)\n", "9".repeat(1 << 16)),
        "先手：".to_string() + &"x".repeat(1 << 20),
        "後手の持駒：".to_string() + &"歩十八　".repeat(1 << 15),
        "V2.2\nPI\n+\n".to_string() + &"+7776FU,".repeat(1 << 15),
        "V2.2\nPI\n+\nT".to_string() + &"9".repeat(1 << 16),
        "P+".to_string() + &"00FU".repeat(1 << 16),
        "PI".to_string() + &"82HI".repeat(1 << 16),
        "position startpos moves ".to_string() + &"7g7f ".repeat(1 << 15),
        "position sfen ".to_string() + &"9/".repeat(1 << 16),
        "\r".repeat(1 << 20),
        "\u{3000}".repeat(1 << 18),
    ];
    for text in &huge {
        for format in [Format::Kif, Format::Csa, Format::Usi] {
            let _ = read(format, text).map_err(|e| e.to_string());
        }
        let _ = Record::parse(text);
        let _ = Record::parse_bytes(text.as_bytes());
        assert!(notation::parse_any(&start, text, None).is_err());
    }
}
