//! One game between two engine processes, refereed by turncoat's own rules
//! through the game model: the opening replayed, the engines started, every
//! move validated, adjudication applied, and every way a game ends in its
//! variant detected. The kind of turn — one engine moves, or both choose at
//! once — comes from the game model's arm (`turn.rs`).

use super::adjudication::Adjudication;
use super::clock::Limit;
use super::players::Players;
use super::program::ProgramConfig;
use super::result::{DrawBy, GameResult};
use super::turn::{ScoreSheet, Turn};
use crate::game::Game;
use crate::openings::{self, Opening};
use crate::Variant;

/// A finished game, as PGN writes it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub white: String,
    pub black: String,
    pub variant: Variant,
    pub start_fen: String,
    /// The opening's moves and the game's, in the variant's notation.
    pub moves: Vec<String>,
    pub result: GameResult,
}

impl GameRecord {
    /// The game as PGN, round `round` played on `date`.
    pub fn to_pgn(&self, round: usize, date: &str) -> String {
        crate::pgn::PgnGame {
            event: "turncoat match",
            white: &self.white,
            black: &self.black,
            variant: self.variant,
            start_fen: &self.start_fen,
            moves: &self.moves,
            result: self.result.notation(),
            termination: Some(self.result.reason()),
            evals: &[],
            kept_tags: &[],
            extra_tags: &[],
            notes: &[],
        }
        .write(round, date)
    }
}

/// Plays one game of `variant` from `opening`, each side with its engine
/// and time control. An opening the rules refuse is a draw without play.
pub fn play(
    variant: Variant,
    opening: &Opening,
    white: (&ProgramConfig, Limit),
    black: (&ProgramConfig, Limit),
    adj: Adjudication,
) -> GameRecord {
    let (moves, result) = match openings::replay(variant, opening) {
        Ok(game) => play_out(game, variant, opening, [white, black], &adj),
        Err(e) => (Vec::new(), GameResult::Draw(DrawBy::BadOpening(e))),
    };
    GameRecord {
        white: white.0.name.clone(),
        black: black.0.name.clone(),
        variant,
        start_fen: opening.fen.clone(),
        moves,
        result,
    }
}

/// Plays `game`, the opening already on the board, to its end: the moves
/// from the start FEN and the result.
fn play_out(
    mut game: Game,
    variant: Variant,
    opening: &Opening,
    sides: [(&ProgramConfig, Limit); 2],
    adj: &Adjudication,
) -> (Vec<String>, GameResult) {
    let mut sheet = ScoreSheet::new(opening.moves.clone());
    let mut players = match Players::start(variant, &opening.fen, sides) {
        Ok(p) => p,
        Err(lost) => return (sheet.moves, lost),
    };
    let result = loop {
        if let Err(end) = next_turn(&mut game, &mut players, &mut sheet, adj) {
            break end;
        }
    };
    players.quit();
    (sheet.moves, result)
}

/// One turn and the checks around it: the rules' end and `-maxmoves`
/// before, adjudication by score after. `Err` is the end of the game.
/// (`turncoat gui` plays its games with engines turn by turn with this.)
pub fn next_turn(
    game: &mut Game,
    players: &mut Players,
    sheet: &mut ScoreSheet,
    adj: &Adjudication,
) -> Result<(), GameResult> {
    if let Some(outcome) = game.outcome() {
        return Err(GameResult::by_rules(outcome));
    }
    if adj.max_moves_reached(game.plies()) {
        return Err(GameResult::Draw(DrawBy::MaxMoves));
    }
    turn_of(game).play_turn(players, sheet)?;
    match adj.judge(&sheet.scores, game.plies()) {
        Some(end) => Err(end),
        None => Ok(()),
    }
}

/// How a turn is played in `game`: by its arm of the game model.
fn turn_of(game: &mut Game) -> &mut dyn Turn {
    match game {
        Game::Sequential(g) => g,
        Game::Simultaneous(g) => g,
    }
}
