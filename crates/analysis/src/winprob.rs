//! Win probability: the side to move's expected result (a win 1, a draw ½, a loss 0) from the
//! engine's score, by a logistic curve `1 / (1 + e^(−slope·points))` whose one constant each
//! game fits on its own self-play games ([`fit_slope`], docs/win-probability.md). Forced wins
//! and losses (den in N, mate in N) are certain: 1 and 0.
//!
//! One constant, no offset: a score is the side to move's, so the curve must give the other
//! side the rest (`p(−s) = 1 − p(s)`), and the side to move's tempo is already in the score.

use engine::search::WIN_THRESHOLD;
use engine::Score;

/// A game's fitted map from scores to win probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinModel {
    /// The logistic slope per score point (ln-odds per point).
    pub slope: f64,
}

impl WinModel {
    /// A model with this slope per point.
    pub const fn new(slope: f64) -> WinModel {
        WinModel { slope }
    }

    /// The side to move's win probability for a raw search score (a forced result is certain).
    pub fn of_raw(&self, raw: i32) -> f64 {
        if raw >= WIN_THRESHOLD {
            1.0
        } else if raw <= -WIN_THRESHOLD {
            0.0
        } else {
            self.of_points(raw as f64)
        }
    }

    /// The side to move's win probability for a score in players' terms.
    pub fn of_score(&self, score: Score) -> f64 {
        match score {
            Score::Points(points) => self.of_points(points as f64),
            Score::WinIn(_) => 1.0,
            Score::LossIn(_) => 0.0,
        }
    }

    /// The logistic curve itself, for a score in points.
    pub fn of_points(&self, points: f64) -> f64 {
        1.0 / (1.0 + (-self.slope * points).exp())
    }

    /// The points whose win probability is `p` (0 < p < 1): the curve read backwards, e.g.
    /// for a chart's axis.
    pub fn points_for(&self, p: f64) -> f64 {
        let p = p.clamp(1e-9, 1.0 - 1e-9);
        (p / (1.0 - p)).ln() / self.slope
    }
}

/// How the games went from positions with one score: the data of the fit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoreCounts {
    /// The side to move's score in points.
    pub score: i32,
    /// Games the side to move went on to win from here.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games it lost.
    pub losses: u32,
}

impl ScoreCounts {
    /// Positions counted.
    pub fn total(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The side to move's result summed over them (a draw counts ½).
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
}

/// A fitted slope and how well it fits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The maximum-likelihood slope per point.
    pub slope: f64,
    /// Its standard error from the curvature of the likelihood (positions taken as
    /// independent, which those of one game are not: the bootstrap over games is wider).
    pub standard_error: f64,
    /// Positions used.
    pub positions: u64,
    /// Mean log loss per position (cross-entropy, nats) at the fitted slope.
    pub log_loss: f64,
}

/// Fits the slope by maximum likelihood: the results (draws as ½) are Bernoulli outcomes with
/// probability `1 / (1 + e^(−slope·score))`; the log-likelihood is concave in the slope, so
/// Newton's method from lichess's chess value (0.004) converges in a few steps. `None` when the
/// data cannot fix a slope (no positions, or every score 0).
pub fn fit_slope(data: &[ScoreCounts]) -> Option<Fit> {
    let positions: u64 = data.iter().map(|d| d.total() as u64).sum();
    if positions == 0 || data.iter().all(|d| d.score == 0 || d.total() == 0) {
        return None;
    }
    let mut slope = 0.004;
    for _ in 0..100 {
        let (gradient, curvature) = derivatives(data, slope);
        let step = gradient / curvature;
        // Halve a step that would cross zero: the slope of a sensible score is positive, and
        // one overshooting Newton step from a far start must not flip its sign.
        let next = if slope + step <= 0.0 {
            slope / 2.0
        } else {
            slope + step
        };
        let done = (next - slope).abs() < 1e-12;
        slope = next;
        if done {
            break;
        }
    }
    let (_, curvature) = derivatives(data, slope);
    Some(Fit {
        slope,
        standard_error: (1.0 / curvature).sqrt(),
        positions,
        log_loss: log_loss(data, WinModel::new(slope)),
    })
}

