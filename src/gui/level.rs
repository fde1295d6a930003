//! The level of an engine seat (issue #50), as lichess offers its AI:
//! levels 1 to 8 on the page, each one the engine's UCI `Skill Level`
//! through [`SKILL_LEVELS`], the one place that maps one onto the other.

use super::error::Refusal;
use serde_json::Value;
use std::fmt;

/// The `Skill Level` (docs/strength.md: 0 to 20, 20 the full search)
/// that each of the page's levels 1 to 8 sends: `SKILL_LEVELS[k - 1]` for
/// level k. Rising, and the top level is full strength; chosen on the
/// measured scale (docs/strength.md, "Calibration") so that the page's
/// levels are about as far apart from one to the next (in chess 500,
/// 645, 914, 1136, 1379, 1625, 1832, 2079: 145 to 270 Elo a step).
pub const SKILL_LEVELS: [u8; 8] = [0, 1, 3, 5, 9, 13, 18, 20];

/// The UCI option a level is sent as; an engine that does not list it in
/// its `uci` answer plays at its own strength, and its picker is off.
pub const SKILL_OPTION: &str = "Skill Level";

/// One of the page's levels, 1 to 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// A new player's level, when the page remembers none: low, so that
    /// a first game against the engine can be won.
    pub const DEFAULT: Level = Level(2);
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(SKILL_LEVELS.len() as u8);

    /// Level `n`, if there is one.
    pub fn new(n: u64) -> Option<Level> {
        let n = u8::try_from(n).ok()?;
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
    }

    /// The level a request names (a JSON whole number from 1 to 8).
    pub fn from_json(v: &Value) -> Result<Level, Refusal> {
        v.as_u64()
            .and_then(Level::new)
            .ok_or_else(|| Refusal::BadLevel {
                given: v.to_string(),
                min: Level::MIN.0,
                max: Level::MAX.0,
            })
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The engine's `Skill Level` for this level.
    pub fn skill(self) -> u8 {
        SKILL_LEVELS[usize::from(self.0 - 1)]
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An engine's name as players read it beside the board and in the PGN:
/// `turncoat (level 3)`, or the bare name where no level applies.
pub fn with_level(name: &str, level: Option<Level>) -> String {
    match level {
        Some(level) => format!("{name} (level {level})"),
        None => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn levels_rise_to_full_strength_within_the_skill_scale() {
        let skills: Vec<u8> = (1..=8).map(|n| Level::new(n).unwrap().skill()).collect();
        assert!(skills.windows(2).all(|w| w[0] < w[1]), "{skills:?}");
        assert_eq!(Level::MAX.skill(), 20, "the top level is full strength");
        assert!(skills.iter().all(|&s| s <= 20));
        assert!(Level::DEFAULT < Level::new(4).unwrap(), "a low default");
    }

    #[test]
    fn only_whole_numbers_from_one_to_eight_are_levels() {
        for good in 1..=8 {
            assert_eq!(Level::from_json(&json!(good)).unwrap().number(), good);
        }
        for bad in [
            json!(0),
            json!(9),
            json!(-1),
            json!(2.5),
            json!("3"),
            json!("x"),
        ] {
            let refused = Level::from_json(&bad).unwrap_err().to_string();
            assert!(refused.contains("1 to 8"), "{bad}: {refused}");
        }
    }

    /// docs/gui.md's table of levels is this one.
    #[test]
    fn the_docs_show_the_table() {
        let doc = include_str!("../../docs/gui.md");
        let row = doc
            .lines()
            .find(|l| l.starts_with("| `Skill Level` |"))
            .expect("docs/gui.md's table of levels");
        let skills: Vec<u8> = row
            .split('|')
            .filter_map(|cell| cell.split_whitespace().next()?.parse().ok())
            .collect();
        assert_eq!(skills, SKILL_LEVELS, "{row}");
    }

    #[test]
    fn a_name_shows_its_level() {
        assert_eq!(with_level("turncoat", Level::new(3)), "turncoat (level 3)");
        assert_eq!(with_level("plain", None), "plain");
    }
}
