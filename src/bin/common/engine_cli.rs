//! What the games' engine commands share: `bench`, `match` (self-play, or against another
//! program through its protocol) and the protocol loop (`protocol.rs`: UCI for Jungle, USI for
//! shogi), over any game that implements [`CliGame`]. Each tool includes this file (`#[path]`)
//! after `rules_cli.rs`, whose `out!` it uses.

use engine::bench;
use engine::config::EngineConfig;
use engine::matches::{self, Contestant, MatchSetup};
use engine::{InstantClock, Playable, SearchGame};
use std::sync::atomic::AtomicBool;

/// A game's move.
pub type MoveOf<P> = <<P as Playable>::Search as SearchGame>::Move;
/// A game's position.
pub type PositionOf<P> = <<P as Playable>::Search as SearchGame>::Position;

/// The words of a game's engine protocol.
pub struct Dialect {
    /// `uci` or `usi`: the handshake (`uciok`, `ucinewgame` follow from it).
    pub protocol: &'static str,
    /// The engine's name in `id name`.
    pub engine_name: &'static str,
    /// The word before a setup in `position` (`fen`, `sfen`).
    pub position_word: &'static str,
    /// The option that sizes the table (`Hash`, `USI_Hash`).
    pub hash_option: &'static str,
    /// What `bestmove` says when there is no move (`(none)`, `resign`).
    pub no_move: &'static str,
    /// USI's additions: `byoyomi`, `go mate`, `gameover`, `ponderhit`, `USI_Ponder`,
    /// `bestmove win`.
    pub usi: bool,
}

/// What a mate search (`go mate`) found.
// Only games with a mate search (shogi) make one: Jungle's tool never does.
#[allow(dead_code)]
pub enum MateAnswer<M> {
    /// The mating line.
    Mate(Vec<M>),
    /// No mate.
    NoMate,
    /// Stopped before an answer.
    Unknown,
}

/// A game as the engine commands see it.
pub trait CliGame: Playable {
    /// The protocol's words.
    const DIALECT: Dialect;
    /// The depth `bench` searches each position to by default.
    const BENCH_DEPTH: u32;

    /// Reads the ruleset's names (`--variant`, the Variant option).
    fn parse_rules(text: &str) -> Result<Self::Rules, String>;
    /// A game from a setup written in the protocol's notation (FEN, SFEN).
    fn from_setup(text: &str, rules: Self::Rules) -> Result<Self, String>;
    /// The game's start position as `position` writes it (`startpos`, `sfen …`).
    fn setup_text(&self) -> String;
    /// Reads a move in the protocol's notation.
    fn parse_move(text: &str) -> Result<MoveOf<Self>, String>;
    /// A raw search score as the protocol writes it (`cp 35`, `mate 3`, `den 2`).
    fn score_text(raw: i32) -> String;
    /// The bench positions.
    fn bench_positions() -> Result<Vec<PositionOf<Self>>, String>;
    /// The games `setoption name USI_Variant` may name (USI only; none: no such option).
    const VARIANTS: &'static [&'static str] = &[];
    /// The rules of the `USI_Variant` named `name` when this game plays it (`None`: another
    /// game does, or none).
    fn variant_rules(_name: &str) -> Option<Self::Rules> {
        None
    }
    /// Opening lines for matches (pairs of games start from them in turn).
    fn opening_lines() -> Vec<Vec<MoveOf<Self>>> {
        Vec::new()
    }
    /// A mate search for the side to move, stopped by `stop` (`None`: the game has none).
    fn solve_mate(&self, _max_plies: u32, _stop: &AtomicBool) -> Option<MateAnswer<MoveOf<Self>>> {
        None
    }
}

/// The bench's table, MB (`--hash` changes it): fixed, so the signature does not move with the
/// matches' default.
const BENCH_HASH_MB: usize = 16;

