//! The search, written once for every game: iterative deepening negamax alpha-beta over any
//! [`SearchGame`].
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
//! Jungle's choices and their measured worth are in `games::jungle`.
//!
//! # What it deliberately does not do
//! - No multi-threading (the browser worker has one thread; matches run games in parallel instead).
//! - No razoring or probcut, no opening book, no endgame tables.

use super::clock::Clock;
use super::game::{Generate, PathEntry, Repetition, SearchGame, SearchMove, Verdict};
use super::ordering::{
    MovePicker, OrderingHints, Scored, CONTINUATION_PLIES, HISTORY_MAX, KILLER, TT_MOVE,
};
use super::tt::{Bound, TranspositionTable, NO_EVAL};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};

/// The score of winning at the root now; a win `n` plies away scores `WIN_SCORE - n`.
pub const WIN_SCORE: i32 = 30000;
/// Scores beyond this are wins or losses by distance.
pub const WIN_THRESHOLD: i32 = WIN_SCORE - 1000;
/// The deepest ply the search goes (quiescence included).
pub const MAX_PLY: usize = 100;
const INFINITY: i32 = WIN_SCORE + 1;
/// The deepest iteration (depth limits above this are capped).
pub const MAX_DEPTH: u32 = 64;

/// When to stop searching. Unset limits do not apply.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// The deepest iteration to finish.
    pub depth: Option<u32>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Do not start a new iteration after this many milliseconds.
    pub soft_ms: Option<f64>,
    /// Stop at once after this many milliseconds.
    pub hard_ms: Option<f64>,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for `ms` milliseconds: all of them (nothing saved is spent later), deepening
    /// until the time runs out; an interrupted iteration still counts a better first move.
    pub fn movetime(ms: f64) -> Limits {
        Limits {
            soft_ms: Some(ms),
            hard_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// The time to spend on a move with `time_ms` left on our clock and `increment_ms` added
    /// per move: about 1/25 of the remaining time plus most of the increment, never more than a
    /// fifth of what is left.
    pub fn clock(time_ms: f64, increment_ms: f64) -> Limits {
        let time = time_ms.max(1.0);
        let target = (time / 25.0 + increment_ms * 0.75).min(time / 5.0).max(1.0);
        Limits {
            soft_ms: Some(target * 0.6),
            hard_ms: Some((target * 2.0).min(time / 3.0).max(1.0)),
            ..Limits::default()
        }
    }
}

impl Limits {
    /// [`Limits::clock`] with shogi's byoyomi: `byoyomi_ms` more for each move, lost if not
    /// used, so a move may take its share of the main time plus nearly all of it (a margin
    /// kept for the answer to arrive).
    pub fn clock_with_byoyomi(time_ms: f64, increment_ms: f64, byoyomi_ms: f64) -> Limits {
        if byoyomi_ms <= 0.0 {
            return Limits::clock(time_ms, increment_ms);
        }
        let time = time_ms.max(0.0);
        let margin = (byoyomi_ms / 4.0).min(100.0);
        let usable = (time + byoyomi_ms - margin).max(1.0);
        let target = (time / 25.0 + increment_ms * 0.75 + byoyomi_ms - margin).min(usable);
        Limits {
            soft_ms: Some(target * 0.6),
            hard_ms: Some((target * 2.0).min(usable)),
            ..Limits::default()
        }
    }
}

/// The search's switches and sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub late_move_reductions: bool,
    /// Late-move reductions growing with ln(depth)·ln(move index) instead of by steps.
    pub log_reductions: bool,
    /// Extend by a ply when the side to move must answer a threat (a check, a den threat).
    pub threat_extension: bool,
    /// Aspiration windows in iterative deepening.
    pub aspiration: bool,
    /// The aspiration window's first half-width.
    pub aspiration_delta: i32,
    /// Stockfish's way with a failed aspiration window: it grows by a quarter (plus 5) rather
    /// than fourfold, a fail-low also pulls beta to the old window's middle, and each fail-high
    /// in a row searches a ply shallower (the score is likely to hold, so a cheaper search
    /// confirms it).
    pub gentle_aspiration: bool,
    /// Random ± this many points added to each evaluation (0: none), seeded by `seed`.
    pub eval_noise: i32,
    /// The seed of the evaluation noise.
    pub seed: u64,
    /// How much worse than 0 a draw is for the side the search plays (so it avoids repeating
    /// in level positions); the opponent's draws score as much better.
    pub contempt: i32,
    /// Reverse futility (static null move): a quiet node within [`PRUNING_DEPTH`] plies of the
    /// horizon whose static score beats beta by this much per ply returns it (0: off).
    pub reverse_futility: i32,
    /// Futility: within [`PRUNING_DEPTH`] plies of the horizon, a quiet move is skipped when
    /// the static score plus this much per ply cannot reach alpha (0: off).
    pub futility: i32,
    /// Late-move pruning: within [`PRUNING_DEPTH`] plies of the horizon, quiet moves after the
    /// first 3 + depth² are skipped.
    pub late_move_pruning: bool,
    /// Late-move pruning only at nodes this many plies or fewer from the horizon (0: wherever
    /// the other pruning applies, which with [`Self::reduced_depth_pruning`] is any depth).
    pub late_move_pruning_depth: i32,
    /// Late-move pruning counts every move tried, captures and checks too, against its limit
    /// (Stockfish's form), instead of the quiet moves only.
    pub late_move_count_all: bool,
    /// Late-move pruning skips quiet checks too once every move tried reaches its limit
    /// (Stockfish's: its move picker skips all quiet moves), instead of searching every one.
    pub late_checks_pruned: bool,
    /// With [`Self::reduced_depth_pruning`], futility still judged by the node's depth.
    pub futility_by_node_depth: bool,
    /// Futility only at nodes this many plies or fewer from the horizon, whatever depth it
    /// judges a move by (0: any node).
    pub futility_node_depth: i32,
    /// With [`Self::reduced_depth_pruning`], exchange pruning still judged by the node's depth.
    pub exchange_by_node_depth: bool,
    /// Futility spares quiet moves whose ordering score (history and continuation) is above
    /// this (Stockfish's guard; `i32::MAX`: none spared).
    pub futility_history_guard: i32,
    /// With [`Self::reduced_depth_pruning`], futility's margin grows by this much for each
    /// ply the late-move reduction takes off (0: the reduced depth's margin only).
    pub futility_reduction_margin: i32,
    /// With [`Self::reduced_depth_pruning`], a quiet move's ordering score moves the depth it
    /// is judged by: this many plies at a full history, more for good moves, fewer for bad
    /// (Stockfish's history in its pruning depth; 0: off).
    pub history_pruning_depth: i32,
    /// When the null move shows the opponent threatens a forced win (a mate), search the node
    /// a ply deeper, unpruned and unreduced.
    pub mate_threat_extension: bool,
    /// Exchange pruning: within [`PRUNING_DEPTH`] plies of the horizon, a quiet move the
    /// game's exchange evaluation ([`SearchGame::exchange`]) says loses more than this much per
    /// ply is skipped (0: off).
    pub exchange_pruning: i32,
    /// The divisor, in hundredths, of ln(depth)·ln(index) in logarithmic reductions (200: /2).
    pub reduction_divisor: i32,
    /// The null move's reduction grows with how far the static score is above beta.
    pub adaptive_null_move: bool,
    /// Internal iterative reduction: a node at 4 plies or more with no move from the
    /// transposition table is searched a ply shallower (its ordering is a guess anyway).
    pub internal_reduction: bool,
    /// The depth (plies left) at and below which reverse futility applies.
    pub reverse_futility_depth: i32,
    /// The depth (plies left) at and below which futility, late-move and exchange pruning
    /// apply.
    pub pruning_depth: i32,
    /// Continuation history: quiet moves are also ordered by how they fared after the move
    /// one ply and two plies before (a table of the game's history slots squared, per side),
    /// with this weight against the history (0: off; 16 makes a full row a quarter of a full
    /// history).
    pub continuation_history: i32,
    /// How many continuation rows order and learn: 2 (the moves one and two plies before),
    /// 3 (and four plies before), 4 (and six), as Stockfish's.
    pub continuation_rows: usize,
    /// Stockfish's history updates besides the cut-offs: a quiet best move that raised alpha
    /// without a cut-off is rewarded too; the opponent's quiet move before a node where every
    /// move failed low earns a continuation bonus, and its early quiet move (first tried, or
    /// the killer) that a cut-off here refutes a penalty.
    pub prior_move_updates: bool,
    /// At a node where futility skips every quiet move, generate only the captures and the
    /// forcing moves ([`Generate::Forcing`]).
    pub forcing_when_futile: bool,
    /// Generate a full-width node's moves in stages (noisy moves, killers, the rest) instead
    /// of all at once: the same order, but most cut-offs come before the quiet moves exist.
    pub staged_generation: bool,
    /// Prune by the table's score instead of the static one where its bound says it is
    /// nearer the truth.
    pub table_eval: bool,
    /// Quiescence reads and writes the transposition table (a stored bound that settles the
    /// node ends it there).
    pub quiescence_table: bool,
    /// In its first this many plies, quiescence asks the game for quiet checks too
    /// ([`Generate::Noisy`]'s `checks`; 0: captures and the game's own choice only).
    pub quiescence_checks: usize,
    /// Quiescence tries at most this many moves that do not check (0: all), as Stockfish's
    /// does (two): after them only checks are searched.
    pub quiescence_move_count: usize,
    /// Quiescence skips an even exchange (a capture whose exchange wins nothing) where the
    /// static score plus this margin cannot reach alpha (0: off; Stockfish's 155).
    pub quiescence_futility: i32,
    /// Late-move pruning keeps half as many quiet moves where the static score is no better
    /// than two plies before (the position is not improving).
    pub improving: bool,
    /// Futility and exchange pruning judge a quiet move by the depth its late-move reduction
    /// would leave rather than the node's, and late-move pruning applies at any depth.
    pub reduced_depth_pruning: bool,
    /// Singular extensions from this depth on (0: off): where the table's move beat beta and
    /// every other move, searched half as deep, falls clearly short of its score, the table's
    /// move is searched a ply deeper; where another move beats beta too, the node is cut.
    pub singular_depth: i32,
    /// Late-move reductions apply to forcing quiet moves (checks) as well.
    pub reduce_forcing: bool,
    /// Late-move reductions at the root too.
    pub root_reductions: bool,
    /// Late-move reductions this many hundredths of a ply larger at expected cut nodes (a
    /// null-window child searched as a late move, or the first child of an expected all
    /// node), where a refutation is likely found early and the rest matter little (0: off).
    pub cut_node_reduction: i32,
    /// Late-move reductions this many hundredths of a ply smaller on the principal variation.
    pub pv_reduction: i32,
    /// Hundredths of a ply added to every late-move reduction in the tree (Stockfish's
    /// formula carries about half a ply, and a ply more off the principal variation while
    /// the root's best move is stable).
    pub reduction_offset: i32,
    /// A quiet move whose reduced search failed high and was searched again at full depth
    /// moves its continuation scores by the result, this many times the squared depth (0:
    /// off; Stockfish's update after its late-move re-search).
    pub research_continuation_bonus: i32,
    /// Late-move reductions a ply larger for quiet moves where the table's move is a
    /// capture (the capture is likely what matters here).
    pub tt_capture_reduction: bool,
    /// ProbCut: from 5 plies left, a capture whose quiescence and a search 4 plies shallower
    /// beat beta by this margin cuts the node (0: off).
    pub probcut: i32,
    /// Late-move reductions of quiet moves scaled by their ordering score (history and
    /// continuation): this many hundredths of a ply less at a score of [`HISTORY_MAX`], as
    /// many more at minus that (0: off).
    pub history_reduction: i32,
    /// The main history's reward for a quiet move that cut off at depth d: this many times
    /// d² (d² at most 400).
    pub history_bonus_scale: i32,
    /// The continuation rows' reward likewise (their range is 1/64 of the main history's).
    pub continuation_bonus_scale: i32,
    /// The first move index (0-based) late-move reductions apply to.
    pub first_reduced: usize,
    /// The null move's reduction: this many plies plus the depth divided by
    /// `null_move_divisor`.
    pub null_move_base: i32,
    /// See `null_move_base`.
    pub null_move_divisor: i32,
    /// The null move is tried only where the static score beats beta by this much less 20
    /// a ply of depth (0: wherever it beats beta).
    pub null_move_margin: i32,
    /// Near the horizon, a quiet move whose continuation scores after both previous moves
    /// are negative is skipped.
    pub continuation_pruning: bool,
    /// Late captures at nodes off the principal variation are reduced too, a ply less than
    /// quiet moves.
    pub reduce_captures: bool,
    /// The threat extension applies only at nodes with at least this many plies left (0:
    /// everywhere), so the checks near the horizon, frequent with drops, do not extend.
    pub threat_extension_depth: i32,
}

