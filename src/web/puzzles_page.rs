//! The puzzle trainer (`puzzles.html`), for any game ([`WebGame`]) with a puzzle file
//! (`puzzles/<game>.json`, [`analysis::puzzle`]), fetched when the page opens (no
//! other page loads it; the service worker keeps it offline). The board shows the puzzle's
//! position with the opponent's last move; the player finds the line's moves (clicks, drag or
//! keys: the board's own gestures) and the replies are played for it. A wrong move fails the
//! puzzle and the engine's answer to it (the analysis worker's best line from the position
//! after it, [`REFUTATION_DEPTH`] plies deep) is played on the board: the refutation. Hint and
//! solution fail it too. Each puzzle moves the player's Glicko-2 rating
//! ([`analysis::trainer`]), kept in `localStorage` like the saved game
//! ([`storage::load_puzzle_profile`]). Theme and difficulty are chosen in the panel (and kept in
//! the address: `?theme=trap&difficulty=easier`).
//!
//! `#board-wrap` carries `data-puzzle` (the id), `data-state` (`loading`, `solving`,
//! `replying`, `wrong`, `solved`, `shown`, `problem`), `data-found` (the line's moves played),
//! `data-legal` (while the player may move), `data-rating`, `data-streak` and, once known,
//! `data-refutation` (machine form) for scripts and tests.

use super::analysis_page::show_messages;
use super::analysis_worker::{AnalysisJob, LinesReply};
use super::announcer::Announcer;
use super::app::{App, Effect, Mode};
use super::board_controller::{
    game_intent, mark_game_squares, BoardController, BoardEvent, Gesture,
};
use super::board_view::{self, Scene};
use super::browser::{self, AiWorker, BrowserError, El};
use super::editing::EditorGame;
use super::game::{Colour, WebGame};
use super::i18n::Catalogue;
use super::input::Intent;
use super::page::page_address;
use super::{languages, storage};
use crate::web::embed::params::{percent_encode, query_value};
use crate::web::embed::Lang;
use analysis::puzzle::{Attempt, Puzzle, PuzzleSet, Step};
use analysis::trainer::{choose_puzzle, Difficulty, PuzzleProfile, RatingChange};
use std::any::Any;
use std::cell::RefCell;
use wasm_bindgen::JsValue;

/// How deep the engine looks for the answer to a wrong move.
pub const REFUTATION_DEPTH: u32 = 8;
/// The pause before a reply of the line (or the refutation) is played, ms, so the player
/// sees their own move land first.
const REPLY_PAUSE_MS: f64 = 450.0;

/// The trainer's own texts in English (`www/locales/puzzles/`: only this page's module
/// carries them, not the game page's first load).
const PUZZLES_ENGLISH: &str = include_str!("../../www/locales/puzzles/en.json");

thread_local! {
    static PAGE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Runs `action` on the page, then brings the DOM and the canvas up to date.
fn with_page<G: WebGame>(action: impl FnOnce(&mut PuzzlesPage<G>)) {
    PAGE.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            if let Some(page) = slot
                .as_mut()
                .and_then(|p| p.downcast_mut::<PuzzlesPage<G>>())
            {
                action(page);
                page.settle();
            }
        }
    });
}

/// Where the player stands with the puzzle shown.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Stage<M> {
    /// The puzzles are on their way.
    Loading,
    /// The puzzles could not be read (the problem is shown).
    Problem,
    /// The player looks for the line's next move.
    Solving,
    /// A reply of the line is about to be played.
    Replying,
    /// A wrong move: the engine's answer is searched, then played (`refutation`).
    Wrong { tried: M, refutation: Option<M> },
    /// The whole line was found.
    Solved,
    /// The solution is being (or has been) played for the player.
    Shown,
}

impl<M> Stage<M> {
    fn code(&self) -> &'static str {
        match self {
            Stage::Loading => "loading",
            Stage::Problem => "problem",
            Stage::Solving => "solving",
            Stage::Replying => "replying",
            Stage::Wrong { .. } => "wrong",
            Stage::Solved => "solved",
            Stage::Shown => "shown",
        }
    }
}