/// `bench [depth] [--hash <MB>] [--ttd <depth>] [--config "<engine config>"]`: the fixed
/// positions to a fixed depth (one line each, then the total nodes: the regression signature,
/// and nps), or with `--ttd` the time to reach each depth from the start; `--config` searches
/// with a match configuration's switches and weights (to measure one).
pub fn run_bench<G: CliGame>(args: &[String], usage: &str) -> Result<(), String> {
    let mut depth = G::BENCH_DEPTH;
    let mut hash_mb = None;
    let mut time_to_depth = None;
    // The bench's own table size unless the configuration names one.
    let with_bench_hash = |text: &str| EngineConfig::parse(&format!("hash={BENCH_HASH_MB} {text}"));
    let mut config = with_bench_hash("")?;
    let mut i = 0;
    while i < args.len() {
        let value = |name: &str| -> Result<u32, String> {
            let text = args
                .get(i + 1)
                .ok_or_else(|| format!("{name} needs a value"))?;
            text.parse::<u32>()
                .ok()
                .filter(|v| (1..=4096).contains(v))
                .ok_or_else(|| format!("{name}: '{text}' is not a number from 1"))
        };
        match args[i].as_str() {
            "--hash" => {
                hash_mb = Some(value("--hash")? as usize);
                i += 2;
            }
            "--ttd" => {
                time_to_depth = Some(value("--ttd")?.min(64));
                i += 2;
            }
            "--config" => {
                let text = args.get(i + 1).ok_or("--config needs a value")?;
                config = with_bench_hash(text).map_err(|e| format!("--config: {e}"))?;
                i += 2;
            }
            text => {
                depth = text
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .ok_or_else(|| format!("'{text}' is not a depth (1–64)\n{usage}"))?;
                i += 1;
            }
        }
    }
    config.hash_mb = hash_mb.or(config.hash_mb);
    let clock = InstantClock::new();
    if let Some(max_depth) = time_to_depth {
        let start = *G::start(G::parse_rules("")?).current();
        bench::time_to_depth::<G::Search>(start, max_depth, &config, &clock, &mut |info| {
            out!(
                "depth {:>2} time {:>7.0} ms nodes {:>10} score {} pv {}",
                info.depth,
                info.time_ms,
                info.nodes,
                G::score_text(info.score),
                moves_text(&info.pv)
            );
        });
        return Ok(());
    }
    let positions = G::bench_positions()?;
    let total = bench::run::<G::Search>(&positions, depth, &config, &clock, |line| {
        let result = &line.result;
        out!(
            "{:>2} depth {} score {:<8} nodes {:>10} time {:>6.0} ms  best {}",
            line.index + 1,
            result.depth,
            G::score_text(result.score),
            result.nodes,
            line.ms,
            result
                .best_move
                .map_or("(none)".to_string(), |m| m.to_string())
        );
    });
    out!(
        "total nodes {} time {:.2} s nps {:.0}",
        total.nodes,
        total.ms / 1000.0,
        total.nps()
    );
    Ok(())
}

/// Moves as protocol text, space-separated.
pub fn moves_text<M: std::fmt::Display>(moves: &[M]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads one side of a match: an engine configuration (`level=3 nodes=5000 …`), or another
/// program (`program=<path> [movetime=ms|nodes=N|depth=D] [option.<Name>=<value>…]`) spoken to
/// in the game's protocol.
fn contestant<G: CliGame>(text: &str) -> Result<Contestant<G>, String> {
    if text.split([' ', ',']).any(|w| w.starts_with("program=")) {
        let spec = crate::external::ExternalSpec::parse(text)?;
        let name = text.trim().to_string();
        Ok(Contestant::External {
            name,
            start: Box::new(move || {
                let player = crate::external::ExternalEngine::start::<G>(&spec)?;
                Ok(Box::new(player) as Box<dyn matches::ExternalPlayer<G>>)
            }),
        })
    } else {
        EngineConfig::<G::Search>::parse(text).map(Contestant::from)
    }
}

/// Opening lines from a book's text: one line of moves in the protocol's notation per opening,
/// each legal from the start (blank lines and `#` comments skipped).
pub fn read_book<G: CliGame>(text: &str, rules: G::Rules) -> Result<Vec<Vec<MoveOf<G>>>, String> {
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut game = G::start(rules);
        let mut moves = Vec::new();
        for word in line.split_whitespace() {
            let m = G::parse_move(word).map_err(|e| format!("line {}: {e}", number + 1))?;
            game.play_move(m)
                .map_err(|e| format!("line {}: {word}: {e}", number + 1))?;
            moves.push(m);
        }
        lines.push(moves);
    }
    if lines.is_empty() {
        return Err("no opening lines".into());
    }
    Ok(lines)
}

