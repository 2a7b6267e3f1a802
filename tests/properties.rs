//! Property tests with a seeded PRNG (tests/common): along random games and on random
//! positions, the generator agrees with `check_move` and with a naive generator written from
//! docs/rules-jungle.md; the incremental hash, the text formats, the mirror symmetry and undo/redo hold.
//! Counts are kept modest so the file runs in seconds in a debug build.

mod common;

use common::{naive_moves, random_line, random_position, rules, Rng};
use jungle::{notation, Record};
use jungle::{Game, Move, Position, Ruleset, Setup, Square};

/// Random positions from the start and from random setups, under each variant.
fn sample_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for i in 0..games {
        let ruleset = if i % 2 == 0 {
            Ruleset::default()
        } else {
            rules("tiger-vertical-only")
        };
        let start = if i % 3 == 0 {
            Position::start(&ruleset)
        } else {
            random_position(&mut rng, &ruleset)
        };
        out.extend(random_line(&mut rng, start, plies));
    }
    out
}

#[test]
fn generated_moves_are_exactly_the_moves_check_move_accepts() {
    for pos in sample_positions(1, 100, 40) {
        let generated = pos.legal_moves();
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                assert_eq!(
                    pos.check_move(m).is_ok(),
                    generated.contains(m),
                    "{m} in {pos:?}: {:?}",
                    pos.check_move(m)
                );
            }
        }
        assert_eq!(pos.count_legal_moves(), generated.len(), "{pos:?}");
        let captures = pos.captures();
        for &m in generated.iter() {
            assert_eq!(captures.contains(m), pos.captured_by(m).is_some(), "{m}");
        }
    }
}

#[test]
fn generated_moves_match_the_naive_generator_written_from_jungle_md() {
    let positions = sample_positions(2, 1000, 40);
    assert!(positions.len() > 5000, "{}", positions.len());
    for pos in positions {
        let mut generated: Vec<Move> = pos.legal_moves().to_vec();
        generated.sort();
        assert_eq!(generated, naive_moves(&pos), "{pos:?}");
    }
}

#[test]
fn perft_matches_the_naive_generator_on_random_positions() {
    let mut rng = Rng::new(14);
    for i in 0..40 {
        let ruleset = if i % 2 == 0 {
            Ruleset::default()
        } else {
            rules("tiger-vertical-only")
        };
        let pos = random_position(&mut rng, &ruleset);
        assert_eq!(pos.perft(3), common::naive_perft(&pos, 3), "{pos:?}");
    }
}

#[test]
fn the_game_is_over_exactly_when_jungle_md_says_so() {
    let mut finished = 0;
    for pos in sample_positions(3, 100, 80) {
        let over = common::naive_game_over(&pos) || naive_moves(&pos).is_empty();
        assert_eq!(pos.outcome().is_some(), over, "{pos:?}");
        if over {
            finished += 1;
            assert!(pos.legal_moves().is_empty(), "{pos:?}");
        }
    }
    assert!(
        finished > 10,
        "the sample should hold finished games, found {finished}"
    );
}

#[test]
fn incremental_hash_equals_the_hash_from_scratch() {
    for pos in sample_positions(4, 60, 80) {
        assert_eq!(pos.hash(), pos.compute_hash(), "{pos:?}");
        let passed = pos.passed();
        assert_eq!(passed.hash(), passed.compute_hash(), "passed {pos:?}");
    }
}

#[test]
fn equal_boards_have_equal_hashes_and_different_ones_differ() {
    let positions = sample_positions(5, 20, 40);
    for pair in positions.windows(2) {
        let same_board = pair[0]
            .to_fen()
            .split(' ')
            .take(2)
            .eq(pair[1].to_fen().split(' ').take(2));
        assert_eq!(pair[0].hash() == pair[1].hash(), same_board);
    }
    // The side to move is part of the key.
    let start = Position::start(&Ruleset::default());
    let fen = start.to_fen().replace(" b ", " w ");
    let white = Position::from_fen(&fen, &Ruleset::default()).unwrap();
    assert_ne!(start.hash(), white.hash());
}

