//! Persuasion and support (docs/rules.md §2.2): the influence of each colour on
//! a square, counting leapers, pawns and slider batteries.

use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};

/// How much one attacking piece weighs: 1 each in `pacifist`, the piece
/// value in `pacifist2` (docs/rules.md §3).
pub trait Weights: 'static + Send + Sync {
    const PAWN: i32;
    const KNIGHT: i32;
    const BISHOP: i32;
    const ROOK: i32;
    const QUEEN: i32;
    const KING: i32;
    const UNIFORM: bool;

    #[inline]
    fn of(kind: PieceKind) -> i32 {
        match kind {
            PieceKind::Pawn => Self::PAWN,
            PieceKind::Knight => Self::KNIGHT,
            PieceKind::Bishop => Self::BISHOP,
            PieceKind::Rook => Self::ROOK,
            PieceKind::Queen => Self::QUEEN,
            PieceKind::King => Self::KING,
        }
    }
}

/// `pacifist`: every attacker counts one.
pub struct Count;
/// `pacifist2`: attackers weigh P=1 N=3 B=3 R=5 Q=9 K=1000.
pub struct Value;

impl Weights for Count {
    const PAWN: i32 = 1;
    const KNIGHT: i32 = 1;
    const BISHOP: i32 = 1;
    const ROOK: i32 = 1;
    const QUEEN: i32 = 1;
    const KING: i32 = 1;
    const UNIFORM: bool = true;
}

impl Weights for Value {
    const PAWN: i32 = 1;
    const KNIGHT: i32 = 3;
    const BISHOP: i32 = 3;
    const ROOK: i32 = 5;
    const QUEEN: i32 = 9;
    const KING: i32 = 1000;
    const UNIFORM: bool = false;
}

/// Influence of both colours on `sq`, indexed by colour (docs/rules.md §2.2). The
/// piece on `sq` itself never counts. For a piece of colour X on `sq`,
/// `[X]` is its support and `[!X]` its persuasion.
///
/// A battery of colour `c` on a line from `sq` is what a slider standing
/// on `sq` sees along that line once the compatible sliders of `c` are
/// taken off the board, restricted to those sliders: the ray runs through
/// them and stops at the first other piece, which ends the battery (or
/// begins none when it is the ray's first). So each colour's batteries
/// are two attack lookups and a population count, with no branch on the
/// position: this is the hottest function of the pacifist variants.
#[inline]
pub fn influence<W: Weights>(pos: &Position, sq: Square) -> [i32; 2] {
    let knights = knight_attacks(sq) & pos.by_kind(PieceKind::Knight);
    let kings = king_attacks(sq) & pos.by_kind(PieceKind::King);
    let occ = pos.occupied();
    let rook_likes = pos.rook_likes();
    let bishop_likes = pos.bishop_likes();
    Color::ALL.map(|c| {
        let ours = pos.by_color(c);
        let pawns = pawn_attacks(c.flip(), sq) & pos.pieces(c, PieceKind::Pawn);
        let rooks = rook_likes & ours;
        let bishops = bishop_likes & ours;
        let lines = rook_attacks(sq, occ - rooks) & rooks;
        let diagonals = bishop_attacks(sq, occ - bishops) & bishops;
        if W::UNIFORM {
            // Every piece that weighs on `sq`, once: a square is a
            // pawn's, a knight's or a king's step from `sq`, or on one
            // line or one diagonal from it, never two of these.
            (pawns | ((knights | kings) & ours) | lines | diagonals).count() as i32
        } else {
            let queens = pos.by_kind(PieceKind::Queen);
            W::PAWN * pawns.count() as i32
                + W::KNIGHT * (knights & ours).count() as i32
                + W::KING * (kings & ours).count() as i32
                + W::ROOK * (lines - queens).count() as i32
                + W::BISHOP * (diagonals - queens).count() as i32
                + W::QUEEN * ((lines | diagonals) & queens).count() as i32
        }
    })
}

