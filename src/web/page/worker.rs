//! The AI's worker from the page: starting it, posting a search, the watchdog for a silent worker,
//! its messages, and starting a fresh one when it dies.

use super::*;

impl<G: WebGame> Page<G> {
    pub(super) fn spawn_worker(&mut self) {
        let spawned = AiWorker::spawn(
            &ai_worker::worker_url::<G>(),
            |message| {
                with_page::<G>(|p| p.worker_message(message));
            },
            || with_page::<G>(|p| p.worker_died()),
        );
        self.el.wrap.set_attr("data-ai", "starting");
        match spawned {
            Ok(worker) => self.worker = Some(worker),
            Err(message) => browser::log_error(&format!("cannot start the AI: {message}")),
        }
    }

    pub(super) fn post_job(&mut self, job: SearchJob) {
        if self.worker.is_none() {
            self.spawn_worker();
        }
        if let Some(worker) = &self.worker {
            if let Err(message) = worker.post(&job) {
                browser::log_error(&format!("cannot reach the AI: {message}"));
            }
        }
        self.worker_job = Some(job);
        self.arm_watchdog();
    }

    /// (Re)starts the countdown after which a silent worker is replaced.
    pub(super) fn arm_watchdog(&mut self) {
        self.disarm_watchdog();
        self.watchdog = Some(browser::set_timeout(
            || {
                with_page::<G>(|p| {
                    p.watchdog = None;
                    if p.worker_job.is_some() {
                        p.worker_died();
                    }
                })
            },
            WORKER_SILENCE_MS,
        ));
    }

    pub(super) fn disarm_watchdog(&mut self) {
        if let Some(timer) = self.watchdog.take() {
            browser::cancel_timeout(timer);
        }
    }

    pub(super) fn worker_message(&mut self, message: JsValue) {
        if self.worker_job.is_some() {
            self.arm_watchdog();
        }
        match Reply::read(message) {
            Ok(Reply::Crashed { message }) => {
                browser::log_warning(&format!("the AI worker failed: {message}"));
                self.worker_died();
            }
            Ok(Reply::Info { id, depth, .. }) => {
                // Nothing shown changes: keep the main thread idle while the AI thinks.
                self.app.ai_info(id, depth);
                self.canvas_only = true;
            }
            Ok(Reply::BestMove { id, best, .. }) => {
                if self.worker_job.as_ref().is_some_and(|j| j.id == id) {
                    self.worker_job = None;
                    self.disarm_watchdog();
                }
                self.worker_failures = 0;
                self.app.ai_answer(id, best.as_deref());
            }
            Ok(Reply::Ready) => self.el.wrap.set_attr("data-ai", "ready"),
            Ok(Reply::Failed { id, message }) => {
                browser::log_error(&format!("the AI could not read job {id}: {message}"));
                self.worker_job = None;
            }
            Err(message) => {
                browser::log_error(&format!("unexpected message from the AI: {message}"))
            }
        }
    }

    pub(super) fn worker_died(&mut self) {
        self.disarm_watchdog();
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        self.worker_job = None;
        self.worker_failures += 1;
        if self.worker_failures > MAX_WORKER_FAILURES {
            // Something is broken for good (the script cannot load): stop, keep the game.
            browser::log_error("the AI worker keeps failing; giving up");
            self.el.wrap.set_attr("data-ai", "failed");
            return;
        }
        self.spawn_worker();
        let text = self.app.texts.text("notice.aiRestarted");
        self.board.toast(&text);
        self.app.ai_restarted();
    }
}
