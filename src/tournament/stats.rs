//! Match statistics as cutechess-cli and fastchess report them: Elo
//! difference with its 95% error bar, normalized Elo, likelihood of
//! superiority, and the generalised sequential probability ratio test
//! (GSPRT) on the trinomial model (single games) or the pentanomial model
//! (game pairs with colours swapped, `-repeat`).
//!
//! The GSPRT follows Michel Van den Bergh, "Comments on Normalized Elo"
//! (cantate.be/Fishtest/normalized_elo_practical.pdf): the log-likelihood
//! ratio is that of the maximum-likelihood distributions, given the
//! observed frequencies, under each hypothesis; a hypothesis fixes either
//! the expected score (logistic Elo) or the score's distance from 0.5 in
//! standard deviations (normalized Elo).
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

    /// Half-width of the 95% confidence interval of the Elo difference
    /// (infinite where the interval reaches a score of 0 or 1).
    pub fn elo_error(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::INFINITY;
        }
        elo_half_width(self.score(), (self.variance() / n).sqrt())
    }

    /// Likelihood of superiority as cutechess-cli computes it: P(first
    /// engine is stronger) from the wins and losses, draws ignored; 50%
    /// without a decisive game. 6-0 gives 99.3%, not certainty.
    pub fn los(&self) -> f64 {
        los_of_decisive(self.wins as f64, self.losses as f64)
    }

    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games().max(1) as f64
    }
}

/// Elo from an expected score: infinite at a score of 0 or 1 (all games
/// lost or won), as cutechess-cli and fastchess print it, not a made-up
/// large number.
pub fn elo_of_score(s: f64) -> f64 {
    let s = s.clamp(0.0, 1.0);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Half-width in Elo of the 95% interval `score +- 1.96 sigma`, its ends
/// kept within the possible scores: infinite when an end reaches 0 or 1
/// (all wins, all losses, or a result so close to them), 0 for a result
/// with no spread at all in between (all draws).
fn elo_half_width(score: f64, sigma: f64) -> f64 {
    let hi = (score + Z95 * sigma).min(1.0);
    let lo = (score - Z95 * sigma).max(0.0);
    if hi >= 1.0 || lo <= 0.0 {
        return f64::INFINITY;
    }
    (elo_of_score(hi) - elo_of_score(lo)) / 2.0
}

/// cutechess-cli's likelihood of superiority from wins and losses:
/// `(1 + erf((W - L) / sqrt(2 (W + L)))) / 2`, and 50% when there are none.
fn los_of_decisive(wins: f64, losses: f64) -> f64 {
    if wins + losses == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((wins - losses) / (2.0 * (wins + losses)).sqrt()))
}

/// A statistic as the reports print it, with `decimals` places: `inf`,
/// `-inf` and `nan` for what is not a finite number (so that scripts can
/// read them back), and never `-0.00`.
pub fn format_stat(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.into();
    }
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => text,
    }
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

/// Game pairs with colours swapped, by the first engine's points in the
/// pair: `counts[k]` pairs scored `k / 2` points (0, 0.5, 1, 1.5, 2), as
/// fastchess prints them (`Ptnml(0-2)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Adds one pair from the first engine's points in each game (0, 0.5
    /// or 1 each, given as half points 0..=2).
    pub fn add(&mut self, first_half_points: u32, second_half_points: u32) {
        let k = (first_half_points + second_half_points).min(4) as usize;
        self.counts[k] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
}

/// The per-game (or per-pair) scores of the two models, scaled to 0..1.
const TRINOMIAL_SCORES: [f64; 3] = [0.0, 0.5, 1.0];
const PENTANOMIAL_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Elo per unit of the score's standard deviation: normalized Elo is
/// `(score - 0.5) / sigma * 800 / ln 10` (Van den Bergh, section 1).
fn nelo_scale() -> f64 {
    800.0 / std::f64::consts::LN_10
}

/// The 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_985;

/// Mean and variance of a discrete distribution on `scores` with weights
/// `p` summing to 1.
fn mean_and_variance(scores: &[f64], p: &[f64]) -> (f64, f64) {
    let mu: f64 = scores.iter().zip(p).map(|(a, q)| a * q).sum();
    let var = scores
        .iter()
        .zip(p)
        .map(|(a, q)| q * (a - mu).powi(2))
        .sum();
    (mu, var)
}

/// Elo, normalized Elo and LOS of one match with their 95% error bars.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub score: f64,
    pub elo: f64,
    pub elo_error: f64,
    pub nelo: f64,
    pub nelo_error: f64,
    pub los: f64,
}

