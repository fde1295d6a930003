//! Running a search: iterative deepening on every thread, reporting,
//! limits.
//!
//! Lazy SMP with a depth race: all threads search the same root and share
//! the transposition table. Each iteration is a race: the first thread to
//! complete a depth publishes its root moves, and the others give up that
//! depth at once and go on from there (the main thread reports the winner's
//! line). Odd helpers run one ply ahead of the frontier so that the threads
//! spread over two depths instead of duplicating one.

use super::policy::SearchPolicy;
use super::time::{budget, Limits};
use super::{RootMove, Shared, Worker, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::board::{Move, Position};
use crate::clock::Instant;
use crate::eval::Evaluate;
use crate::with_rules;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Everything a `go` needs besides the shared state.
#[derive(Clone, Debug)]
pub struct SearchParams {
    pub pos: Position,
    /// Keys of the positions before `pos` in the game (for repetitions).
    pub game_keys: Vec<u64>,
    pub limits: Limits,
    pub threads: usize,
    pub multipv: usize,
    /// Restrict the root to these moves (empty: all).
    pub searchmoves: Vec<Move>,
    pub overhead: Duration,
}

/// One line of search output (UCI `info`), its PV as moves (`M = Move`)
/// or, once formatted for a front end, as text.
#[derive(Clone, Debug)]
pub struct Report<M = Move> {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time: Duration,
    pub pv: Vec<M>,
}

impl Report {
    /// The same line with its PV in another form.
    pub fn with_pv<N>(&self, pv: Vec<N>) -> Report<N> {
        Report {
            depth: self.depth,
            seldepth: self.seldepth,
            multipv: self.multipv,
            score: self.score,
            nodes: self.nodes,
            nps: self.nps,
            hashfull: self.hashfull,
            time: self.time,
            pv,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (negative: getting mated).
    Mate(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-(MATE + s + 1) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Move>,
    /// The MultiPV lines of the last completed iteration, best first: each
    /// line's first move and score (the best alone with `multipv` 1).
    pub candidates: Vec<(Move, i32)>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// Runs a search to its limits (or until `shared.stop`), calling `report`
/// after each completed line of the main thread.
pub fn search(
    shared: &Shared,
    params: &SearchParams,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    with_rules!(params.pos.board_variant(), R => search_with::<R>(shared, params, report))
}

fn root_moves(params: &SearchParams) -> Vec<RootMove> {
    params
        .pos
        .legal_moves()
        .iter()
        .filter(|m| params.searchmoves.is_empty() || params.searchmoves.contains(m))
        .map(|&mv| RootMove {
            mv,
            score: -INFINITY,
            pv: vec![mv],
        })
        .collect()
}

fn search_with<R: SearchPolicy + Evaluate>(
    shared: &Shared,
    params: &SearchParams,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let start = Instant::now();
    shared.nodes.store(0, Ordering::Relaxed);
    shared.limit_reached.store(false, Ordering::Relaxed);
    shared.completed.store(0, Ordering::Relaxed);
    shared.published.lock().expect("published roots").clear();
    shared.tt.new_search();
    let roots = root_moves(params);
    if roots.is_empty() {
        wait_while_told_to(shared, &params.limits);
        return SearchResult {
            best: None,
            candidates: Vec::new(),
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
    }
    let budget = budget(&params.limits, params.overhead);
    let result = std::thread::scope(|scope| {
        for id in 1..params.threads.max(1) {
            let mut roots = roots.clone();
            scope.spawn(move || {
                let mut w = Worker::new(shared, false, &params.game_keys);
                w.limit_quiescence(params.limits.quiescence_plies);
                w.race();
                iterate::<R>(&mut w, params, &mut roots, id as u32 & 1);
                w.flush_nodes();
            });
        }
        let mut roots = roots.clone();
        let mut w = Worker::new(shared, true, &params.game_keys);
        if R::KEEP_HISTORY {
            w.resume_history();
        }
        w.set_limits(start, budget.hard, params.limits.nodes);
        w.limit_quiescence(params.limits.quiescence_plies);
        // MultiPV lines must come from one thread's consistent iterations.
        if params.threads > 1 && params.multipv <= 1 {
            w.race();
        }
        let soft = budget.soft;
        let mut on_line = |w: &Worker, roots: &[RootMove], depth: u32, line: usize| {
            let elapsed = start.elapsed();
            let nodes = shared.nodes.load(Ordering::Relaxed) + w.unflushed;
            report(&Report {
                depth,
                seldepth: w.seldepth as u32,
                multipv: line + 1,
                score: Score::from_internal(roots[line].score),
                nodes,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                hashfull: shared.tt.hashfull(),
                time: elapsed,
                pv: roots[line].pv.clone(),
            });
        };
        let done = iterate_main::<R>(&mut w, params, &mut roots, start, soft, &mut on_line);
        w.flush_nodes();
        wait_while_told_to(shared, &params.limits);
        shared.stop.store(true, Ordering::Relaxed);
        done
    });
    SearchResult {
        best: Some(result.best.mv),
        candidates: result.candidates,
        ponder: result.best.pv.get(1).copied(),
        score: result.best.score,
        depth: result.depth,
        nodes: shared.nodes.load(Ordering::Relaxed),
    }
}

/// UCI: with `go infinite` or `go ponder` the bestmove waits for `stop`
/// (or `ponderhit`) even when the search has nothing left to do, a depth
/// or node limit reached included.
fn wait_while_told_to(shared: &Shared, limits: &Limits) {
    shared.wake.wait_while(|| {
        (limits.infinite || shared.pondering.load(Ordering::Relaxed))
            && !shared.stop.load(Ordering::Relaxed)
    });
}

/// Called by the main thread after each completed MultiPV line.
type LineReporter<'r> = dyn FnMut(&Worker, &[RootMove], u32, usize) + 'r;

struct MainDone {
    best: RootMove,
    candidates: Vec<(Move, i32)>,
    depth: u32,
}

fn max_depth(params: &SearchParams) -> u32 {
    params
        .limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 4)
        .clamp(1, MAX_PLY as u32 - 4)
}

/// A finished iteration: becomes the race's result unless another thread
/// already completed that depth (or a deeper one).
fn publish(shared: &Shared, depth: u32, roots: &[RootMove]) {
    let mut published = shared.published.lock().expect("published roots");
    if shared.completed.load(Ordering::Relaxed) < depth {
        published.clear();
        published.extend_from_slice(roots);
        shared.completed.store(depth, Ordering::Relaxed);
    }
}

/// Takes over the race's result (root moves best first); returns its depth.
fn adopt(shared: &Shared, roots: &mut [RootMove]) -> u32 {
    let published = shared.published.lock().expect("published roots");
    if published.len() == roots.len() {
        roots.clone_from_slice(&published);
    }
    shared.completed.load(Ordering::Relaxed)
}

/// The next depth for a thread whose last iteration was `own`: for a racing
/// thread one past the race's frontier, plus `ahead`.
fn next_depth(w: &Worker, own: u32, ahead: u32, params: &SearchParams) -> u32 {
    let mut frontier = own;
    if w.racing() {
        frontier = frontier.max(w.shared.completed.load(Ordering::Relaxed));
    }
    (frontier + 1 + ahead).min(max_depth(params).max(frontier + 1))
}

/// From this depth on, the main thread's single line is searched in an
/// aspiration window around the last iteration's score.
const ASPIRATION_DEPTH: u32 = 5;

/// Half the first aspiration window's width, in centipawns.
const ASPIRATION_DELTA: i32 = 25;

/// Searches the root at `depth` in a narrow window around the last
/// score, widening the side it fails on until the score falls inside
/// (or the search stops). Mate scores get the full window at once.
fn aspirated<R: SearchPolicy + Evaluate>(
    w: &mut Worker,
    pos: &Position,
    roots: &mut [RootMove],
    depth: i32,
) {
    let last = roots[0].score;
    let mut delta = ASPIRATION_DELTA;
    let (mut alpha, mut beta) = if last.abs() < MATE_BOUND {
        (last - delta, last + delta)
    } else {
        (-INFINITY, INFINITY)
    };
    loop {
        let score = w.search_root_within::<R>(pos, roots, 0, depth, alpha, beta);
        if w.stopped() {
            return;
        }
        delta = delta.saturating_mul(2);
        if score <= alpha && alpha > -INFINITY {
            beta = (alpha + beta) / 2;
            alpha = widen(score, -delta);
        } else if score >= beta && beta < INFINITY {
            beta = widen(score, delta);
        } else {
            return;
        }
    }
}

/// `score + delta`, or the infinite bound once that leaves the ordinary
/// scores.
fn widen(score: i32, delta: i32) -> i32 {
    let bound = score.saturating_add(delta);
    if bound.abs() >= MATE_BOUND {
        bound.signum() * INFINITY
    } else {
        bound
    }
}

/// A helper thread: iterative deepening without output, racing the others
/// to each depth (`ahead` plies beyond the frontier).
fn iterate<R: SearchPolicy + Evaluate>(
    w: &mut Worker,
    params: &SearchParams,
    roots: &mut [RootMove],
    ahead: u32,
) {
    let mut own = 0;
    loop {
        let depth = next_depth(w, own, ahead, params);
        if depth > max_depth(params) {
            break;
        }
        w.begin_iteration(depth);
        w.search_root::<R>(&params.pos, roots, 0, depth as i32);
        if w.abandoned() && !w.shared.halted() {
            own = adopt(w.shared, roots);
            continue;
        }
        if w.stopped() {
            break;
        }
        publish(w.shared, depth, roots);
        own = depth;
    }
}

/// The first `lines` root moves with their scores.
fn lines_of(roots: &[RootMove], lines: usize) -> Vec<(Move, i32)> {
    roots.iter().take(lines).map(|r| (r.mv, r.score)).collect()
}

/// The main thread: iterative deepening with MultiPV lines, output and
/// the decisions to stop (soft time limit, mate found, depth reached).
fn iterate_main<R: SearchPolicy + Evaluate>(
    w: &mut Worker,
    params: &SearchParams,
    roots: &mut [RootMove],
    start: Instant,
    soft: Option<Duration>,
    on_line: &mut LineReporter,
) -> MainDone {
    let shared_stop = |w: &Worker| w.stopped();
    let mut best = roots[0].clone();
    let mut candidates = Vec::new();
    let mut completed = 0;
    let lines = params.multipv.clamp(1, roots.len());
    let time_limited = params.limits.time_left.is_some() || params.limits.movetime.is_some();
    let mut depth = 0;
    loop {
        if w.racing() && w.shared.completed.load(Ordering::Relaxed) > depth {
            // A helper completed a deeper iteration: report its line.
            depth = adopt(w.shared, roots);
            on_line(w, roots, depth, 0);
        } else {
            let next = depth + 1;
            if next > max_depth(params) {
                break;
            }
            w.begin_iteration(next);
            for line in 0..lines {
                if lines == 1 && next >= ASPIRATION_DEPTH && R::STEADY_EVALUATION {
                    aspirated::<R>(w, &params.pos, roots, next as i32);
                } else {
                    w.search_root::<R>(&params.pos, roots, line, next as i32);
                }
                if shared_stop(w) {
                    break;
                }
                on_line(w, roots, next, line);
            }
            if w.abandoned() && !w.shared.halted() {
                continue;
            }
            if shared_stop(w) {
                // An interrupted iteration that searched its first move in
                // full still tells something: a move that beat that one at
                // the new depth is a better choice than the last iteration's.
                if lines == 1 && w.root_searched > 1 && roots[0].mv != best.mv {
                    best = roots[0].clone();
                    on_line(w, roots, next, 0);
                }
                break;
            }
            publish(w.shared, next, roots);
            depth = next;
        }
        best = roots[0].clone();
        candidates = lines_of(roots, lines);
        completed = depth;
        if let Some(m) = params.limits.mate {
            if best.score >= MATE - 2 * m as i32 {
                break;
            }
        }
        let pondering = w.shared.pondering.load(Ordering::Relaxed);
        if !pondering && time_limited {
            if roots.len() == 1 {
                break;
            }
            if soft.is_some_and(|s| start.elapsed() >= s.saturating_mul(6) / 10) {
                break;
            }
        }
        if best.score.abs() > MATE_BOUND
            && depth as i32 > 2 * (MATE - best.score.abs()) + 2
            && !pondering
            && !params.limits.infinite
        {
            // A forced mate is proven; deeper iterations cannot change it.
            break;
        }
    }
    // A helper may have completed a deeper iteration while time ran out.
    if w.racing() && w.shared.completed.load(Ordering::Relaxed) > completed {
        completed = adopt(w.shared, roots);
        on_line(w, roots, completed, 0);
        best = roots[0].clone();
        candidates = lines_of(roots, 1);
    }
    if candidates.is_empty() {
        candidates = lines_of(std::slice::from_ref(&best), 1);
    }
    MainDone {
        best,
        candidates,
        depth: completed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// The nodes of a depth-5 search of `fen` on `shared`, its table
    /// emptied first (the history is left as it is).
    fn nodes(shared: &Shared, fen: &str, variant: Variant) -> u64 {
        shared.tt.clear();
        shared.stop.store(false, Ordering::Relaxed);
        let params = SearchParams {
            pos: Position::from_fen(fen, variant).expect("a FEN"),
            game_keys: Vec::new(),
            limits: Limits {
                depth: Some(5),
                ..Limits::default()
            },
            threads: 1,
            multipv: 1,
            searchmoves: Vec::new(),
            overhead: Duration::ZERO,
        };
        search(shared, &params, &mut |_| {}).nodes
    }

    /// Where the variant keeps the history, the second search of a game
    /// orders by what the first learned, until the history is cleared;
    /// elsewhere every search starts afresh.
    #[test]
    fn the_history_goes_on_where_the_variant_keeps_it() {
        let first = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let next = "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1";
        for variant in [Variant::Pacifist, Variant::Pacifist2, Variant::Chess] {
            let shared = Shared::new(1);
            let fresh = nodes(&shared, next, variant);
            nodes(&shared, first, variant);
            let after = nodes(&shared, next, variant);
            shared.clear_history();
            assert_eq!(nodes(&shared, next, variant), fresh, "{variant:?}");
            let keeps =
                with_rules!(variant.board().expect("a board variant"), R => R::KEEP_HISTORY);
            assert_eq!(
                after != fresh,
                keeps,
                "{variant:?}: {after} against {fresh}"
            );
        }
    }
}
