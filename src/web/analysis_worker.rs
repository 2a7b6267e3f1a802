//! The analysis board's and the game review's jobs, in a game's analysis worker
//! (`www/analysis-worker.js`, whose module `<game>-analysis` exports `receive` (wasm32 only) as its
//! `worker_receive`): the two jobs below, and any other message handed on to the AI worker's
//! `ai_worker::receive`. The AI worker's own module (part of the game page's first
//! load) carries none of this.
//!
//! - [`AnalysisJob`]: the best lines of a position, deepening one ply at a time until the page
//!   stops it (by terminating the worker, as for any search); the worker posts a
//!   [`LinesReply`] after each finished depth.
//! - [`ReviewJob`]: every position of a game searched to a fixed number of nodes
//!   ([`analysis::ReviewRun`]); the worker posts a [`ReviewProgress`] after each position
//!   and a [`ReviewReply`] at the end.
//!
//! Only a game the analysis layer knows ([`Analysable`]: its win-probability curve) takes these
//! jobs.

use analysis::{Analysable, GameReview, MoveOf};
use engine::multipv::Lines;
use engine::Score;
use serde::{Deserialize, Serialize};

/// The deepest the analysis board goes before it stops by itself.
pub const MAX_DEPTH: u32 = 40;

/// A request for the best lines of a position, deepening until stopped.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisJob {
    /// Echoed in the replies.
    pub id: u32,
    /// The game in the worker's job text ([`super::game::WebGame::job_text`]): the position
    /// to analyse is its last.
    pub analyse: String,
    /// How many lines (MultiPV).
    pub lines: u32,
}

/// A request to review a game.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReviewJob {
    /// Echoed in the replies.
    pub id: u32,
    /// The game in the worker's job text, reviewed from its start to its last move.
    pub review: String,
    /// The nodes searched in each position.
    pub nodes: u64,
}

/// One line of the analysis, for the page.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LineReply {
    /// The moves in the machine form, the first the move to play.
    pub moves: Vec<String>,
    /// The score in points for the side to move (0 when the line is a forced result).
    pub points: i32,
    /// A forced result: the side to move wins in this many of its moves (positive) or loses in
    /// this many of the opponent's (negative; `Some(0)`: it has lost).
    pub forced: Option<i32>,
    /// The side to move's win probability (the game's fitted curve).
    pub win: f64,
}

/// The lines after a finished depth (`{"type": "lines", …}`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LinesReply {
    /// Always `lines`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The job.
    pub id: u32,
    /// The depth every line reached.
    pub depth: u32,
    /// Nodes searched since the job began.
    pub nodes: u64,
    /// Nodes per second since the job began.
    pub nps: u64,
    /// The best lines, best first (none when the game is over).
    pub lines: Vec<LineReply>,
    /// The analysis ended by itself (the deepest depth, every line a forced result, or no move).
    pub done: bool,
}

/// How far a review has come (`{"type": "reviewing", …}`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReviewProgress {
    /// Always `reviewing`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The job.
    pub id: u32,
    /// Positions evaluated.
    pub done: usize,
    /// Positions in all.
    pub total: usize,
}

/// One reviewed move.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReviewedMove {
    /// `best`, `good`, `inaccuracy`, `mistake` or `blunder`.
    pub judgement: String,
    /// The engine's best move in the machine form.
    pub best: Option<String>,
    /// The win probability it cost the mover, 0–1.
    pub loss: f64,
    /// The mover's win probability before it (with best play), 0–1: what a move tried in its
    /// place is measured against.
    pub before: f64,
}

/// One side's summary.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReviewedSide {
    /// Its accuracy, 0–100 (`None` without moves).
    pub accuracy: Option<f64>,
    /// Its moves of each judgement, best first.
    pub counts: [usize; 5],
}

/// A finished review (`{"type": "reviewed", …}`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReviewReply {
    /// Always `reviewed`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The job.
    pub id: u32,
    /// Each move, in order.
    pub moves: Vec<ReviewedMove>,
    /// The first player's win probability in each position from the start (the chart).
    pub chart: Vec<f64>,
    /// The first player's summary, then the second's.
    pub sides: Vec<ReviewedSide>,
}

/// The page's form of `lines` of game `P` found at `depth` (`nodes` and `ms` since the job
/// began), the moves written by `code`.
pub fn lines_reply<P: Analysable>(
    id: u32,
    depth: u32,
    lines: &Lines<MoveOf<P>>,
    nodes: u64,
    ms: f64,
    code: impl Fn(MoveOf<P>) -> String,
) -> LinesReply {
    let replies: Vec<LineReply> = lines
        .lines
        .iter()
        .map(|line| {
            let score = line.player_score();
            let (points, forced) = match score {
                Score::Points(points) => (points, None),
                Score::WinIn(n) => (0, Some(n)),
                Score::LossIn(n) => (0, Some(-n)),
            };
            LineReply {
                moves: line.moves.iter().map(|&m| code(m)).collect(),
                points,
                forced,
                win: P::WIN_MODEL.of_score(score),
            }
        })
        .collect();
    let done = depth >= MAX_DEPTH
        || replies.is_empty()
        || replies.iter().all(|line| line.forced.is_some());
    LinesReply {
        kind: "lines".into(),
        id,
        depth,
        nodes,
        nps: if ms > 0.0 {
            (nodes as f64 * 1000.0 / ms) as u64
        } else {
            0
        },
        lines: replies,
        done,
    }
}

