//! `turncoat tune`: Texel tuning of a variant's evaluation parameters
//! from `turncoat datagen` data.
//!
//! The loss is Texel's: the mean squared difference between the game's
//! result (blended with the search's score by `--lambda`) and the
//! evaluation mapped to an expected score, `1 / (1 + 10^(-K e / 400))`,
//! with `K` fitted first so that today's parameters fit the data best.
//! The gradient of every parameter comes from central differences of each
//! position's evaluation (one step up and down; the evaluation is
//! integer-valued and nearly linear in its parameters), and Adam moves the
//! parameters from today's values. Every tenth position is held out; the
//! loss on it is printed per epoch, and the parameters of the epoch with
//! the lowest held-out loss are written as the source file the build
//! includes.

use crate::board::Position;
use crate::eval::pacifist::{Params, PARAM_NAMES};
use crate::eval::{tune_target, TuneTarget};
use crate::Variant;
use rayon::prelude::*;
use std::time::Instant;

pub const HELP: &str = "usage: turncoat tune --variant V --data FILE [--data FILE ...] [--epochs E]
       [--lr R] [--lambda L] [--out FILE.rs] [--threads T]

Texel tuning (Adam) of a variant's evaluation parameters from
`turncoat datagen` files, starting from the build's values. Prints the
loss on held-out data (every tenth position) per epoch and writes the
parameters of the best epoch as the source file the build includes
(default: the variant's file under src/eval/tuned/; rebuild to play with
them). Tunable today: pacifist, pacifist2.

  --variant V    the variant
  --data FILE    a datagen file (repeatable)
  --epochs E     passes over the data (default 30)
  --lr R         Adam's step, in centipawns (default 2)
  --lambda L     weight of the game result against the search score in
                 the target, 0 to 1 (default 1: the result only)
  --out FILE.rs  where to write the parameters
  --threads T    threads (default: every core)";

struct Args {
    variant: Variant,
    data: Vec<String>,
    epochs: usize,
    lr: f64,
    lambda: f64,
    out: Option<String>,
    threads: Option<usize>,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        variant: Variant::Chess,
        data: Vec::new(),
        epochs: 30,
        lr: 2.0,
        lambda: 1.0,
        out: None,
        threads: None,
    };
    let mut variant = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?
            .as_str();
        let real = |lo: f64, hi: f64| -> Result<f64, String> {
            value
                .parse::<f64>()
                .ok()
                .filter(|x| (lo..=hi).contains(x))
                .ok_or_else(|| format!("{flag} needs a number from {lo} to {hi}"))
        };
        match flag.as_str() {
            "--variant" => variant = Some(value.parse::<Variant>()?),
            "--data" => a.data.push(value.to_string()),
            "--epochs" => a.epochs = real(1.0, 100_000.0)? as usize,
            "--lr" => a.lr = real(1e-6, 1000.0)?,
            "--lambda" => a.lambda = real(0.0, 1.0)?,
            "--out" => a.out = Some(value.to_string()),
            "--threads" => a.threads = Some(real(1.0, 1024.0)? as usize),
            _ => return Err(format!("unknown tune argument '{flag}'")),
        }
    }
    a.variant = variant.ok_or("--variant is needed")?;
    if a.data.is_empty() {
        return Err("--data is needed".into());
    }
    Ok(a)
}

/// One training position: the position, and its target expected score.
struct Sample {
    pos: Position,
    result: f64,
    score: i32,
}

/// Reads `FEN | score | result` lines.
fn load(path: &str, variant: Variant) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| format!("{path}:{}: {why}", n + 1);
        let mut parts = line.split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected `FEN | score | result`"));
        };
        let pos = Position::from_fen(fen, variant).map_err(|e| bad(&format!("{e:?}")))?;
        let score: i32 = score.parse().map_err(|_| bad("bad score"))?;
        let result: f64 = match result {
            "1" | "1.0" => 1.0,
            "0" | "0.0" => 0.0,
            "0.5" => 0.5,
            _ => return Err(bad("bad result (1, 0.5 or 0)")),
        };
        out.push(Sample { pos, result, score });
    }
    Ok(out)
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The tuner's state for one data set.
struct Tuner<'a> {
    target: TuneTarget,
    train: &'a [Sample],
    test: &'a [Sample],
    k: f64,
    lambda: f64,
}