struct PuzzlesPage<G: WebGame> {
    app: App<G>,
    board: BoardController,
    wrap: El,
    announcer: Announcer,
    set: Option<PuzzleSet>,
    profile: PuzzleProfile,
    theme: Option<String>,
    difficulty: Difficulty,
    /// The puzzle shown (its index in the set), the attempt at it and the game at its start.
    current: Option<usize>,
    attempt: Option<Attempt>,
    start: Option<G::Game>,
    stage: Stage<G::Move>,
    /// The hint is shown (the piece of the line's next move is marked).
    hinted: bool,
    /// The attempt's effect on the rating, once recorded (one record per puzzle).
    change: Option<RatingChange>,
    /// The engine searching the refutation, and its job's id.
    worker: Option<AiWorker>,
    job: u32,
    /// Bumped at each new puzzle, so that a pending reply of the previous one is dropped.
    generation: u32,
}

/// Starts the puzzle trainer of game `G` once its texts are loaded.
pub fn start<G: EditorGame>() -> Result<(), JsValue> {
    let lang = languages::starting(G::LANGUAGES);
    languages::start_game_page_with(
        lang,
        Some(G::TEXTS),
        &[("puzzles", PUZZLES_ENGLISH)],
        start_in::<G>,
    );
    Ok(())
}

fn start_in<G: EditorGame>(lang: Lang, texts: Catalogue) -> Result<(), BrowserError> {
    show_game::<G>(&texts);
    let settings = storage::load_settings::<G>().settings;
    let random = (browser::random() * f64::from(u32::MAX)) as u32;
    let mut app = App::<G>::new(texts, settings, random);
    app.lang = lang;
    let fresh = G::new_game(G::DEFAULT_RULES, "").map_err(|_| "no game")?;
    app.resume(fresh, Mode::Hotseat, false, random);
    let (profile, notice) = storage::load_puzzle_profile::<G>();
    let query = browser::location_search();
    let theme = query_value(&query, "theme").filter(|t| G::PUZZLE_THEMES.contains(&t.as_str()));
    let difficulty = query_value(&query, "difficulty")
        .and_then(|d| Difficulty::of_code(&d))
        .unwrap_or(Difficulty::Normal);
    let page = PuzzlesPage {
        board: BoardController::new(G::SHAPE, G::cell_name, G::paint)?,
        wrap: El::by_id("board-wrap")?,
        announcer: Announcer::new(El::by_id("announcer")?),
        app,
        set: None,
        profile,
        theme,
        difficulty,
        current: None,
        attempt: None,
        start: None,
        stage: Stage::Loading,
        hinted: false,
        change: None,
        worker: None,
        job: 0,
        generation: 0,
    };
    if let Some(reason) = notice {
        // Why is for the console; the player hears what it means for them.
        browser::log_warning(&format!("the puzzle rating could not be read: {reason}"));
        let text = page.app.texts.text("puzzles.profileReset");
        let notice = El::by_id("puzzles-notice")?;
        notice.set_text(&text);
        notice.set_flag("hidden", false);
    }
    fill_choices(&page)?;
    PAGE.with(|cell| *cell.borrow_mut() = Some(Box::new(page)));
    listen::<G>()?;
    browser::fetch_text(&format!("puzzles/{}.json", G::NAME), |result| {
        with_page::<G>(|p| p.loaded(result))
    });
    with_page::<G>(|p| p.wrap.set_attr("data-ready", "true"));
    Ok(())
}

/// Names the game on `<body data-game>` (its logo and board), in the title and heading
/// ("Shogi puzzles"), and points the header's links at its page and its Learn page.
fn show_game<G: EditorGame>(texts: &Catalogue) {
    if let Some(body) = El::all("body").into_iter().next() {
        body.set_attr("data-game", G::NAME);
    }
    let game = texts.text(&format!("game.{}", G::NAME));
    let title = texts.format("puzzles.gameTitle", &[("game", &game)]);
    for element in El::all("title")
        .into_iter()
        .chain(El::by_id("puzzles-title"))
    {
        element.set_text(&title);
    }
}

