//! The analysis board (`analysis.html`), for any game ([`WebGame`]): a position and its moves
//! from the address (`?fen=…&moves=a3a4,g7g6&ply=…`, shogi's `?game=shogi&sfen=…&moves=7g7f`:
//! the game's own position parameter, `fen` read too; or `?saved=1`: the game page's saved
//! game), the engine analysing the shown position in the AI worker without end
//! ([`super::analysis_worker`]: the best three lines, the evaluation bar, arrows), a tree of
//! the moves played on the board with variations ([`common::tree`]), the game record
//! and a link to export, and the game review.
//!
//! The same board runs in an embed frame (`embed.html?mode=analysis`, [`start_embed`]): the
//! position and moves from the embed's parameters (`src/web/embed/params/`), the engine's bar,
//! lines and arrow, the frame's buttons stepping through the moves, and a link to this page
//! with the tree's main line; no review, export or import.
//!
//! `#board-wrap` carries `data-fen`, `data-ply`, `data-best` (the engine's best move in the
//! machine form, as soon as it is known), `data-depth`, `data-engine` (`on`, `off`),
//! `data-review` (`none`, `running`, `done`) and `data-better` (the review's better move than
//! the next one played, drawn as a green arrow) for scripts and tests; each move of the tree
//! (`#tree [data-node]`) carries its `data-judgement` once reviewed.

use super::analysis_worker::{AnalysisJob, LinesReply, ReviewJob, ReviewProgress, ReviewReply};
use super::announcer::Announcer;
use super::app::{App, Effect, Mode, Settings};
use super::board_controller::{
    game_intent, mark_game_squares, BoardController, BoardEvent, Gesture,
};
use super::board_view::{self, Scene, Surface};
use super::browser::{self, AiWorker, BrowserError, Canvas, El, Event};
use super::editing::EditorGame;
use super::game::{Colour, WebGame};
use super::i18n::Catalogue;
use super::input::Intent;
use super::{apply_theme, languages, storage};
use crate::web::embed::params::{percent_encode, query_value};
use crate::web::embed::{Button, EmbedConfig, Lang};
use common::tree::{Item, MoveTree, NodeId, ROOT};
use serde::Deserialize;
use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::JsValue;

mod records;
mod render;
mod review;
mod start;

pub use start::{start, start_embed};

/// How many lines the engine shows.
const LINES: u32 = 3;
/// The nodes searched in each position of a review.
const REVIEW_NODES: u64 = 30_000;

thread_local! {
    static PAGE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Carries out the game flow's messages on a page that plays no game of its own (the analysis
/// board, the puzzle trainer): toasts over the board and announcements; the other effects
/// (search, sounds, animation, saves) are the game page's and are dropped.
pub(super) fn show_messages(
    effects: &mut Vec<Effect>,
    board: &mut BoardController,
    announcer: &Announcer,
) {
    for effect in std::mem::take(effects) {
        match effect {
            Effect::Toast(text) => board.toast(&text),
            Effect::ClearToast => board.clear_toast(),
            Effect::Announce(text) => announcer.say(&text),
            _ => {}
        }
    }
}

/// Runs `action` on the page, then brings the DOM and the canvas up to date.
fn with_page<G: WebGame>(action: impl FnOnce(&mut AnalysisPage<G>)) {
    PAGE.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            if let Some(page) = slot
                .as_mut()
                .and_then(|p| p.downcast_mut::<AnalysisPage<G>>())
            {
                let started = browser::now_ms();
                page.refresh = Refresh::All;
                action(page);
                page.settle();
                let spent = browser::now_ms() - started;
                page.handler_max_ms = page.handler_max_ms.max(spent);
            }
        }
    });
}

/// A reply's kind, read first to pick its reader.
#[derive(Deserialize)]
struct ReplyKind {
    #[serde(rename = "type")]
    kind: String,
}

/// What changed and must be shown again: the engine's lines come several times a second, and
/// rebuilding the move tree (or the squares' labels) each time would cost the main thread and
/// replace a move's button under a reader's click.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Refresh {
    /// Everything (the reader did something, or a review finished).
    All,
    /// The engine's lines, the bar and the arrows.
    Engine,
    /// The review's progress.
    Review,
    /// Nothing but the board (an animation frame).
    Board,
}

/// "Learn from your mistakes": the reviewed main line's mistakes and blunders, one at a time,
/// at the position before each; the reader looks for a better move.
struct Learn<M> {
    /// The plies (from 0) of the mistakes.
    plies: Vec<usize>,
    /// The one being tried.
    index: usize,
    state: LearnState<M>,
    /// The hint is shown (the square of the piece to move).
    hinted: bool,
}

