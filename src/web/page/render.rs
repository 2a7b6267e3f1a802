//! The page's DOM and canvas brought up to date with the game: the status, the players, the
//! controls, the banner, the clocks, the move list and the board's scene.

use super::*;

impl<G: WebGame> Page<G> {
    pub(super) fn render(&mut self) {
        let app = &self.app;
        let position = G::position(&app.game);
        let outcome = app.outcome();
        let wrap = &self.el.wrap;
        wrap.set_attr("data-fen", &G::position_code(position));
        wrap.set_attr("data-turn", G::turn_code(position));
        wrap.set_attr("data-status", app.status());
        wrap.set_attr(
            "data-mode",
            match app.mode {
                Mode::VsAi { .. } => "vs-ai",
                Mode::Hotseat => "hotseat",
                Mode::Demo { .. } => "demo",
            },
        );
        let thinking = app.thinking.is_some_and(|t| !t.hint);
        wrap.set_attr("data-thinking", if thinking { "true" } else { "false" });
        wrap.set_attr("data-plies", &app.plies().to_string());
        // The premove waiting for the AI's move (its two cells), for tests.
        let premove = app
            .premove
            .map(|(from, to)| G::cell_name(from) + &G::cell_name(to));
        wrap.set_attr("data-premove", premove.as_deref().unwrap_or(""));
        // The legal moves (machine form), for tests and embedding pages.
        let legal: Vec<String> = G::legal_moves(&app.game)
            .into_iter()
            .map(G::move_code)
            .collect();
        wrap.set_attr("data-legal", &legal.join(" "));
        match app.viewing {
            Some(ply) => wrap.set_attr("data-viewing", &ply.to_string()),
            None => wrap.remove_attr("data-viewing"),
        }
        point_analysis_at(app.viewing);

        // Status line (a hint being looked for says so: it takes a second).
        let hinting = app.thinking.is_some_and(|t| t.hint);
        let status = if let Some(outcome) = outcome {
            app.result_title(outcome)
        } else if thinking {
            app.texts.text("turn.thinking")
        } else if hinting {
            app.texts.text("turn.hinting")
        } else if let Some(ply) = app.viewing {
            app.texts.format(
                "turn.viewing",
                &[
                    ("ply", &ply.to_string()),
                    ("total", &app.plies().to_string()),
                ],
            )
        } else {
            turn_text(app)
        };
        self.el.status_text.set_text(&status);
        self.el.status.set_class("thinking", thinking || hinting);
        self.el
            .hint
            .set_attr("aria-busy", if hinting { "true" } else { "false" });
        self.el.status.set_attr(
            "data-side",
            match outcome {
                Some(_) => "none",
                None => app.side_to_move().name(),
            },
        );

        // Players: the strip of the side whose animals start at the top stands above the board.
        self.el.board_column.set_class("flipped", app.flipped);
        for (element, side) in [
            (&self.el.black_player, Colour::Black),
            (&self.el.white_player, Colour::White),
        ] {
            let name = match app.mode {
                Mode::VsAi { human, level } => {
                    if human == side {
                        app.texts.text("player.you")
                    } else {
                        app.texts
                            .format("player.ai", &[("level", &level.to_string())])
                    }
                }
                Mode::Demo { level } => app
                    .texts
                    .format("player.ai", &[("level", &level.to_string())]),
                Mode::Hotseat => app.side_name(side),
            };
            let side_name = app.side_name(side);
            let label = if name == side_name {
                name
            } else {
                format!("{side_name} · {name}")
            };
            element.set_text(&label);
            let to_move = outcome.is_none() && app.side_to_move() == side;
            element.set_class("to-move", to_move);
            element.set_class("thinking", to_move && thinking);
        }

        // What only some games have: resignation (a second press confirms), a declared win,
        // the piece set and the notation.
        if let Some(resign) = self.el.resign.as_ref().filter(|_| G::CAN_RESIGN) {
            let side = app.resigning_side();
            resign.set_flag("hidden", !G::CAN_RESIGN);
            resign.set_flag("disabled", side.is_none());
            let armed = self.resign_armed.is_some() && side.is_some();
            resign.set_class("confirm", armed);
            resign.set_text(&app.texts.text(if armed {
                "button.resignConfirm"
            } else {
                "button.resign"
            }));
        }
        if let Some(declare) = self.el.declare.as_ref().filter(|_| G::CAN_DECLARE) {
            let points = app.declarable();
            declare.set_flag("hidden", points.is_none());
            if let Some(points) = points {
                declare.set_text(
                    &app.texts
                        .format("button.declare", &[("points", &points.to_string())]),
                );
            }
        }
        let look = app.look();
        if let Some(select) = self.el.pieces.as_ref().filter(|_| G::PIECE_SETS.len() > 1) {
            select.set_value(look.pieces);
        }
        if let Some(select) = self.el.notation.as_ref().filter(|_| G::NOTATIONS.len() > 1) {
            select.set_value(look.notation);
        }
        if let Some(select) = self
            .el
            .board_choice
            .as_ref()
            .filter(|_| G::BOARDS.len() > 1)
        {
            select.set_value(look.board);
        }
        if G::OFFERS_CHOICES {
            let labels = app.offer_labels();
            self.board
                .show_choice(app.offer.as_ref().map(|offer| offer.to), &labels);
        }

        // Controls.
        self.el.undo.set_flag("disabled", !app.can_undo());
        let at_start = app.viewing.unwrap_or(app.plies()) == 0;
        let live = app.viewing.is_none();
        for (button, off) in self.el.steps.iter().zip([at_start, at_start, live, live]) {
            button.set_flag("disabled", off);
        }
        self.el.redo.set_flag("disabled", !app.can_redo());
        self.el
            .hint
            .set_flag("disabled", !app.human_can_move() || app.thinking.is_some());
        self.el
            .live_button
            .set_flag("hidden", app.viewing.is_none());
        let demo = matches!(app.mode, Mode::Demo { .. });
        self.el.demo_controls.set_flag("hidden", !demo);
        self.el.demo_speed.set_value(app.settings.demo_speed.name());
        self.el.pause.set_text(&app.texts.text(if app.paused {
            "button.resume"
        } else {
            "button.pause"
        }));

        // Banner.
        match outcome {
            Some(outcome) if app.viewing.is_none() && !self.banner_dismissed => {
                self.el.banner_title.set_text(&app.result_title(outcome));
                self.el.banner_reason.set_text(&app.result_reason(outcome));
                self.el.banner.set_flag("hidden", false);
                self.el.banner.set_attr(
                    "data-winner",
                    G::winner(outcome).map_or("none", Colour::name),
                );
            }
            _ => self.el.banner.set_flag("hidden", true),
        }

        self.render_moves();
        mark_game_squares(&self.board, &self.app, self.default_cursor(), true, &[]);
    }

