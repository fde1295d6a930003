//! Perft: counting the leaves of the legal move tree, the standard check
//! of a move generator (docs/command-line.md), and perft suites.
//!
//! One counter serves every variant: a tree is anything that implements
//! [`Node`] (the 8x8 positions through [`Board`], the apocalypse turns in
//! [`apocalypse`]). A [`Perft`] says how to count: on one
//! thread or split over a pool of threads ([`parallel`]), with or without
//! a table of counted subtrees ([`table`]). Every way gives the same
//! count.

pub mod apocalypse;
pub mod parallel;
pub mod table;

use crate::board::{MoveList, Position};
use crate::rules::Rules;
use crate::with_rules;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
pub use table::Table;

/// The deepest count the front ends accept. No count this deep ever
/// ends (chess perft 15 is about 2e21 leaves), and the recursion's stack,
/// a move list per ply, is bounded by it: a deeper request is refused
/// instead of overflowing the stack before `stop` can end it.
pub const MAX_DEPTH: u32 = 255;

/// The stack of a thread that counts: [`MAX_DEPTH`] plies of the largest
/// frames (apocalypse: both sides' candidate lists, some 7 KiB a ply)
/// with room to spare. Only the pages used are ever committed.
pub const STACK_BYTES: usize = 32 << 20;

/// A flag that is never set, for counts nobody interrupts.
pub static NEVER: AtomicBool = AtomicBool::new(false);

/// A node of a tree that perft counts.
pub trait Node: Sized + Send + Sync {
    /// The least remaining depth at which a threaded count hands a node's
    /// children to the pool; below it one thread counts the subtree, which
    /// is then large enough to outweigh handing it over.
    const SPLIT_DEPTH: u32;

    /// The number of children (the last ply is counted, not played).
    fn leaves(&self) -> u64;

    /// Calls `f` on every child, in generation order.
    fn for_each_child(&self, f: impl FnMut(&Self));

    /// The children in generation order, where the count splits (an
    /// allocation there is nothing next to the subtrees below).
    fn children(&self) -> Vec<Self> {
        let mut out = Vec::new();
        self.for_each_child(|c| out.push(c.clone_node()));
        out
    }

    /// A copy of the node (the trees' nodes are small plain values).
    fn clone_node(&self) -> Self;

    /// A hash of the node, where the table looks first.
    fn key(&self) -> u64;

    /// Everything the subtree below the node depends on, so that two nodes
    /// with the same identity have the same counts at every depth: the
    /// table compares it whole, and a hash collision cannot change a count.
    /// The last word must fit in 56 bits (the table keeps the depth above).
    fn identity(&self) -> [u64; table::IDENTITY_WORDS];
}

/// How to count: how many threads, and whether counted subtrees are kept.
pub struct Perft {
    pool: Option<rayon::ThreadPool>,
    table: Option<Table>,
}

impl Default for Perft {
    fn default() -> Self {
        Perft::single()
    }
}

/// Why a perft counter cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// The thread pool would not start (the system's reason in words).
    #[error("cannot start {threads} perft threads: {why}")]
    Threads { threads: usize, why: String },
    #[error(transparent)]
    Table(#[from] table::TableError),
}

impl Perft {
    /// One thread, no table: the plain recursive count.
    pub fn single() -> Perft {
        Perft {
            pool: None,
            table: None,
        }
    }

