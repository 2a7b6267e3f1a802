//! One board on a page, as the game page, the embed page and the editor show it: the canvas
//! (`#board`), the grid of square elements laid over it (`#squares`: a `data-square` and an
//! `aria-label` each; it takes pointer and keyboard input), the short messages over it
//! (`#toast`), the gestures ([`Input`]), the layout and its flip, the dragged token, the move
//! in flight and the scheduling of animation frames.
//!
//! The controller knows no rules and no board size: the page tells it what is selected, where
//! the selection may go and what may be picked up, and carries out the [`Intent`]s it hands
//! back. The page hands it the [`Scene`] to show after every change ([`BoardController::show`]);
//! the canvas is redrawn at the next frame whenever that differs from what it shows, whatever
//! path changed it. The board's square (without the coordinates) is published on `#board-wrap`
//! as the CSS variables `--board-x`, `--board-y`, `--board-w` and `--board-h`, so that what lies
//! over the board (the end-of-game banner) covers it exactly. The functions at the end adapt the
//! Jungle game ([`App`]) to it for the pages.

use super::app::{App, Mode};
use super::board_view::{self, Drag, Flight, Layout, Scene, Token};
use super::browser::{self, BrowserError, Canvas, El, Event};
use super::input::{BoardState, Input, Intent, Key};
use super::{scene_of, BOARD_CANVAS_ID};
use crate::jungle::{Position, Side, Square};

/// How long a move glides, ms (a jump of more than one square a little longer).
const STEP_MS: f64 = 150.0;
const JUMP_MS: f64 = 200.0;
/// How long a short message stays over the board, ms.
const TOAST_MS: f64 = 3200.0;
/// The grid of square elements over the canvas.
const GRID_ID: &str = "squares";
/// The short message over the board.
const TOAST_ID: &str = "toast";
/// The board's container (canvas, grid, toast, and anything else laid over the board).
const WRAP_ID: &str = "board-wrap";

/// A browser event on the board, as [`BoardController::listen`] passes it to the page.
pub enum BoardEvent {
    /// A pointer went down on the grid.
    PointerDown(Event),
    /// A pointer moved over the grid (or anywhere, once captured).
    PointerMove(Event),
    /// A pointer was released.
    PointerUp(Event),
    /// The browser took the pointer away (a scroll, a system gesture).
    PointerCancel,
    /// A key went down while the grid had the focus.
    Key(Event),
    /// The grid gained or lost the focus (the cursor is drawn only while it has it).
    FocusChanged,
    /// The canvas changed size.
    Resized,
}

/// What the reader did on the board, in board terms (squares are indices, `a1` first).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Gesture {
    /// The primary pointer went down at (`x`, `y`) canvas CSS pixels, over `square`.
    Press {
        /// The square under the pointer (`None`: off the board).
        square: Option<usize>,
        /// Canvas CSS pixels.
        x: f64,
        /// Canvas CSS pixels.
        y: f64,
    },
    /// The pointer moved to (`x`, `y`).
    Move {
        /// Canvas CSS pixels.
        x: f64,
        /// Canvas CSS pixels.
        y: f64,
    },
    /// The pointer was released over `square`.
    Release {
        /// The square under the pointer (`None`: off the board).
        square: Option<usize>,
    },
    /// The pointer was taken away.
    Cancel,
    /// A board key.
    Key(Key),
}

impl Gesture {
    /// Whether it acts on a square (a press, Enter or Space): what a page may take for itself
    /// first, like the game page returning to the live position.
    pub fn activates(self) -> bool {
        matches!(self, Gesture::Press { .. } | Gesture::Key(Key::Activate))
    }
}

/// What a square's element says.
pub struct SquareMark {
    /// Its `aria-label`.
    pub label: String,
    /// Its `data-piece` (`black-rat`), `None` for an empty square.
    pub piece: Option<String>,
}

/// A move gliding from one square to another.
struct Animation {
    from: usize,
    to: usize,
    captured: Option<Token>,
    start_ms: f64,
    duration_ms: f64,
}

/// The board of a page (see the module doc).
pub struct BoardController {
    canvas: Canvas,
    wrap: El,
    grid: El,
    cells: Vec<El>,
    toast: El,
    toast_timer: Option<i32>,
    files: u8,
    ranks: u8,
    input: Input,
    layout: Layout,
    /// The layout the cells were last placed for.
    placed_layout: Option<Layout>,
    /// The canvas's CSS size when it was last fitted.
    fitted: Option<(f64, f64)>,
    drag: Option<Drag>,
    animation: Option<Animation>,
    /// What the page asked to show, and whether shown from the other side.
    scene: Option<Scene>,
    flipped: bool,
    dirty: bool,
    resized: bool,
    frame_requested: bool,
}

