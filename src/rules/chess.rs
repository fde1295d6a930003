//! Orthodox chess (docs/rules.md §1): fully legal move generation with pins and
//! check evasion computed up front, Chess960 castling, and copy-make.

use super::{MoveCount, MoveSink, Rules};
use crate::board::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    rook_attacks, rook_rays,
};
use crate::board::position::{castle_king_destination, castle_rook_destination};
use crate::board::{
    Bitboard, Color, FenError, Move, MoveKind, MoveList, Outcome, Piece, PieceKind, Position,
    Square,
};

pub struct Chess;

impl Rules for Chess {
    #[inline]
    fn generate(pos: &Position, list: &mut MoveList) {
        generate_legal(pos, list);
    }

    #[inline]
    fn count_legal(pos: &Position) -> usize {
        let mut count = MoveCount::default();
        generate_legal(pos, &mut count);
        count.0
    }

    #[inline]
    fn play(pos: &Position, mv: Move) -> Position {
        play_move(pos, mv)
    }

    fn make(pos: &mut Position, mv: Move) {
        make_move(pos, mv);
    }

    #[inline]
    fn loses_exchange(pos: &Position, mv: Move) -> bool {
        loses_exchange(pos, mv)
    }

    fn no_move_outcome(pos: &Position) -> Outcome {
        if pos.checkers().nonempty() {
            Outcome::Win(pos.side_to_move().flip(), "checkmate")
        } else {
            Outcome::Draw("stalemate")
        }
    }
}

/// A dead position shown by material alone (docs/rules.md §1.3.3): no
/// pawn, rook or queen, and either at most one knight or bishop in all, or
/// bishops only, all on squares of one colour. No sequence of moves can
/// mate then, in chess or in subversion (a lone king cannot pay for a
/// subversion, and a bishop bought with a bishop stays on its colour).
/// Other dead positions (locked pawn chains) are left to the 50-move rule.
pub(crate) fn insufficient_material(pos: &Position) -> bool {
    let heavy =
        pos.by_kind(PieceKind::Pawn) | pos.by_kind(PieceKind::Rook) | pos.by_kind(PieceKind::Queen);
    if heavy.nonempty() {
        return false;
    }
    let knights = pos.by_kind(PieceKind::Knight);
    let bishops = pos.by_kind(PieceKind::Bishop);
    if (knights | bishops).count() <= 1 {
        return true;
    }
    knights.is_empty()
        && ((bishops & LIGHT_SQUARES).is_empty() || (bishops & !LIGHT_SQUARES).is_empty())
}

/// docs/rules.md §1.5: an en passant square lies on the sixth rank of the
/// side to move (the third for Black), empty, with the pawn that advanced
/// in front of it and the square that pawn came from empty.
pub(crate) fn check_en_passant(pos: &Position, ep: Square) -> Result<(), FenError> {
    let us = pos.side_to_move();
    let expected_rank = if us == Color::White { 5 } else { 2 };
    if ep.rank() != expected_rank {
        return Err(FenError::EnPassantRank {
            square: ep,
            rank: expected_rank + 1,
        });
    }
    let pawn_sq = Square::from_coords(ep.file(), (ep.rank() as i8 - us.forward()) as u8);
    let origin = Square::from_coords(ep.file(), (ep.rank() as i8 + us.forward()) as u8);
    if !pos.pieces(us.flip(), PieceKind::Pawn).contains(pawn_sq)
        || pos.occupied().contains(ep)
        || pos.occupied().contains(origin)
    {
        return Err(FenError::EnPassantWithoutPawn(ep));
    }
    Ok(())
}

/// The light squares (h1 is light).
const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// Our pieces pinned to our king `ksq`.
fn pinned(pos: &Position, us: Color, ksq: Square) -> Bitboard {
    let them = pos.by_color(us.flip());
    let occ = pos.occupied();
    let snipers =
        ((rook_rays(ksq) & pos.rook_likes()) | (bishop_rays(ksq) & pos.bishop_likes())) & them;
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let blockers = between(ksq, s) & occ;
        if !blockers.more_than_one() {
            pinned |= blockers & pos.by_color(us);
        }
    }
    pinned
}

#[inline]
fn push_pawn_moves(list: &mut impl MoveSink, from: Square, to: Square, promotes: bool) {
    if promotes {
        for k in PieceKind::PROMOTIONS {
            list.push(Move::promotion(from, to, k));
        }
    } else {
        list.push(Move::new(from, to, MoveKind::Normal));
    }
}