/// Where the reader stands with one mistake.
#[derive(Clone, Copy, PartialEq, Debug)]
enum LearnState<M> {
    /// Looking for a move.
    Trying,
    /// The engine is judging the move tried (the analysis job's id).
    Checking { job: u32, tried: M },
    /// The move tried was good (its loss under an inaccuracy's).
    Solved { tried: M },
    /// The move tried loses too much.
    Wrong { tried: M },
    /// The reader asked for the solution.
    Shown,
}

impl<M> LearnState<M> {
    fn code(&self) -> &'static str {
        match self {
            LearnState::Trying => "trying",
            LearnState::Checking { .. } => "checking",
            LearnState::Solved { .. } => "solved",
            LearnState::Wrong { .. } => "wrong",
            LearnState::Shown => "shown",
        }
    }
}

/// How deep the engine judges a move tried in place of a mistake.
const LEARN_DEPTH: u32 = 8;

/// The review: not asked for, running (its job and progress), or done.
enum Review<M> {
    None,
    Running {
        id: u32,
        done: usize,
        total: usize,
        line: Vec<M>,
    },
    Done {
        reply: ReviewReply,
        line: Vec<M>,
    },
}

struct Elements {
    wrap: El,
    eval_fill: El,
    eval_text: El,
    engine: El,
    engine_state: El,
    lines: El,
    tree: El,
    /// The analysis page's own parts (an embed frame has none of them).
    page: Option<PageElements>,
}

/// The review's and the export's elements, on the analysis page only.
struct PageElements {
    review_button: El,
    review_panel: El,
    review_progress: El,
    review_cancel: El,
    review_summary: El,
    review_move: El,
    export_text: El,
    share_link: El,
}

/// What only an analysis board in an embed frame has: its parameters, its link to the analysis
/// page, and what the host page was told.
struct Frame<G: WebGame> {
    config: EmbedConfig<G>,
    /// "Open in the analysis board", following the tree's main line and the shown move.
    open_link: El,
    /// The node the frame's reset returns to: the position its parameters show.
    home: NodeId,
    /// The moves of the position the host page was told about last.
    reported: Vec<G::Move>,
    /// Why the shown position changes next: `move` (the reader played one: `move` events), or
    /// the cause of the `position` event (`reset`; `None`: `undo` or `redo`, read from the
    /// moves).
    cause: Option<&'static str>,
}

struct AnalysisPage<G: WebGame> {
    app: App<G>,
    /// The game at the tree's start (no moves).
    start: G::Game,
    tree: MoveTree<G::Move>,
    /// Each node's move as the tree shows it (its number, its text in the page's notation).
    written: HashMap<NodeId, (u32, String)>,
    board: BoardController,
    el: Elements,
    announcer: Announcer,
    worker: Option<AiWorker>,
    review_worker: Option<AiWorker>,
    next_id: u32,
    engine_on: bool,
    /// The analysis job of the shown position and its latest lines.
    job: Option<u32>,
    lines: Option<LinesReply>,
    review: Review<G::Move>,
    /// A pointer went down on the chart and is not yet up (a drag moves along it).
    chart_held: bool,
    /// What the next [`AnalysisPage::settle`] shows again.
    refresh: Refresh,
    /// Learning from the reviewed game's mistakes, when the reader is.
    learn: Option<Learn<G::Move>>,
    /// The longest event handler and redraw so far, ms (`window.__jungleStats`, as the game
    /// page's: the e2e tests read them beside the browser's long tasks).
    handler_max_ms: f64,
    draw_max_ms: f64,
    /// The query last written into the page's address: writing it again costs the browser a
    /// same-document navigation (about 10 ms in Chromium) on every event, pointer moves too.
    written_query: Option<String>,
    /// In an embed frame: its settings and state; `None` on the analysis page.
    embed: Option<Frame<G>>,
}

impl<G: WebGame> AnalysisPage<G> {
    // ------------------------------------------------------------ the tree

    /// Plays `m` from the shown node (into the tree); false when the rules refuse it.
    fn play(&mut self, m: G::Move) -> bool {
        let mut game = self.app.game.clone();
        if G::play(&mut game, m).is_err() {
            return false;
        }
        self.tree.play(m);
        let node = self.tree.current();
        let ply = G::moves(&game).len() - 1;
        let notation = self.app.look().notation;
        self.written.entry(node).or_insert_with(|| {
            (
                G::move_number(&game, ply),
                G::move_text(&game, ply, notation),
            )
        });
        self.app.game = game;
        true
    }

    /// Plays every move of `read` into the tree, each line from where it branches, in order
    /// (a move the rules refuse is left out with what follows it).
    fn play_tree(&mut self, read: &MoveTree<G::Move>) {
        let mut lines = vec![(ROOT, ROOT)];
        while let Some((from, to)) = lines.pop() {
            let game = self.game_at(to);
            for &child in read.children(from) {
                self.tree.go_to(to);
                self.app.game = game.clone();
                if read.move_of(child).is_some_and(|m| self.play(m)) {
                    lines.push((child, self.tree.current()));
                }
            }
        }
    }

