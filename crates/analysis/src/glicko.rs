//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation
//! (how unsure the rating is) and its volatility (how erratic the player is), updated once per
//! rating period from that period's results. Pure arithmetic, no game in it.

use serde::{Deserialize, Serialize};

/// Glicko-2's factor between the Glicko scale (1500-centred) and its own (0-centred).
pub const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility's iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A player's (or a puzzle's) rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (a newcomer: 1500).
    pub rating: f64,
    /// The rating deviation (a newcomer: 350).
    pub deviation: f64,
    /// The volatility (a newcomer: 0.06).
    pub volatility: f64,
}

impl Rating {
    /// A newcomer's rating as the paper recommends: 1500, deviation 350, volatility 0.06.
    pub const NEWCOMER: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEWCOMER
    }
}

/// One result of a rating period: the opponent and the score (1 win, ½ draw, 0 loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// The player's score against it.
    pub score: f64,
}

/// The intermediate quantities of an update, named as in the paper (step 3 and 4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimates {
    /// The estimated variance of the rating from the results alone (`v`).
    pub variance: f64,
    /// The estimated improvement in rating (`Δ`).
    pub improvement: f64,
}

/// The system's constant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko2 {
    /// τ: how much the volatility may change (the paper suggests 0.3 to 1.2; smaller for
    /// steadier players).
    pub tau: f64,
}

impl Glicko2 {
    /// The system with constant τ.
    pub const fn new(tau: f64) -> Glicko2 {
        Glicko2 { tau }
    }

    /// The rating after a period with these results; a period without results only widens
    /// the deviation (the paper's last step).
    pub fn update(&self, player: Rating, results: &[Outcome]) -> Rating {
        let (updated, _) = self.update_with_estimates(player, results);
        updated
    }

    /// [`Glicko2::update`] with the paper's intermediate `v` and `Δ` (`None` without results).
    pub fn update_with_estimates(
        &self,
        player: Rating,
        results: &[Outcome],
    ) -> (Rating, Option<Estimates>) {
        let mu = (player.rating - 1500.0) / SCALE;
        let phi = player.deviation / SCALE;
        let sigma = player.volatility;
        if results.is_empty() {
            let widened = (phi * phi + sigma * sigma).sqrt();
            return (
                Rating {
                    deviation: widened * SCALE,
                    ..player
                },
                None,
            );
        }
        // Step 3 and 4: the variance from the results alone, and the improvement they show.
        let mut inverse_variance = 0.0;
        let mut weighted_surprise = 0.0;
        for result in results {
            let mu_j = (result.opponent.rating - 1500.0) / SCALE;
            let g = g(result.opponent.deviation / SCALE);
            let e = expected(mu, mu_j, g);
            inverse_variance += g * g * e * (1.0 - e);
            weighted_surprise += g * (result.score - e);
        }
        let v = 1.0 / inverse_variance;
        let delta = v * weighted_surprise;
        // Step 5: the new volatility.
        let sigma = self.volatility(phi, sigma, v, delta);
        // Step 6 and 7: the deviation widened by it, then narrowed by the results.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * weighted_surprise;
        (
            Rating {
                rating: mu * SCALE + 1500.0,
                deviation: phi * SCALE,
                volatility: sigma,
            },
            Some(Estimates {
                variance: v,
                improvement: delta,
            }),
        )
    }

    /// Step 5: the new volatility, the root of the paper's `f` by its Illinois iteration.
    fn volatility(&self, phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
        let tau = self.tau;
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        // Bounded: the iteration converges in a few dozen steps; a pathological input must
        // not loop for ever.
        for _ in 0..200 {
            if (big_b - big_a).abs() <= EPSILON {
                break;
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        (big_a / 2.0).exp()
    }
}

/// How much an opponent's uncertainty damps a result (`g(φ)`).
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score against an opponent at `mu_j` damped by `g`.
fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}

/// The expected score of `player` against `opponent` (Glicko-2's `E`).
pub fn expected_score(player: Rating, opponent: Rating) -> f64 {
    expected(
        (player.rating - 1500.0) / SCALE,
        (opponent.rating - 1500.0) / SCALE,
        g(opponent.deviation / SCALE),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The worked example of Glickman's paper: a player at 1500 (RD 200, σ 0.06), τ = 0.5,
    /// beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300).
    #[test]
    fn the_papers_worked_example() {
        let player = rating(1500.0, 200.0);
        let results = [
            Outcome {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let (after, estimates) = Glicko2::new(0.5).update_with_estimates(player, &results);
        let estimates = estimates.expect("results were given");
        // The paper: v = 1.7785, Δ = −0.4834 (worked with intermediate values rounded to four
        // places, hence the looser tolerance), σ' = 0.05999, r' = 1464.06, RD' = 151.52.
        assert!((estimates.variance - 1.7785).abs() < 0.001, "{estimates:?}");
        assert!(
            (estimates.improvement - -0.4834).abs() < 0.001,
            "{estimates:?}"
        );
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
        // Unrounded arithmetic gives 1464.0507: the paper's rounding is worth 0.01.
        assert!((after.rating - 1464.06).abs() < 0.02, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let player = rating(1620.0, 80.0);
        let after = Glicko2::new(0.5).update(player, &[]);
        assert_eq!(after.rating, 1620.0);
        assert_eq!(after.volatility, 0.06);
        // φ* = √(φ² + σ²) on Glicko-2's scale.
        let expected = ((80.0 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-9);
        assert!(after.deviation > 80.0);
    }

    #[test]
    fn beating_a_stronger_opponent_gains_more_than_beating_a_weaker_one() {
        let system = Glicko2::new(0.5);
        let player = rating(1500.0, 100.0);
        let win = |opponent: f64| {
            system
                .update(
                    player,
                    &[Outcome {
                        opponent: rating(opponent, 80.0),
                        score: 1.0,
                    }],
                )
                .rating
                - 1500.0
        };
        assert!(win(1800.0) > win(1500.0));
        assert!(win(1500.0) > win(1200.0));
        assert!(win(1200.0) > 0.0);
        assert!((expected_score(player, rating(1500.0, 80.0)) - 0.5).abs() < 1e-12);
    }
}
