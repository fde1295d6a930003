//! The game under XBoard: alternating moves on the 8x8 board, or the
//! simultaneous-move game driven ply by ply (RULES.md 5.4: the engine's
//! choice for black never looks at white's pending ply).

use crate::board::{Color, Outcome, Position};
use crate::game::Game;
use crate::uci::simultaneous::SimGame;
use crate::variants::{apocalypse, Variant};

pub enum XGame {
    Sequential(Game),
    Simultaneous(SimGame),
}

impl XGame {
    pub fn start(variant: Variant) -> XGame {
        XGame::from_fen(variant, variant.start_fen()).expect("start position")
    }

    pub fn from_fen(variant: Variant, fen: &str) -> Result<XGame, String> {
        if variant == Variant::Apocalypse {
            apocalypse::ApocalypsePosition::from_fen(fen)
                .map(|p| XGame::Simultaneous(SimGame::new(p)))
                .map_err(|e| format!("bad FEN: {e}"))
        } else {
            Position::from_fen(fen, variant)
                .map(|p| XGame::Sequential(Game::new(p)))
                .map_err(|e| e.to_string())
        }
    }

    /// The side whose move is expected next.
    pub fn side_to_move(&self) -> Color {
        match self {
            XGame::Sequential(g) => g.position().side_to_move(),
            XGame::Simultaneous(s) => s.side_to_choose(),
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            XGame::Sequential(g) => g.outcome(),
            XGame::Simultaneous(s) => s.game.outcome(),
        }
    }

    /// Plays a move (a ply in apocalypse) given in the variant's notation.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        match self {
            XGame::Sequential(g) => g.play_str(text).map(|_| ()),
            XGame::Simultaneous(s) => s
                .play_plies(&[text])
                .map_err(|e| e.replace("ply 1 of the list: ", "")),
        }
    }

    /// Takes back one move (ply); false when there is none.
    pub fn undo(&mut self) -> bool {
        match self {
            XGame::Sequential(g) => g.undo().is_some(),
            XGame::Simultaneous(s) => {
                if s.pending.take().is_some() {
                    return true;
                }
                match s.game.undo_turn() {
                    Some((white, _)) => {
                        s.pending = Some(white);
                        true
                    }
                    None => false,
                }
            }
        }
    }

    /// Changes with every ply (to recognise a stale search result).
    pub fn plies(&self) -> usize {
        match self {
            XGame::Sequential(g) => g.moves().len(),
            XGame::Simultaneous(s) => 2 * s.game.turns().len() + usize::from(s.pending.is_some()),
        }
    }

    /// For variants XBoard does not know: the board it should show.
    pub fn setup_line(&self, variant: Variant) -> Option<String> {
        match self {
            _ if variant == Variant::Chess => None,
            XGame::Sequential(g) => Some(format!(
                "setup (PNBRQKpnbrqk) 8x8+0_fairy {}",
                g.position().to_fen()
            )),
            XGame::Simultaneous(s) => {
                let placement = s.game.position().to_fen();
                let placement = placement.split(' ').next().unwrap_or("");
                Some(format!(
                    "setup (PNBRQKpnbrqk) 5x5+0_fairy {placement} w - - 0 1"
                ))
            }
        }
    }
}
