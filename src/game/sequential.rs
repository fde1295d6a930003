//! A game of a sequential (8x8) variant: the start position, the moves,
//! and every position's key, so that repetitions can be judged (docs/rules.md
//! §1, §2.5).

use crate::board::{Move, Outcome, Position};
use crate::rules::illegal::MoveError;

#[derive(Clone, Debug)]
pub struct SequentialGame {
    start: Position,
    current: Position,
    moves: Vec<Move>,
    /// Keys of all positions before `current`, oldest first.
    keys: Vec<u64>,
}

impl SequentialGame {
    pub fn new(start: Position) -> SequentialGame {
        SequentialGame {
            start,
            current: start,
            moves: Vec::new(),
            keys: Vec::new(),
        }
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.current
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Keys of the positions before the current one, oldest first.
    pub fn history(&self) -> &[u64] {
        &self.keys
    }

    /// Plays a move given in the variant's notation, if legal.
    pub fn play_str(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.current.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        debug_assert!(self.current.legal_moves().contains(&mv));
        self.keys.push(self.current.key());
        self.moves.push(mv);
        self.current = self.current.play(mv);
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.keys.pop();
        let mut pos = self.start;
        for &m in &self.moves {
            pos = pos.play(m);
        }
        self.current = pos;
        Some(mv)
    }

    /// How often the current position occurred (itself included).
    pub fn occurrences(&self) -> usize {
        1 + self
            .keys
            .iter()
            .filter(|&&k| k == self.current.key())
            .count()
    }

    /// The end of the game (docs/rules.md §1.3): by the variant's rules, or
    /// by one of the draws that end it although moves remain.
    pub fn outcome(&self) -> Option<Outcome> {
        self.rules_end().or_else(|| self.automatic_draw())
    }

    /// The end after which no move exists (mate, stalemate, no king left).
    pub fn rules_end(&self) -> Option<Outcome> {
        self.current.rules_end()
    }

    /// The draws that end the game although legal moves remain
    /// (docs/rules.md §1.3): threefold repetition, a dead position, the
    /// 50-move rule. The rules need no claim for them; an engine asked
    /// to move by a GUI that plays on (FIDE's claims) still has moves.
    pub fn automatic_draw(&self) -> Option<Outcome> {
        let repeated = self.occurrences() >= 3;
        repeated
            .then_some(Outcome::Draw("threefold repetition"))
            .or_else(|| self.current.automatic_draw())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardVariant;

    #[test]
    fn threefold_repetition_by_knight_shuffles() {
        let mut g = SequentialGame::new(Position::startpos(BoardVariant::Chess));
        for m in [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            assert_eq!(g.outcome(), None);
            g.play_str(m).unwrap();
        }
        assert_eq!(g.outcome(), Some(Outcome::Draw("threefold repetition")));
        g.undo();
        assert_eq!(g.outcome(), None);
    }
}
