//! The data of the win-probability fit and its figure (native only): positions from
//! self-play games with the engine's score and how the game ended, counted per score (the
//! sufficient statistic of the one-parameter fit, so the CSV alone reproduces it), a bootstrap
//! over games for the slope's uncertainty, and an SVG of the observed result per score bin
//! against the fitted curve.

use super::selfplay::RecordedGame;
use super::winprob::{fit_slope, ScoreCounts, WinModel};
use engine::levels::Rng;
use engine::search::WIN_THRESHOLD;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One game's fit positions: score for the side to move and its result (0, ½, 1).
type GameSamples = Vec<(i32, f64)>;

/// The positions of a set of games, kept per game for the bootstrap.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Per game, its positions' scores and results.
    pub games: Vec<GameSamples>,
    /// Positions scored as a forced win or loss (left out of the fit: they are certain).
    pub forced: u64,
    /// Of those, how many ended as the score said (the side with the forced win won).
    pub forced_right: u64,
}

impl Samples {
    /// The positions of `games` with a searched score in points (the random opening moves
    /// and forced results are left out; forced results are checked against the ending).
    pub fn from_games<M>(games: &[RecordedGame<M>]) -> Samples {
        let mut samples = Samples::default();
        for game in games {
            let mut positions = Vec::new();
            for (ply, score) in game.scores.iter().enumerate() {
                let Some(score) = *score else { continue };
                let result = game.result_for(game.side_at(ply));
                if score.abs() >= WIN_THRESHOLD {
                    samples.forced += 1;
                    if (score > 0 && result == 1.0) || (score < 0 && result == 0.0) {
                        samples.forced_right += 1;
                    }
                } else {
                    positions.push((score, result));
                }
            }
            samples.games.push(positions);
        }
        samples
    }

    /// The positions counted per score, lowest score first.
    pub fn counts(&self) -> Vec<ScoreCounts> {
        counts_of(self.games.iter())
    }

    /// The slope's 95 % interval from `rounds` resamplings of whole games (positions of one
    /// game are not independent; the games are), seeded.
    pub fn bootstrap(&self, rounds: usize, seed: u64) -> Option<(f64, f64)> {
        if self.games.is_empty() || rounds == 0 {
            return None;
        }
        let mut rng = Rng::new(seed);
        let mut slopes = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            let picked: Vec<&GameSamples> = (0..self.games.len())
                .map(|_| &self.games[rng.below(self.games.len() as u64) as usize])
                .collect();
            if let Some(fit) = fit_slope(&counts_of(picked.into_iter())) {
                slopes.push(fit.slope);
            }
        }
        if slopes.is_empty() {
            return None;
        }
        slopes.sort_by(f64::total_cmp);
        let at = |q: f64| slopes[((slopes.len() - 1) as f64 * q).round() as usize];
        Some((at(0.025), at(0.975)))
    }
}

fn counts_of<'a>(games: impl Iterator<Item = &'a GameSamples>) -> Vec<ScoreCounts> {
    let mut by_score: BTreeMap<i32, ScoreCounts> = BTreeMap::new();
    for game in games {
        for &(score, result) in game {
            let entry = by_score.entry(score).or_insert(ScoreCounts {
                score,
                ..ScoreCounts::default()
            });
            if result == 1.0 {
                entry.wins += 1;
            } else if result == 0.0 {
                entry.losses += 1;
            } else {
                entry.draws += 1;
            }
        }
    }
    by_score.into_values().collect()
}

/// The CSV header.
pub const CSV_HEADER: &str = "score,wins,draws,losses";

/// The counts as CSV: a header, then `score,wins,draws,losses` per score.
pub fn to_csv(counts: &[ScoreCounts]) -> String {
    let mut text = String::with_capacity(counts.len() * 16 + 32);
    text.push_str(CSV_HEADER);
    text.push('\n');
    for c in counts {
        let _ = writeln!(text, "{},{},{},{}", c.score, c.wins, c.draws, c.losses);
    }
    text
}

/// Reads [`to_csv`]'s form back, or says which line is wrong.
pub fn from_csv(text: &str) -> Result<Vec<ScoreCounts>, String> {
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some(CSV_HEADER) {
        return Err(format!("the first line must be '{CSV_HEADER}'"));
    }
    lines
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let fields: Vec<&str> = line.trim().split(',').collect();
            let bad = || format!("line {}: '{line}' is not four numbers", i + 2);
            if fields.len() != 4 {
                return Err(bad());
            }
            let number = |k: usize| fields[k].parse::<u32>().map_err(|_| bad());
            Ok(ScoreCounts {
                score: fields[0].parse().map_err(|_| bad())?,
                wins: number(1)?,
                draws: number(2)?,
                losses: number(3)?,
            })
        })
        .collect()
}

