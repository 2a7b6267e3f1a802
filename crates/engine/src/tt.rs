//! The transposition table: search results by Zobrist key, in two-slot buckets (a result
//! replaces its own position's, else the slot worth least: its depth less 8 a search of age,
//! as Stockfish weighs them), sized in megabytes by the caller — tens of MB natively, a few MB
//! in the browser. Moves are kept as their 16-bit codes
//! ([`super::SearchMove::code`]), so the table knows no game.

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Bound {
    /// Nothing stored.
    None = 0,
    /// The value is at most the score (no move reached alpha).
    Upper = 1,
    /// The value is at least the score (a move reached beta).
    Lower = 2,
    /// The exact value.
    Exact = 3,
}

impl Bound {
    /// What a search's result `best` within the window (`alpha`, `beta`) says: at least
    /// `best` if it reached beta, exactly `best` if it raised alpha, at most `best` otherwise.
    #[inline(always)]
    pub fn of_result(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One stored result.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    key: u64,
    move_code: u16,
    score: i16,
    depth: i8,
    /// Bound in the low 2 bits, the search generation above.
    flags: u8,
    /// The position's static evaluation ([`NO_EVAL`]: not known).
    eval: i16,
}

/// The static evaluation of an entry stored without one.
pub const NO_EVAL: i32 = i16::MIN as i32;

impl Entry {
    /// The code of the best (or refuting) move found; 0 for none.
    pub fn move_code(&self) -> u16 {
        self.move_code
    }

    /// The stored score (already corrected from "distance from this node" to "from the root"
    /// by [`TranspositionTable::probe`]).
    pub fn score(&self) -> i32 {
        self.score as i32
    }

    /// The position's static evaluation, if it was computed ([`NO_EVAL`] otherwise).
    pub fn eval(&self) -> i32 {
        self.eval as i32
    }

    /// The depth the result was searched to.
    pub fn depth(&self) -> i32 {
        self.depth as i32
    }

    /// The kind of bound the score is.
    pub fn bound(&self) -> Bound {
        match self.flags & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }

    /// The stored score, if its bound settles a search with the window (`alpha`, `beta`):
    /// exact, at least beta, or at most alpha.
    #[inline(always)]
    pub fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
        let s = self.score();
        match self.bound() {
            Bound::Exact => Some(s),
            Bound::Lower if s >= beta => Some(s),
            Bound::Upper if s <= alpha => Some(s),
            _ => None,
        }
    }

    /// Whether the slot holds no result (its bound is [`Bound::None`]).
    fn is_empty(&self) -> bool {
        self.flags & 3 == 0
    }

    /// Whether the slot holds a result for the position `key`.
    fn holds(&self, key: u64) -> bool {
        self.key == key && !self.is_empty()
    }

    fn generation(&self) -> u8 {
        self.flags >> 2
    }
}

/// The search generations an entry can tell apart (a mask: six bits of its flags).
const GENERATIONS: u8 = 63;
/// A search of age costs an entry this many plies of depth when a slot is chosen.
const AGE_WEIGHT: i32 = 8;

/// Scores at least this far from zero are wins or losses by distance: stored relative to the
/// node rather than the root, so they stay right wherever the position recurs.
const WIN_BOUND: i32 = super::search::WIN_SCORE - 1000;

/// A table of [`Entry`] pairs indexed by key.
pub struct TranspositionTable {
    buckets: Vec<[Entry; 2]>,
    generation: u8,
}

