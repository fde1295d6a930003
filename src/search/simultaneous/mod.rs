//! The search of the simultaneous-move game (docs/search.md): a
//! position's value is that of the matrix game over (white candidate,
//! black candidate) pairs, children valued by a depth-limited recursive
//! search and the evaluation at the horizon.
//!
//! Each matrix game is solved exactly (linear programming, [`matrix`])
//! with the double oracle method: solve the game restricted to a few
//! candidates, add each side's best pure response to the other's
//! equilibrium strategy, repeat until neither response improves. Only the
//! entries that the responses need are searched, and the result is the
//! exact equilibrium of the full matrix. Values are cached by placement and
//! penalties; iterative deepening runs within the time budget; at the root
//! the entries of each round are shared out among the threads.

pub mod matrix;

use crate::board::{Color, Outcome};
use crate::clock::Instant;
use crate::eval::apocalypse::{evaluate, DECIDED, WIN};
use crate::rules::apocalypse::{ApocalypsePosition, Ply};
use matrix::solve;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

type Key = ([[u32; 2]; 2], [u8; 2]);

/// State shared by the search threads.
pub struct SimShared {
    table: Mutex<HashMap<Key, (u32, f64)>>,
    pub stop: AtomicBool,
    pub nodes: AtomicU64,
    /// The search stops once `nodes` reaches this (`go nodes`); the first
    /// depth still completes, so that there is a move to play.
    pub node_limit: AtomicU64,
    /// Told when `stop` is set from outside the search.
    pub wake: super::signal::Signal,
}

impl Default for SimShared {
    fn default() -> Self {
        SimShared {
            table: Mutex::new(HashMap::new()),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            node_limit: AtomicU64::new(u64::MAX),
            wake: super::signal::Signal::default(),
        }
    }
}

impl SimShared {
    pub fn clear(&self) {
        self.table.lock().expect("table").clear();
    }
}

/// The root result of one iteration.
#[derive(Clone, Debug)]
pub struct SimResult {
    pub depth: u32,
    /// ApocalypseGame value for white, in centipawns.
    pub value: f64,
    /// Candidates and equilibrium strategies of both sides.
    pub white: Vec<(Ply, f64)>,
    pub black: Vec<(Ply, f64)>,
    pub nodes: u64,
}

fn terminal_value(o: Outcome) -> f64 {
    match o {
        Outcome::Win(Color::White, _) => WIN as f64,
        Outcome::Win(Color::Black, _) => -(WIN as f64),
        Outcome::Draw(_) => 0.0,
    }
}

/// A position's value from its matrix game's: a decided game moves one
/// point toward 0 per turn, so that a win in fewer turns is worth more and
/// a loss in more turns costs less, as mate-distance scoring does in the
/// sequential variants. In a lost position every line is lost, and the
/// side then resists longest (an immediate second penalty, docs/rules.md §5.3,
/// is worth less than a loss two turns later).
fn one_turn_later(v: f64) -> f64 {
    if v >= DECIDED as f64 {
        v - 1.0
    } else if v <= -(DECIDED as f64) {
        v + 1.0
    } else {
        v
    }
}

/// A searcher for one thread.
struct Searcher<'a> {
    shared: &'a SimShared,
    deadline: Option<Instant>,
    aborted: bool,
    nodes: u64,
    /// Whether every node counts against `shared.node_limit` (a depth
    /// after the first, with a node limit set).
    budgeted: bool,
}

impl Drop for Searcher<'_> {
    fn drop(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.nodes % 256, Ordering::Relaxed);
    }
}