/// The theme and difficulty menus' options, in the page's language.
fn fill_choices<G: WebGame>(page: &PuzzlesPage<G>) -> Result<(), BrowserError> {
    let texts = &page.app.texts;
    let themes = El::by_id("puzzle-theme")?;
    themes.clear();
    let all = El::create("option")?;
    all.set_attr("value", "");
    all.set_text(&texts.text("puzzles.theme.all"));
    themes.append(&all);
    for theme in G::PUZZLE_THEMES {
        let option = El::create("option")?;
        option.set_attr("value", theme);
        option.set_text(&texts.text(&format!("puzzles.theme.{theme}")));
        themes.append(&option);
    }
    themes.set_value(page.theme.as_deref().unwrap_or(""));
    let difficulties = El::by_id("puzzle-difficulty")?;
    difficulties.clear();
    for difficulty in Difficulty::ALL {
        let option = El::create("option")?;
        option.set_attr("value", difficulty.code());
        option.set_text(&texts.text(&format!("puzzles.difficulty.{}", difficulty.code())));
        difficulties.append(&option);
    }
    difficulties.set_value(page.difficulty.code());
    Ok(())
}

/// A button's action on the page.
type Action<G> = fn(&mut PuzzlesPage<G>);

fn listen<G: WebGame>() -> Result<(), BrowserError> {
    PAGE.with(|cell| {
        let slot = cell.borrow();
        let page = slot
            .as_ref()
            .and_then(|p| p.downcast_ref::<PuzzlesPage<G>>())
            .ok_or("no page")?;
        page.board
            .listen(|event| with_page::<G>(|p| p.board_event(event)))?;
        Ok::<(), BrowserError>(())
    })?;
    // The theme chosen here or in another tab: the board's coordinates follow.
    browser::on_site_settings(|| with_page::<G>(|p| p.board.mark_dirty()))?;
    let buttons: [(&str, Action<G>); 5] = [
        ("puzzle-hint", PuzzlesPage::<G>::hint),
        ("puzzle-solution", PuzzlesPage::<G>::solution),
        ("puzzle-retry", PuzzlesPage::<G>::retry),
        ("puzzle-next", PuzzlesPage::<G>::next),
        ("puzzle-flip", |p| p.app.flip()),
    ];
    for (id, action) in buttons {
        El::by_id(id)?.on("click", move |_| with_page::<G>(action));
    }
    El::by_id("puzzle-theme")?.on("change", |_| with_page::<G>(|p| p.choices_changed()));
    El::by_id("puzzle-difficulty")?.on("change", |_| with_page::<G>(|p| p.choices_changed()));
    Ok(())
}

impl<G: WebGame> PuzzlesPage<G> {
    fn puzzle(&self) -> Option<&Puzzle> {
        self.set.as_ref()?.puzzles.get(self.current?)
    }

    /// The puzzle file arrived (or could not be fetched).
    fn loaded(&mut self, result: Result<String, String>) {
        let set = result.and_then(|text| {
            let set: PuzzleSet = browser::from_json(&text)?;
            set.check(G::NAME)?;
            Ok(set)
        });
        match set {
            Ok(set) => {
                self.set = Some(set);
                self.next();
            }
            Err(problem) => {
                self.stage = Stage::Problem;
                let text = self
                    .app
                    .texts
                    .format("puzzles.unreadable", &[("problem", &problem)]);
                if let Ok(line) = El::by_id("puzzles-problem") {
                    line.set_text(&text);
                    line.set_flag("hidden", false);
                }
            }
        }
    }

    /// The theme or difficulty changed: a new puzzle of that choice (the one shown, if
    /// unfinished, is left unrated).
    fn choices_changed(&mut self) {
        let theme = El::by_id("puzzle-theme")
            .map(|e| e.value())
            .unwrap_or_default();
        self.theme = G::PUZZLE_THEMES.contains(&theme.as_str()).then_some(theme);
        let difficulty = El::by_id("puzzle-difficulty")
            .map(|e| e.value())
            .unwrap_or_default();
        self.difficulty = Difficulty::of_code(&difficulty).unwrap_or(Difficulty::Normal);
        let mut query = format!("difficulty={}", self.difficulty.code());
        if let Some(theme) = &self.theme {
            query = format!("theme={}&{query}", percent_encode(theme));
        }
        // The address keeps naming the game (and the language asked for).
        if let Some(lang) = query_value(&browser::location_search(), "lang") {
            query.push_str(&format!("&lang={}", percent_encode(&lang)));
        }
        let query = page_address::<G>("", &[&query]);
        let query = query.trim_start_matches('?');
        browser::replace_query(query);
        self.next();
    }

