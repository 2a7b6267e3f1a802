//! `shogi`: the native command line for shogi. Rules checks (`perft`, `divide`, `moves`), the
//! tsume solver (`mate`), the tutorial's tsume (`tsume`), the engine (`usi`, `bench`,
//! `match`) and the analysis data (`winprob`: the win-probability fit; `puzzles`). Bad input prints one line on stderr and exits non-zero.

#[macro_use]
#[path = "common/rules_cli.rs"]
mod rules_cli;
#[path = "common/engine_cli.rs"]
mod engine_cli;
#[path = "common/external.rs"]
mod external;
#[path = "common/family_cli.rs"]
mod family_cli;
#[path = "common/protocol.rs"]
mod protocol;

#[path = "common/analysis_cli.rs"]
mod analysis_cli;
#[path = "common/puzzle_file.rs"]
mod puzzle_file;

use analysis::puzzle::{PuzzleSet, PUZZLES_VERSION};
use engine::{Rng, Score};
use engine_cli::{run_bench, run_match, CliGame, Dialect, MateAnswer};
use puzzle_file::{puzzle_file_text, read_file, write_file};
use rules_cli::{run_rules_command, see_help, RulesGame};
use shogi::ai::mate::{self, MateResult};
use shogi::ai::tsume;
use shogi::ai::{BENCH_POSITIONS, OPENING_LINES};
use shogi::{Game, Move, Position, Ruleset};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

