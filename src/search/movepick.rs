//! Move ordering (Stockfish's movepick, viridithas's movepicker): what a
//! node's moves are worth trying first (the table's move, material won
//! or converted, killers, quiet-move history), the history kept through a
//! game, and picking the next move to search.

use super::policy::SearchPolicy;
use super::Worker;
use crate::board::moves::MAX_MOVES;
use crate::board::{Bitboard, Color, Move, MoveKind, MoveList, PieceKind, Position};
use crate::eval::Evaluate;
use crate::rules::scope::GainScope;
use arrayvec::ArrayVec;

pub(super) type History = [[[i32; 64]; 64]; 2];

pub(super) fn empty_history() -> Box<History> {
    Box::new([[[0; 64]; 64]; 2])
}

/// Material values used to recognise tactical (material-changing) moves;
/// the king counts because pacifist kings convert.
pub(super) const GAIN_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 1500];

/// The mover's material minus the opponent's, in `GAIN_VALUES`.
pub(super) fn material_edge(pos: &Position, us: Color) -> i32 {
    PieceKind::ALL
        .into_iter()
        .map(|k| {
            GAIN_VALUES[k.index()]
                * (pos.pieces(us, k).count() as i32 - pos.pieces(us.flip(), k).count() as i32)
        })
        .sum()
}

/// What converting `pieces` is worth in [`material_edge`]: the owner
/// loses them and the other side gains them.
fn gain_of(pos: &Position, pieces: Bitboard) -> i32 {
    pieces
        .into_iter()
        .map(|sq| 2 * pos.kind_at(sq).map_or(0, |k| GAIN_VALUES[k.index()]))
        .sum()
}

/// What every move of the side to move wins by converting the pieces the
/// opponent left over-persuaded; 0 when that would convert a king, whose
/// consequences are searched rather than taken for granted.
pub(super) fn pending_gain<R: SearchPolicy + Evaluate>(pos: &Position) -> i32 {
    pending_gain_within::<R>(pos, &GainScope::ALL)
}

/// [`pending_gain`], knowing the position's gain scope: out of the
/// whole scope, no enemy piece is over-persuaded and nothing is pending.
pub(super) fn pending_gain_within<R: SearchPolicy + Evaluate>(
    pos: &Position,
    scope: &GainScope,
) -> i32 {
    if !scope.is_all() {
        return 0;
    }
    let pending = scope
        .pending_conversions()
        .unwrap_or_else(|| R::pending_conversions(pos));
    if (pending & pos.by_kind(PieceKind::King)).nonempty() {
        0
    } else {
        gain_of(pos, pending)
    }
}

