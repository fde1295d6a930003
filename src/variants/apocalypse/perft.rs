//! Perft by turns (RULES.md 5.4): every (white, black) pair of candidates
//! counts; a finished game (repetition aside) has no successors.

use super::board::ApocalypsePosition;
use crate::board::Color;
use std::sync::atomic::{AtomicBool, Ordering};

/// Leaf count at `depth` turns.
pub fn perft(pos: &ApocalypsePosition, depth: u32) -> u64 {
    perft_until(pos, depth, &AtomicBool::new(false))
}

/// [`perft`] that gives up once `stop` is set (the count is then partial).
pub fn perft_until(pos: &ApocalypsePosition, depth: u32, stop: &AtomicBool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.terminal().is_some() {
        return 0;
    }
    let white = pos.candidates(Color::White);
    let black = pos.candidates(Color::Black);
    if depth == 1 {
        return (white.len() * black.len()) as u64;
    }
    if stop.load(Ordering::Relaxed) {
        return 0;
    }
    let mut total = 0;
    for &w in &white {
        for &b in &black {
            total += perft_until(&pos.resolve(w, b), depth - 1, stop);
        }
    }
    total
}

/// `("wmove bmove", count)` for every pair, sorted as strings; partial
/// once `stop` is set.
pub fn divide(pos: &ApocalypsePosition, depth: u32, stop: &AtomicBool) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    if pos.terminal().is_some() {
        return out;
    }
    for &w in &pos.candidates(Color::White) {
        for &b in &pos.candidates(Color::Black) {
            let n = perft_until(&pos.resolve(w, b), depth.saturating_sub(1), stop);
            out.push((format!("{w} {b}"), n));
        }
    }
    out.sort();
    out
}
