//! How the search treats each variant's rules: how far quiescence goes,
//! what it may prune on, how it learns a move's gain. These are the
//! search's choices, measured game by game (docs/search.md), kept apart
//! from [`Rules`], which says only what the rules say.

use crate::board::{Move, MoveKind, Square};
use crate::rules::chess::Chess;
use crate::rules::pacifist::influence::Weights;
use crate::rules::pacifist::Pacifist;
use crate::rules::subversion::Subversion;
use crate::rules::Rules;

/// The search's choices for one rules type.
pub trait SearchPolicy: Rules {
    /// How many plies the quiescence search may add beyond the horizon.
    const QUIESCENCE_PLIES: u32 = 8;

    /// How many of the moves that win material, most first, a quiescence
    /// node searches beyond the quiescence's first ply (unless the side
    /// must respond).
    const QUIESCENCE_WIDTH: usize = usize::MAX;

    /// How many of quiescence's first plies probe and fill the
    /// transposition table; the deeper ones only search.
    const QUIESCENCE_TABLE_PLIES: u32 = u32::MAX;

    /// Whether the static evaluation is steady: a good guess of what a
    /// search would find, so that the search may reduce the null move
    /// more the further it is above beta, and expect the next iteration's
    /// score near the last (aspiration windows). Not where one move can
    /// swing the material by converting a cascade of pieces. (The null
    /// move itself is a search, not a guess: [`Rules::null_move_ok`]
    /// decides it.)
    const STEADY_EVALUATION: bool = true;

    /// Reverse futility: a non-PV node within three plies of the horizon
    /// whose static evaluation is above beta by this much per ply is cut
    /// off on it alone; `None`: never.
    const REVERSE_FUTILITY_MARGIN: Option<i32> = Some(150);

    /// The null move's reduction at `depth`: `base + depth / divisor`
    /// plies, as `(base, divisor)` (plus up to two where the evaluation
    /// is steady and far above beta).
    const NULL_MOVE_REDUCTION: (i32, i32) = (2, 4);

    /// Late-move pruning: near the horizon a non-PV node searches its
    /// first `n + depth²` moves and, of the others, only those that are
    /// not quiet (`Some(n)`); sound where a quiet move seldom prepares
    /// more than the next ply shows. `None`: no move is skipped so.
    const LATE_MOVES_SEARCHED: Option<usize> = Some(4);

    /// Whether a move's gain is known only by playing it (the pacifist
    /// conversions): the search then plays every move once, orders the
    /// moves by what they win and keeps the positions to search them. In
    /// the capture variants the captured piece tells the gain.
    const PLAY_TO_ORDER: bool = false;

    /// Whether the main thread's quiet-move history goes on from one
    /// search of a game to the next (until a new game) instead of
    /// starting from nothing: at a fast time control a move's search is
    /// a few thousand nodes, too few to learn it again.
    const KEEP_HISTORY: bool = false;

    /// Whether the search keeps the static evaluations it computes in a
    /// cache ([`super::evals`]): worth it where evaluating costs more than
    /// a memory read that often misses.
    const CACHE_EVALUATION: bool = false;

    /// Moves that win the same material in different ways form a group
    /// (in subversion: every payment for one target). The quiescence
    /// search tries one move per group, and the main search reduces the
    /// others like quiet moves; `None`: the move stands alone.
    #[inline]
    fn tactical_group(_mv: Move) -> Option<Square> {
        None
    }
}

impl SearchPolicy for Chess {}

impl<W: Weights> SearchPolicy for Pacifist<W> {
    /// Every move may convert and conversions chain, so quiescence stays short.
    const QUIESCENCE_PLIES: u32 = 3;

    /// In pacifist2, beyond its first ply, quiescence follows the two
    /// moves that win most: 21% fewer nodes to depth 6 in positions of
    /// games, and a stronger search at a fixed time. In pacifist the same
    /// width lost (46% over 138 games; docs/experiments.md, 2026-11-26).
    /// In pacifist2, three moves rather than two scored −32 [−73, +8]
    /// over 240 games at 1 s + 0.01 s (2026-11-27).
    const QUIESCENCE_WIDTH: usize = if W::UNIFORM { usize::MAX } else { 2 };

    /// One move can convert a cascade: no aspiration windows, and the
    /// null move's reduction does not grow with the evaluation.
    const STEADY_EVALUATION: bool = false;

    /// In pacifist, the reverse futility of chess with twice its margin:
    /// +47 [−13, +109] Elo over 120 games at 1 s + 0.01 s against the
    /// same build without it; in pacifist2 it scored −20 [−86, +44]
    /// (docs/experiments.md, 2026-11-27).
    const REVERSE_FUTILITY_MARGIN: Option<i32> = if W::UNIFORM { Some(300) } else { None };

    /// In pacifist, one ply more and growing faster with depth: +32
    /// [−34, +100] over 120 games; in pacifist2 −17 [−85, +49].
    const NULL_MOVE_REDUCTION: (i32, i32) = if W::UNIFORM { (3, 3) } else { (2, 4) };

    /// The quiet moves that set up a conversion look like any other: a
    /// build that skipped them from the fifth (`Some(4)`) stood at
    /// −31 ± 47 Elo after 107 game pairs of pacifist. From the ninth it
    /// scored +58 [+2, +118] over 120 games there; in pacifist2 0
    /// [−51, +51], and pacifist2 skips none. The three pacifist changes
    /// together: +27 [−9, +64] over 320 games.
    const LATE_MOVES_SEARCHED: Option<usize> = if W::UNIFORM { Some(8) } else { None };

    /// Quiescence is most of the pacifist2 search. A quiescence node
    /// takes any entry of the table for its position, and one that a
    /// deeper quiescence ply stored stands for a shorter search than this
    /// node would make: in pacifist2 only quiescence's first ply uses the
    /// table, +50 [+8, +92] over 240 games at 1 s + 0.01 s (its nodes are
    /// more, and dearer: pacifist2 game positions take about a quarter
    /// longer to a fixed depth). In pacifist no difference was seen: the
    /// three changes above scored +32 over 120 games with it, +31 over
    /// 180 without. Every ply using the table,
    /// each entry taken only by nodes as deep into quiescence as the one
    /// that stored it or deeper, searched 10% fewer nodes and scored −2
    /// [−35, +31] over 400 games against this.
    const QUIESCENCE_TABLE_PLIES: u32 = if W::UNIFORM { u32::MAX } else { 1 };

    /// Every move may convert; only playing it tells what.
    const PLAY_TO_ORDER: bool = true;

    /// The evaluation counts persuasion and support on every square.
    const CACHE_EVALUATION: bool = true;

    /// In pacifist, +21 [−13, +55] Elo over 330 games at 2 s + 0.02 s
    /// against the same build without it (docs/experiments.md,
    /// 2026-11-26); not measured in the other variants.
    const KEEP_HISTORY: bool = true;
}

impl SearchPolicy for Subversion {
    /// The payments for one target differ only in which pawns or pieces
    /// leave the board.
    #[inline]
    fn tactical_group(mv: Move) -> Option<Square> {
        (mv.kind() == MoveKind::Subversion).then(|| mv.to())
    }
}
