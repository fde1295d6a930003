//! Subversion (docs/rules.md §4): the chess evaluation plus the terms of the
//! conversion move. An enemy piece T (not a king) can be subverted for one
//! of our pawns when one of our non-pawn men (N, B, R, Q or K) stands next
//! to it, T is not next to its own king and T does not give check. So:
//!
//! * pawns are currency: owning one makes every such target a threat, and
//!   each pawn pays for one subversion ("Pawn currency");
//! * "Subversion threats": every enemy target next to one of our men while
//!   we own a pawn; the side to move can subvert the best one at once;
//! * "King shield": pieces next to their own king cannot be subverted.

use super::chess::{self, format_terms, Terms, CURRENCY, KING_SHIELD, N_TERMS, SUBVERSION_THREATS};
use super::table::{Field, Table};
use super::{s, Tapered};
use crate::board::attacks::king_attacks;
use crate::board::{Bitboard, Color, PieceKind, Position};

/// The weights of the subversion evaluation: a copy of the chess table
/// and the subversion terms, the parameter table that `turncoat tune`
/// sets from self-play data. The values live in `tuned/subversion.rs`,
/// written by the tuner and included here.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub chess: chess::Params,
    /// Bonus per own pawn, and for owning at least one (subversions
    /// possible).
    pub pawn_currency: Tapered,
    pub has_currency: Tapered,
    /// Per enemy target next to one of our men, by kind (pawn to queen),
    /// while we own a pawn.
    pub threat: [Tapered; 5],
    /// The side to move can subvert its best target now: this percentage
    /// of the swing, less the pawn paid.
    pub now: i32,
    /// Per own piece next to its own king (immune), by kind (pawn to
    /// queen).
    pub shielded: [Tapered; 5],
}

const MEN: [&str; 5] = ["pawn", "knight", "bishop", "rook", "queen"];

// SAFETY: `#[repr(C)]`, integers, `Tapered`s and a nested table only.
unsafe impl Table for Params {
    const TYPE_NAME: &'static str = "Params";
    fn fields(&self) -> Vec<Field<'_>> {
        vec![
            Field::nested("chess", "chess::Params", &self.chess),
            Field::tapered("pawn_currency", &self.pawn_currency),
            Field::tapered("has_currency", &self.has_currency),
            Field::tapered_array("threat", &MEN, &self.threat),
            Field::scalar("now", &self.now),
            Field::tapered_array("shielded", &MEN, &self.shielded),
        ]
    }
}

/// The table the build plays with.
pub const PARAMS: Params = include!("tuned/subversion.rs");

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The squares next to (or on) a square of `b`.
#[inline]
fn neighbourhood(b: Bitboard) -> Bitboard {
    let b = b.0;
    let row = b | ((b >> 1) & !FILE_H) | ((b << 1) & !FILE_A);
    Bitboard(row | (row << 8) | (row >> 8))
}

/// The subversion evaluation from White's point of view.
#[inline]
pub fn evaluate_white(pos: &Position) -> i32 {
    evaluate_white_with(pos, &PARAMS)
}

/// [`evaluate_white`] with other parameters (the tuner's).
#[inline]
pub fn evaluate_white_with(pos: &Position, p: &Params) -> i32 {
    chess::finish(pos, &terms(pos, p), &p.chess)
}

