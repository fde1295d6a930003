//! The project's one seeded random generator: xorshift64 steps from a
//! state, and splitmix64 to give each (seed, index) a state of its own —
//! a game of `datagen`, an opening of a match, a `genfens` draw — so that
//! runs are reproducible and the shards of a run agree with the whole.
//! Nothing here is for secrets.

/// The golden-ratio increment of splitmix64.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// splitmix64's finaliser: neighbouring inputs give unrelated outputs.
pub fn mix(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniform number in [0, 1) from 53 bits of `x`.
pub fn unit_of(x: u64) -> f64 {
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// A xorshift64 generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// From a raw state; zero, which xorshift would keep for ever, is one.
    pub fn from_state(state: u64) -> Rng {
        Rng(state.max(1))
    }

    /// The generator of item `index` of a run seeded `seed`.
    pub fn for_index(seed: u64, index: u64) -> Rng {
        Rng(mix(seed ^ index.wrapping_mul(GOLDEN)) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A uniform number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        unit_of(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_apart() {
        let take = |mut r: Rng| (0..4).map(|_| r.next_u64()).collect::<Vec<_>>();
        assert_eq!(take(Rng::for_index(7, 3)), take(Rng::for_index(7, 3)));
        assert_ne!(take(Rng::for_index(7, 3)), take(Rng::for_index(7, 4)));
        assert_ne!(take(Rng::from_state(0)), vec![0; 4]);
        let mut r = Rng::from_state(99);
        assert!((0..1000).all(|_| r.below(7) < 7 && (0.0..1.0).contains(&r.unit())));
    }
}
