//! Starting the game page: its language and texts, the game it resumes or opens from its
//! address, its elements, and every listener it installs.

use super::*;

/// Builds the page of game `G` and starts the game (a saved one if there is one), once the
/// page's language is loaded.
pub fn start<G: WebGame>() -> Result<(), JsValue> {
    let game = Some(G::TEXTS);
    languages::start_game_page(languages::starting(G::LANGUAGES), game, start_in::<G>);
    Ok(())
}

/// [`start`] in `lang`, with its `texts` (the page's static texts are filled).
pub(super) fn start_in<G: WebGame>(lang: Lang, texts: Catalogue) -> Result<(), JsValue> {
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
pub(super) fn open_position_of_address<G: WebGame>(app: &mut App<G>, notices: &mut Vec<String>) {
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
pub(super) fn use_language<G: WebGame>(lang: Lang, messages: Vec<(String, String)>) {
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
pub(super) fn fill_language_choice<G: WebGame>(lang: Lang) -> Result<(), BrowserError> {
    languages::list_in(&El::by_id("language")?, lang, G::LANGUAGES)?;
    point_page_links::<G>(lang);
    Ok(())
}

/// The address of another page for game `G` (`learn.html`, `analysis.html`) with `params`
/// (`key=value` each): `?game=` names the game unless it is the site's first (Jungle).
pub(crate) fn page_address<G: WebGame>(page: &str, params: &[&str]) -> String {
    let game = crate::web::games::game_param::<G>().map(|name| format!("game={name}"));
    let mut all: Vec<&str> = params.to_vec();
    if let Some(game) = &game {
        all.insert(0, game);
    }
    if all.is_empty() {
        page.to_string()
    } else {
        format!("{page}?{}", all.join("&"))
    }
}

/// Points the header's and the panel's links at the game's Learn page and its analysis board
/// (`analysis.html?game=shogi&saved=1`: the saved game), in the page's language.
pub(super) fn point_page_links<G: WebGame>(lang: Lang) {
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
pub(super) fn point_analysis_at(viewing: Option<usize>) {
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
pub(super) fn switch_language<G: WebGame>() {
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

pub(super) fn start_new_or_default<G: WebGame>(app: &mut App<G>, choice: &NewGame, random: u32) {
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

pub(super) fn find_elements() -> Result<Elements, BrowserError> {
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

pub(super) fn listen<G: WebGame>() -> Result<(), BrowserError> {
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
