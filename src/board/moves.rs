//! The move of an 8x8 variant, packed in 32 bits, and the stack move list.
//!
//! Layout: bits 0-5 `from`, 6-11 `to`, 12-14 [`MoveKind`], 15-17 promotion
//! piece. Castling is stored as king-takes-own-rook (`to` = rook square),
//! which is unambiguous also for Chess960 starts. A subversion (docs/rules.md §4)
//! stores the target in `to` and up to three payment squares in `from`
//! and bits 18-23 / 24-29; bits 30-31 count them, and a flag in the
//! promotion field marks "plus all of the mover's pawns".

use super::position::castle_king_destination;
use super::types::{PieceKind, Square};
use arrayvec::ArrayVec;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal = 0,
    DoublePush = 1,
    EnPassant = 2,
    Castle = 3,
    Promotion = 4,
    Subversion = 5,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    pub const NULL: Move = Move(0);

    #[inline]
    fn pack(from: Square, to: Square, kind: MoveKind) -> u32 {
        from.index() as u32 | (to.index() as u32) << 6 | (kind as u32) << 12
    }

    #[inline]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(Self::pack(from, to, kind))
    }

    #[inline]
    pub fn promotion(from: Square, to: Square, piece: PieceKind) -> Move {
        Move(Self::pack(from, to, MoveKind::Promotion) | (piece.index() as u32) << 15)
    }

    /// Castling: the king on `king` with its own rook on `rook`.
    #[inline]
    pub fn castle(king: Square, rook: Square) -> Move {
        Move::new(king, rook, MoveKind::Castle)
    }

    /// A subversion of `target`, paid with `payment` (1 to 3 squares,
    /// sorted) and, when `all_pawns`, all of the mover's pawns as well.
    pub fn subversion(target: Square, payment: &[Square], all_pawns: bool) -> Move {
        debug_assert!((1..=3).contains(&payment.len()));
        let mut bits = Self::pack(payment[0], target, MoveKind::Subversion);
        for (i, sq) in payment.iter().enumerate().skip(1) {
            bits |= (sq.index() as u32) << (12 + 6 * i);
        }
        bits |= (payment.len() as u32 - 1) << 30;
        if all_pawns {
            bits |= 1 << 15;
        }
        Move(bits)
    }

    #[inline]
    pub fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline]
    pub fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    #[inline]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 12 & 7 {
            0 => MoveKind::Normal,
            1 => MoveKind::DoublePush,
            2 => MoveKind::EnPassant,
            3 => MoveKind::Castle,
            4 => MoveKind::Promotion,
            _ => MoveKind::Subversion,
        }
    }

    /// The promotion piece of a promotion.
    #[inline]
    pub fn promotion_piece(self) -> Option<PieceKind> {
        (self.kind() == MoveKind::Promotion)
            .then(|| PieceKind::from_index((self.0 >> 15 & 7) as usize))
    }

    /// The explicitly listed payment squares of a subversion.
    pub fn payment(self) -> ArrayVec<Square, 3> {
        let mut out = ArrayVec::new();
        if self.kind() == MoveKind::Subversion {
            let n = (self.0 >> 30) as usize + 1;
            out.push(self.from());
            for i in 1..n {
                out.push(Square::new((self.0 >> (12 + 6 * i) & 63) as u8));
            }
        }
        out
    }

    /// Whether a subversion's payment also takes all of the mover's pawns.
    #[inline]
    pub fn pays_all_pawns(self) -> bool {
        self.kind() == MoveKind::Subversion && self.0 >> 15 & 1 != 0
    }

    #[inline]
    pub fn is_null(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }

    /// The move with the given packed bits (from [`Move::raw`]); only
    /// meaningful for bits that came from a move.
    #[inline]
    pub fn from_raw(bits: u32) -> Move {
        Move(bits)
    }

    /// The move in UCI coordinate notation (docs/rules.md §2.7.1): `e2e4`, `e7e8q`.
    /// Castling is king-takes-rook (`e1h1`) when `chess960`, else
    /// king-to-destination (`e1g1`) where the king travels two or more
    /// files, and king-takes-rook otherwise (there king-to-destination would
    /// look like a king step). A subversion has a notation of its own
    /// (docs/rules.md §4.4), which its rules write.
    pub fn coordinate_notation(self, chess960: bool) -> String {
        match self.kind() {
            MoveKind::Promotion => format!(
                "{}{}{}",
                self.from(),
                self.to(),
                self.promotion_piece().map_or('?', |k| k.letter())
            ),
            MoveKind::Castle => {
                let dest = castle_king_destination(self.from(), self.to());
                if !chess960 && self.from().file().abs_diff(dest.file()) >= 2 {
                    format!("{}{}", self.from(), dest)
                } else {
                    format!("{}{}", self.from(), self.to())
                }
            }
            _ => format!("{}{}", self.from(), self.to()),
        }
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}:{:?}", self.from(), self.to(), self.kind())
    }
}

/// Upper bound on legal moves; subversion payments can exceed chess's 218.
pub const MAX_MOVES: usize = 1024;

pub type MoveList = ArrayVec<Move, MAX_MOVES>;
