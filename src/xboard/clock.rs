//! The engine's clock under XBoard: `level` (classical or incremental),
//! `st` (fixed time per move) and `time` (centiseconds left).

use crate::board::Color;
use crate::search::time::{seconds, Limits, TimeRangeError};
use std::time::Duration;

/// What is wrong with a `level MPS BASE INC` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error("level needs MPS BASE INC")]
    Fields,
    #[error("bad moves per session")]
    MovesPerSession,
    #[error("bad base time")]
    BaseTime,
    #[error("bad base time: {0}")]
    BaseTimeRange(TimeRangeError),
    #[error("bad increment")]
    Increment,
    #[error("bad increment: {0}")]
    IncrementRange(TimeRangeError),
}

#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// Moves per time control (0: the whole game).
    moves_per_session: u32,
    increment: Duration,
    fixed: Option<Duration>,
    own_time: Option<Duration>,
    /// Plies played since the game (or the clock) started.
    plies: u32,
}

impl Clock {
    pub fn new_game(&mut self) {
        self.plies = 0;
        self.own_time = None;
    }

    pub fn count_move(&mut self) {
        self.plies += 1;
    }

    pub fn set_own_time(&mut self, centiseconds: i64) {
        let ms = (centiseconds.max(0) as u64).saturating_mul(10);
        self.own_time = Some(Duration::from_millis(ms));
    }

    pub fn set_fixed(&mut self, per_move: Duration) {
        self.fixed = Some(per_move);
    }

    /// `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in seconds.
    pub fn set_level(&mut self, arg: &str) -> Result<(), LevelError> {
        let parts: Vec<&str> = arg.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(LevelError::Fields);
        }
        let mps = parts[0]
            .parse::<u32>()
            .map_err(|_| LevelError::MovesPerSession)?;
        let number = |s: &str| s.parse::<f64>().map_err(|_| LevelError::BaseTime);
        let base = match parts[1].split_once(':') {
            Some((m, s)) => number(m)? * 60.0 + number(s)?,
            None => number(parts[1])? * 60.0,
        };
        let inc = parts[2].parse::<f64>().map_err(|_| LevelError::Increment)?;
        let base = seconds(base).map_err(LevelError::BaseTimeRange)?;
        let inc = seconds(inc).map_err(LevelError::IncrementRange)?;
        self.moves_per_session = mps;
        self.increment = inc;
        self.fixed = None;
        self.own_time = Some(base);
        Ok(())
    }

    /// The search limits for the engine playing `side` now.
    pub fn limits(&self, side: Color) -> Limits {
        if let Some(t) = self.fixed {
            return Limits {
                movetime: Some(t),
                ..Limits::default()
            };
        }
        let Some(left) = self.own_time else {
            return Limits {
                movetime: Some(Duration::from_secs(5)),
                ..Limits::default()
            };
        };
        let own_moves_played = (self.plies + u32::from(side == Color::White)) / 2;
        let movestogo = (self.moves_per_session > 0)
            .then(|| self.moves_per_session - own_moves_played % self.moves_per_session);
        Limits {
            time_left: Some(left),
            increment: self.increment,
            movestogo,
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_level_says_which_field() {
        let mut c = Clock::default();
        assert_eq!(c.set_level("40 5"), Err(LevelError::Fields));
        assert_eq!(c.set_level("x 5 0"), Err(LevelError::MovesPerSession));
        assert_eq!(c.set_level("40 5:x 0"), Err(LevelError::BaseTime));
        assert_eq!(c.set_level("40 5 x"), Err(LevelError::Increment));
        assert_eq!(
            c.set_level("40 -5 0"),
            Err(LevelError::BaseTimeRange(TimeRangeError))
        );
        assert_eq!(
            c.set_level("40 5 -1"),
            Err(LevelError::IncrementRange(TimeRangeError))
        );
    }

    #[test]
    fn level_forms() {
        let mut c = Clock::default();
        c.set_level("40 5 0").unwrap();
        let l = c.limits(Color::White);
        assert_eq!(l.time_left, Some(Duration::from_secs(300)));
        assert_eq!(l.movestogo, Some(40));
        c.set_level("0 2:30 1.5").unwrap();
        let l = c.limits(Color::Black);
        assert_eq!(l.time_left, Some(Duration::from_secs(150)));
        assert_eq!(l.increment, Duration::from_millis(1500));
        assert_eq!(l.movestogo, None);
        c.set_own_time(1234);
        assert_eq!(
            c.limits(Color::White).time_left,
            Some(Duration::from_millis(12340))
        );
        assert!(c.set_level("x 1 0").is_err());
        for bad in [
            "0 inf 0",
            "0 1e300 0",
            "0 5 1e300",
            "0 5 1e19",
            "0 nan 0",
            "0 -1 0",
        ] {
            assert!(c.set_level(bad).is_err(), "{bad}");
        }
        c.set_fixed(Duration::from_secs(2));
        assert_eq!(
            c.limits(Color::White).movetime,
            Some(Duration::from_secs(2))
        );
    }
}
