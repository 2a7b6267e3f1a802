//! A search on its own thread, for protocol loops (Jungle's UCI, shogi's USI): the loop keeps
//! reading commands (`stop`, `isready`) while the engine thinks. Native only. What the loop
//! prints is its own; this keeps the searcher between searches, the stop flag, and the promise
//! that a failing search still answers. [`AnsweringThread`] is the thread under it, also for
//! other work that answers once (the protocol's mate search).

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

/// Work on its own thread that gives one answer and can be told to stop.
pub struct AnsweringThread<T> {
    stop: Arc<AtomicBool>,
    /// Set just before the work gives its answer: a client that reads it may send its next
    /// command before the thread has quite ended, and that command is then welcome.
    answered: Arc<AtomicBool>,
    handle: JoinHandle<T>,
}

/// Handed to an [`AnsweringThread`]'s work: call [`Answering::now`] just before the answer
/// goes out.
pub struct Answering(Arc<AtomicBool>);

impl Answering {
    /// The answer is about to go out: from now on the thread counts as done.
    pub fn now(self) {
        self.0.store(true, Ordering::Release);
    }
}

impl<T: Send + 'static> AnsweringThread<T> {
    /// Runs `work` on a new thread; it should watch `stop` and call [`Answering::now`] just
    /// before answering.
    pub fn spawn(
        stop: Arc<AtomicBool>,
        work: impl FnOnce(&AtomicBool, Answering) -> T + Send + 'static,
    ) -> AnsweringThread<T> {
        let answered = Arc::new(AtomicBool::new(false));
        let (flag, done) = (Arc::clone(&stop), Answering(Arc::clone(&answered)));
        let handle = std::thread::spawn(move || work(&flag, done));
        AnsweringThread {
            stop,
            answered,
            handle,
        }
    }

    /// Whether the work is still running and has not answered yet.
    pub fn is_running(&self) -> bool {
        !self.handle.is_finished() && !self.answered.load(Ordering::Acquire)
    }

    /// Tells the work to stop and waits for it; an error if it panicked.
    pub fn finish(self) -> std::thread::Result<T> {
        self.stop.store(true, Ordering::Relaxed);
        self.handle.join()
    }
}

/// The searcher of a protocol loop, idle or thinking on a thread.
pub struct BackgroundSearch<G: SearchGame> {
    searcher: Option<Searcher<G>>,
    thinking: Option<AnsweringThread<Searcher<G>>>,
    hash_mb: usize,
    params: G::Params,
}

impl<G: SearchGame> BackgroundSearch<G> {
    /// An idle searcher whose table will have `hash_mb` MB.
    pub fn new(hash_mb: usize) -> BackgroundSearch<G> {
        BackgroundSearch {
            searcher: None,
            thinking: None,
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
        self.thinking
            .as_ref()
            .is_some_and(AnsweringThread::is_running)
    }

    /// Stops a running search and waits for it (its `on_done` has run when this returns). An
    /// error only if the thread itself died, which `start` guards against.
    pub fn finish(&mut self) -> Result<(), String> {
        if let Some(thinking) = self.thinking.take() {
            match thinking.finish() {
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
        let stop = Arc::new(AtomicBool::new(false));
        self.thinking = Some(AnsweringThread::spawn(stop, move |stop, answering| {
            let clock = InstantClock::new();
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                searcher.search(&request, &clock, stop, &mut on_info)
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
            answering.now();
            on_done(finished, &request);
            searcher
        }));
    }
}
