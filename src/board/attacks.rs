//! Precomputed attack tables: leapers by lookup, sliders by "fancy" magic
//! bitboards (magic multipliers embedded as constants; the tables are
//! filled at first use), plus `between`/`line` tables.

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

/// Magic multipliers (found once by a fixed-seed random search, as in
/// Stockfish); the test `magics_match_slow_sliding` checks every entry.
const ROOK_MAGICS: [u64; 64] = [
    0x2080002080400010,
    0x00c0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0c00283004008201,
    0x0180010000407a80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08a20004c8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000c009402002,
    0x00b0002004002800,
    0x100a808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800c00,
    0xa012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008c43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000d04282006a00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108a004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020b000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];

const BISHOP_MAGICS: [u64; 64] = [
    0x0848020822040013,
    0x8010a40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x0040102001042084,
    0x840a505042428020,
    0x0000700102202920,
    0x44101c0c10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308c042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002a00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x008a000082008238,
    0x04a0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xcc01112048100480,
    0x0020402806500440,
    0x00048e0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0x00c1004048401004,
    0x900000a014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x0205010a24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
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

/// Fills the attack table for every square with the given magics.
fn fill_magics(dirs: &[(i8, i8)], magics: &[u64; 64], table: &mut Vec<Bitboard>) -> Vec<Magic> {
    let mut out = Vec::with_capacity(64);
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let offset = table.len();
        table.resize(offset + (1usize << bits), Bitboard::EMPTY);
        let magic = magics[sq.index()];
        // Enumerate all subsets of the mask (Carry-Rippler).
        let mut sub = 0u64;
        loop {
            let idx = (sub.wrapping_mul(magic) >> shift) as usize;
            table[offset + idx] = Bitboard(slide(sq, dirs, sub));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        out.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    out
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
    let mut slider_table = Vec::new();
    let rook_magics = fill_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut slider_table);
    let bishop_magics = fill_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut slider_table);

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

    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

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
