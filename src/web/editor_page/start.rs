//! Starting the position editor: its texts and language, its elements and their listeners.

use super::*;

/// Starts the editor page of `G` once its language (the site's texts and the game's) is loaded.
pub fn start<G: EditorGame>() -> Result<(), BrowserError> {
    languages::start_game_page_with(
        languages::starting(G::LANGUAGES),
        Some(G::TEXTS),
        &[("editor", EDITOR_ENGLISH), languages::EMBED_TEXTS],
        start_in::<G>,
    );
    Ok(())
}

/// The editor's own English texts (`www/locales/editor/`: every game's, `shogi.editor.…` for
/// shogi's words), which only the pages module carries: the game pages' catalogues and first
/// load are without them.
pub(super) const EDITOR_ENGLISH: &str = include_str!("../../../www/locales/editor/en.json");

/// [`start`] in `lang`, with its `texts` (the page's static texts are filled).
pub(super) fn start_in<G: EditorGame>(lang: Lang, texts: Catalogue) -> Result<(), BrowserError> {
    let query = browser::location_search();
    let chosen_lang = query_value(&query, "lang").and_then(|tag| Lang::parse(&tag));
    let look = Look {
        pieces: G::default_pieces(lang),
        notation: G::NOTATIONS[0],
        board: G::BOARDS.first().copied().unwrap_or_default(),
        lang,
    };

    let el = find_elements::<G>()?;
    fill_language_choices::<G>(&el, lang)?;
    fill_game_choices::<G>(&el, &texts);
    // The elements made here (the hands' titles, the starts) take their texts too.
    crate::web::page::apply_static_texts(&texts);
    show_title::<G>(&texts);
    let mut editor = EditorOf::<G>::new();
    let mut fen_problem = None;
    if let Some(fen) = query_value(&query, G::POSITION_PARAM) {
        match EditorOf::<G>::from_fen(&fen) {
            Ok(loaded) => editor = loaded,
            Err(error) => fen_problem = Some((fen, error)),
        }
    }
    // The marks and the game are read as the embed reads them; bad ones are named, not dropped
    // in silence (an unknown game came to Jungle's module by default).
    let mut marks_problem = None;
    for name in ["game", "marks"] {
        let Some(value) = query_value(&query, name) else {
            continue;
        };
        match EmbedConfig::<G>::parse(&format!("{name}={}", percent_encode(&value))) {
            Ok(config) if name == "marks" => {
                let squares: Vec<_> = config.marks.iter().filter_map(|&c| G::square(c)).collect();
                editor.set_marks(&squares)
            }
            Ok(_) => {}
            Err(errors) => {
                marks_problem = marks_problem.or(errors.0.into_iter().next().map(|e| e.text))
            }
        }
    }
    let board = BoardController::new(G::SHAPE, G::cell_name, G::paint)?;
    let page = EditorPage::<G> {
        editor,
        texts,
        look,
        chosen_lang,
        flipped: false,
        board,
        press: None,
        palette_press: None,
        palette_dragged: false,
        el,
        link: None,
        fen_draft: false,
        preview_src: String::new(),
        preview_timer: None,
        preview_started: false,
        palette_pending: 0,
        palette_size: None,
        problems: Vec::new(),
    };
    page.board
        .listen(|event| with_editor::<G>(|p| p.board_event(event)))?;
    EDITOR.with(|cell| *cell.borrow_mut() = Some(Box::new(page)));
    listen::<G>()?;
    with_editor::<G>(|p| {
        p.reset_controls();
        p.update_outputs();
        if let Some((fen, error)) = fen_problem {
            // The address's position is unreadable: say why, keep its text to fix.
            p.el.fen.set_value(&fen);
            let reason = p.texts.render(&G::setup_error_text(&error));
            p.show_fen_error(Some(&reason));
        }
        if let Some(error) = marks_problem {
            let text = p.texts.render(&error);
            browser::log_warning(&format!("editor: {text}"));
            p.board.toast(&text);
            p.announce(&text);
        }
        p.el.wrap.set_attr("data-ready", "true");
        browser::when_near_screen(&p.el.preview, PREVIEW_MARGIN, || {
            with_editor::<G>(|p| {
                p.preview_started = true;
                let src = p.preview_src.clone();
                p.el.preview.set_attr("src", &src);
            })
        });
    });
    Ok(())
}