impl Estimate {
    /// From single games (trinomial); LOS as cutechess-cli's, from the
    /// wins and losses.
    pub fn trinomial(t: &Tally) -> Estimate {
        let e = Self::of(&TRINOMIAL_SCORES, &[t.losses, t.draws, t.wins], 1.0);
        Estimate { los: t.los(), ..e }
    }

    /// From game pairs (pentanomial): a pair's score is its mean, and
    /// normalized Elo is measured against the per-game deviation
    /// `sigma_pair * sqrt(2)`, so that both models estimate the same nElo.
    pub fn pentanomial(p: &Pentanomial) -> Estimate {
        Self::of(&PENTANOMIAL_SCORES, &p.counts, std::f64::consts::SQRT_2)
    }

    fn of(scores: &[f64], counts: &[u32], per_game: f64) -> Estimate {
        let n: f64 = counts.iter().map(|&c| c as f64).sum();
        if n == 0.0 {
            return Estimate {
                score: 0.5,
                elo: 0.0,
                elo_error: f64::INFINITY,
                nelo: 0.0,
                nelo_error: f64::INFINITY,
                los: 0.5,
            };
        }
        let p: Vec<f64> = counts.iter().map(|&c| c as f64 / n).collect();
        let (mu, var) = mean_and_variance(scores, &p);
        let sigma_mean = (var / n).sqrt();
        let sigma_game = var.sqrt() * per_game;
        // With no spread at all (every game or pair scored alike) the
        // ratios below are limits: nElo is 0 at an even score and
        // infinite otherwise; LOS counts the identical results as
        // decisive ones, as cutechess-cli's formula does for games.
        let nelo = if sigma_game > 0.0 {
            (mu - 0.5) / sigma_game * nelo_scale()
        } else if mu == 0.5 {
            0.0
        } else {
            (mu - 0.5).signum() * f64::INFINITY
        };
        let los = if sigma_mean > 0.0 {
            0.5 * (1.0 + erf((mu - 0.5) / sigma_mean / std::f64::consts::SQRT_2))
        } else if mu == 0.5 {
            0.5
        } else if mu > 0.5 {
            los_of_decisive(n, 0.0)
        } else {
            los_of_decisive(0.0, n)
        };
        Estimate {
            score: mu,
            elo: elo_of_score(mu),
            elo_error: elo_half_width(mu, sigma_mean),
            nelo,
            // 1.96 sigma_mean / sigma_game in nElo units: it does not
            // depend on the spread, so it holds at the edges too.
            nelo_error: Z95 / (n.sqrt() * per_game) * nelo_scale(),
            los,
        }
    }
}

/// How the SPRT's Elo bounds are read (fastchess's `model=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Normalized Elo: the bounds are in nElo, independent of the draw
    /// rate (fastchess's default, as in fishtest).
    Normalized,
    /// Logistic Elo: the bounds fix the expected score.
    Logistic,
}

/// An SPRT model name that is neither `normalized` nor `logistic`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("-sprt: unknown model '{0}' (normalized or logistic)")]
pub struct UnknownModel(pub String);

