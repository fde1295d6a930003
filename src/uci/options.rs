//! The UCI options (ENGINE.md "UCI"): declarations and setting them.

use crate::variants::Variant;

pub struct Options {
    pub hash_mib: usize,
    pub threads: usize,
    pub multipv: usize,
    pub variant: Variant,
    pub chess960: bool,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    /// Seed of the randomised choice in apocalypse (0: fresh randomness).
    pub seed: u64,
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
        }
    }
}

/// What the session must do after an option changed.
pub enum Effect {
    None,
    ResizeHash,
    ClearHash,
    NewVariant,
}

pub const MAX_HASH_MIB: usize = 32768;
pub const MAX_THREADS: usize = 256;

pub fn declarations() -> Vec<String> {
    let variants: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("var {}", v.name()))
        .collect();
    vec![
        format!("option name Hash type spin default 16 min 1 max {MAX_HASH_MIB}"),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        "option name MultiPV type spin default 1 min 1 max 256".into(),
        format!(
            "option name UCI_Variant type combo default chess {}",
            variants.join(" ")
        ),
        "option name UCI_Chess960 type check default false".into(),
        "option name Move Overhead type spin default 10 min 0 max 5000".into(),
        "option name Clear Hash type button".into(),
        "option name Ponder type check default false".into(),
        "option name Seed type spin default 0 min 0 max 2147483647".into(),
    ]
}

fn spin(name: &str, value: Option<&str>, min: u64, max: u64) -> Result<u64, String> {
    let v = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
    match v.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "option '{name}' takes a number from {min} to {max}, not '{v}'"
        )),
    }
}

fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("option '{name}' takes true or false")),
    }
}

impl Options {
    /// Sets an option by its (case-insensitive) name.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        let name = name.trim();
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
                let v = value.ok_or("option 'UCI_Variant' needs a value")?;
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
            _ => Err(format!("unknown option '{name}'")),
        }
    }
}