/// The document's title, naming the game ("Shogi position editor").
pub(super) fn show_title<G: EditorGame>(texts: &Catalogue) {
    let game = texts.text(&format!("game.{}", G::NAME));
    if let Some(title) = El::all("title").into_iter().next() {
        title.set_text(&texts.format("editor.documentTitle", &[("game", &game)]));
    }
}

/// What differs between the games' editors in the page itself: `<body data-game>`, the links
/// to the game and Learn pages, the starts offered besides the normal one (shogi's handicaps),
/// the hands (none in Jungle), and the embed form's rules (Jungle's variants).
pub(super) fn fill_game_choices<G: EditorGame>(el: &Elements<PieceOf<G>>, texts: &Catalogue) {
    if let Some(body) = El::all("body").into_iter().next() {
        body.set_attr("data-game", G::NAME);
    }
    el.rules_box.set_flag("hidden", !G::RULES_IN_FORM);
    el.preset.set_flag("hidden", G::STARTS.is_empty());
    if let Ok(select) = El::by_id("editor-preset") {
        for (code, key) in G::STARTS {
            if let Ok(option) = El::create("option") {
                option.set_attr("value", code);
                option.set_attr("data-i18n", key);
                option.set_text(&texts.text(key));
                select.append(&option);
            }
        }
    }
}

/// The language switcher (the page's own language) and the embed's language choice (the
/// frame's: the reader's browser by default).
pub(super) fn fill_language_choices<G: EditorGame>(
    el: &Elements<PieceOf<G>>,
    lang: Lang,
) -> Result<(), BrowserError> {
    languages::list_in(&El::by_id("language")?, lang, G::LANGUAGES)?;
    // The embed's choice keeps its first option, "the reader's language".
    let first = el.lang.value();
    languages::list_in(&el.lang, lang, G::LANGUAGES)?;
    el.lang.set_value(&first);
    Ok(())
}

