//! The embed page (`embed.html`, `embed.html?game=shogi`): one board of any game
//! ([`WebGame`]) configured by its URL (`src/web/embed/params/`), driven by the reader and by the
//! host page through `postMessage` (`src/web/embed/messages.rs`; `docs/embed.md` is the contract).
//!
//! The game flow is the game page's [`App`] (play against the AI, hotseat, undo/redo); this
//! file adds what only a frame needs: view and puzzle modes, the host's commands and the events
//! sent back. The board is drawn by `board_view` and read by `input` like on the game page.
//! `#board-wrap` carries `data-fen`, `data-plies`, `data-status`, `data-mode`, `data-puzzle`,
//! `data-marks` (the `marks` squares, comma-separated) and `data-ready` for scripts and tests.

use super::ai_worker::{self, Reply, SearchJob};
use super::announcer::Announcer;
use super::app::{App, Colour, Effect, Mode as AppMode, Settings};
use super::apply_theme;
use super::board_controller::{
    game_intent, mark_game_squares, turn_text, BoardController, BoardEvent, Gesture,
};
use super::board_view;
use super::browser::{self, AiWorker, Audio, BrowserError, El, HostMessage};
use super::game::WebGame;
use super::i18n::Catalogue;
use super::input::Intent;
use super::sound::Sound;
use crate::web::embed::params::query_value;
use crate::web::embed::{
    Applied, Button, Command, EmbedConfig, EmbedErrors, Lang, MessageError, MessageValue, Mode,
    PuzzleStep,
};
use std::any::Any;
use std::cell::RefCell;
use wasm_bindgen::JsValue;

/// The pause before the puzzle's answer, ms (so the reader sees their own move land first).
const ANSWER_MS: f64 = 450.0;
/// How many workers may fail in a row before the frame stops starting new ones.
const MAX_WORKER_FAILURES: u32 = 3;

thread_local! {
    /// The frame (an [`Embed`] of its game).
    static EMBED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// The language of a frame of `G`: `lang`, else the first of the browser's it speaks, else
/// English. A query with errors still gets its `lang` read, so that the error page speaks it.
pub fn language<G: WebGame>() -> Lang {
    let query = browser::location_search();
    let offered = |lang: &Lang| G::LANGUAGES.contains(lang);
    let asked = match EmbedConfig::<G>::parse(&query) {
        Ok(config) => config.lang,
        Err(_) => query_value(&query, "lang").and_then(|tag| Lang::parse(&tag)),
    };
    asked
        .filter(offered)
        .or_else(|| {
            browser::browser_languages()
                .iter()
                .find_map(|tag| Lang::parse(tag).filter(offered))
        })
        .unwrap_or(Lang::En)
}

/// Runs `action` on the frame, then carries out the effects and brings the DOM up to date.
fn with_embed<G: WebGame>(action: impl FnOnce(&mut Embed<G>)) {
    EMBED.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            if let Some(embed) = slot
                .as_mut()
                .and_then(|embed| embed.downcast_mut::<Embed<G>>())
            {
                action(embed);
                embed.settle();
            }
        }
    });
}

/// Where the puzzle stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Puzzle {
    /// Not a puzzle (or the host changed the position: the solution no longer applies).
    Off,
    /// `found` moves of the solution played (the reader's and the answers).
    Solving { found: usize },
    /// The board is about to answer.
    Answering { found: usize },
    /// Solved.
    Solved,
}

struct Elements {
    wrap: El,
    status: El,
    moves: El,
    buttons: Vec<(Button, El)>,
}

struct Embed<G: WebGame> {
    config: EmbedConfig<G>,
    app: App<G>,
    /// What `reset` returns to: the URL's game, or the last `setPosition`.
    reset_to: G::Game,
    puzzle: Puzzle,
    /// Whether the last puzzle move tried was wrong (until the next right one).
    puzzle_wrong: bool,
    /// The moves the host has been told about, and whether it heard the game end.
    reported: Vec<G::Move>,
    reported_over: bool,
    board: BoardController,
    el: Elements,
    announcer: Announcer,
    worker: Option<AiWorker>,
    worker_failures: u32,
    audio: Audio,
}

