//! Moves: what may be picked up and where it may go, premoves, an attempt refused or played, a
//! choice of moves on a square (promotion), resigning, declaring, and the game's end.

use super::*;

impl<G: WebGame> App<G> {
    /// Whether the player may pick up what is on `cell` (a piece on a square, or in the hand):
    /// on their turn, or to set up a premove during the AI's.
    pub fn movable(&self, cell: usize) -> bool {
        let owner = G::owner_at(G::position(&self.game), cell);
        (self.human_can_move() && owner == Some(self.side_to_move()))
            || self.premove_side().is_some_and(|side| owner == Some(side))
    }

    /// The player's side while a premove may be set up: against the AI, on its turn, in a game
    /// going on and shown live.
    pub(super) fn premove_side(&self) -> Option<Colour> {
        match self.mode {
            Mode::VsAi { human, .. }
                if self.is_ai_turn() && self.viewing.is_none() && self.outcome().is_none() =>
            {
                Some(human)
            }
            _ => None,
        }
    }

    /// Sets up the premove `from` → `to` (any square: the rules judge it when its turn comes).
    pub(super) fn set_premove(&mut self, from: usize, to: usize) {
        self.premove = Some((from, to));
        self.selected = None;
        let text = self.texts.text("premove.set");
        self.effects.push(Effect::Announce(text));
    }

    /// Drops the premove (a press on the board while one is set).
    pub fn cancel_premove(&mut self) {
        if self.premove.take().is_some() {
            let text = self.texts.text("premove.cancelled");
            self.effects.push(Effect::Announce(text));
        }
    }

    /// Plays the premove now that the AI has moved: the one legal move there, or the choice
    /// between several; none, and the player is told it was dropped.
    pub(super) fn play_premove(&mut self) {
        let Some((from, to)) = self.premove.take() else {
            return;
        };
        if !self.human_can_move() {
            return;
        }
        match self.moves_between(from, to).as_slice() {
            [] => {
                let text = self.texts.text("premove.cancelled");
                self.effects.push(Effect::Toast(text.clone()));
                self.effects.push(Effect::Announce(text));
            }
            [only] => self.play_human(*only, false),
            _ => self.offer_moves(from, to, false),
        }
    }

    /// The legal moves from `from`.
    pub(super) fn moves_from(&self, from: usize) -> Vec<G::Move> {
        let position = G::position(&self.game);
        G::legal_moves(&self.game)
            .into_iter()
            .filter(|&m| G::move_cells(position, m).0 == from)
            .collect()
    }

    /// Where the selected piece may go.
    pub fn destinations(&self) -> Vec<usize> {
        match self.selected {
            Some(from) if self.human_can_move() => {
                let position = G::position(&self.game);
                let mut cells: Vec<usize> = self
                    .moves_from(from)
                    .into_iter()
                    .map(|m| G::move_cells(position, m).1)
                    .collect();
                cells.dedup();
                cells
            }
            _ => Vec::new(),
        }
    }

    /// Selects the piece on `cell`.
    pub fn select(&mut self, cell: usize) {
        if self.movable(cell) {
            self.selected = Some(cell);
            self.offer = None;
        }
    }

    /// Drops the selection (and any choice offered).
    pub fn deselect(&mut self) {
        self.selected = None;
        self.offer = None;
    }

    /// Says which piece was picked up (for screen readers).
    pub fn announce_selection(&mut self, cell: usize) {
        let text = self.say(&G::describe_selection(G::position(&self.game), cell));
        self.effects.push(Effect::Announce(text));
    }

    /// Why a press on `cell` picks nothing up (nothing is selected, and the cell holds nothing
    /// the player may move now), in the reader's language, for a toast and screen readers.
    pub fn why_not_movable(&self, cell: usize) -> String {
        if let Some(outcome) = self.outcome() {
            return self.texts.format(
                "refuse.gameOver",
                &[("result", &self.result_title(outcome))],
            );
        }
        if self.thinking.is_some_and(|t| !t.hint) {
            return self.texts.text("refuse.aiThinking");
        }
        if self.is_ai_turn() {
            return self.texts.text("refuse.aiTurn");
        }
        let position = G::position(&self.game);
        let mover = self.side_to_move();
        match G::owner_at(position, cell).zip(G::piece_text(position, cell)) {
            Some((owner, piece)) if owner != mover => self.texts.format(
                "refuse.notYours",
                &[
                    ("piece", &self.say(&piece)),
                    ("side", &self.side_name(mover)),
                ],
            ),
            _ => self
                .texts
                .format("refuse.pickFirst", &[("side", &self.side_name(mover))]),
        }
    }

