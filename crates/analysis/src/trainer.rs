//! The puzzle trainer's memory of a player: a Glicko-2 rating, the streak, counts and the
//! puzzles seen, stored by the page like a saved game (versioned JSON), and which puzzle to
//! give next.
//!
//! # The rating rule
//! Each attempt is one Glicko-2 rating period with one game: the player against the puzzle,
//! a win when solved without a wrong move, hint or solution, a loss otherwise. The puzzle
//! plays as an opponent rated its [`super::Puzzle::rating`] with a fixed deviation of
//! [`PUZZLE_DEVIATION`] (puzzle ratings are estimates from search effort, not learnt from
//! players, so they count as fairly but not perfectly known), τ = [`PUZZLE_TAU`]. The player's
//! deviation is kept within [`MIN_DEVIATION`]–350, so that the rating keeps following a
//! player who improves, as lichess does with its puzzle ratings. A newcomer starts at
//! 1500 ± 350; the rating is provisional while the deviation is above
//! [`PROVISIONAL_DEVIATION`] (lichess's mark for a "?").

use super::glicko::{Glicko2, Outcome, Rating};
use super::puzzle::PuzzleSet;
use serde::{Deserialize, Serialize};

/// The version of the stored profile; a profile of another version is set aside.
pub const PROFILE_VERSION: u32 = 1;
/// The deviation a puzzle plays with.
pub const PUZZLE_DEVIATION: f64 = 80.0;
/// Glicko-2's τ for puzzle ratings.
pub const PUZZLE_TAU: f64 = 0.5;
/// The player's deviation never goes below this.
pub const MIN_DEVIATION: f64 = 45.0;
/// Above this deviation the rating is shown as provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// How many recently tried puzzles are remembered (not offered again while others remain).
pub const RECENT_LIMIT: usize = 400;
/// The most one miss costs, rating points. A newcomer's wide deviation would make a first miss
/// cost about 175 (Glicko-2 from 1500 ± 350 against a puzzle of 1500), which reads as a
/// punishment for trying; gains are not capped, so a strong newcomer still climbs fast, and once
/// the deviation has narrowed a miss costs less than this anyway.
pub const MAX_LOSS: f64 = 60.0;

/// What the trainer remembers of a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleProfile {
    /// [`PROFILE_VERSION`].
    pub version: u32,
    /// The player's puzzle rating.
    pub rating: Rating,
    /// Puzzles solved in a row, up to now.
    pub streak: u32,
    /// The longest streak so far.
    pub best_streak: u32,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
    /// The ids of the puzzles tried lately, the latest last.
    pub recent: Vec<String>,
    /// The latest attempts, the latest last (at most [`HISTORY_LIMIT`]; absent in profiles
    /// written before it was kept).
    #[serde(default)]
    pub history: Vec<HistoryEntry>,
}

/// One attempt as the history keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// The puzzle's id.
    pub id: String,
    /// Solved cleanly.
    pub solved: bool,
    /// The player's rating after it, rounded.
    pub rating: i32,
}

/// How many attempts the history keeps.
pub const HISTORY_LIMIT: usize = 100;

impl Default for PuzzleProfile {
    fn default() -> PuzzleProfile {
        PuzzleProfile::new()
    }
}

/// What one attempt changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
}

impl RatingChange {
    /// The difference, rounded as shown (`+12`, `-9`).
    pub fn shown(&self) -> i64 {
        self.after.round() as i64 - self.before.round() as i64
    }
}

impl PuzzleProfile {
    /// A newcomer's profile.
    pub fn new() -> PuzzleProfile {
        PuzzleProfile {
            version: PROFILE_VERSION,
            rating: Rating::NEWCOMER,
            streak: 0,
            best_streak: 0,
            solved: 0,
            failed: 0,
            recent: Vec::new(),
            history: Vec::new(),
        }
    }

