//! Move ordering: the TT move first, then the game's noisy moves by rank (captures by MVV/LVA,
//! threats, promotions), then the two killer moves of the ply, then the rest by their history
//! score plus the game's bias; all at once, or in those three stages where the quiet moves are
//! many (most nodes that cut off never generate them). Moves are scored into an uninitialised
//! buffer on the caller's stack and picked best-first: a selection step per move (most nodes
//! cut early), and for long lists (shogi's drops) one sort of the rest after the first few
//! picks, so that a node searching all its moves does not pay a selection per move.

use super::game::{Generate, MoveBuffer, MoveNature, Order, SearchGame, SearchMove};
use std::marker::PhantomData;
use std::mem::MaybeUninit;

/// The transposition table's move's place in the order: first.
pub const TT_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 23;
/// The killers' place in the order: above every quiet move's history.
pub const KILLER: i32 = 1 << 22;
/// History scores stay within ± this (below the killers).
pub const HISTORY_MAX: i32 = 1 << 20;
/// Lists longer than this are sorted once after [`SORT_AFTER`] picks (a Jungle list never is:
/// at most 40 moves, so its order is the selection's).
const SORT_ABOVE: usize = 64;
/// Picks made by selection before a long list is sorted.
const SORT_AFTER: usize = 3;

/// How many plies before the node the moves of the continuation rows were played (the
/// options choose how many of them count).
pub const CONTINUATION_PLIES: [u8; 4] = [1, 2, 4, 6];

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
    /// Continuation rows after the moves [`CONTINUATION_PLIES`] before, by history index
    /// (scores within ± 2^14).
    pub continuation: [Option<&'a [i16]>; CONTINUATION_PLIES.len()],
    /// The continuation scores' weight against the history's (± 2^20).
    pub continuation_weight: i32,
}

/// The moves of one node in the order to try them, in a buffer the caller owns.
pub struct MovePicker<'a, M> {
    /// The buffer's first slot: `capacity` slots of `Scored<M>`, the first `len` written.
    slots: *mut Scored<M>,
    capacity: usize,
    len: usize,
    next: usize,
    generated: bool,
    /// Where the current stage's moves begin (a long list is sorted from its own start).
    stage_start: usize,
    /// What [`MovePicker::advance`] generates next.
    pending: Pending,
    /// The killers given their own stage (the quiet stage leaves them out).
    killers_given: [Option<M>; 2],
    _buffer: PhantomData<&'a mut [Scored<M>]>,
}