impl std::str::FromStr for Model {
    type Err = UnknownModel;
    fn from_str(s: &str) -> Result<Model, UnknownModel> {
        match s {
            "normalized" => Ok(Model::Normalized),
            "logistic" => Ok(Model::Logistic),
            _ => Err(UnknownModel(s.to_string())),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: Model,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Continue,
    AcceptH0,
    AcceptH1,
}

/// An empty category gets a thousandth of an observation, so that every
/// probability of the maximum-likelihood distributions is positive (and a
/// one-sided result still has a likelihood ratio).
fn regularized(counts: &[u32]) -> (f64, Vec<f64>) {
    let c: Vec<f64> = counts
        .iter()
        .map(|&x| if x == 0 { 1e-3 } else { x as f64 })
        .collect();
    let n: f64 = c.iter().sum();
    (n, c.iter().map(|x| x / n).collect())
}

/// The root in `(lo, hi)` of a function decreasing from positive to
/// negative, by bisection (plenty fast for five categories).
fn decreasing_root(f: impl Fn(f64) -> f64, lo: f64, hi: f64) -> f64 {
    let (mut lo, mut hi) = (lo, hi);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution closest (in likelihood) to the observed `phat` with
/// `sum p_i phi_i = 0`: `p_i = phat_i / (1 + theta phi_i)`, theta the root of
/// `sum phat_i phi_i / (1 + theta phi_i) = 0` (Van den Bergh, proposition
/// 1.1). `phi` must take both signs.
fn constrained_mle(phat: &[f64], phi: &[f64]) -> Vec<f64> {
    let u = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let v = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if u >= 0.0 || v <= 0.0 {
        return phat.to_vec();
    }
    let g = |theta: f64| -> f64 {
        phat.iter()
            .zip(phi)
            .map(|(p, f)| p * f / (1.0 + theta * f))
            .sum()
    };
    let theta = decreasing_root(g, -1.0 / v, -1.0 / u);
    phat.iter()
        .zip(phi)
        .map(|(p, f)| p / (1.0 + theta * f))
        .collect()
}

/// The maximum-likelihood distribution with expected score `s`.
fn mle_logistic(scores: &[f64], phat: &[f64], s: f64) -> Vec<f64> {
    let phi: Vec<f64> = scores.iter().map(|a| a - s).collect();
    constrained_mle(phat, &phi)
}

/// The maximum-likelihood distribution with `(mu - 0.5) / sigma = t`, by
/// the fixed-point iteration of Van den Bergh's section 4.1 from the
/// uniform distribution.
fn mle_normalized(scores: &[f64], phat: &[f64], t: f64) -> Vec<f64> {
    let mut p = vec![1.0 / scores.len() as f64; scores.len()];
    for _ in 0..1000 {
        let (mu, var) = mean_and_variance(scores, &p);
        let sigma = var.sqrt();
        let phi: Vec<f64> = scores
            .iter()
            .map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)))
            .collect();
        let next = constrained_mle(phat, &phi);
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-9 {
            break;
        }
    }
    p
}

impl Sprt {
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// Log-likelihood ratio of H1 against H0 from single games.
    pub fn llr(&self, t: &Tally) -> f64 {
        self.llr_of(&TRINOMIAL_SCORES, &[t.losses, t.draws, t.wins], 1.0)
    }

