//! The engine protocol loop on stdin/stdout, for any [`CliGame`]: UCI's words for Jungle
//! (`jungle uci`), USI's for shogi (`shogi usi`), from the game's
//! [`Dialect`](crate::engine_cli::Dialect). The search runs on its own thread so that `stop`
//! and `isready` are answered while it thinks; every malformed line gets an
//! `info string error: …` and the loop goes on. The thread, the stop flag and the
//! fallback after a failed search are the engine's ([`BackgroundSearch`]); the words are here.

use crate::engine_cli::{moves_text, CliGame, MateAnswer};
use engine::background::{AnsweringThread, BackgroundSearch};
use engine::config::{EngineConfig, DEFAULT_HASH_MB};
use engine::levels::{mix, Rng};
use engine::{Limits, SearchGame};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

const MAX_HASH_MB: usize = 4096;
/// The longest mate `go mate` looks for, in plies.
const MATE_SEARCH_PLIES: u32 = 31;

/// How a protocol loop ended.
pub enum Exit {
    /// `quit`, or the end of input.
    Quit,
    /// `setoption name USI_Variant value <name>` named a variant this game does not play: the
    /// caller hands the rest of the input to the game that does.
    Variant(String),
}

/// The engine's state between commands.
struct Loop<G: CliGame> {
    rules: G::Rules,
    /// A variant another game plays, asked for by `USI_Variant`.
    switch_to: Option<String>,
    level: u8,
    seed: u64,
    game: Option<G>,
    engine: BackgroundSearch<G::Search>,
    /// A `go mate` search on its own thread.
    mate: Option<AnsweringThread<()>>,
    /// The `Config` option: an engine configuration in `match`'s text form, for testing
    /// variants through the protocol; when set it replaces `Level`.
    config: Option<EngineConfig<G::Search>>,
    /// The hash option's table size, which a `Config` naming its own (`hash=`) overrides.
    hash_mb: usize,
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn error(message: &str) {
    say(&format!("info string error: {message}"));
}

/// Runs the loop until `quit` or the end of input.
pub fn run<G: CliGame>() -> Exit {
    run_with::<G>(None)
}

/// Runs the loop from `rules` (the default rules for `None`) until `quit`, the end of input, or
/// a `USI_Variant` this game does not play.
pub fn run_with<G: CliGame>(rules: Option<G::Rules>) -> Exit {
    let rules = match rules {
        Some(rules) => rules,
        None => match G::parse_rules("") {
            Ok(rules) => rules,
            Err(_) => {
                error("the default rules do not read");
                return Exit::Quit;
            }
        },
    };
    let mut state = Loop::<G> {
        rules,
        switch_to: None,
        level: 5,
        seed: 0,
        game: None,
        engine: BackgroundSearch::new(DEFAULT_HASH_MB),
        mate: None,
        config: None,
        hash_mb: DEFAULT_HASH_MB,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            error("input is not UTF-8 text");
            continue;
        };
        if !state.handle(&line) {
            break;
        }
        if let Some(name) = state.switch_to.take() {
            state.finish_search();
            return Exit::Variant(name);
        }
    }
    state.finish_search();
    Exit::Quit
}

