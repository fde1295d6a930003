//! Orthodox chess evaluation, tapered between middlegame and endgame by the
//! non-pawn material on the board: material, piece-square tables, mobility
//! (pseudo-legal attack counts), pawn structure (doubled, isolated,
//! passed), king safety (pawn shelter and attacks on the king zone),
//! bishop pair, rooks on open files and tempo. `subversion` adds its own
//! terms to the same table (see [`super::subversion`]).

use super::pst;
use super::table::{Field, Table, KINDS};
use super::{s, term_line, Tapered};
use crate::board::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};

/// The terms of the chess family, in the order [`explain`] prints them.
pub const MATERIAL: usize = 0;
pub const PSQT: usize = 1;
pub const MOBILITY: usize = 2;
pub const PAWNS: usize = 3;
pub const PASSED: usize = 4;
pub const KING_SAFETY: usize = 5;
pub const BISHOP_PAIR: usize = 6;
pub const ROOKS: usize = 7;
pub const TEMPO: usize = 8;
/// Subversion only (docs/rules.md §4).
pub const CURRENCY: usize = 9;
pub const SUBVERSION_THREATS: usize = 10;
pub const KING_SHIELD: usize = 11;

/// Number of chess terms; the subversion family has [`N_TERMS`].
pub const N_CHESS_TERMS: usize = 9;
pub const N_TERMS: usize = 12;

pub const TERM_NAMES: [&str; N_TERMS] = [
    "Material",
    "Piece-square",
    "Mobility",
    "Pawn structure",
    "Passed pawns",
    "King safety",
    "Bishop pair",
    "Rooks",
    "Tempo",
    "Pawn currency",
    "Subversion threats",
    "King shield",
];

/// The weights of the chess evaluation: the parameter table that
/// `turncoat tune` sets from self-play data (`subversion` has its own
/// copy, inside its table). The values live in `tuned/chess.rs`, written
/// by the tuner and included here.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Piece values by kind (the king's cancels out).
    pub value: [Tapered; 6],
    /// Piece-square tables by kind, rank 8 first (see [`pst::index`]).
    pub pst_mg: [[i32; 64]; 6],
    pub pst_eg: [[i32; 64]; 6],
    /// Per reachable square beyond `MOBILITY_CENTRE`, knight to queen.
    pub mobility: [Tapered; 4],
    pub doubled: Tapered,
    pub isolated: Tapered,
    /// Passed pawn bonus by relative rank.
    pub passed: [Tapered; 8],
    /// Endgame bonus per square of enemy king distance to the stop square
    /// (and malus per square of own king distance), per rank beyond the
    /// 3rd.
    pub passed_enemy_king: i32,
    pub passed_own_king: i32,
    /// Percent of the endgame bonus kept when the stop square is occupied.
    pub passed_blocked: i32,
    /// King safety (middlegame): attacker weights, knight to queen, and
    /// per square of the king zone hit.
    pub king_attack: [i32; 4],
    pub king_zone_hit: i32,
    /// Percent of the danger counted, by number of attackers.
    pub king_attack_scale: [i32; 8],
    /// Pawn shelter of the king.
    pub shield_near: i32,
    pub shield_far: i32,
    pub shield_missing: i32,
    pub shield_open_file: i32,
    pub bishop_pair: Tapered,
    pub rook_open: Tapered,
    pub rook_semi_open: Tapered,
    pub tempo: Tapered,
}

const PIECES: [&str; 4] = ["knight", "bishop", "rook", "queen"];
const RANKS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];
const ATTACKERS: [&str; 8] = ["0", "1", "2", "3", "4", "5", "6", "7+"];

