//! `jungle`: the native command line. Rules checks (`perft`, `divide`, `moves`), the engine
//! (`uci`, `bench`, `match`) and the analysis data (`winprob`, `puzzles`). Bad input prints one
//! line on stderr and exits non-zero.

#[macro_use]
#[path = "common/rules_cli.rs"]
mod rules_cli;
#[path = "common/engine_cli.rs"]
mod engine_cli;
#[path = "common/external.rs"]
mod external;
#[path = "common/protocol.rs"]
mod protocol;

#[path = "common/analysis_cli.rs"]
mod analysis_cli;
#[path = "common/puzzle_file.rs"]
mod puzzle_file;

use engine::Score;
use engine_cli::{run_bench, run_match, CliGame, Dialect};
use jungle::ai::BENCH_POSITIONS;
use jungle::START_FEN;
use jungle::{Game, Move, Position, Ruleset};
use rules_cli::{run_rules_command, see_help, RulesGame};
use std::process::ExitCode;

const USAGE: &str = "usage: jungle <perft|divide> <depth> [--fen \"<FEN>\"] [--variant <names>]
       jungle moves [--fen \"<FEN>\"] [--variant <names>]
       jungle uci
       jungle bench [depth] [--hash <MB>] [--ttd <depth>]
       jungle match --a \"<config>\" --b \"<config>\" [--games N] [--seed S] [--threads 1|2]
                    [--variant <names>] [--opening-plies N] [--no-book | --book FILE] [--verbose]
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

/// A raw search score as UCI text: `cp 35`, or `den 3` (wins by entering the den in three
/// moves; `den -2`: loses in two).
fn score_text(raw: i32) -> String {
    match Score::from_raw(raw) {
        Score::Points(p) => format!("cp {p}"),
        Score::WinIn(n) => format!("den {n}"),
        Score::LossIn(n) => format!("den {}", -n),
    }
}

impl CliGame for Game {
    const DIALECT: Dialect = Dialect {
        protocol: "uci",
        engine_name: "Jungle",
        position_word: "fen",
        hash_option: "Hash",
        no_move: "(none)",
        usi: false,
    };
    const BENCH_DEPTH: u32 = 11;

    fn parse_rules(text: &str) -> Result<Ruleset, String> {
        Ruleset::parse(text).map_err(|e| e.to_string())
    }

    fn from_setup(text: &str, rules: Ruleset) -> Result<Game, String> {
        Game::from_fen(text, rules).map_err(|e| e.to_string())
    }

    fn setup_text(&self) -> String {
        match self.start_position().to_fen() {
            fen if fen == START_FEN => "startpos".into(),
            fen => format!("fen {fen}"),
        }
    }

    fn parse_move(text: &str) -> Result<Move, String> {
        Move::parse(text).map_err(|e| e.to_string())
    }

    fn score_text(raw: i32) -> String {
        score_text(raw)
    }

    fn bench_positions() -> Result<Vec<Position>, String> {
        let rules = Ruleset::default();
        BENCH_POSITIONS
            .iter()
            .enumerate()
            .map(|(i, fen)| {
                Position::from_fen(fen, &rules)
                    .map_err(|e| format!("bench position {}: {e}", i + 1))
            })
            .collect()
    }
}

fn run(args: &[String]) -> Result<(), String> {
    if let Some(result) = run_rules_command::<JungleRules>(args) {
        return result;
    }
    let command = args.first().map(String::as_str).unwrap_or("");
    match command {
        "uci" => {
            // Jungle names no USI variants, so its loop never hands over; said if it did.
            if let protocol::Exit::Variant(name) = protocol::run::<Game>() {
                eprintln!("jungle: no game '{name}' to hand over to");
            }
            Ok(())
        }
        "winprob" => analysis_cli::run_winprob::<Game>(&args[1..], Ruleset::default()),
        "puzzles" => analysis_cli::run_puzzles::<Game>(&args[1..], Ruleset::default()),
        "tune" => analysis_cli::run_tune::<Game>(&args[1..], Ruleset::default()),
        "bench" => run_bench::<Game>(&args[1..], USAGE),
        "match" => run_match::<Game>(&args[1..], USAGE),
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
