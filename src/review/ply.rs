//! What review finds about one ply, and what finding it takes: the
//! search's settings, the ply's values before and after, its mark; the
//! small rules both kinds of game share (a score's sides, a finished
//! game's value, when a ply is marked).

use super::accuracy::MoveWin;
use super::marks::Mark;
use crate::board::{Color, Outcome};
use crate::engine::options::OptionError;
use crate::engine::PositionError;
use crate::game::GameError;
use crate::search::threads::Score;
use crate::search::time::Limits;

/// How deep each position is searched.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The search's limit per position (depth, nodes or time).
    pub limits: Limits,
    /// Search threads per game.
    pub threads: usize,
    /// Transposition table per game, MiB.
    pub hash_mib: usize,
}

/// What review found about one ply.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// The side that played it.
    pub side: Color,
    /// White's view of the score after it, for `[%eval]`; `None` where
    /// the game ended with it (the result says the rest).
    pub eval: Option<Score>,
    /// Its side's expected score (0 to 1) before it: what the position
    /// offers (apocalypse: the turn's equilibrium value).
    pub before: f64,
    /// Its side's expected score after it (apocalypse: the ply against the
    /// opponent's equilibrium strategy).
    pub after: f64,
    pub mark: Option<Mark>,
    /// The engine's line from the position before a marked ply, its first
    /// ply the better move (variant notation); empty on an unmarked ply.
    pub better: Vec<String>,
    /// Apocalypse: the side's equilibrium strategy for the turn (plies
    /// and their probabilities, likeliest first); empty elsewhere.
    pub strategy: Vec<(String, f64)>,
}

impl PlyReview {
    /// The ply's loss of expected score (0 when it loses nothing).
    pub fn loss(&self) -> f64 {
        (self.before - self.after).max(0.0)
    }

    pub(super) fn win_percents(&self) -> MoveWin {
        MoveWin {
            side: self.side,
            before: 100.0 * self.before,
            after: 100.0 * self.after,
        }
    }
}

/// Why a game cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("{0}")]
    Position(#[from] PositionError),
    #[error(transparent)]
    Game(#[from] GameError),
}

/// A score from the other side's view.
pub(super) fn negate(score: Score) -> Score {
    match score {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(m) => Score::Mate(-m),
    }
}

/// `score` (of the side `of`) from White's view.
pub(super) fn white_view(score: Score, of: Color) -> Score {
    match of {
        Color::White => score,
        Color::Black => negate(score),
    }
}

/// The expected score of `side` in a game that ended with `outcome`.
pub(super) fn outcome_value(outcome: Outcome, side: Color) -> f64 {
    match outcome {
        Outcome::Win(winner, _) if winner == side => 1.0,
        Outcome::Win(..) => 0.0,
        Outcome::Draw(_) => 0.5,
    }
}

/// A ply's mark: none when it was the engine's own choice, else by its
/// loss of expected score.
pub(super) fn mark_of(before: f64, after: f64, engine_choice: bool) -> Option<Mark> {
    if engine_choice {
        None
    } else {
        Mark::of_loss(before - after)
    }
}