#[test]
fn positions_round_trip_through_text() {
    for pos in sample_positions(6, 60, 40) {
        let fen = pos.to_fen();
        let again =
            Position::from_fen(&fen, &Ruleset::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(again.to_fen(), fen);
        assert_eq!(again.hash(), pos.hash());
        let setup = Setup::parse(&fen).unwrap();
        assert_eq!(setup, pos.to_setup());
        assert_eq!(Setup::parse(&setup.to_string()), Ok(setup));
    }
}

#[test]
fn moves_round_trip_through_machine_and_human_text() {
    for from in Square::all() {
        for to in Square::all().filter(|&to| to != from) {
            let m = Move::new(from, to);
            assert_eq!(Move::parse(&m.to_string()), Ok(m));
        }
    }
    for pos in sample_positions(7, 40, 40) {
        for &m in pos.legal_moves().iter() {
            let human = notation::human(&pos, m);
            assert_eq!(
                notation::parse_any(&pos, &human),
                Ok(m),
                "{human} in {pos:?}"
            );
            assert_eq!(notation::parse_any(&pos, &m.to_string()), Ok(m));
            let capture = pos.captured_by(m).is_some();
            assert_eq!(human.contains('x'), capture, "{human}");
            assert_eq!(
                human.ends_with('#'),
                pos.after(m).outcome().is_some(),
                "{human}"
            );
        }
    }
}

#[test]
fn the_rotated_position_with_colours_swapped_has_the_rotated_moves() {
    for pos in sample_positions(8, 60, 40) {
        let mirrored = pos.mirrored();
        let mut expected: Vec<Move> = pos.legal_moves().iter().map(|m| m.rotated()).collect();
        expected.sort();
        let mut actual: Vec<Move> = mirrored.legal_moves().to_vec();
        actual.sort();
        assert_eq!(actual, expected, "{pos:?}");
        assert_eq!(mirrored.hash(), mirrored.compute_hash());
        assert_eq!(mirrored.mirrored(), pos);
        assert_eq!(
            mirrored.outcome().map(|(side, why)| (side.opponent(), why)),
            pos.outcome()
        );
    }
    // Perft is symmetric too, a few plies deep.
    let mut rng = Rng::new(9);
    for _ in 0..10 {
        let pos = random_position(&mut rng, &Ruleset::default());
        assert_eq!(pos.mirrored().perft(3), pos.perft(3), "{pos:?}");
    }
}

/// A random game under `ruleset`, played through `Game` (so draws and the prohibition apply).
fn random_game(rng: &mut Rng, ruleset: Ruleset, plies: usize) -> Game {
    let start = if rng.chance(50) {
        Position::start(&ruleset)
    } else {
        random_position(rng, &ruleset)
    };
    let mut game = Game::from_position(start, ruleset);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(*rng.pick(&moves))
            .expect("a listed move is legal");
    }
    game
}

const RULESETS: [&str; 4] = [
    "standard",
    "tiger-vertical-only,repetition-prohibition",
    "threefold=off,nocapture=off",
    "repetition-prohibition,nocapture=60",
];

#[test]
fn undo_restores_the_exact_position_and_hash_and_redo_replays() {
    let mut rng = Rng::new(10);
    for i in 0..40 {
        let mut game = random_game(&mut rng, rules(RULESETS[i % 4]), 60);
        let positions = game.positions().to_vec();
        let moves = game.moves().to_vec();
        for k in (0..moves.len()).rev() {
            assert_eq!(game.undo(), Some(moves[k]));
            assert_eq!(*game.position(), positions[k]);
            assert_eq!(game.position().hash(), positions[k].hash());
        }
        assert_eq!(game.undo(), None);
        for k in 0..moves.len() {
            assert_eq!(game.redo(), Some(moves[k]));
            assert_eq!(*game.position(), positions[k + 1]);
        }
        assert_eq!(game.redo(), None);
        // A different move after an undo clears the redo list.
        if let Some(last) = game.undo() {
            let other = game.legal_moves().iter().copied().find(|&m| m != last);
            if let Some(other) = other {
                game.play(other).unwrap();
                assert!(game.undone_moves().is_empty());
                assert_eq!(game.redo(), None);
            }
        }
    }
}

/// A tag value of random printable and control characters, quotes and backslashes.
fn random_tag_value(rng: &mut Rng) -> String {
    const CHARS: &[char] = &[
        'a', 'Z', ' ', '"', '\\', '\n', '\r', '\t', '[', ']', '{', '}', 'é', '日',
    ];
    (0..rng.below(20)).map(|_| *rng.pick(CHARS)).collect()
}

#[test]
fn records_round_trip() {
    let mut rng = Rng::new(11);
    for i in 0..40 {
        let plies = 1 + rng.below(120);
        let game = random_game(&mut rng, rules(RULESETS[i % 4]), plies);
        let tags = vec![
            ("Event".to_string(), format!("Random game {i}")),
            (
                "Black".to_string(),
                "A \"quoted\" name \\ slash".to_string(),
            ),
            ("Annotator".to_string(), random_tag_value(&mut rng)),
        ];
        let record = Record::new(game.clone(), tags.clone());
        let text = record.to_string();
        let back = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.tags, tags);
        assert_eq!(back.game.moves(), game.moves(), "{text}");
        assert_eq!(back.game.rules(), game.rules());
        assert_eq!(back.game.start_position(), game.start_position());
        assert_eq!(back.game.outcome(), game.outcome());
        assert_eq!(back.to_string(), text);
    }
}

