//! Game review: each move judged by how much it dropped the mover's win probability, an
//! accuracy per side, and the moves to learn from.
//!
//! # Judgements
//! The loss of a move is the mover's win probability before it (the position's evaluation:
//! best play) minus after it (the next position's evaluation, seen from the mover), at least 0.
//! The thresholds are lichess's: it judges a drop in "winning chances" (from −1 to +1, twice a
//! win probability less one) of 0.1, 0.2 and 0.3 as an inaccuracy, a mistake and a blunder,
//! which is 5, 10 and 15 points of win probability:
//!
//! | judgement  | loss of win probability                              |
//! |------------|------------------------------------------------------|
//! | best       | the engine's best move, or under 1 point (as good)    |
//! | good       | under 5 points                                       |
//! | inaccuracy | 5 to 10 points                                       |
//! | mistake    | 10 to 15 points                                      |
//! | blunder    | 15 points or more                                    |
//!
//! Since forced wins are certain, letting one slip to a merely good position is judged by what
//! is left of it, and a slower forced win loses nothing (lichess calls neither a mistake).
//!
//! # Accuracy
//! lichess's formulas over our win probability `p` (in percent, `W = 100·p`):
//! - a move's accuracy is `103.1668·e^(−0.04354·(W_before − W_after)) − 3.1669 + 1`, within
//!   0–100, and 100 for a move that loses nothing (the fit of lichess's table: 100 for a drop of
//!   0, about 75 for 5 points, 42 for 20; the 1 is its allowance for imperfect analysis);
//! - a side's accuracy is the mean of two means of its moves' accuracies: the harmonic mean
//!   (one blunder weighs heavily), and the mean weighted by the volatility around the move: the
//!   standard deviation of the first side's `W` over a window of `n/10` positions (2 to 8, `n`
//!   the moves), within 0.5–12 (quiet stretches, where every move is easy, weigh less). The
//!   harmonic mean counts an accuracy under 1 as 1, so one total blunder does not make it 0.
//!
//! # Learning from mistakes
//! [`mistakes_of`] lists a side's mistakes and blunders; replaying one, a candidate move is
//! accepted ([`judge_candidate`]) when it would have been judged best or good: a loss under 5
//! points of win probability.

use super::winprob::WinModel;
use engine::search::WIN_SCORE;
use engine::Score;
use serde::{Deserialize, Serialize};

/// The least loss (win probability) of a good move that is not the engine's: under it a move is
/// as good as the best.
pub const BEST_LOSS: f64 = 0.01;
/// The least loss of an inaccuracy (lichess: 0.1 winning chances).
pub const INACCURACY_LOSS: f64 = 0.05;
/// The least loss of a mistake (lichess: 0.2 winning chances).
pub const MISTAKE_LOSS: f64 = 0.10;
/// The least loss of a blunder (lichess: 0.3 winning chances).
pub const BLUNDER_LOSS: f64 = 0.15;

/// How good a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// The engine's move, or one as good.
    Best,
    /// Loses a little (under [`INACCURACY_LOSS`]).
    Good,
    /// Loses [`INACCURACY_LOSS`] to [`MISTAKE_LOSS`].
    Inaccuracy,
    /// Loses [`MISTAKE_LOSS`] to [`BLUNDER_LOSS`].
    Mistake,
    /// Loses [`BLUNDER_LOSS`] or more.
    Blunder,
}

impl Judgement {
    /// Every judgement, best first.
    pub const ALL: [Judgement; 5] = [
        Judgement::Best,
        Judgement::Good,
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// Its place in [`Judgement::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// A stable machine name (`best`, `good`, `inaccuracy`, `mistake`, `blunder`).
    pub const fn code(self) -> &'static str {
        match self {
            Judgement::Best => "best",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The judgement of a move that loses `loss` of win probability; `engine_best` when it is
    /// the engine's own choice.
    pub fn of_loss(loss: f64, engine_best: bool) -> Judgement {
        if engine_best || loss < BEST_LOSS {
            Judgement::Best
        } else if loss < INACCURACY_LOSS {
            Judgement::Good
        } else if loss < MISTAKE_LOSS {
            Judgement::Inaccuracy
        } else if loss < BLUNDER_LOSS {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        }
    }
}

/// What the engine found in one position of a game, for its side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation<M> {
    /// The raw score for the side to move (see [`Score::from_raw`]; a game over: ±win, or 0
    /// for a draw).
    pub score: i32,
    /// The best move, `None` when the game is over.
    pub best: Option<M>,
    /// The principal variation (the best move first).
    pub pv: Vec<M>,
    /// The depth reached.
    pub depth: u32,
    /// The nodes searched.
    pub nodes: u64,
}

impl<M> Evaluation<M> {
    /// The evaluation of a finished game's last position: `mover_won` is `Some(true)` when the
    /// side to move there has won, `Some(false)` when it has lost, `None` for a draw.
    pub fn game_over(mover_won: Option<bool>) -> Evaluation<M> {
        Evaluation {
            score: match mover_won {
                Some(true) => WIN_SCORE,
                Some(false) => -WIN_SCORE,
                None => 0,
            },
            best: None,
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
        }
    }

