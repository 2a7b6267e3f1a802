//! The AI's Web Worker, for any game ([`WebAi`]): `www/worker.js` loads the game's AI module
//! (`<game>-ai`) and hands every message from the page to its `worker_receive`, which is
//! `receive` (wasm32 only) for that game. The page side (`page.rs`) posts a [`SearchJob`]; the
//! worker answers with [`Reply::Info`] after each finished iteration and one [`Reply::BestMove`].
//!
//! Cancelling is done by the page terminating the worker and starting a new one: a search never
//! yields to the event loop, so a message could not reach it, and termination is immediate.

#[cfg(target_arch = "wasm32")]
use super::browser::{self, PerformanceClock};
use super::game::WebGame;
use engine::{LevelSettings, Playable, SearchGame, SearchOptions};
#[cfg(target_arch = "wasm32")]
use engine::{Limits, Rng, Searcher};
use serde::{Deserialize, Serialize};
#[cfg(target_arch = "wasm32")]
use std::any::Any;
#[cfg(target_arch = "wasm32")]
use std::cell::RefCell;
#[cfg(target_arch = "wasm32")]
use std::sync::atomic::AtomicBool;

/// A game the AI worker plays: how it reads the page's job text and writes its answer.
pub trait WebAi: WebGame {
    /// The game as the engine plays it.
    type Playable: Playable;

    /// The game of a job's text ([`WebGame::job_text`]); the error says why it is unreadable.
    fn read_job(text: &str) -> Result<Self::Playable, String>;

    /// An engine move in the machine form ([`WebGame::move_code`]).
    fn answer_code(m: <<Self::Playable as Playable>::Search as SearchGame>::Move) -> String;
}

/// The AI worker's script for game `G`, beside the page: `?game=` names the game whose AI it
/// loads. Every page that plays against the AI (the game page, the embed frame) starts it here,
/// so no page can start one game's AI for another.
pub fn worker_url<G: WebGame>() -> String {
    format!("./worker.js?game={}", G::NAME)
}

/// The transposition table's size in the worker, MB.
#[cfg(target_arch = "wasm32")]
const HASH_MB: usize = 8;
/// How long a hint may think, ms (soft and hard limit).
#[cfg(target_arch = "wasm32")]
const HINT_MS: (f64, f64) = (400.0, 900.0);

/// The engine's game behind web game `G`.
type Search<G> = <<G as WebAi>::Playable as Playable>::Search;

/// The level a job is played at (the full engine for a hint) and its search options, seeded
/// with `seed`: the game's own, as its matches and `usi` play it.
pub fn job_level<G: WebAi>(job: &SearchJob, seed: u64) -> (LevelSettings, SearchOptions) {
    let level = Search::<G>::level(if job.hint { 5 } else { job.level });
    (level, level.game_options::<Search<G>>(seed))
}

/// A request for a move.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SearchJob {
    /// Echoed in the replies, so the page can ignore answers to questions it no longer asks.
    pub id: u32,
    /// The game so far in the record format (rules, start, moves: the search needs its history).
    pub record: String,
    /// Level 1–5 (ignored for hints, which use the full engine for a short time).
    pub level: u8,
    /// Seed of the level's randomness.
    pub seed: u32,
    /// A hint for the player rather than the AI's own move.
    pub hint: bool,
    /// The most the AI may think by its play clock, ms (`None`: no clock; the level's own
    /// limits apply either way, and this never raises them).
    #[serde(default)]
    pub budget_ms: Option<f64>,
}

/// What the worker sends back (`{"type": "bestMove", "id": 3, …}`; read with `Reply::read`
/// in the browser).
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum Reply {
    /// The worker has loaded its module (posted by `www/worker.js`).
    Ready,
    /// An iteration finished.
    Info {
        /// The job.
        id: u32,
        /// Depth reached.
        depth: u32,
        /// Nodes so far.
        nodes: u64,
    },
    /// The search ended.
    BestMove {
        /// The job.
        id: u32,
        /// The move in machine form (`a3a4`); `None` when there is no legal move.
        best: Option<String>,
        /// Depth reached.
        depth: u32,
        /// Nodes searched.
        nodes: u64,
        /// Milliseconds spent.
        time_ms: f64,
    },
    /// The worker failed and closed itself (posted by `www/worker.js`).
    Crashed {
        /// What went wrong.
        message: String,
    },
    /// The job could not be read.
    Failed {
        /// The job.
        id: u32,
        /// Why.
        message: String,
    },
}

/// A reply as it travels, every field optional: read as a plain struct and then sorted by its
/// `type`, since serde's reader for an internally tagged enum is many times its size (it is part
/// of every page's wasm module).
#[cfg(target_arch = "wasm32")]
#[derive(Deserialize)]
struct ReplyFields {
    #[serde(rename = "type")]
    kind: String,
    id: Option<u32>,
    depth: Option<u32>,
    nodes: Option<u64>,
    best: Option<String>,
    time_ms: Option<f64>,
    message: Option<String>,
}

