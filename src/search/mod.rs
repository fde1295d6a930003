//! The search of the sequential variants: iterative deepening principal
//! variation search with a shared transposition table, quiescence over
//! material-winning moves, null-move pruning, late-move reductions, killer
//! and history ordering, and Lazy SMP over several threads.
//!
//! * [`tt`]: the lock-free transposition table.
//! * [`time`]: limits and time budgets.
//! * [`threads`]: running the workers and picking the result.
//! * `movepick.rs`: move ordering and the quiet-move history.
//! * `pruning.rs`: late-move pruning and reductions, futility.
//! * `score.rs`: mate scores and the table's bounds.
//! * `quiesce.rs`: quiescence, the search beyond the horizon.
//! * this file: the alpha-beta worker itself.

pub mod evals;
mod movepick;
pub mod policy;
mod pruning;
mod quiesce;
mod score;
pub mod signal;
pub mod simultaneous;
pub mod threads;
pub mod time;
pub mod tt;

use crate::board::moves::MAX_MOVES;
use crate::board::{Bitboard, Move, MoveKind, MoveList, Position};
use crate::clock::Instant;
use crate::eval::{evaluate_for, Evaluate};
use arrayvec::ArrayVec;
use movepick::{empty_history, material_edge, pending_gain, pick_next, History, MoveOrder};
use policy::SearchPolicy;
use pruning::{futile, late_move, late_move_reduction, REDUCE_FROM};
use score::{bound_of, outcome_score, to_tt, tt_cutoff};
use signal::Signal;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use tt::TranspositionTable;

pub const MATE: i32 = 30000;
pub const INFINITY: i32 = 31000;
pub const MAX_PLY: usize = 100;
/// Scores beyond this are mates (or king conversions for good).
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32 * 2;

/// What all search threads share.
pub struct Shared {
    pub tt: TranspositionTable,
    /// Set by the front end (`stop`) to end the search and its result's
    /// wait.
    pub stop: AtomicBool,
    /// Set by the main thread at its node or time limit: it ends the
    /// search too, but under `go ponder` or `go infinite` the result still
    /// waits for `ponderhit` or `stop` (UCI).
    pub limit_reached: AtomicBool,
    pub nodes: AtomicU64,
    /// While set, the time budget does not run (`go ponder` before `ponderhit`).
    pub pondering: AtomicBool,
    /// The deepest iteration any thread has completed in this search, and
    /// its root moves: threads race to each depth, and the first to finish
    /// it moves everyone on (see [`threads`]).
    pub completed: AtomicU32,
    pub published: Mutex<Vec<RootMove>>,
    /// Told when `stop` or `pondering` is changed from outside the search.
    pub wake: Signal,
    /// The main thread's history at the end of its last search, for its
    /// next search in the same game where the variant keeps it
    /// ([`SearchPolicy::KEEP_HISTORY`]).
    main_history: Mutex<Option<Box<History>>>,
    /// Recent static evaluations, where the variant's are dear
    /// ([`SearchPolicy::CACHE_EVALUATION`]).
    pub evals: evals::EvalCache,
}

impl Shared {
    pub fn new(hash_mib: usize) -> Shared {
        Shared::with_table(TranspositionTable::new(hash_mib))
    }

    /// Shared state with a table of `hash_mib` MiB, or an error if that
    /// much memory cannot be had.
    pub fn try_new(hash_mib: usize) -> Result<Shared, tt::HashError> {
        TranspositionTable::try_new(hash_mib).map(Shared::with_table)
    }

    fn with_table(tt: TranspositionTable) -> Shared {
        Shared {
            tt,
            stop: AtomicBool::new(false),
            limit_reached: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            pondering: AtomicBool::new(false),
            completed: AtomicU32::new(0),
            published: Mutex::new(Vec::new()),
            wake: Signal::default(),
            main_history: Mutex::new(None),
            evals: evals::EvalCache::default(),
        }
    }

    /// Whether the threads must end the search: told to, or a limit
    /// reached.
    pub fn halted(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.limit_reached.load(Ordering::Relaxed)
    }

    /// Forgets the history the main thread learned (a new game, or a new
    /// variant).
    pub fn clear_history(&self) {
        *self.main_history.lock().expect("main history") = None;
    }
}

