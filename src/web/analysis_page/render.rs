//! Drawing the analysis board's panels: the board's scene, the engine's lines, the tree of moves,
//! the review with its chart.

use super::*;

impl<G: WebGame> AnalysisPage<G> {
    pub(super) fn frame(&mut self) {
        self.refresh = Refresh::Board;
        let started = browser::now_ms();
        self.board.draw(true);
        self.draw_max_ms = self.draw_max_ms.max(browser::now_ms() - started);
        browser::publish_stats(&[
            ("handlerMaxMs", self.handler_max_ms),
            ("maxMs", self.draw_max_ms),
        ]);
    }

    pub(super) fn scene(&self) -> Scene {
        let mut scene = self.app.scene();
        let position = G::position(&self.app.game);
        if let Some(lines) = &self.lines {
            scene.arrows = lines
                .lines
                .iter()
                .filter_map(|line| line.moves.first())
                .filter_map(|code| G::parse_move_code(code))
                .map(|m| G::move_cells(position, m))
                .collect();
        }
        if let Some(learn) = &self.learn {
            let best = self.better_move();
            let cells = |m: G::Move| G::move_cells(position, m);
            match learn.state {
                LearnState::Shown => scene.hint = best.map(cells),
                LearnState::Solved { tried } => scene.hint = Some(cells(tried)),
                _ if learn.hinted => scene.marked = best.map(|m| cells(m).0).into_iter().collect(),
                _ => {}
            }
            return self.finish_scene(scene);
        }
        // The review's better move than the next one played, on the position it is played
        // from (the shown one), so that it starts on the piece that would move.
        if let Some(best) = self.better_than_next() {
            scene.better = Some(G::move_cells(position, best));
        }
        self.finish_scene(scene)
    }

    /// The coordinates' colour for the page's theme (none when a frame's author turned them
    /// off), and a frame's marked squares.
    pub(super) fn finish_scene(&self, mut scene: Scene) -> Scene {
        let dark = browser::dark_page();
        if let Some(frame) = &self.embed {
            scene.marked.extend_from_slice(&frame.config.marks);
        }
        scene.coordinate_colour = if self.embed.as_ref().is_some_and(|f| !f.config.coords) {
            // The view always draws the coordinates: invisible when the author turned them off.
            "rgba(0, 0, 0, 0)"
        } else if dark {
            board_view::palette::COORDINATES_DARK_PAGE
        } else {
            board_view::palette::COORDINATES_LIGHT_PAGE
        };
        scene
    }

    /// The main line's game before its move `ply`.
    pub(super) fn game_at_ply(&self, ply: usize) -> G::Game {
        let mut game = self.start.clone();
        for m in self.tree.main_line().into_iter().take(ply) {
            let _ = G::play(&mut game, m);
        }
        game
    }

    pub(super) fn render(&mut self) {
        if matches!(self.refresh, Refresh::All | Refresh::Engine) {
            self.render_engine();
        }
        if self.refresh == Refresh::All {
            self.render_tree();
            // The page's address follows the tree; a frame's address is its author's, so its
            // link to the analysis page follows instead.
            match &self.embed {
                Some(frame) => frame.open_link.set_attr("href", &self.link()),
                None => {
                    let query = self.query();
                    if self.written_query.as_ref() != Some(&query) {
                        browser::replace_query(&query);
                        self.written_query = Some(query);
                    }
                }
            }
            let marks = self.embed.as_ref().map_or(&[][..], |f| &f.config.marks);
            mark_game_squares(&self.board, &self.app, 0, true, marks);
            if G::OFFERS_CHOICES {
                let labels = self.app.offer_labels();
                self.board
                    .show_choice(self.app.offer.as_ref().map(|offer| offer.to), &labels);
            }
        }
        if matches!(self.refresh, Refresh::All | Refresh::Review) {
            self.render_review();
        }
        if matches!(self.refresh, Refresh::All | Refresh::Engine) {
            self.render_learn();
        }
    }

