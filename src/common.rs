//! What the games' rules layers share: quoting a player's text in a message, and reading a
//! ruleset's stable names (`name` or `name=value`, comma-separated; `standard` or nothing for
//! the defaults). Each game keeps its own names and errors; only the spelling is common.

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
}
