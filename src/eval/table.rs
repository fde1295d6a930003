//! Parameter tables: the weights of an evaluation as one flat vector of
//! integers, which `turncoat tune` sets from self-play data.
//!
//! Each evaluation keeps its weights in a `#[repr(C)]` struct made of
//! `i32`s only ([`Table`]); the build includes its values from a source
//! file under `src/eval/tuned/` that [`to_source`] writes, so a tuned
//! build is reproducible from its data. The tuner sees the struct as a
//! slice ([`flat`]), names every entry ([`names`]) and evaluates with
//! other values through a [`Tunable`].

use super::Tapered;
use crate::board::Position;

/// How one field of a table is laid out, named and written.
pub enum Shape<'a> {
    /// One integer.
    Scalar,
    /// One integer per label.
    Array(&'static [&'static str]),
    /// A middlegame / endgame pair, written `s(mg, eg)`.
    Tapered,
    /// One pair per label.
    TaperedArray(&'static [&'static str]),
    /// One 64-square table per label, rank 8 first, as a diagram reads
    /// (see [`super::pst::index`]).
    Squares(&'static [&'static str]),
    /// A table inside the table, written `Type { ... }`.
    Nested(&'static str, Vec<Field<'a>>),
}

/// One field of a table: its name, shape and values (in memory order).
pub struct Field<'a> {
    pub name: &'static str,
    pub shape: Shape<'a>,
    pub values: &'a [i32],
}

impl<'a> Field<'a> {
    pub fn scalar(name: &'static str, v: &'a i32) -> Self {
        Field {
            name,
            shape: Shape::Scalar,
            values: std::slice::from_ref(v),
        }
    }
    pub fn array(name: &'static str, labels: &'static [&'static str], v: &'a [i32]) -> Self {
        assert_eq!(labels.len(), v.len(), "{name}");
        Field {
            name,
            shape: Shape::Array(labels),
            values: v,
        }
    }
    pub fn tapered(name: &'static str, v: &'a Tapered) -> Self {
        Field {
            name,
            shape: Shape::Tapered,
            values: tapered_ints(std::slice::from_ref(v)),
        }
    }
    pub fn tapered_array(
        name: &'static str,
        labels: &'static [&'static str],
        v: &'a [Tapered],
    ) -> Self {
        assert_eq!(labels.len(), v.len(), "{name}");
        Field {
            name,
            shape: Shape::TaperedArray(labels),
            values: tapered_ints(v),
        }
    }
    pub fn squares(
        name: &'static str,
        labels: &'static [&'static str],
        v: &'a [[i32; 64]],
    ) -> Self {
        assert_eq!(labels.len(), v.len(), "{name}");
        Field {
            name,
            shape: Shape::Squares(labels),
            values: v.as_flattened(),
        }
    }
    /// A nested table, its type written as `path` (as the including
    /// module names it).
    pub fn nested<T: Table>(name: &'static str, path: &'static str, v: &'a T) -> Self {
        Field {
            name,
            shape: Shape::Nested(path, v.fields()),
            values: flat(v),
        }
    }
}

/// The piece kinds, as labels.
pub const KINDS: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// A table of weights.
///
/// # Safety
///
/// `Self` is `#[repr(C)]` and made of `i32`s only (fields, arrays of
/// them, [`Tapered`]s and nested tables): it has no padding, any bit
/// pattern is a valid value, and it is exactly `size_of::<Self>() / 4`
/// integers. [`Table::fields`] lists every field in declaration order.
pub unsafe trait Table: Copy + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    /// The type's name as the source file writes it.
    const TYPE_NAME: &'static str;
    /// Every field, in declaration (= memory) order.
    fn fields(&self) -> Vec<Field<'_>>;
}

/// The pairs as integers, `mg` before `eg`.
fn tapered_ints(v: &[Tapered]) -> &[i32] {
    // SAFETY: `Tapered` is `#[repr(C)]` with two `i32` fields.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<i32>(), 2 * v.len()) }
}

/// The table as a flat slice of integers (the tuner's view).
pub fn flat<T: Table>(t: &T) -> &[i32] {
    // SAFETY: `Table`'s contract: `T` is `size_of::<T>() / 4` integers.
    unsafe {
        std::slice::from_raw_parts((t as *const T).cast::<i32>(), std::mem::size_of::<T>() / 4)
    }
}

