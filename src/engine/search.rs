//! The one search entry of the engine core: a `go` on the game, whatever
//! kind of game it is. The sequential variants search by alpha-beta
//! ([`crate::search::threads`]); the simultaneous game computes the
//! equilibrium of its turn ([`crate::search::simultaneous`]) and draws a
//! move from it. Both report through the same [`Info`] and [`BestMove`].

use super::strength::{Level, Plan};
use super::task::Task;
use super::{draw, options, BestMove, Go, Info, Line, Options, TurnDepth};
use crate::board::{Color, Move, Position};
use crate::clock::Instant;
use crate::game::Game;
use crate::search::simultaneous::{sample, solve_turn, SimResult, SimShared};
use crate::search::threads::{search, Report, SearchParams, SearchResult};
use crate::search::time::{turn_budget, Limits};
use crate::search::Shared;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// The tables the searches keep from one `go` to the next.
pub(super) struct Tables {
    pub alpha_beta: Arc<Shared>,
    pub simultaneous: Arc<SimShared>,
}

/// Starts the search of `game`'s position on its own thread: `on_info`
/// sees its progress, `on_best` its result, once.
pub(super) fn spawn(
    tables: Tables,
    game: &Game,
    go: Go,
    options: &Options,
    on_info: impl FnMut(&Info) + Send + 'static,
    on_best: impl FnOnce(BestMove) + Send + 'static,
) -> Task {
    let plan = options.level().plan();
    // A weak level searches on one thread, so that `Seed` reproduces it.
    let threads = match plan {
        Some(_) => 1,
        None => options::usable_threads(options.threads),
    };
    let narrow = |plan: Option<Plan>| match plan {
        Some(plan) => plan.narrow(go.limits),
        None => go.limits,
    };
    let overhead = Duration::from_millis(options.move_overhead_ms);
    match game {
        Game::Sequential(g) => {
            let pos = *g.position();
            let multipv = go.multipv.unwrap_or(options.multipv);
            let pick = plan.map(|plan| Pick {
                plan,
                unit: draw::unit_random_for_key(options.seed, pos.key()),
            });
            let params = SearchParams {
                pos,
                game_keys: g.history().to_vec(),
                limits: narrow(plan),
                threads,
                multipv: pick.map_or(multipv, |p| multipv.max(p.plan.candidates)),
                searchmoves: go.searchmoves,
                overhead,
            };
            spawn_alpha_beta(
                tables.alpha_beta,
                params,
                options.chess960,
                pick,
                on_info,
                on_best,
            )
        }
        Game::Simultaneous(g) => {
            let turn = TurnSearch {
                pos: *g.position(),
                side: g.side_to_choose(),
                over: g.outcome().is_some(),
                limits: narrow(plan.map(Plan::for_simultaneous)),
                overhead,
                threads,
                seed: options.seed,
                level: options.level(),
            };
            spawn_equilibrium(tables.simultaneous, turn, on_info, on_best)
        }
    }
}

/// A weak level's choice among the best moves: its plan and the random
/// number that picks.
#[derive(Clone, Copy)]
struct Pick {
    plan: Plan,
    unit: f64,
}

fn spawn_alpha_beta(
    shared: Arc<Shared>,
    params: SearchParams,
    chess960: bool,
    pick: Option<Pick>,
    mut on_info: impl FnMut(&Info) + Send + 'static,
    on_best: impl FnOnce(BestMove) + Send + 'static,
) -> Task {
    shared.stop.store(false, Ordering::Relaxed);
    shared
        .pondering
        .store(params.limits.ponder, Ordering::Relaxed);
    Task::run(move || {
        let pos = params.pos;
        let result = search(&shared, &params, &mut |r| {
            on_info(&Info::Line(line(&pos, r, chess960)))
        });
        on_best(best_move(&pos, &result, chess960, pick));
    })
}

/// The PV in the variant's notation, cut at the first move that is not
/// legal in sequence.
pub fn format_pv(pos: &Position, pv: &[Move], chess960: bool) -> Vec<String> {
    let mut cur = *pos;
    let mut out = Vec::new();
    for &mv in pv {
        if !cur.legal_moves().contains(&mv) {
            break;
        }
        out.push(cur.move_to_uci(mv, chess960));
        cur = cur.play(mv);
    }
    out
}

