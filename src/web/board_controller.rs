//! One board on a page, as the game page, the embed page and the editor show it: the canvas
//! (`#board`), the grid of square elements laid over it (`#squares`: a `data-square` and an
//! `aria-label` each; it takes pointer and keyboard input), the hands' slots as buttons laid
//! over the canvas's hands (`data-hand="b:P"`, in `.hands` inside `#board-wrap`), the short
//! messages over it (`#toast`), the gestures ([`Input`]), the layout and its flip, the dragged
//! token, the move in flight and the scheduling of animation frames.
//!
//! The controller knows no rules and no board size: the page tells it what is selected, where
//! the selection may go and what may be picked up, and carries out the [`Intent`]s it hands
//! back. The page hands it the [`Scene`] to show after every change ([`BoardController::show`]);
//! the canvas is redrawn at the next frame whenever that differs from what it shows, whatever
//! path changed it. The board's square (without the coordinates) is published on `#board-wrap`
//! as the CSS variables `--board-x`, `--board-y`, `--board-w` and `--board-h`, so that what lies
//! over the board (the end-of-game banner) covers it exactly. The functions at the end adapt a
//! game's [`App`] to it for the pages.

use super::app::{App, Mode};
use super::board_view::{self, BoardShape, Drag, Flight, Layout, Paint, Scene, Token};
use super::browser::{self, BrowserError, Canvas, El, Event};
use super::game::{Colour, WebGame};
use super::input::{BoardState, Input, Intent, Key};
use super::BOARD_CANVAS_ID;

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
/// The buttons of a choice of moves offered on a square (a promotion), if the page has them.
const CHOICE_ID: &str = "choice";

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
    /// A key went down on a hand slot.
    HandKey(Event),
    /// A pointer went down on the choice of moves offered.
    ChoicePress,
    /// A click on the choice of moves offered (on one of its buttons or beside them).
    ChoiceClick(Event),
    /// A key went down in the choice of moves offered.
    ChoiceKey(Event),
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
    /// A key on a hand slot's button.
    HandKey {
        /// The slot's cell.
        cell: usize,
        /// The key.
        key: Key,
    },
    /// One of the moves offered was chosen (`None`: none of them, the choice is dropped).
    Choose(Option<usize>),
}

impl Gesture {
    /// Whether it acts on a square (a press, Enter or Space): what a page may take for itself
    /// first, like the game page returning to the live position.
    pub fn activates(self) -> bool {
        matches!(
            self,
            Gesture::Press { .. }
                | Gesture::Key(Key::Activate)
                | Gesture::HandKey {
                    key: Key::Activate,
                    ..
                }
        )
    }
}

