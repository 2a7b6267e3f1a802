//! The search: iterative deepening negamax alpha-beta.
//!
//! # Policy
//! What the engine does:
//! - **Iterative deepening** with **aspiration windows** (from depth 4, ±40 widening ×4) and
//!   **principal variation search** (null windows after the first move, re-search on a fail-high).
//! - A **transposition table** (two-slot buckets; win scores stored relative to the node) whose
//!   move is tried first; then captures MVV/LVA, den threats, killers, history ([`super::ordering`]).
//! - **Den logic exact at every node**: a side with an animal on an enemy den trap wins next move
//!   (scored at once, no search); a side facing two such animals it cannot capture loses; one
//!   threat extends the search by a ply (like a check extension: the few replies that capture the
//!   intruder are all that matter, the rest are refuted at once).
//! - **Quiescence** over captures and, in its first two plies, moves onto the enemy den's traps
//!   (den threats), with exact threat evasion (only captures of the intruder) instead of standing pat.
//! - **Win/loss by distance**: `WIN_SCORE - plies`, reported as `den n` (moves to the den).
//! - **Draws from the real game**: the hashes of the game's positions since the last capture are
//!   passed in; any repetition of a position on the path or in that history scores 0 (the first
//!   repetition already, as chess engines do: a line that can repeat can be repeated to a draw),
//!   and so does the no-capture limit of the ruleset.
//! - **Late-move reductions** (quiet, non-threat moves from the 4th on, by 1–3 plies): on, the
//!   clearest gain measured: +53 ± 35 Elo (100 games at 50k nodes a move), +12 ± 24 (400 games
//!   at 5k). A ln(depth)·ln(index) formula (`log_reductions`, `loglmr=1`): the step formula
//!   scored −15 ± 21 against it (300 games at 30k) but +10 ± 16 (1000 at 5k): not shown
//!   better, so off.
//! - **Null-move pruning** (R = 2 + depth/4, not when facing a den threat nor with fewer than three
//!   animals) and the **den-threat extension**: each a small gain in every match, none
//!   significant alone. Null move: +3 ± 37 (100 games at 50k nodes), +3 ± 22 (300 at 30k),
//!   +6 ± 25 (400 at 5k), +10 ± 16 (1000 at 5k); extension: +6 ± 22 (300 at 30k), +10 ± 24
//!   (400 at 5k), +9 ± 15 (1000 at 5k). Kept on; pooled, each is worth roughly +7 ± 11 Elo.
//! - All three together at equal time (100 ms a move): +24 ± 33 against the same engine without
//!   them (100 games). Switch them off in matches with `nmp=0 lmr=0 ext=0`.
//! - **Contempt** (a draw scores below 0 for the side searching): 0 by default. Contempt 40 vs
//!   0: +10 ± 42 (100 games at 100k nodes); 30 vs 0: +7 ± 25 (300 at 30k) — not shown better.
//!
//! What it deliberately does not do:
//! - No repetition-prohibition rule inside the tree: the root moves are filtered by
//!   `Game::legal_moves` (so the engine never plays a prohibited move), but deeper plies ignore
//!   the variant — tracking same-animal runs per node would cost more than the rare case gains.
//! - No special case for `threefold=off`: a repetition still scores as a draw in the tree (a
//!   side that can only repeat makes no progress either way), while the game itself goes on.
//! - No multi-threading (the browser worker has one thread; matches run games in parallel instead).
//! - No futility/razoring/singular extensions, no opening book, no endgame tables.

