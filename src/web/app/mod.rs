//! The page's state and the game flow, in plain Rust and for any game ([`WebGame`]): the game,
//! who plays whom, the selection, the position being viewed, a choice of moves offered to the
//! player, the AI's pending search, settings. Every change pushes [`Effect`]s (search, sound,
//! announcement, save…) that `page.rs` carries out in the browser.

use super::ai_worker::SearchJob;
use super::board_view::{Choice, Scene, Token};
use super::clock::{Clock, TimeControl, LOW_TIME_MS};
pub use super::game::Colour;
use super::game::{Look, Notes, WebGame};
use super::i18n::Catalogue;
use super::sound::Sound;
use crate::web::embed::Lang;
use common::texts::Text;
use serde::{Deserialize, Serialize};

mod ai;
mod history;
mod moves;

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
    /// The start (`""`: the normal one; shogi: a handicap's code).
    pub start: String,
    /// The play clock.
    pub clock: ClockChoice,
}

/// The new-game dialog's clock: off, or a time control as the dialog's fields hold it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ClockChoice {
    /// `off`, `byoyomi` or `fischer`.
    pub kind: String,
    /// The main time, minutes.
    pub minutes: u32,
    /// The byoyomi or the increment, seconds.
    pub seconds: u32,
}

impl Default for ClockChoice {
    fn default() -> Self {
        ClockChoice {
            kind: "off".into(),
            minutes: 10,
            seconds: 30,
        }
    }
}

impl ClockChoice {
    /// The time control chosen (`None`: no clock); the error says what is wrong.
    pub fn control(&self) -> Result<Option<TimeControl>, Text> {
        TimeControl::from_fields(
            &self.kind,
            &self.minutes.to_string(),
            &self.seconds.to_string(),
        )
    }
}

impl Default for NewGame {
    fn default() -> Self {
        NewGame {
            mode: "vsAi".into(),
            side: "black".into(),
            level: 2,
            rules: "standard".into(),
            start: String::new(),
            clock: ClockChoice::default(),
        }
    }
}

/// Settings that outlive a game.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Demo speed.
    pub demo_speed: DemoSpeed,
    /// The last new-game choices.
    pub new_game: NewGame,
    /// The chosen piece set (`""`: the default for the page's language).
    pub pieces: String,
    /// The chosen move notation (`""`: the game's default for the reader's language).
    pub notation: String,
    /// The chosen board (`""`: the game's first).
    pub board: String,
}

/// How often a running clock is saved between moves, ms.
const CLOCK_SAVE_MS: f64 = 5000.0;