/// `match --a <player> --b <player> [--games N] [--seed S] [--threads 1|2] [--variant <names>]
/// [--opening-plies N] [--no-book | --book FILE] [--verbose]`: W-L-D from A's side, score,
/// Elo ± 95 %.
pub fn run_match<G: CliGame>(args: &[String], usage: &str) -> Result<(), String> {
    let mut a = None;
    let mut b = None;
    let mut games = 100;
    let mut seed = 1;
    let mut threads = 2;
    let mut variant = String::new();
    let mut verbose = false;
    let mut book = true;
    let mut book_file = None;
    let mut opening_plies = None;
    let mut i = 0;
    while i < args.len() {
        let value = || {
            args.get(i + 1)
                .cloned()
                .ok_or_else(|| format!("{} needs a value", args[i]))
        };
        let number = |text: String| {
            text.parse::<u64>()
                .map_err(|_| format!("{}: '{text}' is not a number", args[i]))
        };
        match args[i].as_str() {
            "--a" => a = Some(contestant::<G>(&value()?).map_err(|e| format!("--a: {e}"))?),
            "--b" => b = Some(contestant::<G>(&value()?).map_err(|e| format!("--b: {e}"))?),
            "--games" => games = number(value()?)?.clamp(1, 100_000) as usize,
            "--seed" => seed = number(value()?)?,
            "--threads" => threads = number(value()?)?.clamp(1, 2) as usize,
            "--variant" => variant = value()?,
            "--opening-plies" => opening_plies = Some(number(value()?)?.min(20) as usize),
            "--book" => book_file = Some(value()?),
            "--verbose" | "--no-book" => {
                verbose |= args[i] == "--verbose";
                book &= args[i] != "--no-book";
                i += 1;
                continue;
            }
            other => return Err(format!("unknown option '{other}'\n{usage}")),
        }
        i += 2;
    }
    let rules = G::parse_rules(&variant).map_err(|e| format!("--variant: {e}"))?;
    let openings = match (&book_file, book) {
        (Some(path), _) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--book: cannot read {path}: {e}"))?;
            read_book::<G>(&text, rules).map_err(|e| format!("--book {path}: {e}"))?
        }
        (None, true) => G::opening_lines(),
        (None, false) => Vec::new(),
    };
    let setup = MatchSetup::<G> {
        a: a.ok_or("match needs --a <config>")?,
        b: b.ok_or("match needs --b <config>")?,
        games,
        seed,
        threads,
        rules,
        openings,
        // A book's lines are chosen balanced: no random plies after them unless asked.
        opening_plies: opening_plies.unwrap_or(if book_file.is_some() { 0 } else { 2 }),
    };
    let report = matches::run(&setup, &|game| {
        if verbose {
            eprintln!(
                "game {:>4}: A as {:<5} {} in {} plies ({}): {}",
                game.index + 1,
                G::side_name(game.a_side),
                match game.a_score {
                    s if s > 0.75 => "won ",
                    s if s < 0.25 => "lost",
                    _ => "drew",
                },
                game.moves.len(),
                game.ending.map_or("move limit", |e| e.reason),
                moves_text(&game.moves)
            );
        }
    });
    let (elo, margin) = report.elo();
    out!("A: {}", setup.a.name());
    out!("B: {}", setup.b.name());
    out!(
        "games {} · mean length {:.0} plies · {:.0} s · endings {}",
        report.games.len(),
        report.mean_plies(),
        report.seconds,
        report
            .endings
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    out!(
        "W-L-D {}-{}-{}  score {:.1}%  Elo {:+.0} ± {:.0}",
        report.wins,
        report.losses,
        report.draws,
        report.score() * 100.0,
        elo,
        margin
    );
    Ok(())
}