    /// The engine's state, lines and bar.
    pub(super) fn render_engine(&self) {
        let texts = &self.app.texts;
        let game = &self.app.game;
        let position = G::position(game);
        let wrap = &self.el.wrap;
        wrap.set_attr("data-fen", &G::position_code(position));
        wrap.set_attr("data-ply", &self.tree.ply().to_string());
        match self.better_than_next() {
            Some(better) => wrap.set_attr("data-better", &G::move_code(better)),
            None => wrap.remove_attr("data-better"),
        }
        wrap.set_attr("data-engine", if self.engine_on { "on" } else { "off" });
        self.el.engine.set_attr(
            "aria-pressed",
            if self.engine_on { "true" } else { "false" },
        );

        // The engine's lines and the bar.
        let mover = G::side_to_move(position);
        let lines = self.lines.as_ref().filter(|l| !l.lines.is_empty());
        match lines {
            Some(reply) => {
                let best = &reply.lines[0];
                wrap.set_attr("data-best", &best.moves[0]);
                wrap.set_attr("data-depth", &reply.depth.to_string());
                let first = if mover == Colour::Black {
                    best.win
                } else {
                    1.0 - best.win
                };
                self.el
                    .eval_fill
                    .set_style("height", &format!("{:.1}%", first * 100.0));
                self.el.eval_text.set_text(&self.score_text(mover, best));
                let state = texts.format(
                    "analysis.depth",
                    &[
                        ("depth", &reply.depth.to_string()),
                        ("speed", &browser::decimal(reply.nps as f64 / 1000.0, 0)),
                    ],
                );
                self.el.engine_state.set_text(&state);
            }
            None => {
                wrap.remove_attr("data-best");
                wrap.remove_attr("data-depth");
                let state = if !self.engine_on || self.learn.is_some() {
                    texts.text("analysis.engineOff")
                } else if let Some(outcome) = G::outcome(game) {
                    self.app.result_title(outcome)
                } else {
                    texts.text("analysis.thinking")
                };
                self.el.engine_state.set_text(&state);
                // Nothing of an earlier position's evaluation stays (nor gives a mistake's
                // answer away): a finished game shows its result, else the bar is level.
                let first = match G::outcome(game).map(G::winner) {
                    Some(Some(Colour::Black)) => 1.0,
                    Some(Some(Colour::White)) => 0.0,
                    _ => 0.5,
                };
                self.el
                    .eval_fill
                    .set_style("height", &format!("{:.1}%", first * 100.0));
                self.el.eval_text.set_text("");
            }
        }
        self.el.lines.clear();
        if let Some(reply) = lines {
            for line in &reply.lines {
                let Ok(item) = El::create("li") else { continue };
                let score = El::create("span");
                if let Ok(score) = score {
                    score.set_attr("class", "line-score");
                    score.set_text(&self.score_text(mover, line));
                    item.append(&score);
                }
                if let Ok(moves) = El::create("span") {
                    moves.set_attr("class", "line-moves");
                    moves.set_text(&self.line_text(&line.moves));
                    item.append(&moves);
                }
                item.set_attr("data-move", &line.moves[0]);
                self.el.lines.append(&item);
            }
        }
    }

    /// A line's score for the reader: a forced win by its distance ("Black: den in 3"), else
    /// the points from the first player's side (`+1.2`).
    pub(super) fn score_text(
        &self,
        mover: Colour,
        line: &crate::web::analysis_worker::LineReply,
    ) -> String {
        match line.forced {
            Some(n) => {
                let winner = if n > 0 { mover } else { mover.opponent() };
                self.app.texts.format(
                    "analysis.winIn",
                    &[
                        ("side", &self.app.side_name(winner)),
                        ("n", &n.abs().max(1).to_string()),
                    ],
                )
            }
            None => {
                let points = if mover == Colour::Black {
                    line.points
                } else {
                    -line.points
                };
                let sign = if points > 0 { "+" } else { "" };
                format!("{sign}{}", browser::decimal(f64::from(points) / 100.0, 1))
            }
        }
    }

