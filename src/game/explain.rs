//! Why, in words, for a newcomer at the board (`turncoat gui`): why a
//! pacifist man converted or is about to (docs/rules.md §2.2, §2.3), what a
//! speculative apocalypse candidate needs and risks (docs/rules.md §5.2,
//! §5.3.1), and what an enemy man costs in subversion (docs/rules.md §4.1.4).
//! Told from the rules' own data — the attackers with batteries, the
//! candidates' conditions, the legal subversions — never guessed.

use super::Game;
use crate::board::attacks::king_attacks;
use crate::board::{Bitboard, Color, MoveKind, PieceKind, Position, Square};
use crate::rules::apocalypse::{Action, ApocalypsePosition, Kind, Ply};
use crate::rules::pacifist::influence::{attackers, Count, Value, Weights};
use crate::rules::subversion;
use crate::Variant;

/// Why a man of the pacifist variants converted, or may.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The man's square (`e7`).
    pub square: String,
    /// `converted` (by the last move's cascade), `threatened`
    /// (over-persuaded now) or `attacked` (persuaded, not over).
    pub kind: &'static str,
    /// E.g. `persuasion 3 > support 1: Nf5, e7 and Bh6 attack it, Rf8
    /// defends it`.
    pub text: String,
}

/// What an apocalypse candidate needs (docs/rules.md §5.3.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateNote {
    /// The candidate in the variant's notation (`a2b3`).
    pub text: String,
    pub sure: bool,
    /// A speculation's condition: `valid only if Black plays …Nb3`.
    pub condition: Option<String>,
    /// A speculation's risk: the penalty point, and what it does.
    pub risk: Option<String>,
    /// A speculation's condition in short: the opponent's plies that make
    /// it valid (`…Nb3 or …axb3`); `None` for a sure candidate or a
    /// doomed one.
    pub needs: Option<String>,
    /// A speculation that no sure ply of the opponent can make valid now:
    /// whatever the opponent chooses, it is not played and costs a penalty
    /// point (docs/rules.md §5.3.1). The page marks it apart, so that a
    /// newcomer does not take it for a move.
    pub doomed: bool,
}

/// An enemy man the side to move can subvert (docs/rules.md §4.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bribe {
    /// The target's square.
    pub square: String,
    /// Its price in short (`1 pawn`, `R or Q or B+B …`), docs/rules.md §4.1.4.
    pub price: String,
    /// How many legal payment sets there are.
    pub payments: usize,
    /// The mover's non-pawn men beside the target, one of which must
    /// stay beside it (docs/rules.md §4.1.3).
    pub by: Vec<String>,
}

impl Game {
    /// In the pacifist variants, every man that the last move's cascade
    /// converted or that enemy men attack now, with who attacks and
    /// defends it (docs/rules.md §2.2, §2.3); empty in the other variants.
    pub fn influence_explanations(&self) -> Vec<Explanation> {
        match (self, self.variant()) {
            (Game::Sequential(g), Variant::Pacifist) => explain::<Count>(g),
            (Game::Sequential(g), Variant::Pacifist2) => explain::<Value>(g),
            _ => Vec::new(),
        }
    }

    /// In apocalypse, `side`'s candidates with their conditions and risk
    /// (docs/rules.md §5.2, §5.3.1); empty in the other variants.
    pub fn candidate_notes(&self, side: Color) -> Vec<CandidateNote> {
        let Game::Simultaneous(g) = self else {
            return Vec::new();
        };
        let pos = g.position();
        let theirs = pos.candidates(side.flip());
        pos.candidates(side)
            .iter()
            .map(|ply| {
                if ply.sure {
                    return CandidateNote {
                        text: ply.to_string(),
                        sure: true,
                        condition: None,
                        risk: None,
                        needs: None,
                        doomed: false,
                    };
                }
                let needs = needed_plies(pos, side, ply, &theirs);
                CandidateNote {
                    text: ply.to_string(),
                    sure: false,
                    condition: Some(condition_text(side, ply, needs.as_deref())),
                    risk: Some(risk_text(side, pos.penalties(side))),
                    doomed: needs.is_none(),
                    needs,
                }
            })
            .collect()
    }