    /// Log-likelihood ratio of H1 against H0 from game pairs: a pair's
    /// score is its mean, whose deviation is the per-game one over sqrt 2.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.llr_of(&PENTANOMIAL_SCORES, &p.counts, std::f64::consts::SQRT_2)
    }

    fn llr_of(&self, scores: &[f64], counts: &[u32], per_game: f64) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let (n, phat) = regularized(counts);
        let (p0, p1) = match self.model {
            Model::Logistic => (
                mle_logistic(scores, &phat, score_of_elo(self.elo0)),
                mle_logistic(scores, &phat, score_of_elo(self.elo1)),
            ),
            Model::Normalized => (
                mle_normalized(scores, &phat, per_game * self.elo0 / nelo_scale()),
                mle_normalized(scores, &phat, per_game * self.elo1 / nelo_scale()),
            ),
        };
        n * phat
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(q, (a, b))| q * (b.ln() - a.ln()))
            .sum::<f64>()
    }

    pub fn verdict_of(&self, llr: f64) -> Verdict {
        if llr >= self.upper_bound() {
            Verdict::AcceptH1
        } else if llr <= self.lower_bound() {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }

    pub fn verdict(&self, t: &Tally) -> Verdict {
        self.verdict_of(self.llr(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_model_is_named() {
        assert_eq!("logistic".parse::<Model>(), Ok(Model::Logistic));
        assert_eq!("bayes".parse::<Model>(), Err(UnknownModel("bayes".into())));
    }

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

    fn sprt(elo0: f64, elo1: f64, model: Model) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model,
        }
    }

    /// Pentanomial counts from fastchess's `LL, LD, WL, DD, WD, WW`.
    fn ptnml(ll: u32, ld: u32, wl: u32, dd: u32, wd: u32, ww: u32) -> Pentanomial {
        Pentanomial {
            counts: [ll, ld, wl + dd, wd, ww],
        }
    }

    /// The published values of fastchess's SPRT tests (LLR to two
    /// decimals, within 1%), trinomial and pentanomial, in both models.
    #[test]
    fn llr_matches_fastchess_published_values() {
        let tally = |wins, losses, draws| Tally {
            wins,
            losses,
            draws,
        };
        let cases: [(f64, f64); 8] = [
            (
                sprt(0.0, 2.0, Model::Normalized).llr(&tally(36433, 36027, 68692)),
                0.92,
            ),
            (
                sprt(-1.75, 0.25, Model::Normalized).llr(&tally(10871, 10650, 20431)),
                2.30,
            ),
            (
                sprt(0.5, 2.5, Model::Logistic).llr(&tally(21404, 21184, 40708)),
                -1.57,
            ),
            (
                sprt(0.0, 2.0, Model::Logistic).llr(&tally(57433, 57030, 106593)),
                -2.59,
            ),
            (
                sprt(0.0, 2.0, Model::Normalized)
                    .llr_pentanomial(&ptnml(365, 16618, 36029, 200, 16974, 390)),
                2.25,
            ),
            (
                sprt(-1.75, 0.25, Model::Normalized)
                    .llr_pentanomial(&ptnml(127, 4883, 10311, 401, 5150, 104)),
                3.01,
            ),
            (
                sprt(0.5, 2.5, Model::Logistic)
                    .llr_pentanomial(&ptnml(223, 9863, 20279, 1000, 10037, 246)),
                -3.07,
            ),
            (
                sprt(0.0, 2.0, Model::Logistic)
                    .llr_pentanomial(&ptnml(871, 26175, 55003, 980, 26678, 821)),
                -4.98,
            ),
        ];
        for (i, (got, want)) in cases.iter().enumerate() {
            assert!(
                (got - want).abs() <= 0.01 * want.abs() + 0.005,
                "case {i}: {got} vs {want}"
            );
        }
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        for model in [Model::Normalized, Model::Logistic] {
            let sprt = sprt(0.0, 10.0, model);
            // The classic bounds: ln(0.05/0.95) = -2.944, ln(0.95/0.05) = 2.944.
            assert!(close(sprt.lower_bound(), -2.944_438_98, 1e-6));
            assert!(close(sprt.upper_bound(), 2.944_438_98, 1e-6));
            let tally = |wins, losses, draws| Tally {
                wins,
                losses,
                draws,
            };
            assert_eq!(sprt.verdict(&tally(300, 100, 100)), Verdict::AcceptH1);
            assert_eq!(sprt.verdict(&tally(100, 300, 100)), Verdict::AcceptH0);
            assert_eq!(sprt.verdict(&tally(10, 9, 5)), Verdict::Continue);
            // Even a one-sided result decides in the end: about t = 10 /
            // 347.44 = 0.029 per won game in nElo, so 102 games for 2.94.
            assert_eq!(
                sprt.verdict(&tally(120, 0, 0)),
                Verdict::AcceptH1,
                "{model:?}"
            );
            // The LLR grows linearly with the number of games at fixed ratios.
            let a = sprt.llr(&tally(30, 20, 50));
            let b = sprt.llr(&tally(60, 40, 100));
            assert!(close(b, 2.0 * a, 1e-6), "{a} {b}");
            let pa = sprt.llr_pentanomial(&Pentanomial {
                counts: [2, 10, 20, 12, 3],
            });
            let pb = sprt.llr_pentanomial(&Pentanomial {
                counts: [4, 20, 40, 24, 6],
            });
            assert!(close(pb, 2.0 * pa, 1e-6), "{pa} {pb}");
            // So do won pairs (about 0.04 per pair in nElo, 0.028 in Elo).
            let won = Pentanomial {
                counts: [0, 0, 0, 0, 160],
            };
            assert_eq!(
                sprt.verdict_of(sprt.llr_pentanomial(&won)),
                Verdict::AcceptH1
            );
        }
    }

    #[test]
    fn pairs_are_counted_by_their_points() {
        let mut p = Pentanomial::default();
        p.add(2, 2); // two wins
        p.add(2, 0); // a win and a loss
        p.add(1, 1); // two draws
        p.add(0, 1); // a loss and a draw
        assert_eq!(p.counts, [0, 1, 2, 0, 1]);
        assert_eq!(p.pairs(), 4);
    }

    #[test]
    fn estimates_of_both_models() {
        // W 60 L 20 D 20: mean 0.7, sigma 0.4 per game: nElo =
        // 0.2 / 0.4 * 800 / ln 10 = 173.72, its error 1.96 * 0.04 / 0.4 *
        // 347.44 = 68.10; Elo and its error as the tally's.
        let t = Tally {
            wins: 60,
            losses: 20,
            draws: 20,
        };
        let e = Estimate::trinomial(&t);
        assert!(close(e.elo, t.elo(), 1e-9));
        assert!(close(e.elo_error, t.elo_error(), 1e-9));
        assert!(close(e.nelo, 173.72, 0.01), "{}", e.nelo);
        assert!(close(e.nelo_error, 68.10, 0.01), "{}", e.nelo_error);
        // Pairs [1, 2, 3, 2, 2] on 0, 1/4, 1/2, 3/4, 1: mean 0.55, pair
        // variance 0.0975 (sigma 0.31225), per game 0.44159: nElo =
        // 0.05 / 0.44159 * 347.44 = 39.34; LOS = Phi(0.05 / (0.31225 /
        // sqrt 10)) = Phi(0.50637) = 0.6937.
        let p = Estimate::pentanomial(&Pentanomial {
            counts: [1, 2, 3, 2, 2],
        });
        assert!(close(p.score, 0.55, 1e-12));
        assert!(close(p.elo, elo_of_score(0.55), 1e-9));
        assert!(close(p.nelo, 39.34, 0.01), "{}", p.nelo);
        assert!(close(p.los, 0.6937, 0.0005), "{}", p.los);
    }

    /// The edges, against values computed by hand from the definitions
    /// (cutechess-cli's Elo and LOS, fastchess's nElo).
    #[test]
    fn statistics_at_the_edges() {
        let tally = |wins, losses, draws| Tally {
            wins,
            losses,
            draws,
        };
        // 6-0: score 1, no spread. LOS = (1 + erf(6 / sqrt 12)) / 2 =
        // (1 + erf(1.7320508)) / 2 = 0.9928471; nElo error = 1.959964 /
        // sqrt 6 * 800 / ln 10 = 278.0013.
        let e = Estimate::trinomial(&tally(6, 0, 0));
        assert_eq!(e.elo, f64::INFINITY);
        assert_eq!(e.elo_error, f64::INFINITY);
        assert!(close(e.los, 0.992_847_1, 1e-6), "{}", e.los);
        assert_eq!(e.nelo, f64::INFINITY);
        assert!(close(e.nelo_error, 278.001_3, 1e-3), "{}", e.nelo_error);
        // 0-6, the mirror image.
        let e = Estimate::trinomial(&tally(0, 6, 0));
        assert_eq!(e.elo, f64::NEG_INFINITY);
        assert!(close(e.los, 1.0 - 0.992_847_1, 1e-6), "{}", e.los);
        assert_eq!(e.nelo, f64::NEG_INFINITY);
        // One game won: LOS = (1 + erf(1 / sqrt 2)) / 2 = 0.8413447;
        // nElo error = 1.959964 * 347.4355 = 680.9611.
        let e = Estimate::trinomial(&tally(1, 0, 0));
        assert_eq!(e.elo, f64::INFINITY);
        assert!(close(e.los, 0.841_344_7, 1e-6), "{}", e.los);
        assert!(close(e.nelo_error, 680.961_1, 1e-3), "{}", e.nelo_error);
        // All draws: no difference, no spread, no decisive game.
        let e = Estimate::trinomial(&tally(0, 0, 4));
        assert_eq!((e.elo, e.elo_error, e.nelo, e.los), (0.0, 0.0, 0.0, 0.5));
        // An even score prints as 0, never -0.
        let e = Estimate::trinomial(&tally(3, 3, 2));
        assert_eq!(format_stat(e.elo, 2), "0.00");
        assert_eq!(format_stat(-0.001, 2), "0.00");
        assert_eq!(format_stat(-0.006, 2), "-0.01");
        assert_eq!(format_stat(f64::INFINITY, 1), "inf");
        assert_eq!(format_stat(f64::NEG_INFINITY, 1), "-inf");
        assert_eq!(format_stat(f64::NAN, 1), "nan");
        // 9-1: the interval 0.9 +- 1.96 * 0.3 / sqrt 10 reaches a score of
        // 1, so its Elo half-width is unbounded.
        assert_eq!(
            Estimate::trinomial(&tally(9, 1, 0)).elo_error,
            f64::INFINITY
        );
        // Pairs all won: LOS from the 3 pairs as decisive results,
        // (1 + erf(3 / sqrt 6)) / 2 = 0.9583677.
        let p = Estimate::pentanomial(&Pentanomial {
            counts: [0, 0, 0, 0, 3],
        });
        assert_eq!(p.elo, f64::INFINITY);
        assert!(close(p.los, 0.958_367_7, 1e-6), "{}", p.los);
        // Pairs all even (drawn or split): nothing either way.
        let p = Estimate::pentanomial(&Pentanomial {
            counts: [0, 0, 5, 0, 0],
        });
        assert_eq!((p.elo, p.nelo, p.los), (0.0, 0.0, 0.5));
    }
}
