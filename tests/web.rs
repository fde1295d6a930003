//! The engine in WebAssembly (docs/web.md) against the native binary: the
//! same UCI script through `node target/web/turncoat-uci.mjs` and through
//! `turncoat` must print the same lines, timing numbers aside. Checked:
//! perft of the suites of `perft/` in every variant, every line at each
//! depth of at most [`PERFT_BUDGET`] leaves (the divide lines and the
//! totals, which must also be the suites' numbers); `bench` (the search's
//! signature); and a session per variant (`uci`, `isready`, `setoption`,
//! `position`, `go depth`, `go nodes`, `go movetime`, `go wtime`, `d`),
//! whose `bestmove` is also played to check that it is legal.
//!
//! The module is built by `make web` (.ci/run runs it before the tests).
//! Without node 18 or newer, or without `target/web/`, this test says so
//! and passes; in CI (`CI` set) it fails.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use turncoat::cli::perft::parse_suite;
use turncoat::game::Game;
use turncoat::Variant;

/// The largest perft count checked: every suite line at its depths up to
/// this many leaves, about 11 million leaves in all, which the module
/// counts in well under a minute.
const PERFT_BUDGET: u64 = 1_000_000;

/// The node script `make web` writes, or why the test cannot run.
fn web_engine() -> Option<PathBuf> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    let script = target.join("web/turncoat-uci.mjs");
    let why = match node_major() {
        Some(major) if major < 18 => format!("node {major} is too old (18 or newer needed)"),
        None => "node is not installed".to_string(),
        Some(_) if !script.is_file() => format!("{} is missing (`make web`)", script.display()),
        Some(_) => return Some(script),
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "{why} in CI (.ci/run installs node and runs `make web`)"
    );
    eprintln!("{why}: skipping the tests of the WebAssembly engine");
    None
}

/// node's major version, if node runs.
fn node_major() -> Option<u32> {
    let out = Command::new("node").arg("--version").output().ok()?;
    let version = String::from_utf8_lossy(&out.stdout);
    version
        .trim()
        .strip_prefix('v')?
        .split('.')
        .next()?
        .parse()
        .ok()
}

/// What `program` (with `args`) prints on stdout for `input`.
fn run(mut command: Command, input: &str) -> String {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("engine output");
    writer.join().expect("writer").expect("input written");
    assert!(out.status.success(), "engine failed: {}", out.status);
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// What the native `turncoat COMMAND` prints.
fn native_command(args: &[&str]) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_turncoat"));
    command.args(args);
    run(command, "")
}

/// What the native engine prints for `input` when each search or count
/// is let run to its end before the next line, as the module does: the
/// native loop reads on during a search, and a next `position` or `go`
/// would stop it.
fn native_session(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_turncoat"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut out = String::new();
    let mut read_until = |end: &dyn Fn(&str) -> bool| loop {
        let mut line = String::new();
        let n = stdout.read_line(&mut line).expect("engine output");
        assert!(n > 0, "the engine ended early: {out}");
        out += &line;
        if end(line.trim_end()) {
            return;
        }
    };
    read_until(&|l| l.starts_with("turncoat "));
    for line in input.lines() {
        writeln!(stdin, "{line}").expect("input written");
        let end: Option<&dyn Fn(&str) -> bool> = match line.split_whitespace().next() {
            _ if line.starts_with("go perft") => Some(&|l| l.starts_with("Nodes searched:")),
            Some("go") => Some(&|l| l.starts_with("bestmove")),
            Some("uci") => Some(&|l| l == "uciok"),
            Some("isready") => Some(&|l| l == "readyok"),
            Some("d") => Some(&|l| l.starts_with("Result:")),
            _ => None,
        };
        if let Some(end) = end {
            read_until(end);
        }
    }
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("engine output");
    assert!(child.wait().expect("engine ends").success());
    out + &rest
}

fn wasm(script: &PathBuf, args: &[&str], input: &str) -> String {
    let mut command = Command::new("node");
    command.arg(script).args(args);
    run(command, input)
}

/// The output with the numbers that measure time (`time`, `nps`,
/// `Nodes/second`, bench's `time N ms`) replaced by `_`.
fn untimed(output: &str) -> Vec<String> {
    output
        .lines()
        .map(|line| {
            let mut words: Vec<&str> = line.split(' ').collect();
            for i in 1..words.len() {
                if matches!(words[i - 1], "time" | "nps" | "Nodes/second:") {
                    words[i] = "_";
                }
            }
            words.join(" ")
        })
        .collect()
}

