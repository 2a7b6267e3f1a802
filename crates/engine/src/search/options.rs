//! What a search is told: when to stop ([`Limits`]: depth, nodes, time, a clock) and how to
//! search ([`SearchOptions`]: each pruning, reduction and extension a switch, with its depth).

use super::PRUNING_DEPTH;

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
    /// game's exchange evaluation ([`SearchGame::exchange`](crate::SearchGame::exchange)) says loses more than this much per
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
    /// forcing moves ([`Generate::Forcing`](crate::Generate::Forcing)).
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
    /// ([`Generate::Noisy`](crate::Generate::Noisy)'s `checks`; 0: captures and the game's own choice only).
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
    /// continuation): this many hundredths of a ply less at a score of [`HISTORY_MAX`](crate::ordering::HISTORY_MAX), as
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
    pub(super) fn extends_threat_at(&self, depth: i32) -> bool {
        self.threat_extension
            && (self.threat_extension_depth == 0 || depth >= self.threat_extension_depth)
    }

    /// Whether late-move pruning applies at a node with `depth` plies left.
    #[inline(always)]
    pub(super) fn prunes_late_moves_at(&self, depth: i32) -> bool {
        self.late_move_pruning
            && (self.late_move_pruning_depth == 0 || depth <= self.late_move_pruning_depth)
    }

    /// Whether futility applies at a node with `depth` plies left (each move is then judged
    /// by its own depth).
    #[inline(always)]
    pub(super) fn futility_at(&self, depth: i32) -> bool {
        self.futility > 0 && (self.futility_node_depth == 0 || depth <= self.futility_node_depth)
    }
}

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