    /// The game at `node`: the start and the moves to it.
    fn game_at(&self, node: NodeId) -> G::Game {
        let mut game = self.start.clone();
        for m in self.tree.path_to(node).unwrap_or_default() {
            let _ = G::play(&mut game, m);
        }
        game
    }

    /// Shows the tree's current node on the board and analyses it.
    fn show_node(&mut self) {
        self.app.game = self.game_at(self.tree.current());
        self.app.selected = None;
        self.app.hint = None;
        self.analyse();
    }

    fn back(&mut self) {
        self.navigate(|t| {
            t.back();
        });
    }

    fn forward(&mut self) {
        self.navigate(|t| {
            t.forward();
        });
    }

    /// Back to the position the frame's parameters show (an embed frame's reset button).
    fn reset(&mut self) {
        if let Some(home) = self.embed.as_ref().map(|f| f.home) {
            self.set_cause("reset");
            self.go_to(home);
        }
    }

    fn navigate(&mut self, step: impl FnOnce(&mut MoveTree<G::Move>)) {
        let before = self.tree.current();
        step(&mut self.tree);
        if self.tree.current() != before {
            self.show_node();
        }
    }

    fn edit(&mut self, change: impl FnOnce(&mut MoveTree<G::Move>) -> bool) {
        if change(&mut self.tree) {
            self.show_node();
        }
    }

    fn go_to(&mut self, node: NodeId) {
        if node != self.tree.current() && self.tree.go_to(node) {
            self.show_node();
        }
    }

    fn key(&mut self, event: &Event) {
        if event.from_text_field()
            || event.closest_attr("role").as_deref() == Some("grid")
            || event.closest_attr("data-square").is_some()
        {
            return; // the board's own keys move its cursor
        }
        let Some(key) = event.key() else { return };
        if key.command || key.alt {
            return;
        }
        let before = self.tree.current();
        match key.key.as_str() {
            "ArrowLeft" => {
                self.tree.back();
            }
            "ArrowRight" => {
                self.tree.forward();
            }
            "ArrowUp" => {
                self.tree.previous_variation();
            }
            "ArrowDown" => {
                self.tree.next_variation();
            }
            "Home" => self.tree.to_start(),
            "End" => self.tree.to_end(),
            _ => return,
        }
        event.prevent_default();
        if self.tree.current() != before {
            self.show_node();
        }
    }

    /// A pointer or key on the board: a move played there goes into the tree.
    fn board_event(&mut self, event: BoardEvent) {
        let Some(gesture) = self.board.read(&event) else {
            return;
        };
        let before = G::moves(&self.app.game).len();
        if let Gesture::Choose(index) = gesture {
            self.app.choose(index);
            return self.after_board_move(before);
        }
        // A press anywhere but on the choice offered (a promotion) drops it.
        if self.app.offer.is_some() && gesture.activates() {
            self.app.choose(None);
            return;
        }
        let (intent, dropped) = game_intent(&mut self.board, &self.app, true, gesture, 0);
        match intent {
            Intent::Select(cell) => self.app.select(cell),
            Intent::Deselect => self.app.deselect(),
            Intent::Refused(cell) => {
                let text = self.app.why_not_movable(cell);
                self.app.effects.push(Effect::Toast(text));
            }
            Intent::Move(from, to) => self.app.move_between(from, to, !dropped),
            Intent::Attempt(from, to) => self.app.attempt(from, to),
            Intent::Nothing | Intent::Drag { .. } | Intent::DragCancelled => {}
        }
        self.after_board_move(before);
    }

    /// A move played on the board (the game had `before` moves) goes into the tree, or is
    /// judged as the reader's try at a mistake; none when the board offered a choice first.
    fn after_board_move(&mut self, before: usize) {
        let moves = G::moves(&self.app.game);
        if moves.len() > before {
            let m = moves[moves.len() - 1];
            // Back to the shown node's game, then through the tree.
            self.app.game = self.game_at(self.tree.current());
            if self.learn.is_some()
                && self.mistake().map(|(ply, _, _)| ply) == Some(self.tree.ply())
            {
                self.try_move(m);
            } else if self.play(m) {
                self.set_cause("move");
                self.analyse();
            }
        }
    }

    // ------------------------------------------------------------ the engine

    fn toggle_engine(&mut self) {
        self.engine_on = !self.engine_on;
        if self.engine_on {
            self.analyse();
        } else {
            self.stop_engine();
            self.lines = None;
        }
    }