/// One bin of the figure: positions whose score falls in `[low, low + width)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    /// The mean score of its positions.
    pub mean_score: f64,
    /// Positions in it.
    pub positions: u32,
    /// Their mean result for the side to move.
    pub observed: f64,
}

/// The counts gathered in bins `width` points wide (centred on 0), those with positions.
pub fn bins(counts: &[ScoreCounts], width: i32) -> Vec<Bin> {
    let mut by_bin: BTreeMap<i32, (f64, u32, f64)> = BTreeMap::new();
    for c in counts {
        let bin = (c.score as f64 / width as f64).round() as i32;
        let entry = by_bin.entry(bin).or_default();
        entry.0 += c.score as f64 * c.total() as f64;
        entry.1 += c.total();
        entry.2 += c.points();
    }
    by_bin
        .into_values()
        .filter(|(_, n, _)| *n > 0)
        .map(|(sum, n, points)| Bin {
            mean_score: sum / n as f64,
            positions: n,
            observed: points / n as f64,
        })
        .collect()
}

/// The figure: observed mean result per bin (dots sized by positions, with 95 % bars) against
/// the fitted curve, and lichess's chess curve for comparison, over scores within `range`.
pub fn svg(
    counts: &[ScoreCounts],
    model: WinModel,
    bin_width: i32,
    range: i32,
    title: &str,
) -> String {
    let (w, h) = (720.0, 460.0);
    let (left, right, top, bottom) = (70.0, 20.0, 40.0, 60.0);
    let plot_w = w - left - right;
    let plot_h = h - top - bottom;
    let x = |score: f64| left + (score + range as f64) / (2.0 * range as f64) * plot_w;
    let y = |p: f64| top + (1.0 - p) * plot_h;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        w / 2.0,
        escape(title)
    );
    // Grid and axes.
    for i in 0..=10 {
        let p = i as f64 / 10.0;
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{y:.1}" x2="{x2}" y2="{y:.1}" stroke="#e4e4e4"/><text x="{tx}" y="{ty:.1}" text-anchor="end">{p:.1}</text>"##,
            y = y(p),
            x2 = w - right,
            tx = left - 6.0,
            ty = y(p) + 4.0
        );
    }
    let step = (range / 5).max(1);
    let mut tick = -range;
    while tick <= range {
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{top}" x2="{x:.1}" y2="{b}" stroke="#e4e4e4"/><text x="{x:.1}" y="{ty}" text-anchor="middle">{tick}</text>"##,
            x = x(tick as f64),
            b = h - bottom,
            ty = h - bottom + 18.0
        );
        tick += step;
    }
    let _ = writeln!(
        s,
        r##"<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#444"/>"##
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">engine score for the side to move (points)</text>"#,
        left + plot_w / 2.0,
        h - 16.0
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(18 {}) rotate(-90)" text-anchor="middle">side to move's result (win 1, draw ½)</text>"#,
        top + plot_h / 2.0
    );
    // Curves.
    let curve = |slope: f64| {
        let mut points = String::new();
        let mut score = -range;
        while score <= range {
            let p = WinModel::new(slope).of_points(score as f64);
            let _ = write!(points, "{:.1},{:.1} ", x(score as f64), y(p));
            score += (range / 100).max(1);
        }
        points
    };
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#999" stroke-width="1.5" stroke-dasharray="5 4"/>"##,
        curve(0.003_682_08)
    );
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#c0392b" stroke-width="2.5"/>"##,
        curve(model.slope)
    );
    // Observed bins.
    let bins: Vec<Bin> = bins(counts, bin_width)
        .into_iter()
        .filter(|b| b.mean_score.abs() <= range as f64)
        .collect();
    let most = bins.iter().map(|b| b.positions).max().unwrap_or(1) as f64;
    for b in &bins {
        let half = 1.96 * (b.observed * (1.0 - b.observed) / b.positions as f64).sqrt();
        let cx = x(b.mean_score);
        let _ = writeln!(
            s,
            r##"<line x1="{cx:.1}" y1="{:.1}" x2="{cx:.1}" y2="{:.1}" stroke="#2c3e50"/><circle cx="{cx:.1}" cy="{:.1}" r="{:.1}" fill="#2c3e50" fill-opacity="0.75"><title>{:.0} points: {} positions, observed {:.3}, fitted {:.3}</title></circle>"##,
            y((b.observed - half).max(0.0)),
            y((b.observed + half).min(1.0)),
            y(b.observed),
            2.0 + 5.0 * (b.positions as f64 / most).sqrt(),
            b.mean_score,
            b.positions,
            b.observed,
            model.of_points(b.mean_score)
        );
    }
    // Legend.
    let lx = left + 14.0;
    let ly = top + 16.0;
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="300" height="62" fill="white" stroke="#ccc"/>"##,
        lx - 8.0,
        ly - 12.0
    );
    let _ = writeln!(
        s,
        r##"<circle cx="{lx}" cy="{ly}" r="4" fill="#2c3e50"/><text x="{}" y="{}">observed, per {bin_width}-point bin (95 % bars)</text>"##,
        lx + 12.0,
        ly + 4.0
    );
    let _ = writeln!(
        s,
        r##"<line x1="{}" y1="{y2}" x2="{}" y2="{y2}" stroke="#c0392b" stroke-width="2.5"/><text x="{}" y="{}">fitted: 1 / (1 + e^(−{:.6}·score))</text>"##,
        lx - 6.0,
        lx + 6.0,
        lx + 12.0,
        ly + 24.0,
        model.slope,
        y2 = ly + 20.0
    );
    let _ = writeln!(
        s,
        r##"<line x1="{}" y1="{y3}" x2="{}" y2="{y3}" stroke="#999" stroke-width="1.5" stroke-dasharray="5 4"/><text x="{}" y="{}">lichess's chess curve (0.003682 per centipawn)</text>"##,
        lx - 6.0,
        lx + 6.0,
        lx + 12.0,
        ly + 44.0,
        y3 = ly + 40.0
    );
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::search::WIN_SCORE;
    use engine::Ending;

    fn game(scores: &[Option<i32>], winner: Option<usize>) -> RecordedGame<u8> {
        RecordedGame {
            moves: vec![0; scores.len()],
            scores: scores.to_vec(),
            first_side: 0,
            ending: Some(Ending {
                winner,
                reason: "test",
            }),
        }
    }

    #[test]
    fn positions_are_counted_for_the_side_to_move_and_forced_scores_are_checked_not_fitted() {
        // Side 0 wins; plies alternate sides from side 0.
        let g = game(
            &[None, Some(50), Some(-80), Some(50), Some(WIN_SCORE - 3)],
            Some(0),
        );
        let samples = Samples::from_games(&[g]);
        assert_eq!(samples.games[0], [(50, 0.0), (-80, 1.0), (50, 0.0)]);
        assert_eq!((samples.forced, samples.forced_right), (1, 1));
        let counts = samples.counts();
        assert_eq!(
            counts,
            [
                ScoreCounts {
                    score: -80,
                    wins: 1,
                    draws: 0,
                    losses: 0
                },
                ScoreCounts {
                    score: 50,
                    wins: 0,
                    draws: 0,
                    losses: 2
                }
            ]
        );
    }

    #[test]
    fn the_csv_reads_back_and_a_bad_line_is_named() {
        let counts = vec![
            ScoreCounts {
                score: -12,
                wins: 1,
                draws: 2,
                losses: 3,
            },
            ScoreCounts {
                score: 40,
                wins: 7,
                draws: 0,
                losses: 1,
            },
        ];
        assert_eq!(from_csv(&to_csv(&counts)), Ok(counts));
        let error = from_csv("score,wins,draws,losses\n1,2,3,4\n5,x,7,8\n").unwrap_err();
        assert!(error.starts_with("line 3:"), "{error}");
        assert!(from_csv("a,b\n").is_err());
    }

    #[test]
    fn bins_average_the_scores_and_results_inside_them() {
        let counts = [
            ScoreCounts {
                score: 90,
                wins: 3,
                draws: 0,
                losses: 1,
            },
            ScoreCounts {
                score: 110,
                wins: 0,
                draws: 4,
                losses: 0,
            },
        ];
        let bins = bins(&counts, 100);
        assert_eq!(bins.len(), 1);
        assert_eq!(bins[0].positions, 8);
        assert!((bins[0].mean_score - 100.0).abs() < 1e-9);
        assert!((bins[0].observed - 5.0 / 8.0).abs() < 1e-9);
    }
}
