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
use crate::variant::Variant;

mod scale;

/// The top of `Skill Level`: the full search.
pub const FULL_STRENGTH: f64 = 20.0;

/// The range of `UCI_Elo` (docs/strength.md, "Calibration"): from the
/// bottom anchor to the full search's Elo where it is highest.
pub const MIN_ELO: u32 = scale::MIN_ELO;
pub const MAX_ELO: u32 = scale::MAX_ELO;

/// The calibrated Elo of each level in `variant`, level 0 to 20.
fn scale_of(variant: Variant) -> &'static [i32; 21] {
    // Indexed by the variant's place in `Variant::ALL`, the table's order.
    &scale::ELO[variant as usize]
}

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

    /// The level that plays at `elo` in `variant` (`UCI_Elo`): between two
    /// calibrated levels, the fraction of the way between their Elos.
    /// Below level 0's Elo it is level 0; at or above the full search's,
    /// the full search.
    pub fn for_elo(variant: Variant, elo: u32) -> Level {
        let scale = scale_of(variant);
        let elo = elo as f64;
        let above = scale.iter().position(|&e| e as f64 > elo);
        match above {
            Some(0) => Level(0.0),
            None => Level(FULL_STRENGTH),
            Some(i) => {
                let (low, high) = (scale[i - 1] as f64, scale[i] as f64);
                Level::new((i - 1) as f64 + (elo - low) / (high - low))
            }
        }
    }

    /// The calibrated Elo of this level in `variant`, interpolated.
    pub fn elo(self, variant: Variant) -> f64 {
        let scale = scale_of(variant);
        let below = self.0.floor() as usize;
        if below + 1 >= scale.len() {
            return scale[scale.len() - 1] as f64;
        }
        let (low, high) = (scale[below] as f64, scale[below + 1] as f64);
        low + (self.0 - below as f64) * (high - low)
    }

    /// How the level plays; `None` at full strength.
    pub fn plan(self) -> Option<Plan> {
        let s = self.0;
        if s >= FULL_STRENGTH {
            return None;
        }
        Some(Plan {
            depth: match s {
                s if s < 2.0 => 1,
                s if s < 4.0 => 2,
                s => s as u32 - 1,
            },
            nodes: (NODES_AT_ZERO * NODES_PER_LEVEL.powf(s)).round() as u64,
            // One ply more of exchanges and cascades per level: level 0
            // sees none past its move, level 8 all of them.
            quiescence_plies: (s < 8.0).then_some(s as u32),
            candidates: 4,
            temperature: TEMPERATURE_AT_ZERO * TEMPERATURE_PER_LEVEL.powf(s),
        })
    }
}

impl Level {
    /// A weak level's version of an equilibrium strategy of the
    /// simultaneous game (`weights`, one per candidate ply, summing to 1):
    /// flattened towards an even choice among the plies the equilibrium
    /// plays (each weight raised to the power level/20), then mixed with
    /// an even choice among all the candidates, a share that falls in a
    /// straight line from one half (`STRAY_AT_ZERO`) at level 0 to
    /// nothing at the top. A turn's depth
    /// moves in large steps (a few hundred nodes, then ten thousand, then
    /// hundreds of thousands), so the stray share is what separates the
    /// levels that reach the same depth.
    pub fn weaken_strategy(self, weights: &[f64]) -> Vec<f64> {
        let level = self.0;
        if level >= FULL_STRENGTH || weights.is_empty() {
            return weights.to_vec();
        }
        let power = level / FULL_STRENGTH;
        let flat: Vec<f64> = weights
            .iter()
            .map(|&w| if w > 0.0 { w.powf(power) } else { 0.0 })
            .collect();
        let total: f64 = flat.iter().sum();
        if total <= 0.0 {
            return weights.to_vec();
        }
        let stray = STRAY_AT_ZERO * (1.0 - level / FULL_STRENGTH);
        let even = stray / weights.len() as f64;
        flat.iter()
            .map(|w| (1.0 - stray) * w / total + even)
            .collect()
    }
}