impl SearchOptions {
    /// Whether a threatened node (in check) with `depth` plies left is searched a ply deeper.
    #[inline(always)]
    fn extends_threat_at(&self, depth: i32) -> bool {
        self.threat_extension
            && (self.threat_extension_depth == 0 || depth >= self.threat_extension_depth)
    }

    /// Whether late-move pruning applies at a node with `depth` plies left.
    #[inline(always)]
    fn prunes_late_moves_at(&self, depth: i32) -> bool {
        self.late_move_pruning
            && (self.late_move_pruning_depth == 0 || depth <= self.late_move_pruning_depth)
    }

    /// Whether futility applies at a node with `depth` plies left (each move is then judged
    /// by its own depth).
    #[inline(always)]
    fn futility_at(&self, depth: i32) -> bool {
        self.futility > 0 && (self.futility_node_depth == 0 || depth <= self.futility_node_depth)
    }
}

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

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            null_move: true,
            late_move_reductions: true,
            log_reductions: false,
            threat_extension: true,
            aspiration: true,
            aspiration_delta: 40,
            gentle_aspiration: false,
            eval_noise: 0,
            seed: 0,
            contempt: 0,
            reverse_futility: 0,
            futility: 0,
            late_move_pruning: false,
            late_move_pruning_depth: 0,
            late_move_count_all: false,
            late_checks_pruned: false,
            futility_by_node_depth: false,
            futility_node_depth: 0,
            exchange_by_node_depth: false,
            futility_history_guard: i32::MAX,
            futility_reduction_margin: 0,
            history_pruning_depth: 0,
            mate_threat_extension: false,
            exchange_pruning: 0,
            reduction_divisor: 200,
            adaptive_null_move: false,
            internal_reduction: false,
            reverse_futility_depth: PRUNING_DEPTH,
            pruning_depth: PRUNING_DEPTH,
            forcing_when_futile: false,
            staged_generation: false,
            table_eval: false,
            continuation_history: 0,
            continuation_rows: 2,
            prior_move_updates: false,
            quiescence_table: false,
            quiescence_checks: 0,
            quiescence_move_count: 0,
            quiescence_futility: 0,
            improving: false,
            reduced_depth_pruning: false,
            singular_depth: 0,
            reduce_forcing: false,
            root_reductions: false,
            cut_node_reduction: 0,
            pv_reduction: 100,
            reduction_offset: 0,
            research_continuation_bonus: 0,
            tt_capture_reduction: false,
            probcut: 0,
            history_reduction: 0,
            history_bonus_scale: 32,
            continuation_bonus_scale: 16,
            first_reduced: 3,
            null_move_base: 2,
            null_move_divisor: 4,
            threat_extension_depth: 0,
            null_move_margin: 0,
            continuation_pruning: false,
            reduce_captures: false,
        }
    }
}

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

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &G::Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        node: NodeKind,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> i32 {
        let is_pv = node.is_pv();
        self.pv_len[ply] = 0;
        let threatened = match self.game.verdict(pos) {
            Verdict::Win(plies) => return WIN_SCORE - ply as i32 - plies,
            Verdict::Loss(plies) => return -WIN_SCORE + ply as i32 + plies,
            Verdict::Threatened { .. } => true,
            Verdict::Open => false,
        };
        let us = G::side_to_move(pos);
        if let Some(score) = self.repetition_or_limit(pos, us, ply) {
            return score;
        }
        if threatened && self.options.extends_threat_at(depth) {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 8 {
            return self.quiescence(pos, alpha, beta, ply, 0, clock, stop);
        }
        self.nodes += 1;
        self.check_limits(clock, stop);
        if self.aborted {
            return 0;
        }
        // Distance pruning: nothing here beats a win already found nearer the root.
        alpha = alpha.max(-WIN_SCORE + ply as i32);
        beta = beta.min(WIN_SCORE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = G::hash(pos);
        let entry = self.tt.probe(key, ply);
        let tt_move = entry
            .map(|e| e.move_code())
            .filter(|code| *code != 0)
            .and_then(G::Move::from_code)
            .filter(|m| G::is_legal(pos, *m));
        let excluded = self.excluded[ply];
        if let Some(e) = entry.filter(|_| excluded.is_none()) {
            if !is_pv && e.depth() >= depth {
                if let Some(s) = e.cutoff(alpha, beta) {
                    return s;
                }
            }
        }
        if !threatened {
            if let Some((mate, plies)) = self.game.mate_check(pos, depth) {
                let score = WIN_SCORE - ply as i32 - plies;
                if excluded.is_none() {
                    // The shortest mate the check knows is exact at any depth: a later visit
                    // cuts at the probe instead of checking again.
                    let code = mate.code();
                    self.tt
                        .store(key, ply, MAX_PLY as i32, score, Bound::Exact, code, NO_EVAL);
                }
                return score;
            }
        }
        let here = PathEntry { key, threatened };
        let options = self.options;
        // Pruning by the reduced depth reaches nodes of any depth; otherwise only the last
        // few plies.
        let mut prunable = !is_pv
            && !threatened
            && (options.reduced_depth_pruning || depth <= options.pruning_depth);
        let reverse_futile = !is_pv
            && !threatened
            && excluded.is_none()
            && options.reverse_futility > 0
            && depth <= options.reverse_futility_depth;
        let mut mate_threat = false;
        let wants_eval = (options.null_move && !is_pv && depth >= 3 && !threatened)
            || reverse_futile
            || (prunable && options.futility > 0)
            || (options.improving && !threatened)
            || (options.probcut > 0 && !is_pv && !threatened);
        let stored_eval = entry.map_or(NO_EVAL, |e| e.eval());
        let static_eval = if !wants_eval {
            0
        } else if stored_eval != NO_EVAL {
            stored_eval
        } else {
            self.evaluate_cached(pos)
        };
        self.static_evals[ply] = if wants_eval && !threatened {
            static_eval
        } else {
            NO_EVAL
        };
        // Improving: better than at our last turn (or the one before, if that was a check).
        let improving = !options.improving
            || threatened
            || match (ply.checked_sub(2), ply.checked_sub(4)) {
                (Some(two), _) if self.static_evals[two] != NO_EVAL => {
                    static_eval > self.static_evals[two]
                }
                (_, Some(four)) if self.static_evals[four] != NO_EVAL => {
                    static_eval > self.static_evals[four]
                }
                _ => true,
            };

        // The table's score, where its bound says the truth lies beyond the static score in
        // its direction, judges the pruning below better (Stockfish's); the improving test
        // above keeps to the static scores.
        let static_eval = match entry {
            Some(e)
                if options.table_eval
                    && wants_eval
                    && !threatened
                    && excluded.is_none()
                    && e.score().abs() < WIN_THRESHOLD
                    && match e.bound() {
                        Bound::Exact => true,
                        Bound::Lower => e.score() > static_eval,
                        Bound::Upper => e.score() < static_eval,
                        Bound::None => false,
                    } =>
            {
                e.score()
            }
            _ => static_eval,
        };

        // Reverse futility: so far above beta that one quiet ply will not bring it down.
        if reverse_futile
            && beta.abs() < WIN_THRESHOLD
            && static_eval - options.reverse_futility * depth >= beta
        {
            return static_eval;
        }

        // Null move: if passing still beats beta, a real move will too. Not when the side to
        // move is threatened (passing would lose) nor where the game fears zugzwang.
        if options.null_move
            && !is_pv
            && depth >= 3
            && !threatened
            && excluded.is_none()
            && beta.abs() < WIN_THRESHOLD
            && G::null_move_allowed(pos)
            && static_eval >= beta
            && (options.null_move_margin == 0
                || static_eval >= beta + options.null_move_margin - 20 * depth)
        {
            let mut reduction = options.null_move_base + depth / options.null_move_divisor.max(1);
            if options.adaptive_null_move {
                reduction = 3 + depth / 3 + ((static_eval - beta) / 200).min(3);
            }
            let reduction = reduction.min(depth - 1);
            let null = G::passed(pos);
            self.played[ply + 1] = NO_SLOT;
            self.played_flags[ply + 1] = 0;
            self.path.push(here);
            let (null_depth, child_node) = (depth - 1 - reduction, node.opposite());
            let score = -self.negamax(
                &null,
                null_depth,
                -beta,
                -beta + 1,
                ply + 1,
                child_node,
                clock,
                stop,
            );
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score >= WIN_THRESHOLD { beta } else { score };
            }
            if options.mate_threat_extension && score <= -WIN_THRESHOLD {
                // Passing loses by force: the opponent threatens mate. Look a ply deeper and
                // neither prune nor reduce here.
                mate_threat = true;
                prunable = false;
                depth += 1;
            }
        }

        // ProbCut: a good capture that beats beta by a margin in a shallower search will beat
        // it in the full one.
        if options.probcut > 0
            && !is_pv
            && !threatened
            && excluded.is_none()
            && depth >= 5
            && beta.abs() < WIN_THRESHOLD
            && !entry.is_some_and(|e| {
                e.depth() >= depth - 3
                    && e.score() < beta + options.probcut
                    && e.bound() != Bound::Lower
            })
        {
            if let Some(score) =
                self.probcut(pos, here, depth, beta, static_eval, ply, node, clock, stop)
            {
                return score;
            }
            if self.aborted {
                return 0;
            }
        }

        // Internal iterative reduction: without a stored move the ordering is a guess; a
        // shallower search now fills the table for the deeper one to come.
        if options.internal_reduction && tt_move.is_none() && depth >= 4 {
            depth -= 1;
        }
        // Singular extension: is the table's move the only good one here?
        let mut singular = false;
        if options.singular_depth > 0
            && depth >= options.singular_depth
            && excluded.is_none()
            && !threatened
        {
            if let (Some(m), Some(e)) = (tt_move, entry) {
                if e.depth() >= depth - 3
                    && matches!(e.bound(), Bound::Lower | Bound::Exact)
                    && e.score().abs() < WIN_THRESHOLD
                {
                    let singular_beta = e.score() - 2 * depth;
                    self.excluded[ply] = Some(m);
                    let (test_depth, window) = ((depth - 1) / 2, singular_beta - 1);
                    let value = self.negamax(
                        pos,
                        test_depth,
                        window,
                        singular_beta,
                        ply,
                        node.narrowed(),
                        clock,
                        stop,
                    );
                    self.excluded[ply] = None;
                    if self.aborted {
                        return 0;
                    }
                    if value < singular_beta {
                        singular = true;
                    } else if singular_beta >= beta {
                        // Another move beats beta as well: cut without searching either.
                        return singular_beta;
                    }
                }
            }
        }
        // The table's move first, before the others are generated, where the game can tell
        // its nature alone: a cut-off there spares the generation.
        let early = tt_move.and_then(|m| {
            self.game.nature(pos, m).map(|nature| Scored {
                mv: m,
                score: TT_MOVE,
                capture: nature.capture,
                forcing: nature.forcing,
            })
        });
        // Where futility will skip every quiet move, only the others need generating.
        let futile = prunable
            && depth <= options.pruning_depth
            && options.futility > 0
            && options.forcing_when_futile
            && static_eval + options.futility * depth <= alpha;
        let mut kind = if futile {
            Generate::Forcing
        } else {
            Generate::All
        };
        let mut buffer = MaybeUninit::uninit();
        let mut picker = MovePicker::deferred::<G>(&mut buffer);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut best_quiet = false;
        let mut quiets_tried: [Option<G::Move>; 48] = [None; 48];
        let mut quiet_count = 0;
        self.path.push(here);
        let late_quiets = ((3 + depth * depth) / if improving { 1 } else { 2 }) as usize;
        for index in 0.. {
            let scored = match (index, early) {
                (0, Some(first)) => first,
                _ => {
                    let first = early.map(|first| first.mv);
                    if !picker.generated() {
                        let hints = self.hints(tt_move, us, ply);
                        // Staged where the table's move, if any, has been tried already.
                        if options.staged_generation && kind == Generate::All && first == tt_move {
                            picker.generate_staged(&self.game, pos, &hints, first);
                        } else {
                            picker.generate(&self.game, pos, &hints, kind, first);
                        }
                    }
                    let mut next = picker.next();
                    while next.is_none() && picker.has_pending() {
                        let hints = self.hints(tt_move, us, ply);
                        picker.advance(&self.game, pos, &hints, first);
                        next = picker.next();
                    }
                    if next.is_none() && kind == Generate::Forcing && best <= -WIN_THRESHOLD {
                        // Nothing forcing, or all of it loses: the quiet moves after all (the
                        // forcing ones come again, rarely).
                        kind = Generate::All;
                        let hints = self.hints(tt_move, us, ply);
                        picker.generate(&self.game, pos, &hints, kind, first);
                        next = picker.next();
                    }
                    match next {
                        Some(scored) => scored,
                        None if index == 0 => {
                            // No legal move: lost (shogi's stalemate loses too).
                            self.path.pop();
                            return -WIN_SCORE + ply as i32;
                        }
                        None => break,
                    }
                }
            };
            let m = scored.mv;
            if Some(m) == excluded {
                continue;
            }
            let quiet = !scored.capture;
            // With an exchange evaluation, a check that loses the checking piece is not
            // forcing: pruned and reduced like a quiet move, and not extended (the child's
            // extension is taken back here).
            // The move's exchange, once worked out (the check test and the pruning both ask).
            let mut exchange = None;
            let losing_check = scored.forcing
                && quiet
                && options.exchange_pruning > 0
                && *exchange.get_or_insert_with(|| self.game.exchange(pos, m)) < 0;
            let forcing = scored.forcing && !losing_check;
            // The child, searched at depth - 2, would extend it back to depth - 1.
            let takes_back = losing_check && options.extends_threat_at(depth - 2);
            let new_depth = depth - 1 - takes_back as i32 + (singular && Some(m) == tt_move) as i32;
            // The move's late-move reduction in hundredths, once worked out (pruning and reducing
            // both ask).
            let mut base_reduction = None;
            // Late-move pruning once a move has kept us from losing: quiet moves past the
            // count, and late quiet checks with them where asked (Stockfish skips every quiet
            // move past its count; checks are counted over every move tried).
            if prunable
                && quiet
                && (!forcing || options.late_checks_pruned)
                && best > -WIN_THRESHOLD
                && options.prunes_late_moves_at(depth)
            {
                let counted = if forcing || options.late_move_count_all {
                    index
                } else {
                    quiet_count
                };
                if counted >= late_quiets {
                    continue;
                }
            }
            // The other shallow pruning of quiet moves.
            if prunable && quiet && !forcing && best > -WIN_THRESHOLD {
                // The depth this move would be searched to, or the node's, and the plies its
                // reduction takes off.
                let (judged, reduced_by) = if options.reduced_depth_pruning {
                    let r = *base_reduction
                        .get_or_insert_with(|| self.late_reduction(depth, index))
                        / 100;
                    let by_history = if options.history_pruning_depth != 0 && scored.score < KILLER
                    {
                        (scored.score as i64 * options.history_pruning_depth as i64
                            / HISTORY_MAX as i64) as i32
                    } else {
                        0
                    };
                    ((new_depth - r + by_history).max(1), r.max(0))
                } else {
                    (depth, 0)
                };
                let futility_judged = if options.futility_by_node_depth {
                    depth
                } else {
                    judged
                };
                let exchange_judged = if options.exchange_by_node_depth {
                    depth
                } else {
                    judged
                };
                if judged <= options.pruning_depth
                    && options.continuation_pruning
                    && self.continuation_says_bad(pos, m, us, ply)
                {
                    continue;
                }
                if futility_judged <= options.pruning_depth
                    && options.futility_at(depth)
                    && static_eval
                        + options.futility * futility_judged
                        + options.futility_reduction_margin * reduced_by
                        <= alpha
                    && scored.score <= options.futility_history_guard
                {
                    continue;
                }
                if exchange_judged <= options.pruning_depth
                    && options.exchange_pruning > 0
                    && *exchange.get_or_insert_with(|| self.game.exchange(pos, m))
                        < -options.exchange_pruning * exchange_judged
                {
                    continue;
                }
            }
            let child = G::after(pos, m);
            self.played[ply + 1] = G::history_index(pos, m) as u32;
            self.played_flags[ply + 1] = if quiet {
                let early = index == 0 || self.killers[ply][0] == Some(m);
                PLAYED_QUIET | if early { PLAYED_EARLY } else { 0 }
            } else {
                0
            };
            let score;
            if index == 0 {
                let child_node = node.first_child();
                score = -self.negamax(
                    &child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    child_node,
                    clock,
                    stop,
                );
            } else {
                // Late quiet moves (and with `reduce_captures`, late captures off the PV) are
                // searched shallower first.
                let mut reduction = 0;
                let reducible_capture = !quiet && options.reduce_captures && !is_pv;
                if self.options.late_move_reductions
                    && depth >= 3
                    && index >= options.first_reduced
                    && (quiet || reducible_capture)
                    && (!forcing || options.reduce_forcing)
                    && !threatened
                    && !mate_threat
                {
                    // Worked out in hundredths of a ply, rounded down at the end.
                    let base = base_reduction.unwrap_or_else(|| self.late_reduction(depth, index));
                    let mut hundredths = base + options.reduction_offset;
                    if is_pv {
                        hundredths -= options.pv_reduction;
                    }
                    if node == NodeKind::Cut {
                        hundredths += options.cut_node_reduction;
                    }
                    if options.tt_capture_reduction && early.is_some_and(|first| first.capture) {
                        hundredths += 100;
                    }
                    if !quiet {
                        hundredths -=
                            100 + options.cut_node_reduction * (node == NodeKind::Cut) as i32;
                    }
                    if options.history_reduction != 0 && quiet && scored.score < KILLER {
                        hundredths -= (scored.score as i64 * options.history_reduction as i64
                            / HISTORY_MAX as i64) as i32;
                    }
                    reduction = hundredths.div_euclid(100).min(new_depth - 1).max(0);
                }
                let next = ply + 1;
                let researched;
                (score, researched) = self.search_late_move(
                    &child, new_depth, reduction, alpha, beta, next, node, clock, stop,
                );
                if researched && quiet && options.research_continuation_bonus > 0 {
                    let bonus = history_bonus(new_depth, options.research_continuation_bonus);
                    let them = 1 - us;
                    self.reward_prior_move(them, next, if score > alpha { bonus } else { -bonus });
                }
            }
            if self.aborted {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    best_quiet = quiet;
                    if is_pv {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(pos, us, ply, m, depth, &quiets_tried[..quiet_count]);
                        }
                        if options.prior_move_updates
                            && self.played_flags[ply] == PLAYED_QUIET | PLAYED_EARLY
                        {
                            let malus = -history_bonus(depth, options.continuation_bonus_scale);
                            self.reward_prior_move(us, ply, malus);
                        }
                        break;
                    }
                }
            }
            if quiet && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = Some(m);
                quiet_count += 1;
            }
        }
        self.path.pop();
        if excluded.is_some() {
            // A search without one of the moves says nothing the table should keep.
            return best;
        }
        if options.prior_move_updates {
            match best_move {
                Some(m) if best_quiet && best < beta => {
                    // The best move is rewarded, not penalised with the others tried.
                    let tried = &mut quiets_tried[..quiet_count];
                    if let Some(best_slot) = tried.iter_mut().find(|q| **q == Some(m)) {
                        *best_slot = None;
                    }
                    self.reward_quiet(pos, us, ply, m, depth, &quiets_tried[..quiet_count]);
                }
                None if (depth >= 3 || is_pv) && self.played_flags[ply] & PLAYED_QUIET != 0 => {
                    let bonus = history_bonus(depth, options.continuation_bonus_scale);
                    self.reward_prior_move(us, ply, bonus);
                }
                _ => {}
            }
        }
        let bound = Bound::of_result(best, original_alpha, beta);
        self.tt.store(
            key,
            ply,
            depth,
            best,
            bound,
            best_move.map_or(0, G::Move::code),
            self.static_evals[ply],
        );
        best
    }

    /// A move after a node's first, searched the PVS way: with a null window at `depth` less
    /// `reduction` (expected to fail high: the node below a late move usually refutes it),
    /// again at `depth` when the reduced search failed high, and with the full window when the
    /// move may be the new best of a PV node. The score is from the node's side (`node` is the
    /// node's kind, `ply` the child's), with whether a reduced search failed high and the move
    /// was searched again at full depth.
    #[allow(clippy::too_many_arguments)]
    fn search_late_move(
        &mut self,
        child: &G::Position,
        depth: i32,
        reduction: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        node: NodeKind,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> (i32, bool) {
        let (null_alpha, null_beta) = (-alpha - 1, -alpha);
        let reduced = depth - reduction;
        let cut = NodeKind::Cut;
        let mut score = -self.negamax(child, reduced, null_alpha, null_beta, ply, cut, clock, stop);
        let researched = reduction > 0 && score > alpha && !self.aborted;
        if researched {
            let kind = node.opposite();
            score = -self.negamax(child, depth, null_alpha, null_beta, ply, kind, clock, stop);
        }
        if node.is_pv() && score > alpha && score < beta && !self.aborted {
            let pv = NodeKind::Pv;
            score = -self.negamax(child, depth, -beta, -alpha, ply, pv, clock, stop);
        }
        (score, researched && !self.aborted)
    }

    /// ProbCut's trial of the captures whose exchange wins enough: the score of one that beats
    /// beta by the margin in quiescence and then in a search 4 plies shallower, if any.
    /// Apart from [`Searcher::negamax`] so its move buffer is on the stack only while it runs.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        pos: &G::Position,
        here: PathEntry,
        depth: i32,
        beta: i32,
        static_eval: i32,
        ply: usize,
        node: NodeKind,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> Option<i32> {
        let raised = beta + self.options.probcut;
        let side = G::side_to_move(pos);
        let mut buffer = MaybeUninit::uninit();
        let mut picker = MovePicker::deferred::<G>(&mut buffer);
        picker.generate(
            &self.game,
            pos,
            &self.quiescence_hints(side),
            Generate::Noisy {
                qply: 0,
                checks: false,
            },
            None,
        );
        for scored in picker {
            let m = scored.mv;
            if !scored.capture || self.game.exchange(pos, m) < raised - static_eval {
                continue;
            }
            let child = G::after(pos, m);
            self.played[ply + 1] = G::history_index(pos, m) as u32;
            self.played_flags[ply + 1] = 0;
            self.path.push(here);
            let mut score = -self.quiescence(&child, -raised, -raised + 1, ply + 1, 0, clock, stop);
            if score >= raised && !self.aborted {
                let (child_depth, child_node) = (depth - 4, node.opposite());
                score = -self.negamax(
                    &child,
                    child_depth,
                    -raised,
                    -raised + 1,
                    ply + 1,
                    child_node,
                    clock,
                    stop,
                );
            }
            self.path.pop();
            if self.aborted {
                return None;
            }
            if score >= raised {
                self.tt.store(
                    here.key,
                    ply,
                    depth - 3,
                    score,
                    Bound::Lower,
                    m.code(),
                    self.static_evals[ply],
                );
                return Some(score);
            }
        }
        None
    }

    /// The late-move reduction of the `index`th move at `depth`, before the node's
    /// adjustments, in hundredths of a ply.
    #[inline(always)]
    fn late_reduction(&self, depth: i32, index: usize) -> i32 {
        if self.options.log_reductions {
            // ln(depth)·ln(index)/divisor, the shape chess engines use.
            let d = (depth as f32).ln() * (index.max(1) as f32).ln() * 10_000.0
                / self.options.reduction_divisor.max(1) as f32;
            d as i32
        } else {
            100 * (1 + (index >= 8) as i32 + (depth >= 8 && index >= 16) as i32)
        }
    }

    fn reward_quiet(
        &mut self,
        pos: &G::Position,
        side: usize,
        ply: usize,
        m: G::Move,
        depth: i32,
        tried: &[Option<G::Move>],
    ) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let bonus = history_bonus(depth, self.options.history_bonus_scale);
        let table = &mut self.history[side * G::HISTORY_SIZE..(side + 1) * G::HISTORY_SIZE];
        let mut update = |index: usize, delta: i32| {
            table[index] = gravity(table[index], delta, HISTORY_MAX);
        };
        update(G::history_index(pos, m), bonus);
        for q in tried.iter().flatten() {
            update(G::history_index(pos, *q), -bonus);
        }
        let bonus = history_bonus(depth, self.options.continuation_bonus_scale);
        for back in CONTINUATION_PLIES {
            let Some(start) = self.continuation_row(side, ply, back as usize) else {
                continue;
            };
            let row = &mut self.continuation[start..start + G::HISTORY_SIZE];
            let mut update = |index: usize, delta: i32| {
                row[index] = gravity(row[index] as i32, delta, CONTINUATION_MAX) as i16;
            };
            update(G::history_index(pos, m), bonus);
            for q in tried.iter().flatten() {
                update(G::history_index(pos, *q), -bonus);
            }
        }
    }

    /// Moves the continuation scores of the quiet move that led to `ply` (the opponent's of
    /// `side`) by `delta`, in the rows of its own node.
    fn reward_prior_move(&mut self, side: usize, ply: usize, delta: i32) {
        if ply == 0 || self.played[ply] == NO_SLOT {
            return;
        }
        let slot = self.played[ply] as usize;
        let parent_side = 1 - side;
        for back in CONTINUATION_PLIES {
            if let Some(start) = self.continuation_row(parent_side, ply - 1, back as usize) {
                let score = &mut self.continuation[start + slot];
                *score = gravity(*score as i32, delta, CONTINUATION_MAX) as i16;
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn quiescence(
        &mut self,
        pos: &G::Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_limits(clock, stop);
        if self.aborted {
            return 0;
        }
        let lost_if_unanswered = match self.game.verdict(pos) {
            Verdict::Win(plies) => return WIN_SCORE - ply as i32 - plies,
            Verdict::Loss(plies) => return -WIN_SCORE + ply as i32 + plies,
            Verdict::Threatened { lost_in } => Some(lost_in),
            Verdict::Open => None,
        };
        if lost_if_unanswered.is_none() {
            if let Some((_, plies)) = self.game.mate_check(pos, -(qply as i32)) {
                return WIN_SCORE - ply as i32 - plies;
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate_cached(pos);
        }
        let key = G::hash(pos);
        let mut stored_eval = NO_EVAL;
        let checks = qply < self.options.quiescence_checks;
        if self.options.quiescence_table {
            if let Some(e) = self.tt.probe(key, ply) {
                // A result without the quiet checks does not settle a node that searches them.
                if e.depth() >= quiescence_depth(checks) {
                    if let Some(s) = e.cutoff(alpha, beta) {
                        return s;
                    }
                }
                stored_eval = e.eval();
            }
        }
        let original_alpha = alpha;
        let side = G::side_to_move(pos);
        // In check (or facing a mate the game sees), only an evasion saves the game: no
        // standing pat, and every evasion is searched. Otherwise the score stands pat and
        // the noisy moves may lift it.
        let (stand_pat, mut best, generate) = match lost_if_unanswered {
            Some(lost_in) => (
                NO_EVAL,
                -WIN_SCORE + ply as i32 + lost_in,
                Generate::Evasions,
            ),
            None => {
                let stand_pat = if stored_eval != NO_EVAL {
                    stored_eval
                } else {
                    self.evaluate_cached(pos)
                };
                if stand_pat >= beta {
                    self.store_quiescence(
                        key,
                        ply,
                        checks,
                        stand_pat,
                        original_alpha,
                        beta,
                        stand_pat,
                    );
                    return stand_pat;
                }
                alpha = alpha.max(stand_pat);
                (stand_pat, stand_pat, Generate::Noisy { qply, checks })
            }
        };
        let evading = lost_if_unanswered.is_some();
        let mut buffer = MaybeUninit::uninit();
        let hints = self.quiescence_hints(side);
        let picker = MovePicker::new(&mut buffer, &self.game, pos, &hints, generate);
        let (move_limit, futility_margin) = (
            self.options.quiescence_move_count,
            self.options.quiescence_futility,
        );
        let mut tried = 0;
        for scored in picker {
            if !evading {
                // Delta pruning: a move that cannot lift the score to alpha is skipped.
                if let Some(gain) = self.game.max_gain(pos, scored.mv) {
                    if stand_pat + gain < alpha {
                        continue;
                    }
                }
                // Past the first few, and where the exchange wins nothing and the score is
                // far below alpha, only checks go on (quiescence asks the game whether a
                // capture checks only here, where it is about to skip one).
                let limited = move_limit > 0 && tried >= move_limit;
                let even_and_futile = futility_margin > 0
                    && scored.capture
                    && stand_pat + futility_margin <= alpha
                    && self.game.exchange(pos, scored.mv) <= 0;
                if (limited || even_and_futile)
                    && !scored.forcing
                    && !self.game.nature(pos, scored.mv).is_some_and(|n| n.forcing)
                {
                    continue;
                }
                tried += 1;
            }
            let score = -self.quiescence(
                &G::after(pos, scored.mv),
                -beta,
                -alpha,
                ply + 1,
                qply + 1,
                clock,
                stop,
            );
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.store_quiescence(key, ply, checks, best, original_alpha, beta, stand_pat);
        best
    }

    /// Keeps a quiescence result in the table (below every full-width search; `checks`: the
    /// node searched the quiet checks), when quiescence uses it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn store_quiescence(
        &mut self,
        key: u64,
        ply: usize,
        checks: bool,
        best: i32,
        alpha: i32,
        beta: i32,
        eval: i32,
    ) {
        if !self.options.quiescence_table {
            return;
        }
        self.tt.store(
            key,
            ply,
            quiescence_depth(checks),
            best,
            Bound::of_result(best, alpha, beta),
            0,
            eval,
        );
    }
}