    /// The next puzzle for the player's rating, theme and difficulty.
    fn next(&mut self) {
        self.stop_engine();
        // A puzzle left unfinished is not offered again soon (nor counted).
        if self.change.is_none() {
            if let Some(id) = self.puzzle().map(|p| p.id.clone()) {
                self.profile.skip(&id);
            }
        }
        let Some(set) = &self.set else { return };
        let random = (browser::random() * 1e9) as u64;
        let chosen = choose_puzzle(
            set,
            &self.profile,
            self.theme.as_deref(),
            self.difficulty,
            random,
        );
        self.generation += 1;
        self.hinted = false;
        self.change = None;
        self.wrap.remove_attr("data-refutation");
        let Some(index) = chosen else {
            self.current = None;
            self.stage = Stage::Problem;
            return;
        };
        let puzzle = &set.puzzles[index];
        let fresh = self.app.game.clone();
        let game = match G::read(&puzzle.position, &fresh) {
            Ok(Some(game)) => game,
            _ => {
                browser::log_error(&format!("puzzle {} has an unreadable position", puzzle.id));
                self.stage = Stage::Problem;
                return;
            }
        };
        let player = G::side_to_move(G::position(&game));
        self.attempt = Some(Attempt::new(puzzle));
        self.current = Some(index);
        self.app
            .resume(game.clone(), Mode::Hotseat, player == Colour::White, 0);
        self.start = Some(game);
        self.stage = Stage::Solving;
        let text = self.status_text();
        self.announcer.say(&text);
    }

    /// The game after the line's moves played so far.
    fn line_game(&self) -> Option<G::Game> {
        let mut game = self.start.clone()?;
        for code in self.attempt.as_ref()?.played() {
            let m = G::parse_move_code(code)?;
            G::play(&mut game, m).ok()?;
        }
        Some(game)
    }

    /// Counts the puzzle once: solved cleanly, or failed.
    fn record(&mut self, solved: bool) {
        if self.change.is_some() {
            return;
        }
        let Some((id, rating)) = self.puzzle().map(|p| (p.id.clone(), p.rating)) else {
            return;
        };
        self.change = Some(self.profile.record(&id, rating, solved));
        if let Err(failure) = storage::save_puzzle_profile::<G>(&self.profile) {
            browser::log_warning(&format!("the puzzle rating was not saved: {failure:?}"));
        }
    }

    /// A pointer or key on the board: a move played there is the player's try.
    fn board_event(&mut self, event: BoardEvent) {
        let Some(gesture) = self.board.read(&event) else {
            return;
        };
        let may_move = self.stage == Stage::Solving;
        let before = G::moves(&self.app.game).len();
        // A move that may promote or not (shogi) waits for the choice offered on the board;
        // a press anywhere else drops it.
        if let Gesture::Choose(index) = gesture {
            if may_move {
                self.app.choose(index);
            }
            return self.after_board_move(before);
        }
        if self.app.offer.is_some() && gesture.activates() {
            self.app.choose(None);
            return;
        }
        let (intent, dropped) = game_intent(&mut self.board, &self.app, may_move, gesture, 0);
        match intent {
            Intent::Select(cell) if may_move => self.app.select(cell),
            Intent::Deselect => self.app.deselect(),
            Intent::Refused(cell) if may_move => {
                let text = self.app.why_not_movable(cell);
                self.app.effects.push(Effect::Toast(text));
            }
            Intent::Move(from, to) if may_move => self.app.move_between(from, to, !dropped),
            Intent::Attempt(from, to) if may_move => self.app.attempt(from, to),
            _ => {}
        }
        self.after_board_move(before);
    }

    /// The player's move, if one was played on the board (the game had `before` moves), is
    /// tried against the line.
    fn after_board_move(&mut self, before: usize) {
        let moves = G::moves(&self.app.game);
        if moves.len() > before {
            let m = moves[moves.len() - 1];
            self.try_move(m);
        }
    }

