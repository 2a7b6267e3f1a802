//! A variant's table compiled for play: the board as a padded mailbox, each face's moves as
//! offsets for each side, the promotion zones, where each face could never move again, and the
//! probes that tell whether a square is attacked. Built once per variant (`Rules::of`), then
//! shared by every position of that variant.

use crate::pieces::{Atom, Mode};
use crate::variant::{Variant, MAX_FACES, MAX_SIZE, VARIANTS};
use std::sync::OnceLock;

/// Cells a row of the mailbox holds: the widest board and two guard cells on each side, so that
/// no jump of two leaves the array.
pub const STRIDE: usize = 16;
/// The guard cells around the board on each side.
const PAD: usize = 2;
/// Every cell of the mailbox.
pub const CELLS: usize = STRIDE * (MAX_SIZE + 2 * PAD);

/// An empty cell.
pub const EMPTY: u8 = 0;
/// A cell off the board.
pub const WALL: u8 = 0xFF;
/// The bit of a gote piece in a cell (a piece's cell is its face + 1, plus this for gote).
pub const GOTE_BIT: u8 = 0x40;

/// The two sides; sente moves first, up the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first player (black, 先手), at the bottom.
    Sente,
    /// The second player (white, 後手), at the top.
    Gote,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Sente => Side::Gote,
            Side::Gote => Side::Sente,
        }
    }

    /// 0 for sente, 1 for gote.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The cell of a side's piece of face `face`.
pub fn cell_of(side: Side, face: u8) -> u8 {
    (face + 1) | if side == Side::Gote { GOTE_BIT } else { 0 }
}

/// The face of a piece's cell.
pub fn face_of(cell: u8) -> u8 {
    (cell & !GOTE_BIT) - 1
}

/// The side of a piece's cell.
pub fn side_of(cell: u8) -> Side {
    if cell & GOTE_BIT != 0 {
        Side::Gote
    } else {
        Side::Sente
    }
}

/// Whether `cell` holds a piece of `side`.
pub fn is_of(cell: u8, side: Side) -> bool {
    cell != EMPTY && cell != WALL && side_of(cell) == side
}

/// The mailbox index of the square on `row` (0: the top, gote's back rank) and `col` (0: the
/// left as sente sees it, the highest file).
pub fn square_at(row: usize, col: usize) -> usize {
    (row + PAD) * STRIDE + col + PAD
}

/// The row and column of mailbox index `square`.
pub fn row_col(square: usize) -> (usize, usize) {
    (square / STRIDE - PAD, square % STRIDE - PAD)
}

/// An atom compiled for one side: an offset in the mailbox and its reach.
#[derive(Clone, Copy, Debug)]
pub enum Compiled {
    /// One jump.
    Step(isize, Mode),
    /// A slide, at most the given number of squares (0: no limit).
    Slide(isize, u8, Mode),
    /// A hop over one screen, at most the given distance (0: no limit).
    Hop(isize, u8, Mode),
}

/// The attackers one probe finds: an offset from the attacker to its target, its reach, and
/// the faces that attack that way (a bit per face).
#[derive(Clone, Copy, Debug)]
pub struct Probe {
    /// The attacker's move, as an offset.
    pub offset: isize,
    /// The farthest it reaches (0: no limit; 1 for a step).
    pub reach: u8,
    /// The faces that attack this way.
    pub faces: u32,
}

/// A variant compiled for play.
pub struct Rules {
    /// The table it was compiled from.
    pub variant: &'static Variant,
    /// The board's squares, top row first, left to right.
    pub squares: Vec<usize>,
    /// The empty board: `EMPTY` on its squares, `WALL` elsewhere.
    pub empty_board: [u8; CELLS],
    /// Each side's moves of each face.
    pub moves: [Vec<Vec<Compiled>>; 2],
    /// Whether a square is in a side's promotion zone.
    pub zone: [[bool; CELLS]; 2],
    /// Whether a face of a side could never move again from a square.
    pub immobile: [Vec<[bool; CELLS]>; 2],
    /// A side's forward step, as an offset.
    pub forward: [isize; 2],
    /// The probes for a side's attackers that jump (steps).
    pub step_probes: [Vec<Probe>; 2],
    /// The probes for a side's attackers that slide.
    pub slide_probes: [Vec<Probe>; 2],
    /// The probes for a side's attackers that hop a screen.
    pub hop_probes: [Vec<Probe>; 2],
    /// The faces that are royal (a bit per face).
    pub royal_faces: u32,
}