// SAFETY: `#[repr(C)]`, integers and `Tapered`s only.
unsafe impl Table for Params {
    const TYPE_NAME: &'static str = "Params";
    fn fields(&self) -> Vec<Field<'_>> {
        vec![
            Field::tapered_array("value", &KINDS, &self.value),
            Field::squares("pst_mg", &KINDS, &self.pst_mg),
            Field::squares("pst_eg", &KINDS, &self.pst_eg),
            Field::tapered_array("mobility", &PIECES, &self.mobility),
            Field::tapered("doubled", &self.doubled),
            Field::tapered("isolated", &self.isolated),
            Field::tapered_array("passed", &RANKS, &self.passed),
            Field::scalar("passed_enemy_king", &self.passed_enemy_king),
            Field::scalar("passed_own_king", &self.passed_own_king),
            Field::scalar("passed_blocked", &self.passed_blocked),
            Field::array("king_attack", &PIECES, &self.king_attack),
            Field::scalar("king_zone_hit", &self.king_zone_hit),
            Field::array("king_attack_scale", &ATTACKERS, &self.king_attack_scale),
            Field::scalar("shield_near", &self.shield_near),
            Field::scalar("shield_far", &self.shield_far),
            Field::scalar("shield_missing", &self.shield_missing),
            Field::scalar("shield_open_file", &self.shield_open_file),
            Field::tapered("bishop_pair", &self.bishop_pair),
            Field::tapered("rook_open", &self.rook_open),
            Field::tapered("rook_semi_open", &self.rook_semi_open),
            Field::tapered("tempo", &self.tempo),
        ]
    }
}

/// The table the build plays with.
pub const PARAMS: Params = include!("tuned/chess.rs");

/// Game phase: what each piece kind contributes (full board = [`PHASE_MAX`]).
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_MAX: i32 = 24;

/// Mobility counts around a typical number of squares, knight to queen.
const MOBILITY_CENTRE: [i32; 4] = [4, 6, 6, 12];

/// Per-colour terms of one position and its phase.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terms {
    pub t: [[Tapered; 2]; N_TERMS],
    pub phase: i32,
}

impl Terms {
    #[inline]
    pub fn add(&mut self, term: usize, c: Color, v: Tapered) {
        self.t[term][c.index()] += v;
    }

    /// White minus black, summed over all terms.
    #[inline]
    pub fn total(&self) -> Tapered {
        let mut sum = Tapered::ZERO;
        for term in &self.t {
            sum += term[0] - term[1];
        }
        sum
    }
}

// ---- bitboard helpers ------------------------------------------------------

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Squares attacked by the pawns `pawns` of colour `c`.
#[inline]
pub fn pawn_attacks_bb(c: Color, pawns: Bitboard) -> Bitboard {
    let p = pawns.0;
    Bitboard(match c {
        Color::White => ((p << 7) & !FILE_H) | ((p << 9) & !FILE_A),
        Color::Black => ((p >> 9) & !FILE_H) | ((p >> 7) & !FILE_A),
    })
}

/// The squares strictly in front of `sq` (from `c`'s side) on its file.
const fn forward_file(c: usize, sq: usize) -> u64 {
    let file = FILE_A << (sq & 7);
    let rank = sq >> 3;
    let ahead = if c == 0 {
        if rank == 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }
    } else if rank == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - rank))
    };
    file & ahead
}

const fn adjacent_files(file: usize) -> u64 {
    let f = FILE_A << file;
    ((f << 1) & !FILE_A) | ((f >> 1) & !FILE_H)
}

const fn build_forward() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            t[c][sq] = forward_file(c, sq);
            sq += 1;
        }
        c += 1;
    }
    t
}

const fn build_passed() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 64 {
            let f = forward_file(c, sq);
            t[c][sq] = f | ((f << 1) & !FILE_A) | ((f >> 1) & !FILE_H);
            sq += 1;
        }
        c += 1;
    }
    t
}

const fn build_adjacent() -> [u64; 8] {
    let mut t = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        t[f] = adjacent_files(f);
        f += 1;
    }
    t
}

/// `FORWARD[c][sq]`: squares in front of `sq` on its file.
pub static FORWARD: [[u64; 64]; 2] = build_forward();
/// `PASSED_SPAN[c][sq]`: squares in front of `sq` on its file and the two beside.
pub static PASSED_SPAN: [[u64; 64]; 2] = build_passed();
/// `ADJACENT[file]`: the neighbouring files.
pub static ADJACENT: [u64; 8] = build_adjacent();

/// The rank of `sq` counted from `c`'s side (0 = own back rank).
#[inline]
pub fn relative_rank(c: Color, sq: Square) -> usize {
    match c {
        Color::White => sq.rank() as usize,
        Color::Black => 7 - sq.rank() as usize,
    }
}

#[inline]
pub fn distance(a: Square, b: Square) -> i32 {
    (a.file().abs_diff(b.file())).max(a.rank().abs_diff(b.rank())) as i32
}

