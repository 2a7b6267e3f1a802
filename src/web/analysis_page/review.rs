//! The game review and the learning from its mistakes: the review's worker, its chart under the
//! pointer, each mistake tried again and judged, and the learning panel.

use super::*;

impl<G: WebGame> AnalysisPage<G> {
    pub(super) fn start_review(&mut self) {
        self.cancel_review();
        self.learn = None;
        let mut game = self.start.clone();
        for m in self.tree.main_line() {
            let _ = G::play(&mut game, m);
        }
        let id = self.next_id;
        self.next_id += 1;
        let worker = match self.spawn(true) {
            Ok(worker) => worker,
            Err(message) => return browser::log_error(&format!("cannot start the AI: {message}")),
        };
        let job = ReviewJob {
            id,
            review: G::job_text(&game),
            nodes: REVIEW_NODES,
        };
        if let Err(message) = worker.post(&job) {
            browser::log_error(&format!("cannot reach the AI: {message}"));
        }
        self.review_worker = Some(worker);
        self.review = Review::Running {
            id,
            done: 0,
            total: G::moves(&game).len() + 1,
            line: self.tree.main_line(),
        };
    }

    pub(super) fn cancel_review(&mut self) {
        if let Some(worker) = self.review_worker.take() {
            worker.terminate();
        }
        if matches!(self.review, Review::Running { .. }) {
            self.review = Review::None;
        }
    }

    /// The finished review, if it still describes the tree's main line.
    pub(super) fn review_done(&self) -> Option<(&ReviewReply, &[G::Move])> {
        match &self.review {
            Review::Done { reply, line } if self.tree.main_line().starts_with(line) => {
                Some((reply, line))
            }
            _ => None,
        }
    }

    /// The ply (from 0) of the reviewed move leading to `node`, if it is one.
    pub(super) fn reviewed_ply(&self, node: NodeId) -> Option<usize> {
        let (_, line) = self.review_done()?;
        let path = self.tree.path_to(node)?;
        (!path.is_empty() && path.len() <= line.len() && line.starts_with(&path))
            .then(|| path.len() - 1)
    }

    /// The review's better move than the reviewed move played from the shown position (the
    /// shown node on the reviewed line, a move of it still to come), if the review judged that
    /// move less than the best.
    pub(super) fn better_than_next(&self) -> Option<G::Move> {
        let (reply, line) = self.review_done()?;
        let path = self.tree.path_to(self.tree.current())?;
        let ply = path.len();
        if ply >= line.len() || !line.starts_with(&path) {
            return None;
        }
        let judged = reply.moves.get(ply)?;
        let best = judged.best.as_deref().and_then(G::parse_move_code)?;
        (judged.judgement != "best" && best != line[ply]).then_some(best)
    }

    /// A click or a drag on the advantage chart shows that move.
    pub(super) fn chart_pointer(&mut self, event: &Event, pressed: bool) {
        let Some(pointer) = event.pointer() else {
            return;
        };
        if pressed {
            self.chart_held = true;
        } else if !self.chart_held {
            return;
        }
        let Some((reply, _)) = self.review_done() else {
            return;
        };
        let positions = reply.chart.len();
        let Ok(chart) = El::by_id("review-chart") else {
            return;
        };
        let (left, _, width, _) = chart.rect();
        if positions < 2 || width <= 0.0 {
            return;
        }
        let fraction = ((pointer.x - left) / width).clamp(0.0, 1.0);
        let ply = (fraction * (positions - 1) as f64).round() as usize;
        self.tree.to_start();
        for _ in 0..ply {
            self.tree.forward();
        }
        self.show_node();
    }

    // ------------------------------------------------------------ learning from mistakes

