//! Precomputed attack tables: leapers by lookup, sliders by "fancy" magic
//! bitboards (magic multipliers embedded as constants), plus
//! `between`/`line` tables. Every table is built at compile time, so a
//! lookup is a load: no check that a lazily built table is ready, no
//! bounds check beyond the square's.

use super::bitboard::Bitboard;
use super::types::{Color, Square};

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// A knight's jumps as (file, rank) steps, on any board (the 5x5 one of
/// apocalypse uses them too).
pub const KNIGHT_DELTAS: [(i8, i8); 8] = [
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

/// Where a square's slider attacks sit in [`SLIDER_TABLE`].
#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// The relevant occupancies of a rook on each square, in all: 102400.
const ROOK_ENTRIES: usize = 102_400;
/// The same for bishops: 5248.
const BISHOP_ENTRIES: usize = 5_248;

static ROOK_MAGIC: [Magic; 64] = magics(&ROOK_DIRS, &ROOK_MAGICS, 0);
static BISHOP_MAGIC: [Magic; 64] = magics(&BISHOP_DIRS, &BISHOP_MAGICS, ROOK_ENTRIES);

// Filling the slider table takes a few million steps of constant
// evaluation, once per build.
#[allow(long_running_const_eval)]
static SLIDER_TABLE: [u64; ROOK_ENTRIES + BISHOP_ENTRIES] = slider_table();

static KNIGHT: [u64; 64] = leapers(&KNIGHT_DELTAS);
static KING: [u64; 64] = leapers(&KING_DELTAS);
/// `PAWN[color][sq]`: squares a pawn of `color` on `sq` attacks.
static PAWN: [[u64; 64]; 2] = [leapers(&[(-1, 1), (1, 1)]), leapers(&[(-1, -1), (1, -1)])];
static BETWEEN: [[u64; 64]; 64] = between_table();
/// `RAYS[0][sq]`: a rook's attacks from `sq` on an empty board; `[1]` a bishop's.
static RAYS: [[u64; 64]; 2] = [empty_board(&ROOK_DIRS), empty_board(&BISHOP_DIRS)];
static LINE: [[u64; 64]; 64] = line_table();

/// Kept for callers that warmed up lazily built tables; the tables are
/// built at compile time now.
pub fn init() {}

/// The square `(file + df, rank + dr)` of the square `sq`, if on the board.
const fn step(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn leapers(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(t) = step(sq, deltas[i].0, deltas[i].1) {
                out[sq] |= 1 << t;
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// Slow reference slider attacks, used only to fill the magic tables.
const fn slide(sq: usize, dirs: &[(i8, i8); 4], occupied: u64) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let mut cur = sq;
        while let Some(next) = step(cur, dirs[d].0, dirs[d].1) {
            out |= 1 << next;
            if occupied >> next & 1 != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    out
}

/// A slider's attacks from every square of an empty board.
const fn empty_board(dirs: &[(i8, i8); 4]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        out[sq] = slide(sq, dirs, 0);
        sq += 1;
    }
    out
}

/// Relevant occupancy mask: the rays without their last square.
const fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut cur = sq;
        while let Some(next) = step(cur, df, dr) {
            if step(next, df, dr).is_none() {
                break;
            }
            out |= 1 << next;
            cur = next;
        }
        d += 1;
    }
    out
}

/// Each square's magic, its entries from `offset` on in [`SLIDER_TABLE`].
const fn magics(dirs: &[(i8, i8); 4], multipliers: &[u64; 64], mut offset: usize) -> [Magic; 64] {
    let empty = Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    };
    let mut out = [empty; 64];
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        out[sq] = Magic {
            mask,
            magic: multipliers[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    out
}

/// Fills the part of `table` that `magics` index, every subset of each
/// mask enumerated (Carry-Rippler).
const fn fill(
    table: &mut [u64; ROOK_ENTRIES + BISHOP_ENTRIES],
    dirs: &[(i8, i8); 4],
    magics: &[Magic; 64],
) {
    let mut sq = 0;
    while sq < 64 {
        let m = magics[sq];
        let mut sub = 0u64;
        loop {
            let idx = (sub.wrapping_mul(m.magic) >> m.shift) as usize;
            table[m.offset + idx] = slide(sq, dirs, sub);
            sub = sub.wrapping_sub(m.mask) & m.mask;
            if sub == 0 {
                break;
            }
        }
        sq += 1;
    }
}

const fn slider_table() -> [u64; ROOK_ENTRIES + BISHOP_ENTRIES] {
    let mut table = [0u64; ROOK_ENTRIES + BISHOP_ENTRIES];
    fill(&mut table, &ROOK_DIRS, &magics(&ROOK_DIRS, &ROOK_MAGICS, 0));
    fill(
        &mut table,
        &BISHOP_DIRS,
        &magics(&BISHOP_DIRS, &BISHOP_MAGICS, ROOK_ENTRIES),
    );
    table
}

/// The eight directions, orthogonal then diagonal.
const ALL_DIRS: [(i8, i8); 8] = [
    ROOK_DIRS[0],
    ROOK_DIRS[1],
    ROOK_DIRS[2],
    ROOK_DIRS[3],
    BISHOP_DIRS[0],
    BISHOP_DIRS[1],
    BISHOP_DIRS[2],
    BISHOP_DIRS[3],
];

const fn between_table() -> [[u64; 64]; 64] {
    let mut out = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = ALL_DIRS[d];
            let mut ray = 0u64;
            let mut cur = a;
            while let Some(b) = step(cur, df, dr) {
                out[a][b] = ray;
                ray |= 1 << b;
                cur = b;
            }
            d += 1;
        }
        a += 1;
    }
    out
}

