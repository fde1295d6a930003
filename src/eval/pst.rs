//! Piece-square tables: the chess (also subversion) and pacifist
//! evaluations keep theirs in their parameter tables (`tuned/*.rs`),
//! written from White's point of view with rank 8 on the first line (as a
//! diagram reads). [`index`] maps a square of either colour into them, so
//! Black uses the vertically mirrored table.

use crate::board::{Color, Square};

/// The table index of `sq` for a piece of colour `c`.
#[inline]
pub fn index(c: Color, sq: Square) -> usize {
    match c {
        Color::White => sq.index() ^ 56,
        Color::Black => sq.index(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_reads_the_diagram_black_mirrors_it() {
        let e2 = Square::parse("e2").unwrap();
        // Rank 2 is the seventh line of a diagram (index 48 + file).
        assert_eq!(index(Color::White, e2), 52);
        assert_eq!(index(Color::Black, Square::parse("e7").unwrap()), 52);
    }
}
