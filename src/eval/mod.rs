//! Static evaluation of the 8x8 variants, in centipawns.
//!
//! [`Evaluate`] is the entry point of the search, implemented for each
//! rules type by one module per variant family:
//!
//! * [`chess`]: orthodox chess, tapered between middlegame and endgame;
//! * [`subversion`]: the chess terms plus pawns as currency, subversion
//!   threats and pieces shielded by their own king (docs/rules.md §4);
//! * [`pacifist`]: `pacifist` and `pacifist2` (docs/rules.md §2, §3), built on
//!   persuasion and support counted for all squares at once.
//!
//! Every family fills a small fixed table of terms per colour, so that
//! [`evaluate`] (which only adds them up) and [`explain`] (which prints
//! them) share one computation. `evaluate` allocates nothing and generates
//! no moves.

pub mod apocalypse;
pub mod chess;
pub mod pacifist;
pub mod pst;
pub mod subversion;
pub mod table;

use crate::board::{Color, Position};
use crate::rules::chess::Chess;
use crate::rules::pacifist::{Count, Pacifist, Value};
use crate::rules::subversion::Subversion;
use crate::with_rules;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};
use table::{Target, Tunable};

/// The largest magnitude [`evaluate`] returns; mate scores of the search
/// (±30000) stay far away.
pub const MAX_EVAL: i32 = 15_000;

/// The evaluation of one 8x8 variant, implemented for its rules type so
/// that the search, monomorphised over the rules, calls it without any
/// dispatch.
pub trait Evaluate {
    /// White's view, in centipawns, before clamping.
    fn evaluate_white(pos: &Position) -> i32;
    /// The terms of [`Evaluate::evaluate_white`], printed.
    fn explain(pos: &Position) -> String;
    /// The parameter table `turncoat tune` sets.
    fn tune_target() -> Box<dyn Tunable>;
}

/// The tuning target of a board variant's evaluation.
pub fn tune_target(v: crate::BoardVariant) -> Box<dyn Tunable> {
    with_rules!(v, R => R::tune_target())
}

impl Evaluate for Chess {
    #[inline]
    fn evaluate_white(pos: &Position) -> i32 {
        chess::evaluate_white(pos)
    }
    fn explain(pos: &Position) -> String {
        chess::explain(pos)
    }
    fn tune_target() -> Box<dyn Tunable> {
        Box::new(Target {
            params: chess::PARAMS,
            source: "src/eval/tuned/chess.rs",
            evaluate_white: chess::evaluate_white_with,
        })
    }
}

impl Evaluate for Subversion {
    #[inline]
    fn evaluate_white(pos: &Position) -> i32 {
        subversion::evaluate_white(pos)
    }
    fn explain(pos: &Position) -> String {
        subversion::explain(pos)
    }
    fn tune_target() -> Box<dyn Tunable> {
        Box::new(Target {
            params: subversion::PARAMS,
            source: "src/eval/tuned/subversion.rs",
            evaluate_white: subversion::evaluate_white_with,
        })
    }
}

impl Evaluate for Pacifist<Count> {
    #[inline]
    fn evaluate_white(pos: &Position) -> i32 {
        pacifist::evaluate_white::<Count, 5>(pos)
    }
    fn explain(pos: &Position) -> String {
        pacifist::explain::<Count, 5>(pos)
    }
    fn tune_target() -> Box<dyn Tunable> {
        Box::new(Target {
            params: *pacifist::params::<Count>(),
            source: "src/eval/tuned/pacifist.rs",
            evaluate_white: pacifist::evaluate_white_with::<Count, 5>,
        })
    }
}

impl Evaluate for Pacifist<Value> {
    #[inline]
    fn evaluate_white(pos: &Position) -> i32 {
        pacifist::evaluate_white::<Value, 10>(pos)
    }
    fn explain(pos: &Position) -> String {
        pacifist::explain::<Value, 10>(pos)
    }
    fn tune_target() -> Box<dyn Tunable> {
        Box::new(Target {
            params: *pacifist::params::<Value>(),
            source: "src/eval/tuned/pacifist2.rs",
            evaluate_white: pacifist::evaluate_white_with::<Value, 10>,
        })
    }
}

/// Static evaluation in centipawns from the point of view of the side to
/// move, by the evaluation of the rules `R`.
#[inline]
pub fn evaluate_for<R: Evaluate>(pos: &Position) -> i32 {
    let white = R::evaluate_white(pos).clamp(-MAX_EVAL, MAX_EVAL);
    match pos.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// [`evaluate_for`] the position's own variant.
pub fn evaluate(pos: &Position) -> i32 {
    with_rules!(pos.board_variant(), R => evaluate_for::<R>(pos))
}

/// Human-readable breakdown for the engine's `eval` command: each term
/// (white, black, total), the final score; for the pacifist variants also
/// an 8x8 map of support/persuasion per piece and of control of the empty
/// squares.
pub fn explain(pos: &Position) -> String {
    let body = with_rules!(pos.board_variant(), R => R::explain(pos));
    format!(
        "{body}\nFinal evaluation: {} cp (side to move, {})",
        evaluate(pos),
        match pos.side_to_move() {
            Color::White => "white",
            Color::Black => "black",
        }
    )
}

/// A middlegame / endgame score pair (`#[repr(C)]`: parameter tables
/// are flat integers, see [`table`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    pub mg: i32,
    pub eg: i32,
}

/// Shorthand for a [`Tapered`].
#[inline]
pub const fn s(mg: i32, eg: i32) -> Tapered {
    Tapered { mg, eg }
}