// ---- the evaluation ----------------------------------------------------------

/// The chess evaluation from White's point of view.
#[inline]
pub fn evaluate_white(pos: &Position) -> i32 {
    evaluate_white_with(pos, &PARAMS)
}

/// [`evaluate_white`] with other parameters (the tuner's).
#[inline]
pub fn evaluate_white_with(pos: &Position, p: &Params) -> i32 {
    finish(pos, &terms(pos, p), p)
}

/// Tapers the summed terms and scales down drawish endings.
#[inline]
pub fn finish(pos: &Position, t: &Terms, p: &Params) -> i32 {
    let v = t.total().taper(t.phase, PHASE_MAX);
    v * scale(pos, v, p) / 16
}

/// Endgame scale (of 16): a side without pawns whose extra non-pawn
/// material is less than a rook, or only knights, rarely wins.
fn scale(pos: &Position, v: i32, p: &Params) -> i32 {
    let strong = if v >= 0 { Color::White } else { Color::Black };
    if pos.pieces(strong, PieceKind::Pawn).nonempty() {
        return 16;
    }
    let npm = |c: Color| -> i32 {
        [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ]
        .into_iter()
        .map(|k| pos.pieces(c, k).count() as i32 * p.value[k.index()].eg)
        .sum()
    };
    let (ours, theirs) = (npm(strong), npm(strong.flip()));
    let only_knights = pos.by_color(strong)
        == pos.pieces(strong, PieceKind::Knight) | pos.pieces(strong, PieceKind::King);
    if ours - theirs < p.value[PieceKind::Rook.index()].eg - 100
        || (only_knights && theirs == 0 && pos.pieces(strong, PieceKind::Knight).count() <= 2)
    {
        2
    } else {
        16
    }
}

/// Computes every chess term for both colours.
pub fn terms(pos: &Position, p: &Params) -> Terms {
    let mut t = Terms::default();
    let occ = pos.occupied();
    let pawns = [
        pos.pieces(Color::White, PieceKind::Pawn),
        pos.pieces(Color::Black, PieceKind::Pawn),
    ];
    let pawn_att = [
        pawn_attacks_bb(Color::White, pawns[0]),
        pawn_attacks_bb(Color::Black, pawns[1]),
    ];
    let mut phase = 0;

    for c in Color::ALL {
        let ci = c.index();
        let them = c.flip();
        // Material, piece-square tables and phase.
        for kind in PieceKind::ALL {
            let ki = kind.index();
            let set = pos.pieces(c, kind);
            let n = set.count() as i32;
            phase += n * PHASE_WEIGHT[ki];
            t.add(MATERIAL, c, p.value[ki] * n);
            let (mg, eg) = (&p.pst_mg[ki], &p.pst_eg[ki]);
            let mut ps = Tapered::ZERO;
            for sq in set {
                let i = pst::index(c, sq);
                ps += s(mg[i], eg[i]);
            }
            t.add(PSQT, c, ps);
        }
        if pos.pieces(c, PieceKind::Bishop).more_than_one() {
            t.add(BISHOP_PAIR, c, p.bishop_pair);
        }

        // Mobility, rooks on files and attacks on the enemy king zone.
        let area = !(pawns[ci] | pos.pieces(c, PieceKind::King) | pawn_att[them.index()]);
        let enemy_king = pos.king_square(them);
        let zone = enemy_king.map_or(Bitboard::EMPTY, |k| king_attacks(k).with(k));
        let mut attackers = 0usize;
        let mut danger = 0i32;
        let mut mob = Tapered::ZERO;
        let mut note = |a: Bitboard, kind: PieceKind| {
            let hits = (a & zone).count() as i32;
            if hits > 0 {
                attackers += 1;
                danger += p.king_attack[kind.index() - 1] + p.king_zone_hit * hits;
            }
        };
        for sq in pos.pieces(c, PieceKind::Knight) {
            let a = knight_attacks(sq);
            mob += p.mobility[0] * ((a & area).count() as i32 - MOBILITY_CENTRE[0]);
            note(a, PieceKind::Knight);
        }
        for sq in pos.pieces(c, PieceKind::Bishop) {
            let a = bishop_attacks(sq, occ);
            mob += p.mobility[1] * ((a & area).count() as i32 - MOBILITY_CENTRE[1]);
            note(a, PieceKind::Bishop);
        }
        let mut rooks = Tapered::ZERO;
        for sq in pos.pieces(c, PieceKind::Rook) {
            let a = rook_attacks(sq, occ);
            mob += p.mobility[2] * ((a & area).count() as i32 - MOBILITY_CENTRE[2]);
            note(a, PieceKind::Rook);
            let file = Bitboard::file(sq.file());
            if (file & pawns[ci]).is_empty() {
                rooks += if (file & pawns[them.index()]).is_empty() {
                    p.rook_open
                } else {
                    p.rook_semi_open
                };
            }
        }
        for sq in pos.pieces(c, PieceKind::Queen) {
            let a = bishop_attacks(sq, occ) | rook_attacks(sq, occ);
            mob += p.mobility[3] * ((a & area).count() as i32 - MOBILITY_CENTRE[3]);
            note(a, PieceKind::Queen);
        }
        t.add(MOBILITY, c, mob);
        t.add(ROOKS, c, rooks);
        if (pawn_att[ci] & zone).nonempty() {
            danger += p.king_zone_hit * (pawn_att[ci] & zone).count() as i32;
        }
        let attack = danger * p.king_attack_scale[attackers.min(7)] / 100;
        t.add(KING_SAFETY, them, s(-attack, -attack / 8));

        // Pawn shelter of our own king (middlegame only).
        if let Some(k) = pos.king_square(c) {
            t.add(
                KING_SAFETY,
                c,
                s(shelter(c, k, pawns[ci], pawns[them.index()], p), 0),
            );
        }

        // Pawn structure.
        let (structure, passed) = pawn_terms(pos, c, pawns[ci], pawns[them.index()], p);
        t.add(PAWNS, c, structure);
        t.add(PASSED, c, passed);
    }
    t.add(TEMPO, pos.side_to_move(), p.tempo);
    t.phase = phase.min(PHASE_MAX);
    t
}

