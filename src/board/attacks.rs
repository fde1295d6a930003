//! Precomputed attack tables: leapers by lookup, sliders by "fancy" magic
//! bitboards whose magics are found once at start-up with a fixed-seed PRNG
//! (deterministic, a few milliseconds), plus `between`/`line` tables.

use super::bitboard::Bitboard;
use super::types::{Color, Square};
use once_cell::sync::Lazy;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    knight: [Bitboard; 64],
    king: [Bitboard; 64],
    /// `pawn[color][sq]`: squares a pawn of `color` on `sq` attacks.
    pawn: [[Bitboard; 64]; 2],
    rook_magics: Vec<Magic>,
    bishop_magics: Vec<Magic>,
    slider_table: Vec<Bitboard>,
    between: Vec<Bitboard>,
    line: Vec<Bitboard>,
}

static TABLES: Lazy<Tables> = Lazy::new(build_tables);

/// Forces table construction (so the first search or perft is not charged).
pub fn init() {
    Lazy::force(&TABLES);
}

fn leaper(sq: Square, deltas: &[(i8, i8)]) -> Bitboard {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(Bitboard::EMPTY, |b, s| b.with(s))
}

/// Slow reference slider attacks, used only to fill the magic tables.
fn slide(sq: Square, dirs: &[(i8, i8)], occupied: u64) -> u64 {
    let mut out = 0u64;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            out |= 1 << next.index();
            if occupied >> next.index() & 1 != 0 {
                break;
            }
            cur = next;
        }
    }
    out
}

/// Relevant occupancy mask: the rays without their last square.
fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            out |= 1 << next.index();
            cur = next;
        }
    }
    out
}

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8)], table: &mut Vec<Bitboard>, rng: &mut XorShift) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Enumerate all subsets of the mask (Carry-Rippler).
        let mut occs = Vec::with_capacity(size);
        let mut refs = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            refs.push(slide(sq, dirs, sub));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let offset = table.len();
        table.resize(offset + size, Bitboard::EMPTY);
        let shift = 64 - bits;
        let mut epoch = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let mut ok = true;
            for (occ, att) in occs.iter().zip(&refs) {
                let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                if epoch[idx] < attempt {
                    epoch[idx] = attempt;
                    table[offset + idx] = Bitboard(*att);
                } else if table[offset + idx].0 != *att {
                    ok = false;
                    break;
                }
            }
            if ok {
                break magic;
            }
        };
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

fn build_tables() -> Tables {
    let mut knight = [Bitboard::EMPTY; 64];
    let mut king = [Bitboard::EMPTY; 64];
    let mut pawn = [[Bitboard::EMPTY; 64]; 2];
    for sq in Square::all() {
        knight[sq.index()] = leaper(sq, &KNIGHT_DELTAS);
        king[sq.index()] = leaper(sq, &KING_DELTAS);
        pawn[0][sq.index()] = leaper(sq, &[(-1, 1), (1, 1)]);
        pawn[1][sq.index()] = leaper(sq, &[(-1, -1), (1, -1)]);
    }
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut slider_table = Vec::new();
    let rook_magics = find_magics(&ROOK_DIRS, &mut slider_table, &mut rng);
    let bishop_magics = find_magics(&BISHOP_DIRS, &mut slider_table, &mut rng);

    let mut between = vec![Bitboard::EMPTY; 64 * 64];
    let mut line = vec![Bitboard::EMPTY; 64 * 64];
    for a in Square::all() {
        for &(df, dr) in ROOK_DIRS.iter().chain(&BISHOP_DIRS) {
            let mut ray = Bitboard::EMPTY;
            let mut cur = a;
            while let Some(b) = cur.offset(df, dr) {
                between[a.index() * 64 + b.index()] = ray;
                ray = ray.with(b);
                cur = b;
            }
            // Whole line through a in this direction, both ways.
            let mut full = Bitboard::from_square(a);
            for sign in [1i8, -1] {
                let mut c = a;
                while let Some(n) = c.offset(df * sign, dr * sign) {
                    full = full.with(n);
                    c = n;
                }
            }
            let mut cur = a;
            while let Some(b) = cur.offset(df, dr) {
                line[a.index() * 64 + b.index()] = full;
                cur = b;
            }
        }
    }
    Tables {
        knight,
        king,
        pawn,
        rook_magics,
        bishop_magics,
        slider_table,
        between,
        line,
    }
}

#[inline]
fn magic_lookup(magics: &[Magic], sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    let m = &magics[sq.index()];
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    t.slider_table[m.offset + idx]
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    TABLES.knight[sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    TABLES.king[sq.index()]
}

/// Squares attacked by a pawn of `color` standing on `sq`.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    TABLES.pawn[color.index()][sq.index()]
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&TABLES.rook_magics, sq, occupied)
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&TABLES.bishop_magics, sq, occupied)
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES.between[a.index() * 64 + b.index()]
}

/// The whole line through `a` and `b` (edge to edge), or empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES.line[a.index() * 64 + b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_match_slow_sliding() {
        let mut rng = XorShift(12345);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for sq in Square::all() {
                assert_eq!(
                    rook_attacks(sq, Bitboard(occ)).0,
                    slide(sq, &ROOK_DIRS, occ)
                );
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occ)).0,
                    slide(sq, &BISHOP_DIRS, occ)
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        let a1 = Square::parse("a1").unwrap();
        let h8 = Square::parse("h8").unwrap();
        let c3 = Square::parse("c3").unwrap();
        assert_eq!(between(a1, h8).count(), 6);
        assert!(between(a1, c3).contains(Square::parse("b2").unwrap()));
        assert!(line(a1, c3).contains(h8));
        assert!(between(a1, Square::parse("b3").unwrap()).is_empty());
    }
}
