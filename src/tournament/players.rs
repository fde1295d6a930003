//! The two engines of a game, each under its time control: started for
//! the game, asked for moves with the runner's clocks, ended afterwards.
//! An engine that fails here loses the game.

use super::clock::{Clocks, Limit};
use super::engine::{Answer, EngineConfig, EngineProcess, Failure};
use super::result::GameResult;
use crate::board::Color;
use crate::Variant;
use std::time::Duration;

/// Time allowed beyond an engine's own limit before it counts as hung.
const GRACE: Duration = Duration::from_millis(500);

pub(super) struct Players {
    variant: Variant,
    start_fen: String,
    /// White's and black's.
    engines: [EngineProcess; 2],
    clocks: Clocks,
}

impl Players {
    /// Starts white's and black's engine for a game from `start_fen`; an
    /// engine that fails to start loses the game.
    pub(super) fn start(
        variant: Variant,
        start_fen: &str,
        sides: [(&EngineConfig, Limit); 2],
    ) -> Result<Players, GameResult> {
        let start = |side: Color| {
            EngineProcess::start(sides[side.index()].0, variant)
                .map_err(|f| GameResult::forfeit(side, f))
        };
        let white = start(Color::White)?;
        let black = start(Color::Black)?;
        Ok(Players {
            variant,
            start_fen: start_fen.to_string(),
            engines: [white, black],
            clocks: Clocks::new([sides[0].1, sides[1].1]),
        })
    }

    /// Asks `side` for its move after `moves` (from the start FEN), its
    /// `own_moves`-th; charges the time to its clock.
    pub(super) fn ask(
        &mut self,
        side: Color,
        moves: &[String],
        own_moves: u32,
    ) -> Result<Answer, GameResult> {
        let limit = self.clocks.limit_of(side);
        let answer = self.engines[side.index()]
            .request_move(
                self.variant,
                &self.start_fen,
                moves,
                side == Color::White,
                self.clocks.move_limit(side, own_moves),
                GRACE,
            )
            .map_err(|f| GameResult::forfeit(side, on_the_clock(f, limit)))?;
        if !self.clocks.charge(side, answer.elapsed, own_moves + 1) {
            return Err(GameResult::forfeit(side, Failure::TimeForfeit));
        }
        Ok(answer)
    }

    pub(super) fn quit(self) {
        for engine in self.engines {
            engine.quit();
        }
    }
}

/// A timed engine that stops answering has overstepped its time; only
/// under a depth or node limit is it hung.
fn on_the_clock(failure: Failure, limit: Limit) -> Failure {
    match failure {
        Failure::Hung if limit.is_timed() => Failure::TimeForfeit,
        f => f,
    }
}
