//! What [`crate::board::Position`] cannot know by itself (which FENs are
//! positions of the variant) is asked of the rules of its variant here,
//! through [`with_rules!`].

use super::{Rules, Variant};
use crate::board::fen::FenReader;
use crate::board::{FenError, Position};
use crate::variant::BoardVariant;
use crate::with_rules;

impl Position {
    /// The start position of an 8x8 variant (RULES.md 1-4).
    pub fn startpos(variant: BoardVariant) -> Position {
        let variant = Variant::from(variant);
        Position::from_fen(variant.start_fen(), variant).expect("start FEN is valid")
    }

    /// Parses a FEN of an 8x8 variant. The halfmove and fullmove fields may
    /// be omitted (EPD style); everything else is checked, the syntax by
    /// the board and the rest by the variant's rules ([`Rules::validate`]),
    /// and a bad field gives an error naming it.
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Position, FenError> {
        let Some(board) = variant.board() else {
            return Err(FenError::new(
                "apocalypse is played on its own 5x5 board, not an 8x8 position",
            ));
        };
        with_rules!(board, R => read_fen::<R>(fen, board))
    }
}

/// The checks alternate between board and rules in the order of the FEN's
/// fields, so that a FEN with several faults reports the first one: the
/// fields, placement and side to move (board), the material (rules), the
/// castling rights, en passant square and clocks (board), then what the
/// complete position must satisfy (rules).
fn read_fen<R: Rules>(fen: &str, variant: BoardVariant) -> Result<Position, FenError> {
    let reader = FenReader::new(fen, variant)?;
    R::validate_material(reader.position())?;
    let mut pos = reader.finish(R::CASTLING_PIECES)?;
    R::validate(&mut pos)?;
    Ok(pos)
}
