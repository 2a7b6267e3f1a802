//! The page: wires browser events to the game flow ([`App`]), carries out its effects (AI
//! worker, sounds, announcements, saving) and keeps the DOM and the canvas in step with it.
//!
//! The board's container `#board-wrap` carries `data-fen`, `data-turn` and `data-status`; over
//! the canvas lies a grid of one element per square (`data-square="e3"`, an `aria-label`), which
//! takes pointer and keyboard input. The canvas is redrawn in an animation frame, only after
//! something changed.
//!
//! The new-game dialog is in `page/new_game.rs`, the DOM and canvas kept in step in
//! `page/render.rs`.

use super::ai_worker::{self, Reply, SearchJob};
use super::announcer::Announcer;
use super::app::{App, ClockChoice, DemoSpeed, Effect, LoadError, Mode, NewGame, Snapshot};
use super::board_controller::{
    game_intent, mark_game_squares, turn_text, BoardController, BoardEvent, Gesture,
};
use super::board_view;
use super::browser::{self, AiWorker, Audio, BrowserError, El, Event};
use super::clock::{self, TimeControl, LOW_TIME_MS};
use super::game::{Colour, FieldValue, Format, WebGame};
use super::i18n::Catalogue;
use super::input::Intent;
use super::languages;
use super::storage::{self, Keys, Loaded, SavedGame, WriteFailure, GAME_VERSION};
use crate::web::embed::Lang;
use std::any::Any;
use std::cell::RefCell;
use wasm_bindgen::JsValue;

mod new_game;
mod notices;
mod render;
mod start;
mod worker;

use start::point_analysis_at;
pub use start::start;
pub(crate) use start::{apply_static_texts, page_address};

/// How long the AI may stay silent during a search before it counts as dead, ms (level 5
/// stops after 2 s; every finished iteration reports).
const WORKER_SILENCE_MS: f64 = 15_000.0;
/// How many workers may fail in a row before the page stops starting new ones.
const MAX_WORKER_FAILURES: u32 = 3;
/// How long the resign button waits for its second press, ms.
const RESIGN_CONFIRM_MS: f64 = 4000.0;
/// How often a running clock is redrawn (and checked for a fallen flag), ms.
const CLOCK_TICK_MS: f64 = 100.0;

thread_local! {
    /// The page (a [`Page`] of the page's game).
    static PAGE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Runs `action` on the page, then brings the DOM and canvas up to date.
fn with_page<G: WebGame>(action: impl FnOnce(&mut Page<G>)) {
    PAGE.with(|cell| {
        // A busy page means a synchronous event fired by our own DOM call (focus): the outer
        // call renders anyway, so this one has nothing to add.
        if let Ok(mut slot) = cell.try_borrow_mut() {
            if let Some(page) = slot
                .as_mut()
                .and_then(|page| page.downcast_mut::<Page<G>>())
            {
                let started = browser::now_ms();
                page.app.now = started;
                action(page);
                page.settle();
                let spent = browser::now_ms() - started;
                page.stats.handler_max_ms = page.stats.handler_max_ms.max(spent);
            }
        }
    });
}

/// The page's elements that change.
struct Elements {
    wrap: El,
    board_column: El,
    status: El,
    status_text: El,
    black_player: El,
    white_player: El,
    moves: El,
    undo: El,
    redo: El,
    hint: El,
    live_button: El,
    pause: El,
    demo_controls: El,
    demo_speed: El,
    banner: El,
    banner_title: El,
    banner_reason: El,
    notice: El,
    notice_text: El,
    notice_buttons: [El; 2],
    new_game_dialog: El,
    io_dialog: El,
    io_text: El,
    io_fen: El,
    io_message: El,
    io_file: El,
    /// What only some games' pages have (shogi's): resignation, a declared win, the piece set
    /// and notation choices, the record format of the import/export dialog.
    resign: Option<El>,
    declare: Option<El>,
    pieces: Option<El>,
    notation: Option<El>,
    board_choice: Option<El>,
    io_format: Option<El>,
    /// Each side's clock (Black's first), and the button that pauses and resumes them.
    clocks: [El; 2],
    clock_toggle: El,
    /// The move list's steps: to the start, back, forward, to the last move.
    steps: [El; 4],
}

#[derive(Default)]
struct Stats {
    redraws: u32,
    last_ms: f64,
    max_ms: f64,
    total_ms: f64,
    /// The longest event handler so far (DOM work included, canvas frames not).
    handler_max_ms: f64,
}

struct Page<G: WebGame> {
    app: App<G>,
    board: BoardController,
    el: Elements,
    announcer: Announcer,
    worker: Option<AiWorker>,
    /// The job the worker is on (to ask again if it dies).
    worker_job: Option<SearchJob>,
    search_timer: Option<i32>,
    /// Fires if the worker goes silent during a search.
    watchdog: Option<i32>,
    /// Workers lost in a row (reset by an answer): past a few, the page stops retrying.
    worker_failures: u32,
    audio: Audio,
    banner_dismissed: bool,
    /// Only the canvas changed (a drag): the DOM need not be brought up to date.
    canvas_only: bool,
    shown_moves: Option<(Vec<String>, usize)>,
    stats: Stats,
    /// The player was told a save failed (once per page is enough).
    save_failure_told: bool,
    /// The import/export box shows the game's own record (a change of format rewrites it), not
    /// text of the reader's.
    io_shows_record: bool,
    /// What the notice's two buttons do (hidden when `None`).
    notice_actions: [Option<NoticeAction>; 2],
    /// Another tab saved a different game: this tab's game is saved under the aside key, so
    /// that it does not overwrite that one, until the player switches.
    saving_aside: bool,
    /// The game's storage keys.
    keys: Keys,
    /// The resign button was pressed once: a second press within a few seconds resigns (the
    /// timer that disarms it).
    resign_armed: Option<i32>,
    /// The next clock tick, while a clock runs.
    clock_timer: Option<i32>,
}

/// What a button of the notice does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NoticeAction {
    /// Play the game another tab saved (this tab's game stays aside; undo brings it back).
    OpenOtherTab,
    /// Play the game kept aside (the game now goes aside in its place; undo swaps back).
    OpenAside,
    /// Forget the game kept aside.
    DiscardAside,
}

