//! `turncoat tune`: Texel tuning of a variant's evaluation parameters
//! from `turncoat datagen` data.
//!
//! The loss is Texel's: the mean squared difference between the game's
//! result (blended with the search's score by `--lambda`) and the
//! evaluation mapped to an expected score, `1 / (1 + 10^(-K e / 400))`,
//! with `K` fitted first so that today's parameters fit the data best.
//!
//! Every value of the variant's parameter table is tuned (hundreds for
//! the piece-square tables). Each training position's evaluation is
//! linearised once: its value and its central difference
//! `(e(v + h) - e(v - h)) / 2h` (h = [`STEP`]) in every parameter, kept
//! where not zero (a position touches a few dozen of them). Adam then
//! moves real-valued parameters on this sparse linear model, which is
//! cheap per epoch; `--relinearize N` redoes the linearisation every N
//! epochs. The losses printed per epoch are the true evaluation's with
//! the rounded parameters, on the training data and on the held-out data
//! (every tenth game), and the parameters of the epoch with the
//! lowest held-out loss are written as the source file the build
//! includes.

use crate::board::Position;
use crate::eval::table::Tunable;
use crate::eval::{self, tune_target};
use crate::variants::apocalypse::ApocalypsePosition;
use crate::Variant;
use rayon::prelude::*;
use std::time::Instant;

/// The step of the central differences: the evaluation is integer-valued
/// and tapered, so a step of one would round most slopes to 0 or 1.
pub const STEP: i32 = 4;

pub const HELP: &str = "usage: turncoat tune --variant V --data FILE [--data FILE ...] [--epochs E]
       [--lr R] [--lambda L] [--l2 W] [--relinearize N] [--freeze NAME ...]
       [--out FILE.rs] [--threads T]

