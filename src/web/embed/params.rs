//! The embed page's URL parameters, read into a checked [`EmbedConfig`].
//!
//! The query is read like the browser's `URLSearchParams`: `name=value` pairs separated by `&`,
//! `+` and `%20` for spaces, `%XX` escapes decoded (a malformed escape is kept as written, bytes
//! that are not UTF-8 become `�`). Then:
//! - **names** are matched without regard to case (`FEN=` works); an **unknown name** is not an
//!   error: it is ignored and listed in [`EmbedConfig::warnings`] (a host adding its own
//!   tracking parameters must not break the board, and a typo still shows in the console);
//! - a name given **twice** is an error (which one the author meant cannot be guessed);
//! - an **empty value** (`fen=` or a bare `fen`) counts as not given: templates that leave a
//!   field blank get the default;
//! - every bad value is an error naming the parameter, the value (shortened) and what is
//!   allowed. All errors are collected, not only the first, so an author fixes them at once.
//!
//! The parameters and their defaults are in `docs/embed.md` and on [`EmbedConfig`].

use super::{play_moves, quote, split_moves};
use crate::web::game::{Colour, Refusal, StartError, WebGame};
use crate::web::games::{FIRST_GAME, GAMES};
use common::texts::{Quoted, Text, Value};
use std::fmt;

/// The most moves a `moves` or `solution` list (or a message) may hold.
pub const MAX_MOVES: usize = 1000;

/// The longest `id` accepted.
const MAX_ID_CHARS: usize = 64;

/// The most origins `origin` may list.
const MAX_ORIGINS: usize = 16;

/// The most unknown parameters named one by one in the warnings.
const MAX_WARNINGS: usize = 10;

/// The most squares `marks` may list: enough for the whole river and a side's traps and den,
/// few enough that the marks still point somewhere.
pub const MAX_MARKS: usize = 24;

/// The most bad squares of `marks` named one by one in its error.
const MAX_BAD_MARKS_NAMED: usize = 5;

/// What the reader can do with the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Mode {
    /// Play one side against the AI running in the frame.
    Play,
    /// Two people share the board, each moving one side.
    Hotseat,
    /// Step through the given moves only; the reader cannot move.
    View,
    /// The reader must find the moves of `solution`; the board plays the answers between them.
    Puzzle,
    /// The engine analyses the position shown without end (evaluation bar, best lines, arrow);
    /// the reader plays moves to explore. The page loads the game's analysis module for it
    /// (`www/embed.js`), which the other modes never download.
    Analysis,
}

impl Mode {
    /// Every mode, in the order the docs list them.
    pub const ALL: [Mode; 5] = [
        Mode::Play,
        Mode::Hotseat,
        Mode::View,
        Mode::Puzzle,
        Mode::Analysis,
    ];

    /// The parameter spelling.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Play => "play",
            Mode::Hotseat => "hotseat",
            Mode::View => "view",
            Mode::Puzzle => "puzzle",
            Mode::Analysis => "analysis",
        }
    }

    /// The buttons shown in this mode when `controls` is not given.
    pub fn default_controls(self) -> Vec<Button> {
        use Button::*;
        match self {
            Mode::Play => vec![Undo, Flip, Reset, Hint, New],
            Mode::Hotseat => vec![Undo, Redo, Flip, Reset],
            Mode::View => vec![Undo, Redo, Flip],
            Mode::Puzzle => vec![Flip, Reset, Hint],
            Mode::Analysis => vec![Undo, Redo, Flip, Moves],
        }
    }

    /// The buttons this mode can show: the analysis board has no hint (the engine's lines are
    /// one) and no new game; every other mode has them all.
    pub fn offered_controls(self) -> &'static [Button] {
        use Button::*;
        match self {
            Mode::Analysis => &[Undo, Redo, Flip, Reset, Moves],
            _ => &Button::ALL,
        }
    }
}

/// A language the frame speaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Lang {
    /// English.
    En,
    /// Indonesian.
    Id,
    /// Vietnamese.
    Vi,
    /// German.
    De,
    /// Simplified Chinese.
    ZhCn,
    /// Japanese (the shogi pages; Jungle's pages do not offer it yet).
    Ja,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 6] = [Lang::En, Lang::Id, Lang::Vi, Lang::De, Lang::ZhCn, Lang::Ja];

    /// The tag, which is also the catalogue's file name (`www/locales/<tag>.json`).
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Id => "id",
            Lang::Vi => "vi",
            Lang::De => "de",
            Lang::ZhCn => "zh-CN",
            Lang::Ja => "ja",
        }
    }

    /// The language a tag asks for, if the frame speaks it: case-insensitive, `_` read as `-`,
    /// a region ignored (`de-AT` is German, `en-US` English), and any Chinese tag but a
    /// traditional one (`zh`, `zh-cn`, `zh-Hans`, `zh-SG`) read as Simplified Chinese. The web
    /// layer can use the same reading for `navigator.languages`.
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        let mut parts = tag.split('-');
        let primary = parts.next()?;
        let rest: Vec<&str> = parts.collect();
        match primary {
            "en" => Some(Lang::En),
            "id" | "in" => Some(Lang::Id),
            "vi" => Some(Lang::Vi),
            "de" => Some(Lang::De),
            "ja" => Some(Lang::Ja),
            "zh" if !rest
                .iter()
                .any(|p| matches!(*p, "hant" | "tw" | "hk" | "mo")) =>
            {
                Some(Lang::ZhCn)
            }
            _ => None,
        }
    }
}

