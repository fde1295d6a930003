//! Zobrist hashing keys, drawn once from a fixed-seed PRNG.

use super::types::{Color, PieceKind, Square};
use once_cell::sync::Lazy;

pub struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    castling: [u64; 64],
    en_passant: [u64; 8],
    side: u64,
}

static KEYS: Lazy<Keys> = Lazy::new(|| {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut pieces = [[[0; 64]; 6]; 2];
    for c in pieces.iter_mut() {
        for k in c.iter_mut() {
            for s in k.iter_mut() {
                *s = next();
            }
        }
    }
    let mut castling = [0; 64];
    for c in castling.iter_mut() {
        *c = next();
    }
    let mut en_passant = [0; 8];
    for e in en_passant.iter_mut() {
        *e = next();
    }
    Keys {
        pieces,
        castling,
        en_passant,
        side: next(),
    }
});

#[inline]
pub fn piece(color: Color, kind: PieceKind, sq: Square) -> u64 {
    KEYS.pieces[color.index()][kind.index()][sq.index()]
}

/// Key of a castling right, identified by its rook square.
#[inline]
pub fn castling(rook: Square) -> u64 {
    KEYS.castling[rook.index()]
}

#[inline]
pub fn en_passant(file: u8) -> u64 {
    KEYS.en_passant[file as usize]
}

#[inline]
pub fn side() -> u64 {
    KEYS.side
}
