//! Zero-sum matrix games, solved exactly by linear programming: the value
//! of a simultaneous-move position (docs/search.md) and both
//! players' equilibrium mixed strategies.
//!
//! With all payoffs made positive (a constant shift changes no strategy),
//! the column player's problem is `max Σy` subject to `A·y ≤ 1, y ≥ 0`:
//! then the value is `1/Σy` and `q = y/Σy`. Its dual, read off the final
//! simplex tableau, gives the row player's `p`. Bland's rule prevents
//! cycling, so the solver always terminates.

/// The solution of a matrix game: the row player maximises.
#[derive(Clone, Debug)]
pub struct Equilibrium {
    pub value: f64,
    /// Row player's mixed strategy (sums to 1).
    pub row: Vec<f64>,
    /// Column player's mixed strategy (sums to 1).
    pub col: Vec<f64>,
}

const EPS: f64 = 1e-12;

/// Solves the game with payoff `a[i * cols + j]` to the row player.
pub fn solve(a: &[f64], rows: usize, cols: usize) -> Equilibrium {
    assert!(rows > 0 && cols > 0 && a.len() == rows * cols);
    let min = a.iter().cloned().fold(f64::INFINITY, f64::min);
    let shift = 1.0 - min;
    // Tableau: `rows` constraint lines of [A | I | 1], then the objective.
    let width = cols + rows + 1;
    let mut t = vec![0.0; (rows + 1) * width];
    for i in 0..rows {
        for j in 0..cols {
            t[i * width + j] = a[i * cols + j] + shift;
        }
        t[i * width + cols + i] = 1.0;
        t[i * width + width - 1] = 1.0;
    }
    for j in 0..cols {
        t[rows * width + j] = -1.0;
    }
    // basis[i]: the variable basic in constraint line i (slacks first).
    let mut basis: Vec<usize> = (cols..cols + rows).collect();
    // Entering: the lowest-index column with a negative reduced cost.
    while let Some(enter) = (0..cols + rows).find(|&j| t[rows * width + j] < -EPS) {
        // Leaving: minimum ratio, ties by the lowest basic index (Bland).
        let mut leave: Option<usize> = None;
        for i in 0..rows {
            let coef = t[i * width + enter];
            if coef > EPS {
                let ratio = t[i * width + width - 1] / coef;
                leave = match leave {
                    None => Some(i),
                    Some(l) => {
                        let best = t[l * width + width - 1] / t[l * width + enter];
                        if ratio < best - EPS || (ratio <= best + EPS && basis[i] < basis[l]) {
                            Some(i)
                        } else {
                            Some(l)
                        }
                    }
                };
            }
        }
        let Some(leave) = leave else {
            // Unbounded cannot happen with positive payoffs; stop safely.
            break;
        };
        pivot(&mut t, width, rows + 1, leave, enter);
        basis[leave] = enter;
    }
    let mut y = vec![0.0; cols];
    for (i, &b) in basis.iter().enumerate() {
        if b < cols {
            y[b] = t[i * width + width - 1];
        }
    }
    let total: f64 = y.iter().sum();
    let x: Vec<f64> = (0..rows)
        .map(|i| t[rows * width + cols + i].max(0.0))
        .collect();
    let xsum: f64 = x.iter().sum();
    Equilibrium {
        value: 1.0 / total - shift,
        row: x.iter().map(|v| v / xsum).collect(),
        col: y.iter().map(|v| v / total).collect(),
    }
}

fn pivot(t: &mut [f64], width: usize, lines: usize, r: usize, c: usize) {
    let p = t[r * width + c];
    for j in 0..width {
        t[r * width + j] /= p;
    }
    for i in 0..lines {
        if i != r {
            let f = t[i * width + c];
            if f != 0.0 {
                for j in 0..width {
                    t[i * width + j] -= f * t[r * width + j];
                }
            }
        }
    }
}

