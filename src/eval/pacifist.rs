//! Evaluation of `pacifist` and `pacifist2` (docs/rules.md §2, §3), built on
//! persuasion and support.
//!
//! The influence of each colour on **every** square is computed at once:
//! each piece contributes the set of squares it influences (leapers and
//! pawns by table, sliders by one magic lookup per ray family in which the
//! own compatible pieces are transparent, which is exactly the battery
//! rule of docs/rules.md §2.2), and these sets are summed into bit-sliced
//! counters (plane `i` holds bit `i` of the count on each of the 64
//! squares). Comparisons of the two colours' counters then give, as
//! bitboards, the over-persuaded pieces, the pieces one attacker away from
//! it and the control of the empty squares; king-zone pressure is a few
//! popcounts. In `pacifist2` the weights are the piece values, with the
//! king's 1000 stored as 256 (the other pieces of a colour never sum to 256,
//! so every comparison comes out as with 1000).
//!
//! After a move the mover's opponent has no over-persuaded piece left (the
//! cascade converted them), so at a node the side to move has none and
//! its opponent's over-persuaded pieces are about to change sides: almost
//! any move of the side to move converts them.

use super::pst;
use super::table::{Field, Table, KINDS};
use super::term_line;
use crate::board::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};
use crate::rules::pacifist::influence::Weights;

pub const MATERIAL: usize = 0;
pub const KINGS: usize = 1;
pub const PSQT: usize = 2;
pub const MOBILITY: usize = 3;
pub const CONTROL: usize = 4;
pub const KING_PRESSURE: usize = 5;
pub const CONVERSIONS: usize = 6;
pub const ONE_AWAY: usize = 7;
pub const TEMPO: usize = 8;
pub const N_TERMS: usize = 9;

pub const TERM_NAMES: [&str; N_TERMS] = [
    "Material",
    "Kings held",
    "Piece-square",
    "Mobility",
    "Square control",
    "King-zone pressure",
    "Over-persuaded",
    "One attacker away",
    "Tempo",
];

/// The weights of one pacifist variant: the parameter table that
/// `turncoat tune` sets from self-play data. Each variant's values live
/// in a source file of their own (`tuned/pacifist.rs`,
/// `tuned/pacifist2.rs`), written by the tuner and included here, so that
/// a tuned build is reproducible from its data.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Material by kind (the king's worth is in `kings_held`).
    pub value: [i32; 6],
    /// Worth of holding 0, 1 or 2 kings.
    pub kings_held: [i32; 3],
    /// Per pseudo-legal move, by kind of the moving piece.
    pub mobility: [i32; 6],
    /// Per weighted empty square dominated (centre squares weigh 3, the
    /// extended centre 2, the rest 1).
    pub control: i32,
    /// Per unit of net enemy influence on a king's zone (the king square
    /// counts twice), divided by the number of kings held.
    pub pressure: i32,
    /// The net pressure below which more defence earns nothing.
    pub pressure_floor: i32,
    pub tempo: i32,
    /// Piece-square tables by kind, rank 8 first (see [`pst::index`]).
    pub pst: [[i32; 64]; 6],
    /// Of the swing of material when the opponent's over-persuaded pieces
    /// convert on our next move, the part counted (of 60; kings count
    /// fully).
    pub pending: i32,
    /// Our own over-persuaded pieces (positions set up by FEN only): the
    /// part of their swing the opponent gains (of 60).
    pub own_over: i32,
    /// The best enemy piece one attacker away: the part of its swing (of
    /// 60) for the side to move, which may add that attacker now.
    pub tip_stm: i32,
    /// Own pieces one attacker away: the part of their swing (of 60) the
    /// opponent gets.
    pub tip_wait: i32,
}

/// The denominator of the conversion fractions of [`Params`].
const FRACTION: i32 = 60;

// SAFETY: `#[repr(C)]`, integers only.
unsafe impl Table for Params {
    const TYPE_NAME: &'static str = "Params";
    fn fields(&self) -> Vec<Field<'_>> {
        vec![
            Field::array("value", &KINDS, &self.value),
            Field::array("kings_held", &["0", "1", "2"], &self.kings_held),
            Field::array("mobility", &KINDS, &self.mobility),
            Field::scalar("control", &self.control),
            Field::scalar("pressure", &self.pressure),
            Field::scalar("pressure_floor", &self.pressure_floor),
            Field::scalar("tempo", &self.tempo),
            Field::squares("pst", &KINDS, &self.pst),
            Field::scalar("pending", &self.pending),
            Field::scalar("own_over", &self.own_over),
            Field::scalar("tip_stm", &self.tip_stm),
            Field::scalar("tip_wait", &self.tip_wait),
        ]
    }
}