/// The share of a level-0 turn in the simultaneous game chosen evenly
/// among all the candidate plies rather than from the equilibrium; it
/// falls in a straight line to the top, because in apocalypse a turn's
/// depth counts for little (two turns against one: +107 ± 128 Elo in 20
/// games) and the stray share for most of the strength, about evenly
/// (level 0 against level 11, shares 0.5 and 0.1: 1 in 20; level 11
/// against no stray at all: 9 in 20; docs/experiments.md, 2026-11-28).
const STRAY_AT_ZERO: f64 = 0.5;

/// Level 0's node budget, and the factor from one level to the next: the
/// budgets stay inside the clocks people play with (level 19: about
/// 180,000 nodes, a few tenths of a second), so that a level plays the
/// same at 3+2 as at 15+10 and only the top level, the full search,
/// depends on the clock.
const NODES_AT_ZERO: f64 = 150.0;
const NODES_PER_LEVEL: f64 = 1.45;
/// Level 0's temperature in centipawns, and its factor per level.
const TEMPERATURE_AT_ZERO: f64 = 150.0;
const TEMPERATURE_PER_LEVEL: f64 = 0.9;

/// The simultaneous game's node budget over the sequential games': a turn
/// deeper costs thirty to seventy times the nodes (from apocalypse's start
/// 160, 11,000, then 360,000), so at the sequential budgets every level
/// below the top would see one or two turns. Three and a half times the
/// budget gives each depth its stretch of levels, from the start: one turn
/// to level 8, two from level 9, three from level 18 (docs/strength.md,
/// "How a level plays", apocalypse).
const SIMULTANEOUS_NODES: f64 = 3.5;

impl Plan {
    /// The plan for a turn of the simultaneous game: the same, with
    /// `SIMULTANEOUS_NODES` (3.5) times the nodes.
    pub fn for_simultaneous(self) -> Plan {
        Plan {
            nodes: (self.nodes as f64 * SIMULTANEOUS_NODES).round() as u64,
            ..self
        }
    }

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
    fn an_elo_finds_its_level_on_each_variants_scale() {
        for variant in Variant::ALL {
            let scale = scale_of(variant);
            assert!(
                scale.windows(2).all(|w| w[0] < w[1]),
                "{variant}: {scale:?}"
            );
            assert!(scale[20] as u32 <= MAX_ELO);
            // The lowest UCI_Elo is level 0, or the level of that Elo where
            // level 0 lies lower (chess, anchored to Stockfish).
            let lowest = Level::for_elo(variant, MIN_ELO);
            assert!(lowest.value() == 0.0 || (lowest.elo(variant) - MIN_ELO as f64).abs() < 1.0);
            assert_eq!(Level::for_elo(variant, 0).value(), 0.0);
            assert_eq!(Level::for_elo(variant, u32::MAX).value(), FULL_STRENGTH);
            // Back from the whole Elo a GUI sends: the level within half
            // an Elo (a step of the scale may be only a few Elo wide).
            for level in [0.0, 3.0, 7.5, 12.25, 19.5] {
                let elo = Level::new(level).elo(variant);
                let back = Level::for_elo(variant, elo.round() as u32);
                assert!(
                    (back.elo(variant) - elo).abs() <= 0.5 + 1e-9,
                    "{variant} {level} {elo} {back:?}"
                );
            }
            assert_eq!(Level::new(20.0).elo(variant), scale[20] as f64);
        }
    }

    #[test]
    fn a_weak_strategy_strays_more_the_lower_the_level() {
        let equilibrium = [0.75, 0.25, 0.0, 0.0];
        assert_eq!(Level::new(20.0).weaken_strategy(&equilibrium), equilibrium);
        let stray = |level: f64| Level::new(level).weaken_strategy(&equilibrium)[3];
        assert!(stray(0.0) > stray(10.0) && stray(10.0) > stray(19.0));
        assert!(stray(19.0) > 0.0);
        for level in [0.0, 7.5, 19.0] {
            let w = Level::new(level).weaken_strategy(&equilibrium);
            assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(w[0] >= w[1] && w[1] > w[2] && w[2] == w[3]);
        }
        // Level 0 plays the equilibrium's plies evenly, plus its stray share.
        let w = Level::new(0.0).weaken_strategy(&equilibrium);
        assert!((w[0] - w[1]).abs() < 1e-9 && (w[2] - 0.125).abs() < 1e-9);
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