impl Tapered {
    pub const ZERO: Tapered = s(0, 0);

    /// Interpolates by `phase` (0 = bare endgame .. `PHASE_MAX` = full middlegame).
    #[inline]
    pub fn taper(self, phase: i32, phase_max: i32) -> i32 {
        (self.mg * phase + self.eg * (phase_max - phase)) / phase_max
    }
}

impl Add for Tapered {
    type Output = Tapered;
    #[inline]
    fn add(self, o: Tapered) -> Tapered {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}
impl Sub for Tapered {
    type Output = Tapered;
    #[inline]
    fn sub(self, o: Tapered) -> Tapered {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}
impl Neg for Tapered {
    type Output = Tapered;
    #[inline]
    fn neg(self) -> Tapered {
        s(-self.mg, -self.eg)
    }
}
impl Mul<i32> for Tapered {
    type Output = Tapered;
    #[inline]
    fn mul(self, k: i32) -> Tapered {
        s(self.mg * k, self.eg * k)
    }
}
impl AddAssign for Tapered {
    #[inline]
    fn add_assign(&mut self, o: Tapered) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}
impl SubAssign for Tapered {
    #[inline]
    fn sub_assign(&mut self, o: Tapered) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}

/// Formats one term line of a breakdown: name, white, black, white - black.
pub(crate) fn term_line(name: &str, w: &str, b: &str, total: &str) -> String {
    format!("{name:<18} {w:>13} {b:>13} {total:>13}")
}

#[cfg(test)]
pub(crate) mod testutil {
    //! Helpers shared by the evaluation tests.

    use crate::board::Position;
    use crate::Variant;

    /// The colour-flipped mirror of `pos`: ranks reversed, colours swapped,
    /// the other side to move. Its evaluation must equal that of `pos`.
    pub fn mirror(pos: &Position) -> Position {
        let fen = pos.to_fen();
        let f: Vec<&str> = fen.split_whitespace().collect();
        let placement: Vec<String> = f[0]
            .split('/')
            .rev()
            .map(|r| r.chars().map(swap_case).collect())
            .collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling: String = if f[2] == "-" {
            "-".into()
        } else {
            f[2].chars().map(swap_case).collect()
        };
        let ep = if f[3] == "-" {
            "-".to_string()
        } else {
            let b = f[3].as_bytes();
            format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
        };
        let mirrored = format!(
            "{} {side} {castling} {ep} {} {}",
            placement.join("/"),
            f[4],
            f[5]
        );
        Position::from_fen(&mirrored, pos.variant())
            .unwrap_or_else(|e| panic!("mirror of {fen} gives {mirrored}: {e}"))
    }

    fn swap_case(c: char) -> char {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    }

    pub use crate::rng::Rng;

    /// Positions reached by random play from the start position of
    /// `variant`: `games` games of up to `plies` plies each, every position
    /// along the way.
    pub fn random_positions(
        variant: Variant,
        games: usize,
        plies: usize,
        seed: u64,
    ) -> Vec<Position> {
        let mut rng = Rng::from_state(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut pos = Position::startpos(variant.board().expect("an 8x8 variant"));
            for _ in 0..plies {
                out.push(pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[rng.below(moves.len())]);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::testutil::{mirror, random_positions};
    use super::*;
    use crate::Variant;
    use std::time::Instant;

    const EIGHT_BY_EIGHT: [Variant; 4] = [
        Variant::Chess,
        Variant::Subversion,
        Variant::Pacifist,
        Variant::Pacifist2,
    ];

    #[test]
    fn start_position_is_balanced_up_to_tempo() {
        for v in EIGHT_BY_EIGHT {
            let e = evaluate(&Position::startpos(v.board().unwrap()));
            assert!((0..=40).contains(&e), "{v}: start eval {e}");
        }
    }

    #[test]
    fn symmetric_and_bounded_over_random_play() {
        for (i, v) in EIGHT_BY_EIGHT.into_iter().enumerate() {
            for pos in random_positions(v, 12, 120, 0x9e37_79b9 + i as u64) {
                let e = evaluate(&pos);
                assert!(e.abs() <= MAX_EVAL, "{v} {}: {e}", pos.to_fen());
                let m = mirror(&pos);
                assert_eq!(e, evaluate(&m), "{v}: {} vs {}", pos.to_fen(), m.to_fen());
            }
        }
    }

    #[test]
    fn explain_names_every_position() {
        for v in EIGHT_BY_EIGHT {
            for pos in random_positions(v, 2, 40, 7) {
                let text = explain(&pos);
                assert!(text.contains("Final evaluation"), "{text}");
                assert!(text.contains(&format!("{} cp", evaluate(&pos))), "{text}");
            }
        }
    }

    /// Not a test: prints the time per `evaluate` call for each variant
    /// family over positions from random play. Run with
    /// `cargo test --release --lib eval::tests::timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn timing() {
        for v in EIGHT_BY_EIGHT {
            let positions = random_positions(v, 40, 100, 99);
            let rounds = 200;
            let mut sink = 0i64;
            for p in &positions {
                sink += evaluate(p) as i64;
            }
            let t = Instant::now();
            for _ in 0..rounds {
                for p in &positions {
                    sink += evaluate(std::hint::black_box(p)) as i64;
                }
            }
            let ns = t.elapsed().as_nanos() as f64 / (rounds * positions.len()) as f64;
            println!(
                "{v:<10} {ns:7.1} ns per evaluate ({} positions, checksum {sink})",
                positions.len()
            );
        }
    }
}
