//! `jungle`: the native command line. Rules checks (`perft`, `divide`, `moves`) and the engine
//! (`uci`, `bench`, `match`). Bad input prints one line on stderr and exits non-zero.

use jungle::{Position, Ruleset};
use std::process::ExitCode;

const USAGE: &str = "usage: jungle <perft|divide> <depth> [--fen \"<FEN>\"] [--variant <names>]
       jungle moves [--fen \"<FEN>\"] [--variant <names>]";

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
            other => return Err(format!("unknown option '{other}'\n{USAGE}")),
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
    let text = arg.ok_or_else(|| format!("missing depth\n{USAGE}"))?;
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
            println!("{nodes}");
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
                println!("{m} {n}");
            }
            println!("total {total}");
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
            println!("{}", moves.join(" "));
            Ok(())
        }
        "" | "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
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