    /// Keeps a running clock ticking: the next tick redraws the clocks and checks the flag.
    pub(super) fn schedule_clock_tick(&mut self) {
        let running = self.app.clock.as_ref().is_some_and(|c| c.is_running());
        if !running || self.clock_timer.is_some() {
            return;
        }
        self.clock_timer = Some(browser::set_timeout(
            || {
                with_page::<G>(|p| {
                    p.clock_timer = None;
                    p.app.tick();
                    // Only the clocks change, unless the tick ended the game or said something.
                    if p.app.effects.is_empty() {
                        p.canvas_only = true;
                    }
                })
            },
            CLOCK_TICK_MS,
        ));
    }

    /// The two clocks and the button that pauses them.
    pub(super) fn render_clocks(&mut self) {
        let app = &self.app;
        let over = app.outcome().is_some();
        self.el
            .clock_toggle
            .set_flag("hidden", app.clock.is_none() || over);
        let Some(clock) = app.clock.as_ref() else {
            for element in &self.el.clocks {
                element.set_flag("hidden", true);
            }
            return;
        };
        let paused = !clock.is_running();
        self.el.clock_toggle.set_class("primary", paused && !over);
        self.el.clock_toggle.set_text(&app.texts.text(if paused {
            "clock.resume"
        } else {
            "clock.pause"
        }));
        for side in [Colour::Black, Colour::White] {
            let element = &self.el.clocks[side.index()];
            let reading = clock.reading(side, app.now);
            let shown = reading.shown_ms();
            let mut text = clock::format_ms(shown);
            match (clock.control.byoyomi_ms(), reading.byoyomi_ms) {
                (_, Some(_)) => {
                    text = format!("{} {text}", app.texts.text("clock.inByoyomi"));
                }
                (Some(byoyomi_ms), None) if byoyomi_ms > 0.0 => {
                    // Whole seconds as an integer (a float's formatting is kilobytes of code).
                    let seconds = ((byoyomi_ms / 1000.0).round() as u32).to_string();
                    text = format!(
                        "{text} {}",
                        app.texts
                            .format("clock.plusByoyomi", &[("seconds", &seconds)])
                    );
                }
                _ => {}
            }
            element.set_flag("hidden", false);
            element.set_text(&text);
            element.set_attr(
                "aria-label",
                &app.texts
                    .format("clock.label", &[("side", &app.side_name(side))]),
            );
            element.set_attr("data-ms", &(shown.round() as i64).to_string());
            element.set_attr(
                "data-period",
                if reading.byoyomi_ms.is_some() {
                    "byoyomi"
                } else {
                    "main"
                },
            );
            element.set_class("running", reading.running);
            element.set_class("low", shown < LOW_TIME_MS && !over);
        }
    }

