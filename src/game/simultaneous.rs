//! A game of the simultaneous-move variant as a sequence of plies (docs/rules.md
//! §5.4): white, black, white, ...; with an odd count white's choice for the
//! current turn is pending, and black chooses without looking at it.

use crate::board::{Color, Outcome};
use crate::rules::apocalypse::{ApocalypseGame, ApocalypsePosition, IllegalPly, Kind, Ply, Sq};

#[derive(Clone, Debug)]
pub struct SimultaneousGame {
    turns: ApocalypseGame,
    /// White's ply for the current turn, when the plies end on it.
    pending: Option<Ply>,
}

/// Why a ply cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlyError {
    /// Not a candidate of the side to choose (docs/rules.md §5.2).
    Illegal(IllegalPly),
    /// The game ended before this ply.
    GameOver(Outcome),
}

impl SimultaneousGame {
    pub fn new(start: ApocalypsePosition) -> SimultaneousGame {
        SimultaneousGame {
            turns: ApocalypseGame::new(start),
            pending: None,
        }
    }

    /// The whole turns played so far.
    pub fn turns(&self) -> &ApocalypseGame {
        &self.turns
    }

    /// The position at the start of the current turn.
    pub fn position(&self) -> &ApocalypsePosition {
        self.turns.position()
    }

    /// White's choice for the current turn, if made.
    pub fn pending(&self) -> Option<Ply> {
        self.pending
    }

    /// The side that chooses next.
    pub fn side_to_choose(&self) -> Color {
        if self.pending.is_some() {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Plies played, the pending one included.
    pub fn plies(&self) -> usize {
        2 * self.turns.turns().len() + usize::from(self.pending.is_some())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.turns.outcome()
    }

    /// Plays the next ply, given in notation: white's is held until black
    /// has chosen, then the turn is resolved (docs/rules.md §5.3).
    pub fn play_text(&mut self, text: &str) -> Result<Ply, PlyError> {
        if let Some(o) = self.outcome() {
            return Err(PlyError::GameOver(o));
        }
        let ply = self
            .position()
            .parse_ply(self.side_to_choose(), text)
            .map_err(PlyError::Illegal)?;
        match self.pending.take() {
            None => self.pending = Some(ply),
            Some(white) => self.turns.play_turn(white, ply),
        }
        Ok(ply)
    }

    /// Takes back one ply; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.pending.take().is_some() {
            return true;
        }
        match self.turns.undo_turn() {
            Some((white, _)) => {
                self.pending = Some(white);
                true
            }
            None => false,
        }
    }

    /// A key of the start-of-turn position (placement and penalties).
    pub fn key(&self) -> u64 {
        let (pieces, pen) = self.position().repetition_key();
        pieces
            .iter()
            .flatten()
            .fold(pen[0] as u64 * 3 + pen[1] as u64, |h, &v| {
                h.wrapping_mul(0x100_0000_01B3) ^ v as u64
            })
    }

    /// The board drawn in text, 5x5, rank 5 on top.
    pub fn board_text(&self) -> String {
        let pos = self.position();
        let border = " +---+---+---+---+---+\n";
        let mut s = String::from(border);
        for rank in (0..5).rev() {
            for file in 0..5 {
                let c = Sq::new(file, rank)
                    .and_then(|sq| pos.piece_at(sq))
                    .map_or(' ', |(color, kind)| piece_char(color, kind));
                s.push_str(&format!(" | {c}"));
            }
            s.push_str(&format!(" | {}\n{border}", rank + 1));
        }
        s.push_str("   a   b   c   d   e\n");
        s
    }
}

/// FEN letters: `p` footman, `n` horseman, upper case for white.
fn piece_char(color: Color, kind: Kind) -> char {
    let ch = match kind {
        Kind::Pawn => 'p',
        Kind::Knight => 'n',
    };
    match color {
        Color::White => ch.to_ascii_uppercase(),
        Color::Black => ch,
    }
}
