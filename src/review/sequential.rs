//! Review of a game of the 8x8 variants: every position of the game
//! searched by the engine core ([`Engine`]) to the same limit; a ply's
//! side had the first position's value before it and keeps the next
//! one's after it.

use super::ply::{mark_of, outcome_value, white_view, PlyReview, ReviewError, Settings};
use super::wdl::expected_score;
use crate::board::{Color, Outcome};
use crate::engine::{BestMove, Engine, Go, Info, Line};
use crate::game::Game;
use crate::pgn::PgnRecord;
use crate::search::threads::Score;
use crate::Variant;
use std::sync::{Arc, Mutex};

/// The longest better line written (plies).
const LINE_PLIES: usize = 8;

/// What one position of the game is worth.
enum Value {
    /// The game is over here.
    End(Outcome),
    /// The search's score for the side to move and its line (empty when
    /// it found no move).
    Searched {
        to_move: Color,
        score: Score,
        line: Vec<String>,
    },
}

impl Value {
    /// The expected score (0 to 1) of `side` here.
    fn expected(&self, variant: Variant, side: Color) -> f64 {
        match self {
            Value::End(outcome) => outcome_value(*outcome, side),
            Value::Searched { to_move, score, .. } => {
                let e = expected_score(variant, *score);
                if *to_move == side {
                    e
                } else {
                    1.0 - e
                }
            }
        }
    }

    /// White's view of the score, where searched.
    fn eval(&self) -> Option<Score> {
        match self {
            Value::End(_) => None,
            Value::Searched { to_move, score, .. } => Some(white_view(*score, *to_move)),
        }
    }

    fn line(&self) -> &[String] {
        match self {
            Value::End(_) => &[],
            Value::Searched { line, .. } => line,
        }
    }
}

/// Every ply of `record` reviewed.
pub fn review(record: &PgnRecord, settings: &Settings) -> Result<Vec<PlyReview>, ReviewError> {
    let mut engine = Engine::new();
    engine.set_variant(record.variant);
    engine.set_option("Hash", Some(&settings.hash_mib.to_string()))?;
    engine.set_option("Threads", Some(&settings.threads.to_string()))?;
    let moves: Vec<&str> = record.moves.iter().map(String::as_str).collect();
    let mut values = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        engine.set_position(Some(&record.start_fen), &moves[..i])?;
        values.push(value_here(&mut engine, settings));
    }
    let mut game = Game::from_fen(record.variant, &record.start_fen)?;
    let mut plies = Vec::with_capacity(moves.len());
    for (i, played) in moves.iter().enumerate() {
        let side = game.side_to_move();
        let (here, next) = (&values[i], &values[i + 1]);
        let before = here.expected(record.variant, side);
        let after = next.expected(record.variant, side);
        let engine_choice = here
            .line()
            .first()
            .is_none_or(|best| same_move(&game, best, played));
        let mark = mark_of(before, after, engine_choice);
        let better = match mark {
            Some(_) => here.line().iter().take(LINE_PLIES).cloned().collect(),
            None => Vec::new(),
        };
        plies.push(PlyReview {
            side,
            eval: next.eval(),
            before,
            after,
            mark,
            better,
            strategy: Vec::new(),
        });
        game.play_text(played)?;
    }
    Ok(plies)
}

/// The engine's value of its current position: the game's end, or a
/// search to the settings' limit.
fn value_here(engine: &mut Engine, settings: &Settings) -> Value {
    if let Some(outcome) = engine.game().outcome() {
        return Value::End(outcome);
    }
    let to_move = engine.game().side_to_move();
    let (line, best) = search(engine, settings);
    let Some(line) = line else {
        // No line: no legal move the search could score, as at an end.
        return Value::Searched {
            to_move,
            score: Score::Cp(0),
            line: best.best.into_iter().collect(),
        };
    };
    let mut pv = line.pv;
    if let Some(best) = best.best.filter(|b| pv.first() != Some(b)) {
        pv = vec![best];
    }
    Value::Searched {
        to_move,
        score: line.score,
        line: pv,
    }
}

/// One search of the engine's position, waited for: its last main line
/// and its best move.
fn search(engine: &mut Engine, settings: &Settings) -> (Option<Line>, BestMove) {
    let last: Arc<Mutex<Option<Line>>> = Arc::default();
    let (done, finished) = crossbeam_channel::bounded(1);
    let keep = Arc::clone(&last);
    let go = Go {
        limits: settings.limits.clone(),
        searchmoves: Vec::new(),
        multipv: Some(1),
    };
    engine.go(
        go,
        move |info| {
            if let Info::Line(l) = info {
                *keep.lock().expect("the last line") = Some(l.clone());
            }
        },
        move |best| {
            let _ = done.send(best);
        },
    );
    let best = finished.recv().unwrap_or_default();
    engine.stop();
    let line = last.lock().expect("the last line").take();
    (line, best)
}

/// Whether two texts are the same move of `game` (they may be written
/// differently: castling as king-takes-rook, a subversion's payment in
/// another order).
fn same_move(game: &Game, a: &str, b: &str) -> bool {
    let after = |text: &str| {
        let mut g = game.clone();
        g.play_text(text).ok().map(|_| g.fen())
    };
    a == b || after(a).is_some_and(|fen| Some(fen) == after(b))
}
