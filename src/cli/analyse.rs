//! `turncoat analyse`: game review of a PGN file (docs/review.md). Each
//! game is read on its own ([`crate::pgn::read_each`]): one that cannot
//! be read is reported with its number and the move at fault, and the
//! others are reviewed, G at a time on their own threads, each searching
//! on T threads ([`crate::review`]). The annotated games are written in
//! their order, to a file or stdout; progress goes to stderr.

use super::progress::Progress;
use super::NumberIn;
use crate::output::out;
use crate::pgn::read::PgnGameError;
use crate::pgn::{read_each, PgnRecord};
use crate::review::annotate::annotated_pgn;
use crate::review::{review, GameReview, ReviewError, Settings};
use crate::search::time::Limits;
use crate::Variant;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use thiserror::Error;

/// The search depth per position without a limit on the command line:
/// plies in the 8x8 variants, turns in apocalypse.
const DEFAULT_DEPTH: u32 = 10;
const DEFAULT_APOCALYPSE_DEPTH: u32 = 3;

/// Annotates the games of a PGN file: evaluations, mistakes, accuracy.
///
/// Every position of every game is searched; each move gets its
/// evaluation as a `[%eval ...]` comment (White's view, as lichess writes
/// it), a move that loses win chance is marked ?! (inaccuracy), ? (mistake)
/// or ?? (blunder) with the engine's better line as a variation, and each
/// side's accuracy goes into the tags WhiteAccuracy and BlackAccuracy.
/// Games in every variant the PGN names (a game without a Variant tag is
/// of --variant). A game that cannot be read is reported and left out; the
/// others are still annotated, and the exit status is 1.
/// Without a limit: depth 10 (apocalypse: 3 turns).
#[derive(clap::Args, Debug)]
#[command(
    verbatim_doc_comment,
    override_usage = "turncoat analyse GAMES.pgn [-o OUT.pgn] [--depth N | --movetime MS | --nodes N] [--threads T] [--concurrency G]"
)]
pub struct AnalyseArgs {
    /// The PGN file to annotate.
    #[arg(verbatim_doc_comment, value_name = "GAMES.pgn")]
    pgn: String,
    /// Where to write the annotated games (default: stdout).
    #[arg(verbatim_doc_comment, short, long, value_name = "OUT.pgn")]
    out: Option<String>,
    /// Search each position this deep, 1 to 64 (plies; apocalypse: turns).
    #[arg(verbatim_doc_comment, long, value_name = "N", conflicts_with_all = ["movetime", "nodes"],
          value_parser = NumberIn::new(1u32, 64))]
    depth: Option<u32>,
    /// Search each position this many milliseconds, 1 to 3600000.
    #[arg(verbatim_doc_comment, long, value_name = "MS", conflicts_with = "nodes",
          value_parser = NumberIn::new(1u64, 3_600_000))]
    movetime: Option<u64>,
    /// Search each position this many nodes, 1 to 1000000000.
    #[arg(verbatim_doc_comment, long, value_name = "N",
          value_parser = NumberIn::new(1u64, 1_000_000_000))]
    nodes: Option<u64>,
    /// Search threads per game, 1 to 256.
    #[arg(verbatim_doc_comment, long, value_name = "T", default_value_t = 1,
          value_parser = NumberIn::new(1usize, 256))]
    threads: usize,
    /// Games analysed at once, 1 to 256 (default: the cores / T).
    #[arg(verbatim_doc_comment, long, value_name = "G", value_parser = NumberIn::new(1usize, 256))]
    concurrency: Option<usize>,
    /// Hash table per game in MiB, 1 to 4096.
    #[arg(verbatim_doc_comment, long, value_name = "MIB", default_value_t = 16,
          value_parser = NumberIn::new(1usize, 4096))]
    hash: usize,
    /// The variant of games without a Variant tag.
    #[arg(verbatim_doc_comment, long, value_name = "V", default_value_t = Variant::Chess)]
    variant: Variant,
}