/// The colour scheme.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Theme {
    /// Light colours.
    Light,
    /// Dark colours.
    Dark,
    /// Follow the reader's system setting (`prefers-color-scheme`).
    Auto,
}

impl Theme {
    /// The parameter spelling.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Auto => "auto",
        }
    }
}

/// A button the frame may show (the `controls` parameter).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Button {
    /// Take back a move (in view mode: one step back).
    Undo,
    /// Play again a move taken back (in view mode: one step forward).
    Redo,
    /// Turn the board round.
    Flip,
    /// Back to the position the frame started with.
    Reset,
    /// Show a good move (in puzzle mode: the next move of the solution).
    Hint,
    /// Show the list of moves.
    Moves,
    /// Start a new game from the standard start position.
    New,
}

impl Button {
    /// Every button, in the order they are shown.
    pub const ALL: [Button; 7] = [
        Button::Undo,
        Button::Redo,
        Button::Flip,
        Button::Reset,
        Button::Hint,
        Button::Moves,
        Button::New,
    ];

    /// The parameter spelling.
    pub const fn name(self) -> &'static str {
        match self {
            Button::Undo => "undo",
            Button::Redo => "redo",
            Button::Flip => "flip",
            Button::Reset => "reset",
            Button::Hint => "hint",
            Button::Moves => "moves",
            Button::New => "new",
        }
    }
}

/// The embed page's settings for a board of the game `G` (Jungle unless said), every value
/// checked. [`EmbedConfig::default`] is what an empty query gives.
#[derive(Clone, PartialEq, Debug)]
pub struct EmbedConfig<G: WebGame> {
    /// `fen` (or the game's own [`WebGame::POSITION_PARAM`], shogi's `sfen`): the start
    /// position (default: the standard start).
    pub start: G::Position,
    /// `variant`: the rules, in the game's ruleset spelling (default `standard`).
    pub rules: String,
    /// `moves`: moves played from the start, each legal in turn (default: none).
    pub moves: Vec<G::Move>,
    /// `ply`: how many of `moves` are played in the position shown, 0..=moves (default: all).
    /// The rest can be stepped through forward (they are the game's redo list).
    pub ply: usize,
    /// `mode` (default [`Mode::View`]).
    pub mode: Mode,
    /// `solution`: in puzzle mode, the moves from the position after `moves`: the reader's,
    /// the board's answer, the reader's… ending with the reader's.
    pub solution: Vec<G::Move>,
    /// `side`: the reader's side in play and puzzle modes (default: the side to move in the
    /// position shown; in puzzle mode it must be that side). In the other modes always the
    /// side to move in the position shown.
    pub side: Colour,
    /// `orientation`: the side whose home rank is at the bottom (default: `side` in play and
    /// puzzle modes, else Black).
    pub orientation: Colour,
    /// `level`: the AI's level in play mode, 1–5 (default 2, as the game page; always 2 in the
    /// other modes).
    pub level: u8,
    /// `lang`: the language; `None` lets the frame take the browser's, else English.
    pub lang: Option<Lang>,
    /// `theme` (default [`Theme::Auto`]).
    pub theme: Theme,
    /// `coords`: file letters and rank numbers on the board (default on).
    pub coords: bool,
    /// `marks`: squares drawn marked, to show the reader where to look, in the order given
    /// without repeats, at most [`MAX_MARKS`] (default none). They stay while the reader plays.
    /// (The board cells of [`WebGame::cell_name`].)
    pub marks: Vec<usize>,
    /// `controls`: the buttons shown, in [`Button::ALL`] order (default: the mode's
    /// [`Mode::default_controls`]).
    pub controls: Vec<Button>,
    /// `sound` (default off: a page full of boards must not start clicking).
    pub sound: bool,
    /// `id`: a name the host chose for this frame, echoed in every event (default none).
    pub id: Option<String>,
    /// `origin`: the host origins commands are accepted from and events sent to (default:
    /// empty, meaning any origin — see `docs/embed.md`).
    pub origins: Vec<String>,
    /// Parameters that were ignored, with why (unknown names, settings the mode does not use):
    /// for the console, never shown in the frame.
    pub warnings: Vec<String>,
}

impl<G: WebGame> Default for EmbedConfig<G> {
    fn default() -> Self {
        EmbedConfig::parse("").expect("the defaults are valid")
    }
}

