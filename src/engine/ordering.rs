//! Move ordering: the TT move first, then captures by MVV/LVA (most valuable victim, least
//! valuable attacker), then moves onto the enemy den's traps (they threaten to win), then the
//! two killer moves of the ply, then the rest by their history score. Moves are scored once and
//! picked best-first (a selection step per move rather than a full sort: most nodes cut early).

use crate::jungle::bitboard::TRAPS;
use crate::jungle::{Animal, Move, Position};

/// Most moves in a Jungle position (8 animals × 4 steps + 4 jumps), as in the rules layer.
pub const MAX_MOVES: usize = 40;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const DEN_THREAT: i32 = 1 << 23;
const KILLER: i32 = 1 << 22;
/// History scores stay within ± this (below the killers).
pub const HISTORY_MAX: i32 = 1 << 20;

/// One move with its ordering score and whether it captures.
#[derive(Clone, Copy)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// The animal it captures, if any.
    pub captured: Option<Animal>,
    /// Higher is tried first.
    pub score: i32,
}

/// The moves of one node in the order to try them.
pub struct MovePicker {
    moves: [ScoredMove; MAX_MOVES],
    len: usize,
    next: usize,
}

/// What the ordering knows besides the position.
pub struct OrderingHints<'a> {
    /// The transposition table's move for this position.
    pub tt_move: Option<Move>,
    /// The killer moves of this ply.
    pub killers: [Option<Move>; 2],
    /// History scores by move code for the side to move.
    pub history: &'a [i32],
}

impl MovePicker {
    /// Scores every legal move of `pos` (or only the captures and den threats when `noisy_only`).
    pub fn new(pos: &Position, hints: &OrderingHints, noisy_only: bool) -> MovePicker {
        let placeholder = ScoredMove {
            mv: Move::new(crate::jungle::Square::A1, crate::jungle::Square::A1),
            captured: None,
            score: 0,
        };
        let mut picker = MovePicker {
            moves: [placeholder; MAX_MOVES],
            len: 0,
            next: 0,
        };
        let enemy_traps = TRAPS[pos.side_to_move().opponent().index()];
        pos.for_each_move(|mv, captured| {
            let threat = enemy_traps.contains(mv.to);
            if noisy_only && captured.is_none() && !threat {
                return;
            }
            let score = if Some(mv) == hints.tt_move {
                TT_MOVE
            } else if let Some(victim) = captured {
                let attacker = pos.piece_at(mv.from).map_or(0, |p| p.animal.index() as i32);
                CAPTURE + (victim.index() as i32 + 1) * 16 - attacker
            } else if threat {
                DEN_THREAT
            } else if Some(mv) == hints.killers[0] {
                KILLER + 1
            } else if Some(mv) == hints.killers[1] {
                KILLER
            } else {
                hints.history[mv.code() as usize]
            };
            if picker.len < MAX_MOVES {
                picker.moves[picker.len] = ScoredMove {
                    mv,
                    captured,
                    score,
                };
                picker.len += 1;
            }
        });
        picker
    }

    /// How many moves there are in all.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Iterator for MovePicker {
    type Item = ScoredMove;

    fn next(&mut self) -> Option<ScoredMove> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.len {
            if self.moves[i].score > self.moves[best].score {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}
