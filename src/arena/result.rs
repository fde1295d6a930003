//! How a tournament game ended, as types: who won and why. The text of a
//! result (`1-0`, `White wins: checkmate`, ...) is made only where it is
//! printed or written to PGN.

use super::request::Failure;
use crate::board::{Color, Outcome};
use crate::openings::OpeningError;
use std::fmt;

/// The result of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins(WinBy),
    BlackWins(WinBy),
    Draw(DrawBy),
}

/// Why the winner won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WinBy {
    /// The variant's rules (docs/rules.md §1-§5), with their reason (`checkmate`).
    Rules(&'static str),
    /// The loser's engine failed: it crashed, hung, lost on time or played
    /// an illegal move.
    Forfeit(Failure),
    /// `-resign`: the loser's scores and the winner's agreed long enough.
    Resignation,
    /// The loser resigned (a person at `turncoat gui`).
    Resigned,
    /// What a PGN recorded where no rule declared it (a flag, a
    /// resignation), with its reason: a game `turncoat gui` imported.
    Recorded(String),
}

/// Why the game was drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawBy {
    /// The variant's rules (docs/rules.md §1-§5), with their reason (`stalemate`).
    Rules(&'static str),
    /// `-maxmoves`.
    MaxMoves,
    /// `-draw`: both scores stayed near zero long enough.
    Score,
    /// The opening could not be played, so neither engine was asked.
    BadOpening(OpeningError),
    /// One side offered a draw and the other accepted (`turncoat gui`).
    Agreement,
    /// What a PGN recorded where no rule declared it, with its reason (a
    /// game `turncoat gui` imported).
    Recorded(String),
}

impl GameResult {
    /// `side` wins `by`.
    pub fn win(side: Color, by: WinBy) -> GameResult {
        match side {
            Color::White => GameResult::WhiteWins(by),
            Color::Black => GameResult::BlackWins(by),
        }
    }

    /// The end the rules declared.
    pub fn by_rules(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win(side, reason) => GameResult::win(side, WinBy::Rules(reason)),
            Outcome::Draw(reason) => GameResult::Draw(DrawBy::Rules(reason)),
        }
    }

    /// `loser`'s engine failed; the other side wins.
    pub fn forfeit(loser: Color, failure: Failure) -> GameResult {
        GameResult::win(loser.flip(), WinBy::Forfeit(failure))
    }

    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::WhiteWins(_) => Some(Color::White),
            GameResult::BlackWins(_) => Some(Color::Black),
            GameResult::Draw(_) => None,
        }
    }

    /// The result as PGN writes it: `1-0`, `0-1` or `1/2-1/2`.
    pub fn notation(&self) -> &'static str {
        match self {
            GameResult::WhiteWins(_) => "1-0",
            GameResult::BlackWins(_) => "0-1",
            GameResult::Draw(_) => "1/2-1/2",
        }
    }

    /// Why the game ended, as the PGN `Termination` tag and the
    /// `Finished game` line say it.
    pub fn reason(&self) -> String {
        match self {
            GameResult::WhiteWins(by) => by.reason(Color::White),
            GameResult::BlackWins(by) => by.reason(Color::Black),
            GameResult::Draw(by) => by.to_string(),
        }
    }
}

/// `1-0 {White wins: checkmate}`.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{{}}}", self.notation(), self.reason())
    }
}

impl WinBy {
    fn reason(&self, winner: Color) -> String {
        match self {
            WinBy::Rules(why) => format!("{} wins: {why}", side_name(winner)),
            WinBy::Forfeit(failure) => format!("{} {failure}", side_name(winner.flip())),
            WinBy::Resignation => format!("adjudication: {} resigns", side_name(winner.flip())),
            WinBy::Resigned => format!("{} resigns", side_name(winner.flip())),
            WinBy::Recorded(why) => why.clone(),
        }
    }
}

impl fmt::Display for DrawBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawBy::Rules(why) => write!(f, "draw: {why}"),
            DrawBy::MaxMoves => f.write_str("adjudication: maximum moves reached"),
            DrawBy::Score => f.write_str("adjudication: draw by score"),
            DrawBy::Agreement => f.write_str("draw agreed"),
            DrawBy::Recorded(why) => f.write_str(why),
            DrawBy::BadOpening(e @ (OpeningError::Fen(_) | OpeningError::PartTurn)) => {
                write!(f, "bad opening: {e}")
            }
            DrawBy::BadOpening(e) => write!(f, "bad opening move: {e}"),
        }
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_of_every_kind_of_end() {
        let mate = GameResult::by_rules(Outcome::Win(Color::White, "checkmate"));
        assert_eq!(mate.to_string(), "1-0 {White wins: checkmate}");
        let repetition = GameResult::by_rules(Outcome::Draw("threefold repetition"));
        assert_eq!(repetition.notation(), "1/2-1/2");
        assert_eq!(repetition.reason(), "draw: threefold repetition");
        let flag = GameResult::forfeit(Color::White, Failure::TimeForfeit);
        assert_eq!(flag.to_string(), "0-1 {White loses on time}");
        assert_eq!(flag.winner(), Some(Color::Black));
        let resigns = GameResult::win(Color::Black, WinBy::Resignation);
        assert_eq!(resigns.reason(), "adjudication: White resigns");
        assert_eq!(
            GameResult::Draw(DrawBy::MaxMoves).reason(),
            "adjudication: maximum moves reached"
        );
        assert_eq!(
            GameResult::Draw(DrawBy::Score).reason(),
            "adjudication: draw by score"
        );
        let part = GameResult::Draw(DrawBy::BadOpening(OpeningError::PartTurn));
        assert!(part.reason().starts_with("bad opening: "));
        assert_eq!(part.winner(), None);
    }
}