impl<'a> Searcher<'a> {
    /// A searcher for an iteration `depth` turns deep: from the second
    /// depth on, a node limit binds to the node (the first depth always
    /// completes, so that there is a move to play).
    fn new(shared: &'a SimShared, deadline: Option<Instant>, depth: u32) -> Searcher<'a> {
        Searcher {
            shared,
            deadline,
            aborted: false,
            nodes: 0,
            budgeted: depth > 1 && shared.node_limit.load(Ordering::Relaxed) != u64::MAX,
        }
    }

    fn check(&mut self) {
        self.nodes += 1;
        let polled = self.nodes.is_multiple_of(256);
        if polled {
            self.shared.nodes.fetch_add(256, Ordering::Relaxed);
        }
        // An entry's own search is often shorter than 256 nodes, so a
        // budget polled only every 256 nodes of one searcher would never
        // end a two-turn iteration: a weak level's budget (docs/strength.md)
        // counts every node.
        let over_budget = self.budgeted
            && self.shared.nodes.load(Ordering::Relaxed) + self.nodes % 256
                >= self.shared.node_limit.load(Ordering::Relaxed);
        if over_budget
            || (polled
                && (self.shared.stop.load(Ordering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.shared.nodes.load(Ordering::Relaxed)
                        >= self.shared.node_limit.load(Ordering::Relaxed)))
        {
            self.shared.stop.store(true, Ordering::Relaxed);
            self.aborted = true;
        }
    }

    /// The value for white of `pos` searched `depth` turns deep.
    fn value(&mut self, pos: &ApocalypsePosition, depth: u32) -> f64 {
        self.check();
        if self.aborted {
            return 0.0;
        }
        if let Some(o) = pos.terminal() {
            return terminal_value(o);
        }
        if depth == 0 {
            return evaluate(pos) as f64;
        }
        let key = pos.repetition_key();
        if let Some(&(d, v)) = self.shared.table.lock().expect("table").get(&key) {
            if d >= depth {
                return v;
            }
        }
        let white = pos.candidates(Color::White);
        let black = pos.candidates(Color::Black);
        let entry =
            |s: &mut Self, i: usize, j: usize| s.value(&pos.resolve(white[i], black[j]), depth - 1);
        let eq = double_oracle(
            white.len(),
            black.len(),
            &mut |i, j| entry(self, i, j),
            &|| false,
        );
        let v = one_turn_later(eq.value);
        if !self.aborted {
            self.shared
                .table
                .lock()
                .expect("table")
                .insert(key, (depth, v));
        }
        v
    }
}

/// The value for white of `pos` searched `depth` turns deep, without a
/// time limit, using (and filling) `shared`'s table: one entry of a
/// matrix game, for tools that examine the search's strategies.
pub fn value(shared: &SimShared, pos: &ApocalypsePosition, depth: u32) -> f64 {
    Searcher::new(shared, None, 1).value(pos, depth)
}

/// An equilibrium over the full candidate sets, with strategies indexed
/// like the candidates.
pub struct FullEquilibrium {
    pub value: f64,
    pub row: Vec<f64>,
    pub col: Vec<f64>,
}

/// The double oracle: grows restricted strategy sets by best responses
/// until the restricted equilibrium is one of the whole game.
pub fn double_oracle(
    rows: usize,
    cols: usize,
    entry: &mut dyn FnMut(usize, usize) -> f64,
    stop: &dyn Fn() -> bool,
) -> FullEquilibrium {
    let mut cache: HashMap<(usize, usize), f64> = HashMap::new();
    let mut get = |i: usize, j: usize, entry: &mut dyn FnMut(usize, usize) -> f64| -> f64 {
        *cache.entry((i, j)).or_insert_with(|| entry(i, j))
    };
    let mut rs = vec![0usize];
    let mut cs = vec![0usize];
    loop {
        let mut m = Vec::with_capacity(rs.len() * cs.len());
        for &i in &rs {
            for &j in &cs {
                m.push(get(i, j, entry));
            }
        }
        let eq = solve(&m, rs.len(), cs.len());
        // Best pure responses against the restricted equilibrium.
        let mut best_row = (f64::NEG_INFINITY, 0);
        for i in 0..rows {
            let v: f64 = cs
                .iter()
                .zip(&eq.col)
                .filter(|(_, &q)| q > 1e-12)
                .map(|(&j, &q)| q * get(i, j, entry))
                .sum();
            if v > best_row.0 + 1e-9 {
                best_row = (v, i);
            }
        }
        let mut best_col = (f64::INFINITY, 0);
        for j in 0..cols {
            let v: f64 = rs
                .iter()
                .zip(&eq.row)
                .filter(|(_, &p)| p > 1e-12)
                .map(|(&i, &p)| p * get(i, j, entry))
                .sum();
            if v < best_col.0 - 1e-9 {
                best_col = (v, j);
            }
        }
        let row_gain = best_row.0 > eq.value + 1e-6 && !rs.contains(&best_row.1);
        let col_gain = best_col.0 < eq.value - 1e-6 && !cs.contains(&best_col.1);
        if (!row_gain && !col_gain) || stop() {
            let mut row = vec![0.0; rows];
            let mut col = vec![0.0; cols];
            for (&i, &p) in rs.iter().zip(&eq.row) {
                row[i] = p;
            }
            for (&j, &q) in cs.iter().zip(&eq.col) {
                col[j] = q;
            }
            return FullEquilibrium {
                value: eq.value,
                row,
                col,
            };
        }
        if row_gain {
            rs.push(best_row.1);
        }
        if col_gain {
            cs.push(best_col.1);
        }
    }
}

/// Iterative deepening on `pos` with `threads` threads until `max_depth`,
/// the time budget or `shared.stop`; `report` sees each finished depth.
pub fn solve_turn(
    shared: &SimShared,
    pos: &ApocalypsePosition,
    max_depth: u32,
    budget: Option<Duration>,
    threads: usize,
    report: &mut dyn FnMut(&SimResult),
) -> Option<SimResult> {
    let start = Instant::now();
    let deadline = budget.and_then(|b| start.checked_add(b));
    shared.nodes.store(0, Ordering::Relaxed);
    let white = pos.candidates(Color::White);
    let black = pos.candidates(Color::Black);
    if white.is_empty() || black.is_empty() || pos.terminal().is_some() {
        return None;
    }
    let mut best: Option<SimResult> = None;
    for depth in 1..=max_depth.max(1) {
        let pairs_needed = Mutex::new(HashMap::<(usize, usize), f64>::new());
        let mut entry = |i: usize, j: usize| -> f64 {
            if let Some(&v) = pairs_needed.lock().expect("pairs").get(&(i, j)) {
                return v;
            }
            let mut s = Searcher::new(shared, deadline, depth);
            s.value(&pos.resolve(white[i], black[j]), depth - 1)
        };
        // Pre-compute the first row and column in parallel: they are
        // always needed and cover the bulk of the first round.
        let first: Vec<(usize, usize)> = (0..white.len())
            .map(|i| (i, 0))
            .chain((1..black.len()).map(|j| (0, j)))
            .collect();
        parallel_entries(
            shared,
            pos,
            &white,
            &black,
            depth,
            deadline,
            threads,
            &first,
            &pairs_needed,
        );
        let eq = double_oracle(white.len(), black.len(), &mut entry, &|| {
            shared.stop.load(Ordering::Relaxed)
        });
        if shared.stop.load(Ordering::Relaxed) && best.is_some() {
            break;
        }
        let result = SimResult {
            depth,
            value: eq.value,
            white: white.iter().copied().zip(eq.row).collect(),
            black: black.iter().copied().zip(eq.col).collect(),
            nodes: shared.nodes.load(Ordering::Relaxed),
        };
        report(&result);
        best = Some(result);
        if shared.stop.load(Ordering::Relaxed) {
            break;
        }
        // Do not start a depth that cannot finish in time.
        if let (Some(b), Some(_)) = (budget, deadline) {
            if start.elapsed() * 4 > b {
                break;
            }
        }
        // Every line this value weighs ends within the horizon (a decided
        // value loses at most a point per turn): deeper is the same.
        if eq.value.abs() >= WIN as f64 - depth as f64 {
            break;
        }
    }
    best
}

#[allow(clippy::too_many_arguments)]
fn parallel_entries(
    shared: &SimShared,
    pos: &ApocalypsePosition,
    white: &[Ply],
    black: &[Ply],
    depth: u32,
    deadline: Option<Instant>,
    threads: usize,
    pairs: &[(usize, usize)],
    out: &Mutex<HashMap<(usize, usize), f64>>,
) {
    let next = AtomicU64::new(0);
    let work = || {
        let mut searcher = Searcher::new(shared, deadline, depth);
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed) as usize;
            let Some(&(i, j)) = pairs.get(k) else { break };
            let v = searcher.value(&pos.resolve(white[i], black[j]), depth - 1);
            if searcher.aborted {
                break;
            }
            out.lock().expect("pairs").insert((i, j), v);
        }
    };
    // WebAssembly has one thread, and cannot start another (docs/web.md).
    #[cfg(target_arch = "wasm32")]
    {
        let _ = threads;
        work()
    }
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(work);
        }
    });
}