/// Starts a frame of `G` (the board, or the list of bad parameters) once its language (the
/// site's texts and the game's) is loaded.
pub fn start<G: WebGame>() -> Result<(), BrowserError> {
    super::languages::start_game_page_with(
        language::<G>(),
        Some(G::TEXTS),
        &[super::languages::EMBED_TEXTS],
        start_in::<G>,
    );
    Ok(())
}

/// Shows the bad parameters in the frame, in its language, instead of the board (and in the
/// console in English). The analysis frame (`mode=analysis`, another module) shows its own
/// this way too.
pub(super) fn show_errors(texts: &Catalogue, errors: &EmbedErrors) -> Result<(), BrowserError> {
    for error in &errors.0 {
        browser::log_warning(&format!("embed: {error}"));
    }
    let list = El::by_id("embed-errors")?;
    for error in &errors.0 {
        let item = El::create("li")?;
        item.set_text(&texts.render(&error.text));
        list.append(&item);
    }
    El::by_id("embed-error")?.set_flag("hidden", false);
    El::by_id("embed-board")?.set_flag("hidden", true);
    El::body()?.set_attr("data-state", "error");
    Ok(())
}

/// Posts `event` to the host page, to the origins `config` allows: under the site's name
/// (`tabula:move`), then under the protocol's first one (`jungle:move`) for hosts written for it.
pub(super) fn send_event<G: WebGame>(config: &EmbedConfig<G>, event: &crate::web::embed::Event) {
    let kinds = [Some(event.site_type()), None];
    if let Err(e) = browser::post_to_parent_as(event, &kinds, &config.event_targets()) {
        browser::log_warning(&format!("embed: cannot tell the host page: {e}"));
    }
}

/// [`start`] with the frame's `texts` (its static texts are filled).
fn start_in<G: WebGame>(lang: Lang, texts: Catalogue) -> Result<(), BrowserError> {
    let config = match EmbedConfig::<G>::parse(&browser::location_search()) {
        Ok(config) => config,
        Err(errors) => return show_errors(&texts, &errors),
    };
    for warning in &config.warnings {
        browser::log_warning(&format!("embed: {warning}"));
    }
    apply_theme(config.theme);

    let settings = Settings::default();
    let random = (browser::random() * f64::from(u32::MAX)) as u32;
    let mut app = App::<G>::new(texts, settings, random);
    // The language picks the pieces too (shogi's kanji for a Japanese reader).
    app.lang = lang;
    let game = config.game();
    let mode = match config.mode {
        Mode::Play => AppMode::VsAi {
            human: config.side,
            level: config.level,
        },
        // An analysis frame is started by the analysis module (`analysis_page::start_embed`);
        // reaching this module it is a board for two.
        Mode::Hotseat | Mode::View | Mode::Puzzle | Mode::Analysis => AppMode::Hotseat,
    };
    app.resume(
        game.clone(),
        mode,
        config.orientation == Colour::White,
        random,
    );

    let el = find_elements(&config)?;
    let board = BoardController::new(G::SHAPE, G::cell_name, G::paint)?;
    let embed = Embed {
        puzzle: if config.mode == Mode::Puzzle {
            Puzzle::Solving { found: 0 }
        } else {
            Puzzle::Off
        },
        puzzle_wrong: false,
        reported: G::moves(&game).to_vec(),
        reported_over: G::outcome(&game).is_some(),
        reset_to: game,
        config,
        app,
        board,
        el,
        announcer: Announcer::new(El::by_id("announcer")?),
        worker: None,
        worker_failures: 0,
        audio: Audio::default(),
    };
    EMBED.with(|cell| *cell.borrow_mut() = Some(Box::new(embed)));
    listen::<G>()?;
    with_embed::<G>(|embed| {
        let marks: Vec<String> = embed
            .config
            .marks
            .iter()
            .map(|&c| G::cell_name(c))
            .collect();
        embed.el.wrap.set_attr("data-marks", &marks.join(","));
        embed.el.wrap.set_attr("data-ready", "true");
        if embed.config.sound {
            embed.audio.load_later();
        }
        let ready =
            crate::web::embed::Event::ready::<G>(&embed.app.game, embed.config.id.as_deref());
        embed.send(&ready);
    });
    Ok(())
}

