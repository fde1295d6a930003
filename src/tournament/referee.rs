//! One game between two engine processes, refereed by turncoat's own rules:
//! every move is validated, the clock is kept by the runner, and every way
//! a game ends in its variant is detected.

use super::engine::{Answer, EngineConfig, EngineProcess, Failure, MoveLimit};
use super::openings::{self, Opening};
use super::result::{DrawBy, GameResult, WinBy};
use crate::board::Color;
use crate::game::{Game, SequentialGame};
use crate::variants::Variant;
use std::time::Duration;

/// The time control of `-each tc=...`, `st=`, `depth=`, `nodes=`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// `moves/base+inc` (moves 0: the whole game).
    Clock {
        moves: u32,
        base: Duration,
        inc: Duration,
    },
    MoveTime(Duration),
    Depth(u32),
    Nodes(u64),
}

/// Draw and resign adjudication (`-draw`, `-resign`), and `-maxmoves`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Adjudication {
    /// (movenumber, movecount, score)
    pub draw: Option<(u32, u32, i32)>,
    /// (movecount, score)
    pub resign: Option<(u32, i32)>,
    pub max_moves: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct GameRecord {
    pub white: String,
    pub black: String,
    pub variant: Variant,
    pub start_fen: String,
    pub moves: Vec<String>,
    pub result: GameResult,
}

/// The runner's clocks, one per side (each side may have its own limit).
pub(super) struct Clocks {
    left: [Duration; 2],
}

fn clock_parts(limit: Limit) -> (Duration, Duration, u32) {
    match limit {
        Limit::Clock { moves, base, inc } => (base, inc, moves),
        _ => (Duration::ZERO, Duration::ZERO, 0),
    }
}

impl Clocks {
    pub(super) fn new(limits: [Limit; 2]) -> Clocks {
        Clocks {
            left: [clock_parts(limits[0]).0, clock_parts(limits[1]).0],
        }
    }

    pub(super) fn limit(&self, limits: [Limit; 2], side: Color, own_moves: u32) -> MoveLimit {
        match limits[side.index()] {
            Limit::Clock { moves, .. } => MoveLimit::Clock {
                wtime: self.left[0],
                btime: self.left[1],
                winc: clock_parts(limits[0]).1,
                binc: clock_parts(limits[1]).1,
                movestogo: (moves > 0).then(|| moves - own_moves % moves),
            },
            Limit::MoveTime(t) => MoveLimit::MoveTime(t),
            Limit::Depth(d) => MoveLimit::Depth(d),
            Limit::Nodes(n) => MoveLimit::Nodes(n),
        }
    }

    /// Charges `used` to `side`; false if its flag fell.
    pub(super) fn charge(
        &mut self,
        limit: Limit,
        side: Color,
        used: Duration,
        own_moves: u32,
    ) -> bool {
        let Limit::Clock { base, inc, moves } = limit else {
            return true;
        };
        let i = side.index();
        if used > self.left[i] + TIME_MARGIN {
            return false;
        }
        self.left[i] = self.left[i].saturating_sub(used) + inc;
        if moves > 0 && own_moves.is_multiple_of(moves) {
            self.left[i] += base;
        }
        true
    }
}

/// Lag allowed beyond the clock before a flag falls (process and pipe
/// latency that is not the engine's thinking).
const TIME_MARGIN: Duration = Duration::from_millis(50);

/// Time allowed beyond an engine's own limit before it counts as hung.
pub(super) const GRACE: Duration = Duration::from_millis(500);

/// Plays one game of `variant` from `opening`: the simultaneous game has a
/// referee of its own ([`super::simultaneous`]).
pub fn play(
    variant: Variant,
    opening: &Opening,
    white: (&EngineConfig, Limit),
    black: (&EngineConfig, Limit),
    adj: Adjudication,
) -> GameRecord {
    let mut record = GameRecord {
        white: white.0.name.clone(),
        black: black.0.name.clone(),
        variant,
        start_fen: opening.fen.clone(),
        moves: Vec::new(),
        result: GameResult::Draw(DrawBy::MaxMoves),
    };
    let mut game = match openings::replay(variant, opening) {
        Ok(Game::Sequential(g)) => g,
        Ok(Game::Simultaneous(g)) => {
            return super::simultaneous::play(g, record, opening, white, black, adj)
        }
        Err(e) => {
            record.result = GameResult::Draw(DrawBy::BadOpening(e));
            return record;
        }
    };
    record.moves = opening.moves.clone();
    record.result = run_game(
        variant,
        &mut game,
        &mut record,
        [white.0, black.0],
        [white.1, black.1],
        adj,
    );
    record
}

