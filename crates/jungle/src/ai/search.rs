//! Jungle's side of the generic search ([`engine::search`]): what the game brings and
//! what it was measured to be worth.
//!
//! # Policy
//! - **Den logic exact at every node** ([`SearchGame::verdict`]): a side with an animal on an
//!   enemy den trap wins next move (scored at once, no search); a side facing two such animals
//!   loses; one threat is [`Verdict::Threatened`]: the search extends by a ply (like a check
//!   extension: the few replies that capture the intruder are all that matter, the rest are
//!   refuted at once), and quiescence searches only the captures of the intruder (in the order
//!   they are generated) instead of standing pat.
//! - **Ordering**: captures by MVV/LVA (victim's rank × 16 − attacker's rank), then moves onto
//!   the enemy den's traps (den threats, forcing: never reduced), then the search's killers and
//!   history (by move code).
//! - **Quiescence** over captures (delta margin 200 over the victim's value) and, in its first
//!   two plies, den threats.
//! - **Draws**: any repetition within the plies since the last capture scores 0 (the first
//!   repetition already: a line that can repeat can be repeated to a draw), and so does the
//!   no-capture limit of the ruleset.
//! - **Null move** only with three animals or more (zugzwang: a bare handful must move).
//! - Measured (self-play, `jungle match`): **late-move reductions** the clearest gain: +53 ± 35
//!   Elo (100 games at 50k nodes a move), +12 ± 24 (400 games at 5k). The ln(depth)·ln(index)
//!   formula (`loglmr=1`) scored −15 ± 21 against the steps (300 games at 30k) but +10 ± 16
//!   (1000 at 5k): not shown better, so off. **Null move** (R = 2 + depth/4) and the
//!   **den-threat extension** are each a small gain in every match, none significant alone:
//!   null move +3 ± 37 (100 games at 50k nodes), +3 ± 22 (300 at 30k), +6 ± 25 (400 at 5k),
//!   +10 ± 16 (1000 at 5k); extension +6 ± 22 (300 at 30k), +10 ± 24 (400 at 5k), +9 ± 15
//!   (1000 at 5k). Kept on; pooled, each is worth roughly +7 ± 11 Elo. All three together at
//!   equal time (100 ms a move): +24 ± 33 against the same engine without them (100 games).
//!   Switch them off in matches with `nmp=0 lmr=0 ext=0`.
//! - **Contempt** 0 by default. Contempt 40 vs 0: +10 ± 42 (100 games at 100k nodes); 30 vs 0:
//!   +7 ± 25 (300 at 30k) — not shown better.
//!
//! What it deliberately does not do:
//! - No repetition-prohibition rule inside the tree: the root moves are filtered by
//!   `Game::legal_moves` (so the engine never plays a prohibited move), but deeper plies ignore
//!   the variant — tracking same-animal runs per node would cost more than the rare case gains.
//! - No special case for `threefold=off`: a repetition still scores as a draw in the tree (a
//!   side that can only repeat makes no progress either way), while the game itself goes on.
//!
//! # Levels
//! The ladder ([`SearchGame::level`]):
//! - 1 (beginner): sees one move ahead plus captures, a noisy judgement, and a random move one
//!   time in four — it misses things and sometimes blunders;
//! - 2: two plies, less noise, an occasional random move;
//! - 3: a small node budget, a little noise;
//! - 4: a bigger budget;
//! - 5: the full engine (1M nodes where games must reproduce; about 1–2 s a move in the browser).
//!
//! Measured with `jungle match --a level=N --b level=N-1 --games 100 --seed 2026` (level 5 at
//! its reproducible limit of 1M nodes a move, about 0.2–0.4 s natively):
//!
//! | pair   | W-L-D   | score  | Elo        |
//! |--------|---------|--------|------------|
//! | 2 vs 1 | 89-8-3  | 90.5 % | +392 ± 125 |
//! | 3 vs 2 | 82-10-8 | 86.0 % | +315 ± 95  |
//! | 4 vs 3 | 67-8-25 | 79.5 % | +235 ± 68  |
//! | 5 vs 4 | 61-0-39 | 80.5 % | +246 ± 54  |

use super::eval::{EvalParams, Evaluator};
use crate::bitboard::TRAPS;
use crate::{Game, Move, Position, Ruleset, Side, Square};
use engine::{
    Ending, Generate, LevelSettings, Limits, MoveNature, Order, PathEntry, Playable, Repetition,
    Scored, SearchGame, SearchMove, SearchRequest, Verdict,
};

/// Most moves in a Jungle position (8 animals × 4 steps + 4 jumps), as in the rules layer.
pub const MAX_MOVES: usize = 40;