fn find_elements<G: WebGame>(config: &EmbedConfig<G>) -> Result<Elements, BrowserError> {
    let mut buttons = Vec::new();
    for button in Button::ALL {
        if button == Button::Moves {
            continue;
        }
        let element = El::by_id(&format!("embed-{}", button.name()))?;
        element.set_flag("hidden", !config.shows(button));
        buttons.push((button, element));
    }
    let moves = El::by_id("moves")?;
    moves.set_flag("hidden", !config.shows(Button::Moves));
    if config.controls.is_empty() {
        El::by_id("embed-controls")?.set_flag("hidden", true);
    }
    Ok(Elements {
        wrap: El::by_id("board-wrap")?,
        status: El::by_id("status-text")?,
        moves,
        buttons,
    })
}

fn listen<G: WebGame>() -> Result<(), BrowserError> {
    let Some((listening, buttons)) = EMBED.with(|cell| {
        let slot = cell.borrow();
        slot.as_ref()
            .and_then(|e| e.downcast_ref::<Embed<G>>())
            .map(|e| {
                (
                    e.board
                        .listen(|event| with_embed::<G>(|p| p.board_event(event))),
                    e.el.buttons
                        .iter()
                        .map(|(b, el)| (*b, el.clone()))
                        .collect::<Vec<_>>(),
                )
            })
    }) else {
        return Ok(());
    };
    listening?;
    for (button, element) in buttons {
        element.on("click", move |_| with_embed::<G>(|p| p.press(button)));
    }
    browser::on_window_message(|message| with_embed::<G>(|p| p.host_message(message)))?;
    // The site's theme or the system's changed (www/site.js): a frame of `theme=auto` follows.
    browser::on_site_settings(|| {
        with_embed::<G>(|p| {
            apply_theme(p.config.theme);
            p.board.mark_dirty();
        })
    })?;
    Ok(())
}

impl<G: WebGame> Embed<G> {
    // ------------------------------------------------------------ the reader

    /// Whether the reader may pick up animals now (the app decides the rest: whose turn).
    fn reader_may_move(&self) -> bool {
        match self.config.mode {
            Mode::View => false,
            Mode::Puzzle => match self.puzzle {
                Puzzle::Solving { found } => {
                    found % 2 == 0
                        && G::side_to_move(G::position(&self.app.game)) == self.config.side
                }
                Puzzle::Off => true,
                Puzzle::Answering { .. } | Puzzle::Solved => false,
            },
            Mode::Play | Mode::Hotseat | Mode::Analysis => true,
        }
    }

    /// Why a press on `square` picks nothing up: this board's own reasons (a board for viewing,
    /// a puzzle answering or solved), else the game's.
    fn why_not_movable(&self, square: usize) -> String {
        let texts = &self.app.texts;
        match (self.config.mode, self.puzzle) {
            (Mode::View, _) => texts.text("refuse.viewOnly"),
            (Mode::Puzzle, Puzzle::Solved) => texts.text("embed.puzzleSolved"),
            (Mode::Puzzle, Puzzle::Answering { .. }) => texts.text("refuse.wait"),
            _ => self.app.why_not_movable(square),
        }
    }

