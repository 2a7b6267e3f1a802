//! The puzzle verifier: a line is a puzzle only if, at every one of the player's steps, its
//! move is the one clearly best, proved by search; and how much search finding the first move
//! takes (what rates a puzzle's difficulty).
//!
//! # What is proved, step by step
//! - [`Goal::Win`] (den in N, mate in N): the line's move wins by force within the player's
//!   moves left in the line, and **no other move does** (a second way to win as fast is an
//!   alternative solution: the puzzle is rejected, as a tsume with a cook is). Each reply is a
//!   longest defence (no other reply loses later), and the line's last move ends the game.
//!   These searches are full-width to the depth that any such win needs (2·n plies for a win
//!   in n: null move and late-move reductions off, which could hide a win), within a node
//!   limit; a search cut short by it proves nothing and the line is rejected.
//! - [`Goal::Advantage`] (a winning capture sequence): the line's move keeps the player's win
//!   probability at least [`ProofSettings::winning`] and every other move leaves at least
//!   [`ProofSettings::margin`] less; each reply is within [`ProofSettings::reply_slack`] of
//!   the best reply; the last move captures. Node-limited searches with the engine's normal
//!   pruning (the claim is a judgement, not a forced result).

use super::puzzle::Goal;
use super::review::BLUNDER_LOSS;
use super::winprob::WinModel;
use engine::search::{MAX_DEPTH, WIN_SCORE, WIN_THRESHOLD};
use engine::{
    FrozenClock, Generate, Limits, MoveNature, PathEntry, SearchGame, SearchOptions, SearchRequest,
    SearchResult, Searcher, Verdict,
};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// How hard the verifier searches and what it demands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProofSettings {
    /// The most nodes of one search.
    pub nodes: u64,
    /// The game's win-probability curve (advantage puzzles).
    pub model: WinModel,
    /// The least win probability the player's move must keep (advantage).
    pub winning: f64,
    /// How much more win probability than any other move it must keep (advantage).
    pub margin: f64,
    /// How much less than the best reply a reply may keep for the opponent (advantage).
    pub reply_slack: f64,
}

impl ProofSettings {
    /// The settings `jungle puzzles` uses with the game's curve: 2M nodes a search; in the
    /// review's terms, every other move would be a blunder beside the solution (it keeps
    /// [`BLUNDER_LOSS`] more), which keeps the player at least that far above even (65 %);
    /// replies within 5 points of the best.
    pub fn new(model: WinModel) -> ProofSettings {
        ProofSettings {
            nodes: 2_000_000,
            model,
            winning: 0.5 + BLUNDER_LOSS,
            margin: BLUNDER_LOSS,
            reply_slack: 0.05,
        }
    }
}

/// Why a line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection<M> {
    /// The line is empty or ends with a reply.
    Shape,
    /// The move at `ply` is not legal there.
    Illegal {
        /// Its index in the line.
        ply: usize,
    },
    /// The first move is the only legal one: nothing to find.
    OnlyMove,
    /// The line's move at `ply` does not achieve the goal (does not win by force in time;
    /// does not keep a winning advantage).
    NotWinning {
        /// Its index in the line.
        ply: usize,
    },
    /// Another move at `ply` wins as fast (or is nearly as good): two solutions.
    SecondSolution {
        /// Its index in the line.
        ply: usize,
        /// The other move.
        alternative: M,
    },
    /// The reply at `ply` is not a best defence: `better` resists longer.
    WeakReply {
        /// Its index in the line.
        ply: usize,
        /// A better reply.
        better: M,
    },
    /// The line's last move does not end the game (win) or capture (advantage).
    Unfinished,
    /// A search at `ply` ran out of nodes before proving anything.
    Unproven {
        /// Its index in the line.
        ply: usize,
    },
}

impl<M> Rejection<M> {
    /// A stable machine name for the kind of rejection (`second-solution`, …), to count by.
    pub const fn code(&self) -> &'static str {
        match self {
            Rejection::Shape => "shape",
            Rejection::Illegal { .. } => "illegal",
            Rejection::OnlyMove => "only-move",
            Rejection::NotWinning { .. } => "not-winning",
            Rejection::SecondSolution { .. } => "second-solution",
            Rejection::WeakReply { .. } => "weak-reply",
            Rejection::Unfinished => "unfinished",
            Rejection::Unproven { .. } => "unproven",
        }
    }
}