/// [`flat`], mutable.
pub fn flat_mut<T: Table>(t: &mut T) -> &mut [i32] {
    // SAFETY: as in `flat`; every bit pattern is a valid `T`.
    unsafe {
        std::slice::from_raw_parts_mut((t as *mut T).cast::<i32>(), std::mem::size_of::<T>() / 4)
    }
}

/// The table with the values `v`; `None` unless `v` has one value per
/// entry.
pub fn from_flat<T: Table>(v: &[i32]) -> Option<T> {
    if v.len() != std::mem::size_of::<T>() / 4 {
        return None;
    }
    // SAFETY: `T` is integers only, so zeroed memory is a valid `T`.
    let mut t: T = unsafe { std::mem::zeroed() };
    flat_mut(&mut t).copy_from_slice(v);
    Some(t)
}

/// The name of every entry, in [`flat`]'s order: `value.knight.mg`,
/// `pst_mg.knight.e4`, `subversion.chess.tempo.eg`, ...
pub fn names<T: Table>(t: &T) -> Vec<String> {
    let mut out = Vec::new();
    push_names(&t.fields(), "", &mut out);
    out
}

fn push_names(fields: &[Field], prefix: &str, out: &mut Vec<String>) {
    for f in fields {
        let name = format!("{prefix}{}", f.name);
        match &f.shape {
            Shape::Scalar => out.push(name),
            Shape::Array(labels) => out.extend(labels.iter().map(|l| format!("{name}.{l}"))),
            Shape::Tapered => out.extend(["mg", "eg"].map(|p| format!("{name}.{p}"))),
            Shape::TaperedArray(labels) => {
                for l in labels.iter() {
                    out.extend(["mg", "eg"].map(|p| format!("{name}.{l}.{p}")));
                }
            }
            Shape::Squares(labels) => {
                for l in labels.iter() {
                    for i in 0..64 {
                        let (file, rank) = ((b'a' + (i % 8) as u8) as char, 8 - i / 8);
                        out.push(format!("{name}.{l}.{file}{rank}"));
                    }
                }
            }
            Shape::Nested(_, inner) => push_names(inner, &format!("{name}."), out),
        }
    }
}

/// The source file the build includes: a struct expression of the table,
/// after a comment line `origin` saying where the values came from.
pub fn to_source<T: Table>(t: &T, origin: &str) -> String {
    let mut s = format!("// {origin}\n");
    write_table(&mut s, T::TYPE_NAME, &t.fields(), 0);
    s.push('\n');
    s
}

fn write_table(s: &mut String, type_name: &str, fields: &[Field], depth: usize) {
    let pad = "    ".repeat(depth + 1);
    let list = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    let pair = |v: &[i32]| format!("s({}, {})", v[0], v[1]);
    s.push_str(&format!("{type_name} {{\n"));
    for f in fields {
        s.push_str(&format!("{pad}{}: ", f.name));
        match &f.shape {
            Shape::Scalar => s.push_str(&f.values[0].to_string()),
            Shape::Array(_) => s.push_str(&format!("[{}]", list(f.values))),
            Shape::Tapered => s.push_str(&pair(f.values)),
            Shape::TaperedArray(_) => {
                let pairs: Vec<String> = f.values.chunks(2).map(pair).collect();
                s.push_str(&format!("[{}]", pairs.join(", ")));
            }
            Shape::Squares(labels) => {
                s.push_str("[\n");
                for (l, table) in labels.iter().zip(f.values.chunks(64)) {
                    s.push_str(&format!("{pad}    // {l}\n{pad}    [\n"));
                    for row in table.chunks(8) {
                        let cells: Vec<String> = row.iter().map(|v| format!("{v:>4}")).collect();
                        s.push_str(&format!("{pad}       {},\n", cells.join(",")));
                    }
                    s.push_str(&format!("{pad}    ],\n"));
                }
                s.push_str(&format!("{pad}]"));
            }
            Shape::Nested(name, inner) => write_table(s, name, inner, depth + 1),
        }
        s.push_str(",\n");
    }
    s.push_str(&format!("{}}}", "    ".repeat(depth)));
}