/// Draws a move from a mixed strategy with a uniform number `u` in [0, 1).
pub fn sample(strategy: &[(Ply, f64)], u: f64) -> Option<Ply> {
    let mut acc = 0.0;
    for &(p, w) in strategy {
        acc += w;
        if u < acc {
            return Some(p);
        }
    }
    strategy
        .iter()
        .rev()
        .find(|(_, w)| *w > 0.0)
        .map(|&(p, _)| p)
}

#[cfg(test)]
mod tests {
    use super::matrix;
    use super::*;

    #[test]
    fn double_oracle_finds_the_full_equilibrium() {
        let mut rng = crate::rng::Rng::from_state(0x1234_5678_9ABC_DEF1u64);
        let mut rnd = || {
            let s = rng.next_u64();
            (s % 2001) as f64 - 1000.0
        };
        for (m, n) in [(2, 2), (5, 7), (12, 9), (30, 30)] {
            let a: Vec<f64> = (0..m * n).map(|_| rnd()).collect();
            let full = matrix::solve(&a, m, n);
            let mut evaluated = 0;
            let eq = double_oracle(
                m,
                n,
                &mut |i, j| {
                    evaluated += 1;
                    a[i * n + j]
                },
                &|| false,
            );
            assert!(
                (eq.value - full.value).abs() < 1e-6,
                "{m}x{n}: {} vs {}",
                eq.value,
                full.value
            );
            let sol = matrix::Equilibrium {
                value: eq.value,
                row: eq.row,
                col: eq.col,
            };
            let (r, c) = sol.exploitability(&a, m, n);
            assert!(r < 1e-6 && c < 1e-6);
            assert!(evaluated <= m * n);
        }
    }
}