    /// A counter on `threads` threads (a pool of its own when more than
    /// one) with a table of `hash_mib` MiB (none when 0).
    pub fn new(threads: usize, hash_mib: usize) -> Result<Perft, PerftError> {
        let pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|i| format!("perft-{i}"))
                .stack_size(STACK_BYTES)
                .build()
                .map_err(|e| PerftError::Threads {
                    threads,
                    why: e.to_string(),
                })?;
            Some(pool)
        } else {
            None
        };
        let table = if hash_mib > 0 {
            Some(Table::new(hash_mib)?)
        } else {
            None
        };
        Ok(Perft { pool, table })
    }

    /// The threads counting.
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.current_num_threads())
    }

    /// The leaves of the tree below `root` at `depth`; partial once `stop`
    /// is set (the caller, who set it, discards the count).
    pub fn count<N: Node>(&self, root: &N, depth: u32, stop: &AtomicBool) -> u64 {
        let ctx = Ctx {
            table: self.table.as_ref(),
            stop,
        };
        match &self.pool {
            Some(pool) => pool.install(|| parallel::count(root, depth, &ctx)),
            None => count(root, depth, &ctx),
        }
    }

    /// The count below each of `children` (the root's, named) at `depth`
    /// from the root, in the order given.
    pub fn divide<N: Node>(
        &self,
        children: Vec<(String, N)>,
        depth: u32,
        stop: &AtomicBool,
    ) -> Vec<(String, u64)> {
        let ctx = Ctx {
            table: self.table.as_ref(),
            stop,
        };
        let below = depth.saturating_sub(1);
        match &self.pool {
            Some(pool) => pool.install(|| parallel::divide(children, below, &ctx)),
            None => children
                .into_iter()
                .map(|(name, child)| {
                    let n = count(&child, below, &ctx);
                    (name, n)
                })
                .collect(),
        }
    }
}

/// What every count of one run shares.
pub(crate) struct Ctx<'a> {
    table: Option<&'a Table>,
    stop: &'a AtomicBool,
}

/// The count on the current thread, bulk-counting the last ply.
pub(crate) fn count<N: Node>(node: &N, depth: u32, ctx: &Ctx) -> u64 {
    match depth {
        0 => return 1,
        1 => return node.leaves(),
        _ => {}
    }
    // Checked above the bulk-counted ply only, where it costs nothing
    // next to generating the moves.
    if ctx.stop.load(Ordering::Relaxed) {
        return 0;
    }
    with_table(node, depth, ctx, || {
        let mut total = 0;
        node.for_each_child(|child| total += count(child, depth - 1, ctx));
        total
    })
}

/// `counted()`, or the table's count when it holds the node at `depth`;
/// a complete count is stored.
#[inline]
pub(crate) fn with_table<N: Node>(
    node: &N,
    depth: u32,
    ctx: &Ctx,
    counted: impl FnOnce() -> u64,
) -> u64 {
    let Some(table) = ctx.table else {
        return counted();
    };
    let key = node.key();
    let identity = node.identity();
    if let Some(n) = table.probe(key, &identity, depth) {
        return n;
    }
    let n = counted();
    // A stopped count is partial: never kept for a later one.
    if !ctx.stop.load(Ordering::Relaxed) {
        table.store(key, &identity, depth, n);
    }
    n
}

/// An 8x8 position with the rules it is played by, as a perft node.
pub struct Board<R> {
    pos: Position,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules> Board<R> {
    pub fn new(pos: Position) -> Board<R> {
        Board {
            pos,
            rules: PhantomData,
        }
    }
}

impl<R: Rules> Node for Board<R> {
    /// A subtree of depth 3 is thousands of moves in every 8x8 variant.
    const SPLIT_DEPTH: u32 = 4;

    #[inline]
    fn leaves(&self) -> u64 {
        R::count_legal(&self.pos) as u64
    }

    #[inline]
    fn for_each_child(&self, mut f: impl FnMut(&Self)) {
        let mut list = MoveList::new();
        R::generate(&self.pos, &mut list);
        for &mv in list.iter() {
            let mut child = Board::new(self.pos);
            R::make(&mut child.pos, mv);
            f(&child);
        }
    }

    fn clone_node(&self) -> Self {
        Board::new(self.pos)
    }

    #[inline]
    fn key(&self) -> u64 {
        self.pos.key()
    }

    #[inline]
    fn identity(&self) -> [u64; table::IDENTITY_WORDS] {
        self.pos.identity()
    }
}

/// Leaf count at `depth` plies of an 8x8 position, on one thread.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    with_rules!(pos.board_variant(), R => Perft::single().count(&Board::<R>::new(*pos), depth, &NEVER))
}