/// Per side to move, from square and to square: how often a quiet move
/// caused a cutoff lately, against how often it failed to.
/// A root move with its latest score and principal variation.
#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub pv: Vec<Move>,
}

/// The window a node searches its children with.
#[derive(Clone, Copy)]
struct Window {
    alpha: i32,
    beta: i32,
    pv_node: bool,
}

/// Nodes between two looks at the stop flag, the clock and the limits.
const POLL_EVERY: u64 = 1024;

/// One search thread.
pub struct Worker<'a> {
    shared: &'a Shared,
    pub main: bool,
    pub nodes: u64,
    unflushed: u64,
    pub seldepth: usize,
    killers: [[Move; 2]; MAX_PLY + 2],
    /// Per side to move, from square and to square: how often a quiet
    /// move caused a cutoff lately, against how often it failed to.
    history: Box<History>,
    /// Whether `history` goes on from the last search and is left to the
    /// next ([`Worker::resume_history`]).
    keeps_history: bool,
    /// Keys of the game before the root and of the current line.
    keys: Vec<u64>,
    root_keys: usize,
    pv: Vec<Vec<Move>>,
    /// Per ply, the position after each move, where the variant plays the
    /// moves to order them ([`Rules::PLAY_TO_ORDER`]).
    children: Vec<Vec<Position>>,
    /// Per ply, whether each of `children` was played (see
    /// [`Worker::play_in_scope`]).
    played: Vec<Vec<bool>>,
    /// How many root moves the last (maybe interrupted) `search_root`
    /// finished.
    pub root_searched: usize,
    start: Instant,
    hard_limit: Option<std::time::Duration>,
    node_limit: Option<u64>,
    /// Nodes between two looks at the stop flag, the clock and the node
    /// limit: 1024, fewer under a small node limit (a weak level's budget
    /// of a few hundred nodes must stop near it, not at the next 1024).
    poll_every: u64,
    /// The limit on quiescence plies ([`time::Limits::quiescence_plies`]).
    quiescence_limit: u32,
    stopped: bool,
    /// The iteration being searched, and whether to give it up as soon as
    /// another thread completes it (the depth race of Lazy SMP).
    iteration: u32,
    racing: bool,
    abandoned: bool,
}

impl Drop for Worker<'_> {
    /// A thread that resumed the history leaves it to the next search.
    fn drop(&mut self) {
        if self.keeps_history {
            let history = std::mem::replace(&mut self.history, empty_history());
            *self.shared.main_history.lock().expect("main history") = Some(history);
        }
    }
}