// ---------------------------------------------------------------------------------------------
// The repetition prohibition, checked against a second reading of docs/rules-jungle.md's words.

/// Whether docs/rules-jungle.md's repetition prohibition forbids `m` after `game`'s moves: the side's run
/// is its latest turns with one animal, cut by a turn with another animal or a move into a trap
/// (that move not counted); (a) 3 visits within the run's last 7 turns; (b) a run of 17 turns
/// within at most 5 squares closes those squares.
fn naive_prohibited(game: &Game, m: Move) -> bool {
    let pos = game.position();
    let us = pos.side_to_move();
    let animal = pos.piece_at(m.from).map(|p| p.animal);
    let mut run: Vec<Square> = Vec::new();
    let mut run_animal = None;
    for (k, played) in game.moves().iter().enumerate().rev() {
        let before = &game.positions()[k];
        if before.side_to_move() != us {
            continue;
        }
        let mover = before.piece_at(played.from).unwrap().animal;
        let into_trap =
            common::is_trap_of(played.to, us) || common::is_trap_of(played.to, us.opponent());
        if into_trap || run_animal.is_some_and(|a| a != mover) {
            break;
        }
        run_animal = Some(mover);
        run.insert(0, played.to);
    }
    if run_animal != animal || animal.is_none() {
        return false;
    }
    let last7 = &run[run.len().saturating_sub(7)..];
    if last7.iter().filter(|&&s| s == m.to).count() >= 3 {
        return true;
    }
    if run.len() >= 17 {
        let mut area = run[run.len() - 17..].to_vec();
        area.sort();
        area.dedup();
        return area.len() <= 5 && area.contains(&m.to);
    }
    false
}

#[test]
fn game_moves_follow_the_repetition_prohibition_as_jungle_md_words_it() {
    let mut rng = Rng::new(15);
    let ruleset = rules("repetition-prohibition,threefold=off,nocapture=off");
    let mut forbidden_seen = 0;
    for _ in 0..100 {
        let start = if rng.chance(30) {
            Position::start(&ruleset)
        } else {
            random_position(&mut rng, &ruleset)
        };
        let mut game = Game::from_position(start, ruleset);
        for _ in 0..80 {
            let listed = game.legal_moves();
            for &m in game.position().legal_moves().iter() {
                let refused = game.check_move(m).is_err();
                assert_eq!(refused, !listed.contains(m), "{m}");
                assert_eq!(
                    refused,
                    naive_prohibited(&game, m),
                    "{m} after {:?}",
                    game.moves()
                );
                forbidden_seen += refused as usize;
            }
            if listed.is_empty() {
                break;
            }
            // Mostly keep moving the animal moved two plies ago, to build long runs.
            let previous = game
                .moves()
                .len()
                .checked_sub(2)
                .map(|k| game.moves()[k].to);
            let same: Vec<Move> = listed
                .iter()
                .copied()
                .filter(|m| Some(m.from) == previous)
                .collect();
            let m = if !same.is_empty() && rng.chance(85) {
                *rng.pick(&same)
            } else {
                *rng.pick(&listed)
            };
            game.play(m).unwrap();
        }
    }
    assert!(
        forbidden_seen > 50,
        "the prohibition should bite: {forbidden_seen}"
    );
}

#[test]
fn repetitions_count_every_earlier_occurrence_of_the_board_and_side_to_move() {
    let mut rng = Rng::new(16);
    let ruleset = rules("nocapture=off");
    let mut draws = 0;
    for _ in 0..60 {
        let mut game = Game::from_position(random_position(&mut rng, &ruleset), ruleset);
        for _ in 0..120 {
            let key = |p: &Position| {
                let fen = p.to_fen();
                fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
            };
            let now = key(game.position());
            let seen = game.positions().iter().filter(|p| key(p) == now).count();
            assert_eq!(game.repetitions(), seen);
            if game.position().outcome().is_none() {
                assert_eq!(
                    game.outcome().is_some(),
                    seen >= 3,
                    "threefold after {:?}",
                    game.moves()
                );
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                draws += (seen >= 3) as usize;
                break;
            }
            // Shuffle back and forth often, so that positions repeat.
            let back = game
                .moves()
                .len()
                .checked_sub(2)
                .map(|k| game.moves()[k])
                .map(|m| Move::new(m.to, m.from))
                .filter(|&m| moves.contains(m));
            let m = match back {
                Some(m) if rng.chance(70) => m,
                _ => *rng.pick(&moves),
            };
            game.play(m).unwrap();
        }
    }
    assert!(draws > 5, "threefold should happen: {draws}");
}