const COUNT_PARAMS: Params = include!("tuned/pacifist.rs");

const VALUE_PARAMS: Params = include!("tuned/pacifist2.rs");

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const CENTER: u64 = 0x0000_0018_1800_0000;
const EXT_CENTER: u64 = 0x0000_3c3c_3c3c_0000;

/// Bit-sliced counters for one colour: plane `i` holds bit `i` of the
/// influence on every square.
#[derive(Clone, Copy, Debug)]
pub struct Planes<const N: usize>(pub [u64; N]);

impl<const N: usize> Planes<N> {
    /// Adds `1 << start` on every square of `bb`.
    #[inline(always)]
    fn add_at(&mut self, bb: u64, start: usize) {
        let mut carry = bb;
        let mut i = start;
        while carry != 0 && i < N {
            let t = self.0[i] & carry;
            self.0[i] ^= carry;
            carry = t;
            i += 1;
        }
    }

    /// Adds `w` (encoded weight, < 2^N) on every square of `bb`.
    #[inline(always)]
    fn add(&mut self, bb: u64, w: u32) {
        let mut w = w;
        while w != 0 {
            let j = w.trailing_zeros() as usize;
            self.add_at(bb, j);
            w &= w - 1;
        }
    }

    /// Squares with a non-zero count.
    #[inline]
    fn nonzero(&self) -> u64 {
        self.0.iter().fold(0, |a, p| a | p)
    }

    /// The sum of the counts over `mask`, planes below `limit` only.
    #[inline]
    fn sum_over(&self, mask: u64, limit: usize) -> i32 {
        let mut sum = 0;
        for (i, p) in self.0.iter().enumerate().take(limit) {
            sum += ((p & mask).count_ones() as i32) << i;
        }
        sum
    }

    /// The (encoded) count on one square.
    pub fn at(&self, sq: Square) -> u32 {
        let mut v = 0;
        for (i, p) in self.0.iter().enumerate() {
            v |= ((p >> sq.index()) as u32 & 1) << i;
        }
        v
    }
}

/// Bitboards of squares where `a > b` and where `a < b`, bit-sliced.
#[inline]
fn compare<const N: usize>(a: &Planes<N>, b: &Planes<N>) -> (u64, u64) {
    let (mut gt, mut lt, mut eq) = (0u64, 0u64, !0u64);
    for i in (0..N).rev() {
        let (x, y) = (a.0[i], b.0[i]);
        gt |= eq & x & !y;
        lt |= eq & y & !x;
        eq &= !(x ^ y);
    }
    (gt, lt)
}

/// The weight of a piece kind as stored in the planes: the variant's
/// weight, with `pacifist2`'s king (1000) stored as 256.
#[inline(always)]
fn encoded<W: Weights>(kind: PieceKind) -> u32 {
    if W::UNIFORM {
        1
    } else if kind == PieceKind::King {
        256
    } else {
        W::of(kind) as u32
    }
}

/// An encoded count back in the variant's units (king = 1000 in `pacifist2`).
#[inline]
pub fn decode<W: Weights>(v: u32) -> i32 {
    if W::UNIFORM {
        v as i32
    } else {
        (v & 255) as i32 + (v >> 8) as i32 * W::KING
    }
}

/// The influence of both colours on every square (docs/rules.md §2.2).
#[derive(Clone, Copy, Debug)]
pub struct Influence<const N: usize> {
    pub by: [Planes<N>; 2],
}

