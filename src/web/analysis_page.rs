//! The analysis board (`analysis.html`), for any game ([`WebGame`]): a position and its moves
//! from the address (`?fen=…&moves=a3a4,g7g6&ply=…`, shogi's `?game=shogi&sfen=…&moves=7g7f`:
//! the game's own position parameter, `fen` read too; or `?saved=1`: the game page's saved
//! game), the engine analysing the shown position in the AI worker without end
//! ([`super::analysis_worker`]: the best three lines, the evaluation bar, arrows), a tree of
//! the moves played on the board with variations ([`common::tree`]), the game record
//! and a link to export, and the game review.
//!
//! The same board runs in an embed frame (`embed.html?mode=analysis`, [`start_embed`]): the
//! position and moves from the embed's parameters (`src/web/embed/params.rs`), the engine's bar,
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

/// Starts the analysis board of game `G` once its texts are loaded.
pub fn start<G: EditorGame>() -> Result<(), JsValue> {
    let lang = languages::starting(G::LANGUAGES);
    languages::start_game_page_with(lang, Some(G::TEXTS), &[ANALYSIS_TEXTS], start_in::<G>);
    Ok(())
}

/// The analysis board's own texts (`www/locales/analysis/`: the engine's, the review's and the
/// learning mode's, `shogi.analysis.…` for shogi's words), which only the analysis modules
/// carry: the game pages' catalogues and first load are without them.
const ANALYSIS_TEXTS: (&str, &str) = (
    "analysis",
    include_str!("../../www/locales/analysis/en.json"),
);

fn start_in<G: EditorGame>(lang: Lang, texts: Catalogue) -> Result<(), BrowserError> {
    show_game::<G>();
    let settings = storage::load_settings::<G>().settings;
    let random = (browser::random() * f64::from(u32::MAX)) as u32;
    let mut app = App::<G>::new(texts, settings, random);
    app.lang = lang;
    let opened = match opened_game::<G>(&app) {
        Ok(opened) => opened,
        Err(problem) => {
            let text = app
                .texts
                .format("analysis.unreadable", &[("problem", &problem)]);
            El::by_id("analysis-problem")?.set_text(&text);
            El::by_id("analysis-problem")?.set_flag("hidden", false);
            (
                G::new_game(G::DEFAULT_RULES, "").map_err(|_| "no game")?,
                Vec::new(),
                0,
            )
        }
    };
    // Read before opening: the page's address follows the tree from its first redraw on.
    let review = query_value(&browser::location_search(), "review").as_deref() == Some("1");
    let el = elements(true)?;
    open::<G>(app, opened, el, None, random)?;
    if review {
        with_page::<G>(AnalysisPage::start_review);
    }
    Ok(())
}

/// Starts an analysis board of game `G` in an embed frame (`embed.html?mode=analysis`:
/// `www/embed.js` loads the game's analysis module for it, so that the frame's other modes
/// never download the engine). Its parameters are the embed's (`docs/embed.md`); bad ones are
/// listed in the frame in its language, as in the other modes.
pub fn start_embed<G: EditorGame>() -> Result<(), JsValue> {
    let lang = super::embed_page::language::<G>();
    languages::start_game_page_with(
        lang,
        Some(G::TEXTS),
        &[ANALYSIS_TEXTS, languages::EMBED_TEXTS],
        start_frame::<G>,
    );
    Ok(())
}

fn start_frame<G: EditorGame>(lang: Lang, texts: Catalogue) -> Result<(), BrowserError> {
    let config = match EmbedConfig::<G>::parse(&browser::location_search()) {
        Ok(config) => config,
        Err(errors) => return super::embed_page::show_errors(&texts, &errors),
    };
    for warning in &config.warnings {
        browser::log_warning(&format!("embed: {warning}"));
    }
    apply_theme(config.theme);
    if let Some(body) = El::all("body").into_iter().next() {
        body.set_attr("data-game", G::NAME);
        body.set_attr("data-mode", "analysis");
    }
    // A frame keeps the reader's saved settings out (a host page's board looks as its author
    // chose) and is silent.
    let settings = Settings::default();
    let random = (browser::random() * f64::from(u32::MAX)) as u32;
    let mut app = App::<G>::new(texts, settings, random);
    app.lang = lang;
    let mut start = config.game();
    while G::undo(&mut start).is_some() {}
    let opened = (start, config.moves.clone(), config.ply);

    // The frame's own parts: the engine's, the buttons asked for, the move tree if asked.
    for id in ["eval-bar", "embed-engine", "lines"] {
        El::by_id(id)?.set_flag("hidden", false);
    }
    El::by_id("status-text")?.set_flag("hidden", true);
    for button in [Button::Undo, Button::Redo, Button::Flip, Button::Reset] {
        El::by_id(&format!("embed-{}", button.name()))?.set_flag("hidden", !config.shows(button));
    }
    El::by_id("tree")?.set_flag("hidden", !config.shows(Button::Moves));
    let el = elements(false)?;
    let flipped = config.orientation == Colour::White;
    let frame = Frame {
        config,
        open_link: El::by_id("embed-analysis-link")?,
        home: 0,
        reported: Vec::new(),
        cause: None,
    };
    open::<G>(app, opened, el, Some(frame), random)?;
    for (button, action) in [
        (Button::Undo, AnalysisPage::<G>::back as Action<G>),
        (Button::Redo, AnalysisPage::<G>::forward),
        (Button::Flip, |p| p.app.flip()),
        (Button::Reset, AnalysisPage::<G>::reset),
    ] {
        El::by_id(&format!("embed-{}", button.name()))?
            .on("click", move |_| with_page::<G>(action));
    }
    with_page::<G>(|p| {
        if flipped {
            p.app.flip();
        }
        let home = p.tree.current();
        if let Some(frame) = &mut p.embed {
            frame.home = home;
            frame.reported = G::moves(&p.app.game).to_vec();
            let ready =
                crate::web::embed::Event::ready::<G>(&p.app.game, frame.config.id.as_deref());
            super::embed_page::send_event(&frame.config, &ready);
        }
    });
    Ok(())
}

