//! Drawing the editor: its board, palette, hands, verdict, outputs and the preview's state.

use super::*;

impl<G: EditorGame> EditorPage<G> {
    pub(super) fn render(&mut self) {
        let editor = &self.editor;
        let wrap = &self.el.wrap;
        let fen = editor.fen();
        wrap.set_attr("data-fen", &fen);
        let tool = match editor.tool() {
            Tool::Hand => "hand".to_string(),
            Tool::Erase => "erase".to_string(),
            Tool::Mark => "mark".to_string(),
            Tool::Place(piece) => G::tool_code(piece),
        };
        wrap.set_attr("data-tool", &tool);
        wrap.set_attr("data-marks", &self.marks_text());
        if !self.el.fen.has_focus() && !self.fen_draft {
            self.el.fen.set_value(&fen);
        }

        let verdict = editor.verdict(&self.rules());
        let side = G::colour(editor.side_to_move());
        let (state, text) = match &verdict {
            Verdict::Legal { outcome: None, .. } => (
                "legal",
                self.texts.format(
                    "editor.legal",
                    &[(
                        "turn",
                        &self.texts.text(match side {
                            Colour::Black => "turn.black",
                            Colour::White => "turn.white",
                        }),
                    )],
                ),
            ),
            Verdict::Legal {
                outcome: Some(outcome),
                ..
            } => {
                let result = match G::winner(*outcome) {
                    Some(Colour::Black) => self.texts.text("result.blackWins"),
                    Some(Colour::White) => self.texts.text("result.whiteWins"),
                    None => self.texts.text("result.draw"),
                };
                let reason = self.texts.render(&G::reason_text(*outcome));
                (
                    "over",
                    self.texts.format(
                        "editor.legalOver",
                        &[("result", &result), ("reason", &reason)],
                    ),
                )
            }
            Verdict::Illegal { error, .. } => (
                "illegal",
                self.texts.format(
                    "editor.illegal",
                    &[("reason", &self.texts.render(&G::setup_error_text(error)))],
                ),
            ),
        };
        wrap.set_attr("data-verdict", state);
        self.el.verdict.set_attr("data-verdict", state);
        self.el.verdict.set_text(&text);
        // The game page takes only a legal position.
        self.el.play_position.set_flag("hidden", state == "illegal");

        for choice in &self.el.side_choices {
            choice.set_checked(choice.value() == side.name());
        }
        self.el.undo.set_flag("disabled", !editor.can_undo());
        self.el.redo.set_flag("disabled", !editor.can_redo());
        self.el
            .hand
            .set_attr("aria-pressed", bool_text(editor.tool() == Tool::Hand));
        self.el
            .eraser
            .set_attr("aria-pressed", bool_text(editor.tool() == Tool::Erase));
        self.el
            .marker
            .set_attr("aria-pressed", bool_text(editor.tool() == Tool::Mark));
        for (piece, button, _) in &self.el.palette {
            let name = self.texts.render(&G::piece_name(*piece));
            // Where a side has one of each, the label says where the piece stands now.
            let on_board = editor
                .square_of(*piece)
                .filter(|_| <G::Setup as Editable>::UNIQUE_PIECES);
            let label = match on_board {
                Some(square) => self.texts.format(
                    "editor.paletteOnBoard",
                    &[("piece", &name), ("square", &square.to_string())],
                ),
                None => self.texts.format("editor.paletteOff", &[("piece", &name)]),
            };
            button.set_attr("aria-label", &label);
            button.set_attr("title", &label);
            button.set_attr(
                "aria-pressed",
                bool_text(editor.tool() == Tool::Place(*piece)),
            );
            button.set_class("on-board", on_board.is_some());
        }
        for hand in &self.el.hands {
            let held = editor.in_hand(hand.piece);
            let kind = self.texts.render(&G::hand_label(hand.piece));
            hand.name.set_text(&kind);
            hand.count.set_text(&held.to_string());
            hand.counter.set_attr("data-count", &held.to_string());
            let values = [("piece", kind.as_str())];
            let full = held >= <G::Setup as Editable>::hand_limit(hand.piece);
            for (button, key, off) in [
                (&hand.less, "editor.handLess", held == 0),
                (&hand.more, "editor.handMore", full),
            ] {
                let label = self.texts.format(key, &values);
                button.set_attr("aria-label", &label);
                button.set_attr("title", &label);
                button.set_flag("disabled", off);
            }
        }

        // The squares the verdict is about: ringed on the board (here and in the next frame).
        self.problems = match &verdict {
            Verdict::Illegal { squares, .. } => squares.iter().map(|&s| G::cell(s)).collect(),
            Verdict::Legal { .. } => Vec::new(),
        };
        let problems = &self.problems;
        let texts = &self.texts;
        self.board.mark_squares(
            editor.selected().map(G::cell),
            problems,
            0,
            |index| match G::square(index) {
                Some(square) => {
                    let mut mark = SquareMark {
                        label: texts.render(&G::square_label(editor.setup(), square)),
                        piece: G::square_code(editor.setup(), square),
                    };
                    if editor.marks().contains(&square) {
                        mark.label = texts.format("square.marked", &[("square", &mark.label)]);
                    }
                    mark
                }
                // A hand's slot: its piece and count, shown when the hand holds one.
                None => {
                    let held = hand_slot(&G::SHAPE, index)
                        .and_then(|(colour, slot)| G::hand_pieces(colour).get(slot).copied());
                    let count = held.map_or(0, |piece| editor.in_hand(piece));
                    match held.filter(|_| count > 0) {
                        Some(piece) => SquareMark {
                            label: texts.format(
                                "editor.handCount",
                                &[
                                    ("piece", &texts.render(&G::hand_label(piece))),
                                    ("side", &texts.render(&G::side_text(G::piece_colour(piece)))),
                                    ("n", &count.to_string()),
                                ],
                            ),
                            piece: G::hand_code(piece),
                        },
                        None => SquareMark {
                            label: String::new(),
                            piece: None,
                        },
                    }
                }
            },
        );
    }

