//! `-shard K/N` (docs/match.md, *Sharding and clusters*): which games of
//! a run one shard plays. Read by the command lines of `turncoat match`
//! and `turncoat datagen`; the results files the shards write and their
//! merge are in `shard.rs`.

/// `-shard K/N`: the K-th of N slices (0 ≤ K < N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether game pair (or game) `unit` is this shard's: they are dealt
    /// in turn, so that every shard gets early and late ones alike.
    pub fn holds(self, unit: usize) -> bool {
        unit % self.count == self.index
    }
}

/// A `-shard` that is not `K/N` with `0 <= K < N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not two whole numbers around a `/`.
    #[error("-shard: expected K/N with 0 <= K < N, found '{0}'")]
    NotKOverN(String),
    /// K is not below N.
    #[error("-shard: expected K/N with 0 <= K < N, found '{index}/{count}'")]
    OutOfRange { index: usize, count: usize },
}

impl std::str::FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::NotKOverN(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if index >= count {
            return Err(ShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }
}