use super::clock::Clock;
use super::eval::{EvalParams, Evaluator};
use super::ordering::{MovePicker, OrderingHints, HISTORY_MAX};
use super::tt::{Bound, TranspositionTable};
use crate::jungle::bitboard::TRAPS;
use crate::jungle::{Game, Move, MoveList, Position};
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

    /// Search for `ms` milliseconds.
    pub fn movetime(ms: f64) -> Limits {
        Limits {
            soft_ms: Some(ms * 0.6),
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

/// The search's switches and sizes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOptions {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub late_move_reductions: bool,
    /// Late-move reductions growing with ln(depth)·ln(move index) instead of by steps.
    pub log_reductions: bool,
    /// Extend by a ply when the side to move must answer a den threat.
    pub threat_extension: bool,
    /// Aspiration windows in iterative deepening.
    pub aspiration: bool,
    /// Random ± this many points added to each evaluation (0: none), seeded by `seed`.
    pub eval_noise: i32,
    /// The seed of the evaluation noise.
    pub seed: u64,
    /// How much worse than 0 a draw is for the side the search plays (so it avoids repeating
    /// in level positions); the opponent's draws score as much better.
    pub contempt: i32,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            null_move: true,
            late_move_reductions: true,
            log_reductions: false,
            threat_extension: true,
            aspiration: true,
            eval_noise: 0,
            seed: 0,
            contempt: 0,
        }
    }
}

/// A score for players: points, or a den entry in some moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Points for the side to move (a rat is about 400).
    Points(i32),
    /// The side to move enters the den (wins) in this many of its moves; negative: it loses in
    /// that many of the opponent's moves.
    Den(i32),
}

impl Score {
    /// The player's form of a raw search score.
    pub fn from_raw(raw: i32) -> Score {
        if raw >= WIN_THRESHOLD {
            Score::Den((WIN_SCORE - raw + 1) / 2)
        } else if raw <= -WIN_THRESHOLD {
            Score::Den(-(WIN_SCORE + raw) / 2)
        } else {
            Score::Points(raw)
        }
    }

    /// UCI text: `cp 35` or `den 3`.
    pub fn uci(self) -> String {
        match self {
            Score::Points(p) => format!("cp {p}"),
            Score::Den(n) => format!("den {n}"),
        }
    }
}

/// Progress reported after each finished iteration.
#[derive(Clone, Debug)]
pub struct Info {
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
    pub pv: Vec<Move>,
    /// Transposition-table use in permille.
    pub hashfull: usize,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best_move: Option<Move>,
    /// Its raw score for the side to move.
    pub score: i32,
    /// The deepest finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// The root moves with the scores of the last finished iteration, best first (scores of
    /// moves other than the best are bounds from null-window searches).
    pub root_scores: Vec<(Move, i32)>,
}

/// A search task: the position, its game history and the moves allowed at the root.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The position to search.
    pub position: Position,
    /// Zobrist keys of the game's earlier positions since the last capture, oldest first (the
    /// current position excluded): repetitions of them are draws.
    pub history: Vec<u64>,
    /// The moves the search may choose from (the game's legal moves: this is where the
    /// repetition prohibition applies).
    pub root_moves: MoveList,
    /// The no-capture draw limit in plies, if the rules have one.
    pub no_capture_plies: Option<u16>,
    /// When to stop.
    pub limits: Limits,
}

impl SearchRequest {
    /// The request for the game's current position: its history, its legal moves (repetition
    /// prohibition applied) and its draw rules.
    pub fn from_game(game: &Game, limits: Limits) -> SearchRequest {
        let positions = game.positions();
        let current = game.position();
        let earlier = &positions[..positions.len() - 1];
        let window = (current.plies_since_capture() as usize).min(earlier.len());
        SearchRequest {
            position: *current,
            history: earlier[earlier.len() - window..]
                .iter()
                .map(Position::hash)
                .collect(),
            root_moves: game.legal_moves(),
            no_capture_plies: game.rules().no_capture_plies(),
            limits,
        }
    }

    /// A request for a lone position: no history, every legal move, the default draw limit.
    pub fn from_position(position: Position, limits: Limits) -> SearchRequest {
        SearchRequest {
            position,
            history: Vec::new(),
            root_moves: position.legal_moves(),
            no_capture_plies: crate::jungle::Ruleset::default().no_capture_plies(),
            limits,
        }
    }
}

