//! Another engine program as a match player (`match --b "program=<path> movetime=100"`): started
//! for each game and spoken to in the game's protocol (USI for shogi, UCI for Jungle). It is
//! told the whole game (`position <start> moves …`, so it sees the history repetitions count
//! in), and its answer is handed to the match runner, which checks it with the project's own
//! rules: a move they refuse, a false win claim or no answer in time loses the game.

use crate::engine_cli::CliGame;
use engine::matches::{Decision, ExternalPlayer};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How to run an outside engine.
#[derive(Clone, Debug)]
pub struct ExternalSpec {
    /// The program's path.
    program: String,
    /// Its command-line arguments.
    args: Vec<String>,
    /// What follows `go` on each move (`movetime 100`, `nodes 50000`, `depth 8`).
    go: String,
    /// The longest wait for an answer before it counts as a failure.
    patience: Duration,
    /// `setoption` pairs sent once at the start.
    options: Vec<(String, String)>,
}

impl ExternalSpec {
    /// Reads `program=<path> [arg=<word>…] [movetime=<ms>|nodes=<n>|depth=<d>]
    /// [option.<Name>=<value>…]` (space- or comma-separated; the default is one second a move).
    pub fn parse(text: &str) -> Result<ExternalSpec, String> {
        let mut program = None;
        let mut args = Vec::new();
        let mut go = None;
        let mut patience = Duration::from_secs(120);
        let mut options = Vec::new();
        for pair in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' is not key=value"))?;
            let number = || {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| format!("{key}: '{value}' is not a positive number"))
            };
            match key {
                "program" => program = Some(value.to_string()),
                "arg" => args.push(value.to_string()),
                "movetime" => {
                    let ms = number()?;
                    go = Some(format!("movetime {ms}"));
                    patience = Duration::from_millis(ms * 5 + 10_000);
                }
                "nodes" | "depth" => go = Some(format!("{key} {}", number()?)),
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        options.push((name.to_string(), value.to_string()))
                    }
                    _ => return Err(format!("unknown setting '{key}' for a program")),
                },
            }
        }
        Ok(ExternalSpec {
            program: program.ok_or("a program needs program=<path>")?,
            args,
            go: go.unwrap_or_else(|| "movetime 1000".into()),
            patience,
            options,
        })
    }
}

/// A running outside engine.
pub struct ExternalEngine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    go: String,
    patience: Duration,
}

impl ExternalEngine {
    /// Starts the program and goes through the handshake (`usi`/`usiok`, options,
    /// `isready`/`readyok`, a new game).
    pub fn start<G: CliGame>(spec: &ExternalSpec) -> Result<ExternalEngine, String> {
        let mut child = Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.program))?;
        let stdout = child.stdout.take().ok_or("no output pipe")?;
        let input = child.stdin.take().ok_or("no input pipe")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = ExternalEngine {
            child,
            input,
            lines,
            go: spec.go.clone(),
            patience: spec.patience,
        };
        let protocol = G::DIALECT.protocol;
        let startup = Duration::from_secs(60);
        engine.send(protocol)?;
        engine.until(&format!("{protocol}ok"), startup)?;
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        engine.until("readyok", startup)?;
        engine.send(&format!("{protocol}newgame"))?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("the program stopped listening: {e}"))
    }

    /// The first line starting with `prefix` (the first word), within `patience`.
    fn until(&mut self, prefix: &str, patience: Duration) -> Result<String, String> {
        let deadline = Instant::now() + patience;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(prefix) => return Ok(line),
                Ok(_) => {}
                Err(_) => return Err(format!("no '{prefix}' from the program in {patience:?}")),
            }
        }
    }
}

impl<G: CliGame> ExternalPlayer<G> for ExternalEngine {
    fn decide(&mut self, game: &G) -> Result<Decision<crate::engine_cli::MoveOf<G>>, String> {
        let moves = crate::engine_cli::moves_text(game.moves_played());
        let position = if moves.is_empty() {
            format!("position {}", game.setup_text())
        } else {
            format!("position {} moves {moves}", game.setup_text())
        };
        self.send(&position)?;
        let go = format!("go {}", self.go);
        self.send(&go)?;
        let line = self.until("bestmove", self.patience)?;
        let answer = line.split_whitespace().nth(1).unwrap_or("");
        match answer {
            "resign" | "(none)" => Ok(Decision::Resign),
            "win" => Ok(Decision::ClaimWin),
            text => G::parse_move(text).map(Decision::Move),
        }
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
