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
mod render;

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

/// Builds the page of game `G` and starts the game (a saved one if there is one), once the
/// page's language is loaded.
pub fn start<G: WebGame>() -> Result<(), JsValue> {
    let game = Some(G::TEXTS);
    languages::start_game_page(languages::starting(G::LANGUAGES), game, start_in::<G>);
    Ok(())
}

/// [`start`] in `lang`, with its `texts` (the page's static texts are filled).
fn start_in<G: WebGame>(lang: Lang, texts: Catalogue) -> Result<(), JsValue> {
    fill_language_choice::<G>(lang)?;
    let keys = Keys::of::<G>();
    let loaded_settings = storage::load_settings::<G>();
    let settings = loaded_settings.settings;
    let random = (browser::random() * f64::from(u32::MAX)) as u32;
    let mut app = App::<G>::new(texts, settings, random);
    app.lang = lang;

    let mut notices = Vec::new();
    let saved = storage::load_game::<G>();
    // A first visit (nothing saved, never welcomed) says how to win and where to learn.
    if matches!(saved, Loaded::Nothing) && !storage::welcomed::<G>() {
        if let Ok(welcome) = El::by_id("welcome") {
            welcome.set_flag("hidden", false);
            storage::remember_welcome::<G>();
        }
    }
    match saved {
        Loaded::Game(read) => {
            if !read.fixed.is_empty() {
                notices.push(app.texts.format(
                    "notice.saveFixed",
                    &[("fields", &field_names(&app, &read.fixed))],
                ));
            }
            app.resume_saved(snapshot_of(read))
        }
        Loaded::SetAside(reason) => {
            browser::log_warning(&format!("the saved game could not be read: {reason}"));
            browser::log_warning(&format!(
                "the unreadable save is kept under {}",
                keys.unreadable
            ));
            notices.push(app.texts.text("notice.saveReset"));
            let choice = app.settings.new_game.clone();
            start_new_or_default(&mut app, &choice, random);
        }
        Loaded::Nothing => {
            let choice = app.settings.new_game.clone();
            start_new_or_default(&mut app, &choice, random);
        }
    }

    open_position_of_address(&mut app, &mut notices);

    let el = find_elements()?;
    if let Some(reason) = loaded_settings.set_aside {
        browser::log_warning(&format!(
            "the saved settings could not be read ({reason}); kept under {}",
            keys.settings_unreadable
        ));
        notices.push(app.texts.text("notice.settingsReset"));
    }
    if !loaded_settings.fixed.is_empty() {
        notices.push(app.texts.format(
            "notice.settingsFixed",
            &[("fields", &field_names(&app, &loaded_settings.fixed))],
        ));
        // The defaults in their place are written back, so the notice is told once.
        if let Err(failure) = storage::save_settings::<G>(&app.settings) {
            browser::log_warning(&format!("the mended settings were not saved: {failure:?}"));
        }
    }
    // A game another tab kept aside is offered (the same game twice is simply dropped).
    let mut actions = [None, None];
    if let Some(aside) = storage::load_aside::<G>() {
        if same_game::<G>(&aside.game, &app.game) {
            storage::discard_aside::<G>();
        } else {
            notices.push(app.texts.text("notice.aside"));
            actions = [
                Some(NoticeAction::OpenAside),
                Some(NoticeAction::DiscardAside),
            ];
        }
    }
    let board = BoardController::new(G::SHAPE, G::cell_name, G::paint)?;
    let mut page = Page {
        app,
        board,
        el,
        announcer: Announcer::new(El::by_id("announcer")?),
        worker: None,
        worker_job: None,
        search_timer: None,
        watchdog: None,
        worker_failures: 0,
        audio: Audio::default(),
        banner_dismissed: false,
        canvas_only: false,
        shown_moves: None,
        stats: Stats::default(),
        save_failure_told: false,
        io_shows_record: false,
        notice_actions: [None, None],
        saving_aside: false,
        keys,
        resign_armed: None,
        clock_timer: None,
    };
    if !notices.is_empty() {
        page.show_notice(&notices.join(" "), actions);
    }
    PAGE.with(|cell| *cell.borrow_mut() = Some(Box::new(page)));
    listen::<G>()?;
    with_page::<G>(|page| {
        page.spawn_worker();
        page.audio.load_later();
        page.el.wrap.set_attr("data-ready", "true");
    });
    Ok(())
}