impl BoardController {
    /// The page's board of `files` × `ranks` squares, with one element per square built inside
    /// the grid (a row per rank, the top rank first).
    pub fn new(files: u8, ranks: u8) -> Result<BoardController, BrowserError> {
        let grid = El::by_id(GRID_ID)?;
        let cells = (0..usize::from(files) * usize::from(ranks))
            .map(|_| El::create("div"))
            .collect::<Result<Vec<_>, _>>()?;
        for rank in (0..ranks).rev() {
            let row = El::create("div")?;
            row.set_attr("role", "row");
            row.set_attr("class", "row");
            for file in 0..files {
                let cell = &cells[usize::from(rank) * usize::from(files) + usize::from(file)];
                cell.set_attr("role", "gridcell");
                cell.set_attr("class", "square");
                cell.set_attr("data-square", &square_name(file, rank));
                cell.set_attr("tabindex", "-1");
                row.append(cell);
            }
            grid.append(&row);
        }
        Ok(BoardController {
            canvas: Canvas::find(BOARD_CANVAS_ID)?,
            wrap: El::by_id(WRAP_ID)?,
            grid,
            cells,
            toast: El::by_id(TOAST_ID)?,
            toast_timer: None,
            files,
            ranks,
            input: Input::new(),
            layout: Layout::fit(0.0, 0.0, files, ranks),
            placed_layout: None,
            fitted: None,
            drag: None,
            animation: None,
            scene: None,
            flipped: false,
            dirty: true,
            resized: true,
            frame_requested: false,
        })
    }

    /// Sends the board's events to `dispatch` (the page's entry point, which hands them back to
    /// [`BoardController::read`]).
    pub fn listen(&self, dispatch: fn(BoardEvent)) -> Result<(), BrowserError> {
        let grid = &self.grid;
        grid.on("pointerdown", move |e| dispatch(BoardEvent::PointerDown(e)));
        grid.on("pointermove", move |e| dispatch(BoardEvent::PointerMove(e)));
        grid.on("pointerup", move |e| dispatch(BoardEvent::PointerUp(e)));
        grid.on("pointercancel", move |_| {
            dispatch(BoardEvent::PointerCancel)
        });
        grid.on("keydown", move |e| dispatch(BoardEvent::Key(e)));
        grid.on("focusin", move |_| dispatch(BoardEvent::FocusChanged));
        grid.on("focusout", move |_| dispatch(BoardEvent::FocusChanged));
        grid.on("contextmenu", |e| e.prevent_default());
        browser::on_resize(&El::by_id(BOARD_CANVAS_ID)?, move || {
            dispatch(BoardEvent::Resized)
        })
    }

    /// Reads a board event: the gesture for the page to act on, or `None` when the event only
    /// concerned the board itself (a resize, the focus, another button, a key it does not use).
    pub fn read(&mut self, event: &BoardEvent) -> Option<Gesture> {
        match event {
            BoardEvent::PointerDown(e) => {
                let (x, y, id, primary) = self.board_point(e)?;
                if !primary {
                    return None;
                }
                e.prevent_default();
                self.grid.capture_pointer(id);
                let square = self.layout.square_at(x, y);
                Some(Gesture::Press { square, x, y })
            }
            BoardEvent::PointerMove(e) => {
                let (x, y, _, _) = self.board_point(e)?;
                Some(Gesture::Move { x, y })
            }
            BoardEvent::PointerUp(e) => {
                let (x, y, _, _) = self.board_point(e)?;
                let square = self.layout.square_at(x, y);
                Some(Gesture::Release { square })
            }
            BoardEvent::PointerCancel => Some(Gesture::Cancel),
            BoardEvent::Key(e) => {
                let press = e.key()?;
                if press.command || press.alt {
                    return None;
                }
                let key = match press.key.as_str() {
                    "ArrowUp" => Key::Up,
                    "ArrowDown" => Key::Down,
                    "ArrowLeft" => Key::Left,
                    "ArrowRight" => Key::Right,
                    "Enter" | " " => Key::Activate,
                    "Escape" => Key::Cancel,
                    _ => return None,
                };
                e.prevent_default();
                Some(Gesture::Key(key))
            }
            BoardEvent::FocusChanged => {
                self.dirty = true;
                None
            }
            BoardEvent::Resized => {
                // The observer also reports the size the canvas was first fitted at: no redraw.
                if self.fitted != Some(self.canvas.css_size()) {
                    self.resized = true;
                    self.dirty = true;
                }
                None
            }
        }
    }

