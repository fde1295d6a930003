//! Which moves may convert (docs/rules.md §2.2, §2.3), told before they
//! are played: the search plays only these to learn what they win.
//!
//! When none of the opponent's pieces is over-persuaded, a move converts
//! only if its first wave does, that is if it leaves some enemy piece `x`
//! over-persuaded: it must raise the persuasion of `x` less its support
//! by more than the margin `support - persuasion` that `x` has now. A
//! move changes the board on its two squares only, and so the influence
//! on `x` in three ways only that can help the mover:
//!
//! * the man arrives where it weighs on `x` (a leaper's or pawn's step
//!   from `x`, or a slider on a line from `x` behind the mover's own
//!   battery): at most its weight;
//! * it arrives between `x` and an enemy battery that supports `x`,
//!   cutting it: at most that support;
//! * it leaves a line from `x` on which it stood in front of the mover's
//!   own sliders, which then weigh on `x`: at most their weight.
//!
//! So `x` can convert only when the largest such sum exceeds its margin,
//! and only by a move through one of those squares. Castling and
//! promotions are always in scope.

use super::influence::Weights;
use crate::board::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    rook_attacks, rook_rays,
};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};
use crate::rules::scope::GainScope;

/// The moves of `pos` that may convert: all of them when some enemy piece
/// is over-persuaded already (any move converts it, and the cascade that
/// follows depends on the move; the scope then names those pieces),
/// else those through the squares the module's doc names.
pub fn gain_scope<W: Weights>(pos: &Position) -> GainScope {
    let us = pos.side_to_move();
    let heaviest = heaviest_man::<W>(pos, us);
    let reach = destinations(pos, us);
    let anywhere = reach.iter().fold(Bitboard::EMPTY, |a, &b| a | b);
    let mut scope = GainScope::NONE;
    for x in pos.by_color(us.flip()) {
        let lines = Lines::new(pos, x, us);
        let margin = lines.margin::<W>(pos);
        if margin < 0 {
            return GainScope::of_pending(super::pending_conversions::<W>(pos));
        }
        let cut = weight::<W>(pos, lines.support);
        let hidden = weight::<W>(pos, lines.hidden);
        if heaviest + cut + hidden <= margin {
            continue;
        }
        let block = lines
            .support
            .into_iter()
            .fold(Bitboard::EMPTY, |b, s| b | between(x, s))
            & anywhere;
        let mut touched = false;
        for kind in PieceKind::ALL {
            let w = W::of(kind);
            let squares = lines.weighs_from(x, us, kind) & reach[kind.index()];
            // Arriving where it weighs, cutting a supporting battery there
            // too if it can.
            let arrivals = if w > margin {
                squares
            } else if w + cut > margin {
                squares & block
            } else {
                Bitboard::EMPTY
            };
            scope.to_by_kind[kind.index()] |= arrivals;
            touched |= arrivals.nonempty();
        }
        if cut > margin && block.nonempty() {
            scope.to |= block;
            touched = true;
        }
        // A screen that leaves the line uncovers the sliders behind it,
        // and may add its own weight and a cut.
        if lines.hidden.nonempty() {
            for screen in lines.screens {
                let kind = pos.kind_at(screen).unwrap_or(PieceKind::King);
                if hidden + W::of(kind) + cut > margin {
                    scope.add_screen(screen, !line(x, screen));
                    touched = true;
                }
            }
        }
        if touched {
            scope.victims = scope.victims.with(x);
        }
    }
    scope
}

/// The empty squares the men of `us` of each kind can move to, legal or
/// not (castling and promotions aside, which are always in scope).
fn destinations(pos: &Position, us: Color) -> [Bitboard; 6] {
    let occ = pos.occupied();
    let empty = !occ;
    let mut reach = [Bitboard::EMPTY; 6];
    let pawns = pos.pieces(us, PieceKind::Pawn).0;
    let (one, two) = match us {
        Color::White => {
            let one = (pawns << 8) & empty.0;
            (one, ((one & 0xFF << 16) << 8) & empty.0)
        }
        Color::Black => {
            let one = (pawns >> 8) & empty.0;
            (one, ((one & 0xFF << 40) >> 8) & empty.0)
        }
    };
    reach[PieceKind::Pawn.index()] = Bitboard(one | two);
    for from in pos.pieces(us, PieceKind::Knight) {
        reach[PieceKind::Knight.index()] |= knight_attacks(from);
    }
    for from in pos.pieces(us, PieceKind::King) {
        reach[PieceKind::King.index()] |= king_attacks(from);
    }
    for kind in [PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen] {
        for from in pos.pieces(us, kind) {
            reach[kind.index()] |= match kind {
                PieceKind::Bishop => bishop_attacks(from, occ),
                PieceKind::Rook => rook_attacks(from, occ),
                _ => bishop_attacks(from, occ) | rook_attacks(from, occ),
            };
        }
    }
    reach.map(|r| r & empty)
}

/// What the squares around an enemy piece `x` hold for the side `us`
/// about to move (docs/rules.md §2.2).
struct Lines {
    /// The men of each side (indexed by colour) that weigh on `x`.
    weighing: [Bitboard; 2],
    /// The enemy sliders whose batteries support `x`.
    support: Bitboard,
    /// The squares of the lines from `x` up to and including the first
    /// man that is not one of the mover's rook-like (bishop-like) sliders.
    rook_reach: Bitboard,
    bishop_reach: Bitboard,
    /// The mover's men that stand first on a line from `x` (behind the
    /// mover's own battery, if any) without weighing on it along that line.
    screens: Bitboard,
    /// The mover's sliders on the lines from `x` that do not weigh on it
    /// now: those a screen's leaving might add.
    hidden: Bitboard,
}