    /// The player's move `m` (already on the board).
    fn try_move(&mut self, m: G::Move) {
        let Some(attempt) = &mut self.attempt else {
            return;
        };
        match attempt.play(&G::move_code(m)) {
            Step::Right { reply } => {
                self.stage = Stage::Replying;
                self.later(move |p| p.play_reply(&reply));
            }
            Step::Solved => {
                let clean = !attempt.failed() && !self.hinted;
                self.stage = Stage::Solved;
                self.record(clean);
            }
            Step::Wrong { .. } => {
                self.record(false);
                self.stage = Stage::Wrong {
                    tried: m,
                    refutation: None,
                };
                self.refute();
            }
            Step::Over => {}
        }
        let text = self.status_text();
        self.announcer.say(&text);
    }

    /// Runs `action` after the reply pause, unless another puzzle was shown meanwhile.
    fn later(&self, action: impl FnOnce(&mut PuzzlesPage<G>) + 'static) {
        let generation = self.generation;
        browser::set_timeout(
            move || {
                with_page::<G>(move |p| {
                    if p.generation == generation {
                        action(p);
                    }
                })
            },
            REPLY_PAUSE_MS,
        );
    }

    /// Plays the line's reply `code` on the board.
    fn play_reply(&mut self, code: &str) {
        if let Some(m) = G::parse_move_code(code) {
            let _ = G::play(&mut self.app.game, m);
        }
        if self.stage == Stage::Replying {
            self.stage = Stage::Solving;
        }
    }

    /// Asks the engine for the best answer to the wrong move on the board.
    fn refute(&mut self) {
        self.stop_engine();
        if G::outcome(&self.app.game).is_some() {
            return; // the wrong move ended the game: nothing to answer
        }
        self.job += 1;
        let id = self.job;
        let url = format!("./analysis-worker.js?game={}", G::NAME);
        let worker = AiWorker::spawn(
            &url,
            |message| with_page::<G>(|p| p.worker_message(message)),
            || with_page::<G>(|p| p.stop_engine()),
        );
        let worker = match worker {
            Ok(worker) => worker,
            Err(message) => return browser::log_error(&format!("cannot start the AI: {message}")),
        };
        let job = AnalysisJob {
            id,
            analyse: G::job_text(&self.app.game),
            lines: 1,
        };
        if let Err(message) = worker.post(&job) {
            browser::log_error(&format!("cannot reach the AI: {message}"));
        }
        self.worker = Some(worker);
    }

    fn stop_engine(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
    }

    fn worker_message(&mut self, message: JsValue) {
        let Ok(reply) = browser::from_js::<LinesReply>(message) else {
            return;
        };
        if reply.kind != "lines" || reply.id != self.job || self.worker.is_none() {
            return;
        }
        let forced = reply.lines.first().is_some_and(|l| l.forced.is_some());
        if !(reply.done || forced || reply.depth >= REFUTATION_DEPTH) {
            return;
        }
        self.stop_engine();
        let best = reply
            .lines
            .first()
            .and_then(|line| line.moves.first())
            .and_then(|code| G::parse_move_code(code));
        if let (Stage::Wrong { tried, .. }, Some(best)) = (self.stage, best) {
            self.wrap.set_attr("data-refutation", &G::move_code(best));
            let _ = G::play(&mut self.app.game, best);
            self.stage = Stage::Wrong {
                tried,
                refutation: Some(best),
            };
            let text = self.status_text();
            self.announcer.say(&text);
        }
    }

    /// Back to the position before the wrong move (the puzzle stays failed).
    fn retry(&mut self) {
        if !matches!(self.stage, Stage::Wrong { .. }) {
            return;
        }
        self.stop_engine();
        if let Some(game) = self.line_game() {
            self.app.game = game;
        }
        self.app.selected = None;
        self.wrap.remove_attr("data-refutation");
        self.stage = Stage::Solving;
    }

    /// Marks the piece of the line's next move; the puzzle counts as failed.
    fn hint(&mut self) {
        if self.stage != Stage::Solving {
            return;
        }
        self.hinted = true;
        self.record(false);
    }

    /// Plays the rest of the line for the player; the puzzle counts as failed.
    fn solution(&mut self) {
        if !matches!(
            self.stage,
            Stage::Solving | Stage::Replying | Stage::Wrong { .. }
        ) {
            return;
        }
        self.stop_engine();
        self.record(false);
        self.generation += 1; // drops a pending reply: the solution plays it
        if let Some(game) = self.line_game() {
            self.app.game = game;
        }
        self.stage = Stage::Shown;
        self.show_step();
    }