impl NoticeAction {
    /// The button's text (a catalogue key).
    fn label(self) -> &'static str {
        match self {
            NoticeAction::OpenOtherTab => "notice.openOtherTab",
            NoticeAction::OpenAside => "notice.openAside",
            NoticeAction::DiscardAside => "notice.discardAside",
        }
    }
}

/// The fields of a save named by `keys` (catalogue keys), in the reader's language.
fn field_names<G: WebGame>(app: &App<G>, keys: &[&str]) -> String {
    keys.iter()
        .map(|key| app.texts.text(key))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether two games are the same: the same rules, start and moves.
fn same_game<G: WebGame>(a: &G::Game, b: &G::Game) -> bool {
    G::moves(a) == G::moves(b) && continues::<G>(a, b)
}

/// Whether `later` is `earlier` with (possibly) more moves played.
fn continues<G: WebGame>(earlier: &G::Game, later: &G::Game) -> bool {
    G::same_start(earlier, later) && G::moves(later).starts_with(G::moves(earlier))
}

/// A saved game as the app holds it.
fn snapshot_of<G: WebGame>(read: storage::ReadGame<G>) -> Snapshot<G> {
    Snapshot {
        game: read.game,
        mode: read.saved.mode,
        flipped: read.saved.flipped,
        seed: read.saved.seed,
        clock: read.saved.clock,
        notes: read.notes,
    }
}

#[derive(Clone, Copy)]
enum Action {
    Undo,
    Redo,
    Flip,
    Hint,
    Live,
    Pause,
    OpenNewGame,
    CloseNewGame,
    CloseBanner,
    OpenIo,
    ShowRecord,
    ViewFirst,
    ViewPrevious,
    ViewNext,
    CloseIo,
    CopyRecord,
    CopyFen,
    Download,
    OpenFile,
    Load,
    CloseNotice,
    Resign,
    Declare,
    ChoosePieces,
    ChooseBoard,
    ChooseNotation,
    ChooseFormat,
    ToggleClock,
}

impl<G: WebGame> Page<G> {
    fn act(&mut self, action: Action) {
        match action {
            Action::Undo => {
                self.app.undo();
                self.banner_dismissed = false;
            }
            Action::Redo => self.app.redo(),
            Action::Flip => {
                self.app.flip();
                self.board.mark_dirty();
            }
            Action::Hint => self.app.request_hint(),
            Action::Live => self.app.view(self.app.plies()),
            Action::Pause => self.app.toggle_pause(),
            Action::OpenNewGame => self.open_new_game(),
            Action::CloseNewGame => self.el.new_game_dialog.close(),
            Action::CloseBanner => self.banner_dismissed = true,
            // The box opens empty, for a record to paste; the game's own is one press away.
            Action::OpenIo => {
                self.el.io_text.set_value("");
                self.io_shows_record = false;
                self.el
                    .io_fen
                    .set_value(&G::position_code(G::position(&self.app.game)));
                self.io_message("", false);
                self.el.io_dialog.show_modal();
            }
            Action::ShowRecord => {
                self.el
                    .io_text
                    .set_value(&self.app.record_in(self.io_format().code));
                self.io_shows_record = true;
            }
            Action::ViewFirst => self.app.view(0),
            Action::ViewPrevious => self.step_view(-1),
            Action::ViewNext => self.step_view(1),
            Action::CloseIo => self.el.io_dialog.close(),
            Action::CopyRecord => self.copy(self.app.record_in(self.io_format().code)),
            Action::CopyFen => self.copy(G::position_code(G::position(&self.app.game))),
            Action::Download => {
                let format = self.io_format();
                let name = format!("{}-game.{}", G::NAME, format.extension);
                if let Err(message) = browser::download(&name, &self.app.record_in(format.code)) {
                    self.io_message(&message, true);
                }
            }
            Action::ChooseFormat if G::FORMATS.len() > 1 => {
                if self.io_shows_record {
                    self.el
                        .io_text
                        .set_value(&self.app.record_in(self.io_format().code));
                }
                self.io_message("", false);
            }
            Action::Resign if G::CAN_RESIGN => {
                if self.resign_armed.is_some() {
                    self.disarm_resign();
                    self.app.resign();
                    self.banner_dismissed = false;
                } else if self.app.resigning_side().is_some() {
                    self.resign_armed = Some(browser::set_timeout(
                        || with_page::<G>(|p| p.disarm_resign()),
                        RESIGN_CONFIRM_MS,
                    ));
                }
            }
            Action::Declare if G::CAN_DECLARE => {
                self.app.declare();
                self.banner_dismissed = false;
            }
            Action::ChoosePieces if G::PIECE_SETS.len() > 1 => {
                if let Some(select) = &self.el.pieces {
                    self.app.settings.pieces = select.value();
                    let saved = storage::save_settings::<G>(&self.app.settings);
                    self.tell_save_failure(saved);
                }
            }
            Action::ChooseBoard if G::BOARDS.len() > 1 => {
                if let Some(select) = &self.el.board_choice {
                    self.app.settings.board = select.value();
                    let saved = storage::save_settings::<G>(&self.app.settings);
                    self.tell_save_failure(saved);
                }
            }
            Action::ChooseNotation if G::NOTATIONS.len() > 1 => {
                if let Some(select) = &self.el.notation {
                    self.app.settings.notation = select.value();
                    self.shown_moves = None;
                    let saved = storage::save_settings::<G>(&self.app.settings);
                    self.tell_save_failure(saved);
                }
            }
            Action::OpenFile => self.el.io_file.pick_file(),
            Action::Load => {
                let text = self.el.io_text.value();
                self.load_text(&text);
            }
            Action::CloseNotice => self.hide_notice(),
            Action::ToggleClock => self.app.toggle_clock(),
            // Only the pages of games that have them listen for these.
            Action::Resign
            | Action::Declare
            | Action::ChoosePieces
            | Action::ChooseBoard
            | Action::ChooseNotation
            | Action::ChooseFormat => {}
        }
    }

    /// The record format chosen in the import/export dialog (the game's first without a choice).
    fn io_format(&self) -> &'static Format {
        let chosen = self.el.io_format.as_ref().map(El::value);
        G::FORMATS
            .iter()
            .find(|format| Some(format.code) == chosen.as_deref())
            .unwrap_or(&G::FORMATS[0])
    }

    /// The resign button asks no more for a second press.
    fn disarm_resign(&mut self) {
        if let Some(timer) = self.resign_armed.take() {
            browser::cancel_timeout(timer);
        }
    }

    fn copy(&self, text: String) {
        browser::copy_to_clipboard(&text, |ok| {
            with_page::<G>(|p| {
                let key = if ok { "io.copied" } else { "io.copyFailed" };
                let message = p.app.texts.text(key);
                p.io_message(&message, !ok);
            })
        });
    }

    fn io_message(&self, text: &str, error: bool) {
        self.el.io_message.set_text(text);
        self.el.io_message.set_class("error", error);
    }

    fn load_text(&mut self, text: &str) {
        match self.app.load_text(text) {
            Ok(()) => {
                self.banner_dismissed = false;
                self.board.stop_animation();
                let message = self.app.texts.text("io.loaded");
                self.io_message(&message, false);
                self.el.io_dialog.close();
                self.el
                    .io_fen
                    .set_value(&G::position_code(G::position(&self.app.game)));
                // The dialog is gone: say it over the board, with the way back.
                self.board.toast(&message);
                self.announce(&message);
            }
            Err(LoadError::Nothing) => {
                let message = self.app.texts.text("io.nothing");
                self.io_message(&message, true);
            }
            Err(LoadError::Unreadable(error)) => {
                let message = self.app.texts.format("io.error", &[("message", &error)]);
                self.io_message(&message, true);
            }
        }
    }

    // ------------------------------------------------------------ pointer and keyboard

    /// A pointer or key on the board. While an earlier position is shown, a press or Enter
    /// returns to the live one.
    fn board_event(&mut self, event: BoardEvent) {
        let Some(gesture) = self.board.read(&event) else {
            return;
        };
        match gesture {
            Gesture::Key(_) => self.unlock_audio(),
            // Nothing else of the page changes while a pointer moves (a drag redraws the canvas).
            Gesture::Move { .. } => self.canvas_only = true,
            _ => {}
        }
        if let Gesture::Choose(index) = gesture {
            self.app.choose(index);
            return;
        }
        // A press anywhere but on the choice offered drops it.
        if self.app.offer.is_some() && gesture.activates() {
            self.app.choose(None);
            return;
        }
        if self.app.viewing.is_some() && gesture.activates() {
            self.app.view(self.app.plies());
            return;
        }
        // A press on the board while a premove waits drops it (and does nothing else).
        if self.app.premove.is_some() && gesture.activates() {
            self.app.cancel_premove();
            return;
        }
        let from_hand = matches!(gesture, Gesture::HandKey { .. });
        let cursor_start = self.default_cursor();
        let (intent, dropped) =
            game_intent(&mut self.board, &self.app, true, gesture, cursor_start);
        self.apply(intent, dropped);
        // A piece picked from the hand by keyboard goes on the board: the cursor is there.
        if from_hand && matches!(intent, Intent::Select(_)) && self.app.selected.is_some() {
            let cell = self.default_cursor();
            self.board.move_cursor_to(cell);
        }
    }

    /// Carries out what the reader means on the board (the controller keeps the drag).
    fn apply(&mut self, intent: Intent, dropped: bool) {
        match intent {
            Intent::Select(cell) => {
                self.app.select(cell);
                self.app.announce_selection(cell);
            }
            Intent::Deselect => {
                self.app.deselect();
                let text = self.app.texts.text("announce.deselected");
                self.announce(&text);
            }
            Intent::Move(from, to) => self.app.move_between(from, to, !dropped),
            Intent::Attempt(from, to) => self.app.attempt(from, to),
            Intent::Refused(square) => {
                let text = self.app.why_not_movable(square);
                self.board.toast(&text);
                self.announce(&text);
            }
            Intent::Nothing | Intent::Drag { .. } | Intent::DragCancelled => {}
        }
    }

    /// Where the keyboard cursor starts: the selection, or the player's first animal.
    fn default_cursor(&self) -> usize {
        if let Some(selected) = self.app.selected {
            if selected < G::SHAPE.cells() {
                return selected;
            }
            // A piece from the hand: start on the first square it may go to.
            if let Some(&first) = self.app.destinations().first() {
                return first;
            }
        }
        let position = G::position(&self.app.game);
        let side = self.app.side_to_move();
        (0..G::SHAPE.cells())
            .find(|&cell| G::owner_at(position, cell) == Some(side))
            .unwrap_or(0)
    }

    fn page_key(&mut self, e: &Event) {
        let Some(press) = e.key() else { return };
        if e.from_text_field() || self.el.new_game_dialog.is_open() || self.el.io_dialog.is_open() {
            return;
        }
        let in_board = self.board.has_focus();
        let key = press.key.as_str();
        let handled = match (key, press.command) {
            ("z", true) if !press.shift => {
                self.act(Action::Undo);
                true
            }
            ("y", true) | ("Z", true) | ("z", true) => {
                self.act(Action::Redo);
                true
            }
            (_, true) => false,
            ("f" | "F", false) => {
                self.act(Action::Flip);
                true
            }
            ("h" | "H", false) => {
                self.act(Action::Hint);
                true
            }
            ("u" | "U", false) => {
                self.act(Action::Undo);
                true
            }
            ("r" | "R", false) => {
                self.act(Action::Redo);
                true
            }
            ("n" | "N", false) => {
                self.act(Action::OpenNewGame);
                true
            }
            ("ArrowLeft", false) if !in_board => {
                self.step_view(-1);
                true
            }
            ("ArrowRight", false) if !in_board => {
                self.step_view(1);
                true
            }
            ("Home", false) if !in_board => {
                self.act(Action::ViewFirst);
                true
            }
            ("End", false) if !in_board => {
                self.act(Action::Live);
                true
            }
            _ => false,
        };
        if handled && !press.alt {
            e.prevent_default();
            self.unlock_audio();
        }
    }

    /// Shows the position `step` moves after (or before) the one shown.
    fn step_view(&mut self, step: isize) {
        let shown = self.app.viewing.unwrap_or(self.app.plies());
        self.app.view(shown.saturating_add_signed(step));
    }

    fn unlock_audio(&mut self) {
        if browser::sound_on() {
            self.audio.unlock();
        }
    }

    // ------------------------------------------------------------ effects

    /// Carries out the app's effects, then updates the DOM and asks for a frame if needed.
    fn settle(&mut self) {
        let effects = std::mem::take(&mut self.app.effects);
        for effect in effects {
            self.carry_out(effect);
        }
        if !std::mem::take(&mut self.canvas_only) {
            self.render();
        }
        self.render_clocks();
        self.schedule_clock_tick();
        let scene = self.scene();
        self.board.show(scene, self.app.flipped);
        self.board.request_frame(|_| with_page::<G>(|p| p.frame()));
    }

    fn carry_out(&mut self, effect: Effect) {
        match effect {
            Effect::Search { job, delay_ms } => {
                if let Some(timer) = self.search_timer.take() {
                    browser::cancel_timeout(timer);
                }
                if delay_ms > 0.0 {
                    self.search_timer = Some(browser::set_timeout(
                        move || {
                            with_page::<G>(|p| {
                                p.search_timer = None;
                                p.post_job(job);
                            })
                        },
                        delay_ms,
                    ));
                } else {
                    self.post_job(job);
                }
            }
            Effect::CancelSearch => {
                if let Some(timer) = self.search_timer.take() {
                    browser::cancel_timeout(timer);
                }
                if self.worker_job.take().is_some() {
                    self.disarm_watchdog();
                    // The search cannot be interrupted from outside: replace the worker.
                    if let Some(worker) = self.worker.take() {
                        worker.terminate();
                    }
                    self.spawn_worker();
                }
            }
            Effect::Sound(s) => {
                if browser::sound_on() {
                    self.audio.play(s);
                }
            }
            Effect::Announce(text) => self.announce(&text),
            Effect::Toast(text) => self.board.toast(&text),
            Effect::ClearToast => self.board.clear_toast(),
            Effect::Animate { from, to, captured } => {
                self.board.animate(from, to, captured);
            }
            Effect::Save => {
                let saved = self.saved_game();
                let written = if self.saving_aside {
                    storage::save_aside::<G>(&saved)
                } else {
                    storage::save_game::<G>(&saved)
                };
                self.tell_save_failure(written);
            }
            Effect::SaveSettings => {
                let saved = storage::save_settings::<G>(&self.app.settings);
                self.tell_save_failure(saved);
            }
        }
        self.board.mark_dirty();
    }

    /// Tells screen readers `text`, after whatever they are still being told.
    fn announce(&self, text: &str) {
        self.announcer.say(text);
    }
}
