//! The position editor page (`editor.html`) for tutorial authors: set up animals with a
//! palette (click or drag) or the keyboard, pick the side to move, see the rules layer's verdict
//! as the board changes, then copy the position (FEN), a link to a board showing it, or a ready
//! `<iframe>` with the chosen embed parameters, previewed live.
//!
//! What the edits mean is `crate::web::embed::editor` (pure, tested natively); this file turns
//! pointer and keyboard events into those calls and shows the result. The board itself (canvas,
//! square grid, frames, layout, toast) is the pages' shared [`BoardController`]; the editor reads
//! its gestures itself, since a drag off the board or a letter key means something here. The page's address keeps
//! the position (`?fen=`), so a reload or a bookmark reopens it. `#board-wrap` carries
//! `data-fen`, `data-verdict` (`legal`, `over` or `illegal`) and `data-tool` for scripts and tests.

use super::board_controller::{BoardController, BoardEvent, Gesture, SquareMark};
use super::board_view::{self, Drag, Scene};
use super::browser::{self, BrowserError, Canvas, El, Event};
use super::editing::{EditorGame, EditorOf, PieceOf, SquareOf};
use super::game::{hand_slot, Colour, Look};
use super::i18n::Catalogue;
use super::input::{BoardState, Key, DRAG_THRESHOLD};
use super::languages;
use crate::web::embed::editor::{embed_url, frame_size, iframe_for, Edit, Editable, Tool, Verdict};
use crate::web::embed::params::{percent_encode, query_value, MAX_MARKS};
use crate::web::embed::{Button, EmbedConfig, Lang, Mode};
use std::any::Any;
use std::cell::RefCell;

/// The pause after the last change before the preview frame reloads, ms (typing a solution
/// must not reload it at every key).
const PREVIEW_DELAY_MS: f64 = 500.0;
/// How long a frame may spend drawing palette buttons, ms (the rest wait for the next frames).
const PALETTE_FRAME_MS: f64 = 6.0;
/// How near the screen the preview starts its board.
const PREVIEW_MARGIN: &str = "300px 0px";

thread_local! {
    static EDITOR: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Runs `action` on the page, then brings the DOM and the canvas up to date.
fn with_editor<G: EditorGame>(action: impl FnOnce(&mut EditorPage<G>)) {
    EDITOR.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            if let Some(page) = slot
                .as_mut()
                .and_then(|page| page.downcast_mut::<EditorPage<G>>())
            {
                action(page);
                page.render();
                let scene = page.scene();
                page.board.show(scene, page.flipped);
                page.board.request_frame(draw_frame::<G>);
            }
        }
    });
}

/// The animation frame the board asked for.
fn draw_frame<G: EditorGame>(_time: f64) {
    with_editor::<G>(|p| p.frame());
}

/// A press on the board in progress.
#[derive(Clone, Copy, Debug)]
struct BoardPress {
    square: usize,
    x: f64,
    y: f64,
    dragging: bool,
}

/// A press on a palette animal in progress (a click takes it up as the tool, a drag puts it
/// straight on the board).
#[derive(Clone, Copy, Debug)]
struct PalettePress<P> {
    piece: P,
    x: f64,
    y: f64,
    dragging: bool,
}

/// The counter of a piece in a hand: its name, its count and its − and + buttons.
struct HandCounter<P> {
    piece: P,
    counter: El,
    name: El,
    count: El,
    less: El,
    more: El,
}

struct Elements<P> {
    wrap: El,
    verdict: El,
    live: El,
    hand: El,
    eraser: El,
    marker: El,
    undo: El,
    redo: El,
    palette: Vec<(P, El, Canvas)>,
    /// Each hand's counters, a piece each.
    hands: Vec<HandCounter<P>>,
    preset: El,
    preset_select: El,
    play_position: El,
    rules_box: El,
    ghost: El,
    ghost_canvas: Canvas,
    side_choices: Vec<El>,
    fen: El,
    fen_error: El,
    form: El,
    mode: El,
    side: El,
    level: El,
    solution: El,
    moves: El,
    ply: El,
    orientation: El,
    lang: El,
    theme: El,
    coords: El,
    sound: El,
    rule_tiger: El,
    rule_repetition: El,
    rule_threefold: El,
    rule_no_capture: El,
    controls: Vec<(Button, El)>,
    problems_box: El,
    problems: El,
    output: El,
    link: El,
    open_link: El,
    snippet: El,
    preview: El,
}