    /// A pointer or key on the board.
    fn board_event(&mut self, event: BoardEvent) {
        let Some(gesture) = self.board.read(&event) else {
            return;
        };
        if matches!(gesture, Gesture::Press { .. }) && self.config.sound {
            self.audio.unlock();
        }
        if let Gesture::Choose(index) = gesture {
            self.choose(index);
            return;
        }
        // A press anywhere but on the choice offered drops it.
        if self.app.offer.is_some() && gesture.activates() {
            self.choose(None);
            return;
        }
        // A press on the board while a premove waits drops it (and does nothing else).
        if self.app.premove.is_some() && gesture.activates() {
            self.app.cancel_premove();
            return;
        }
        let may_move = self.reader_may_move();
        let (intent, dropped) = game_intent(&mut self.board, &self.app, may_move, gesture, 0);
        match intent {
            Intent::Select(square) => self.app.select(square),
            Intent::Deselect => {
                self.app.deselect();
                let text = self.app.texts.text("announce.deselected");
                self.announcer.say(&text);
            }
            Intent::Refused(square) => {
                let text = self.why_not_movable(square);
                self.app.effects.push(Effect::Toast(text.clone()));
                self.app.effects.push(Effect::Announce(text));
            }
            Intent::Move(from, to) if matches!(self.puzzle, Puzzle::Solving { .. }) => {
                // The puzzle judges the move before it is played; a choice (a promotion) is
                // offered first, and judged once made.
                match self.app.moves_between(from, to).as_slice() {
                    [] => self.app.attempt(from, to),
                    [only] => self.reader_move(*only),
                    _ => self.app.offer_moves(from, to, !dropped),
                }
            }
            Intent::Move(from, to) => {
                self.app.move_between(from, to, !dropped);
                self.report(None);
            }
            Intent::Attempt(from, to) => {
                // Illegal: the rules say why.
                self.app.attempt(from, to);
                self.report(None);
            }
            Intent::Nothing | Intent::Drag { .. } | Intent::DragCancelled => {}
        }
    }

    /// The reader picked choice `index` of the moves offered (`None`: none).
    fn choose(&mut self, index: Option<usize>) {
        let chosen = index.and_then(|i| self.app.offer.as_ref()?.moves.get(i).copied());
        match chosen {
            Some(m) if matches!(self.puzzle, Puzzle::Solving { .. }) => {
                self.app.offer = None;
                self.reader_move(m);
            }
            _ => {
                self.app.choose(index);
                self.report(None);
            }
        }
    }

    /// The reader's legal move while a puzzle is being solved: checked against the solution.
    fn reader_move(&mut self, m: G::Move) {
        let Puzzle::Solving { found } = self.puzzle else {
            return;
        };
        match self.config.puzzle_step(found, &self.app.game, m) {
            PuzzleStep::Wrong => {
                self.app.deselect();
                self.puzzle_wrong = true;
                let why = G::puzzle_wrong_text(&self.app.game, m)
                    .map(|why| self.app.say(&why))
                    .unwrap_or_default();
                let text = self
                    .app
                    .texts
                    .format("embed.puzzleWrongWhy", &[("why", &why)]);
                let text = if why.is_empty() {
                    self.app.texts.text("embed.puzzleWrong")
                } else {
                    text
                };
                self.app.effects.push(Effect::Toast(text.clone()));
                self.app.effects.push(Effect::Announce(text));
                self.app.effects.push(Effect::Sound(Sound::Illegal));
            }
            PuzzleStep::Right { reply, solved } => {
                self.puzzle_wrong = false;
                self.app.play_human(m, true);
                self.report(None);
                if solved || G::outcome(&self.app.game).is_some() {
                    self.puzzle = Puzzle::Solved;
                    let text = self.app.texts.text("embed.puzzleSolved");
                    self.app.effects.push(Effect::Announce(text));
                } else if let Some(reply) = reply {
                    self.puzzle = Puzzle::Answering { found: found + 1 };
                    browser::set_timeout(move || with_embed::<G>(|p| p.answer(reply)), ANSWER_MS);
                } else {
                    self.puzzle = Puzzle::Solving { found: found + 1 };
                }
            }
        }
    }

