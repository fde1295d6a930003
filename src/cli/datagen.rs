//! `turncoat datagen`: self-play data for tuning the evaluation
//! (docs/tuning.md).
//!
//! The games ([`crate::tune::selfplay`]) are played one per worker over
//! all cores (rayon), in chunks, and written in their order, in the
//! format of [`crate::tune::data`], appended to the output file. Each game
//! starts with its `# game` line, so that files of shards (`--shard K/N`,
//! disjoint games of one run) can be merged and checked (`--check`) to
//! hold no game twice. A run is reproducible byte for byte; runs with
//! different seeds can be concatenated.

use super::progress::Progress;
use super::NumberIn;
use crate::output::out;
use crate::tournament::slice::Shard;
use crate::tune::data::{self, DataError};
use crate::tune::selfplay::{play_game, SelfPlay};
use crate::Variant;
use rayon::prelude::*;
use std::io::Write;
use thiserror::Error;

/// The options that only a run that plays (not `--check`) takes.
const PLAYING: [&str; 8] = [
    "variant",
    "games",
    "out",
    "nodes",
    "seed",
    "threads",
    "plies",
    "max_plies",
];

/// Plays self-play games and writes positions for tuning.
///
/// Games of one variant; every quiet position is appended to FILE as
/// `FEN | score | result` (score: the search's, centipawns, white's
/// side; result: the game's for white, 1, 0.5 or 0). In apocalypse a turn
/// is two plies, the openings' random turns play sure moves only, both
/// sides' plies are drawn from the search's mixed strategies, and a
/// position is quiet when its turn takes no piece and costs no penalty.
/// Progress (positions, positions/second, ETA) on stderr.
#[derive(clap::Args, Debug)]
#[command(
    verbatim_doc_comment,
    override_usage = "turncoat datagen --variant V --games N --out FILE [OPTIONS]\n       \
                      turncoat datagen --check FILE..."
)]
pub struct DatagenArgs {
    /// The variant.
    #[arg(
        verbatim_doc_comment,
        long,
        value_name = "V",
        required_unless_present = "check"
    )]
    variant: Option<Variant>,
    /// Games to play, 1 to 10000000.
    #[arg(verbatim_doc_comment, long, value_name = "N", required_unless_present = "check",
          value_parser = NumberIn::new(1u64, 10_000_000))]
    games: Option<u64>,
    /// The file to append to.
    #[arg(
        verbatim_doc_comment,
        long,
        value_name = "FILE",
        required_unless_present = "check"
    )]
    out: Option<String>,
    /// Nodes per move, 1 to 100000000.
    #[arg(verbatim_doc_comment, long, value_name = "N", default_value_t = 5000,
          value_parser = NumberIn::new(1u64, 100_000_000))]
    nodes: u64,
    /// The run's seed: game i depends on (S, i) only.
    #[arg(verbatim_doc_comment, long, value_name = "S", default_value_t = 1,
          value_parser = NumberIn::new(0, u64::MAX))]
    seed: u64,
    /// Games at once, 1 to 1024 (default: every core).
    #[arg(verbatim_doc_comment, long, value_name = "T", value_parser = NumberIn::new(1usize, 1024))]
    threads: Option<usize>,
    /// Random plies of each opening, 0 to 100.
    #[arg(verbatim_doc_comment, long, value_name = "P", default_value_t = 8,
          value_parser = NumberIn::new(0u32, 100))]
    plies: u32,
    /// A game this long is a draw; 1 to 10000.
    #[arg(verbatim_doc_comment, long, value_name = "M", default_value_t = 400,
          value_parser = NumberIn::new(1usize, 10_000))]
    max_plies: usize,
    /// Play only games i with i mod N = K (0 <= K < N): N shards with one
    /// seed play the games of the whole run (default: all of them).
    #[arg(
        verbatim_doc_comment,
        long,
        value_name = "K/N",
        conflicts_with = "check"
    )]
    shard: Option<Shard>,
    /// Count the games and positions of data files (merged shards) and
    /// fail if a game (`# game S/i`) is there twice.
    #[arg(verbatim_doc_comment, long, value_name = "FILE", num_args = 1.., conflicts_with_all = PLAYING)]
    check: Option<Vec<String>>,
}