    /// A line's moves in the page's notation, from the shown position.
    pub(super) fn line_text(&self, codes: &[String]) -> String {
        let notation = self.app.look().notation;
        let mut game = self.app.game.clone();
        let mut words = Vec::new();
        for code in codes {
            let Some(m) = G::parse_move_code(code) else {
                break;
            };
            if G::play(&mut game, m).is_err() {
                break;
            }
            let ply = G::moves(&game).len() - 1;
            words.push(G::move_text(&game, ply, notation));
        }
        words.join(" ")
    }

    pub(super) fn render_tree(&self) {
        let tree = &self.el.tree;
        tree.clear();
        let current = self.tree.current();
        let mut container = vec![tree.clone()];
        let mut number_next = true;
        for item in self.tree.items() {
            match item {
                Item::Open => {
                    if let Ok(variation) = El::create("span") {
                        variation.set_attr("class", "variation");
                        if let Some(parent) = container.last() {
                            parent.append(&variation);
                        }
                        container.push(variation);
                    }
                    number_next = true;
                }
                Item::Close => {
                    if container.len() > 1 {
                        container.pop();
                    }
                    number_next = true;
                }
                Item::Move { node, ply } => {
                    let Some((number, text)) = self.written.get(&node) else {
                        continue;
                    };
                    let Ok(button) = El::create("button") else {
                        continue;
                    };
                    button.set_attr("type", "button");
                    button.set_attr("class", "tree-move");
                    button.set_attr("data-node", &node.to_string());
                    button.set_attr("data-ply", &(ply + 1).to_string());
                    let mover_first = self.first_side_moves_at(ply);
                    let mut label = text.clone();
                    if number_next || mover_first || !G::PAIRED_MOVES {
                        let dots = if mover_first || !G::PAIRED_MOVES {
                            "."
                        } else {
                            "…"
                        };
                        label = format!("{number}{dots} {label}");
                    }
                    if let Some(judged) = self
                        .reviewed_ply(node)
                        .and_then(|p| self.review_done().map(|(r, _)| &r.moves[p]))
                    {
                        button.set_attr("data-judgement", &judged.judgement);
                        label.push_str(match judged.judgement.as_str() {
                            "blunder" => "??",
                            "mistake" => "?",
                            "inaccuracy" => "?!",
                            _ => "",
                        });
                    }
                    button.set_text(&label);
                    if node == current {
                        button.set_attr("aria-current", "true");
                    }
                    if let Some(parent) = container.last() {
                        parent.append(&button);
                    }
                    number_next = false;
                }
            }
        }
    }

    /// Whether the first player makes the move at `ply` (from the tree's start).
    pub(super) fn first_side_moves_at(&self, ply: usize) -> bool {
        let first = G::side_to_move(G::position(&self.start)) == Colour::Black;
        ply.is_multiple_of(2) == first
    }

