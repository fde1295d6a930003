//! Quiescence: at the horizon, the search plays on only the moves that
//! change material, so that a position is not judged in the middle of an
//! exchange or of a cascade (docs/search.md).

use super::movepick::{material_edge, pending_gain_within, pick_next, GAIN_VALUES};
use super::policy::SearchPolicy;
use super::score::{bound_of, outcome_score, to_tt, tt_cutoff};
use super::{Worker, INFINITY, MAX_PLY};
use crate::board::moves::MAX_MOVES;
use crate::board::{Bitboard, Move, MoveList, Position};
use crate::eval::Evaluate;
use crate::rules::scope::GainScope;
use arrayvec::ArrayVec;

impl Worker<'_> {
    /// Quiescence: stand pat, then only moves that change material (or all
    /// moves when the side must respond), up to a few plies deep.
    pub(super) fn quiesce<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let respond = R::must_respond(pos);
        let plies = R::QUIESCENCE_PLIES.min(self.quiescence_limit);
        if ply >= MAX_PLY || (qply >= plies && !respond) {
            return self.evaluate::<R>(pos);
        }
        let key = pos.key();
        let use_table = qply < R::QUIESCENCE_TABLE_PLIES;
        if let Some(s) = use_table
            .then(|| self.shared.tt.probe(key))
            .flatten()
            .and_then(|e| tt_cutoff(&e, ply, alpha, beta))
        {
            return s;
        }
        let original_alpha = alpha;
        let mut best = -INFINITY;
        if !respond {
            best = self.evaluate::<R>(pos);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let scope = if respond {
            GainScope::ALL
        } else {
            R::gain_scope(pos)
        };
        let mut moves = MoveList::new();
        R::generate_in_scope(pos, &scope, &mut moves);
        if moves.is_empty() && (scope.is_all() || !R::has_legal_move(pos)) {
            return outcome_score(R::no_move_outcome(pos), pos.side_to_move(), ply);
        }
        let mut order: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        self.tactical_children::<R>(pos, &moves, &scope, respond, ply, &mut order);
        // Beyond its first ply, quiescence tries only the best few.
        let width = if respond || qply == 0 {
            order.len()
        } else {
            order.len().min(R::QUIESCENCE_WIDTH)
        };
        for i in 0..width {
            let next = pick_next(&mut order, i);
            self.children[ply].swap(i, next);
            let child = self.children[ply][i];
            let score = -self.quiesce::<R>(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if best == -INFINITY {
            // Must respond, and every answer was searched: mated-like.
            best = alpha;
        }
        if use_table {
            let bound = bound_of(best, original_alpha, beta);
            self.shared
                .tt
                .store(key, Move::NULL, to_tt(best, ply), -1, bound);
        }
        best
    }

    /// Plays the moves of `moves` worth a look in quiescence into
    /// `self.children[ply]` and their order keys, index for index, into
    /// `order`: most won first, by the cheapest piece. When the side must
    /// respond, every move is worth a look.
    #[inline]
    fn tactical_children<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        scope: &GainScope,
        respond: bool,
        ply: usize,
        order: &mut ArrayVec<i32, MAX_MOVES>,
    ) {
        let us = pos.side_to_move();
        let edge = material_edge(pos, us);
        let mut groups_tried = Bitboard::EMPTY;
        // Any move wins the opponent's pieces that are about to convert
        // anyway; the stand-pat score counts them, so only moves that win
        // more are tactical here.
        let pending = if respond {
            0
        } else {
            pending_gain_within::<R>(pos, scope)
        };
        self.children[ply].clear();
        for &mv in moves.iter() {
            if !respond
                && (!R::may_gain(pos, mv) || !scope.admits(pos, mv) || R::loses_exchange(pos, mv))
            {
                continue;
            }
            if let Some(group) = R::tactical_group(mv) {
                if !respond && groups_tried.contains(group) {
                    continue;
                }
                groups_tried = groups_tried.with(group);
            }
            let child = R::play_in_scope(pos, mv, scope);
            let gain = material_edge(&child, us) - edge;
            if !respond && gain <= pending {
                continue;
            }
            let mover = pos.kind_at(mv.from()).map_or(0, |k| GAIN_VALUES[k.index()]);
            order.push(gain * 16 - mover / 16);
            self.children[ply].push(child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Shared, INFINITY};
    use crate::board::{MoveList, Position};
    use crate::eval::Evaluate;
    use crate::search::policy::SearchPolicy;
    use crate::search::Worker;
    use crate::with_rules;
    use crate::Variant;

    /// Positions of pacifist games where some move converts.
    const CONVERTING: [&str; 3] = [
        "rnbqkbR1/p1pppppP/8/1P1N4/4B3/2NP2P1/PPP1PP1P/R1BQK1NR b KQq - 0 5",
        "rnbq1bnr/1p2k2p/2p1p3/p2p1PPQ/4P2P/2NK2P1/PPPP1P2/R1B2BNR w - - 1 8",
        "2b2bnr/r1q4p/n1p1p3/pPkp1PPQ/P3P1PP/2N1KN1R/1PPP1P2/R1B2B2 w - - 1 14",
    ];

    /// How many of the positions one move after `pos` have an entry in
    /// the table once a quiescence search of `pos` has run on it.
    fn children_in_table<R: SearchPolicy + Evaluate>(pos: &Position) -> usize {
        let shared = Shared::new(1);
        let mut worker = Worker::new(&shared, true, &[]);
        worker.quiesce::<R>(pos, -INFINITY, INFINITY, 0, 0);
        let mut moves = MoveList::new();
        R::generate(pos, &mut moves);
        moves
            .iter()
            .filter(|&&mv| shared.tt.probe(R::play(pos, mv).key()).is_some())
            .count()
    }

    /// Only the first `QUIESCENCE_TABLE_PLIES` plies of quiescence use the
    /// table: in pacifist2 its second ply leaves no entry, in pacifist it
    /// does.
    #[test]
    fn quiescence_uses_the_table_for_its_first_plies_only() {
        for variant in [Variant::Pacifist, Variant::Pacifist2] {
            let entries: usize = CONVERTING
                .iter()
                .map(|fen| {
                    let pos = Position::from_fen(fen, variant).expect("a FEN");
                    with_rules!(pos.board_variant(), R => children_in_table::<R>(&pos))
                })
                .sum();
            let plies = with_rules!(variant.board().expect("a board variant"), R => R::QUIESCENCE_TABLE_PLIES);
            assert_eq!(entries > 0, plies > 1, "{variant:?}: {entries} entries");
        }
    }
}