/// The mean log loss per position (cross-entropy, nats) of `model` on `data`: what the fit
/// minimises.
pub fn log_loss(data: &[ScoreCounts], model: WinModel) -> f64 {
    let mut loss = 0.0;
    let mut positions = 0.0;
    for d in data {
        let p = model.of_points(d.score as f64).clamp(1e-12, 1.0 - 1e-12);
        let won = d.points();
        loss -= won * p.ln() + (d.total() as f64 - won) * (1.0 - p).ln();
        positions += d.total() as f64;
    }
    loss / positions.max(1.0)
}

/// The log-likelihood's first derivative in the slope and its second, negated (positive).
fn derivatives(data: &[ScoreCounts], slope: f64) -> (f64, f64) {
    let model = WinModel::new(slope);
    let mut gradient = 0.0;
    let mut curvature = 0.0;
    for d in data {
        let s = d.score as f64;
        let n = d.total() as f64;
        let p = model.of_points(s);
        gradient += s * (d.points() - n * p);
        curvature += s * s * n * p * (1.0 - p);
    }
    (gradient, curvature.max(1e-300))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::search::WIN_SCORE;

    #[test]
    fn the_curve_gives_the_other_side_the_rest_and_rises_with_the_score() {
        let model = WinModel::new(0.003);
        assert_eq!(model.of_points(0.0), 0.5);
        let mut last = 0.0;
        for s in (-2000..=2000).step_by(50) {
            let p = model.of_raw(s);
            assert!((p + model.of_raw(-s) - 1.0).abs() < 1e-12, "score {s}");
            assert!(p > last, "score {s}");
            last = p;
        }
        assert!((model.points_for(model.of_points(345.0)) - 345.0).abs() < 1e-6);
    }

    #[test]
    fn forced_wins_and_losses_are_certain_however_far() {
        let model = WinModel::new(0.003);
        assert_eq!(model.of_score(Score::WinIn(9)), 1.0);
        assert_eq!(model.of_score(Score::LossIn(0)), 0.0);
        assert_eq!(model.of_raw(WIN_SCORE - 17), 1.0);
        assert_eq!(model.of_raw(-WIN_SCORE + 4), 0.0);
        // A big lead in points is not certain.
        assert!(model.of_raw(1500) < 0.995 && model.of_raw(-1500) > 0.005);
    }

    #[test]
    fn the_fit_finds_the_slope_that_made_the_data() {
        // Results drawn from a known curve, with a third of the decisive results at the middle
        // turned into draws (a draw is half a win: the expected result stays on the curve).
        let truth = WinModel::new(0.0025);
        let data: Vec<ScoreCounts> = (-60..=60)
            .map(|i| {
                let score = i * 25;
                let n = 3000.0;
                let expected = truth.of_points(score as f64) * n;
                let draws = (n * 0.3 * (1.0 - (score as f64 / 1500.0).abs())).round();
                let wins = (expected - draws / 2.0).round().max(0.0);
                let losses = (n - wins - draws).max(0.0);
                ScoreCounts {
                    score,
                    wins: wins as u32,
                    draws: draws as u32,
                    losses: losses as u32,
                }
            })
            .collect();
        let fit = fit_slope(&data).expect("enough data");
        assert!((fit.slope - 0.0025).abs() < 0.0025 * 0.01, "{fit:?}");
        assert!(fit.standard_error > 0.0 && fit.standard_error < 0.0001);
        // It is the minimum of the loss: a slope 5 % either side fits worse.
        for factor in [0.95, 1.05] {
            assert!(log_loss(&data, WinModel::new(fit.slope * factor)) > fit.log_loss);
        }
    }

    #[test]
    fn no_slope_is_fitted_from_nothing_or_from_level_positions_only() {
        assert_eq!(fit_slope(&[]), None);
        let level = ScoreCounts {
            score: 0,
            wins: 3,
            draws: 1,
            losses: 2,
        };
        assert_eq!(fit_slope(&[level]), None);
    }
}
