//! The random draws of a move: from an apocalypse mixed strategy
//! (docs/search.md, "Apocalypse") and a weak level's pick
//! (docs/strength.md); reproducible per position (and side) when `Seed`
//! is set.

use crate::board::Color;
use crate::rng;
use crate::rules::apocalypse::ApocalypsePosition;

/// A number in [0, 1): from the clock when `seed` is 0, else from the
/// seed and the position's key (a weak level's pick, docs/strength.md).
pub fn unit_random_for_key(seed: u64, key: u64) -> f64 {
    let x = if seed == 0 {
        clock_nanos()
    } else {
        rng::mix(seed ^ rng::GOLDEN) ^ key
    };
    rng::unit_of(rng::mix(x.wrapping_add(rng::GOLDEN)))
}

fn clock_nanos() -> u64 {
    crate::clock::SystemTime::now()
        .duration_since(crate::clock::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// A number in [0, 1): from the clock when `seed` is 0, else from the
/// seed, the position and the side.
pub fn unit_random(seed: u64, pos: &ApocalypsePosition, side: Color) -> f64 {
    let x = if seed == 0 {
        clock_nanos()
    } else {
        let (pieces, pen) = pos.repetition_key();
        let mut h = seed ^ rng::GOLDEN;
        for v in pieces.iter().flatten() {
            h = (h ^ *v as u64).wrapping_mul(0x100_0000_01B3);
        }
        h ^ ((pen[0] as u64) << 8 | pen[1] as u64) ^ (side as u64) << 17 ^ (pos.turn() as u64) << 20
    };
    // splitmix64
    rng::unit_of(rng::mix(x.wrapping_add(rng::GOLDEN)))
}
