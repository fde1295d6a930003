//! Perft by turns (docs/rules.md §5.4): every (white, black) pair of candidates
//! counts; a finished game (repetition aside) has no successors. The
//! counting itself (threads, table) is the shared one of `crate::perft`.

use super::{table::IDENTITY_WORDS, Node, Perft, NEVER};
use crate::board::Color;
use crate::rules::apocalypse::resolve::has_sure_candidate;
use crate::rules::apocalypse::{ApocalypsePosition, Ply};
use std::sync::atomic::AtomicBool;

impl Node for ApocalypsePosition {
    /// A turn has hundreds of pairs: a subtree of depth 2 is tens of
    /// thousands of resolutions.
    const SPLIT_DEPTH: u32 = 3;

    #[inline]
    fn leaves(&self) -> u64 {
        with_turn(self, |white, black| (white.len() * black.len()) as u64).unwrap_or(0)
    }

    #[inline]
    fn for_each_child(&self, mut f: impl FnMut(&Self)) {
        with_turn(self, |white, black| {
            for &w in white {
                for &b in black {
                    f(&self.resolve(w, b));
                }
            }
        });
    }

    fn clone_node(&self) -> Self {
        *self
    }

    #[inline]
    fn key(&self) -> u64 {
        // No Zobrist key in apocalypse: a mix of the identity (the table
        // compares the identity whole anyway).
        self.identity().iter().fold(0x9E37_79B9_7F4A_7C15, |h, &w| {
            (h ^ w).wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(29)
        })
    }

    /// The placement and the penalties: the turn number changes no move
    /// (docs/rules.md §5.2, §5.3). The last word's top bit tells it from an 8x8
    /// position's identity.
    #[inline]
    fn identity(&self) -> [u64; IDENTITY_WORDS] {
        let (pieces, penalties) = self.repetition_key();
        let side = |c: [u32; 2]| c[0] as u64 | (c[1] as u64) << 32;
        [
            side(pieces[0]),
            side(pieces[1]),
            0,
            0,
            1 << 55 | (penalties[0] as u64) << 8 | penalties[1] as u64,
        ]
    }
}

/// `f` of both sides' candidates, each generated once, unless the game
/// has ended ([`ApocalypsePosition::terminal`] without generating them
/// twice).
#[inline]
fn with_turn<T>(pos: &ApocalypsePosition, f: impl FnOnce(&[Ply], &[Ply]) -> T) -> Option<T> {
    if pos.material_end().is_some() {
        return None;
    }
    let white = pos.candidates(Color::White);
    if !has_sure_candidate(&white) {
        return None;
    }
    let black = pos.candidates(Color::Black);
    if !has_sure_candidate(&black) {
        return None;
    }
    Some(f(&white, &black))
}

/// Leaf count at `depth` turns, on one thread.
pub fn perft(pos: &ApocalypsePosition, depth: u32) -> u64 {
    Perft::single().count(pos, depth, &NEVER)
}

/// `("wmove bmove", count)` for every pair, sorted as strings; partial
/// once `stop` is set.
pub fn divide(
    perft: &Perft,
    pos: &ApocalypsePosition,
    depth: u32,
    stop: &AtomicBool,
) -> Vec<(String, u64)> {
    let mut children = Vec::new();
    if pos.terminal().is_none() {
        for &w in &pos.candidates(Color::White) {
            for &b in &pos.candidates(Color::Black) {
                children.push((format!("{w} {b}"), pos.resolve(w, b)));
            }
        }
    }
    let mut out = perft.divide(children, depth, stop);
    out.sort();
    out
}
