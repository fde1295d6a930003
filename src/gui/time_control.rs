//! Time controls as players write them, for `turncoat gui`'s games:
//! `5+3` is five *minutes* and three seconds a move, as on lichess and in
//! every chess club. `turncoat match` keeps the cutechess convention of its
//! `tc=` (`5+3`: five *seconds*; [`crate::arena::clock::parse_tc`]); both
//! give the referee the same [`Limit`], and docs/gui.md says which is
//! which.

use crate::arena::clock::{parse_seconds, Limit};
use crate::search::time::seconds;
use std::time::Duration;

/// A time control the page sent that a player would not write (the text
/// is what the user reads in `#message`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    #[error(
        "time control '{0}': write minutes+seconds a move, as on lichess: 5+3 (5 minutes, \
         3 s a move), ½+0 or 0.5+0 (30 seconds), 0:45+1 (45 seconds), 40/90+30 \
         (90 minutes for 40 moves)"
    )]
    Unreadable(String),
    #[error("time control '{0}': each time must be at most a year")]
    TooLong(String),
    #[error("time control '{0}': the base time must be more than 0")]
    NoBase(String),
    #[error("time control '{tc}': '{moves}' is not a number of moves (1 or more)")]
    Moves { tc: String, moves: String },
}

/// Reads `[MOVES/]BASE[+INC]`: BASE in minutes (`5`, `0.25`, lichess's
/// `¼`, `½`, `¾`, `1½`; a trailing `min` allowed) or `MIN:SEC` (`0:45`),
/// INC in seconds (`3`, `0.5`; a trailing `s` allowed), MOVES the moves of
/// each period. `5` alone is five minutes without increment.
pub fn parse(text: &str) -> Result<Limit, TimeControlError> {
    let tc = text.trim();
    let lower = tc.to_lowercase();
    let (moves, rest) = match lower.split_once('/') {
        Some((m, rest)) => (moves_per_period(tc, m)?, rest),
        None => (0, lower.as_str()),
    };
    let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
    let base = base_time(tc, base)?;
    let inc = increment(tc, inc)?;
    if base.is_zero() {
        return Err(TimeControlError::NoBase(tc.to_string()));
    }
    Ok(Limit::Clock { moves, base, inc })
}

/// The `MOVES` of `MOVES/...`: a positive whole number.
fn moves_per_period(tc: &str, text: &str) -> Result<u32, TimeControlError> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|&m| m > 0)
        .ok_or_else(|| TimeControlError::Moves {
            tc: tc.to_string(),
            moves: text.trim().to_string(),
        })
}

/// The base time: minutes, or `MIN:SEC`.
fn base_time(tc: &str, text: &str) -> Result<Duration, TimeControlError> {
    let text = strip_unit(text, &["min", "m"]);
    if text.contains(':') {
        return parse_seconds(text).map_err(|_| TimeControlError::Unreadable(tc.to_string()));
    }
    let minutes = minutes(text).ok_or_else(|| TimeControlError::Unreadable(tc.to_string()))?;
    in_range(tc, minutes * 60.0)
}

/// The increment, in seconds.
fn increment(tc: &str, text: &str) -> Result<Duration, TimeControlError> {
    let text = strip_unit(text, &["sec", "s"]);
    let secs = number(text).ok_or_else(|| TimeControlError::Unreadable(tc.to_string()))?;
    in_range(tc, secs)
}

/// Minutes as players write them: a decimal number, or a whole number
/// (or nothing) followed by one of lichess's fractions `¼`, `½`, `¾`.
fn minutes(text: &str) -> Option<f64> {
    for (glyph, part) in [('¼', 0.25), ('½', 0.5), ('¾', 0.75)] {
        if let Some(whole) = text.strip_suffix(glyph) {
            let whole = whole.trim();
            let whole = if whole.is_empty() {
                0
            } else {
                whole.parse::<u32>().ok()?
            };
            return Some(f64::from(whole) + part);
        }
    }
    number(text)
}

/// A finite, non-negative decimal number (`inf` and `nan` are not).
fn number(text: &str) -> Option<f64> {
    let x = text.trim().parse::<f64>().ok()?;
    (x.is_finite() && x >= 0.0).then_some(x)
}