/// The page's elements; the palette's buttons and the hands' counters are made here.
pub(super) fn find_elements<G: EditorGame>() -> Result<Elements<PieceOf<G>>, BrowserError> {
    let mut palette = Vec::new();
    let mut hands = Vec::new();
    let hands_box = El::by_id("editor-hands")?;
    for (colour, row_id) in [
        (Colour::Black, "palette-black"),
        (Colour::White, "palette-white"),
    ] {
        let row = El::by_id(row_id)?;
        for (index, piece) in G::palette(colour).into_iter().enumerate() {
            let button = El::create("button")?;
            button.set_attr("type", "button");
            button.set_attr("class", "palette-piece");
            button.set_attr("data-piece", &G::tool_code(piece));
            button.set_attr("aria-pressed", "false");
            let canvas_id = format!("palette-{}-{index}", colour.name());
            let canvas = El::create("canvas")?;
            canvas.set_attr("id", &canvas_id);
            canvas.set_attr("aria-hidden", "true");
            button.append(&canvas);
            row.append(&button);
            palette.push((piece, button, Canvas::find(&canvas_id)?));
        }
        let held = G::hand_pieces(colour);
        if held.is_empty() {
            continue;
        }
        hands_box.set_flag("hidden", false);
        let group = El::create("div")?;
        group.set_attr("class", "hand-counts");
        group.set_attr("role", "group");
        group.set_attr("data-side", colour.name());
        group.set_attr(
            "data-i18n-label",
            match colour {
                Colour::Black => "editor.handBlack",
                Colour::White => "editor.handWhite",
            },
        );
        let heading = El::create("span")?;
        heading.set_attr("class", "hand-title");
        heading.set_attr(
            "data-i18n",
            match colour {
                Colour::Black => "editor.handBlack",
                Colour::White => "editor.handWhite",
            },
        );
        group.append(&heading);
        for piece in held {
            let code = G::tool_code(piece);
            let counter = El::create("span")?;
            counter.set_attr("class", "hand-count");
            counter.set_attr("data-hand-piece", &code);
            let name = El::create("span")?;
            name.set_attr("class", "hand-name");
            counter.append(&name);
            let minus = El::create("button")?;
            minus.set_attr("type", "button");
            minus.set_attr("class", "hand-minus");
            minus.set_attr("data-hand-step", "-1");
            minus.set_text("\u{2212}");
            let count = El::create("output")?;
            count.set_attr("class", "hand-number");
            let plus = El::create("button")?;
            plus.set_attr("type", "button");
            plus.set_attr("class", "hand-plus");
            plus.set_attr("data-hand-step", "1");
            plus.set_text("+");
            counter.append(&minus);
            counter.append(&count);
            counter.append(&plus);
            group.append(&counter);
            hands.push(HandCounter {
                piece,
                counter,
                name,
                count,
                less: minus,
                more: plus,
            });
        }
        hands_box.append(&group);
    }

    let controls = El::all("[data-control]")
        .into_iter()
        .filter_map(|element| {
            let name = element.attr("data-control")?;
            let button = Button::ALL.into_iter().find(|b| b.name() == name)?;
            Some((button, element))
        })
        .collect();

    Ok(Elements {
        wrap: El::by_id("board-wrap")?,
        verdict: El::by_id("editor-verdict")?,
        live: El::by_id("announcer")?,
        hand: El::by_id("tool-hand")?,
        undo: El::by_id("editor-undo")?,
        redo: El::by_id("editor-redo")?,
        eraser: El::by_id("tool-erase")?,
        marker: El::by_id("tool-mark")?,
        palette,
        hands,
        preset: El::by_id("editor-preset-box")?,
        preset_select: El::by_id("editor-preset")?,
        play_position: El::by_id("editor-play-position")?,
        rules_box: El::by_id("embed-rules")?,
        ghost: El::by_id("palette-ghost")?,
        ghost_canvas: Canvas::find("palette-ghost")?,
        side_choices: El::all("input[name=side-to-move]"),
        fen: El::by_id("editor-fen")?,
        fen_error: El::by_id("editor-fen-error")?,
        form: El::by_id("embed-form")?,
        mode: El::by_id("embed-mode")?,
        side: El::by_id("embed-side")?,
        level: El::by_id("embed-level")?,
        solution: El::by_id("embed-solution")?,
        moves: El::by_id("embed-moves")?,
        ply: El::by_id("embed-ply")?,
        orientation: El::by_id("embed-orientation")?,
        lang: El::by_id("embed-lang")?,
        theme: El::by_id("embed-theme")?,
        coords: El::by_id("embed-coords")?,
        sound: El::by_id("embed-sound")?,
        rule_tiger: El::by_id("embed-rule-tiger")?,
        rule_repetition: El::by_id("embed-rule-repetition")?,
        rule_threefold: El::by_id("embed-rule-threefold")?,
        rule_no_capture: El::by_id("embed-rule-nocapture")?,
        controls,
        problems_box: El::by_id("embed-errors-box")?,
        problems: El::by_id("embed-problems")?,
        output: El::by_id("embed-output")?,
        link: El::by_id("editor-link")?,
        open_link: El::by_id("editor-open-link")?,
        snippet: El::by_id("editor-snippet")?,
        preview: El::by_id("editor-preview")?,
    })
}

