//! Review of an apocalypse game (docs/review.md, "Apocalypse"). Both
//! sides choose at once, so a turn has no best move, only an equilibrium:
//! mixed strategies for both sides and the turn's value (docs/search.md).
//! A ply is judged as game theory judges a pure strategy: its expected
//! value against the opponent's equilibrium strategy, which is at most
//! the turn's value; the shortfall, in expected score, is its loss, marked
//! as any other ply's. A ply the equilibrium plays with some probability
//! loses nothing. The luck of the opponent's actual choice is not the
//! player's doing and counts for nothing.

use super::ply::{mark_of, PlyReview, ReviewError, Settings};
use super::wdl::expected_score;
use crate::board::Color;
use crate::engine::options::usable_threads;
use crate::game::{Game, GameError, PlyError, SimultaneousGame};
use crate::pgn::PgnRecord;
use crate::rules::apocalypse::{ApocalypsePosition, Ply};
use crate::search::simultaneous::{solve_turn, value, SimResult, SimShared};
use crate::search::threads::Score;
use crate::search::time::turn_budget;
use crate::Variant;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// A strategy's plies below this probability are left out of comments.
const SHOWN: f64 = 0.005;

/// One turn of the game: its position, the plies played (black's may be
/// still to come), and its equilibrium.
struct Turn {
    pos: ApocalypsePosition,
    white: Ply,
    black: Option<Ply>,
    equilibrium: SimResult,
}

/// Every ply of `record` reviewed.
pub fn review(record: &PgnRecord, settings: &Settings) -> Result<Vec<PlyReview>, ReviewError> {
    let mut game = match Game::from_fen(Variant::Apocalypse, &record.start_fen)? {
        Game::Simultaneous(g) => g,
        Game::Sequential(_) => unreachable!("an apocalypse FEN gives a simultaneous game"),
    };
    let solver = Solver::new(settings);
    let mut turns = Vec::new();
    for pair in record.moves.chunks(2) {
        let pos = *game.position();
        let equilibrium = solver.solve(&pos);
        let white = play(&mut game, &pair[0])?;
        let black = pair.get(1).map(|b| play(&mut game, b)).transpose()?;
        // A game the PGN module read has no ply after its end, so each
        // turn's position has candidates and an equilibrium.
        let Some(equilibrium) = equilibrium else {
            break;
        };
        turns.push(Turn {
            pos,
            white,
            black,
            equilibrium,
        });
    }
    let end = end_value(&game, &solver);
    let mut plies = Vec::new();
    for (t, turn) in turns.iter().enumerate() {
        plies.push(solver.judge(turn, Color::White, turn.white, None));
        if let Some(black) = turn.black {
            let next = match turns.get(t + 1) {
                Some(n) => Some(n.equilibrium.value),
                None => end,
            };
            plies.push(solver.judge(turn, Color::Black, black, Some(next)));
        }
    }
    Ok(plies)
}

/// White's value of the turn after the last whole turn (`None`: the game
/// is over, or a ply of that turn is pending).
fn end_value(game: &SimultaneousGame, solver: &Solver) -> Option<f64> {
    if game.pending().is_some() || game.outcome().is_some() {
        return None;
    }
    solver.solve(game.position()).map(|r| r.value)
}

fn play(game: &mut SimultaneousGame, text: &str) -> Result<Ply, GameError> {
    game.play_text(text).map_err(|e| match e {
        PlyError::Illegal(e) => GameError::Illegal(e.into()),
        PlyError::GameOver(o) => GameError::GameOver(o),
    })
}

/// The equilibrium search with the review's limits.
struct Solver {
    shared: SimShared,
    depth: u32,
    time: Option<Duration>,
    nodes: u64,
    threads: usize,
}

impl Solver {
    fn new(settings: &Settings) -> Solver {
        let budget = turn_budget(&settings.limits, Duration::ZERO);
        Solver {
            shared: SimShared::default(),
            depth: budget.depth,
            time: budget.time,
            nodes: budget.nodes,
            threads: usable_threads(settings.threads),
        }
    }

    /// The equilibrium of the turn at `pos` (`None` at the game's end).
    fn solve(&self, pos: &ApocalypsePosition) -> Option<SimResult> {
        self.shared.stop.store(false, Ordering::Relaxed);
        self.shared.node_limit.store(self.nodes, Ordering::Relaxed);
        solve_turn(
            &self.shared,
            pos,
            self.depth,
            self.time,
            self.threads,
            &mut |_| {},
        )
    }

    /// White's value of `side` playing `ply` against the opponent's
    /// equilibrium strategy: the entries of the turn's matrix game, one
    /// turn less deep than the equilibrium's, weighted.
    fn against(&self, turn: &Turn, side: Color, ply: Ply) -> f64 {
        self.shared.stop.store(false, Ordering::Relaxed);
        self.shared.node_limit.store(u64::MAX, Ordering::Relaxed);
        let r = &turn.equilibrium;
        let (theirs, depth) = match side {
            Color::White => (&r.black, r.depth.saturating_sub(1)),
            Color::Black => (&r.white, r.depth.saturating_sub(1)),
        };
        theirs
            .iter()
            .filter(|(_, w)| *w > 0.0)
            .map(|&(q, w)| {
                let child = match side {
                    Color::White => turn.pos.resolve(ply, q),
                    Color::Black => turn.pos.resolve(q, ply),
                };
                w * value(&self.shared, &child, depth)
            })
            .sum()
    }

    /// The review of `side`'s `ply` in `turn`; `next`, for black's ply
    /// (which ends the turn), is white's value of the turn that follows
    /// (`None`: the game ended), shown as its `[%eval]`.
    fn judge(&self, turn: &Turn, side: Color, ply: Ply, next: Option<Option<f64>>) -> PlyReview {
        let r = &turn.equilibrium;
        let mine = match side {
            Color::White => &r.white,
            Color::Black => &r.black,
        };
        let in_support = mine
            .iter()
            .any(|(p, w)| *w > 1e-6 && p.to_string() == ply.to_string());
        let against = self.against(turn, side, ply);
        let before = side_expected(r.value, side);
        let after = side_expected(against, side);
        let mark = mark_of(before, after, in_support);
        let mut strategy: Vec<(String, f64)> = mine
            .iter()
            .filter(|(_, w)| *w >= SHOWN)
            .map(|(p, w)| (p.to_string(), *w))
            .collect();
        strategy.sort_by(|a, b| b.1.total_cmp(&a.1));
        let better = match mark {
            Some(_) => strategy
                .first()
                .map(|(p, _)| vec![p.clone()])
                .unwrap_or_default(),
            None => Vec::new(),
        };
        let eval = match next {
            None => Some(against),
            Some(next) => next,
        };
        PlyReview {
            side,
            eval: eval.map(cp),
            before,
            after,
            mark,
            better,
            strategy,
        }
    }
}

/// A value in centipawns as a score.
fn cp(value: f64) -> Score {
    Score::Cp(value.round().clamp(-1e9, 1e9) as i32)
}

/// `side`'s expected score (0 to 1) at white's value `value`.
fn side_expected(value: f64, side: Color) -> f64 {
    let white = expected_score(Variant::Apocalypse, cp(value));
    match side {
        Color::White => white,
        Color::Black => 1.0 - white,
    }
}
