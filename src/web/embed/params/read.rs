//! Reading the query: each parameter in turn ([`EmbedConfig::parse`]), its errors gathered in
//! table order, and the query written back ([`EmbedConfig::to_query`]).

use super::*;

/// Reads the parameters while collecting errors.
pub(super) struct Reader {
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
pub(super) fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// [`or_list`] in the page's language (`embed.list.or`); the names are code, shown as written.
pub(super) fn or_list_text(names: &[&str]) -> Value {
    match names {
        [init @ .., last] if !init.is_empty() => Text::new("embed.list.or")
            .with("items", init.join(", "))
            .with("last", *last)
            .into(),
        _ => names.join("").into(),
    }
}

/// `{param} must be {allowed}, not '{value}'` as a catalogue text.
pub(super) fn not_one_of(param: &str, allowed: &[&str], value: &str) -> Text {
    Text::new("embed.param.notOneOf")
        .with("param", param)
        .with("allowed", or_list_text(allowed))
        .with("value", quote(value))
}

pub(super) const SIDES: [(&str, Colour); 2] = [("black", Colour::Black), ("white", Colour::White)];
pub(super) const ON_OFF: [(&str, bool); 6] = [
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
        if let Some(game) = game_param::<G>() {
            parts.push(("game", game.to_string()));
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

/// Reads `controls`: `none`, `all` (every button `offered`), or a list of the names of
/// buttons `offered` (commas or spaces): the mode's ([`Mode::offered_controls`]), so that a
/// button the mode has not is refused like an unknown name, the mode's buttons listed. The
/// error in English and as a catalogue text.
pub(super) fn parse_controls(
    text: &str,
    offered: &[Button],
) -> Result<Vec<Button>, (String, Text)> {
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
pub(super) fn parse_marks<G: WebGame>(text: &str) -> Result<Vec<usize>, (String, Text)> {
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
pub(super) fn example_cell<G: WebGame>(n: usize) -> usize {
    let files = usize::from(G::SHAPE.files);
    let ranks = usize::from(G::SHAPE.ranks);
    (ranks / 2 - 1 - n) * files + files / 2 - n
}

/// `a, b and c`.
pub(super) fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `scheme://host[:port]` in lowercase, a trailing `/` dropped; `None` when it is not an origin.
pub(super) fn normalise_origin(text: &str) -> Option<String> {
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