/// The stages a staged picker has still to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pending {
    /// Nothing: the list is whole.
    Nothing,
    /// The killers, then the quiet moves.
    Killers,
    /// The quiet moves.
    Quiets,
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
        let mut picker = MovePicker::deferred::<G>(buffer);
        picker.generate(game, pos, hints, kind, None);
        picker
    }

    /// A picker over `buffer` with no moves yet: [`MovePicker::generate`] fills it when the
    /// moves are wanted (a node may be done before that).
    pub fn deferred<G: SearchGame<Move = M>>(
        buffer: &'a mut MaybeUninit<G::MoveBuffer>,
    ) -> MovePicker<'a, M> {
        MovePicker {
            // `MoveBuffer` is implemented only for arrays of `Scored<M>`, so the buffer is
            // `CAPACITY` slots of `Scored<M>` from this pointer.
            slots: buffer.as_mut_ptr().cast::<Scored<M>>(),
            capacity: <G::MoveBuffer as MoveBuffer<M>>::CAPACITY,
            len: 0,
            next: 0,
            generated: false,
            stage_start: 0,
            pending: Pending::Nothing,
            killers_given: [None; 2],
            _buffer: PhantomData,
        }
    }

    /// Whether [`MovePicker::generate`] has run.
    pub fn generated(&self) -> bool {
        self.generated
    }

    /// Scores the moves of `kind` in `pos` into the buffer, leaving out `tried` (a move
    /// already searched).
    pub fn generate<G: SearchGame<Move = M>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        hints: &OrderingHints<M>,
        kind: Generate,
        tried: Option<M>,
    ) {
        self.start_over();
        self.append(game, pos, hints, kind, tried, |_| true);
    }

    /// Empties the list for a new generation.
    fn start_over(&mut self) {
        self.len = 0;
        self.next = 0;
        self.stage_start = 0;
        self.pending = Pending::Nothing;
        self.killers_given = [None; 2];
        self.generated = true;
    }

    /// The first of a full-width node's stages: the noisy moves alone (by rank), leaving out
    /// `tried`; [`MovePicker::advance`] adds the killers and then the quiet moves once these
    /// are used up. Most nodes that cut off do it with a noisy move or a killer, so their
    /// quiet moves (shogi's drops) are never generated. The order is
    /// [`MovePicker::generate`]'s, but that the quiet moves are scored by the histories of
    /// their own time. `tried` must be the transposition table's move if it has one.
    pub fn generate_staged<G: SearchGame<Move = M>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        hints: &OrderingHints<M>,
        tried: Option<M>,
    ) {
        self.start_over();
        // Keep the noisy ones: the game may have given more.
        self.append(game, pos, hints, Generate::NoisyStage, tried, |scored| {
            scored.score >= NOISY
        });
        self.pending = Pending::Killers;
    }

    /// Whether a staged picker has stages left to generate.
    pub fn has_pending(&self) -> bool {
        self.pending != Pending::Nothing
    }

    /// Generates the next stage after the moves picked so far: the killers that are legal
    /// quiet moves here (other than `tried`), or else the quiet moves (all but those).
    pub fn advance<G: SearchGame<Move = M>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        hints: &OrderingHints<M>,
        tried: Option<M>,
    ) {
        self.stage_start = self.len;
        match self.pending {
            Pending::Nothing => {}
            Pending::Killers => {
                self.pending = Pending::Quiets;
                for (rank, killer) in hints.killers.iter().enumerate() {
                    let Some(k) = *killer else { continue };
                    let repeated = rank == 1 && hints.killers[0] == Some(k);
                    if Some(k) == tried || repeated || !G::is_legal(pos, k) {
                        continue;
                    }
                    let Some(nature) = game.nature(pos, k) else {
                        continue;
                    };
                    let scored = Scored {
                        mv: k,
                        score: KILLER + 1 - rank as i32,
                        capture: nature.capture,
                        forcing: nature.forcing,
                    };
                    if matches!(nature.order, Order::Quiet(_)) && self.push(scored) {
                        self.killers_given[rank] = Some(k);
                    }
                }
            }
            Pending::Quiets => {
                self.pending = Pending::Nothing;
                let given = self.killers_given;
                self.append(game, pos, hints, Generate::All, tried, |scored| {
                    scored.score < NOISY && !given.contains(&Some(scored.mv))
                });
            }
        }
    }

    /// Scores the moves of `kind` other than `tried` after those already in the buffer,
    /// keeping those `keep` accepts.
    fn append<G: SearchGame<Move = M>>(
        &mut self,
        game: &G,
        pos: &G::Position,
        hints: &OrderingHints<M>,
        kind: Generate,
        tried: Option<M>,
        keep: impl Fn(&Scored<M>) -> bool,
    ) {
        game.generate(pos, kind, |mv, nature: MoveNature| {
            if Some(mv) == tried {
                return;
            }
            let score = if Some(mv) == hints.tt_move {
                TT_MOVE
            } else {
                match nature.order {
                    Order::Noisy(rank) => NOISY + rank,
                    Order::Quiet(_) if Some(mv) == hints.killers[0] => KILLER + 1,
                    Order::Quiet(_) if Some(mv) == hints.killers[1] => KILLER,
                    Order::Quiet(bias) => {
                        let slot = G::history_index(pos, mv);
                        let mut score = hints.history[slot] + bias;
                        for row in hints.continuation.iter().flatten() {
                            score += hints.continuation_weight * row[slot] as i32;
                        }
                        score
                    }
                }
            };
            let scored = Scored {
                mv,
                score,
                capture: nature.capture,
                forcing: nature.forcing,
            };
            if keep(&scored) {
                self.push(scored);
            }
        });
    }

    /// Adds `scored` at the end of the list, if the buffer has room (a legal list always
    /// fits); whether it did.
    #[inline(always)]
    fn push(&mut self, scored: Scored<M>) -> bool {
        if self.len >= self.capacity {
            return false;
        }
        // SAFETY: `len < capacity`: within the buffer.
        unsafe { self.slots.add(self.len).write(scored) };
        self.len += 1;
        true
    }

    /// The moves generated, as a slice.
    fn moves(&mut self) -> &mut [Scored<M>] {
        // SAFETY: the first `len` slots were written by `generate`; the buffer is borrowed
        // mutably for 'a by this picker alone.
        unsafe { std::slice::from_raw_parts_mut(self.slots, self.len) }
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

impl<M: SearchMove> Iterator for MovePicker<'_, M> {
    type Item = Scored<M>;

    fn next(&mut self) -> Option<Scored<M>> {
        let (len, next) = (self.len, self.next);
        if next >= len {
            return None;
        }
        let start = self.stage_start;
        let moves = self.moves();
        if len - start > SORT_ABOVE && next - start >= SORT_AFTER {
            if next - start == SORT_AFTER {
                moves[next..].sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
            }
        } else {
            let mut best = next;
            for i in next + 1..len {
                if moves[i].score > moves[best].score {
                    best = i;
                }
            }
            moves.swap(next, best);
        }
        let picked = moves[next];
        self.next += 1;
        Some(picked)
    }
}
