//! `shogi`: the native command line for shogi. Rules checks (`perft`, `divide`, `moves`) and
//! the tsume solver (`mate`). Bad input prints one line on stderr and exits non-zero.

#[macro_use]
#[path = "common/rules_cli.rs"]
mod rules_cli;

use jungle::games::shogi::mate::{self, MateResult};
use jungle::shogi::{Position, Ruleset};
use rules_cli::{run_rules_command, see_help, RulesGame};
use std::process::ExitCode;

const USAGE: &str = "usage: shogi <perft|divide> <depth> [--sfen \"<SFEN>\"] [--variant <names>]
       shogi moves [--sfen \"<SFEN>\"] [--variant <names>]
       shogi mate <plies> [--sfen \"<SFEN>\"] [--nodes N]
         prints a shortest mating line in USI form, 'nomate', or 'unknown' when the node
         budget (default 10000000) runs out
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

/// `mate <plies> [--sfen …] [--nodes N]`: a shortest mate for the side to move.
fn run_mate(args: &[String]) -> Result<(), String> {
    let text = args
        .first()
        .ok_or_else(|| format!("missing plies ({})", see_help()))?;
    let plies = text
        .parse::<u32>()
        .ok()
        .filter(|p| (1..=99).contains(p))
        .ok_or_else(|| format!("'{text}' is not a number of plies (1–99)"))?;
    let mut sfen = None;
    let mut nodes: u64 = 10_000_000;
    let mut i = 1;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        match args[i].as_str() {
            "--sfen" => sfen = Some(value.clone()),
            "--nodes" => {
                nodes = value
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("--nodes: '{value}' is not a positive number"))?
            }
            other => return Err(format!("unknown option '{other}' ({})", see_help())),
        }
        i += 2;
    }
    let position = Shogi::position(sfen.as_deref(), "")?;
    match mate::solve(&position, plies, nodes) {
        MateResult::Mate(line) => {
            let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            out!("{}", moves.join(" "));
        }
        MateResult::NoMate => out!("nomate"),
        MateResult::Unknown => {
            eprintln!("shogi: the budget of {nodes} nodes ran out; raise it with --nodes");
            out!("unknown");
        }
    }
    Ok(())
}

fn run(args: &[String]) -> Result<(), String> {
    if let Some(result) = run_rules_command::<Shogi>(args) {
        return result;
    }
    match args.first().map(String::as_str).unwrap_or("") {
        "mate" => run_mate(&args[1..]),
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
