//! Subversion chess (docs/rules.md §4): orthodox chess plus the subversion, a
//! move that converts one enemy piece and pays for it with own pieces.

use super::chess::{generate_legal, play_move};
use super::illegal::{self, Illegal};
pub use super::illegal::{Price, Refusal, RefusedSubversion};
use super::{find_written, MoveCount, MoveSink, Rules};
use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::board::{
    Bitboard, Color, Move, MoveKind, MoveList, Outcome, Piece, PieceKind, Position, Square,
};
use arrayvec::ArrayVec;

pub struct Subversion;

impl Rules for Subversion {
    fn generate(pos: &Position, list: &mut MoveList) {
        generate_legal(pos, list);
        let checkers = pos.checkers();
        // docs/rules.md §4.1.5: never in double check; §4.1.6: a mate stands.
        if checkers.more_than_one() || (checkers.nonempty() && list.is_empty()) {
            return;
        }
        generate_subversions(pos, list, checkers);
    }

    fn count_legal(pos: &Position) -> usize {
        let mut count = MoveCount::default();
        generate_legal(pos, &mut count);
        let checkers = pos.checkers();
        if checkers.more_than_one() || (checkers.nonempty() && count.0 == 0) {
            return count.0;
        }
        generate_subversions(pos, &mut count, checkers);
        count.0
    }

    fn play(pos: &Position, mv: Move) -> Position {
        if mv.kind() == MoveKind::Subversion {
            play_subversion(pos, mv)
        } else {
            play_move(pos, mv)
        }
    }

    /// docs/rules.md §4.4: `@` + target + the payment squares in increasing
    /// order of (rank, file), the pawns of a "plus all pawns" payment
    /// written out; other moves in coordinates.
    fn format_move(pos: &Position, mv: Move, chess960: bool) -> String {
        if mv.kind() != MoveKind::Subversion {
            return mv.coordinate_notation(chess960);
        }
        // A bitboard lists its squares by (rank, file), once each.
        removed_squares(pos, mv)
            .into_iter()
            .fold(format!("@{}", mv.to()), |s, sq| s + &sq.to_string())
    }

    /// docs/rules.md §4.4: the payment squares may come in any order on input.
    fn find_move(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
        find_written::<Self>(pos, legal, text).or_else(|| {
            let canon = canonical_subversion(text)?;
            legal
                .iter()
                .copied()
                .find(|&m| Self::format_move(pos, m, true) == canon)
        })
    }

    /// For `@` moves, which rule of docs/rules.md §4.1 the subversion
    /// breaks; other moves by the rules of chess (§4: they are chess's).
    fn explain_illegal(pos: &Position, text: &str) -> Illegal {
        let Some(body) = text.strip_prefix('@') else {
            return illegal::in_capture_rules(pos, text);
        };
        let squares: Option<Vec<Square>> = (0..body.len() / 2)
            .map(|i| body.get(2 * i..2 * i + 2).and_then(Square::parse))
            .collect();
        let Some(squares) = squares.filter(|s| s.len() >= 2 && body.len() % 2 == 0) else {
            return Illegal::NotASubversion;
        };
        let paid = squares[1..].iter().fold(Bitboard::EMPTY, |b, &s| b.with(s));
        Illegal::Subversion(RefusedSubversion {
            target: squares[0],
            why: why_illegal(pos, squares[0], paid),
        })
    }

    fn no_move_outcome(pos: &Position) -> Outcome {
        if pos.checkers().nonempty() {
            Outcome::Win(pos.side_to_move().flip(), "checkmate")
        } else {
            Outcome::Draw("stalemate")
        }
    }
}

/// The squares a subversion takes off the board: the listed payment and,
/// for "plus all pawns" payments, every pawn of the mover.
pub fn removed_squares(pos: &Position, mv: Move) -> Bitboard {
    let mut removed = mv
        .payment()
        .into_iter()
        .fold(Bitboard::EMPTY, |b, s| b.with(s));
    if mv.pays_all_pawns() {
        removed |= pos.pieces(pos.side_to_move(), PieceKind::Pawn);
    }
    removed
}

/// `@` + target + payment squares with the payment sorted by (rank, file),
/// as moves are written (docs/rules.md §4.4); `None` if `s` is not of that shape.
fn canonical_subversion(s: &str) -> Option<String> {
    let body = s.strip_prefix('@')?;
    if body.len() < 4 || !body.len().is_multiple_of(2) || !body.is_ascii() {
        return None;
    }
    let squares: Option<Vec<Square>> = (0..body.len())
        .step_by(2)
        .map(|i| Square::parse(&body[i..i + 2]))
        .collect();
    let squares = squares?;
    let mut payment = squares[1..].to_vec();
    payment.sort();
    Some(
        payment
            .iter()
            .fold(format!("@{}", squares[0]), |s, sq| s + &sq.to_string()),
    )
}