    pub(super) fn render_review(&self) {
        let Some(own) = &self.el.page else { return };
        let texts = &self.app.texts;
        let wrap = &self.el.wrap;
        match &self.review {
            Review::None => {
                wrap.set_attr("data-review", "none");
                own.review_panel.set_flag("hidden", true);
            }
            Review::Running { done, total, .. } => {
                wrap.set_attr("data-review", "running");
                own.review_panel.set_flag("hidden", false);
                own.review_progress.set_flag("hidden", false);
                own.review_cancel.set_flag("hidden", false);
                own.review_progress.set_attr(
                    "value",
                    &(*done as f64 / (*total).max(1) as f64).to_string(),
                );
                let text = texts.format(
                    "review.progress",
                    &[("done", &done.to_string()), ("total", &total.to_string())],
                );
                own.review_summary.set_text(&text);
                own.review_move.set_text("");
            }
            Review::Done { .. } => {
                wrap.set_attr("data-review", "done");
                own.review_panel.set_flag("hidden", false);
                own.review_progress.set_flag("hidden", true);
                own.review_cancel.set_flag("hidden", true);
            }
        }
        let Some((reply, line)) = self.review_done() else {
            return;
        };
        let mut summary = Vec::new();
        for (index, side) in reply.sides.iter().enumerate() {
            let colour = if index == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            summary.push(
                texts.format(
                    "review.summary",
                    &[
                        ("side", &self.app.side_name(colour)),
                        (
                            "accuracy",
                            &side
                                .accuracy
                                .map(|a| browser::decimal(a, 0))
                                .unwrap_or_else(|| "–".into()),
                        ),
                        ("inaccuracies", &side.counts[2].to_string()),
                        ("mistakes", &side.counts[3].to_string()),
                        ("blunders", &side.counts[4].to_string()),
                    ],
                ),
            );
        }
        own.review_summary.set_text(&summary.join("\n"));
        let said = self.reviewed_ply(self.tree.current()).map(|ply| {
            let judged = &reply.moves[ply];
            let played = self
                .written
                .get(&self.tree.current())
                .map(|(_, text)| text.clone())
                .unwrap_or_default();
            let verdict = texts.format(
                &format!("review.{}", judged.judgement),
                &[("move", &played)],
            );
            let better = judged
                .best
                .as_deref()
                .and_then(G::parse_move_code)
                .filter(|best| judged.judgement != "best" && Some(best) != line.get(ply))
                .map(|best| {
                    let before = self.game_at_ply(ply);
                    let words = self.app.say(&G::describe_move(G::position(&before), best));
                    texts.format("review.bestWas", &[("move", &words)])
                });
            match better {
                // Sentences ending in 。 follow each other without a space.
                Some(better) if verdict.ends_with('。') => format!("{verdict}{better}"),
                Some(better) => format!("{verdict} {better}"),
                None => verdict,
            }
        });
        own.review_move.set_text(&said.unwrap_or_default());
        self.draw_chart();
    }

    /// The advantage chart: the first player's win probability after each move, the shown
    /// move marked.
    pub(super) fn draw_chart(&self) {
        let Some((reply, _)) = self.review_done() else {
            return;
        };
        let Ok(mut canvas) = Canvas::find("review-chart") else {
            return;
        };
        let Ok((width, height)) = canvas.fit_to_css_box() else {
            return;
        };
        let points = &reply.chart;
        if points.len() < 2 || width <= 0.0 {
            return;
        }
        let dark = browser::dark_page();
        let (ground, first_side, middle) = if dark {
            ("#2a322b", "#0d1220", "#6f7a6c")
        } else {
            ("#f4f1ea", "#3b3b3b", "#9a9a9a")
        };
        canvas.clear();
        canvas.fill_rect(0.0, 0.0, width, height, ground);
        let x = |i: usize| i as f64 * width / (points.len() - 1) as f64;
        let y = |p: f64| (1.0 - p) * height;
        let mut area = vec![(0.0, height)];
        area.extend(points.iter().enumerate().map(|(i, &p)| (x(i), y(p))));
        area.push((width, height));
        canvas.fill_polygon(&area, first_side);
        canvas.stroke_polyline(&[(0.0, height / 2.0), (width, height / 2.0)], middle, 1.0);
        for (ply, judged) in reply.moves.iter().enumerate() {
            let colour = match judged.judgement.as_str() {
                "blunder" => "#d0312d",
                "mistake" => "#e08a1e",
                "inaccuracy" => "#d6c21c",
                _ => continue,
            };
            canvas.fill_ellipse(x(ply + 1), y(points[ply + 1]), 3.5, 3.5, 0.0, colour);
        }
        if let Some(ply) = self
            .tree
            .on_main_line(self.tree.current())
            .then(|| self.tree.ply())
            .filter(|&p| p < points.len())
        {
            canvas.stroke_polyline(&[(x(ply), 0.0), (x(ply), height)], "#1578c8", 2.0);
        }
    }
}
