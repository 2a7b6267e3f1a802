//! Matches between two players, for any [`Playable`] game (native only: games run on threads):
//! self-play between two engine configurations, or the engine against another program
//! ([`ExternalPlayer`], e.g. a USI engine driven by the `shogi` CLI). Game pairs share an
//! opening (a line from the opening list, then random plies chosen by the seed) with colours
//! swapped, so neither side profits from a lopsided opening; up to two games run in parallel.
//! The report gives W-L-D from A's side and the Elo difference with a 95 % margin.
//!
//! The runner is also the referee: every move is played through the game's own rules
//! ([`Playable::play_move`]), so a move they refuse loses the game for its player
//! (`illegal-move`), and so does a win claimed when the rules do not allow it
//! (`false-claim`) or a player that fails to answer (`player-failure`).
//!
//! Every engine decision is seeded (openings, level noise, blunders) and levels are limited by
//! nodes or depth, so a seed reproduces a self-play match move for move on any machine.

use super::clock::InstantClock;
use super::config::EngineConfig;
use super::game::{Ending, Playable, SearchGame};
use super::levels::{mix, Rng};
use super::search::Searcher;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// A game longer than this (only possible with the draw rules off) is scored a draw.
pub const MAX_PLIES: usize = 1000;

/// The search side of a playable game.
type SearchOf<P> = <P as Playable>::Search;
/// A playable game's move.
type MoveOf<P> = <SearchOf<P> as SearchGame>::Move;

/// What a player does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision<M> {
    /// Plays this move.
    Move(M),
    /// Declares a win the rules may allow instead of moving (shogi's impasse declaration).
    ClaimWin,
    /// Gives up.
    Resign,
}

/// A player the runner does not search for itself: another program, driven through its
/// protocol. One is made for each game.
pub trait ExternalPlayer<P: Playable>: Send {
    /// What it does in `game` (its side is to move); an error when it failed to answer (it
    /// then loses the game).
    fn decide(&mut self, game: &P) -> Result<Decision<MoveOf<P>>, String>;
}

/// Makes an external player for one game.
pub type PlayerFactory<P> =
    Box<dyn Fn() -> Result<Box<dyn ExternalPlayer<P>>, String> + Send + Sync>;

/// One side of a match.
pub enum Contestant<P: Playable> {
    /// This engine with a configuration (boxed: it is far larger than the other variant).
    Engine(Box<EngineConfig<SearchOf<P>>>),
    /// Another program.
    External {
        /// Its name for the report.
        name: String,
        /// Starts it for a game.
        start: PlayerFactory<P>,
    },
}

impl<P: Playable> Contestant<P> {
    /// The name for the report.
    pub fn name(&self) -> &str {
        match self {
            Contestant::Engine(config) => &config.name,
            Contestant::External { name, .. } => name,
        }
    }
}

impl<P: Playable> From<EngineConfig<SearchOf<P>>> for Contestant<P> {
    fn from(config: EngineConfig<SearchOf<P>>) -> Contestant<P> {
        Contestant::Engine(Box::new(config))
    }
}

/// What to play.
pub struct MatchSetup<P: Playable> {
    /// Player A (results are from its side).
    pub a: Contestant<P>,
    /// Player B.
    pub b: Contestant<P>,
    /// Number of games (rounded up to pairs).
    pub games: usize,
    /// Seed of the openings and the engines' randomness.
    pub seed: u64,
    /// Games played at once (1 or 2).
    pub threads: usize,
    /// The rules.
    pub rules: P::Rules,
    /// Opening lines: pair `i` starts with line `i` (round robin); none: from the start.
    pub openings: Vec<Vec<MoveOf<P>>>,
    /// Random plies after the opening line, at the start of each pair's game.
    pub opening_plies: usize,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame<M> {
    /// Its number in the match, from 0 (pairs share an opening).
    pub index: usize,
    /// 1.0 A won, 0.0 B won, 0.5 draw.
    pub a_score: f64,
    /// A's side (0 or 1).
    pub a_side: usize,
    /// How it ended; `None` when it reached [`MAX_PLIES`] or no move was chosen.
    pub ending: Option<Ending>,
    /// The moves, for replaying the game.
    pub moves: Vec<M>,
}

impl<M> PlayedGame<M> {
    /// The ending's reason, or `move-limit`.
    pub fn reason(&self) -> &'static str {
        self.ending.map_or("move-limit", |e| e.reason)
    }
}

/// The match's result.
#[derive(Clone, Debug)]
pub struct MatchReport<M> {
    /// The games, in the order they finished.
    pub games: Vec<PlayedGame<M>>,
    /// A's wins, losses and draws.
    pub wins: usize,
    /// B's wins.
    pub losses: usize,
    /// Draws.
    pub draws: usize,
    /// How many games ended for each reason.
    pub endings: BTreeMap<&'static str, usize>,
    /// Seconds the match took.
    pub seconds: f64,
}