Texel tuning (Adam) of every evaluation parameter of a variant (chess,
subversion, pacifist, pacifist2, apocalypse) from `turncoat datagen` files,
starting from the build's values. Prints the loss on the training and on
held-out data (every tenth game) per epoch and writes the parameters
of the best epoch as the source file the build includes (default: the
variant's file under src/eval/tuned/; rebuild to play with them).

  --variant V      the variant
  --data FILE      a datagen file (repeatable)
  --epochs E       passes over the data (default 100)
  --lr R           Adam's step, in centipawns (default 1)
  --lambda L       weight of the game result against the search score in
                   the target, 0 to 1 (default 1: the result only)
  --l2 W           weight of the squared distance of each parameter from
                   the build's value, added to the loss (default 1e-7)
  --relinearize N  linearise the evaluation again every N epochs
                   (default 0: only at the start)
  --freeze NAME    keep the parameters NAME names at the build's values
                   (repeatable): NAME is a run of the dot-separated parts
                   of parameter names, so `mobility` holds every mobility
                   value and `king_zone_hit` one; it must name at least one
  --out FILE.rs    where to write the parameters
  --threads T      threads (default: every core)

Every changed parameter is logged (RUST_LOG=info); the written file's
first line says how it was made.";

struct Args {
    variant: Variant,
    data: Vec<String>,
    options: Options,
    freeze: Vec<String>,
    out: Option<String>,
    threads: Option<usize>,
}

/// How a run tunes.
#[derive(Clone, Debug)]
pub struct Options {
    pub epochs: usize,
    pub lr: f64,
    pub lambda: f64,
    /// Linearise again every this many epochs (0: never).
    pub relinearize: usize,
    /// Weight of the squared distance from the build's values, per
    /// parameter, added to the loss: it keeps the parameters that few
    /// positions touch near their values (Adam would move them as fast as
    /// the well-determined ones).
    pub l2: f64,
    /// The parameters kept at the build's values, by index (`true`:
    /// frozen); shorter than the table when the rest are free.
    pub frozen: Vec<bool>,
}

/// Whether the parameter `name` is among those `pattern` names: the
/// pattern's dot-separated parts appear in the name's, consecutively
/// (`mobility` names `chess.mobility.rook.eg`, `value.queen` names
/// `value.queen.mg` and `value.queen.eg`).
fn names_parameter(pattern: &str, name: &str) -> bool {
    let want: Vec<&str> = pattern.split('.').collect();
    let parts: Vec<&str> = name.split('.').collect();
    parts.windows(want.len()).any(|w| w == want.as_slice())
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        variant: Variant::Chess,
        data: Vec::new(),
        options: Options {
            epochs: 100,
            lr: 1.0,
            lambda: 1.0,
            relinearize: 0,
            l2: 1e-7,
            frozen: Vec::new(),
        },
        freeze: Vec::new(),
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
        let real = |lo: f64, hi: f64| super::number_in(flag, value, lo, hi);
        match flag.as_str() {
            "--variant" => variant = Some(value.parse::<Variant>()?),
            "--data" => a.data.push(value.to_string()),
            "--epochs" => a.options.epochs = real(1.0, 100_000.0)? as usize,
            "--lr" => a.options.lr = real(1e-6, 1000.0)?,
            "--lambda" => a.options.lambda = real(0.0, 1.0)?,
            "--relinearize" => a.options.relinearize = real(0.0, 100_000.0)? as usize,
            "--l2" => a.options.l2 = real(0.0, 1.0)?,
            "--freeze" if !value.is_empty() => a.freeze.push(value.to_string()),
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

/// A position of the tuner's data: the 8x8 [`Position`], or apocalypse's.
pub trait SamplePosition: Copy + Send + Sync {
    /// The position a data line's FEN gives, in `variant`.
    fn read(fen: &str, variant: Variant) -> Result<Self, String>;
    /// The move (in apocalypse: turn) number, which only grows within a
    /// game.
    fn move_number(&self) -> u32;
}

impl SamplePosition for Position {
    fn read(fen: &str, variant: Variant) -> Result<Self, String> {
        Position::from_fen(fen, variant).map_err(|e| format!("{e:?}"))
    }
    fn move_number(&self) -> u32 {
        self.fullmove_number() as u32
    }
}

impl SamplePosition for ApocalypsePosition {
    fn read(fen: &str, _: Variant) -> Result<Self, String> {
        ApocalypsePosition::from_fen(fen).map_err(|e| e.to_string())
    }
    fn move_number(&self) -> u32 {
        self.turn()
    }
}

/// One training position: the position, the game's result and the
/// search's score (white's view).
#[derive(Clone, Copy)]
pub struct Sample<P = Position> {
    pub pos: P,
    pub result: f64,
    pub score: i32,
}

/// Reads `FEN | score | result` lines (`#` lines skipped).
fn load<P: SamplePosition>(path: &str, variant: Variant) -> Result<Vec<Sample<P>>, String> {
    // A device such as /dev/zero would never end.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(format!("{path} is not a data file"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        // `# game S/i` lines (docs/tuning.md) name the games, not positions
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("{path}:{}: {why}", n + 1);
        let mut parts = line.split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected `FEN | score | result`"));
        };
        let pos = P::read(fen, variant).map_err(|e| bad(&e))?;
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

/// One training position, linearised: the evaluation at the parameters
/// `at` and its slope in each parameter where not zero.
struct Linear {
    eval: f64,
    slopes: Vec<(u32, f32)>,
}

/// The tuner's state for one data set.
struct Tuner<'a, P> {
    target: &'a dyn Tunable<P>,
    train: &'a [Sample<P>],
    test: &'a [Sample<P>],
    k: f64,
    lambda: f64,
    /// The parameters the model is linearised at.
    at: Vec<i32>,
    model: Vec<Linear>,
}

impl<P: SamplePosition> Tuner<'_, P> {
    fn wanted(&self, s: &Sample<P>) -> f64 {
        self.lambda * s.result + (1.0 - self.lambda) * sigmoid(self.k, s.score as f64)
    }

    /// The mean loss of the true evaluation with the parameters `v`.
    fn loss(&self, data: &[Sample<P>], v: &[i32]) -> f64 {
        let sum: f64 = data
            .par_iter()
            .map(|s| {
                let e = self.target.evaluate_with(&s.pos, v) as f64;
                (sigmoid(self.k, e) - self.wanted(s)).powi(2)
            })
            .sum();
        sum / data.len().max(1) as f64
    }

    /// Linearises every training position at `v`.
    fn linearize(&mut self, v: &[i32]) {
        self.at = v.to_vec();
        let target = self.target;
        self.model = self
            .train
            .par_iter()
            .map(|s| {
                let (e, slopes) = target.linearize(&s.pos, v, STEP);
                Linear {
                    eval: e as f64,
                    slopes,
                }
            })
            .collect();
    }

    /// The model's evaluation of training position `i` at `x`.
    fn model_eval(&self, i: usize, x: &[f64]) -> f64 {
        let l = &self.model[i];
        l.eval
            + l.slopes
                .iter()
                .map(|&(j, c)| c as f64 * (x[j as usize] - self.at[j as usize] as f64))
                .sum::<f64>()
    }

    /// The model's mean training loss at `x`.
    #[cfg(test)]
    fn model_loss(&self, x: &[f64]) -> f64 {
        let sum: f64 = (0..self.train.len())
            .into_par_iter()
            .map(|i| (sigmoid(self.k, self.model_eval(i, x)) - self.wanted(&self.train[i])).powi(2))
            .sum();
        sum / self.train.len().max(1) as f64
    }

    /// Texel's scaling constant: the `K` with the least loss of the
    /// linearisation point's evaluations on the training data
    /// (golden-section search).
    fn fit_k(&mut self) {
        let loss = |k: f64| -> f64 {
            let sum: f64 = self
                .model
                .par_iter()
                .zip(self.train.par_iter())
                .map(|(l, s)| {
                    let wanted =
                        self.lambda * s.result + (1.0 - self.lambda) * sigmoid(k, s.score as f64);
                    (sigmoid(k, l.eval) - wanted).powi(2)
                })
                .sum();
            sum / self.train.len().max(1) as f64
        };
        let (mut lo, mut hi) = (0.005f64, 5.0f64);
        let phi = 0.618_033_988_75;
        for _ in 0..40 {
            let a = hi - phi * (hi - lo);
            let b = lo + phi * (hi - lo);
            if loss(a) < loss(b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        self.k = 0.5 * (lo + hi);
    }

    /// The gradient of the model's mean training loss at `x`.
    fn gradient(&self, x: &[f64]) -> Vec<f64> {
        let n = x.len();
        let ln10 = std::f64::consts::LN_10;
        let sum = (0..self.train.len())
            .into_par_iter()
            .fold(
                || vec![0.0; n],
                |mut g, i| {
                    let q = sigmoid(self.k, self.model_eval(i, x));
                    // d loss / d e = 2 (q - y) q (1 - q) K ln 10 / 400.
                    let d = 2.0 * (q - self.wanted(&self.train[i])) * q * (1.0 - q) * self.k * ln10
                        / 400.0;
                    for &(j, c) in &self.model[i].slopes {
                        g[j as usize] += d * c as f64;
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

/// What one epoch reports.
pub struct Epoch {
    pub epoch: usize,
    pub k: f64,
    pub train_loss: f64,
    pub held_out_loss: f64,
}

/// What a run returns: the best parameters on the held-out data, and the
/// losses per epoch (epoch 0: the starting parameters).
pub struct Tuned {
    pub best: Vec<i32>,
    pub epochs: Vec<Epoch>,
}

/// Splits off every tenth game as held-out data. Positions of one game
/// share its result, so a held-out position from a training game would
/// reward remembering games; a file lists its games in order, and a game
/// starts where the move number goes down or the result changes.
fn split<P: SamplePosition>(samples: &[Sample<P>]) -> (Vec<Sample<P>>, Vec<Sample<P>>) {
    let mut train = Vec::with_capacity(samples.len());
    let mut test = Vec::with_capacity(samples.len() / 10 + 1);
    let mut game = 0usize;
    for (i, s) in samples.iter().enumerate() {
        if let Some(prev) = i.checked_sub(1).map(|j| &samples[j]) {
            if s.pos.move_number() < prev.pos.move_number() || s.result != prev.result {
                game += 1;
            }
        }
        if game % 10 == 9 {
            test.push(*s);
        } else {
            train.push(*s);
        }
    }
    (train, test)
}

/// Tunes the table of `target` from `samples`, calling `report` after
/// the linearisation (`None`) and after every epoch.
pub fn tune<P: SamplePosition>(
    target: &dyn Tunable<P>,
    samples: &[Sample<P>],
    o: &Options,
    report: &mut dyn FnMut(Option<&Epoch>),
) -> Tuned {
    let (train, test) = split(samples);
    let start = target.values();
    let mut tuner = Tuner {
        target,
        train: &train,
        test: &test,
        k: 1.0,
        lambda: o.lambda,
        at: start.clone(),
        model: Vec::new(),
    };
    tuner.linearize(&start);
    report(None);
    tuner.fit_k();
    let mut x: Vec<f64> = start.iter().map(|&v| v as f64).collect();
    let mut adam = Adam {
        m: vec![0.0; x.len()],
        v: vec![0.0; x.len()],
        t: 0,
    };
    let measure = |tuner: &Tuner<P>, epoch: usize, v: &[i32]| Epoch {
        epoch,
        k: tuner.k,
        train_loss: tuner.loss(tuner.train, v),
        held_out_loss: tuner.loss(tuner.test, v),
    };
    let first = measure(&tuner, 0, &start);
    report(Some(&first));
    let mut best = (first.held_out_loss, start.clone());
    let mut epochs = vec![first];
    for epoch in 1..=o.epochs {
        let mut g = tuner.gradient(&x);
        for ((g, x), s) in g.iter_mut().zip(&x).zip(&start) {
            *g += 2.0 * o.l2 * (x - *s as f64);
        }
        // A frozen parameter has no gradient, so Adam never moves it.
        for (g, _) in g.iter_mut().zip(&o.frozen).filter(|(_, &f)| f) {
            *g = 0.0;
        }
        adam.step(&mut x, &g, o.lr);
        let v: Vec<i32> = x.iter().map(|f| f.round() as i32).collect();
        let e = measure(&tuner, epoch, &v);
        report(Some(&e));
        if e.held_out_loss < best.0 {
            best = (e.held_out_loss, v.clone());
        }
        epochs.push(e);
        if o.relinearize > 0 && epoch % o.relinearize == 0 && epoch < o.epochs {
            tuner.linearize(&v);
            report(None);
        }
    }
    Tuned {
        best: best.1,
        epochs,
    }
}

pub fn command(args: &[String]) -> i32 {
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) => return super::usage_error(&e, HELP),
    };
    match a.variant.board() {
        Some(board) => run(&a, tune_target(board).as_ref()),
        None => run(&a, &eval::apocalypse::tune_target()),
    }
}

/// Tunes `target` as `a` says, on positions of type `P`.
fn run<P: SamplePosition>(a: &Args, target: &dyn Tunable<P>) -> i32 {
    let mut samples = Vec::new();
    for path in &a.data {
        match load::<P>(path, a.variant) {
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
    let n = samples.len();
    let names = target.names();
    let mut options = a.options.clone();
    options.frozen = names
        .iter()
        .map(|name| a.freeze.iter().any(|p| names_parameter(p, name)))
        .collect();
    if let Some(p) = a
        .freeze
        .iter()
        .find(|p| !names.iter().any(|name| names_parameter(p, name)))
    {
        eprintln!(
            "error: --freeze {p} names no parameter of {} (names look like {})",
            a.variant, names[0]
        );
        return 1;
    }
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
    let before = tuned.epochs[0].held_out_loss;
    let after = tuned
        .epochs
        .iter()
        .map(|e| e.held_out_loss)
        .fold(f64::INFINITY, f64::min);
    eprintln!(
        "{n} positions, {} epochs in {:.1} s; held-out loss {before:.6} -> {after:.6}",
        a.options.epochs,
        start.elapsed().as_secs_f64()
    );
    let old = target.values();
    let changed = old.iter().zip(&tuned.best).filter(|(o, b)| o != b).count();
    eprintln!("{changed} of {} parameters changed", old.len());
    for ((name, o), b) in names.iter().zip(&old).zip(&tuned.best) {
        if o != b {
            log::info!("{name}: {o} -> {b}");
        }
    }
    let frozen: String = a.freeze.iter().map(|p| format!(" --freeze {p}")).collect();
    let origin = format!(
        "Written by `turncoat tune --variant {} --lambda {} --l2 {:e} --lr {}{frozen}` from {} ({n} positions, {} epochs; held-out loss {before:.6} -> {after:.6}).",
        a.variant,
        a.options.lambda,
        a.options.l2,
        a.options.lr,
        a.data.join(", "),
        a.options.epochs
    );
    let out = a.out.clone().unwrap_or_else(|| target.source().to_string());
    let text = target
        .to_source(&tuned.best, &origin)
        .expect("one value per parameter");
    if let Err(e) = std::fs::write(&out, text) {
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

    /// Positions of a few short self-play games (`turncoat datagen`'s
    /// games), as a tiny data set.
    fn generated(variant: Variant, games: u64) -> Vec<Sample> {
        let a = crate::cli::datagen::tiny_args(variant, 200, 80);
        let mut out = Vec::new();
        for g in 0..games {
            let (positions, result) = crate::cli::datagen::play_game(&a, g);
            for (fen, score) in positions {
                out.push(Sample {
                    pos: Position::from_fen(&fen, variant).unwrap(),
                    result,
                    score,
                });
            }
        }
        out
    }

    fn options(epochs: usize, lr: f64) -> Options {
        Options {
            epochs,
            lr,
            lambda: 0.7,
            relinearize: 0,
            l2: 0.0,
            frozen: Vec::new(),
        }
    }

    /// The gradient equals central differences of the model's loss, and,
    /// at the linearisation point, of the true evaluation's loss.
    #[test]
    fn gradient_matches_finite_differences() {
        for variant in [Variant::Chess, Variant::Pacifist2] {
            let samples = generated(variant, 2);
            assert!(samples.len() >= 30, "{}", samples.len());
            let target = tune_target(variant.board().unwrap());
            let v = target.values();
            let mut tuner = Tuner {
                target: target.as_ref(),
                train: &samples,
                test: &[],
                k: 1.0,
                lambda: 0.7,
                at: v.clone(),
                model: Vec::new(),
            };
            tuner.linearize(&v);
            // k stays 1: fitted on so few games it can run to a bound
            // (all draws: the flattest sigmoid) where every gradient
            // vanishes and the comparison says nothing.
            let x: Vec<f64> = v.iter().map(|&a| a as f64).collect();
            let g = tuner.gradient(&x);
            let names = target.names();
            let mut checked = 0;
            for (j, name) in names.iter().enumerate() {
                let scale = g.iter().fold(0.0f64, |m, a| m.max(a.abs()));
                let h = 0.5;
                let mut up = x.clone();
                let mut down = x.clone();
                up[j] += h;
                down[j] -= h;
                let fd = (tuner.model_loss(&up) - tuner.model_loss(&down)) / (2.0 * h);
                // Relative to the largest gradient and to its own size:
                // the difference quotient's error (steps of 0.5) is in
                // both.
                assert!(
                    (fd - g[j]).abs() <= 1e-4 * scale + 1e-2 * g[j].abs() + 1e-12,
                    "{variant} {name}: gradient {} vs model difference {fd}",
                    g[j]
                );
                // The true loss, stepped as the linearisation was.
                if g[j].abs() > 0.05 * scale {
                    let mut up = v.clone();
                    let mut down = v.clone();
                    up[j] += STEP;
                    down[j] -= STEP;
                    let fd = (tuner.loss(&samples, &up) - tuner.loss(&samples, &down))
                        / (2 * STEP) as f64;
                    assert!(
                        (fd - g[j]).abs() <= 0.05 * g[j].abs(),
                        "{variant} {name}: gradient {} vs true difference {fd}",
                        g[j]
                    );
                    checked += 1;
                }
            }
            assert!(checked >= 3, "{variant}: {checked}");
        }
    }

    /// On self-play data, tuning lowers the training loss of the true
    /// evaluation and moves the parameters.
    #[test]
    fn frozen_parameters_keep_their_values() {
        let target = tune_target(BoardVariant::Pacifist);
        let knight = target
            .names()
            .iter()
            .position(|n| n == "value.knight")
            .unwrap();
        let run = |freeze: &str| {
            let frozen = target
                .names()
                .iter()
                .map(|n| names_parameter(freeze, n))
                .collect();
            let o = Options {
                lambda: 1.0,
                frozen,
                ..options(30, 5.0)
            };
            tune(target.as_ref(), &lopsided_samples(), &o, &mut |_| {}).best
        };
        let start = target.values()[knight];
        assert_ne!(run("no.such.parameter")[knight], start);
        assert_eq!(run("knight")[knight], start);
    }

    #[test]
    fn freeze_names_runs_of_name_parts() {
        assert!(names_parameter("mobility", "chess.mobility.rook.eg"));
        assert!(names_parameter("mobility.rook", "chess.mobility.rook.eg"));
        assert!(names_parameter(
            "chess.mobility.rook.eg",
            "chess.mobility.rook.eg"
        ));
        assert!(!names_parameter("mobility.eg", "chess.mobility.rook.eg"));
        assert!(!names_parameter("mob", "chess.mobility.rook.eg"));
        assert!(!names_parameter("rook.mobility", "chess.mobility.rook.eg"));
    }

    #[test]
    fn tuning_lowers_the_training_loss() {
        for variant in [Variant::Chess, Variant::Subversion, Variant::Pacifist] {
            let samples = generated(variant, 3);
            let target = tune_target(variant.board().unwrap());
            let mut relinearised = 0;
            let tuned = tune(
                target.as_ref(),
                &samples,
                &Options {
                    relinearize: 10,
                    ..options(20, 2.0)
                },
                &mut |e| relinearised += e.is_none() as usize,
            );
            let first = tuned.epochs[0].train_loss;
            let last = tuned.epochs.last().unwrap().train_loss;
            assert!(last < first, "{variant}: {first} -> {last}");
            assert_eq!(tuned.epochs.len(), 21);
            assert_eq!(relinearised, 2, "{variant}");
            assert_ne!(tuned.best.len(), 0);
        }
    }

    /// White up a knight wins, level positions are drawn: tuning raises
    /// the knight's value and lowers the held-out loss.
    /// Forty pacifist positions; in half of them Black is a knight short
    /// and loses, in the others it is a draw: the data asks for a knight
    /// worth more.
    fn lopsided_samples() -> Vec<Sample> {
        (0..40)
            .map(|i| {
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
                Sample {
                    pos: Position::from_fen(fen, Variant::Pacifist).unwrap(),
                    result,
                    score: 0,
                }
            })
            .collect()
    }

    #[test]
    fn tuning_lowers_the_held_out_loss() {
        let target = tune_target(BoardVariant::Pacifist);
        let samples = lopsided_samples();
        let o = Options {
            lambda: 1.0,
            ..options(30, 5.0)
        };
        let tuned = tune(target.as_ref(), &samples, &o, &mut |_| {});
        let losses: Vec<f64> = tuned.epochs.iter().map(|e| e.held_out_loss).collect();
        assert!(losses.iter().skip(1).any(|&l| l < losses[0]), "{losses:?}");
        let knight = target
            .names()
            .iter()
            .position(|n| n == "value.knight")
            .unwrap();
        assert!(
            tuned.best[knight] > target.values()[knight],
            "{:?}",
            tuned.best
        );
    }

    #[test]
    fn command_line_and_data() {
        let args = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert!(parse(&args(
            "--variant chess --data a.txt --epochs 3 --relinearize 5"
        ))
        .is_ok());
        for bad in [
            "--variant pacifist",
            "--data a.txt",
            "--variant pacifist --data a.txt --lambda 2",
            "--variant pacifist --data a.txt --epochs 0",
            "--variant pacifist --data a.txt --relinearize x",
            "--variant pacifist --data a.txt --lr",
            "--variant pacifist --data a.txt --freeze",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
        let dir = std::env::temp_dir().join(format!("turncoat-tune-{}", std::process::id()));
        std::fs::write(&dir, "8/8/8/8/8/8/8/8 w - - 0 1 | 3\n").unwrap();
        assert!(load::<Position>(dir.to_str().unwrap(), Variant::Chess).is_err());
        std::fs::write(
            &dir,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 0.5\n",
        )
        .unwrap();
        let s = load::<Position>(dir.to_str().unwrap(), Variant::Pacifist).unwrap();
        assert_eq!((s.len(), s[0].score, s[0].result), (1, 12, 0.5));
        let _ = std::fs::remove_file(&dir);
    }

    /// Apocalypse's evaluation is tuned like the others: from its own
    /// datagen games, read back from their lines, the training loss falls.
    #[test]
    fn apocalypse_tunes_from_its_games() {
        let a = crate::cli::datagen::tiny_args(Variant::Apocalypse, 300, 80);
        let mut text = String::new();
        for g in 0..40 {
            let (positions, result) = crate::cli::datagen::play_game(&a, g);
            for (fen, score) in positions {
                text.push_str(&format!("{fen} | {score} | {result}\n"));
            }
        }
        let path = std::env::temp_dir().join(format!("turncoat-apo-{}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let samples = load::<ApocalypsePosition>(path.to_str().unwrap(), Variant::Apocalypse);
        std::fs::remove_file(&path).unwrap();
        let samples = samples.unwrap();
        assert!(samples.len() >= 20, "{} positions", samples.len());
        let target = eval::apocalypse::tune_target();
        assert_eq!(
            target.evaluate_with(&samples[0].pos, &target.values()),
            eval::apocalypse::evaluate(&samples[0].pos)
        );
        let tuned = tune(&target, &samples, &options(20, 5.0), &mut |_| {});
        let losses: Vec<f64> = tuned.epochs.iter().map(|e| e.train_loss).collect();
        assert!(losses[1..].iter().any(|&l| l < losses[0]), "{losses:?}");
    }
}
