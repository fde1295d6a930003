//! The evaluation cache: the static evaluations of recent positions,
//! shared by the search threads. Where evaluating is dear (the pacifist
//! variants count persuasion and support on every square), iterative
//! deepening and the quiescence search meet the same positions again and
//! again; a hit costs one memory read.

use crate::board::Position;
use std::sync::atomic::{AtomicU64, Ordering};

/// How many entries: 2^16 words of 8 bytes, half a MiB, which stays
/// mostly in the processor's caches.
const ENTRIES: usize = 1 << 16;

/// A lock-free, direct-mapped table of evaluations. Each entry is one
/// atomic word: 47 bits of the position's key, a bit that marks the
/// entry filled, and the score in 16 bits. A word is read or written
/// whole, so threads racing on an entry never see a torn one.
pub struct EvalCache {
    words: Vec<AtomicU64>,
}

/// Evaluations fit 16 bits ([`crate::eval::MAX_EVAL`] is 15,000).
const SCORE_BITS: u32 = 16;
const FILLED: u64 = 1 << SCORE_BITS;

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache {
            words: (0..ENTRIES).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl EvalCache {
    /// The static evaluation of `pos`, from the cache or from `evaluate`
    /// (then kept). The key is salted by the board's variant, whose rules
    /// evaluate the same pieces differently.
    #[inline]
    pub fn get_or(&self, pos: &Position, evaluate: impl FnOnce(&Position) -> i32) -> i32 {
        let key = pos.key() ^ SALT.wrapping_mul(pos.board_variant() as u64 + 1);
        let slot = &self.words[key as usize % ENTRIES];
        let check = (key >> (SCORE_BITS + 1)) << (SCORE_BITS + 1) | FILLED;
        let word = slot.load(Ordering::Relaxed);
        if word & !(FILLED - 1) == check {
            return i32::from(word as u16 as i16);
        }
        let score = evaluate(pos);
        debug_assert!(i16::try_from(score).is_ok(), "an evaluation beyond 16 bits");
        slot.store(check | u64::from(score as i16 as u16), Ordering::Relaxed);
        score
    }

    /// Forgets every evaluation.
    pub fn clear(&self) {
        for w in &self.words {
            w.store(0, Ordering::Relaxed);
        }
    }
}

/// An odd constant that spreads the variants' salts over the key's bits.
const SALT: u64 = 0x9E37_79B9_7F4A_7C15;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testutil::random_positions;
    use crate::eval::{evaluate, MAX_EVAL};
    use crate::Variant;
    use std::cell::Cell;

    #[test]
    fn a_cached_evaluation_is_the_evaluation() {
        let cache = EvalCache::default();
        for variant in [Variant::Pacifist, Variant::Pacifist2, Variant::Chess] {
            for pos in random_positions(variant, 20, 80, 11) {
                let calls = Cell::new(0);
                let count = |p: &Position| {
                    calls.set(calls.get() + 1);
                    evaluate(p)
                };
                assert_eq!(cache.get_or(&pos, count), evaluate(&pos));
                assert_eq!(cache.get_or(&pos, count), evaluate(&pos));
                assert!(calls.get() <= 1, "{}", pos.to_fen());
            }
        }
    }

    #[test]
    fn the_extreme_scores_survive_the_cache() {
        let cache = EvalCache::default();
        let pos = random_positions(Variant::Pacifist, 1, 10, 3)[0];
        for score in [MAX_EVAL, -MAX_EVAL, 0, -1] {
            cache.clear();
            assert_eq!(cache.get_or(&pos, |_| score), score);
            assert_eq!(cache.get_or(&pos, |_| 7), score);
        }
    }

    #[test]
    fn the_variant_salts_the_key() {
        let cache = EvalCache::default();
        let chess = Position::startpos(crate::BoardVariant::Chess);
        let pacifist = Position::from_fen(&chess.to_fen(), Variant::Pacifist).unwrap();
        assert_eq!(chess.key(), pacifist.key());
        assert_eq!(cache.get_or(&chess, |_| 5), 5);
        assert_eq!(cache.get_or(&pacifist, |_| 9), 9);
    }
}
