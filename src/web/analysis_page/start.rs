//! Starting the analysis board: on its page or in an embed frame, its elements and listeners,
//! and the game it opens (from the address, a saved game or the page that sent it).

use super::*;

/// Starts the analysis board of game `G` once its texts are loaded.
pub fn start<G: EditorGame>() -> Result<(), JsValue> {
    let lang = languages::starting(G::LANGUAGES);
    languages::start_game_page_with(lang, Some(G::TEXTS), &[ANALYSIS_TEXTS], start_in::<G>);
    Ok(())
}

/// The analysis board's own texts (`www/locales/analysis/`: the engine's, the review's and the
/// learning mode's, `shogi.analysis.…` for shogi's words), which only the analysis modules
/// carry: the game pages' catalogues and first load are without them.
pub(super) const ANALYSIS_TEXTS: (&str, &str) = (
    "analysis",
    include_str!("../../../www/locales/analysis/en.json"),
);

pub(super) fn start_in<G: EditorGame>(lang: Lang, texts: Catalogue) -> Result<(), BrowserError> {
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
    let lang = crate::web::embed_page::language::<G>();
    languages::start_game_page_with(
        lang,
        Some(G::TEXTS),
        &[ANALYSIS_TEXTS, languages::EMBED_TEXTS],
        start_frame::<G>,
    );
    Ok(())
}

pub(super) fn start_frame<G: EditorGame>(lang: Lang, texts: Catalogue) -> Result<(), BrowserError> {
    let config = match EmbedConfig::<G>::parse(&browser::location_search()) {
        Ok(config) => config,
        Err(errors) => return crate::web::embed_page::show_errors(&texts, &errors),
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
            crate::web::embed_page::send_event(&frame.config, &ready);
        }
    });
    Ok(())
}

/// Opens the board (the analysis page's or a frame's) on the game `opened`, starts the engine
/// on the position shown and listens to the reader.
pub(super) fn open<G: WebGame>(
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
pub(super) fn show_game<G: EditorGame>() {
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
pub(super) fn opened_game<G: WebGame>(app: &App<G>) -> Result<Opened<G>, String> {
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
pub(super) fn elements(page: bool) -> Result<Elements, BrowserError> {
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
pub(super) fn listen<G: WebGame>(embedded: bool) -> Result<(), BrowserError> {
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