/// The offset of a move `(dx, dy)` (right, forward as the mover sees them) for `side`.
fn offset(side: Side, dx: i8, dy: i8) -> isize {
    let (dx, dy) = (dx as isize, dy as isize);
    match side {
        Side::Sente => dx - dy * STRIDE as isize,
        Side::Gote => dy * STRIDE as isize - dx,
    }
}

impl Rules {
    /// The compiled rules of `variant` (built on first use).
    pub fn of(variant: &'static Variant) -> &'static Rules {
        static ALL: OnceLock<Vec<Rules>> = OnceLock::new();
        let all = ALL.get_or_init(|| VARIANTS.iter().map(Rules::compile).collect());
        let at = VARIANTS
            .iter()
            .position(|v| v.name == variant.name)
            .expect("a variant of the table");
        &all[at]
    }

    fn compile(variant: &'static Variant) -> Rules {
        assert!(
            variant.faces.len() <= MAX_FACES,
            "{}: too many faces",
            variant.name
        );
        let (files, ranks) = (variant.files as usize, variant.ranks as usize);
        let mut empty_board = [WALL; CELLS];
        let mut squares = Vec::new();
        for row in 0..ranks {
            for col in 0..files {
                empty_board[square_at(row, col)] = EMPTY;
                squares.push(square_at(row, col));
            }
        }
        let mut zone = [[false; CELLS]; 2];
        for &square in &squares {
            let (row, _) = row_col(square);
            zone[0][square] = row < variant.zone as usize;
            zone[1][square] = row >= ranks - variant.zone as usize;
        }
        let sides = [Side::Sente, Side::Gote];
        let moves = sides.map(|side| {
            variant
                .faces
                .iter()
                .map(|face| {
                    face.moves
                        .iter()
                        .map(|atom| match *atom {
                            Atom::Step(dx, dy, mode) => Compiled::Step(offset(side, dx, dy), mode),
                            Atom::Slide(dx, dy, max, mode) => {
                                Compiled::Slide(offset(side, dx, dy), max, mode)
                            }
                            Atom::Hop(dx, dy, max, mode) => {
                                Compiled::Hop(offset(side, dx, dy), max, mode)
                            }
                        })
                        .collect()
                })
                .collect::<Vec<Vec<Compiled>>>()
        });
        // A face is immobile where none of its moves lands on the board, even on an empty one.
        let immobile = [0, 1].map(|side: usize| {
            moves[side]
                .iter()
                .map(|face_moves: &Vec<Compiled>| {
                    let mut stuck = [false; CELLS];
                    for &square in &squares {
                        stuck[square] = !face_moves.iter().any(|m| {
                            let (offset, far) = match *m {
                                Compiled::Step(offset, _) | Compiled::Slide(offset, _, _) => {
                                    (offset, 1)
                                }
                                Compiled::Hop(offset, _, _) => (offset, 2),
                            };
                            let target = square as isize + offset * far;
                            (0..CELLS as isize).contains(&target)
                                && empty_board[target as usize] == EMPTY
                        });
                    }
                    stuck
                })
                .collect::<Vec<_>>()
        });
        let mut step_probes: [Vec<Probe>; 2] = Default::default();
        let mut slide_probes: [Vec<Probe>; 2] = Default::default();
        let mut hop_probes: [Vec<Probe>; 2] = Default::default();
        for side in 0..2 {
            for (face, face_moves) in moves[side].iter().enumerate() {
                for m in face_moves {
                    let (list, offset, reach) = match *m {
                        Compiled::Step(_, Mode::Move)
                        | Compiled::Slide(_, _, Mode::Move)
                        | Compiled::Hop(_, _, Mode::Move) => continue,
                        Compiled::Step(offset, _) => (&mut step_probes[side], offset, 1),
                        Compiled::Slide(offset, max, _) => (&mut slide_probes[side], offset, max),
                        Compiled::Hop(offset, max, _) => (&mut hop_probes[side], offset, max),
                    };
                    match list
                        .iter_mut()
                        .find(|p| p.offset == offset && p.reach == reach)
                    {
                        Some(probe) => probe.faces |= 1 << face,
                        None => list.push(Probe {
                            offset,
                            reach,
                            faces: 1 << face,
                        }),
                    }
                }
            }
        }
        let royal_faces = variant
            .faces
            .iter()
            .enumerate()
            .filter(|(_, f)| f.royal)
            .fold(0, |bits, (at, _)| bits | 1 << at);
        Rules {
            variant,
            squares,
            empty_board,
            moves,
            zone,
            immobile,
            forward: [offset(Side::Sente, 0, 1), offset(Side::Gote, 0, 1)],
            step_probes,
            slide_probes,
            hop_probes,
            royal_faces,
        }
    }
}
