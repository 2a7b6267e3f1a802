//! `jungle`: the native command line. Rules checks (`perft`, `divide`, `moves`), the engine
//! (`uci`, `bench`, `match`) and the analysis data (`winprob`, `puzzles`). Bad input prints one
//! line on stderr and exits non-zero.

#[macro_use]
#[path = "common/rules_cli.rs"]
mod rules_cli;

#[path = "common/analysis_cli.rs"]
mod analysis_cli;
#[path = "jungle/bench.rs"]
mod bench;
#[path = "common/puzzle_file.rs"]
mod puzzle_file;
#[path = "jungle/uci.rs"]
mod uci;

use jungle::engine::config::EngineConfig;
use jungle::engine::matches::{self, MatchSetup};
use jungle::games::jungle::Jungle;
use jungle::{Game, Position, Ruleset};
use rules_cli::{run_rules_command, see_help, RulesGame};
use std::process::ExitCode;

const USAGE: &str = "usage: jungle <perft|divide> <depth> [--fen \"<FEN>\"] [--variant <names>]
       jungle moves [--fen \"<FEN>\"] [--variant <names>]
       jungle uci
       jungle bench [depth] [--hash <MB>] [--ttd <depth>]
       jungle match --a \"<config>\" --b \"<config>\" [--games N] [--seed S] [--threads 1|2]
                    [--variant <names>] [--opening-plies N] [--verbose]
         config: key=value pairs, e.g. \"level=3\" or \"nodes=100000 nmp=0 eval.defence=0\"
         (keys: level nodes depth movetime hash nmp lmr ext asp noise blunder eval.<weight>)";

/// Jungle's positions for the rules commands.
struct JungleRules;

impl RulesGame for JungleRules {
    type Position = Position;
    const POSITION_OPTION: &'static str = "--fen";

    fn position(text: Option<&str>, variant: &str) -> Result<Position, String> {
        let rules = Ruleset::parse(variant).map_err(|e| format!("--variant: {e}"))?;
        match text {
            Some(fen) => Position::from_fen(fen, &rules).map_err(|e| format!("--fen: {e}")),
            None => Ok(Position::start(&rules)),
        }
    }

    fn children(position: &Position) -> Vec<(String, Position)> {
        position
            .legal_moves()
            .iter()
            .map(|&m| (m.to_string(), position.after(m)))
            .collect()
    }

    fn perft(position: &Position, depth: u32) -> u64 {
        position.perft(depth)
    }
}

fn run(args: &[String]) -> Result<(), String> {
    if let Some(result) = run_rules_command::<JungleRules>(args) {
        return result;
    }
    let command = args.first().map(String::as_str).unwrap_or("");
    match command {
        "uci" => {
            uci::run();
            Ok(())
        }
        "bench" => run_bench(&args[1..]),
        "match" => run_match(&args[1..]),
        "winprob" => analysis_cli::run_winprob::<Game>(&args[1..], Ruleset::default()),
        "puzzles" => analysis_cli::run_puzzles::<Game>(&args[1..], Ruleset::default()),
        "" | "help" | "--help" | "-h" => {
            out!(
                "{USAGE}{}",
                analysis_cli::ANALYSIS_USAGE.replace("<tool>", "jungle")
            );
            Ok(())
        }
        other => Err(format!("unknown command '{other}' ({})", see_help())),
    }
}

fn run_bench(args: &[String]) -> Result<(), String> {
    let mut depth = 11;
    let mut hash_mb = 16;
    let mut time_to_depth = None;
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
                hash_mb = value("--hash")? as usize;
                i += 2;
            }
            "--ttd" => {
                time_to_depth = Some(value("--ttd")?.min(64));
                i += 2;
            }
            text => {
                depth = text
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .ok_or_else(|| format!("'{text}' is not a depth (1–64)\n{USAGE}"))?;
                i += 1;
            }
        }
    }
    match time_to_depth {
        Some(d) => {
            bench::time_to_depth(d, hash_mb);
            Ok(())
        }
        None => bench::run(depth, hash_mb),
    }
}

fn run_match(args: &[String]) -> Result<(), String> {
    let mut a = None;
    let mut b = None;
    let mut games = 100;
    let mut seed = 1;
    let mut threads = 2;
    let mut variant = String::new();
    let mut verbose = false;
    let mut opening_plies = 2;
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
            "--a" => {
                a = Some(EngineConfig::<Jungle>::parse(&value()?).map_err(|e| format!("--a: {e}"))?)
            }
            "--b" => {
                b = Some(EngineConfig::<Jungle>::parse(&value()?).map_err(|e| format!("--b: {e}"))?)
            }
            "--games" => games = number(value()?)?.clamp(1, 100_000) as usize,
            "--seed" => seed = number(value()?)?,
            "--threads" => threads = number(value()?)?.clamp(1, 2) as usize,
            "--variant" => variant = value()?,
            "--opening-plies" => opening_plies = number(value()?)?.min(20) as usize,
            "--verbose" => {
                verbose = true;
                i += 1;
                continue;
            }
            other => return Err(format!("unknown option '{other}'\n{USAGE}")),
        }
        i += 2;
    }
    let rules = Ruleset::parse(&variant).map_err(|e| format!("--variant: {e}"))?;
    let setup = MatchSetup::<Game> {
        a: a.ok_or("match needs --a <config>")?,
        b: b.ok_or("match needs --b <config>")?,
        games,
        seed,
        threads,
        rules,
        opening_plies,
    };
    let report = matches::run(&setup, &|game| {
        if verbose {
            eprintln!(
                "game {:>4}: A as {:<5} {} in {} plies ({}): {}",
                game.index + 1,
                <Game as jungle::engine::Playable>::side_name(game.a_side),
                match game.a_score {
                    s if s > 0.75 => "won ",
                    s if s < 0.25 => "lost",
                    _ => "drew",
                },
                game.moves.len(),
                game.ending.map_or("move limit", |e| e.reason),
                game.moves
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    });
    let (elo, margin) = report.elo();
    out!("A: {}", setup.a.name);
    out!("B: {}", setup.b.name);
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("jungle: {message}");
            ExitCode::FAILURE
        }
    }
}
