//! The page's state and the game flow, in plain Rust: the game, who plays whom, the selection,
//! the position being viewed, the AI's pending search, settings. Every change pushes
//! [`Effect`]s (search, sound, announcement, save…) that `page.rs` carries out in the browser.

use super::ai_worker::SearchJob;
use super::i18n::Catalogue;
use super::sound::Sound;
use crate::jungle::notation;
use crate::jungle::position::WinReason;
use crate::jungle::{
    Game, IllegalMove, Move, Outcome, Piece, Position, Record, Ruleset, Side, Square,
};
use crate::texts;
use serde::{Deserialize, Serialize};

/// A side, as settings and saves spell it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Black (moves first).
    Black,
    /// White.
    White,
}

impl Colour {
    /// The rules layer's side.
    pub fn side(self) -> Side {
        match self {
            Colour::Black => Side::Black,
            Colour::White => Side::White,
        }
    }
}

/// Who plays whom.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Mode {
    /// A player against the AI.
    VsAi {
        /// The player's side.
        human: Colour,
        /// The AI's level, 1–5.
        level: u8,
    },
    /// Two players on one device.
    Hotseat,
    /// The AI plays both sides.
    Demo {
        /// Both sides' level, 1–5.
        level: u8,
    },
}

/// The page's colours.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// As the system prefers.
    #[default]
    System,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// How fast the AI-against-AI demo plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DemoSpeed {
    /// About a move every 1.5 s.
    Slow,
    /// About a move every 0.6 s.
    #[default]
    Normal,
    /// As fast as the AI answers.
    Fast,
}

impl DemoSpeed {
    /// The pause before each demo move, ms.
    pub fn delay_ms(self) -> f64 {
        match self {
            DemoSpeed::Slow => 1500.0,
            DemoSpeed::Normal => 600.0,
            DemoSpeed::Fast => 60.0,
        }
    }

    /// The stable name (`slow`, `normal`, `fast`).
    pub fn name(self) -> &'static str {
        match self {
            DemoSpeed::Slow => "slow",
            DemoSpeed::Normal => "normal",
            DemoSpeed::Fast => "fast",
        }
    }

    /// The speed named `name`.
    pub fn from_name(name: &str) -> Option<DemoSpeed> {
        [DemoSpeed::Slow, DemoSpeed::Normal, DemoSpeed::Fast]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// The new-game dialog's choices (remembered for the next game).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NewGame {
    /// `vsAi`, `hotseat` or `demo`.
    pub mode: String,
    /// `black`, `white` or `random`.
    pub side: String,
    /// 1–5.
    pub level: u8,
    /// The rules in the ruleset spelling.
    pub rules: String,
}

impl Default for NewGame {
    fn default() -> Self {
        NewGame {
            mode: "vsAi".into(),
            side: "black".into(),
            level: 2,
            rules: "standard".into(),
        }
    }
}

/// Settings that outlive a game.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Colours.
    pub theme: Theme,
    /// No sounds.
    pub muted: bool,
    /// Demo speed.
    pub demo_speed: DemoSpeed,
    /// The last new-game choices.
    pub new_game: NewGame,
}

/// Something for the page to do after a change.
#[derive(Clone, PartialEq, Debug)]
pub enum Effect {
    /// Ask the worker for a move, after `delay_ms`.
    Search {
        /// The request.
        job: SearchJob,
        /// Wait this long first (the demo's pace).
        delay_ms: f64,
    },
    /// Stop the worker's search (the answer is no longer wanted).
    CancelSearch,
    /// Play a sound.
    Sound(Sound),
    /// Say this to screen-reader users.
    Announce(String),
    /// Show a short message over the board.
    Toast(String),
    /// Take down the message over the board (it no longer applies: a move was made).
    ClearToast,
    /// Animate a move: the token flies from one square to the other.
    Animate {
        /// Start square.
        from: Square,
        /// End square.
        to: Square,
        /// The animal taken there, which fades out.
        captured: Option<Piece>,
    },
    /// Save the game.
    Save,
    /// Save the settings.
    SaveSettings,
}