/// One bad parameter.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParamError {
    /// The parameter's name, lowercase.
    pub param: String,
    /// The value given, shortened for quoting (empty when the parameter is missing).
    pub value: String,
    /// A sentence for the author: the parameter, the bad value and what is allowed (English,
    /// for the console, the CLI and the tests).
    pub message: String,
    /// The same sentence as a catalogue text (`embed.param.*`), for the page's language: what
    /// the frame and the editor show. In English it reads as [`ParamError::message`].
    pub text: Text,
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Every bad parameter of a query, in the order of the parameter table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EmbedErrors(pub Vec<ParamError>);

impl fmt::Display for EmbedErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(|e| e.message.clone()).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for EmbedErrors {}

/// The parameter names, in the order of the table (and of the errors).
pub const PARAMS: [&str; 19] = [
    "game",
    "fen",
    "variant",
    "moves",
    "ply",
    "mode",
    "solution",
    "side",
    "orientation",
    "level",
    "lang",
    "theme",
    "coords",
    "marks",
    "controls",
    "sound",
    "id",
    "origin",
    "v",
];

/// Decodes one `application/x-www-form-urlencoded` component like `URLSearchParams`.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push(high << 4 | low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|d| d as u8)
}

/// Encodes a value for a query: letters, digits and `-._~/,:` as they are, a space as `+`,
/// everything else as `%XX` (UTF-8).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        match b {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'~'
            | b'/'
            | b','
            | b':' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The value of parameter `name` (lowercase) in a query, decoded and trimmed: the first one
/// given, even if the query as a whole is not a valid configuration (a page reads its own
/// `lang`, `fen` or `marks` this way).
pub fn query_value(query: &str, name: &str) -> Option<String> {
    pairs(query)
        .into_iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value)
}

/// The query's pairs, decoded: (lowercase name, trimmed value). Empty segments are skipped.
fn pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    // A fragment is not part of the query (a host may pass `location.href`'s tail).
    let query = query.split('#').next().unwrap_or("");
    query
        .split('&')
        .filter(|segment| !segment.is_empty())
        .map(|segment| {
            let (name, value) = segment.split_once('=').unwrap_or((segment, ""));
            (
                percent_decode(name).trim().to_ascii_lowercase(),
                percent_decode(value).trim().to_string(),
            )
        })
        .collect()
}

/// Reads the parameters while collecting errors.
struct Reader {
    values: Vec<(String, String)>,
    errors: Vec<ParamError>,
}

impl Reader {
    /// The value of `param`, if given (not empty).
    fn get(&self, param: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(name, value)| name == param && !value.is_empty())
            .map(|(_, value)| value.as_str())
    }

    fn fail(&mut self, param: &str, value: &str, message: String, text: Text) {
        self.errors.push(ParamError {
            param: param.to_string(),
            value: quote(value).0,
            message,
            text,
        });
    }

    /// A value that must be one of `choices` (compared without case); `None` when absent,
    /// `Some(None)` when bad (the error is recorded).
    fn choice<T: Copy>(&mut self, param: &str, choices: &[(&str, T)]) -> Option<Option<T>> {
        let value = self.get(param)?.to_string();
        let lower = value.to_ascii_lowercase();
        if let Some((_, found)) = choices.iter().find(|(name, _)| *name == lower) {
            return Some(Some(*found));
        }
        let mut names: Vec<&str> = Vec::new();
        for (name, _) in choices {
            if !names.contains(name) {
                names.push(name);
            }
        }
        let message = format!(
            "{param} must be {}, not '{}'",
            or_list(&names),
            quote(&value)
        );
        let text = not_one_of(param, &names, &value);
        self.fail(param, &value, message, text);
        Some(None)
    }
}

/// `a, b or c`.
fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// [`or_list`] in the page's language (`embed.list.or`); the names are code, shown as written.
fn or_list_text(names: &[&str]) -> Value {
    match names {
        [init @ .., last] if !init.is_empty() => Text::new("embed.list.or")
            .with("items", init.join(", "))
            .with("last", *last)
            .into(),
        _ => names.join("").into(),
    }
}

/// `{param} must be {allowed}, not '{value}'` as a catalogue text.
fn not_one_of(param: &str, allowed: &[&str], value: &str) -> Text {
    Text::new("embed.param.notOneOf")
        .with("param", param)
        .with("allowed", or_list_text(allowed))
        .with("value", quote(value))
}

const SIDES: [(&str, Colour); 2] = [("black", Colour::Black), ("white", Colour::White)];
const ON_OFF: [(&str, bool); 6] = [
    ("on", true),
    ("off", false),
    ("true", true),
    ("false", false),
    ("1", true),
    ("0", false),
];