    /// The pointer's position on the canvas (CSS pixels), its id and whether it is the primary.
    fn board_point(&self, e: &Event) -> Option<(f64, f64, i32, bool)> {
        let pointer = e.pointer()?;
        let (left, top) = self.canvas.origin();
        Some((
            pointer.x - left,
            pointer.y - top,
            pointer.id,
            pointer.primary,
        ))
    }

    /// What `gesture` means on `board` (shown flipped or not), and whether it ended a drag (a
    /// dropped token needs no animation). The drag is kept and drawn here; the page carries out
    /// selections and moves. The keyboard cursor starts at `cursor_start` and keeps the focus.
    pub fn intent(
        &mut self,
        gesture: Gesture,
        board: &BoardState,
        flipped: bool,
        cursor_start: usize,
    ) -> (Intent, bool) {
        let dropped = matches!(gesture, Gesture::Release { .. }) && self.input.dragging();
        let intent = match gesture {
            Gesture::Press { square, x, y } => self.input.pointer_down(square, x, y, board),
            Gesture::Move { x, y } => self.input.pointer_move(x, y),
            Gesture::Release { square } => self.input.pointer_up(square),
            Gesture::Cancel => self.input.pointer_cancel(),
            Gesture::Key(key) => {
                if self.input.cursor.is_none() {
                    self.input.cursor = Some(cursor_start);
                }
                let intent = self.input.key(key, self.files, self.ranks, flipped, board);
                if let Some(cell) = self.input.cursor.and_then(|c| self.cells.get(c)) {
                    cell.focus();
                }
                intent
            }
        };
        match intent {
            Intent::Drag { from, x, y } => self.drag = Some(Drag { from, x, y }),
            Intent::Move(..) | Intent::DragCancelled => self.drag = None,
            _ => {}
        }
        // A pointer moving without a drag changes nothing drawn.
        if !matches!(gesture, Gesture::Move { .. }) || matches!(intent, Intent::Drag { .. }) {
            self.dirty = true;
        }
        (intent, dropped)
    }

    /// Brings the square elements up to date: `mark` says what each says, `selected` and
    /// `destinations` are marked, and the keyboard cursor (else `cursor_start`) takes the tab stop.
    pub fn mark_squares(
        &self,
        selected: Option<usize>,
        destinations: &[usize],
        cursor_start: usize,
        mark: impl Fn(usize) -> SquareMark,
    ) {
        let focusable = self.input.cursor.unwrap_or(cursor_start);
        for (index, cell) in self.cells.iter().enumerate() {
            let SquareMark { label, piece } = mark(index);
            cell.set_attr("aria-label", &label);
            cell.set_attr("tabindex", if index == focusable { "0" } else { "-1" });
            let chosen = selected == Some(index);
            cell.set_attr("aria-selected", if chosen { "true" } else { "false" });
            cell.set_class("destination", destinations.contains(&index));
            match piece {
                Some(piece) => cell.set_attr("data-piece", &piece),
                None => cell.remove_attr("data-piece"),
            }
        }
    }

    /// The keyboard cursor's square, once the keys have moved it.
    pub fn cursor(&self) -> Option<usize> {
        self.input.cursor
    }

    /// Draws `drag` (a token following the pointer) from the next frame on, for a page that
    /// reads the pointer itself rather than through [`BoardController::intent`].
    pub fn set_drag(&mut self, drag: Option<Drag>) {
        self.drag = drag;
        self.dirty = true;
    }

    /// The square under the viewport point (`client_x`, `client_y`), CSS pixels: where
    /// something dragged in from outside the board lands.
    pub fn square_at_client(&self, client_x: f64, client_y: f64) -> Option<usize> {
        let (left, top) = self.canvas.origin();
        self.layout.square_at(client_x - left, client_y - top)
    }

    /// A square's side, CSS pixels.
    pub fn cell_size(&self) -> f64 {
        self.layout.cell
    }

    /// Whether the grid (a square) has the keyboard focus.
    pub fn has_focus(&self) -> bool {
        self.grid.has_focus()
    }

    /// Shows `text` over the board for a few seconds (the last message replaces any earlier).
    pub fn toast(&mut self, text: &str) {
        self.toast.set_text(text);
        self.toast.set_class("shown", true);
        if let Some(timer) = self.toast_timer.take() {
            browser::cancel_timeout(timer);
        }
        let toast = self.toast.clone();
        self.toast_timer = Some(browser::set_timeout(
            move || toast.set_class("shown", false),
            TOAST_MS,
        ));
    }