/// Leaf count at `depth` plies of an 8x8 position, counted by `perft`.
pub fn count_position(perft: &Perft, pos: &Position, depth: u32, stop: &AtomicBool) -> u64 {
    with_rules!(pos.board_variant(), R => perft.count(&Board::<R>::new(*pos), depth, stop))
}

/// Per-move counts at `depth`, in generation order, with the move in the
/// notation given by `chess960`; partial once `stop` is set.
pub fn divide(
    perft: &Perft,
    pos: &Position,
    depth: u32,
    chess960: bool,
    stop: &AtomicBool,
) -> Vec<(String, u64)> {
    with_rules!(pos.board_variant(), R => {
        let children = pos
            .legal_moves()
            .iter()
            .map(|&mv| (pos.move_to_uci(mv, chess960), Board::<R>::new(R::play(pos, mv))))
            .collect();
        perft.divide(children, depth, stop)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::Chess;
    use crate::Variant;

    /// A node whose key is the same for every position: every store and
    /// probe of the table collides, and only the identity tells them apart.
    struct Colliding(Board<Chess>);

    impl Node for Colliding {
        const SPLIT_DEPTH: u32 = 3;
        fn leaves(&self) -> u64 {
            self.0.leaves()
        }
        fn for_each_child(&self, mut f: impl FnMut(&Self)) {
            self.0.for_each_child(|c| f(&Colliding(c.clone_node())));
        }
        fn clone_node(&self) -> Self {
            Colliding(self.0.clone_node())
        }
        fn key(&self) -> u64 {
            0x0123_4567_89AB_CDEF
        }
        fn identity(&self) -> [u64; table::IDENTITY_WORDS] {
            self.0.identity()
        }
    }

    #[test]
    fn colliding_keys_never_change_a_count() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let pos = Position::from_fen(kiwipete, Variant::Chess).unwrap();
        let node = Colliding(Board::new(pos));
        for threads in [1, 2] {
            let counter = Perft::new(threads, 1).unwrap();
            assert_eq!(counter.count(&node, 3, &NEVER), 97862);
            // Counted again, now with the table filled.
            assert_eq!(counter.count(&node, 3, &NEVER), 97862);
        }
    }

    #[test]
    fn the_table_counts_a_transposition_once() {
        // 1.Nf3 Nf6 2.Nc3 and 1.Nc3 Nf6 2.Nf3 meet: the second is a hit.
        let start = Position::startpos(crate::BoardVariant::Chess);
        let play = |moves: &[&str]| {
            moves
                .iter()
                .fold(start, |p, m| p.play(p.parse_move(m).unwrap()))
        };
        let a = play(&["g1f3", "g8f6", "b1c3"]);
        let b = play(&["b1c3", "g8f6", "g1f3"]);
        assert_eq!(a.identity(), b.identity());
        assert_eq!(a.key(), b.key());
        let counter = Perft::new(1, 1).unwrap();
        let table = counter.table.as_ref().unwrap();
        let n = counter.count(&Board::<Chess>::new(a), 3, &NEVER);
        assert_eq!(table.probe(b.key(), &b.identity(), 3), Some(n));
        assert_eq!(perft(&b, 3), n);
    }

    #[test]
    fn identities_tell_apart_what_keys_leave_out() {
        // The same placement, other side, castling rights, en passant file.
        let fens = [
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kkq d6 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R b KQkq - 0 1",
        ];
        let ids: Vec<_> = fens
            .iter()
            .map(|f| Position::from_fen(f, Variant::Chess).unwrap().identity())
            .collect();
        for i in 0..ids.len() {
            for j in 0..i {
                assert_ne!(ids[i], ids[j], "{} and {}", fens[i], fens[j]);
            }
        }
        // And the variant: the same board in pacifist is another tree.
        let p = Position::from_fen(fens[1], Variant::Pacifist).unwrap();
        assert_ne!(p.identity(), ids[1]);
    }
}
