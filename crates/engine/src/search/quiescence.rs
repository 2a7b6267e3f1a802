//! Quiescence ([`Searcher::quiescence`]): at the horizon, stand pat and the game's noisy moves
//! with delta pruning, or at a threatened node only its evasions; optionally through the table.

use super::*;

impl<G: SearchGame> Searcher<G> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiescence(
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
    pub(super) fn store_quiescence(
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