impl<G: WebGame> EmbedConfig<G> {
    /// Reads a query string (`location.search`, with or without its `?`).
    pub fn parse(query: &str) -> Result<EmbedConfig<G>, EmbedErrors> {
        let mut r = Reader {
            values: pairs(query),
            errors: Vec::new(),
        };
        let mut warnings = Vec::new();

        // Names: unknown ones are warnings, repeated ones errors.
        let mut counts = [0usize; PARAMS.len()];
        let mut unknown = 0;
        for (name, value) in &r.values {
            if value.is_empty() {
                continue;
            }
            // The game's own position parameter counts as `fen`.
            let name = if name == G::POSITION_PARAM {
                "fen"
            } else {
                name.as_str()
            };
            match PARAMS.iter().position(|p| *p == name) {
                Some(i) => counts[i] += 1,
                None => {
                    unknown += 1;
                    if unknown <= MAX_WARNINGS {
                        warnings.push(format!(
                            "unknown parameter '{}' ignored (known: {})",
                            quote(name),
                            PARAMS.join(", ")
                        ));
                    }
                }
            }
        }
        if unknown > MAX_WARNINGS {
            warnings.push(format!(
                "… and {} more unknown parameters ignored",
                unknown - MAX_WARNINGS
            ));
        }
        for (name, &count) in PARAMS.iter().zip(&counts) {
            if count > 1 {
                r.errors.push(ParamError {
                    param: name.to_string(),
                    value: String::new(),
                    message: format!("{name} is given {count} times; give it once"),
                    text: Text::new("embed.param.repeated")
                        .with("param", *name)
                        .with("count", count),
                });
            }
        }

        // `v`: the contract version, for future changes. Only 1 exists.
        if let Some(v) = r.get("v").map(str::to_string) {
            if v != "1" {
                let text = not_one_of("v", &["1"], &v);
                r.fail("v", &v, format!("v must be 1, not '{}'", quote(&v)), text);
            }
        }

        // `game`: the page's script picked this game's module by it; a name the site does not
        // know came here by default and is an error.
        if let Some(text) = r.get("game").map(str::to_string) {
            if text.to_ascii_lowercase() != G::NAME {
                let message = format!("game must be {}, not '{}'", or_list(&GAMES), quote(&text));
                r.fail("game", &text, message, not_one_of("game", &GAMES, &text));
            }
        }

        let variant = r.get("variant").map(str::to_string);
        let rules = variant
            .as_deref()
            .map_or(G::DEFAULT_RULES.to_string(), str::to_ascii_lowercase);
        // A FEN in a URL is often written with `_` for its spaces (no escaping needed).
        let position_param = if r.get(G::POSITION_PARAM).is_some() {
            G::POSITION_PARAM
        } else {
            "fen"
        };
        let position = r
            .get(position_param)
            .map(|written| written.replace('_', " "));
        let bad_position = |r: &mut Reader, e: Refusal| {
            let text = r.get(position_param).unwrap_or_default().to_string();
            let why = Text::new("embed.param.fen")
                .with("param", position_param)
                .with("value", quote(&text))
                .with("error", e.text);
            let message = format!(
                "{position_param} '{}' is not a valid position: {}",
                quote(&text),
                e.english
            );
            r.fail(position_param, &text, message, why);
        };
        let start_game = match G::game_at(&rules, position.as_deref()) {
            Ok(game) => Some(game),
            Err(StartError::Rules(e)) => {
                let text = variant.unwrap_or_default();
                let why = Text::new("embed.param.variant").with("error", e.text);
                r.fail("variant", &text, format!("variant: {}", e.english), why);
                // The position is still checked (under the default rules), so that its own
                // mistake is named at once too.
                if let Err(StartError::Position(e)) =
                    G::game_at(G::DEFAULT_RULES, position.as_deref())
                {
                    bad_position(&mut r, e);
                }
                None
            }
            Err(StartError::Position(e)) => {
                bad_position(&mut r, e);
                None
            }
        };
        let start = start_game.as_ref().map(|g| G::positions(g)[0].clone());
        // The rules as the game spells them (`Tiger-Vertical-Only` reads as the same rules).
        let rules = start_game.as_ref().map_or(rules, G::rules_code);

        let mode = r
            .choice("mode", &Mode::ALL.map(|m| (m.name(), m)))
            .flatten()
            .unwrap_or(Mode::View);

        // The moves, the position shown, the puzzle: only when the start and rules are good,
        // so that one mistake does not bring a cascade of errors after it.
        let mut game = None;
        let mut moves = Vec::new();
        if let Some(mut g) = start_game {
            let text = r.get("moves").unwrap_or("").to_string();
            match play_moves::<G>(&mut g, split_moves(&text)) {
                Ok(played) => {
                    moves = played;
                    game = Some(g);
                }
                Err(e) => {
                    let why = Text::new("embed.param.moves").with("error", e.text());
                    r.fail("moves", &text, format!("moves: {e}"), why)
                }
            }
        }

        let mut ply = moves.len();
        if let Some(text) = r.get("ply").map(str::to_string) {
            match text.parse::<usize>() {
                Ok(n) if n <= moves.len() && game.is_some() => ply = n,
                _ if game.is_none() => {} // the moves are already reported
                _ => r.fail(
                    "ply",
                    &text,
                    format!(
                        "ply must be 0–{} (the number of moves), not '{}'",
                        moves.len(),
                        quote(&text)
                    ),
                    Text::new("embed.param.plyRange")
                        .with("max", moves.len())
                        .with("value", quote(&text)),
                ),
            }
            if mode == Mode::Puzzle && ply != moves.len() {
                r.fail(
                    "ply",
                    &text,
                    format!(
                        "ply cannot be used in puzzle mode (the puzzle starts after all {} moves), \
                         not '{}'",
                        moves.len(),
                        quote(&text)
                    ),
                    Text::new("embed.param.plyInPuzzle")
                        .with("count", moves.len())
                        .with("value", quote(&text)),
                );
                ply = moves.len();
            }
        }
        let shown_side = game
            .as_ref()
            .map(|g| G::side_to_move(&G::positions(g)[ply]))
            .unwrap_or(Colour::Black);

        let side_given = r.choice("side", &SIDES);
        let side = match mode {
            Mode::Play | Mode::Puzzle => side_given.flatten().unwrap_or(shown_side),
            Mode::View | Mode::Hotseat | Mode::Analysis => shown_side,
        };

        let mut solution = Vec::new();
        let solution_text = r.get("solution").map(str::to_string);
        match (mode, solution_text) {
            (Mode::Puzzle, None) => r.fail(
                "solution",
                "",
                "solution is required in puzzle mode: the moves the reader must find, with the \
                 board's answers between them"
                    .to_string(),
                Text::new("embed.param.solutionMissing"),
            ),
            (Mode::Puzzle, Some(text)) => {
                if let Some(mut g) = game.clone() {
                    match play_moves::<G>(&mut g, split_moves(&text)) {
                        Ok(played) if played.len() % 2 == 0 => r.fail(
                            "solution",
                            &text,
                            format!(
                                "solution must end with a move of the reader (an odd number of \
                                 moves), not {} moves",
                                played.len()
                            ),
                            Text::new("embed.param.solutionEven").with("count", played.len()),
                        ),
                        Ok(played) => solution = played,
                        Err(e) => {
                            let why = Text::new("embed.param.solution").with("error", e.text());
                            r.fail("solution", &text, format!("solution: {e}"), why)
                        }
                    }
                }
            }
            (_, Some(_)) => warnings.push(format!(
                "solution ignored: it is used in puzzle mode only (mode is {})",
                mode.name()
            )),
            (_, None) => {}
        }
        if mode == Mode::Puzzle && game.is_some() {
            if let Some(Some(given)) = side_given {
                if given != shown_side {
                    let value = r.get("side").unwrap_or("").to_string();
                    r.fail(
                        "side",
                        &value,
                        format!(
                            "side must be the side to move when the puzzle starts ({}), not '{}'",
                            shown_side.name(),
                            quote(&value)
                        ),
                        Text::new("embed.param.puzzleSide")
                            .with("side", shown_side.name())
                            .with("value", quote(&value)),
                    );
                }
            }
        }
        if side_given.is_some() && matches!(mode, Mode::View | Mode::Hotseat | Mode::Analysis) {
            warnings.push(format!(
                "side ignored: it is used in play and puzzle modes only (mode is {})",
                mode.name()
            ));
        }

        let orientation = r.choice("orientation", &SIDES).flatten().unwrap_or(
            if matches!(mode, Mode::Play | Mode::Puzzle) {
                side
            } else {
                Colour::Black
            },
        );

        let mut level = 2;
        if let Some(text) = r.get("level").map(str::to_string) {
            match text.parse::<u8>() {
                Ok(n) if (1..=5).contains(&n) => {
                    if mode == Mode::Play {
                        level = n;
                    }
                }
                _ => r.fail(
                    "level",
                    &text,
                    format!("level must be 1–5, not '{}'", quote(&text)),
                    Text::new("embed.param.level").with("value", quote(&text)),
                ),
            }
            if mode != Mode::Play {
                warnings.push(format!(
                    "level ignored: the AI plays in play mode only (mode is {})",
                    mode.name()
                ));
            }
        }

        let mut lang = None;
        if let Some(text) = r.get("lang").map(str::to_string) {
            lang = Lang::parse(&text).filter(|l| G::LANGUAGES.contains(l));
            if lang.is_none() {
                let tags: Vec<&str> = G::LANGUAGES.iter().map(|l| l.tag()).collect();
                r.fail(
                    "lang",
                    &text,
                    format!("lang must be {}, not '{}'", or_list(&tags), quote(&text)),
                    not_one_of("lang", &tags, &text),
                );
            }
        }

        let theme = r
            .choice(
                "theme",
                &[Theme::Light, Theme::Dark, Theme::Auto].map(|t| (t.name(), t)),
            )
            .flatten()
            .unwrap_or(Theme::Auto);
        let coords = r.choice("coords", &ON_OFF).flatten().unwrap_or(true);
        let sound = r.choice("sound", &ON_OFF).flatten().unwrap_or(false);

        let mut marks = Vec::new();
        if let Some(text) = r.get("marks").map(str::to_string) {
            match parse_marks::<G>(&text) {
                Ok(squares) => marks = squares,
                Err((message, why)) => r.fail("marks", &text, message, why),
            }
        }

        let mut controls = mode.default_controls();
        if let Some(text) = r.get("controls").map(str::to_string) {
            match parse_controls(&text, mode.offered_controls()) {
                Ok(buttons) => controls = buttons,
                Err((message, why)) => r.fail("controls", &text, message, why),
            }
        }

        let mut id = None;
        if let Some(text) = r.get("id").map(str::to_string) {
            let ok = text.chars().count() <= MAX_ID_CHARS
                && text
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'));
            if ok {
                id = Some(text);
            } else {
                r.fail(
                    "id",
                    &text,
                    format!(
                        "id must be 1–{MAX_ID_CHARS} letters, digits or - _ . :, not '{}'",
                        quote(&text)
                    ),
                    Text::new("embed.param.id")
                        .with("max", MAX_ID_CHARS)
                        .with("value", quote(&text)),
                );
            }
        }

        let mut origins = Vec::new();
        if let Some(text) = r.get("origin").map(str::to_string) {
            for part in text.split([',', ' ']).filter(|p| !p.is_empty()) {
                match normalise_origin(part) {
                    Some(origin) if origins.contains(&origin) => {}
                    Some(_) if origins.len() == MAX_ORIGINS => {
                        r.fail(
                            "origin",
                            &text,
                            format!("origin may list at most {MAX_ORIGINS} origins"),
                            Text::new("embed.param.originTooMany").with("max", MAX_ORIGINS),
                        );
                        break;
                    }
                    Some(origin) => origins.push(origin),
                    None => {
                        r.fail(
                            "origin",
                            &text,
                            format!(
                                "origin must list origins like https://example.com (scheme, \
                                 host, optional port; no path), not '{}'",
                                quote(part)
                            ),
                            Text::new("embed.param.origin").with("value", quote(part)),
                        );
                        break;
                    }
                }
            }
        }

        if !r.errors.is_empty() {
            let mut errors = r.errors;
            errors.sort_by_key(|e| PARAMS.iter().position(|p| *p == e.param));
            return Err(EmbedErrors(errors));
        }
        Ok(EmbedConfig {
            start: start.expect("checked above"),
            rules,
            moves,
            ply,
            mode,
            solution,
            side,
            orientation,
            level,
            lang,
            theme,
            coords,
            marks,
            controls,
            sound,
            id,
            origins,
            warnings,
        })
    }