/// The chess terms plus the subversion terms.
pub fn terms(pos: &Position, p: &Params) -> Terms {
    let mut t = chess::terms(pos, &p.chess);
    let stm = pos.side_to_move();
    let checkers = pos.checkers();
    for c in Color::ALL {
        let them = c.flip();
        let pawns = pos.pieces(c, PieceKind::Pawn);
        let n_pawns = pawns.count() as i32;
        if n_pawns > 0 {
            t.add(CURRENCY, c, p.pawn_currency * n_pawns + p.has_currency);
        }

        // Own pieces next to their own king are immune.
        if let Some(k) = pos.king_square(c) {
            let guarded = king_attacks(k) & pos.by_color(c);
            let mut v = Tapered::ZERO;
            for kind in PieceKind::ALL_BUT_KING {
                v += p.shielded[kind.index()] * (guarded & pos.by_kind(kind)).count() as i32;
            }
            t.add(KING_SHIELD, c, v);
        }

        // Enemy targets next to one of our non-pawn men.
        if n_pawns == 0 {
            continue;
        }
        let men = pos.by_color(c) - pawns;
        let immune = pos.king_square(them).map_or(Bitboard::EMPTY, king_attacks);
        let mut targets =
            (pos.by_color(them) & neighbourhood(men)) - pos.by_kind(PieceKind::King) - immune;
        if c == stm {
            // A checking piece costs more than a pawn to subvert.
            targets = targets - checkers;
        }
        if targets.is_empty() {
            continue;
        }
        let mut v = Tapered::ZERO;
        let mut best = Tapered::ZERO;
        for kind in PieceKind::ALL_BUT_KING {
            let n = (targets & pos.by_kind(kind)).count() as i32;
            if n > 0 {
                v += p.threat[kind.index()] * n;
                best = p.chess.value[kind.index()];
            }
        }
        if c == stm {
            let pawn = p.chess.value[PieceKind::Pawn.index()];
            v += s(
                (2 * best.mg - pawn.mg).max(0) * p.now / 100,
                (2 * best.eg - pawn.eg).max(0) * p.now / 100,
            );
        }
        t.add(SUBVERSION_THREATS, c, v);
    }
    t
}

/// The breakdown printed by the `eval` command.
pub fn explain(pos: &Position) -> String {
    let t = terms(pos, &PARAMS);
    format!(
        "{}\nFinal (white's view, drawish endings scaled): {} cp",
        format_terms(&t, N_TERMS),
        chess::finish(pos, &t, &PARAMS.chess)
    )
}

#[cfg(test)]
mod tests {
    use super::super::evaluate;
    use super::super::testutil::mirror;
    use super::*;
    use crate::Variant;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Variant::Subversion).unwrap()
    }

    #[test]
    fn neighbourhood_masks() {
        let a1 = Bitboard::from_square(crate::board::Square::parse("a1").unwrap());
        assert_eq!(neighbourhood(a1).count(), 4);
        let e4 = Bitboard::from_square(crate::board::Square::parse("e4").unwrap());
        assert_eq!(neighbourhood(e4).count(), 9);
    }

    #[test]
    fn threatened_queen_is_good_for_the_side_to_move() {
        // White knight d4 next to the black queen e5 (not giving check);
        // black king far away.
        let threat = pos("k7/8/8/4q3/3N4/8/P7/7K w - - 0 1");
        let t = terms(&threat, &PARAMS);
        assert!(t.t[SUBVERSION_THREATS][0].mg > 100);
        // Without a pawn to pay with, no threat.
        let broke = pos("k7/8/8/4q3/3N4/8/8/7K w - - 0 1");
        assert_eq!(
            terms(&broke, &PARAMS).t[SUBVERSION_THREATS][0],
            Tapered::ZERO
        );
        // Next to its own king, the queen is immune.
        let shielded = pos("8/8/5k2/4q3/3N4/8/P7/7K w - - 0 1");
        assert_eq!(
            terms(&shielded, &PARAMS).t[SUBVERSION_THREATS][0],
            Tapered::ZERO
        );
        assert!(terms(&shielded, &PARAMS).t[KING_SHIELD][1].mg > 0);
        assert!(evaluate(&threat) > evaluate(&broke));
    }

    #[test]
    fn extra_queen_is_good() {
        let p = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(evaluate(&p) > 700);
    }

    #[test]
    fn pawns_are_worth_more_than_in_chess() {
        let fen = "4k3/pp6/8/8/8/8/PPPP4/4K3 w - - 0 1";
        let sub = evaluate(&pos(fen));
        let chess = evaluate(&Position::from_fen(fen, Variant::Chess).unwrap());
        assert!(sub > chess, "{sub} vs {chess}");
    }

    #[test]
    fn mirror_is_symmetric() {
        for fen in [
            "k7/8/8/4q3/3N4/8/P7/7K w - - 0 1",
            "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1",
        ] {
            let p = pos(fen);
            assert_eq!(evaluate(&p), evaluate(&mirror(&p)), "{fen}");
        }
    }

    #[test]
    fn explain_lists_subversion_terms() {
        let text = super::super::explain(&pos("k7/8/8/4q3/3N4/8/P7/7K w - - 0 1"));
        assert!(text.contains("Subversion threats"), "{text}");
        assert!(text.contains("King shield"), "{text}");
    }
}
