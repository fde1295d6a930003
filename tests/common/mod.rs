//! A child `turncoat` process driven over pipes, for protocol tests.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

/// Generous bound so a broken engine fails the test instead of hanging
/// it; no test asserts on speed.
const PATIENCE: Duration = Duration::from_secs(120);

pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pub seen: Vec<String>,
}

impl Engine {
    /// Starts this build and reads its start-up banner.
    pub fn start() -> Engine {
        let mut e = Engine::start_binary(std::path::Path::new(env!("CARGO_BIN_EXE_turncoat")));
        let banner = e.next_line().unwrap_or_default();
        assert!(banner.starts_with("turncoat "), "no banner: {banner:?}");
        e
    }

    /// Starts the engine binary at `path` (another build, for comparisons).
    pub fn start_binary(path: &std::path::Path) -> Engine {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start turncoat");
        let stdin = child.stdin.take().unwrap();
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
        Engine {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to engine");
        self.stdin.flush().unwrap();
    }

    /// Next output line, or None when the engine closed its output.
    pub fn next_line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(l) => {
                self.seen.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => {
                panic!("engine silent; seen so far: {:#?}", self.seen)
            }
        }
    }

    /// Reads until a line starting with `prefix`; returns it and all lines before.
    pub fn until(&mut self, prefix: &str) -> (String, Vec<String>) {
        let mut before = Vec::new();
        loop {
            let l = self.next_line().unwrap_or_else(|| {
                panic!(
                    "engine exited waiting for '{prefix}'; seen {:#?}",
                    self.seen
                )
            });
            if l.starts_with(prefix) {
                return (l, before);
            }
            before.push(l);
        }
    }

    /// Sends `isready` and returns everything printed before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok").1
    }

    /// Waits for the process to exit; returns whether it exited cleanly.
    pub fn wait_exit(mut self) -> bool {
        for _ in 0..12_000 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether python-chess can be imported. `.ci/run` installs it, so in CI
/// (`CI` set) a missing python-chess fails the test; elsewhere the caller
/// skips, saying so.
pub fn python_chess_available() -> bool {
    let have = Command::new("python3")
        .args(["-c", "import chess.engine, chess.pgn"])
        .status()
        .is_ok_and(|s| s.success());
    if !have {
        assert!(
            std::env::var_os("CI").is_none(),
            "python-chess is missing in CI (.ci/run installs it with pip)"
        );
        eprintln!("python-chess not installed: skipping (pip install chess)");
    }
    have
}
