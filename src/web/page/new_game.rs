//! The new-game dialog: its choices as last made, the clock's fields and their errors, and
//! the start of the game chosen.

use super::*;

impl<G: WebGame> Page<G> {
    pub(super) fn open_new_game(&mut self) {
        let choice = &self.app.settings.new_game;
        for input in El::all("#new-game-form input[name=mode]") {
            input.set_checked(input.value() == choice.mode);
        }
        for input in El::all("#new-game-form input[name=side]") {
            input.set_checked(input.value() == choice.side);
        }
        for input in El::all("#new-game-form input[name=level]") {
            input.set_checked(input.value() == choice.level.to_string());
        }
        if let Ok(start) = El::by_id("new-game-start-position") {
            start.set_value(&choice.start);
        }
        for (id, value) in G::rule_fields(&choice.rules) {
            let Ok(field) = El::by_id(id) else { continue };
            match value {
                FieldValue::Checked(on) => field.set_checked(on),
                FieldValue::Chosen(value) => field.set_value(&value),
            }
        }
        let clock = &choice.clock;
        if let Ok(kind) = El::by_id("clock-kind") {
            kind.set_value(&clock.kind);
        }
        if clock.kind == "off" {
            self.fill_clock_preset();
        } else {
            self.set_clock_fields(clock.minutes, clock.seconds);
        }
        self.clock_error(None);
        self.sync_new_game_form();
        self.el.new_game_dialog.show_modal();
    }

    /// Fills the dialog's clock times with the game's preset for the kind chosen.
    pub(super) fn fill_clock_preset(&self) {
        let kind = El::by_id("clock-kind")
            .map(|e| e.value())
            .unwrap_or_default();
        let preset = G::CLOCK_PRESETS
            .iter()
            .find(|(code, _, _)| *code == kind)
            .or(G::CLOCK_PRESETS.first());
        if let Some(&(_, minutes, seconds)) = preset {
            self.set_clock_fields(minutes, seconds);
        }
        self.clock_error(None);
    }

    pub(super) fn set_clock_fields(&self, minutes: u32, seconds: u32) {
        for (id, value) in [("clock-minutes", minutes), ("clock-seconds", seconds)] {
            if let Ok(field) = El::by_id(id) {
                field.set_value(&value.to_string());
            }
        }
    }

    /// Shows (or hides, `None`) what is wrong with the dialog's clock fields: the message and
    /// the id of the field it is about, marked invalid.
    pub(super) fn clock_error(&self, error: Option<(&str, &str)>) {
        if let Ok(element) = El::by_id("clock-error") {
            element.set_text(error.map_or("", |(message, _)| message));
            element.set_flag("hidden", error.is_none());
        }
        for id in ["clock-minutes", "clock-seconds"] {
            if let Ok(field) = El::by_id(id) {
                let invalid = error.is_some_and(|(_, wrong)| wrong == id);
                field.set_attr("aria-invalid", if invalid { "true" } else { "false" });
            }
        }
    }

    /// The dialog's clock, checked: the choice, or the message saying what is wrong with the
    /// id of the field it is about.
    pub(super) fn read_clock_fields(&self) -> Result<ClockChoice, (String, &'static str)> {
        let value = |id: &str| El::by_id(id).map(|e| e.value()).unwrap_or_default();
        let kind = value("clock-kind");
        let (minutes, seconds) = (value("clock-minutes"), value("clock-seconds"));
        match TimeControl::from_fields(&kind, &minutes, &seconds) {
            Ok(None) => Ok(ClockChoice {
                kind: "off".into(),
                ..self.app.settings.new_game.clock.clone()
            }),
            Ok(Some(control)) => {
                let (kind, minutes, seconds) = control.fields();
                Ok(ClockChoice {
                    kind: kind.into(),
                    minutes,
                    seconds,
                })
            }
            Err(error) => {
                let field = if error.key == "clock.error.seconds" {
                    "clock-seconds"
                } else {
                    "clock-minutes"
                };
                Err((self.app.say(&error), field))
            }
        }
    }

    pub(super) fn sync_new_game_form(&self) {
        let mode = checked_value("mode").unwrap_or_else(|| "vsAi".into());
        if let Ok(form) = El::by_id("new-game-form") {
            form.set_attr("data-mode", &mode);
            let kind = El::by_id("clock-kind")
                .map(|e| e.value())
                .unwrap_or_default();
            form.set_attr("data-clock", &kind);
            // The seconds are the byoyomi or the increment.
            if let Ok(label) = El::by_id("clock-seconds-label") {
                let key = if kind == "fischer" {
                    "clock.increment"
                } else {
                    "clock.byoyomiSeconds"
                };
                label.set_text(&self.app.texts.text(key));
            }
        }
    }

    pub(super) fn submit_new_game(&mut self) {
        let rules = G::rules_of_fields(&|id| {
            let field = El::by_id(id).ok()?;
            Some(if field.attr("type").as_deref() == Some("checkbox") {
                FieldValue::Checked(field.checked())
            } else {
                FieldValue::Chosen(field.value())
            })
        });
        let start = El::by_id("new-game-start-position")
            .map(|e| e.value())
            .unwrap_or_default();
        let clock = match self.read_clock_fields() {
            Ok(clock) => clock,
            Err((message, field)) => {
                // Said in the dialog, by the fields, and the dialog stays open.
                self.clock_error(Some((&message, field)));
                if let Ok(field) = El::by_id(field) {
                    field.focus();
                }
                return;
            }
        };
        self.clock_error(None);
        let choice = NewGame {
            mode: checked_value("mode").unwrap_or_else(|| "vsAi".into()),
            side: checked_value("side").unwrap_or_else(|| "black".into()),
            level: checked_value("level")
                .and_then(|l| l.parse().ok())
                .unwrap_or(2),
            rules,
            start,
            clock,
        };
        let random = (browser::random() * f64::from(u32::MAX)) as u32;
        match self.app.start_new(&choice, random) {
            Ok(()) => {
                self.banner_dismissed = false;
                self.board.stop_animation();
                self.el.new_game_dialog.close();
            }
            Err(message) => self.board.toast(&message),
        }
    }
}

fn checked_value(name: &str) -> Option<String> {
    El::all(&format!("#new-game-form input[name={name}]"))
        .into_iter()
        .find(El::checked)
        .map(|e| e.value())
}