/// The searcher: its tables persist between searches of one game.
pub struct Searcher {
    tt: TranspositionTable,
    evaluator: Evaluator,
    options: SearchOptions,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Box<[[i32; 4096]; 2]>,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Keys of the game history then of the current path (for repetitions).
    path: Vec<u64>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    node_limit: u64,
    hard_ms: f64,
    start_ms: f64,
    no_capture_plies: u16,
    root_side: crate::jungle::Side,
}

/// Progress callbacks get this.
pub type InfoSink<'a> = &'a mut dyn FnMut(&Info);

impl Searcher {
    /// A searcher with a `hash_mb` MB table, the default evaluation and options.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::with(hash_mb, EvalParams::default(), SearchOptions::default())
    }

    /// A searcher with the given evaluation weights and options.
    pub fn with(hash_mb: usize, params: EvalParams, options: SearchOptions) -> Searcher {
        let null = Move::new(crate::jungle::Square::A1, crate::jungle::Square::A1);
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            evaluator: Evaluator::new(params),
            options,
            killers: [[None; 2]; MAX_PLY + 1],
            history: Box::new([[0; 4096]; 2]),
            pv: Box::new([[null; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            path: Vec::with_capacity(512),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            node_limit: u64::MAX,
            hard_ms: f64::INFINITY,
            start_ms: 0.0,
            no_capture_plies: u16::MAX,
            root_side: crate::jungle::Side::Black,
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

    /// The evaluation.
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| h.fill(0));
        self.killers = [[None; 2]; MAX_PLY + 1];
    }

    /// The static evaluation of `pos` for the side to move, with this searcher's noise.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let score = self.evaluator.evaluate(pos);
        if self.options.eval_noise > 0 {
            let span = 2 * self.options.eval_noise as u64 + 1;
            let r = super::levels::mix(pos.hash() ^ self.options.seed) % span;
            score + r as i32 - self.options.eval_noise
        } else {
            score
        }
    }

    /// Searches `request` until a limit, the `stop` flag, or the last iteration; reports each
    /// finished iteration to `on_info`.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: InfoSink,
    ) -> SearchResult {
        let pos = request.position;
        let limits = request.limits;
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        self.start_ms = clock.now_ms();
        self.hard_ms = limits.hard_ms.unwrap_or(f64::INFINITY);
        self.no_capture_plies = request.no_capture_plies.unwrap_or(u16::MAX);
        self.root_side = pos.side_to_move();
        self.path.clear();
        self.path.extend_from_slice(&request.history);
        self.tt.new_search();
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        // Age the history so older searches weigh less.
        self.history.iter_mut().flatten().for_each(|h| *h /= 8);

        let mut root: Vec<(Move, i32)> = request
            .root_moves
            .iter()
            .filter(|m| pos.is_legal(**m))
            .map(|m| (*m, 0))
            .collect();
        let mut result = SearchResult {
            best_move: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root_scores: Vec::new(),
        };
        if root.is_empty() || pos.decided().is_some() {
            return result;
        }
        // Initial order: the ordering's view (TT move, captures, threats).
        {
            let hints = OrderingHints {
                tt_move: self.tt.probe(pos.hash(), 0).and_then(|e| e.best_move()),
                killers: [None; 2],
                history: &self.history[pos.side_to_move().index()],
            };
            let order: Vec<Move> = MovePicker::new(&pos, &hints, false).map(|s| s.mv).collect();
            root.sort_by_key(|(m, _)| order.iter().position(|o| o == m).unwrap_or(usize::MAX));
        }
        result.best_move = Some(root[0].0);
        result.pv = vec![root[0].0];

        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut previous = 0;
        for depth in 1..=max_depth {
            let mut delta = 40;
            let (mut alpha, mut beta) = if self.options.aspiration && depth >= 4 {
                (previous - delta, previous + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            let score = loop {
                let score =
                    self.search_root(&pos, &mut root, depth as i32, alpha, beta, clock, stop);
                if self.aborted {
                    break score;
                }
                if score <= alpha && alpha > -INFINITY {
                    alpha = (alpha - delta).max(-INFINITY);
                    if alpha < -WIN_THRESHOLD {
                        alpha = -INFINITY;
                    }
                } else if score >= beta && beta < INFINITY {
                    beta = (beta + delta).min(INFINITY);
                    if beta > WIN_THRESHOLD {
                        beta = INFINITY;
                    }
                } else {
                    break score;
                }
                delta *= 4;
            };
            if self.aborted {
                // A move that finished searching in this iteration and beat the previous best
                // is at the front of `root` with an exact score; otherwise keep the last result.
                if root[0].0 != result.best_move.unwrap_or(root[0].0) && self.pv_len[0] > 0 {
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

    /// One iteration at the root: searches every root move, keeps `root` sorted best first.
    #[allow(clippy::too_many_arguments)]
    fn search_root(
        &mut self,
        pos: &Position,
        root: &mut [(Move, i32)],
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
        for i in 0..root.len() {
            let m = root[i].0;
            let child = pos.after(m);
            self.path.push(pos.hash());
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1, true, clock, stop)
            } else {
                let mut s =
                    -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1, false, clock, stop);
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, 1, true, clock, stop);
                }
                s
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
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(pos.hash(), 0, depth, best, bound, Some(root[0].0));
        best
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
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
    fn draw_score(&self, side: crate::jungle::Side) -> i32 {
        if side == self.root_side {
            -self.options.contempt
        } else {
            self.options.contempt
        }
    }

    /// Whether the position repeats one on the path or in the game history (same side to move,
    /// no capture since).
    fn is_repetition(&self, pos: &Position) -> bool {
        let key = pos.hash();
        let reach = (pos.plies_since_capture() as usize).min(self.path.len());
        let len = self.path.len();
        let mut back = 2;
        while back <= reach {
            if self.path[len - back] == key {
                return true;
            }
            back += 2;
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        is_pv: bool,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if pos.decided().is_some() {
            return -WIN_SCORE + ply as i32;
        }
        let us = pos.side_to_move();
        let own = pos.occupied_by(us);
        if own.intersects(TRAPS[us.opponent().index()]) {
            return WIN_SCORE - ply as i32 - 1;
        }
        let intruders = (pos.occupied_by(us.opponent()) & TRAPS[us.index()]).count();
        if intruders >= 2 {
            return -WIN_SCORE + ply as i32 + 2;
        }
        if self.is_repetition(pos) || pos.plies_since_capture() >= self.no_capture_plies {
            return self.draw_score(us);
        }
        if intruders == 1 && self.options.threat_extension {
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

        let key = pos.hash();
        let entry = self.tt.probe(key, ply);
        let tt_move = entry
            .and_then(|e| e.best_move())
            .filter(|m| pos.is_legal(*m));
        if let Some(e) = entry {
            if !is_pv && e.depth() >= depth {
                let s = e.score();
                match e.bound() {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        // Null move: if passing still beats beta, a real move will too. Not when the opponent
        // threatens the den (passing would lose) nor with a bare handful of animals.
        if self.options.null_move
            && !is_pv
            && depth >= 3
            && intruders == 0
            && beta.abs() < WIN_THRESHOLD
            && own.count() >= 3
            && self.evaluate(pos) >= beta
        {
            let reduction = 2 + depth / 4;
            let null = pos.passed();
            self.path.push(key);
            let score = -self.negamax(
                &null,
                depth - 1 - reduction,
                -beta,
                -beta + 1,
                ply + 1,
                false,
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
        }

        let hints = OrderingHints {
            tt_move,
            killers: self.killers[ply],
            history: &self.history[us.index()],
        };
        let picker = MovePicker::new(pos, &hints, false);
        if picker.is_empty() {
            return -WIN_SCORE + ply as i32;
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried: [Option<Move>; 48] = [None; 48];
        let mut quiet_count = 0;
        self.path.push(key);
        for (index, scored) in picker.enumerate() {
            let m = scored.mv;
            let child = pos.after(m);
            let quiet = scored.captured.is_none();
            let threat = TRAPS[us.opponent().index()].contains(m.to);
            let mut score;
            if index == 0 {
                score = -self.negamax(
                    &child,
                    depth - 1,
                    -beta,
                    -alpha,
                    ply + 1,
                    is_pv,
                    clock,
                    stop,
                );
            } else {
                // Late quiet moves are searched shallower first.
                let mut reduction = 0;
                if self.options.late_move_reductions
                    && depth >= 3
                    && index >= 3
                    && quiet
                    && !threat
                    && intruders == 0
                {
                    reduction = if self.options.log_reductions {
                        // ln(depth)·ln(index)/2, the shape chess engines use.
                        let d = (depth as f32).ln() * (index as f32).ln() / 2.0;
                        d as i32
                    } else {
                        1 + (index >= 8) as i32 + (depth >= 8 && index >= 16) as i32
                    };
                    if is_pv {
                        reduction -= 1;
                    }
                    reduction = reduction.min(depth - 2).max(0);
                }
                score = -self.negamax(
                    &child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    clock,
                    stop,
                );
                if reduction > 0 && score > alpha && !self.aborted {
                    score = -self.negamax(
                        &child,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        clock,
                        stop,
                    );
                }
                if is_pv && score > alpha && score < beta && !self.aborted {
                    score =
                        -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true, clock, stop);
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
                    if is_pv {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(
                                us.index(),
                                ply,
                                m,
                                depth,
                                &quiets_tried[..quiet_count],
                            );
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
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, depth, best, bound, best_move);
        best
    }

    fn reward_quiet(
        &mut self,
        side: usize,
        ply: usize,
        m: Move,
        depth: i32,
        tried: &[Option<Move>],
    ) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let bonus = (depth * depth).min(400) * 32;
        let table = &mut self.history[side];
        // Gravity: each update pulls the score toward ±HISTORY_MAX, never past it.
        let mut update = |code: usize, delta: i32| {
            let h = &mut table[code];
            let pull = (*h as i64 * delta.abs() as i64 / HISTORY_MAX as i64) as i32;
            *h += delta - pull;
        };
        update(m.code() as usize, bonus);
        for q in tried.iter().flatten() {
            update(q.code() as usize, -bonus);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn quiescence(
        &mut self,
        pos: &Position,
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
        if pos.decided().is_some() {
            return -WIN_SCORE + ply as i32;
        }
        let us = pos.side_to_move();
        let them = us.opponent();
        if pos.occupied_by(us).intersects(TRAPS[them.index()]) {
            return WIN_SCORE - ply as i32 - 1;
        }
        let intruders = pos.occupied_by(them) & TRAPS[us.index()];
        if intruders.count() >= 2 {
            return -WIN_SCORE + ply as i32 + 2;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        if let Some(intruder) = intruders.first() {
            // Only capturing the intruder saves the den; no standing pat.
            let mut best = -WIN_SCORE + ply as i32 + 2;
            let mut replies = MoveList::new();
            pos.for_each_move(|m, captured| {
                if captured.is_some() && m.to == intruder {
                    replies.push(m)
                }
            });
            for &m in replies.iter() {
                let score =
                    -self.quiescence(&pos.after(m), -beta, -alpha, ply + 1, qply + 1, clock, stop);
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
            return best;
        }
        let stand_pat = self.evaluate(pos);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let hints = OrderingHints {
            tt_move: None,
            killers: [None; 2],
            history: &self.history[us.index()],
        };
        let picker = MovePicker::new(pos, &hints, true);
        for scored in picker {
            if scored.captured.is_none() && qply >= 2 {
                continue;
            }
            // Delta pruning: a capture that cannot lift the score to alpha is skipped.
            if let Some(victim) = scored.captured {
                if stand_pat + self.evaluator.material(victim) + 200 < alpha {
                    continue;
                }
            }
            let score = -self.quiescence(
                &pos.after(scored.mv),
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
        best
    }
}