    /// The score in players' terms.
    pub fn player_score(&self) -> Score {
        Score::from_raw(self.score)
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview<M> {
    /// Its index among the game's moves (0: the first move).
    pub ply: usize,
    /// The side that played it (0 or 1).
    pub side: usize,
    /// The move played.
    pub played: M,
    /// The engine's best move in that position.
    pub best: Option<M>,
    /// The mover's win probability before the move (with best play).
    pub before: f64,
    /// The mover's win probability after it.
    pub after: f64,
    /// What it cost: `before − after`, at least 0.
    pub loss: f64,
    /// Its judgement.
    pub judgement: Judgement,
    /// Its accuracy, 0–100.
    pub accuracy: f64,
}

/// One side's summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves reviewed.
    pub moves: usize,
    /// How many moves got each judgement, in [`Judgement::ALL`]'s order.
    pub counts: [usize; 5],
    /// The side's accuracy, 0–100 (`None` before any of its moves is reviewed).
    pub accuracy: Option<f64>,
    /// The mean loss of win probability per move.
    pub mean_loss: f64,
}

impl SideSummary {
    /// How many moves were judged `judgement`.
    pub fn count(&self, judgement: Judgement) -> usize {
        self.counts[judgement.index()]
    }
}

/// A reviewed game (or the reviewed part of one).
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview<M> {
    /// The moves reviewed, in order.
    pub moves: Vec<MoveReview<M>>,
    /// Side 0's win probability in each evaluated position, from the start: the advantage
    /// chart.
    pub chart: Vec<f64>,
    /// Each side's summary, by side index.
    pub sides: [SideSummary; 2],
}

/// Reviews `moves` (played from a position where `first_side` moves) from the evaluations of
/// the positions before and after them: `evaluations[i]` is of the position before move `i`,
/// and the one after the last move closes the game. Evaluations may cover only a beginning
/// of the game (a review in progress): the moves with both their positions evaluated are
/// reviewed.
pub fn review_game<M: Copy + PartialEq>(
    model: WinModel,
    first_side: usize,
    moves: &[M],
    evaluations: &[Evaluation<M>],
) -> GameReview<M> {
    let side_at = |ply: usize| (first_side + ply) & 1;
    let mover_probability: Vec<f64> = evaluations.iter().map(|e| model.of_raw(e.score)).collect();
    let chart: Vec<f64> = mover_probability
        .iter()
        .enumerate()
        .map(|(i, &p)| if side_at(i) == 0 { p } else { 1.0 - p })
        .collect();
    let reviewed = moves.len().min(evaluations.len().saturating_sub(1));
    let mut reviews = Vec::with_capacity(reviewed);
    for (ply, &played) in moves.iter().enumerate().take(reviewed) {
        let before = mover_probability[ply];
        let after = 1.0 - mover_probability[ply + 1];
        let loss = (before - after).max(0.0);
        let best = evaluations[ply].best;
        reviews.push(MoveReview {
            ply,
            side: side_at(ply),
            played,
            best,
            before,
            after,
            loss,
            judgement: Judgement::of_loss(loss, best == Some(played)),
            accuracy: move_accuracy(before, after),
        });
    }
    let weights = volatility_weights(&chart);
    let sides = [0, 1].map(|side| summarise(&reviews, &weights, side));
    GameReview {
        moves: reviews,
        chart,
        sides,
    }
}

/// lichess's accuracy of a move (0–100) from the mover's win probability before and after it.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = (before - after) * 100.0;
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The weight of each move in a side's accuracy: the standard deviation of the win percentage
/// (side 0's, 0–100) over a window around it, as lichess computes it.
fn volatility_weights(chart: &[f64]) -> Vec<f64> {
    let moves = chart.len().saturating_sub(1);
    if moves == 0 {
        return Vec::new();
    }
    let percents: Vec<f64> = chart.iter().map(|p| p * 100.0).collect();
    let window = (moves / 10).clamp(2, 8).min(percents.len());
    let first = &percents[..window];
    // The first moves share the first full window; then it slides one position a move.
    let mut windows: Vec<&[f64]> = vec![first; window.saturating_sub(2)];
    windows.extend(percents.windows(window));
    windows
        .iter()
        .take(moves)
        .map(|w| standard_deviation(w).clamp(0.5, 12.0))
        .collect()
}

fn standard_deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

fn summarise<M>(reviews: &[MoveReview<M>], weights: &[f64], side: usize) -> SideSummary {
    let mut summary = SideSummary::default();
    let mut weighted = 0.0;
    let mut weight_sum = 0.0;
    let mut reciprocal_sum = 0.0;
    let mut loss_sum = 0.0;
    for review in reviews.iter().filter(|r| r.side == side) {
        summary.moves += 1;
        summary.counts[review.judgement.index()] += 1;
        let weight = weights.get(review.ply).copied().unwrap_or(0.5);
        weighted += review.accuracy * weight;
        weight_sum += weight;
        reciprocal_sum += 1.0 / review.accuracy.max(1.0);
        loss_sum += review.loss;
    }
    if summary.moves > 0 {
        let harmonic = summary.moves as f64 / reciprocal_sum;
        summary.accuracy = Some((weighted / weight_sum + harmonic) / 2.0);
        summary.mean_loss = loss_sum / summary.moves as f64;
    }
    summary
}

/// The plies (indices into [`GameReview::moves`]) of `side`'s mistakes and blunders, in
/// order: the positions "learn from your mistakes" replays.
pub fn mistakes_of<M>(review: &GameReview<M>, side: usize) -> Vec<usize> {
    review
        .moves
        .iter()
        .filter(|r| r.side == side && r.judgement >= Judgement::Mistake)
        .map(|r| r.ply)
        .collect()
}

/// How a move tried in place of a mistake fares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CandidateJudgement {
    /// Good enough: the player has found a good move.
    pub accepted: bool,
    /// The win probability it loses against the best move.
    pub loss: f64,
    /// Its judgement as if played in the game.
    pub judgement: Judgement,
}

/// Judges `candidate`, tried in the position evaluated `before`, from the evaluation of the
/// position it leads to (`after`, the raw score for the opponent, who moves there). Accepted
/// when it is the engine's best move or loses under [`INACCURACY_LOSS`].
pub fn judge_candidate<M: PartialEq>(
    model: WinModel,
    before: &Evaluation<M>,
    candidate: M,
    after: i32,
) -> CandidateJudgement {
    let loss = (model.of_raw(before.score) - (1.0 - model.of_raw(after))).max(0.0);
    let judgement = Judgement::of_loss(loss, before.best.as_ref() == Some(&candidate));
    CandidateJudgement {
        accepted: judgement <= Judgement::Good,
        loss,
        judgement,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: WinModel = WinModel::new(0.004);

    fn eval(score: i32, best: Option<u8>) -> Evaluation<u8> {
        Evaluation {
            score,
            best,
            pv: best.into_iter().collect(),
            depth: 10,
            nodes: 1000,
        }
    }

    /// The score (for the side to move) whose win probability is `p`.
    fn score_for(p: f64) -> i32 {
        MODEL.points_for(p).round() as i32
    }

    #[test]
    fn a_move_is_judged_by_the_win_probability_it_drops_on_lichess_thresholds() {
        // Side 0 stands at 60 %, plays a move that is not the best and leaves 60 − x %.
        let cases = [
            (0.005, Judgement::Best),
            (0.03, Judgement::Good),
            (0.07, Judgement::Inaccuracy),
            (0.12, Judgement::Mistake),
            (0.20, Judgement::Blunder),
            (0.55, Judgement::Blunder),
        ];
        for (drop, expected) in cases {
            let evaluations = [
                eval(score_for(0.60), Some(1)),
                // The opponent moves next: its view of 60 − x % for us.
                eval(score_for(1.0 - (0.60 - drop)), Some(3)),
            ];
            let review = review_game(MODEL, 0, &[2u8], &evaluations);
            let m = &review.moves[0];
            assert_eq!(m.judgement, expected, "drop {drop}: {m:?}");
            assert!((m.loss - drop).abs() < 0.002, "{m:?}");
        }
    }

    #[test]
    fn the_engines_own_move_is_best_even_when_the_next_search_sees_less() {
        let evaluations = [eval(200, Some(7)), eval(-20, None)];
        let review = review_game(MODEL, 0, &[7u8], &evaluations);
        assert_eq!(review.moves[0].judgement, Judgement::Best);
        assert_eq!(review.moves[0].best, Some(7));
    }

    #[test]
    fn a_forced_win_let_slip_is_a_blunder_and_a_slower_one_costs_nothing() {
        // Side 0 wins by force; a move keeping a slower forced win, then one letting it go to
        // a level position.
        let slower = review_game(
            MODEL,
            0,
            &[5u8],
            &[eval(WIN_SCORE - 3, Some(1)), eval(-WIN_SCORE + 6, Some(2))],
        );
        assert_eq!(slower.moves[0].loss, 0.0);
        assert_eq!(slower.moves[0].judgement, Judgement::Best);
        let slipped = review_game(
            MODEL,
            0,
            &[5u8],
            &[eval(WIN_SCORE - 3, Some(1)), eval(0, Some(2))],
        );
        assert_eq!(slipped.moves[0].judgement, Judgement::Blunder);
        assert!((slipped.moves[0].loss - 0.5).abs() < 1e-9);
    }

    #[test]
    fn moves_alternate_sides_from_the_side_that_starts_and_the_chart_is_side_zeros() {
        // White (side 1) starts; the game ends with side 0 having lost.
        let evaluations = [
            eval(100, Some(1)),
            eval(-300, Some(1)),
            eval(500, Some(1)),
            Evaluation::game_over(Some(false)),
        ];
        let review = review_game(MODEL, 1, &[1u8, 2, 3], &evaluations);
        let sides: Vec<usize> = review.moves.iter().map(|m| m.side).collect();
        assert_eq!(sides, [1, 0, 1]);
        assert_eq!(review.chart.len(), 4);
        assert!(review.chart[0] < 0.5, "side 1 to move and better");
        assert!(review.chart[1] < 0.5, "side 0 to move and worse");
        assert_eq!(review.chart[3], 0.0, "side 0 lost");
        assert_eq!(review.sides[1].moves, 2);
        assert_eq!(review.sides[0].moves, 1);
    }

    #[test]
    fn a_review_in_progress_covers_the_moves_with_both_positions_evaluated() {
        let moves = [1u8, 2, 3, 4];
        let evaluations = [eval(0, Some(1)), eval(0, Some(2))];
        let review = review_game(MODEL, 0, &moves, &evaluations);
        assert_eq!(review.moves.len(), 1);
        assert_eq!(review.sides[1].accuracy, None);
        assert!(review_game(MODEL, 0, &moves, &[]).moves.is_empty());
    }

    #[test]
    fn move_accuracy_follows_the_table_lichess_fitted_its_curve_to() {
        // lichess's data points (drop in win percent → accuracy), which its curve fits loosely
        // (it adds 1 after the fit), so within a few points.
        let table = [
            (0.0, 100.0),
            (5.0, 75.0),
            (10.0, 60.0),
            (20.0, 42.0),
            (40.0, 20.0),
            (60.0, 5.0),
            (80.0, 0.0),
            (100.0, 0.0),
        ];
        for (drop, expected) in table {
            let accuracy = move_accuracy(1.0, 1.0 - drop / 100.0);
            assert!((accuracy - expected).abs() < 6.0, "drop {drop}: {accuracy}");
        }
        assert_eq!(move_accuracy(0.3, 0.5), 100.0);
        assert_eq!(move_accuracy(1.0, 0.0), 0.0);
    }

    #[test]
    fn the_side_that_blunders_is_the_less_accurate_and_its_mistakes_are_listed() {
        // Side 0 plays the best move every time; side 1 blunders twice among good moves.
        let mut evaluations = Vec::new();
        let mut moves = Vec::new();
        let mut side0 = 0.5;
        for ply in 0..20 {
            let mover_is_0 = ply % 2 == 0;
            let p_mover = if mover_is_0 { side0 } else { 1.0 - side0 };
            evaluations.push(eval(score_for(p_mover), Some(9)));
            if mover_is_0 {
                moves.push(9u8);
            } else {
                let drop = if ply == 7 || ply == 15 { 0.2 } else { 0.01 };
                side0 += drop;
                moves.push(1u8);
            }
        }
        let last_mover_is_0 = moves.len() % 2 == 0;
        let p = if last_mover_is_0 { side0 } else { 1.0 - side0 };
        evaluations.push(eval(score_for(p), Some(9)));
        let review = review_game(MODEL, 0, &moves, &evaluations);
        let a0 = review.sides[0].accuracy.unwrap();
        let a1 = review.sides[1].accuracy.unwrap();
        assert!(a0 > 99.0, "{a0}");
        assert!(a1 < 90.0 && a1 > 30.0, "{a1}");
        assert_eq!(review.sides[1].count(Judgement::Blunder), 2);
        assert_eq!(review.sides[0].count(Judgement::Best), 10);
        assert_eq!(mistakes_of(&review, 1), vec![7, 15]);
        assert!(mistakes_of(&review, 0).is_empty());
    }

    #[test]
    fn a_candidate_is_accepted_when_it_loses_little_and_refused_when_it_loses_more() {
        let before = eval(score_for(0.7), Some(4));
        let close = judge_candidate(MODEL, &before, 5u8, score_for(1.0 - 0.68));
        assert!(close.accepted, "{close:?}");
        assert_eq!(close.judgement, Judgement::Good);
        let poor = judge_candidate(MODEL, &before, 6u8, score_for(1.0 - 0.6));
        assert!(!poor.accepted, "{poor:?}");
        assert_eq!(poor.judgement, Judgement::Mistake);
        let best = judge_candidate(MODEL, &before, 4u8, score_for(1.0 - 0.5));
        assert!(best.accepted);
    }
}
