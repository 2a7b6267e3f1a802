//! What the rules layers say to a player, in a form any game shares: a message is a catalogue
//! key (`www/locales/<lang>.json` and each game's catalogues) with the values of its
//! `{placeholders}`, so that a refused move or an unreadable record reads in the page's
//! language.
//!
//! Pure data: the web layer looks each key up in its catalogue ([`Text::render`]). Names of
//! pieces and sides are texts of their own, so they are translated too; squares, numbers and
//! the player's own text are shown as they are. Each game builds its own texts (its
//! `texts` module); the English catalogue says what each error's `Display` says (that stays
//! the command line's and the logs' wording).

/// The form of a plural choice `{count|one|other}` (its `forms`: `one|other`) for the number
/// `count`: `one` for exactly 1, `other` for any other number. That is the rule of every
/// language the site speaks (English and German say one thing for 1; Indonesian, Vietnamese,
/// Chinese and Japanese write the same form twice, or no choice at all).
pub fn plural_form<'a>(forms: &'a str, count: &str) -> &'a str {
    let (one, other) = forms.split_once('|').unwrap_or((forms, forms));
    if count.trim() == "1" {
        one
    } else {
        other
    }
}

/// A message: a catalogue key and the values of its placeholders.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Text {
    /// The catalogue key.
    pub key: &'static str,
    /// Each placeholder's name (without braces) and value.
    pub values: Vec<(&'static str, Value)>,
}

/// The value of a placeholder.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// Shown as it is: a square, a number, a code.
    Verbatim(String),
    /// Text quoted from the reader's own input: shown isolated (between U+2068 and U+2069), and
    /// with its bidirectional formatting characters as `�`, so that a right-to-left mark in it
    /// cannot turn the rest of the sentence round.
    Quoted(String),
    /// A message of its own (an animal's or a side's name, the reason inside a wrapper).
    Text(Text),
}

impl Text {
    /// The message `key` with no placeholders.
    pub const fn new(key: &'static str) -> Text {
        Text {
            key,
            values: Vec::new(),
        }
    }

    /// The same message with the placeholder `{name}` filled by `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<Value>) -> Text {
        self.values.push((name, value.into()));
        self
    }

    /// The message in words: `template` gives a key's text in the wanted language; each
    /// `{name}` is replaced by its value, rendered the same way, and each plural choice
    /// `{name|one|other}` by the form for its number ([`plural_form`]). One pass, so a value that
    /// itself contains braces (quoted input) is never read as a placeholder; a placeholder
    /// without a value stays as written.
    pub fn render(&self, template: &dyn Fn(&str) -> String) -> String {
        let text = template(self.key);
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let inside = &after[..close];
                let (name, forms) = inside.split_once('|').unwrap_or((inside, ""));
                self.value(name).map(|value| (value, forms, close))
            });
            match value {
                Some((value, forms, close)) => {
                    match value {
                        Value::Verbatim(count) if !forms.is_empty() => {
                            out.push_str(plural_form(forms, count));
                        }
                        Value::Verbatim(shown) => out.push_str(shown),
                        Value::Quoted(quoted) => isolate(quoted, &mut out),
                        Value::Text(inner) => out.push_str(&inner.render(template)),
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The value of the placeholder `name`.
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, value)| value)
    }

    /// The placeholder names this text fills, in order.
    pub fn placeholders(&self) -> Vec<&'static str> {
        self.values.iter().map(|(name, _)| *name).collect()
    }

    /// This text and every text nested in its values, depth first.
    pub fn all_texts(&self) -> Vec<&Text> {
        let mut found = vec![self];
        for (_, value) in &self.values {
            if let Value::Text(inner) = value {
                found.extend(inner.all_texts());
            }
        }
        found
    }
}

/// The first strong isolate (U+2068) and the pop of directional isolate (U+2069).
pub const ISOLATE: (char, char) = ('\u{2068}', '\u{2069}');

/// Whether `c` changes the direction of the text around it (embeddings, overrides, isolates,
/// marks): quoted text shows such a character as `�` instead of obeying it.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `quoted` isolated from the text around it, as [`Value::Quoted`] shows it (for quoted text
/// inside a value built of several pieces, like a list).
pub fn isolated(quoted: &str) -> String {
    let mut out = String::with_capacity(quoted.len() + 6);
    isolate(quoted, &mut out);
    out
}

/// Appends `quoted` to `out` isolated from the text around it (see [`Value::Quoted`]).
fn isolate(quoted: &str, out: &mut String) {
    out.push(ISOLATE.0);
    out.extend(
        quoted
            .chars()
            .map(|c| if is_bidi_control(c) { '\u{fffd}' } else { c }),
    );
    out.push(ISOLATE.1);
}

/// Text quoted from the reader's input: as it is in `Display` (logs, the command line), and
/// [`Value::Quoted`] (isolated) in a [`Text`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Quoted(pub String);

impl std::fmt::Display for Quoted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<Quoted> for Value {
    fn from(quoted: Quoted) -> Value {
        Value::Quoted(quoted.0)
    }
}

impl From<Text> for Value {
    fn from(text: Text) -> Value {
        Value::Text(text)
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Verbatim(text)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Verbatim(text.to_string())
    }
}

/// Numbers and squares are shown in figures.
macro_rules! verbatim_from_display {
    ($($t:ty),*) => {
        $(impl From<$t> for Value {
            fn from(value: $t) -> Value {
                Value::Verbatim(value.to_string())
            }
        })*
    };
}
verbatim_from_display!(u8, u16, u32, usize, char);

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue(key: &str) -> String {
        match key {
            "outer" => "a {inner} and {n}, {missing} {".to_string(),
            "inner" => "<{n}>".to_string(),
            other => other.to_string(),
        }
    }

    #[test]
    fn rendering_fills_nested_texts_once_and_keeps_unknown_braces() {
        let text = Text::new("outer")
            .with("inner", Text::new("inner").with("n", "{n}"))
            .with("n", 7u8);
        assert_eq!(text.render(&catalogue), "a <{n}> and 7, {missing} {");
        assert_eq!(text.all_texts().len(), 2);
    }
}