/// N, B, R and Q: the pieces that may pay when the target gives check.
fn officers(pos: &Position, us: Color) -> Bitboard {
    pos.by_color(us) - pos.by_kind(PieceKind::Pawn) - pos.by_kind(PieceKind::King)
}

/// docs/rules.md §4.1.1-§4.1.3: targets that are not kings, not beside their own
/// king, and have a non-pawn man of the mover beside them.
fn targets(pos: &Position, us: Color) -> Bitboard {
    let them = us.flip();
    let shielded = pos
        .pieces(them, PieceKind::King)
        .fold(Bitboard::EMPTY, |b, k| b | king_attacks(k));
    let men = pos.by_color(us) - pos.by_kind(PieceKind::Pawn);
    (pos.by_color(them) - pos.by_kind(PieceKind::King) - shielded)
        .filter(|&t| (king_attacks(t) & men).nonempty())
        .fold(Bitboard::EMPTY, |b, t| b.with(t))
}

fn generate_subversions(pos: &Position, list: &mut impl MoveSink, checkers: Bitboard) {
    for t in targets(pos, pos.side_to_move()) {
        payments(pos, t, checkers, &mut |payment, all_pawns| {
            let mv = Move::subversion(t, payment, all_pawns);
            if subversion_is_legal(pos, mv, t) {
                list.push(mv);
            }
        });
    }
}

/// docs/rules.md §4.1.4: every payment the table allows for the target on `t`
/// (`checkers`: the pieces giving check), before the legality of (3), (5).
fn payments(
    pos: &Position,
    t: Square,
    checkers: Bitboard,
    consider: &mut impl FnMut(&[Square], bool),
) {
    let us = pos.side_to_move();
    let pawns = pos.pieces(us, PieceKind::Pawn);
    if !checkers.contains(t) {
        // A target that does not give check costs one pawn.
        for p in pawns {
            consider(&[p], false);
        }
        return;
    }
    let offs: ArrayVec<Square, 64> = officers(pos, us).collect();
    match pos.kind_at(t) {
        Some(PieceKind::Pawn | PieceKind::Knight | PieceKind::Bishop) => {
            for &o in &offs {
                consider(&[o], false);
            }
        }
        Some(PieceKind::Rook) => rook_payments(pos, &offs, pawns.nonempty(), consider),
        Some(PieceKind::Queen) => queen_payments(&offs, pawns.nonempty(), consider),
        _ => {}
    }
}

/// Why the subversion of `target` paid with `paid` is not a legal move
/// here: the first condition of docs/rules.md §4.1 it breaks. Asked only
/// once a move was refused, so it may take its time.
pub fn why_illegal(pos: &Position, target: Square, paid: Bitboard) -> Refusal {
    let us = pos.side_to_move();
    let checkers = pos.checkers();
    let mut legal = MoveList::new();
    generate_legal(pos, &mut legal);
    let Some(kind) = pos
        .kind_at(target)
        .filter(|_| pos.by_color(us.flip()).contains(target))
    else {
        return Refusal::NoEnemyMan;
    };
    let own_king_beside = pos
        .pieces(us.flip(), PieceKind::King)
        .any(|k| king_attacks(k).contains(target));
    if kind == PieceKind::King {
        Refusal::King
    } else if own_king_beside {
        Refusal::BesideOwnKing
    } else if let Some(sq) = (paid - pos.by_color(us)).into_iter().next() {
        Refusal::NotYourPayment(sq)
    } else if (paid & pos.by_kind(PieceKind::King)).nonempty() {
        Refusal::KingPays
    } else if checkers.more_than_one() {
        Refusal::DoubleCheck
    } else if checkers.nonempty() && legal.is_empty() {
        Refusal::Checkmate
    } else {
        why_payment_fails(pos, target, paid, checkers)
    }
}

/// docs/rules.md §4.1.3-§4.1.5 for a payment of the mover's own men.
fn why_payment_fails(
    pos: &Position,
    target: Square,
    paid: Bitboard,
    checkers: Bitboard,
) -> Refusal {
    let us = pos.side_to_move();
    let men = pos.by_color(us) - pos.by_kind(PieceKind::Pawn) - paid;
    let mut priced = false;
    payments(pos, target, checkers, &mut |payment, all_pawns| {
        priced |= removed_squares(pos, Move::subversion(target, payment, all_pawns)) == paid;
    });
    if (king_attacks(target) & men).is_empty() {
        Refusal::NoManBeside
    } else if !priced {
        Refusal::Price(price(pos, target, checkers))
    } else {
        Refusal::KingInCheck
    }
}

