//! A running engine protocol loop for the protocol tests (`tests/uci.rs`, `tests/usi.rs`): lines
//! in, lines out on a channel, with deadlines so that a hang fails the test instead of the run.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running engine loop (`jungle uci`, `shogi usi`) with its output lines arriving on a
/// channel.
pub struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `program` with the one argument `command`.
    pub fn start(program: &str, command: &str) -> Engine {
        let mut child = Command::new(program)
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let input = child.stdin.take();
        Engine {
            child,
            input,
            lines: rx,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, text: &str) {
        let input = self.input.as_mut().expect("stdin open");
        writeln!(input, "{text}").unwrap();
        input.flush().unwrap();
    }

    /// Lines up to and including the first one starting with `prefix` (panics after 20 s).
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no line starting with {prefix:?}; got {seen:?}"),
            }
        }
    }

    /// Sends `isready` and returns everything printed before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// Closes stdin and waits for the process to end (panics after 10 s).
    pub fn finish(mut self) {
        self.input.take();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("the engine did not exit at the end of its input");
    }
}

/// The `info string error:` lines.
pub fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .collect()
}

/// The move of the last line, a `bestmove` line.
pub fn best_move(lines: &[String]) -> &str {
    lines
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove line")
}
