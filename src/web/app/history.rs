//! Taking moves back and forward, the board turned round, viewing an earlier position, pausing.

use super::*;

impl<G: WebGame> App<G> {
    /// Whether [`App::undo`] would take something back.
    pub fn can_undo(&self) -> bool {
        if self.replaced.is_some() {
            return true;
        }
        if G::ended_without_move(&self.game) && !matches!(self.mode, Mode::Demo { .. }) {
            return true;
        }
        let moves = self.plies();
        match self.mode {
            Mode::Demo { .. } => false,
            Mode::Hotseat => moves > 0,
            Mode::VsAi { human, .. } => {
                // The player's own first move must be in the history.
                let first_mover = G::side_to_move(&G::positions(&self.game)[0]);
                let before_human = usize::from(first_mover != human);
                moves > before_human
            }
        }
    }

    /// Takes back the last move; against the AI, the player's last move and the AI's reply
    /// (or the player's move while the AI is still thinking, cancelling its search). A game
    /// that ended without a move (a resignation) gets only its ending taken back.
    pub fn undo(&mut self) {
        if let Some(previous) = self.replaced.take() {
            // Undo the load (or the new game): the game it replaced comes back whole.
            let loaded = self.snapshot();
            self.restore(previous);
            self.unloaded = Some(loaded);
            let text = self.texts.text(if self.replaced_by_new_game {
                "newGame.undone"
            } else {
                "io.loadUndone"
            });
            self.effects.push(Effect::Toast(text.clone()));
            self.effects.push(Effect::Announce(text));
            return;
        }
        if !self.can_undo() {
            return;
        }
        self.forget_load();
        self.cancel_search();
        self.reset_view();
        // A resignation (or a time loss, a declaration) is taken back alone: the game goes on
        // from the position where it ended.
        if G::take_back_ending(&mut self.game) {
            self.clock_to_ply();
            self.effects.push(Effect::Save);
            self.request_ai();
            return;
        }
        G::undo(&mut self.game);
        if let Mode::VsAi { human, .. } = self.mode {
            while self.side_to_move() != human && G::undo(&mut self.game).is_some() {}
        }
        self.clock_to_ply();
        self.effects.push(Effect::Save);
        self.request_ai();
    }

    /// Whether [`App::redo`] would play something again.
    pub fn can_redo(&self) -> bool {
        self.unloaded.is_some()
            || (!matches!(self.mode, Mode::Demo { .. }) && !G::undone_moves(&self.game).is_empty())
    }

    /// Plays again what undo took back (against the AI: the player's move and the reply).
    pub fn redo(&mut self) {
        if let Some(loaded) = self.unloaded.take() {
            let by_new_game = self.replaced_by_new_game;
            self.replace_with(loaded);
            self.replaced_by_new_game = by_new_game;
            return;
        }
        if !self.can_redo() {
            return;
        }
        self.forget_load();
        self.cancel_search();
        self.reset_view();
        G::redo(&mut self.game);
        if let Mode::VsAi { human, .. } = self.mode {
            if self.side_to_move() != human {
                G::redo(&mut self.game);
            }
        }
        self.clock_to_ply();
        self.effects.push(Effect::Sound(Sound::Move));
        self.effects.push(Effect::Save);
        self.request_ai();
    }

    /// Undo or redo moved the game to another ply: the clock's times at that ply come back
    /// (docs/clocks.md); a clock stopped by the game's end stays stopped until resumed.
    pub(super) fn clock_to_ply(&mut self) {
        let (plies, turn, now) = (self.plies(), self.side_to_move(), self.now);
        let over = self.outcome().is_some();
        if let Some(clock) = self.clock.as_mut() {
            clock.go_to(plies, turn, now);
            if over {
                clock.pause(now);
            }
        }
    }

    /// Turns the board round.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
        self.effects.push(Effect::Save);
    }

    /// Shows the position after `ply` moves (the last one: the game now).
    pub fn view(&mut self, ply: usize) {
        let plies = self.plies();
        let ply = ply.min(plies);
        self.viewing = (ply < plies).then_some(ply);
        self.selected = None;
        self.offer = None;
        if self.viewing.is_none() {
            self.request_ai();
        }
    }

    /// Pauses or resumes the demo.
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        if self.paused {
            self.cancel_search();
            self.stop_clock();
        } else {
            let (now, over) = (self.now, self.outcome().is_some());
            if let Some(clock) = self.clock.as_mut().filter(|_| !over) {
                clock.start(now);
            }
            self.request_ai();
        }
    }
}