    /// The game to show: the start, the moves played, then taken back down to `ply` (so the
    /// rest are the redo list the reader steps forward through).
    pub fn game(&self) -> G::Game {
        let start = G::position_code(&self.start);
        let mut game = G::game_at(&self.rules, Some(&start)).expect("the start was checked");
        for &m in &self.moves {
            G::play(&mut game, m).expect("the moves were checked");
        }
        for _ in self.ply..self.moves.len() {
            G::undo(&mut game);
        }
        game
    }

    /// Whether the frame shows `button`.
    pub fn shows(&self, button: Button) -> bool {
        self.controls.contains(&button)
    }

    /// Whether `origin` (a `MessageEvent.origin`) may send commands: any origin when the
    /// `origin` parameter is not given, else only those it lists.
    pub fn accepts_origin(&self, origin: &str) -> bool {
        self.origins.is_empty() || self.origins.iter().any(|o| o == origin)
    }

    /// The `targetOrigin`s to post events with: the listed origins, or `*`.
    pub fn event_targets(&self) -> Vec<String> {
        if self.origins.is_empty() {
            vec!["*".to_string()]
        } else {
            self.origins.clone()
        }
    }

    /// The puzzle's verdict on the reader's move `m`, when `found` moves of the solution have
    /// been played (the reader's and the board's) and `game` is the game now.
    ///
    /// The solution's move is right; on the reader's last move, any move that wins the game at
    /// once is right too (a second way into the den is not a mistake).
    pub fn puzzle_step(&self, found: usize, game: &G::Game, m: G::Move) -> PuzzleStep<G::Move> {
        if self.mode != Mode::Puzzle || found % 2 == 1 || found >= self.solution.len() {
            return PuzzleStep::Wrong;
        }
        let last = found + 1 == self.solution.len();
        let expected = self.solution[found] == m;
        let wins_now = last && G::check_move(game, m).is_ok() && {
            let mut after = game.clone();
            G::play(&mut after, m).is_ok()
                && G::outcome(&after)
                    .and_then(G::winner)
                    .is_some_and(|w| w == G::side_to_move(G::position(game)))
        };
        if expected || wins_now {
            PuzzleStep::Right {
                reply: self.solution.get(found + 1).copied(),
                solved: last,
            }
        } else {
            PuzzleStep::Wrong
        }
    }