    pub(super) fn render_moves(&mut self) {
        let texts = self.app.move_texts();
        let current = self.app.viewing.unwrap_or(texts.len());
        if self
            .shown_moves
            .as_ref()
            .is_some_and(|(t, c)| *t == texts && *c == current)
        {
            return;
        }
        let list = &self.el.moves;
        list.clear();
        if texts.is_empty() {
            if let Ok(item) = El::create("li") {
                item.set_attr("class", "empty");
                item.set_text(&self.app.texts.text("moves.none"));
                list.append(&item);
            }
        }
        let game = &self.app.game;
        let positions = G::positions(game);
        let mut row: Option<El> = None;
        for (i, text) in texts.iter().enumerate() {
            let side = G::side_to_move(&positions[i]);
            // Paired lists (Jungle): a numbered row per move of the first player; else a row
            // per move, each with its number.
            if !G::PAIRED_MOVES || side == Colour::Black || row.is_none() {
                let Ok(item) = El::create("li") else { return };
                let Ok(label) = El::create("span") else {
                    return;
                };
                label.set_attr("class", "number");
                let number = G::move_number(game, i);
                label.set_text(&if G::PAIRED_MOVES {
                    format!("{number}.")
                } else {
                    number.to_string()
                });
                item.append(&label);
                if G::PAIRED_MOVES && side == Colour::White {
                    let Ok(gap) = El::create("span") else { return };
                    gap.set_attr("class", "move gap");
                    gap.set_text("…");
                    item.append(&gap);
                }
                list.append(&item);
                row = Some(item);
            }
            let ply = i + 1;
            if let (Some(item), Ok(button)) = (&row, El::create("button")) {
                button.set_attr("type", "button");
                button.set_attr("class", "move");
                button.set_attr("data-ply", &ply.to_string());
                button.set_text(text);
                if ply == current {
                    button.set_attr("aria-current", "step");
                }
                item.append(&button);
            }
        }
        if let Some(button) = El::all("#moves [aria-current=step]").first() {
            scroll_list_to(list, button);
        }
        self.shown_moves = Some((texts, current));
    }

    /// What the board shows now (the viewed position, marks, the theme's coordinates).
    pub(super) fn scene(&self) -> board_view::Scene {
        let mut scene = self.app.scene();
        scene.coordinate_colour = if browser::dark_page() {
            board_view::palette::COORDINATES_DARK_PAGE
        } else {
            board_view::palette::COORDINATES_LIGHT_PAGE
        };
        scene
    }

    pub(super) fn frame(&mut self) {
        let started = browser::now_ms();
        let live = self.app.viewing.is_none();
        self.board.draw(live);

        let spent = browser::now_ms() - started;
        let stats = &mut self.stats;
        stats.redraws += 1;
        stats.last_ms = spent;
        stats.max_ms = stats.max_ms.max(spent);
        stats.total_ms += spent;
        browser::publish_stats(&[
            ("redraws", f64::from(stats.redraws)),
            ("lastMs", stats.last_ms),
            ("maxMs", stats.max_ms),
            ("totalMs", stats.total_ms),
            ("handlerMaxMs", stats.handler_max_ms),
        ]);
    }
}

fn scroll_list_to(list: &El, item: &El) {
    // Keep the current move in view, scrolling the list only (never the page).
    let (_, list_top, _, list_height) = list.rect();
    let (_, item_top, _, item_height) = item.rect();
    if item_top < list_top {
        list.scroll_by(item_top - list_top);
    } else if item_top + item_height > list_top + list_height {
        list.scroll_by(item_top + item_height - (list_top + list_height));
    }
}