impl<M: fmt::Display> fmt::Display for Rejection<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Shape => write!(f, "the line must start and end with the player's move"),
            Rejection::Illegal { ply } => write!(f, "move {} of the line is illegal", ply + 1),
            Rejection::OnlyMove => write!(f, "the first move is the only legal move"),
            Rejection::NotWinning { ply } => {
                write!(f, "move {} of the line does not win", ply + 1)
            }
            Rejection::SecondSolution { ply, alternative } => write!(
                f,
                "at move {} of the line, {alternative} wins as well",
                ply + 1
            ),
            Rejection::WeakReply { ply, better } => write!(
                f,
                "reply {} of the line is not the best defence ({better} resists longer)",
                ply + 1
            ),
            Rejection::Unfinished => write!(f, "the line stops before its goal"),
            Rejection::Unproven { ply } => write!(
                f,
                "the search ran out of nodes proving move {} of the line",
                ply + 1
            ),
        }
    }
}

/// The verifier, with its own searcher (its options are the proof's, not a level's).
pub struct Verifier<G: SearchGame> {
    searcher: Searcher<G>,
    settings: ProofSettings,
    nodes: u64,
}

impl<G: SearchGame> Verifier<G> {
    /// A verifier with a `hash_mb` MB table.
    pub fn new(settings: ProofSettings, hash_mb: usize) -> Verifier<G> {
        Verifier {
            searcher: Searcher::new(hash_mb),
            settings,
            nodes: 0,
        }
    }