impl<'a> Worker<'a> {
    pub fn new(shared: &'a Shared, main: bool, game_keys: &[u64]) -> Worker<'a> {
        Worker {
            shared,
            main,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            history: empty_history(),
            keeps_history: false,
            keys: game_keys.to_vec(),
            root_keys: game_keys.len(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            children: vec![Vec::new(); MAX_PLY + 2],
            played: vec![Vec::new(); MAX_PLY + 2],
            root_searched: 0,
            start: Instant::now(),
            hard_limit: None,
            node_limit: None,
            poll_every: POLL_EVERY,
            quiescence_limit: u32::MAX,
            stopped: false,
            iteration: 0,
            racing: false,
            abandoned: false,
        }
    }

    /// Goes on from the history the main thread left at the end of its
    /// last search (if any), and leaves its own to the next.
    pub fn resume_history(&mut self) {
        if let Some(history) = self
            .shared
            .main_history
            .lock()
            .expect("main history")
            .take()
        {
            self.history = history;
        }
        self.keeps_history = true;
    }

    /// Takes part in the depth race: an iteration is given up once another
    /// thread has completed that depth.
    pub fn race(&mut self) {
        self.racing = true;
    }

    pub fn racing(&self) -> bool {
        self.racing
    }

    /// Starts iteration `depth`, clearing a previous abandonment.
    pub fn begin_iteration(&mut self, depth: u32) {
        self.iteration = depth;
        self.stopped = false;
        self.abandoned = false;
    }

    /// Whether the last iteration was given up because another thread
    /// completed it first (as opposed to the whole search stopping).
    pub fn abandoned(&self) -> bool {
        self.abandoned
    }

    pub fn set_limits(
        &mut self,
        start: Instant,
        hard: Option<std::time::Duration>,
        nodes: Option<u64>,
    ) {
        self.start = start;
        self.hard_limit = hard;
        self.node_limit = nodes;
        self.poll_every = nodes.map_or(POLL_EVERY, |n| (n / 16).clamp(8, POLL_EVERY));
    }

    /// Quiescence goes at most `plies` beyond the horizon, fewer where
    /// the variant's own limit is lower.
    pub fn limit_quiescence(&mut self, plies: Option<u32>) {
        self.quiescence_limit = plies.unwrap_or(u32::MAX);
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Counts a node; every `poll_every` nodes publishes the count and
    /// checks the stop flag, the clock and the node limit.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= self.poll_every {
            self.flush_nodes();
            self.poll_stop();
        }
    }

    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    fn poll_stop(&mut self) {
        if self.shared.halted() {
            self.stopped = true;
            return;
        }
        if self.racing && self.shared.completed.load(Ordering::Relaxed) >= self.iteration {
            self.stopped = true;
            self.abandoned = true;
            return;
        }
        if !self.main {
            return;
        }
        let over_time = !self.shared.pondering.load(Ordering::Relaxed)
            && self.hard_limit.is_some_and(|h| self.start.elapsed() >= h);
        let over_nodes = self
            .node_limit
            .is_some_and(|n| self.shared.nodes.load(Ordering::Relaxed) >= n);
        if over_time || over_nodes {
            self.shared.limit_reached.store(true, Ordering::Relaxed);
            self.stopped = true;
        }
    }

    /// A draw by repetition (the position occurred before, within the reach
    /// of the halfmove clock where the variant allows) or by the 50-move rule.
    fn is_draw<R: SearchPolicy + Evaluate>(&self, pos: &Position) -> bool {
        if pos.halfmove_clock() >= 100 {
            return true;
        }
        let key = pos.key();
        let reach = if R::REPEATS_ACROSS_RESETS {
            self.keys.len()
        } else {
            (pos.halfmove_clock() as usize).min(self.keys.len())
        };
        self.keys[self.keys.len() - reach..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&k| k == key)
    }

    /// Searches the root moves `[first..]` at `depth`, keeping them sorted
    /// best first; returns the best score (MultiPV line `first`).
    pub fn search_root<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        roots: &mut [RootMove],
        first: usize,
        depth: i32,
    ) -> i32 {
        self.search_root_within::<R>(pos, roots, first, depth, -INFINITY, INFINITY)
    }

