//! Self-play that keeps what the engine thought: the data of the win-probability fit and the
//! source of puzzles (native only: games run on up to two threads). Seeded and node-limited, so
//! a seed gives the same games on any machine.

use engine::config::EngineConfig;
use engine::levels::{mix, Rng};
use engine::matches::MAX_PLIES;
use engine::{Ending, FrozenClock, Playable, SearchGame, Searcher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// A played game with the engine's view of each position.
#[derive(Clone, Debug)]
pub struct RecordedGame<M> {
    /// The moves.
    pub moves: Vec<M>,
    /// Per position before each move: the raw score of the search that chose it, for the side
    /// to move; `None` for the random opening moves.
    pub scores: Vec<Option<i32>>,
    /// The side that moved first.
    pub first_side: usize,
    /// How it ended (`None`: it reached [`MAX_PLIES`]).
    pub ending: Option<Ending>,
}

impl<M> RecordedGame<M> {
    /// The side to move before move `ply`.
    pub fn side_at(&self, ply: usize) -> usize {
        (self.first_side + ply) & 1
    }

    /// The result for `side`: 1 a win, ½ a draw (or no end), 0 a loss.
    pub fn result_for(&self, side: usize) -> f64 {
        match self.ending.and_then(|e| e.winner) {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Plays one game from the start under `rules`: `opening_plies` random moves, then each side
/// searches with its configuration (`configs[side]`, level noise and blunders included). The
/// `seed` decides the opening and the engines' randomness.
pub fn play_game<P: Playable>(
    rules: P::Rules,
    configs: [&EngineConfig<P::Search>; 2],
    opening_plies: usize,
    seed: u64,
) -> RecordedGame<<P::Search as SearchGame>::Move> {
    let mut game = P::start(rules);
    let first_side = P::Search::side_to_move(game.current());
    let mut rng = Rng::new(mix(seed));
    let mut scores = Vec::new();
    for _ in 0..opening_plies {
        let moves = game.allowed_moves();
        if moves.is_empty() || game.ending().is_some() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        game.play_move(m).expect("an allowed move is legal");
        scores.push(None);
    }
    let mut engines = configs.map(|config| {
        let mut searcher = Searcher::with(config.table_mb(), config.params.clone(), config.options);
        searcher.set_options(config.level.options(config.options, mix(seed ^ 0x5EED)));
        searcher
    });
    let stop = AtomicBool::new(false);
    while game.ending().is_none() && game.moves_played().len() < MAX_PLIES {
        let side = P::Search::side_to_move(game.current());
        let config = configs[side];
        let request = game.search_request(config.level.limits);
        let result = engines[side].search(&request, &FrozenClock, &stop, &mut |_| {});
        let Some(m) = config.level.choose(&result, &request.root_moves, &mut rng) else {
            break;
        };
        scores.push(Some(result.score));
        game.play_move(m).expect("the engine plays allowed moves");
    }
    RecordedGame {
        moves: game.moves_played().to_vec(),
        scores,
        first_side,
        ending: game.ending(),
    }
}

/// Runs `job(index)` for `0..count` on up to two threads, telling `on_done` as each ends;
/// the results come back in index order (the same for any number of threads).
pub fn run_parallel<T: Send>(
    count: usize,
    threads: usize,
    job: &(dyn Fn(usize) -> T + Sync),
    on_done: &(dyn Fn(usize, &T) + Sync),
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(count));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, 2) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= count {
                    break;
                }
                let result = job(index);
                on_done(index, &result);
                results.lock().expect("results").push((index, result));
            });
        }
    });
    let mut results = results.into_inner().expect("results");
    results.sort_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, result)| result).collect()
}
