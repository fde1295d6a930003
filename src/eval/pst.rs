//! Piece-square tables, written from White's point of view with rank 8 on
//! the first line (as a diagram reads). [`index`] maps a square of either
//! colour into them, so Black uses the vertically mirrored table.

use crate::board::{Color, Square};

/// The table index of `sq` for a piece of colour `c`.
#[inline]
pub fn index(c: Color, sq: Square) -> usize {
    match c {
        Color::White => sq.index() ^ 56,
        Color::Black => sq.index(),
    }
}

pub type Table = [i16; 64];

// ---- orthodox chess (also subversion): middlegame / endgame ------------

#[rustfmt::skip]
pub const PAWN_MG: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
     30,  35,  35,  40,  40,  35,  35,  30,
     12,  16,  22,  30,  30,  22,  16,  12,
      2,   6,  10,  22,  22,  10,   6,   2,
     -2,   0,   6,  18,  18,   6,   0,  -2,
     -2,   2,   2,   6,   6,  -2,   2,  -2,
     -4,   4,   4, -12, -12,   8,   8,  -4,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
pub const PAWN_EG: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
     45,  50,  50,  50,  50,  50,  50,  45,
     28,  32,  32,  32,  32,  32,  32,  28,
     14,  18,  18,  18,  18,  18,  18,  14,
      4,   8,   8,   8,   8,   8,   8,   4,
     -2,   0,   0,   0,   0,   0,   0,  -2,
     -4,  -2,  -2,  -2,  -2,  -2,  -2,  -4,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
pub const KNIGHT_MG: Table = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -15,   0,   6,   6,   0, -15, -30,
    -20,   5,  15,  20,  20,  15,   5, -20,
    -15,   6,  20,  25,  25,  20,   6, -15,
    -15,   0,  15,  20,  20,  15,   0, -15,
    -20,   2,  10,  12,  12,  10,   2, -20,
    -30, -15,   0,   4,   4,   0, -15, -30,
    -50, -28, -22, -18, -18, -22, -28, -50,
];

#[rustfmt::skip]
pub const KNIGHT_EG: Table = [
    -40, -28, -20, -16, -16, -20, -28, -40,
    -25, -12,   0,   4,   4,   0, -12, -25,
    -18,   2,  10,  14,  14,  10,   2, -18,
    -14,   4,  14,  18,  18,  14,   4, -14,
    -14,   4,  14,  18,  18,  14,   4, -14,
    -18,   2,  10,  14,  14,  10,   2, -18,
    -25, -12,   0,   4,   4,   0, -12, -25,
    -40, -28, -20, -16, -16, -20, -28, -40,
];

#[rustfmt::skip]
pub const BISHOP_MG: Table = [
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,  10,  10,   5,   0, -10,
     -8,   5,   8,  12,  12,   8,   5,  -8,
     -6,   4,  10,  12,  12,  10,   4,  -6,
     -6,  10,   8,   8,   8,   8,  10,  -6,
     -8,  12,   4,   4,   4,   4,  12,  -8,
    -20, -10, -12, -10, -10, -12, -10, -20,
];

#[rustfmt::skip]
pub const BISHOP_EG: Table = [
    -14,  -8,  -6,  -4,  -4,  -6,  -8, -14,
     -8,  -2,   0,   2,   2,   0,  -2,  -8,
     -6,   0,   4,   6,   6,   4,   0,  -6,
     -4,   2,   6,   8,   8,   6,   2,  -4,
     -4,   2,   6,   8,   8,   6,   2,  -4,
     -6,   0,   4,   6,   6,   4,   0,  -6,
     -8,  -2,   0,   2,   2,   0,  -2,  -8,
    -14,  -8,  -6,  -4,  -4,  -6,  -8, -14,
];

#[rustfmt::skip]
pub const ROOK_MG: Table = [
      5,   8,   8,  10,  10,   8,   8,   5,
     15,  20,  20,  20,  20,  20,  20,  15,
      0,   2,   4,   4,   4,   4,   2,   0,
     -4,   0,   0,   2,   2,   0,   0,  -4,
     -6,   0,   0,   0,   0,   0,   0,  -6,
     -8,  -2,   0,   0,   0,   0,  -2,  -8,
    -10,  -4,   0,   0,   0,   0,  -4, -10,
     -4,   0,   4,   8,   8,   6,   0,  -4,
];