impl<const N: usize> Influence<N> {
    pub fn compute<W: Weights>(pos: &Position) -> Self {
        let mut by = [Planes([0u64; N]); 2];
        let occ = pos.occupied();
        for c in Color::ALL {
            let p = &mut by[c.index()];
            let ours = pos.by_color(c);
            let pawns = pos.pieces(c, PieceKind::Pawn).0;
            let (left, right) = match c {
                Color::White => ((pawns << 7) & !FILE_H, (pawns << 9) & !FILE_A),
                Color::Black => ((pawns >> 9) & !FILE_H, (pawns >> 7) & !FILE_A),
            };
            let wp = encoded::<W>(PieceKind::Pawn);
            p.add(left, wp);
            p.add(right, wp);
            for sq in pos.pieces(c, PieceKind::Knight) {
                p.add(knight_attacks(sq).0, encoded::<W>(PieceKind::Knight));
            }
            for sq in pos.pieces(c, PieceKind::King) {
                p.add(king_attacks(sq).0, encoded::<W>(PieceKind::King));
            }
            // Batteries: own compatible pieces are transparent to a ray.
            let through_rooks = Bitboard(occ.0 & !(pos.rook_likes() & ours).0);
            let through_bishops = Bitboard(occ.0 & !(pos.bishop_likes() & ours).0);
            for sq in pos.pieces(c, PieceKind::Bishop) {
                p.add(
                    bishop_attacks(sq, through_bishops).0,
                    encoded::<W>(PieceKind::Bishop),
                );
            }
            for sq in pos.pieces(c, PieceKind::Rook) {
                p.add(
                    rook_attacks(sq, through_rooks).0,
                    encoded::<W>(PieceKind::Rook),
                );
            }
            for sq in pos.pieces(c, PieceKind::Queen) {
                p.add(
                    (rook_attacks(sq, through_rooks) | bishop_attacks(sq, through_bishops)).0,
                    encoded::<W>(PieceKind::Queen),
                );
            }
        }
        Influence { by }
    }

    /// The influence of both colours on `sq` in the variant's units, as
    /// [`crate::rules::pacifist::influence::influence`] returns it.
    pub fn at<W: Weights>(&self, sq: Square) -> [i32; 2] {
        [
            decode::<W>(self.by[0].at(sq)),
            decode::<W>(self.by[1].at(sq)),
        ]
    }
}

/// What the terms are computed from, kept for [`explain`]'s map.
struct Analysis {
    /// Pieces of each colour that are over-persuaded.
    over: [Bitboard; 2],
    /// Pieces of each colour with persuasion == support > 0.
    one_away: [Bitboard; 2],
    /// Squares where each colour's influence is the larger.
    dominates: [Bitboard; 2],
}

/// Per-colour terms.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terms {
    pub t: [[i32; 2]; N_TERMS],
}

impl Terms {
    #[inline]
    fn add(&mut self, term: usize, c: Color, v: i32) {
        self.t[term][c.index()] += v;
    }

    /// White minus black, summed over all terms.
    #[inline]
    pub fn total(&self) -> i32 {
        self.t.iter().map(|[w, b]| w - b).sum()
    }
}

/// The parameters the build plays with.
#[inline]
pub fn params<W: Weights>() -> &'static Params {
    if W::UNIFORM {
        &COUNT_PARAMS
    } else {
        &VALUE_PARAMS
    }
}

#[inline]
fn king_worth(p: &Params, n: i32) -> i32 {
    p.kings_held[n.clamp(0, 2) as usize]
}

/// What the conversion of `set` (pieces of `owner`) would change in the
/// material and king terms: `(material swing, king swing)`, both in favour
/// of the other colour.
#[inline]
fn swing(p: &Params, pos: &Position, set: Bitboard, owner: Color, kings: [i32; 2]) -> (i32, i32) {
    if set.is_empty() {
        return (0, 0);
    }
    let mut material = 0;
    for kind in PieceKind::ALL_BUT_KING {
        material += p.value[kind.index()] * (set & pos.by_kind(kind)).count() as i32;
    }
    let kx = (set & pos.by_kind(PieceKind::King)).count() as i32;
    let (ko, kr) = (kings[owner.index()], kings[owner.flip().index()]);
    let king = if kx > 0 {
        king_worth(p, ko) - king_worth(p, ko - kx) + king_worth(p, kr + kx) - king_worth(p, kr)
    } else {
        0
    };
    (2 * material, king)
}

/// The swing of the single most valuable piece of `set`.
#[inline]
fn best_single(p: &Params, pos: &Position, set: Bitboard, owner: Color, kings: [i32; 2]) -> i32 {
    if set.is_empty() {
        return 0;
    }
    let mut best = 0;
    if let Some(k) = (set & pos.by_kind(PieceKind::King)).next() {
        let (m, k) = swing(p, pos, Bitboard::from_square(k), owner, kings);
        best = m + k;
    }
    for kind in [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ] {
        if (set & pos.by_kind(kind)).nonempty() {
            best = best.max(2 * p.value[kind.index()]);
            break;
        }
    }
    best
}

