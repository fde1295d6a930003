//! Accuracy per side, lichess's formula (docs/review.md, "Accuracy";
//! lichess's `AccuracyPercent`), on turncoat's win chances.
//!
//! A move's accuracy, from its side's win percent (expected score times
//! 100) before and after it: 100 when it loses nothing, else
//! `103.1668 * exp(-0.04354 * (before - after)) - 3.1669 + 1` (the last 1
//! lichess's allowance for imperfect analysis), kept within 0..100. A
//! side's accuracy is the mean of two means of its moves' accuracies: one
//! weighted by the game's volatility around each move (the standard
//! deviation of white's win percents over a window of the game, from 0.5
//! to 12), and the harmonic mean (each accuracy at least 1), which a few
//! bad moves pull down.

use crate::board::Color;

/// One move as accuracy sees it: its side and that side's win percents
/// (0 to 100) before and after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveWin {
    pub side: Color,
    pub before: f64,
    pub after: f64,
}

impl MoveWin {
    /// White's win percent before the move.
    fn white_before(&self) -> f64 {
        self.white(self.before)
    }

    fn white(&self, percent: f64) -> f64 {
        match self.side {
            Color::White => percent,
            Color::Black => 100.0 - percent,
        }
    }
}

/// A move's accuracy in percent (0 to 100).
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp()
        - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The accuracy of each side ([white, black]; `None` for a side without
/// a move) over the game's moves in order.
pub fn game_accuracy(moves: &[MoveWin]) -> [Option<f64>; 2] {
    let weights = volatility(moves);
    let side = |color: Color| {
        let mine: Vec<(f64, f64)> = moves
            .iter()
            .zip(&weights)
            .filter(|(m, _)| m.side == color)
            .map(|(m, &w)| (move_accuracy(m.before, m.after), w))
            .collect();
        if mine.is_empty() {
            return None;
        }
        let weighted =
            mine.iter().map(|(a, w)| a * w).sum::<f64>() / mine.iter().map(|(_, w)| w).sum::<f64>();
        let harmonic = mine.len() as f64 / mine.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    };
    [side(Color::White), side(Color::Black)]
}

/// Each move's weight: the standard deviation (0.5 to 12) of white's win
/// percents over the window of the game that ends after the move, a tenth
/// of the game long (2 to 8 points; the first moves share the first window).
fn volatility(moves: &[MoveWin]) -> Vec<f64> {
    let Some(last) = moves.last() else {
        return Vec::new();
    };
    let series: Vec<f64> = moves
        .iter()
        .map(MoveWin::white_before)
        .chain(std::iter::once(last.white(last.after)))
        .collect();
    let size = (moves.len() / 10).clamp(2, 8).min(series.len());
    let first = &series[..size];
    let windows = std::iter::repeat_n(first, size.saturating_sub(2)).chain(series.windows(size));
    windows
        .take(moves.len())
        .map(|w| deviation(w).clamp(0.5, 12.0))
        .collect()
}

/// The population standard deviation.
fn deviation(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(whites: &[f64]) -> Vec<MoveWin> {
        whites
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let side = if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let mine = |x: f64| if i % 2 == 0 { x } else { 100.0 - x };
                MoveWin {
                    side,
                    before: mine(w[0]),
                    after: mine(w[1]),
                }
            })
            .collect()
    }

    #[test]
    fn a_move_that_loses_nothing_is_perfect() {
        assert_eq!(move_accuracy(60.0, 60.0), 100.0);
        assert_eq!(move_accuracy(40.0, 70.0), 100.0);
        let small = move_accuracy(55.0, 50.0);
        let big = move_accuracy(80.0, 10.0);
        assert!(small > 75.0 && small < 100.0, "{small}");
        assert!(big < 10.0, "{big}");
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    /// A game where white keeps its chances and black throws its away:
    /// white near 100, black far lower.
    #[test]
    fn the_side_that_blunders_is_less_accurate() {
        let moves = line(&[50.0, 52.0, 51.0, 53.0, 90.0, 91.0, 97.0, 97.5, 99.0]);
        let [white, black] = game_accuracy(&moves);
        let (white, black) = (white.unwrap(), black.unwrap());
        assert!(white > 95.0, "{white}");
        assert!(black < 60.0, "{black}");
        assert_eq!(game_accuracy(&moves[..1])[1], None);
        assert_eq!(game_accuracy(&[]), [None, None]);
    }
}