    /// In subversion, the enemy men the side to move may subvert now, with
    /// their price (docs/rules.md §4.1); empty in the other variants.
    pub fn bribes(&self) -> Vec<Bribe> {
        let Game::Sequential(g) = self else {
            return Vec::new();
        };
        if self.variant() != Variant::Subversion {
            return Vec::new();
        }
        let pos = g.position();
        let us = pos.side_to_move();
        let men = pos.by_color(us) - pos.by_kind(PieceKind::Pawn);
        let mut out: Vec<Bribe> = Vec::new();
        for mv in pos.legal_moves().iter() {
            if mv.kind() != MoveKind::Subversion {
                continue;
            }
            let t = mv.to();
            let name = t.to_string();
            match out.iter_mut().find(|b| b.square == name) {
                Some(b) => b.payments += 1,
                None => out.push(Bribe {
                    square: name,
                    price: subversion::price_in_short(pos, t).to_string(),
                    payments: 1,
                    by: (king_attacks(t) & men)
                        .into_iter()
                        .map(|s| s.to_string())
                        .collect(),
                }),
            }
        }
        out
    }
}

/// `Nf5`, or a pawn's bare square (`e7`).
fn man(pos: &Position, sq: Square) -> String {
    match pos.kind_at(sq) {
        Some(PieceKind::Pawn) | None => sq.to_string(),
        Some(k) => format!("{}{sq}", k.letter().to_ascii_uppercase()),
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The men of `set`, named, with their weight when attackers are weighed
/// by value (pacifist2, docs/rules.md §3).
fn named<W: Weights>(pos: &Position, set: Bitboard) -> Vec<String> {
    set.into_iter()
        .map(|s| {
            let name = man(pos, s);
            match pos.kind_at(s) {
                Some(k) if !W::UNIFORM => format!("{name} ({})", W::of(k)),
                _ => name,
            }
        })
        .collect()
}

/// `persuasion 3 > support 1: Nf5, e7 and Bh6 attack it, Rf8 defends it`,
/// for the man on `sq` in `pos` (docs/rules.md §2.2.3); `past`: as it was.
fn balance<W: Weights>(pos: &Position, sq: Square, color: Color, past: bool) -> (i32, i32, String) {
    let sets = attackers(pos, sq);
    let weigh = |set: Bitboard| -> i32 {
        set.into_iter()
            .filter_map(|s| pos.kind_at(s))
            .map(W::of)
            .sum()
    };
    let (enemies, friends) = (sets[color.flip().index()], sets[color.index()]);
    let (p, s) = (weigh(enemies), weigh(friends));
    let cmp = match p.cmp(&s) {
        std::cmp::Ordering::Greater => ">",
        std::cmp::Ordering::Equal => "=",
        std::cmp::Ordering::Less => "<",
    };
    let verb =
        |n: usize, present_one: &'static str, present_many: &'static str, was: &'static str| {
            if past {
                was
            } else if n == 1 {
                present_one
            } else {
                present_many
            }
        };
    let attack = named::<W>(pos, enemies);
    let defend = named::<W>(pos, friends);
    let mut text = format!("persuasion {p} {cmp} support {s}: ");
    text += &if attack.is_empty() {
        "nothing attacks it".to_string()
    } else {
        format!(
            "{} {} it",
            and_list(&attack),
            verb(attack.len(), "attacks", "attack", "attacked")
        )
    };
    text += ", ";
    text += &if defend.is_empty() {
        format!("nothing {} it", if past { "defended" } else { "defends" })
    } else {
        format!(
            "{} {} it",
            and_list(&defend),
            verb(defend.len(), "defends", "defend", "defended")
        )
    };
    (p, s, text)
}

fn explain<W: Weights>(g: &super::SequentialGame) -> Vec<Explanation> {
    let pos = g.position();
    let mut out = Vec::new();
    // The last move's cascade, each wave judged on the board before it
    // (docs/rules.md §2.3.2).
    if let Some((&mv, earlier)) = g.moves().split_last() {
        let before = earlier.iter().fold(*g.start(), |p, &m| p.play(m));
        let waves = before.cascade_waves(mv);
        let n = waves.len().saturating_sub(1);
        for i in 1..waves.len() {
            let board = &waves[i - 1].position;
            for sq in waves[i].converted {
                let Some(piece) = board.piece_at(sq) else {
                    continue;
                };
                let (_, _, why) = balance::<W>(board, sq, piece.color, true);
                out.push(Explanation {
                    square: sq.to_string(),
                    kind: "converted",
                    text: format!(
                        "converted to {} in wave {i} of {n}: {why}",
                        colour_name(piece.color.flip()).to_lowercase()
                    ),
                });
            }
        }
    }
    for sq in pos.occupied() {
        if out.iter().any(|e| e.square == sq.to_string()) {
            continue;
        }
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let (p, s, why) = balance::<W>(pos, sq, piece.color, false);
        if p == 0 {
            continue;
        }
        let enemy = colour_name(piece.color.flip());
        let (kind, text) = if p > s {
            let when = if pos.side_to_move() == piece.color {
                format!(
                    "unless {} changes that now, it turns {} after {enemy}'s next move",
                    colour_name(piece.color),
                    enemy.to_lowercase()
                )
            } else {
                format!(
                    "it turns {} after {enemy}'s move, unless that move changes it",
                    enemy.to_lowercase()
                )
            };
            ("threatened", format!("{why} — over-persuaded: {when}"))
        } else if p == s {
            (
                "attacked",
                format!("{why} — a tie is not enough: one more attacker converts it"),
            )
        } else {
            ("attacked", format!("{why} — safe"))
        };
        out.push(Explanation {
            square: sq.to_string(),
            kind,
            text,
        });
    }
    out
}

/// `…Nb3`, `…axb3`, `…a3`, `…b1=N`, `…b1→d3`: a ply of `side` in short.
fn ply_name(pos: &ApocalypsePosition, side: Color, ply: &Ply, all: &[Ply]) -> String {
    let prefix = if side == Color::Black { "…" } else { "" };
    let knight = matches!(pos.piece_at(ply.from), Some((_, Kind::Knight)));
    let base = if knight {
        let twin = all
            .iter()
            .any(|o| o.to == ply.to && o.from != ply.from && o.sure == ply.sure);
        if twin {
            format!("N{}-{}", ply.from, ply.to)
        } else {
            format!("N{}", ply.to)
        }
    } else if ply.from.file() != ply.to.file() {
        let file = ply.from.to_string().chars().next().unwrap_or('?');
        format!("{file}x{}", ply.to)
    } else {
        ply.to.to_string()
    };
    let tail = match ply.action {
        Action::Plain => String::new(),
        Action::PromoteKnight => "=N".to_string(),
        Action::Relocate(r) => format!("→{r}"),
    };
    format!("{prefix}{base}{tail}")
}

/// docs/rules.md §5.3.1: a speculation counts only against a sure move of
/// the opponent that meets its condition; those moves, named (`…Nb3 or
/// …axb3`), or `None` when no move of the opponent meets it now.
fn needed_plies(
    pos: &ApocalypsePosition,
    side: Color,
    ply: &Ply,
    theirs: &[Ply],
) -> Option<String> {
    let mut names: Vec<String> = Vec::new();
    for o in theirs.iter().filter(|o| o.sure && ply.condition_holds(o)) {
        let name = ply_name(pos, side.flip(), o, theirs);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    match names.len() {
        0 => None,
        1..=4 => Some(names.join(" or ")),
        n => Some(format!("{} or {} more", names[..3].join(" or "), n - 3)),
    }
}

/// The condition of a speculation in words (docs/rules.md §5.3.1): the
/// rule it needs met, and `needs`, the opponent's moves that meet it.
fn condition_text(side: Color, ply: &Ply, needs: Option<&str>) -> String {
    let them = colour_name(side.flip());
    let c = &ply.condition;
    let mut rule = Vec::new();
    if let Some(s) = c.ends_on {
        rule.push(format!("a sure move of {them} ending on {s}"));
    }
    if let Some(s) = c.starts_on {
        rule.push(format!("the man on {s} moving away with a sure move"));
    }
    if let Some(k) = c.ends_on_knight_of {
        let squares: Vec<String> = crate::rules::apocalypse::board::squares(k)
            .map(|s| s.to_string())
            .collect();
        rule.push(format!(
            "a sure move of {them} ending on your knight's square ({})",
            squares.join(" or ")
        ));
    }
    let rule = rule.join(" and ");
    match needs {
        None => {
            format!("valid only with {rule}, and no move of {them} does that now: it will fail")
        }
        Some(shown) => format!("valid only if {them} plays {shown} ({rule})"),
    }
}

/// docs/rules.md §5.3.1 and §5.3.3: what a failed speculation costs.
fn risk_text(side: Color, penalties: u8) -> String {
    let them = colour_name(side.flip());
    let have = match penalties {
        0 => "you have none; two lose".to_string(),
        1 => "you have 1: a second loses".to_string(),
        n => format!("you have {n}"),
    };
    format!("if {them} does not, your move is not played and you get a penalty point ({have})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_threatened_pacifist_man_is_explained() {
        // docs/rules.md §2.2.3: the rook d2 and the queen d1 behind it
        // attack the black knight d5; nothing defends it.
        let g = Game::from_fen(Variant::Pacifist, "4k3/8/8/3n4/8/8/3R4/3Q2K1 b - - 0 1").unwrap();
        let e = g.influence_explanations();
        let d5 = e.iter().find(|e| e.square == "d5").expect("d5 explained");
        assert_eq!(d5.kind, "threatened");
        assert!(
            d5.text
                .starts_with("persuasion 2 > support 0: Qd1 and Rd2 attack it, nothing defends it"),
            "{}",
            d5.text
        );
    }

    #[test]
    fn the_first_seed_cascade_is_explained_wave_by_wave() {
        // docs/rules.md §2.3, seed diagram 1: 1.Nf5 converts seven men in
        // four waves; e7 and g7 fall to the knight alone in the first.
        let mut g = Game::from_fen(
            Variant::Pacifist,
            "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
        )
        .unwrap();
        g.play_text("e3f5").unwrap();
        let e = g.influence_explanations();
        let converted: Vec<&str> = e
            .iter()
            .filter(|e| e.kind == "converted")
            .map(|e| e.square.as_str())
            .collect();
        assert_eq!(converted.len(), 7, "{e:?}");
        let e7 = e.iter().find(|e| e.square == "e7").unwrap();
        assert_eq!(
            e7.text,
            "converted to white in wave 1 of 4: persuasion 1 > support 0: Nf5 attacked it, nothing defended it"
        );
    }

    #[test]
    fn pacifist2_names_the_weights() {
        let g = Game::from_fen(Variant::Pacifist2, "4k3/8/8/3n4/8/8/3R4/3Q2K1 b - - 0 1").unwrap();
        let e = g.influence_explanations();
        let d5 = e.iter().find(|e| e.square == "d5").unwrap();
        assert!(
            d5.text
                .starts_with("persuasion 14 > support 0: Qd1 (9) and Rd2 (5)"),
            "{}",
            d5.text
        );
    }

    #[test]
    fn the_apocalypse_start_speculation_names_its_condition() {
        // docs/rules.md §5.3, "the seed's speculation": a2b3 needs Black's
        // Na5-b3.
        let g = Game::start(Variant::Apocalypse);
        let notes = g.candidate_notes(Color::White);
        let a3 = notes.iter().find(|n| n.text == "a2a3").unwrap();
        assert!(a3.sure && a3.condition.is_none());
        let b3 = notes.iter().find(|n| n.text == "a2b3").unwrap();
        assert!(!b3.sure && !b3.doomed);
        assert_eq!(b3.needs.as_deref(), Some("…Nb3"));
        let cond = b3.condition.as_deref().unwrap();
        assert!(
            cond.starts_with("valid only if Black plays …Nb3 "),
            "{cond}"
        );
        assert_eq!(
            b3.risk.as_deref(),
            Some("if Black does not, your move is not played and you get a penalty point (you have none; two lose)")
        );
    }

    #[test]
    fn a_speculation_no_move_can_meet_is_doomed() {
        // docs/rules.md §5.3.1: from the start, the pawn b1 stepping onto
        // the empty c2 needs a sure move of Black ending on c2; no black
        // man can get there, so it fails whatever Black chooses.
        let g = Game::start(Variant::Apocalypse);
        let notes = g.candidate_notes(Color::White);
        let c2 = notes
            .iter()
            .find(|n| n.text == "b1c2")
            .expect("b1c2 offered");
        assert!(!c2.sure && c2.doomed && c2.needs.is_none(), "{c2:?}");
        assert!(c2.condition.as_deref().unwrap().ends_with("it will fail"));
        assert!(notes.iter().filter(|n| n.sure).all(|n| !n.doomed));
    }

    #[test]
    fn subversion_prices() {
        // docs/rules.md §4.1.4: the checking rook e5, and otherwise a pawn.
        let g = Game::from_fen(
            Variant::Subversion,
            "4k3/8/8/4r3/3N4/8/PP6/RNBQKB2 w - - 0 1",
        )
        .unwrap();
        let b = g.bribes();
        let e5 = b.iter().find(|b| b.square == "e5").expect("e5 for sale");
        assert!(e5.price.starts_with("R or Q or B+B"), "{}", e5.price);
        assert_eq!(e5.by, ["d4"]);
        assert!(e5.payments >= 2);
        let g = Game::from_fen(
            Variant::Subversion,
            "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        )
        .unwrap();
        let b = g.bribes();
        let e5 = b.iter().find(|b| b.square == "e5").expect("e5 for sale");
        assert_eq!(
            (e5.price.as_str(), e5.by.as_slice()),
            ("1 pawn", &["f6".to_string()][..])
        );
        assert!(Game::start(Variant::Chess).bribes().is_empty());
    }
}