/// Opens the board (the analysis page's or a frame's) on the game `opened`, starts the engine
/// on the position shown and listens to the reader.
fn open<G: WebGame>(
    mut app: App<G>,
    opened: Opened<G>,
    el: Elements,
    frame: Option<Frame<G>>,
    random: u32,
) -> Result<(), BrowserError> {
    let (start, moves, ply) = opened;
    app.resume(start.clone(), Mode::Hotseat, false, random);
    let board = BoardController::new(G::SHAPE, G::cell_name, G::paint)?;
    let embedded = frame.is_some();
    let mut page = AnalysisPage {
        app,
        start,
        tree: MoveTree::new(),
        written: HashMap::new(),
        board,
        el,
        announcer: Announcer::new(El::by_id("announcer")?),
        worker: None,
        review_worker: None,
        next_id: 1,
        engine_on: true,
        job: None,
        lines: None,
        review: Review::None,
        chart_held: false,
        refresh: Refresh::All,
        learn: None,
        handler_max_ms: 0.0,
        draw_max_ms: 0.0,
        written_query: None,
        embed: frame,
    };
    for m in moves {
        if !page.play(m) {
            break;
        }
    }
    page.tree.to_start();
    for _ in 0..ply {
        page.tree.forward();
    }
    page.show_node();
    PAGE.with(|cell| *cell.borrow_mut() = Some(Box::new(page)));
    listen::<G>(embedded)?;
    with_page::<G>(|p| p.el.wrap.set_attr("data-ready", "true"));
    Ok(())
}

/// Names the game on `<body data-game>` (its board's layout) and points the header's links at
/// the game's page and its position editor (`shogi.html`, `editor.html?game=shogi`).
fn show_game<G: EditorGame>() {
    if let Some(body) = El::all("body").into_iter().next() {
        body.set_attr("data-game", G::NAME);
    }
}

/// A game opened from the address: its start, its moves and the ply to show.
type Opened<G> = (<G as WebGame>::Game, Vec<<G as WebGame>::Move>, usize);

/// A button's action on the page.
type Action<G> = fn(&mut AnalysisPage<G>);

/// The game the address opens: its start, its moves and the ply to show, or why the address
/// is unreadable.
fn opened_game<G: WebGame>(app: &App<G>) -> Result<Opened<G>, String> {
    let query = browser::location_search();
    let fresh = G::new_game(G::DEFAULT_RULES, "").map_err(|_| "no game".to_string())?;
    let mut game = if query_value(&query, "saved").as_deref() == Some("1") {
        match storage::load_game::<G>() {
            storage::Loaded::Game(read) => read.game,
            _ => fresh,
        }
    } else if let Some(fen) = query_value(&query, G::POSITION_PARAM)
        .or_else(|| query_value(&query, "fen"))
        .filter(|f| !f.is_empty())
    {
        // A position in a link is often written with `_` for its spaces, as the embed and the
        // editor write it; a text with spaces of its own (a record) is read as it is.
        let fen = if fen.contains(char::is_whitespace) {
            fen
        } else {
            fen.replace('_', " ")
        };
        match G::read(&fen, &fresh) {
            Ok(Some(game)) => game,
            Ok(None) => fresh,
            Err(problem) => return Err(app.say(&problem)),
        }
    } else {
        fresh
    };
    // The start is the game with every move taken back.
    let mut moves: Vec<G::Move> = G::moves(&game).to_vec();
    while G::undo(&mut game).is_some() {}
    let start = game;
    let mut after = start.clone();
    for &m in &moves {
        let _ = G::play(&mut after, m);
    }
    if let Some(extra) = query_value(&query, "moves").filter(|m| !m.is_empty()) {
        for code in extra.split([',', ' ']).filter(|c| !c.is_empty()) {
            let m = G::parse_move_code(code).ok_or_else(|| code.to_string())?;
            // A move the rules refuse is named with the rule that refuses it.
            if let Err(illegal) = G::play(&mut after, m) {
                let rule = app.say(&G::illegal_text(&illegal));
                return Err(format!("{code}: {rule}"));
            }
            moves.push(m);
        }
    }
    let ply = query_value(&query, "ply")
        .and_then(|p| p.parse().ok())
        .unwrap_or(moves.len());
    Ok((start, moves, ply))
}

/// The board's elements; the review's and the export's too on the analysis page (`page`).
fn elements(page: bool) -> Result<Elements, BrowserError> {
    let page = if page {
        Some(PageElements {
            review_button: El::by_id("review-start")?,
            review_panel: El::by_id("review-panel")?,
            review_progress: El::by_id("review-progress")?,
            review_cancel: El::by_id("review-cancel")?,
            review_summary: El::by_id("review-summary")?,
            review_move: El::by_id("review-move")?,
            export_text: El::by_id("export-text")?,
            share_link: El::by_id("share-link")?,
        })
    } else {
        None
    };
    Ok(Elements {
        wrap: El::by_id("board-wrap")?,
        eval_fill: El::by_id("eval-fill")?,
        eval_text: El::by_id("eval-text")?,
        engine: El::by_id("engine-toggle")?,
        engine_state: El::by_id("engine-state")?,
        lines: El::by_id("lines")?,
        tree: El::by_id("tree")?,
        page,
    })
}

