//! The loss of the evaluation on the training data, and its linear model:
//! each position's evaluation linearised once in every parameter, so that
//! an epoch of Adam costs a sparse dot product per position.

use super::data::{Sample, SamplePosition};
use crate::eval::table::Tunable;
use rayon::prelude::*;

/// The step of the central differences: the evaluation is integer-valued
/// and tapered, so a step of one would round most slopes to 0 or 1.
pub const STEP: i32 = 4;

/// The expected score of an evaluation `e` with Texel's scaling `k`.
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
pub(super) struct Tuner<'a, P> {
    target: &'a dyn Tunable<P>,
    pub(super) train: &'a [Sample<P>],
    pub(super) test: &'a [Sample<P>],
    /// Texel's scaling constant ([`Tuner::fit_k`]).
    pub(super) k: f64,
    lambda: f64,
    /// The parameters the model is linearised at.
    at: Vec<i32>,
    model: Vec<Linear>,
}

impl<'a, P: SamplePosition> Tuner<'a, P> {
    /// A tuner of `target` on `train` (losses also on `test`), the target
    /// blending result and search score by `lambda`; not yet linearised.
    pub(super) fn new(
        target: &'a dyn Tunable<P>,
        train: &'a [Sample<P>],
        test: &'a [Sample<P>],
        lambda: f64,
    ) -> Self {
        Tuner {
            target,
            train,
            test,
            k: 1.0,
            lambda,
            at: target.values(),
            model: Vec::new(),
        }
    }

    fn wanted(&self, s: &Sample<P>) -> f64 {
        self.lambda * s.result + (1.0 - self.lambda) * sigmoid(self.k, s.score as f64)
    }

    /// The mean loss of the true evaluation with the parameters `v`.
    pub(super) fn loss(&self, data: &[Sample<P>], v: &[i32]) -> f64 {
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
    pub(super) fn linearize(&mut self, v: &[i32]) {
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
    pub(super) fn fit_k(&mut self) {
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
    pub(super) fn gradient(&self, x: &[f64]) -> Vec<f64> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tune_target;
    use crate::tune::tests::generated;
    use crate::Variant;

    /// The gradient equals central differences of the model's loss, and,
    /// at the linearisation point, of the true evaluation's loss.
    #[test]
    fn gradient_matches_finite_differences() {
        for variant in [Variant::Chess, Variant::Pacifist2] {
            let samples = generated(variant, 4);
            assert!(samples.len() >= 30, "{}", samples.len());
            let target = tune_target(variant.board().unwrap());
            let v = target.values();
            let mut tuner = Tuner::new(target.as_ref(), &samples, &[], 0.7);
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
}