    /// Starts stepping through the reviewed game's mistakes and blunders.
    pub(super) fn start_learning(&mut self) {
        let Some((reply, _)) = self.review_done() else {
            return;
        };
        let plies: Vec<usize> = reply
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.judgement == "mistake" || m.judgement == "blunder")
            .map(|(ply, _)| ply)
            .collect();
        if plies.is_empty() {
            return;
        }
        self.learn = Some(Learn {
            plies,
            index: 0,
            state: LearnState::Trying,
            hinted: false,
        });
        self.show_mistake();
    }

    /// Shows the position before the current mistake.
    pub(super) fn show_mistake(&mut self) {
        let Some(learn) = &self.learn else { return };
        let ply = learn.plies[learn.index];
        self.tree.to_start();
        for _ in 0..ply {
            self.tree.forward();
        }
        self.show_node();
    }

    pub(super) fn stop_learning(&mut self) {
        if let Some(LearnState::Checking { .. }) = self.learn.as_ref().map(|l| l.state) {
            self.stop_engine();
        }
        self.learn = None;
        self.analyse();
    }

    pub(super) fn next_mistake(&mut self) {
        let Some(learn) = &mut self.learn else { return };
        if learn.index + 1 >= learn.plies.len() {
            return self.stop_learning();
        }
        learn.index += 1;
        learn.state = LearnState::Trying;
        learn.hinted = false;
        self.stop_engine();
        self.show_mistake();
    }

    /// The reviewed move of the current mistake.
    pub(super) fn mistake(
        &self,
    ) -> Option<(usize, &crate::web::analysis_worker::ReviewedMove, G::Move)> {
        let learn = self.learn.as_ref()?;
        let ply = *learn.plies.get(learn.index)?;
        let (reply, line) = self.review_done()?;
        Some((ply, reply.moves.get(ply)?, *line.get(ply)?))
    }

    /// The engine's better move in place of the current mistake.
    pub(super) fn better_move(&self) -> Option<G::Move> {
        let (_, judged, _) = self.mistake()?;
        judged.best.as_deref().and_then(G::parse_move_code)
    }

    /// The reader tried `tried` in place of the mistake: the engine's own move and the mistake
    /// itself are judged at once, any other move by the engine from the position after it.
    pub(super) fn try_move(&mut self, tried: G::Move) {
        let Some((_, _, played)) = self.mistake() else {
            return;
        };
        let best = self.better_move();
        let state = if Some(tried) == best {
            LearnState::Solved { tried }
        } else if tried == played {
            LearnState::Wrong { tried }
        } else {
            let mut after = self.app.game.clone();
            if G::play(&mut after, tried).is_err() {
                return;
            }
            if G::outcome(&after).is_some() {
                // A move that ends the game: a win is as good as any.
                match G::outcome(&after).and_then(G::winner) {
                    Some(winner) if winner == G::side_to_move(G::position(&self.app.game)) => {
                        LearnState::Solved { tried }
                    }
                    _ => LearnState::Wrong { tried },
                }
            } else {
                self.stop_engine();
                let id = self.next_id;
                self.next_id += 1;
                match self.spawn(false) {
                    Ok(worker) => {
                        let job = AnalysisJob {
                            id,
                            analyse: G::job_text(&after),
                            lines: 1,
                        };
                        if let Err(message) = worker.post(&job) {
                            browser::log_error(&format!("cannot reach the AI: {message}"));
                        }
                        self.worker = Some(worker);
                    }
                    Err(message) => {
                        return browser::log_error(&format!("cannot start the AI: {message}"))
                    }
                }
                LearnState::Checking { job: id, tried }
            }
        };
        if let Some(learn) = &mut self.learn {
            learn.state = state;
        }
    }

    /// The engine's lines after a move tried in place of a mistake: once deep enough, the
    /// move is good when it loses less than an inaccuracy would.
    pub(super) fn judge_tried(&mut self, reply: &LinesReply) {
        let Some(LearnState::Checking { job, tried }) = self.learn.as_ref().map(|l| l.state) else {
            return;
        };
        if reply.id != job || !(reply.done || reply.depth >= LEARN_DEPTH) {
            return;
        }
        let Some((_, judged, _)) = self.mistake() else {
            return;
        };
        // The lines are the opponent's: the mover's chance is the rest.
        let after = reply.lines.first().map_or(0.5, |line| 1.0 - line.win);
        let loss = (judged.before - after).max(0.0);
        let good = analysis::Judgement::of_loss(loss, false) <= analysis::Judgement::Good;
        self.stop_engine();
        if let Some(learn) = &mut self.learn {
            learn.state = if good {
                LearnState::Solved { tried }
            } else {
                LearnState::Wrong { tried }
            };
        }
    }

    pub(super) fn learn_hint(&mut self) {
        if let Some(learn) = &mut self.learn {
            learn.hinted = true;
        }
    }

    pub(super) fn learn_solution(&mut self) {
        if let Some(learn) = &mut self.learn {
            if !matches!(learn.state, LearnState::Solved { .. }) {
                learn.state = LearnState::Shown;
            }
        }
        self.stop_engine();
    }

    /// The learning panel's texts and buttons.
    pub(super) fn render_learn(&self) {
        let Ok(panel) = El::by_id("learn-panel") else {
            return;
        };
        let wrap = &self.el.wrap;
        let mistakes = self.review_done().map_or(0, |(reply, _)| {
            reply
                .moves
                .iter()
                .filter(|m| m.judgement == "mistake" || m.judgement == "blunder")
                .count()
        });
        if let Ok(start) = El::by_id("learn-start") {
            start.set_flag("hidden", self.learn.is_some() || mistakes == 0);
        }
        let Some(learn) = &self.learn else {
            panel.set_flag("hidden", true);
            wrap.remove_attr("data-learn");
            return;
        };
        panel.set_flag("hidden", false);
        wrap.set_attr("data-learn", learn.state.code());
        let texts = &self.app.texts;
        let Some((ply, _, _)) = self.mistake() else {
            return;
        };
        let mover = G::side_to_move(G::position(&self.app.game));
        let words = |m: G::Move| {
            self.app
                .say(&G::describe_move(G::position(&self.app.game), m))
        };
        let text = match learn.state {
            LearnState::Trying | LearnState::Checking { .. } => texts.format(
                "learn.find",
                &[
                    ("side", &self.app.side_name(mover)),
                    ("n", &(learn.index + 1).to_string()),
                    ("total", &learn.plies.len().to_string()),
                    ("ply", &(ply + 1).to_string()),
                ],
            ),
            LearnState::Solved { tried } => {
                texts.format("learn.solved", &[("move", &words(tried))])
            }
            LearnState::Wrong { tried } => texts.format("learn.wrong", &[("move", &words(tried))]),
            LearnState::Shown => match self.better_move() {
                Some(best) => texts.format("learn.solution", &[("move", &words(best))]),
                None => String::new(),
            },
        };
        if let Ok(line) = El::by_id("learn-text") {
            line.set_text(&text);
        }
        let last = learn.index + 1 >= learn.plies.len();
        if let Ok(next) = El::by_id("learn-next") {
            next.set_text(&texts.text(if last { "learn.finish" } else { "learn.next" }));
        }
    }
}