    fn stop_engine(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        self.job = None;
    }

    /// Starts the engine on the shown position (the search in progress is abandoned).
    fn analyse(&mut self) {
        self.lines = None;
        self.stop_engine();
        // While the reader looks for a better move, the engine's lines would give it away.
        if !self.engine_on || self.learn.is_some() || G::outcome(&self.app.game).is_some() {
            return;
        }
        let id = self.next_id;
        self.next_id += 1;
        let worker = match self.spawn(false) {
            Ok(worker) => worker,
            Err(message) => return browser::log_error(&format!("cannot start the AI: {message}")),
        };
        let job = AnalysisJob {
            id,
            analyse: G::job_text(&self.app.game),
            lines: LINES,
        };
        if let Err(message) = worker.post(&job) {
            browser::log_error(&format!("cannot reach the AI: {message}"));
        }
        self.worker = Some(worker);
        self.job = Some(id);
    }

    fn spawn(&self, review: bool) -> Result<AiWorker, BrowserError> {
        let url = format!("./analysis-worker.js?game={}", G::NAME);
        AiWorker::spawn(
            &url,
            |message| with_page::<G>(|p| p.worker_message(message)),
            move || {
                with_page::<G>(move |p| {
                    browser::log_error("the analysis worker failed");
                    if review {
                        p.cancel_review();
                    } else {
                        p.stop_engine();
                    }
                })
            },
        )
    }

    fn worker_message(&mut self, message: JsValue) {
        let Ok(kind) = browser::from_js::<ReplyKind>(message.clone()) else {
            return;
        };
        self.refresh = match kind.kind.as_str() {
            "lines" => Refresh::Engine,
            "reviewing" => Refresh::Review,
            _ => Refresh::All,
        };
        match kind.kind.as_str() {
            "lines" => {
                if let Ok(reply) = browser::from_js::<LinesReply>(message) {
                    if Some(reply.id) == self.job {
                        self.lines = Some(reply);
                    } else {
                        self.judge_tried(&reply);
                    }
                }
            }
            "reviewing" => {
                if let Ok(progress) = browser::from_js::<ReviewProgress>(message) {
                    if let Review::Running {
                        id, done, total, ..
                    } = &mut self.review
                    {
                        if *id == progress.id {
                            (*done, *total) = (progress.done, progress.total);
                        }
                    }
                }
            }
            "reviewed" => {
                if let Ok(reply) = browser::from_js::<ReviewReply>(message) {
                    if let Review::Running { id, line, .. } = &mut self.review {
                        if *id != reply.id {
                            return;
                        }
                        let line = std::mem::take(line);
                        if let Some(worker) = self.review_worker.take() {
                            worker.terminate();
                        }
                        self.review = Review::Done { reply, line };
                        let text = self.app.texts.text("review.finished");
                        self.announcer.say(&text);
                    }
                }
            }
            "failed" | "crashed" => browser::log_error("the analysis worker refused a job"),
            _ => {}
        }
    }

    // ------------------------------------------------------------ showing it

    fn settle(&mut self) {
        show_messages(&mut self.app.effects, &mut self.board, &self.announcer);
        self.report();
        self.render();
        let scene = self.scene();
        self.board.show(scene, self.app.flipped);
        self.board.request_frame(|_| with_page::<G>(|p| p.frame()));
    }

    /// In a frame, tells the host page what changed on the board: a `move` event for each
    /// move the reader played, else a `position` event with its cause (as the other modes'
    /// frames do, `docs/embed.md`).
    fn report(&mut self) {
        let Some(frame) = &mut self.embed else { return };
        let game = &self.app.game;
        let moves = G::moves(game);
        if moves == frame.reported.as_slice() {
            frame.cause = None;
            return;
        }
        let id = frame.config.id.as_deref();
        let played = frame.cause == Some("move") && moves.starts_with(&frame.reported);
        let mut events = Vec::new();
        if played {
            for ply in frame.reported.len()..moves.len() {
                events.push(crate::web::embed::Event::played::<G>(game, id, ply));
            }
            events.extend(crate::web::embed::Event::game_over::<G>(game, id));
        } else {
            let cause = match frame.cause {
                Some(cause) if cause != "move" => cause,
                _ if frame.reported.starts_with(moves) => "undo",
                _ => "redo",
            };
            events.push(crate::web::embed::Event::position::<G>(game, id, cause));
        }
        for event in &events {
            super::embed_page::send_event(&frame.config, event);
        }
        frame.reported = moves.to_vec();
        frame.cause = None;
    }

    /// Names why the shown position changes next, for the host page's event.
    fn set_cause(&mut self, cause: &'static str) {
        if let Some(frame) = &mut self.embed {
            frame.cause = Some(cause);
        }
    }
}
