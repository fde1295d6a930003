//! Static evaluation (material only until the per-variant evaluation lands).

use crate::board::{Color, PieceKind, Position};

const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let mut score = 0;
    for k in PieceKind::ALL {
        score += VALUES[k.index()]
            * (pos.pieces(Color::White, k).count() as i32
                - pos.pieces(Color::Black, k).count() as i32);
    }
    match pos.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    }
}

/// The evaluation's terms, for the `eval` command.
pub fn explain(pos: &Position) -> String {
    format!("material: {}", evaluate(pos))
}