/// `text` without one trailing unit (`5 min`, `3s`), trimmed.
fn strip_unit<'a>(text: &'a str, units: &[&str]) -> &'a str {
    let text = text.trim();
    units
        .iter()
        .find_map(|u| text.strip_suffix(u))
        .unwrap_or(text)
        .trim()
}

/// `secs` as a duration, by the engine's own check of clock input (at
/// most a year, so that no `Duration` arithmetic can overflow).
fn in_range(tc: &str, secs: f64) -> Result<Duration, TimeControlError> {
    seconds(secs).map_err(|_| TimeControlError::TooLong(tc.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(moves: u32, base_ms: u64, inc_ms: u64) -> Limit {
        Limit::Clock {
            moves,
            base: Duration::from_millis(base_ms),
            inc: Duration::from_millis(inc_ms),
        }
    }

    #[test]
    fn minutes_and_seconds_as_on_lichess() {
        assert_eq!(parse("5+3"), Ok(clock(0, 300_000, 3000)));
        assert_eq!(parse(" 15 + 10 "), Ok(clock(0, 900_000, 10_000)));
        assert_eq!(parse("1+0"), Ok(clock(0, 60_000, 0)));
        assert_eq!(parse("10"), Ok(clock(0, 600_000, 0)), "no increment");
        assert_eq!(parse("5 min"), Ok(clock(0, 300_000, 0)));
        assert_eq!(parse("3 min + 2 s"), Ok(clock(0, 180_000, 2000)));
        assert_eq!(
            parse("0+0.5"),
            Err(TimeControlError::NoBase("0+0.5".into()))
        );
    }

    #[test]
    fn fractions_of_a_minute_for_fast_games() {
        assert_eq!(parse("0.25+0"), Ok(clock(0, 15_000, 0)));
        assert_eq!(parse("½+0"), Ok(clock(0, 30_000, 0)));
        assert_eq!(parse("¼+1"), Ok(clock(0, 15_000, 1000)));
        assert_eq!(parse("¾"), Ok(clock(0, 45_000, 0)));
        assert_eq!(parse("1½+0"), Ok(clock(0, 90_000, 0)));
        assert_eq!(parse("0.05+0"), Ok(clock(0, 3000, 0)));
        assert_eq!(parse("0:02+0.03"), Ok(clock(0, 2000, 30)), "MIN:SEC");
    }

    #[test]
    fn moves_per_period() {
        assert_eq!(parse("40/90+30"), Ok(clock(40, 5_400_000, 30_000)));
        for bad in ["0/5+3", "x/5", "-1/5"] {
            assert!(
                matches!(parse(bad), Err(TimeControlError::Moves { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn what_players_would_not_write_is_refused_with_an_example() {
        for bad in [
            "", "fast", "5+", "+3", "5+3+1", "-5", "5+-1", "inf", "nan+0", "5+inf", "1.5½", "½½",
            "5 hours", "1:-5", "5:xx+0",
        ] {
            let e = parse(bad).expect_err(bad);
            assert!(matches!(e, TimeControlError::Unreadable(_)), "{bad}: {e:?}");
            assert!(e.to_string().contains("5+3 (5 minutes"), "{e}");
        }
        for long in ["1e300+0", "525601+0", "5+31536001"] {
            assert_eq!(parse(long), Err(TimeControlError::TooLong(long.into())));
        }
    }

    /// Every preset the page offers (`#tc-preset`'s options) reads, as
    /// the minutes and seconds its label says.
    #[test]
    fn the_pages_presets_read() {
        let page = include_str!("assets/index.html");
        let presets: Vec<&str> = page
            .split("<option value=\"")
            .skip(1)
            .filter_map(|o| o.split_once('"').map(|(v, _)| v))
            .filter(|v| v.contains('+'))
            .collect();
        assert_eq!(presets, ["1+0", "3+2", "5+3", "10+0", "15+10", "30+0"]);
        for p in presets {
            let (m, s) = p.split_once('+').unwrap();
            let (m, s): (u64, u64) = (m.parse().unwrap(), s.parse().unwrap());
            assert_eq!(parse(p), Ok(clock(0, m * 60_000, s * 1000)), "{p}");
        }
    }
}
