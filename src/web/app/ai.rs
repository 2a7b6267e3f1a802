//! The AI's turn and the player's hint: asking the worker, its progress and answer, a restarted
//! worker.

use super::*;

impl<G: WebGame> App<G> {
    /// Asks the AI to move if it is its turn and it is not already thinking.
    pub fn request_ai(&mut self) {
        if self.viewing.is_some()
            || self.outcome().is_some()
            || !self.is_ai_turn()
            || self.paused
            || self.clock_paused()
            || self.thinking.is_some()
        {
            return;
        }
        let level = match self.mode {
            Mode::VsAi { level, .. } | Mode::Demo { level } => level,
            Mode::Hotseat => return,
        };
        let delay_ms = match self.mode {
            Mode::Demo { .. } => self.settings.demo_speed.delay_ms(),
            _ => 0.0,
        };
        self.search(level, false, delay_ms);
    }

    pub(super) fn search(&mut self, level: u8, hint: bool, delay_ms: f64) {
        self.next_id += 1;
        let id = self.next_id;
        self.thinking = Some(Thinking { id, hint, depth: 0 });
        let record = G::job_text(&self.game);
        // The AI thinks within its clock (a hint is the player's time, not the AI's).
        let budget_ms = self
            .clock
            .as_ref()
            .filter(|_| !hint)
            .map(|clock| clock.think_budget(self.now + delay_ms));
        self.effects.push(Effect::Search {
            job: SearchJob {
                id,
                record,
                level,
                seed: self.seed,
                hint,
                budget_ms,
            },
            delay_ms,
        });
    }

    pub(super) fn cancel_search(&mut self) {
        // A premove waits for the AI's move: there will be none.
        self.premove = None;
        if self.thinking.take().is_some() {
            self.effects.push(Effect::CancelSearch);
        }
    }

    /// Asks the AI for the player's best move, shown as an arrow.
    pub fn request_hint(&mut self) {
        if self.human_can_move() && self.thinking.is_none() {
            self.hint = None;
            self.search(5, true, 0.0);
        }
    }

    /// The worker finished an iteration.
    pub fn ai_info(&mut self, id: u32, depth: u32) {
        if let Some(thinking) = self.thinking.as_mut().filter(|t| t.id == id) {
            thinking.depth = depth;
        }
    }

    /// The worker's answer; answers to cancelled jobs are ignored.
    pub fn ai_answer(&mut self, id: u32, best: Option<&str>) {
        let Some(thinking) = self.thinking.filter(|t| t.id == id) else {
            return;
        };
        self.thinking = None;
        // The AI claims the win the rules let it declare (shogi's impasse) instead of moving.
        if best == Some(CLAIM) && !thinking.hint && self.is_ai_turn() {
            self.claim_win();
            return;
        }
        let m = best.and_then(G::parse_move_code);
        if thinking.hint {
            if let Some(m) =
                m.filter(|&m| self.human_can_move() && G::check_move(&self.game, m).is_ok())
            {
                self.hint = Some(m);
                let text = self.say(&G::describe_hint(G::position(&self.game), m));
                self.effects.push(Effect::Announce(text));
            }
            return;
        }
        // An answer after the AI's time ran out loses on time instead.
        if self.check_flag() {
            return;
        }
        // The game goes on while the player looks at an earlier position.
        if let Some(m) = m.filter(|_| self.is_ai_turn()) {
            self.offer = None;
            self.play(m, self.viewing.is_none());
            self.play_premove();
        }
    }

    /// The worker died and was replaced: ask again whatever was pending.
    pub fn ai_restarted(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            if thinking.hint {
                self.request_hint();
            } else {
                self.request_ai();
            }
        }
    }
}