impl Equilibrium {
    /// How much a best pure response gains against these strategies, for
    /// each player (0 at an exact equilibrium): the exploitability.
    pub fn exploitability(&self, a: &[f64], rows: usize, cols: usize) -> (f64, f64) {
        let best_row = (0..rows)
            .map(|i| {
                (0..cols)
                    .map(|j| a[i * cols + j] * self.col[j])
                    .sum::<f64>()
            })
            .fold(f64::NEG_INFINITY, f64::max);
        let best_col = (0..cols)
            .map(|j| {
                (0..rows)
                    .map(|i| a[i * cols + j] * self.row[i])
                    .sum::<f64>()
            })
            .fold(f64::INFINITY, f64::min);
        (best_row - self.value, self.value - best_col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn matching_pennies_is_strictly_mixed() {
        let e = solve(&[1.0, -1.0, -1.0, 1.0], 2, 2);
        assert!(close(e.value, 0.0));
        assert!(e.row.iter().chain(&e.col).all(|&p| close(p, 0.5)));
    }

    #[test]
    fn rock_paper_scissors() {
        let e = solve(&[0.0, -1.0, 1.0, 1.0, 0.0, -1.0, -1.0, 1.0, 0.0], 3, 3);
        assert!(close(e.value, 0.0));
        assert!(e.row.iter().chain(&e.col).all(|&p| close(p, 1.0 / 3.0)));
    }

    #[test]
    fn dominated_strategies_get_no_weight() {
        // Row 1 is dominated by row 0; column 2 by column 0 (for the minimiser).
        let a = [3.0, 1.0, 4.0, 2.0, 0.0, 3.0, 1.0, 3.0, 5.0];
        let e = solve(&a, 3, 3);
        assert!(close(e.row[1], 0.0), "{e:?}");
        assert!(close(e.col[2], 0.0), "{e:?}");
        let (r, c) = e.exploitability(&a, 3, 3);
        assert!(r.abs() < 1e-9 && c.abs() < 1e-9);
    }

    #[test]
    fn saddle_point_is_pure() {
        let e = solve(&[4.0, 2.0, 3.0, 1.0], 2, 2);
        assert!(close(e.value, 2.0));
        assert!(close(e.row[0], 1.0) && close(e.col[1], 1.0));
    }

    /// Brute force for 2x2: either a saddle point or the mixed formula.
    fn brute_2x2(a: &[f64]) -> f64 {
        let lower = (a[0].min(a[1])).max(a[2].min(a[3]));
        let upper = (a[0].max(a[2])).min(a[1].max(a[3]));
        if close(lower, upper) {
            lower
        } else {
            (a[0] * a[3] - a[1] * a[2]) / (a[0] + a[3] - a[1] - a[2])
        }
    }

    #[test]
    fn matches_brute_force_on_random_matrices() {
        let mut rng = crate::rng::Rng::from_state(0x2545_F491_4F6C_DD1Du64);
        let mut rnd = || {
            let s = rng.next_u64();
            (s % 2001) as f64 / 100.0 - 10.0
        };
        for _ in 0..500 {
            let a: Vec<f64> = (0..4).map(|_| rnd()).collect();
            let e = solve(&a, 2, 2);
            assert!((e.value - brute_2x2(&a)).abs() < 1e-7, "{a:?} {e:?}");
        }
        // Larger games: the certificate (no profitable pure deviation).
        for (m, n) in [(3, 4), (5, 5), (8, 3), (20, 20), (40, 35)] {
            let a: Vec<f64> = (0..m * n).map(|_| rnd()).collect();
            let e = solve(&a, m, n);
            let (r, c) = e.exploitability(&a, m, n);
            assert!(r < 1e-7 && c < 1e-7, "{m}x{n}: {r} {c}");
            assert!(close(e.row.iter().sum(), 1.0) && close(e.col.iter().sum(), 1.0));
            assert!(e.row.iter().chain(&e.col).all(|&p| p >= 0.0));
        }
    }
}
