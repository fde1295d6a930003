//! The rules of each variant, behind one interface.
//!
//! Every 8x8 variant (`chess`, `pacifist`, `pacifist2`, `subversion`) works on
//! the shared [`crate::board::Position`]; its rules module generates the legal
//! moves and plays them. `apocalypse` is a simultaneous-move game on a 5x5
//! board with a representation of its own (see [`apocalypse`]).
//! [`Variant`] is the single place where a variant name turns into rules.

pub mod apocalypse;

use std::fmt;
use std::str::FromStr;

/// The five variants of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    Pacifist,
    Pacifist2,
    Subversion,
    Apocalypse,
}

impl Variant {
    pub const ALL: [Variant; 5] = [
        Variant::Chess,
        Variant::Pacifist,
        Variant::Pacifist2,
        Variant::Subversion,
        Variant::Apocalypse,
    ];

    /// The name used by `UCI_Variant`, XBoard, perft files and the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Pacifist => "pacifist",
            Variant::Pacifist2 => "pacifist2",
            Variant::Subversion => "subversion",
            Variant::Apocalypse => "apocalypse",
        }
    }

    /// Parses a variant name (`normal` is accepted for chess, as XBoard says).
    pub fn from_name(name: &str) -> Option<Variant> {
        let name = name.trim().to_ascii_lowercase();
        if name == "normal" || name == "standard" {
            return Some(Variant::Chess);
        }
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The FEN of the variant's start position.
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::Apocalypse => "npppn/p3p/5/P3P/NPPPN w 00 1",
            _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Variant, String> {
        Variant::from_name(s).ok_or_else(|| {
            format!(
                "unknown variant '{s}' (expected one of: chess, pacifist, pacifist2, subversion, apocalypse)"
            )
        })
    }
}