impl DatagenArgs {
    /// How the games are played.
    fn self_play(&self) -> SelfPlay {
        SelfPlay {
            variant: self.variant.unwrap_or(Variant::Chess),
            nodes: self.nodes,
            seed: self.seed,
            plies: self.plies,
            max_plies: self.max_plies,
        }
    }
}

/// Why a run stopped.
#[derive(Debug, Error)]
pub enum DatagenError {
    #[error("cannot open {path}: {source}")]
    Open {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot start the threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Data(#[from] DataError),
}

/// Runs `turncoat datagen`; returns the exit status.
pub fn command(a: &DatagenArgs) -> i32 {
    let done = match &a.check {
        Some(files) => check(files),
        None => generate(a),
    };
    match done {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Plays the run's games (the shard's), writing them as they finish.
fn generate(a: &DatagenArgs) -> Result<(), DatagenError> {
    let path = a.out.clone().unwrap_or_default();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|source| DatagenError::Open {
            path: path.clone(),
            source,
        })?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()?;
    let shard = a.shard.unwrap_or(Shard::WHOLE);
    let mine: Vec<u64> = (0..a.games.unwrap_or(0))
        .filter(|&i| shard.holds(i as usize))
        .collect();
    let bar = Progress::games(mine.len() as u64);
    let play = a.self_play();
    let start = std::time::Instant::now();
    let mut positions = 0u64;
    // Chunks of games in parallel, written in the games' order.
    let chunk = (pool.current_num_threads() as u64 * 4).max(1);
    for batch in mine.chunks(chunk as usize) {
        let games: Vec<(Vec<(String, i32)>, f64)> = pool.install(|| {
            batch
                .par_iter()
                .map(|&i| {
                    let r = play_game(&play, i);
                    bar.inc();
                    r
                })
                .collect()
        });
        for (&i, (quiet, result)) in batch.iter().zip(&games) {
            positions += quiet.len() as u64;
            let lines = data::game_lines(play.seed, i, quiet, *result);
            file.write_all(lines.as_bytes())
                .map_err(|source| DatagenError::Write {
                    path: path.clone(),
                    source,
                })?;
        }
        let rate = positions as f64 / start.elapsed().as_secs_f64().max(1e-9);
        bar.message(format!("{positions} positions, {rate:.0} positions/s"));
    }
    bar.finish();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} games, {positions} positions in {secs:.1} s ({:.0} positions/s, {} threads)",
        mine.len(),
        positions as f64 / secs.max(1e-9),
        pool.current_num_threads()
    );
    Ok(())
}

/// `datagen --check FILE...`: the games and positions of the files; an
/// error if a game is found twice.
fn check(files: &[String]) -> Result<(), DatagenError> {
    let (games, positions) = data::check(files)?;
    out!(
        "{games} games, {positions} positions in {} files, no game twice",
        files.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// `turncoat datagen` alone, to parse its arguments.
    #[derive(Parser)]
    struct Datagen {
        #[command(flatten)]
        args: DatagenArgs,
    }

    fn parse(s: &str) -> Result<DatagenArgs, clap::Error> {
        let argv = std::iter::once("datagen").chain(s.split_whitespace());
        Datagen::try_parse_from(argv).map(|d| d.args)
    }

    #[test]
    fn command_line() {
        let a = parse("--variant pacifist --games 3 --out x.txt --nodes 100 --seed 7").unwrap();
        assert_eq!((a.games, a.nodes, a.seed), (Some(3), 100, 7));
        assert_eq!((a.plies, a.max_plies, a.shard), (8, 400, None));
        assert!(parse("--variant apocalypse --games 1 --out x").is_ok());
        assert_eq!(parse("--check a b").unwrap().check.unwrap().len(), 2);
        for bad in [
            "--variant chess --games 0 --out x",
            "--variant chess --games 1",
            "--variant chess --out x",
            "--variant chess --games 1 --out x --nodes",
            "--variant chess --games 1 --out x --frobnicate 1",
            "--variant chess --games 1 --out x --threads 0",
            "--check",
            "--check a --variant chess",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