/// What `turncoat tune` needs of an evaluation, whatever its table's type,
/// of positions of type `P` (the 8x8 [`Position`], or apocalypse's).
pub trait Tunable<P = Position>: Sync {
    /// The build's values, flat.
    fn values(&self) -> Vec<i32>;
    /// The name of each value.
    fn names(&self) -> Vec<String>;
    /// The file, relative to the repository, that the build includes.
    fn source(&self) -> &'static str;
    /// [`to_source`] of the table with the values `v`; `None` unless `v`
    /// has one value per entry.
    fn to_source(&self, v: &[i32], origin: &str) -> Option<String>;
    /// White's evaluation of `pos` with the values `v` (one per entry).
    fn evaluate_with(&self, pos: &P, v: &[i32]) -> i32;
    /// White's evaluation of `pos` at `v` and its central differences
    /// `(e(v + h u_j) - e(v - h u_j)) / 2h` for every entry `j` where it
    /// is not zero.
    fn linearize(&self, pos: &P, v: &[i32], h: i32) -> (i32, Vec<(u32, f32)>);
}

/// A [`Tunable`] of the table type `T`.
pub struct Target<T: Table, P = Position> {
    pub params: T,
    pub source: &'static str,
    pub evaluate_white: fn(&P, &T) -> i32,
}

impl<T: Table, P> Tunable<P> for Target<T, P> {
    fn values(&self) -> Vec<i32> {
        flat(&self.params).to_vec()
    }
    fn names(&self) -> Vec<String> {
        names(&self.params)
    }
    fn source(&self) -> &'static str {
        self.source
    }
    fn to_source(&self, v: &[i32], origin: &str) -> Option<String> {
        from_flat::<T>(v).map(|t| to_source(&t, origin))
    }
    fn evaluate_with(&self, pos: &P, v: &[i32]) -> i32 {
        let t = from_flat::<T>(v).expect("one value per entry");
        (self.evaluate_white)(pos, &t)
    }
    fn linearize(&self, pos: &P, v: &[i32], h: i32) -> (i32, Vec<(u32, f32)>) {
        let mut t = from_flat::<T>(v).expect("one value per entry");
        let e = (self.evaluate_white)(pos, &t);
        let mut coefficients = Vec::new();
        for (j, &x) in v.iter().enumerate() {
            flat_mut(&mut t)[j] = x + h;
            let up = (self.evaluate_white)(pos, &t);
            flat_mut(&mut t)[j] = x - h;
            let down = (self.evaluate_white)(pos, &t);
            flat_mut(&mut t)[j] = x;
            if up != down {
                coefficients.push((j as u32, (up - down) as f32 / (2 * h) as f32));
            }
        }
        (e, coefficients)
    }
}