    /// The player tried a move the selection cannot make: say which rule forbids it.
    pub fn attempt(&mut self, from: usize, to: usize) {
        if self.premove_side().is_some() {
            return self.set_premove(from, to);
        }
        let position = G::position(&self.game);
        let Some(m) = G::attempted_move(position, from, to) else {
            self.selected = None;
            return;
        };
        match G::check_move(&self.game, m) {
            Ok(()) => self.play_human(m, true),
            Err(e) => self.refuse(&e),
        }
    }

    pub(super) fn refuse(&mut self, error: &G::Illegal) {
        let reason = self.say(&G::illegal_text(error));
        let message = self.texts.format("illegal.prefix", &[("message", &reason)]);
        self.effects.push(Effect::Toast(message.clone()));
        self.effects.push(Effect::Announce(message));
        self.effects.push(Effect::Sound(Sound::Illegal));
    }

    /// The player moves from `from` to `to` (by click, drag or keyboard): the one legal move
    /// there is played; when the rules leave a choice (a promotion), it is offered; when there
    /// is none, the rule is said. `animate` when the piece did not travel with the pointer.
    pub fn move_between(&mut self, from: usize, to: usize, animate: bool) {
        if self.viewing.is_some() {
            self.viewing = None;
            return;
        }
        if self.premove_side().is_some() {
            return self.set_premove(from, to);
        }
        if !self.human_can_move() {
            return;
        }
        let position = G::position(&self.game);
        match self.moves_between(from, to).as_slice() {
            [] => match G::attempted_move(position, from, to) {
                Some(m) => self.play_human(m, animate),
                None => self.selected = None,
            },
            [only] => self.play_human(*only, animate),
            _ => self.offer_moves(from, to, animate),
        }
    }

    /// The legal moves from `from` to `to`: none, one, or a choice (a promotion). A game whose
    /// rules never leave a choice gives at most one (it has no code for one).
    pub fn moves_between(&self, from: usize, to: usize) -> Vec<G::Move> {
        let position = G::position(&self.game);
        let mut moves: Vec<G::Move> = self
            .moves_from(from)
            .into_iter()
            .filter(|&m| G::move_cells(position, m).1 == to)
            .collect();
        if !G::OFFERS_CHOICES {
            moves.truncate(1);
        }
        moves
    }

    /// Offers the choice between the moves from `from` to `to` ([`App::moves_between`]) on the
    /// board; `animate` when the piece did not travel with the pointer.
    pub fn offer_moves(&mut self, from: usize, to: usize, animate: bool) {
        self.offer = Some(Offer {
            from,
            to,
            moves: self.moves_between(from, to),
            dropped: !animate,
        });
        let text = self.texts.text("choice.offered");
        self.effects.push(Effect::Announce(text));
    }

    /// The player picked choice `index` of the moves offered (`None`: none of them).
    pub fn choose(&mut self, index: Option<usize>) {
        let Some(offer) = self.offer.take() else {
            return;
        };
        match index.and_then(|i| offer.moves.get(i)) {
            Some(&m) => self.play_human(m, !offer.dropped),
            None => {
                self.selected = None;
                let text = self.texts.text("announce.deselected");
                self.effects.push(Effect::Announce(text));
            }
        }
    }

    /// The labels of the moves offered, in the page's language.
    pub fn offer_labels(&self) -> Vec<String> {
        let position = G::position(&self.game);
        self.offer
            .iter()
            .flat_map(|offer| offer.moves.iter())
            .map(|&m| self.say(&G::choice_text(position, m)))
            .collect()
    }

    /// The side the player at this device resigns for: theirs against the AI, the side to move
    /// between two players; `None` when nobody here may resign (the AI plays both, the game is
    /// over, the game knows no resignation).
    pub fn resigning_side(&self) -> Option<Colour> {
        if !G::CAN_RESIGN || self.outcome().is_some() || self.viewing.is_some() {
            return None;
        }
        match self.mode {
            Mode::VsAi { human, .. } => Some(human),
            Mode::Hotseat => Some(self.side_to_move()),
            Mode::Demo { .. } => None,
        }
    }

