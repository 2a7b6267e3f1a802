//! Move ordering: the TT move first, then the game's noisy moves by rank (captures by MVV/LVA,
//! threats, promotions), then the two killer moves of the ply, then the rest by their history
//! score plus the game's bias. Moves are scored once and picked best-first (a selection step per
//! move rather than a full sort: most nodes cut early).

use super::game::{Generate, MoveBuffer, MoveNature, Order, SearchGame, SearchMove};

const TT_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 23;
const KILLER: i32 = 1 << 22;
/// History scores stay within ± this (below the killers).
pub const HISTORY_MAX: i32 = 1 << 20;

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

/// The moves of one node in the order to try them.
pub struct MovePicker<G: SearchGame> {
    moves: G::MoveBuffer,
    len: usize,
    next: usize,
}

impl<G: SearchGame> MovePicker<G> {
    /// Scores the moves of `kind` in `pos`.
    pub fn new(
        game: &G,
        pos: &G::Position,
        hints: &OrderingHints<G::Move>,
        kind: Generate,
    ) -> MovePicker<G> {
        let mut moves = G::MoveBuffer::empty();
        let slots = moves.as_mut();
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
            if len < slots.len() {
                slots[len] = Scored {
                    mv,
                    score,
                    capture: nature.capture,
                    forcing: nature.forcing,
                };
                len += 1;
            }
        });
        MovePicker {
            moves,
            len,
            next: 0,
        }
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

impl<G: SearchGame> Iterator for MovePicker<G> {
    type Item = Scored<G::Move>;

    fn next(&mut self) -> Option<Scored<G::Move>> {
        if self.next >= self.len {
            return None;
        }
        let moves = self.moves.as_mut();
        let mut best = self.next;
        for i in self.next + 1..self.len {
            if moves[i].score > moves[best].score {
                best = i;
            }
        }
        moves.swap(self.next, best);
        self.next += 1;
        Some(moves[self.next - 1])
    }
}
