//! `jungle match`: self-play between two configurations. Game pairs share an opening (two
//! random first plies, chosen by the seed) with colours swapped, so neither side profits from a
//! lopsided opening; up to two games run in parallel. Prints W-L-D from A's side and the Elo
//! difference with a 95 % margin.

use super::config::EngineConfig;
use jungle::engine::levels::{mix, Rng};
use jungle::engine::{InstantClock, SearchRequest, Searcher};
use jungle::{Game, Outcome, Ruleset, Side};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// A game longer than this (only possible with the draw rules off) is scored a draw.
const MAX_PLIES: usize = 1000;

/// What to play.
pub struct MatchSetup {
    /// Engine A (results are from its side).
    pub a: EngineConfig,
    /// Engine B.
    pub b: EngineConfig,
    /// Number of games (rounded up to pairs).
    pub games: usize,
    /// Seed of the openings and the engines' randomness.
    pub seed: u64,
    /// Games played at once (1 or 2).
    pub threads: usize,
    /// The rules.
    pub rules: Ruleset,
    /// Print one line per game, with its moves.
    pub verbose: bool,
    /// Random plies at the start of each pair's opening.
    pub opening_plies: usize,
}

/// One finished game.
struct GameResult {
    index: usize,
    /// 1.0 A won, 0.0 B won, 0.5 draw.
    a_score: f64,
    a_side: Side,
    outcome: Option<Outcome>,
    plies: usize,
    /// The moves in machine form, for replaying the game.
    moves: String,
}

/// Plays the match and prints the result.
pub fn run(setup: &MatchSetup) -> Result<(), String> {
    let games = setup.games.div_ceil(2) * 2;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(games));
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..setup.threads.clamp(1, 2) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= games {
                    break;
                }
                let result = play_game(setup, index);
                if setup.verbose {
                    eprintln!(
                        "game {:>4}: A as {:<5} {} in {} plies ({}): {}",
                        index + 1,
                        result.a_side.name(),
                        match result.a_score {
                            s if s > 0.75 => "won ",
                            s if s < 0.25 => "lost",
                            _ => "drew",
                        },
                        result.plies,
                        result.outcome.map_or("move limit", |o| o.reason_code()),
                        result.moves
                    );
                }
                results.lock().expect("results").push(result);
            });
        }
    });
    let results = results.into_inner().expect("results");
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut reasons = std::collections::BTreeMap::<&str, usize>::new();
    let mut plies = 0;
    for r in &results {
        match r.a_score {
            s if s > 0.75 => wins += 1,
            s if s < 0.25 => losses += 1,
            _ => draws += 1,
        }
        *reasons
            .entry(r.outcome.map_or("move-limit", |o| o.reason_code()))
            .or_default() += 1;
        plies += r.plies;
    }
    let n = results.len() as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    let (elo, margin) = elo_with_margin(wins, losses, draws);
    out!("A: {}", setup.a.name);
    out!("B: {}", setup.b.name);
    out!(
        "games {} · mean length {:.0} plies · {:.0} s · endings {}",
        results.len(),
        plies as f64 / n,
        started.elapsed().as_secs_f64(),
        reasons
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = results.iter().map(|r| r.index).max();
    out!(
        "W-L-D {wins}-{losses}-{draws}  score {:.1}%  Elo {:+.0} ± {:.0}",
        score * 100.0,
        elo,
        margin
    );
    Ok(())
}

/// Elo difference from a score and its 95 % margin (normal approximation over games).
pub fn elo_with_margin(wins: usize, losses: usize, draws: usize) -> (f64, f64) {
    let n = (wins + losses + draws) as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let p = (wins as f64 + draws as f64 / 2.0) / n;
    let variance = (wins as f64 * (1.0 - p).powi(2)
        + losses as f64 * p.powi(2)
        + draws as f64 * (0.5 - p).powi(2))
        / n;
    let se = (variance / n).sqrt();
    let elo = |p: f64| {
        let p = p.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    let margin = (elo(p + 1.96 * se) - elo(p - 1.96 * se)) / 2.0;
    (elo(p), margin)
}

fn play_game(setup: &MatchSetup, index: usize) -> GameResult {
    let pair = index / 2;
    let a_side = if index.is_multiple_of(2) {
        Side::Black
    } else {
        Side::White
    };
    let mut game = Game::new(setup.rules);
    let mut opening_rng = Rng::new(mix(
        setup.seed ^ (pair as u64).wrapping_mul(0x1234_5678_9ABC)
    ));
    for _ in 0..setup.opening_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[opening_rng.below(moves.len() as u64) as usize];
        game.play(m).expect("a legal opening move");
    }
    let game_seed = mix(setup.seed ^ 0xA5A5 ^ index as u64);
    let make = |config: &EngineConfig, salt: u64| {
        let mut s = Searcher::with(config.hash_mb, config.params, config.options);
        s.set_options(config.level.options(config.options, game_seed ^ salt));
        s
    };
    let mut engines = [make(&setup.a, 1), make(&setup.b, 2)];
    let configs = [&setup.a, &setup.b];
    let mut rng = Rng::new(game_seed);
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let to_move = game.position().side_to_move();
        let who = if to_move == a_side { 0 } else { 1 };
        let config = configs[who];
        let request = SearchRequest::from_game(&game, config.level.limits);
        let result = engines[who].search(&request, &InstantClock::new(), &stop, &mut |_| {});
        let Some(m) = config.level.choose(&result, &request.root_moves, &mut rng) else {
            break;
        };
        game.play(m).expect("the engine plays legal moves");
    }
    let outcome = game.outcome();
    let a_score = match outcome.and_then(Outcome::winner) {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    GameResult {
        index,
        a_score,
        a_side,
        outcome,
        plies: game.moves().len(),
        moves: game
            .moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    }
}
