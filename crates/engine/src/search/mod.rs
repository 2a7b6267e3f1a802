//! The search, written once for every game: iterative deepening negamax alpha-beta over any
//! [`SearchGame`]. This file is the driver (the iterations, the root, the limits and the
//! histories); a node of the tree is `node.rs`'s, the horizon `quiescence.rs`'s, the limits and
//! switches `options.rs`'.
//!
//! # What is generic (here)
//! - **Iterative deepening** with **aspiration windows** (from depth 4, ±40 widening ×4; or
//!   Stockfish's gentler way, `gentle_aspiration`) and **principal variation search** (null
//!   windows after the first move, re-search on a fail-high).
//! - The **transposition table** ([`super::tt`]: two-slot buckets, win scores stored relative to
//!   the node, moves as 16-bit codes) whose move is tried first; then the game's noisy moves by
//!   rank, two killers per ply, history with gravity ([`super::ordering`]).
//! - **Late-move reductions** (quiet, non-forcing moves from the 4th on, by 1–3 plies; or
//!   ln(depth)·ln(index)/2 with `log_reductions`), **null-move pruning** (R = 2 + depth/4) and a
//!   one-ply **threat extension** (a check, a den threat), each switchable in [`SearchOptions`].
//! - **Quiescence**: stand pat, then the game's noisy moves with delta pruning; at a threatened
//!   node no stand pat, only the game's evasions. Optionally through the table.
//! - **Pruning near the horizon**, each a switch: reverse futility, futility, late-move and
//!   exchange pruning (by the node's depth, or by the depth a move's reduction would leave),
//!   fewer late moves where the static score is not improving (the static evaluation is kept
//!   in the table), forcing moves only at futile nodes; singular extensions.
//! - **Wins and losses by distance** in plies (`WIN_SCORE - plies`, [`Score`]); a side with no
//!   legal move loses (Jungle, and shogi, where stalemate loses too).
//! - **Repetitions from the real game**: the keys of the game's positions are passed in
//!   ([`SearchRequest::history`]) and extended along the search path; a position that repeats one
//!   within the game's reversible window is scored by the game (draw, or a perpetual-check win or
//!   loss), the first repetition already, as chess engines do; so is the ruleset's move limit.
//! - **Limits and stopping**: depth, nodes, soft and hard time through a [`Clock`] passed in (no
//!   `Instant` in the core: it runs in the browser's worker), and a stop flag polled every 1024
//!   nodes; **contempt** and seeded **evaluation noise** (the levels).
//!
//! # What each game provides ([`SearchGame`])
//! - Positions (copy-make, Zobrist key, side to move, a null move) and compact moves (16-bit
//!   codes) generated into a fixed array on the stack, each with its [`super::MoveNature`]:
//!   noisy rank (MVV/LVA, promotions, threats) or quiet bias, capture, forcing; the history
//!   slot of a quiet move; the most a noisy move can gain (delta pruning).
//! - The static evaluation and its weights, the level ladder.
//! - Its exact tactics as a [`Verdict`] per node (Jungle's den logic; shogi's mate checks and
//!   impasse), what quiescence looks at ([`Generate::Noisy`], [`Generate::Evasions`]), when a
//!   null move is fair, how a repetition scores and what the move-limit draw counts.
//!
//! Each game's choices and their measured worth are in its crate's `ai::search` (docs/engines.md).
//!
//! # What it deliberately does not do
//! - No multi-threading (the browser worker has one thread; matches run games in parallel instead).
//! - No razoring (probcut is a switch, [`SearchOptions::probcut`]), no opening book, no endgame
//!   tables.

use super::clock::Clock;
use super::game::{Generate, PathEntry, Repetition, SearchGame, SearchMove, Verdict};
use super::ordering::{
    MovePicker, OrderingHints, Scored, CONTINUATION_PLIES, HISTORY_MAX, KILLER, TT_MOVE,
};
use super::tt::{Bound, TranspositionTable, NO_EVAL};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};

mod node;
mod options;
mod quiescence;

pub use options::{Limits, SearchOptions};

