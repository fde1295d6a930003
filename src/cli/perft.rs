//! `turncoat perft` and `turncoat perft-suite` (docs/perft.md).

use super::{out, NumberIn};
use crate::engine::options::{MAX_HASH_MIB, MAX_THREADS};
use crate::game::{Game, GameError};
use crate::perft::{Perft, MAX_DEPTH, NEVER};
use crate::Variant;
use std::time::Instant;
use thiserror::Error;

/// How to count, as `--threads` and `--hash` say.
#[derive(clap::Args, Clone, Copy, Debug)]
#[command(verbatim_doc_comment)]
pub struct CounterArgs {
    /// Count on N threads, 1 to 256; the same counts.
    #[arg(verbatim_doc_comment, long, value_name = "N", default_value_t = 1, allow_negative_numbers = true,
          value_parser = NumberIn::new(1, MAX_THREADS))]
    threads: usize,
    /// Keep counted subtrees in a table of MIB MiB, 0 to 32768 (0: none),
    /// so that transpositions are counted once; the table compares whole
    /// positions: the same counts.
    #[arg(verbatim_doc_comment, long = "hash", value_name = "MIB", default_value_t = 0, allow_negative_numbers = true,
          value_parser = NumberIn::new(0, MAX_HASH_MIB))]
    hash_mib: usize,
}

impl CounterArgs {
    /// The counter they describe (its threads started, its table made).
    fn counter(self) -> Result<Perft, PerftError> {
        Perft::new(self.threads, self.hash_mib).map_err(PerftError::Counter)
    }
}

/// Counts the leaves of the legal move tree to DEPTH plies.
///
/// Apocalypse counts turns. The last line printed is `Nodes searched: N`.
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct PerftArgs {
    /// The variant: chess, pacifist, pacifist2, subversion, apocalypse.
    #[arg(verbatim_doc_comment, long, value_name = "V", default_value_t = Variant::Chess)]
    variant: Variant,
    /// The position (default: the variant's start).
    #[arg(verbatim_doc_comment, long, value_name = "FEN")]
    fen: Option<String>,
    /// First one `move: count` line per root move, then a blank line.
    #[arg(verbatim_doc_comment, long)]
    divide: bool,
    /// Castling written king-takes-rook (e1h1).
    #[arg(verbatim_doc_comment, long)]
    chess960: bool,
    #[command(flatten)]
    counter: CounterArgs,
    /// The plies to count, 1 to 255.
    #[arg(verbatim_doc_comment, value_name = "DEPTH", allow_negative_numbers = true,
          value_parser = NumberIn::new(1, MAX_DEPTH))]
    depth: u32,
}

/// Why `perft` or `perft-suite` cannot count.
#[derive(Debug, Error)]
pub enum PerftError {
    #[error(transparent)]
    Position(#[from] GameError),
    /// The counter's threads or table.
    #[error(transparent)]
    Counter(crate::perft::PerftError),
}

/// The game of `variant` from `fen` (the start position when `None`).
fn perft_game(variant: Variant, fen: Option<&str>) -> Result<Game, GameError> {
    Game::from_fen(variant, fen.unwrap_or(variant.start_fen()))
}

/// Runs `turncoat perft`; returns the exit status.
pub fn perft_command(a: &PerftArgs) -> i32 {
    match perft(a) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

fn perft(a: &PerftArgs) -> Result<(), PerftError> {
    let pos = perft_game(a.variant, a.fen.as_deref())?;
    let counter = a.counter.counter()?;
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
    Ok(())
}

/// One line of a perft suite: a FEN and its expected counts by depth.
pub struct SuiteLine {
    pub fen: String,
    pub expected: Vec<(u32, u64)>,
}

/// A depth entry of a suite that is not `Dn count`.
#[derive(Debug, Error)]
#[error("line {line}: bad depth entry '{entry}'")]
pub struct BadEntry {
    pub line: usize,
    pub entry: String,
}

/// Parses the suite format `FEN ;D1 n ;D2 n ...`; `#` starts a comment line.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteLine>, BadEntry> {
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
            let bad = || BadEntry {
                line: i + 1,
                entry: p.to_string(),
            };
            expected.push(depth_entry(p).ok_or_else(bad)?);
        }
        out.push(SuiteLine { fen, expected });
    }
    Ok(out)
}

