//! What the games' command-line tools share: quiet output to a closed pipe, depth arguments,
//! and the rules commands `perft`, `divide` and `moves` over any game that implements
//! [`RulesGame`]. Each tool includes this file (`#[path]`), so both read and print alike.

/// `println!` for the command's output, except that a reader who stops reading (`shogi divide 5
/// | head`) ends the program quietly, as Unix tools do, where `println!` would panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(error) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if error.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("{}: cannot write the output: {error}", env!("CARGO_BIN_NAME"));
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}

/// A game's positions as the rules commands see them.
pub trait RulesGame {
    /// A validated position.
    type Position;
    /// The option naming a position (`--fen`, `--sfen`).
    const POSITION_OPTION: &'static str;

    /// The position given by the option's text (`None`: the start) under the `--variant` names.
    fn position(text: Option<&str>, variant: &str) -> Result<Self::Position, String>;
    /// The legal moves in machine form, each with the position it leads to.
    fn children(position: &Self::Position) -> Vec<(String, Self::Position)>;
    /// The leaves of the legal-move tree `depth` plies deep.
    fn perft(position: &Self::Position, depth: u32) -> u64;
}

/// Errors stay on one line (the usage takes many): they point to `help` instead.
pub fn see_help() -> String {
    format!("run '{} help' for usage", env!("CARGO_BIN_NAME"))
}

/// Reads the position options (`--fen`/`--sfen <text>`, `--variant <names>`, and `--moves
/// "<m1 m2 …>"`: moves in machine form played from that position).
pub fn parse_position<G: RulesGame>(args: &[String]) -> Result<G::Position, String> {
    let mut text: Option<String> = None;
    let mut variant = String::new();
    let mut moves = String::new();
    let mut i = 0;
    while i < args.len() {
        let value = || {
            args.get(i + 1)
                .cloned()
                .ok_or_else(|| format!("{} needs a value", args[i]))
        };
        match args[i].as_str() {
            option if option == G::POSITION_OPTION => text = Some(value()?),
            "--variant" => variant = value()?,
            "--moves" => moves = value()?,
            other => return Err(format!("unknown option '{other}' ({})", see_help())),
        }
        i += 2;
    }
    let mut position = G::position(text.as_deref(), &variant)?;
    for (ply, played) in moves.split_whitespace().enumerate() {
        position = G::children(&position)
            .into_iter()
            .find(|(name, _)| name == played)
            .map(|(_, child)| child)
            .ok_or_else(|| {
                format!(
                    "--moves: '{played}' (move {}) is not a legal move there",
                    ply + 1
                )
            })?;
    }
    Ok(position)
}

/// Reads a perft depth, 0–20.
pub fn parse_depth(arg: Option<&String>) -> Result<u32, String> {
    let text = arg.ok_or_else(|| format!("missing depth ({})", see_help()))?;
    text.parse::<u32>()
        .ok()
        .filter(|d| *d <= 20)
        .ok_or_else(|| format!("'{text}' is not a depth (0–20)"))
}

/// Runs `perft`, `divide` or `moves` (`args` starts with the command); `None` for another
/// command.
pub fn run_rules_command<G: RulesGame>(args: &[String]) -> Option<Result<(), String>> {
    let command = args.first()?.as_str();
    Some(match command {
        "perft" => perft::<G>(&args[1..]),
        "divide" => divide::<G>(&args[1..]),
        "moves" => moves::<G>(&args[1..]),
        _ => return None,
    })
}

/// `perft <depth> [options]`: the leaf count alone on the last line (timing on stderr).
fn perft<G: RulesGame>(args: &[String]) -> Result<(), String> {
    let depth = parse_depth(args.first())?;
    let position = parse_position::<G>(&args[1..])?;
    let start = std::time::Instant::now();
    let nodes = G::perft(&position, depth);
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perft({depth}) in {secs:.3} s, {:.0} leaves/s",
        nodes as f64 / secs.max(1e-9)
    );
    out!("{nodes}");
    Ok(())
}

/// `divide <depth> [options]`: `<move> <count>` lines sorted by move, then `total <n>`.
fn divide<G: RulesGame>(args: &[String]) -> Result<(), String> {
    let depth = parse_depth(args.first())?;
    let position = parse_position::<G>(&args[1..])?;
    let mut children = G::children(&position);
    children.sort_by(|a, b| a.0.cmp(&b.0));
    let mut total = 0;
    for (name, child) in children {
        let n = if depth == 0 {
            1
        } else {
            G::perft(&child, depth - 1)
        };
        total += n;
        out!("{name} {n}");
    }
    out!("total {total}");
    Ok(())
}

/// `moves [options]`: the legal moves in machine form, sorted, on one line.
fn moves<G: RulesGame>(args: &[String]) -> Result<(), String> {
    let position = parse_position::<G>(args)?;
    let mut names: Vec<String> = G::children(&position)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    names.sort();
    out!("{}", names.join(" "));
    Ok(())
}