    /// The puzzle's answer to the reader's right move.
    fn answer(&mut self, reply: G::Move) {
        let Puzzle::Answering { found } = self.puzzle else {
            return; // the host or the reader changed the board meanwhile
        };
        self.app.play_human(reply, true);
        self.puzzle = Puzzle::Solving { found: found + 1 };
        self.report(None);
    }

    fn press(&mut self, button: Button) {
        if self.config.sound {
            self.audio.unlock();
        }
        match button {
            Button::Undo if self.config.mode == Mode::Puzzle => self.reset(),
            Button::Undo => {
                self.app.undo();
                self.report(Some("undo"));
            }
            Button::Redo => {
                self.app.redo();
                self.report(Some("redo"));
            }
            Button::Flip => self.app.flip(),
            Button::Reset => self.reset(),
            Button::Hint => match self.puzzle {
                Puzzle::Solving { found } if self.reader_may_move() => {
                    self.app.hint = self.config.solution.get(found).copied();
                }
                Puzzle::Off => self.app.request_hint(),
                _ => {}
            },
            Button::New => {
                let Ok(game) = G::new_game(&self.config.rules, "") else {
                    return;
                };
                self.replace_game(game);
                self.puzzle = Puzzle::Off;
                self.report(Some("new"));
            }
            Button::Moves => {}
        }
    }

    /// Back to the starting position (the URL's, or the last `setPosition`'s).
    fn reset(&mut self) {
        self.replace_game(self.reset_to.clone());
        if self.config.mode == Mode::Puzzle {
            self.puzzle = Puzzle::Solving { found: 0 };
            self.puzzle_wrong = false;
        }
        self.report(Some("reset"));
    }

    /// Shows `game` instead, stopping the AI's search; the AI moves if it is its turn.
    fn replace_game(&mut self, game: G::Game) {
        self.stop_search();
        self.app.game = game;
        self.app.selected = None;
        self.app.hint = None;
        self.app.request_ai();
    }

    fn stop_search(&mut self) {
        if self.app.thinking.take().is_some() {
            self.app.effects.push(Effect::CancelSearch);
        }
    }

    // ------------------------------------------------------------ the host page

    fn host_message(&mut self, message: HostMessage) {
        let value = match browser::from_js::<MessageValue>(message.data) {
            Ok(value) => value,
            Err(_) => return, // not a message shape of ours (a transferable, a function…)
        };
        let command = match Command::<G>::from_value(&value) {
            Ok(command) => command,
            Err(MessageError::NotForUs) => return,
            Err(e) => {
                browser::log_warning(&format!("embed: message ignored: {e}"));
                return;
            }
        };
        if !message.from_parent {
            browser::log_warning("embed: a command from a window other than the parent ignored");
            return;
        }
        if !self.config.accepts_origin(&message.origin) {
            browser::log_warning(&format!(
                "embed: a command from {} ignored: the origin parameter does not list it",
                message.origin
            ));
            return;
        }
        let mut game = self.app.game.clone();
        match command.apply(&mut game, &mut self.reset_to) {
            Err(e) => browser::log_warning(&format!("embed: message ignored: {e}")),
            Ok(Applied::Flip) => self.app.flip(),
            Ok(applied) => {
                self.replace_game(game);
                match applied {
                    Applied::NewPosition => {
                        self.puzzle = Puzzle::Off;
                        self.report(Some("setPosition"));
                    }
                    Applied::Played(_) => {
                        self.puzzle = Puzzle::Off;
                        self.report(None);
                    }
                    Applied::Undone(_) => {
                        self.puzzle = Puzzle::Off;
                        self.report(Some("undo"));
                    }
                    Applied::Reset => {
                        if self.config.mode == Mode::Puzzle {
                            self.puzzle = Puzzle::Solving { found: 0 };
                        }
                        self.report(Some("reset"));
                    }
                    Applied::Flip => {}
                }
            }
        }
    }

