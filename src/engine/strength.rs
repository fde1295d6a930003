//! Playing below full strength (docs/strength.md): a level from 0 to 20,
//! set by `Skill Level`, or by `UCI_Elo` when `UCI_LimitStrength` is on.
//!
//! A weaker level plays the way a weaker player does, not as a random
//! blunderer: it looks fewer moves ahead and fewer moves wide (a depth
//! and a node budget), sees exchanges and cascades only a short way past
//! its horizon (the quiescence limit: missing the cascade a move lets
//! loose is the natural mistake in the conversion variants), and chooses
//! among the best few moves it found, a worse one the more likely the
//! lower the level and the closer its score to the best. The top level
//! is the full search, untouched.

use crate::search::time::Limits;

/// The top of `Skill Level`: the full search.
pub const FULL_STRENGTH: f64 = 20.0;

/// A playing level in [0, 20]; fractional levels come from `UCI_Elo`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level(f64);

/// How a level below the top searches and chooses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// The deepest iteration.
    pub depth: u32,
    /// The nodes of the whole search.
    pub nodes: u64,
    /// Quiescence plies past the horizon (`None`: the variant's own).
    pub quiescence_plies: Option<u32>,
    /// The best moves it chooses among (searched as MultiPV lines).
    pub candidates: usize,
    /// In centipawns: a move this much worse than the best is chosen
    /// e (2.718) times less often than the best.
    pub temperature: f64,
}

impl Level {
    /// The level `value`, clamped to [0, 20].
    pub fn new(value: f64) -> Level {
        Level(value.clamp(0.0, FULL_STRENGTH))
    }

    pub fn value(self) -> f64 {
        self.0
    }

    /// How the level plays; `None` at full strength.
    pub fn plan(self) -> Option<Plan> {
        let s = self.0;
        if s >= FULL_STRENGTH {
            return None;
        }
        Some(Plan {
            depth: 1 + (s / 2.0).floor() as u32,
            nodes: (400.0 * 2f64.powf(s * 0.75)).round() as u64,
            quiescence_plies: match s {
                s if s < 2.0 => Some(0),
                s if s < 4.0 => Some(1),
                s if s < 6.0 => Some(2),
                _ => None,
            },
            candidates: 4,
            temperature: 120.0 * 0.82f64.powf(s),
        })
    }
}

impl Plan {
    /// `limits` narrowed to the plan: the smaller depth and node limits,
    /// the quiescence limit. The clock still applies.
    pub fn narrow(&self, mut limits: Limits) -> Limits {
        limits.depth = Some(limits.depth.map_or(self.depth, |d| d.min(self.depth)));
        limits.nodes = Some(limits.nodes.map_or(self.nodes, |n| n.min(self.nodes)));
        limits.quiescence_plies = self.quiescence_plies;
        limits
    }

    /// The index of the candidate to play, from their scores (best first,
    /// centipawns from the mover's side) and a uniform number in [0, 1):
    /// each is weighted by exp((score - best) / temperature).
    pub fn choose(&self, scores: &[i32], unit: f64) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        let weights: Vec<f64> = scores
            .iter()
            .map(|&s| ((s - best).max(-10_000) as f64 / self.temperature).exp())
            .collect();
        let mut target = unit.clamp(0.0, 1.0) * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            if target < *w {
                return i;
            }
            target -= w;
        }
        weights.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_top_level_is_the_full_search() {
        assert_eq!(Level::new(20.0).plan(), None);
        assert_eq!(Level::new(35.0).plan(), None);
        assert!(Level::new(19.9).plan().is_some());
    }

    #[test]
    fn lower_levels_search_less_and_err_more() {
        let plans: Vec<Plan> = (0..20)
            .map(|l| Level::new(l as f64).plan().unwrap())
            .collect();
        for pair in plans.windows(2) {
            let (lower, higher) = (pair[0], pair[1]);
            assert!(lower.depth <= higher.depth);
            assert!(lower.nodes < higher.nodes);
            assert!(lower.temperature > higher.temperature);
        }
        assert_eq!(plans[0].depth, 1);
        assert_eq!(plans[0].quiescence_plies, Some(0));
        assert_eq!(plans[19].quiescence_plies, None);
    }

    #[test]
    fn the_choice_favours_the_better_moves() {
        let plan = Level::new(0.0).plan().unwrap();
        // Equal scores: the unit number splits the candidates evenly.
        assert_eq!(plan.choose(&[10, 10, 10, 10], 0.1), 0);
        assert_eq!(plan.choose(&[10, 10, 10, 10], 0.6), 2);
        assert_eq!(plan.choose(&[10, 10, 10, 10], 0.99), 3);
        // A move a queen worse is almost never chosen, even at level 0.
        let picks = (0..1000)
            .filter(|i| plan.choose(&[0, -900], *i as f64 / 1000.0) == 1)
            .count();
        assert!(picks < 5, "{picks}");
        // The same gap is chosen more often at a lower level.
        let share = |level: f64| {
            let plan = Level::new(level).plan().unwrap();
            (0..1000)
                .filter(|i| plan.choose(&[0, -50], *i as f64 / 1000.0) == 1)
                .count()
        };
        assert!(share(0.0) > share(10.0) && share(10.0) > share(19.0));
        assert_eq!(plan.choose(&[], 0.5), 0);
    }
}