/// The depth and count of an entry `Dn count`.
fn depth_entry(entry: &str) -> Option<(u32, u64)> {
    let (d, n) = entry.split_once(char::is_whitespace)?;
    let d = d
        .strip_prefix('D')?
        .parse()
        .ok()
        .filter(|d| *d <= MAX_DEPTH)?;
    Some((d, n.trim().parse().ok()?))
}

/// Checks a file of positions against their known perft counts.
///
/// The suite has one position per line, `FEN ;D1 n ;D2 n ...`; lines
/// starting with `#` are comments. Prints one ok/FAIL line per check and
/// `N passed, M failed`. Exit status 0 when every check passes, 1 when one
/// fails, 2 for a bad command line or a file with nothing to check.
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct SuiteArgs {
    /// The suite.
    #[arg(verbatim_doc_comment, value_name = "FILE.epd")]
    file: String,
    /// Only the checks at depth D or less.
    #[arg(verbatim_doc_comment, long, value_name = "D")]
    max_depth: Option<u32>,
    /// The variant (default: the file's name, e.g. pacifist2.epd).
    #[arg(verbatim_doc_comment, long, value_name = "V")]
    variant: Option<Variant>,
    #[command(flatten)]
    counter: CounterArgs,
}

/// Why a perft suite cannot run.
#[derive(Debug, Error)]
pub enum SuiteError {
    /// A device such as /dev/zero, which would never end.
    #[error("{0} is not a suite file")]
    NotAFile(String),
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot tell the variant from the file name '{0}'; use --variant")]
    UnknownVariant(String),
    #[error("{path}: {entry}")]
    BadEntry { path: String, entry: BadEntry },
    /// A suite that checks nothing would report "0 passed, 0 failed" and
    /// succeed: a wrong file passing silently.
    #[error("{0}: no positions to check")]
    NoPositions(String),
    /// As [`SuiteError::NoPositions`], or a too small --max-depth.
    #[error("{path}: no check{} (expected `FEN ;D1 n ;D2 n ...`)",
            .max_depth.map(|d| format!(" at depth {d} or less (--max-depth)")).unwrap_or_default())]
    NoCheck {
        path: String,
        max_depth: Option<u32>,
    },
    #[error(transparent)]
    Counter(#[from] PerftError),
}

/// Runs `turncoat perft-suite`; returns the exit status: 1 when a check
/// fails.
pub fn suite_command(a: &SuiteArgs) -> i32 {
    match suite(a) {
        Ok(0) => 0,
        Ok(_) => 1,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}

/// Runs the suite of `a`; returns the number of failed checks.
fn suite(a: &SuiteArgs) -> Result<u32, SuiteError> {
    let file = &a.file;
    // The file first: a file that is not there is the error to report,
    // not that its name does not tell the variant.
    if std::fs::metadata(file).is_ok_and(|m| !m.is_file()) {
        return Err(SuiteError::NotAFile(file.clone()));
    }
    let text = std::fs::read_to_string(file).map_err(|source| SuiteError::Read {
        path: file.clone(),
        source,
    })?;
    let variant = match a.variant {
        Some(v) => v,
        None => variant_of_file(file)?,
    };
    let lines = parse_suite(&text).map_err(|entry| SuiteError::BadEntry {
        path: file.clone(),
        entry,
    })?;
    if lines.is_empty() {
        return Err(SuiteError::NoPositions(file.clone()));
    }
    let max_depth = a.max_depth.unwrap_or(u32::MAX);
    let checks = lines
        .iter()
        .flat_map(|l| &l.expected)
        .filter(|(d, _)| *d <= max_depth)
        .count();
    if checks == 0 {
        return Err(SuiteError::NoCheck {
            path: file.clone(),
            max_depth: a.max_depth,
        });
    }
    let counter = a.counter.counter()?;
    let (_, failed) = run_suite(&counter, variant, &lines, max_depth);
    Ok(failed)
}

/// The variant named by a suite file's stem (`perft/pacifist2.epd`).
pub fn variant_of_file(file: &str) -> Result<Variant, SuiteError> {
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("");
    stem.parse()
        .map_err(|_| SuiteError::UnknownVariant(file.to_string()))
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