    /// Takes the message over the board down at once (it no longer applies).
    pub fn clear_toast(&mut self) {
        if let Some(timer) = self.toast_timer.take() {
            browser::cancel_timeout(timer);
        }
        self.toast.set_class("shown", false);
    }

    /// Draws the board again at the next frame.
    pub fn mark_dirty(&mut self) {
        self.dirty = true;
    }

    /// What the board is to show, `flipped` or not: the page calls this after every change;
    /// the canvas is drawn again at the next frame when it differs from what it shows.
    pub fn show(&mut self, scene: Scene, flipped: bool) {
        if self.scene.as_ref() != Some(&scene) || self.flipped != flipped {
            self.scene = Some(scene);
            self.flipped = flipped;
            self.dirty = true;
        }
    }

    /// Glides the token from `from` to `to` over the next frames (not when the reader asked for
    /// reduced motion); `captured` stays on `to` until it arrives.
    pub fn animate(&mut self, from: usize, to: usize, captured: Option<Token>) {
        if browser::media_matches("(prefers-reduced-motion: reduce)") {
            return;
        }
        let files = usize::from(self.files);
        let distance = (from % files).abs_diff(to % files) + (from / files).abs_diff(to / files);
        self.animation = Some(Animation {
            from,
            to,
            captured,
            start_ms: browser::now_ms(),
            duration_ms: if distance > 1 { JUMP_MS } else { STEP_MS },
        });
        self.dirty = true;
    }

    /// Drops the move in flight (a new game).
    pub fn stop_animation(&mut self) {
        self.animation = None;
    }

    /// Asks for an animation frame if something needs drawing and none is asked for yet;
    /// `on_frame` (the page's) then calls [`BoardController::draw`].
    pub fn request_frame(&mut self, on_frame: fn(f64)) {
        if self.frame_requested || !(self.dirty || self.resized || self.animation.is_some()) {
            return;
        }
        self.frame_requested = true;
        browser::request_frame(on_frame);
    }

    /// Draws the scene last [`shown`](BoardController::show) in a frame, if anything changed since
    /// the last: fits the canvas to its
    /// box after a resize, flips the layout, lays the square elements over their squares, and
    /// adds the dragged token, the keyboard cursor (while the grid has the focus) and the move
    /// in flight (if `flight_shown`).
    pub fn draw(&mut self, flight_shown: bool) {
        self.frame_requested = false;
        // A frame the page asked for other work of its own: nothing changed on the board.
        if !(self.dirty || self.resized || self.animation.is_some()) {
            return;
        }
        let Some(mut scene) = self.scene.clone() else {
            return;
        };
        let now = browser::now_ms();
        if self.resized {
            match self.canvas.fit_to_css_box() {
                Ok((width, height)) => {
                    self.layout = Layout::fit(width, height, self.files, self.ranks);
                    self.fitted = Some((width, height));
                    self.resized = false;
                }
                Err(message) => browser::log_error(&message),
            }
        }
        self.layout = self.layout.flipped(self.flipped);
        if let Err(message) = self.canvas.publish_layout(&self.layout) {
            browser::log_error(&message);
        }
        self.place_cells();
        scene.drag = self.drag;
        scene.cursor = self.input.cursor.filter(|_| self.grid.has_focus());
        if let Some(animation) = &self.animation {
            let progress = (now - animation.start_ms) / animation.duration_ms;
            if progress >= 1.0 {
                self.animation = None;
            } else if flight_shown {
                scene.flight = Some(Flight {
                    from: animation.from,
                    to: animation.to,
                    progress: progress.clamp(0.0, 1.0),
                    captured: animation.captured.clone(),
                });
            }
        }
        board_view::draw(&mut self.canvas, &self.layout, &scene);
        // A move in flight wants the next frame too.
        self.dirty = self.animation.is_some();
    }

    /// Lays the square elements exactly over their squares of the canvas.
    fn place_cells(&mut self) {
        if self.placed_layout == Some(self.layout) {
            return;
        }
        let layout = self.layout;
        for (index, cell) in self.cells.iter().enumerate() {
            let (x, y) = layout.origin_of(index);
            cell.set_style("left", &browser::px(x));
            cell.set_style("top", &browser::px(y));
            cell.set_style("width", &browser::px(layout.cell));
            cell.set_style("height", &browser::px(layout.cell));
        }
        let (width, height) = layout.board_size();
        for (name, value) in [
            ("--board-x", layout.left),
            ("--board-y", layout.top),
            ("--board-w", width),
            ("--board-h", height),
        ] {
            self.wrap.set_style(name, &browser::px(value));
        }
        self.placed_layout = Some(layout);
    }
}