/// The AI's search in progress.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Thinking {
    /// The job's id.
    pub id: u32,
    /// A hint for the player, not the AI's move.
    pub hint: bool,
    /// Depth reached so far.
    pub depth: u32,
}

/// A whole game as the page holds it: what a load replaces, and what undoing the load brings back.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The game.
    pub game: Game,
    /// Who played whom.
    pub mode: Mode,
    /// Shown from White's side.
    pub flipped: bool,
    /// The AI's seed in that game.
    pub seed: u32,
}

/// Why a text could not be loaded, in the reader's language.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    /// The text holds no moves and no position (empty, blank, or only comments): loading it would
    /// only throw the game away.
    Nothing,
    /// The text is neither a record nor a position; the message says why.
    Unreadable(String),
}

/// The page's state.
pub struct App {
    /// The messages.
    pub texts: Catalogue,
    /// The game.
    pub game: Game,
    /// Who plays whom.
    pub mode: Mode,
    /// Settings.
    pub settings: Settings,
    /// The board is shown from White's side.
    pub flipped: bool,
    /// Seed of the AI's randomness for this game.
    pub seed: u32,
    /// The number of plies shown when looking at an earlier position (`None`: the game now).
    pub viewing: Option<usize>,
    /// The selected square.
    pub selected: Option<Square>,
    /// A suggested move.
    pub hint: Option<Move>,
    /// The AI's search in progress.
    pub thinking: Option<Thinking>,
    /// The demo is paused.
    pub paused: bool,
    /// Effects waiting for the page.
    pub effects: Vec<Effect>,
    next_id: u32,
    /// The game a load replaced, while undoing the load is the natural next step (until the
    /// player moves, starts, undoes or loads again).
    replaced: Option<Snapshot>,
    /// The loaded game that undoing the load put aside (redo loads it again).
    unloaded: Option<Snapshot>,
}

impl App {
    /// A page with the settings and a new standard two-player game; the page then resumes a
    /// saved game or calls [`App::start_new`].
    pub fn new(texts: Catalogue, settings: Settings, random: u32) -> App {
        App {
            texts,
            game: Game::new(Ruleset::default()),
            mode: Mode::Hotseat,
            settings,
            flipped: false,
            seed: random,
            viewing: None,
            selected: None,
            hint: None,
            thinking: None,
            paused: false,
            effects: Vec::new(),
            next_id: 0,
            replaced: None,
            unloaded: None,
        }
    }

    /// Starts a new game with `choice` (remembered in the settings); `random` picks a random
    /// side and seeds the AI. An unknown ruleset spelling is an error.
    pub fn start_new(&mut self, choice: &NewGame, random: u32) -> Result<(), String> {
        let rules = Ruleset::parse(&choice.rules)
            .map_err(|e| self.texts.render(&texts::ruleset_error(&e)))?;
        let level = choice.level.clamp(1, 5);
        let mode = match choice.mode.as_str() {
            "hotseat" => Mode::Hotseat,
            "demo" => Mode::Demo { level },
            _ => {
                let human = match choice.side.as_str() {
                    "white" => Colour::White,
                    "random" if random % 2 == 1 => Colour::White,
                    _ => Colour::Black,
                };
                Mode::VsAi { human, level }
            }
        };
        self.cancel_search();
        self.forget_load();
        self.game = Game::new(rules);
        self.mode = mode;
        self.seed = random;
        self.flipped = matches!(
            mode,
            Mode::VsAi {
                human: Colour::White,
                ..
            }
        );
        self.reset_view();
        self.paused = false;
        self.settings.new_game = choice.clone();
        self.effects.push(Effect::SaveSettings);
        self.effects.push(Effect::Save);
        self.request_ai();
        Ok(())
    }