    /// One move of the solution, then the next after a pause.
    fn show_step(&mut self) {
        let Some(attempt) = &mut self.attempt else {
            return;
        };
        let Some(code) = attempt.expected().map(str::to_string) else {
            return;
        };
        // One move at a time: reveal() gives the move and its reply; both are shown in turn.
        let shown = attempt.reveal();
        debug_assert_eq!(shown.first(), Some(&code));
        for (i, code) in shown.into_iter().enumerate() {
            if i == 0 {
                self.play_reply(&code);
            } else {
                self.later(move |p| p.play_reply(&code));
            }
        }
        if !self.attempt.as_ref().is_some_and(Attempt::finished) {
            let generation = self.generation;
            browser::set_timeout(
                move || {
                    with_page::<G>(move |p| {
                        if p.generation == generation {
                            p.show_step();
                        }
                    })
                },
                2.0 * REPLY_PAUSE_MS + 100.0,
            );
        }
    }

    fn status_text(&self) -> String {
        let texts = &self.app.texts;
        let words = |before: &G::Position, m: G::Move| self.app.say(&G::describe_move(before, m));
        match self.stage {
            Stage::Loading => texts.text("puzzles.loading"),
            Stage::Problem => texts.text("puzzles.none"),
            Stage::Solving | Stage::Replying => {
                let Some(start) = &self.start else {
                    return String::new();
                };
                let player = G::side_to_move(G::position(start));
                let key = match self.puzzle().map(|p| p.goal) {
                    Some(analysis::puzzle::Goal::Advantage) => "puzzles.findAdvantage",
                    _ => "puzzles.findWin",
                };
                if self.stage == Stage::Replying {
                    texts.text("puzzles.right")
                } else {
                    // A game may say how long the win is up front (shogi: "mate in 3").
                    let plies = self.puzzle().map_or(0, |p| p.line.len()).to_string();
                    texts.format(key, &[("side", &self.app.side_name(player)), ("n", &plies)])
                }
            }
            Stage::Wrong { tried, refutation } => {
                let before = self.line_game();
                let Some(before) = before else {
                    return String::new();
                };
                let tried_words = words(G::position(&before), tried);
                match refutation {
                    None => texts.format("puzzles.wrong", &[("move", &tried_words)]),
                    Some(answer) => {
                        let mut after = before.clone();
                        let _ = G::play(&mut after, tried);
                        texts.format(
                            "puzzles.refuted",
                            &[
                                ("move", &tried_words),
                                ("reply", &words(G::position(&after), answer)),
                            ],
                        )
                    }
                }
            }
            Stage::Solved
                if self
                    .profile
                    .history
                    .last()
                    .is_some_and(|entry| entry.solved) =>
            {
                texts.text("puzzles.solved")
            }
            Stage::Solved => texts.text("puzzles.solvedUnrated"),
            Stage::Shown => texts.text("puzzles.shown"),
        }
    }

    fn settle(&mut self) {
        show_messages(&mut self.app.effects, &mut self.board, &self.announcer);
        self.render();
        let scene = self.scene();
        self.board.show(scene, self.app.flipped);
        self.board
            .request_frame(|_| with_page::<G>(|p| p.board.draw(true)));
    }

    fn scene(&self) -> Scene {
        let mut scene = self.app.scene();
        let position = G::position(&self.app.game);
        if G::moves(&self.app.game).is_empty() {
            scene.last_move = self
                .puzzle()
                .and_then(|p| p.last.as_deref())
                .and_then(G::parse_move_code)
                .map(|m| G::move_cells(position, m));
        }
        if self.stage == Stage::Solving && self.hinted {
            let expected = self.attempt.as_ref().and_then(Attempt::expected);
            if let Some(m) = expected.and_then(G::parse_move_code) {
                scene.marked = vec![G::move_cells(position, m).0];
            }
        }
        if let Stage::Wrong {
            refutation: Some(m),
            ..
        } = self.stage
        {
            // The refutation is the last move on the board; its arrow makes it plain.
            let mut before = self.app.game.clone();
            let _ = G::undo(&mut before);
            scene.hint = Some(G::move_cells(G::position(&before), m));
        }
        let dark = browser::dark_page();
        scene.coordinate_colour = if dark {
            board_view::palette::COORDINATES_DARK_PAGE
        } else {
            board_view::palette::COORDINATES_LIGHT_PAGE
        };
        scene
    }