fn run_game(
    variant: Variant,
    game: &mut SequentialGame,
    record: &mut GameRecord,
    configs: [&EngineConfig; 2],
    limits: [Limit; 2],
    adj: Adjudication,
) -> GameResult {
    let mut engines = match start_engines(configs, variant) {
        Ok(e) => e,
        Err(lost) => return lost,
    };
    let mut clocks = Clocks::new(limits);
    let mut scores: Vec<(Color, i32)> = Vec::new();
    let outcome = loop {
        if let Some(o) = game.outcome() {
            break GameResult::by_rules(o);
        }
        let ply = game.moves().len() as u32;
        if adj.max_moves.is_some_and(|m| ply >= 2 * m) {
            break GameResult::Draw(DrawBy::MaxMoves);
        }
        let side = game.position().side_to_move();
        let own_moves = (ply + u32::from(side == Color::Black)) / 2;
        let limit = limits[side.index()];
        let move_limit = clocks.limit(limits, side, own_moves);
        let engine = &mut engines[side.index()];
        let answer: Answer = match engine.request_move(
            variant.name(),
            &record.start_fen,
            &record.moves,
            side == Color::White,
            move_limit,
            GRACE,
        ) {
            Ok(a) => a,
            Err(Failure::Hung) if matches!(limit, Limit::Clock { .. } | Limit::MoveTime(_)) => {
                break GameResult::forfeit(side, Failure::TimeForfeit)
            }
            Err(f) => break GameResult::forfeit(side, f),
        };
        if !clocks.charge(limit, side, answer.elapsed, own_moves + 1) {
            break GameResult::forfeit(side, Failure::TimeForfeit);
        }
        let mv = match game.position().parse_move(&answer.mv) {
            Ok(m) => m,
            Err(_) => break GameResult::forfeit(side, Failure::Illegal(answer.mv.clone())),
        };
        record.moves.push(game.position().move_to_uci(mv, false));
        game.play(mv);
        if let Some(s) = answer.score {
            scores.push((side, s));
        }
        if let Some(r) = adjudicate(&scores, game.moves().len() as u32, adj) {
            break r;
        }
    };
    for e in engines {
        e.quit();
    }
    outcome
}

/// Starts the white and black engines; an engine that fails to start
/// loses the game.
pub(super) fn start_engines(
    configs: [&EngineConfig; 2],
    variant: Variant,
) -> Result<Vec<EngineProcess>, GameResult> {
    let mut engines = Vec::with_capacity(2);
    for (config, side) in configs.into_iter().zip(Color::ALL) {
        let e = EngineProcess::start(config, variant.name())
            .map_err(|f| GameResult::forfeit(side, f))?;
        engines.push(e);
    }
    Ok(engines)
}

/// Draw: from `movenumber` on, `movecount` consecutive scores within
/// ±score. Resign: `movecount` consecutive moves where the loser's own
/// score is ≤ -score and the winner's ≥ score.
pub(super) fn adjudicate(
    scores: &[(Color, i32)],
    plies: u32,
    adj: Adjudication,
) -> Option<GameResult> {
    if let Some((movenumber, count, score)) = adj.draw {
        let n = 2 * count as usize;
        if plies / 2 >= movenumber
            && scores.len() >= n
            && scores[scores.len() - n..]
                .iter()
                .all(|(_, s)| s.abs() <= score)
        {
            return Some(GameResult::Draw(DrawBy::Score));
        }
    }
    if let Some((count, score)) = adj.resign {
        let n = 2 * count as usize;
        if scores.len() >= n {
            let recent = &scores[scores.len() - n..];
            for loser in Color::ALL {
                let resigns = recent
                    .iter()
                    .all(|&(c, s)| if c == loser { s <= -score } else { s >= score });
                if resigns {
                    return Some(GameResult::win(loser.flip(), WinBy::Resignation));
                }
            }
        }
    }
    None
}