/// The score of winning at the root now; a win `n` plies away scores `WIN_SCORE - n`.
pub const WIN_SCORE: i32 = 30000;
/// Scores beyond this are wins or losses by distance.
pub const WIN_THRESHOLD: i32 = WIN_SCORE - 1000;
/// The deepest ply the search goes (quiescence included).
pub const MAX_PLY: usize = 100;
const INFINITY: i32 = WIN_SCORE + 1;
/// The deepest iteration (depth limits above this are capped).
pub const MAX_DEPTH: u32 = 64;

/// The depth (plies left) at and below which the pruning options apply by default.
pub const PRUNING_DEPTH: i32 = 3;
/// Entries of the evaluation cache (a power of two: the key's low bits index it).
const EVAL_CACHE_SIZE: usize = 1 << 16;
/// The evaluation cache keeps the score in the low 16 bits of the key...
const EVAL_SCORE_MASK: u64 = 0xffff;
/// ...offset to be positive.
const EVAL_SCORE_BIAS: i32 = 1 << 15;
/// The table depth of a quiescence result: 0 where it searched the quiet checks, -1 where
/// not (captures only), so a node that searches them never takes the shallower one as settled.
#[inline(always)]
fn quiescence_depth(checks: bool) -> i32 {
    if checks {
        0
    } else {
        -1
    }
}

/// A history's reward for a quiet move that cut off at `depth`, `scale` times its square.
#[inline]
fn history_bonus(depth: i32, scale: i32) -> i32 {
    (depth * depth).min(400) * scale
}

/// A history score `score` (within ± `max`) moved by `delta` with gravity: the update pulls it
/// toward ± `max`, never past it.
#[inline(always)]
fn gravity(score: i32, delta: i32, max: i32) -> i32 {
    let pull = (score as i64 * delta.abs() as i64 / max as i64) as i32;
    score + delta - pull
}

/// No history slot: the root's previous move, a null move.
const NO_SLOT: u32 = u32::MAX;
/// Continuation scores stay within ± this.
const CONTINUATION_MAX: i32 = 1 << 14;
/// [`Searcher::played_flags`]: the move was quiet.
const PLAYED_QUIET: u8 = 1;
/// [`Searcher::played_flags`]: the move was its node's first or its killer.
const PLAYED_EARLY: u8 = 2;

/// What a node of the tree is expected to do, as principal variation search reasons: a PV
/// node is searched with an open window; a cut node is expected to fail high (one move
/// suffices: late moves are reduced more there) and an all node to fail low (every move is
/// searched). Children alternate between cut and all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NodeKind {
    /// On the principal variation: an open window.
    Pv,
    /// Expected to fail high.
    Cut,
    /// Expected to fail low.
    All,
}

impl NodeKind {
    /// Whether the node has an open window.
    fn is_pv(self) -> bool {
        self == NodeKind::Pv
    }

    /// The kind of the first move's child: the principal variation goes on; after a cut node,
    /// its best move's child must fail low, and the reverse.
    fn first_child(self) -> NodeKind {
        match self {
            NodeKind::Pv => NodeKind::Pv,
            other => other.opposite(),
        }
    }

    /// The kind of a null-window child searched to full depth (the null move's, a late move's
    /// after its reduced search failed high, ProbCut's): the opposite expectation, a cut node
    /// below an all node or a PV node.
    fn opposite(self) -> NodeKind {
        match self {
            NodeKind::Cut => NodeKind::All,
            NodeKind::Pv | NodeKind::All => NodeKind::Cut,
        }
    }

    /// The same node searched again with a null window (the singular extension's test).
    fn narrowed(self) -> NodeKind {
        match self {
            NodeKind::Pv => NodeKind::All,
            other => other,
        }
    }
}

/// A score for players: points, or a forced win or loss in some moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Points for the side to move (a Jungle rat is about 400).
    Points(i32),
    /// The side to move wins in this many of its own moves (Jungle: enters the den).
    WinIn(i32),
    /// The side to move loses in this many of the opponent's moves (0: it has lost).
    LossIn(i32),
}