impl Tuner<'_> {
    fn wanted(&self, s: &Sample) -> f64 {
        self.lambda * s.result + (1.0 - self.lambda) * sigmoid(self.k, s.score as f64)
    }

    fn loss_with(&self, data: &[Sample], p: &Params, k: f64) -> f64 {
        let sum: f64 = data
            .par_iter()
            .map(|s| {
                let e = (self.target.evaluate_white)(&s.pos, p) as f64;
                (sigmoid(k, e) - self.wanted(s)).powi(2)
            })
            .sum();
        sum / data.len().max(1) as f64
    }

    /// Texel's scaling constant: the `K` with the least loss on the
    /// training data for the starting parameters (golden-section search).
    fn fit_k(&mut self, p: &Params) {
        let (mut lo, mut hi) = (0.05f64, 5.0f64);
        let phi = 0.618_033_988_75;
        for _ in 0..40 {
            let a = hi - phi * (hi - lo);
            let b = lo + phi * (hi - lo);
            if self.loss_with(self.train, p, a) < self.loss_with(self.train, p, b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        self.k = 0.5 * (lo + hi);
    }

    /// The gradient of the training loss at the integer parameters `v`,
    /// each partial derivative of a position's evaluation by central
    /// difference.
    fn gradient(&self, v: &[i32]) -> Vec<f64> {
        let n = v.len();
        let base = Params::from_slice(v).expect("a full table");
        let stepped: Vec<(Params, Params)> = (0..n)
            .map(|j| {
                let mut up = v.to_vec();
                let mut down = v.to_vec();
                up[j] += 1;
                down[j] -= 1;
                (
                    Params::from_slice(&up).expect("a full table"),
                    Params::from_slice(&down).expect("a full table"),
                )
            })
            .collect();
        let eval = self.target.evaluate_white;
        let ln10 = std::f64::consts::LN_10;
        let sum = self
            .train
            .par_iter()
            .fold(
                || vec![0.0; n],
                |mut g, s| {
                    let e = eval(&s.pos, &base) as f64;
                    let q = sigmoid(self.k, e);
                    // d loss / d e = 2 (q - y) q (1 - q) K ln 10 / 400.
                    let d = 2.0 * (q - self.wanted(s)) * q * (1.0 - q) * self.k * ln10 / 400.0;
                    for (j, (up, down)) in stepped.iter().enumerate() {
                        let de = (eval(&s.pos, up) - eval(&s.pos, down)) as f64 / 2.0;
                        g[j] += d * de;
                    }
                    g
                },
            )
            .reduce(
                || vec![0.0; n],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                    a
                },
            );
        let m = self.train.len().max(1) as f64;
        sum.into_iter().map(|x| x / m).collect()
    }
}

/// Adam (Kingma and Ba) on a real-valued copy of the parameters.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    fn step(&mut self, x: &mut [f64], g: &[f64], lr: f64) {
        let (b1, b2, eps) = (0.9, 0.999, 1e-12);
        self.t += 1;
        for i in 0..x.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = self.m[i] / (1.0 - b1.powi(self.t));
            let vh = self.v[i] / (1.0 - b2.powi(self.t));
            x[i] -= lr * mh / (vh.sqrt() + eps);
        }
    }
}