impl Lines {
    #[inline]
    fn new(pos: &Position, x: Square, us: Color) -> Lines {
        let them = us.flip();
        let occ = pos.occupied();
        let (ours, theirs) = (pos.by_color(us), pos.by_color(them));
        let (our_rooks, our_bishops) = (pos.rook_likes() & ours, pos.bishop_likes() & ours);
        let (their_rooks, their_bishops) = (pos.rook_likes() & theirs, pos.bishop_likes() & theirs);
        let support = (rook_attacks(x, occ - their_rooks) & their_rooks)
            | (bishop_attacks(x, occ - their_bishops) & their_bishops);
        let rook_reach = rook_attacks(x, occ - our_rooks);
        let bishop_reach = bishop_attacks(x, occ - our_bishops);
        let battery = (rook_reach & our_rooks) | (bishop_reach & our_bishops);
        let leapers = (knight_attacks(x) & pos.by_kind(PieceKind::Knight))
            | (king_attacks(x) & pos.by_kind(PieceKind::King));
        let weighing = Color::ALL.map(|c| {
            let pawns = pawn_attacks(c.flip(), x) & pos.pieces(c, PieceKind::Pawn);
            pawns | (leapers & pos.by_color(c))
        });
        let mut weighing = weighing;
        weighing[us.index()] |= battery;
        weighing[them.index()] |= support;
        Lines {
            weighing,
            support,
            rook_reach,
            bishop_reach,
            screens: ((rook_reach & ours) - our_rooks) | ((bishop_reach & ours) - our_bishops),
            hidden: ((rook_rays(x) & our_rooks) | (bishop_rays(x) & our_bishops)) - battery,
        }
    }

    /// The support of `x` less its persuasion: below zero when it is
    /// over-persuaded.
    #[inline]
    fn margin<W: Weights>(&self, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        weight::<W>(pos, self.weighing[us.flip().index()])
            - weight::<W>(pos, self.weighing[us.index()])
    }

    /// The squares from which a man of `kind` of the side `us` would weigh
    /// on `x` (docs/rules.md §2.2): a leaper's or pawn's attack, or a
    /// slider's line to `x` through nothing but the side's compatible
    /// sliders (the man's own square among them, so the squares do not
    /// depend on where it comes from).
    #[inline]
    fn weighs_from(&self, x: Square, us: Color, kind: PieceKind) -> Bitboard {
        match kind {
            PieceKind::Pawn => pawn_attacks(us.flip(), x),
            PieceKind::Knight => knight_attacks(x),
            PieceKind::King => king_attacks(x),
            PieceKind::Bishop => self.bishop_reach,
            PieceKind::Rook => self.rook_reach,
            PieceKind::Queen => self.rook_reach | self.bishop_reach,
        }
    }
}

/// The weight of the heaviest man of `us` (docs/rules.md §3), 0 with none.
fn heaviest_man<W: Weights>(pos: &Position, us: Color) -> i32 {
    PieceKind::ALL
        .into_iter()
        .filter(|&k| pos.pieces(us, k).nonempty())
        .map(W::of)
        .max()
        .unwrap_or(0)
}

/// The summed weight of the men on `set`.
#[inline]
fn weight<W: Weights>(pos: &Position, set: Bitboard) -> i32 {
    if W::UNIFORM {
        return set.count() as i32 * W::PAWN;
    }
    PieceKind::ALL
        .into_iter()
        .map(|k| W::of(k) * (set & pos.by_kind(k)).count() as i32)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testutil::random_positions;
    use crate::rules::pacifist::{play_in_scope, play_move, Count, Value};
    use crate::Variant;

    /// Every move that converts (or promotes, or castles) is in scope,
    /// and every move played knowing the scope gives the position the
    /// rules give, over random games; returns (moves, moves in scope, moves that
    /// convert) for the record.
    fn check<W: Weights>(variant: Variant, seed: u64) -> (usize, usize, usize) {
        let (mut total, mut admitted, mut converting) = (0, 0, 0);
        for pos in random_positions(variant, 40, 120, seed) {
            let scope = gain_scope::<W>(&pos);
            let us = pos.side_to_move();
            for mv in pos.legal_moves() {
                let child = play_move::<W>(&pos, mv);
                let converts = (child.by_color(us) - pos.by_color(us)).count() > 1;
                total += 1;
                admitted += usize::from(scope.admits(&pos, mv));
                converting += usize::from(converts);
                assert!(
                    !converts || scope.admits(&pos, mv),
                    "{mv:?} converts in {} but is out of scope",
                    pos.to_fen()
                );
                // In scope or not, the scope plays the move as the rules do.
                let scoped = play_in_scope::<W>(&pos, mv, &scope);
                assert_eq!(
                    (scoped.to_fen(), scoped.key()),
                    (child.to_fen(), child.key()),
                    "{mv:?} in {}",
                    pos.to_fen()
                );
            }
        }
        (total, admitted, converting)
    }

    #[test]
    fn every_converting_move_is_in_scope() {
        let counts = check::<Count>(Variant::Pacifist, 3);
        eprintln!("pacifist (moves, in scope, converting): {counts:?}");
        let counts = check::<Value>(Variant::Pacifist2, 4);
        eprintln!("pacifist2 (moves, in scope, converting): {counts:?}");
    }
}
