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

mod outputs;
mod palette;
mod render;
mod start;

pub use start::start;

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

    // ------------------------------------------------------------ side, text form, language

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
                crate::web::page::apply_static_texts(&p.texts);
                start::show_title::<G>(&p.texts);
                p.changed();
            })
        });
    }
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