    /// The player resigns (see [`App::resigning_side`]).
    pub fn resign(&mut self) {
        let Some(side) = self.resigning_side() else {
            return;
        };
        self.cancel_search();
        self.forget_load();
        self.reset_view();
        if G::resign(&mut self.game, side) {
            self.game_ended();
        }
    }

    /// The points of the win the player to move may declare now (shogi's impasse), if any.
    pub fn declarable(&self) -> Option<u32> {
        if !self.human_can_move() {
            return None;
        }
        G::declaration_points(&self.game)
    }

    /// The player to move declares the win [`App::declarable`] allows; a refusal is said.
    pub fn declare(&mut self) {
        if self.declarable().is_none() {
            return;
        }
        self.claim_win();
    }

    /// The side to move claims its win (the player's declaration, or the AI's).
    pub(super) fn claim_win(&mut self) {
        self.forget_load();
        self.reset_view();
        match G::declare(&mut self.game) {
            Ok(()) => self.game_ended(),
            Err(reason) => {
                let message = self
                    .texts
                    .format("illegal.prefix", &[("message", &self.say(&reason))]);
                self.effects.push(Effect::Toast(message.clone()));
                self.effects.push(Effect::Announce(message));
                self.effects.push(Effect::Sound(Sound::Illegal));
            }
        }
    }

    /// The game ended without a move (a resignation, a declaration, time): said, heard, saved.
    pub(super) fn game_ended(&mut self) {
        self.stop_clock();
        if let Some(outcome) = self.outcome() {
            let text = self.result_sentence(outcome);
            self.effects.push(Effect::Announce(text));
        }
        self.effects.push(Effect::Sound(Sound::End));
        self.effects.push(Effect::Save);
    }

    /// Stops the clock (the game is over, or the player leaves it).
    pub(super) fn stop_clock(&mut self) {
        if let Some(clock) = self.clock.as_mut() {
            clock.pause(self.now);
        }
    }

    /// The player moves `m` (by click, drag or keyboard); `animate` when the token did not travel
    /// with the pointer.
    pub fn play_human(&mut self, m: G::Move, animate: bool) {
        if self.viewing.is_some() {
            self.viewing = None;
            return;
        }
        // A move made after the time ran out loses on time instead.
        if !self.human_can_move() || self.check_flag() {
            return;
        }
        match G::check_move(&self.game, m) {
            Ok(()) => {
                // The player moved on: a load is no longer the last thing to undo, and a
                // refusal or a wrong try shown over the board no longer applies.
                self.forget_load();
                self.effects.push(Effect::ClearToast);
                self.play(m, animate)
            }
            Err(e) => {
                let from = G::move_cells(G::position(&self.game), m).0;
                self.selected = if self.movable(from) { Some(from) } else { None };
                self.offer = None;
                self.refuse(&e);
            }
        }
    }

    pub(super) fn play(&mut self, m: G::Move, animate: bool) {
        let before = G::position(&self.game).clone();
        let redone = G::undone_moves(&self.game).last() == Some(&m);
        if G::play(&mut self.game, m).is_err() {
            return;
        }
        let plies = self.plies();
        // The record keeps the time the clock charged the move, in whole seconds.
        let seconds = self
            .clock
            .as_ref()
            .map(|c| (c.spent(self.now) / 1000.0) as u32);
        self.notes.played(plies - 1, seconds, redone);
        if let Some(clock) = self.clock.as_mut() {
            clock.moved(self.now, plies);
        }
        if animate {
            let (from, to) = G::move_cells(&before, m);
            let captured = G::captured_token(&before, m, &self.look());
            self.effects.push(Effect::Animate { from, to, captured });
        }
        let outcome = self.outcome();
        if outcome.is_some() {
            self.stop_clock();
        }
        self.effects
            .push(Effect::Sound(G::sound(&before, m, outcome)));
        let mut text = self.say(&G::describe_move(&before, m));
        if let Some(outcome) = outcome {
            let result = self.result_sentence(outcome);
            text = self
                .texts
                .format("announce.then", &[("first", &text), ("second", &result)]);
        }
        self.effects.push(Effect::Announce(text));
        self.selected = None;
        self.offer = None;
        self.hint = None;
        self.effects.push(Effect::Save);
        self.request_ai();
    }
}