    /// The query that gives this configuration, with only the values that differ from the
    /// defaults (for the editor's share links and `<iframe>` snippets). `warnings` are not
    /// written.
    pub fn to_query(&self) -> String {
        let defaults = EmbedConfig::<G>::default();
        let mut parts: Vec<(&str, String)> = Vec::new();
        // The page loads the first game's module unless told.
        if G::NAME != FIRST_GAME {
            parts.push(("game", G::NAME.to_string()));
        }
        let start = G::position_code(&self.start);
        if start != G::position_code(&defaults.start) {
            parts.push((G::POSITION_PARAM, start));
        }
        if self.rules != defaults.rules {
            parts.push(("variant", self.rules.to_string()));
        }
        let list = |moves: &[G::Move]| {
            moves
                .iter()
                .map(|&m| G::move_code(m))
                .collect::<Vec<_>>()
                .join(",")
        };
        if !self.moves.is_empty() {
            parts.push(("moves", list(&self.moves)));
        }
        if self.ply != self.moves.len() {
            parts.push(("ply", self.ply.to_string()));
        }
        if self.mode != defaults.mode {
            parts.push(("mode", self.mode.name().to_string()));
        }
        if self.mode == Mode::Puzzle {
            parts.push(("solution", list(&self.solution)));
        }
        let shown_side = G::side_to_move(G::position(&self.game()));
        let plays_a_side = matches!(self.mode, Mode::Play | Mode::Puzzle);
        if plays_a_side && self.side != shown_side {
            parts.push(("side", self.side.name().to_string()));
        }
        let default_orientation = if plays_a_side {
            self.side
        } else {
            Colour::Black
        };
        if self.orientation != default_orientation {
            parts.push(("orientation", self.orientation.name().to_string()));
        }
        if self.level != defaults.level {
            parts.push(("level", self.level.to_string()));
        }
        if let Some(lang) = self.lang {
            parts.push(("lang", lang.tag().to_string()));
        }
        if self.theme != defaults.theme {
            parts.push(("theme", self.theme.name().to_string()));
        }
        if !self.coords {
            parts.push(("coords", "off".to_string()));
        }
        if !self.marks.is_empty() {
            let names: Vec<String> = self.marks.iter().map(|&cell| G::cell_name(cell)).collect();
            parts.push(("marks", names.join(",")));
        }
        if self.controls != self.mode.default_controls() {
            let names: Vec<&str> = self.controls.iter().map(|b| b.name()).collect();
            let text = if names.is_empty() {
                "none".to_string()
            } else {
                names.join(",")
            };
            parts.push(("controls", text));
        }
        if self.sound {
            parts.push(("sound", "on".to_string()));
        }
        if let Some(id) = &self.id {
            parts.push(("id", id.clone()));
        }
        if !self.origins.is_empty() {
            parts.push(("origin", self.origins.join(",")));
        }
        parts
            .iter()
            .map(|(name, value)| format!("{name}={}", percent_encode(value)))
            .collect::<Vec<_>>()
            .join("&")
    }
}

