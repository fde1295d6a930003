//! The engine's options (docs/protocols.md, "UCI"), one store for every front end:
//! what they are, and setting them by name.

use super::strength::{Level, MAX_ELO, MIN_ELO};
use crate::rules::Variant;
use crate::search::tt::HashError;
use crate::variant::UnknownVariant;

pub struct Options {
    pub hash_mib: usize,
    pub threads: usize,
    pub multipv: usize,
    pub variant: Variant,
    pub chess960: bool,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    /// Seed of the randomised choices: apocalypse's mixed strategy, a
    /// weak level's pick (0: fresh randomness).
    pub seed: u64,
    /// `Skill Level`, 0 to 20 (docs/strength.md); 20 is full strength.
    pub skill_level: u32,
    /// `UCI_LimitStrength`: when on, `UCI_Elo` sets the level instead of
    /// `Skill Level`.
    pub limit_strength: bool,
    /// `UCI_Elo`, on the calibrated scale of docs/strength.md.
    pub uci_elo: u32,
    /// `UCI_ShowWDL`: scores come with win/draw/loss chances
    /// (docs/review.md).
    pub show_wdl: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            variant: Variant::Chess,
            chess960: false,
            move_overhead_ms: 10,
            ponder: false,
            seed: 0,
            skill_level: MAX_SKILL_LEVEL,
            limit_strength: false,
            uci_elo: MIN_ELO,
            show_wdl: false,
        }
    }
}

/// What the engine must do after an option changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    None,
    ResizeHash,
    ClearHash,
    NewVariant,
}

pub const MAX_HASH_MIB: usize = 32768;
/// The top of `Skill Level`: the full search.
pub const MAX_SKILL_LEVEL: u32 = 20;

/// The search threads `go` runs for `requested`: at most one per logical
/// CPU. Lazy SMP gains nothing from threads that share a core, and every
/// thread more adds memory and time to start and stop a search (with 256
/// threads on two cores `stop` took a second).
pub fn usable_threads(requested: usize) -> usize {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    requested.clamp(1, cpus)
}
pub const MAX_THREADS: usize = 256;

/// How a GUI shows an option (UCI `type`, XBoard `-spin` ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Spin {
        default: u64,
        min: u64,
        max: u64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        values: Vec<&'static str>,
    },
    Button,
}

/// One option the engine offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

/// Every option, in the order GUIs list them.
pub fn specs() -> Vec<OptionSpec> {
    use OptionKind::*;
    let spin = |name, default, min, max| OptionSpec {
        name,
        kind: Spin { default, min, max },
    };
    vec![
        spin("Hash", 16, 1, MAX_HASH_MIB as u64),
        spin("Threads", 1, 1, MAX_THREADS as u64),
        spin("MultiPV", 1, 1, 256),
        OptionSpec {
            name: "UCI_Variant",
            kind: Combo {
                default: "chess",
                values: Variant::ALL.iter().map(|v| v.name()).collect(),
            },
        },
        OptionSpec {
            name: "UCI_Chess960",
            kind: Check { default: false },
        },
        spin("Move Overhead", 10, 0, 5000),
        OptionSpec {
            name: "Clear Hash",
            kind: Button,
        },
        OptionSpec {
            name: "Ponder",
            kind: Check { default: false },
        },
        spin("Seed", 0, 0, 2_147_483_647),
        spin(
            "Skill Level",
            MAX_SKILL_LEVEL as u64,
            0,
            MAX_SKILL_LEVEL as u64,
        ),
        OptionSpec {
            name: "UCI_LimitStrength",
            kind: Check { default: false },
        },
        spin("UCI_Elo", MIN_ELO as u64, MIN_ELO as u64, MAX_ELO as u64),
        OptionSpec {
            name: "UCI_ShowWDL",
            kind: Check { default: false },
        },
    ]
}

/// Why an option cannot be set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("unknown option '{0}'")]
    Unknown(String),
    #[error("option '{0}' needs a value")]
    NeedsValue(String),
    /// A spin option's value out of its range, or not a number.
    #[error("option '{name}' takes a number from {min} to {max}, not '{value}'")]
    Spin {
        name: String,
        min: u64,
        max: u64,
        value: String,
    },
    #[error("option '{0}' takes true or false")]
    Check(String),
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    /// The hash table of the new size cannot be had.
    #[error(transparent)]
    Hash(#[from] HashError),
}

