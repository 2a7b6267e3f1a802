//! `jungle uci`: a UCI-style loop on stdin/stdout. The search runs on its own thread so that
//! `stop` and `isready` are answered while it thinks; every malformed line gets an
//! `info string error: …` and the loop goes on. The thread, the stop flag and the fallback
//! after a failed search are the engine's ([`BackgroundSearch`]); the words are UCI's.

use jungle::engine::background::BackgroundSearch;
use jungle::engine::levels::{mix, Rng};
use jungle::engine::{Limits, Playable, Score, SearchGame, SearchOptions};
use jungle::games::jungle::Jungle;
use jungle::{Game, Move, Ruleset};
use std::io::{BufRead, Write};

const DEFAULT_HASH_MB: usize = 32;
const MAX_HASH_MB: usize = 4096;

/// The engine's state between commands.
struct Uci {
    rules: Ruleset,
    level: u8,
    seed: u64,
    game: Option<Game>,
    engine: BackgroundSearch<Jungle>,
}

/// A raw search score as UCI text: `cp 35`, or `den 3` (wins by entering the den in three
/// moves; `den -2`: loses in two).
pub fn score_text(raw: i32) -> String {
    match Score::from_raw(raw) {
        Score::Points(p) => format!("cp {p}"),
        Score::WinIn(n) => format!("den {n}"),
        Score::LossIn(n) => format!("den {}", -n),
    }
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
pub fn run() {
    let mut uci = Uci {
        rules: Ruleset::default(),
        level: 5,
        seed: 0,
        game: None,
        engine: BackgroundSearch::new(DEFAULT_HASH_MB),
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            error("input is not UTF-8 text");
            continue;
        };
        if !uci.handle(&line) {
            break;
        }
    }
    uci.finish_search();
}

impl Uci {
    /// Handles one line; false to quit.
    fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return true;
        };
        match command {
            "uci" => {
                say(&format!("id name Jungle {}", env!("CARGO_PKG_VERSION")));
                say("id author the Jungle project");
                say("option name Level type spin default 5 min 1 max 5");
                say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                ));
                say("option name Variant type string default standard");
                say("option name Seed type spin default 0 min 0 max 4294967295");
                say("option name Threads type spin default 1 min 1 max 1");
                say("uciok");
            }
            "isready" => say("readyok"),
            "ucinewgame" => {
                self.finish_search();
                self.engine.clear();
                self.game = None;
            }
            "setoption" => {
                if self.engine.is_searching() {
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
                if self.engine.is_searching() {
                    error("already searching: send stop first");
                } else {
                    self.finish_search();
                    self.go(args);
                }
            }
            "stop" => self.finish_search(),
            "quit" => return false,
            other => error(&format!(
                "unknown command '{}'",
                other.chars().take(32).collect::<String>()
            )),
        }
        true
    }

    /// Stops a running search and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Err(e) = self.engine.finish() {
            error(&e);
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
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                let v = number(5)?;
                if v < 1 {
                    return Err("Level is 1 to 5".into());
                }
                self.level = v as u8;
            }
            "hash" => {
                let mb = number(MAX_HASH_MB as u64)?.max(1) as usize;
                self.engine.set_hash_mb(mb);
            }
            "variant" => {
                self.rules = Ruleset::parse(value).map_err(|e| format!("Variant: {e}"))?;
                self.game = None;
                say("info string variant set; send position again");
            }
            "seed" => self.seed = number(u32::MAX as u64)?,
            "threads" => {
                number(1024)?;
                say("info string this engine searches on one thread");
            }
            _ => return Err(format!("unknown option '{name}'")),
        }
        Ok(())
    }

    fn parse_position(&self, args: &[&str]) -> Result<Game, String> {
        let moves_at = args.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut game = match setup.split_first() {
            Some((&"startpos", [])) => Game::new(self.rules),
            Some((&"fen", fen)) if !fen.is_empty() => {
                Game::from_fen(&fen.join(" "), self.rules).map_err(|e| format!("bad FEN: {e}"))?
            }
            _ => return Err("write: position startpos|fen <FEN> [moves m1 m2 …]".into()),
        };
        for (i, text) in moves.iter().enumerate() {
            let m = Move::parse(text).map_err(|e| format!("move {}: {e}", i + 1))?;
            game.play(m)
                .map_err(|e| format!("move {} ({m}) is illegal: {e}", i + 1))?;
        }
        Ok(game)
    }

    fn go(&mut self, args: &[&str]) {
        let side = self
            .game
            .as_ref()
            .map_or(0, |g| g.position().side_to_move().index());
        let limits = match parse_go(args, side) {
            Ok(l) => l,
            Err(e) => {
                error(&e);
                say("bestmove (none)");
                return;
            }
        };
        let Some(game) = self.game.clone() else {
            error("no position: send position startpos or position fen <FEN> first");
            say("bestmove (none)");
            return;
        };
        let settings = Jungle::level(self.level);
        let limits = match limits {
            GoLimits::Given(l) => settings.cap(l),
            GoLimits::Infinite => Limits::default(),
            GoLimits::Default => settings.limits,
        };
        let seed = self.seed ^ game.moves().len() as u64;
        let options = settings.options(SearchOptions::default(), self.seed);
        let request = game.search_request(limits);
        self.engine.start(
            request,
            options,
            |info| {
                let ms = info.time_ms.max(0.0);
                let nps = (info.nodes as f64 * 1000.0 / ms.max(1.0)) as u64;
                let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
                say(&format!(
                    "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
                    info.depth,
                    info.seldepth,
                    score_text(info.score),
                    info.nodes,
                    nps,
                    ms as u64,
                    info.hashfull,
                    pv.join(" ")
                ));
            },
            move |finished, request| {
                if finished.failed {
                    error("the search failed; playing the first legal move");
                }
                let mut rng = Rng::new(mix(seed.wrapping_add(0x5EED)));
                match settings.choose(&finished.result, &request.root_moves, &mut rng) {
                    Some(m) => say(&format!("bestmove {m}")),
                    None => say("bestmove (none)"),
                }
            },
        );
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

fn parse_go(args: &[&str], side_index: usize) -> Result<GoLimits, String> {
    if args.is_empty() {
        return Ok(GoLimits::Default);
    }
    let mut limits = Limits::default();
    let mut times = [None::<f64>; 2];
    let mut incs = [0.0f64; 2];
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
                let ms = positive.max(1) as f64;
                limits.soft_ms = Some(ms * 0.6);
                limits.hard_ms = Some(ms);
            }
            "wtime" => times[1] = Some(number.max(1) as f64),
            "btime" => times[0] = Some(number.max(1) as f64),
            "winc" => incs[1] = positive as f64,
            "binc" => incs[0] = positive as f64,
            "movestogo" | "mate" => {}
            other => return Err(format!("unknown go parameter '{other}'")),
        }
        i += 2;
    }
    if let Some(time) = times[side_index] {
        let clock = Limits::clock(time, incs[side_index]);
        limits.soft_ms = limits.soft_ms.or(clock.soft_ms);
        limits.hard_ms = limits.hard_ms.or(clock.hard_ms);
    }
    if infinite {
        return Ok(GoLimits::Infinite);
    }
    Ok(GoLimits::Given(limits))
}