/// The AI's answer when it declares a win instead of moving (USI's `bestmove win`).
pub const CLAIM: &str = "win";

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
    /// Animate a move: the token flies from one cell to the other.
    Animate {
        /// Start cell (a hand slot for a drop).
        from: usize,
        /// End cell.
        to: usize,
        /// The piece taken there, which fades out.
        captured: Option<Token>,
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
pub struct Snapshot<G: WebGame> {
    /// The game.
    pub game: G::Game,
    /// Who played whom.
    pub mode: Mode,
    /// Shown from the second player's side.
    pub flipped: bool,
    /// The AI's seed in that game.
    pub seed: u32,
    /// The play clock (paused), if the game has one.
    pub clock: Option<Clock>,
    /// What the game's record says besides the moves (tags, comments, times, variations).
    pub notes: Notes<G::Move>,
}

impl<G: WebGame> Clone for Snapshot<G> {
    fn clone(&self) -> Self {
        Snapshot {
            game: self.game.clone(),
            mode: self.mode,
            flipped: self.flipped,
            seed: self.seed,
            clock: self.clock.clone(),
            notes: self.notes.clone(),
        }
    }
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

/// Moves the player must choose between, offered on their square (a promotion the rules leave
/// to the player).
#[derive(Clone, PartialEq, Debug)]
pub struct Offer<M> {
    /// Where the moves start.
    pub from: usize,
    /// Where they end.
    pub to: usize,
    /// The moves, in the order offered.
    pub moves: Vec<M>,
    /// The piece was dragged there (no animation when the choice is made).
    pub dropped: bool,
}

/// The page's state.
pub struct App<G: WebGame> {
    /// The messages.
    pub texts: Catalogue,
    /// The game.
    pub game: G::Game,
    /// Who plays whom.
    pub mode: Mode,
    /// Settings.
    pub settings: Settings,
    /// The page's language.
    pub lang: Lang,
    /// The board is shown from the second player's side.
    pub flipped: bool,
    /// Seed of the AI's randomness for this game.
    pub seed: u32,
    /// The number of plies shown when looking at an earlier position (`None`: the game now).
    pub viewing: Option<usize>,
    /// The selected cell (a square or a hand slot).
    pub selected: Option<usize>,
    /// A move the player set up during the AI's turn (from, to), played as soon as the AI has
    /// moved if it is legal then.
    pub premove: Option<(usize, usize)>,
    /// Moves offered for the player to choose between.
    pub offer: Option<Offer<G::Move>>,
    /// A suggested move.
    pub hint: Option<G::Move>,
    /// The AI's search in progress.
    pub thinking: Option<Thinking>,
    /// The demo is paused.
    pub paused: bool,
    /// Effects waiting for the page.
    pub effects: Vec<Effect>,
    /// The time now, ms (`performance.now()`, set by the page before each event): what the
    /// clock reads.
    pub now: f64,
    /// The play clock, if the game has one.
    pub clock: Option<Clock>,
    /// What the game's record says besides the moves: a loaded record's tags, comments,
    /// times and variations, and the times the clock gave the moves played here.
    pub notes: Notes<G::Move>,
    /// Each side was told its time is nearly up (once per game).
    low_time_told: [bool; 2],
    /// When the running clock was last saved.
    clock_saved_at: f64,
    next_id: u32,
    /// The game a load replaced, while undoing the load is the natural next step (until the
    /// player moves, starts, undoes or loads again).
    replaced: Option<Snapshot<G>>,
    /// The loaded game that undoing the load put aside (redo loads it again).
    unloaded: Option<Snapshot<G>>,
    /// Whether [`App::replaced`] holds a game that a new game replaced (not a load).
    replaced_by_new_game: bool,
}

impl<G: WebGame> App<G> {
    /// A page with the settings and a new two-player game under the default rules; the page
    /// then resumes a saved game or calls [`App::start_new`].
    pub fn new(texts: Catalogue, settings: Settings, random: u32) -> App<G> {
        let game = G::new_game(G::DEFAULT_RULES, "")
            .unwrap_or_else(|_| panic!("{}: the default rules start a game", G::NAME));
        App {
            texts,
            game,
            mode: Mode::Hotseat,
            settings,
            lang: Lang::En,
            flipped: false,
            seed: random,
            viewing: None,
            selected: None,
            premove: None,
            offer: None,
            hint: None,
            thinking: None,
            paused: false,
            effects: Vec::new(),
            now: 0.0,
            clock: None,
            notes: Notes::default(),
            low_time_told: [false; 2],
            clock_saved_at: 0.0,
            next_id: 0,
            replaced: None,
            unloaded: None,
            replaced_by_new_game: false,
        }
    }

    /// How the board and the moves look to this reader.
    pub fn look(&self) -> Look {
        let chosen = |offered: &[&'static str], name: &str| {
            offered.iter().copied().find(|&choice| choice == name)
        };
        Look {
            pieces: chosen(G::PIECE_SETS, &self.settings.pieces)
                .unwrap_or_else(|| G::default_pieces(self.lang)),
            notation: chosen(G::NOTATIONS, &self.settings.notation)
                .unwrap_or_else(|| G::default_notation(self.lang)),
            board: chosen(G::BOARDS, &self.settings.board)
                .or_else(|| G::BOARDS.first().copied())
                .unwrap_or_default(),
            lang: self.lang,
        }
    }

    /// Renders a text of the rules or the game in the page's language.
    pub fn say(&self, text: &Text) -> String {
        self.texts.render(text)
    }

    /// Starts a new game with `choice` (remembered in the settings); `random` picks a random
    /// side and seeds the AI. Unknown rules or start are an error.
    pub fn start_new(&mut self, choice: &NewGame, random: u32) -> Result<(), String> {
        let game = G::new_game(&choice.rules, &choice.start).map_err(|e| self.say(&e))?;
        let control = choice.clock.control().map_err(|e| self.say(&e))?;
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
        // A game in progress is kept: undo brings it back until the player moves.
        let in_progress =
            !matches!(self.mode, Mode::Demo { .. }) && self.plies() > 0 && self.outcome().is_none();
        let previous = in_progress.then(|| self.snapshot());
        self.cancel_search();
        self.forget_load();
        self.game = game;
        self.notes = Notes::default();
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
        // The first mover's time runs from the start (docs/clocks.md).
        let turn = self.side_to_move();
        self.set_clock(control.map(|control| Clock::new(control, turn)));
        if let Some(clock) = self.clock.as_mut() {
            clock.start(self.now);
        }
        self.settings.new_game = choice.clone();
        self.effects.push(Effect::SaveSettings);
        self.effects.push(Effect::Save);
        if let Some(previous) = previous {
            self.replaced = Some(previous);
            self.replaced_by_new_game = true;
            let text = self.texts.text("newGame.started");
            self.effects.push(Effect::Toast(text.clone()));
            self.effects.push(Effect::Announce(text));
        }
        self.request_ai();
        Ok(())
    }

    /// Continues a game without a clock (the embed's).
    pub fn resume(&mut self, game: G::Game, mode: Mode, flipped: bool, seed: u32) {
        self.resume_saved(Snapshot {
            game,
            mode,
            flipped,
            seed,
            clock: None,
            notes: Notes::default(),
        });
    }

    /// Continues a saved game (its clock, if any, paused until the player resumes it).
    pub fn resume_saved(&mut self, saved: Snapshot<G>) {
        self.cancel_search();
        self.forget_load();
        self.game = saved.game;
        self.notes = saved.notes;
        self.mode = saved.mode;
        self.flipped = saved.flipped;
        self.seed = saved.seed;
        self.set_clock(saved.clock);
        self.reset_view();
        self.request_ai();
    }

    /// Gives the game `clock` (paused), forgetting the low-time warnings.
    fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
        if let Some(clock) = self.clock.as_mut() {
            clock.pause(self.now);
        }
        self.low_time_told = [false; 2];
        self.clock_saved_at = self.now;
    }

    /// Whether the game has a clock that is stopped while the game goes on (after a reload,
    /// or paused by the player): the page offers to resume it.
    pub fn clock_paused(&self) -> bool {
        self.outcome().is_none() && self.clock.as_ref().is_some_and(|c| !c.is_running())
    }

    /// The player pauses or resumes the clock (the AI waits while it is paused).
    pub fn toggle_clock(&mut self) {
        if self.outcome().is_some() {
            return;
        }
        let now = self.now;
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if clock.is_running() {
            clock.pause(now);
            self.cancel_search();
        } else {
            clock.start(now);
            self.request_ai();
        }
        self.effects.push(Effect::Save);
    }

    /// The page's clock tick: a flag that fell ends the game on time; a side nearly out of time
    /// is told once; a running clock is saved every few seconds (a reload loses little).
    pub fn tick(&mut self) {
        if self.check_flag() {
            return;
        }
        let now = self.now;
        let Some(clock) = self.clock.as_ref().filter(|c| c.is_running()) else {
            return;
        };
        let side = clock.turn();
        let left = clock.reading(side, now).shown_ms();
        if left < LOW_TIME_MS && !self.low_time_told[side.index()] {
            self.low_time_told[side.index()] = true;
            let text = self.texts.format(
                "clock.lowTime",
                &[("side", &self.side_name(side)), ("seconds", "10")],
            );
            self.effects.push(Effect::Announce(text));
        }
        if now - self.clock_saved_at >= CLOCK_SAVE_MS {
            self.clock_saved_at = now;
            self.effects.push(Effect::Save);
        }
    }

    /// Ends the game on time if the side to move's time is up (returns whether it did).
    fn check_flag(&mut self) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        let Some(side) = self.clock.as_ref().and_then(|c| c.flagged(self.now)) else {
            return false;
        };
        self.cancel_search();
        self.forget_load();
        self.offer = None;
        self.selected = None;
        if G::lose_on_time(&mut self.game, side) {
            self.game_ended();
        }
        true
    }

    /// Continues from a pasted or opened game record or position (a position keeps the current
    /// rules), with what the record says besides the moves ([`Notes`]). Text that holds no
    /// moves and no position (empty, a blank record, only comments) is refused: it would
    /// replace the game with nothing. A load can be undone ([`App::undo`]).
    pub fn load_text(&mut self, text: &str) -> Result<(), LoadError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(LoadError::Nothing);
        }
        let game = match G::read(text, &self.game) {
            Ok(Some(game)) => game,
            Ok(None) => return Err(LoadError::Nothing),
            Err(error) => return Err(LoadError::Unreadable(self.say(&error))),
        };
        let mode = self.mode;
        // A loaded record carries no clock: the game goes on without one.
        self.replace_with(Snapshot {
            game,
            mode,
            flipped: self.flipped,
            seed: self.seed,
            clock: None,
            notes: G::read_notes(text),
        });
        Ok(())
    }

    /// Plays `loaded` instead of the game now (a load, or a game saved by another tab); the
    /// game it replaces comes back with [`App::undo`] until the player moves.
    pub fn replace_with(&mut self, loaded: Snapshot<G>) {
        let previous = self.snapshot();
        self.restore(loaded);
        self.replaced = Some(previous);
        self.replaced_by_new_game = false;
        self.unloaded = None;
    }

    /// The game as it stands, to keep or to bring back.
    pub fn snapshot(&self) -> Snapshot<G> {
        Snapshot {
            game: self.game.clone(),
            mode: self.mode,
            flipped: self.flipped,
            seed: self.seed,
            clock: self.saved_clock(),
            notes: self.notes.clone(),
        }
    }

    /// The clock as a save keeps it: paused now, with the time spent on this move.
    pub fn saved_clock(&self) -> Option<Clock> {
        let mut clock = self.clock.clone()?;
        clock.pause(self.now);
        Some(clock)
    }

    fn restore(&mut self, snapshot: Snapshot<G>) {
        self.cancel_search();
        self.game = snapshot.game;
        self.notes = snapshot.notes;
        self.mode = snapshot.mode;
        self.flipped = snapshot.flipped;
        self.seed = snapshot.seed;
        self.set_clock(snapshot.clock);
        self.reset_view();
        self.paused = false;
        self.effects.push(Effect::Save);
        self.request_ai();
    }

    /// The game a load (or a new game) replaced, while undo would bring it back.
    pub fn replaced(&self) -> Option<&Snapshot<G>> {
        self.replaced.as_ref()
    }

    fn forget_load(&mut self) {
        self.replaced = None;
        self.unloaded = None;
    }

    fn reset_view(&mut self) {
        self.viewing = None;
        self.selected = None;
        self.offer = None;
        self.hint = None;
    }

    /// The position on the board (the viewed one, or the game's).
    pub fn shown_position(&self) -> &G::Position {
        match self.viewing {
            Some(ply) => &G::positions(&self.game)[ply],
            None => G::position(&self.game),
        }
    }

    /// The cells of the move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<(usize, usize)> {
        let moves = G::moves(&self.game);
        let ply = self.viewing.unwrap_or(moves.len());
        let index = ply.checked_sub(1)?;
        Some(G::move_cells(
            &G::positions(&self.game)[index],
            moves[index],
        ))
    }

    /// The side to move now.
    pub fn side_to_move(&self) -> Colour {
        G::side_to_move(G::position(&self.game))
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<G::Outcome> {
        G::outcome(&self.game)
    }

    /// The number of moves played.
    pub fn plies(&self) -> usize {
        G::moves(&self.game).len()
    }

    /// Whether the AI plays the side to move.
    pub fn is_ai_turn(&self) -> bool {
        match self.mode {
            Mode::VsAi { human, .. } => self.side_to_move() != human,
            Mode::Hotseat => false,
            Mode::Demo { .. } => true,
        }
    }

    /// Whether a player may move now.
    pub fn human_can_move(&self) -> bool {
        self.viewing.is_none() && self.outcome().is_none() && !self.is_ai_turn()
    }

    /// A player's name in the page's language ("Black", "Sente").
    pub fn side_name(&self, side: Colour) -> String {
        self.say(&G::side_text(side))
    }

    /// The result's headline ("You win!", "White wins", "Draw").
    pub fn result_title(&self, outcome: G::Outcome) -> String {
        let key = match (G::winner(outcome), self.mode) {
            (None, _) => "result.draw",
            (Some(w), Mode::VsAi { human, .. }) if w == human => "result.youWin",
            (Some(_), Mode::VsAi { .. }) => "result.youLose",
            (Some(Colour::Black), _) => "result.blackWins",
            (Some(Colour::White), _) => "result.whiteWins",
        };
        self.texts.text(key)
    }

    /// Why the game ended, as a sentence.
    pub fn result_reason(&self, outcome: G::Outcome) -> String {
        self.say(&G::reason_text(outcome))
    }

    fn result_sentence(&self, outcome: G::Outcome) -> String {
        self.texts.format(
            "announce.result",
            &[
                ("result", &self.result_title(outcome)),
                ("reason", &self.result_reason(outcome)),
            ],
        )
    }

    /// `playing`, `black-wins`, `white-wins` or `draw`.
    pub fn status(&self) -> &'static str {
        match self.outcome() {
            None => "playing",
            Some(outcome) => match G::winner(outcome) {
                Some(Colour::Black) => "black-wins",
                Some(Colour::White) => "white-wins",
                None => "draw",
            },
        }
    }

    /// The players' names as records write them where the record names nobody: the AI's
    /// level and "You" against it; between two players nobody knows their names (`""`: the
    /// record leaves them out).
    fn player_names(&self) -> [String; 2] {
        let name = |side: Colour| match self.mode {
            Mode::VsAi { human, .. } if human == side => self.texts.text("player.you"),
            Mode::VsAi { level, .. } | Mode::Demo { level } => self
                .texts
                .format("player.ai", &[("level", &level.to_string())]),
            Mode::Hotseat => String::new(),
        };
        [name(Colour::Black), name(Colour::White)]
    }

    /// The game in `format` (a code of the game's formats), as an export writes it: with what
    /// its record says besides the moves ([`App::notes`]), who played whom, and the clock's time
    /// control.
    pub fn record_in(&self, format: &str) -> String {
        let [black, white] = self.player_names();
        let clock = self.clock.as_ref().map(|clock| &clock.control);
        G::write(&self.game, format, [&black, &white], clock, &self.notes)
    }

    /// The game as a save keeps it, in the first of its formats: with its record's notes, but
    /// without the names and the time control the page derives again from the mode and the
    /// clock (saved beside it) in the reader's language.
    pub fn record_text(&self) -> String {
        G::write(&self.game, G::FORMATS[0].code, ["", ""], None, &self.notes)
    }

    /// The picture of the shown position with its last move, the selection, its destinations,
    /// the hint and a choice of moves offered, its coordinates in the page's language.
    pub fn scene(&self) -> Scene {
        let look = self.look();
        let mut scene = G::scene(self.shown_position(), &look);
        let (files, ranks) = G::coordinates();
        scene.file_labels = files.iter().map(|v| self.texts.value(v)).collect();
        scene.rank_labels = ranks.iter().map(|v| self.texts.value(v)).collect();
        scene.last_move = self.shown_last_move();
        scene.selected = self.selected;
        scene.premove = self.premove;
        scene.destinations = self.destinations();
        let position = G::position(&self.game);
        scene.hint = self.hint.map(|m| G::move_cells(position, m));
        scene.choice = self.offer.as_ref().map(|offer| Choice {
            cell: offer.to,
            options: offer
                .moves
                .iter()
                .filter_map(|&m| G::moved_token(position, m, &look))
                .collect(),
        });
        scene
    }

    /// The moves in the reader's notation.
    pub fn move_texts(&self) -> Vec<String> {
        let notation = self.look().notation;
        (0..self.plies())
            .map(|ply| G::move_text(&self.game, ply, notation))
            .collect()
    }
}
