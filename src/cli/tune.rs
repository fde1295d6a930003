//! `turncoat tune`: the command of the tuner ([`crate::tune`]): its
//! arguments, its progress on stderr and the source file it writes.

use super::NumberIn;
use crate::eval::table::Tunable;
use crate::eval::{self, tune_target};
use crate::tune::data::{load, DataError, SamplePosition};
use crate::tune::{frozen, tune, NoSuchParameter, Options, Tuned};
use crate::Variant;
use std::time::Instant;
use thiserror::Error;

/// Fits the evaluation's values to datagen positions.
///
/// Texel tuning (Adam) of every evaluation parameter of a variant (chess,
/// subversion, pacifist, pacifist2, apocalypse) from `turncoat datagen` files,
/// starting from the build's values. Prints the loss on the training and on
/// held-out data (every tenth game) per epoch and writes the parameters
/// of the best epoch as the source file the build includes (default: the
/// variant's file under src/eval/tuned/; rebuild to play with them).
/// Every changed parameter is logged (RUST_LOG=info); the written file's
/// first line says how it was made.
#[derive(clap::Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct TuneArgs {
    /// The variant.
    #[arg(verbatim_doc_comment, long, value_name = "V")]
    variant: Variant,
    /// A datagen file (repeatable).
    #[arg(verbatim_doc_comment, long, value_name = "FILE", required = true)]
    data: Vec<String>,
    /// Passes over the data, 1 to 100000.
    #[arg(verbatim_doc_comment, long, value_name = "E", default_value_t = 100,
          value_parser = NumberIn::new(1usize, 100_000))]
    epochs: usize,
    /// Adam's step, in centipawns, 0.000001 to 1000.
    #[arg(verbatim_doc_comment, long, value_name = "R", default_value_t = 1.0,
          value_parser = NumberIn::new(1e-6, 1000.0))]
    lr: f64,
    /// Weight of the game result against the search score in the target,
    /// 0 to 1 (1: the result only).
    #[arg(verbatim_doc_comment, long, value_name = "L", default_value_t = 1.0,
          value_parser = NumberIn::new(0.0, 1.0))]
    lambda: f64,
    /// Weight of the squared distance of each parameter from the build's
    /// value, added to the loss, 0 to 1.
    #[arg(verbatim_doc_comment, long, value_name = "W", default_value_t = 1e-7,
          value_parser = NumberIn::new(0.0, 1.0))]
    l2: f64,
    /// Linearise the evaluation again every N epochs (0: only at the
    /// start), 0 to 100000.
    #[arg(verbatim_doc_comment, long, value_name = "N", default_value_t = 0,
          value_parser = NumberIn::new(0usize, 100_000))]
    relinearize: usize,
    /// Keep the parameters NAME names at the build's values (repeatable):
    /// NAME is a run of the dot-separated parts of parameter names, so
    /// `mobility` holds every mobility value and `king_zone_hit` one; it
    /// must name at least one.
    #[arg(verbatim_doc_comment, long, value_name = "NAME", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    freeze: Vec<String>,
    /// Where to write the parameters (default: the variant's file under
    /// src/eval/tuned/).
    #[arg(verbatim_doc_comment, long, value_name = "FILE.rs")]
    out: Option<String>,
    /// Threads, 1 to 1024 (default: every core).
    #[arg(verbatim_doc_comment, long, value_name = "T", value_parser = NumberIn::new(1usize, 1024))]
    threads: Option<usize>,
}

impl TuneArgs {
    /// How the run tunes; `frozen` by index, as [`frozen`] gives it.
    fn options(&self, frozen: Vec<bool>) -> Options {
        Options {
            epochs: self.epochs,
            lr: self.lr,
            lambda: self.lambda,
            relinearize: self.relinearize,
            l2: self.l2,
            frozen,
        }
    }
}

/// Why a run stopped.
#[derive(Debug, Error)]
pub enum TuneError {
    #[error(transparent)]
    Data(#[from] DataError),
    #[error("{0} positions are too few to tune")]
    TooFew(usize),
    #[error("cannot start the threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    #[error("--freeze {} names no parameter of {variant} (names look like {})",
            .source.pattern, .source.example)]
    Freeze {
        source: NoSuchParameter,
        variant: Variant,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
}