fn line(pos: &Position, r: &Report, chess960: bool) -> Line {
    r.with_pv(format_pv(pos, &r.pv, chess960))
}

/// The move to play: the search's best, or a weak level's pick among its
/// candidates (with no move to ponder on unless the pick is the best).
fn best_move(
    pos: &Position,
    result: &SearchResult,
    chess960: bool,
    pick: Option<Pick>,
) -> BestMove {
    let Some(mut best) = result.best else {
        return BestMove::default();
    };
    let mut ponder = result.ponder;
    if let Some(Pick { plan, unit }) = pick {
        let scores: Vec<i32> = result.candidates.iter().map(|c| c.1).collect();
        if let Some(&(chosen, _)) = result.candidates.get(plan.choose(&scores, unit)) {
            if chosen != best {
                best = chosen;
                ponder = None;
            }
        }
    }
    let child = pos.play(best);
    let ponder = ponder
        .filter(|p| child.legal_moves().contains(p))
        .map(|p| child.move_to_uci(p, chess960));
    BestMove {
        best: Some(pos.move_to_uci(best, chess960)),
        ponder,
        strategy: Vec::new(),
    }
}

/// A `go` in the simultaneous game: the equilibrium for the side to
/// choose, on the position before the turn (docs/rules.md §5.4).
struct TurnSearch {
    pos: crate::rules::apocalypse::ApocalypsePosition,
    side: Color,
    over: bool,
    limits: Limits,
    overhead: Duration,
    threads: usize,
    seed: u64,
    /// The playing level (docs/strength.md): below the top, the strategy
    /// is flattened towards an even choice among its plies.
    level: Level,
}

fn spawn_equilibrium(
    shared: Arc<SimShared>,
    turn: TurnSearch,
    mut on_info: impl FnMut(&Info) + Send + 'static,
    on_best: impl FnOnce(BestMove) + Send + 'static,
) -> Task {
    shared.stop.store(false, Ordering::Relaxed);
    let budget = turn_budget(&turn.limits, turn.overhead);
    shared.node_limit.store(budget.nodes, Ordering::Relaxed);
    Task::run(move || {
        let start = Instant::now();
        let side = turn.side;
        let strategy_of = |r: &SimResult| {
            if side == Color::White {
                r.white.clone()
            } else {
                r.black.clone()
            }
        };
        let mut on_depth = |r: &SimResult| {
            let value = if side == Color::White {
                r.value
            } else {
                -r.value
            };
            let likely = strategy_of(r)
                .iter()
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(p, _)| p.to_string());
            on_info(&Info::Turn(TurnDepth {
                depth: r.depth,
                value,
                nodes: r.nodes,
                time: start.elapsed(),
                likely,
            }));
        };
        let result = if turn.over {
            None
        } else {
            solve_turn(
                &shared,
                &turn.pos,
                budget.depth,
                budget.time,
                turn.threads,
                &mut on_depth,
            )
        };
        if budget.until_stop {
            shared
                .wake
                .wait_while(|| !shared.stop.load(Ordering::Relaxed));
        }
        let Some(r) = result else {
            return on_best(BestMove::default());
        };
        let strategy = flatten(strategy_of(&r), turn.level);
        let best = sample(&strategy, draw::unit_random(turn.seed, &turn.pos, side));
        on_best(BestMove {
            best: best.map(|p| p.to_string()),
            ponder: None,
            strategy: strategy.iter().map(|(p, w)| (p.to_string(), *w)).collect(),
        });
    })
}

/// A weak level's version of an equilibrium strategy
/// ([`Level::weaken_strategy`]).
fn flatten(
    strategy: Vec<(crate::rules::apocalypse::Ply, f64)>,
    level: Level,
) -> Vec<(crate::rules::apocalypse::Ply, f64)> {
    let weights: Vec<f64> = strategy.iter().map(|&(_, w)| w).collect();
    strategy
        .into_iter()
        .zip(level.weaken_strategy(&weights))
        .map(|((p, _), w)| (p, w))
        .collect()
}
