//! `turncoat perft` and `turncoat perft-suite`.

use super::out;
use crate::engine::options::{MAX_HASH_MIB, MAX_THREADS};
use crate::game::{Game, GameError};
use crate::perft::{Perft, MAX_DEPTH, NEVER};
use crate::Variant;
use std::time::Instant;

pub const PERFT_HELP: &str =
    "usage: turncoat perft [--variant V] [--fen FEN] [--divide] [--chess960]
                     [--threads N] [--hash MIB] DEPTH

Counts the leaves of the legal move tree to DEPTH plies (DEPTH from 1 to
255; apocalypse counts turns) and prints `Nodes searched: N` as its last line.

  --variant V   chess (default), pacifist, pacifist2, subversion, apocalypse
  --fen FEN     the position (default: the variant's start)
  --divide      first one `move: count` line per root move, then a blank line
  --chess960    castling written king-takes-rook (e1h1)
  --threads N   count on N threads, 1 to 256 (default 1); the same counts
  --hash MIB    keep counted subtrees in a table of MIB MiB, 0 to 32768
                (default 0: none), so that transpositions are counted once;
                the table compares whole positions: the same counts";

pub const SUITE_HELP: &str = "usage: turncoat perft-suite FILE.epd [--max-depth D] [--variant V]
                           [--threads N] [--hash MIB]

Runs a perft suite: one position per line, `FEN ;D1 n ;D2 n ...`, lines
starting with `#` are comments. Prints one ok/FAIL line per check and
`N passed, M failed`. Exit status 0 when every check passes, 1 when one
fails, 2 for a bad command line or a file with nothing to check.

  --max-depth D   only the checks at depth D or less
  --variant V     the variant (default: the file's name, e.g. pacifist2.epd)
  --threads N     count on N threads, 1 to 256 (default 1)
  --hash MIB      a table of counted subtrees, as for `perft` (default 0)";

/// Whether `arg` is meant as an option (`--divide`, `-x`) rather than a
/// value: negative numbers are values, reported as bad depths.
fn looks_like_option(arg: &str) -> bool {
    arg.starts_with('-') && arg.len() > 1 && arg.parse::<i64>().is_err()
}

struct PerftArgs {
    variant: Variant,
    fen: Option<String>,
    divide: bool,
    chess960: bool,
    counter: CounterArgs,
    depth: u32,
}

/// How to count, as `--threads` and `--hash` say.
#[derive(Clone, Copy)]
struct CounterArgs {
    threads: usize,
    hash_mib: usize,
}

impl Default for CounterArgs {
    fn default() -> Self {
        CounterArgs {
            threads: 1,
            hash_mib: 0,
        }
    }
}

impl CounterArgs {
    /// Takes `--threads N` or `--hash MIB` (its value from `it`); false
    /// for any other argument.
    fn take<'a>(
        &mut self,
        arg: &str,
        it: &mut impl Iterator<Item = &'a String>,
    ) -> Result<bool, String> {
        let (max, min, what) = match arg {
            "--threads" => (MAX_THREADS, 1, "--threads"),
            "--hash" => (MAX_HASH_MIB, 0, "--hash"),
            _ => return Ok(false),
        };
        let n = it
            .next()
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| format!("{what} needs a number from {min} to {max}"))?;
        match arg {
            "--threads" => self.threads = n,
            _ => self.hash_mib = n,
        }
        Ok(true)
    }

    /// The counter they describe (its threads started, its table made).
    fn counter(self) -> Result<Perft, String> {
        Perft::new(self.threads, self.hash_mib).map_err(|e| e.to_string())
    }
}

fn parse_perft_args(args: &[String]) -> Result<PerftArgs, String> {
    let mut out = PerftArgs {
        variant: Variant::Chess,
        fen: None,
        divide: false,
        chess960: false,
        counter: CounterArgs::default(),
        depth: 0,
    };
    let mut depth = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if out.counter.take(a, &mut it)? {
            continue;
        }
        match a.as_str() {
            "--variant" => {
                let v = it.next().ok_or("--variant needs a value")?;
                out.variant = v.parse()?;
            }
            "--fen" => out.fen = Some(it.next().ok_or("--fen needs a value")?.clone()),
            "--divide" => out.divide = true,
            "--chess960" => out.chess960 = true,
            o if looks_like_option(o) => return Err(format!("unknown option '{o}'")),
            d => {
                let n = d
                    .parse::<u32>()
                    .map_err(|_| format!("bad DEPTH '{d}': expected a whole number from 1"))?;
                // Two depths are a mistake, not a choice of the last one.
                if let Some(first) = depth {
                    return Err(format!("more than one DEPTH: '{first}' and '{d}'"));
                }
                depth = Some(n);
            }
        }
    }
    out.depth = depth.ok_or("missing DEPTH")?;
    // Depth 0 counts the empty tree (1 node): never what was meant.
    if out.depth == 0 {
        return Err("DEPTH must be at least 1".into());
    }
    if out.depth > MAX_DEPTH {
        return Err(format!("DEPTH must be at most {MAX_DEPTH}"));
    }
    Ok(out)
}

/// The game of `variant` from `fen` (the start position when `None`).
fn perft_game(variant: Variant, fen: Option<&str>) -> Result<Game, GameError> {
    Game::from_fen(variant, fen.unwrap_or(variant.start_fen()))
}