/// Every legal orthodox move of the side to move, into `list` (a list,
/// or a count): king steps, knights, diagonal sliders, orthogonal
/// sliders, pawns, en passant, castling, each piece's in square order.
pub fn generate_legal(pos: &Position, list: &mut impl MoveSink) {
    let us = pos.side_to_move();
    let them = us.flip();
    let Some(ksq) = pos.king_square(us) else {
        return;
    };
    let occ = pos.occupied();
    let ours = pos.by_color(us);
    let theirs = pos.by_color(them);
    let checkers = pos.attackers_to(ksq, occ) & theirs;

    // King steps: the king must not shield the square it flees to.
    let occ_without_king = occ.without(ksq);
    for to in king_attacks(ksq) - ours {
        if !pos.is_attacked(to, them, occ_without_king) {
            list.push(Move::new(ksq, to, MoveKind::Normal));
        }
    }
    if checkers.more_than_one() {
        return;
    }
    let target = if checkers.nonempty() {
        let c = checkers.lsb();
        between(ksq, c).with(c)
    } else {
        Bitboard::FULL
    };
    let pinned = pinned(pos, us, ksq);
    let allowed = |from: Square| {
        if pinned.contains(from) {
            line(ksq, from)
        } else {
            Bitboard::FULL
        }
    };

    for from in pos.pieces(us, PieceKind::Knight) - pinned {
        list.push_targets(from, knight_attacks(from) & (target - ours));
    }
    for from in pos.bishop_likes() & ours {
        list.push_targets(
            from,
            bishop_attacks(from, occ) & allowed(from) & (target - ours),
        );
    }
    for from in pos.rook_likes() & ours {
        list.push_targets(
            from,
            rook_attacks(from, occ) & allowed(from) & (target - ours),
        );
    }
    generate_pawn_moves(pos, list, us, target, pinned, &allowed);
    if let Some(ep) = pos.ep_square() {
        generate_en_passant(pos, list, us, ksq, ep);
    }
    if checkers.is_empty() {
        generate_castling(pos, list, us, ksq);
    }
}

fn generate_pawn_moves(
    pos: &Position,
    list: &mut impl MoveSink,
    us: Color,
    target: Bitboard,
    pinned: Bitboard,
    allowed: &impl Fn(Square) -> Bitboard,
) {
    let occ = pos.occupied();
    let theirs = pos.by_color(us.flip());
    let fwd = us.forward();
    let start_rank = if us == Color::White { 1 } else { 6 };
    let last_rank = if us == Color::White { 7 } else { 0 };
    let mut pawns = pos.pieces(us, PieceKind::Pawn);
    if let Some(count) = list.count_only() {
        // Unpinned pawns all at once; pinned ones one by one below.
        let free = pawns - pinned;
        *count += count_pawn_moves(us, free, occ, theirs, target);
        pawns &= pinned;
    }
    for from in pawns {
        let ok = allowed(from) & target;
        let Some(one) = from.offset(0, fwd) else {
            continue;
        };
        let promotes = one.rank() == last_rank;
        if !occ.contains(one) {
            if ok.contains(one) {
                push_pawn_moves(list, from, one, promotes);
            }
            if from.rank() == start_rank {
                let two = Square::from_coords(from.file(), (from.rank() as i8 + 2 * fwd) as u8);
                if !occ.contains(two) && ok.contains(two) {
                    list.push(Move::new(from, two, MoveKind::DoublePush));
                }
            }
        }
        for to in pawn_attacks(us, from) & theirs & ok {
            push_pawn_moves(list, from, to, promotes);
        }
    }
}

/// The legal moves of unpinned pawns `free` (pushes, double pushes,
/// captures; a promotion counts four), each landing on `target`.
#[inline]
fn count_pawn_moves(
    us: Color,
    free: Bitboard,
    occ: Bitboard,
    theirs: Bitboard,
    target: Bitboard,
) -> usize {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let (p, empty, theirs, target) = (free.0, !occ.0, theirs.0, target.0);
    let (one, two, left, right, last) = match us {
        Color::White => {
            let one = (p << 8) & empty;
            let two = ((one & 0x0000_0000_00FF_0000) << 8) & empty;
            (
                one,
                two,
                (p & NOT_A) << 7 & theirs,
                (p & NOT_H) << 9 & theirs,
                0xFF << 56,
            )
        }
        Color::Black => {
            let one = (p >> 8) & empty;
            let two = ((one & 0x0000_FF00_0000_0000) >> 8) & empty;
            (
                one,
                two,
                (p & NOT_H) >> 7 & theirs,
                (p & NOT_A) >> 9 & theirs,
                0xFF,
            )
        }
    };
    let moves = |set: u64| {
        let set = set & target;
        ((set & !last).count_ones() + 4 * (set & last).count_ones()) as usize
    };
    moves(one) + (two & target).count_ones() as usize + moves(left) + moves(right)
}