/// Runs `turncoat tune`; returns the exit status.
pub fn command(a: &TuneArgs) -> i32 {
    let done = match a.variant.board() {
        Some(board) => run(a, tune_target(board).as_ref()),
        None => run(a, &eval::apocalypse::tune_target()),
    };
    match done {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// Tunes `target` as `a` says, on positions of type `P`, and writes the
/// best parameters.
fn run<P: SamplePosition>(a: &TuneArgs, target: &dyn Tunable<P>) -> Result<(), TuneError> {
    let mut samples = Vec::new();
    for path in &a.data {
        samples.extend(load::<P>(path, a.variant)?);
    }
    if samples.len() < 20 {
        return Err(TuneError::TooFew(samples.len()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()?;
    let n = samples.len();
    let names = target.names();
    let frozen = frozen(&names, &a.freeze).map_err(|source| TuneError::Freeze {
        source,
        variant: a.variant,
    })?;
    let options = a.options(frozen);
    eprintln!(
        "{n} positions, {} parameters, {} threads",
        names.len(),
        pool.current_num_threads()
    );
    let start = Instant::now();
    let mut last = Instant::now();
    let per_million = |secs: f64| secs * 1e6 / n as f64;
    let tuned = pool.install(|| {
        tune(target, &samples, &options, &mut |e| {
            let secs = last.elapsed().as_secs_f64();
            last = Instant::now();
            match e {
                None => eprintln!(
                    "linearised in {secs:.1} s ({:.0} s per million positions)",
                    per_million(secs)
                ),
                Some(e) => eprintln!(
                    "epoch {:>4}  K {:.3}  train loss {:.6}  held-out loss {:.6}  ({secs:.2} s, {:.1} s per million positions)",
                    e.epoch,
                    e.k,
                    e.train_loss,
                    e.held_out_loss,
                    per_million(secs)
                ),
            }
        })
    });
    let (before, after) = held_out_losses(&tuned);
    eprintln!(
        "{n} positions, {} epochs in {:.1} s; held-out loss {before:.6} -> {after:.6}",
        a.epochs,
        start.elapsed().as_secs_f64()
    );
    log_changes(target, &tuned.best);
    let origin = format!(
        "Written by `{}` from {} ({n} positions, {} epochs; held-out loss {before:.6} -> {after:.6}).",
        command_line(a),
        a.data.join(", "),
        a.epochs
    );
    let out = a.out.clone().unwrap_or_else(|| target.source().to_string());
    let text = target
        .to_source(&tuned.best, &origin)
        .expect("one value per parameter");
    std::fs::write(&out, text).map_err(|source| TuneError::Write {
        path: out.clone(),
        source,
    })?;
    eprintln!("wrote {out}; rebuild (cargo build --release) to play with it");
    Ok(())
}

/// The held-out loss of the build's parameters and the least of the run.
fn held_out_losses(tuned: &Tuned) -> (f64, f64) {
    let before = tuned.epochs[0].held_out_loss;
    let after = tuned
        .epochs
        .iter()
        .map(|e| e.held_out_loss)
        .fold(f64::INFINITY, f64::min);
    (before, after)
}

/// Says how many parameters changed, and logs each (RUST_LOG=info).
fn log_changes<P>(target: &dyn Tunable<P>, best: &[i32]) {
    let old = target.values();
    let changed = old.iter().zip(best).filter(|(o, b)| o != b).count();
    eprintln!("{changed} of {} parameters changed", old.len());
    for ((name, o), b) in target.names().iter().zip(&old).zip(best) {
        if o != b {
            log::info!("{name}: {o} -> {b}");
        }
    }
}

/// The command line that made a file of parameters, for its first line:
/// the options that change the result.
fn command_line(a: &TuneArgs) -> String {
    let frozen: String = a.freeze.iter().map(|p| format!(" --freeze {p}")).collect();
    format!(
        "turncoat tune --variant {} --lambda {} --l2 {:e} --lr {}{frozen}",
        a.variant, a.lambda, a.l2, a.lr
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// `turncoat tune` alone, to parse its arguments.
    #[derive(Parser)]
    struct Tune {
        #[command(flatten)]
        args: TuneArgs,
    }

    fn parse(s: &str) -> Result<TuneArgs, clap::Error> {
        let argv = std::iter::once("tune").chain(s.split_whitespace());
        Tune::try_parse_from(argv).map(|t| t.args)
    }

    #[test]
    fn command_line_defaults_and_ranges() {
        let a = parse("--variant chess --data a.txt --epochs 3 --relinearize 5").unwrap();
        assert_eq!((a.epochs, a.relinearize), (3, 5));
        assert_eq!((a.lr, a.lambda, a.l2), (1.0, 1.0, 1e-7));
        for bad in [
            "--variant pacifist",
            "--data a.txt",
            "--variant pacifist --data a.txt --lambda 2",
            "--variant pacifist --data a.txt --epochs 0",
            "--variant pacifist --data a.txt --relinearize x",
            "--variant pacifist --data a.txt --lr",
            "--variant pacifist --data a.txt --freeze",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let argv = [
            "tune",
            "--variant",
            "pacifist",
            "--data",
            "a.txt",
            "--freeze",
            "",
        ];
        assert!(Tune::try_parse_from(argv).is_err(), "an empty --freeze");
    }
}
