//! Time controls and the runner's clocks: the runner, not the engines,
//! decides when a flag falls.

use super::engine::MoveLimit;
use crate::board::Color;
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

impl Limit {
    /// Whether running out of time loses: under a clock or a fixed move
    /// time an engine that does not answer has overstepped its time.
    pub fn is_timed(self) -> bool {
        matches!(self, Limit::Clock { .. } | Limit::MoveTime(_))
    }
}

/// Lag allowed beyond the clock before a flag falls (process and pipe
/// latency that is not the engine's thinking).
const TIME_MARGIN: Duration = Duration::from_millis(50);

/// The runner's clocks, one per side (each side may have its own limit).
pub(super) struct Clocks {
    limits: [Limit; 2],
    left: [Duration; 2],
}

fn clock_parts(limit: Limit) -> (Duration, Duration, u32) {
    match limit {
        Limit::Clock { moves, base, inc } => (base, inc, moves),
        _ => (Duration::ZERO, Duration::ZERO, 0),
    }
}

impl Clocks {
    /// `limits` of white and black.
    pub(super) fn new(limits: [Limit; 2]) -> Clocks {
        Clocks {
            limits,
            left: [clock_parts(limits[0]).0, clock_parts(limits[1]).0],
        }
    }

    pub(super) fn limit_of(&self, side: Color) -> Limit {
        self.limits[side.index()]
    }

    /// What `side` is told for its next move, after `own_moves` of its own.
    pub(super) fn move_limit(&self, side: Color, own_moves: u32) -> MoveLimit {
        match self.limit_of(side) {
            Limit::Clock { moves, .. } => MoveLimit::Clock {
                wtime: self.left[0],
                btime: self.left[1],
                winc: clock_parts(self.limits[0]).1,
                binc: clock_parts(self.limits[1]).1,
                movestogo: (moves > 0).then(|| moves - own_moves % moves),
            },
            Limit::MoveTime(t) => MoveLimit::MoveTime(t),
            Limit::Depth(d) => MoveLimit::Depth(d),
            Limit::Nodes(n) => MoveLimit::Nodes(n),
        }
    }

    /// Charges `used` to `side`, whose move was its `own_moves`-th; false
    /// if its flag fell.
    pub(super) fn charge(&mut self, side: Color, used: Duration, own_moves: u32) -> bool {
        let Limit::Clock { base, inc, moves } = self.limit_of(side) else {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn increments_controls_and_falling_flags() {
        let tc = Limit::Clock {
            moves: 2,
            base: ms(1000),
            inc: ms(100),
        };
        let mut clocks = Clocks::new([tc, Limit::Depth(3)]);
        assert!(clocks.charge(Color::White, ms(300), 1));
        assert!(matches!(
            clocks.move_limit(Color::White, 1),
            MoveLimit::Clock { wtime, movestogo: Some(1), .. } if wtime == ms(800)
        ));
        assert!(clocks.charge(Color::White, ms(800), 2), "within the margin");
        assert!(matches!(
            clocks.move_limit(Color::White, 2),
            MoveLimit::Clock { wtime, movestogo: Some(2), .. } if wtime == ms(1100)
        ));
        assert!(!clocks.charge(Color::White, ms(1200), 3), "the flag fell");
        assert!(clocks.charge(Color::Black, Duration::from_secs(100), 1));
        assert!(matches!(
            clocks.move_limit(Color::Black, 1),
            MoveLimit::Depth(3)
        ));
    }
}