/// What a cell's element says.
pub struct SquareMark {
    /// Its `aria-label`.
    pub label: String,
    /// A square's `data-piece` (`black-rat`), `None` for an empty square; a hand slot's
    /// `data-hand` (`b:P`), `None` for an empty slot, whose button is hidden.
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
    /// The squares' elements, then the hand slots'.
    cells: Vec<El>,
    /// The container of the buttons of a choice of moves, with the square it is about and its
    /// buttons.
    choice: Option<El>,
    choice_cell: Option<usize>,
    choice_buttons: Vec<El>,
    /// Whether a pointer went down on the choice since it opened: on a touch screen the tap
    /// that opens the choice ends with a click under the finger, which must not choose.
    choice_pressed: bool,
    toast: El,
    toast_timer: Option<i32>,
    shape: BoardShape,
    /// How the game draws its tokens.
    paint: Paint<Canvas>,
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
    /// The page's board of `shape`, with one element per square built inside the grid (a row
    /// per rank, the top rank first; `name` gives a square's `data-square`) and a button per
    /// hand slot after it, inside the board's container.
    pub fn new(
        shape: BoardShape,
        name: impl Fn(usize) -> String,
        paint: Paint<Canvas>,
    ) -> Result<BoardController, BrowserError> {
        let (files, ranks) = (shape.files, shape.ranks);
        let grid = El::by_id(GRID_ID)?;
        let wrap = El::by_id(WRAP_ID)?;
        let cells = (0..shape.all_cells())
            .map(|_| El::create("div"))
            .collect::<Result<Vec<_>, _>>()?;
        for rank in (0..ranks).rev() {
            let row = El::create("div")?;
            row.set_attr("role", "row");
            row.set_attr("class", "row");
            for file in 0..files {
                let index = usize::from(rank) * usize::from(files) + usize::from(file);
                let cell = &cells[index];
                cell.set_attr("role", "gridcell");
                cell.set_attr("class", "square");
                cell.set_attr("data-square", &name(index));
                cell.set_attr("tabindex", "-1");
                row.append(cell);
            }
            grid.append(&row);
        }
        if shape.hand_slots > 0 {
            let hands = El::create("div")?;
            hands.set_attr("class", "hands");
            for (index, cell) in cells.iter().enumerate().skip(shape.cells()) {
                cell.set_attr("role", "button");
                cell.set_attr("class", "hand-slot");
                cell.set_attr("data-cell", &index.to_string());
                cell.set_attr("tabindex", "0");
                cell.set_flag("hidden", true);
                hands.append(cell);
            }
            wrap.append(&hands);
        }
        Ok(BoardController {
            canvas: Canvas::find(BOARD_CANVAS_ID)?,
            wrap,
            grid,
            cells,
            choice: El::by_id(CHOICE_ID).ok(),
            choice_cell: None,
            choice_buttons: Vec::new(),
            choice_pressed: false,
            toast: El::by_id(TOAST_ID)?,
            toast_timer: None,
            shape,
            paint,
            files,
            ranks,
            input: Input::new(),
            layout: Layout::fit(0.0, 0.0, &shape),
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
        for hand in self.cells.iter().skip(self.shape.cells()) {
            hand.on("pointerdown", move |e| dispatch(BoardEvent::PointerDown(e)));
            hand.on("pointermove", move |e| dispatch(BoardEvent::PointerMove(e)));
            hand.on("pointerup", move |e| dispatch(BoardEvent::PointerUp(e)));
            hand.on("pointercancel", move |_| {
                dispatch(BoardEvent::PointerCancel)
            });
            hand.on("keydown", move |e| dispatch(BoardEvent::HandKey(e)));
            hand.on("contextmenu", |e| e.prevent_default());
        }
        if let Some(choice) = &self.choice {
            choice.on("pointerdown", move |_| dispatch(BoardEvent::ChoicePress));
            choice.on("click", move |e| dispatch(BoardEvent::ChoiceClick(e)));
            choice.on("keydown", move |e| dispatch(BoardEvent::ChoiceKey(e)));
        }
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
                let key = board_key(e)?;
                e.prevent_default();
                Some(Gesture::Key(key))
            }
            BoardEvent::HandKey(e) => {
                let cell = e.closest_attr("data-cell")?.parse().ok()?;
                let key = board_key(e)?;
                e.prevent_default();
                Some(Gesture::HandKey { cell, key })
            }
            BoardEvent::ChoicePress => {
                self.choice_pressed = true;
                None
            }
            BoardEvent::ChoiceClick(e) => {
                // A pointer's click counts only when the pointer also went down on the choice
                // (a key's or a screen reader's click has no press before it).
                if e.is_pointer_click() && !self.choice_pressed {
                    return None;
                }
                let index = e.closest_attr("data-choice")?.parse().ok()?;
                Some(Gesture::Choose(Some(index)))
            }
            BoardEvent::ChoiceKey(e) => {
                let key = board_key(e)?;
                let count = self.choice_buttons.len();
                let focused = self.choice_buttons.iter().position(El::has_focus);
                let step = match key {
                    Key::Cancel => {
                        e.prevent_default();
                        return Some(Gesture::Choose(None));
                    }
                    // Enter and Space press the focused button.
                    Key::Activate => return None,
                    Key::Up | Key::Left => count.saturating_sub(1),
                    Key::Down | Key::Right => 1,
                };
                e.prevent_default();
                if count > 0 {
                    let next = (focused.unwrap_or(0) + step) % count;
                    self.choice_buttons[next].focus();
                }
                None
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
                if self.input.cursor.is_none_or(|c| c >= self.shape.cells()) {
                    self.input.cursor = Some(cursor_start);
                }
                let intent = self.input.key(key, self.files, self.ranks, flipped, board);
                if let Some(cell) = self.input.cursor.and_then(|c| self.cells.get(c)) {
                    cell.focus();
                }
                intent
            }
            // The page carries out a choice itself.
            Gesture::Choose(_) => Intent::Nothing,
            Gesture::HandKey { cell, key } => match key {
                Key::Activate | Key::Cancel => {
                    // The hand slot acts like a square under the cursor; the cursor itself
                    // stays on the board for what comes next.
                    let kept = self.input.cursor;
                    self.input.cursor = Some(cell);
                    let intent = self.input.key(key, self.files, self.ranks, flipped, board);
                    self.input.cursor = kept;
                    intent
                }
                _ => {
                    // Arrows leave the hand for the board.
                    self.move_cursor_to(cursor_start);
                    Intent::Nothing
                }
            },
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
        let squares = self.shape.cells();
        for (index, cell) in self.cells.iter().enumerate() {
            let SquareMark { label, piece } = mark(index);
            cell.set_attr("aria-label", &label);
            let chosen = selected == Some(index);
            if index >= squares {
                cell.set_attr("aria-pressed", if chosen { "true" } else { "false" });
                cell.set_flag("hidden", piece.is_none());
                match piece {
                    Some(hand) => cell.set_attr("data-hand", &hand),
                    None => cell.remove_attr("data-hand"),
                }
                continue;
            }
            cell.set_attr("tabindex", if index == focusable { "0" } else { "-1" });
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

    /// Puts the keyboard cursor on board square `cell` and the focus with it (after a piece was
    /// picked from the hand with the keyboard: its destination is chosen on the board).
    pub fn move_cursor_to(&mut self, cell: usize) {
        if cell >= self.shape.cells() {
            return;
        }
        self.input.cursor = Some(cell);
        if let Some(element) = self.cells.get(cell) {
            element.focus();
        }
        self.dirty = true;
    }

    /// Shows buttons for the moves offered on `cell` (`labels`: what each says, in the order
    /// offered), laid over the pieces the view draws for them, the first focused; `None` hides
    /// them. A page without a `#choice` element shows none.
    pub fn show_choice(&mut self, cell: Option<usize>, labels: &[String]) {
        let Some(container) = &self.choice else {
            return;
        };
        let Some(cell) = cell else {
            if self.choice_cell.take().is_some() {
                container.set_flag("hidden", true);
                container.clear();
                self.choice_buttons.clear();
            }
            return;
        };
        let fresh = self.choice_cell != Some(cell) || self.choice_buttons.len() != labels.len();
        if fresh {
            self.choice_pressed = false;
            container.clear();
            self.choice_buttons = labels
                .iter()
                .enumerate()
                .filter_map(|(index, _)| {
                    let button = El::create("button").ok()?;
                    button.set_attr("type", "button");
                    button.set_attr("class", "choice-option");
                    button.set_attr("data-choice", &index.to_string());
                    container.append(&button);
                    Some(button)
                })
                .collect();
        }
        for (button, label) in self.choice_buttons.iter().zip(labels) {
            button.set_attr("aria-label", label);
            button.set_attr("title", label);
        }
        self.choice_cell = Some(cell);
        self.place_choice();
        container.set_flag("hidden", false);
        if fresh {
            if let Some(first) = self.choice_buttons.first() {
                first.focus();
            }
        }
    }

    /// Lays the choice's buttons over the squares the view draws its pieces on.
    fn place_choice(&self) {
        let Some(cell) = self.choice_cell else {
            return;
        };
        for (index, button) in self.choice_buttons.iter().enumerate() {
            let (x, y) = self.layout.choice_origin(cell, index);
            button.set_style("left", &browser::px(x));
            button.set_style("top", &browser::px(y));
            button.set_style("width", &browser::px(self.layout.cell));
            button.set_style("height", &browser::px(self.layout.cell));
        }
    }

    /// The board's shape.
    pub fn shape(&self) -> &BoardShape {
        &self.shape
    }

    /// The layout the board was last drawn with.
    pub fn layout(&self) -> &Layout {
        &self.layout
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
                    self.layout = Layout::fit(width, height, &self.shape);
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
        board_view::draw(&mut self.canvas, &self.layout, &scene, self.paint);
        // A move in flight wants the next frame too.
        self.dirty = self.animation.is_some();
    }

    /// Lays the square elements exactly over their squares of the canvas.
    fn place_cells(&mut self) {
        if self.placed_layout == Some(self.layout) {
            return;
        }
        self.place_choice();
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

/// The name of a key the board listens to, if it is one.
fn board_key(e: &Event) -> Option<Key> {
    let press = e.key()?;
    if press.command || press.alt {
        return None;
    }
    Some(match press.key.as_str() {
        "ArrowUp" => Key::Up,
        "ArrowDown" => Key::Down,
        "ArrowLeft" => Key::Left,
        "ArrowRight" => Key::Right,
        "Enter" | " " => Key::Activate,
        "Escape" => Key::Cancel,
        _ => return None,
    })
}

// ------------------------------------------------------------ a game on the board

/// What `gesture` means for `app`'s game (see [`BoardController::intent`]); the reader picks up
/// nothing unless `may_move`.
pub fn game_intent<G: WebGame>(
    board: &mut BoardController,
    app: &App<G>,
    may_move: bool,
    gesture: Gesture,
    cursor_start: usize,
) -> (Intent, bool) {
    // Only a press or a key reads the board: a moving pointer need not list the legal moves.
    let reads_board = matches!(
        gesture,
        Gesture::Press { .. } | Gesture::Key(_) | Gesture::HandKey { .. }
    );
    let destinations: Vec<usize> = if reads_board {
        app.destinations()
    } else {
        Vec::new()
    };
    let movable = |cell: usize| may_move && app.movable(cell);
    let state = BoardState {
        selected: app.selected,
        destinations: &destinations,
        movable: &movable,
    };
    board.intent(gesture, &state, app.flipped, cursor_start)
}

/// Brings the cells' elements up to date with `app`'s shown position; `terrain` adds the
/// square's kind (water, trap, den) to the labels.
pub fn mark_game_squares<G: WebGame>(
    board: &BoardController,
    app: &App<G>,
    cursor_start: usize,
    terrain: bool,
    marked: &[usize],
) {
    let position = app.shown_position();
    let destinations = app.destinations();
    let squares = G::SHAPE.cells();
    board.mark_squares(app.selected, &destinations, cursor_start, |cell| {
        let mut label = app.say(&G::cell_label(position, cell));
        if cell >= squares {
            let piece = G::piece_code(position, cell);
            return SquareMark { label, piece };
        }
        if let Some(kind) = terrain.then(|| G::terrain_text(cell)).flatten() {
            label = format!("{label}, {}", app.say(&kind));
        }
        if marked.contains(&cell) {
            label = app.texts.format("square.marked", &[("square", &label)]);
        }
        SquareMark {
            label,
            piece: G::piece_code(position, cell),
        }
    });
}

/// Whose turn it is, in the reader's language: "your move" against the AI, else the side to play.
pub fn turn_text<G: WebGame>(app: &App<G>) -> String {
    if matches!(app.mode, Mode::VsAi { .. }) && !app.is_ai_turn() {
        app.texts.text("turn.yours")
    } else {
        app.texts.text(match app.side_to_move() {
            Colour::Black => "turn.black",
            Colour::White => "turn.white",
        })
    }
}
