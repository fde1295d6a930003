//! Candidate moves (docs/rules.md §5.2): each is sure or speculative, and a
//! speculative one carries a condition on the opponent's move of the turn.

use super::board::{last_rank, squares, ApocalypsePosition, Kind, Sq};
use crate::board::attacks::KNIGHT_DELTAS;
use crate::board::Color;
use arrayvec::ArrayVec;
use std::fmt;

/// The squares a knight on `sq` jumps to, as a 25-bit set.
pub fn knight_targets(sq: Sq) -> u32 {
    KNIGHT_DELTAS
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .fold(0, |b, s| b | s.bit())
}

/// What a candidate does besides moving from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Plain,
    /// The pawn becomes a knight on the last rank (suffix `n`).
    PromoteKnight,
    /// The pawn stays a pawn and is placed on this square (second leg).
    Relocate(Sq),
}

/// The condition of a speculative candidate on the opponent's move; all
/// parts that are set must hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The opponent's move ends on this square.
    pub ends_on: Option<Sq>,
    /// The opponent's move starts on this square.
    pub starts_on: Option<Sq>,
    /// The opponent's move ends on a square holding one of these knights
    /// (the mover's knights at the start of the turn).
    pub ends_on_knight_of: Option<u32>,
}

/// A candidate move of one side for the current turn (a "ply").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ply {
    pub from: Sq,
    pub to: Sq,
    pub action: Action,
    pub sure: bool,
    pub condition: Condition,
}

impl Ply {
    /// Where the moved piece ends (a relocation ends on its second leg).
    pub fn end(&self) -> Sq {
        match self.action {
            Action::Relocate(r) => r,
            _ => self.to,
        }
    }

    /// docs/rules.md §5.3.1: a speculative move's condition, against the
    /// opponent's move of the same turn (which must be sure).
    pub fn condition_holds(&self, other: &Ply) -> bool {
        if self.sure {
            return true;
        }
        let c = &self.condition;
        other.sure
            && c.ends_on.is_none_or(|s| other.end() == s)
            && c.starts_on.is_none_or(|s| other.from == s)
            && c.ends_on_knight_of
                .is_none_or(|k| k & other.end().bit() != 0)
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        match self.action {
            Action::Plain => Ok(()),
            Action::PromoteKnight => write!(f, "n"),
            Action::Relocate(r) => write!(f, ",{}{}", self.to, r),
        }
    }
}

pub type CandidateList = ArrayVec<Ply, 256>;

fn sure(from: Sq, to: Sq, action: Action) -> Ply {
    Ply {
        from,
        to,
        action,
        sure: true,
        condition: Condition::default(),
    }
}

fn speculative(from: Sq, to: Sq, action: Action, condition: Condition) -> Ply {
    Ply {
        from,
        to,
        action,
        sure: false,
        condition,
    }
}

impl ApocalypsePosition {
    /// Every candidate of `side` at the start of the turn (docs/rules.md §5.2).
    pub fn candidates(&self, side: Color) -> CandidateList {
        let mut list = CandidateList::new();
        let own = self.side(side);
        for from in squares(self.pieces(side, Kind::Knight)) {
            for to in squares(knight_targets(from)) {
                if own & to.bit() == 0 {
                    list.push(sure(from, to, Action::Plain));
                } else {
                    let cond = Condition {
                        ends_on: Some(to),
                        ..Condition::default()
                    };
                    list.push(speculative(from, to, Action::Plain, cond));
                }
            }
        }
        for from in squares(self.pieces(side, Kind::Pawn)) {
            self.pawn_candidates(side, from, &mut list);
        }
        list
    }

    fn pawn_candidates(&self, side: Color, from: Sq, list: &mut CandidateList) {
        let own = self.side(side);
        let enemy = self.side(side.flip());
        let dr = if side == Color::White { 1 } else { -1 };
        // (destination, sure?, condition of the leg)
        let mut legs: ArrayVec<(Sq, bool, Condition), 3> = ArrayVec::new();
        if let Some(f) = from.offset(0, dr) {
            if own & f.bit() == 0 {
                if enemy & f.bit() == 0 {
                    legs.push((f, true, Condition::default()));
                } else {
                    let cond = Condition {
                        starts_on: Some(f),
                        ..Condition::default()
                    };
                    legs.push((f, false, cond));
                }
            }
        }
        for df in [-1, 1] {
            let Some(d) = from.offset(df, dr) else {
                continue;
            };
            if enemy & d.bit() != 0 {
                legs.push((d, true, Condition::default()));
            } else {
                let cond = Condition {
                    ends_on: Some(d),
                    ..Condition::default()
                };
                legs.push((d, false, cond));
            }
        }
        let knights = self.pieces(side, Kind::Knight);
        for (to, is_sure, cond) in legs {
            if to.rank() != last_rank(side) {
                list.push(Ply {
                    from,
                    to,
                    action: Action::Plain,
                    sure: is_sure,
                    condition: cond,
                });
            } else if knights.count_ones() <= 1 {
                list.push(Ply {
                    from,
                    to,
                    action: Action::PromoteKnight,
                    sure: is_sure,
                    condition: cond,
                });
            } else {
                // (a) relocations: any square off the last rank that is empty
                // once the pawn has left (its start square included).
                let free = !self.occupied() | from.bit();
                for r in Sq::all().filter(|r| r.rank() != last_rank(side) && free & r.bit() != 0) {
                    list.push(Ply {
                        from,
                        to,
                        action: Action::Relocate(r),
                        sure: is_sure,
                        condition: cond,
                    });
                }
                // (b) the knight promotion, always speculative.
                let cond = Condition {
                    ends_on_knight_of: Some(knights),
                    ..cond
                };
                list.push(speculative(from, to, Action::PromoteKnight, cond));
            }
        }
    }

    /// Parses a ply in notation (`a1b3`, `b2b3`, `b4b5n`, `b4c5,c5d2`) and
    /// checks that it is one of `side`'s candidates.
    pub fn parse_ply(&self, side: Color, text: &str) -> Result<Ply, IllegalPly> {
        let t = text.trim().to_ascii_lowercase();
        let well_formed = t.is_ascii()
            && match t.len() {
                4 | 5 => {
                    Sq::parse(&t[..2]).is_some()
                        && Sq::parse(&t[2..4]).is_some()
                        && (t.len() == 4 || t.ends_with('n'))
                }
                9 => {
                    Sq::parse(&t[..2]).is_some()
                        && Sq::parse(&t[2..4]).is_some()
                        && &t[4..5] == ","
                        && t[2..4] == t[5..7]
                        && Sq::parse(&t[7..9]).is_some()
                }
                _ => false,
            };
        if !well_formed {
            return Err(IllegalPly::Malformed(text.to_string()));
        }
        self.candidates(side)
            .into_iter()
            .find(|p| p.to_string() == t)
            .ok_or_else(|| IllegalPly::NotACandidate {
                text: text.to_string(),
                side,
                fen: self.to_fen(),
            })
    }
}

/// Why a ply cannot be chosen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPly {
    /// Not written as a ply (docs/rules.md §5.4).
    #[error("malformed apocalypse move '{0}' (expected e.g. a1b3, b4b5n or b4c5,c5d2)")]
    Malformed(String),
    /// docs/rules.md §5.2: a side chooses one of its candidate moves.
    #[error("'{text}' is not a candidate move of {side:?} in {fen}")]
    NotACandidate {
        text: String,
        side: Color,
        fen: String,
    },
}