/// En passant is rare, so its legality is tested by looking at the board
/// after the capture (this also covers the horizontal discovered check).
fn generate_en_passant(
    pos: &Position,
    list: &mut impl MoveSink,
    us: Color,
    ksq: Square,
    ep: Square,
) {
    let them = us.flip();
    let victim = Square::from_coords(ep.file(), (ep.rank() as i8 - us.forward()) as u8);
    for from in pawn_attacks(them, ep) & pos.pieces(us, PieceKind::Pawn) {
        let occ = pos.occupied().without(from).without(victim).with(ep);
        let theirs = pos.by_color(them).without(victim);
        let attacked = (rook_attacks(ksq, occ) & pos.rook_likes() & theirs).nonempty()
            || (bishop_attacks(ksq, occ) & pos.bishop_likes() & theirs).nonempty()
            || (knight_attacks(ksq) & pos.by_kind(PieceKind::Knight) & theirs).nonempty()
            || (pawn_attacks(us, ksq) & pos.by_kind(PieceKind::Pawn) & theirs).nonempty();
        if !attacked {
            list.push(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
}

/// Castling (docs/rules.md §1, Chess960 rules): king and rook squares up to their
/// destinations free of other pieces, the king not in check and not
/// passing or landing on an attacked square.
fn generate_castling(pos: &Position, list: &mut impl MoveSink, us: Color, ksq: Square) {
    let rights = pos.castling();
    if ksq != rights.king_start(us) {
        return;
    }
    let them = us.flip();
    for side in 0..2 {
        let Some(rook) = rights.rook(us, side) else {
            continue;
        };
        if !pos.pieces(us, PieceKind::Rook).contains(rook) {
            continue;
        }
        let kd = castle_king_destination(ksq, rook);
        let rd = castle_rook_destination(ksq, rook);
        let must_be_empty = (between(ksq, kd).with(kd) | between(rook, rd).with(rd))
            .without(ksq)
            .without(rook);
        if (must_be_empty & pos.occupied()).nonempty() {
            continue;
        }
        let occ = pos.occupied().without(ksq).without(rook);
        let king_path = between(ksq, kd).with(kd);
        if king_path
            .into_iter()
            .all(|s| !pos.is_attacked(s, them, occ.with(rd)))
        {
            list.push(Move::castle(ksq, rook));
        }
    }
}

/// Plays an orthodox move (captures, en passant, castling, promotion).
pub fn play_move(pos: &Position, mv: Move) -> Position {
    let mut p = *pos;
    make_move(&mut p, mv);
    p
}

/// [`play_move`] on the position itself.
#[inline]
pub fn make_move(p: &mut Position, mv: Move) {
    let us = p.side_to_move();
    let them = us.flip();
    let (from, to) = (mv.from(), mv.to());
    p.set_ep(None);
    let mut reset = false;
    match mv.kind() {
        MoveKind::Castle => {
            let kd = castle_king_destination(from, to);
            let rd = castle_rook_destination(from, to);
            p.remove(from, Piece::new(us, PieceKind::King));
            p.remove(to, Piece::new(us, PieceKind::Rook));
            p.put(kd, Piece::new(us, PieceKind::King));
            p.put(rd, Piece::new(us, PieceKind::Rook));
        }
        MoveKind::EnPassant => {
            let victim = Square::from_coords(to.file(), from.rank());
            p.remove(victim, Piece::new(them, PieceKind::Pawn));
            p.move_piece(from, to, Piece::new(us, PieceKind::Pawn));
            reset = true;
        }
        _ => {
            let kind = p.kind_at(from).expect("a piece on the from-square");
            // Most moves capture nothing: no search for a kind on `to`.
            if let Some(captured) = p.occupied().contains(to).then(|| p.kind_at(to)).flatten() {
                p.remove(to, Piece::new(them, captured));
                reset = true;
            }
            p.remove(from, Piece::new(us, kind));
            p.put(to, Piece::new(us, mv.promotion_piece().unwrap_or(kind)));
            if kind == PieceKind::Pawn {
                reset = true;
            }
        }
    }
    p.update_castling(from, to);
    p.finish_move(reset);
    if mv.kind() == MoveKind::DoublePush {
        let ep = Square::from_coords(from.file(), (from.rank() + to.rank()) / 2);
        if capture_possible(p, ep) {
            p.set_ep(Some(ep));
        }
    }
}

/// Whether the side to move has a pawn beside the pawn that passed `ep`:
/// only then does the en passant square stand (docs/rules.md §1.5), so that
/// positions that differ only in an en passant right nobody can use are
/// one position (the same key, the same FEN).
pub(crate) fn capture_possible(pos: &Position, ep: Square) -> bool {
    let us = pos.side_to_move();
    let pawn_rank = (ep.rank() as i8 - us.forward()) as u8;
    let pawn_sq = Square::from_coords(ep.file(), pawn_rank);
    let beside = [-1i8, 1]
        .iter()
        .filter_map(|&d| pawn_sq.offset(d, 0))
        .fold(Bitboard::EMPTY, |b, s| b.with(s));
    (beside & pos.pieces(us, PieceKind::Pawn)).nonempty()
}

/// The value the static exchange evaluation counts `kind` at (pawns 100).
fn exchange_value(kind: PieceKind) -> i32 {
    [100, 300, 300, 500, 900, 20000][kind.index()]
}

/// Whether the capture `mv` loses material once both sides have made
/// every capture on its square that pays (static exchange evaluation:
/// least valuable attacker first, x-rays through the pieces that took).
/// Pins are ignored: a guess for pruning, not a rule.
pub fn loses_exchange(pos: &Position, mv: Move) -> bool {
    if mv.kind() != MoveKind::Normal {
        // Promotions and en passant never lose by this count.
        return false;
    }
    let (from, to) = (mv.from(), mv.to());
    let (Some(attacker), Some(victim)) = (pos.kind_at(from), pos.kind_at(to)) else {
        return false;
    };
    let (won, at_risk) = (exchange_value(victim), exchange_value(attacker));
    // Taking something worth at least as much never loses.
    won < at_risk && exchange(pos, to, won, at_risk, pos.occupied().without(from)) < 0
}

/// What the side that took on `to` keeps of `won` once the exchange
/// there ends, with its piece worth `at_risk` on `to` and `occ` the
/// pieces left on the board. Each side may stop taking when that pays.
fn exchange(pos: &Position, to: Square, won: i32, mut at_risk: i32, mut occ: Bitboard) -> i32 {
    // gains[d]: what the side making capture d wins if the exchange
    // stopped right after it.
    let mut gains = [0i32; 32];
    gains[0] = won;
    let mut depth = 0;
    let mut side = pos.side_to_move().flip();
    loop {
        let attackers = pos.attackers_to(to, occ) & occ;
        let ours = attackers & pos.by_color(side);
        let Some(kind) = PieceKind::ALL
            .into_iter()
            .find(|&k| (ours & pos.by_kind(k)).nonempty())
        else {
            break;
        };
        if kind == PieceKind::King && (attackers - ours).nonempty() {
            // A king does not take a defended piece.
            break;
        }
        depth += 1;
        gains[depth] = at_risk - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 || depth == gains.len() - 1 {
            break;
        }
        at_risk = exchange_value(kind);
        occ = occ.without((ours & pos.by_kind(kind)).lsb());
        side = side.flip();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn loses(fen: &str, mv: &str) -> bool {
        let pos = Position::from_fen(fen, Variant::Chess).unwrap();
        let mv = pos.parse_move(mv).unwrap();
        loses_exchange(&pos, mv)
    }

    #[test]
    fn a_capture_of_a_defended_pawn_by_a_queen_loses() {
        assert!(loses("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"));
        assert!(!loses("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"));
    }

    #[test]
    fn a_rook_behind_the_taker_wins_the_exchange_back() {
        // Rxd5 Rxd5 Rxd5: a pawn up; without the second rook, a rook down.
        assert!(!loses("3r2k1/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"));
        assert!(loses("3r2k1/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"));
    }

    #[test]
    fn the_defender_may_decline_to_take_back() {
        // Nxd5 exd5 would win the knight for a pawn, then Rxd5 Rxd5 loses
        // the rook: black stops after exd5, and white is 200 down.
        assert!(loses("3r2k1/8/4p3/3p4/8/4N3/8/3RK3 w - - 0 1", "e3d5"));
        // Taking a piece worth as much never counts as losing.
        assert!(!loses("4k3/8/4p3/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5"));
    }

    #[test]
    fn a_king_does_not_take_a_defended_piece() {
        // Rxd5: only the king could take back, which it may not while the
        // bishop guards d5.
        assert!(!loses("8/8/2k5/3p4/8/5B2/8/3R2K1 w - - 0 1", "d1d5"));
        assert!(loses("8/8/2k5/3p4/8/8/8/3R2K1 w - - 0 1", "d1d5"));
    }
}
