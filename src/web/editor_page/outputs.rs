//! What the editor writes: the embed's choices read from the form, the link, the snippet and the
//! live preview, and copying them.

use super::*;

impl<G: EditorGame> EditorPage<G> {
    /// The mode's own buttons are ticked whenever the mode changes.
    pub(super) fn form_changed(&mut self, e: &Event) {
        if e.closest_attr("id").as_deref() == Some("embed-mode") {
            self.reset_controls();
        }
        self.update_outputs();
    }

    pub(super) fn mode(&self) -> Mode {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == self.el.mode.value())
            .unwrap_or(Mode::View)
    }

    pub(super) fn reset_controls(&mut self) {
        let defaults = self.mode().default_controls();
        for (button, element) in &self.el.controls {
            element.set_checked(defaults.contains(button));
        }
        self.el.form.set_attr("data-mode", self.mode().name());
    }

    /// The rules chosen for the frame, in [`Ruleset`]'s spelling (empty: the standard rules).
    pub(super) fn variant(&self) -> String {
        let mut rules = Vec::new();
        if self.el.rule_tiger.checked() {
            rules.push("tiger-vertical-only".to_string());
        }
        if self.el.rule_repetition.checked() {
            rules.push("repetition-prohibition".to_string());
        }
        if !self.el.rule_threefold.checked() {
            rules.push("threefold=off".to_string());
        }
        let no_capture = self.el.rule_no_capture.value();
        if no_capture != "50" {
            rules.push(format!("nocapture={no_capture}"));
        }
        rules.join(",")
    }

    pub(super) fn rules(&self) -> <G::Setup as Editable>::Rules {
        G::rules_of(&self.variant())
    }

    /// The embed parameters chosen in the form, as the author would write them.
    pub(super) fn choices(&self) -> Vec<(&'static str, String)> {
        let mode = self.mode();
        let mut choices = vec![("mode", mode.name().to_string())];
        if matches!(mode, Mode::Play | Mode::Puzzle) {
            choices.push(("side", self.el.side.value()));
        }
        if mode == Mode::Play {
            choices.push(("level", self.el.level.value()));
        }
        choices.push(("moves", move_list(&self.el.moves.value())));
        choices.push(("ply", self.el.ply.value().trim().to_string()));
        if mode == Mode::Puzzle {
            choices.push(("solution", move_list(&self.el.solution.value())));
        }
        if G::RULES_IN_FORM {
            choices.push(("variant", self.variant()));
        }
        choices.push(("orientation", self.el.orientation.value()));
        choices.push(("lang", self.el.lang.value()));
        choices.push(("theme", self.el.theme.value()));
        if !self.el.coords.checked() {
            choices.push(("coords", "off".to_string()));
        }
        if self.el.sound.checked() {
            choices.push(("sound", "on".to_string()));
        }
        let controls: Vec<&str> = self
            .el
            .controls
            .iter()
            .filter(|(_, element)| element.checked())
            .map(|(button, _)| button.name())
            .collect();
        choices.push((
            "controls",
            if controls.is_empty() {
                "none".to_string()
            } else {
                controls.join(",")
            },
        ));
        choices
    }

    /// The link, the snippet and the preview for the position and the choices; or, when the
    /// frame would refuse them, its reasons.
    pub(super) fn update_outputs(&mut self) {
        // The analysis board opens the position (an illegal one is refused there, with why).
        let position = format!(
            "{}={}",
            G::POSITION_PARAM,
            percent_encode(&self.editor.fen())
        );
        let analysis = crate::web::page::page_address::<G>("analysis.html", &[&position]);
        if let Ok(link) = El::by_id("editor-analysis-link") {
            link.set_attr("href", &analysis);
        }
        let choices = self.choices();
        let pairs: Vec<(&str, &str)> = choices
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        let href = browser::location_href();
        let base = href
            .split(['?', '#'])
            .next()
            .and_then(|page| page.rfind('/').map(|slash| &page[..=slash]))
            .unwrap_or("")
            .to_string();
        let play = format!(
            "{base}{}?position={}",
            G::PAGE,
            percent_encode(&self.editor.fen())
        );
        self.el.play_position.set_attr("href", &play);
        match self.editor.embed_config_of::<G>(&pairs) {
            Ok(config) => {
                let link = embed_url(&base, &config);
                let title = self.texts.text("editor.frameTitle");
                let (width, height) = frame_size(config.mode);
                self.el
                    .snippet
                    .set_value(&iframe_for(&link, &title, (width, height)));
                // The preview is the frame the snippet makes, at its size.
                self.el.preview.set_attr("width", &width.to_string());
                self.el.preview.set_attr("height", &height.to_string());
                self.el.link.set_value(&link);
                self.el.open_link.set_attr("href", &link);
                self.el.problems_box.set_flag("hidden", true);
                self.el.output.set_flag("hidden", false);
                self.schedule_preview(link.clone());
                self.link = Some(link);
            }
            Err(errors) => {
                self.el.problems.clear();
                for error in &errors.0 {
                    if let Ok(item) = El::create("li") {
                        item.set_text(&self.texts.render(&error.text));
                        self.el.problems.append(&item);
                    }
                }
                self.el.problems_box.set_flag("hidden", false);
                self.el.output.set_flag("hidden", true);
                self.link = None;
            }
        }
    }

    pub(super) fn schedule_preview(&mut self, src: String) {
        if src == self.preview_src {
            return;
        }
        self.preview_src = src;
        if let Some(timer) = self.preview_timer.take() {
            browser::cancel_timeout(timer);
        }
        if !self.preview_started {
            return;
        }
        self.preview_timer = Some(browser::set_timeout(
            || {
                with_editor::<G>(|p| {
                    p.preview_timer = None;
                    let src = p.preview_src.clone();
                    p.el.preview.set_attr("src", &src);
                })
            },
            PREVIEW_DELAY_MS,
        ));
    }

    /// Copies `text`, and says beside the button `button` (an id) whether it was copied.
    pub(super) fn copy(&mut self, text: String, button: &'static str) {
        browser::copy_to_clipboard(&text, move |copied| {
            with_editor::<G>(|p| {
                let message = p.texts.text(if copied {
                    "editor.copied"
                } else {
                    "editor.copyFailed"
                });
                if let Ok(button) = El::by_id(button) {
                    button.say_beside(&message);
                }
            })
        });
    }

    // ------------------------------------------------------------ bringing the page up to date

    /// The position changed: the address, the verdict and the outputs follow.
    pub(super) fn changed(&mut self) {
        if self.fen_draft && !self.el.fen.has_focus() {
            self.show_fen_error(None);
        }
        let mut query = format!(
            "{}={}",
            G::POSITION_PARAM,
            percent_encode(&self.editor.fen())
        );
        if let Some(game) = crate::web::games::game_param::<G>() {
            query = format!("game={game}&{query}");
        }
        if !self.editor.marks().is_empty() {
            query.push_str(&format!("&marks={}", self.marks_text()));
        }
        if let Some(lang) = self.chosen_lang {
            query.push_str(&format!("&lang={}", lang.tag()));
        }
        browser::replace_query(&query);
        self.board.mark_dirty();
        self.update_outputs();
    }

    /// The marked squares as the embed writes them (`d4,c3`).
    pub(super) fn marks_text(&self) -> String {
        let names: Vec<String> = self.editor.marks().iter().map(|s| s.to_string()).collect();
        names.join(",")
    }
}
