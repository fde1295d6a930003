//! A whole game reviewed: each ply by the kind of game it is
//! ([`super::sequential`], [`super::apocalypse`]), then each side's
//! accuracy ([`super::accuracy`]).

use super::accuracy::{self, MoveWin};
use super::marks::Mark;
use super::ply::{PlyReview, ReviewError, Settings};
use super::{apocalypse, sequential};
use crate::board::Color;
use crate::pgn::PgnRecord;
use crate::Variant;

/// A reviewed game.
#[derive(Clone, Debug)]
pub struct GameReview {
    /// One entry per ply of the game, in order.
    pub plies: Vec<PlyReview>,
    /// White's and black's accuracy in percent (`None`: no ply).
    pub accuracy: [Option<f64>; 2],
}

impl GameReview {
    fn new(plies: Vec<PlyReview>) -> GameReview {
        let wins: Vec<MoveWin> = plies.iter().map(PlyReview::win_percents).collect();
        GameReview {
            accuracy: accuracy::game_accuracy(&wins),
            plies,
        }
    }

    /// The plies of `side` with `mark`.
    pub fn count(&self, side: Color, mark: Mark) -> usize {
        self.plies
            .iter()
            .filter(|p| p.side == side && p.mark == Some(mark))
            .count()
    }
}

/// Reviews `record` (a game the PGN module read, every ply legal).
pub fn review(record: &PgnRecord, settings: &Settings) -> Result<GameReview, ReviewError> {
    let plies = match record.variant {
        Variant::Apocalypse => apocalypse::review(record, settings)?,
        _ => sequential::review(record, settings)?,
    };
    Ok(GameReview::new(plies))
}