/// The page's form of a finished review, the moves written by `code`.
pub fn review_reply<M: Copy>(
    id: u32,
    review: &GameReview<M>,
    code: impl Fn(M) -> String,
) -> ReviewReply {
    ReviewReply {
        kind: "reviewed".into(),
        id,
        moves: review
            .moves
            .iter()
            .map(|m| ReviewedMove {
                judgement: m.judgement.code().into(),
                best: m.best.map(&code),
                loss: m.loss,
                before: m.before,
            })
            .collect(),
        chart: review.chart.clone(),
        sides: review
            .sides
            .iter()
            .map(|side| ReviewedSide {
                accuracy: side.accuracy,
                counts: side.counts,
            })
            .collect(),
    }
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use super::*;
    use crate::web::ai_worker::WebAi;
    use crate::web::browser::{self, PerformanceClock};
    use analysis::{analyse_lines, ReviewRun};
    use engine::{Limits, Playable, Searcher};
    use std::any::Any;
    use std::cell::RefCell;
    use std::sync::atomic::AtomicBool;

    /// The transposition table's size, MB.
    const HASH_MB: usize = 16;

    thread_local! {
        /// The searcher, kept between jobs.
        static SEARCHER: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    }

    type Search<G> = <<G as WebAi>::Playable as Playable>::Search;

    fn with_searcher<G: WebAi, R>(job: impl FnOnce(&mut Searcher<Search<G>>) -> R) -> R {
        SEARCHER.with(|cell| {
            let mut slot = cell.borrow_mut();
            let searcher = slot
                .get_or_insert_with(|| Box::new(Searcher::<Search<G>>::new(HASH_MB)))
                .downcast_mut::<Searcher<Search<G>>>()
                .expect("a worker plays one game");
            job(searcher)
        })
    }

    fn post<T: Serialize>(reply: &T) {
        if let Err(message) = browser::post_to_page(reply) {
            browser::log_error(&message.to_string());
        }
    }

    fn failed(id: u32, message: String) {
        post(&crate::web::ai_worker::Reply::Failed { id, message });
    }

    /// Handles one message in the worker of game `G` (see the module's docs).
    pub fn receive<G: WebAi>(message: wasm_bindgen::JsValue)
    where
        G::Playable: Analysable,
    {
        if let Ok(job) = browser::from_js::<AnalysisJob>(message.clone()) {
            analyse::<G>(&job);
        } else if let Ok(job) = browser::from_js::<ReviewJob>(message.clone()) {
            review::<G>(&job);
        } else {
            crate::web::ai_worker::receive::<G>(message);
        }
    }

    fn analyse<G: WebAi>(job: &AnalysisJob)
    where
        G::Playable: Analysable,
    {
        let game = match G::read_job(&job.analyse) {
            Ok(game) => game,
            Err(message) => return failed(job.id, message),
        };
        let clock = PerformanceClock::new();
        let stop = AtomicBool::new(false);
        let start = clock.now();
        let count = job.lines.clamp(1, 8) as usize;
        with_searcher::<G, _>(|searcher| {
            let mut nodes = 0;
            for depth in 1..=MAX_DEPTH {
                let lines = analyse_lines(
                    searcher,
                    &game,
                    count,
                    Limits::depth(depth),
                    &clock,
                    &stop,
                    &mut |_, _| {},
                );
                nodes += lines.nodes;
                let reply = lines_reply::<G::Playable>(
                    job.id,
                    depth,
                    &lines,
                    nodes,
                    clock.now() - start,
                    G::answer_code,
                );
                let done = reply.done;
                post(&reply);
                if done {
                    break;
                }
            }
        });
    }

    fn review<G: WebAi>(job: &ReviewJob)
    where
        G::Playable: Analysable,
    {
        let game = match G::read_job(&job.review) {
            Ok(game) => game,
            Err(message) => return failed(job.id, message),
        };
        let clock = PerformanceClock::new();
        let stop = AtomicBool::new(false);
        let mut run = ReviewRun::new(&game, Limits::nodes(job.nodes.max(1)));
        with_searcher::<G, _>(|searcher| {
            loop {
                match run.step(searcher, &clock, &stop) {
                    Ok(true) => post(&ReviewProgress {
                        kind: "reviewing".into(),
                        id: job.id,
                        done: run.evaluated(),
                        total: run.positions(),
                    }),
                    Ok(false) => break,
                    Err(message) => return failed(job.id, message),
                }
            }
            post(&review_reply(job.id, &run.review(), G::answer_code));
        });
    }
}

#[cfg(target_arch = "wasm32")]
pub use worker::receive;
