//! A node of the tree ([`Searcher::negamax`]): the table's cut, the game's verdict, null-move
//! pruning, probcut, reverse futility, then each move in order with its extensions, reductions
//! and pruning, principal variation search and the history's rewards.

use super::*;

impl<G: SearchGame> Searcher<G> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
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
    pub(super) fn search_late_move(
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
    pub(super) fn probcut(
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
    pub(super) fn late_reduction(&self, depth: i32, index: usize) -> i32 {
        if self.options.log_reductions {
            // ln(depth)·ln(index)/divisor, the shape chess engines use.
            let d = (depth as f32).ln() * (index.max(1) as f32).ln() * 10_000.0
                / self.options.reduction_divisor.max(1) as f32;
            d as i32
        } else {
            100 * (1 + (index >= 8) as i32 + (depth >= 8 && index >= 16) as i32)
        }
    }

    pub(super) fn reward_quiet(
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
    pub(super) fn reward_prior_move(&mut self, side: usize, ply: usize, delta: i32) {
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
}
