//! Recorded protocol sessions, one UCI and one XBoard session per variant
//! (`tests/sessions/*.session`), replayed line for line: what the engine
//! prints must stay the same across refactorings, except timings.
//!
//! A session file holds three kinds of lines: `> cmd` is sent to the
//! engine, `= prefix` reads output up to and including the first line that
//! starts with `prefix`, and the `< line`s after it are that output. After
//! the last step `quit` is sent and the output up to the end is compared
//! with the final `<` lines. `TURNCOAT_RECORD=1 cargo test --test sessions`
//! rewrites the `<` lines from the engine (`TURNCOAT_BIN` picks another
//! binary, e.g. the one built before a change).

mod common;

use common::Engine;
use std::path::{Path, PathBuf};

enum Step {
    Send(String),
    ReadUntil(String, Vec<String>),
}

fn parse(text: &str) -> (Vec<Step>, Vec<String>) {
    let mut steps = Vec::new();
    let mut tail = Vec::new();
    for line in text.lines() {
        if let Some(cmd) = line.strip_prefix("> ") {
            steps.push(Step::Send(cmd.to_string()));
        } else if let Some(prefix) = line.strip_prefix("= ") {
            steps.push(Step::ReadUntil(prefix.to_string(), Vec::new()));
        } else if let Some(out) = line.strip_prefix("< ").or(line.strip_prefix("<")) {
            match steps.last_mut() {
                Some(Step::ReadUntil(_, lines)) => lines.push(out.to_string()),
                _ => tail.push(out.to_string()),
            }
        }
    }
    (steps, tail)
}

/// The line with its timings replaced by `*`: `time` and `nps` in UCI
/// `info` lines, the centiseconds (third field) of XBoard thinking lines.
fn without_timings(line: &str) -> String {
    let tokens: Vec<&str> = line.split(' ').collect();
    let mut out: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
    if line.starts_with("info ") && !line.starts_with("info string") {
        for i in 1..tokens.len() {
            if tokens[i - 1] == "time" || tokens[i - 1] == "nps" {
                out[i] = "*".into();
            }
        }
    } else if tokens.len() >= 4 && tokens[0].parse::<u32>().is_ok() {
        out[2] = "*".into();
    }
    out.join(" ")
}

/// Plays the session on a fresh engine; returns the steps with the output
/// seen and the output after `quit`.
fn replay(bin: &Path, steps: &[Step]) -> (Vec<Step>, Vec<String>) {
    let mut engine = Engine::start_binary(bin);
    let mut seen = Vec::new();
    for step in steps {
        match step {
            Step::Send(cmd) => {
                engine.send(cmd);
                seen.push(Step::Send(cmd.clone()));
            }
            Step::ReadUntil(prefix, _) => {
                let (last, mut before) = engine.until(prefix);
                before.push(last);
                let lines = before.iter().map(|l| without_timings(l)).collect();
                seen.push(Step::ReadUntil(prefix.clone(), lines));
            }
        }
    }
    engine.send("quit");
    let mut tail = Vec::new();
    while let Some(l) = engine.next_line() {
        tail.push(without_timings(&l));
    }
    (seen, tail)
}

fn render(steps: &[Step], tail: &[String]) -> String {
    let mut s = String::new();
    for step in steps {
        match step {
            Step::Send(cmd) => s.push_str(&format!("> {cmd}\n")),
            Step::ReadUntil(prefix, lines) => {
                s.push_str(&format!("= {prefix}\n"));
                for l in lines {
                    s.push_str(&format!("< {l}\n"));
                }
            }
        }
    }
    for l in tail {
        s.push_str(&format!("< {l}\n"));
    }
    s
}

fn session_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/sessions")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "session"))
        .collect();
    files.sort();
    files
}

#[test]
fn recorded_sessions_replay_identically() {
    let bin = std::env::var_os("TURNCOAT_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_turncoat")));
    let record = std::env::var_os("TURNCOAT_RECORD").is_some();
    let files = session_files();
    assert_eq!(
        files.len(),
        10,
        "one UCI and one XBoard session per variant"
    );
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        eprintln!("replaying {}", file.display());
        let (steps, tail) = parse(&text);
        let (seen, seen_tail) = replay(&bin, &steps);
        let got = render(&seen, &seen_tail);
        if record {
            std::fs::write(&file, got).unwrap();
            continue;
        }
        let want = render(&steps, &tail);
        if got != want {
            let diff: Vec<String> = want
                .lines()
                .zip(got.lines())
                .filter(|(w, g)| w != g)
                .take(5)
                .map(|(w, g)| format!("  want: {w}\n  got:  {g}"))
                .collect();
            panic!(
                "{} replays differently:\n{}",
                file.display(),
                diff.join("\n")
            );
        }
    }
}
