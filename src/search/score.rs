//! Scores: mate distances, and how they are stored in the transposition
//! table and read back.

use super::tt::{self, Bound};
use super::{MATE, MATE_BOUND};
use crate::board::{Color, Outcome};

/// Score of a finished game for the side to move at `ply`.
pub(super) fn outcome_score(outcome: Outcome, side: Color, ply: usize) -> i32 {
    match outcome {
        Outcome::Draw(_) => 0,
        Outcome::Win(c, _) if c == side => MATE - ply as i32,
        Outcome::Win(..) => -MATE + ply as i32,
    }
}

pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a table entry if it settles the window `(alpha, beta)`.
pub(super) fn tt_cutoff(e: &tt::Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

/// What a search result `best` tells for the window it was searched with.
pub(super) fn bound_of(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}
