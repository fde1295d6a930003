//! Perft: counting the leaves of the legal move tree, the standard check
//! of a move generator (ENGINE.md "Command line"), and perft suites.

use crate::board::{MoveList, Position};
use crate::variants::Rules;
use crate::with_rules;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that is never set, for counts nobody interrupts.
pub static NEVER: AtomicBool = AtomicBool::new(false);

/// Leaf count at `depth` plies, bulk-counting the last ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_until(pos, depth, &NEVER)
}

/// [`perft`] that gives up once `stop` is set: the count it returns then
/// is partial, and the caller, who set the flag, discards it.
pub fn perft_until(pos: &Position, depth: u32, stop: &AtomicBool) -> u64 {
    with_rules!(pos.board_variant(), R => perft_with::<R>(pos, depth, stop))
}

fn perft_with<R: Rules>(pos: &Position, depth: u32, stop: &AtomicBool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    R::generate(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    // Checked above the bulk-counted ply only, where it costs nothing
    // next to generating the moves.
    if stop.load(Ordering::Relaxed) {
        return 0;
    }
    list.iter()
        .map(|&mv| perft_with::<R>(&R::play(pos, mv), depth - 1, stop))
        .sum()
}

/// Per-move counts at `depth`, in generation order, with the move in the
/// notation given by `chess960`; partial once `stop` is set.
pub fn divide(pos: &Position, depth: u32, chess960: bool, stop: &AtomicBool) -> Vec<(String, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let n = if depth <= 1 {
                1
            } else {
                perft_until(&pos.play(mv), depth - 1, stop)
            };
            (pos.move_to_uci(mv, chess960), n)
        })
        .collect()
}