fn analyse<const N: usize>(pos: &Position, inf: &Influence<N>, p: &Params) -> (Terms, Analysis) {
    let mut t = Terms::default();
    let occ = pos.occupied();
    let empty = !occ.0;
    let stm = pos.side_to_move();
    let (white_more, black_more) = compare(&inf.by[0], &inf.by[1]);
    let balanced = !(white_more | black_more);
    let more = [white_more, black_more];
    let kings = [
        pos.pieces(Color::White, PieceKind::King).count() as i32,
        pos.pieces(Color::Black, PieceKind::King).count() as i32,
    ];
    // Planes below 8 hold everything but pacifist2's kings.
    let low = N.min(8);

    let mut a = Analysis {
        over: [Bitboard::EMPTY; 2],
        one_away: [Bitboard::EMPTY; 2],
        dominates: [Bitboard(white_more), Bitboard(black_more)],
    };

    for c in Color::ALL {
        let ci = c.index();
        let them = c.flip();
        let ours = pos.by_color(c);
        let mine = &inf.by[ci];
        let theirs = &inf.by[them.index()];

        // Material, piece-square tables and mobility.
        let mut material = 0;
        let mut psqt = 0;
        let mut mobility = 0;
        for kind in PieceKind::ALL {
            let ki = kind.index();
            let set = pos.pieces(c, kind);
            material += p.value[ki] * set.count() as i32;
            let table = &p.pst[ki];
            for sq in set {
                psqt += table[pst::index(c, sq)];
                let moves = match kind {
                    PieceKind::Pawn => Bitboard::EMPTY,
                    PieceKind::Knight => knight_attacks(sq),
                    PieceKind::Bishop => bishop_attacks(sq, occ),
                    PieceKind::Rook => rook_attacks(sq, occ),
                    PieceKind::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
                    PieceKind::King => king_attacks(sq),
                };
                mobility += p.mobility[ki] * (moves.0 & empty).count_ones() as i32;
            }
        }
        let pawns = pos.pieces(c, PieceKind::Pawn).0;
        let pushes = match c {
            Color::White => (pawns << 8) & empty,
            Color::Black => (pawns >> 8) & empty,
        };
        mobility += p.mobility[0] * pushes.count_ones() as i32;
        t.add(MATERIAL, c, material);
        t.add(PSQT, c, psqt);
        t.add(MOBILITY, c, mobility);
        t.add(KINGS, c, king_worth(p, kings[ci]));

        // Control of the empty squares, centre weighted.
        let dom = more[ci] & empty;
        let weighted =
            dom.count_ones() + (dom & EXT_CENTER).count_ones() + (dom & CENTER).count_ones();
        t.add(CONTROL, c, p.control * weighted as i32);

        // Pressure on the zone of each of our kings.
        let our_kings = pos.pieces(c, PieceKind::King);
        if kings[ci] > 0 {
            let mut pressure = 0;
            for k in our_kings {
                let zone = king_attacks(k).0 | Bitboard::from_square(k).0;
                let ksq = Bitboard::from_square(k).0;
                let net = theirs.sum_over(zone, low) - mine.sum_over(zone, low)
                    + theirs.sum_over(ksq, low)
                    - mine.sum_over(ksq, low);
                pressure -= p.pressure * net.max(p.pressure_floor);
            }
            t.add(KING_PRESSURE, c, pressure / kings[ci]);
        }

        // Over-persuaded and one-away pieces of colour c.
        a.over[ci] = ours & Bitboard(more[them.index()]);
        a.one_away[ci] = ours & Bitboard(balanced & theirs.nonzero());
    }

    // The opponent's over-persuaded pieces convert on our next move.
    let waiting = stm.flip();
    let (m, k) = swing(p, pos, a.over[waiting.index()], waiting, kings);
    t.add(CONVERSIONS, stm, m * p.pending / FRACTION + k);
    let (m, k) = swing(p, pos, a.over[stm.index()], stm, kings);
    t.add(CONVERSIONS, waiting, (m + k) * p.own_over / FRACTION);
    // One more attacker converts a balanced piece: the side to move may
    // add it to the best enemy one; the opponent may add one to ours.
    t.add(
        ONE_AWAY,
        stm,
        best_single(p, pos, a.one_away[waiting.index()], waiting, kings) * p.tip_stm / FRACTION,
    );
    let (m, k) = swing(p, pos, a.one_away[stm.index()], stm, kings);
    t.add(ONE_AWAY, waiting, (m + k) * p.tip_wait / FRACTION);
    t.add(TEMPO, stm, p.tempo);
    (t, a)
}

