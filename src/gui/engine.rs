//! An engine program `turncoat gui` may seat: how it is started, and
//! whether it takes a level.

use super::level;
use super::view::Offered;
use crate::arena::program::{Program, ProgramConfig};
use crate::Variant;

/// An engine the page may seat: how it is started, and whether it takes
/// a level (its UCI answer lists [`level::SKILL_OPTION`]).
#[derive(Clone, Debug)]
pub struct Engine {
    pub config: ProgramConfig,
    pub takes_level: bool,
}

impl Offered for Engine {
    fn name(&self) -> &str {
        &self.config.name
    }

    fn takes_level(&self) -> bool {
        self.takes_level
    }
}

impl Engine {
    /// Checks that `config` starts and plays (its handshake), and reads
    /// whether it takes a level.
    pub fn checked(config: ProgramConfig) -> Result<Engine, CheckError> {
        let options = Program::check(&config, Variant::Chess).map_err(|why| CheckError {
            name: config.name.clone(),
            why,
        })?;
        // UCI's option names are not case-sensitive.
        let takes_level = options
            .iter()
            .any(|o| o.eq_ignore_ascii_case(level::SKILL_OPTION));
        Ok(Engine {
            config,
            takes_level,
        })
    }
}

/// An engine that did not start or play: its name and why.
#[derive(Debug, thiserror::Error)]
#[error("engine {name}: {why}")]
pub struct CheckError {
    pub name: String,
    pub why: crate::arena::program::StartError,
}
