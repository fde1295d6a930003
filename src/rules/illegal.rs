//! Why a move is refused: the error of [`Position::parse_move`] and
//! [`Position::parse_san`], with the rule a well-formed move breaks.
//!
//! The rule is looked for only once the move has been refused (the legal
//! moves did not hold it), so that the move parser's success path, which
//! perft and the protocols run, costs what it did.

use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};
use crate::rules::pacifist::influence::{over_persuaded, Weights};

/// A move text that names no legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Neither coordinates (`e2e4`, `e7e8q`) nor a subversion (`@e5a2`).
    #[error("malformed move '{0}'")]
    Malformed(String),
    /// A well-formed move that the rules refuse, for `reason`, which the
    /// message tells after the position.
    #[error("illegal move '{text}' in {fen}: {reason}")]
    Illegal {
        text: String,
        fen: String,
        reason: Illegal,
    },
    /// Not a legal move in standard algebraic notation.
    #[error("'{0}' is not a legal move in SAN")]
    NotSan(String),
}

impl MoveError {
    /// The rule the move breaks, when it was well formed.
    pub fn reason(&self) -> Option<Illegal> {
        match self {
            MoveError::Illegal { reason, .. } => Some(*reason),
            _ => None,
        }
    }
}

/// The rule a well-formed move breaks, the first one found in the order
/// below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The from-square holds no man of the side to move.
    #[error("no man of yours on {0}")]
    NotYourMan(Square),
    /// A king move of castling's shape that no castling right, free path
    /// or safe passage allows (docs/rules.md §1.2, §2.6).
    #[error("castling is not possible here (docs/rules.md §1.2, §2.6)")]
    Castling,
    /// A pawn promotes on its last rank, and only there, to a queen,
    /// rook, bishop or knight (docs/rules.md §1.1, §2.1.4).
    #[error("a pawn promotes on its last rank, and only there (docs/rules.md §1.1, §2.1.4)")]
    Promotion,
    /// The man cannot go there, whatever else stands on the board (docs/rules.md
    /// §1.1, §2.1).
    #[error("the man on {from} cannot move to {to} (docs/rules.md §1.1, §2.1)")]
    OutOfReach { from: Square, to: Square },
    /// docs/rules.md §1.1 (and §4 for subversion): the move leaves the
    /// mover's king in check.
    #[error("it leaves your king in check (docs/rules.md §1.1)")]
    KingInCheck,
    /// docs/rules.md §2.1.1: a pacifist man never captures, a move ends on
    /// an empty square.
    #[error("a pacifist man never captures, and {0} is occupied (docs/rules.md §2.1.1)")]
    Capture(Square),
    /// docs/rules.md §2.4.3: a pawn's two-square advance may not jump over
    /// a square the opponent over-persuades.
    #[error("the pawn may not jump over {0}, which is over-persuaded (docs/rules.md §2.4.3)")]
    PersuadedJump(Square),
    /// docs/rules.md §2.4.1: after the move and its cascade none of the
    /// mover's kings is safe from over-persuasion (a side without a king
    /// must win one back, §2.4.2).
    #[error("it leaves none of your kings safe (docs/rules.md §2.4.1)")]
    NoSafeKing,
    /// `@` and no target and payment squares, or a variant without
    /// subversions (docs/rules.md §4.4).
    #[error("no subversion is written so here (docs/rules.md §4.4)")]
    NotASubversion,
    /// The subversion breaks a condition of docs/rules.md §4.1.
    #[error("{0}")]
    Subversion(RefusedSubversion),
}

/// The squares and promotion letter of a coordinate move.
struct Coordinates {
    from: Square,
    to: Square,
    promotion: Option<u8>,
}

fn coordinates(text: &str) -> Option<Coordinates> {
    Some(Coordinates {
        from: Square::parse(text.get(0..2)?)?,
        to: Square::parse(text.get(2..4)?)?,
        promotion: text.as_bytes().get(4).copied(),
    })
}

/// Why the well-formed move `text` (lowercase) is illegal in a capture
/// variant (docs/rules.md §1.1): a move within the man's reach that is
/// still refused leaves the king in check.
pub(crate) fn in_capture_rules(pos: &Position, text: &str) -> Illegal {
    let prey = pos.by_color(pos.side_to_move().flip())
        | pos
            .ep_square()
            .map_or(Bitboard::EMPTY, Bitboard::from_square);
    match within_reach(pos, text, prey) {
        Ok(_) => Illegal::KingInCheck,
        Err(why) => why,
    }
}