/// A position in the page's address (`?position=`, as the editor links it: an SFEN or a FEN) is
/// loaded as a paste is (the game it replaces comes back with undo); the address then loses it,
/// so that a reload goes on with the game. An unreadable one is named in a notice.
fn open_position_of_address<G: WebGame>(app: &mut App<G>, notices: &mut Vec<String>) {
    let query = browser::location_search();
    let Some(text) = crate::web::embed::params::query_value(&query, "position") else {
        return;
    };
    match app.load_text(&text) {
        Ok(()) | Err(LoadError::Nothing) => {}
        Err(LoadError::Unreadable(reason)) => notices.push(
            app.texts
                .format("notice.badPositionLink", &[("reason", &reason)]),
        ),
    }
    let rest: Vec<&str> = query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty() && !pair.starts_with("position="))
        .collect();
    browser::replace_query(&rest.join("&"));
}

/// Shows the page in another language: `lang` for `<html lang>`, `messages` its catalogue (flat
/// key → text; keys it lacks stay English). For the language switcher.
fn use_language<G: WebGame>(lang: Lang, messages: Vec<(String, String)>) {
    with_page::<G>(|page| {
        page.app.texts.set_language(messages);
        if let Ok(root) = El::root() {
            root.set_attr("lang", lang.tag());
        }
        page.app.lang = lang;
        apply_static_texts(&page.app.texts);
        page.shown_moves = None;
    });
}

/// Lists the languages in the switcher, `lang` chosen, and points the Learn and analysis
/// links at it.
fn fill_language_choice<G: WebGame>(lang: Lang) -> Result<(), BrowserError> {
    languages::list_in(&El::by_id("language")?, lang, G::LANGUAGES)?;
    point_page_links::<G>(lang);
    Ok(())
}

/// The address of another page for game `G` (`learn.html`, `analysis.html`) with `params`
/// (`key=value` each): `?game=` names the game unless it is the site's first (Jungle).
pub(crate) fn page_address<G: WebGame>(page: &str, params: &[&str]) -> String {
    let game = format!("game={}", G::NAME);
    let mut all: Vec<&str> = params.to_vec();
    if G::NAME != crate::web::games::FIRST_GAME {
        all.insert(0, &game);
    }
    if all.is_empty() {
        page.to_string()
    } else {
        format!("{page}?{}", all.join("&"))
    }
}

/// Points the header's and the panel's links at the game's Learn page and its analysis board
/// (`analysis.html?game=shogi&saved=1`: the saved game), in the page's language.
fn point_page_links<G: WebGame>(lang: Lang) {
    let lang = format!("lang={}", lang.tag());
    if let Ok(link) = El::by_id("learn-link") {
        link.set_attr("href", &page_address::<G>("learn.html", &[&lang]));
    }
    let analysis = page_address::<G>("analysis.html", &["saved=1", &lang]);
    for id in ["analysis-link", "banner-analyse"] {
        if let Ok(link) = El::by_id(id) {
            link.set_attr("href", &analysis);
        }
    }
}

/// Opens the analysis board at the move the move list shows (`&ply=`), or at the game's last.
fn point_analysis_at(viewing: Option<usize>) {
    for id in ["analysis-link", "banner-analyse"] {
        let Ok(link) = El::by_id(id) else { continue };
        let Some(href) = link.attr("href") else {
            continue;
        };
        let base = href.split("&ply=").next().unwrap_or_default();
        let wanted = match viewing {
            Some(ply) => format!("{base}&ply={ply}"),
            None => base.to_string(),
        };
        if wanted != href {
            link.set_attr("href", &wanted);
        }
    }
}

/// The reader picked a language in the switcher: show it and remember it.
fn switch_language<G: WebGame>() {
    let Some(lang) = El::by_id("language")
        .ok()
        .and_then(|select| Lang::parse(&select.value()))
    else {
        return;
    };
    languages::remember(lang);
    point_page_links::<G>(lang);
    languages::load_for(lang, Some(G::TEXTS), move |messages| {
        use_language::<G>(lang, messages)
    });
}

fn start_new_or_default<G: WebGame>(app: &mut App<G>, choice: &NewGame, random: u32) {
    if app.start_new(choice, random).is_err() {
        let _ = app.start_new(&NewGame::default(), random);
    }
}