/// The puzzle's answer to a move `M` of the reader.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PuzzleStep<M> {
    /// Not the move the puzzle wants: the frame takes it back and says so.
    Wrong,
    /// The right move.
    Right {
        /// The board's answer to play next, if the solution goes on.
        reply: Option<M>,
        /// Whether the puzzle is solved with this move.
        solved: bool,
    },
}

/// Reads `controls`: `none`, `all` (every button `offered`), or a list of the names of
/// buttons `offered` (commas or spaces): the mode's ([`Mode::offered_controls`]), so that a
/// button the mode has not is refused like an unknown name, the mode's buttons listed. The
/// error in English and as a catalogue text.
fn parse_controls(text: &str, offered: &[Button]) -> Result<Vec<Button>, (String, Text)> {
    let lower = text.to_ascii_lowercase();
    let names: Vec<&str> = split_moves(&lower).collect();
    let known: Vec<&str> = offered.iter().map(|b| b.name()).collect();
    let problem = |what: String, key: &'static str, name: Quoted| {
        let message = format!(
            "controls must be none, all or a list of {}; {what}",
            known.join(", ")
        );
        let text = Text::new(key)
            .with("buttons", known.join(", "))
            .with("name", name);
        (message, text)
    };
    match names.as_slice() {
        ["none"] => return Ok(Vec::new()),
        ["all"] => return Ok(offered.to_vec()),
        _ => {}
    }
    let mut buttons = Vec::new();
    for name in &names {
        match offered.iter().find(|b| b.name() == *name) {
            Some(b) => buttons.push(*b),
            None if matches!(*name, "none" | "all") => {
                return Err(problem(
                    format!("'{name}' cannot be mixed with button names"),
                    "embed.param.controlsMixed",
                    quote(name),
                ))
            }
            None => {
                return Err(problem(
                    format!("'{}' is not one of them", quote(name)),
                    "embed.param.controlsUnknown",
                    quote(name),
                ))
            }
        }
    }
    buttons.sort();
    buttons.dedup();
    Ok(buttons)
}

