//! The two players of a game, each under its time control: asked for
//! moves with the runner's clocks, ended afterwards. In `turncoat match`
//! both are engine processes started for the game; in `turncoat gui` a
//! seat may also be a person at the board. A player that fails here
//! loses the game.

use super::clock::{ClockStart, Clocks, Limit};
use super::program::{Failure, Program, ProgramConfig};
use super::request::{Answer, MoveRequest};
use super::result::GameResult;
use crate::board::Color;
use crate::Variant;
use std::time::Duration;

/// Time allowed beyond an engine's own limit before it counts as hung.
const GRACE: Duration = Duration::from_millis(500);

/// One side's player: asked for its move in a position given as the
/// start FEN and the moves since, within a time limit.
pub trait Seat {
    /// The move `request` asks for; the answer is due within its limit
    /// plus its grace.
    fn request_move(&mut self, request: &MoveRequest) -> Result<Answer, Failure>;

    /// The game is over for this player.
    fn quit(self: Box<Self>);
}

impl Seat for Program {
    fn request_move(&mut self, request: &MoveRequest) -> Result<Answer, Failure> {
        Program::request_move(self, request)
    }

    fn quit(self: Box<Self>) {
        Program::quit(*self)
    }
}

pub struct Players {
    variant: Variant,
    start_fen: String,
    /// White's and black's.
    seats: [Box<dyn Seat>; 2],
    clocks: Clocks,
}

impl Players {
    /// Starts white's and black's engine for a game from `start_fen`; an
    /// engine that fails to start loses the game.
    pub(super) fn start(
        variant: Variant,
        start_fen: &str,
        sides: [(&ProgramConfig, Limit); 2],
    ) -> Result<Players, GameResult> {
        let start = |side: Color| {
            Program::start(sides[side.index()].0, variant).map_err(|f| GameResult::forfeit(side, f))
        };
        let white = start(Color::White)?;
        let black = start(Color::Black)?;
        Ok(Players::seated(
            variant,
            start_fen,
            [Box::new(white), Box::new(black)],
            [sides[0].1, sides[1].1],
        ))
    }

    /// White's and black's players, already started, for a game from
    /// `start_fen` under `limits`.
    pub fn seated(
        variant: Variant,
        start_fen: &str,
        seats: [Box<dyn Seat>; 2],
        limits: [Limit; 2],
    ) -> Players {
        Players {
            variant,
            start_fen: start_fen.to_string(),
            seats,
            clocks: Clocks::new(limits),
        }
    }

    /// The same players, their clocks started as `start` says (`turncoat
    /// gui`: each side's on its own first move).
    pub fn starting_clocks(self, start: ClockStart) -> Players {
        Players {
            clocks: self.clocks.starting(start),
            ..self
        }
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
        let answer = self.seats[side.index()]
            .request_move(&MoveRequest {
                variant: self.variant,
                start_fen: &self.start_fen,
                moves,
                side,
                limit: self.clocks.move_limit(side, own_moves),
                timed: self.clocks.runs_for(side),
                grace: GRACE,
            })
            .map_err(|f| GameResult::forfeit(side, on_the_clock(f, limit)))?;
        if !self.clocks.charge(side, answer.elapsed, own_moves + 1) {
            return Err(GameResult::forfeit(side, Failure::TimeForfeit));
        }
        Ok(answer)
    }

    pub fn quit(self) {
        for seat in self.seats {
            seat.quit();
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
