//! Persuasion and support (RULES.md 2.2): the influence of each colour on
//! a square, counting leapers, pawns and slider batteries.

use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};

/// How much one attacking piece weighs: 1 each in `pacifist`, the piece
/// value in `pacifist2` (RULES.md 3).
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

/// `RAYS[sq][dir]`: the squares from `sq` (exclusive) to the edge. Built
/// at compile time: `influence` is the hottest function of the pacifist
/// variants, and a lazily built table costs a check on every lookup.
static RAYS: [[Bitboard; 8]; 64] = build_rays();

const fn build_rays() -> [[Bitboard; 8]; 64] {
    let mut rays = [[Bitboard::EMPTY; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
            let mut bits = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[sq][d] = Bitboard(bits);
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The direction (index in `DIRS`) from `sq` to `first` on a rank or file.
#[inline]
fn orthogonal_direction(sq: Square, first: Square) -> usize {
    let up = first.index() > sq.index();
    match (first.rank() == sq.rank(), up) {
        (true, true) => 0,
        (true, false) => 1,
        (false, true) => 2,
        (false, false) => 3,
    }
}

/// The direction (index in `DIRS`) from `sq` to `first` on a diagonal.
#[inline]
fn diagonal_direction(sq: Square, first: Square) -> usize {
    let up = first.index() > sq.index();
    match (first.file() > sq.file(), up) {
        (true, true) => 4,
        (true, false) => 5,
        (false, true) => 6,
        (false, false) => 7,
    }
}

/// The battery on the ray from `sq` in direction `d` whose first piece,
/// `first`, is a compatible slider (RULES.md 2.2): `first` and the pieces
/// right behind it that are compatible and of its colour, up to the first
/// piece that is not. As a set: the members on the ray nearer to `sq`
/// than the ray's first non-member.
#[inline]
fn battery(pos: &Position, sq: Square, d: usize, first: Square, compatible: Bitboard) -> Bitboard {
    let own = if pos.by_color(Color::White).contains(first) {
        pos.by_color(Color::White)
    } else {
        pos.by_color(Color::Black)
    };
    let on_ray = RAYS[sq.index()][d].0 & pos.occupied().0;
    let members = on_ray & (compatible & own).0;
    let breakers = on_ray & !members;
    // Squares nearer to `sq` than the first breaker: below it on an
    // ascending ray, above it on a descending one.
    let nearer = if breakers == 0 {
        !0
    } else if first.index() > sq.index() {
        (breakers & breakers.wrapping_neg()) - 1
    } else {
        let top = 1u64 << (63 - breakers.leading_zeros());
        !(top | (top - 1))
    };
    Bitboard(members & nearer)
}

/// What a battery weighs: each member counts (`Count`), or counts its
/// value (`Value`: queens 9, the others the line's own slider).
#[inline]
fn battery_weight<W: Weights>(pos: &Position, battery: Bitboard, slider: i32) -> i32 {
    if W::UNIFORM {
        battery.count() as i32
    } else {
        let queens = (battery & pos.by_kind(PieceKind::Queen)).count() as i32;
        queens * W::QUEEN + (battery.count() as i32 - queens) * slider
    }
}

/// Influence of both colours on `sq`, indexed by colour (RULES.md 2.2). The
/// piece on `sq` itself never counts. For a piece of colour X on `sq`,
/// `[X]` is its support and `[!X]` its persuasion.
pub fn influence<W: Weights>(pos: &Position, sq: Square) -> [i32; 2] {
    let mut total = [0i32; 2];
    let knights = knight_attacks(sq) & pos.by_kind(PieceKind::Knight);
    let kings = king_attacks(sq) & pos.by_kind(PieceKind::King);
    for c in Color::ALL {
        let ours = pos.by_color(c);
        let pawns = pawn_attacks(c.flip(), sq) & pos.pieces(c, PieceKind::Pawn);
        total[c.index()] += W::PAWN * pawns.count() as i32
            + W::KNIGHT * (knights & ours).count() as i32
            + W::KING * (kings & ours).count() as i32;
    }
    let occ = pos.occupied();
    // The nearest piece on each ray, by one lookup per ray family; only a
    // compatible one starts a battery, which gives the ray its colour.
    let white = pos.by_color(Color::White);
    let rook_likes = pos.rook_likes();
    for first in rook_attacks(sq, occ) & rook_likes {
        let members = battery(pos, sq, orthogonal_direction(sq, first), first, rook_likes);
        let c = usize::from(!white.contains(first));
        total[c] += battery_weight::<W>(pos, members, W::ROOK);
    }
    let bishop_likes = pos.bishop_likes();
    for first in bishop_attacks(sq, occ) & bishop_likes {
        let members = battery(pos, sq, diagonal_direction(sq, first), first, bishop_likes);
        let c = usize::from(!white.contains(first));
        total[c] += battery_weight::<W>(pos, members, W::BISHOP);
    }
    total
}

/// Whether the piece of colour `color` on `sq` is over-persuaded:
/// persuasion > support (RULES.md 2.2).
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

    /// RULES.md 2.2 walked square by square: from `sq` along each ray, the
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
