//! Adam (Kingma and Ba), the tuner's optimiser.

/// Adam's state on a real-valued copy of the parameters: the running
/// means of the gradient and of its square, and the steps taken.
pub(super) struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    /// The state before the first step, for `n` parameters.
    pub(super) fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// Moves `x` one step of size `lr` against the gradient `g`.
    pub(super) fn step(&mut self, x: &mut [f64], g: &[f64], lr: f64) {
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
