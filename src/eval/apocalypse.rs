//! Evaluation of an Apocalypse position (RULES.md 5) from white's point of
//! view, in centipawn-like units: pawns (losing them all loses), knights,
//! penalty points (two lose), pawns near promotion, mobility (sure moves),
//! and safety from capture.

use crate::board::Color;
use crate::variants::apocalypse::board::squares;
use crate::variants::apocalypse::candidates::knight_targets;
use crate::variants::apocalypse::{ApocalypsePosition, Kind};

pub const WIN: i32 = 10_000;

/// Values at least this far from 0 are decided games: a win (or loss) in
/// `WIN - |value|` turns, as the search counts them (longest resistance).
pub const DECIDED: i32 = WIN - 1_000;

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

pub fn terms(pos: &ApocalypsePosition, c: Color) -> Terms {
    let pawns = pos.pieces(c, Kind::Pawn);
    let knights = pos.pieces(c, Kind::Knight);
    let n_pawns = pawns.count_ones() as i32;
    // The last pawns are worth most: losing all of them loses the game.
    let pawn_value = match n_pawns {
        0 => 0,
        1 => 250,
        2 => 420,
        n => 420 + (n - 2) * 110,
    };
    let advancement = squares(pawns)
        .map(|s| {
            let steps = if c == Color::White {
                s.rank()
            } else {
                4 - s.rank()
            };
            [0, 5, 15, 30, 0][steps as usize]
        })
        .sum();
    let sure_moves = pos.candidates(c).iter().filter(|p| p.sure).count() as i32;
    let enemy_threats = threats(pos, c.flip());
    let hanging = -(((pawns & enemy_threats).count_ones() as i32) * 25
        + ((knights & enemy_threats).count_ones() as i32) * 60);
    Terms {
        pawns: pawn_value,
        knights: knights.count_ones() as i32 * 300,
        penalty: -(pos.penalties(c) as i32) * 200,
        advancement,
        mobility: 4 * sure_moves,
        hanging,
    }
}

/// Static value for white (positive: white is better).
pub fn evaluate(pos: &ApocalypsePosition) -> i32 {
    terms(pos, Color::White).total() - terms(pos, Color::Black).total()
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
