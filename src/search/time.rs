//! Time management: how long a `go` may think (soft limit: do not start a
//! new iteration after it; hard limit: abort the search).

use std::time::Duration;

/// The parameters of a UCI `go` (or their XBoard equivalents).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<Duration>,
    pub time_left: Option<Duration>,
    pub increment: Duration,
    pub movestogo: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// At most this many plies of quiescence beyond the horizon (`None`:
    /// the variant's own, [`crate::search::policy::SearchPolicy::QUIESCENCE_PLIES`]);
    /// a weak level (docs/strength.md) sees no exchange or cascade past
    /// its depth.
    pub quiescence_plies: Option<u32>,
}

#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl Budget {
    pub const UNLIMITED: Budget = Budget {
        soft: None,
        hard: None,
    };
}

/// The time budget for one move. `overhead` is the GUI/transport lag to
/// keep in reserve (`Move Overhead`).
pub fn budget(limits: &Limits, overhead: Duration) -> Budget {
    if limits.infinite {
        return Budget::UNLIMITED;
    }
    if let Some(mt) = limits.movetime {
        // A fixed time per move is spent in full: no soft limit.
        let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
        return Budget {
            soft: None,
            hard: Some(t),
        };
    }
    let Some(left) = limits.time_left else {
        return Budget::UNLIMITED;
    };
    // Keep a reserve for lag, then spread the rest over the moves to go
    // (a guess of 30 in sudden death), plus most of the increment.
    let usable = left
        .saturating_sub(overhead)
        .saturating_sub(Duration::from_millis(5));
    let mtg = limits.movestogo.unwrap_or(30).clamp(1, 50);
    // Saturating: a GUI may send any clock, and a budget beyond the clock
    // is cut to it below anyway.
    let base = (usable / mtg).saturating_add(limits.increment.saturating_mul(3) / 4);
    let soft = base.min(usable / 2);
    let hard = base.saturating_mul(3).min(usable * 2 / 5).max(soft);
    Budget {
        soft: Some(soft.max(Duration::from_millis(1))),
        hard: Some(hard.max(Duration::from_millis(1))),
    }
}

/// What a turn of the simultaneous game may spend (docs/search.md,
/// "Apocalypse"): its equilibrium is searched depth by depth until the
/// time, depth or node limit, and a move is drawn once the turn is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnBudget {
    /// Time for the whole equilibrium search: the soft budget of a move
    /// when there is one (no depth of a matrix game is cut short for the
    /// next), else the hard one.
    pub time: Option<Duration>,
    pub depth: u32,
    pub nodes: u64,
    /// `go infinite` and `go ponder`: the answer waits for `stop`.
    pub until_stop: bool,
}

/// The budget of a `go` in the simultaneous game, from the same clock
/// arithmetic as a move of the sequential ones ([`budget`]).
pub fn turn_budget(limits: &Limits, overhead: Duration) -> TurnBudget {
    let b = budget(limits, overhead);
    TurnBudget {
        time: b.soft.or(b.hard),
        depth: limits.depth.unwrap_or(64),
        nodes: limits.nodes.unwrap_or(u64::MAX),
        until_stop: limits.infinite || limits.ponder,
    }
}

/// The longest time any clock input may stand for: beyond it a number is
/// refused as a time (no game lasts a year, and `Duration` arithmetic on
/// larger values can overflow).
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A number of seconds that stands for no time: negative, not finite, or
/// beyond [`MAX_SECONDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a time must be a number of seconds from 0 to {MAX_SECONDS}")]
pub struct TimeRangeError;

/// `seconds` as a duration: a finite number from 0 to [`MAX_SECONDS`].
pub fn seconds(seconds: f64) -> Result<Duration, TimeRangeError> {
    if seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(TimeRangeError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_clocks_and_increments_give_a_budget_within_the_clock() {
        let l = Limits {
            time_left: Some(Duration::from_secs(u64::MAX / 4)),
            increment: Duration::from_secs(u64::MAX / 4),
            movestogo: Some(1),
            ..Limits::default()
        };
        let b = budget(&l, Duration::ZERO);
        assert!(b.soft.unwrap() <= b.hard.unwrap());
        assert!(b.hard.unwrap() <= l.time_left.unwrap());
    }

    #[test]
    fn seconds_refuses_what_is_not_a_time() {
        assert_eq!(seconds(1.5), Ok(Duration::from_millis(1500)));
        for bad in [f64::NAN, f64::INFINITY, -1.0, 1e19, 1e300] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn never_plans_beyond_the_clock() {
        for left_ms in [1u64, 10, 50, 100, 1000, 60_000] {
            for inc_ms in [0u64, 10, 100, 1000] {
                let l = Limits {
                    time_left: Some(Duration::from_millis(left_ms)),
                    increment: Duration::from_millis(inc_ms),
                    ..Limits::default()
                };
                let b = budget(&l, Duration::from_millis(10));
                assert!(
                    b.hard.unwrap() <= Duration::from_millis(left_ms).max(Duration::from_millis(1))
                );
                assert!(b.soft.unwrap() <= b.hard.unwrap());
            }
        }
    }
}