/// Tunes from `samples`; returns the best parameters on the held-out
/// part and the losses (held-out before, and per epoch).
fn tune(
    target: TuneTarget,
    samples: &[Sample],
    epochs: usize,
    lr: f64,
    lambda: f64,
    report: &mut dyn FnMut(usize, f64, f64, f64),
) -> (Params, Vec<f64>) {
    // Every tenth position held out: deterministic, and spread over games.
    let (test, train): (Vec<&Sample>, Vec<&Sample>) = samples
        .iter()
        .enumerate()
        .partition(|(i, _)| i % 10 == 9)
        .into_map();
    let own = |v: Vec<&Sample>| -> Vec<Sample> {
        v.into_iter()
            .map(|s| Sample {
                pos: s.pos,
                result: s.result,
                score: s.score,
            })
            .collect()
    };
    let (train, test) = (own(train), own(test));
    let mut tuner = Tuner {
        target,
        train: &train,
        test: &test,
        k: 1.0,
        lambda,
    };
    tuner.fit_k(&target.params);
    let start = target.params.to_vec();
    let mut x: Vec<f64> = start.iter().map(|&v| v as f64).collect();
    let mut adam = Adam {
        m: vec![0.0; x.len()],
        v: vec![0.0; x.len()],
        t: 0,
    };
    let held_out = |tuner: &Tuner, v: &[i32]| {
        tuner.loss_with(
            tuner.test,
            &Params::from_slice(v).expect("a table"),
            tuner.k,
        )
    };
    let first = held_out(&tuner, &start);
    let mut losses = vec![first];
    let mut best = (first, target.params);
    report(
        0,
        tuner.k,
        tuner.loss_with(tuner.train, &target.params, tuner.k),
        first,
    );
    for epoch in 1..=epochs {
        let v: Vec<i32> = x.iter().map(|f| f.round() as i32).collect();
        let g = tuner.gradient(&v);
        adam.step(&mut x, &g, lr);
        let v: Vec<i32> = x.iter().map(|f| f.round() as i32).collect();
        let p = Params::from_slice(&v).expect("a table");
        let test_loss = held_out(&tuner, &v);
        report(
            epoch,
            tuner.k,
            tuner.loss_with(tuner.train, &p, tuner.k),
            test_loss,
        );
        losses.push(test_loss);
        if test_loss < best.0 {
            best = (test_loss, p);
        }
    }
    (best.1, losses)
}

/// `partition` of enumerated items, back to the items.
trait IntoMap<'a> {
    fn into_map(self) -> (Vec<&'a Sample>, Vec<&'a Sample>);
}

impl<'a> IntoMap<'a> for (Vec<(usize, &'a Sample)>, Vec<(usize, &'a Sample)>) {
    fn into_map(self) -> (Vec<&'a Sample>, Vec<&'a Sample>) {
        (
            self.0.into_iter().map(|(_, s)| s).collect(),
            self.1.into_iter().map(|(_, s)| s).collect(),
        )
    }
}

