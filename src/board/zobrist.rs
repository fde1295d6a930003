//! Zobrist hashing keys, drawn once from a fixed-seed PRNG.

use super::types::{Color, PieceKind, Square};

pub struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    castling: [u64; 64],
    en_passant: [u64; 8],
    side: u64,
}

/// Built at compile time: a key is a load, with no check that a lazily
/// built table is ready.
static KEYS: Keys = build_keys();

/// splitmix64 from a fixed seed; the order of the draws fixes every key.
const fn build_keys() -> Keys {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut keys = Keys {
        pieces: [[[0; 64]; 6]; 2],
        castling: [0; 64],
        en_passant: [0; 8],
        side: 0,
    };
    let mut i = 0;
    // 2 * 6 * 64 piece keys, 64 castling, 8 en passant, then the side.
    while i < 768 + 64 + 8 + 1 {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        if i < 768 {
            keys.pieces[i / 384][i / 64 % 6][i % 64] = z;
        } else if i < 768 + 64 {
            keys.castling[i - 768] = z;
        } else if i < 768 + 64 + 8 {
            keys.en_passant[i - 768 - 64] = z;
        } else {
            keys.side = z;
        }
        i += 1;
    }
    keys
}

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