    /// Nodes searched so far by all verifications.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Proves `line` from `start` a puzzle with `goal`, or says why it is not.
    pub fn verify(
        &mut self,
        start: &G::Position,
        line: &[G::Move],
        goal: Goal,
    ) -> Result<(), Rejection<G::Move>> {
        if line.len() % 2 == 0 {
            return Err(Rejection::Shape);
        }
        let full_width = SearchOptions {
            null_move: false,
            late_move_reductions: false,
            ..SearchOptions::default()
        };
        self.searcher.set_options(match goal {
            Goal::Win => full_width,
            Goal::Advantage => SearchOptions::default(),
        });
        self.searcher.clear();
        let mut pos = *start;
        let mut before_last = pos;
        let mut history: Vec<PathEntry> = Vec::new();
        for (ply, &m) in line.iter().enumerate() {
            let legal = G::legal_moves(&pos);
            if !legal.contains(&m) {
                return Err(Rejection::Illegal { ply });
            }
            if ply == 0 && legal.len() == 1 {
                return Err(Rejection::OnlyMove);
            }
            // Player moves left, this one included (on a reply: the player's moves after it).
            let left = (line.len() - ply).div_ceil(2) as i32;
            if ply % 2 == 0 {
                self.check_player_move(&pos, &history, &legal, m, ply, left, goal)?;
            } else {
                self.check_reply(&pos, &history, &legal, m, ply, left, goal)?;
            }
            history.push(PathEntry {
                key: G::hash(&pos),
                threatened: matches!(
                    self.searcher.game().verdict(&pos),
                    Verdict::Threatened { .. }
                ),
            });
            before_last = pos;
            pos = G::after(&pos, m);
        }
        let last_ok = match goal {
            Goal::Win => {
                G::legal_moves(&pos).is_empty()
                    || self.searcher.game().verdict(&pos) == Verdict::Loss(0)
            }
            Goal::Advantage => is_capture(self.searcher.game(), &before_last, line[line.len() - 1]),
        };
        if last_ok {
            Ok(())
        } else {
            Err(Rejection::Unfinished)
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn check_player_move(
        &mut self,
        pos: &G::Position,
        history: &[PathEntry],
        legal: &[G::Move],
        m: G::Move,
        ply: usize,
        left: i32,
        goal: Goal,
    ) -> Result<(), Rejection<G::Move>> {
        let others: Vec<G::Move> = legal.iter().copied().filter(|o| *o != m).collect();
        match goal {
            Goal::Win => {
                // A win in `left` moves scores at least this.
                let needed = WIN_SCORE - (2 * left - 1);
                let depth = (2 * left) as u32;
                let solution = self.search(pos, history, vec![m], Limits::depth(depth));
                if solution.score < needed {
                    return Err(if proved(&solution, depth) {
                        Rejection::NotWinning { ply }
                    } else {
                        Rejection::Unproven { ply }
                    });
                }
                if others.is_empty() {
                    return Ok(());
                }
                let rival = self.search(pos, history, others, Limits::depth(depth));
                if rival.score >= needed {
                    return Err(Rejection::SecondSolution {
                        ply,
                        alternative: rival.best_move.unwrap_or(m),
                    });
                }
                if !proved(&rival, depth) {
                    return Err(Rejection::Unproven { ply });
                }
                Ok(())
            }
            Goal::Advantage => {
                let model = self.settings.model;
                let limits = self.node_limits();
                let solution = self.search(pos, history, vec![m], limits);
                let kept = model.of_raw(solution.score);
                if kept < self.settings.winning {
                    return Err(Rejection::NotWinning { ply });
                }
                if others.is_empty() {
                    return Ok(());
                }
                let rival = self.search(pos, history, others, limits);
                if kept - model.of_raw(rival.score) < self.settings.margin {
                    return Err(Rejection::SecondSolution {
                        ply,
                        alternative: rival.best_move.unwrap_or(m),
                    });
                }
                Ok(())
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn check_reply(
        &mut self,
        pos: &G::Position,
        history: &[PathEntry],
        legal: &[G::Move],
        m: G::Move,
        ply: usize,
        left: i32,
        goal: Goal,
    ) -> Result<(), Rejection<G::Move>> {
        let others: Vec<G::Move> = legal.iter().copied().filter(|o| *o != m).collect();
        if others.is_empty() {
            return Ok(());
        }
        let limits = match goal {
            Goal::Win => Limits {
                depth: Some((2 * left + 1) as u32),
                nodes: Some(self.settings.nodes),
                ..Limits::default()
            },
            Goal::Advantage => self.node_limits(),
        };
        let reply = self.search(pos, history, vec![m], limits);
        let rival = self.search(pos, history, others, limits);
        if goal == Goal::Win {
            let depth = limits.depth.unwrap_or(MAX_DEPTH);
            if !proved(&reply, depth) || !proved(&rival, depth) {
                return Err(Rejection::Unproven { ply });
            }
        }
        let better = match goal {
            Goal::Win => rival.score > reply.score,
            Goal::Advantage => {
                let model = self.settings.model;
                model.of_raw(rival.score) > model.of_raw(reply.score) + self.settings.reply_slack
            }
        };
        if better {
            return Err(Rejection::WeakReply {
                ply,
                better: rival.best_move.unwrap_or(m),
            });
        }
        Ok(())
    }

    fn node_limits(&self) -> Limits {
        // A depth limit too, so that a search of a single root move does not stop after one
        // iteration (the search's shortcut for a lone legal move).
        Limits {
            depth: Some(MAX_DEPTH),
            nodes: Some(self.settings.nodes),
            ..Limits::default()
        }
    }

    fn search(
        &mut self,
        pos: &G::Position,
        history: &[PathEntry],
        root_moves: Vec<G::Move>,
        mut limits: Limits,
    ) -> SearchResult<G::Move> {
        if limits.nodes.is_none() {
            limits.nodes = Some(self.settings.nodes);
        }
        let request = SearchRequest {
            position: *pos,
            history: history.to_vec(),
            root_moves,
            draw_limit: G::default_draw_limit(),
            rules: G::Rules::default(),
            limits,
        };
        let result =
            self.searcher
                .search(&request, &FrozenClock, &AtomicBool::new(false), &mut |_| {});
        self.nodes += result.nodes;
        result
    }
}

/// Whether a search finished the depth it was asked for, or ended early on a forced result
/// (which needs no deeper search): what it says then is proved.
fn proved<M>(result: &SearchResult<M>, depth: u32) -> bool {
    result.depth >= depth
        || (result.score.abs() >= WIN_THRESHOLD
            && result.depth as i32 > WIN_SCORE - result.score.abs() + 1)
}

/// How `m` looks to the search in `pos` (capture, forcing, its place in the order), as the
/// game tells it; `None` when `m` is not a legal move there.
pub fn move_nature<G: SearchGame>(game: &G, pos: &G::Position, m: G::Move) -> Option<MoveNature> {
    let mut found = None;
    game.generate(pos, Generate::All, |candidate, nature| {
        if candidate == m {
            found = Some(nature);
        }
    });
    found
}

/// Whether `m` captures in `pos`, as the game tells the search.
pub fn is_capture<G: SearchGame>(game: &G, pos: &G::Position, m: G::Move) -> bool {
    move_nature(game, pos, m).is_some_and(|nature| nature.capture)
}

/// The nodes a fresh search (the engine's normal options, a `hash_mb` MB table) spends
/// before it settles on `first` for good: the iteration from which every later one, up to the
/// end (`limits`), has it as the best move, and for a [`Goal::Win`] a forced win as the
/// score. `limits.nodes` (or the nodes searched) when it never does.
pub fn solving_effort<G: SearchGame>(
    start: &G::Position,
    first: G::Move,
    goal: Goal,
    limits: Limits,
    hash_mb: usize,
) -> u64 {
    let mut searcher = Searcher::<G>::new(hash_mb);
    let request = SearchRequest::from_position(*start, limits);
    let mut settled_at: Option<u64> = None;
    let result = searcher.search(
        &request,
        &FrozenClock,
        &AtomicBool::new(false),
        &mut |info| {
            let found = info.pv.first() == Some(&first)
                && (goal != Goal::Win || info.score >= WIN_THRESHOLD);
            if found {
                settled_at.get_or_insert(info.nodes);
            } else {
                settled_at = None;
            }
        },
    );
    if result.best_move != Some(first) {
        return limits.nodes.unwrap_or(result.nodes).max(result.nodes);
    }
    settled_at.unwrap_or(limits.nodes.unwrap_or(result.nodes).max(result.nodes))
}
