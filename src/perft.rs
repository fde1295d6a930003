//! Perft: counting the leaves of the legal move tree, the standard check
//! of a move generator (ENGINE.md "Command line"), and perft suites.

use crate::board::{MoveList, Position};
use crate::variants::Rules;
use crate::with_rules;

/// Leaf count at `depth` plies, bulk-counting the last ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    with_rules!(pos.board_variant(), R => perft_with::<R>(pos, depth))
}

fn perft_with<R: Rules>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    R::generate(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|&mv| perft_with::<R>(&R::play(pos, mv), depth - 1))
        .sum()
}

/// Per-move counts at `depth`, in generation order, with the move in the
/// notation given by `chess960`.
pub fn divide(pos: &Position, depth: u32, chess960: bool) -> Vec<(String, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let n = if depth <= 1 {
                1
            } else {
                perft(&pos.play(mv), depth - 1)
            };
            (pos.move_to_uci(mv, chess960), n)
        })
        .collect()
}
