//! Pointer and keyboard gestures on a board of squares, turned into intents. It knows no rules:
//! it is told which square is selected, where the selection may go and which squares hold a
//! token the player may pick up, and reports what the player means.
//!
//! - Click-click (or tap-tap): press a token to select it, press a destination to move.
//! - Drag and drop: press a token, move the pointer past a few pixels, release over a square.
//! - Keyboard: arrows move a cursor (as the board is shown), Enter or Space acts like a click on
//!   the cursor's square, Escape drops the selection.

/// What the board tells the input about the current state.
pub struct BoardState<'a> {
    /// The selected square.
    pub selected: Option<usize>,
    /// Where the selected token may go.
    pub destinations: &'a [usize],
    /// Whether the player may pick up the token on a square.
    pub movable: &'a dyn Fn(usize) -> bool,
}

/// What the player means.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Intent {
    /// Nothing to do.
    Nothing,
    /// Select the token on this square.
    Select(usize),
    /// Drop the selection.
    Deselect,
    /// Move from the first square to the second (the caller checks legality: an illegal drag
    /// lands here too, so its rule can be shown).
    Move(usize, usize),
    /// A click that cannot be a move of the selected token: the caller explains why.
    Attempt(usize, usize),
    /// A press on a square whose token (if any) the player may not pick up, with nothing
    /// selected: nothing happens, and the caller says why (every press that does nothing does).
    Refused(usize),
    /// A token is being dragged: redraw it at the pointer.
    Drag {
        /// The token's square.
        from: usize,
        /// Pointer position, canvas CSS pixels.
        x: f64,
        /// Pointer position, canvas CSS pixels.
        y: f64,
    },
    /// A drag ended without a move: put the token back.
    DragCancelled,
}

/// A key the board listens to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter or Space.
    Activate,
    /// Escape.
    Cancel,
}

/// How far (CSS pixels) the pointer must travel before a press becomes a drag.
pub const DRAG_THRESHOLD: f64 = 5.0;

#[derive(Clone, Copy, Debug)]
struct Press {
    square: usize,
    x: f64,
    y: f64,
    was_selected: bool,
    dragging: bool,
}

/// The gesture state: a press in progress and the keyboard cursor.
#[derive(Default, Debug)]
pub struct Input {
    press: Option<Press>,
    /// The keyboard cursor's square.
    pub cursor: Option<usize>,
}

impl Input {
    /// A new input with no press and no cursor.
    pub fn new() -> Input {
        Input::default()
    }

    /// Whether a token is being dragged.
    pub fn dragging(&self) -> bool {
        self.press.is_some_and(|p| p.dragging)
    }

    /// The pointer went down at (`x`, `y`), over `square` (`None`: off the board).
    pub fn pointer_down(
        &mut self,
        square: Option<usize>,
        x: f64,
        y: f64,
        board: &BoardState,
    ) -> Intent {
        self.press = None;
        let Some(square) = square else {
            return if board.selected.is_some() {
                Intent::Deselect
            } else {
                Intent::Nothing
            };
        };
        if let Some(selected) = board.selected {
            if board.destinations.contains(&square) {
                return Intent::Move(selected, square);
            }
        }
        if (board.movable)(square) {
            self.press = Some(Press {
                square,
                x,
                y,
                was_selected: board.selected == Some(square),
                dragging: false,
            });
            return if board.selected == Some(square) {
                Intent::Nothing
            } else {
                Intent::Select(square)
            };
        }
        match board.selected {
            Some(selected) => Intent::Attempt(selected, square),
            None => Intent::Refused(square),
        }
    }

    /// The pointer moved to (`x`, `y`).
    pub fn pointer_move(&mut self, x: f64, y: f64) -> Intent {
        let Some(press) = self.press.as_mut() else {
            return Intent::Nothing;
        };
        if !press.dragging && (x - press.x).hypot(y - press.y) < DRAG_THRESHOLD {
            return Intent::Nothing;
        }
        press.dragging = true;
        Intent::Drag {
            from: press.square,
            x,
            y,
        }
    }

    /// The pointer went up over `square`.
    pub fn pointer_up(&mut self, square: Option<usize>) -> Intent {
        let Some(press) = self.press.take() else {
            return Intent::Nothing;
        };
        if press.dragging {
            return match square {
                Some(to) if to != press.square => Intent::Move(press.square, to),
                _ => Intent::DragCancelled,
            };
        }
        if press.was_selected && square == Some(press.square) {
            Intent::Deselect
        } else {
            Intent::Nothing
        }
    }

    /// The pointer left the page or the browser took it over.
    pub fn pointer_cancel(&mut self) -> Intent {
        match self.press.take() {
            Some(press) if press.dragging => Intent::DragCancelled,
            _ => Intent::Nothing,
        }
    }

    /// A key on the board: cursor moves return [`Intent::Nothing`] (redraw the cursor);
    /// `files`/`ranks` size the board and `flipped` says how it is shown.
    pub fn key(
        &mut self,
        key: Key,
        files: u8,
        ranks: u8,
        flipped: bool,
        board: &BoardState,
    ) -> Intent {
        let files_i = i32::from(files);
        let cursor = self.cursor.unwrap_or(0);
        let (file, rank) = ((cursor as i32) % files_i, (cursor as i32) / files_i);
        let sign = if flipped { -1 } else { 1 };
        let step = |df: i32, dr: i32| {
            let f = (file + df * sign).clamp(0, files_i - 1);
            let r = (rank + dr * sign).clamp(0, i32::from(ranks) - 1);
            (r * files_i + f) as usize
        };
        match key {
            Key::Up => self.cursor = Some(step(0, 1)),
            Key::Down => self.cursor = Some(step(0, -1)),
            Key::Left => self.cursor = Some(step(-1, 0)),
            Key::Right => self.cursor = Some(step(1, 0)),
            Key::Cancel => {
                self.press = None;
                return if board.selected.is_some() {
                    Intent::Deselect
                } else {
                    Intent::Nothing
                };
            }
            Key::Activate => {
                self.cursor = Some(cursor);
                let intent = self.pointer_down(Some(cursor), 0.0, 0.0, board);
                let release = self.pointer_up(Some(cursor));
                return if intent == Intent::Nothing {
                    release
                } else {
                    intent
                };
            }
        }
        Intent::Nothing
    }
}