/// Listens to the board, the engine switch, the tree and the keys; on the analysis page
/// (not `embedded`) to its navigation, review, export and learning buttons too.
fn listen<G: WebGame>(embedded: bool) -> Result<(), BrowserError> {
    PAGE.with(|cell| {
        let slot = cell.borrow();
        let page = slot
            .as_ref()
            .and_then(|p| p.downcast_ref::<AnalysisPage<G>>())
            .ok_or("no page")?;
        page.board
            .listen(|event| with_page::<G>(|p| p.board_event(event)))?;
        // The theme chosen here or in another tab: the board and the chart follow.
        if !embedded {
            browser::on_site_settings(|| {
                with_page::<G>(|p| {
                    p.board.mark_dirty();
                    p.draw_chart();
                })
            })?;
        }
        page.el
            .engine
            .on("click", |_| with_page::<G>(|p| p.toggle_engine()));
        if let Some(own) = &page.el.page {
            own.review_button
                .on("click", |_| with_page::<G>(|p| p.start_review()));
            own.review_cancel
                .on("click", |_| with_page::<G>(|p| p.cancel_review()));
        }
        page.el.tree.on("click", |event| {
            let node = event.closest_attr("data-node").and_then(|n| n.parse().ok());
            if let Some(node) = node {
                with_page::<G>(|p| p.go_to(node));
            }
        });
        Ok::<(), BrowserError>(())
    })?;
    browser::on_document("keydown", |event| with_page::<G>(|p| p.key(&event)))?;
    if embedded {
        return Ok(());
    }
    let buttons: [(&str, Action<G>); 9] = [
        ("an-start", |p| p.navigate(MoveTree::to_start)),
        ("an-back", AnalysisPage::<G>::back),
        ("an-forward", AnalysisPage::<G>::forward),
        ("an-end", |p| p.navigate(MoveTree::to_end)),
        ("an-flip", |p| p.app.flip()),
        ("an-promote", |p| p.edit(MoveTree::promote)),
        ("an-delete", |p| p.edit(MoveTree::delete)),
        ("export-record", AnalysisPage::<G>::export),
        ("copy-link", AnalysisPage::<G>::copy_link),
    ];
    for (id, action) in buttons {
        El::by_id(id)?.on("click", move |_| with_page::<G>(action));
    }
    El::by_id("import-go")?.on("click", |_| with_page::<G>(|p| p.import()));
    let learning: [(&str, Action<G>); 5] = [
        ("learn-start", AnalysisPage::<G>::start_learning),
        ("learn-hint", AnalysisPage::<G>::learn_hint),
        ("learn-solution", AnalysisPage::<G>::learn_solution),
        ("learn-next", AnalysisPage::<G>::next_mistake),
        ("learn-stop", AnalysisPage::<G>::stop_learning),
    ];
    for (id, action) in learning {
        El::by_id(id)?.on("click", move |_| with_page::<G>(action));
    }
    let chart = El::by_id("review-chart")?;
    chart.on("pointerdown", |event| {
        with_page::<G>(|p| p.chart_pointer(&event, true))
    });
    chart.on("pointermove", |event| {
        with_page::<G>(|p| p.chart_pointer(&event, false))
    });
    // Without a redraw: rebuilding the tree between a button's pointerup and its click would
    // lose the click.
    browser::on_document("pointerup", |_| {
        PAGE.with(|cell| {
            if let Ok(mut slot) = cell.try_borrow_mut() {
                if let Some(page) = slot
                    .as_mut()
                    .and_then(|p| p.downcast_mut::<AnalysisPage<G>>())
                {
                    page.chart_held = false;
                }
            }
        })
    })?;
    Ok(())
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

    // ------------------------------------------------------------ the review

    fn start_review(&mut self) {
        self.cancel_review();
        self.learn = None;
        let mut game = self.start.clone();
        for m in self.tree.main_line() {
            let _ = G::play(&mut game, m);
        }
        let id = self.next_id;
        self.next_id += 1;
        let worker = match self.spawn(true) {
            Ok(worker) => worker,
            Err(message) => return browser::log_error(&format!("cannot start the AI: {message}")),
        };
        let job = ReviewJob {
            id,
            review: G::job_text(&game),
            nodes: REVIEW_NODES,
        };
        if let Err(message) = worker.post(&job) {
            browser::log_error(&format!("cannot reach the AI: {message}"));
        }
        self.review_worker = Some(worker);
        self.review = Review::Running {
            id,
            done: 0,
            total: G::moves(&game).len() + 1,
            line: self.tree.main_line(),
        };
    }

    fn cancel_review(&mut self) {
        if let Some(worker) = self.review_worker.take() {
            worker.terminate();
        }
        if matches!(self.review, Review::Running { .. }) {
            self.review = Review::None;
        }
    }

    /// The finished review, if it still describes the tree's main line.
    fn review_done(&self) -> Option<(&ReviewReply, &[G::Move])> {
        match &self.review {
            Review::Done { reply, line } if self.tree.main_line().starts_with(line) => {
                Some((reply, line))
            }
            _ => None,
        }
    }

    /// The ply (from 0) of the reviewed move leading to `node`, if it is one.
    fn reviewed_ply(&self, node: NodeId) -> Option<usize> {
        let (_, line) = self.review_done()?;
        let path = self.tree.path_to(node)?;
        (!path.is_empty() && path.len() <= line.len() && line.starts_with(&path))
            .then(|| path.len() - 1)
    }

    /// The review's better move than the reviewed move played from the shown position (the
    /// shown node on the reviewed line, a move of it still to come), if the review judged that
    /// move less than the best.
    fn better_than_next(&self) -> Option<G::Move> {
        let (reply, line) = self.review_done()?;
        let path = self.tree.path_to(self.tree.current())?;
        let ply = path.len();
        if ply >= line.len() || !line.starts_with(&path) {
            return None;
        }
        let judged = reply.moves.get(ply)?;
        let best = judged.best.as_deref().and_then(G::parse_move_code)?;
        (judged.judgement != "best" && best != line[ply]).then_some(best)
    }

    /// A click or a drag on the advantage chart shows that move.
    fn chart_pointer(&mut self, event: &Event, pressed: bool) {
        let Some(pointer) = event.pointer() else {
            return;
        };
        if pressed {
            self.chart_held = true;
        } else if !self.chart_held {
            return;
        }
        let Some((reply, _)) = self.review_done() else {
            return;
        };
        let positions = reply.chart.len();
        let Ok(chart) = El::by_id("review-chart") else {
            return;
        };
        let (left, _, width, _) = chart.rect();
        if positions < 2 || width <= 0.0 {
            return;
        }
        let fraction = ((pointer.x - left) / width).clamp(0.0, 1.0);
        let ply = (fraction * (positions - 1) as f64).round() as usize;
        self.tree.to_start();
        for _ in 0..ply {
            self.tree.forward();
        }
        self.show_node();
    }

    // ------------------------------------------------------------ learning from mistakes

    /// Starts stepping through the reviewed game's mistakes and blunders.
    fn start_learning(&mut self) {
        let Some((reply, _)) = self.review_done() else {
            return;
        };
        let plies: Vec<usize> = reply
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.judgement == "mistake" || m.judgement == "blunder")
            .map(|(ply, _)| ply)
            .collect();
        if plies.is_empty() {
            return;
        }
        self.learn = Some(Learn {
            plies,
            index: 0,
            state: LearnState::Trying,
            hinted: false,
        });
        self.show_mistake();
    }

    /// Shows the position before the current mistake.
    fn show_mistake(&mut self) {
        let Some(learn) = &self.learn else { return };
        let ply = learn.plies[learn.index];
        self.tree.to_start();
        for _ in 0..ply {
            self.tree.forward();
        }
        self.show_node();
    }

    fn stop_learning(&mut self) {
        if let Some(LearnState::Checking { .. }) = self.learn.as_ref().map(|l| l.state) {
            self.stop_engine();
        }
        self.learn = None;
        self.analyse();
    }

    fn next_mistake(&mut self) {
        let Some(learn) = &mut self.learn else { return };
        if learn.index + 1 >= learn.plies.len() {
            return self.stop_learning();
        }
        learn.index += 1;
        learn.state = LearnState::Trying;
        learn.hinted = false;
        self.stop_engine();
        self.show_mistake();
    }

    /// The reviewed move of the current mistake.
    fn mistake(&self) -> Option<(usize, &super::analysis_worker::ReviewedMove, G::Move)> {
        let learn = self.learn.as_ref()?;
        let ply = *learn.plies.get(learn.index)?;
        let (reply, line) = self.review_done()?;
        Some((ply, reply.moves.get(ply)?, *line.get(ply)?))
    }

    /// The engine's better move in place of the current mistake.
    fn better_move(&self) -> Option<G::Move> {
        let (_, judged, _) = self.mistake()?;
        judged.best.as_deref().and_then(G::parse_move_code)
    }

    /// The reader tried `tried` in place of the mistake: the engine's own move and the mistake
    /// itself are judged at once, any other move by the engine from the position after it.
    fn try_move(&mut self, tried: G::Move) {
        let Some((_, _, played)) = self.mistake() else {
            return;
        };
        let best = self.better_move();
        let state = if Some(tried) == best {
            LearnState::Solved { tried }
        } else if tried == played {
            LearnState::Wrong { tried }
        } else {
            let mut after = self.app.game.clone();
            if G::play(&mut after, tried).is_err() {
                return;
            }
            if G::outcome(&after).is_some() {
                // A move that ends the game: a win is as good as any.
                match G::outcome(&after).and_then(G::winner) {
                    Some(winner) if winner == G::side_to_move(G::position(&self.app.game)) => {
                        LearnState::Solved { tried }
                    }
                    _ => LearnState::Wrong { tried },
                }
            } else {
                self.stop_engine();
                let id = self.next_id;
                self.next_id += 1;
                match self.spawn(false) {
                    Ok(worker) => {
                        let job = AnalysisJob {
                            id,
                            analyse: G::job_text(&after),
                            lines: 1,
                        };
                        if let Err(message) = worker.post(&job) {
                            browser::log_error(&format!("cannot reach the AI: {message}"));
                        }
                        self.worker = Some(worker);
                    }
                    Err(message) => {
                        return browser::log_error(&format!("cannot start the AI: {message}"))
                    }
                }
                LearnState::Checking { job: id, tried }
            }
        };
        if let Some(learn) = &mut self.learn {
            learn.state = state;
        }
    }

    /// The engine's lines after a move tried in place of a mistake: once deep enough, the
    /// move is good when it loses less than an inaccuracy would.
    fn judge_tried(&mut self, reply: &LinesReply) {
        let Some(LearnState::Checking { job, tried }) = self.learn.as_ref().map(|l| l.state) else {
            return;
        };
        if reply.id != job || !(reply.done || reply.depth >= LEARN_DEPTH) {
            return;
        }
        let Some((_, judged, _)) = self.mistake() else {
            return;
        };
        // The lines are the opponent's: the mover's chance is the rest.
        let after = reply.lines.first().map_or(0.5, |line| 1.0 - line.win);
        let loss = (judged.before - after).max(0.0);
        let good = analysis::Judgement::of_loss(loss, false) <= analysis::Judgement::Good;
        self.stop_engine();
        if let Some(learn) = &mut self.learn {
            learn.state = if good {
                LearnState::Solved { tried }
            } else {
                LearnState::Wrong { tried }
            };
        }
    }

    fn learn_hint(&mut self) {
        if let Some(learn) = &mut self.learn {
            learn.hinted = true;
        }
    }

    fn learn_solution(&mut self) {
        if let Some(learn) = &mut self.learn {
            if !matches!(learn.state, LearnState::Solved { .. }) {
                learn.state = LearnState::Shown;
            }
        }
        self.stop_engine();
    }

    /// The learning panel's texts and buttons.
    fn render_learn(&self) {
        let Ok(panel) = El::by_id("learn-panel") else {
            return;
        };
        let wrap = &self.el.wrap;
        let mistakes = self.review_done().map_or(0, |(reply, _)| {
            reply
                .moves
                .iter()
                .filter(|m| m.judgement == "mistake" || m.judgement == "blunder")
                .count()
        });
        if let Ok(start) = El::by_id("learn-start") {
            start.set_flag("hidden", self.learn.is_some() || mistakes == 0);
        }
        let Some(learn) = &self.learn else {
            panel.set_flag("hidden", true);
            wrap.remove_attr("data-learn");
            return;
        };
        panel.set_flag("hidden", false);
        wrap.set_attr("data-learn", learn.state.code());
        let texts = &self.app.texts;
        let Some((ply, _, _)) = self.mistake() else {
            return;
        };
        let mover = G::side_to_move(G::position(&self.app.game));
        let words = |m: G::Move| {
            self.app
                .say(&G::describe_move(G::position(&self.app.game), m))
        };
        let text = match learn.state {
            LearnState::Trying | LearnState::Checking { .. } => texts.format(
                "learn.find",
                &[
                    ("side", &self.app.side_name(mover)),
                    ("n", &(learn.index + 1).to_string()),
                    ("total", &learn.plies.len().to_string()),
                    ("ply", &(ply + 1).to_string()),
                ],
            ),
            LearnState::Solved { tried } => {
                texts.format("learn.solved", &[("move", &words(tried))])
            }
            LearnState::Wrong { tried } => texts.format("learn.wrong", &[("move", &words(tried))]),
            LearnState::Shown => match self.better_move() {
                Some(best) => texts.format("learn.solution", &[("move", &words(best))]),
                None => String::new(),
            },
        };
        if let Ok(line) = El::by_id("learn-text") {
            line.set_text(&text);
        }
        let last = learn.index + 1 >= learn.plies.len();
        if let Ok(next) = El::by_id("learn-next") {
            next.set_text(&texts.text(if last { "learn.finish" } else { "learn.next" }));
        }
    }

    // ------------------------------------------------------------ export and import

    /// The tree in the game's first format, variations included where it has them (Jungle's
    /// record, KIF), into the export field.
    fn export(&mut self) {
        let mut game = self.start.clone();
        for m in self.tree.main_line() {
            let _ = G::play(&mut game, m);
        }
        let text = G::write_tree(&game, &self.tree);
        if let Some(own) = &self.el.page {
            own.export_text.set_value(&text);
            own.export_text.set_flag("hidden", false);
        }
    }

    /// The link reopening this tree's main line at the shown move.
    fn link(&self) -> String {
        format!("analysis.html?{}", self.query())
    }

    fn query(&self) -> String {
        let start = G::position_code(G::position(&self.start));
        let moves: Vec<String> = self
            .tree
            .main_line()
            .into_iter()
            .map(G::move_code)
            .collect();
        let mut query = format!("{}={}", G::POSITION_PARAM, percent_encode(&start));
        if !moves.is_empty() {
            query.push_str(&format!("&moves={}", moves.join(",")));
        }
        if self.tree.on_main_line(self.tree.current()) && self.tree.ply() < moves.len() {
            query.push_str(&format!("&ply={}", self.tree.ply()));
        }
        if G::NAME != crate::web::games::FIRST_GAME {
            query.push_str(&format!("&game={}", G::NAME));
        }
        if let Some(lang) = query_value(&browser::location_search(), "lang") {
            query.push_str(&format!("&lang={}", percent_encode(&lang)));
        }
        query
    }

    fn copy_link(&mut self) {
        let href = browser::location_href();
        let base = href.split(['?', '#']).next().unwrap_or_default();
        let folder = base.rsplit_once('/').map(|(f, _)| f).unwrap_or_default();
        let link = format!("{folder}/{}", self.link());
        if let Some(own) = &self.el.page {
            own.share_link.set_value(&link);
            own.share_link.set_flag("hidden", false);
        }
        browser::copy_to_clipboard(&link, |copied| {
            with_page::<G>(|p| {
                let said = p
                    .app
                    .texts
                    .text(if copied { "io.copied" } else { "io.copyFailed" });
                if let Ok(button) = El::by_id("copy-link") {
                    button.say_beside(&said);
                }
            })
        });
    }

    /// Says what the import did beside its button (the reader's eyes are there).
    fn say_beside_import(&self, text: &str) {
        if let Ok(button) = El::by_id("import-go") {
            button.say_beside(text);
        }
    }

    /// Opens the record or position pasted in the import field.
    fn import(&mut self) {
        let Ok(field) = El::by_id("import-text") else {
            return;
        };
        let text = field.value();
        // The game, then the record's variations (whose main line is the game's).
        let read = G::read(&text, &self.start).and_then(|game| match game {
            Some(game) => Ok(Some((G::read_tree(&text)?, game))),
            None => Ok(None),
        });
        match read {
            Ok(Some((tree, mut game))) => {
                let moves = G::moves(&game).to_vec();
                while G::undo(&mut game).is_some() {}
                let read = tree
                    .filter(|tree| tree.main_line().starts_with(&moves))
                    .unwrap_or_else(|| MoveTree::from_line(&moves));
                self.start = game.clone();
                self.app.game = game;
                self.tree = MoveTree::new();
                self.written.clear();
                self.review = Review::None;
                self.learn = None;
                self.play_tree(&read);
                self.tree.to_start();
                self.show_node();
                self.say_beside_import(&self.app.texts.text("analysis.imported"));
            }
            Ok(None) => {}
            Err(problem) => {
                let problem = self.app.say(&problem);
                let text = self
                    .app
                    .texts
                    .format("analysis.unreadable", &[("problem", &problem)]);
                self.say_beside_import(&text);
            }
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

    fn frame(&mut self) {
        self.refresh = Refresh::Board;
        let started = browser::now_ms();
        self.board.draw(true);
        self.draw_max_ms = self.draw_max_ms.max(browser::now_ms() - started);
        browser::publish_stats(&[
            ("handlerMaxMs", self.handler_max_ms),
            ("maxMs", self.draw_max_ms),
        ]);
    }

    fn scene(&self) -> Scene {
        let mut scene = self.app.scene();
        let position = G::position(&self.app.game);
        if let Some(lines) = &self.lines {
            scene.arrows = lines
                .lines
                .iter()
                .filter_map(|line| line.moves.first())
                .filter_map(|code| G::parse_move_code(code))
                .map(|m| G::move_cells(position, m))
                .collect();
        }
        if let Some(learn) = &self.learn {
            let best = self.better_move();
            let cells = |m: G::Move| G::move_cells(position, m);
            match learn.state {
                LearnState::Shown => scene.hint = best.map(cells),
                LearnState::Solved { tried } => scene.hint = Some(cells(tried)),
                _ if learn.hinted => scene.marked = best.map(|m| cells(m).0).into_iter().collect(),
                _ => {}
            }
            return self.finish_scene(scene);
        }
        // The review's better move than the next one played, on the position it is played
        // from (the shown one), so that it starts on the piece that would move.
        if let Some(best) = self.better_than_next() {
            scene.better = Some(G::move_cells(position, best));
        }
        self.finish_scene(scene)
    }

    /// The coordinates' colour for the page's theme (none when a frame's author turned them
    /// off), and a frame's marked squares.
    fn finish_scene(&self, mut scene: Scene) -> Scene {
        let dark = browser::dark_page();
        if let Some(frame) = &self.embed {
            scene.marked.extend_from_slice(&frame.config.marks);
        }
        scene.coordinate_colour = if self.embed.as_ref().is_some_and(|f| !f.config.coords) {
            // The view always draws the coordinates: invisible when the author turned them off.
            "rgba(0, 0, 0, 0)"
        } else if dark {
            board_view::palette::COORDINATES_DARK_PAGE
        } else {
            board_view::palette::COORDINATES_LIGHT_PAGE
        };
        scene
    }

    /// The main line's game before its move `ply`.
    fn game_at_ply(&self, ply: usize) -> G::Game {
        let mut game = self.start.clone();
        for m in self.tree.main_line().into_iter().take(ply) {
            let _ = G::play(&mut game, m);
        }
        game
    }

    fn render(&mut self) {
        if matches!(self.refresh, Refresh::All | Refresh::Engine) {
            self.render_engine();
        }
        if self.refresh == Refresh::All {
            self.render_tree();
            // The page's address follows the tree; a frame's address is its author's, so its
            // link to the analysis page follows instead.
            match &self.embed {
                Some(frame) => frame.open_link.set_attr("href", &self.link()),
                None => {
                    let query = self.query();
                    if self.written_query.as_ref() != Some(&query) {
                        browser::replace_query(&query);
                        self.written_query = Some(query);
                    }
                }
            }
            let marks = self.embed.as_ref().map_or(&[][..], |f| &f.config.marks);
            mark_game_squares(&self.board, &self.app, 0, true, marks);
            if G::OFFERS_CHOICES {
                let labels = self.app.offer_labels();
                self.board
                    .show_choice(self.app.offer.as_ref().map(|offer| offer.to), &labels);
            }
        }
        if matches!(self.refresh, Refresh::All | Refresh::Review) {
            self.render_review();
        }
        if matches!(self.refresh, Refresh::All | Refresh::Engine) {
            self.render_learn();
        }
    }

    /// The engine's state, lines and bar.
    fn render_engine(&self) {
        let texts = &self.app.texts;
        let game = &self.app.game;
        let position = G::position(game);
        let wrap = &self.el.wrap;
        wrap.set_attr("data-fen", &G::position_code(position));
        wrap.set_attr("data-ply", &self.tree.ply().to_string());
        match self.better_than_next() {
            Some(better) => wrap.set_attr("data-better", &G::move_code(better)),
            None => wrap.remove_attr("data-better"),
        }
        wrap.set_attr("data-engine", if self.engine_on { "on" } else { "off" });
        self.el.engine.set_attr(
            "aria-pressed",
            if self.engine_on { "true" } else { "false" },
        );

        // The engine's lines and the bar.
        let mover = G::side_to_move(position);
        let lines = self.lines.as_ref().filter(|l| !l.lines.is_empty());
        match lines {
            Some(reply) => {
                let best = &reply.lines[0];
                wrap.set_attr("data-best", &best.moves[0]);
                wrap.set_attr("data-depth", &reply.depth.to_string());
                let first = if mover == Colour::Black {
                    best.win
                } else {
                    1.0 - best.win
                };
                self.el
                    .eval_fill
                    .set_style("height", &format!("{:.1}%", first * 100.0));
                self.el.eval_text.set_text(&self.score_text(mover, best));
                let state = texts.format(
                    "analysis.depth",
                    &[
                        ("depth", &reply.depth.to_string()),
                        ("speed", &browser::decimal(reply.nps as f64 / 1000.0, 0)),
                    ],
                );
                self.el.engine_state.set_text(&state);
            }
            None => {
                wrap.remove_attr("data-best");
                wrap.remove_attr("data-depth");
                let state = if !self.engine_on || self.learn.is_some() {
                    texts.text("analysis.engineOff")
                } else if let Some(outcome) = G::outcome(game) {
                    self.app.result_title(outcome)
                } else {
                    texts.text("analysis.thinking")
                };
                self.el.engine_state.set_text(&state);
                // Nothing of an earlier position's evaluation stays (nor gives a mistake's
                // answer away): a finished game shows its result, else the bar is level.
                let first = match G::outcome(game).map(G::winner) {
                    Some(Some(Colour::Black)) => 1.0,
                    Some(Some(Colour::White)) => 0.0,
                    _ => 0.5,
                };
                self.el
                    .eval_fill
                    .set_style("height", &format!("{:.1}%", first * 100.0));
                self.el.eval_text.set_text("");
            }
        }
        self.el.lines.clear();
        if let Some(reply) = lines {
            for line in &reply.lines {
                let Ok(item) = El::create("li") else { continue };
                let score = El::create("span");
                if let Ok(score) = score {
                    score.set_attr("class", "line-score");
                    score.set_text(&self.score_text(mover, line));
                    item.append(&score);
                }
                if let Ok(moves) = El::create("span") {
                    moves.set_attr("class", "line-moves");
                    moves.set_text(&self.line_text(&line.moves));
                    item.append(&moves);
                }
                item.set_attr("data-move", &line.moves[0]);
                self.el.lines.append(&item);
            }
        }
    }

    /// A line's score for the reader: a forced win by its distance ("Black: den in 3"), else
    /// the points from the first player's side (`+1.2`).
    fn score_text(&self, mover: Colour, line: &super::analysis_worker::LineReply) -> String {
        match line.forced {
            Some(n) => {
                let winner = if n > 0 { mover } else { mover.opponent() };
                self.app.texts.format(
                    "analysis.winIn",
                    &[
                        ("side", &self.app.side_name(winner)),
                        ("n", &n.abs().max(1).to_string()),
                    ],
                )
            }
            None => {
                let points = if mover == Colour::Black {
                    line.points
                } else {
                    -line.points
                };
                let sign = if points > 0 { "+" } else { "" };
                format!("{sign}{}", browser::decimal(f64::from(points) / 100.0, 1))
            }
        }
    }

    /// A line's moves in the page's notation, from the shown position.
    fn line_text(&self, codes: &[String]) -> String {
        let notation = self.app.look().notation;
        let mut game = self.app.game.clone();
        let mut words = Vec::new();
        for code in codes {
            let Some(m) = G::parse_move_code(code) else {
                break;
            };
            if G::play(&mut game, m).is_err() {
                break;
            }
            let ply = G::moves(&game).len() - 1;
            words.push(G::move_text(&game, ply, notation));
        }
        words.join(" ")
    }

    fn render_tree(&self) {
        let tree = &self.el.tree;
        tree.clear();
        let current = self.tree.current();
        let mut container = vec![tree.clone()];
        let mut number_next = true;
        for item in self.tree.items() {
            match item {
                Item::Open => {
                    if let Ok(variation) = El::create("span") {
                        variation.set_attr("class", "variation");
                        if let Some(parent) = container.last() {
                            parent.append(&variation);
                        }
                        container.push(variation);
                    }
                    number_next = true;
                }
                Item::Close => {
                    if container.len() > 1 {
                        container.pop();
                    }
                    number_next = true;
                }
                Item::Move { node, ply } => {
                    let Some((number, text)) = self.written.get(&node) else {
                        continue;
                    };
                    let Ok(button) = El::create("button") else {
                        continue;
                    };
                    button.set_attr("type", "button");
                    button.set_attr("class", "tree-move");
                    button.set_attr("data-node", &node.to_string());
                    button.set_attr("data-ply", &(ply + 1).to_string());
                    let mover_first = self.first_side_moves_at(ply);
                    let mut label = text.clone();
                    if number_next || mover_first || !G::PAIRED_MOVES {
                        let dots = if mover_first || !G::PAIRED_MOVES {
                            "."
                        } else {
                            "…"
                        };
                        label = format!("{number}{dots} {label}");
                    }
                    if let Some(judged) = self
                        .reviewed_ply(node)
                        .and_then(|p| self.review_done().map(|(r, _)| &r.moves[p]))
                    {
                        button.set_attr("data-judgement", &judged.judgement);
                        label.push_str(match judged.judgement.as_str() {
                            "blunder" => "??",
                            "mistake" => "?",
                            "inaccuracy" => "?!",
                            _ => "",
                        });
                    }
                    button.set_text(&label);
                    if node == current {
                        button.set_attr("aria-current", "true");
                    }
                    if let Some(parent) = container.last() {
                        parent.append(&button);
                    }
                    number_next = false;
                }
            }
        }
    }

    /// Whether the first player makes the move at `ply` (from the tree's start).
    fn first_side_moves_at(&self, ply: usize) -> bool {
        let first = G::side_to_move(G::position(&self.start)) == Colour::Black;
        ply.is_multiple_of(2) == first
    }

    fn render_review(&self) {
        let Some(own) = &self.el.page else { return };
        let texts = &self.app.texts;
        let wrap = &self.el.wrap;
        match &self.review {
            Review::None => {
                wrap.set_attr("data-review", "none");
                own.review_panel.set_flag("hidden", true);
            }
            Review::Running { done, total, .. } => {
                wrap.set_attr("data-review", "running");
                own.review_panel.set_flag("hidden", false);
                own.review_progress.set_flag("hidden", false);
                own.review_cancel.set_flag("hidden", false);
                own.review_progress.set_attr(
                    "value",
                    &(*done as f64 / (*total).max(1) as f64).to_string(),
                );
                let text = texts.format(
                    "review.progress",
                    &[("done", &done.to_string()), ("total", &total.to_string())],
                );
                own.review_summary.set_text(&text);
                own.review_move.set_text("");
            }
            Review::Done { .. } => {
                wrap.set_attr("data-review", "done");
                own.review_panel.set_flag("hidden", false);
                own.review_progress.set_flag("hidden", true);
                own.review_cancel.set_flag("hidden", true);
            }
        }
        let Some((reply, line)) = self.review_done() else {
            return;
        };
        let mut summary = Vec::new();
        for (index, side) in reply.sides.iter().enumerate() {
            let colour = if index == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            summary.push(
                texts.format(
                    "review.summary",
                    &[
                        ("side", &self.app.side_name(colour)),
                        (
                            "accuracy",
                            &side
                                .accuracy
                                .map(|a| browser::decimal(a, 0))
                                .unwrap_or_else(|| "–".into()),
                        ),
                        ("inaccuracies", &side.counts[2].to_string()),
                        ("mistakes", &side.counts[3].to_string()),
                        ("blunders", &side.counts[4].to_string()),
                    ],
                ),
            );
        }
        own.review_summary.set_text(&summary.join("\n"));
        let said = self.reviewed_ply(self.tree.current()).map(|ply| {
            let judged = &reply.moves[ply];
            let played = self
                .written
                .get(&self.tree.current())
                .map(|(_, text)| text.clone())
                .unwrap_or_default();
            let verdict = texts.format(
                &format!("review.{}", judged.judgement),
                &[("move", &played)],
            );
            let better = judged
                .best
                .as_deref()
                .and_then(G::parse_move_code)
                .filter(|best| judged.judgement != "best" && Some(best) != line.get(ply))
                .map(|best| {
                    let before = self.game_at_ply(ply);
                    let words = self.app.say(&G::describe_move(G::position(&before), best));
                    texts.format("review.bestWas", &[("move", &words)])
                });
            match better {
                // Sentences ending in 。 follow each other without a space.
                Some(better) if verdict.ends_with('。') => format!("{verdict}{better}"),
                Some(better) => format!("{verdict} {better}"),
                None => verdict,
            }
        });
        own.review_move.set_text(&said.unwrap_or_default());
        self.draw_chart();
    }

    /// The advantage chart: the first player's win probability after each move, the shown
    /// move marked.
    fn draw_chart(&self) {
        let Some((reply, _)) = self.review_done() else {
            return;
        };
        let Ok(mut canvas) = Canvas::find("review-chart") else {
            return;
        };
        let Ok((width, height)) = canvas.fit_to_css_box() else {
            return;
        };
        let points = &reply.chart;
        if points.len() < 2 || width <= 0.0 {
            return;
        }
        let dark = browser::dark_page();
        let (ground, first_side, middle) = if dark {
            ("#2a322b", "#0d1220", "#6f7a6c")
        } else {
            ("#f4f1ea", "#3b3b3b", "#9a9a9a")
        };
        canvas.clear();
        canvas.fill_rect(0.0, 0.0, width, height, ground);
        let x = |i: usize| i as f64 * width / (points.len() - 1) as f64;
        let y = |p: f64| (1.0 - p) * height;
        let mut area = vec![(0.0, height)];
        area.extend(points.iter().enumerate().map(|(i, &p)| (x(i), y(p))));
        area.push((width, height));
        canvas.fill_polygon(&area, first_side);
        canvas.stroke_polyline(&[(0.0, height / 2.0), (width, height / 2.0)], middle, 1.0);
        for (ply, judged) in reply.moves.iter().enumerate() {
            let colour = match judged.judgement.as_str() {
                "blunder" => "#d0312d",
                "mistake" => "#e08a1e",
                "inaccuracy" => "#d6c21c",
                _ => continue,
            };
            canvas.fill_ellipse(x(ply + 1), y(points[ply + 1]), 3.5, 3.5, 0.0, colour);
        }
        if let Some(ply) = self
            .tree
            .on_main_line(self.tree.current())
            .then(|| self.tree.ply())
            .filter(|&p| p < points.len())
        {
            canvas.stroke_polyline(&[(x(ply), 0.0), (x(ply), height)], "#1578c8", 2.0);
        }
    }
}