/// The pacifist evaluation from White's point of view. `N` is the number
/// of counter planes: 5 for `pacifist` (counts up to 31), 10 for
/// `pacifist2` (values up to 1023, the king stored as 256).
#[inline]
pub fn evaluate_white<W: Weights, const N: usize>(pos: &Position) -> i32 {
    evaluate_white_with::<W, N>(pos, params::<W>())
}

/// [`evaluate_white`] with other parameters (the tuner's).
#[inline]
pub fn evaluate_white_with<W: Weights, const N: usize>(pos: &Position, p: &Params) -> i32 {
    let inf = Influence::<N>::compute::<W>(pos);
    analyse::<N>(pos, &inf, p).0.total()
}

/// The breakdown printed by the `eval` command, with the map of support
/// and persuasion.
pub fn explain<W: Weights, const N: usize>(pos: &Position) -> String {
    let inf = Influence::<N>::compute::<W>(pos);
    let (t, a) = analyse::<N>(pos, &inf, params::<W>());
    let mut lines = vec![
        "Evaluation terms (centipawns, white's view)".to_string(),
        term_line("Term", "White", "Black", "Total"),
    ];
    for (i, name) in TERM_NAMES.iter().enumerate() {
        let [w, b] = t.t[i];
        lines.push(term_line(
            name,
            &w.to_string(),
            &b.to_string(),
            &(w - b).to_string(),
        ));
    }
    lines.push(term_line("Sum", "", "", &t.total().to_string()));
    lines.push(String::new());
    lines.push(format!(
        "Influence map ({}): piece = support/persuasion, '!' over-persuaded, \
         '*' one attacker away; empty square = who has more influence \
         (w/b, '=' balanced, '.' none) white:black",
        if W::UNIFORM {
            "pacifist, counts"
        } else {
            "pacifist2, values, king = 1000"
        }
    ));
    for rank in (0..8).rev() {
        let mut row = format!("{} ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(file, rank);
            let [w, b] = inf.at::<W>(sq);
            let cell = match pos.piece_at(sq) {
                Some(pc) => {
                    let (sup, per) = match pc.color {
                        Color::White => (w, b),
                        Color::Black => (b, w),
                    };
                    let mark = if a.over[pc.color.index()].contains(sq) {
                        "!"
                    } else if a.one_away[pc.color.index()].contains(sq) {
                        "*"
                    } else {
                        ""
                    };
                    format!("{}{sup}/{per}{mark}", pc.fen_char())
                }
                None if w == 0 && b == 0 => ".".to_string(),
                None => {
                    let who = if a.dominates[0].contains(sq) {
                        'w'
                    } else if a.dominates[1].contains(sq) {
                        'b'
                    } else {
                        '='
                    };
                    format!("{who}{w}:{b}")
                }
            };
            row.push_str(&format!(" {cell:<10}"));
        }
        lines.push(row.trim_end().to_string());
    }
    lines.push(format!(
        "   {}",
        ('a'..='h')
            .map(|f| format!("{f:<10}"))
            .collect::<Vec<_>>()
            .join(" ")
            .trim_end()
    ));
    lines.push(format!(
        "Kings held: white {}, black {}",
        pos.pieces(Color::White, PieceKind::King).count(),
        pos.pieces(Color::Black, PieceKind::King).count()
    ));
    lines.push(format!("Sum (white's view): {} cp", t.total()));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{mirror, random_positions};
    use super::super::{evaluate, explain as explain_any};
    use super::*;
    use crate::rules::pacifist::influence::influence;
    use crate::rules::pacifist::{Count, Value};
    use crate::Variant;

    fn pos(fen: &str, v: Variant) -> Position {
        Position::from_fen(fen, v).unwrap()
    }

    fn check_influence<W: Weights, const N: usize>(p: &Position) {
        let inf = Influence::<N>::compute::<W>(p);
        for sq in Square::all() {
            assert_eq!(
                inf.at::<W>(sq),
                influence::<W>(p, sq),
                "{} at {sq}",
                p.to_fen()
            );
        }
    }

    /// The bit-sliced counters agree with the rules' influence function on
    /// every square of many positions.
    #[test]
    fn bitsliced_influence_matches_the_rules() {
        for fen in [
            "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
            "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
            "4k3/8/8/3q4/3Q4/3R4/3r4/3RK3 w - - 0 1",
            "k7/1b6/2B5/3Q4/4q3/5B2/6K1/8 w - - 0 1",
        ] {
            check_influence::<Count, 5>(&pos(fen, Variant::Pacifist));
            check_influence::<Value, 10>(&pos(fen, Variant::Pacifist2));
        }
        for p in random_positions(Variant::Pacifist, 6, 150, 11) {
            check_influence::<Count, 5>(&p);
        }
        for p in random_positions(Variant::Pacifist2, 6, 150, 12) {
            check_influence::<Value, 10>(&p);
        }
    }

    #[test]
    fn over_persuaded_enemy_queen_is_good_for_the_side_to_move() {
        // The black queen d5 is attacked by the knights c3 and e3, supported
        // by nothing: it converts on white's next move.
        for v in [Variant::Pacifist, Variant::Pacifist2] {
            let base = pos("4k3/8/8/3q4/8/8/8/2N1KN2 w - - 0 1", v);
            let over = pos("4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1", v);
            assert!(
                evaluate(&over) > evaluate(&base) + 800,
                "{v}: {} vs {}",
                evaluate(&over),
                evaluate(&base)
            );
            assert!(evaluate(&over) > 800, "{v}: {}", evaluate(&over));
        }
    }

    #[test]
    fn no_king_is_very_bad() {
        // White holds both kings, black (to move) has none.
        for v in [Variant::Pacifist, Variant::Pacifist2] {
            let p = pos("8/8/8/8/8/8/8/K6K b - - 0 1", v);
            assert!(evaluate(&p) < -3000, "{v}: {}", evaluate(&p));
            let q = pos("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK b - - 0 1", v);
            assert!(evaluate(&q) < -3000, "{v}: {}", evaluate(&q));
        }
    }

    #[test]
    fn extra_queen_is_good() {
        for v in [Variant::Pacifist, Variant::Pacifist2] {
            let p = pos(
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                v,
            );
            assert!(evaluate(&p) > 600, "{v}: {}", evaluate(&p));
            let p = pos(
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
                v,
            );
            assert!(evaluate(&p) < -600, "{v}: {}", evaluate(&p));
        }
    }

    #[test]
    fn one_away_and_pressure_signs() {
        // Both rooks are attacked once and supported once (by their kings).
        let p = pos("4k3/4r3/8/4R3/3K4/8/8/8 w - - 0 1", Variant::Pacifist);
        let inf = Influence::<5>::compute::<Count>(&p);
        let (t, a) = analyse::<5>(&p, &inf, &COUNT_PARAMS);
        assert!(a.one_away[1].contains(Square::parse("e7").unwrap()));
        assert!(a.one_away[0].contains(Square::parse("e5").unwrap()));
        // Each side counts the other's one-away rook for itself (the
        // weights, tip_stm and tip_wait, are the data's to set).
        assert!(t.t[ONE_AWAY][0] > 0);
        assert!(t.t[ONE_AWAY][1] > 0);
        // Enemy pieces around the king are pressure.
        let calm = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Variant::Pacifist);
        let pressed = pos("4k3/8/8/8/8/2n5/8/4K3 w - - 0 1", Variant::Pacifist);
        let pc = analyse::<5>(
            &calm,
            &Influence::<5>::compute::<Count>(&calm),
            &COUNT_PARAMS,
        )
        .0;
        let pp = analyse::<5>(
            &pressed,
            &Influence::<5>::compute::<Count>(&pressed),
            &COUNT_PARAMS,
        )
        .0;
        assert!(pp.t[KING_PRESSURE][0] < pc.t[KING_PRESSURE][0]);
    }

    #[test]
    fn mirror_is_symmetric_on_rule_examples() {
        for (fen, v) in [
            (
                "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
                Variant::Pacifist,
            ),
            (
                "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
                Variant::Pacifist2,
            ),
            ("8/8/8/8/8/8/8/K6K b - - 0 1", Variant::Pacifist),
        ] {
            let p = pos(fen, v);
            assert_eq!(evaluate(&p), evaluate(&mirror(&p)), "{fen}");
        }
    }

    #[test]
    fn explain_has_the_map() {
        let p = pos("4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1", Variant::Pacifist);
        let text = explain_any(&p);
        assert!(text.contains("Influence map"), "{text}");
        assert!(text.contains("q0/2!"), "{text}");
        assert!(text.contains("w1:0"), "{text}");
        for name in TERM_NAMES {
            assert!(text.contains(name), "{text}");
        }
        // 8 board rows.
        for r in 1..=8 {
            assert!(
                text.lines().any(|l| l.starts_with(&format!("{r}  "))),
                "{text}"
            );
        }
        let p2 = pos(
            "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
            Variant::Pacifist2,
        );
        let text = explain_any(&p2);
        assert!(text.contains("king = 1000"), "{text}");
    }
}