impl<M> MatchReport<M> {
    /// A's score, 0–1.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games.len().max(1) as f64
    }

    /// The mean game length in plies.
    pub fn mean_plies(&self) -> f64 {
        let plies: usize = self.games.iter().map(|g| g.moves.len()).sum();
        plies as f64 / self.games.len().max(1) as f64
    }

    /// A's Elo difference and its 95 % margin.
    pub fn elo(&self) -> (f64, f64) {
        elo_with_margin(self.wins, self.losses, self.draws)
    }
}

/// Plays the match, telling `on_game` about each game as it ends.
pub fn run<P: Playable>(
    setup: &MatchSetup<P>,
    on_game: &(dyn Fn(&PlayedGame<MoveOf<P>>) + Sync),
) -> MatchReport<MoveOf<P>> {
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
                on_game(&result);
                results.lock().expect("results").push(result);
            });
        }
    });
    let games = results.into_inner().expect("results");
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut endings = BTreeMap::new();
    for g in &games {
        match g.a_score {
            s if s > 0.75 => wins += 1,
            s if s < 0.25 => losses += 1,
            _ => draws += 1,
        }
        *endings.entry(g.reason()).or_default() += 1;
    }
    MatchReport {
        games,
        wins,
        losses,
        draws,
        endings,
        seconds: started.elapsed().as_secs_f64(),
    }
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

/// A player during one game.
enum Seat<P: Playable> {
    Engine(Box<Searcher<SearchOf<P>>>),
    External(Box<dyn ExternalPlayer<P>>),
}

fn play_game<P: Playable>(setup: &MatchSetup<P>, index: usize) -> PlayedGame<MoveOf<P>> {
    let pair = index / 2;
    let a_side = index % 2;
    let mut game = P::start(setup.rules);
    if !setup.openings.is_empty() {
        for &m in &setup.openings[pair % setup.openings.len()] {
            if game.play_move(m).is_err() {
                break;
            }
        }
    }
    let mut opening_rng = Rng::new(mix(
        setup.seed ^ (pair as u64).wrapping_mul(0x1234_5678_9ABC)
    ));
    for _ in 0..setup.opening_plies {
        let moves = game.allowed_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[opening_rng.below(moves.len() as u64) as usize];
        game.play_move(m).expect("a legal opening move");
    }
    let game_seed = mix(setup.seed ^ 0xA5A5 ^ index as u64);
    let seat = |contestant: &Contestant<P>, salt: u64| -> Result<Seat<P>, String> {
        Ok(match contestant {
            Contestant::Engine(config) => {
                let mut s =
                    Searcher::with(config.table_mb(), config.params.clone(), config.options);
                s.set_options(config.level.options(config.options, game_seed ^ salt));
                Seat::Engine(Box::new(s))
            }
            Contestant::External { start, .. } => Seat::External(start()?),
        })
    };
    let contestants = [&setup.a, &setup.b];
    let mut seats = [seat(&setup.a, 1), seat(&setup.b, 2)];
    let mut rng = Rng::new(game_seed);
    let stop = AtomicBool::new(false);
    let mut forfeit: Option<(usize, &'static str)> = None;
    while game.ending().is_none() && game.moves_played().len() < MAX_PLIES {
        let to_move = SearchOf::<P>::side_to_move(game.current());
        let who = if to_move == a_side { 0 } else { 1 };
        let decision = match &mut seats[who] {
            Err(_) => Err(()),
            Ok(Seat::Engine(searcher)) => {
                let Contestant::Engine(config) = contestants[who] else {
                    unreachable!("an engine seat is an engine's")
                };
                if game.clone().claim_win() {
                    Ok(Decision::ClaimWin)
                } else {
                    let request = game.search_request(config.level.limits);
                    let result =
                        searcher.search(&request, &InstantClock::new(), &stop, &mut |_| {});
                    match config.level.choose(&result, &request.root_moves, &mut rng) {
                        Some(m) => Ok(Decision::Move(m)),
                        None => Ok(Decision::Resign),
                    }
                }
            }
            Ok(Seat::External(player)) => player.decide(&game).map_err(|_| ()),
        };
        match decision {
            Ok(Decision::Move(m)) => {
                if game.play_move(m).is_err() {
                    forfeit = Some((to_move, "illegal-move"));
                }
            }
            Ok(Decision::ClaimWin) => {
                if !game.claim_win() {
                    forfeit = Some((to_move, "false-claim"));
                }
            }
            Ok(Decision::Resign) => forfeit = Some((to_move, "resignation")),
            Err(()) => forfeit = Some((to_move, "player-failure")),
        }
        if forfeit.is_some() {
            break;
        }
    }
    let ending = match forfeit {
        Some((loser, reason)) => Some(Ending {
            winner: Some(1 - loser),
            reason,
        }),
        None => game.ending(),
    };
    let a_score = match ending.and_then(|e| e.winner) {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    PlayedGame {
        index,
        a_score,
        a_side,
        ending,
        moves: game.moves_played().to_vec(),
    }
}
