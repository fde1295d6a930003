//! Time controls and the runner's clocks: the runner, not the engines,
//! decides when a flag falls.

use super::request::MoveLimit;
use crate::board::Color;
use crate::search::time::{seconds, MAX_SECONDS};
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

/// A time that cannot be read: not seconds (or `MIN:SEC`) from 0 to
/// [`MAX_SECONDS`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time '{0}': expected seconds (or MIN:SEC), a number from 0 to {MAX_SECONDS} (one year)"
)]
pub struct TimeError(pub String);

/// A time control that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    #[error("bad time control '{tc}': '{moves}' is not a number of moves")]
    Moves { tc: String, moves: String },
    #[error("bad time control '{tc}': {time}")]
    Time { tc: String, time: TimeError },
    #[error("bad time control '{tc}': the base time must be more than 0")]
    NoBase { tc: String },
}

/// A time on the command line or in the GUI (`st=`, the base and
/// increment of `tc=`): seconds as a decimal number, or `MIN:SEC`. Every
/// time goes through here so that each one is checked alike: a finite,
/// non-negative number of at most [`MAX_SECONDS`], by the engine's own
/// check of clock input ([`seconds`]). `inf`, `nan` and `1e300` are
/// refused rather than reaching `Duration::from_secs_f64`, which panics on
/// them.
pub fn parse_seconds(text: &str) -> Result<Duration, TimeError> {
    let bad = || TimeError(text.to_string());
    let part = |p: &str| match p.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(bad()),
    };
    let secs = match text.split_once(':') {
        Some((min, sec)) => part(min)? * 60.0 + part(sec)?,
        None => part(text)?,
    };
    seconds(secs).map_err(|_| bad())
}

/// `40/60+0.6`, `10+0.1`, `60` (seconds), `1:30` as a clock.
pub fn parse_tc(tc: &str) -> Result<Limit, TimeControlError> {
    let time = |t: &str| {
        parse_seconds(t).map_err(|time| TimeControlError::Time {
            tc: tc.to_string(),
            time,
        })
    };
    let (moves, rest) = match tc.split_once('/') {
        Some((m, r)) => (
            m.parse::<u32>().map_err(|_| TimeControlError::Moves {
                tc: tc.to_string(),
                moves: m.to_string(),
            })?,
            r,
        ),
        None => (0, tc),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (b, time(i)?),
        None => (rest, Duration::ZERO),
    };
    let base = time(base)?;
    if base.is_zero() {
        return Err(TimeControlError::NoBase { tc: tc.to_string() });
    }
    Ok(Limit::Clock { moves, base, inc })
}

/// Lag allowed beyond the clock before a flag falls (process and pipe
/// latency that is not the engine's thinking).
const TIME_MARGIN: Duration = Duration::from_millis(50);

/// When a side's clock starts running.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClockStart {
    /// With the game: every move is on the clock (cutechess, and so
    /// `turncoat match`).
    #[default]
    AtOnce,
    /// After the side's own first move, as on lichess: each side's first
    /// move of the game is untimed (neither charged nor able to lose on
    /// time), so that nobody loses on time without having moved.
    /// `turncoat gui` plays its games so.
    AfterOwnFirstMove,
}

/// The runner's clocks, one per side (each side may have its own limit).
pub struct Clocks {
    limits: [Limit; 2],
    left: [Duration; 2],
    start: ClockStart,
    /// The moves each side has made under these clocks.
    moved: [u32; 2],
}

fn clock_parts(limit: Limit) -> (Duration, Duration, u32) {
    match limit {
        Limit::Clock { moves, base, inc } => (base, inc, moves),
        _ => (Duration::ZERO, Duration::ZERO, 0),
    }
}

impl Clocks {
    /// `limits` of white and black.
    pub fn new(limits: [Limit; 2]) -> Clocks {
        Clocks {
            limits,
            left: [clock_parts(limits[0]).0, clock_parts(limits[1]).0],
            start: ClockStart::AtOnce,
            moved: [0, 0],
        }
    }

    /// The same clocks, started as `start` says.
    pub fn starting(self, start: ClockStart) -> Clocks {
        Clocks { start, ..self }
    }