/// Captures rank above den threats (rank 0).
const CAPTURE_RANK: i32 = 1 << 23;
/// Quiescence skips a capture that cannot lift the score to alpha even with this much more
/// than the victim's value.
const DELTA_MARGIN: i32 = 200;
/// Quiescence looks at den threats (not only captures) in its first this many plies.
const THREAT_QPLIES: usize = 2;

/// The bench positions (`jungle bench`): the start, openings, middle games (from level-4
/// self-play) and two den races. Their node count at depth 11 is the regression signature.
pub const BENCH_POSITIONS: &[&str] = &[
    crate::START_FEN,
    "l5t/1d2c2/2pw1e1/7/1r3R1/7/1E1WP2/2C2D1/T5L b 12 7",
    "7/1d2c2/2pwt2/l4Re/3L3/1r1W3/TE1P3/2C2D1/7 b 36 19",
    "7/1dpct2/3e3/3w1R1/1r5/3l3/E1TWL2/2PC1D1/7 b 60 31",
    "T1l4/1d1p1c1/4te1/3wR2/1r5/3W3/1E1PL1D/2C4/7 b 48 25",
    "d3e2/2pc3/2t2LD/3l3/4R1T/2rW3/1E1P3/3C3/7 b 21 49",
    "7/2d1tc1/1p1w2e/4R2/3E3/2rW2l/2T1PL1/2CD3/7 b 60 31",
    "5c1/1pdwt2/6e/3ER2/3W3/2rl3/2T1PL1/4D2/1C5 w 89 45",
    "7/2c4/4D2/7/7/7/7/7/r6 b 0 1",
    "7/1dpct2/3e3/3w3/7/3l3/E1TWL2/2PC1R1/4rD1 b 0 31",
];

/// Jungle for the search: its evaluation (the rules are [`crate`]'s).
#[derive(Clone)]
pub struct Jungle {
    evaluator: Evaluator,
}

impl Jungle {
    /// The evaluation in use.
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// How many enemy animals stand on the side to move's den traps.
    #[inline(always)]
    fn intruders(pos: &Position) -> u32 {
        let us = pos.side_to_move();
        (pos.occupied_by(us.opponent()) & TRAPS[us.index()]).count()
    }
}

impl SearchMove for Move {
    const PLACEHOLDER: Move = Move::new(Square::A1, Square::A1);

    #[inline(always)]
    fn code(self) -> u16 {
        Move::code(self)
    }

    #[inline]
    fn from_code(code: u16) -> Option<Move> {
        let from = Square::new((code >> 6) as u8)?;
        let to = Square::new((code & 63) as u8)?;
        Some(Move::new(from, to))
    }
}

impl SearchGame for Jungle {
    type Position = Position;
    type Move = Move;
    type MoveBuffer = [Scored<Move>; MAX_MOVES];
    type Params = EvalParams;
    type Rules = ();

    const HISTORY_SIZE: usize = 1 << 12;

    fn new(params: EvalParams) -> Jungle {
        Jungle {
            evaluator: Evaluator::new(params),
        }
    }

    /// A Jungle position carries its variant's rules.
    fn set_rules(&mut self, _rules: ()) {}

    fn set_weight(params: &mut EvalParams, name: &str, value: i32) -> Result<(), String> {
        params.set(name, value)
    }

    fn weights(params: &EvalParams) -> Vec<(String, i32)> {
        params.weights()
    }

    fn level(level: u8) -> LevelSettings {
        LevelSettings::from_ladder(
            level,
            [
                (Limits::depth(1), 200, 25),
                (Limits::depth(2), 100, 8),
                (Limits::nodes(1_500), 50, 0),
                (Limits::nodes(12_000), 20, 0),
                (Limits::nodes(1_000_000), 0, 0),
            ],
        )
    }