impl<G: CliGame> Loop<G> {
    /// Handles one line; false to quit.
    fn handle(&mut self, line: &str) -> bool {
        let dialect = &G::DIALECT;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true;
        };
        let protocol = dialect.protocol;
        match command {
            c if c == protocol => {
                say(&format!(
                    "id name {} {}",
                    dialect.engine_name,
                    env!("CARGO_PKG_VERSION")
                ));
                say("id author the Tabula project");
                say("option name Level type spin default 5 min 1 max 5");
                say(&format!(
                    "option name {} type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}",
                    dialect.hash_option
                ));
                if dialect.usi {
                    say("option name USI_Ponder type check default false");
                    if let Some((first, _)) = G::VARIANTS.split_first() {
                        let all: String = G::VARIANTS.iter().map(|v| format!(" var {v}")).collect();
                        say(&format!(
                            "option name USI_Variant type combo default {first}{all}"
                        ));
                    }
                }
                say("option name Variant type string default standard");
                say("option name Seed type spin default 0 min 0 max 4294967295");
                say("option name Config type string default <empty>");
                say("option name Threads type spin default 1 min 1 max 1");
                say(&format!("{protocol}ok"));
            }
            "isready" => say("readyok"),
            c if c.strip_prefix(protocol) == Some("newgame") => {
                self.finish_search();
                self.engine.clear();
                self.game = None;
            }
            "setoption" => {
                if self.is_searching() {
                    error("setoption while searching: send stop first");
                } else if let Err(e) = {
                    self.finish_search();
                    self.set_option(args)
                } {
                    error(&e);
                }
            }
            "position" => {
                self.finish_search();
                match self.parse_position(args) {
                    Ok(game) => self.game = Some(game),
                    Err(e) => {
                        self.game = None;
                        error(&format!("{e}; no position is set now"));
                    }
                }
            }
            "go" => {
                if self.is_searching() {
                    error("already searching: send stop first");
                } else {
                    self.finish_search();
                    if dialect.usi && args.first() == Some(&"mate") {
                        self.go_mate(&args[1..]);
                    } else {
                        self.go(args);
                    }
                }
            }
            "stop" => self.finish_search(),
            // The game is over or the ponder move was played: nothing to answer.
            "gameover" | "ponderhit" if dialect.usi => {
                if command == "gameover" {
                    self.finish_search();
                }
            }
            "quit" => return false,
            other => error(&format!(
                "unknown command '{}'",
                other.chars().take(32).collect::<String>()
            )),
        }
        true
    }

    fn is_searching(&self) -> bool {
        self.engine.is_searching() || self.mate.as_ref().is_some_and(AnsweringThread::is_running)
    }

    /// Stops a running search and waits for its `bestmove` (or `checkmate`).
    fn finish_search(&mut self) {
        if let Err(e) = self.engine.finish() {
            error(&e);
        }
        if let Some(mate) = self.mate.take() {
            if mate.finish().is_err() {
                error("the mate search failed");
            }
        }
    }

    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let text = args.join(" ");
        let rest = text
            .strip_prefix("name ")
            .ok_or("write: setoption name <name> value <value>")?;
        let (name, value) = match rest.split_once(" value") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        let number = |max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| *v <= max)
                .ok_or_else(|| format!("{name} needs a number up to {max}, not '{value}'"))
        };
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "level" => {
                let v = number(5)?;
                if v < 1 {
                    return Err("Level is 1 to 5".into());
                }
                self.level = v as u8;
            }
            hash if hash == G::DIALECT.hash_option.to_ascii_lowercase() => {
                self.hash_mb = number(MAX_HASH_MB as u64)?.max(1) as usize;
                if self.config.as_ref().and_then(|c| c.hash_mb).is_none() {
                    self.engine.set_hash_mb(self.hash_mb);
                }
            }
            "usi_ponder" if G::DIALECT.usi => {
                if !["true", "false"].contains(&value) {
                    return Err(format!("USI_Ponder is true or false, not '{value}'"));
                }
            }
            "usi_variant" if G::DIALECT.usi => match G::variant_rules(value) {
                Some(rules) => {
                    self.rules = rules;
                    self.game = None;
                }
                None => self.switch_to = Some(value.to_string()),
            },
            "variant" => {
                self.rules = G::parse_rules(value).map_err(|e| format!("Variant: {e}"))?;
                self.game = None;
                say("info string variant set; send position again");
            }
            "seed" => self.seed = number(u32::MAX as u64)?,
            "config" => {
                let config = match value {
                    "" | "<empty>" => None,
                    text => Some(
                        EngineConfig::<G::Search>::parse(text)
                            .map_err(|e| format!("Config: {e}"))?,
                    ),
                };
                self.engine.set_params(
                    config
                        .as_ref()
                        .map(|c| c.params.clone())
                        .unwrap_or_default(),
                );
                // The searcher was just dropped: this only sets the next one's table size.
                self.engine.set_hash_mb(
                    config
                        .as_ref()
                        .and_then(|c| c.hash_mb)
                        .unwrap_or(self.hash_mb),
                );
                self.config = config;
            }
            "threads" => {
                number(1024)?;
                say("info string this engine searches on one thread");
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn parse_position(&self, args: &[&str]) -> Result<G, String> {
        let word = G::DIALECT.position_word;
        let moves_at = args.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut game = match setup.split_first() {
            Some((&"startpos", [])) => G::start(self.rules),
            Some((&first, setup)) if first == word && !setup.is_empty() => {
                G::from_setup(&setup.join(" "), self.rules)
                    .map_err(|e| format!("bad {}: {e}", word.to_ascii_uppercase()))?
            }
            _ => {
                return Err(format!(
                    "write: position startpos|{word} <{}> [moves m1 m2 …]",
                    word.to_ascii_uppercase()
                ))
            }
        };
        for (i, text) in moves.iter().enumerate() {
            let m = G::parse_move(text).map_err(|e| format!("move {}: {e}", i + 1))?;
            game.play_move(m)
                .map_err(|e| format!("move {} ({m}) is illegal: {e}", i + 1))?;
        }
        Ok(game)
    }

    fn go(&mut self, args: &[&str]) {
        let no_move = G::DIALECT.no_move;
        let side = self
            .game
            .as_ref()
            .map_or(0, |g| G::Search::side_to_move(g.current()));
        let limits = match parse_go(args, side, G::DIALECT.usi) {
            Ok(l) => l,
            Err(e) => {
                error(&e);
                say(&format!("bestmove {no_move}"));
                return;
            }
        };
        let Some(game) = self.game.clone() else {
            error(&format!(
                "no position: send position startpos or position {} <setup> first",
                G::DIALECT.position_word
            ));
            say(&format!("bestmove {no_move}"));
            return;
        };
        if G::DIALECT.usi && game.clone().claim_win() {
            say("bestmove win");
            return;
        }
        // The Config option's level and switches, else the Level option's with the game's own.
        let (settings, switches) = match &self.config {
            Some(config) => (config.level, config.options),
            None => (G::Search::level(self.level), G::Search::default_options()),
        };
        let limits = match limits {
            GoLimits::Given(l) => settings.cap(l),
            GoLimits::Infinite => Limits::default(),
            GoLimits::Default => settings.limits,
        };
        let seed = self.seed ^ game.moves_played().len() as u64;
        let options = settings.options(switches, self.seed);
        let request = game.search_request(limits);
        self.engine.start(
            request,
            options,
            |info| {
                let ms = info.time_ms.max(0.0);
                let nps = (info.nodes as f64 * 1000.0 / ms.max(1.0)) as u64;
                say(&format!(
                    "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
                    info.depth,
                    info.seldepth,
                    G::score_text(info.score),
                    info.nodes,
                    nps,
                    ms as u64,
                    info.hashfull,
                    moves_text(&info.pv)
                ));
            },
            move |finished, request| {
                if finished.failed {
                    error("the search failed; playing the first legal move");
                }
                let mut rng = Rng::new(mix(seed.wrapping_add(0x5EED)));
                match settings.choose(&finished.result, &request.root_moves, &mut rng) {
                    Some(m) => say(&format!("bestmove {m}")),
                    None => say(&format!("bestmove {no_move}")),
                }
            },
        );
    }

    /// `go mate <ms>|infinite`: a mate search, answered `checkmate <moves>`, `checkmate
    /// nomate` or `checkmate timeout`.
    fn go_mate(&mut self, args: &[&str]) {
        let limit = match args {
            [] | ["infinite"] => None,
            [ms] => match ms.parse::<u64>() {
                Ok(ms) => Some(Duration::from_millis(ms.max(1))),
                Err(_) => {
                    error(&format!("go mate: '{ms}' is not a number of milliseconds"));
                    say("checkmate timeout");
                    return;
                }
            },
            _ => {
                error("write: go mate <milliseconds>|infinite");
                say("checkmate timeout");
                return;
            }
        };
        let Some(game) = self.game.clone() else {
            error("no position: send position first");
            say("checkmate timeout");
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        if let Some(limit) = limit {
            let alarm = Arc::clone(&stop);
            std::thread::spawn(move || {
                std::thread::sleep(limit);
                alarm.store(true, Ordering::Relaxed);
            });
        }
        self.mate = Some(AnsweringThread::spawn(stop, move |stop, answering| {
            let answer = match game.solve_mate(MATE_SEARCH_PLIES, stop) {
                Some(MateAnswer::Mate(line)) => format!("checkmate {}", moves_text(&line)),
                Some(MateAnswer::NoMate) => "checkmate nomate".to_string(),
                Some(MateAnswer::Unknown) => "checkmate timeout".to_string(),
                None => "checkmate notimplemented".to_string(),
            };
            // A `go` arriving now waits in finish_search for this line to be written first.
            answering.now();
            say(&answer);
        }));
    }
}

/// The limits a `go` command asks for.
enum GoLimits {
    /// `go` alone: the level's own limit.
    Default,
    /// `go infinite`: until `stop`.
    Infinite,
    /// Explicit limits.
    Given(Limits),
}

/// Reads `go`'s parameters for the side to move (`side_index` 0: black, sente, the `b…`
/// clock). `usi` adds `byoyomi`.
fn parse_go(args: &[&str], side_index: usize, usi: bool) -> Result<GoLimits, String> {
    if args.is_empty() {
        return Ok(GoLimits::Default);
    }
    let mut limits = Limits::default();
    let mut times = [None::<f64>; 2];
    let mut incs = [0.0f64; 2];
    let mut byoyomi = 0.0;
    let mut infinite = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        if key == "infinite" || key == "ponder" {
            // `ponder` is accepted and ignored: the search runs with the other limits given.
            infinite |= key == "infinite";
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("go {key} needs a value"))?;
        let number = value
            .parse::<i64>()
            .map_err(|_| format!("go {key}: '{value}' is not a number"))?;
        let positive = number.max(0) as u64;
        match key {
            "depth" => limits.depth = Some(positive.clamp(1, 64) as u32),
            "nodes" => limits.nodes = Some(positive.max(1)),
            "movetime" => {
                let given = Limits::movetime(positive.max(1) as f64);
                limits.soft_ms = given.soft_ms;
                limits.hard_ms = given.hard_ms;
            }
            "wtime" => times[1] = Some(number.max(0) as f64),
            "btime" => times[0] = Some(number.max(0) as f64),
            "winc" => incs[1] = positive as f64,
            "binc" => incs[0] = positive as f64,
            "byoyomi" if usi => byoyomi = positive as f64,
            "movestogo" | "mate" => {}
            other => return Err(format!("unknown go parameter '{other}'")),
        }
        i += 2;
    }
    if let Some(time) = times[side_index] {
        let clock = Limits::clock_with_byoyomi(time, incs[side_index], byoyomi);
        limits.soft_ms = limits.soft_ms.or(clock.soft_ms);
        limits.hard_ms = limits.hard_ms.or(clock.hard_ms);
    } else if byoyomi > 0.0 {
        let clock = Limits::clock_with_byoyomi(0.0, 0.0, byoyomi);
        limits.soft_ms = limits.soft_ms.or(clock.soft_ms);
        limits.hard_ms = limits.hard_ms.or(clock.hard_ms);
    }
    if infinite {
        return Ok(GoLimits::Infinite);
    }
    Ok(GoLimits::Given(limits))
}