    /// Tells the host what changed since it was last told: a `move` per new move (and
    /// `gameover` when one ended the game), or with a `cause`, one `position` event.
    fn report(&mut self, cause: Option<&str>) {
        let game = &self.app.game;
        let id = self.config.id.clone();
        let mut events = Vec::new();
        let moves = G::moves(game);
        let extends = moves.len() > self.reported.len() && moves.starts_with(&self.reported);
        match cause {
            None if extends => {
                for ply in self.reported.len()..moves.len() {
                    events.push(crate::web::embed::Event::played::<G>(
                        game,
                        id.as_deref(),
                        ply,
                    ));
                }
            }
            None if moves == self.reported.as_slice() => {}
            _ => events.push(crate::web::embed::Event::position::<G>(
                game,
                id.as_deref(),
                cause.unwrap_or("setPosition"),
            )),
        }
        let over = G::outcome(game).is_some();
        if over && !self.reported_over && (cause.is_none() || extends) {
            events.extend(crate::web::embed::Event::game_over::<G>(
                game,
                id.as_deref(),
            ));
        }
        self.reported = moves.to_vec();
        self.reported_over = over;
        for event in events {
            self.send(&event);
        }
    }

    fn send(&self, event: &crate::web::embed::Event) {
        send_event(&self.config, event);
    }

    // ------------------------------------------------------------ effects and the AI

    fn settle(&mut self) {
        let effects = std::mem::take(&mut self.app.effects);
        for effect in effects {
            self.carry_out(effect);
        }
        self.render();
        let scene = self.scene();
        self.board.show(scene, self.app.flipped);
        self.board.request_frame(|_| with_embed::<G>(|p| p.frame()));
    }

    fn carry_out(&mut self, effect: Effect) {
        match effect {
            Effect::Search { job, .. } => self.post_job(job),
            Effect::CancelSearch => {
                // The search cannot be interrupted from outside: replace the worker.
                if let Some(worker) = self.worker.take() {
                    worker.terminate();
                }
            }
            Effect::Sound(s) => {
                if self.config.sound {
                    self.audio.play(s);
                }
            }
            Effect::Announce(text) => self.announcer.say(&text),
            Effect::Toast(text) => self.board.toast(&text),
            Effect::ClearToast => self.board.clear_toast(),
            // The frame neither animates nor saves: its game belongs to the host's page.
            Effect::Animate { .. } | Effect::Save | Effect::SaveSettings => {}
        }
        self.board.mark_dirty();
    }

    fn post_job(&mut self, job: SearchJob) {
        if self.worker.is_none() {
            let spawned = AiWorker::spawn(
                &ai_worker::worker_url::<G>(),
                |message| with_embed::<G>(|p| p.worker_message(message)),
                || with_embed::<G>(|p| p.worker_died()),
            );
            match spawned {
                Ok(worker) => self.worker = Some(worker),
                Err(message) => browser::log_error(&format!("cannot start the AI: {message}")),
            }
        }
        if let Some(worker) = &self.worker {
            if let Err(message) = worker.post(&job) {
                browser::log_error(&format!("cannot reach the AI: {message}"));
            }
        }
    }

    fn worker_message(&mut self, message: JsValue) {
        match Reply::read(message) {
            Ok(Reply::BestMove { id, best, .. }) => {
                self.worker_failures = 0;
                self.app.ai_answer(id, best.as_deref());
                self.report(None);
            }
            Ok(Reply::Info { id, depth, .. }) => self.app.ai_info(id, depth),
            Ok(Reply::Crashed { message }) => {
                browser::log_warning(&format!("the AI worker failed: {message}"));
                self.worker_died();
            }
            Ok(Reply::Ready) => self.el.wrap.set_attr("data-ai", "ready"),
            Ok(Reply::Failed { id, message }) => {
                browser::log_error(&format!("the AI could not read job {id}: {message}"))
            }
            Err(message) => {
                browser::log_error(&format!("unexpected message from the AI: {message}"))
            }
        }
    }