pub fn perft_command(args: &[String]) -> i32 {
    let a = match parse_perft_args(args) {
        Ok(a) => a,
        Err(e) => return super::usage_error(&e, PERFT_HELP),
    };
    let pos = match perft_game(a.variant, a.fen.as_deref()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let counter = match a.counter.counter() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let start = Instant::now();
    let nodes = if a.divide {
        let lines = pos.divide_with(&counter, a.depth, a.chess960, &NEVER);
        for (m, n) in &lines {
            out!("{m}: {n}");
        }
        out!();
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft_with(&counter, a.depth, &NEVER)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "time {:.3} s, {:.0} nodes/second",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    out!("Nodes searched: {nodes}");
    0
}

/// One line of a perft suite: a FEN and its expected counts by depth.
pub struct SuiteLine {
    pub fen: String,
    pub expected: Vec<(u32, u64)>,
}

/// Parses the suite format `FEN ;D1 n ;D2 n ...`; `#` starts a comment line.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteLine>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut expected = Vec::new();
        for p in parts {
            let p = p.trim();
            let bad = || format!("line {}: bad depth entry '{p}'", i + 1);
            let (d, n) = p.split_once(char::is_whitespace).ok_or_else(bad)?;
            let d = d
                .strip_prefix('D')
                .ok_or_else(bad)?
                .parse()
                .ok()
                .filter(|d| *d <= MAX_DEPTH)
                .ok_or_else(bad)?;
            let n = n.trim().parse().map_err(|_| bad())?;
            expected.push((d, n));
        }
        out.push(SuiteLine { fen, expected });
    }
    Ok(out)
}

pub fn suite_command(args: &[String]) -> i32 {
    let usage = |e: String| super::usage_error(&e, SUITE_HELP);
    let mut file: Option<String> = None;
    let mut max_depth = u32::MAX;
    let mut variant = None;
    let mut counter = CounterArgs::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match counter.take(a, &mut it) {
            Ok(true) => continue,
            Ok(false) => {}
            Err(e) => return usage(e),
        }
        match a.as_str() {
            "--max-depth" => match it.next().and_then(|d| d.parse().ok()) {
                Some(d) => max_depth = d,
                None => return usage("--max-depth needs a whole number".into()),
            },
            "--variant" => match it.next().map(|v| v.parse::<Variant>()) {
                Some(Ok(v)) => variant = Some(v),
                Some(Err(e)) => return usage(e.to_string()),
                None => return usage("--variant needs a variant name".into()),
            },
            o if looks_like_option(o) => return usage(format!("unknown option '{o}'")),
            f => {
                if let Some(first) = &file {
                    return usage(format!("more than one FILE: '{first}' and '{f}'"));
                }
                file = Some(f.to_string());
            }
        }
    }
    let Some(file) = file else {
        return super::usage_error("missing FILE.epd", SUITE_HELP);
    };
    // The file first: a file that is not there is the error to report,
    // not that its name does not tell the variant. A device such as
    // /dev/zero would never end.
    if std::fs::metadata(&file).is_ok_and(|m| !m.is_file()) {
        eprintln!("error: {file} is not a suite file");
        return 2;
    }
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {file}: {e}");
            return 2;
        }
    };
    let variant = match variant.map(Ok).unwrap_or_else(|| variant_of_file(&file)) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let lines = match parse_suite(&text) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return 2;
        }
    };
    // A suite that checks nothing would report "0 passed, 0 failed" and
    // succeed: a wrong file or a too small --max-depth passing silently.
    if lines.is_empty() {
        eprintln!("error: {file}: no positions to check");
        return 2;
    }
    let checks = lines
        .iter()
        .flat_map(|l| &l.expected)
        .filter(|(d, _)| *d <= max_depth)
        .count();
    if checks == 0 {
        let limit = if max_depth == u32::MAX {
            String::new()
        } else {
            format!(" at depth {max_depth} or less (--max-depth)")
        };
        eprintln!("error: {file}: no check{limit} (expected `FEN ;D1 n ;D2 n ...`)");
        return 2;
    }
    let counter = match counter.counter() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let (_, failed) = run_suite(&counter, variant, &lines, max_depth);
    if failed > 0 {
        1
    } else {
        0
    }
}

/// The variant named by a suite file's stem (`perft/pacifist2.epd`).
pub fn variant_of_file(file: &str) -> Result<Variant, String> {
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("");
    stem.parse()
        .map_err(|_| format!("cannot tell the variant from the file name '{file}'; use --variant"))
}

/// Runs every check of a suite up to `max_depth`, counted by `counter`,
/// printing a line per check and a summary; returns (passed, failed).
pub fn run_suite(
    counter: &Perft,
    variant: Variant,
    lines: &[SuiteLine],
    max_depth: u32,
) -> (u32, u32) {
    let (mut passed, mut failed) = (0, 0);
    let mut nodes = 0u64;
    let start = Instant::now();
    for line in lines {
        let pos = match perft_game(variant, Some(&line.fen)) {
            Ok(p) => p,
            Err(e) => {
                out!("FAIL {} : {e}", line.fen);
                failed += 1;
                continue;
            }
        };
        for &(depth, expected) in line.expected.iter().filter(|(d, _)| *d <= max_depth) {
            let t = Instant::now();
            let got = pos.perft_with(counter, depth, &NEVER);
            nodes += got;
            let secs = t.elapsed().as_secs_f64();
            if got == expected {
                passed += 1;
                out!("ok   {} ;D{depth} {got} ({secs:.2} s)", line.fen);
            } else {
                failed += 1;
                out!("FAIL {} ;D{depth} expected {expected}, got {got}", line.fen);
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    out!("{passed} passed, {failed} failed");
    out!(
        "{nodes} nodes in {secs:.2} s, {:.0} nodes/second",
        nodes as f64 / secs.max(1e-9)
    );
    (passed, failed)
}
