//! Texel tuning of a game's evaluation weights: the weights that make the static score of
//! quiet positions from self-play predict the games' results best. A position's predicted
//! result is the logistic `1 / (1 + e^(-k·score/400))` of its score for the side to move, `k`
//! fitted first; the tuner then moves one named weight at a time ([`SearchGame::weights`],
//! [`SearchGame::set_weight`]) while the mean squared error falls, halving a weight's step when
//! neither direction helps, and fits `k` again after each pass over the weights (held at the
//! start's, a scale fitted to poor starting weights would make the tuner inflate the selected
//! weights against the others to widen the scores). A penalty on the squared distance from
//! the starting weights keeps rare terms (seen in few positions) from running off; a share of
//! the games is held out to show whether the gain is real.
//!
//! Native tools drive it (`shogi tune`); the games come from the analysis crate's `selfplay`.

use super::game::SearchGame;

/// A quiet position of a played game and how the game ended for its side to move.
#[derive(Clone, Copy, Debug)]
pub struct Sample<P> {
    /// The position.
    pub position: P,
    /// 1 the side to move won, 0 it lost, ½ a draw.
    pub result: f64,
}

/// How to tune.
#[derive(Clone, Debug)]
pub struct TuneSettings {
    /// Which weights move: names, or prefixes ending in `*` (`check.*`); empty: all.
    pub select: Vec<String>,
    /// Passes over the weights at most.
    pub passes: usize,
    /// Penalty per squared point a weight moves from where it started (in squared-error units).
    pub regularisation: f64,
    /// The first step of each weight, in points.
    pub step: i32,
}

impl Default for TuneSettings {
    fn default() -> Self {
        TuneSettings {
            select: Vec::new(),
            passes: 6,
            regularisation: 1e-8,
            step: 8,
        }
    }
}

/// What tuning did.
#[derive(Clone, Debug)]
pub struct TuneReport<Params> {
    /// The tuned weights.
    pub params: Params,
    /// The logistic's scale, as refitted after the last pass.
    pub k: f64,
    /// Mean squared error on the training positions, before and after.
    pub train_error: (f64, f64),
    /// Mean squared error on the held-out positions, before and after.
    pub test_error: (f64, f64),
    /// The weights that moved: name, value before, value after.
    pub changed: Vec<(String, i32, i32)>,
}

/// The predicted result (0 to 1, for the side to move) of a score with scale `k`.
pub fn logistic(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + (-k * score / 400.0).exp())
}

/// The mean squared error of `params`' predictions over `samples` (0 for none).
pub fn mean_error<G: SearchGame>(
    params: &G::Params,
    k: f64,
    samples: &[Sample<G::Position>],
) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let game = G::new(params.clone());
    let total: f64 = samples
        .iter()
        .map(|s| {
            let miss = s.result - logistic(k, game.evaluate(&s.position) as f64);
            miss * miss
        })
        .sum();
    total / samples.len() as f64
}

/// The scale `k` that fits `params`' scores to the results best (a search over 0.01–5).
pub fn fit_scale<G: SearchGame>(params: &G::Params, samples: &[Sample<G::Position>]) -> f64 {
    let mut k = 1.0;
    let mut best = mean_error::<G>(params, k, samples);
    for step in [0.5, 0.2, 0.1, 0.05, 0.02, 0.01] {
        loop {
            let better = [k + step, k - step]
                .into_iter()
                .filter(|c| (0.01..=5.0).contains(c))
                .map(|c| (c, mean_error::<G>(params, c, samples)))
                .find(|(_, e)| *e < best);
            match better {
                Some((c, e)) => (k, best) = (c, e),
                None => break,
            }
        }
    }
    k
}

/// Whether `name` is one of the selected weights (`select`: names, or prefixes ending in `*`;
/// empty: all).
pub fn selected(name: &str, select: &[String]) -> bool {
    select.is_empty()
        || select.iter().any(|s| match s.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => name == s,
        })
}

/// Tunes the selected weights of `start` on `train`, reporting the error on `test` too;
/// `on_pass(pass, train error, test error)` after each pass. An error when nothing is selected.
pub fn tune<G: SearchGame>(
    start: &G::Params,
    train: &[Sample<G::Position>],
    test: &[Sample<G::Position>],
    settings: &TuneSettings,
    on_pass: &mut dyn FnMut(usize, f64, f64),
) -> Result<TuneReport<G::Params>, String> {
    let initial = G::weights(start);
    let names: Vec<&String> = initial
        .iter()
        .map(|(name, _)| name)
        .filter(|name| selected(name, &settings.select))
        .collect();
    if names.is_empty() {
        return Err("no weight is selected".into());
    }
    if train.is_empty() {
        return Err("no positions to tune on".into());
    }
    let start_k = fit_scale::<G>(start, train);
    let penalty = |params: &G::Params| -> f64 {
        let moved: f64 = G::weights(params)
            .iter()
            .zip(&initial)
            .map(|((_, now), (_, was))| ((now - was) as f64).powi(2))
            .sum();
        moved * settings.regularisation
    };
    let objective =
        |params: &G::Params, k: f64| mean_error::<G>(params, k, train) + penalty(params);
    let value_of = |params: &G::Params, name: &str| {
        G::weights(params)
            .into_iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, v)| v)
    };
    let with = |params: &G::Params, name: &str, value: i32| -> Result<G::Params, String> {
        let mut changed = params.clone();
        G::set_weight(&mut changed, name, value)?;
        Ok(changed)
    };
    let mut params = start.clone();
    let mut k = start_k;
    let mut best = objective(&params, k);
    let mut steps = vec![settings.step.max(1); names.len()];
    for pass in 0..settings.passes {
        let mut moved_any = false;
        for (name, step) in names.iter().zip(steps.iter_mut()) {
            let mut moved = false;
            for direction in [1, -1] {
                // Go on in a direction while it helps.
                loop {
                    let value = value_of(&params, name) + direction * *step;
                    let candidate = with(&params, name, value)?;
                    let error = objective(&candidate, k);
                    if error >= best {
                        break;
                    }
                    (params, best, moved) = (candidate, error, true);
                }
                if moved {
                    break;
                }
            }
            if moved {
                moved_any = true;
            } else if *step > 1 {
                *step /= 2;
            }
        }
        // The scale refitted to the moved weights: held at the start's, a tuner could only
        // widen or narrow the scores by moving the selected weights, against the others.
        let refitted = fit_scale::<G>(&params, train);
        let rescaled = refitted != k;
        if rescaled {
            k = refitted;
            best = objective(&params, k);
        }
        on_pass(
            pass,
            mean_error::<G>(&params, k, train),
            mean_error::<G>(&params, k, test),
        );
        if !moved_any && !rescaled && steps.iter().all(|&s| s == 1) {
            break;
        }
    }
    let changed = initial
        .iter()
        .zip(G::weights(&params))
        .filter(|((_, was), (_, now))| was != now)
        .map(|((name, was), (_, now))| (name.clone(), *was, now))
        .collect();
    Ok(TuneReport {
        k,
        train_error: (
            mean_error::<G>(start, start_k, train),
            mean_error::<G>(&params, k, train),
        ),
        test_error: (
            mean_error::<G>(start, start_k, test),
            mean_error::<G>(&params, k, test),
        ),
        params,
        changed,
    })
}