    fn render(&mut self) {
        let texts = &self.app.texts;
        let wrap = &self.wrap;
        wrap.set_attr("data-state", self.stage.code());
        match self.puzzle() {
            Some(puzzle) => wrap.set_attr("data-puzzle", &puzzle.id),
            None => wrap.remove_attr("data-puzzle"),
        }
        let rating = self.profile.rating.rating.round() as i64;
        wrap.set_attr("data-rating", &rating.to_string());
        wrap.set_attr("data-streak", &self.profile.streak.to_string());
        let found = self.attempt.as_ref().map_or(0, |a| a.played().len());
        wrap.set_attr("data-found", &found.to_string());
        // The legal moves while the player may move (machine form), for tests.
        let legal: Vec<String> = if self.stage == Stage::Solving {
            G::legal_moves(&self.app.game)
                .into_iter()
                .map(G::move_code)
                .collect()
        } else {
            Vec::new()
        };
        wrap.set_attr("data-legal", &legal.join(" "));
        mark_game_squares(&self.board, &self.app, 0, true, &[]);
        if G::OFFERS_CHOICES {
            let labels = self.app.offer_labels();
            self.board
                .show_choice(self.app.offer.as_ref().map(|offer| offer.to), &labels);
        }
        let set = |id: &str, text: &str| {
            if let Ok(el) = El::by_id(id) {
                el.set_text(text);
            }
        };
        set("puzzle-status", &self.status_text());
        let mark = if self.profile.provisional() { "?" } else { "" };
        set("puzzle-rating", &format!("{rating}{mark}"));
        let change = self.change.map(|c| c.shown());
        set(
            "puzzle-change",
            &change.map_or(String::new(), |c| format!("{c:+}")),
        );
        if let Ok(el) = El::by_id("puzzle-change") {
            let sign = match change {
                Some(c) if c > 0 => "up",
                Some(c) if c < 0 => "down",
                _ => "none",
            };
            el.set_attr("data-sign", sign);
        }
        set("puzzle-streak", &self.profile.streak.to_string());
        set("puzzle-best-streak", &self.profile.best_streak.to_string());
        let done = matches!(self.stage, Stage::Solved | Stage::Shown)
            || matches!(self.stage, Stage::Wrong { .. });
        let about = match self.puzzle() {
            Some(puzzle) if done => {
                let themes: Vec<String> = puzzle
                    .themes
                    .iter()
                    .map(|t| texts.text(&format!("puzzles.theme.{t}")))
                    .collect();
                texts.format(
                    "puzzles.about",
                    &[
                        ("rating", &puzzle.rating.to_string()),
                        ("themes", &themes.join(", ")),
                    ],
                )
            }
            _ => String::new(),
        };
        set("puzzle-about", &about);
        let history: String = self
            .profile
            .history
            .iter()
            .rev()
            .take(10)
            .map(|entry| if entry.solved { '✓' } else { '✗' })
            .collect();
        set("puzzle-history", &history);
        if let Ok(el) = El::by_id("puzzle-history") {
            let solved = self.profile.solved.to_string();
            let failed = self.profile.failed.to_string();
            el.set_attr(
                "aria-label",
                &texts.format(
                    "puzzles.history",
                    &[("solved", &solved), ("failed", &failed)],
                ),
            );
        }
        let flag = |id: &str, hidden: bool| {
            if let Ok(el) = El::by_id(id) {
                el.set_flag("hidden", hidden);
            }
        };
        let solving = matches!(self.stage, Stage::Solving | Stage::Replying);
        flag("puzzle-hint", !solving);
        flag(
            "puzzle-solution",
            !(solving || matches!(self.stage, Stage::Wrong { .. })),
        );
        flag("puzzle-retry", !matches!(self.stage, Stage::Wrong { .. }));
        flag("puzzle-next", self.set.is_none());
    }
}
