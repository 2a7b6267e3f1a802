//! A search on its own thread, for protocol loops (Jungle's UCI, shogi's USI): the loop keeps
//! reading commands (`stop`, `isready`) while the engine thinks. Native only. What the loop
//! prints is its own; this keeps the searcher between searches, the stop flag, and the promise
//! that a failing search still answers.

use super::clock::InstantClock;
use super::game::SearchGame;
use super::search::{Info, SearchOptions, SearchRequest, SearchResult, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// How a background search ended.
#[derive(Clone, Debug)]
pub struct Finished<M> {
    /// What it found; after a failure, the first root move and nothing else.
    pub result: SearchResult<M>,
    /// The search panicked (a bug): the loop should say so and play `result`'s move.
    pub failed: bool,
}

/// The searcher of a protocol loop, idle or thinking on a thread.
pub struct BackgroundSearch<G: SearchGame> {
    searcher: Option<Searcher<G>>,
    thinking: Option<JoinHandle<Searcher<G>>>,
    stop: Arc<AtomicBool>,
    /// Set once the running search has its result, just before `on_done` gives the answer: the
    /// client may send its next command before the thread has quite ended.
    answered: Arc<AtomicBool>,
    hash_mb: usize,
    params: G::Params,
}

impl<G: SearchGame> BackgroundSearch<G> {
    /// An idle searcher whose table will have `hash_mb` MB.
    pub fn new(hash_mb: usize) -> BackgroundSearch<G> {
        BackgroundSearch {
            searcher: None,
            thinking: None,
            stop: Arc::new(AtomicBool::new(false)),
            answered: Arc::new(AtomicBool::new(false)),
            hash_mb,
            params: G::Params::default(),
        }
    }

    /// Searches from now on with the evaluation weights `params`: the next search starts from
    /// fresh tables (what was learnt was judged by the old weights). Call when idle.
    pub fn set_params(&mut self, params: G::Params) {
        self.params = params;
        self.searcher = None;
    }

    /// Whether a search is running and has not answered yet.
    pub fn is_searching(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| !t.is_finished())
            && !self.answered.load(Ordering::Acquire)
    }

    /// Stops a running search and waits for it (its `on_done` has run when this returns). An
    /// error only if the thread itself died, which `start` guards against.
    pub fn finish(&mut self) -> Result<(), String> {
        if let Some(handle) = self.thinking.take() {
            self.stop.store(true, Ordering::Relaxed);
            match handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => return Err("the search failed".into()),
            }
        }
        Ok(())
    }

    /// Changes the table size (a running search keeps its own until it ends).
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb;
        if let Some(s) = self.searcher.as_mut() {
            s.set_hash_mb(hash_mb);
        }
    }

    /// Forgets what was learnt (a new game); call when idle.
    pub fn clear(&mut self) {
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
    }

    /// Starts searching `request` with `options`, calling `on_info` after each iteration and
    /// `on_done` at the end (also after `stop`), on the search's thread. A search already
    /// running is stopped first.
    pub fn start(
        &mut self,
        request: SearchRequest<G>,
        options: SearchOptions,
        mut on_info: impl FnMut(&Info<G::Move>) + Send + 'static,
        on_done: impl FnOnce(Finished<G::Move>, &SearchRequest<G>) + Send + 'static,
    ) {
        // A failed earlier search has left nothing to finish but its error, already reported.
        let _ = self.finish();
        let hash_mb = self.hash_mb;
        let params = self.params.clone();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::with(hash_mb, params.clone(), options));
        searcher.set_options(options);
        self.stop.store(false, Ordering::Relaxed);
        self.answered.store(false, Ordering::Release);
        let stop = Arc::clone(&self.stop);
        let answered = Arc::clone(&self.answered);
        self.thinking = Some(std::thread::spawn(move || {
            let clock = InstantClock::new();
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                searcher.search(&request, &clock, &stop, &mut on_info)
            }));
            let finished = match outcome {
                Ok(result) => Finished {
                    result,
                    failed: false,
                },
                Err(_) => {
                    // A bug in the search must not leave the GUI waiting: answer a legal move,
                    // and start again from fresh tables.
                    searcher = Searcher::with(hash_mb, params, options);
                    Finished {
                        result: SearchResult::just(request.root_moves.first().copied()),
                        failed: true,
                    }
                }
            };
            // Before the answer goes out: a client that reads it may send its next command at
            // once, and that command then waits for this thread instead of being refused.
            answered.store(true, Ordering::Release);
            on_done(finished, &request);
            searcher
        }));
    }
}