/// Why the well-formed move `text` (lowercase) is illegal in a pacifist
/// variant (docs/rules.md §2.1, §2.4).
pub(crate) fn in_pacifist_rules<W: Weights>(pos: &Position, text: &str) -> Illegal {
    let us = pos.side_to_move();
    let (c, kind) = match within_reach(pos, text, pos.by_color(us.flip())) {
        Ok(found) => found,
        Err(why) => return why,
    };
    if pos.occupied().contains(c.to) {
        return Illegal::Capture(c.to);
    }
    let jumped = Square::from_coords(c.from.file(), (c.from.rank() + c.to.rank()) / 2);
    if kind == PieceKind::Pawn
        && c.from.rank().abs_diff(c.to.rank()) == 2
        && over_persuaded::<W>(pos, jumped, us)
    {
        return Illegal::PersuadedJump(jumped);
    }
    Illegal::NoSafeKing
}

/// The move `text` and the kind of its man when the man can reach its
/// destination as chess moves go (a pawn takes on `prey`), or the first
/// fault found on the way.
fn within_reach(
    pos: &Position,
    text: &str,
    prey: Bitboard,
) -> Result<(Coordinates, PieceKind), Illegal> {
    let c = coordinates(text).ok_or(Illegal::NotASubversion)?;
    let kind = mover(pos, &c)?;
    let us = pos.side_to_move();
    let reach = if kind == PieceKind::Pawn {
        pawn_pushes(pos, c.from, us) | (pawn_attacks(us, c.from) & prey)
    } else {
        piece_attacks(kind, c.from, pos.occupied()) - pos.by_color(us)
    };
    if reach.contains(c.to) {
        Ok((c, kind))
    } else {
        Err(Illegal::OutOfReach {
            from: c.from,
            to: c.to,
        })
    }
}

/// The kind of the man that moves, or the first fault every variant
/// shares: no man of the mover there, castling, a wrong promotion.
fn mover(pos: &Position, c: &Coordinates) -> Result<PieceKind, Illegal> {
    let us = pos.side_to_move();
    let kind = pos
        .kind_at(c.from)
        .filter(|_| pos.by_color(us).contains(c.from))
        .ok_or(Illegal::NotYourMan(c.from))?;
    let back = us.back_rank();
    let castling_shape = kind == PieceKind::King
        && c.from.rank() == back
        && c.to.rank() == back
        && (c.from.file().abs_diff(c.to.file()) >= 2
            || pos.pieces(us, PieceKind::Rook).contains(c.to));
    if castling_shape {
        return Err(Illegal::Castling);
    }
    let last_rank = c.to.rank() == us.flip().back_rank();
    let promotes = kind == PieceKind::Pawn && last_rank;
    let good_letter = c.promotion.is_some_and(|l| b"qrbn".contains(&l));
    if promotes != c.promotion.is_some() || (promotes && !good_letter) {
        return Err(Illegal::Promotion);
    }
    Ok(kind)
}

/// The squares a pawn of `us` on `from` can advance to: one step onto an
/// empty square, two from its own second rank over two empty squares.
fn pawn_pushes(pos: &Position, from: Square, us: Color) -> Bitboard {
    let empty = |sq: &Square| !pos.occupied().contains(*sq);
    let Some(one) = from.offset(0, us.forward()).filter(empty) else {
        return Bitboard::EMPTY;
    };
    let second_rank = if us == Color::White { 1 } else { 6 };
    let two = from
        .offset(0, 2 * us.forward())
        .filter(|sq| from.rank() == second_rank && empty(sq));
    two.into_iter()
        .fold(Bitboard::EMPTY.with(one), |b, sq| b.with(sq))
}

/// The squares a non-pawn man of `kind` on `from` attacks.
fn piece_attacks(kind: PieceKind, from: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Knight => knight_attacks(from),
        PieceKind::Bishop => bishop_attacks(from, occupied),
        PieceKind::Rook => rook_attacks(from, occupied),
        PieceKind::Queen => queen_attacks(from, occupied),
        PieceKind::King => king_attacks(from),
        PieceKind::Pawn => Bitboard::EMPTY,
    }
}