/// A square's name: its file's letter and its rank's number (`a1`, `e3`).
fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1)
}

// ------------------------------------------------------------ the Jungle game on the board

/// The square at `index` (`a1` for an index off the board, which the grid never has).
pub fn square_of(index: usize) -> Square {
    Square::new(index as u8).unwrap_or(Square::A1)
}

/// What `gesture` means for `app`'s game (see [`BoardController::intent`]); the reader picks up
/// nothing unless `may_move`.
pub fn game_intent(
    board: &mut BoardController,
    app: &App,
    may_move: bool,
    gesture: Gesture,
    cursor_start: usize,
) -> (Intent, bool) {
    // Only a press or a key reads the board: a moving pointer need not list the legal moves.
    let reads_board = matches!(gesture, Gesture::Press { .. } | Gesture::Key(_));
    let destinations: Vec<usize> = if reads_board {
        app.destinations().iter().map(|s| s.index()).collect()
    } else {
        Vec::new()
    };
    let movable = |index: usize| may_move && app.movable(square_of(index));
    let state = BoardState {
        selected: app.selected.map(Square::index),
        destinations: &destinations,
        movable: &movable,
    };
    board.intent(gesture, &state, app.flipped, cursor_start)
}

/// The picture of `app`'s shown position with its last move, the selection, its destinations
/// and the hint marked.
pub fn game_scene(app: &App) -> Scene {
    let mut scene = scene_of(app.shown_position());
    scene.last_move = app
        .shown_last_move()
        .map(|m| (m.from.index(), m.to.index()));
    scene.selected = app.selected.map(Square::index);
    scene.destinations = app.destinations().iter().map(|s| s.index()).collect();
    scene.hint = app.hint.map(|m| (m.from.index(), m.to.index()));
    scene
}

/// Brings the square elements up to date with `app`'s shown position; `terrain` adds the
/// square's kind (water, trap, den) to the labels.
pub fn mark_game_squares(
    board: &BoardController,
    app: &App,
    cursor_start: usize,
    terrain: bool,
    marked: &[usize],
) {
    let position = app.shown_position();
    let destinations: Vec<usize> = app.destinations().iter().map(|s| s.index()).collect();
    board.mark_squares(
        app.selected.map(Square::index),
        &destinations,
        cursor_start,
        |index| {
            let square = square_of(index);
            let mut label = square_label(app, position, square);
            if let Some(kind) = terrain.then(|| terrain_label(app, square)).flatten() {
                label = format!("{label}, {kind}");
            }
            if marked.contains(&index) {
                label = app.texts.format("square.marked", &[("square", &label)]);
            }
            SquareMark {
                label,
                piece: position.piece_at(square).map(|piece| {
                    let side = crate::embed::side_name(piece.side);
                    format!("{side}-{}", piece.animal.name())
                }),
            }
        },
    );
}

/// Whose turn it is, in the reader's language: "your move" against the AI, else the side to play.
pub fn turn_text(app: &App) -> String {
    if matches!(app.mode, Mode::VsAi { .. }) && !app.is_ai_turn() {
        app.texts.text("turn.yours")
    } else {
        app.texts.text(match app.game.position().side_to_move() {
            Side::Black => "turn.black",
            Side::White => "turn.white",
        })
    }
}

/// A square and what stands on it, in the reader's language ("a3, Black elephant").
fn square_label(app: &App, position: &Position, square: Square) -> String {
    app.texts.render(&crate::texts::square_label(
        square,
        position.piece_at(square),
    ))
}

/// The kind of a square that is not plain land ("in the water", "on Black's trap").
fn terrain_label(app: &App, square: Square) -> Option<String> {
    let owner_name = |colour| {
        app.side_name(match colour {
            board_view::TokenColour::Dark => Side::Black,
            board_view::TokenColour::Light => Side::White,
        })
    };
    match super::terrain_of(square) {
        board_view::Terrain::Land => None,
        board_view::Terrain::Water => Some(app.texts.text("square.water")),
        board_view::Terrain::Trap(owner) => Some(
            app.texts
                .format("square.trap", &[("side", &owner_name(owner))]),
        ),
        board_view::Terrain::Den(owner) => Some(
            app.texts
                .format("square.den", &[("side", &owner_name(owner))]),
        ),
    }
}