#[rustfmt::skip]
pub const ROOK_EG: Table = [
      4,   4,   4,   4,   4,   4,   4,   4,
     10,  12,  12,  12,  12,  12,  12,  10,
      2,   2,   2,   2,   2,   2,   2,   2,
      0,   0,   0,   0,   0,   0,   0,   0,
     -2,   0,   0,   0,   0,   0,   0,  -2,
     -4,  -2,   0,   0,   0,   0,  -2,  -4,
     -6,  -4,  -2,  -2,  -2,  -2,  -4,  -6,
     -6,  -2,   0,   0,   0,   0,  -2,  -6,
];

#[rustfmt::skip]
pub const QUEEN_MG: Table = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
     -5,   0,   5,   5,   5,   5,   0,  -5,
     -5,   0,   5,   5,   5,   5,   0,  -5,
    -10,   2,   5,   5,   5,   5,   0, -10,
    -10,   0,   2,   0,   0,   0,   0, -10,
    -20, -10, -10,  -2,  -5, -10, -10, -20,
];

#[rustfmt::skip]
pub const QUEEN_EG: Table = [
    -20, -12,  -8,  -6,  -6,  -8, -12, -20,
    -12,  -4,   0,   2,   2,   0,  -4, -12,
     -8,   0,   8,  10,  10,   8,   0,  -8,
     -6,   2,  10,  14,  14,  10,   2,  -6,
     -6,   2,  10,  14,  14,  10,   2,  -6,
     -8,   0,   8,  10,  10,   8,   0,  -8,
    -12,  -4,   0,   2,   2,   0,  -4, -12,
    -20, -12,  -8,  -6,  -6,  -8, -12, -20,
];

#[rustfmt::skip]
pub const KING_MG: Table = [
    -60, -60, -60, -60, -60, -60, -60, -60,
    -50, -50, -50, -50, -50, -50, -50, -50,
    -40, -45, -45, -50, -50, -45, -45, -40,
    -35, -40, -40, -45, -45, -40, -40, -35,
    -25, -30, -30, -40, -40, -30, -30, -25,
    -10, -20, -20, -25, -25, -20, -20, -10,
     15,  12,  -5, -12, -12,  -5,  12,  15,
     18,  30,  10,  -5,   0,   8,  30,  20,
];

#[rustfmt::skip]
pub const KING_EG: Table = [
    -50, -30, -20, -15, -15, -20, -30, -50,
    -25, -10,   0,   5,   5,   0, -10, -25,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -20,   5,  20,  28,  28,  20,   5, -20,
    -20,   5,  20,  28,  28,  20,   5, -20,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -30, -15,   0,   5,   5,   0, -15, -30,
    -50, -35, -25, -20, -20, -25, -35, -50,
];

/// Middlegame tables by piece kind index (pawn .. king).
pub const CHESS_MG: [&Table; 6] = [
    &PAWN_MG, &KNIGHT_MG, &BISHOP_MG, &ROOK_MG, &QUEEN_MG, &KING_MG,
];
/// Endgame tables by piece kind index (pawn .. king).
pub const CHESS_EG: [&Table; 6] = [
    &PAWN_EG, &KNIGHT_EG, &BISHOP_EG, &ROOK_EG, &QUEEN_EG, &KING_EG,
];

// ---- pacifist variants ----------------------------------------------------
//
// Nothing is ever captured, so there is no game phase. Pawns gain by
// advancing (promotion adds a piece to the board), minor pieces like the
// centre, where they influence the most squares; the king is both a
// target and, with its eight neighbours, a persuader, so it is kept away
// from the edges only mildly.

