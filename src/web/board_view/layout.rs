//! Where everything goes on the canvas: the board, its coordinates and the hands, fitted to
//! the canvas for the board's [`BoardShape`], and the squares and hand slots under a point.

use super::*;

/// Where the hands lie around the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandPlacement {
    /// No hands.
    None,
    /// Beside the board: the bottom player's right of it, down to its bottom edge; the top
    /// player's left of it, from its top edge (a wide screen).
    Beside,
    /// In a row under the board (the bottom player's) and above it (a tall screen).
    Stacked,
}

/// Where the board sits inside the canvas, in CSS pixels.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Layout {
    /// Left edge of the board (the coordinate band and a hand may lie left of it).
    pub left: f64,
    /// Top edge of the board.
    pub top: f64,
    /// Side length of one square.
    pub cell: f64,
    /// Number of columns.
    pub files: u8,
    /// Number of rows.
    pub ranks: u8,
    /// Shown from the other side: the last rank at the bottom, the last file on the left.
    pub flipped: bool,
    /// The board's shape (hands, coordinate edges).
    pub shape: BoardShape,
    /// Where the hands are.
    pub hands: HandPlacement,
}

/// Width of the coordinate band beside the board, in squares.
pub(super) const COORDINATE_BAND: f64 = 0.4;
/// Gap kept free around everything, in squares.
pub(super) const PADDING: f64 = 0.08;
/// Room between the board (with its coordinates) and a hand, in squares.
pub(super) const HAND_GAP: f64 = 0.22;

impl Layout {
    /// The largest board of `shape`, with its coordinate band and hands, that fits a `width` ×
    /// `height` canvas, centred in it, shown the right way up. Hands go beside the board or
    /// above and below it, whichever gives the larger squares.
    pub fn fit(width: f64, height: f64, shape: &BoardShape) -> Layout {
        let files = f64::from(shape.files);
        let ranks = f64::from(shape.ranks);
        let board_across = files + COORDINATE_BAND + 2.0 * PADDING;
        let board_down = ranks + COORDINATE_BAND + 2.0 * PADDING;
        let hand = 1.0 + HAND_GAP;
        let fitting = |across: f64, down: f64| (width / across).min(height / down).max(0.0);
        let (hands, across, down) = if shape.hand_slots == 0 {
            (HandPlacement::None, board_across, board_down)
        } else if fitting(board_across + 2.0 * hand, board_down)
            >= fitting(board_across, board_down + 2.0 * hand)
        {
            (HandPlacement::Beside, board_across + 2.0 * hand, board_down)
        } else {
            (
                HandPlacement::Stacked,
                board_across,
                board_down + 2.0 * hand,
            )
        };
        let cell = fitting(across, down);
        // What lies left of and above the board: padding, a coordinate band, a hand.
        let band_left = if shape.ranks_right {
            0.0
        } else {
            COORDINATE_BAND
        };
        let band_above = if shape.files_above {
            COORDINATE_BAND
        } else {
            0.0
        };
        let hand_left = if hands == HandPlacement::Beside {
            hand
        } else {
            0.0
        };
        let hand_above = if hands == HandPlacement::Stacked {
            hand
        } else {
            0.0
        };
        Layout {
            left: (width - across * cell) / 2.0 + (PADDING + band_left + hand_left) * cell,
            top: (height - down * cell) / 2.0 + (PADDING + band_above + hand_above) * cell,
            cell,
            files: shape.files,
            ranks: shape.ranks,
            flipped: false,
            shape: *shape,
            hands,
        }
    }

    /// The same layout shown from the other side when `flipped`.
    pub fn flipped(self, flipped: bool) -> Layout {
        Layout { flipped, ..self }
    }

    /// Top-left corner of the square in column `file` (0 = first file) and row `rank` (0 = first
    /// rank).
    pub fn square_origin(&self, file: u8, rank: u8) -> (f64, f64) {
        let (column, row_from_bottom) = if self.flipped {
            (self.files - 1 - file, self.ranks - 1 - rank)
        } else {
            (file, rank)
        };
        let x = self.left + f64::from(column) * self.cell;
        let y = self.top + f64::from(self.ranks - 1 - row_from_bottom) * self.cell;
        (x, y)
    }