impl TranspositionTable {
    /// A table using at most `megabytes` MB (at least one bucket), rounded down to a power of two.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let bucket_size = std::mem::size_of::<[Entry; 2]>();
        let mut count = 1usize;
        while count * 2 * bucket_size <= bytes {
            count *= 2;
        }
        TranspositionTable {
            buckets: vec![[Entry::default(); 2]; count],
            generation: 0,
        }
    }

    /// The size in megabytes (rounded).
    pub fn megabytes(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<[Entry; 2]>()) >> 20
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); 2]);
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATIONS;
    }

    #[inline(always)]
    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.buckets.len() - 1)
    }

    /// The entry for `key`, with win/loss scores made relative to the root at `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let bucket = &self.buckets[self.index(key)];
        bucket.iter().find(|e| e.holds(key)).map(|e| {
            let mut e = *e;
            e.score = score_from_tt(e.score as i32, ply) as i16;
            e
        })
    }

    /// Stores a result for `key` found at `ply` from the root, with the code of its best move
    /// (0 for none) and the static evaluation ([`NO_EVAL`] if not computed).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        best_code: u16,
        eval: i32,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &mut self.buckets[index];
        let slot = match bucket.iter().position(|e| e.holds(key)) {
            Some(same) => same,
            // Otherwise the slot worth least: empty, shallow, or left by an older search. A
            // deep result from a few moves back outlives this search's shallow ones, but not
            // for ever (a small table in the browser fills within a move).
            None => {
                let worth = |e: &Entry| {
                    if e.is_empty() {
                        i32::MIN
                    } else {
                        let age = generation.wrapping_sub(e.generation()) & GENERATIONS;
                        e.depth as i32 - AGE_WEIGHT * age as i32
                    }
                };
                (worth(&bucket[1]) < worth(&bucket[0])) as usize
            }
        };
        let old = bucket[slot];
        // Keep the old best move when this result has none for the same position.
        let move_code = if best_code != 0 {
            best_code
        } else if old.key == key {
            old.move_code
        } else {
            0
        };
        bucket[slot] = Entry {
            key,
            move_code,
            score: score_to_tt(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: bound as u8 | generation << 2,
            eval: eval.clamp(NO_EVAL, i16::MAX as i32) as i16,
        };
    }

    /// Permille of the first 1000 buckets' slots used by this search (UCI `hashfull`).
    pub fn hashfull(&self) -> usize {
        let n = self.buckets.len().min(1000);
        let used = self.buckets[..n]
            .iter()
            .flatten()
            .filter(|e| !e.is_empty() && e.generation() == self.generation)
            .count();
        used * 1000 / (2 * n)
    }
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_results_come_back_with_win_scores_relative_to_the_root() {
        let mut tt = TranspositionTable::new(1);
        let win_in_5_from_root_at_ply_3 = super::super::search::WIN_SCORE - 5;
        tt.store(
            42,
            3,
            4,
            win_in_5_from_root_at_ply_3,
            Bound::Exact,
            1234,
            NO_EVAL,
        );
        let e = tt.probe(42, 1).expect("stored");
        assert_eq!(e.move_code(), 1234);
        assert_eq!(e.score(), super::super::search::WIN_SCORE - 3);
        assert_eq!(e.depth(), 4);
        assert_eq!(e.bound(), Bound::Exact);
        assert!(tt.probe(43, 1).is_none());
    }

    #[test]
    fn a_stored_bound_settles_only_the_windows_it_decides() {
        assert_eq!(Bound::of_result(60, 10, 50), Bound::Lower);
        assert_eq!(Bound::of_result(30, 10, 50), Bound::Exact);
        assert_eq!(Bound::of_result(10, 10, 50), Bound::Upper);
        let mut tt = TranspositionTable::new(1);
        tt.store(1, 0, 3, 50, Bound::Lower, 0, NO_EVAL);
        tt.store(2, 0, 3, 50, Bound::Upper, 0, NO_EVAL);
        tt.store(3, 0, 3, 50, Bound::Exact, 0, NO_EVAL);
        let entry = |key| tt.probe(key, 0).expect("stored");
        // At least 50: settles a window whose beta is at most 50, not one above it.
        assert_eq!(entry(1).cutoff(0, 40), Some(50));
        assert_eq!(entry(1).cutoff(0, 60), None);
        // At most 50: settles a window whose alpha is at least 50.
        assert_eq!(entry(2).cutoff(60, 100), Some(50));
        assert_eq!(entry(2).cutoff(40, 100), None);
        assert_eq!(entry(3).cutoff(-100, 100), Some(50));
    }

    #[test]
    fn a_result_without_a_move_keeps_the_positions_earlier_move() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 0, 2, 10, Bound::Lower, 77, 5);
        tt.store(42, 0, 3, 5, Bound::Upper, 0, 6);
        let e = tt.probe(42, 0).expect("stored");
        assert_eq!((e.move_code(), e.depth(), e.bound()), (77, 3, Bound::Upper));
        assert_eq!(e.eval(), 6, "the newer result's evaluation");
        tt.store(99, 0, 1, 0, Bound::Exact, 0, NO_EVAL);
        assert_eq!(tt.probe(99, 0).expect("stored").move_code(), 0);
    }

    /// Keys that share one bucket of `tt` (the index is the key's low bits).
    fn same_bucket(tt: &TranspositionTable, n: u64) -> u64 {
        n * tt.buckets.len() as u64 + 5
    }

    #[test]
    fn a_deep_result_outlives_this_searchs_shallow_ones() {
        let mut tt = TranspositionTable::new(1);
        let (deep, a, b) = (
            same_bucket(&tt, 1),
            same_bucket(&tt, 2),
            same_bucket(&tt, 3),
        );
        tt.store(deep, 0, 12, 7, Bound::Exact, 0, NO_EVAL);
        tt.store(a, 0, 2, 0, Bound::Lower, 0, NO_EVAL);
        tt.store(b, 0, 3, 0, Bound::Lower, 0, NO_EVAL);
        assert_eq!(tt.probe(deep, 0).expect("kept").depth(), 12);
        assert!(
            tt.probe(a, 0).is_none(),
            "the shallower of the two gave way"
        );
        assert_eq!(tt.probe(b, 0).expect("stored").depth(), 3);
    }

    #[test]
    fn a_result_replaces_its_own_position() {
        let mut tt = TranspositionTable::new(1);
        let (deep, other) = (same_bucket(&tt, 1), same_bucket(&tt, 2));
        tt.store(deep, 0, 12, 7, Bound::Exact, 0, NO_EVAL);
        tt.store(other, 0, 10, 0, Bound::Lower, 0, NO_EVAL);
        // The same position, shallower: its own slot, not the other position's.
        tt.store(other, 0, 4, 1, Bound::Upper, 0, NO_EVAL);
        assert_eq!(tt.probe(deep, 0).expect("kept").depth(), 12);
        assert_eq!(tt.probe(other, 0).expect("replaced").depth(), 4);
    }

    #[test]
    fn the_last_moves_deep_result_survives_a_search_then_ages_out() {
        let mut tt = TranspositionTable::new(1);
        let [deep, other, fresh, fresher] = [1, 2, 3, 4].map(|n| same_bucket(&tt, n));
        tt.store(deep, 0, 12, 7, Bound::Exact, 0, NO_EVAL);
        tt.store(other, 0, 10, 0, Bound::Lower, 0, NO_EVAL);
        // The next move's search: 12 − 8 of age still outweighs 10 − 8.
        tt.new_search();
        tt.store(fresh, 0, 1, 0, Bound::Lower, 0, NO_EVAL);
        assert_eq!(tt.probe(deep, 0).expect("kept").depth(), 12);
        assert!(
            tt.probe(other, 0).is_none(),
            "the shallower old result gave way"
        );
        // A move later it is worth 12 − 16, less than this search's results.
        tt.new_search();
        tt.store(fresh, 0, 2, 0, Bound::Lower, 0, NO_EVAL);
        tt.store(fresher, 0, 1, 0, Bound::Lower, 0, NO_EVAL);
        assert!(tt.probe(deep, 0).is_none(), "aged out");
        assert!(tt.probe(fresh, 0).is_some() && tt.probe(fresher, 0).is_some());
    }
}
