//! Match statistics as cutechess-cli and fastchess report them: Elo
//! difference with its 95% error bar, likelihood of superiority, and the
//! sequential probability ratio test (GSPRT on the trinomial model).

/// Wins, losses and draws of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points per game, 0..1.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// Variance of one game's result around the mean score.
    fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.losses as f64 * s.powi(2)
            + self.draws as f64 * (0.5 - s).powi(2))
            / n
    }

    /// Elo difference implied by the score (logistic model).
    pub fn elo(&self) -> f64 {
        elo_of_score(self.score())
    }

    /// Half-width of the 95% confidence interval of the Elo difference.
    pub fn elo_error(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::INFINITY;
        }
        let sigma = (self.variance() / n).sqrt();
        let hi = elo_of_score(self.score() + 1.959_963_985 * sigma);
        let lo = elo_of_score(self.score() - 1.959_963_985 * sigma);
        (hi - lo) / 2.0
    }

    /// Likelihood of superiority: P(first engine is stronger), draws ignored.
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games().max(1) as f64
    }
}

/// Elo from an expected score, clamped away from 0 and 1.
pub fn elo_of_score(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Abramowitz-Stegun 7.1.26 (|error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl Sprt {
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0), by the
    /// generalised SPRT approximation: n (s1-s0)(2x̄-s0-s1) / (2σ²).
    /// An empty category (no wins, or no losses, or no draws) gets half a
    /// game so that one-sided results have a variance and can decide.
    pub fn llr(&self, t: &Tally) -> f64 {
        if t.games() == 0 {
            return 0.0;
        }
        let pad = |x: u32| {
            if t.wins == 0 || t.losses == 0 || t.draws == 0 {
                x as f64 + 0.5
            } else {
                x as f64
            }
        };
        let (w, l, d) = (pad(t.wins), pad(t.losses), pad(t.draws));
        let n = w + l + d;
        let x = (w + 0.5 * d) / n;
        let var = (w * (1.0 - x).powi(2) + l * x.powi(2) + d * (0.5 - x).powi(2)) / n;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * var)
    }

    pub fn verdict(&self, t: &Tally) -> Verdict {
        let llr = self.llr(t);
        if llr >= self.upper_bound() {
            Verdict::AcceptH1
        } else if llr <= self.lower_bound() {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        // 75% is +190.85 Elo, 25% its negative, 50% is 0.
        assert!(close(elo_of_score(0.75), 190.848, 0.01));
        assert!(close(elo_of_score(0.25), -190.848, 0.01));
        assert!(close(elo_of_score(0.5), 0.0, 1e-9));
        let t = Tally {
            wins: 60,
            losses: 20,
            draws: 20,
        };
        assert!(close(t.score(), 0.7, 1e-12));
        assert!(close(t.elo(), 147.19, 0.01));
    }

    #[test]
    fn error_bar_and_los() {
        // W 60 L 20 D 20 over 100 games: per-game variance 0.16, sigma 0.04,
        // interval 0.7 +- 0.0784 -> [0.6216, 0.7784] -> [86.2, 218.2] Elo.
        let t = Tally {
            wins: 60,
            losses: 20,
            draws: 20,
        };
        assert!(close(t.elo_error(), 66.013, 0.01), "{}", t.elo_error());
        // LOS = Phi((W-L)/sqrt(W+L)) = Phi(4.47) ~ 0.999996
        assert!(t.los() > 0.99999);
        let even = Tally {
            wins: 10,
            losses: 10,
            draws: 5,
        };
        assert!(close(even.los(), 0.5, 1e-9));
        // erf(1) = 0.8427007929
        assert!(close(erf(1.0), 0.842_700_79, 1e-6));
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        // The classic bounds: ln(0.05/0.95) = -2.944, ln(0.95/0.05) = 2.944.
        assert!(close(sprt.lower_bound(), -2.944_438_98, 1e-6));
        assert!(close(sprt.upper_bound(), 2.944_438_98, 1e-6));
        assert_eq!(
            sprt.verdict(&Tally {
                wins: 300,
                losses: 100,
                draws: 100
            }),
            Verdict::AcceptH1
        );
        assert_eq!(
            sprt.verdict(&Tally {
                wins: 100,
                losses: 300,
                draws: 100
            }),
            Verdict::AcceptH0
        );
        assert_eq!(
            sprt.verdict(&Tally {
                wins: 10,
                losses: 9,
                draws: 5
            }),
            Verdict::Continue
        );
        // Even a one-sided result decides in the end.
        assert_eq!(
            sprt.verdict(&Tally {
                wins: 40,
                losses: 0,
                draws: 0
            }),
            Verdict::AcceptH1
        );
        // The LLR grows linearly with the number of games at a fixed ratio.
        let a = sprt.llr(&Tally {
            wins: 30,
            losses: 20,
            draws: 50,
        });
        let b = sprt.llr(&Tally {
            wins: 60,
            losses: 40,
            draws: 100,
        });
        assert!(close(b, 2.0 * a, 1e-9));
    }
}
