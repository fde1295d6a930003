//! How the search treats each variant's rules: how far quiescence goes,
//! what it may prune on, how it learns a move's gain. These are the
//! search's choices, measured game by game (docs/search.md), kept apart
//! from [`Rules`], which says only what the rules say.

use crate::board::{Move, MoveKind, Square};
use crate::variants::chess::Chess;
use crate::variants::pacifist::influence::Weights;
use crate::variants::pacifist::Pacifist;
use crate::variants::subversion::Subversion;
use crate::variants::Rules;

/// The search's choices for one rules type.
pub trait SearchPolicy: Rules {
    /// How many plies the quiescence search may add beyond the horizon.
    const QUIESCENCE_PLIES: u32 = 8;

    /// How many of the moves that win material, most first, a quiescence
    /// node searches beyond the quiescence's first ply (unless the side
    /// must respond).
    const QUIESCENCE_WIDTH: usize = usize::MAX;

    /// Whether the static evaluation is steady: a good guess of what a
    /// search would find, so that the search may prune on it alone
    /// (reverse futility), reduce the null move more the further it is
    /// above beta, and expect the next iteration's score near the last
    /// (aspiration windows). Not where one move can swing the material by
    /// converting a cascade of pieces. (The null move itself is a search,
    /// not a guess: [`Rules::null_move_ok`] decides it.)
    const STEADY_EVALUATION: bool = true;

    /// Whether the search may skip the late quiet moves of a node near
    /// the horizon (late-move pruning): sound where a quiet move seldom
    /// prepares more than the next ply shows.
    const LATE_MOVE_PRUNING: bool = true;

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
    const QUIESCENCE_WIDTH: usize = if W::UNIFORM { usize::MAX } else { 2 };

    /// One move can convert a cascade: no pruning on the static
    /// evaluation alone, no aspiration windows (the null move, a real
    /// search, stays).
    const STEADY_EVALUATION: bool = false;

    /// The quiet moves that set up a conversion look like any other: a
    /// build that skipped the late ones stood at −31 ± 47 Elo after 107
    /// game pairs of pacifist.
    const LATE_MOVE_PRUNING: bool = false;

    /// Every move may convert; only playing it tells what.
    const PLAY_TO_ORDER: bool = true;

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
