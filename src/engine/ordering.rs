//! Move ordering: the TT move first, then the game's noisy moves by rank (captures by MVV/LVA,
//! threats, promotions), then the two killer moves of the ply, then the rest by their history
//! score plus the game's bias. Moves are scored once into an uninitialised buffer on the
//! caller's stack and picked best-first: a selection step per move (most nodes cut early), and
//! for long lists (shogi's drops) one sort of the rest after the first few picks, so that a
//! node searching all its moves does not pay a selection per move.

use super::game::{Generate, MoveBuffer, MoveNature, Order, SearchGame, SearchMove};
use std::mem::MaybeUninit;

const TT_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 23;
const KILLER: i32 = 1 << 22;
/// History scores stay within ± this (below the killers).
pub const HISTORY_MAX: i32 = 1 << 20;
/// Lists longer than this are sorted once after [`SORT_AFTER`] picks (a Jungle list never is:
/// at most 40 moves, so its order is the selection's).
const SORT_ABOVE: usize = 64;
/// Picks made by selection before a long list is sorted.
const SORT_AFTER: usize = 3;

/// One move with its ordering score and what the search needs to know of it.
#[derive(Clone, Copy, Debug)]
pub struct Scored<M> {
    /// The move.
    pub mv: M,
    /// Higher is tried first.
    pub score: i32,
    /// See [`MoveNature::capture`].
    pub capture: bool,
    /// See [`MoveNature::forcing`].
    pub forcing: bool,
}

impl<M: SearchMove> Scored<M> {
    /// An unused slot.
    pub const PLACEHOLDER: Scored<M> = Scored {
        mv: M::PLACEHOLDER,
        score: 0,
        capture: false,
        forcing: false,
    };
}

/// What the ordering knows besides the position.
pub struct OrderingHints<'a, M> {
    /// The transposition table's move for this position.
    pub tt_move: Option<M>,
    /// The killer moves of this ply.
    pub killers: [Option<M>; 2],
    /// History scores by [`SearchGame::history_index`] for the side to move.
    pub history: &'a [i32],
}

/// The moves of one node in the order to try them, in a buffer the caller owns.
pub struct MovePicker<'a, M> {
    moves: &'a mut [Scored<M>],
    next: usize,
}

impl<'a, M: SearchMove> MovePicker<'a, M> {
    /// Scores the moves of `kind` in `pos` into `buffer`.
    pub fn new<G: SearchGame<Move = M>>(
        buffer: &'a mut MaybeUninit<G::MoveBuffer>,
        game: &G,
        pos: &G::Position,
        hints: &OrderingHints<M>,
        kind: Generate,
    ) -> MovePicker<'a, M> {
        let capacity = <G::MoveBuffer as MoveBuffer<M>>::CAPACITY;
        // SAFETY: `MoveBuffer` is implemented only for arrays of `Scored<M>`, so the buffer is
        // `capacity` slots of `Scored<M>` from this pointer.
        let slots = buffer.as_mut_ptr().cast::<Scored<M>>();
        let mut len = 0;
        game.generate(pos, kind, |mv, nature: MoveNature| {
            let score = if Some(mv) == hints.tt_move {
                TT_MOVE
            } else {
                match nature.order {
                    Order::Noisy(rank) => NOISY + rank,
                    Order::Quiet(_) if Some(mv) == hints.killers[0] => KILLER + 1,
                    Order::Quiet(_) if Some(mv) == hints.killers[1] => KILLER,
                    Order::Quiet(bias) => hints.history[G::history_index(pos, mv)] + bias,
                }
            };
            if len < capacity {
                // SAFETY: `len < capacity`: within the buffer.
                unsafe {
                    slots.add(len).write(Scored {
                        mv,
                        score,
                        capture: nature.capture,
                        forcing: nature.forcing,
                    });
                }
                len += 1;
            }
        });
        // SAFETY: the first `len` slots were written just above.
        let moves = unsafe { std::slice::from_raw_parts_mut(slots, len) };
        MovePicker { moves, next: 0 }
    }

    /// How many moves there are in all.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl<M: SearchMove> Iterator for MovePicker<'_, M> {
    type Item = Scored<M>;

    fn next(&mut self) -> Option<Scored<M>> {
        let len = self.moves.len();
        if self.next >= len {
            return None;
        }
        let moves = &mut *self.moves;
        if len > SORT_ABOVE && self.next >= SORT_AFTER {
            if self.next == SORT_AFTER {
                moves[SORT_AFTER..].sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
            }
        } else {
            let mut best = self.next;
            for i in self.next + 1..len {
                if moves[i].score > moves[best].score {
                    best = i;
                }
            }
            moves.swap(self.next, best);
        }
        self.next += 1;
        Some(moves[self.next - 1])
    }
}