/// Bench's lines pad the time to six places: the same word count after
/// squeezing the spaces.
fn squeezed(output: &str) -> String {
    output.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The same lines after the banner (the web build's says it speaks UCI
/// only; docs/web.md).
fn assert_same_lines(native: &str, wasm: &str, what: &str) {
    let (mut native, mut wasm) = (untimed(native), untimed(wasm));
    assert!(native.remove(0).starts_with("turncoat "), "{what}: banner");
    assert!(wasm.remove(0).contains("in WebAssembly"), "{what}: banner");
    for (i, (n, w)) in native.iter().zip(&wasm).enumerate() {
        assert_eq!(w, n, "{what}: line {} differs", i + 1);
    }
    assert_eq!(wasm.len(), native.len(), "{what}: as many lines");
}

#[test]
fn perft_of_the_suites_is_the_native_count() {
    let Some(script) = web_engine() else { return };
    let mut input = String::new();
    let mut expected = Vec::new();
    for variant in Variant::ALL {
        let path = format!(
            "{}/perft/{}.epd",
            env!("CARGO_MANIFEST_DIR"),
            variant.name()
        );
        let text = std::fs::read_to_string(&path).expect("suite file");
        input += &format!("setoption name UCI_Variant value {}\n", variant.name());
        for line in parse_suite(&text).expect("well-formed suite") {
            input += &format!("position fen {}\n", line.fen);
            for &(depth, count) in line.expected.iter().filter(|e| e.1 <= PERFT_BUDGET) {
                input += &format!("go perft {depth}\n");
                expected.push(count);
            }
        }
    }
    input += "quit\n";
    let out = wasm(&script, &[], &input);
    let counts: Vec<u64> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Nodes searched: "))
        .map(|n| n.parse().expect("a count"))
        .collect();
    assert_eq!(counts, expected, "the suites' counts");
    assert!(expected.len() >= 100, "{} counts checked", expected.len());
    assert_same_lines(&native_session(&input), &out, "perft");
}

#[test]
fn bench_prints_the_native_signature() {
    let Some(script) = web_engine() else { return };
    let (n, w) = (native_command(&["bench"]), wasm(&script, &["bench"], ""));
    assert_eq!(untimed(&squeezed(&w)), untimed(&squeezed(&n)), "bench");
    assert!(
        w.lines().any(|l| l.starts_with("Nodes searched: ")),
        "bench's signature line: {w}"
    );
    // The same line as a UCI command.
    let uci = wasm(&script, &[], "bench\nquit\n");
    let signature = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("Nodes searched: "))
            .map(str::to_string)
    };
    assert_eq!(signature(&uci), signature(&n));
}

#[test]
fn a_session_in_every_variant_is_the_native_one() {
    let Some(script) = web_engine() else { return };
    for variant in Variant::ALL {
        let name = variant.name();
        // Apocalypse's depths are turns: its depth 4 is 12 million nodes.
        let depth = if variant == Variant::Apocalypse { 2 } else { 4 };
        // Seed: apocalypse draws its move from a mixed strategy.
        let input = format!(
            "uci\nisready\nsetoption name UCI_Variant value {name}\nsetoption name Seed value 7\n\
             ucinewgame\nposition startpos\nd\ngo depth {depth}\nisready\ngo nodes 3000\nquit\n"
        );
        let (n, w) = (native_session(&input), wasm(&script, &[], &input));
        assert_same_lines(&n, &w, name);
        let best: Vec<&str> = w
            .lines()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .collect();
        assert_eq!(best.len(), 2, "{name}: two bestmoves in {w}");
        for line in best {
            let mv = line.split_whitespace().next().expect("a move");
            let mut game = Game::start(variant);
            assert!(
                game.play_text(mv).is_ok(),
                "{name}: bestmove {mv} is not legal"
            );
        }
    }
}

#[test]
fn timed_searches_answer_a_legal_move() {
    let Some(script) = web_engine() else { return };
    for variant in Variant::ALL {
        let name = variant.name();
        let input = format!(
            "setoption name UCI_Variant value {name}\nposition startpos\ngo movetime 100\n\
             go wtime 2000 btime 2000 winc 10 binc 10\nstop\nquit\n"
        );
        let out = wasm(&script, &[], &input);
        let best: Vec<&str> = out
            .lines()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .collect();
        assert_eq!(best.len(), 2, "{name}: two bestmoves in {out}");
        for line in best {
            let mv = line.split_whitespace().next().expect("a move");
            assert!(
                Game::start(variant).play_text(mv).is_ok(),
                "{name}: bestmove {mv} is not legal"
            );
        }
    }
}

#[test]
fn a_search_that_waits_for_stop_is_refused() {
    let Some(script) = web_engine() else { return };
    // One thread reads `stop` only after the search: `go infinite` would
    // never end. It is refused, and the engine goes on.
    let out = wasm(
        &script,
        &[],
        "go infinite\ngo ponder depth 2\ngo\ngo depth 2\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    let refusals = lines
        .iter()
        .filter(|l| l.starts_with("info string error: go: this build searches on one thread"))
        .count();
    assert_eq!(refusals, 3, "{out}");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{out}"
    );
}