/// Reads `marks`: squares (`d4`, any case) separated by commas and/or spaces, repeats dropped;
/// every bad square is named (the first few), and at most [`MAX_MARKS`] squares. The error in
/// English and as a catalogue text.
fn parse_marks<G: WebGame>(text: &str) -> Result<Vec<usize>, (String, Text)> {
    let lower = text.to_ascii_lowercase();
    let mut squares = Vec::new();
    let mut bad = Vec::new();
    let cells = G::SHAPE.cells();
    for name in split_moves(&lower) {
        match (0..cells).find(|&cell| G::cell_name(cell) == name) {
            Some(square) if squares.contains(&square) => {}
            Some(square) => squares.push(square),
            None => bad.push(name),
        }
    }
    if !bad.is_empty() {
        let mut named: Vec<String> = bad
            .iter()
            .take(MAX_BAD_MARKS_NAMED)
            .map(|name| format!("'{}'", quote(name)))
            .collect();
        if bad.len() > MAX_BAD_MARKS_NAMED {
            named.push(format!("{} more", bad.len() - MAX_BAD_MARKS_NAMED));
        }
        let names: Vec<&str> = named.iter().map(String::as_str).collect();
        let verb = if bad.len() == 1 {
            "is not a square"
        } else {
            "are not squares"
        };
        let message = format!(
            "marks must list squares {}–{} like {},{}; {} {verb}",
            G::cell_name(0),
            G::cell_name(cells - 1),
            G::cell_name(example_cell::<G>(0)),
            G::cell_name(example_cell::<G>(1)),
            and_list(&names)
        );
        let text = match bad.as_slice() {
            [one] => Text::new("embed.param.marksBadSquare").with("square", quote(one)),
            _ => {
                let quoted: Vec<String> = bad
                    .iter()
                    .take(MAX_BAD_MARKS_NAMED)
                    .map(|name| format!("'{}'", common::texts::isolated(&quote(name).0)))
                    .collect();
                let list = if bad.len() > MAX_BAD_MARKS_NAMED {
                    Text::new("embed.list.and")
                        .with("items", quoted.join(", "))
                        .with(
                            "last",
                            Text::new("embed.list.more")
                                .with("count", bad.len() - MAX_BAD_MARKS_NAMED),
                        )
                } else {
                    let (last, init) = quoted.split_last().expect("two or more");
                    Text::new("embed.list.and")
                        .with("items", init.join(", "))
                        .with("last", last.as_str())
                };
                Text::new("embed.param.marksBadSquares").with("squares", list)
            }
        };
        return Err((message, text));
    }
    if squares.len() > MAX_MARKS {
        let message = format!(
            "marks may list at most {MAX_MARKS} squares, not {}",
            squares.len()
        );
        let text = Text::new("embed.param.marksTooMany")
            .with("max", MAX_MARKS)
            .with("count", squares.len());
        return Err((message, text));
    }
    Ok(squares)
}

/// The `n`th square of the examples a message about squares gives: near the board's middle,
/// going down to the left (Jungle's `d4`, `c3`).
fn example_cell<G: WebGame>(n: usize) -> usize {
    let files = usize::from(G::SHAPE.files);
    let ranks = usize::from(G::SHAPE.ranks);
    (ranks / 2 - 1 - n) * files + files / 2 - n
}

/// `a, b and c`.
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `scheme://host[:port]` in lowercase, a trailing `/` dropped; `None` when it is not an origin.
fn normalise_origin(text: &str) -> Option<String> {
    let lower = text.trim().trim_end_matches('/').to_ascii_lowercase();
    let (scheme, rest) = lower.split_once("://")?;
    if !matches!(scheme, "http" | "https") || rest.is_empty() {
        return None;
    }
    // A port is digits after the last `:` outside an IPv6 address's brackets.
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) if !port.contains(']') => (host, Some(port)),
        _ => (rest, None),
    };
    let host_ok = if let Some(inner) = host.strip_prefix('[') {
        inner.strip_suffix(']').is_some_and(|ip| {
            !ip.is_empty()
                && ip
                    .chars()
                    .all(|c| c.is_ascii_hexdigit() || matches!(c, ':' | '.'))
        })
    } else {
        !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.'))
    };
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.parse::<u16>().is_ok());
    (host_ok && port_ok).then_some(lower)
}