impl Score {
    /// The player's form of a raw search score.
    pub fn from_raw(raw: i32) -> Score {
        if raw >= WIN_THRESHOLD {
            Score::WinIn((WIN_SCORE - raw + 1) / 2)
        } else if raw <= -WIN_THRESHOLD {
            Score::LossIn((WIN_SCORE + raw) / 2)
        } else {
            Score::Points(raw)
        }
    }

    /// Plies to the end of a forced result (positive: the side to move wins; shogi's USI counts
    /// mates in plies), `None` for points.
    pub fn plies_to_end(raw: i32) -> Option<i32> {
        if raw >= WIN_THRESHOLD {
            Some(WIN_SCORE - raw)
        } else if raw <= -WIN_THRESHOLD {
            Some(-(WIN_SCORE + raw))
        } else {
            None
        }
    }
}

/// Progress reported after each finished iteration.
#[derive(Clone, Debug)]
pub struct Info<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The raw score for the side to move.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: f64,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Transposition-table use in permille.
    pub hashfull: usize,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best_move: Option<M>,
    /// Its raw score for the side to move.
    pub score: i32,
    /// The deepest finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<M>,
    /// The root moves with the scores of the last finished iteration, best first (scores of
    /// moves other than the best are bounds from null-window searches).
    pub root_scores: Vec<(M, i32)>,
}

impl<M> SearchResult<M> {
    /// A result with only a move (no search: a fallback).
    pub fn just(best_move: Option<M>) -> SearchResult<M> {
        SearchResult {
            best_move,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root_scores: Vec::new(),
        }
    }
}

/// A search task: the position, its game history and the moves allowed at the root.
pub struct SearchRequest<G: SearchGame> {
    /// The position to search.
    pub position: G::Position,
    /// The game's earlier positions within its reversible window, oldest first (the current
    /// position excluded): repetitions of them are scored by the game.
    pub history: Vec<PathEntry>,
    /// The moves the search may choose from (the game's legal moves: this is where a
    /// repetition prohibition applies).
    pub root_moves: Vec<G::Move>,
    /// The ruleset's move-limit draw ([`SearchGame::draw_count`] reaching it), if it has one.
    pub draw_limit: Option<u32>,
    /// The rest of the rules the search must know ([`SearchGame::Rules`]).
    pub rules: G::Rules,
    /// When to stop.
    pub limits: Limits,
}

// By hand: a derive would ask `G` itself (the game's evaluation) to be Clone and Debug.
impl<G: SearchGame> Clone for SearchRequest<G> {
    fn clone(&self) -> Self {
        SearchRequest {
            position: self.position,
            history: self.history.clone(),
            root_moves: self.root_moves.clone(),
            draw_limit: self.draw_limit,
            rules: self.rules,
            limits: self.limits,
        }
    }
}

impl<G: SearchGame> std::fmt::Debug for SearchRequest<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchRequest")
            .field("position", &self.position)
            .field("history", &self.history)
            .field("root_moves", &self.root_moves)
            .field("draw_limit", &self.draw_limit)
            .field("rules", &self.rules)
            .field("limits", &self.limits)
            .finish()
    }
}

impl<G: SearchGame> SearchRequest<G> {
    /// A request for a lone position: no history, every legal move, the game's default draw
    /// limit and rules.
    pub fn from_position(position: G::Position, limits: Limits) -> SearchRequest<G> {
        SearchRequest {
            position,
            history: Vec::new(),
            root_moves: G::legal_moves(&position),
            draw_limit: G::default_draw_limit(),
            rules: G::Rules::default(),
            limits,
        }
    }
}

