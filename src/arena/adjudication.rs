//! Adjudication by the runner (`-draw`, `-resign`, `-maxmoves`): games
//! ended before the rules end them, from the scores the engines report.

use super::result::{DrawBy, GameResult, WinBy};
use crate::board::Color;

/// Draw and resign adjudication (`-draw`, `-resign`), and `-maxmoves`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Adjudication {
    /// (movenumber, movecount, score)
    pub draw: Option<(u32, u32, i32)>,
    /// (movecount, score)
    pub resign: Option<(u32, i32)>,
    pub max_moves: Option<u32>,
}

impl Adjudication {
    /// `-maxmoves`, counted in full moves: a white and a black move, or in
    /// the simultaneous game a turn of two plies (docs/rules.md §5.4).
    pub fn max_moves_reached(&self, plies: usize) -> bool {
        self.max_moves.is_some_and(|m| plies / 2 >= m as usize)
    }

    /// After `plies` plies, with the scores reported so far (each from its
    /// engine's own side), oldest first.
    pub fn judge(&self, scores: &[(Color, i32)], plies: usize) -> Option<GameResult> {
        self.draw_by_score(scores, plies)
            .or_else(|| self.resignation(scores))
    }

    /// From `movenumber` on, `movecount` consecutive scores of each side
    /// within ±score.
    fn draw_by_score(&self, scores: &[(Color, i32)], plies: usize) -> Option<GameResult> {
        let (movenumber, count, score) = self.draw?;
        let n = 2 * count as usize;
        let drawn = plies / 2 >= movenumber as usize
            && scores.len() >= n
            && scores[scores.len() - n..]
                .iter()
                .all(|(_, s)| s.abs() <= score);
        drawn.then_some(GameResult::Draw(DrawBy::Score))
    }

    /// `movecount` consecutive moves of each side where the loser's own
    /// score is ≤ -score and the winner's ≥ score.
    fn resignation(&self, scores: &[(Color, i32)]) -> Option<GameResult> {
        let (count, score) = self.resign?;
        let n = 2 * count as usize;
        if scores.len() < n {
            return None;
        }
        let recent = &scores[scores.len() - n..];
        Color::ALL
            .into_iter()
            .find(|&loser| {
                recent
                    .iter()
                    .all(|&(c, s)| if c == loser { s <= -score } else { s >= score })
            })
            .map(|loser| GameResult::win(loser.flip(), WinBy::Resignation))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn max_moves_count_full_moves() {
        let adj = Adjudication {
            max_moves: Some(3),
            ..Adjudication::default()
        };
        assert!(!adj.max_moves_reached(5));
        assert!(adj.max_moves_reached(6));
        assert!(!Adjudication::default().max_moves_reached(1000));
    }

    #[test]
    fn draw_by_score_from_the_move_number_on() {
        let adj = Adjudication {
            draw: Some((10, 2, 20)),
            ..Adjudication::default()
        };
        let quiet = [(White, 5), (Black, -10), (White, 20), (Black, 0)];
        assert_eq!(adj.judge(&quiet, 19), None, "before move 10");
        assert_eq!(adj.judge(&quiet, 20), Some(GameResult::Draw(DrawBy::Score)));
        assert_eq!(adj.judge(&quiet[1..], 20), None, "too few scores");
        let loud = [(White, 5), (Black, -10), (White, 21), (Black, 0)];
        assert_eq!(adj.judge(&loud, 20), None);
    }

    #[test]
    fn resignation_needs_both_sides_to_agree() {
        let adj = Adjudication {
            resign: Some((2, 500)),
            ..Adjudication::default()
        };
        let lost = [(White, -600), (Black, 550), (White, -700), (Black, 900)];
        assert_eq!(
            adj.judge(&lost, 4),
            Some(GameResult::win(Black, WinBy::Resignation))
        );
        let hopeful = [(White, -600), (Black, 550), (White, -400), (Black, 900)];
        assert_eq!(adj.judge(&hopeful, 4), None);
    }
}
