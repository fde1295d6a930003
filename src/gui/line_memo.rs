//! What the session's whole move list says — each ply's readable notation
//! (docs/notation.md) and how the line ends — kept from one state to the
//! next, so that a state costs one new ply instead of a replay of the game
//! (a 150-ply pacifist2 game took about 1 ms per replay, and a state
//! needed five).

use crate::board::Outcome;
use crate::game::Game;
use crate::Variant;

/// The line as last seen, the game after it, and what it says.
#[derive(Default)]
pub struct LineMemo {
    variant: Option<Variant>,
    start_fen: String,
    line: Vec<String>,
    readable: Vec<String>,
    /// The game after `line`; `None` when a ply did not play (the line is
    /// then written in the engine's notation from there on).
    end: Option<Game>,
}

impl LineMemo {
    /// Brings the memo up to `line` from `start_fen`: extends it by the new
    /// plies when the old line is a prefix, replays it otherwise.
    pub fn sync(&mut self, variant: Variant, start_fen: &str, line: &[String]) {
        let same_start = self.variant == Some(variant) && self.start_fen == start_fen;
        if !same_start || !line.starts_with(&self.line) {
            self.restart(variant, start_fen);
        }
        for text in &line[self.line.len()..] {
            self.push(text);
        }
    }

    fn restart(&mut self, variant: Variant, start_fen: &str) {
        self.variant = Some(variant);
        self.start_fen = start_fen.to_string();
        self.line.clear();
        self.readable.clear();
        self.end = Game::from_fen(variant, start_fen).ok();
    }

    fn push(&mut self, text: &str) {
        let readable = self.end.as_ref().and_then(|g| g.readable(text));
        if let Some(game) = &mut self.end {
            if game.play_text(text).is_err() {
                self.end = None;
            }
        }
        self.readable
            .push(readable.unwrap_or_else(|| text.to_string()));
        self.line.push(text.to_string());
    }

    /// Each ply in the variant's readable notation.
    pub fn readable(&self) -> &[String] {
        &self.readable
    }

    /// How the rules end the line, if they do.
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.as_ref().and_then(Game::outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn grows_and_branches_as_the_replay_does() {
        let fen = Variant::Chess.start_fen();
        let mut memo = LineMemo::default();
        for moves in [
            line(&["e2e4", "f7f5"]),
            line(&["e2e4", "f7f5", "d1h5"]),
            line(&["e2e4", "e7e5"]),
            line(&["f2f3", "e7e5", "g2g4", "d8h4"]),
        ] {
            memo.sync(Variant::Chess, fen, &moves);
            assert_eq!(
                memo.readable(),
                crate::game::readable_line(Variant::Chess, fen, &moves)
            );
        }
        assert!(memo.outcome().is_some(), "fool's mate ends the game");
        memo.sync(Variant::Pacifist, Variant::Pacifist.start_fen(), &[]);
        assert!(memo.readable().is_empty() && memo.outcome().is_none());
    }
}
