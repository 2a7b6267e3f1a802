//! What the games' rules layers share: quoting a player's text in a message, reading a
//! ruleset's stable names (`name` or `name=value`, comma-separated; `standard` or nothing for
//! the defaults), a game record's descriptive tags, the tree of a record's moves with their
//! variations ([`tree`]), and the random sequence their Zobrist keys come from. Each game keeps
//! its own names, errors and record formats; only these shapes are common.
#![deny(missing_docs)]

pub mod texts;
pub mod tree;

/// SplitMix64's increment.
const SPLITMIX_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output for an advanced state.
#[inline(always)]
const fn splitmix_mix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One SplitMix64 step: the next state and its output (the games' Zobrist keys).
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(SPLITMIX_GAMMA);
    (state, splitmix_mix(state))
}

/// The `n`-th output (from 1) of the SplitMix64 sequence started at `seed`, without the ones
/// before it: a Zobrist key computed when asked for instead of read from a table.
#[inline(always)]
pub const fn splitmix64_nth(seed: u64, n: u64) -> u64 {
    splitmix_mix(seed.wrapping_add(n.wrapping_mul(SPLITMIX_GAMMA)))
}

/// Cuts user text to a length fit for an error message (24 characters and `…`).
pub fn truncate(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}…")
    }
}

/// One name of a ruleset spelling: `name` or `name=value`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RuleName<'a> {
    /// The whole item as written (trimmed), for error messages.
    pub text: &'a str,
    /// The part before `=` (or all of it).
    pub name: &'a str,
    /// The part after `=`, if there is one.
    pub value: Option<&'a str>,
}

/// The names of a ruleset spelling, in order, without `standard` (which only says "the
/// defaults"). An empty item (`a,,b`) comes through as an empty name, for the game to refuse.
pub fn rule_names(text: &str) -> Vec<RuleName<'_>> {
    let text = text.trim();
    if text.is_empty() {
        return Vec::new();
    }
    text.split(',')
        .map(str::trim)
        .filter(|item| *item != "standard")
        .map(|item| match item.split_once('=') {
            Some((name, value)) => RuleName {
                text: item,
                name: name.trim(),
                value: Some(value.trim()),
            },
            None => RuleName {
                text: item,
                name: item,
                value: None,
            },
        })
        .collect()
}

/// Writes a canonical spelling from the names that differ from the defaults: `standard` when
/// none do.
pub fn write_rule_names(parts: &[String]) -> String {
    if parts.is_empty() {
        "standard".to_string()
    } else {
        parts.join(",")
    }
}

/// A game record's descriptive tags (event, players, dates…): names with values, in the order
/// they were read or added. Each game's record formats decide which names they write and how;
/// the tags only keep them.
#[derive(Clone, PartialEq, Eq, Default, Debug)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    /// No tags.
    pub const fn new() -> Tags {
        Tags(Vec::new())
    }

    /// The value of the first tag called `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the first tag called `name` to `value`, or adds it at the end.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => entry.1 = value,
            None => self.0.push((name.to_string(), value)),
        }
    }

    /// Adds a tag at the end, even when one of that name exists (a record read as written).
    pub fn push(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.0.push((name.into(), value.into()));
    }

    /// Removes every tag called `name`; returns the first one's value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let first = self.get(name).map(str::to_string);
        self.0.retain(|(n, _)| n != name);
        first
    }

    /// Keeps the tags for which `keep(name, value)` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &str) -> bool) {
        self.0.retain(|(n, v)| keep(n, v));
    }

    /// The tags in order, as (name, value).
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The number of tags.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no tags.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<Vec<(String, String)>> for Tags {
    fn from(tags: Vec<(String, String)>) -> Tags {
        Tags(tags)
    }
}

impl PartialEq<Vec<(String, String)>> for Tags {
    fn eq(&self, other: &Vec<(String, String)>) -> bool {
        &self.0 == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_values_are_split() {
        let names = rule_names(" standard, impasse=off ,maxmoves = 300,flag,,");
        let pairs: Vec<(&str, Option<&str>)> = names.iter().map(|n| (n.name, n.value)).collect();
        assert_eq!(
            pairs,
            [
                ("impasse", Some("off")),
                ("maxmoves", Some("300")),
                ("flag", None),
                ("", None),
                ("", None)
            ]
        );
        assert!(rule_names("  ").is_empty());
        assert_eq!(truncate(&"x".repeat(30)).chars().count(), 25);
    }

    #[test]
    fn tags_keep_their_order_and_set_replaces_the_first() {
        let mut tags = Tags::new();
        tags.push("Event", "a");
        tags.push("Site", "b");
        tags.push("Event", "c");
        assert_eq!(tags.get("Event"), Some("a"));
        tags.set("Event", "d");
        tags.set("Round", "1");
        let names: Vec<(&str, &str)> = tags.iter().collect();
        assert_eq!(
            names,
            [
                ("Event", "d"),
                ("Site", "b"),
                ("Event", "c"),
                ("Round", "1")
            ]
        );
        assert_eq!(tags.remove("Event"), Some("d".to_string()));
        assert_eq!(tags.len(), 2);
        assert_eq!(tags.get("Event"), None);
    }
}