    /// Checks a profile read from storage (the page parses the JSON; this crate's rules stay
    /// free of a JSON reader): an error naming the problem when it is of another version or
    /// holds values no profile can have (a rating, deviation or volatility that is not a finite
    /// positive number), so that the page starts afresh and says why.
    pub fn checked(self) -> Result<PuzzleProfile, String> {
        if self.version != PROFILE_VERSION {
            return Err(format!(
                "the stored puzzle rating is of format version {}, this page reads version \
                 {PROFILE_VERSION}",
                self.version
            ));
        }
        let Rating {
            rating,
            deviation,
            volatility,
        } = self.rating;
        let sound = |value: f64, most: f64| value.is_finite() && value > 0.0 && value <= most;
        if !(sound(rating, 10_000.0) && sound(deviation, 1_000.0) && sound(volatility, 1.0)) {
            return Err(format!(
                "the stored puzzle rating holds impossible values ({rating}, {deviation}, \
                 {volatility})"
            ));
        }
        Ok(self)
    }

    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.rating.deviation > PROVISIONAL_DEVIATION
    }

    /// Notes the puzzle `id` as seen but left unfinished (the player asked for another): not
    /// offered again soon, the rating and the streak untouched.
    pub fn skip(&mut self, id: &str) {
        self.remember(id);
    }

    fn remember(&mut self, id: &str) {
        self.recent.retain(|r| r != id);
        self.recent.push(id.to_string());
        if self.recent.len() > RECENT_LIMIT {
            let extra = self.recent.len() - RECENT_LIMIT;
            self.recent.drain(..extra);
        }
    }

    /// Records an attempt at the puzzle `id` rated `puzzle_rating`: solved cleanly or not.
    pub fn record(&mut self, id: &str, puzzle_rating: u32, solved: bool) -> RatingChange {
        let before = self.rating.rating;
        let opponent = Rating {
            rating: puzzle_rating as f64,
            deviation: PUZZLE_DEVIATION,
            volatility: Rating::NEWCOMER.volatility,
        };
        let outcome = Outcome {
            opponent,
            score: if solved { 1.0 } else { 0.0 },
        };
        let mut rating = Glicko2::new(PUZZLE_TAU).update(self.rating, &[outcome]);
        rating.deviation = rating
            .deviation
            .clamp(MIN_DEVIATION, Rating::NEWCOMER.deviation);
        rating.rating = rating.rating.max(before - MAX_LOSS);
        self.rating = rating;
        if solved {
            self.solved += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.failed += 1;
            self.streak = 0;
        }
        self.remember(id);
        self.history.push(HistoryEntry {
            id: id.to_string(),
            solved,
            rating: self.rating.rating.round() as i32,
        });
        if self.history.len() > HISTORY_LIMIT {
            let extra = self.history.len() - HISTORY_LIMIT;
            self.history.drain(..extra);
        }
        RatingChange {
            before,
            after: self.rating.rating,
        }
    }
}

/// How hard the next puzzle should be compared with the player's rating (lichess's steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// 600 below.
    Easiest,
    /// 300 below.
    Easier,
    /// At the player's rating.
    Normal,
    /// 300 above.
    Harder,
    /// 600 above.
    Hardest,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easiest,
        Difficulty::Easier,
        Difficulty::Normal,
        Difficulty::Harder,
        Difficulty::Hardest,
    ];

    /// A stable machine name (`easiest` … `hardest`).
    pub const fn code(self) -> &'static str {
        match self {
            Difficulty::Easiest => "easiest",
            Difficulty::Easier => "easier",
            Difficulty::Normal => "normal",
            Difficulty::Harder => "harder",
            Difficulty::Hardest => "hardest",
        }
    }

    /// The difficulty named `code`, if any.
    pub fn of_code(code: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.code() == code)
    }

    /// The rating offset it aims at.
    pub const fn offset(self) -> f64 {
        match self {
            Difficulty::Easiest => -600.0,
            Difficulty::Easier => -300.0,
            Difficulty::Normal => 0.0,
            Difficulty::Harder => 300.0,
            Difficulty::Hardest => 600.0,
        }
    }
}

/// How many of the nearest puzzles the next one is drawn from (so that two players of one
/// rating do not get the same sequence).
pub const CHOICES: usize = 6;