const USAGE: &str = "usage: shogi <perft|divide> <depth> [--sfen \"<SFEN>\"] [--moves \"<M1 M2 …>\"] [--variant <names>]
       shogi moves [--sfen \"<SFEN>\"] [--moves \"<M1 M2 …>\"] [--variant <names>]
       shogi <perft|divide> <depth> --game <game> [--sfen \"<SFEN>\"] [--moves \"<M1 M2 …>\"]
       shogi <moves|sfen> --game <game> [--sfen \"<SFEN>\"] [--moves \"<M1 M2 …>\"]
         game: shogi or a variant of the family (minishogi, kyotoshogi, microshogi, dobutsu,
         judkinshogi, torishogi, yarishogi, shoshogi, cannonshogi, annanshogi, checkshogi,
         standard); positions and moves as Fairy-Stockfish writes them
       shogi usi
       shogi bench [depth] [--hash <MB>] [--ttd <depth>] [--config \"<config>\"]
       shogi match --a \"<player>\" --b \"<player>\" [--games N] [--seed S] [--threads 1|2]
                   [--variant <names>] [--opening-plies N] [--no-book | --book FILE] [--verbose]
         player: an engine configuration, e.g. \"level=3\" or \"movetime=1000 rfp=150\", or
         \"program=<USI engine> movetime=1000 option.<name>=<value>\" (refereed by our rules);
         book: one opening a line, moves in USI form (benches/shogi-book.txt)
       shogi mate <plies> [--sfen \"<SFEN>\"] [--nodes N]
         prints a shortest mating line in USI form, 'nomate', or 'unknown' when the node
         budget (default 10000000) runs out
       shogi tsume --out FILE [--mates 1:10,3:10,5:5] [--seed S] [--tries N] [--choose-from K]
                   [--for tutorial|trainer]
       shogi tsume --check FILE
         random natural tsume, each solution proven unique (docs/puzzles.md), so many of each
         length in plies (chosen for varied first moves among K times as many found, default 8),
         written as a puzzle file (for the trainer: themed by length and drop mates, rated by the
         checks to rule out too); or the proof of every tsume of a file
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

/// A raw search score as USI text: `cp 35`, or `mate 3` (mates in three plies; `mate -2`: is
/// mated in two).
fn score_text(raw: i32) -> String {
    match Score::plies_to_end(raw) {
        Some(plies) => format!("mate {plies}"),
        None => format!("cp {raw}"),
    }
}

impl CliGame for Game {
    const DIALECT: Dialect = Dialect {
        protocol: "usi",
        engine_name: "Tabula Shogi",
        position_word: "sfen",
        hash_option: "USI_Hash",
        no_move: "resign",
        usi: true,
    };
    const BENCH_DEPTH: u32 = 9;
    const VARIANTS: &'static [&'static str] = family_cli::USI_VARIANTS;

    fn parse_rules(text: &str) -> Result<Ruleset, String> {
        Ruleset::parse(text).map_err(|e| e.to_string())
    }

    fn variant_rules(name: &str) -> Option<Ruleset> {
        (name == "shogi").then(Ruleset::default)
    }

    fn from_setup(text: &str, rules: Ruleset) -> Result<Game, String> {
        Game::from_sfen(text, rules).map_err(|e| e.to_string())
    }

    fn setup_text(&self) -> String {
        let start = self.start_position();
        if *start == Position::start() {
            "startpos".into()
        } else {
            format!("sfen {}", start.to_sfen())
        }
    }

    fn parse_move(text: &str) -> Result<Move, String> {
        Move::parse_usi(text).map_err(|e| e.to_string())
    }

    fn score_text(raw: i32) -> String {
        score_text(raw)
    }

    fn bench_positions() -> Result<Vec<Position>, String> {
        BENCH_POSITIONS
            .iter()
            .enumerate()
            .map(|(i, sfen)| {
                Position::from_sfen(sfen).map_err(|e| format!("bench position {}: {e}", i + 1))
            })
            .collect()
    }

    fn opening_lines() -> Vec<Vec<Move>> {
        OPENING_LINES
            .iter()
            .map(|line| {
                line.split_whitespace()
                    .filter_map(|m| Move::parse_usi(m).ok())
                    .collect()
            })
            .collect()
    }

    fn solve_mate(&self, max_plies: u32, stop: &AtomicBool) -> Option<MateAnswer<Move>> {
        Some(
            match mate::solve_until(self.position(), max_plies, u64::MAX, Some(stop)) {
                MateResult::Mate(line) => MateAnswer::Mate(line),
                MateResult::NoMate => MateAnswer::NoMate,
                MateResult::Unknown => MateAnswer::Unknown,
            },
        )
    }
}

/// Node budget of one tsume's proof when a file is checked.
const TSUME_PROOF_NODES: u64 = 20_000_000;

/// `tsume --out FILE [--mates …] [--seed S] [--tries N] [--choose-from K] [--for …]` or
/// `tsume --check FILE`.
fn run_tsume(args: &[String]) -> Result<(), String> {
    let mut options = BTreeMap::new();
    for pair in args.chunks(2) {
        let [name, value] = pair else {
            return Err(format!("{} needs a value", pair[0]));
        };
        if ![
            "--out",
            "--check",
            "--mates",
            "--seed",
            "--tries",
            "--choose-from",
            "--for",
        ]
        .contains(&name.as_str())
        {
            return Err(format!("unknown option '{name}' ({})", see_help()));
        }
        if options.insert(name.as_str(), value.as_str()).is_some() {
            return Err(format!("{name} is given twice"));
        }
    }
    let number = |name: &str, default: u64| -> Result<u64, String> {
        options.get(name).map_or(Ok(default), |text| {
            text.parse()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| format!("{name}: '{text}' is not a positive number"))
        })
    };
    if let Some(path) = options.get("--check") {
        return check_tsume(path);
    }
    let path = options
        .get("--out")
        .ok_or_else(|| format!("tsume needs --out FILE or --check FILE ({})", see_help()))?;
    let mut mates = Vec::new();
    for part in options
        .get("--mates")
        .unwrap_or(&"1:10,3:10,5:5")
        .split(',')
    {
        let parsed = part.split_once(':').and_then(|(plies, count)| {
            let plies: u32 = plies.parse().ok().filter(|p| p % 2 == 1 && *p <= 9)?;
            Some((plies, count.parse::<usize>().ok().filter(|c| *c > 0)?))
        });
        mates.push(
            parsed
                .ok_or_else(|| format!("--mates: '{part}' is not <odd plies up to 9>:<count>"))?,
        );
    }
    let mut rng = Rng::new(number("--seed", 2026)?);
    let tries = number("--tries", 200_000)? as u32;
    let choose_from = number("--choose-from", 8)? as usize;
    let to_puzzle = match options.get("--for").copied().unwrap_or("tutorial") {
        "tutorial" => tsume::to_puzzle,
        "trainer" => tsume::to_trainer_puzzle,
        other => return Err(format!("--for: '{other}' is not tutorial or trainer")),
    };
    let mut set = PuzzleSet {
        version: PUZZLES_VERSION,
        game: "shogi".into(),
        puzzles: Vec::new(),
    };
    for (plies, count) in mates {
        // K times as many as asked, to choose varied first moves among them.
        let mut found: Vec<(Position, Vec<shogi::Move>)> = Vec::new();
        let started = std::time::Instant::now();
        while found.len() < choose_from * count {
            let Some(problem) = tsume::generate(&mut rng, plies, tries) else {
                eprintln!("shogi: no more tsume in {plies} plies after {tries} tries");
                break;
            };
            if !found.iter().any(|(position, _)| *position == problem.0) {
                found.push(problem);
            }
        }
        let chosen = tsume::varied(&found, count);
        eprintln!(
            "tsume in {plies} plies: {} of {} found in {:.0} s",
            chosen.len(),
            found.len(),
            started.elapsed().as_secs_f64()
        );
        set.puzzles
            .extend(chosen.iter().map(|(p, line)| to_puzzle(p, line)));
    }
    write_file(path, &puzzle_file_text(&set)?)?;
    out!("{} tsume written to {path}", set.puzzles.len());
    Ok(())
}

/// Proves every tsume of a puzzle file again; counts them by length and theme.
fn check_tsume(path: &str) -> Result<(), String> {
    let set: PuzzleSet =
        serde_json::from_str(&read_file(path)?).map_err(|e| format!("{path}: {e}"))?;
    set.check("shogi").map_err(|e| format!("{path}: {e}"))?;
    let mut failed = 0;
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for puzzle in &set.puzzles {
        match tsume::check_puzzle(puzzle, TSUME_PROOF_NODES) {
            Ok(proof) => {
                *counts
                    .entry(format!("mate in {}", proof.plies))
                    .or_default() += 1;
                for theme in &puzzle.themes {
                    *counts.entry(theme.clone()).or_default() += 1;
                }
            }
            Err(why) => {
                failed += 1;
                out!("tsume {}: {why}", puzzle.id);
            }
        }
    }
    let counts: Vec<String> = counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
    out!(
        "{} tsume, {} proven unique, {failed} not; {}",
        set.puzzles.len(),
        set.puzzles.len() - failed,
        counts.join(", ")
    );
    if failed > 0 {
        Err(format!("{failed} tsume of {path} are not proven"))
    } else {
        Ok(())
    }
}

fn run(args: &[String]) -> Result<(), String> {
    match family_cli::take_game(args)? {
        Some((family_cli::Chosen::Variant(variant), rest)) => {
            return family_cli::run_family(variant, &rest)
        }
        // `--game shogi` is this tool's own game.
        Some((family_cli::Chosen::Shogi, rest)) => return run(&rest),
        None => {}
    }
    if let Some(result) = run_rules_command::<Shogi>(args) {
        return result;
    }
    match args.first().map(String::as_str).unwrap_or("") {
        "mate" => run_mate(&args[1..]),
        "usi" => {
            // Shogi on its own module; a USI_Variant of the family hands the input on to the
            // family's loop, and `shogi` hands it back.
            let mut exit = protocol::run::<Game>();
            while let protocol::Exit::Variant(name) = exit {
                exit = match family_cli::variant_rules(&name) {
                    Some(rules) => protocol::run_with::<family_cli::Played>(Some(rules)),
                    None => {
                        if name != "shogi" {
                            out!("info string error: USI_Variant: unknown game '{name}'");
                        }
                        protocol::run::<Game>()
                    }
                };
            }
            Ok(())
        }
        "bench" => run_bench::<Game>(&args[1..], USAGE),
        "match" => run_match::<Game>(&args[1..], USAGE),
        "tsume" => run_tsume(&args[1..]),
        "winprob" => analysis_cli::run_winprob::<Game>(&args[1..], Ruleset::default()),
        "puzzles" => analysis_cli::run_puzzles::<Game>(&args[1..], Ruleset::default()),
        "tune" => analysis_cli::run_tune::<Game>(&args[1..], Ruleset::default()),
        "" | "help" | "--help" | "-h" => {
            out!(
                "{USAGE}{}",
                analysis_cli::ANALYSIS_USAGE.replace("<tool>", "shogi")
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
            eprintln!("shogi: {message}");
            ExitCode::FAILURE
        }
    }
}
