//! `shogi`: the native command line for shogi. Rules checks (`perft`, `divide`, `moves`). Bad
//! input prints one line on stderr and exits non-zero.

#[macro_use]
#[path = "common/rules_cli.rs"]
mod rules_cli;

use jungle::shogi::{Position, Ruleset};
use rules_cli::{run_rules_command, see_help, RulesGame};
use std::process::ExitCode;

const USAGE: &str = "usage: shogi <perft|divide> <depth> [--sfen \"<SFEN>\"] [--variant <names>]
       shogi moves [--sfen \"<SFEN>\"] [--variant <names>]
         names: impasse=27|off, maxmoves=<plies>|off (comma-separated)";

/// Shogi's positions for the rules commands.
struct Shogi;

impl RulesGame for Shogi {
    type Position = Position;
    const POSITION_OPTION: &'static str = "--sfen";

    fn position(text: Option<&str>, variant: &str) -> Result<Position, String> {
        // The ruleset does not change the moves; it is read so that bad names are refused.
        Ruleset::parse(variant).map_err(|e| format!("--variant: {e}"))?;
        match text {
            Some(sfen) => Position::from_sfen(sfen).map_err(|e| format!("--sfen: {e}")),
            None => Ok(Position::start()),
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
    if let Some(result) = run_rules_command::<Shogi>(args) {
        return result;
    }
    match args.first().map(String::as_str).unwrap_or("") {
        "" | "help" | "--help" | "-h" => {
            out!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}' ({})", see_help())),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("shogi: {message}");
            ExitCode::FAILURE
        }
    }
}
