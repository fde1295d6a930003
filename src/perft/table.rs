//! The table of hashed perft: (node, depth) → count, so that a subtree
//! reached by transposition is counted once.
//!
//! An entry holds the node's whole identity ([`super::Node::identity`]),
//! not only its key: a hit is a node equal to the one counted, so no
//! collision of keys can change a count. Threads share the table without
//! locks for reading: each entry is a sequence lock, whose counter is odd
//! while a writer fills the entry; a reader that sees it odd, or changed
//! across its reads, takes a miss, and a writer that finds the entry busy
//! skips the store. Either only costs a recount.

use std::sync::atomic::{fence, AtomicU64, Ordering};

/// Words of a node's identity.
pub const IDENTITY_WORDS: usize = 5;

/// The depth sits above the identity's 56 bits in its last word.
const DEPTH_SHIFT: u32 = 56;

/// Sequence, key, identity (its last word with the depth), count: one
/// cache line.
const ENTRY_WORDS: usize = 3 + IDENTITY_WORDS;

#[repr(align(64))]
#[derive(Default)]
struct Entry {
    words: [AtomicU64; ENTRY_WORDS],
}

const SEQ: usize = 0;
const KEY: usize = 1;
const ID: usize = 2;
const COUNT: usize = ID + IDENTITY_WORDS;

pub struct Table {
    entries: Vec<Entry>,
}

/// Why a perft table of the size asked for cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// More bytes than the address space holds.
    #[error("a perft table of {0} MiB is too large")]
    TooLarge(usize),
    #[error("cannot allocate a perft table of {0} MiB")]
    Allocation(usize),
}

impl Table {
    /// A table of `mib` MiB (at least one entry).
    pub fn new(mib: usize) -> Result<Table, TableError> {
        let bytes = mib.checked_mul(1 << 20).ok_or(TableError::TooLarge(mib))?;
        let len = (bytes / std::mem::size_of::<Entry>()).max(1);
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(len)
            .map_err(|_| TableError::Allocation(mib))?;
        entries.resize_with(len, Entry::default);
        Ok(Table { entries })
    }

    /// Entries in the table.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    #[inline]
    fn entry(&self, key: u64) -> &Entry {
        // The key's high bits scaled to the length: any length works.
        let i = ((key as u128 * self.entries.len() as u128) >> 64) as usize;
        &self.entries[i]
    }

    /// The last identity word with the depth above it; depths 2 and more
    /// are stored, so an empty entry (all zero) matches nothing. `None`
    /// for a depth that does not fit (no count that deep ever ends).
    #[inline]
    fn tagged(identity: &[u64; IDENTITY_WORDS], depth: u32) -> Option<[u64; IDENTITY_WORDS]> {
        debug_assert!(identity[IDENTITY_WORDS - 1] >> DEPTH_SHIFT == 0);
        if depth >= 1 << (64 - DEPTH_SHIFT) {
            return None;
        }
        let mut id = *identity;
        id[IDENTITY_WORDS - 1] |= (depth as u64) << DEPTH_SHIFT;
        Some(id)
    }

    /// The count stored for the node `identity` (hashed to `key`) at `depth`.
    #[inline]
    pub fn probe(&self, key: u64, identity: &[u64; IDENTITY_WORDS], depth: u32) -> Option<u64> {
        let e = &self.entry(key).words;
        let id = Self::tagged(identity, depth)?;
        let seq = e[SEQ].load(Ordering::Acquire);
        if seq & 1 == 1 || e[KEY].load(Ordering::Relaxed) != key {
            return None;
        }
        for (i, &w) in id.iter().enumerate() {
            if e[ID + i].load(Ordering::Relaxed) != w {
                return None;
            }
        }
        let count = e[COUNT].load(Ordering::Relaxed);
        // The reads above saw one writer's words only if no writer began
        // since `seq` was read.
        fence(Ordering::Acquire);
        (e[SEQ].load(Ordering::Relaxed) == seq).then_some(count)
    }

    /// Keeps `count` for the node at `depth`, replacing what the entry
    /// held; skipped while another thread writes the entry.
    #[inline]
    pub fn store(&self, key: u64, identity: &[u64; IDENTITY_WORDS], depth: u32, count: u64) {
        let Some(id) = Self::tagged(identity, depth) else {
            return;
        };
        let e = &self.entry(key).words;
        let seq = e[SEQ].load(Ordering::Relaxed);
        if seq & 1 == 1
            || e[SEQ]
                .compare_exchange(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        // No word below may be seen before the sequence turned odd.
        fence(Ordering::Release);
        e[KEY].store(key, Ordering::Relaxed);
        for (i, w) in id.into_iter().enumerate() {
            e[ID + i].store(w, Ordering::Relaxed);
        }
        e[COUNT].store(count, Ordering::Relaxed);
        e[SEQ].store(seq + 2, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_count_is_found_only_for_the_same_identity_and_depth() {
        let t = Table::new(1).unwrap();
        assert_eq!(t.len(), (1 << 20) / 64);
        let id = [1, 2, 3, 4, 5];
        t.store(42, &id, 3, 1234);
        assert_eq!(t.probe(42, &id, 3), Some(1234));
        assert_eq!(t.probe(42, &id, 4), None);
        // The same key for another node (a collision) is a miss.
        assert_eq!(t.probe(42, &[1, 2, 3, 4, 6], 3), None);
        assert_eq!(t.probe(43, &id, 3), None);
        // An empty entry matches no node, not even one of zeros.
        assert_eq!(t.probe(0, &[0; 5], 2), None);
        // A depth too large for the tag is never kept (nor taken for
        // another depth).
        t.store(42, &id, 256 + 3, 99);
        assert_eq!(t.probe(42, &id, 256 + 3), None);
        assert_eq!(t.probe(42, &id, 3), Some(1234));
    }

    #[test]
    fn a_busy_entry_is_neither_read_nor_overwritten() {
        let t = Table::new(1).unwrap();
        let id = [7, 0, 0, 0, 1];
        t.store(9, &id, 2, 5);
        let e = &t.entry(9).words;
        e[SEQ].fetch_add(1, Ordering::Relaxed);
        assert_eq!(t.probe(9, &id, 2), None);
        t.store(9, &id, 2, 6);
        e[SEQ].fetch_add(1, Ordering::Relaxed);
        assert_eq!(t.probe(9, &id, 2), Some(5));
    }

    #[test]
    fn tables_too_large_are_refused() {
        assert!(Table::new(usize::MAX).is_err());
        assert_eq!(
            Table::new(usize::MAX).err(),
            Some(TableError::TooLarge(usize::MAX))
        );
    }
}