#[rustfmt::skip]
pub const PAC_PAWN: Table = [
      0,   0,   0,   0,   0,   0,   0,   0,
     70,  75,  75,  75,  75,  75,  75,  70,
     36,  40,  40,  42,  42,  40,  40,  36,
     16,  20,  22,  26,  26,  22,  20,  16,
      4,   8,  12,  16,  16,  12,   8,   4,
      0,   2,   4,   6,   6,   4,   2,   0,
      0,   0,   0,  -4,  -4,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
pub const PAC_KNIGHT: Table = [
    -30, -20, -14, -10, -10, -14, -20, -30,
    -18,  -6,   2,   6,   6,   2,  -6, -18,
    -12,   4,  12,  16,  16,  12,   4, -12,
    -10,   6,  16,  20,  20,  16,   6, -10,
    -10,   6,  16,  20,  20,  16,   6, -10,
    -12,   4,  12,  16,  16,  12,   4, -12,
    -18,  -6,   2,   6,   6,   2,  -6, -18,
    -30, -20, -14, -10, -10, -14, -20, -30,
];

#[rustfmt::skip]
pub const PAC_BISHOP: Table = [
    -12,  -6,  -6,  -4,  -4,  -6,  -6, -12,
     -6,   2,   2,   4,   4,   2,   2,  -6,
     -6,   2,   6,   8,   8,   6,   2,  -6,
     -4,   4,   8,  10,  10,   8,   4,  -4,
     -4,   4,   8,  10,  10,   8,   4,  -4,
     -6,   2,   6,   8,   8,   6,   2,  -6,
     -6,   2,   2,   4,   4,   2,   2,  -6,
    -12,  -6,  -6,  -4,  -4,  -6,  -6, -12,
];

#[rustfmt::skip]
pub const PAC_ROOK: Table = [
      4,   6,   6,   6,   6,   6,   6,   4,
      8,  10,  10,  10,  10,  10,  10,   8,
      0,   2,   2,   2,   2,   2,   2,   0,
     -2,   0,   0,   2,   2,   0,   0,  -2,
     -2,   0,   0,   2,   2,   0,   0,  -2,
     -2,   0,   0,   0,   0,   0,   0,  -2,
     -4,   0,   0,   0,   0,   0,   0,  -4,
     -4,   0,   2,   4,   4,   2,   0,  -4,
];

#[rustfmt::skip]
pub const PAC_QUEEN: Table = [
    -12,  -8,  -6,  -4,  -4,  -6,  -8, -12,
     -8,  -2,   0,   2,   2,   0,  -2,  -8,
     -6,   0,   4,   6,   6,   4,   0,  -6,
     -4,   2,   6,   8,   8,   6,   2,  -4,
     -4,   2,   6,   8,   8,   6,   2,  -4,
     -6,   0,   4,   6,   6,   4,   0,  -6,
     -8,  -2,   0,   2,   2,   0,  -2,  -8,
    -12,  -8,  -6,  -4,  -4,  -6,  -8, -12,
];

#[rustfmt::skip]
pub const PAC_KING: Table = [
    -20, -14, -10, -10, -10, -10, -14, -20,
    -14,  -6,  -2,   0,   0,  -2,  -6, -14,
    -10,  -2,   2,   4,   4,   2,  -2, -10,
    -10,   0,   4,   6,   6,   4,   0, -10,
    -10,   0,   4,   6,   6,   4,   0, -10,
    -10,  -2,   2,   4,   4,   2,  -2, -10,
    -14,  -6,  -2,   0,   0,  -2,  -6, -14,
    -20, -14, -10, -10, -10, -10, -14, -20,
];

/// Pacifist tables by piece kind index (pawn .. king).
pub const PACIFIST: [&Table; 6] = [
    &PAC_PAWN,
    &PAC_KNIGHT,
    &PAC_BISHOP,
    &PAC_ROOK,
    &PAC_QUEEN,
    &PAC_KING,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The symmetric tables are left-right symmetric (the eval's colour
    /// symmetry needs only the vertical mirror, but a lopsided typo in a
    /// table that should be symmetric is worth catching).
    #[test]
    fn symmetric_tables_are_symmetric() {
        for t in [
            &KNIGHT_EG,
            &BISHOP_EG,
            &QUEEN_EG,
            &KING_EG,
            &PAC_KNIGHT,
            &PAC_BISHOP,
            &PAC_QUEEN,
            &PAC_KING,
            &PAC_ROOK,
            &PAC_PAWN,
        ] {
            for r in 0..8 {
                for f in 0..4 {
                    assert_eq!(t[r * 8 + f], t[r * 8 + 7 - f], "rank row {r} file {f}");
                }
            }
        }
    }
}