pub(super) fn listen<G: EditorGame>() -> Result<(), BrowserError> {
    let palette = El::by_id("palette")?;
    palette.on("pointerdown", |e| with_editor::<G>(|p| p.palette_down(&e)));
    palette.on("pointermove", |e| with_editor::<G>(|p| p.palette_move(&e)));
    palette.on("pointerup", |e| with_editor::<G>(|p| p.palette_up(&e)));
    palette.on("pointercancel", |_| {
        with_editor::<G>(|p| p.palette_cancel())
    });
    // A click (pointer, Enter, Space or assistive technology) takes the animal up; the click
    // that follows a drag from the palette is not one.
    palette.on("click", |e| {
        if let Some(letter) = e.closest_attr("data-piece") {
            with_editor::<G>(|p| {
                if std::mem::take(&mut p.palette_dragged) {
                    return;
                }
                p.palette_pick(&letter);
            });
        }
    });
    palette.on("contextmenu", |e| e.prevent_default());

    El::by_id("tool-hand")?.on("click", |_| with_editor::<G>(|p| p.take_tool(Tool::Hand)));
    El::by_id("tool-erase")?.on("click", |_| with_editor::<G>(|p| p.take_tool(Tool::Erase)));
    El::by_id("tool-mark")?.on("click", |_| with_editor::<G>(|p| p.take_tool(Tool::Mark)));
    for choice in El::all("input[name=side-to-move]") {
        choice.on("change", |_| with_editor::<G>(|p| p.side_chosen()));
    }
    El::by_id("editor-undo")?.on("click", |_| with_editor::<G>(|p| p.undo(false)));
    El::by_id("editor-redo")?.on("click", |_| with_editor::<G>(|p| p.undo(true)));
    // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y anywhere but in a text field (which has its own undo).
    browser::on_document("keydown", |e| {
        let Some(press) = e.key() else { return };
        if !press.command || press.alt || e.from_text_field() {
            return;
        }
        let redo = match press.key.as_str() {
            "z" | "Z" => press.shift,
            "y" | "Y" => true,
            _ => return,
        };
        e.prevent_default();
        with_editor::<G>(|p| p.undo(redo));
    })?;
    El::by_id("editor-hands")?.on("click", |e| {
        let step = e.closest_attr("data-hand-step");
        let piece = e
            .closest_attr("data-hand-piece")
            .and_then(|code| G::piece_of_tool_code(&code));
        if let (Some(step), Some(piece)) = (step, piece) {
            with_editor::<G>(|p| p.hand_step(piece, step == "1"));
        }
    });
    El::by_id("editor-preset")?.on("change", |_| {
        with_editor::<G>(|p| {
            let code = p.el.preset_select.value();
            if let Some(setup) = G::preset(&code) {
                p.editor.set_up(setup);
                p.announce_key("editor.startDone");
                p.changed();
            }
            // The list is an action, not a state: it shows its prompt again.
            p.el.preset_select.set_value("");
        })
    });
    El::by_id("editor-start")?.on("click", |_| {
        with_editor::<G>(|p| {
            p.editor.start_position();
            p.announce_key("editor.startDone");
            p.changed();
        })
    });
    El::by_id("editor-clear")?.on("click", |_| {
        with_editor::<G>(|p| {
            p.editor.clear();
            p.announce_key("editor.clearDone");
            p.changed();
        })
    });
    El::by_id("editor-flip")?.on("click", |_| {
        with_editor::<G>(|p| {
            p.flipped = !p.flipped;
            p.board.mark_dirty();
        })
    });
    let fen = El::by_id("editor-fen")?;
    fen.on("input", |_| with_editor::<G>(|p| p.fen_typed()));
    El::by_id("editor-copy-fen")?.on("click", |_| {
        with_editor::<G>(|p| p.copy(p.editor.fen(), "editor-copy-fen"))
    });
    El::by_id("editor-copy-link")?.on("click", |_| {
        with_editor::<G>(|p| {
            if let Some(link) = p.link.clone() {
                p.copy(link, "editor-copy-link");
            }
        })
    });
    El::by_id("editor-copy-snippet")?.on("click", |_| {
        with_editor::<G>(|p| {
            let snippet = p.el.snippet.value();
            if p.link.is_some() {
                p.copy(snippet, "editor-copy-snippet");
            }
        })
    });
    let form = El::by_id("embed-form")?;
    form.on("submit", |e| e.prevent_default());
    form.on("input", |e| with_editor::<G>(|p| p.form_changed(&e)));
    form.on("change", |e| with_editor::<G>(|p| p.form_changed(&e)));
    El::by_id("language")?.on("change", |_| with_editor::<G>(|p| p.switch_language()));

    browser::on_resize(&palette, || {
        with_editor::<G>(|p| {
            p.redraw_palette();
            p.board.mark_dirty();
        })
    })?;
    // The theme chosen here or in another tab: the board's coordinates follow.
    browser::on_site_settings(|| with_editor::<G>(|p| p.board.mark_dirty()))?;
    Ok(())
}
