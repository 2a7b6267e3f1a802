//! `jungle`: the native command line. Rules checks (`perft`, `divide`, `moves`) and the engine
//! (`uci`, `bench`, `match`). Bad input prints one line on stderr and exits non-zero.

/// `println!` for the command's output, except that a reader who stops reading (`jungle divide 5
/// | head`) ends the program quietly, as Unix tools do, where `println!` would panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(error) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if error.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("jungle: cannot write the output: {error}");
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}

#[path = "jungle/bench.rs"]
mod bench;
#[path = "jungle/uci.rs"]
mod uci;

use jungle::engine::config::EngineConfig;
use jungle::engine::matches::{self, MatchSetup};
use jungle::games::jungle::Jungle;
use jungle::{Game, Position, Ruleset};
use std::process::ExitCode;

const USAGE: &str = "usage: jungle <perft|divide> <depth> [--fen \"<FEN>\"] [--variant <names>]
       jungle moves [--fen \"<FEN>\"] [--variant <names>]
       jungle uci
       jungle bench [depth] [--hash <MB>] [--ttd <depth>]
       jungle match --a \"<config>\" --b \"<config>\" [--games N] [--seed S] [--threads 1|2]
                    [--variant <names>] [--opening-plies N] [--verbose]
         config: key=value pairs, e.g. \"level=3\" or \"nodes=100000 nmp=0 eval.defence=0\"
         (keys: level nodes depth movetime hash nmp lmr ext asp noise blunder eval.<weight>)";

/// Errors stay on one line (the usage takes many): they point to `help` instead.
const SEE_HELP: &str = "run 'jungle help' for usage";

/// The options shared by the rules commands.
struct Common {
    position: Position,
}

fn parse_common(args: &[String]) -> Result<Common, String> {
    let mut fen: Option<String> = None;
    let mut variant = String::new();
    let mut i = 0;
    while i < args.len() {
        let value = || {
            args.get(i + 1)
                .cloned()
                .ok_or_else(|| format!("{} needs a value", args[i]))
        };
        match args[i].as_str() {
            "--fen" => fen = Some(value()?),
            "--variant" => variant = value()?,
            other => return Err(format!("unknown option '{other}' ({SEE_HELP})")),
        }
        i += 2;
    }
    let rules = Ruleset::parse(&variant).map_err(|e| format!("--variant: {e}"))?;
    let position = match fen {
        Some(f) => Position::from_fen(&f, &rules).map_err(|e| format!("--fen: {e}"))?,
        None => Position::start(&rules),
    };
    Ok(Common { position })
}

fn parse_depth(arg: Option<&String>) -> Result<u32, String> {
    let text = arg.ok_or_else(|| format!("missing depth ({SEE_HELP})"))?;
    text.parse::<u32>()
        .ok()
        .filter(|d| *d <= 20)
        .ok_or_else(|| format!("'{text}' is not a depth (0–20)"))
}

fn run(args: &[String]) -> Result<(), String> {
    let command = args.first().map(String::as_str).unwrap_or("");
    match command {
        "perft" => {
            let depth = parse_depth(args.get(1))?;
            let common = parse_common(&args[2..])?;
            let start = std::time::Instant::now();
            let nodes = common.position.perft(depth);
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "perft({depth}) in {secs:.3} s, {:.0} leaves/s",
                nodes as f64 / secs.max(1e-9)
            );
            out!("{nodes}");
            Ok(())
        }
        "divide" => {
            let depth = parse_depth(args.get(1))?;
            let common = parse_common(&args[2..])?;
            let pos = common.position;
            let mut moves: Vec<_> = pos.legal_moves().to_vec();
            moves.sort_by_key(|m| m.to_string());
            let mut total = 0;
            for m in moves {
                let n = if depth == 0 {
                    1
                } else {
                    pos.after(m).perft(depth - 1)
                };
                total += n;
                out!("{m} {n}");
            }
            out!("total {total}");
            Ok(())
        }
        "moves" => {
            let common = parse_common(&args[1..])?;
            let mut moves: Vec<String> = common
                .position
                .legal_moves()
                .iter()
                .map(|m| m.to_string())
                .collect();
            moves.sort();
            out!("{}", moves.join(" "));
            Ok(())
        }
        "uci" => {
            uci::run();
            Ok(())
        }
        "bench" => run_bench(&args[1..]),
        "match" => run_match(&args[1..]),
        "" | "help" | "--help" | "-h" => {
            out!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}' ({SEE_HELP})")),
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