/// Which condition of docs/rules.md §4.1 a subversion breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The target square holds no enemy man.
    #[error("holds no enemy piece to subvert")]
    NoEnemyMan,
    #[error("a king cannot be subverted (docs/rules.md §4.1.1)")]
    King,
    #[error("stands beside its own king (docs/rules.md §4.1.2)")]
    BesideOwnKing,
    /// A payment square that holds no man of the mover.
    #[error("{0} holds none of your pieces to pay with")]
    NotYourPayment(Square),
    #[error("the king never pays (docs/rules.md §4.1.4)")]
    KingPays,
    #[error("in double check no subversion is legal (docs/rules.md §4.1.5)")]
    DoubleCheck,
    #[error("checkmate cannot be escaped by a subversion (docs/rules.md §4.1.6)")]
    Checkmate,
    /// docs/rules.md §4.1.3: a non-pawn man of the mover must stay beside
    /// the target after the payment.
    #[error(
        "after the payment no knight, bishop, rook, queen or king of yours stands beside the target \
         (docs/rules.md §4.1.3)"
    )]
    NoManBeside,
    /// The payment is not one the table of docs/rules.md §4.1.4 asks.
    #[error("{0} (docs/rules.md §4.1.4)")]
    Price(Price),
    #[error("your king would be in check after it (docs/rules.md §4.1.5)")]
    KingInCheck,
}

/// The price of a subversion's target (docs/rules.md §4.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Price {
    #[error("it gives no check, so the price is exactly one of your pawns")]
    Pawn,
    #[error("a checking pawn, knight or bishop costs exactly one knight, bishop, rook or queen")]
    CheckingMinor,
    #[error(
        "a checking rook costs {{R}}, {{Q}}, {{B,B}}, {{N,N}}, {{B,N}}, or one N or B plus all \
         your pawns"
    )]
    CheckingRook,
    #[error("a checking queen costs three of your N/B/R/Q, or two of them plus all your pawns")]
    CheckingQueen,
}

/// A refused subversion of `target`, told as error messages have it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefusedSubversion {
    pub target: Square,
    pub why: Refusal,
}

impl std::fmt::Display for RefusedSubversion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = self.target;
        match self.why {
            Refusal::NoEnemyMan => write!(f, "{t} {}", self.why),
            Refusal::BesideOwnKing => write!(f, "cannot subvert {t}: {t} {}", self.why),
            Refusal::NoManBeside => write!(
                f,
                "cannot subvert {t}: after the payment no knight, bishop, rook, queen or king of \
                 yours stands beside {t} (docs/rules.md §4.1.3)"
            ),
            why => write!(f, "cannot subvert {t}: {why}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn why(fen: &str, mv: &str) -> Option<Illegal> {
        let pos = Position::from_fen(fen, Variant::Chess).unwrap();
        pos.parse_move(mv).unwrap_err().reason()
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_refused_chess_move_says_which_rule_it_breaks() {
        let start = Variant::Chess.start_fen();
        assert_eq!(why(start, "e7e5"), Some(Illegal::NotYourMan(sq("e7"))));
        assert_eq!(why(start, "e3e4"), Some(Illegal::NotYourMan(sq("e3"))));
        assert_eq!(why(start, "e1g1"), Some(Illegal::Castling));
        assert_eq!(
            why(start, "e2e5"),
            Some(Illegal::OutOfReach {
                from: sq("e2"),
                to: sq("e5")
            })
        );
        assert_eq!(
            why(start, "b1d2"),
            Some(Illegal::OutOfReach {
                from: sq("b1"),
                to: sq("d2")
            }),
            "its own man stands there"
        );
        assert_eq!(why(start, "@e7e2"), Some(Illegal::NotASubversion));
        let pinned = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
        assert_eq!(why(pinned, "e2d3"), Some(Illegal::KingInCheck));
        let promoting = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(why(promoting, "a7a8"), Some(Illegal::Promotion));
        assert_eq!(why(promoting, "a7a8k"), Some(Illegal::Promotion));
        assert_eq!(why(promoting, "e1e2q"), Some(Illegal::Promotion));
    }

    #[test]
    fn malformed_and_san_refusals_have_no_rule() {
        let pos = Position::startpos(crate::BoardVariant::Chess);
        assert_eq!(pos.parse_move("e2"), Err(MoveError::Malformed("e2".into())));
        assert_eq!(pos.parse_san("Ke2"), Err(MoveError::NotSan("Ke2".into())));
        assert_eq!(MoveError::NotSan("Ke2".into()).reason(), None);
    }

    /// The message tells the rule after the position, in every variant.
    #[test]
    fn the_reason_is_told() {
        let e = Position::startpos(crate::BoardVariant::Chess)
            .parse_move("e2e5")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "illegal move 'e2e5' in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: \
             the man on e2 cannot move to e5 (docs/rules.md §1.1, §2.1)"
        );
    }
}
