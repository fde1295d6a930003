//! Pruning and reductions by depth and move number: late-move pruning,
//! late-move reductions, futility. (The choices that differ per variant
//! are in [`super::policy`].)

use super::movepick::HISTORY_MAX;

/// Late-move pruning reaches this far from the horizon.
const LATE_MOVE_DEPTH: i32 = 3;

/// Late-move pruning: whether the `i`-th move (from 0) of a non-PV node
/// at `depth` is late enough to skip when quiet; the node searches its
/// first `n + depth²` moves ([`SearchPolicy::LATE_MOVES_SEARCHED`]).
pub(super) fn late_move(depth: i32, i: usize, n: usize) -> bool {
    depth <= LATE_MOVE_DEPTH && i >= n + (depth * depth) as usize
}

/// Late-move reductions start at this move: the first moves, ordered
/// by the table, gain and killers, are searched to full depth. From the
/// sixth rather than the fourth move, pacifist2 game positions reach
/// depth 7 with 10% fewer nodes, and the quiet moves that set up a
/// conversion are less often reduced out of sight.
pub(super) const REDUCE_FROM: usize = 6;

/// How many plies less the `i`th move (counted from 0) of a node at
/// `depth` is searched with: more the deeper and the later, less in PV
/// nodes and for moves with a good history. At least one.
pub(super) fn late_move_reduction(depth: i32, i: usize, pv_node: bool, history: i32) -> i32 {
    let base = 0.5 + f64::from(depth).ln() * (i as f64).ln() / 2.25;
    let r = base as i32 - i32::from(pv_node) - history / (HISTORY_MAX / 2);
    r.max(1)
}

/// Futility pruning: this close to the horizon, a quiet move is not
/// expected to lift a static evaluation more than `FUTILITY_MARGIN` per
/// ply of depth left, so below `alpha` by that much it is not searched.
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 200;

/// Whether a quiet move of a non-PV node at `depth` is futile.
pub(super) fn futile(depth: i32, static_eval: i32, alpha: i32) -> bool {
    depth <= FUTILITY_DEPTH && static_eval + FUTILITY_MARGIN * depth <= alpha
}