/// The price of the enemy man on `t` in short, for a GUI's label
/// (docs/rules.md §4.1.4): `1 pawn` unless it gives check.
pub fn price_in_short(pos: &Position, t: Square) -> &'static str {
    if !pos.checkers().contains(t) {
        return "1 pawn";
    }
    match pos.kind_at(t) {
        Some(PieceKind::Rook) => "R or Q or B+B or N+N or B+N, or N/B + all pawns",
        Some(PieceKind::Queen) => "3 of N/B/R/Q, or 2 of them + all pawns",
        _ => "1 N, B, R or Q",
    }
}

/// The price of the target on `t` (docs/rules.md §4.1.4).
fn price(pos: &Position, t: Square, checkers: Bitboard) -> Price {
    if !checkers.contains(t) {
        return Price::Pawn;
    }
    match pos.kind_at(t) {
        Some(PieceKind::Rook) => Price::CheckingRook,
        Some(PieceKind::Queen) => Price::CheckingQueen,
        _ => Price::CheckingMinor,
    }
}

/// docs/rules.md §4.1.4, a checking rook: {R}, {Q}, {B,B}, {N,N}, {B,N}, or
/// one N or B plus all pawns.
fn rook_payments(
    pos: &Position,
    offs: &[Square],
    have_pawns: bool,
    consider: &mut impl FnMut(&[Square], bool),
) {
    let kind = |s: Square| pos.kind_at(s);
    let minor = |s: Square| matches!(kind(s), Some(PieceKind::Knight | PieceKind::Bishop));
    for &o in offs {
        if matches!(kind(o), Some(PieceKind::Rook | PieceKind::Queen)) {
            consider(&[o], false);
        }
    }
    for (i, &a) in offs.iter().enumerate() {
        for &b in &offs[i + 1..] {
            if minor(a) && minor(b) {
                consider(&[a, b], false);
            }
        }
    }
    if have_pawns {
        for &o in offs.iter().filter(|&&o| minor(o)) {
            consider(&[o], true);
        }
    }
}

/// docs/rules.md §4.1.4, a checking queen: any three officers, or any two
/// plus all pawns.
fn queen_payments(offs: &[Square], have_pawns: bool, consider: &mut impl FnMut(&[Square], bool)) {
    for i in 0..offs.len() {
        for j in i + 1..offs.len() {
            if have_pawns {
                consider(&[offs[i], offs[j]], true);
            }
            for k in j + 1..offs.len() {
                consider(&[offs[i], offs[j], offs[k]], false);
            }
        }
    }
}

/// docs/rules.md §4.1.3 and §4.1.5, judged on the board after the subversion: a
/// non-pawn man of the mover stays beside the target, and the mover's
/// king is not attacked.
fn subversion_is_legal(pos: &Position, mv: Move, t: Square) -> bool {
    let us = pos.side_to_move();
    let removed = removed_squares(pos, mv);
    let men = pos.by_color(us) - pos.by_kind(PieceKind::Pawn) - removed;
    if (king_attacks(t) & men).is_empty() {
        return false;
    }
    let Some(k) = pos.king_square(us) else {
        return false;
    };
    let occ = pos.occupied() - removed;
    let theirs = pos.by_color(us.flip()).without(t);
    let attacked = (knight_attacks(k) & pos.by_kind(PieceKind::Knight) & theirs).nonempty()
        || (pawn_attacks(us, k) & pos.by_kind(PieceKind::Pawn) & theirs).nonempty()
        || (king_attacks(k) & pos.by_kind(PieceKind::King) & theirs).nonempty()
        || (rook_attacks(k, occ) & pos.rook_likes() & theirs).nonempty()
        || (bishop_attacks(k, occ) & pos.bishop_likes() & theirs).nonempty();
    !attacked
}

/// Plays a subversion (docs/rules.md §4.1, §4.2): the payment leaves the board,
/// the target changes colour; clocks, en passant and castling follow.
pub fn play_subversion(pos: &Position, mv: Move) -> Position {
    let us = pos.side_to_move();
    let mut p = *pos;
    let removed = removed_squares(pos, mv);
    for sq in removed {
        let kind = pos.kind_at(sq).expect("a paying piece");
        p.remove(sq, Piece::new(us, kind));
        p.update_castling(sq, sq);
    }
    let t = mv.to();
    p.convert(t, pos.kind_at(t).expect("a target piece"));
    p.update_castling(t, t);
    p.set_ep(None);
    p.finish_move(true);
    p
}