pub fn command(args: &[String]) -> i32 {
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => return super::usage_error(&e, HELP),
    };
    let Some(target) = a.variant.board().and_then(tune_target) else {
        eprintln!(
            "error: {} has no tunable parameter table yet (tunable: pacifist, pacifist2)",
            a.variant
        );
        return 2;
    };
    let mut samples = Vec::new();
    for path in &a.data {
        match load(path, a.variant) {
            Ok(s) => samples.extend(s),
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        }
    }
    if samples.len() < 20 {
        eprintln!("error: {} positions are too few to tune", samples.len());
        return 1;
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start the threads: {e}");
            return 1;
        }
    };
    let start = Instant::now();
    let mut last = Instant::now();
    let n = samples.len();
    let (best, losses) = pool.install(|| {
        tune(
            target,
            &samples,
            a.epochs,
            a.lr,
            a.lambda,
            &mut |epoch, k, train, test| {
                let secs = last.elapsed().as_secs_f64();
                last = Instant::now();
                eprintln!(
                    "epoch {epoch:>4}  K {k:.3}  train loss {train:.6}  held-out loss {test:.6}  ({secs:.1} s, {:.1} s per million positions)",
                    secs * 1e6 / n as f64
                );
            },
        )
    });
    let before = losses[0];
    let after = losses.iter().copied().fold(f64::INFINITY, f64::min);
    eprintln!(
        "{n} positions, {} epochs in {:.1} s; held-out loss {before:.6} -> {after:.6}",
        a.epochs,
        start.elapsed().as_secs_f64()
    );
    for ((name, old), new) in PARAM_NAMES
        .iter()
        .zip(target.params.to_vec())
        .zip(best.to_vec())
    {
        if old != new {
            eprintln!("  {name}: {old} -> {new}");
        }
    }
    let origin = format!(
        "Written by `turncoat tune --variant {}` from {} ({n} positions, {} epochs; held-out loss {before:.6} -> {after:.6}).",
        a.variant,
        a.data.join(", "),
        a.epochs
    );
    let out = a.out.clone().unwrap_or_else(|| target.source.to_string());
    if let Err(e) = std::fs::write(&out, best.to_source(&origin)) {
        eprintln!("error: cannot write {out}: {e}");
        return 1;
    }
    eprintln!("wrote {out}; rebuild (cargo build --release) to play with it");
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardVariant;

    /// The build's table is exactly what the tuner writes for it, so that
    /// a tuned file and the hand-set one read alike.
    #[test]
    fn the_included_files_are_the_tuners_format() {
        for (v, text) in [
            (
                BoardVariant::Pacifist,
                include_str!("../eval/tuned/pacifist.rs"),
            ),
            (
                BoardVariant::Pacifist2,
                include_str!("../eval/tuned/pacifist2.rs"),
            ),
        ] {
            let t = tune_target(v).unwrap();
            let body = text.split_once('\n').unwrap().1;
            let written = t.params.to_source("x");
            assert_eq!(body, written.split_once('\n').unwrap().1);
            assert_eq!(Params::from_slice(&t.params.to_vec()), Some(t.params));
            let pos = Position::startpos(v);
            assert_eq!(
                (t.evaluate_white)(&pos, &t.params),
                crate::eval::evaluate(&pos)
            );
        }
        assert!(tune_target(BoardVariant::Chess).is_none());
    }

    /// On data where white always wins from positions where white has
    /// more material, tuning lowers the loss and raises the material's
    /// weight where it matters.
    #[test]
    fn tuning_lowers_the_held_out_loss() {
        let target = tune_target(BoardVariant::Pacifist).unwrap();
        let mut samples = Vec::new();
        // White up a knight wins, level positions are drawn: with the
        // knight worth 300 the scale K cannot fit both; tuning moves it.
        for i in 0..40 {
            let (fen, result) = if i % 2 == 0 {
                (
                    "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    1.0,
                )
            } else {
                (
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    0.5,
                )
            };
            samples.push(Sample {
                pos: Position::from_fen(fen, Variant::Pacifist).unwrap(),
                result,
                score: 0,
            });
        }
        let (best, losses) = tune(target, &samples, 30, 5.0, 1.0, &mut |_, _, _, _| {});
        assert!(losses.iter().skip(1).any(|&l| l < losses[0]), "{losses:?}");
        assert_ne!(best, target.params);
    }

    #[test]
    fn command_line_and_data() {
        let args = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert!(parse(&args("--variant pacifist --data a.txt --epochs 3")).is_ok());
        for bad in [
            "--variant pacifist",
            "--data a.txt",
            "--variant pacifist --data a.txt --lambda 2",
            "--variant pacifist --data a.txt --epochs 0",
            "--variant pacifist --data a.txt --lr",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
        let dir = std::env::temp_dir().join(format!("turncoat-tune-{}", std::process::id()));
        std::fs::write(&dir, "8/8/8/8/8/8/8/8 w - - 0 1 | 3\n").unwrap();
        assert!(load(dir.to_str().unwrap(), Variant::Chess).is_err());
        std::fs::write(
            &dir,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 0.5\n",
        )
        .unwrap();
        let s = load(dir.to_str().unwrap(), Variant::Pacifist).unwrap();
        assert_eq!((s.len(), s[0].score, s[0].result), (1, 12, 0.5));
        let _ = std::fs::remove_file(&dir);
    }
}