/// Fills every element marked `data-i18n` (text), `data-i18n-label` (aria-label) and
/// `data-i18n-title` (title) from the catalogue.
pub(crate) fn apply_static_texts(texts: &Catalogue) {
    for (attribute, target) in [
        ("data-i18n", None),
        ("data-i18n-label", Some("aria-label")),
        ("data-i18n-title", Some("title")),
        ("data-i18n-placeholder", Some("placeholder")),
    ] {
        for element in El::all(&format!("[{attribute}]")) {
            let Some(key) = element.attr(attribute) else {
                continue;
            };
            let text = texts.text(&key);
            match target {
                None => element.set_text(&text),
                Some(name) => element.set_attr(name, &text),
            }
        }
    }
}

fn find_elements() -> Result<Elements, BrowserError> {
    Ok(Elements {
        wrap: El::by_id("board-wrap")?,
        board_column: El::by_id("board-column")?,
        status: El::by_id("status")?,
        status_text: El::by_id("status-text")?,
        black_player: El::by_id("player-black")?,
        white_player: El::by_id("player-white")?,
        moves: El::by_id("moves")?,
        undo: El::by_id("undo")?,
        redo: El::by_id("redo")?,
        hint: El::by_id("hint")?,
        live_button: El::by_id("live")?,
        pause: El::by_id("pause")?,
        demo_controls: El::by_id("demo-controls")?,
        demo_speed: El::by_id("demo-speed")?,
        banner: El::by_id("banner")?,
        banner_title: El::by_id("banner-title")?,
        banner_reason: El::by_id("banner-reason")?,
        notice: El::by_id("notice")?,
        notice_text: El::by_id("notice-text")?,
        notice_buttons: [El::by_id("notice-primary")?, El::by_id("notice-secondary")?],
        new_game_dialog: El::by_id("new-game-dialog")?,
        io_dialog: El::by_id("io-dialog")?,
        io_text: El::by_id("io-text")?,
        io_fen: El::by_id("io-fen")?,
        io_message: El::by_id("io-message")?,
        io_file: El::by_id("io-file")?,
        resign: El::by_id("resign").ok(),
        declare: El::by_id("declare").ok(),
        pieces: El::by_id("pieces").ok(),
        board_choice: El::by_id("board-theme").ok(),
        notation: El::by_id("notation").ok(),
        io_format: El::by_id("io-format").ok(),
        clocks: [El::by_id("clock-black")?, El::by_id("clock-white")?],
        clock_toggle: El::by_id("clock-toggle")?,
        steps: [
            El::by_id("nav-first")?,
            El::by_id("nav-previous")?,
            El::by_id("nav-next")?,
            El::by_id("nav-last")?,
        ],
    })
}

