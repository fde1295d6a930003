//! The threaded count, run inside the pool of a [`super::Perft`]: a node
//! at least [`Node::SPLIT_DEPTH`] from the leaves hands its children to
//! the pool's threads (rayon's work stealing balances the subtrees), so
//! the tree is split at the root, and deeper where the root has few moves
//! or a few large subtrees; closer to the leaves one thread counts.
//! Counts are summed per child in the children's order, so the total and
//! each root move's count are those of one thread.

use super::{count as count_here, with_table, Ctx, Node};
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// The count below `node` at `depth`, split over the current pool.
pub(crate) fn count<N: Node>(node: &N, depth: u32, ctx: &Ctx) -> u64 {
    if depth < N::SPLIT_DEPTH.max(2) {
        return count_here(node, depth, ctx);
    }
    if ctx.stop.load(Ordering::Relaxed) {
        return 0;
    }
    with_table(node, depth, ctx, || {
        node.children()
            .par_iter()
            .map(|child| count(child, depth - 1, ctx))
            .sum()
    })
}

/// The count below each named child at `depth`, in the order given.
pub(crate) fn divide<N: Node>(
    children: Vec<(String, N)>,
    depth: u32,
    ctx: &Ctx,
) -> Vec<(String, u64)> {
    children
        .into_par_iter()
        .map(|(name, child)| {
            let n = count(&child, depth, ctx);
            (name, n)
        })
        .collect()
}