#[cfg(target_arch = "wasm32")]
impl Reply {
    /// Reads a message from the worker; an error names what is wrong with it.
    pub fn read(message: wasm_bindgen::JsValue) -> Result<Reply, String> {
        let fields: ReplyFields = browser::from_js(message)?;
        let missing = |name: &str| format!("a {} reply without its {name}", fields.kind);
        let id = || fields.id.ok_or_else(|| missing("id"));
        Ok(match fields.kind.as_str() {
            "ready" => Reply::Ready,
            "info" => Reply::Info {
                id: id()?,
                depth: fields.depth.unwrap_or(0),
                nodes: fields.nodes.unwrap_or(0),
            },
            "bestMove" => Reply::BestMove {
                id: id()?,
                best: fields.best.clone(),
                depth: fields.depth.unwrap_or(0),
                nodes: fields.nodes.unwrap_or(0),
                time_ms: fields.time_ms.unwrap_or(0.0),
            },
            "crashed" => Reply::Crashed {
                message: fields.message.clone().unwrap_or_default(),
            },
            "failed" => Reply::Failed {
                id: fields.id.unwrap_or(0),
                message: fields.message.clone().unwrap_or_default(),
            },
            other => return Err(format!("a reply of unknown type '{other}'")),
        })
    }
}

/// The level's `limits`, shortened to the clock's `budget_ms` if it has one: the hard limit at
/// the budget, no new iteration after half of it.
#[cfg(target_arch = "wasm32")]
fn within_budget(limits: Limits, budget_ms: Option<f64>) -> Limits {
    let Some(budget) = budget_ms else {
        return limits;
    };
    let at_most = |limit: Option<f64>, cap: f64| Some(limit.map_or(cap, |ms| ms.min(cap)));
    Limits {
        soft_ms: at_most(limits.soft_ms, budget / 2.0),
        hard_ms: at_most(limits.hard_ms, budget),
        ..limits
    }
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    /// The searcher, kept between jobs (its table, for the game this worker plays).
    static SEARCHER: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Handles one message from the page (in the worker of game `G`).
#[cfg(target_arch = "wasm32")]
pub fn receive<G: WebAi>(message: wasm_bindgen::JsValue) {
    let reply = match browser::from_js::<SearchJob>(message) {
        Ok(job) => run::<G>(&job),
        Err(message) => Reply::Failed { id: 0, message },
    };
    post(&reply);
}

#[cfg(target_arch = "wasm32")]
fn post(reply: &Reply) {
    if let Err(message) = browser::post_to_page(reply) {
        browser::log_error(&message);
    }
}

#[cfg(target_arch = "wasm32")]
fn run<G: WebAi>(job: &SearchJob) -> Reply {
    let game = match G::read_job(&job.record) {
        Ok(game) => game,
        Err(message) => {
            return Reply::Failed {
                id: job.id,
                message,
            }
        }
    };
    // A win the rules let the side to move declare (shogi's impasse) is taken at once.
    if !job.hint && game.clone().claim_win() {
        return Reply::BestMove {
            id: job.id,
            best: Some(super::app::CLAIM.to_string()),
            depth: 0,
            nodes: 0,
            time_ms: 0.0,
        };
    }
    let seed = u64::from(job.seed) ^ ((game.moves_played().len() as u64) << 32);
    let (level, options) = job_level::<G>(job, seed);
    let limits = if job.hint {
        Limits {
            soft_ms: Some(HINT_MS.0),
            hard_ms: Some(HINT_MS.1),
            ..Limits::default()
        }
    } else {
        within_budget(level.browser_limits(), job.budget_ms)
    };
    let request = game.search_request(limits);
    let clock = PerformanceClock::new();
    let start = clock.now();
    let stop = AtomicBool::new(false);
    SEARCHER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let searcher = slot
            .get_or_insert_with(|| Box::new(Searcher::<Search<G>>::new(HASH_MB)))
            .downcast_mut::<Searcher<Search<G>>>()
            .expect("a worker plays one game");
        searcher.set_options(options);
        let id = job.id;
        let result = searcher.search(&request, &clock, &stop, &mut |info| {
            post(&Reply::Info {
                id,
                depth: info.depth,
                nodes: info.nodes,
            })
        });
        let chosen = if job.hint {
            result
                .best_move
                .or_else(|| request.root_moves.first().copied())
        } else {
            level.choose(&result, &request.root_moves, &mut Rng::new(seed))
        };
        Reply::BestMove {
            id,
            best: chosen.map(G::answer_code),
            depth: result.depth,
            nodes: result.nodes,
            time_ms: clock.now() - start,
        }
    })
}