/// The searcher: its tables persist between searches of one game.
pub struct Searcher<G: SearchGame> {
    tt: TranspositionTable,
    game: G,
    options: SearchOptions,
    killers: [[Option<G::Move>; 2]; MAX_PLY + 1],
    /// The move a singular-extension search at each ply leaves out.
    excluded: [Option<G::Move>; MAX_PLY + 1],
    /// History scores, [`SearchGame::HISTORY_SIZE`] per side.
    history: Box<[i32]>,
    /// Continuation history: per side, per history slot of an earlier move, a row of
    /// scores by history slot (empty until an option asks for it).
    continuation: Vec<i16>,
    /// Evaluations by key ([`Searcher::evaluate_cached`]).
    eval_cache: Box<[u64]>,
    /// The history slot of the move that led to each ply ([`NO_SLOT`] at the root and after
    /// a null move).
    played: [u32; MAX_PLY + 2],
    /// What kind of move led to each ply: [`PLAYED_QUIET`], [`PLAYED_EARLY`] (0 at the root).
    played_flags: [u8; MAX_PLY + 2],
    /// The static evaluation at each ply of the path ([`NO_EVAL`] where none was made).
    static_evals: [i32; MAX_PLY + 2],
    pv: Box<[[G::Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The game history then the current path (for repetitions).
    path: Vec<PathEntry>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    node_limit: u64,
    hard_ms: f64,
    start_ms: f64,
    draw_limit: u32,
    root_side: usize,
    /// The key of the root position the histories were last aged for: searches of the same
    /// root again (MultiPV's lines, a deeper analysis) keep what the last one learnt.
    aged_for: Option<u64>,
}

/// Progress callbacks get this.
pub type InfoSink<'a, M> = &'a mut dyn FnMut(&Info<M>);

impl<G: SearchGame> Searcher<G> {
    /// A searcher with a `hash_mb` MB table, the default evaluation and options.
    pub fn new(hash_mb: usize) -> Searcher<G> {
        Searcher::with(hash_mb, G::Params::default(), G::default_options())
    }

    /// A searcher with the given evaluation weights and options.
    pub fn with(hash_mb: usize, params: G::Params, options: SearchOptions) -> Searcher<G> {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            game: G::new(params),
            options,
            killers: [[None; 2]; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            history: vec![0; 2 * G::HISTORY_SIZE].into_boxed_slice(),
            continuation: Vec::new(),
            eval_cache: vec![
                0;
                if G::CACHE_EVALUATION {
                    EVAL_CACHE_SIZE
                } else {
                    0
                }
            ]
            .into_boxed_slice(),
            played: [NO_SLOT; MAX_PLY + 2],
            played_flags: [0; MAX_PLY + 2],
            static_evals: [NO_EVAL; MAX_PLY + 2],
            pv: Box::new([[G::Move::PLACEHOLDER; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            path: Vec::with_capacity(512),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            node_limit: u64::MAX,
            hard_ms: f64::INFINITY,
            start_ms: 0.0,
            draw_limit: u32::MAX,
            root_side: 0,
            aged_for: None,
        }
    }

    /// The options in use.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Changes the options (e.g. a level's noise and seed) keeping the tables.
    pub fn set_options(&mut self, options: SearchOptions) {
        self.options = options;
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb);
    }

    /// The game's evaluation.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        self.continuation.fill(0);
        self.eval_cache.fill(0);
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.aged_for = None;
    }

    /// The static evaluation of `pos` for the side to move, with this searcher's noise.
    pub fn evaluate(&self, pos: &G::Position) -> i32 {
        let score = self.game.evaluate(pos);
        if self.options.eval_noise > 0 {
            let span = 2 * self.options.eval_noise as u64 + 1;
            let r = super::levels::mix(G::hash(pos) ^ self.options.seed) % span;
            score + r as i32 - self.options.eval_noise
        } else {
            score
        }
    }

    /// [`Searcher::evaluate`] through a small cache by key: the same position is evaluated
    /// again and again (the null move's and the quiescence's stand pat, transpositions).
    #[inline]
    fn evaluate_cached(&mut self, pos: &G::Position) -> i32 {
        if !G::CACHE_EVALUATION {
            return self.evaluate(pos);
        }
        let key = G::hash(pos);
        let slot = (key as usize) & (EVAL_CACHE_SIZE - 1);
        // The score rides in the key's low bits, which the slot index already matched.
        let stored = self.eval_cache[slot];
        if stored & !EVAL_SCORE_MASK == key & !EVAL_SCORE_MASK && stored & EVAL_SCORE_MASK != 0 {
            return (stored & EVAL_SCORE_MASK) as u32 as i32 - EVAL_SCORE_BIAS;
        }
        let score = self.evaluate(pos);
        let biased = score + EVAL_SCORE_BIAS;
        if (1..=EVAL_SCORE_MASK as i32).contains(&biased) {
            self.eval_cache[slot] = (key & !EVAL_SCORE_MASK) | biased as u64;
        }
        score
    }

    /// The history scores of `side`.
    #[inline(always)]
    fn history_of(&self, side: usize) -> &[i32] {
        &self.history[side * G::HISTORY_SIZE..(side + 1) * G::HISTORY_SIZE]
    }

    /// Where the continuation row of `side` after the move that led to `ply - back` starts,
    /// if there is one.
    #[inline(always)]
    fn continuation_row(&self, side: usize, ply: usize, back: usize) -> Option<usize> {
        if self.continuation.is_empty() || ply < back || !self.continuation_counted(back) {
            return None;
        }
        let slot = self.played[ply + 1 - back];
        (slot != NO_SLOT).then(|| (side * G::HISTORY_SIZE + slot as usize) * G::HISTORY_SIZE)
    }

    /// Whether the row `back` plies before is among the options' continuation rows.
    #[inline(always)]
    fn continuation_counted(&self, back: usize) -> bool {
        CONTINUATION_PLIES[..self
            .options
            .continuation_rows
            .clamp(1, CONTINUATION_PLIES.len())]
            .contains(&(back as u8))
    }

    /// Whether quiet move `m` fared badly after both of the two previous moves (both
    /// continuation scores negative; false where either is unknown).
    fn continuation_says_bad(
        &self,
        pos: &G::Position,
        m: G::Move,
        side: usize,
        ply: usize,
    ) -> bool {
        let slot = G::history_index(pos, m);
        let score = |back| {
            self.continuation_row(side, ply, back)
                .map(|start| self.continuation[start + slot])
        };
        matches!((score(1), score(2)), (Some(a), Some(b)) if a < 0 && b < 0)
    }

    /// The quiescence's ordering hints: the history alone.
    #[inline(always)]
    fn quiescence_hints(&self, side: usize) -> OrderingHints<'_, G::Move> {
        OrderingHints {
            tt_move: None,
            killers: [None; 2],
            history: self.history_of(side),
            continuation: [None; CONTINUATION_PLIES.len()],
            continuation_weight: 0,
        }
    }

    /// The ordering hints of a node at `ply` for `side`.
    #[inline(always)]
    fn hints(
        &self,
        tt_move: Option<G::Move>,
        side: usize,
        ply: usize,
    ) -> OrderingHints<'_, G::Move> {
        let row = |back| {
            self.continuation_row(side, ply, back)
                .map(|start| &self.continuation[start..start + G::HISTORY_SIZE])
        };
        OrderingHints {
            tt_move,
            killers: self.killers[ply],
            history: self.history_of(side),
            continuation: CONTINUATION_PLIES.map(|back| row(back as usize)),
            continuation_weight: self.options.continuation_history,
        }
    }

    /// Searches `request` until a limit, the `stop` flag, or the last iteration; reports each
    /// finished iteration to `on_info`.
    pub fn search(
        &mut self,
        request: &SearchRequest<G>,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: InfoSink<G::Move>,
    ) -> SearchResult<G::Move> {
        let pos = request.position;
        let limits = request.limits;
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        self.start_ms = clock.now_ms();
        self.hard_ms = limits.hard_ms.unwrap_or(f64::INFINITY);
        self.draw_limit = request.draw_limit.unwrap_or(u32::MAX);
        self.game.set_rules(request.rules);
        self.root_side = G::side_to_move(&pos);
        self.path.clear();
        self.path.extend_from_slice(&request.history);
        self.tt.new_search();
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        // Age the histories once per new root so older positions' searches weigh less.
        let root_key = G::hash(&pos);
        let new_root = self.aged_for != Some(root_key);
        self.aged_for = Some(root_key);
        if new_root {
            self.history.iter_mut().for_each(|h| *h /= 8);
        }
        if self.options.continuation_history > 0 {
            let size = 2 * G::HISTORY_SIZE * G::HISTORY_SIZE;
            if self.continuation.len() != size {
                self.continuation = vec![0; size];
            } else if new_root {
                self.continuation.iter_mut().for_each(|h| *h /= 2);
            }
        } else {
            self.continuation = Vec::new();
        }
        self.played = [NO_SLOT; MAX_PLY + 2];
        self.played_flags = [0; MAX_PLY + 2];
        // The noise (options) and the rules may have changed since the last search.
        self.eval_cache.fill(0);

        let mut root: Vec<(G::Move, i32)> = request
            .root_moves
            .iter()
            .filter(|m| G::is_legal(&pos, **m))
            .map(|m| (*m, 0))
            .collect();
        let mut result = SearchResult::just(None);
        let root_verdict = self.game.verdict(&pos);
        if root.is_empty() || root_verdict == Verdict::Loss(0) {
            return result;
        }
        let root_entry = PathEntry {
            key: G::hash(&pos),
            threatened: matches!(root_verdict, Verdict::Threatened { .. }),
        };
        // Initial order: the ordering's view (TT move, noisy moves).
        {
            let hints = OrderingHints {
                tt_move: self.tt_move(&pos, 0),
                killers: [None; 2],
                history: self.history_of(G::side_to_move(&pos)),
                continuation: [None; CONTINUATION_PLIES.len()],
                continuation_weight: 0,
            };
            let mut buffer = MaybeUninit::uninit();
            let order: Vec<G::Move> =
                MovePicker::new(&mut buffer, &self.game, &pos, &hints, Generate::All)
                    .map(|s| s.mv)
                    .collect();
            root.sort_by_key(|(m, _)| order.iter().position(|o| o == m).unwrap_or(usize::MAX));
        }
        result.best_move = Some(root[0].0);
        result.pv = vec![root[0].0];

        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut previous = 0;
        for depth in 1..=max_depth {
            let gentle = self.options.gentle_aspiration;
            let mut delta = self.options.aspiration_delta.max(1);
            let (mut alpha, mut beta) = if self.options.aspiration && depth >= 4 {
                (previous - delta, previous + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            let mut failed_high = 0;
            let score = loop {
                let score = self.search_root(
                    &pos,
                    root_entry,
                    &mut root,
                    (depth as i32 - failed_high).max(1),
                    alpha,
                    beta,
                    clock,
                    stop,
                );
                if self.aborted {
                    break score;
                }
                // The new bound: from the score that failed (Stockfish's) or the old bound.
                let (low, high) = if gentle {
                    (score, score)
                } else {
                    (alpha, beta)
                };
                if score <= alpha && alpha > -INFINITY {
                    if gentle {
                        beta = (alpha + beta) / 2;
                        failed_high = 0;
                    }
                    alpha = (low - delta).max(-INFINITY);
                    if alpha < -WIN_THRESHOLD {
                        alpha = -INFINITY;
                    }
                } else if score >= beta && beta < INFINITY {
                    beta = (high + delta).min(INFINITY);
                    if beta > WIN_THRESHOLD {
                        beta = INFINITY;
                    }
                    failed_high += gentle as i32;
                } else {
                    break score;
                }
                delta = if gentle {
                    delta + delta / 4 + 5
                } else {
                    delta * 4
                };
            };
            if self.aborted {
                // A move that finished searching in this iteration and beat the previous best
                // is at the front of `root` with an exact score; otherwise keep the last result.
                if Some(root[0].0) != result.best_move && self.pv_len[0] > 0 {
                    result.best_move = Some(root[0].0);
                    result.pv = self.pv[0][..self.pv_len[0]].to_vec();
                }
                break;
            }
            previous = score;
            result.best_move = Some(root[0].0);
            result.score = score;
            result.depth = depth;
            result.pv = self.pv[0][..self.pv_len[0]].to_vec();
            result.root_scores = root.clone();
            on_info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                time_ms: clock.now_ms() - self.start_ms,
                pv: result.pv.clone(),
                hashfull: self.tt.hashfull(),
            });
            // A forced result needs no deeper search; neither does a single legal move.
            if score.abs() >= WIN_THRESHOLD && depth as i32 > WIN_SCORE - score.abs() + 1 {
                break;
            }
            if root.len() == 1 && limits.depth.is_none() {
                break;
            }
            if let Some(soft) = limits.soft_ms {
                if clock.now_ms() - self.start_ms >= soft {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The transposition table's move for `pos`, if it has one (not checked for legality).
    #[inline]
    fn tt_move(&self, pos: &G::Position, ply: usize) -> Option<G::Move> {
        self.tt
            .probe(G::hash(pos), ply)
            .map(|e| e.move_code())
            .filter(|code| *code != 0)
            .and_then(G::Move::from_code)
    }

    /// One iteration at the root: searches every root move, keeps `root` sorted best first.
    #[allow(clippy::too_many_arguments)]
    fn search_root(
        &mut self,
        pos: &G::Position,
        entry: PathEntry,
        root: &mut [(G::Move, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> i32 {
        self.pv_len[0] = 0;
        let mut best = -INFINITY;
        let original_alpha = alpha;
        self.nodes += 1;
        self.check_limits(clock, stop);
        if self.aborted {
            return best;
        }
        for i in 0..root.len() {
            let m = root[i].0;
            let child = G::after(pos, m);
            self.played[1] = G::history_index(pos, m) as u32;
            self.path.push(entry);
            let score = if i == 0 {
                -self.negamax(
                    &child,
                    depth - 1,
                    -beta,
                    -alpha,
                    1,
                    NodeKind::Pv,
                    clock,
                    stop,
                )
            } else {
                // Late quiet root moves are searched shallower first, as inside the tree
                // (a ply less, as at any node on the principal variation).
                let mut reduction = 0;
                if self.options.root_reductions && depth >= 3 && i >= 3 {
                    let quiet = self
                        .game
                        .nature(pos, m)
                        .is_some_and(|n| !n.capture && (!n.forcing || self.options.reduce_forcing));
                    if quiet {
                        reduction = (self.late_reduction(depth, i) / 100 - 1).clamp(0, depth - 2);
                    }
                }
                let kind = NodeKind::Pv;
                self.search_late_move(
                    &child,
                    depth - 1,
                    reduction,
                    alpha,
                    beta,
                    1,
                    kind,
                    clock,
                    stop,
                )
                .0
            };
            self.path.pop();
            if self.aborted {
                return best;
            }
            root[i].1 = score;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(0, m);
                    // Move the new best to the front, keeping the others' order.
                    root[..=i].rotate_right(1);
                }
                if score >= beta {
                    break;
                }
            }
        }
        let bound = Bound::of_result(best, original_alpha, beta);
        self.tt
            .store(entry.key, 0, depth, best, bound, root[0].0.code(), NO_EVAL);
        best
    }

    fn update_pv(&mut self, ply: usize, m: G::Move) {
        self.pv[ply][0] = m;
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        for i in 0..child_len.min(MAX_PLY - 1) {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len.min(MAX_PLY - 1) + 1;
    }

    #[inline]
    fn check_limits(&mut self, clock: &dyn Clock, stop: &AtomicBool) {
        if self.nodes >= self.node_limit
            || (self.nodes & 1023 == 0
                && (stop.load(Ordering::Relaxed) || clock.now_ms() - self.start_ms >= self.hard_ms))
        {
            self.aborted = true;
        }
    }

    /// A draw's score for `side` to move: minus the contempt for the side the search plays.
    #[inline]
    fn draw_score(&self, side: usize) -> i32 {
        if side == self.root_side {
            -self.options.contempt
        } else {
            self.options.contempt
        }
    }

    /// The score of `pos` when it repeats a position on the path or in the game history (same
    /// side to move, within the game's reversible window), or when the move limit draws it.
    #[inline]
    fn repetition_or_limit(&self, pos: &G::Position, side: usize, ply: usize) -> Option<i32> {
        let key = G::hash(pos);
        let len = self.path.len();
        let reach = G::reversible_plies(pos).min(len);
        let mut back = 2;
        while back <= reach {
            if self.path[len - back].key == key {
                return Some(match self.game.repetition(pos, &self.path[len - back..]) {
                    Repetition::Draw => self.draw_score(side),
                    Repetition::Win => WIN_SCORE - ply as i32,
                    Repetition::Loss => -WIN_SCORE + ply as i32,
                });
            }
            back += 2;
        }
        if G::draw_count(pos) >= self.draw_limit {
            return Some(self.draw_score(side));
        }
        None
    }
}