impl AnalyseArgs {
    /// The search limit of a game of `variant`.
    fn limits(&self, variant: Variant) -> Limits {
        let default = match variant {
            Variant::Apocalypse => DEFAULT_APOCALYPSE_DEPTH,
            _ => DEFAULT_DEPTH,
        };
        let none = self.movetime.is_none() && self.nodes.is_none();
        Limits {
            depth: self.depth.or(none.then_some(default)),
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            ..Limits::default()
        }
    }

    /// The limit as the `Annotator` tag tells it.
    fn limit_words(&self, variant: Variant) -> String {
        match (self.movetime, self.nodes) {
            (Some(ms), _) => format!("{ms} ms"),
            (None, Some(n)) => format!("{n} nodes"),
            (None, None) => {
                let depth = self.limits(variant).depth.unwrap_or_default();
                match variant {
                    Variant::Apocalypse => format!("depth {depth} turns"),
                    _ => format!("depth {depth}"),
                }
            }
        }
    }

    fn concurrency(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.concurrency.unwrap_or((cores / self.threads).max(1))
    }
}

/// Why `analyse` stops before any game is reviewed.
#[derive(Debug, Error)]
pub enum AnalyseError {
    #[error("{0} is not a PGN file")]
    NotAFile(String),
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Pgn {
        path: String,
        source: Box<crate::pgn::read::PgnError>,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
}

/// Why one game is not annotated.
#[derive(Debug, Error)]
enum GameFailure {
    #[error("{0}")]
    Read(PgnGameError),
    #[error("{0}")]
    Review(ReviewError),
}

/// Runs `turncoat analyse`; returns the exit status.
pub fn command(a: &AnalyseArgs) -> i32 {
    match analyse(a) {
        Ok(0) => 0,
        Ok(failed) => {
            eprintln!("error: {failed} game(s) could not be annotated (see above)");
            1
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Reads, reviews and writes every game; the number of games that failed.
fn analyse(a: &AnalyseArgs) -> Result<usize, AnalyseError> {
    let text = read_text(&a.pgn)?;
    let games = read_each(&text, a.variant).map_err(|source| AnalyseError::Pgn {
        path: a.pgn.clone(),
        source: Box::new(source),
    })?;
    let mut out_file = match &a.out {
        Some(path) => Some(
            std::fs::File::create(path).map_err(|source| AnalyseError::Write {
                path: path.clone(),
                source,
            })?,
        ),
        None => None,
    };
    for (i, game) in games.iter().enumerate() {
        if let Err(e) = game {
            eprintln!("error: {}: game {}: {e}", a.pgn, i + 1);
        }
    }
    let results = review_all(a, &games);
    let mut failed = 0;
    let mut written = String::new();
    for (i, (game, result)) in games.iter().zip(results).enumerate() {
        match (game, result) {
            (Ok(record), Ok(review)) => {
                let annotator = format!(
                    "turncoat {}, {}",
                    env!("CARGO_PKG_VERSION"),
                    a.limit_words(record.variant)
                );
                written.push_str(&annotated_pgn(record, &review, &annotator));
            }
            (_, Err(GameFailure::Review(e))) => {
                eprintln!("error: {}: game {}: {e}", a.pgn, i + 1);
                failed += 1;
            }
            _ => failed += 1,
        }
    }
    match (&mut out_file, &a.out) {
        (Some(file), Some(path)) => {
            use std::io::Write;
            file.write_all(written.as_bytes())
                .map_err(|source| AnalyseError::Write {
                    path: path.clone(),
                    source,
                })?;
        }
        _ => out!("{}", written.trim_end()),
    }
    Ok(failed)
}

/// The text of the file at `path`, refusing a device (which might never end).
fn read_text(path: &str) -> Result<String, AnalyseError> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(AnalyseError::NotAFile(path.to_string()));
    }
    std::fs::read_to_string(path).map_err(|source| AnalyseError::Read {
        path: path.to_string(),
        source,
    })
}

/// Every readable game reviewed, `concurrency` at a time, in the games'
/// order (a game that could not be read keeps its error).
fn review_all(
    a: &AnalyseArgs,
    games: &[Result<PgnRecord, PgnGameError>],
) -> Vec<Result<GameReview, GameFailure>> {
    let readable = games.iter().filter(|g| g.is_ok()).count();
    let bar = Progress::games(readable as u64);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<GameReview, GameFailure>>>> =
        Mutex::new(games.iter().map(|_| None).collect());
    let start = std::time::Instant::now();
    let workers = a.concurrency().min(readable.max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(game) = games.get(i) else { break };
                let result = match game {
                    Err(e) => Err(GameFailure::Read(e.clone())),
                    Ok(record) => {
                        let r = review_one(a, record).map_err(GameFailure::Review);
                        bar.inc();
                        bar.note(progress_line(i, games.len(), record, &r, start));
                        r
                    }
                };
                results.lock().expect("the results")[i] = Some(result);
            });
        }
    });
    bar.finish();
    results
        .into_inner()
        .expect("the results")
        .into_iter()
        .map(|r| r.expect("every game is taken by a worker"))
        .collect()
}