/// The index of the next puzzle for `profile` in `set`: one with `theme` (any when `None`),
/// not tried lately while such remain, among the [`CHOICES`] rated nearest to the player's
/// rating plus the difficulty's offset, picked by `random`. `None` when no puzzle has the
/// theme.
pub fn choose_puzzle(
    set: &PuzzleSet,
    profile: &PuzzleProfile,
    theme: Option<&str>,
    difficulty: Difficulty,
    random: u64,
) -> Option<usize> {
    let with_theme: Vec<usize> = (0..set.puzzles.len())
        .filter(|&i| theme.is_none_or(|t| set.puzzles[i].has_theme(t)))
        .collect();
    if with_theme.is_empty() {
        return None;
    }
    let fresh: Vec<usize> = with_theme
        .iter()
        .copied()
        .filter(|&i| !profile.recent.contains(&set.puzzles[i].id))
        .collect();
    let mut pool = if fresh.is_empty() {
        // All tried lately: the ones tried longest ago first, by nearness within them.
        let age = |i: usize| {
            profile
                .recent
                .iter()
                .position(|id| *id == set.puzzles[i].id)
                .unwrap_or(0)
        };
        let mut oldest = with_theme;
        oldest.sort_by_key(|&i| age(i));
        oldest.truncate((oldest.len() / 2).max(1));
        oldest
    } else {
        fresh
    };
    let target = profile.rating.rating + difficulty.offset();
    pool.sort_by(|&a, &b| {
        let da = (set.puzzles[a].rating as f64 - target).abs();
        let db = (set.puzzles[b].rating as f64 - target).abs();
        da.total_cmp(&db).then(a.cmp(&b))
    });
    let choices = pool.len().min(CHOICES);
    Some(pool[(random % choices as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Goal, Puzzle, PUZZLES_VERSION};

    fn set(ratings: &[(u32, &str)]) -> PuzzleSet {
        PuzzleSet {
            version: PUZZLES_VERSION,
            game: "jungle".into(),
            puzzles: ratings
                .iter()
                .enumerate()
                .map(|(i, (rating, theme))| Puzzle {
                    id: format!("p{i}"),
                    position: String::new(),
                    last: None,
                    side: "black".into(),
                    goal: Goal::Win,
                    line: vec!["a1a2".into()],
                    themes: vec![theme.to_string()],
                    rating: *rating,
                })
                .collect(),
        }
    }

    #[test]
    fn solving_raises_the_rating_and_the_streak_and_failing_ends_the_streak() {
        let mut profile = PuzzleProfile::new();
        assert!(profile.provisional());
        let change = profile.record("a", 1500, true);
        assert!(change.after > change.before && change.shown() > 0);
        profile.record("b", 1600, true);
        assert_eq!(
            (profile.streak, profile.best_streak, profile.solved),
            (2, 2, 2)
        );
        let before = profile.rating.rating;
        profile.record("c", 1400, false);
        assert!(profile.rating.rating < before);
        assert_eq!(
            (profile.streak, profile.best_streak, profile.failed),
            (0, 2, 1)
        );
        assert_eq!(profile.recent, ["a", "b", "c"]);
    }

    #[test]
    fn a_newcomers_first_miss_costs_a_sensible_amount() {
        let mut profile = PuzzleProfile::new();
        let change = profile.record("a", 1500, false);
        let lost = change.before - change.after;
        assert!(lost > 0.0 && lost <= MAX_LOSS, "{lost}");
        // A first solve is not capped: a strong newcomer climbs fast.
        let mut other = PuzzleProfile::new();
        let change = other.record("a", 1500, true);
        assert!(change.after - change.before > 100.0, "{change:?}");
    }

    #[test]
    fn the_rating_settles_near_the_level_a_player_solves_half_of() {
        // A player who solves every puzzle under 1800 and fails every one above, alternating.
        let mut profile = PuzzleProfile::new();
        for i in 0..300 {
            let rating = if i % 2 == 0 { 1700 } else { 1900 };
            profile.record(&format!("p{i}"), rating, rating < 1800);
        }
        assert!((profile.rating.rating - 1800.0).abs() < 60.0, "{profile:?}");
        assert!(!profile.provisional());
        assert!(profile.rating.deviation >= MIN_DEVIATION);
        assert_eq!(profile.recent.len(), RECENT_LIMIT.min(300));
    }

    #[test]
    fn the_profile_reads_back_what_it_wrote_and_names_its_version() {
        let mut profile = PuzzleProfile::new();
        profile.record("x", 1300, true);
        let text = serde_json::to_string(&profile).unwrap();
        assert!(text.starts_with("{\"version\":1,"), "{text}");
        assert!(text.contains("\"bestStreak\":1"), "{text}");
        let back: PuzzleProfile = serde_json::from_str(&text).unwrap();
        assert_eq!(back, profile);
    }

    #[test]
    fn the_next_puzzle_is_near_the_aimed_rating_has_the_theme_and_was_not_tried_lately() {
        let set = set(&[
            (900, "trap"),
            (1200, "trap"),
            (1500, "trap"),
            (1500, "den-attack"),
            (1800, "trap"),
            (2100, "trap"),
        ]);
        let mut profile = PuzzleProfile::new();
        let pick = |p: &PuzzleProfile, d| {
            (0..12)
                .map(|r| choose_puzzle(&set, p, Some("trap"), d, r).unwrap())
                .collect::<std::collections::BTreeSet<_>>()
        };
        // Among the six nearest of five trap puzzles: all of them, never the den attack.
        assert!(!pick(&profile, Difficulty::Normal).contains(&3));
        let nearest = choose_puzzle(&set, &profile, Some("trap"), Difficulty::Harder, 0);
        assert_eq!(nearest, Some(4));
        assert_eq!(
            choose_puzzle(&set, &profile, Some("trap"), Difficulty::Easiest, 0),
            Some(0)
        );
        profile.recent.push("p4".into());
        // 1500 and 2100 are equally near 1800 now that 1800 was tried; the lower comes first.
        assert_eq!(
            choose_puzzle(&set, &profile, Some("trap"), Difficulty::Harder, 0),
            Some(2)
        );
        assert_eq!(
            choose_puzzle(&set, &profile, Some("trap"), Difficulty::Harder, 1),
            Some(5)
        );
        // Every trap puzzle tried: the half tried longest ago is offered again.
        profile.recent = ["p5", "p0", "p1", "p2", "p4"].map(String::from).to_vec();
        assert_eq!(
            pick(&profile, Difficulty::Normal),
            [5, 0].into_iter().collect()
        );
        assert_eq!(
            choose_puzzle(&set, &profile, Some("river-jump"), Difficulty::Normal, 0),
            None
        );
    }

    #[test]
    fn a_stored_profile_that_is_bad_or_of_another_version_is_refused_with_a_reason() {
        // As the page reads it: JSON, then the profile's own checks.
        let read = |text: &str| {
            serde_json::from_str::<PuzzleProfile>(text)
                .map_err(|e| e.to_string())
                .and_then(PuzzleProfile::checked)
        };
        let mut profile = PuzzleProfile::new();
        profile.record("x", 1700, true);
        let text = serde_json::to_string(&profile).unwrap();
        assert_eq!(read(&text), Ok(profile.clone()));
        assert!(read("{not json").is_err());
        assert!(read("[]").is_err());
        let other = text.replacen("\"version\":1", "\"version\":2", 1);
        assert!(read(&other).unwrap_err().contains("version 2"));
        let missing = text.replacen("\"streak\":1,", "", 1);
        assert!(read(&missing).is_err(), "{missing}");
        let rating = format!("{:.}", profile.rating.rating);
        for bad in ["-5", "0", "1e400", "\"high\""] {
            let bad_text = text.replacen(
                &format!("\"rating\":{rating}"),
                &format!("\"rating\":{bad}"),
                1,
            );
            assert_ne!(bad_text, text);
            assert!(read(&bad_text).is_err(), "{bad_text}");
        }
        // A profile written before the history was kept reads with an empty history.
        let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
        old.as_object_mut().unwrap().remove("history");
        let read = read(&old.to_string()).unwrap();
        assert!(read.history.is_empty());
        assert_eq!(read.rating, profile.rating);
    }

    #[test]
    fn the_history_keeps_each_attempt_with_the_rating_after_it_up_to_its_limit() {
        let mut profile = PuzzleProfile::new();
        let change = profile.record("a", 1500, true);
        profile.record("b", 1500, false);
        assert_eq!(profile.history[0].id, "a");
        assert!(profile.history[0].solved && !profile.history[1].solved);
        assert_eq!(profile.history[0].rating, change.after.round() as i32);
        assert!(profile.history[1].rating < profile.history[0].rating);
        for i in 0..HISTORY_LIMIT + 10 {
            profile.record(&format!("p{i}"), 1500, i % 2 == 0);
        }
        assert_eq!(profile.history.len(), HISTORY_LIMIT);
        assert_eq!(
            profile.history.last().unwrap().id,
            format!("p{}", HISTORY_LIMIT + 9)
        );
    }

    #[test]
    fn difficulties_read_back_from_their_codes() {
        for d in Difficulty::ALL {
            assert_eq!(Difficulty::of_code(d.code()), Some(d));
        }
        assert_eq!(Difficulty::of_code("medium"), None);
        // Easiest to hardest aim ever higher.
        assert!(Difficulty::ALL
            .windows(2)
            .all(|w| w[0].offset() < w[1].offset()));
    }

    #[test]
    fn a_skipped_puzzle_is_not_offered_again_and_moves_nothing() {
        let set = set(&[(1500, "trap"), (1510, "trap")]);
        let mut profile = PuzzleProfile::new();
        let first = choose_puzzle(&set, &profile, None, Difficulty::Normal, 0).unwrap();
        let before = profile.clone();
        profile.skip(&set.puzzles[first].id);
        assert_eq!(
            (profile.rating, profile.streak, profile.history.len()),
            (before.rating, before.streak, 0)
        );
        for random in 0..6 {
            assert_ne!(
                choose_puzzle(&set, &profile, None, Difficulty::Normal, random),
                Some(first)
            );
        }
    }
}
