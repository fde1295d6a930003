//! How one turn of a game is played, by the kind of turn the game model
//! has: one engine moves ([`SequentialGame`]), or both engines choose at
//! once ([`SimultaneousGame`]). Either way the engines' answers are checked
//! by the rules through the game model, and an engine whose answer is not
//! legal loses.

use super::players::Players;
use super::request::Answer;
use super::request::Failure;
use super::result::GameResult;
use crate::board::Color;
use crate::game::{SequentialGame, SimultaneousGame};

/// What a game has written down so far: the moves in the variant's
/// notation from the start FEN (as the engines are sent them), and the
/// scores the engines reported, oldest first.
pub struct ScoreSheet {
    pub moves: Vec<String>,
    pub scores: Vec<(Color, i32)>,
}

impl ScoreSheet {
    /// A sheet that begins with the opening's moves.
    pub fn new(opening: Vec<String>) -> ScoreSheet {
        ScoreSheet {
            moves: opening,
            scores: Vec::new(),
        }
    }

    fn note_score(&mut self, side: Color, score: Option<i32>) {
        if let Some(s) = score {
            self.scores.push((side, s));
        }
    }
}

/// One turn of a game that has not ended.
pub trait Turn {
    /// Asks the engine(s) to move, plays the move(s) by the rules and
    /// writes them down; `Err` when an engine loses in doing so.
    fn play_turn(
        &mut self,
        players: &mut Players,
        sheet: &mut ScoreSheet,
    ) -> Result<(), GameResult>;
}

/// docs/rules.md §1-§4: the side to move moves.
impl Turn for SequentialGame {
    fn play_turn(
        &mut self,
        players: &mut Players,
        sheet: &mut ScoreSheet,
    ) -> Result<(), GameResult> {
        let side = self.position().side_to_move();
        let own_moves = (self.moves().len() as u32 + u32::from(side == Color::Black)) / 2;
        let answer = players.ask(side, &sheet.moves, own_moves)?;
        let before = *self.position();
        let mv = self
            .play_str(&answer.mv)
            .map_err(|_| illegal(side, &answer))?;
        sheet.moves.push(before.move_to_uci(mv, false));
        sheet.note_score(side, answer.score);
        Ok(())
    }
}

/// docs/rules.md §5.4: both engines choose on the position before the turn and
/// neither sees the other's choice. White is asked with the turns played
/// so far; black with the same turns plus a stand-in for white's pending
/// ply (the first white candidate, never white's real choice), which the
/// engine must ignore. The game model then resolves the turn (docs/rules.md
/// §5.3), and the sheet gets both plies.
impl Turn for SimultaneousGame {
    fn play_turn(
        &mut self,
        players: &mut Players,
        sheet: &mut ScoreSheet,
    ) -> Result<(), GameResult> {
        let turns = self.turns().turns().len() as u32;
        let white_view = sheet.moves.clone();
        let mut black_view = white_view.clone();
        black_view.push(self.position().candidates(Color::White)[0].to_string());
        let white = choose(self, players, sheet, Color::White, &white_view, turns)?;
        let black = choose(self, players, sheet, Color::Black, &black_view, turns)?;
        sheet.moves.extend([white, black]);
        Ok(())
    }
}

/// `side`'s ply for this turn, asked with `view` and played by the game
/// model (white's is held pending until black's resolves the turn).
fn choose(
    game: &mut SimultaneousGame,
    players: &mut Players,
    sheet: &mut ScoreSheet,
    side: Color,
    view: &[String],
    turns: u32,
) -> Result<String, GameResult> {
    let answer = players.ask(side, view, turns)?;
    let ply = game
        .play_text(&answer.mv)
        .map_err(|_| illegal(side, &answer))?;
    sheet.note_score(side, answer.score);
    Ok(ply.to_string())
}

fn illegal(side: Color, answer: &Answer) -> GameResult {
    GameResult::forfeit(side, Failure::Illegal(answer.mv.clone()))
}
