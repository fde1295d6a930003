//! One game of `apocalypse` (RULES.md 5) between two engine processes.
//! Each turn both engines choose on the position before the turn and
//! neither sees the other's choice: white is asked with the whole turns
//! played so far, black with the same turns plus a stand-in for white's
//! pending ply (the first white candidate, never white's real choice),
//! which RULES.md 5.4 obliges the engine to ignore. Then the turn is
//! resolved by turncoat's rules and the PGN records both plies.

use super::engine::{EngineConfig, EngineProcess, Failure};
use super::openings::Opening;
use super::referee::{adjudicate, start_engines, Adjudication, Clocks, GameRecord, Limit, GRACE};
use super::result::{DrawBy, GameResult};
use crate::board::Color;
use crate::game::SimultaneousGame;
use crate::variants::apocalypse::{ApocalypseGame, ApocalypsePosition, Ply};
use crate::variants::Variant;

/// Plays one apocalypse game on from `game`, the opening replayed.
pub fn play(
    game: SimultaneousGame,
    mut record: GameRecord,
    opening: &Opening,
    white: (&EngineConfig, Limit),
    black: (&EngineConfig, Limit),
    adj: Adjudication,
) -> GameRecord {
    let mut game = game.turns().clone();
    record.moves = opening.moves.clone();
    record.result = run_game(&mut game, &mut record, [white, black], adj);
    record
}

/// What one engine chose for this turn, or how it lost the game.
fn choose(
    engine: &mut EngineProcess,
    record: &GameRecord,
    pos: &ApocalypsePosition,
    side: Color,
    clocks: &mut Clocks,
    limits: [Limit; 2],
    turns: u32,
) -> Result<(Ply, Option<i32>), GameResult> {
    let mut plies = record.moves.clone();
    if side == Color::Black {
        let stand_in = pos.candidates(Color::White)[0];
        plies.push(stand_in.to_string());
    }
    let limit = limits[side.index()];
    let answer = engine
        .request_move(
            Variant::Apocalypse.name(),
            &record.start_fen,
            &plies,
            side == Color::White,
            clocks.limit(limits, side, turns),
            GRACE,
        )
        .map_err(|f| match f {
            Failure::Hung if matches!(limit, Limit::Clock { .. } | Limit::MoveTime(_)) => {
                GameResult::forfeit(side, Failure::TimeForfeit)
            }
            f => GameResult::forfeit(side, f),
        })?;
    if !clocks.charge(limit, side, answer.elapsed, turns + 1) {
        return Err(GameResult::forfeit(side, Failure::TimeForfeit));
    }
    let ply = pos
        .parse_ply(side, &answer.mv)
        .map_err(|_| GameResult::forfeit(side, Failure::Illegal(answer.mv.clone())))?;
    Ok((ply, answer.score))
}

fn run_game(
    game: &mut ApocalypseGame,
    record: &mut GameRecord,
    sides: [(&EngineConfig, Limit); 2],
    adj: Adjudication,
) -> GameResult {
    let limits = [sides[0].1, sides[1].1];
    let mut engines = match start_engines([sides[0].0, sides[1].0], Variant::Apocalypse) {
        Ok(e) => e,
        Err(lost) => return lost,
    };
    let mut clocks = Clocks::new(limits);
    let mut scores: Vec<(Color, i32)> = Vec::new();
    let outcome = loop {
        if let Some(o) = game.outcome() {
            break GameResult::by_rules(o);
        }
        let turns = game.turns().len() as u32;
        if adj.max_moves.is_some_and(|m| turns >= m) {
            break GameResult::Draw(DrawBy::MaxMoves);
        }
        let pos = *game.position();
        let mut choose_for = |side: Color, scores: &mut Vec<(Color, i32)>| {
            let engine = &mut engines[side.index()];
            let (ply, score) = choose(engine, record, &pos, side, &mut clocks, limits, turns)?;
            if let Some(s) = score {
                scores.push((side, s));
            }
            Ok::<Ply, GameResult>(ply)
        };
        let w = match choose_for(Color::White, &mut scores) {
            Ok(p) => p,
            Err(result) => break result,
        };
        let b = match choose_for(Color::Black, &mut scores) {
            Ok(p) => p,
            Err(result) => break result,
        };
        record.moves.push(w.to_string());
        record.moves.push(b.to_string());
        game.play_turn(w, b);
        if let Some(r) = adjudicate(&scores, record.moves.len() as u32, adj) {
            break r;
        }
    };
    for e in engines {
        e.quit();
    }
    outcome
}