fn listen<G: WebGame>() -> Result<(), BrowserError> {
    let el = PAGE.with(|cell| {
        cell.borrow()
            .as_ref()
            .and_then(|p| p.downcast_ref::<Page<G>>())
            .map(|p| {
                (
                    p.board
                        .listen(|event| with_page::<G>(|p| p.board_event(event))),
                    p.el.moves.clone(),
                    p.el.demo_speed.clone(),
                    p.el.io_file.clone(),
                    p.el.new_game_dialog.clone(),
                )
            })
    });
    let Some((listening, moves, demo_speed, io_file, new_game_dialog)) = el else {
        return Ok(());
    };
    listening?;

    moves.on("click", |e| {
        if let Some(ply) = e.closest_attr("data-ply").and_then(|p| p.parse().ok()) {
            with_page::<G>(|p| p.app.view(ply));
        }
    });

    for (id, action) in [
        ("undo", Action::Undo),
        ("redo", Action::Redo),
        ("flip", Action::Flip),
        ("hint", Action::Hint),
        ("live", Action::Live),
        ("pause", Action::Pause),
        ("new-game", Action::OpenNewGame),
        ("banner-new", Action::OpenNewGame),
        ("banner-close", Action::CloseBanner),
        ("share", Action::OpenIo),
        ("io-show", Action::ShowRecord),
        ("nav-first", Action::ViewFirst),
        ("nav-previous", Action::ViewPrevious),
        ("nav-next", Action::ViewNext),
        ("nav-last", Action::Live),
        ("io-copy-record", Action::CopyRecord),
        ("io-copy-fen", Action::CopyFen),
        ("io-download", Action::Download),
        ("io-open", Action::OpenFile),
        ("io-load", Action::Load),
        ("io-close", Action::CloseIo),
        ("new-game-cancel", Action::CloseNewGame),
        ("notice-close", Action::CloseNotice),
        ("clock-toggle", Action::ToggleClock),
    ] {
        El::by_id(id)?.on("click", move |_| with_page::<G>(|p| p.act(action)));
    }
    if let Ok(close) = El::by_id("welcome-close") {
        close.on("click", |_| {
            if let Ok(welcome) = El::by_id("welcome") {
                welcome.set_flag("hidden", true);
            }
            // (www/site.js showed it from the first paint.)
            if let Ok(root) = El::root() {
                root.remove_attr("data-welcome");
            }
        });
    }
    // What only some games' pages have (the others' modules leave it out).
    for (id, action, offered) in [
        ("resign", Action::Resign, G::CAN_RESIGN),
        ("declare", Action::Declare, G::CAN_DECLARE),
    ] {
        if !offered {
            continue;
        }
        if let Ok(button) = El::by_id(id) {
            button.on("click", move |_| with_page::<G>(|p| p.act(action)));
        }
    }
    for (id, action, offered) in [
        ("pieces", Action::ChoosePieces, G::PIECE_SETS.len() > 1),
        ("board-theme", Action::ChooseBoard, G::BOARDS.len() > 1),
        ("notation", Action::ChooseNotation, G::NOTATIONS.len() > 1),
        ("io-format", Action::ChooseFormat, G::FORMATS.len() > 1),
    ] {
        if !offered {
            continue;
        }
        if let Ok(select) = El::by_id(id) {
            select.on("change", move |_| with_page::<G>(|p| p.act(action)));
        }
    }
    demo_speed.on("change", |_| {
        with_page::<G>(|p| {
            let value = p.el.demo_speed.value();
            if let Some(speed) = DemoSpeed::from_name(&value) {
                p.app.settings.demo_speed = speed;
                let saved = storage::save_settings::<G>(&p.app.settings);
                p.tell_save_failure(saved);
            }
        })
    });
    io_file.on("change", |_| {
        with_page::<G>(|p| {
            let read = |result: Result<String, String>| {
                with_page::<G>(|p| match result {
                    Ok(text) => {
                        p.el.io_text.set_value(&text);
                        p.load_text(&text);
                    }
                    Err(message) => p.io_message(&message, true),
                })
            };
            // Files other programs write in another encoding than UTF-8 are decoded as bytes.
            match G::LEGACY_ENCODING {
                Some(_) => p.el.io_file.read_chosen_file_as(G::LEGACY_ENCODING, read),
                None => p.el.io_file.read_chosen_file(read),
            }
        })
    });
    El::by_id("new-game-form")?.on("submit", |e| {
        e.prevent_default();
        with_page::<G>(|p| p.submit_new_game());
    });
    for input in El::all("#new-game-form input[name=mode]") {
        input.on("change", |_| with_page::<G>(|p| p.sync_new_game_form()));
    }
    El::by_id("clock-kind")?.on("change", |_| {
        with_page::<G>(|p| {
            p.fill_clock_preset();
            p.sync_new_game_form();
        })
    });
    new_game_dialog.on("close", |_| with_page::<G>(|_| {}));
    for (index, id) in ["notice-primary", "notice-secondary"]
        .into_iter()
        .enumerate()
    {
        El::by_id(id)?.on("click", move |_| with_page::<G>(|p| p.notice_action(index)));
    }
    browser::on_storage(|key, value| with_page::<G>(|p| p.storage_changed(&key, value)))?;
    El::by_id("language")?.on("change", |_| switch_language::<G>());

    browser::on_document("keydown", |e| with_page::<G>(|p| p.page_key(&e)))?;
    // Leaving the page (a reload, another tab) saves a running clock with this move's time.
    browser::on_document("visibilitychange", |_| {
        with_page::<G>(|p| {
            if p.app.clock.as_ref().is_some_and(|c| c.is_running()) {
                p.app.effects.push(Effect::Save);
            }
        })
    })?;
    // The first gesture unlocks audio (browsers refuse sound before one).
    browser::on_document("pointerdown", |_| with_page::<G>(|p| p.unlock_audio()))?;
    // The theme chosen here or in another tab: the board's coordinates follow.
    browser::on_site_settings(|| with_page::<G>(|p| p.board.mark_dirty()))?;
    Ok(())
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

    fn spawn_worker(&mut self) {
        let spawned = AiWorker::spawn(
            &ai_worker::worker_url::<G>(),
            |message| {
                with_page::<G>(|p| p.worker_message(message));
            },
            || with_page::<G>(|p| p.worker_died()),
        );
        self.el.wrap.set_attr("data-ai", "starting");
        match spawned {
            Ok(worker) => self.worker = Some(worker),
            Err(message) => browser::log_error(&format!("cannot start the AI: {message}")),
        }
    }

    fn post_job(&mut self, job: SearchJob) {
        if self.worker.is_none() {
            self.spawn_worker();
        }
        if let Some(worker) = &self.worker {
            if let Err(message) = worker.post(&job) {
                browser::log_error(&format!("cannot reach the AI: {message}"));
            }
        }
        self.worker_job = Some(job);
        self.arm_watchdog();
    }

    /// (Re)starts the countdown after which a silent worker is replaced.
    fn arm_watchdog(&mut self) {
        self.disarm_watchdog();
        self.watchdog = Some(browser::set_timeout(
            || {
                with_page::<G>(|p| {
                    p.watchdog = None;
                    if p.worker_job.is_some() {
                        p.worker_died();
                    }
                })
            },
            WORKER_SILENCE_MS,
        ));
    }

    fn disarm_watchdog(&mut self) {
        if let Some(timer) = self.watchdog.take() {
            browser::cancel_timeout(timer);
        }
    }

    fn worker_message(&mut self, message: JsValue) {
        if self.worker_job.is_some() {
            self.arm_watchdog();
        }
        match Reply::read(message) {
            Ok(Reply::Crashed { message }) => {
                browser::log_warning(&format!("the AI worker failed: {message}"));
                self.worker_died();
            }
            Ok(Reply::Info { id, depth, .. }) => {
                // Nothing shown changes: keep the main thread idle while the AI thinks.
                self.app.ai_info(id, depth);
                self.canvas_only = true;
            }
            Ok(Reply::BestMove { id, best, .. }) => {
                if self.worker_job.as_ref().is_some_and(|j| j.id == id) {
                    self.worker_job = None;
                    self.disarm_watchdog();
                }
                self.worker_failures = 0;
                self.app.ai_answer(id, best.as_deref());
            }
            Ok(Reply::Ready) => self.el.wrap.set_attr("data-ai", "ready"),
            Ok(Reply::Failed { id, message }) => {
                browser::log_error(&format!("the AI could not read job {id}: {message}"));
                self.worker_job = None;
            }
            Err(message) => {
                browser::log_error(&format!("unexpected message from the AI: {message}"))
            }
        }
    }

    fn worker_died(&mut self) {
        self.disarm_watchdog();
        if let Some(worker) = self.worker.take() {
            worker.terminate();
        }
        self.worker_job = None;
        self.worker_failures += 1;
        if self.worker_failures > MAX_WORKER_FAILURES {
            // Something is broken for good (the script cannot load): stop, keep the game.
            browser::log_error("the AI worker keeps failing; giving up");
            self.el.wrap.set_attr("data-ai", "failed");
            return;
        }
        self.spawn_worker();
        let text = self.app.texts.text("notice.aiRestarted");
        self.board.toast(&text);
        self.app.ai_restarted();
    }

    /// Tells screen readers `text`, after whatever they are still being told.
    fn announce(&self, text: &str) {
        self.announcer.say(text);
    }

    /// A failed save: the game goes on; the player is told once, in the notice and to screen
    /// readers (after whatever the move just announced).
    fn tell_save_failure(&mut self, saved: Result<(), WriteFailure>) {
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
    fn saved_game(&self) -> SavedGame {
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
    fn show_notice(&mut self, text: &str, actions: [Option<NoticeAction>; 2]) {
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
    fn add_to_notice(&mut self, text: &str) {
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

    fn hide_notice(&mut self) {
        self.el.notice.set_flag("hidden", true);
        self.notice_actions = [None, None];
    }

    /// The notice's button `index` was pressed.
    fn notice_action(&mut self, index: usize) {
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
    fn switch_to(&mut self, snapshot: Snapshot<G>) {
        self.app.replace_with(snapshot);
        self.banner_dismissed = false;
        self.board.stop_animation();
        let text = self.app.texts.text("io.loaded");
        self.board.toast(&text);
        self.announce(&text);
    }

    /// Another tab changed `key` in storage (`value`: its new text).
    fn storage_changed(&mut self, key: &str, value: Option<String>) {
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