    /// Whether `side`'s next move is on the clock: always, except a first
    /// move under [`ClockStart::AfterOwnFirstMove`].
    pub fn runs_for(&self, side: Color) -> bool {
        self.start == ClockStart::AtOnce || self.moved[side.index()] > 0
    }

    pub fn limit_of(&self, side: Color) -> Limit {
        self.limits[side.index()]
    }

    /// What `side` is told for its next move, after `own_moves` of its own.
    pub fn move_limit(&self, side: Color, own_moves: u32) -> MoveLimit {
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
    /// if its flag fell. An untimed move ([`Clocks::runs_for`]) costs
    /// nothing and earns no increment.
    pub fn charge(&mut self, side: Color, used: Duration, own_moves: u32) -> bool {
        let i = side.index();
        let timed = self.runs_for(side);
        self.moved[i] += 1;
        let Limit::Clock { base, inc, moves } = self.limit_of(side) else {
            return true;
        };
        if !timed {
            return true;
        }
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

    #[test]
    fn time_controls() {
        assert_eq!(
            parse_tc("40/60+0.6").unwrap(),
            Limit::Clock {
                moves: 40,
                base: Duration::from_secs(60),
                inc: Duration::from_millis(600)
            }
        );
        assert_eq!(
            parse_tc("10+0.1").unwrap(),
            Limit::Clock {
                moves: 0,
                base: Duration::from_secs(10),
                inc: Duration::from_millis(100)
            }
        );
        assert_eq!(
            parse_tc("1:30").unwrap(),
            Limit::Clock {
                moves: 0,
                base: Duration::from_secs(90),
                inc: Duration::ZERO
            }
        );
        assert!(matches!(
            parse_tc("fast"),
            Err(TimeControlError::Time { time, .. }) if time == TimeError("fast".into())
        ));
        assert_eq!(
            parse_tc("0+1"),
            Err(TimeControlError::NoBase { tc: "0+1".into() })
        );
        assert!(matches!(
            parse_tc("x/10"),
            Err(TimeControlError::Moves { moves, .. }) if moves == "x"
        ));
    }

    #[test]
    fn seconds_are_finite_non_negative_and_at_most_a_year() {
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_seconds("2:30"), Ok(Duration::from_secs(150)));
        assert_eq!(
            parse_seconds("31536000"),
            Ok(Duration::from_secs(31_536_000)),
            "one year"
        );
        for bad in [
            "inf", "-inf", "infinity", "nan", "NaN", "1e300", "-1", "-0.5", "31536001", "525601:0",
            "-1:90", "1:-5", "1:inf", "", "fast", "1:2:3",
        ] {
            assert_eq!(parse_seconds(bad), Err(TimeError(bad.to_string())), "{bad}");
        }
    }

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

    #[test]
    fn clocks_started_by_each_sides_first_move_leave_that_move_free() {
        let tc = Limit::Clock {
            moves: 0,
            base: ms(1000),
            inc: ms(100),
        };
        let mut clocks = Clocks::new([tc, tc]).starting(ClockStart::AfterOwnFirstMove);
        assert!(!clocks.runs_for(Color::White) && !clocks.runs_for(Color::Black));
        assert!(
            clocks.charge(Color::White, ms(5000), 1),
            "a first move cannot lose on time"
        );
        assert!(clocks.runs_for(Color::White) && !clocks.runs_for(Color::Black));
        assert!(
            matches!(
                clocks.move_limit(Color::White, 1),
                MoveLimit::Clock { wtime, btime, .. } if wtime == ms(1000) && btime == ms(1000)
            ),
            "no time charged, no increment earned"
        );
        assert!(clocks.charge(Color::Black, ms(5000), 1));
        assert!(clocks.charge(Color::White, ms(300), 2));
        assert!(
            !clocks.charge(Color::Black, ms(1200), 2),
            "the second move is timed"
        );

        let mut at_once = Clocks::new([tc, tc]);
        assert!(at_once.runs_for(Color::White));
        assert!(
            !at_once.charge(Color::White, ms(5000), 1),
            "match: every move is timed"
        );
    }
}
