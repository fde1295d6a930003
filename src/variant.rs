//! The names of the variants (docs/rules.md, introduction), and which of them
//! are played on the 8x8 board.
//!
//! A leaf: it imports nothing from the crate, so that [`crate::board`] can
//! tag a position with its variant without depending on the rules. What a
//! variant's rules are lives in [`crate::rules`].

use std::fmt;
use std::str::FromStr;

/// The five variants of docs/rules.md.
///
/// The discriminants agree with [`BoardVariant`]'s, so that turning one
/// into the other, which the evaluation does on every call, costs nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Variant {
    Chess = 0,
    Pacifist = 1,
    Pacifist2 = 2,
    Subversion = 3,
    Apocalypse = 4,
}

/// The variants played on the shared 8x8 board (docs/rules.md §1-§4), one per
/// rules type of [`crate::rules`]; `apocalypse` (docs/rules.md §5) has a 5x5
/// board of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum BoardVariant {
    Chess = Variant::Chess as u8,
    Pacifist = Variant::Pacifist as u8,
    Pacifist2 = Variant::Pacifist2 as u8,
    Subversion = Variant::Subversion as u8,
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

    /// The name in XBoard's `variants` feature and `variant` command, where
    /// orthodox chess is `normal`.
    pub fn xboard_name(self) -> &'static str {
        match self {
            Variant::Chess => "normal",
            v => v.name(),
        }
    }

    /// The name where a format must name the variant: `None` for
    /// orthodox chess, the default of UCI (`UCI_Variant`), XBoard (`new`)
    /// and PGN (no `Variant` tag).
    pub fn nonstandard_name(self) -> Option<&'static str> {
        (self != Variant::Chess).then(|| self.name())
    }

    /// The variant as played on the 8x8 board; `None` for apocalypse.
    #[inline]
    pub fn board(self) -> Option<BoardVariant> {
        match self {
            Variant::Chess => Some(BoardVariant::Chess),
            Variant::Pacifist => Some(BoardVariant::Pacifist),
            Variant::Pacifist2 => Some(BoardVariant::Pacifist2),
            Variant::Subversion => Some(BoardVariant::Subversion),
            Variant::Apocalypse => None,
        }
    }
}

impl BoardVariant {
    pub const ALL: [BoardVariant; 4] = [
        BoardVariant::Chess,
        BoardVariant::Pacifist,
        BoardVariant::Pacifist2,
        BoardVariant::Subversion,
    ];
}

impl From<BoardVariant> for Variant {
    #[inline]
    fn from(v: BoardVariant) -> Variant {
        match v {
            BoardVariant::Chess => Variant::Chess,
            BoardVariant::Pacifist => Variant::Pacifist,
            BoardVariant::Pacifist2 => Variant::Pacifist2,
            BoardVariant::Subversion => Variant::Subversion,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for BoardVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Variant::from(*self).name())
    }
}

/// A variant name that is none of the five.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant '{0}' (expected one of: chess, pacifist, pacifist2, subversion, apocalypse)"
)]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_name(s).ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_variants_round_trip() {
        for v in Variant::ALL {
            match v.board() {
                Some(b) => assert_eq!(Variant::from(b), v),
                None => assert_eq!(v, Variant::Apocalypse),
            }
        }
        for b in BoardVariant::ALL {
            assert_eq!(Variant::from(b).board(), Some(b));
            assert_eq!(b.to_string(), Variant::from(b).name());
        }
    }

    #[test]
    fn an_unknown_name_is_an_unknown_variant() {
        assert_eq!(
            "crazyhouse".parse::<Variant>(),
            Err(UnknownVariant("crazyhouse".into()))
        );
    }
}