    /// Continues a saved game.
    pub fn resume(&mut self, game: Game, mode: Mode, flipped: bool, seed: u32) {
        self.cancel_search();
        self.forget_load();
        self.game = game;
        self.mode = mode;
        self.flipped = flipped;
        self.seed = seed;
        self.reset_view();
        self.request_ai();
    }

    /// Continues from a pasted or opened game record or FEN (a FEN keeps the current rules).
    /// Text that holds no moves and no position (empty, a blank record, only comments) is
    /// refused: it would replace the game with nothing. A load can be undone ([`App::undo`]).
    pub fn load_text(&mut self, text: &str) -> Result<(), LoadError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(LoadError::Nothing);
        }
        let game = match Record::parse(text) {
            Ok(record) => {
                let game = record.game;
                let standard_start = Position::start(game.rules());
                if game.moves().is_empty() && *game.start_position() == standard_start {
                    return Err(LoadError::Nothing);
                }
                game
            }
            Err(record_error) => {
                let looks_like_fen =
                    text.contains('/') && !text.contains('[') && !text.contains('.');
                match Game::from_fen(text, *self.game.rules()) {
                    Ok(game) => game,
                    Err(fen_error) if looks_like_fen => {
                        return Err(LoadError::Unreadable(
                            self.texts.render(&texts::position_error(&fen_error)),
                        ))
                    }
                    Err(_) => {
                        return Err(LoadError::Unreadable(
                            self.texts.render(&texts::record_error(&record_error)),
                        ))
                    }
                }
            }
        };
        let mode = self.mode;
        self.replace_with(Snapshot {
            game,
            mode,
            flipped: self.flipped,
            seed: self.seed,
        });
        Ok(())
    }

    /// Plays `loaded` instead of the game now (a load, or a game saved by another tab); the
    /// game it replaces comes back with [`App::undo`] until the player moves.
    pub fn replace_with(&mut self, loaded: Snapshot) {
        let previous = self.snapshot();
        self.restore(loaded);
        self.replaced = Some(previous);
        self.unloaded = None;
    }

    /// The game as it stands, to keep or to bring back.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            game: self.game.clone(),
            mode: self.mode,
            flipped: self.flipped,
            seed: self.seed,
        }
    }

    fn restore(&mut self, snapshot: Snapshot) {
        self.cancel_search();
        self.game = snapshot.game;
        self.mode = snapshot.mode;
        self.flipped = snapshot.flipped;
        self.seed = snapshot.seed;
        self.reset_view();
        self.paused = false;
        self.effects.push(Effect::Save);
        self.request_ai();
    }

    /// The game a load replaced, while undo would bring it back.
    pub fn replaced(&self) -> Option<&Snapshot> {
        self.replaced.as_ref()
    }

    fn forget_load(&mut self) {
        self.replaced = None;
        self.unloaded = None;
    }

    fn reset_view(&mut self) {
        self.viewing = None;
        self.selected = None;
        self.hint = None;
    }

    /// The position on the board (the viewed one, or the game's).
    pub fn shown_position(&self) -> &Position {
        match self.viewing {
            Some(ply) => &self.game.positions()[ply],
            None => self.game.position(),
        }
    }

    /// The move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<Move> {
        let ply = self.viewing.unwrap_or(self.game.moves().len());
        ply.checked_sub(1).map(|i| self.game.moves()[i])
    }

    /// Whether the AI plays the side to move.
    pub fn is_ai_turn(&self) -> bool {
        match self.mode {
            Mode::VsAi { human, .. } => self.game.position().side_to_move() != human.side(),
            Mode::Hotseat => false,
            Mode::Demo { .. } => true,
        }
    }

    /// Whether a player may move now.
    pub fn human_can_move(&self) -> bool {
        self.viewing.is_none() && self.game.outcome().is_none() && !self.is_ai_turn()
    }

    /// Whether the player may pick up the animal on `square`.
    pub fn movable(&self, square: Square) -> bool {
        self.human_can_move()
            && self
                .game
                .position()
                .piece_at(square)
                .is_some_and(|p| p.side == self.game.position().side_to_move())
    }

    /// Where the selected animal may go.
    pub fn destinations(&self) -> Vec<Square> {
        match self.selected {
            Some(from) if self.human_can_move() => self
                .game
                .legal_moves()
                .iter()
                .filter(|m| m.from == from)
                .map(|m| m.to)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Selects the animal on `square`.
    pub fn select(&mut self, square: Square) {
        if self.movable(square) {
            self.selected = Some(square);
        }
    }

    /// Drops the selection.
    pub fn deselect(&mut self) {
        self.selected = None;
    }

    /// Why a press on `square` picks nothing up (nothing is selected, and the square holds no
    /// animal the player may move now), in the reader's language, for a toast and screen readers.
    pub fn why_not_movable(&self, square: Square) -> String {
        let position = self.game.position();
        if let Some(outcome) = self.game.outcome() {
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
        let mover = position.side_to_move();
        match position.piece_at(square) {
            Some(piece) if piece.side != mover => self.texts.format(
                "refuse.notYours",
                &[
                    ("piece", &self.texts.render(&texts::piece(piece))),
                    ("side", &self.side_name(mover)),
                ],
            ),
            _ => self
                .texts
                .format("refuse.pickFirst", &[("side", &self.side_name(mover))]),
        }
    }

    /// The player tried a move the selection cannot make: say which rule forbids it.
    pub fn attempt(&mut self, from: Square, to: Square) {
        let m = Move::new(from, to);
        match self.game.check_move(m) {
            Ok(()) => self.play_human(m, true),
            Err(e) => self.refuse(&e),
        }
    }

    fn refuse(&mut self, error: &IllegalMove) {
        let reason = self.texts.render(&texts::illegal_move(error));
        let message = self.texts.format("illegal.prefix", &[("message", &reason)]);
        self.effects.push(Effect::Toast(message.clone()));
        self.effects.push(Effect::Announce(message));
        self.effects.push(Effect::Sound(Sound::Illegal));
    }

    /// The player moves (by click, drag or keyboard); `animate` when the token did not travel
    /// with the pointer.
    pub fn play_human(&mut self, m: Move, animate: bool) {
        if self.viewing.is_some() {
            self.viewing = None;
            return;
        }
        if !self.human_can_move() {
            return;
        }
        match self.game.check_move(m) {
            Ok(()) => {
                // The player moved on: a load is no longer the last thing to undo, and a
                // refusal or a wrong try shown over the board no longer applies.
                self.forget_load();
                self.effects.push(Effect::ClearToast);
                self.play(m, animate)
            }
            Err(e) => {
                self.selected = if self.movable(m.from) {
                    Some(m.from)
                } else {
                    None
                };
                self.refuse(&e);
            }
        }
    }

    fn play(&mut self, m: Move, animate: bool) {
        let before = *self.game.position();
        if self.game.play(m).is_err() {
            return;
        }
        let mover = before.piece_at(m.from);
        let captured = before.piece_at(m.to);
        if animate {
            self.effects.push(Effect::Animate {
                from: m.from,
                to: m.to,
                captured,
            });
        }
        let outcome = self.game.outcome();
        self.effects.push(Effect::Sound(match (outcome, captured) {
            (
                Some(Outcome::Win {
                    reason: WinReason::DenEntered,
                    ..
                }),
                _,
            ) => Sound::Den,
            (Some(_), _) => Sound::End,
            (None, Some(_)) => Sound::Capture,
            (None, None) => Sound::Move,
        }));
        if let Some(mover) = mover {
            let mut text = self.describe_move(mover, m, captured);
            if let Some(outcome) = outcome {
                text = format!("{text}. {}", self.result_sentence(outcome));
            }
            self.effects.push(Effect::Announce(text));
        }
        self.selected = None;
        self.hint = None;
        self.effects.push(Effect::Save);
        self.request_ai();
    }

    fn describe_move(&self, mover: Piece, m: Move, captured: Option<Piece>) -> String {
        let side = self.side_name(mover.side);
        let animal = self.texts.text(&format!("animal.{}", mover.animal.name()));
        let (from, to) = (m.from.to_string(), m.to.to_string());
        match captured {
            Some(victim) => {
                let victim = self.texts.render(&texts::piece(victim));
                self.texts.format(
                    "announce.capture",
                    &[
                        ("side", &side),
                        ("animal", &animal),
                        ("from", &from),
                        ("to", &to),
                        ("victim", &victim),
                    ],
                )
            }
            None => self.texts.format(
                "announce.move",
                &[
                    ("side", &side),
                    ("animal", &animal),
                    ("from", &from),
                    ("to", &to),
                ],
            ),
        }
    }

    /// "Black" or "White" in the page's language.
    pub fn side_name(&self, side: Side) -> String {
        self.texts.text(match side {
            Side::Black => "side.black",
            Side::White => "side.white",
        })
    }

    /// The result's headline ("You win!", "White wins", "Draw").
    pub fn result_title(&self, outcome: Outcome) -> String {
        let key = match (outcome.winner(), self.mode) {
            (None, _) => "result.draw",
            (Some(w), Mode::VsAi { human, .. }) if w == human.side() => "result.youWin",
            (Some(_), Mode::VsAi { .. }) => "result.youLose",
            (Some(Side::Black), _) => "result.blackWins",
            (Some(Side::White), _) => "result.whiteWins",
        };
        self.texts.text(key)
    }

    /// Why the game ended, as a sentence.
    pub fn result_reason(&self, outcome: Outcome) -> String {
        self.texts
            .text(&format!("reason.{}", outcome.reason_code()))
    }

    fn result_sentence(&self, outcome: Outcome) -> String {
        self.texts.format(
            "announce.result",
            &[
                ("result", &self.result_title(outcome)),
                ("reason", &self.result_reason(outcome)),
            ],
        )
    }

    /// Asks the AI to move if it is its turn and it is not already thinking.
    pub fn request_ai(&mut self) {
        if self.viewing.is_some()
            || self.game.outcome().is_some()
            || !self.is_ai_turn()
            || self.paused
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

    fn search(&mut self, level: u8, hint: bool, delay_ms: f64) {
        self.next_id += 1;
        let id = self.next_id;
        self.thinking = Some(Thinking { id, hint, depth: 0 });
        let record = Record::new(self.game.clone(), Vec::new()).to_string();
        self.effects.push(Effect::Search {
            job: SearchJob {
                id,
                record,
                level,
                seed: self.seed,
                hint,
            },
            delay_ms,
        });
    }

    fn cancel_search(&mut self) {
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
        let m = best.and_then(|text| Move::parse(text).ok());
        if thinking.hint {
            if let Some(m) = m.filter(|&m| self.human_can_move() && self.game.check_move(m).is_ok())
            {
                self.hint = Some(m);
                if let Some(piece) = self.game.position().piece_at(m.from) {
                    let animal = self.texts.text(&format!("animal.{}", piece.animal.name()));
                    let text = self.texts.format(
                        "announce.hint",
                        &[
                            ("animal", &animal),
                            ("from", &m.from.to_string()),
                            ("to", &m.to.to_string()),
                        ],
                    );
                    self.effects.push(Effect::Announce(text));
                }
            }
            return;
        }
        // The game goes on while the player looks at an earlier position.
        if let Some(m) = m.filter(|_| self.is_ai_turn()) {
            self.play(m, self.viewing.is_none());
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

    /// Whether [`App::undo`] would take something back.
    pub fn can_undo(&self) -> bool {
        if self.replaced.is_some() {
            return true;
        }
        let moves = self.game.moves().len();
        match self.mode {
            Mode::Demo { .. } => false,
            Mode::Hotseat => moves > 0,
            Mode::VsAi { human, .. } => {
                // The player's own first move must be in the history.
                let first_mover = self.game.start_position().side_to_move();
                let before_human = usize::from(first_mover != human.side());
                moves > before_human
            }
        }
    }

    /// Takes back the last move; against the AI, the player's last move and the AI's reply
    /// (or the player's move while the AI is still thinking, cancelling its search).
    pub fn undo(&mut self) {
        if let Some(previous) = self.replaced.take() {
            // Undo the load: the game it replaced comes back whole.
            let loaded = self.snapshot();
            self.restore(previous);
            self.unloaded = Some(loaded);
            let text = self.texts.text("io.loadUndone");
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
        self.game.undo();
        if let Mode::VsAi { human, .. } = self.mode {
            while self.game.position().side_to_move() != human.side() && self.game.undo().is_some()
            {
            }
        }
        self.effects.push(Effect::Save);
        self.request_ai();
    }

    /// Whether [`App::redo`] would play something again.
    pub fn can_redo(&self) -> bool {
        self.unloaded.is_some()
            || (!matches!(self.mode, Mode::Demo { .. }) && !self.game.undone_moves().is_empty())
    }

    /// Plays again what undo took back (against the AI: the player's move and the reply).
    pub fn redo(&mut self) {
        if let Some(loaded) = self.unloaded.take() {
            self.replace_with(loaded);
            return;
        }
        if !self.can_redo() {
            return;
        }
        self.forget_load();
        self.cancel_search();
        self.reset_view();
        self.game.redo();
        if let Mode::VsAi { human, .. } = self.mode {
            if self.game.position().side_to_move() != human.side() {
                self.game.redo();
            }
        }
        self.effects.push(Effect::Sound(Sound::Move));
        self.effects.push(Effect::Save);
        self.request_ai();
    }

    /// Turns the board round.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
        self.effects.push(Effect::Save);
    }

    /// Shows the position after `ply` moves (the last one: the game now).
    pub fn view(&mut self, ply: usize) {
        let ply = ply.min(self.game.moves().len());
        self.viewing = (ply < self.game.moves().len()).then_some(ply);
        self.selected = None;
        if self.viewing.is_none() {
            self.request_ai();
        }
    }

    /// Pauses or resumes the demo.
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        if self.paused {
            self.cancel_search();
        } else {
            self.request_ai();
        }
    }

    /// `playing`, `black-wins`, `white-wins` or `draw`.
    pub fn status(&self) -> &'static str {
        match self.game.outcome() {
            None => "playing",
            Some(outcome) => match outcome.winner() {
                Some(Side::Black) => "black-wins",
                Some(Side::White) => "white-wins",
                None => "draw",
            },
        }
    }

    /// The game as a record, with who played whom.
    pub fn record_text(&self) -> String {
        let name = |side: Side| match self.mode {
            Mode::VsAi { human, .. } if human.side() == side => self.texts.text("player.you"),
            Mode::VsAi { level, .. } | Mode::Demo { level } => self
                .texts
                .format("player.ai", &[("level", &level.to_string())]),
            Mode::Hotseat => self.texts.text("player.human"),
        };
        let tags = vec![
            ("Event".to_string(), "Jungle".to_string()),
            ("Black".to_string(), name(Side::Black)),
            ("White".to_string(), name(Side::White)),
        ];
        Record::new(self.game.clone(), tags).to_string()
    }

    /// The moves in the human notation, with the ply after each.
    pub fn move_texts(&self) -> Vec<String> {
        self.game
            .moves()
            .iter()
            .zip(self.game.positions())
            .map(|(&m, before)| notation::human(before, m))
            .collect()
    }
}