    /// Top-left corner of the cell with index `cell` (a square or a hand slot).
    pub fn origin_of(&self, cell: usize) -> (f64, f64) {
        let files = usize::from(self.files);
        let squares = self.shape.cells();
        if cell < squares {
            return self.square_origin((cell % files) as u8, (cell / files) as u8);
        }
        let slots = usize::from(self.shape.hand_slots).max(1);
        let index = cell - squares;
        // The first player's hand is the bottom one unless the board is turned round.
        let bottom = (index < slots) != self.flipped;
        self.hand_origin(bottom, index % slots)
    }

    /// Top-left corner of slot `slot` of the hand at the bottom (else at the top). The bottom
    /// hand runs from its first slot away from the board's corner, the top one the other way
    /// round, so that the two are point-symmetric like the board.
    fn hand_origin(&self, bottom: bool, slot: usize) -> (f64, f64) {
        let cell = self.cell;
        let slots = f64::from(self.shape.hand_slots);
        let slot = slot as f64;
        let (width, height) = self.board_size();
        let band = COORDINATE_BAND * cell;
        let gap = HAND_GAP * cell;
        match (self.hands, bottom) {
            (HandPlacement::Stacked, true) => {
                let below = if self.shape.files_above { 0.0 } else { band };
                (self.left + slot * cell, self.top + height + below + gap)
            }
            (HandPlacement::Stacked, false) => {
                let above = if self.shape.files_above { band } else { 0.0 };
                (
                    self.left + width - (slot + 1.0) * cell,
                    self.top - above - gap - cell,
                )
            }
            (_, true) => {
                let right = if self.shape.ranks_right { band } else { 0.0 };
                (
                    self.left + width + right + gap,
                    self.top + height - (slots - slot) * cell,
                )
            }
            (_, false) => {
                let left = if self.shape.ranks_right { 0.0 } else { band };
                (
                    self.left - left - gap - cell,
                    self.top + (slots - 1.0 - slot) * cell,
                )
            }
        }
    }

    /// Centre of the cell with index `cell`.
    pub fn centre_of(&self, cell: usize) -> (f64, f64) {
        let (x, y) = self.origin_of(cell);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// The index of the cell (a square or a hand slot) under the point (`x`, `y`), or `None`.
    pub fn square_at(&self, x: f64, y: f64) -> Option<usize> {
        if self.cell <= 0.0 {
            return None;
        }
        let column = ((x - self.left) / self.cell).floor();
        let row = ((y - self.top) / self.cell).floor();
        if column < 0.0
            || row < 0.0
            || column >= f64::from(self.files)
            || row >= f64::from(self.ranks)
        {
            return self.hand_cell_at(x, y);
        }
        let (column, row_from_top) = (column as u8, row as u8);
        let row_from_bottom = self.ranks - 1 - row_from_top;
        let (file, rank) = if self.flipped {
            (self.files - 1 - column, self.ranks - 1 - row_from_bottom)
        } else {
            (column, row_from_bottom)
        };
        Some(usize::from(rank) * usize::from(self.files) + usize::from(file))
    }

    /// The hand slot under the point, if any.
    fn hand_cell_at(&self, x: f64, y: f64) -> Option<usize> {
        if self.hands == HandPlacement::None {
            return None;
        }
        (self.shape.cells()..self.shape.all_cells()).find(|&cell| {
            let (left, top) = self.origin_of(cell);
            (left..left + self.cell).contains(&x) && (top..top + self.cell).contains(&y)
        })
    }

    /// Where choice `index` of a choice offered on `cell` is drawn: the square itself, then the
    /// squares next to it towards the board's middle row.
    pub fn choice_origin(&self, cell: usize, index: usize) -> (f64, f64) {
        let (x, y) = self.origin_of(cell);
        let middle = self.top + f64::from(self.ranks) * self.cell / 2.0;
        let step = if y + self.cell / 2.0 < middle {
            self.cell
        } else {
            -self.cell
        };
        (x, y + step * index as f64)
    }

    /// Width and height of the board itself, without the coordinate band.
    pub fn board_size(&self) -> (f64, f64) {
        (
            f64::from(self.files) * self.cell,
            f64::from(self.ranks) * self.cell,
        )
    }
}