    /// Draws the palette again (its buttons changed size).
    pub(super) fn redraw_palette(&mut self) {
        self.palette_pending = 0;
        self.palette_size = None;
        browser::request_frame(draw_frame::<G>);
    }

    pub(super) fn frame(&mut self) {
        let started = browser::now_ms();
        let count = self.el.palette.len();
        // Every button is the same size: measured once, before any canvas is resized (the board's
        // included: a size read after a resize would lay the page out again).
        if self.palette_pending < count && self.palette_size.is_none() {
            self.palette_size = self
                .el
                .palette
                .first()
                .map(|(_, _, canvas)| canvas.css_size());
        }
        self.board.draw(false);
        // Then palette buttons, while the frame has time left.
        let Some((width, height)) = self.palette_size.filter(|_| self.palette_pending < count)
        else {
            return;
        };
        while self.palette_pending < count
            && (self.palette_pending == 0 || browser::now_ms() - started < PALETTE_FRAME_MS)
        {
            let (piece, _, canvas) = &mut self.el.palette[self.palette_pending];
            if canvas.fit_to(width, height).is_ok() {
                board_view::Surface::clear(canvas);
                G::paint(
                    canvas,
                    width / 2.0,
                    height / 2.0,
                    width.min(height),
                    &G::piece_token(*piece, &self.look),
                    false,
                );
            }
            self.palette_pending += 1;
        }
        if self.palette_pending < count {
            browser::request_frame(draw_frame::<G>);
        }
    }

    /// What the board shows: the setup, the selection, the squares at fault, the marks.
    pub(super) fn scene(&self) -> Scene {
        let mut scene = G::setup_scene(self.editor.setup(), &self.look);
        let (files, ranks) = G::coordinates();
        scene.file_labels = files.iter().map(|v| self.texts.value(v)).collect();
        scene.rank_labels = ranks.iter().map(|v| self.texts.value(v)).collect();
        scene.selected = self.editor.selected().map(G::cell);
        scene.destinations = self.problems.clone();
        scene.marked = self.editor.marks().iter().map(|&s| G::cell(s)).collect();
        let dark = browser::dark_page();
        scene.coordinate_colour = if dark {
            board_view::palette::COORDINATES_DARK_PAGE
        } else {
            board_view::palette::COORDINATES_LIGHT_PAGE
        };
        scene
    }
}
