//! Resolving a turn (docs/rules.md §5.3): validity and penalties, simultaneous
//! play with captures of pieces that did not move, collisions, promotions
//! and relocations; then the end of the game.

use super::board::{last_rank, ApocalypsePosition, Kind};
use super::candidates::{Action, Ply};
use crate::board::{Color, Outcome};

/// A valid move being played: its side, the moving piece's kind (before
/// promotion) and whether it was speculative.
struct Played {
    side: Color,
    ply: Ply,
    kind: Kind,
}

impl ApocalypsePosition {
    /// The start-of-turn position after white plays `white` and black
    /// plays `black`, both candidates of this position.
    pub fn resolve(&self, white: Ply, black: Ply) -> ApocalypsePosition {
        let plies = [white, black];
        let mut next = *self;
        next.turn += 1;
        // (1) Validity: a speculative move needs a sure opponent move that
        // meets its condition; an invalid move costs a penalty point.
        let mut played: Vec<Played> = Vec::with_capacity(2);
        for c in Color::ALL {
            let (own, other) = (plies[c.index()], plies[c.flip().index()]);
            if own.condition_holds(&other) {
                let kind = self.piece_at(own.from).map_or(Kind::Pawn, |(_, k)| k);
                played.push(Played {
                    side: c,
                    ply: own,
                    kind,
                });
            } else {
                next.penalties[c.index()] = next.penalties[c.index()].saturating_add(1);
            }
        }
        // (2) Captures: a piece on a move's (first-leg) destination is taken
        // unless it moved away this turn.
        let moved_from: u32 = played.iter().fold(0, |m, p| m | p.ply.from.bit());
        for p in &played {
            let d = p.ply.to;
            if let Some((c, _)) = self.piece_at(d) {
                if c != p.side || !p.ply.sure {
                    // An enemy on d, or our own piece under a speculative
                    // self-capture (the opponent, ending there, takes it).
                    if moved_from & d.bit() == 0 {
                        next.set(d, None);
                    }
                }
            }
        }
        for p in &played {
            if next.piece_at(p.ply.from).map(|(c, _)| c) == Some(p.side) {
                next.set(p.ply.from, None);
            }
        }
        // Collisions: both moves end on one square.
        let survivors: Vec<&Played> = match played.as_slice() {
            [a, b] if a.ply.end() == b.ply.end() => collision(a, b).into_iter().collect(),
            _ => played.iter().collect(),
        };
        // Landing, with promotions and relocations.
        for p in survivors {
            let kind = match p.ply.action {
                Action::PromoteKnight => Kind::Knight,
                Action::Relocate(_) => Kind::Pawn,
                Action::Plain if p.kind == Kind::Pawn && p.ply.to.rank() == last_rank(p.side) => {
                    Kind::Knight
                }
                Action::Plain => p.kind,
            };
            next.set(p.ply.end(), Some((p.side, kind)));
        }
        next
    }

    /// The end of the game judged on this position (docs/rules.md §5.3.3, all
    /// but repetition): pawns gone, two penalties, no sure candidate.
    pub fn terminal(&self) -> Option<Outcome> {
        self.material_end().or_else(|| {
            let stuck = |c: Color| !has_sure_candidate(&self.candidates(c));
            (stuck(Color::White) || stuck(Color::Black)).then_some(Outcome::Draw("no sure move"))
        })
    }

    /// The ends of docs/rules.md §5.3.3 that need no candidates: pawns gone,
    /// two penalties.
    pub fn material_end(&self) -> Option<Outcome> {
        let no_pawns = |c: Color| self.pieces(c, Kind::Pawn) == 0;
        match (no_pawns(Color::White), no_pawns(Color::Black)) {
            (true, true) => return Some(Outcome::Draw("both sides lost all pawns")),
            (true, false) => return Some(Outcome::Win(Color::Black, "white lost all pawns")),
            (false, true) => return Some(Outcome::Win(Color::White, "black lost all pawns")),
            _ => {}
        }
        let out = |c: Color| self.penalties(c) >= 2;
        match (out(Color::White), out(Color::Black)) {
            (true, true) => return Some(Outcome::Draw("both sides reached two penalties")),
            (true, false) => {
                return Some(Outcome::Win(Color::Black, "white reached two penalties"))
            }
            (false, true) => {
                return Some(Outcome::Win(Color::White, "black reached two penalties"))
            }
            _ => {}
        }
        None
    }
}

/// Whether a side with these candidates can move at all (docs/rules.md
/// §5.3.3, test 3: a side without a sure candidate ends the game).
pub fn has_sure_candidate(candidates: &[Ply]) -> bool {
    candidates.iter().any(|p| p.sure)
}

/// Two valid moves ending on one square: the speculative one wins ("higher
/// risk is rewarded"); between sure moves a knight beats a pawn and equal
/// kinds both vanish. Kinds are compared before promotion.
fn collision<'a>(a: &'a Played, b: &'a Played) -> Option<&'a Played> {
    match (a.ply.sure, b.ply.sure) {
        (false, true) => Some(a),
        (true, false) => Some(b),
        _ if a.kind == b.kind => None,
        _ if a.kind == Kind::Knight => Some(a),
        _ => Some(b),
    }
}

/// A game: the start position and every start-of-turn position since,
/// with the plies played (docs/rules.md §5.4: W1 B1 W2 B2 ...).
#[derive(Clone, Debug)]
pub struct ApocalypseGame {
    positions: Vec<ApocalypsePosition>,
    plies: Vec<(Ply, Ply)>,
}

impl ApocalypseGame {
    pub fn new(start: ApocalypsePosition) -> ApocalypseGame {
        ApocalypseGame {
            positions: vec![start],
            plies: Vec::new(),
        }
    }

    pub fn position(&self) -> &ApocalypsePosition {
        self.positions.last().expect("a position")
    }

    pub fn turns(&self) -> &[(Ply, Ply)] {
        &self.plies
    }

    pub fn play_turn(&mut self, white: Ply, black: Ply) {
        let next = self.position().resolve(white, black);
        self.plies.push((white, black));
        self.positions.push(next);
    }

    /// The start-of-turn position before the last turn.
    pub fn position_before_last(&self) -> Option<&ApocalypsePosition> {
        self.positions
            .len()
            .checked_sub(2)
            .map(|i| &self.positions[i])
    }

    /// Takes back the last turn.
    pub fn undo_turn(&mut self) -> Option<(Ply, Ply)> {
        if self.positions.len() > 1 {
            self.positions.pop();
        }
        self.plies.pop()
    }

    /// The end rules of docs/rules.md §5.3 in their order, repetition last (the
    /// start position counts as the first occurrence).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.position().terminal() {
            return Some(o);
        }
        let key = self.position().repetition_key();
        let seen = self
            .positions
            .iter()
            .filter(|p| p.repetition_key() == key)
            .count();
        (seen >= 3).then_some(Outcome::Draw("threefold repetition"))
    }
}