    /// [`Worker::search_root`] within the window `alpha..beta`: a score
    /// at or below `alpha` is only a bound (every move failed low; the
    /// first keeps its place), and the first move scoring `beta` or more
    /// goes first and ends the search.
    pub fn search_root_within<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        roots: &mut [RootMove],
        first: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.root_searched = 0;
        self.keys.truncate(self.root_keys);
        self.keys.push(pos.key());
        for i in first..roots.len() {
            let mv = roots[i].mv;
            let child = R::play(pos, mv);
            let score = if i == first {
                -self.negamax::<R>(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax::<R>(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.stopped {
                    -self.negamax::<R>(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            self.root_searched += 1;
            if score > alpha || i == first {
                alpha = alpha.max(score);
                let mut pv = vec![mv];
                pv.extend_from_slice(&self.pv[1]);
                roots[i].score = score;
                roots[i].pv = pv;
                // Move the new best to the front of the searched range.
                roots[first..=i].rotate_right(1);
                if score >= beta {
                    return score;
                }
            } else {
                roots[i].score = -INFINITY;
            }
        }
        alpha
    }

    /// The alpha-beta search of one node (principal variation search):
    /// the table, pruning before any move is tried, then the moves in
    /// order, each searched by [`Worker::search_child`].
    fn negamax<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        // Before the horizon too: a repetition just past the last full ply
        // is a draw however good the quiescence search finds the position.
        if self.is_draw::<R>(pos) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce::<R>(pos, alpha, beta, ply, 0);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let tt_move = match self.probe_table(key, depth, alpha, beta, ply, pv_node) {
            Ok(mv) => mv,
            Err(cutoff) => return cutoff,
        };
        let mut moves = MoveList::new();
        R::generate(pos, &mut moves);
        if moves.is_empty() {
            return outcome_score(R::no_move_outcome(pos), pos.side_to_move(), ply);
        }
        let respond = R::must_respond(pos);
        // No move from the table to try first: an earlier search found
        // nothing here worth keeping, so a shallower one is cheaper and
        // fills the table for the next iteration.
        if depth >= 4 && tt_move == Move::NULL && !respond {
            depth -= 1;
        }
        let static_eval = if respond {
            -INFINITY
        } else {
            self.evaluate::<R>(pos)
        };
        if !pv_node && !respond {
            if let Some(cutoff) = self.prune_node::<R>(pos, depth, beta, static_eval, ply) {
                return cutoff;
            }
        }

        let us = pos.side_to_move();
        let edge = material_edge(pos, us);
        // Where ordering the moves means playing them, the move from the
        // table is searched first on its own: it often cuts off alone, and
        // the others are then never played.
        let staged = if R::PLAY_TO_ORDER {
            moves.iter().position(|&m| m == tt_move).map(|t| {
                moves.swap(0, t);
                R::play(pos, tt_move)
            })
        } else {
            None
        };
        let mut order = MoveOrder::default();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut groups_tried = Bitboard::EMPTY;
        let mut quiets_tried: ArrayVec<Move, MAX_MOVES> = ArrayVec::new();
        self.keys.push(key);
        for i in 0..moves.len() {
            if i == usize::from(staged.is_some()) {
                order = self.order_moves::<R>(pos, &moves, tt_move, ply, edge, staged);
            }
            let (mv, child, gain) =
                self.next_move::<R>(pos, &mut moves, i, staged, &mut order, ply, edge);
            let pending = order.pending;
            let mut tactical =
                gain != 0 && (pending == 0 || gain > pending) || mv.kind() == MoveKind::Promotion;
            if let Some(group) = R::tactical_group(mv) {
                // Another payment for a target already tried: reducible.
                tactical &= !groups_tried.contains(group);
                groups_tried = groups_tried.with(group);
            }
            let gives_pressure = child.is_some_and(|c| R::must_respond(&c));
            let quiet = !tactical && !gives_pressure;
            if quiet
                && i > 0
                && !pv_node
                && !respond
                && best > -MATE_BOUND
                && (futile(depth, static_eval, alpha)
                    || R::LATE_MOVES_SEARCHED.is_some_and(|n| late_move(depth, i, n)))
            {
                continue;
            }
            // Out of scope, the scope's victims stand: nothing to judge.
            let child = child.unwrap_or_else(|| R::play_in_scope(pos, mv, &order.scope));
            let extension = i32::from(gives_pressure && ply < MAX_PLY / 2);
            let reducible = depth >= 3 && i >= REDUCE_FROM && quiet && !respond;
            let window = Window {
                alpha,
                beta,
                pv_node,
            };
            let score =
                self.search_child::<R>(&child, mv, i, depth, extension, window, reducible, ply);
            if self.stopped {
                self.keys.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.extend_pv(ply, mv);
                    if alpha >= beta {
                        if !tactical {
                            self.reward_quiet(us, mv, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(mv);
            }
        }
        self.keys.pop();
        let bound = bound_of(best, original_alpha, beta);
        self.shared
            .tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// The table's entry for `key`: its move to try first (`Ok`), or the
    /// score that settles the window at once (`Err`; never in a PV node).
    // probe_table, prune_node, next_move, search_child and extend_pv are
    // parts of negamax, one call a node: out of line they cost 9% more
    // instructions in `bench` (docs/experiments.md, 2026-11-28).
    #[inline(always)]
    fn probe_table(
        &self,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> Result<Move, i32> {
        let Some(e) = self.shared.tt.probe(key) else {
            return Ok(Move::NULL);
        };
        if !pv_node && e.depth >= depth {
            if let Some(s) = tt_cutoff(&e, ply, alpha, beta) {
                return Err(s);
            }
        }
        Ok(e.mv)
    }

    /// Pruning before any move of a non-PV node is tried: reverse futility
    /// and the null move. The score to return, if one of them cuts off.
    #[inline(always)]
    fn prune_node<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        depth: i32,
        beta: i32,
        static_eval: i32,
        ply: usize,
    ) -> Option<i32> {
        // Reverse futility: far above beta near the horizon.
        if let Some(margin) = R::REVERSE_FUTILITY_MARGIN {
            if depth <= 3 && static_eval - margin * depth >= beta && beta.abs() < MATE_BOUND {
                return Some(static_eval);
            }
        }
        // Null move: if passing still fails high, so will a real move.
        if depth >= 3 && static_eval >= beta && R::null_move_ok(pos) {
            // Where the static evaluation is steady, the further it
            // is above beta the less a real move is needed to stay so.
            let steady = if R::STEADY_EVALUATION {
                ((static_eval - beta) / 200).min(2)
            } else {
                0
            };
            let (base, divisor) = R::NULL_MOVE_REDUCTION;
            let r = base + depth / divisor + steady;
            self.keys.push(pos.key());
            let null = pos.null_move();
            let s = -self.negamax::<R>(&null, depth - 1 - r, -beta, -beta + 1, ply + 1);
            self.keys.pop();
            if self.stopped {
                return Some(0);
            }
            if s >= beta && s < MATE_BOUND {
                return Some(beta);
            }
        }
        None
    }

    /// The `i`-th move of the node to search, put in place `i` of `moves`,
    /// with its position if it has been played (`staged`: the table's
    /// move, played before the others were ordered) and the material it
    /// gains.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn next_move<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        moves: &mut MoveList,
        i: usize,
        staged: Option<Position>,
        order: &mut MoveOrder,
        ply: usize,
        edge: i32,
    ) -> (Move, Option<Position>, i32) {
        let us = pos.side_to_move();
        if let (Some(first), 0) = (staged, i) {
            let gain = material_edge(&first, us) - edge;
            if gain != 0 {
                order.pending = pending_gain::<R>(pos);
            }
            return (moves[0], Some(first), gain);
        }
        let next = pick_next(&mut order.scores, i);
        moves.swap(i, next);
        let mv = moves[i];
        if R::PLAY_TO_ORDER {
            self.children[ply].swap(i, next);
            self.played[ply].swap(i, next);
            order.gains.swap(i, next);
            // A move left unplayed out of scope converts nothing: it gains
            // nothing, and the opponent keeps its king.
            let child = self.played[ply][i].then(|| self.children[ply][i]);
            (mv, child, order.gains[i])
        } else {
            let child = R::play(pos, mv);
            (mv, Some(child), material_edge(&child, us) - edge)
        }
    }

    /// Searches the child of the node's `i`-th move `mv`: the first move
    /// with the full window, the others with a null window, reduced when
    /// `reducible` (late and quiet), searched again if they beat alpha.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_child<R: SearchPolicy + Evaluate>(
        &mut self,
        child: &Position,
        mv: Move,
        i: usize,
        depth: i32,
        extension: i32,
        window: Window,
        reducible: bool,
        ply: usize,
    ) -> i32 {
        let Window {
            alpha,
            beta,
            pv_node,
        } = window;
        let new_depth = depth - 1 + extension;
        if i == 0 {
            return -self.negamax::<R>(child, new_depth, -beta, -alpha, ply + 1);
        }
        let reduction = if reducible {
            let us = child.side_to_move().flip();
            let history = self.history[us.index()][mv.from().index()][mv.to().index()];
            late_move_reduction(depth, i, pv_node, history).min(new_depth - 1)
        } else {
            0
        };
        let mut score =
            -self.negamax::<R>(child, new_depth - reduction, -alpha - 1, -alpha, ply + 1);
        if score > alpha && reduction > 0 {
            score = -self.negamax::<R>(child, new_depth, -alpha - 1, -alpha, ply + 1);
        }
        if score > alpha && score < beta {
            score = -self.negamax::<R>(child, new_depth, -beta, -alpha, ply + 1);
        }
        score
    }

    /// `mv` and the child's principal variation become the node's.
    #[inline(always)]
    fn extend_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The static evaluation of `pos` for the side to move, through the
    /// cache where the variant's evaluation is dear.
    #[inline]
    fn evaluate<R: SearchPolicy + Evaluate>(&self, pos: &Position) -> i32 {
        if R::CACHE_EVALUATION {
            self.shared.evals.get_or(pos, evaluate_for::<R>)
        } else {
            evaluate_for::<R>(pos)
        }
    }
}
