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

/// Whether direction `d` runs towards higher square indices (so the
/// nearest piece on the ray is its lowest bit).
#[inline]
fn ascending(d: usize) -> bool {
    let (df, dr) = DIRS[d];
    dr > 0 || (dr == 0 && df > 0)
}

#[inline]
fn nearest(sq: Square, d: usize, occupied: Bitboard) -> Option<Square> {
    let on_ray = RAYS[sq.index()][d] & occupied;
    if on_ray.is_empty() {
        None
    } else if ascending(d) {
        Some(on_ray.lsb())
    } else {
        Some(on_ray.msb())
    }
}

/// The index in `DIRS` of the direction from `from` to `to` (on a line).
#[inline]
fn direction(from: Square, to: Square) -> usize {
    let df = (to.file() as i8 - from.file() as i8).signum();
    let dr = (to.rank() as i8 - from.rank() as i8).signum();
    match (df, dr) {
        (1, 0) => 0,
        (-1, 0) => 1,
        (0, 1) => 2,
        (0, -1) => 3,
        (1, 1) => 4,
        (1, -1) => 5,
        (-1, 1) => 6,
        _ => 7,
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
    // compatible one starts a battery.
    let firsts = (rook_attacks(sq, occ) & occ & pos.rook_likes())
        | (bishop_attacks(sq, occ) & occ & pos.bishop_likes());
    for first in firsts {
        let d = direction(sq, first);
        let compatible = if d < 4 {
            pos.rook_likes()
        } else {
            pos.bishop_likes()
        };
        // The battery: the first compatible piece gives the ray its colour;
        // further compatible pieces of that colour count until the first
        // incompatible or differently coloured piece.
        let color = if pos.by_color(Color::White).contains(first) {
            Color::White
        } else {
            Color::Black
        };
        let members = compatible & pos.by_color(color);
        let mut cur = first;
        loop {
            total[color.index()] += if W::UNIFORM {
                1
            } else {
                W::of(pos.kind_at(cur).unwrap_or(PieceKind::Queen))
            };
            match nearest(cur, d, occ) {
                Some(next) if members.contains(next) => cur = next,
                _ => break,
            }
        }
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