/// The integers of a source file written by [`to_source`], in order (its
/// first line, the origin, and `//` comments skipped).
#[cfg(test)]
pub fn integers_of_source(text: &str) -> Vec<i32> {
    let body = text.split_once('\n').map_or("", |(_, b)| b);
    body.lines()
        .flat_map(|line| {
            let code = line.split("//").next().unwrap_or("");
            code.split(|c: char| !(c == '-' || c == '_' || c.is_ascii_alphanumeric()))
                .filter_map(|token| token.parse::<i32>().ok())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tune_target;
    use crate::{BoardVariant, Variant};

    const VARIANTS: [(BoardVariant, &str); 4] = [
        (BoardVariant::Chess, include_str!("tuned/chess.rs")),
        (
            BoardVariant::Subversion,
            include_str!("tuned/subversion.rs"),
        ),
        (BoardVariant::Pacifist, include_str!("tuned/pacifist.rs")),
        (BoardVariant::Pacifist2, include_str!("tuned/pacifist2.rs")),
    ];

    /// Evaluations (side to move's view) of the build's parameter files:
    /// random-play positions and positions exercising particular terms.
    /// For the hand-set files they were taken before the weights moved
    /// into tables, so a table entry mapped to the wrong place changes
    /// some of them; pacifist's were taken again when its tuned values
    /// were committed (`eval` of that build).
    #[rustfmt::skip]
    const REFERENCE: &[(Variant, &str, i32)] = &[
    (Variant::Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 15),
    (Variant::Chess, "r1bqkb1r/1Nnp1p2/2p4p/3np1p1/p7/P5PP/1PPPPPBR/1RBQK1N1 b kq - 0 12", -7),
    (Variant::Chess, "r2q1rk1/2npnp2/b1p4p/2b1p3/p2P1PpP/P1P1PBPR/1P1KN3/1RBQ4 w - - 7 24", -284),
    (Variant::Chess, "3qr3/n1nBkp2/b1p5/2P4p/p1P1pP1P/P1K1P1PR/r2BN3/6RQ b - - 3 35", -163),
    (Variant::Chess, "rnbqkbnr/ppp1pppp/8/3p4/8/2P5/PP1PPPPP/RNBQKBNR w KQkq - 0 2", -18),
    (Variant::Chess, "r2q1bn1/1pp1kp1r/p1n4p/4pQp1/1P6/B1P1PBPb/P2P1P1P/RN1K2NR b - - 1 13", -105),
    (Variant::Chess, "1r3bn1/1pp2r2/p1n1b2p/2P2ppQ/1P1Pk1PP/B7/P4q2/RNK3NR w - - 1 25", -384),
    (Variant::Chess, "1r6/npp1r1b1/p1P4n/5p1p/1P2k1Pp/BP2q3/R1K3R1/1N4N1 b - - 5 36", 1291),
    (Variant::Chess, "r1bqkbnr/pppp1ppp/n3p3/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq - 0 3", -29),
    (Variant::Chess, "r1bq1bnr/2pp1p2/1p1kp2p/p4Q2/P1P5/1n2PN1P/1P1P1PP1/RNBK1B1R b - - 3 14", -222),
    (Variant::Chess, "2b3n1/1kppbp1r/r3pq1p/pp3Q2/PNPPPBP1/1n3N1P/1P3P2/R2K1B1R w - - 5 26", 220),
    (Variant::Chess, "6n1/kbpNQp1r/r3p2p/p7/P1pbPBPP/3B1P1R/1P6/n1NK4 b - - 3 37", -582),
    (Variant::Chess, "r1bqkbnr/ppp1ppp1/2n5/3p3p/N7/5N2/PPPPPPPP/R1BQKB1R w KQkq - 0 4", -6),
    (Variant::Chess, "r4b2/1pp1qppr/p1nk4/3pp1Nn/3PP1b1/1N1Q4/PPP1BPPP/R1B1K1R1 b Q - 2 15", -108),
    (Variant::Chess, "rnbqkbnr/pppp1ppp/8/4p3/5P2/8/PPPPP1PP/RNBQKBNR w KQkq - 0 2", -44),
    (Variant::Chess, "rn2kb1r/p1p2pp1/3p3p/1p2pbq1/RPP5/3P2PB/1B1NP2P/1N1QK2R b Kkq - 0 13", -131),
    (Variant::Chess, "rn2k2r/p3bqp1/2pp1p2/4B2p/R7/N2PP1P1/4K2P/5N1R w kq - 1 25", -788),
    (Variant::Chess, "rn2k1r1/p3b1p1/2pp1B2/8/3R4/3qPKPp/7P/1N3N1R b - - 1 36", 922),
    (Variant::Chess, "rnbqkb1r/pppppp1p/6pn/8/2P5/5N2/PP1PPPPP/RNBQKB1R w KQkq - 0 3", 54),
    (Variant::Chess, "rnbqk2r/3pp2p/pp3bpn/2p2P2/1PP3P1/B7/P2PKP1P/R2QNBR1 b kq - 0 14", 281),
    (Variant::Chess, "rn2krn1/4p2p/bp6/pPp2pq1/2p2K2/B4P2/Pb1P3P/R1Q1NBR1 w q - 0 26", -656),
    (Variant::Chess, "r1k2rn1/7Q/bpn5/1Pp2pK1/p1p5/B2N1B2/P2P3P/2R3R1 b - - 0 37", -906),
    (Variant::Subversion, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 15),
    (Variant::Subversion, "r1b1k1nr/ppnpb3/3Q1pPp/1p2p3/4P3/N6P/P1P1B1P1/2B1K2R b Kkq - 2 12", 219),
    (Variant::Subversion, "1rb5/1p1k1q2/7p/1N1p1P2/6B1/6b1/P1P3P1/2BKQ2R w - - 4 24", 693),
    (Variant::Subversion, "3k4/1p1q4/7p/5P2/1Bp3B1/5R2/P1K3P1/8 b - - 7 35", -268),
    (Variant::Subversion, "rnbqkbnr/ppp1pppp/3p4/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2", 28),
    (Variant::Subversion, "1rbqkbn1/1pp1pp1r/3p4/pnn1B3/4P1Pp/3P1N2/P1PKQP1P/R4B1R b - - 1 13", 622),
    (Variant::Subversion, "2rqk1n1/4ppbr/2np4/ppp2B2/3NP2p/B2P1N2/2P1KP2/R2Q1B1R w - - 4 25", 465),
    (Variant::Subversion, "3q1k1b/3r1p1r/3pp2n/pp6/3NP3/3PnN2/1B3P2/1R1QKB1R b - - 4 36", -89),
    (Variant::Subversion, "rnbqkbnr/pp1p1ppp/8/2p1p3/3P4/P7/1PP1PPPP/RNBQKBNR w KQkq - 0 3", 13),
    (Variant::Subversion, "r1b2k1r/pp2bP1p/5n2/2ppP1N1/Pn2N1q1/8/1PP1P2P/1RBQKB1R b K - 2 14", -298),
    (Variant::Subversion, "2b2k1r/1p2b2p/2n1P3/2pN4/3P4/rP2B3/4P2P/2RnKB1R w K - 2 26", 99),
    (Variant::Subversion, "5k2/8/4Bb2/1p1N3r/3R1B2/1P6/4P3/2rNKB2 b - - 1 37", -889),
    (Variant::Subversion, "rn1qkbnr/pppb1ppp/3pp3/8/6P1/1PP5/P2PPP1P/RNBQKBNR w KQkq - 1 4", -58),
    (Variant::Subversion, "rnq2bnr/1ppbkp2/4p1pp/1P1p2P1/1pP4P/3P4/P3PP1N/RN1QKB1R b KQ - 3 15", 350),
    (Variant::Subversion, "1n2kbnr/r1p2p2/qpb1p1pP/1PP5/3p2NP/P2P2Q1/3KPPB1/8 w - - 1 27", -1357),
    (Variant::Subversion, "1n2kb1r/2r2p2/1pp1p2P/8/P7/1K2Pq2/5P2/5N1B b - - 0 38", 2019),
    (Variant::Subversion, "rnbqkbnr/1p1p1p1p/p5p1/2p1p3/8/3P1PPN/PPP1P2P/RNBQKB1R w KQkq - 0 5", 22),
    (Variant::Subversion, "r1bk1bnr/n2p3q/P5p1/1Qp3PP/3P2P1/4pP1R/4P3/RNBK1B2 b - - 4 16", -11),
    (Variant::Subversion, "4k1nr/n7/b3p1qb/5pp1/N5P1/RR2p2R/4P3/2BK1B2 w - - 0 28", -508),
    (Variant::Subversion, "3k4/n2q3r/1n2p2b/6p1/N5P1/R2bBR2/8/4KB2 b - - 13 39", 1054),
    (Variant::Subversion, "rnb1kbnr/1pqp1p1p/8/p1p1N1p1/1P6/P2P4/2P1PPPP/RNBQKB1R w KQkq - 0 6", 202),
    (Variant::Subversion, "2b1k1nr/1p2bp2/2n4p/4n1p1/1PP1P3/R1K5/R1P2P1P/1NQ1Q2R b k - 2 17", -1663),
    (Variant::Subversion, "1Rb2k2/1P1nn2r/7p/4npp1/1PPQP3/NRK1b3/2P4P/7R w - - 8 29", 1155),
    (Variant::Subversion, "1RB3k1/4nn1r/Q7/7p/1P1KP1p1/N7/2R4P/4R3 b - - 4 40", -2077),
    (Variant::Pacifist, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19),
    (Variant::Pacifist, "1n1qkB1R/2r1pppP/p3b1q1/1Ppp3n/P1p5/4P1PN/1P1PNPBP/R1B1KR2 b Qk - 1 12", 265),
    (Variant::Pacifist, "5bNR/1qrkp3/p1n1b2P/1PpN1pnN/P1P1P3/2QP2P1/1P1P1PBP/R1BK3R w - - 1 24", 1460),
    (Variant::Pacifist, "r1bqkbnr/ppp1pppp/n2p4/8/8/2P3PB/PP1PPP1P/RNBQK1NR b KQkq - 0 3", 104),
    (Variant::Pacifist, "N1b2b1r/1rp1k1qp/n2p1np1/1p2P3/1Q3P2/PPP2PPB/3PP2P/RNB1K1NR w KQ - 2 15", 617),
    (Variant::Pacifist, "rnbq1bnr/pp1pkpp1/8/2p1P2p/7P/1QPP1N2/PP2PPP1/RNB1KB1R b KQ - 2 6", -646),
    (Variant::Pacifist, "rnbk1b1r/p2p1p2/2q3p1/1Pp1P1bp/QN1Pp2P/PPP2N2/3K1PPR/RN3B2 w - - 2 18", 751),
    (Variant::Pacifist, "rnbqkbnr/p1pppp1p/1p6/6p1/1P6/4P3/P1PP1PPP/RNBQKBNR w KQkq - 0 3", 250),
    (Variant::Pacifist, "2q1kbnr/3npp2/r1pp4/1p1N1BPP/pP1P1PPP/4PB2/P1PB4/RQ2K1NR b KQk - 0 14", -1008),
    (Variant::Pacifist, "rn2kbnr/pbpp1ppp/8/1p2p1q1/1p5p/3P4/P1PKPPp1/RNBQ1Bnr w kq - 0 5", -2908),
    (Variant::Pacifist, "1Nb1k1nr/r2pbppP/1R6/pPP1P1P1/2PPQ2P/BP2K3/PQ2PP2/RN3Bn1 b k - 0 16", -3156),
    (Variant::Pacifist, "rnbq1b1r/p1p1kp1p/1p2pn2/3p2P1/2P5/1P1P4/P3PPPP/RNBQKBNR w KQ - 1 9", -131),
    (Variant::Pacifist, "r1b2b1r/2P1kp1n/p1N4p/QP1Ppqp1/2PNp1p1/PP1P3p/3K1p2/RNB2BR1 b - - 0 20", -1653),
    (Variant::Pacifist2, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 10),
    (Variant::Pacifist2, "rnb1kbr1/1pp1p2p/pnqp3n/5pp1/p2P1b2/1P2p1pn/2P1BP1p/R2QK2r b KQq - 0 12", 3957),
    (Variant::Pacifist2, "1n1qkbr1/2pp1pp1/bpr4p/4PP2/p5N1/P1pPP3/QP4PP/RNB1KBNR w KQ - 0 11", 576),
    (Variant::Pacifist2, "3qk1rb/2pn1p2/br4pp/Pp1Ppp2/2PP4/P1NNP3/QPK3Pp/R1BN1b1r b - - 1 22", 1272),
    (Variant::Pacifist2, "5kr1/1qpn1pb1/pr1p2P1/1b2P1N1/1PPPQP1p/PKN1P2P/RP3NP1/2B2B1R w - - 1 34", 2681),
    (Variant::Pacifist2, "5k1b/2p2p2/PR1Pn1p1/1Q1PPR2/BPP2PNp/P1K1P2P/RP3NPR/1QBN1b2 b - - 0 45", -5613),
    (Variant::Pacifist2, "r2qk2r/p1pppp1P/bP3n1B/3PN1P1/2N5/PPPQP1pN/5P1p/R1B1KB1r w KQkq - 0 12", 936),
    (Variant::Pacifist2, "R1rqk1rb/1Bpp1p2/1P2p2b/P2Pn3/2N1n1pq/1PP1Pnp1/3B1P1p/R3KB1r b KQ - 0 23", 3623),
    (Variant::Pacifist2, "rnbqkb1r/1ppppp1p/p7/3n2P1/3P2pP/8/PPPQPP2/RNBK1BNR b kq - 0 5", -8),
    (Variant::Pacifist2, "rnbqk1nr/1ppppp2/7b/p5pp/1p6/N7/P1PPPPPP/R1BQKBNR w KQkq - 0 5", -242),
    (Variant::Pacifist2, "rn1q1bnr/3b1k2/1pp1p3/Bn1p2pp/P2P1PP1/1P3P1N/P1PQP1BP/1R2K2R b K - 0 16", 235),
    (Variant::Pacifist2, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 10),
    (Variant::Pacifist2, "r2qkb1r/1p1bppp1/2pp1n1p/p7/1nP1pn2/3B3p/PP1PKPp1/RNBQ3R b kq - 0 12", 1482),
    (Variant::Pacifist2, "4kbr1/rpq1pp1N/2p3P1/2pp1BQP/p3PN1P/Pp1B4/2NP1P1B/RNB1K1R1 w - - 0 24", 2357),
    (Variant::Pacifist2, "4kb2/r2bqp1R/1pp1p1p1/2p3NP/p2PP2P/PP1R3N/r2PBPQB/1NBNK3 b - - 0 35", -1709),
    (Variant::Chess, "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", 200),
    (Variant::Chess, "4k3/3p4/3P4/8/8/8/8/4K3 b - - 0 1", -26),
    (Variant::Chess, "4k3/8/8/8/8/8/8/3NK3 w - - 0 1", 37),
    (Variant::Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", -35),
    (Variant::Chess, "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1NPP/PPP2P2/R1BQ1RK1 w - - 0 1", 7),
    (Variant::Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 51),
    (Variant::Chess, "6k1/5ppp/8/8/8/8/q4PPP/1R4K1 b - - 0 1", 436),
    (Variant::Subversion, "k7/8/8/4q3/3N4/8/P7/7K w - - 0 1", -105),
    (Variant::Subversion, "k7/8/8/4q3/3N4/8/P7/7K b - - 0 1", 496),
    (Variant::Subversion, "8/8/5k2/4q3/3N4/8/P7/7K w - - 0 1", -581),
    (Variant::Subversion, "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1", 136),
    (Variant::Subversion, "4k3/pp6/8/8/8/8/PPPP4/4K3 w - - 0 1", 252),
    (Variant::Pacifist, "4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1", 827),
    (Variant::Pacifist, "4k3/8/8/3q4/8/2N1N3/8/4K3 b - - 0 1", -334),
    (Variant::Pacifist, "4k3/4r3/8/4R3/3K4/8/8/8 w - - 0 1", 152),
    (Variant::Pacifist, "4k3/4r3/8/4R3/3K4/8/8/8 b - - 0 1", -406),
    (Variant::Pacifist, "8/8/8/8/8/8/8/K6K b - - 0 1", -4429),
    (Variant::Pacifist, "4k3/8/8/8/8/2n5/8/4K3 w - - 0 1", -845),
    (Variant::Pacifist, "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1", -59),
    (Variant::Pacifist2, "4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1", 992),
    (Variant::Pacifist2, "4k3/8/8/3q4/8/2N1N3/8/4K3 b - - 0 1", -432),
    (Variant::Pacifist2, "4k3/4r3/8/4R3/3K4/8/8/8 b - - 0 1", -68),
    (Variant::Pacifist2, "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1", -299),
    (Variant::Pacifist2, "8/8/8/8/8/8/8/K6K b - - 0 1", -4374),
    ];

    #[test]
    fn the_tables_reproduce_the_evaluation() {
        for &(v, fen, want) in REFERENCE {
            let pos = Position::from_fen(fen, v).unwrap();
            assert_eq!(crate::eval::evaluate(&pos), want, "{v} {fen}");
            let t = tune_target(v.board().unwrap());
            let white = t.evaluate_with(&pos, &t.values());
            let stm = match pos.side_to_move() {
                crate::board::Color::White => white,
                crate::board::Color::Black => -white,
            };
            assert_eq!(stm, want, "{v} {fen}: through the tuner's view");
        }
        for v in VARIANTS.map(|(v, _)| v) {
            let n = REFERENCE.iter().filter(|r| r.0.board() == Some(v)).count();
            assert!(n >= 20, "{v:?}: {n} reference positions");
        }
    }

    /// The included files are exactly what the tuner writes for the
    /// build's tables, their integers in memory order, and every entry
    /// has a name of its own.
    #[test]
    fn the_included_files_are_the_tuners_format() {
        for (v, text) in VARIANTS {
            let t = tune_target(v);
            let values = t.values();
            let written = t.to_source(&values, "x").unwrap();
            let body = |s: &str| s.split_once('\n').unwrap().1.to_string();
            assert_eq!(body(text), body(&written), "{v:?}");
            assert_eq!(integers_of_source(&written), values, "{v:?}");
            let names = t.names();
            assert_eq!(names.len(), values.len(), "{v:?}");
            let unique: std::collections::HashSet<&String> = names.iter().collect();
            assert_eq!(unique.len(), names.len(), "{v:?}");
            assert!(t.to_source(&values[1..], "x").is_none());
        }
        let chess = tune_target(BoardVariant::Chess).names();
        assert_eq!(chess[0], "value.pawn.mg");
        assert_eq!(chess[12], "pst_mg.pawn.a8");
        assert_eq!(chess[12 + 64 + 63], "pst_mg.knight.h1");
        let sub = tune_target(BoardVariant::Subversion).names();
        assert_eq!(
            sub[..chess.len()],
            chess
                .iter()
                .map(|n| format!("chess.{n}"))
                .collect::<Vec<_>>()[..]
        );
        assert_eq!(sub.last().unwrap(), "shielded.queen.eg");
    }

    /// Apocalypse's file too is what the tuner writes, and its table gives
    /// the evaluation the search uses.
    #[test]
    fn the_apocalypse_file_is_the_tuners_format() {
        use crate::eval::apocalypse;
        use crate::rules::apocalypse::{ApocalypseGame, ApocalypsePosition};
        let t = apocalypse::tune_target();
        let values = t.values();
        let written = t.to_source(&values, "x").unwrap();
        let body = |s: &str| s.split_once('\n').unwrap().1.to_string();
        assert_eq!(body(include_str!("tuned/apocalypse.rs")), body(&written));
        assert_eq!(integers_of_source(&written), values);
        let names = t.names();
        assert_eq!(names.len(), values.len());
        assert_eq!(names[0], "pawns.0");
        assert!(names.contains(&"knight_square.c3".to_string()));
        let mut game = ApocalypseGame::new(ApocalypsePosition::start());
        for turn in [["b1b2", "b5b4"], ["a1b3", "e5d3"]] {
            let pos = *game.position();
            let w = pos.parse_ply(crate::board::Color::White, turn[0]).unwrap();
            let b = pos.parse_ply(crate::board::Color::Black, turn[1]).unwrap();
            game.play_turn(w, b);
            let pos = game.position();
            assert_eq!(t.evaluate_with(pos, &values), apocalypse::evaluate(pos));
        }
    }

    /// Moving one named entry moves the evaluation the way its name says.
    #[test]
    fn names_point_at_their_entries() {
        let t = tune_target(BoardVariant::Chess);
        let names = t.names();
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", Variant::Chess).unwrap();
        let at = |name: &str| names.iter().position(|n| n == name).unwrap();
        let base = t.values();
        let e0 = t.evaluate_with(&pos, &base);
        // The white knight on d1 in a bare ending: its endgame table entry
        // counts (tapered, scaled by the drawish-ending factor 2/16).
        let mut v = base.clone();
        v[at("pst_eg.knight.d1")] += 80;
        assert!(t.evaluate_with(&pos, &v) > e0 + 5);
        let mut v = base.clone();
        v[at("pst_eg.knight.d8")] += 80;
        assert_eq!(t.evaluate_with(&pos, &v), e0);
    }

    #[test]
    fn flat_round_trips() {
        let p = crate::eval::chess::PARAMS;
        assert_eq!(from_flat::<crate::eval::chess::Params>(flat(&p)), Some(p));
        assert_eq!(flat(&p)[0], p.value[0].mg);
        assert_eq!(flat(&p)[1], p.value[0].eg);
        assert!(from_flat::<crate::eval::chess::Params>(&[1, 2]).is_none());
    }

    #[test]
    fn linearize_gives_the_slopes() {
        let t = tune_target(BoardVariant::Pacifist);
        let pos = Position::startpos(BoardVariant::Pacifist);
        let v = t.values();
        let (e, slopes) = t.linearize(&pos, &v, 4);
        assert_eq!(e, t.evaluate_with(&pos, &v));
        let names = t.names();
        let slope = |name: &str| {
            let j = names.iter().position(|n| n == name).unwrap() as u32;
            slopes.iter().find(|s| s.0 == j).map_or(0.0, |s| s.1)
        };
        // Both sides have eight pawns: material cancels; tempo is white's.
        assert_eq!(slope("value.pawn"), 0.0);
        assert_eq!(slope("tempo"), 1.0);
        // White's pawn e2 and black's e7 read the same entry (e2) and
        // cancel; nothing reads the entry e7.
        assert_eq!(slope("pst.pawn.e2"), 0.0);
        assert_eq!(slope("pst.pawn.e7"), 0.0);
    }
}