/// Pawn shield in front of the king of `c` on `k`: own pawns one or two
/// ranks ahead on the king's file and its neighbours; missing pawns and
/// fully open files cost.
fn shelter(c: Color, k: Square, ours: Bitboard, theirs: Bitboard, p: &Params) -> i32 {
    let mut v = 0;
    let kf = k.file() as i8;
    for f in (kf - 1).max(0)..=(kf + 1).min(7) {
        let file = Bitboard::file(f as u8);
        let near = Square::try_from_coords(f, k.rank() as i8 + c.forward());
        let far = Square::try_from_coords(f, k.rank() as i8 + 2 * c.forward());
        if near.is_some_and(|sq| ours.contains(sq)) {
            v += p.shield_near;
        } else if far.is_some_and(|sq| ours.contains(sq)) {
            v += p.shield_far;
        } else {
            v += p.shield_missing;
            if (file & (ours | theirs)).is_empty() {
                v += p.shield_open_file;
            }
        }
    }
    v
}

/// Doubled and isolated pawns, and passed pawns (with king distances to
/// the stop square in the endgame).
fn pawn_terms(
    pos: &Position,
    c: Color,
    ours: Bitboard,
    theirs: Bitboard,
    p: &Params,
) -> (Tapered, Tapered) {
    let ci = c.index();
    let mut structure = Tapered::ZERO;
    let mut passed = Tapered::ZERO;
    let own_king = pos.king_square(c);
    let enemy_king = pos.king_square(c.flip());
    let occ = pos.occupied();
    for sq in ours {
        let i = sq.index();
        if FORWARD[ci][i] & ours.0 != 0 {
            structure += p.doubled;
        }
        if ADJACENT[sq.file() as usize] & ours.0 == 0 {
            structure += p.isolated;
        }
        if PASSED_SPAN[ci][i] & theirs.0 == 0 && FORWARD[ci][i] & ours.0 == 0 {
            let r = relative_rank(c, sq);
            let mut bonus = p.passed[r];
            if r >= 3 {
                if let Some(stop) = sq.offset(0, c.forward()) {
                    let w = r as i32 - 2;
                    if let Some(ek) = enemy_king {
                        bonus.eg += p.passed_enemy_king * w * distance(ek, stop);
                    }
                    if let Some(ok) = own_king {
                        bonus.eg -= p.passed_own_king * w * distance(ok, stop);
                    }
                    if occ.contains(stop) {
                        bonus.eg = bonus.eg * p.passed_blocked / 100;
                    }
                }
            }
            passed += bonus;
        }
    }
    (structure, passed)
}

