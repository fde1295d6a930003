//! Evaluation of an Apocalypse position (docs/rules.md §5) from white's point of
//! view, in centipawn-like units: pawns (losing them all loses), knights
//! and their squares, penalty points (two lose), pawns near promotion,
//! mobility (sure moves), and safety from capture. The weights are a
//! [`Params`] table that `turncoat tune` sets.

use super::table::{Field, Table, Target};
use crate::board::Color;
use crate::rules::apocalypse::board::{squares, Sq};
use crate::rules::apocalypse::candidates::knight_targets;
use crate::rules::apocalypse::{ApocalypsePosition, Kind};

pub const WIN: i32 = 10_000;

/// Values at least this far from 0 are decided games: a win (or loss) in
/// `WIN - |value|` turns, as the search counts them (longest resistance).
pub const DECIDED: i32 = WIN - 1_000;

/// The weights of the apocalypse evaluation: the parameter table that
/// `turncoat tune` sets from self-play data, included from
/// `tuned/apocalypse.rs` (written by the tuner).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// A side's pawns by how many it has (0 to 5): the last ones are
    /// worth most, as losing them all loses (docs/rules.md §5).
    pub pawns: [i32; 6],
    pub knight: i32,
    /// Per penalty point (a second one loses).
    pub penalty: i32,
    /// Per pawn, by how many ranks it has advanced.
    pub advancement: [i32; 5],
    /// Per knight, by square, from the side's own back rank (rank 1 for
    /// white, rank 5 for black), files a to e.
    pub knight_square: [i32; 25],
    /// Per sure candidate move.
    pub sure_move: i32,
    /// Per pawn and per knight the enemy could capture next turn.
    pub hanging: [i32; 2],
}

// SAFETY: `#[repr(C)]`, integers only.
unsafe impl Table for Params {
    const TYPE_NAME: &'static str = "Params";
    fn fields(&self) -> Vec<Field<'_>> {
        vec![
            Field::array("pawns", &["0", "1", "2", "3", "4", "5"], &self.pawns),
            Field::scalar("knight", &self.knight),
            Field::scalar("penalty", &self.penalty),
            Field::array("advancement", &["0", "1", "2", "3", "4"], &self.advancement),
            Field::array("knight_square", &SQUARES, &self.knight_square),
            Field::scalar("sure_move", &self.sure_move),
            Field::array("hanging", &["pawn", "knight"], &self.hanging),
        ]
    }
}

/// The squares as labels, from the side's own back rank.
const SQUARES: [&str; 25] = [
    "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "a4",
    "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5",
];

/// The build's weights.
pub const PARAMS: Params = include!("tuned/apocalypse.rs");

/// The table `turncoat tune` sets, and how it evaluates.
pub fn tune_target() -> Target<Params, ApocalypsePosition> {
    Target {
        params: PARAMS,
        source: "src/eval/tuned/apocalypse.rs",
        evaluate_white: evaluate_with,
    }
}

/// The terms for one side.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terms {
    pub pawns: i32,
    pub knights: i32,
    pub penalty: i32,
    pub advancement: i32,
    pub mobility: i32,
    pub hanging: i32,
}

impl Terms {
    pub fn total(&self) -> i32 {
        self.pawns + self.knights + self.penalty + self.advancement + self.mobility + self.hanging
    }
}

/// Squares the pieces of `c` could capture on next turn (knight jumps and
/// pawn diagonals).
fn threats(pos: &ApocalypsePosition, c: Color) -> u32 {
    let dr = if c == Color::White { 1 } else { -1 };
    let mut t = squares(pos.pieces(c, Kind::Knight)).fold(0, |b, s| b | knight_targets(s));
    for p in squares(pos.pieces(c, Kind::Pawn)) {
        for df in [-1, 1] {
            if let Some(d) = p.offset(df, dr) {
                t |= d.bit();
            }
        }
    }
    t
}

/// How many ranks `sq` lies ahead of the back rank of `c`.
fn ranks_ahead(sq: Sq, c: Color) -> usize {
    (if c == Color::White {
        sq.rank()
    } else {
        4 - sq.rank()
    }) as usize
}

/// The terms of side `c` with the weights `w`.
pub fn terms_with(pos: &ApocalypsePosition, c: Color, w: &Params) -> Terms {
    let pawns = pos.pieces(c, Kind::Pawn);
    let knights = pos.pieces(c, Kind::Knight);
    let n_pawns = (pawns.count_ones() as usize).min(w.pawns.len() - 1);
    let advancement = squares(pawns)
        .map(|s| w.advancement[ranks_ahead(s, c)])
        .sum();
    let knight_squares: i32 = squares(knights)
        .map(|s| w.knight_square[ranks_ahead(s, c) * 5 + s.file() as usize])
        .sum();
    let sure_moves = pos.candidates(c).iter().filter(|p| p.sure).count() as i32;
    let enemy_threats = threats(pos, c.flip());
    let hanging = ((pawns & enemy_threats).count_ones() as i32) * w.hanging[0]
        + ((knights & enemy_threats).count_ones() as i32) * w.hanging[1];
    Terms {
        pawns: w.pawns[n_pawns],
        knights: knights.count_ones() as i32 * w.knight + knight_squares,
        penalty: pos.penalties(c) as i32 * w.penalty,
        advancement,
        mobility: w.sure_move * sure_moves,
        hanging,
    }
}

/// The terms of side `c` with the build's weights.
pub fn terms(pos: &ApocalypsePosition, c: Color) -> Terms {
    terms_with(pos, c, &PARAMS)
}

/// White's value of `pos` with the weights `w`.
pub fn evaluate_with(pos: &ApocalypsePosition, w: &Params) -> i32 {
    terms_with(pos, Color::White, w).total() - terms_with(pos, Color::Black, w).total()
}

/// Static value for white (positive: white is better).
pub fn evaluate(pos: &ApocalypsePosition) -> i32 {
    evaluate_with(pos, &PARAMS)
}

pub fn explain(pos: &ApocalypsePosition) -> String {
    let (w, b) = (terms(pos, Color::White), terms(pos, Color::Black));
    let row = |name: &str, a: i32, c: i32| format!("{name:<12} {a:>6} {c:>6} {:>6}\n", a - c);
    let mut s = format!(
        "{:<12} {:>6} {:>6} {:>6}\n",
        "term", "white", "black", "total"
    );
    s += &row("pawns", w.pawns, b.pawns);
    s += &row("knights", w.knights, b.knights);
    s += &row("penalties", w.penalty, b.penalty);
    s += &row("advancement", w.advancement, b.advancement);
    s += &row("mobility", w.mobility, b.mobility);
    s += &row("hanging", w.hanging, b.hanging);
    s += &format!("evaluation (white's view): {}", evaluate(pos));
    s
}