/// The men of each colour that attack `sq` (docs/rules.md §2.2.1), slider
/// batteries included (§2.2.2), indexed by colour: the men that
/// [`influence`] weighs, for a GUI to name them. The man on `sq` itself
/// never counts.
pub fn attackers(pos: &Position, sq: Square) -> [Bitboard; 2] {
    let leapers = (knight_attacks(sq) & pos.by_kind(PieceKind::Knight))
        | (king_attacks(sq) & pos.by_kind(PieceKind::King));
    let occ = pos.occupied();
    Color::ALL.map(|c| {
        let ours = pos.by_color(c);
        let pawns = pawn_attacks(c.flip(), sq) & pos.pieces(c, PieceKind::Pawn);
        let rooks = pos.rook_likes() & ours;
        let bishops = pos.bishop_likes() & ours;
        pawns
            | (leapers & ours)
            | (rook_attacks(sq, occ - rooks) & rooks)
            | (bishop_attacks(sq, occ - bishops) & bishops)
    })
}

/// Whether the piece of colour `color` on `sq` is over-persuaded:
/// persuasion > support (docs/rules.md §2.2).
#[inline]
pub fn over_persuaded<W: Weights>(pos: &Position, sq: Square, color: Color) -> bool {
    let t = influence::<W>(pos, sq);
    t[color.flip().index()] > t[color.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testutil::random_positions;
    use crate::Variant;

    /// The 8 ray directions; the first four are orthogonal.
    const DIRS: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];

    /// docs/rules.md §2.2 walked square by square: from `sq` along each ray, the
    /// first piece starts a battery if it is a compatible slider, and each
    /// next piece joins while compatible and of the same colour.
    fn walked<W: Weights>(pos: &Position, sq: Square) -> [i32; 2] {
        let mut total = [0i32; 2];
        for c in Color::ALL {
            for from in pos.by_color(c) {
                let kind = pos.kind_at(from).unwrap();
                let leaper = match kind {
                    PieceKind::Pawn => pawn_attacks(c, from),
                    PieceKind::Knight => knight_attacks(from),
                    PieceKind::King => king_attacks(from),
                    _ => Bitboard::EMPTY,
                };
                if leaper.contains(sq) {
                    total[c.index()] += W::of(kind);
                }
            }
        }
        for (d, &(df, dr)) in DIRS.iter().enumerate() {
            let fits = |k: PieceKind| {
                k == PieceKind::Queen
                    || k == if d < 4 {
                        PieceKind::Rook
                    } else {
                        PieceKind::Bishop
                    }
            };
            let mut color = None;
            let mut cur = sq;
            while let Some(next) = cur.offset(df, dr) {
                cur = next;
                let Some(p) = pos.piece_at(cur) else {
                    continue;
                };
                if !fits(p.kind) || color.is_some_and(|c| c != p.color) {
                    break;
                }
                color = Some(p.color);
                total[p.color.index()] += W::of(p.kind);
            }
        }
        total
    }

    fn check<W: Weights>(variant: Variant, seed: u64) {
        for pos in random_positions(variant, 20, 120, seed) {
            for i in 0..64 {
                let sq = Square::new(i);
                assert_eq!(
                    influence::<W>(&pos, sq),
                    walked::<W>(&pos, sq),
                    "{} on {sq:?}",
                    pos.to_fen()
                );
                let named = attackers(&pos, sq).map(|set| {
                    set.into_iter()
                        .map(|s| W::of(pos.kind_at(s).unwrap()))
                        .sum::<i32>()
                });
                assert_eq!(named, walked::<W>(&pos, sq), "{} on {sq:?}", pos.to_fen());
            }
        }
    }

    #[test]
    fn influence_is_the_batteries_walked_square_by_square() {
        check::<Count>(Variant::Pacifist, 11);
        check::<Value>(Variant::Pacifist2, 12);
        // Kiwipete: batteries of queens and bishops, lines broken by
        // pieces of the other colour.
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            Variant::Pacifist2,
        )
        .unwrap();
        for i in 0..64 {
            let sq = Square::new(i);
            assert_eq!(influence::<Value>(&pos, sq), walked::<Value>(&pos, sq));
        }
    }
}