struct EditorPage<G: EditorGame> {
    editor: EditorOf<G>,
    texts: Catalogue,
    /// How the pieces are drawn (the game's default set for the page's language).
    look: Look,
    /// The language asked for in the address or chosen in the switcher (kept in the address).
    chosen_lang: Option<Lang>,
    flipped: bool,
    board: BoardController,
    press: Option<BoardPress>,
    palette_press: Option<PalettePress<PieceOf<G>>>,
    /// A palette drag just ended: the click the browser sends after it is not a pick.
    palette_dragged: bool,
    el: Elements<PieceOf<G>>,
    /// The link and snippet for the current position and choices (`None`: cannot embed).
    link: Option<String>,
    /// The text field holds text that is not a position (shown with its reason).
    fen_draft: bool,
    preview_src: String,
    preview_timer: Option<i32>,
    /// The preview has come near the screen: until then it shows nothing (a frame starting its
    /// own board would slow the page down for what nobody sees yet).
    preview_started: bool,
    /// The palette's buttons from this index on are still to be drawn (the board first, then a
    /// few buttons per frame, so that no frame keeps the page busy for long).
    palette_pending: usize,
    /// The palette's size as measured for its buttons (`None`: measure again).
    palette_size: Option<(f64, f64)>,
    /// The squares the verdict is about (ringed on the board), as of the last render.
    problems: Vec<usize>,
}

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
const EDITOR_ENGLISH: &str = include_str!("../../www/locales/editor/en.json");

