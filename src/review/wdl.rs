//! Win, draw and loss chances from a score, per variant (docs/review.md,
//! "Win chances"): the model Stockfish prints with `UCI_ShowWDL`, fitted
//! to turncoat's own self-play games, since a score means something else
//! in each variant (a pacifist "+3" is not a chess "+3").
//!
//! For a score `s` in centipawns from one side's view,
//! `win(s) = 1 / (1 + exp(-(s - a) / b))`, `loss(s) = win(-s)` and
//! `draw(s) = 1 - win(s) - loss(s)`, with the variant's `a` (how far from
//! even a win starts to outweigh a draw) and `b` (how slowly chances
//! change with the score). `contrib/wdl/fit.py` fits them to
//! `turncoat datagen` data; the fits are in docs/experiments.md.

use crate::engine::Info;
use crate::search::threads::Score;
use crate::Variant;

/// One variant's parameters (centipawns).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// The score at which a win is as likely as not; 0 in a variant
    /// without draws.
    pub a: f64,
    /// The spread: chances change by about a quarter over `b` centipawns
    /// around `a`.
    pub b: f64,
}

/// The fitted parameters of each variant (docs/experiments.md,
/// 2026-11-28: `turncoat datagen` games at 3000 and 5000 nodes a move,
/// apocalypse at 2000 and 3000 a turn and fitted within ±800 cp;
/// `contrib/wdl/fit.py`).
const CHESS: Model = Model { a: 103.6, b: 217.9 };
const SUBVERSION: Model = Model { a: 354.5, b: 590.5 };
const PACIFIST: Model = Model {
    a: 187.5,
    b: 1509.2,
};
const PACIFIST2: Model = Model {
    a: 3233.2,
    b: 4419.6,
};
const APOCALYPSE: Model = Model { a: 64.6, b: 169.1 };

impl Model {
    /// The model of `variant`.
    pub fn of(variant: Variant) -> Model {
        match variant {
            Variant::Chess => CHESS,
            Variant::Subversion => SUBVERSION,
            Variant::Pacifist => PACIFIST,
            Variant::Pacifist2 => PACIFIST2,
            Variant::Apocalypse => APOCALYPSE,
        }
    }

    /// The chance of a win at `cp` centipawns (the side's own view).
    fn win(&self, cp: f64) -> f64 {
        1.0 / (1.0 + (-(cp - self.a) / self.b).exp())
    }

    /// Win, draw and loss chances at `cp`, each from 0 to 1, summing to 1.
    pub fn chances(&self, cp: f64) -> [f64; 3] {
        let win = self.win(cp);
        let loss = self.win(-cp);
        [win, (1.0 - win - loss).max(0.0), loss]
    }
}

/// Win, draw and loss chances in per mille, summing to 1000, as UCI's
/// `info ... wdl W D L` gives them (the side to move's view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl Wdl {
    /// The chances of `score` (the side to move's view) in `variant`: a
    /// mate found is a win (1000 0 0), a mate against a loss (0 0 1000).
    pub fn of(variant: Variant, score: Score) -> Wdl {
        match score {
            Score::Mate(m) if m > 0 => Wdl::per_mille(1.0, 0.0),
            Score::Mate(_) => Wdl::per_mille(0.0, 1.0),
            Score::Cp(cp) => {
                let [win, _, loss] = Model::of(variant).chances(f64::from(cp));
                Wdl::per_mille(win, loss)
            }
        }
    }

    /// Rounded to per mille: the win and loss each rounded (so each moves
    /// with the score in one direction only), the draw the rest.
    fn per_mille(win: f64, loss: f64) -> Wdl {
        let win = (win * 1000.0).round().clamp(0.0, 1000.0) as u32;
        let loss = ((loss * 1000.0).round().clamp(0.0, 1000.0) as u32).min(1000 - win);
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }

    /// The side's expected score, 0 to 1 (a win 1, a draw one half).
    pub fn expected(&self) -> f64 {
        (f64::from(self.win) + f64::from(self.draw) / 2.0) / 1000.0
    }
}

/// The chances of a search report (the side to move's view; in
/// apocalypse the side choosing), for `UCI_ShowWDL`.
pub fn of_info(variant: Variant, info: &Info) -> Wdl {
    match info {
        Info::Line(l) => Wdl::of(variant, l.score),
        Info::Turn(t) => Wdl::of(variant, Score::Cp(t.value.round().clamp(-1e9, 1e9) as i32)),
    }
}

/// The expected score (0 to 1) of `score` from its side's view, unrounded:
/// the win chance of game review (docs/review.md).
pub fn expected_score(variant: Variant, score: Score) -> f64 {
    match score {
        Score::Mate(m) if m > 0 => 1.0,
        Score::Mate(_) => 0.0,
        Score::Cp(cp) => {
            // win + draw / 2, written so that rounding keeps it monotone
            let [win, _, loss] = Model::of(variant).chances(f64::from(cp));
            (1.0 + win - loss) / 2.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In every variant the chances sum to 1000, the win grows and the
    /// loss shrinks with the score, an even score is even, and mates are
    /// certain.
    #[test]
    fn chances_sum_to_1000_and_follow_the_score() {
        for v in Variant::ALL {
            let mut last = Wdl::of(v, Score::Mate(-1));
            assert_eq!(
                last,
                Wdl {
                    win: 0,
                    draw: 0,
                    loss: 1000
                }
            );
            let mut expected = 0.0;
            for cp in (-40_000..=40_000).step_by(7) {
                let w = Wdl::of(v, Score::Cp(cp));
                assert_eq!(w.win + w.draw + w.loss, 1000, "{v:?} {cp}");
                assert!(w.win >= last.win && w.loss <= last.loss, "{v:?} {cp}");
                let e = expected_score(v, Score::Cp(cp));
                assert!(e >= expected, "{v:?} {cp}");
                (last, expected) = (w, e);
            }
            assert_eq!(
                Wdl::of(v, Score::Mate(3)),
                Wdl {
                    win: 1000,
                    draw: 0,
                    loss: 0
                }
            );
            let even = Wdl::of(v, Score::Cp(0));
            assert_eq!(even.win, even.loss, "{v:?}");
            assert!((expected_score(v, Score::Cp(0)) - 0.5).abs() < 1e-12);
            assert!(Wdl::of(v, Score::Cp(100)).win > Wdl::of(v, Score::Cp(-100)).win);
        }
    }

    #[test]
    fn a_pawn_up_in_chess_wins_more_than_it_loses_and_draws_often() {
        let w = Wdl::of(Variant::Chess, Score::Cp(100));
        assert!(w.win > w.loss, "{w:?}");
        assert!(w.draw > 100, "{w:?}");
    }
}
