//! Hostile and random input for the shogi text parsers: SFEN positions, USI moves and ruleset
//! spellings (text and JSON) get random characters, mutations of valid inputs and near-valid
//! generated inputs. None may panic, and whatever a parser accepts is written back as text that
//! reads back to the same thing.
//!
//! `SHOGI_FUZZ_INPUTS` is the total number of inputs, shared by the tests below (default: a few
//! thousand); `./run fuzz` runs the big count.

mod shogi_common;

use shogi::{Handicap, Move, Position, Ruleset, Setup};
use shogi_common::fuzz::{feed, mutate, random_text, Alphabet};
use shogi_common::{count_from_env, random_game, random_setup, Rng};

const PARSER_TESTS: usize = 3;

fn inputs_per_test() -> usize {
    count_from_env("SHOGI_FUZZ_INPUTS", 30_000).div_ceil(PARSER_TESTS)
}

/// The characters of SFEN, USI moves and ruleset names.
const SFEN: Alphabet = Alphabet {
    chars: b"kKrRbBgGsSnNlLpP+/ -*0123456789aiwbx=,",
    runs: &[
        "9/",
        "+P",
        "18p",
        "ppppppppp/",
        "P*5e",
        "impasse=",
        "maxmoves=",
    ],
};

fn valid_sfen(rng: &mut Rng) -> String {
    match rng.below(3) {
        0 => Handicap::ALL[rng.below(10)].sfen().to_string(),
        1 => random_setup(rng).to_sfen(),
        _ => {
            let plies = rng.below(120);
            random_game(rng, Position::start(), plies)
                .position()
                .to_sfen()
        }
    }
}

fn check_sfen(text: &str) -> bool {
    let Ok(setup) = Setup::parse(text) else {
        return false;
    };
    let written = setup.to_sfen();
    assert_eq!(
        Setup::parse(&written).as_ref(),
        Ok(&setup),
        "{text:?} → {written:?}"
    );
    match Position::from_setup(&setup) {
        Ok(position) => {
            assert_eq!(position.to_sfen(), written);
            // Whatever validation accepts can be played from.
            let _ = position.legal_moves();
            true
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            false
        }
    }
}

#[test]
fn sfen_parsing_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(31);
    feed(
        "sfen",
        inputs_per_test(),
        |i| match i % 4 {
            0 => random_text(&mut rng, SFEN),
            1 | 2 => {
                let valid = valid_sfen(&mut rng);
                mutate(&mut rng, &valid, SFEN)
            }
            _ => valid_sfen(&mut rng),
        },
        check_sfen,
    );
}

fn check_move_text(positions: &[Position], text: &str) -> bool {
    let Ok(m) = Move::parse_usi(text) else {
        return false;
    };
    assert_eq!(Move::parse_usi(&m.to_string()), Ok(m), "{text:?}");
    for position in positions {
        // A parsed move is judged without panicking, legal or not.
        let _ = position.check_move(m);
    }
    true
}

#[test]
fn usi_move_parsing_survives_hostile_input_and_round_trips() {
    let mut rng = Rng::new(32);
    let positions: Vec<Position> = (0..20).map(|_| random_setup(&mut rng)).collect();
    feed(
        "usi move",
        inputs_per_test(),
        |i| {
            let position = &positions[i % positions.len()];
            let legal = position.legal_moves();
            let valid = legal
                .as_slice()
                .get(rng.below(legal.len().max(1)))
                .map(|m| m.to_string())
                .unwrap_or_default();
            match i % 3 {
                0 => random_text(&mut rng, SFEN),
                1 => mutate(&mut rng, &valid, SFEN),
                _ => valid,
            }
        },
        |text| check_move_text(&positions, text),
    );
}

fn check_ruleset(text: &str) -> bool {
    let Ok(rules) = Ruleset::parse(text) else {
        return false;
    };
    assert_eq!(Ruleset::parse(&rules.to_string()), Ok(rules), "{text:?}");
    let json = serde_json::to_string(&rules).unwrap();
    assert_eq!(serde_json::from_str::<Ruleset>(&json).unwrap(), rules);
    true
}

#[test]
fn ruleset_spellings_and_json_survive_hostile_input_and_round_trip() {
    let mut rng = Rng::new(33);
    let names = [
        "impasse=27",
        "impasse=off",
        "maxmoves=512",
        "maxmoves=off",
        "maxmoves=1",
        "maxmoves=100000",
        "standard",
        "",
    ];
    feed(
        "ruleset",
        inputs_per_test(),
        |i| {
            let valid = (0..1 + rng.below(3))
                .map(|_| names[rng.below(names.len())])
                .collect::<Vec<_>>()
                .join(",");
            match i % 3 {
                0 => random_text(&mut rng, SFEN),
                1 => mutate(&mut rng, &valid, SFEN),
                _ => valid,
            }
        },
        |text| {
            // The same text as JSON must never panic either.
            let _ = serde_json::from_str::<Ruleset>(text);
            check_ruleset(text)
        },
    );
}
