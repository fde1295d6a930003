//! The shared, lock-free transposition table. Each slot holds two atomic
//! words, `key ^ data` and `data` (Hyatt's lockless hashing): a slot torn
//! by a concurrent write fails the key check and reads as a miss.

use crate::board::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Move,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    generation: AtomicU8,
}

const SLOT_BYTES: usize = 16;

/// The memory available for new allocations, in MiB, where the system
/// says (Linux: `MemAvailable` in /proc/meminfo).
fn available_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Why a hash table of the size asked for cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HashError {
    /// More than the memory the system reports available: the allocator
    /// would promise it (overcommit) and the out-of-memory killer come.
    #[error("cannot allocate a {mib} MiB hash table: {free} MiB of memory available")]
    MemoryAvailable { mib: usize, free: usize },
    #[error("cannot allocate a {mib} MiB hash table")]
    Allocation { mib: usize },
}

impl TranspositionTable {
    /// A table of about `mib` MiB (at least 1024 slots).
    pub fn new(mib: usize) -> TranspositionTable {
        Self::try_new(mib).unwrap_or_else(|_| Self::try_new(1).expect("a 1 MiB table"))
    }

    /// A table of about `mib` MiB, or an error when the memory is not there.
    pub fn try_new(mib: usize) -> Result<TranspositionTable, HashError> {
        // The allocator promises more than there is (overcommit); filling
        // the table would then bring the out-of-memory killer instead of
        // an error.
        if let Some(free) = available_mib() {
            if mib > free {
                return Err(HashError::MemoryAvailable { mib, free });
            }
        }
        let count = (mib.max(1).saturating_mul(1024 * 1024) / SLOT_BYTES).max(1024);
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(count)
            .map_err(|_| HashError::Allocation { mib })?;
        slots.extend((0..count).map(|_| Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }));
        Ok(TranspositionTable {
            slots,
            generation: AtomicU8::new(0),
        })
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Called once per search so that old entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        let idx = ((key as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[idx]
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        if data == 0 || slot.check.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        unpack(data)
    }

    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let gen = self.generation.load(Ordering::Relaxed);
        let old = slot.data.load(Ordering::Relaxed);
        let same_key = slot.check.load(Ordering::Relaxed) ^ old == key;
        if old != 0 {
            let old_depth = (old >> 48 & 0xff) as i32 - 1;
            let old_gen = (old >> 58) as u8;
            let stale = old_gen != gen & 0x3f;
            if !stale && !same_key && old_depth > depth + 2 && bound != Bound::Exact {
                return;
            }
        }
        let mv = if mv.is_null() && same_key {
            unpack(old).map_or(mv, |e| e.mv)
        } else {
            mv
        };
        let data = mv.raw() as u64 & 0xffff_ffff
            | ((score.clamp(-32000, 32000) + 32768) as u64) << 32
            | ((depth.clamp(-1, 254) + 1) as u64) << 48
            | (bound as u64) << 56
            | ((gen & 0x3f) as u64) << 58;
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// Permille of slots written in the current generation (UCI hashfull).
    pub fn hashfull(&self) -> u32 {
        let gen = (self.generation.load(Ordering::Relaxed) & 0x3f) as u64;
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && d >> 58 == gen
            })
            .count();
        (used * 1000 / sample) as u32
    }
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match data >> 56 & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        mv: Move::from_raw(data as u32),
        score: (data >> 32 & 0xffff) as i32 - 32768,
        depth: (data >> 48 & 0xff) as i32 - 1,
        bound,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{MoveKind, Square};

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::new(12), Square::new(28), MoveKind::DoublePush);
        tt.store(0xdead_beef_1234, mv, -517, 7, Bound::Lower);
        let e = tt.probe(0xdead_beef_1234).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (mv, -517, 7, Bound::Lower)
        );
        assert!(tt.probe(0x1234).is_none());
    }
}