impl Worker<'_> {
    /// What the moves of `pos` are ordered by ([`MoveOrder`]). `first`:
    /// the first move, already played (the move from the table, searched
    /// before the others were ordered).
    pub(super) fn order_moves<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        tt_move: Move,
        ply: usize,
        edge: i32,
        first: Option<Position>,
    ) -> MoveOrder {
        let us = pos.side_to_move();
        let scope = R::gain_scope(pos);
        let pending = pending_gain_within::<R>(pos, &scope);
        // Where a move's gain is known only by playing it, the moves in
        // scope are played now to order them, the others (which gain
        // nothing) only once they are searched.
        let mut gains: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        if R::PLAY_TO_ORDER {
            self.play_in_scope::<R>(pos, moves, &scope, ply, first);
            gains.extend(self.children[ply].iter().zip(self.played[ply].iter()).map(
                |(child, &played)| {
                    if played {
                        material_edge(child, us) - edge
                    } else {
                        0
                    }
                },
            ));
        }
        let scores = self.order_scores::<R>(pos, moves, tt_move, ply, pending, &gains);
        MoveOrder {
            scope,
            pending,
            gains,
            scores,
        }
    }

    /// Plays the moves of `pos` in `scope` into `children[ply]`; the others
    /// get a place (the position itself) marked unplayed in `played[ply]`.
    /// `first`: the first move's position, played already.
    pub(super) fn play_in_scope<R: SearchPolicy + Evaluate>(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        scope: &GainScope,
        ply: usize,
        first: Option<Position>,
    ) {
        let children = &mut self.children[ply];
        let played = &mut self.played[ply];
        children.clear();
        played.clear();
        let mut rest = moves.iter();
        if let Some(child) = first {
            rest.next();
            children.push(child);
            played.push(true);
        }
        for &mv in rest {
            let admitted = scope.admits(pos, mv);
            children.push(if admitted {
                R::play_in_scope(pos, mv, scope)
            } else {
                *pos
            });
            played.push(admitted);
        }
    }

    /// Ordering scores: TT move, then material-changing moves by their
    /// rough gain (beyond what any move wins; `gains` where the variant
    /// plays the moves to order them), then killers, then quiet moves by
    /// history.
    fn order_scores<R: SearchPolicy + Evaluate>(
        &self,
        pos: &Position,
        moves: &MoveList,
        tt_move: Move,
        ply: usize,
        pending: i32,
        gains: &[i32],
    ) -> ArrayVec<i32, MAX_MOVES> {
        let us = pos.side_to_move();
        moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                if mv == tt_move {
                    return 1 << 28;
                }
                let victim = if R::PLAY_TO_ORDER {
                    // A conversion moves a piece from one side to the other.
                    (gains[i] - pending) / 2
                } else if R::may_gain(pos, mv) {
                    pos.kind_at(mv.to()).map_or(0, |k| GAIN_VALUES[k.index()])
                } else {
                    0
                };
                if victim > 0 || mv.kind() == MoveKind::Promotion {
                    let attacker = pos.kind_at(mv.from()).map_or(0, |k| GAIN_VALUES[k.index()]);
                    return (1 << 24) + victim * 16 - attacker / 16;
                }
                if mv == self.killers[ply][0] {
                    return 1 << 22;
                }
                if mv == self.killers[ply][1] {
                    return (1 << 22) - 1;
                }
                self.history[us.index()][mv.from().index()][mv.to().index()]
            })
            .collect()
    }

    /// A quiet move `mv` of `side` caused a cutoff at `depth`: it becomes
    /// a killer and its history rises, while the quiet moves `failed`
    /// searched before it fall by as much.
    pub(super) fn reward_quiet(
        &mut self,
        side: Color,
        mv: Move,
        failed: &[Move],
        depth: i32,
        ply: usize,
    ) {
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        let bonus = (depth * depth * 16).min(HISTORY_MAX / 8);
        let history = &mut self.history[side.index()];
        nudge(&mut history[mv.from().index()][mv.to().index()], bonus);
        for m in failed {
            nudge(&mut history[m.from().index()][m.to().index()], -bonus);
        }
    }
}

/// What a node's moves are ordered by, in the order of its move list.
pub(super) struct MoveOrder {
    /// The moves that may win material
    /// ([`crate::rules::Rules::gain_scope`]).
    pub(super) scope: GainScope,
    /// What every move wins (see [`pending_gain`]).
    pub(super) pending: i32,
    /// Each move's gain, where the variant plays the moves to learn it.
    pub(super) gains: ArrayVec<i32, MAX_MOVES>,
    /// The ordering scores ([`Worker::order_scores`]).
    pub(super) scores: ArrayVec<i32, MAX_MOVES>,
}

impl Default for MoveOrder {
    /// Before the moves are ordered: every move may win, none is scored.
    fn default() -> MoveOrder {
        MoveOrder {
            scope: GainScope::ALL,
            pending: 0,
            gains: ArrayVec::new(),
            scores: ArrayVec::new(),
        }
    }
}

/// History scores stay within `±HISTORY_MAX`, below the killers' order.
pub(super) const HISTORY_MAX: i32 = 1 << 14;

/// Moves a history score by `delta`, less the nearer it is to the bound
/// in that direction, so that old successes fade as new ones come in.
fn nudge(h: &mut i32, delta: i32) {
    *h += delta - *h * delta.abs() / HISTORY_MAX;
}

/// Selection sort step: swaps the best remaining score into place `i` and
/// returns where it was (the caller swaps the move alongside).
#[inline]
pub(super) fn pick_next(scores: &mut [i32], i: usize) -> usize {
    let mut best = i;
    for j in i + 1..scores.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    scores.swap(i, best);
    best
}
