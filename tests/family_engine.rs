//! The generic search plays every variant of the shogi family (`shogi_family::ai`): it finds a mate in one, it answers
//! with a legal move in every variant's start, and thirty moves of each, the search against
//! itself at a thousand nodes a move, keep to the rules.

use engine::{FrozenClock, Limits, Playable, Score, Searcher};
use shogi_family::ai::{Family, GameRules, Played};
use shogi_family::{Game, Options, Position, Variant, VARIANTS};
use std::sync::atomic::AtomicBool;

fn best(played: &Played, limits: Limits) -> (Option<String>, i32) {
    let mut searcher = Searcher::<Family>::new(1);
    let stop = AtomicBool::new(false);
    let result = searcher.search(
        &played.search_request(limits),
        &FrozenClock,
        &stop,
        &mut |_| {},
    );
    (result.best_move.map(|m| m.to_string()), result.score)
}

#[test]
fn the_search_finds_a_mate_in_one() {
    // Minishogi: a gold dropped on 1b or 2b mates the king on 1a (the silver on 2c guards it).
    let variant = Variant::named("minishogi").unwrap();
    let position = Position::from_sfen(variant, "4k/5/3S1/5/K4 b G 1").unwrap();
    let mut played = Played::new(Game::new(position));
    let (m, score) = best(&played, Limits::depth(3));
    let m = m.expect("a move");
    assert!(m == "G*1b" || m == "G*2b", "{m}");
    assert!(matches!(Score::from_raw(score), Score::WinIn(1)), "{score}");
    let packed = played
        .allowed_moves()
        .into_iter()
        .find(|p| p.to_string() == m)
        .unwrap();
    played.play_move(packed).unwrap();
    assert_eq!(played.ending().and_then(|e| e.winner), Some(0));
}

#[test]
fn every_variant_s_start_gets_a_legal_answer_and_a_game_keeps_to_the_rules() {
    for variant in VARIANTS {
        let mut played = Played::start(GameRules {
            variant,
            options: Options::default(),
        });
        for _ in 0..30 {
            if played.ending().is_some() {
                break;
            }
            let (m, _) = best(&played, Limits::nodes(1_000));
            let m = m.unwrap_or_else(|| panic!("{}: no move", variant.name));
            let packed = played
                .allowed_moves()
                .into_iter()
                .find(|p| p.to_string() == m)
                .unwrap_or_else(|| panic!("{}: {m} is not allowed", variant.name));
            played.play_move(packed).expect("a legal move");
        }
        assert!(!played.moves_played().is_empty(), "{}", variant.name);
    }
}