const fn line_table() -> [[u64; 64]; 64] {
    let mut out = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = ALL_DIRS[d];
            // Whole line through a in this direction, both ways.
            let mut full = 1u64 << a;
            let mut cur = a;
            while let Some(n) = step(cur, df, dr) {
                full |= 1 << n;
                cur = n;
            }
            cur = a;
            while let Some(n) = step(cur, -df, -dr) {
                full |= 1 << n;
                cur = n;
            }
            cur = a;
            while let Some(b) = step(cur, df, dr) {
                out[a][b] = full;
                cur = b;
            }
            d += 1;
        }
        a += 1;
    }
    out
}

#[inline]
fn magic_lookup(magics: &[Magic; 64], sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &magics[sq.index()];
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(SLIDER_TABLE[m.offset + idx])
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares attacked by a pawn of `color` standing on `sq`.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGIC, sq, occupied)
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGIC, sq, occupied)
}

/// [`rook_attacks`] on an empty board: a table apart from the magic one,
/// whose empty-board entries lie scattered over memory.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(RAYS[0][sq.index()])
}

/// [`bishop_attacks`] on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(RAYS[1][sq.index()])
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line through `a` and `b` (edge to edge), or empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rng::Rng;

    #[test]
    fn magics_match_slow_sliding() {
        let mut rng = Rng::from_state(12345);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
            for sq in Square::all() {
                assert_eq!(
                    rook_attacks(sq, Bitboard(occ)).0,
                    slide(sq.index(), &ROOK_DIRS, occ)
                );
                assert_eq!(
                    bishop_attacks(sq, Bitboard(occ)).0,
                    slide(sq.index(), &BISHOP_DIRS, occ)
                );
            }
        }
    }

    #[test]
    fn empty_board_rays_are_the_magic_attacks_on_an_empty_board() {
        for sq in Square::all() {
            assert_eq!(rook_rays(sq), rook_attacks(sq, Bitboard::EMPTY));
            assert_eq!(bishop_rays(sq), bishop_attacks(sq, Bitboard::EMPTY));
        }
        assert_eq!(rook_rays(Square::parse("e4").unwrap()).count(), 14);
        assert_eq!(bishop_rays(Square::parse("e4").unwrap()).count(), 13);
    }

    #[test]
    fn the_tables_fill_exactly_the_entries_the_magics_index() {
        let last = |m: &[Magic; 64]| m[63].offset + (1 << (64 - m[63].shift));
        assert_eq!(last(&ROOK_MAGIC), ROOK_ENTRIES);
        assert_eq!(BISHOP_MAGIC[0].offset, ROOK_ENTRIES);
        assert_eq!(last(&BISHOP_MAGIC), ROOK_ENTRIES + BISHOP_ENTRIES);
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(knight_attacks(e4).count(), 8);
        assert_eq!(king_attacks(e4).count(), 8);
        assert_eq!(pawn_attacks(Color::White, e4).count(), 2);
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
