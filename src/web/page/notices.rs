//! The page's notices and what it keeps: telling a failed save, the notice line and its actions,
//! another tab's game or settings arriving through storage.

use super::*;

impl<G: WebGame> Page<G> {
    /// A failed save: the game goes on; the player is told once, in the notice and to screen
    /// readers (after whatever the move just announced).
    pub(super) fn tell_save_failure(&mut self, saved: Result<(), WriteFailure>) {
        let Err(failure) = saved else { return };
        browser::log_warning(&format!("could not save: {failure:?}"));
        if self.save_failure_told {
            return;
        }
        self.save_failure_told = true;
        let key = match failure {
            WriteFailure::Full => "notice.saveFull",
            WriteFailure::Off => "notice.saveOff",
            WriteFailure::Refused(_) => "notice.saveRefused",
        };
        let text = self.app.texts.text(key);
        self.add_to_notice(&text);
        self.announce(&text);
    }

    /// The game as it is saved.
    pub(super) fn saved_game(&self) -> SavedGame {
        SavedGame {
            version: GAME_VERSION,
            record: self.app.record_text(),
            mode: self.app.mode,
            flipped: self.app.flipped,
            seed: self.app.seed,
            clock: self.app.saved_clock(),
            notes: true,
        }
    }

    // ------------------------------------------------------------ the notice and other tabs

    /// Shows `text` in the notice bar with up to two buttons (replacing what it said).
    pub(super) fn show_notice(&mut self, text: &str, actions: [Option<NoticeAction>; 2]) {
        self.el.notice_text.set_text(text);
        for (button, action) in self.el.notice_buttons.iter().zip(actions) {
            button.set_flag("hidden", action.is_none());
            if let Some(action) = action {
                button.set_text(&self.app.texts.text(action.label()));
            }
        }
        self.notice_actions = actions;
        self.el.notice.set_flag("hidden", false);
    }

    /// Adds `text` to what the notice bar says (showing it if hidden), keeping its buttons.
    pub(super) fn add_to_notice(&mut self, text: &str) {
        let shown = self.el.notice.attr("hidden").is_none();
        if shown {
            let earlier = self.el.notice_text.text();
            self.el
                .notice_text
                .set_text(format!("{earlier} {text}").trim());
            self.el.notice.set_flag("hidden", false);
        } else {
            self.show_notice(text, [None, None]);
        }
    }

    pub(super) fn hide_notice(&mut self) {
        self.el.notice.set_flag("hidden", true);
        self.notice_actions = [None, None];
    }

    /// The notice's button `index` was pressed.
    pub(super) fn notice_action(&mut self, index: usize) {
        let Some(action) = self.notice_actions.get(index).copied().flatten() else {
            return;
        };
        self.hide_notice();
        match action {
            NoticeAction::OpenOtherTab => {
                let Loaded::Game(theirs) = storage::load_game::<G>() else {
                    return;
                };
                // This tab's game is already aside; from now on this tab saves the game it shows.
                self.saving_aside = false;
                self.switch_to(snapshot_of(theirs));
            }
            NoticeAction::OpenAside => {
                let Some(aside) = storage::load_aside::<G>() else {
                    return;
                };
                let kept = storage::save_aside::<G>(&self.saved_game());
                self.tell_save_failure(kept);
                self.switch_to(snapshot_of(aside));
            }
            NoticeAction::DiscardAside => {
                storage::discard_aside::<G>();
                let text = self.app.texts.text("notice.asideDiscarded");
                self.board.toast(&text);
                self.announce(&text);
            }
        }
    }

    /// Plays `snapshot` instead of the game now (undo brings this one back).
    pub(super) fn switch_to(&mut self, snapshot: Snapshot<G>) {
        self.app.replace_with(snapshot);
        self.banner_dismissed = false;
        self.board.stop_animation();
        let text = self.app.texts.text("io.loaded");
        self.board.toast(&text);
        self.announce(&text);
    }

    /// Another tab changed `key` in storage (`value`: its new text).
    pub(super) fn storage_changed(&mut self, key: &str, value: Option<String>) {
        if key != self.keys.game {
            return;
        }
        let Some(theirs) = value.and_then(|text| storage::read_game::<G>(&text).ok()) else {
            return;
        };
        let ours = &self.app.game;
        let other = &theirs.game;
        if same_game::<G>(ours, other) {
            return;
        }
        if continues::<G>(ours, other) && !self.saving_aside {
            // The same game went on in the other tab: follow it (nothing here is lost).
            self.app.resume_saved(snapshot_of(theirs));
            self.banner_dismissed = false;
            let text = self.app.texts.text("notice.followedOtherTab");
            self.board.toast(&text);
            self.announce(&text);
            return;
        }
        // A different game: keep this one aside so that neither is lost, and offer the other.
        self.saving_aside = true;
        let kept = storage::save_aside::<G>(&self.saved_game());
        self.tell_save_failure(kept);
        let text = self.app.texts.text("notice.otherTab");
        self.show_notice(&text, [Some(NoticeAction::OpenOtherTab), None]);
        self.announce(&text);
    }
}