    fn worker_died(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        self.worker_failures += 1;
        if self.worker_failures > MAX_WORKER_FAILURES {
            browser::log_error("the AI worker keeps failing; giving up");
            self.el.wrap.set_attr("data-ai", "failed");
            return;
        }
        self.app.ai_restarted();
    }

    // ------------------------------------------------------------ the DOM and the canvas

    fn render(&mut self) {
        let app = &self.app;
        let game = &app.game;
        let position = G::position(game);
        let wrap = &self.el.wrap;
        wrap.set_attr("data-fen", &G::position_code(position));
        wrap.set_attr("data-plies", &G::moves(game).len().to_string());
        wrap.set_attr("data-turn", G::side_to_move(position).name());
        wrap.set_attr("data-status", app.status());
        wrap.set_attr("data-mode", self.config.mode.name());
        let thinking = app.thinking.is_some_and(|t| !t.hint);
        wrap.set_attr("data-thinking", if thinking { "true" } else { "false" });
        let puzzle = match self.puzzle {
            Puzzle::Off => "off",
            Puzzle::Solved => "solved",
            _ if self.puzzle_wrong => "wrong",
            _ => "solving",
        };
        wrap.set_attr("data-puzzle", puzzle);

        let status = if self.puzzle == Puzzle::Solved {
            app.texts.text("embed.puzzleSolved")
        } else if let Some(outcome) = G::outcome(game) {
            format!(
                "{} · {}",
                app.result_title(outcome),
                app.result_reason(outcome)
            )
        } else if thinking {
            app.texts.text("turn.thinking")
        } else if matches!(
            self.puzzle,
            Puzzle::Solving { .. } | Puzzle::Answering { .. }
        ) {
            app.texts.format(
                "embed.puzzleFind",
                &[("side", &app.side_name(self.config.side))],
            )
        } else if self.config.mode == Mode::View {
            let shown = G::moves(game).len();
            app.texts.format(
                "turn.viewing",
                &[
                    ("ply", &shown.to_string()),
                    ("total", &(shown + G::undone_moves(game).len()).to_string()),
                ],
            )
        } else {
            turn_text(app)
        };
        self.el.status.set_text(&status);

        for (button, element) in &self.el.buttons {
            let enabled = match button {
                Button::Undo => {
                    if self.config.mode == Mode::Puzzle {
                        G::moves(game).len() > G::moves(&self.reset_to).len()
                    } else {
                        app.can_undo()
                    }
                }
                Button::Redo => app.can_redo(),
                Button::Hint => {
                    self.reader_may_move() && app.human_can_move() && app.thinking.is_none()
                }
                _ => true,
            };
            element.set_flag("disabled", !enabled);
        }

        if self.config.shows(Button::Moves) {
            let list = &self.el.moves;
            list.clear();
            for (index, text) in app.move_texts().iter().enumerate() {
                if let Ok(item) = El::create("li") {
                    item.set_text(text);
                    item.set_attr("data-ply", &(index + 1).to_string());
                    list.append(&item);
                }
            }
        }

        mark_game_squares(&self.board, app, 0, false, &self.config.marks);
        if G::OFFERS_CHOICES {
            let labels = app.offer_labels();
            self.board
                .show_choice(app.offer.as_ref().map(|offer| offer.to), &labels);
        }
    }

    fn frame(&mut self) {
        self.board.draw(true);
    }

    /// What the board shows: the game, the author's marks, the coordinates as asked.
    fn scene(&self) -> board_view::Scene {
        let mut scene = self.app.scene();
        scene.marked = self.config.marks.clone();
        let dark = El::root().ok().and_then(|r| r.attr("data-theme")) == Some("dark".into());
        scene.coordinate_colour = if !self.config.coords {
            // The view always draws the coordinates: invisible when the author turned them off.
            "rgba(0, 0, 0, 0)"
        } else if dark {
            board_view::palette::COORDINATES_DARK_PAGE
        } else {
            board_view::palette::COORDINATES_LIGHT_PAGE
        };
        scene
    }
}