fn review_one(a: &AnalyseArgs, record: &PgnRecord) -> Result<GameReview, ReviewError> {
    let settings = Settings {
        limits: a.limits(record.variant),
        threads: a.threads,
        hash_mib: a.hash,
    };
    review(record, &settings)
}

/// `game 3/10 (chess, 41 plies): accuracy white 87.3, black 65.0; ?? 1/2`.
fn progress_line(
    i: usize,
    total: usize,
    record: &PgnRecord,
    review: &Result<GameReview, GameFailure>,
    start: std::time::Instant,
) -> String {
    let head = format!(
        "game {}/{total} ({}, {} plies)",
        i + 1,
        record.variant.name(),
        record.moves.len()
    );
    let Ok(r) = review else {
        return format!("{head}: failed");
    };
    let accuracy = |x: Option<f64>| x.map_or("-".to_string(), |a| format!("{a:.1}"));
    let blunders = |side| r.count(side, crate::review::marks::Mark::Blunder);
    format!(
        "{head}: accuracy white {}, black {}; blunders {}/{} ({:.1} s so far)",
        accuracy(r.accuracy[0]),
        accuracy(r.accuracy[1]),
        blunders(crate::board::Color::White),
        blunders(crate::board::Color::Black),
        start.elapsed().as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Analyse {
        #[command(flatten)]
        args: AnalyseArgs,
    }

    fn parse(s: &str) -> Result<AnalyseArgs, clap::Error> {
        let argv = std::iter::once("analyse").chain(s.split_whitespace());
        Analyse::try_parse_from(argv).map(|d| d.args)
    }

    #[test]
    fn command_line() {
        let a = parse("games.pgn -o out.pgn --depth 8 --threads 2 --concurrency 3").unwrap();
        assert_eq!((a.depth, a.threads, a.concurrency()), (Some(8), 2, 3));
        assert_eq!(a.limits(Variant::Chess).depth, Some(8));
        let d = parse("games.pgn").unwrap();
        assert_eq!(d.limits(Variant::Pacifist).depth, Some(DEFAULT_DEPTH));
        assert_eq!(
            d.limits(Variant::Apocalypse).depth,
            Some(DEFAULT_APOCALYPSE_DEPTH)
        );
        let n = parse("games.pgn --nodes 5000").unwrap();
        assert_eq!(
            (
                n.limits(Variant::Chess).depth,
                n.limits(Variant::Chess).nodes
            ),
            (None, Some(5000))
        );
        for bad in [
            "",
            "games.pgn --depth 0",
            "games.pgn --depth 3 --nodes 5",
            "games.pgn --movetime 10 --depth 2",
            "games.pgn --threads 0",
            "games.pgn --concurrency",
            "games.pgn --frobnicate",
            "games.pgn --variant fairy",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
