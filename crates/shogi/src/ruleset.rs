//! The rule switches of a shogi game, with the stable names used in URLs, records and the CLI.
//!
//! Spelling: names separated by commas, in any order; the defaults are `standard` (or the empty
//! string). Names: `impasse=27` (the 27-point declaration, the default) or `impasse=off`;
//! `maxmoves=<plies>` (a draw once that many plies have been played, default 512, 1 to
//! 100000) or `maxmoves=off`. Example: `impasse=off,maxmoves=300`. Unknown names are errors.
//!
//! Handicaps are start positions, not rules ([`super::handicap`]).

use common::{rule_names, truncate, write_rule_names};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

/// The default move limit, in plies.
pub const DEFAULT_MAX_PLIES: u32 = 512;
/// The largest move limit a ruleset may set.
pub const MAX_MAX_PLIES: u32 = 100_000;

/// Which rules a game is played under.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ruleset {
    /// A side may declare an impasse win by the 27-point rule.
    pub impasse: bool,
    /// The game is drawn once this many plies have been played (`None`: no limit). Read from
    /// JSON only within 1 to [`MAX_MAX_PLIES`], like the text spelling.
    #[serde(default, deserialize_with = "max_plies_in_range")]
    pub max_plies: Option<u32>,
}

fn max_plies_in_range<'de, D: Deserializer<'de>>(reader: D) -> Result<Option<u32>, D::Error> {
    match Option::<u32>::deserialize(reader)? {
        Some(n) if !(1..=MAX_MAX_PLIES).contains(&n) => Err(D::Error::custom(format!(
            "maxPlies must be 1 to {MAX_MAX_PLIES} or null, not {n}"
        ))),
        limit => Ok(limit),
    }
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset {
            impasse: true,
            max_plies: Some(DEFAULT_MAX_PLIES),
        }
    }
}

/// A ruleset spelling that names an unknown rule or a bad value; each holds the offending text
/// (shortened).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RulesetError {
    /// `impasse=` with something other than `27` or `off`.
    ImpasseValue(String),
    /// `maxmoves=` with something other than a number of plies (1–100000) or `off`.
    MaxMovesValue(String),
    /// A name that is no rule.
    UnknownRule(String),
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetError::ImpasseValue(value) => {
                write!(f, "impasse must be 27 or off, not '{value}'")
            }
            RulesetError::MaxMovesValue(value) => write!(
                f,
                "maxmoves must be a number of plies from 1 to {MAX_MAX_PLIES} or off, not '{value}'"
            ),
            RulesetError::UnknownRule(name) => write!(
                f,
                "unknown rule '{name}': use impasse=27|off or maxmoves=<plies>|off"
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
                ("impasse", Some("27")) => rules.impasse = true,
                ("impasse", Some("off")) => rules.impasse = false,
                ("impasse", Some(value)) => {
                    return Err(RulesetError::ImpasseValue(truncate(value)))
                }
                ("maxmoves", Some("off")) => rules.max_plies = None,
                ("maxmoves", Some(value)) => {
                    let n = value
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=MAX_MAX_PLIES).contains(n))
                        .ok_or_else(|| RulesetError::MaxMovesValue(truncate(value)))?;
                    rules.max_plies = Some(n);
                }
                _ => return Err(RulesetError::UnknownRule(truncate(item.text))),
            }
        }
        Ok(rules)
    }
}

impl fmt::Display for Ruleset {
    /// The canonical spelling: only what differs from the defaults, or `standard`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let defaults = Ruleset::default();
        let mut parts = Vec::new();
        if self.impasse != defaults.impasse {
            parts.push(format!(
                "impasse={}",
                if self.impasse { "27" } else { "off" }
            ));
        }
        if self.max_plies != defaults.max_plies {
            parts.push(match self.max_plies {
                Some(n) => format!("maxmoves={n}"),
                None => "maxmoves=off".to_string(),
            });
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
    fn names_parse_and_write_back() {
        let rules = Ruleset::parse("impasse=off,maxmoves=300").unwrap();
        assert!(!rules.impasse);
        assert_eq!(rules.max_plies, Some(300));
        assert_eq!(rules.to_string(), "impasse=off,maxmoves=300");
        assert_eq!(Ruleset::parse(&rules.to_string()), Ok(rules));
        assert_eq!(Ruleset::parse("standard"), Ok(Ruleset::default()));
        assert_eq!(Ruleset::parse(""), Ok(Ruleset::default()));
        assert_eq!(Ruleset::default().to_string(), "standard");
        assert_eq!(Ruleset::parse("maxmoves=off").unwrap().max_plies, None);
    }

    #[test]
    fn unknown_names_and_bad_values_are_errors() {
        use RulesetError as E;
        assert_eq!(
            Ruleset::parse("impasse=24"),
            Err(E::ImpasseValue("24".into()))
        );
        assert_eq!(
            Ruleset::parse("maxmoves=0"),
            Err(E::MaxMovesValue("0".into()))
        );
        assert_eq!(
            Ruleset::parse("maxmoves=100001"),
            Err(E::MaxMovesValue("100001".into()))
        );
        assert_eq!(
            Ruleset::parse("impasse"),
            Err(E::UnknownRule("impasse".into()))
        );
        assert_eq!(
            Ruleset::parse("nifu=off"),
            Err(E::UnknownRule("nifu=off".into()))
        );
        assert_eq!(Ruleset::parse("a,,b"), Err(E::UnknownRule("a".into())));
    }

    #[test]
    fn json_limits_are_checked() {
        let read = serde_json::from_str::<Ruleset>(r#"{"impasse":true,"maxPlies":0}"#);
        assert!(read.is_err());
        let read: Ruleset = serde_json::from_str(r#"{"impasse":false,"maxPlies":null}"#).unwrap();
        assert_eq!(read.max_plies, None);
    }
}