/// [`start`] in `lang`, with its `texts` (the page's static texts are filled).
fn start_in<G: EditorGame>(lang: Lang, texts: Catalogue) -> Result<(), BrowserError> {
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
    super::page::apply_static_texts(&texts);
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
fn show_title<G: EditorGame>(texts: &Catalogue) {
    let game = texts.text(&format!("game.{}", G::NAME));
    if let Some(title) = El::all("title").into_iter().next() {
        title.set_text(&texts.format("editor.documentTitle", &[("game", &game)]));
    }
}

/// What differs between the games' editors in the page itself: `<body data-game>`, the links
/// to the game and Learn pages, the starts offered besides the normal one (shogi's handicaps),
/// the hands (none in Jungle), and the embed form's rules (Jungle's variants).
fn fill_game_choices<G: EditorGame>(el: &Elements<PieceOf<G>>, texts: &Catalogue) {
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
fn fill_language_choices<G: EditorGame>(
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
fn find_elements<G: EditorGame>() -> Result<Elements<PieceOf<G>>, BrowserError> {
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

fn listen<G: EditorGame>() -> Result<(), BrowserError> {
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

impl<G: EditorGame> EditorPage<G> {
    // ------------------------------------------------------------ texts

    fn piece_name(&self, piece: PieceOf<G>) -> String {
        self.texts.render(&G::piece_name(piece))
    }

    fn announce(&mut self, text: &str) {
        self.el.live.set_text(text);
    }

    fn announce_key(&mut self, key: &str) {
        let text = self.texts.text(key);
        self.announce(&text);
    }

    /// Tells what an edit did (screen readers hear every change; the board shows it).
    fn report(&mut self, edit: Edit<PieceOf<G>, SquareOf<G>>) {
        let text = match edit {
            Edit::Nothing => return,
            Edit::Selected(square) => {
                let piece = self.editor.piece_at(square).map(|p| self.piece_name(p));
                self.texts.format(
                    "editor.picked",
                    &[
                        ("piece", &piece.unwrap_or_default()),
                        ("square", &square.to_string()),
                    ],
                )
            }
            Edit::Deselected(square) => self
                .texts
                .format("editor.putBack", &[("square", &square.to_string())]),
            Edit::Placed { piece, square, .. } => self.texts.format(
                "editor.placed",
                &[
                    ("piece", &self.piece_name(piece)),
                    ("square", &square.to_string()),
                ],
            ),
            Edit::Removed { piece, square } => self.texts.format(
                "editor.removed",
                &[
                    ("piece", &self.piece_name(piece)),
                    ("square", &square.to_string()),
                ],
            ),
            Edit::Turned { piece, square } => self.texts.format(
                "editor.placed",
                &[
                    ("piece", &self.piece_name(piece)),
                    ("square", &square.to_string()),
                ],
            ),
            Edit::Hand { piece, count } => self.texts.format(
                "editor.handCount",
                &[
                    ("piece", &self.texts.render(&G::hand_label(piece))),
                    (
                        "side",
                        &self.texts.render(&G::side_text(G::piece_colour(piece))),
                    ),
                    ("n", &count.to_string()),
                ],
            ),
            Edit::Marked(square, on) => self.texts.format(
                if on {
                    "editor.markOn"
                } else {
                    "editor.markOff"
                },
                &[("square", &square.to_string())],
            ),
            Edit::TooManyMarks => {
                let text = self
                    .texts
                    .format("editor.tooManyMarks", &[("n", &MAX_MARKS.to_string())]);
                self.board.toast(&text);
                text
            }
        };
        self.announce(&text);
        if matches!(
            edit,
            Edit::Placed { .. }
                | Edit::Removed { .. }
                | Edit::Marked(..)
                | Edit::Turned { .. }
                | Edit::Hand { .. }
        ) {
            self.changed();
        }
    }

    // ------------------------------------------------------------ the board

    /// An event on the board: the editor's own keys first (Delete, an animal's letter), then
    /// the gestures the board reads.
    fn board_event(&mut self, event: BoardEvent) {
        if let BoardEvent::Key(e) = &event {
            if self.editor_key(e) {
                return;
            }
        }
        match self.board.read(&event) {
            Some(Gesture::Press {
                square: Some(square),
                x,
                y,
            }) if G::square(square).is_some() => {
                self.press = Some(BoardPress {
                    square,
                    x,
                    y,
                    dragging: false,
                })
            }
            Some(Gesture::Move { x, y }) => self.pointer_move(x, y),
            Some(Gesture::Release { square }) => self.pointer_up(square),
            Some(Gesture::Cancel) => {
                self.press = None;
                self.board.set_drag(None);
            }
            Some(Gesture::Key(key)) => self.board_key(key),
            // A press off the board or on a hand's slot, which the hands' counters edit.
            Some(Gesture::Press { .. } | Gesture::HandKey { .. } | Gesture::Choose(_)) | None => {}
        }
    }

    fn pointer_move(&mut self, x: f64, y: f64) {
        let Some(press) = self.press.as_mut() else {
            return;
        };
        if !press.dragging {
            let has_animal = G::square(press.square)
                .and_then(|square| self.editor.piece_at(square))
                .is_some();
            if !has_animal || (x - press.x).hypot(y - press.y) < DRAG_THRESHOLD {
                return;
            }
            press.dragging = true;
            self.editor.deselect();
        }
        let from = press.square;
        self.board.set_drag(Some(Drag { from, x, y }));
    }

    fn pointer_up(&mut self, square: Option<usize>) {
        let Some(press) = self.press.take() else {
            return;
        };
        self.board.set_drag(None);
        let Some(from) = G::square(press.square) else {
            return;
        };
        let edit = if press.dragging {
            // Dropped on a square: moved there; dropped off the board (or on a hand): taken off.
            match square.and_then(G::square) {
                Some(to) => self.editor.move_piece(from, to),
                None => self.editor.remove(from),
            }
        } else {
            self.editor.press(from)
        };
        self.report(edit);
    }

    /// Arrows move the cursor (as the board is shown), Enter or Space use the tool on its
    /// square, Escape puts the held animal back (or takes up the hand).
    fn board_key(&mut self, key: Key) {
        let Some(square) = self.cursor_square() else {
            return;
        };
        let nothing_held = BoardState {
            selected: None,
            destinations: &[],
            movable: &|_| false,
        };
        self.board
            .intent(Gesture::Key(key), &nothing_held, self.flipped, 0);
        let square = self.cursor_square().unwrap_or(square);
        let edit = match key {
            Key::Activate => self.editor.press(square),
            Key::Cancel if self.editor.selected().is_some() => self.editor.deselect(),
            Key::Cancel => {
                self.take_tool(Tool::Hand);
                Edit::Nothing
            }
            Key::Up | Key::Down | Key::Left | Key::Right => Edit::Nothing,
        };
        self.report(edit);
    }

    /// The board square under the keyboard cursor (the first square before the keys moved it).
    fn cursor_square(&self) -> Option<SquareOf<G>> {
        G::square(self.board.cursor().unwrap_or(0))
    }

    /// Delete or Backspace takes the piece off the cursor's square; a piece's letter puts it
    /// there (capital for the first player, small for the second, as in the text form); `+`
    /// turns it over where the game promotes. Whether the key was one of these.
    fn editor_key(&mut self, e: &Event) -> bool {
        let Some(press) = e.key() else { return false };
        if press.command || press.alt {
            return false;
        }
        let Some(square) = self.cursor_square() else {
            return false;
        };
        let mut letters = press.key.chars();
        let edit = match (press.key.as_str(), letters.next(), letters.next()) {
            ("Delete" | "Backspace", _, _) => self.editor.remove(square),
            ("+", _, _) => self.editor.turn_over(square),
            (_, Some(letter), None) => match G::piece_of_key(letter) {
                Some(piece) => self.editor.place(piece, square),
                None => return false,
            },
            _ => return false,
        };
        e.prevent_default();
        self.report(edit);
        self.board.mark_dirty();
        true
    }

    // ------------------------------------------------------------ the palette and tools

    fn take_tool(&mut self, tool: Tool<PieceOf<G>>) {
        self.editor.set_tool(tool);
        let text = match tool {
            Tool::Hand => self.texts.text("editor.hand"),
            Tool::Erase => self.texts.text("editor.erase"),
            Tool::Mark => self.texts.text("editor.mark"),
            Tool::Place(piece) => self.piece_name(piece),
        };
        let announcement = self.texts.format("editor.toolTaken", &[("tool", &text)]);
        self.announce(&announcement);
        self.board.mark_dirty();
    }

    /// A palette piece clicked: it becomes the tool (clicked again: back to the hand).
    fn palette_pick(&mut self, code: &str) {
        let Some(piece) = G::piece_of_tool_code(code) else {
            return;
        };
        if self.editor.tool() == Tool::Place(piece) {
            self.take_tool(Tool::Hand);
        } else {
            self.take_tool(Tool::Place(piece));
        }
    }

    fn palette_down(&mut self, e: &Event) {
        let Some(pointer) = e.pointer() else { return };
        let Some(piece) = e
            .closest_attr("data-piece")
            .and_then(|code| G::piece_of_tool_code(&code))
        else {
            return;
        };
        if !pointer.primary {
            return;
        }
        e.prevent_default();
        self.palette_dragged = false;
        if let Some((_, button, _)) = self.el.palette.iter().find(|(p, _, _)| *p == piece) {
            button.capture_pointer(pointer.id);
            button.focus();
        }
        self.palette_press = Some(PalettePress {
            piece,
            x: pointer.x,
            y: pointer.y,
            dragging: false,
        });
    }

    fn palette_move(&mut self, e: &Event) {
        let Some(pointer) = e.pointer() else { return };
        let Some(press) = self.palette_press.as_mut() else {
            return;
        };
        if !press.dragging {
            if (pointer.x - press.x).hypot(pointer.y - press.y) < DRAG_THRESHOLD {
                return;
            }
            press.dragging = true;
            let piece = press.piece;
            self.show_ghost(piece);
        }
        self.move_ghost(pointer.x, pointer.y);
    }

    fn palette_up(&mut self, e: &Event) {
        let Some(press) = self.palette_press.take() else {
            return;
        };
        let Some(pointer) = e.pointer() else { return };
        if !press.dragging {
            return; // a click: the click event picks the animal
        }
        self.palette_dragged = true;
        self.el.ghost.set_flag("hidden", true);
        let square = self.board.square_at_client(pointer.x, pointer.y);
        if let Some(square) = square.and_then(G::square) {
            let edit = self.editor.place(press.piece, square);
            self.report(edit);
        }
    }

    fn palette_cancel(&mut self) {
        self.palette_press = None;
        self.el.ghost.set_flag("hidden", true);
    }

    /// The token that follows the pointer while a palette animal is dragged to the board.
    fn show_ghost(&mut self, piece: PieceOf<G>) {
        let size = self.board.cell_size().max(32.0);
        self.el.ghost.set_style("width", &browser::px(size));
        self.el.ghost.set_style("height", &browser::px(size));
        self.el.ghost.set_flag("hidden", false);
        if let Ok((width, height)) = self.el.ghost_canvas.fit_to_css_box() {
            board_view::Surface::clear(&mut self.el.ghost_canvas);
            G::paint(
                &mut self.el.ghost_canvas,
                width / 2.0,
                height / 2.0,
                width.min(height),
                &G::piece_token(piece, &self.look),
                false,
            );
        }
    }

    fn move_ghost(&self, x: f64, y: f64) {
        let size = self.board.cell_size().max(32.0);
        self.el
            .ghost
            .set_style("left", &browser::px(x - size / 2.0));
        self.el.ghost.set_style("top", &browser::px(y - size / 2.0));
    }

    // ------------------------------------------------------------ side, text form, language

    /// One more (`more`) or one fewer `piece` in its side's hand.
    fn hand_step(&mut self, piece: PieceOf<G>, more: bool) {
        let edit = if more {
            self.editor.add_to_hand(piece)
        } else {
            self.editor.take_from_hand(piece)
        };
        self.report(edit);
    }

    /// Undoes (or, `redo`, redoes) the last change of the board.
    fn undo(&mut self, redo: bool) {
        let changed = if redo {
            self.editor.redo()
        } else {
            self.editor.undo()
        };
        if changed {
            self.changed();
        }
    }

    fn side_chosen(&mut self) {
        let chosen = self
            .el
            .side_choices
            .iter()
            .find(|choice| choice.checked())
            .map(|choice| choice.value());
        let colour = match chosen.as_deref() {
            Some("white") => Colour::White,
            _ => Colour::Black,
        };
        self.editor.set_side_to_move(G::side(colour));
        self.changed();
    }

    /// The text form was edited: a readable position is loaded at once; otherwise the board
    /// stays and the reason shows under the field.
    fn fen_typed(&mut self) {
        let text = self.el.fen.value();
        match self.editor.load_fen(&text) {
            Ok(()) => {
                self.show_fen_error(None);
                self.changed();
            }
            Err(error) => {
                let reason = self.texts.render(&G::setup_error_text(&error));
                self.show_fen_error(Some(&reason));
            }
        }
    }

    /// Shows why the text field's text is not a position (`None`: it is one). While it shows,
    /// the field keeps the author's text to fix; the next edit of the board replaces it.
    fn show_fen_error(&mut self, reason: Option<&str>) {
        self.fen_draft = reason.is_some();
        match reason {
            Some(reason) => {
                let text = self.texts.format("editor.fenError", &[("reason", reason)]);
                self.el.fen_error.set_text(&text);
                self.el.fen_error.set_flag("hidden", false);
                self.el.fen.set_attr("aria-invalid", "true");
            }
            None => {
                self.el.fen_error.set_flag("hidden", true);
                self.el.fen.remove_attr("aria-invalid");
            }
        }
    }

    fn switch_language(&mut self) {
        let Some(lang) = El::by_id("language")
            .ok()
            .and_then(|select| Lang::parse(&select.value()))
        else {
            return;
        };
        languages::remember(lang);
        self.chosen_lang = Some(lang);
        languages::load_for(lang, Some(G::TEXTS), move |messages| {
            with_editor::<G>(|p| {
                p.texts.set_language(messages);
                p.look.lang = lang;
                p.look.pieces = G::default_pieces(lang);
                p.redraw_palette();
                if let Ok(root) = El::root() {
                    root.set_attr("lang", lang.tag());
                }
                super::page::apply_static_texts(&p.texts);
                show_title::<G>(&p.texts);
                p.changed();
            })
        });
    }

    // ------------------------------------------------------------ the embed choices

    /// The mode's own buttons are ticked whenever the mode changes.
    fn form_changed(&mut self, e: &Event) {
        if e.closest_attr("id").as_deref() == Some("embed-mode") {
            self.reset_controls();
        }
        self.update_outputs();
    }

    fn mode(&self) -> Mode {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == self.el.mode.value())
            .unwrap_or(Mode::View)
    }

    fn reset_controls(&mut self) {
        let defaults = self.mode().default_controls();
        for (button, element) in &self.el.controls {
            element.set_checked(defaults.contains(button));
        }
        self.el.form.set_attr("data-mode", self.mode().name());
    }

    /// The rules chosen for the frame, in [`Ruleset`]'s spelling (empty: the standard rules).
    fn variant(&self) -> String {
        let mut rules = Vec::new();
        if self.el.rule_tiger.checked() {
            rules.push("tiger-vertical-only".to_string());
        }
        if self.el.rule_repetition.checked() {
            rules.push("repetition-prohibition".to_string());
        }
        if !self.el.rule_threefold.checked() {
            rules.push("threefold=off".to_string());
        }
        let no_capture = self.el.rule_no_capture.value();
        if no_capture != "50" {
            rules.push(format!("nocapture={no_capture}"));
        }
        rules.join(",")
    }

    fn rules(&self) -> <G::Setup as Editable>::Rules {
        G::rules_of(&self.variant())
    }

    /// The embed parameters chosen in the form, as the author would write them.
    fn choices(&self) -> Vec<(&'static str, String)> {
        let mode = self.mode();
        let mut choices = vec![("mode", mode.name().to_string())];
        if matches!(mode, Mode::Play | Mode::Puzzle) {
            choices.push(("side", self.el.side.value()));
        }
        if mode == Mode::Play {
            choices.push(("level", self.el.level.value()));
        }
        choices.push(("moves", move_list(&self.el.moves.value())));
        choices.push(("ply", self.el.ply.value().trim().to_string()));
        if mode == Mode::Puzzle {
            choices.push(("solution", move_list(&self.el.solution.value())));
        }
        if G::RULES_IN_FORM {
            choices.push(("variant", self.variant()));
        }
        choices.push(("orientation", self.el.orientation.value()));
        choices.push(("lang", self.el.lang.value()));
        choices.push(("theme", self.el.theme.value()));
        if !self.el.coords.checked() {
            choices.push(("coords", "off".to_string()));
        }
        if self.el.sound.checked() {
            choices.push(("sound", "on".to_string()));
        }
        let controls: Vec<&str> = self
            .el
            .controls
            .iter()
            .filter(|(_, element)| element.checked())
            .map(|(button, _)| button.name())
            .collect();
        choices.push((
            "controls",
            if controls.is_empty() {
                "none".to_string()
            } else {
                controls.join(",")
            },
        ));
        choices
    }

    /// The link, the snippet and the preview for the position and the choices; or, when the
    /// frame would refuse them, its reasons.
    fn update_outputs(&mut self) {
        // The analysis board opens the position (an illegal one is refused there, with why).
        let position = format!(
            "{}={}",
            G::POSITION_PARAM,
            percent_encode(&self.editor.fen())
        );
        let analysis = super::page::page_address::<G>("analysis.html", &[&position]);
        if let Ok(link) = El::by_id("editor-analysis-link") {
            link.set_attr("href", &analysis);
        }
        let choices = self.choices();
        let pairs: Vec<(&str, &str)> = choices
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        let href = browser::location_href();
        let base = href
            .split(['?', '#'])
            .next()
            .and_then(|page| page.rfind('/').map(|slash| &page[..=slash]))
            .unwrap_or("")
            .to_string();
        let play = format!(
            "{base}{}?position={}",
            G::PAGE,
            percent_encode(&self.editor.fen())
        );
        self.el.play_position.set_attr("href", &play);
        match self.editor.embed_config_of::<G>(&pairs) {
            Ok(config) => {
                let link = embed_url(&base, &config);
                let title = self.texts.text("editor.frameTitle");
                let (width, height) = frame_size(config.mode);
                self.el
                    .snippet
                    .set_value(&iframe_for(&link, &title, (width, height)));
                // The preview is the frame the snippet makes, at its size.
                self.el.preview.set_attr("width", &width.to_string());
                self.el.preview.set_attr("height", &height.to_string());
                self.el.link.set_value(&link);
                self.el.open_link.set_attr("href", &link);
                self.el.problems_box.set_flag("hidden", true);
                self.el.output.set_flag("hidden", false);
                self.schedule_preview(link.clone());
                self.link = Some(link);
            }
            Err(errors) => {
                self.el.problems.clear();
                for error in &errors.0 {
                    if let Ok(item) = El::create("li") {
                        item.set_text(&self.texts.render(&error.text));
                        self.el.problems.append(&item);
                    }
                }
                self.el.problems_box.set_flag("hidden", false);
                self.el.output.set_flag("hidden", true);
                self.link = None;
            }
        }
    }

    fn schedule_preview(&mut self, src: String) {
        if src == self.preview_src {
            return;
        }
        self.preview_src = src;
        if let Some(timer) = self.preview_timer.take() {
            browser::cancel_timeout(timer);
        }
        if !self.preview_started {
            return;
        }
        self.preview_timer = Some(browser::set_timeout(
            || {
                with_editor::<G>(|p| {
                    p.preview_timer = None;
                    let src = p.preview_src.clone();
                    p.el.preview.set_attr("src", &src);
                })
            },
            PREVIEW_DELAY_MS,
        ));
    }

    /// Copies `text`, and says beside the button `button` (an id) whether it was copied.
    fn copy(&mut self, text: String, button: &'static str) {
        browser::copy_to_clipboard(&text, move |copied| {
            with_editor::<G>(|p| {
                let message = p.texts.text(if copied {
                    "editor.copied"
                } else {
                    "editor.copyFailed"
                });
                if let Ok(button) = El::by_id(button) {
                    button.say_beside(&message);
                }
            })
        });
    }

    // ------------------------------------------------------------ bringing the page up to date

    /// The position changed: the address, the verdict and the outputs follow.
    fn changed(&mut self) {
        if self.fen_draft && !self.el.fen.has_focus() {
            self.show_fen_error(None);
        }
        let mut query = format!(
            "{}={}",
            G::POSITION_PARAM,
            percent_encode(&self.editor.fen())
        );
        if let Some(game) = game_param::<G>() {
            query = format!("game={game}&{query}");
        }
        if !self.editor.marks().is_empty() {
            query.push_str(&format!("&marks={}", self.marks_text()));
        }
        if let Some(lang) = self.chosen_lang {
            query.push_str(&format!("&lang={}", lang.tag()));
        }
        browser::replace_query(&query);
        self.board.mark_dirty();
        self.update_outputs();
    }

    /// The marked squares as the embed writes them (`d4,c3`).
    fn marks_text(&self) -> String {
        let names: Vec<String> = self.editor.marks().iter().map(|s| s.to_string()).collect();
        names.join(",")
    }

    fn render(&mut self) {
        let editor = &self.editor;
        let wrap = &self.el.wrap;
        let fen = editor.fen();
        wrap.set_attr("data-fen", &fen);
        let tool = match editor.tool() {
            Tool::Hand => "hand".to_string(),
            Tool::Erase => "erase".to_string(),
            Tool::Mark => "mark".to_string(),
            Tool::Place(piece) => G::tool_code(piece),
        };
        wrap.set_attr("data-tool", &tool);
        wrap.set_attr("data-marks", &self.marks_text());
        if !self.el.fen.has_focus() && !self.fen_draft {
            self.el.fen.set_value(&fen);
        }

        let verdict = editor.verdict(&self.rules());
        let side = G::colour(editor.side_to_move());
        let (state, text) = match &verdict {
            Verdict::Legal { outcome: None, .. } => (
                "legal",
                self.texts.format(
                    "editor.legal",
                    &[(
                        "turn",
                        &self.texts.text(match side {
                            Colour::Black => "turn.black",
                            Colour::White => "turn.white",
                        }),
                    )],
                ),
            ),
            Verdict::Legal {
                outcome: Some(outcome),
                ..
            } => {
                let result = match G::winner(*outcome) {
                    Some(Colour::Black) => self.texts.text("result.blackWins"),
                    Some(Colour::White) => self.texts.text("result.whiteWins"),
                    None => self.texts.text("result.draw"),
                };
                let reason = self.texts.render(&G::reason_text(*outcome));
                (
                    "over",
                    self.texts.format(
                        "editor.legalOver",
                        &[("result", &result), ("reason", &reason)],
                    ),
                )
            }
            Verdict::Illegal { error, .. } => (
                "illegal",
                self.texts.format(
                    "editor.illegal",
                    &[("reason", &self.texts.render(&G::setup_error_text(error)))],
                ),
            ),
        };
        wrap.set_attr("data-verdict", state);
        self.el.verdict.set_attr("data-verdict", state);
        self.el.verdict.set_text(&text);
        // The game page takes only a legal position.
        self.el.play_position.set_flag("hidden", state == "illegal");

        for choice in &self.el.side_choices {
            choice.set_checked(choice.value() == side.name());
        }
        self.el.undo.set_flag("disabled", !editor.can_undo());
        self.el.redo.set_flag("disabled", !editor.can_redo());
        self.el
            .hand
            .set_attr("aria-pressed", bool_text(editor.tool() == Tool::Hand));
        self.el
            .eraser
            .set_attr("aria-pressed", bool_text(editor.tool() == Tool::Erase));
        self.el
            .marker
            .set_attr("aria-pressed", bool_text(editor.tool() == Tool::Mark));
        for (piece, button, _) in &self.el.palette {
            let name = self.texts.render(&G::piece_name(*piece));
            // Where a side has one of each, the label says where the piece stands now.
            let on_board = editor
                .square_of(*piece)
                .filter(|_| <G::Setup as Editable>::UNIQUE_PIECES);
            let label = match on_board {
                Some(square) => self.texts.format(
                    "editor.paletteOnBoard",
                    &[("piece", &name), ("square", &square.to_string())],
                ),
                None => self.texts.format("editor.paletteOff", &[("piece", &name)]),
            };
            button.set_attr("aria-label", &label);
            button.set_attr("title", &label);
            button.set_attr(
                "aria-pressed",
                bool_text(editor.tool() == Tool::Place(*piece)),
            );
            button.set_class("on-board", on_board.is_some());
        }
        for hand in &self.el.hands {
            let held = editor.in_hand(hand.piece);
            let kind = self.texts.render(&G::hand_label(hand.piece));
            hand.name.set_text(&kind);
            hand.count.set_text(&held.to_string());
            hand.counter.set_attr("data-count", &held.to_string());
            let values = [("piece", kind.as_str())];
            let full = held >= <G::Setup as Editable>::hand_limit(hand.piece);
            for (button, key, off) in [
                (&hand.less, "editor.handLess", held == 0),
                (&hand.more, "editor.handMore", full),
            ] {
                let label = self.texts.format(key, &values);
                button.set_attr("aria-label", &label);
                button.set_attr("title", &label);
                button.set_flag("disabled", off);
            }
        }

        // The squares the verdict is about: ringed on the board (here and in the next frame).
        self.problems = match &verdict {
            Verdict::Illegal { squares, .. } => squares.iter().map(|&s| G::cell(s)).collect(),
            Verdict::Legal { .. } => Vec::new(),
        };
        let problems = &self.problems;
        let texts = &self.texts;
        self.board.mark_squares(
            editor.selected().map(G::cell),
            problems,
            0,
            |index| match G::square(index) {
                Some(square) => {
                    let mut mark = SquareMark {
                        label: texts.render(&G::square_label(editor.setup(), square)),
                        piece: G::square_code(editor.setup(), square),
                    };
                    if editor.marks().contains(&square) {
                        mark.label = texts.format("square.marked", &[("square", &mark.label)]);
                    }
                    mark
                }
                // A hand's slot: its piece and count, shown when the hand holds one.
                None => {
                    let held = hand_slot(&G::SHAPE, index)
                        .and_then(|(colour, slot)| G::hand_pieces(colour).get(slot).copied());
                    let count = held.map_or(0, |piece| editor.in_hand(piece));
                    match held.filter(|_| count > 0) {
                        Some(piece) => SquareMark {
                            label: texts.format(
                                "editor.handCount",
                                &[
                                    ("piece", &texts.render(&G::hand_label(piece))),
                                    ("side", &texts.render(&G::side_text(G::piece_colour(piece)))),
                                    ("n", &count.to_string()),
                                ],
                            ),
                            piece: G::hand_code(piece),
                        },
                        None => SquareMark {
                            label: String::new(),
                            piece: None,
                        },
                    }
                }
            },
        );
    }

    /// Draws the palette again (its buttons changed size).
    fn redraw_palette(&mut self) {
        self.palette_pending = 0;
        self.palette_size = None;
        browser::request_frame(draw_frame::<G>);
    }

    fn frame(&mut self) {
        let started = browser::now_ms();
        let count = self.el.palette.len();
        // Every button is the same size: measured once, before any canvas is resized (the board's
        // included: a size read after a resize would lay the page out again).
        if self.palette_pending < count && self.palette_size.is_none() {
            self.palette_size = self
                .el
                .palette
                .first()
                .map(|(_, _, canvas)| canvas.css_size());
        }
        self.board.draw(false);
        // Then palette buttons, while the frame has time left.
        let Some((width, height)) = self.palette_size.filter(|_| self.palette_pending < count)
        else {
            return;
        };
        while self.palette_pending < count
            && (self.palette_pending == 0 || browser::now_ms() - started < PALETTE_FRAME_MS)
        {
            let (piece, _, canvas) = &mut self.el.palette[self.palette_pending];
            if canvas.fit_to(width, height).is_ok() {
                board_view::Surface::clear(canvas);
                G::paint(
                    canvas,
                    width / 2.0,
                    height / 2.0,
                    width.min(height),
                    &G::piece_token(*piece, &self.look),
                    false,
                );
            }
            self.palette_pending += 1;
        }
        if self.palette_pending < count {
            browser::request_frame(draw_frame::<G>);
        }
    }

    /// What the board shows: the setup, the selection, the squares at fault, the marks.
    fn scene(&self) -> Scene {
        let mut scene = G::setup_scene(self.editor.setup(), &self.look);
        let (files, ranks) = G::coordinates();
        scene.file_labels = files.iter().map(|v| self.texts.value(v)).collect();
        scene.rank_labels = ranks.iter().map(|v| self.texts.value(v)).collect();
        scene.selected = self.editor.selected().map(G::cell);
        scene.destinations = self.problems.clone();
        scene.marked = self.editor.marks().iter().map(|&s| G::cell(s)).collect();
        let dark = browser::dark_page();
        scene.coordinate_colour = if dark {
            board_view::palette::COORDINATES_DARK_PAGE
        } else {
            board_view::palette::COORDINATES_LIGHT_PAGE
        };
        scene
    }
}

/// The editor's and the embed's `game` parameter: none for the site's first game (Jungle, whose
/// texts are the site's own), else the game's name.
fn game_param<G: EditorGame>() -> Option<&'static str> {
    G::TEXTS.prefix.map(|_| G::NAME)
}

/// A list of moves as the author typed it (commas or spaces between them), as the embed writes
/// it (commas).
fn move_list(text: &str) -> String {
    let moves: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|m| !m.is_empty())
        .collect();
    moves.join(",")
}

fn bool_text(on: bool) -> &'static str {
    if on {
        "true"
    } else {
        "false"
    }
}