    #[inline]
    fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluator.evaluate(pos)
    }

    #[inline(always)]
    fn hash(pos: &Position) -> u64 {
        pos.hash()
    }

    #[inline(always)]
    fn side_to_move(pos: &Position) -> usize {
        pos.side_to_move().index()
    }

    #[inline(always)]
    fn after(pos: &Position, m: Move) -> Position {
        pos.after(m)
    }

    #[inline(always)]
    fn passed(pos: &Position) -> Position {
        pos.passed()
    }

    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves().to_vec()
    }

    #[inline]
    fn is_legal(pos: &Position, m: Move) -> bool {
        pos.is_legal(m)
    }

    #[inline(always)]
    fn generate(&self, pos: &Position, kind: Generate, mut visit: impl FnMut(Move, MoveNature)) {
        let us = pos.side_to_move();
        let enemy_traps = TRAPS[us.opponent().index()];
        match kind {
            Generate::Evasions => {
                // The one intruder on our traps must be captured: nothing else stops it.
                let Some(intruder) = (pos.occupied_by(us.opponent()) & TRAPS[us.index()]).first()
                else {
                    return;
                };
                pos.for_each_move(|m, captured| {
                    if captured.is_some() && m.to == intruder {
                        visit(
                            m,
                            MoveNature {
                                order: Order::Noisy(0),
                                capture: true,
                                forcing: enemy_traps.contains(m.to),
                            },
                        );
                    }
                });
            }
            Generate::All | Generate::NoisyStage | Generate::Forcing | Generate::Noisy { .. } => {
                let threats_wanted = match kind {
                    Generate::Noisy { qply, .. } => qply < THREAT_QPLIES,
                    _ => true,
                };
                let noisy_only = !matches!(kind, Generate::All | Generate::NoisyStage);
                pos.for_each_move(|m, captured| {
                    let threat = enemy_traps.contains(m.to);
                    let nature = if let Some(victim) = captured {
                        let attacker = pos.piece_at(m.from).map_or(0, |p| p.animal.index() as i32);
                        MoveNature {
                            order: Order::Noisy(
                                CAPTURE_RANK + (victim.index() as i32 + 1) * 16 - attacker,
                            ),
                            capture: true,
                            forcing: threat,
                        }
                    } else if threat {
                        if !threats_wanted {
                            return;
                        }
                        MoveNature {
                            order: Order::Noisy(0),
                            capture: false,
                            forcing: true,
                        }
                    } else {
                        if noisy_only {
                            return;
                        }
                        MoveNature {
                            order: Order::Quiet(0),
                            capture: false,
                            forcing: false,
                        }
                    };
                    visit(m, nature);
                });
            }
        }
    }

    #[inline]
    fn max_gain(&self, pos: &Position, m: Move) -> Option<i32> {
        pos.captured_by(m)
            .map(|victim| self.evaluator.material(victim) + DELTA_MARGIN)
    }

    #[inline(always)]
    fn history_index(_pos: &Position, m: Move) -> usize {
        m.code() as usize
    }

    #[inline(always)]
    fn verdict(&self, pos: &Position) -> Verdict {
        if pos.decided().is_some() {
            return Verdict::Loss(0);
        }
        let us = pos.side_to_move();
        if pos.occupied_by(us).intersects(TRAPS[us.opponent().index()]) {
            // Our animal on their trap enters the den next move.
            return Verdict::Win(1);
        }
        match Jungle::intruders(pos) {
            0 => Verdict::Open,
            // Taking one intruder lets the other in.
            1 => Verdict::Threatened { lost_in: 2 },
            _ => Verdict::Loss(2),
        }
    }

    #[inline(always)]
    fn null_move_allowed(pos: &Position) -> bool {
        pos.occupied_by(pos.side_to_move()).count() >= 3
    }

    #[inline(always)]
    fn reversible_plies(pos: &Position) -> usize {
        pos.plies_since_capture() as usize
    }

    #[inline(always)]
    fn draw_count(pos: &Position) -> u32 {
        pos.plies_since_capture() as u32
    }

    fn default_draw_limit() -> Option<u32> {
        Ruleset::default().no_capture_plies().map(u32::from)
    }

    #[inline(always)]
    fn repetition(&self, _pos: &Position, _cycle: &[PathEntry]) -> Repetition {
        Repetition::Draw
    }
}

impl Playable for Game {
    type Search = Jungle;
    type Rules = Ruleset;

    fn start(rules: Ruleset) -> Game {
        Game::new(rules)
    }

    fn current(&self) -> &Position {
        self.position()
    }

    fn allowed_moves(&self) -> Vec<Move> {
        self.legal_moves().to_vec()
    }

    fn play_move(&mut self, m: Move) -> Result<(), String> {
        self.play(m).map_err(|e| e.to_string())
    }

    fn moves_played(&self) -> &[Move] {
        self.moves()
    }

    fn ending(&self) -> Option<Ending> {
        self.outcome().map(|o| Ending {
            winner: o.winner().map(Side::index),
            reason: o.reason_code(),
        })
    }

    fn side_name(side: usize) -> &'static str {
        Side::ALL[side & 1].name()
    }

    /// The game's positions since the last capture (earlier ones cannot recur), its legal moves
    /// (repetition prohibition applied) and its no-capture limit.
    fn search_request(&self, limits: Limits) -> SearchRequest<Jungle> {
        let positions = self.positions();
        let current = self.position();
        let earlier = &positions[..positions.len() - 1];
        let window = (current.plies_since_capture() as usize).min(earlier.len());
        SearchRequest {
            position: *current,
            history: earlier[earlier.len() - window..]
                .iter()
                .map(|p| PathEntry {
                    key: p.hash(),
                    threatened: Jungle::intruders(p) == 1,
                })
                .collect(),
            root_moves: self.legal_moves().to_vec(),
            draw_limit: self.rules().no_capture_plies().map(u32::from),
            rules: (),
            limits,
        }
    }
}
