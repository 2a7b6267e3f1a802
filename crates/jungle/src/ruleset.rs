//! The rule variants and draw rules, with the stable names used in URLs, files and the CLI.
//!
//! Spelling: names separated by commas, in any order; the default rules are `standard` (or the
//! empty string). Names: `tiger-vertical-only`, `repetition-prohibition`, `threefold=on|off`,
//! `nocapture=50|60|off`. Example: `tiger-vertical-only,repetition-prohibition,nocapture=60,threefold=off`.
//! Unknown names are errors.

use common::{rule_names, truncate, write_rule_names};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

/// The no-capture draw limits a game may use, in moves per side.
pub const NO_CAPTURE_CHOICES: [u16; 2] = [50, 60];

/// Which rules a game is played under.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ruleset {
    /// The tiger may jump only vertically (the lion still jumps both ways).
    pub tiger_vertical_only: bool,
    /// The rule against moving one animal back and forth (docs/rules-jungle.md).
    pub repetition_prohibition: bool,
    /// Threefold repetition of a position is a draw.
    pub threefold: bool,
    /// A draw after this many moves per side without a capture (`None`: no such draw).
    /// Read from JSON only as one of [`NO_CAPTURE_CHOICES`], like the text spelling.
    #[serde(default, deserialize_with = "no_capture_choice")]
    pub no_capture_moves: Option<u16>,
}

/// Reads `noCaptureMoves`, refusing limits the rules do not offer (hostile JSON could otherwise
/// set a draw at move 0 or one the text spelling cannot write back).
fn no_capture_choice<'de, D: Deserializer<'de>>(reader: D) -> Result<Option<u16>, D::Error> {
    match Option::<u16>::deserialize(reader)? {
        Some(n) if !NO_CAPTURE_CHOICES.contains(&n) => Err(D::Error::custom(format!(
            "noCaptureMoves must be 50, 60 or null, not {n}"
        ))),
        limit => Ok(limit),
    }
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset {
            tiger_vertical_only: false,
            repetition_prohibition: false,
            threefold: true,
            no_capture_moves: Some(50),
        }
    }
}

/// A ruleset spelling that names an unknown rule or a bad value. Each variant holds the
/// offending text (shortened).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RulesetError {
    /// `nocapture=` with a limit the rules do not offer.
    NoCaptureLimit(String),
    /// `threefold=` with something other than `on` or `off`.
    ThreefoldValue(String),
    /// A name that is no rule.
    UnknownRule(String),
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetError::NoCaptureLimit(value) => {
                write!(f, "nocapture must be 50, 60 or off, not '{value}'")
            }
            RulesetError::ThreefoldValue(value) => {
                write!(f, "threefold must be on or off, not '{value}'")
            }
            RulesetError::UnknownRule(name) => write!(
                f,
                "unknown rule '{name}': use tiger-vertical-only, repetition-prohibition, \
                 threefold=on|off or nocapture=50|60|off"
            ),
        }
    }
}

impl std::error::Error for RulesetError {}

impl Ruleset {
    /// Parses the comma-separated spelling (module docs).
    pub fn parse(text: &str) -> Result<Ruleset, RulesetError> {
        let mut rules = Ruleset::default();
        for item in rule_names(text) {
            match (item.name, item.value) {
                ("tiger-vertical-only", None) => rules.tiger_vertical_only = true,
                ("repetition-prohibition", None) => rules.repetition_prohibition = true,
                ("threefold", None | Some("on")) => rules.threefold = true,
                ("threefold", Some("off")) => rules.threefold = false,
                ("threefold", Some(value)) => {
                    return Err(RulesetError::ThreefoldValue(truncate(value)))
                }
                ("nocapture", Some("off")) => rules.no_capture_moves = None,
                ("nocapture", Some(value)) => {
                    let n = value
                        .parse::<u16>()
                        .ok()
                        .filter(|n| NO_CAPTURE_CHOICES.contains(n))
                        .ok_or_else(|| RulesetError::NoCaptureLimit(truncate(value)))?;
                    rules.no_capture_moves = Some(n);
                }
                _ => return Err(RulesetError::UnknownRule(truncate(item.text))),
            }
        }
        Ok(rules)
    }

    /// The draw limit in plies (2N for N moves per side), if any.
    pub fn no_capture_plies(&self) -> Option<u16> {
        // Saturating: a ruleset built in code may hold any number.
        self.no_capture_moves.map(|n| n.saturating_mul(2))
    }
}

impl fmt::Display for Ruleset {
    /// The canonical spelling: only what differs from the defaults, or `standard`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let defaults = Ruleset::default();
        let mut parts: Vec<String> = Vec::new();
        if self.tiger_vertical_only {
            parts.push("tiger-vertical-only".into());
        }
        if self.repetition_prohibition {
            parts.push("repetition-prohibition".into());
        }
        if self.threefold != defaults.threefold {
            parts.push(format!(
                "threefold={}",
                if self.threefold { "on" } else { "off" }
            ));
        }
        if self.no_capture_moves != defaults.no_capture_moves {
            match self.no_capture_moves {
                Some(n) => parts.push(format!("nocapture={n}")),
                None => parts.push("nocapture=off".into()),
            }
        }
        f.write_str(&write_rule_names(&parts))
    }
}

impl std::str::FromStr for Ruleset {
    type Err = RulesetError;
    fn from_str(s: &str) -> Result<Ruleset, RulesetError> {
        Ruleset::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_example_parses() {
        let r =
            Ruleset::parse("tiger-vertical-only,repetition-prohibition,nocapture=60,threefold=off")
                .unwrap();
        assert!(r.tiger_vertical_only && r.repetition_prohibition && !r.threefold);
        assert_eq!(r.no_capture_moves, Some(60));
        assert_eq!(Ruleset::parse(&r.to_string()), Ok(r));
        assert_eq!(Ruleset::default().to_string(), "standard");
    }

    #[test]
    fn unknown_or_bad_values_are_errors() {
        for bad in [
            "tiger",
            "nocapture=40",
            "nocapture=",
            "threefold=maybe",
            "a,,b",
        ] {
            assert!(Ruleset::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_no_capture_limit_from_json_is_one_the_rules_offer() {
        let json = |limit: &str| {
            format!(
                r#"{{"tigerVerticalOnly":false,"repetitionProhibition":false,"threefold":true,"noCaptureMoves":{limit}}}"#
            )
        };
        for limit in ["0", "7", "51", "40000"] {
            let read = serde_json::from_str::<Ruleset>(&json(limit));
            assert!(read.is_err(), "noCaptureMoves {limit} was read as {read:?}");
        }
        for (limit, expected) in [("50", Some(50)), ("60", Some(60)), ("null", None)] {
            let read: Ruleset = serde_json::from_str(&json(limit)).unwrap();
            assert_eq!(read.no_capture_moves, expected);
        }
        let missing =
            r#"{"tigerVerticalOnly":true,"repetitionProhibition":false,"threefold":true}"#;
        let read: Ruleset = serde_json::from_str(missing).unwrap();
        assert_eq!(read.no_capture_moves, None);
    }

    #[test]
    fn the_no_capture_draw_limit_in_plies_does_not_overflow() {
        let huge = Ruleset {
            no_capture_moves: Some(40_000),
            ..Ruleset::default()
        };
        assert_eq!(huge.no_capture_plies(), Some(u16::MAX));
        let game = crate::Game::from_fen("l6/7/7/7/7/7/7/7/6L b 65535 1", huge).unwrap();
        assert_eq!(
            game.outcome(),
            Some(crate::Outcome::Draw(crate::DrawReason::NoCapture(40_000)))
        );
    }
}