fn spin(name: &str, value: Option<&str>, min: u64, max: u64) -> Result<u64, OptionError> {
    let v = value.ok_or_else(|| OptionError::NeedsValue(name.to_string()))?;
    match v.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(OptionError::Spin {
            name: name.to_string(),
            min,
            max,
            value: v.to_string(),
        }),
    }
}

fn check(name: &str, value: Option<&str>) -> Result<bool, OptionError> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(OptionError::Check(name.to_string())),
    }
}

impl Options {
    /// The level the engine plays at (docs/strength.md): `UCI_Elo`'s on
    /// the variant's scale when `UCI_LimitStrength` is on, as the UCI
    /// text says, `Skill Level` otherwise.
    pub fn level(&self) -> Level {
        if self.limit_strength {
            Level::for_elo(self.variant, self.uci_elo)
        } else {
            Level::new(self.skill_level as f64)
        }
    }

    /// Sets an option by its (case-insensitive) name.
    /// Any whitespace between the words of a name counts as one space.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, OptionError> {
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        let name = name.as_str();
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mib = spin(name, value, 1, MAX_HASH_MIB as u64)? as usize;
                Ok(Effect::ResizeHash)
            }
            "threads" => {
                self.threads = spin(name, value, 1, MAX_THREADS as u64)? as usize;
                Ok(Effect::None)
            }
            "multipv" => {
                self.multipv = spin(name, value, 1, 256)? as usize;
                Ok(Effect::None)
            }
            "uci_variant" => {
                let v = value.ok_or_else(|| OptionError::NeedsValue("UCI_Variant".into()))?;
                self.variant = v.parse::<Variant>()?;
                Ok(Effect::NewVariant)
            }
            "uci_chess960" => {
                self.chess960 = check(name, value)?;
                Ok(Effect::None)
            }
            "move overhead" => {
                self.move_overhead_ms = spin(name, value, 0, 5000)?;
                Ok(Effect::None)
            }
            "clear hash" => Ok(Effect::ClearHash),
            "ponder" => {
                self.ponder = check(name, value)?;
                Ok(Effect::None)
            }
            "seed" => {
                self.seed = spin(name, value, 0, 2_147_483_647)?;
                Ok(Effect::None)
            }
            "skill level" => {
                self.skill_level = spin(name, value, 0, MAX_SKILL_LEVEL as u64)? as u32;
                Ok(Effect::None)
            }
            "uci_limitstrength" => {
                self.limit_strength = check(name, value)?;
                Ok(Effect::None)
            }
            "uci_elo" => {
                self.uci_elo = spin(name, value, MIN_ELO as u64, MAX_ELO as u64)? as u32;
                Ok(Effect::None)
            }
            "uci_showwdl" => {
                self.show_wdl = check(name, value)?;
                Ok(Effect::None)
            }
            _ => Err(OptionError::Unknown(name.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_option_says_what_is_wrong() {
        let mut o = Options::default();
        assert_eq!(
            o.set("Hashes", Some("1")),
            Err(OptionError::Unknown("Hashes".into()))
        );
        assert_eq!(
            o.set("Hash", None),
            Err(OptionError::NeedsValue("Hash".into()))
        );
        assert!(matches!(
            o.set("Threads", Some("0")),
            Err(OptionError::Spin { min: 1, .. })
        ));
        assert_eq!(
            o.set("Ponder", Some("maybe")),
            Err(OptionError::Check("Ponder".into()))
        );
        assert_eq!(
            o.set("UCI_Variant", Some("fairy")),
            Err(OptionError::Variant(UnknownVariant("fairy".into())))
        );
        assert_eq!(
            o.set("UCI_Variant", Some("pacifist")),
            Ok(Effect::NewVariant)
        );
    }

    #[test]
    fn uci_elo_rules_only_when_strength_is_limited() {
        let mut o = Options::default();
        o.set("Skill Level", Some("4")).unwrap();
        o.set("UCI_Elo", Some(&MAX_ELO.to_string())).unwrap();
        assert_eq!(o.level().value(), 4.0);
        o.set("UCI_LimitStrength", Some("true")).unwrap();
        assert_eq!(o.level().value(), 20.0);
        o.set("UCI_Elo", Some(&MIN_ELO.to_string())).unwrap();
        assert!(o.level().value() < 1.0);
        assert!(matches!(
            o.set("UCI_Elo", Some(&(MIN_ELO - 1).to_string())),
            Err(OptionError::Spin { .. })
        ));
        assert_eq!(o.uci_elo, MIN_ELO);
    }
}