/// The term table of [`terms`] as text (the first `n` terms).
pub fn format_terms(t: &Terms, n: usize) -> String {
    let sc = |v: Tapered| format!("{}/{}", v.mg, v.eg);
    let mut lines = vec![
        "Evaluation terms (middlegame/endgame, centipawns, white's view)".to_string(),
        term_line("Term", "White", "Black", "Total"),
    ];
    for (name, [w, b]) in TERM_NAMES.iter().zip(t.t).take(n) {
        lines.push(term_line(name, &sc(w), &sc(b), &sc(w - b)));
    }
    let total = t.total();
    lines.push(term_line("Sum", "", "", &sc(total)));
    lines.push(format!(
        "Phase {}/{PHASE_MAX}: tapered {} cp (white's view)",
        t.phase,
        total.taper(t.phase, PHASE_MAX)
    ));
    lines.join("\n")
}

/// The breakdown printed by the `eval` command.
pub fn explain(pos: &Position) -> String {
    let t = terms(pos, &PARAMS);
    let tapered = t.total().taper(t.phase, PHASE_MAX);
    format!(
        "{}\nDrawish-ending scale {}/16: {} cp (white's view)",
        format_terms(&t, N_CHESS_TERMS),
        scale(pos, tapered, &PARAMS),
        finish(pos, &t, &PARAMS)
    )
}

#[cfg(test)]
mod tests {
    use super::super::evaluate;
    use super::super::testutil::mirror;
    use super::*;
    use crate::{BoardVariant, Variant};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Variant::Chess).unwrap()
    }

    #[test]
    fn masks() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(Bitboard(FORWARD[0][e4.index()]).count(), 4);
        assert_eq!(Bitboard(FORWARD[1][e4.index()]).count(), 3);
        assert_eq!(Bitboard(PASSED_SPAN[0][e4.index()]).count(), 12);
        assert_eq!(Bitboard(ADJACENT[0]).count(), 8);
        assert_eq!(Bitboard(ADJACENT[4]).count(), 16);
    }

    #[test]
    fn extra_queen_is_good() {
        let p = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(evaluate(&p) > 700, "{}", evaluate(&p));
        let p = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert!(evaluate(&p) < -700, "{}", evaluate(&p));
    }

    #[test]
    fn structure_signs() {
        // White's doubled, isolated c-pawns against a healthy pawn.
        let bad = pos("4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1");
        let good = pos("4k3/8/8/8/8/3P4/2P5/4K3 w - - 0 1");
        assert!(evaluate(&good) > evaluate(&bad));
        // An advanced passed pawn beats a blocked-in one.
        let passed = pos("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1");
        let blocked = pos("4k3/3p4/3P4/8/8/8/8/4K3 w - - 0 1");
        assert!(evaluate(&passed) > evaluate(&blocked) + 50);
    }

    #[test]
    fn king_safety_signs() {
        // Same material, white's castled king has lost its shield.
        let safe = pos("r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1");
        let naked = pos("r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1NPP/PPP2P2/R1BQ1RK1 w - - 0 1");
        let (ts, tn) = (terms(&safe, &PARAMS), terms(&naked, &PARAMS));
        assert!(ts.t[KING_SAFETY][0].mg > tn.t[KING_SAFETY][0].mg);
    }

    #[test]
    fn drawish_endings_are_scaled() {
        let knight = pos("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
        assert!(evaluate(&knight).abs() < 60, "{}", evaluate(&knight));
        let rook = pos("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        assert!(evaluate(&rook) > 400, "{}", evaluate(&rook));
    }

    #[test]
    fn mirror_is_symmetric_on_hand_positions() {
        for fen in [
            "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let p = pos(fen);
            assert_eq!(evaluate(&p), evaluate(&mirror(&p)), "{fen}");
        }
    }

    #[test]
    fn explain_lists_terms() {
        let text = super::super::explain(&Position::startpos(BoardVariant::Chess));
        for name in &TERM_NAMES[..N_CHESS_TERMS] {
            assert!(text.contains(name), "{text}");
        }
    }
}
