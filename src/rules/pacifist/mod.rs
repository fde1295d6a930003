//! Pacifist chess (docs/rules.md §2) and its value-weighted twin `pacifist2`
//! (docs/rules.md §3): no captures; after every move the opponent's
//! over-persuaded pieces change colour in a conversion cascade.
//!
//! * [`influence`](mod@influence): persuasion and support with batteries (docs/rules.md §2.2).
//! * [`cascade`]: the conversion cascade (§2.3) — where conversions happen.
//! * [`scope`]: which moves may convert, told before they are played.
//! * legality (§2.4), the two-step restriction and castling (§2.6) below.

pub mod influence;
pub mod scope;

use self::influence::{influence, over_persuaded, Weights};
use super::scope::GainScope;
use super::{MoveCount, MoveSink, Rules, Wave};
use crate::board::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
    rook_rays,
};
use crate::board::fen::CastlingPieces;
use crate::board::position::{castle_king_destination, castle_rook_destination};
use crate::board::{
    Bitboard, Color, FenError, Move, MoveKind, MoveList, Outcome, Piece, PieceKind, Position,
    Square,
};
use std::marker::PhantomData;

pub use self::influence::{Count, Value};

/// The rules of `pacifist` (`W = Count`) and `pacifist2` (`W = Value`).
pub struct Pacifist<W: Weights>(PhantomData<W>);

impl<W: Weights> Rules for Pacifist<W> {
    const CHECKS: bool = false;

    fn influence_map(pos: &Position) -> Option<[[i32; 2]; 64]> {
        Some(std::array::from_fn(|i| {
            influence::<W>(pos, Square::new(i as u8))
        }))
    }

    /// Pieces convert back and forth (docs/rules.md §2.3): a conversion resets
    /// the halfmove clock (§2.5) without making the position unrepeatable.
    const REPEATS_ACROSS_RESETS: bool = true;

    fn generate(pos: &Position, list: &mut MoveList) {
        generate_legal::<W>(pos, list);
    }

    fn generate_in_scope(pos: &Position, scope: &GainScope, list: &mut MoveList) {
        generate_legal_in::<W>(pos, scope, list);
    }

    fn has_legal_move(pos: &Position) -> bool {
        has_legal_move::<W>(pos)
    }

    fn count_legal(pos: &Position) -> usize {
        let mut count = MoveCount::default();
        generate_legal::<W>(pos, &mut count);
        count.0
    }

    #[inline]
    fn play(pos: &Position, mv: Move) -> Position {
        play_move::<W>(pos, mv)
    }

    #[inline]
    fn play_in_scope(pos: &Position, mv: Move, scope: &GainScope) -> Position {
        play_in_scope::<W>(pos, mv, scope)
    }

    #[inline]
    fn make(pos: &mut Position, mv: Move) {
        make_move::<W>(pos, mv);
    }

    /// Any move may convert (docs/rules.md §2.3).
    #[inline]
    fn may_gain(_pos: &Position, _mv: Move) -> bool {
        true
    }

    /// The moves that may convert, from the margins of the enemy pieces
    /// (docs/rules.md §2.2, §2.3; see [`scope`]).
    fn gain_scope(pos: &Position) -> GainScope {
        scope::gain_scope::<W>(pos)
    }

    fn cascade_waves(pos: &Position, mv: Move) -> Vec<Wave> {
        cascade_waves::<W>(pos, mv)
    }

    fn pending_conversions(pos: &Position) -> Bitboard {
        pending_conversions::<W>(pos)
    }

    /// A conversion keeps a castling right (docs/rules.md §2.6), so the FEN may
    /// name a king or rook of either colour.
    const CASTLING_PIECES: CastlingPieces = CastlingPieces::EitherColour;

    /// docs/rules.md §2.5.4, §2.7.4: two kings in total, either side may hold both, but
    /// the side not to move holds at least one; at most 32 pieces, as no
    /// move adds one (no captures, conversions only change colour), which
    /// also bounds the legal moves by the move list's size.
    fn validate_material(pos: &Position) -> Result<(), FenError> {
        let total = pos.occupied().count();
        if total > 32 {
            return Err(FenError::PacifistTooLarge(total));
        }
        let kings = pos.by_kind(PieceKind::King).count();
        if kings != 2 {
            return Err(FenError::PacifistKingCount(kings));
        }
        let waiting = pos.side_to_move().flip();
        if pos.pieces(waiting, PieceKind::King).is_empty() {
            return Err(FenError::WaitingSideWithoutKing);
        }
        Ok(())
    }

    /// Why a move is illegal by docs/rules.md §2.1 and §2.4.
    fn explain_illegal(pos: &Position, text: &str) -> crate::rules::illegal::Illegal {
        crate::rules::illegal::in_pacifist_rules::<W>(pos, text)
    }

    /// No en passant (docs/rules.md §2.1); a king under attack is no fault of the
    /// position, since a king converts only when over-persuaded (§2.4).
    fn validate(pos: &mut Position) -> Result<(), FenError> {
        pos.set_ep(None);
        Ok(())
    }

    /// A side without a king must convert one back at once (docs/rules.md §2.4.2).
    #[inline]
    fn must_respond(pos: &Position) -> bool {
        pos.pieces(pos.side_to_move(), PieceKind::King).is_empty()
    }

    /// No position is dead (docs/rules.md §2.5.3): men never leave the
    /// board, and a king converts a lone enemy king it steps next to.
    fn dead_position(_pos: &Position) -> bool {
        false
    }

    /// docs/rules.md §2.5: without a king and without a move the side has lost
    /// (its last king was converted for good); with a king it is stalemate.
    fn no_move_outcome(pos: &Position) -> Outcome {
        let us = pos.side_to_move();
        if pos.pieces(us, PieceKind::King).is_empty() {
            Outcome::Win(us.flip(), "kings converted")
        } else {
            Outcome::Draw("stalemate")
        }
    }
}

/// The opponent's men over-persuaded before the side to move moves
/// (docs/rules.md §2.3): any move converts them, unless it changes their
/// influence.
fn pending_conversions<W: Weights>(pos: &Position) -> Bitboard {
    let them = pos.side_to_move().flip();
    let attacked = pos.attack_map(them.flip());
    over_persuaded_among::<W>(pos, pos.by_color(them) & attacked, them)
}

/// The conversion cascade (docs/rules.md §2.3) after a move by `mover`: while
/// some pieces of the opponent are over-persuaded, all of them turn to the
/// mover at once. Returns how many pieces converted.
///
/// Persuasion needs at least one direct attacker, so only attacked pieces
/// are judged. After the first wave only the pieces a conversion can
/// concern are judged again: the others were not over-persuaded, and a
/// conversion changes no influence beyond `reach` of its square. The
/// mover's attacks grow by the converted pieces' own (nothing moves).
pub fn cascade<W: Weights>(pos: &mut Position, mover: Color) -> u32 {
    cascade_with_map::<W>(pos, mover).0
}

/// [`cascade`], also giving the mover's attack map once it is over (which
/// the cascade keeps up to date as pieces convert).
fn cascade_with_map<W: Weights>(pos: &mut Position, mover: Color) -> (u32, Bitboard) {
    cascade_until::<W>(pos, mover, |_| false)
}

/// [`cascade_with_map`], stopped after the first wave that leaves `done`
/// true of the position (the count and map are then those so far).
#[inline]
fn cascade_until<W: Weights>(
    pos: &mut Position,
    mover: Color,
    done: impl FnMut(&Position) -> bool,
) -> (u32, Bitboard) {
    let victim = mover.flip();
    let attacked = pos.attack_map(mover);
    let turning = over_persuaded_among::<W>(pos, pos.by_color(victim) & attacked, victim);
    // Most moves convert nothing: the waves stay out of the way.
    if turning.is_empty() {
        return (0, attacked);
    }
    convert_waves::<W>(pos, mover, turning, attacked, done)
}

/// [`cascade_with_map`] whose first wave is the men `standing`, known to
/// be over-persuaded, and those of the men `judged` that are; the others
/// are known to hold.
#[inline]
fn cascade_from<W: Weights>(
    pos: &mut Position,
    mover: Color,
    standing: Bitboard,
    judged: Bitboard,
) -> (u32, Bitboard) {
    let victim = mover.flip();
    let attacked = pos.attack_map(mover);
    let turning =
        standing | over_persuaded_among::<W>(pos, pos.by_color(victim) & attacked & judged, victim);
    if turning.is_empty() {
        return (0, attacked);
    }
    convert_waves::<W>(pos, mover, turning, attacked, |_| false)
}

/// [`cascade_until`] whose first wave judges the few men `first`
/// without the mover's attack map: an over-persuaded man is attacked, so
/// the map that narrows a whole side's men down is not needed to judge a
/// few, and is computed only when they convert. Returns the count and,
/// when it was computed, the map.
#[inline]
fn cascade_among<W: Weights>(
    pos: &mut Position,
    mover: Color,
    first: Bitboard,
) -> (u32, Option<Bitboard>) {
    let victim = mover.flip();
    let turning = over_persuaded_among::<W>(pos, pos.by_color(victim) & first, victim);
    if turning.is_empty() {
        return (0, None);
    }
    let attacked = pos.attack_map(mover);
    let (converted, attacked) = convert_waves::<W>(pos, mover, turning, attacked, |_| false);
    (converted, Some(attacked))
}

/// The pieces of `victim` among `candidates` that are over-persuaded.
#[inline]
fn over_persuaded_among<W: Weights>(
    pos: &Position,
    candidates: Bitboard,
    victim: Color,
) -> Bitboard {
    let mut turning = Bitboard::EMPTY;
    for sq in candidates {
        if over_persuaded::<W>(pos, sq, victim) {
            turning = turning.with(sq);
        }
    }
    turning
}

/// The waves of a cascade from its first, `turning`, on, with the
/// mover's attack map `attacked` kept up to date.
#[inline(never)]
fn convert_waves<W: Weights>(
    pos: &mut Position,
    mover: Color,
    mut turning: Bitboard,
    mut attacked: Bitboard,
    mut done: impl FnMut(&Position) -> bool,
) -> (u32, Bitboard) {
    let victim = mover.flip();
    let mut converted = 0;
    loop {
        let occ = pos.occupied();
        let mut touched = Bitboard::EMPTY;
        for sq in turning {
            let kind = pos.kind_at(sq).expect("a piece on a converting square");
            pos.convert(sq, kind);
            attacked |= piece_attacks(kind, mover, sq, occ);
            touched |= reach(pos, sq);
        }
        converted += turning.count();
        if done(pos) {
            return (converted, attacked);
        }
        let candidates = pos.by_color(victim) & attacked & touched;
        turning = over_persuaded_among::<W>(pos, candidates, victim);
        if turning.is_empty() {
            return (converted, attacked);
        }
    }
}

/// The cascade of `mv` told wave by wave (docs/rules.md §2.3), for showing it:
/// the position once the move's pieces have moved, then each wave's
/// converted squares with the position after it. Not on the search's
/// path, which needs only [`cascade`]'s end.
pub fn cascade_waves<W: Weights>(pos: &Position, mv: Move) -> Vec<Wave> {
    let mover = pos.side_to_move();
    let mut p = *pos;
    move_pieces(&mut p, mv);
    let mut waves = vec![Wave {
        converted: Bitboard::EMPTY,
        position: p,
    }];
    loop {
        let candidates = p.by_color(mover.flip()) & p.attack_map(mover);
        let turning = candidates
            .into_iter()
            .filter(|&sq| over_persuaded::<W>(&p, sq, mover.flip()))
            .fold(Bitboard::EMPTY, Bitboard::with);
        if turning.is_empty() {
            return waves;
        }
        for sq in turning {
            let kind = p.kind_at(sq).expect("a piece on a converting square");
            p.convert(sq, kind);
        }
        waves.push(Wave {
            converted: turning,
            position: p,
        });
    }
}

/// The squares a piece of `kind` and `color` on `sq` attacks.
#[inline]
fn piece_attacks(kind: PieceKind, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, sq),
        PieceKind::Knight => knight_attacks(sq),
        PieceKind::Bishop => bishop_attacks(sq, occ),
        PieceKind::Rook => rook_attacks(sq, occ),
        PieceKind::Queen => bishop_attacks(sq, occ) | rook_attacks(sq, occ),
        PieceKind::King => king_attacks(sq),
    }
}

/// The squares whose influence (docs/rules.md §2.2) the colour of the piece on
/// `sq` can change: those a leaper or pawn there would attack (within a
/// king's or knight's step), and those on a line from `sq` with only
/// compatible sliders between, through which a battery could reach `sq`.
#[inline]
fn reach(pos: &Position, sq: Square) -> Bitboard {
    let occ = pos.occupied();
    knight_attacks(sq)
        | king_attacks(sq)
        | rook_attacks(sq, occ - pos.rook_likes())
        | bishop_attacks(sq, occ - pos.bishop_likes())
}

/// docs/rules.md §2.4: after its move and the cascade, the mover must keep at
/// least one king that is not over-persuaded.
pub fn has_safe_king<W: Weights>(pos: &Position, mover: Color) -> bool {
    let them = mover.flip();
    let occ = pos.occupied();
    pos.pieces(mover, PieceKind::King)
        .into_iter()
        .any(|k| !pos.is_attacked(k, them, occ) || !over_persuaded::<W>(pos, k, mover))
}

/// docs/rules.md §2.4 for a pseudo-legal move. A cascade only turns opponent
/// pieces into the mover's, which can only add support to (and remove
/// persuasion from) the mover's kings, or give it another king: a king
/// that is safe before the cascade stays safe, so the cascade is computed
/// only when no king is safe without it.
fn is_legal<W: Weights>(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    if mv.kind() != MoveKind::Castle && some_king_unattacked(pos, mv) {
        return true;
    }
    let mut p = *pos;
    move_pieces(&mut p, mv);
    if has_safe_king::<W>(&p, us) {
        return true;
    }
    // The cascade only helps the mover's kings: the first wave after
    // which one is safe decides, the rest need not be played.
    let mut safe = false;
    cascade_until::<W>(&mut p, us, |p| {
        safe = has_safe_king::<W>(p, us);
        safe
    });
    safe
}

/// What the legality tests of one position share, prepared once: the
/// enemy's attacks seen through the mover's king when it has only one
/// (where that king may step), and the moves that need no test.
///
/// When that king is unattacked, a move of another piece keeps it
/// unattacked (so legal, see [`is_legal`]) unless that piece stands alone
/// between the king and an enemy slider (the shield). When the king is
/// attacked but not over-persuaded, a move of another piece keeps it so
/// unless the piece leaves or enters a square whose content weighs on
/// the king's influence ([`reach`]): the king's calm. Either way the
/// cascade can only help the mover's king.
struct Guard {
    /// The mover's only king, if it has exactly one.
    king: Option<Square>,
    /// The enemy's attacks with that king taken off the board (the plain
    /// attacks when it has none or two).
    attacked: Bitboard,
    /// The squares whose pieces' moves to `free_to` need no test.
    free_from: Bitboard,
    free_to: Bitboard,
}

impl Guard {
    fn new<W: Weights>(pos: &Position) -> Guard {
        let us = pos.side_to_move();
        let them = us.flip();
        let kings = pos.pieces(us, PieceKind::King);
        let occ = pos.occupied();
        let map = pos.enemy_attack_map();
        if kings.more_than_one() || kings.is_empty() {
            return Guard {
                king: None,
                attacked: map,
                free_from: Bitboard::EMPTY,
                free_to: Bitboard::EMPTY,
            };
        }
        let k = kings.lsb();
        // Attacks on a square do not depend on whether it is occupied,
        // so the map tells whether the king is attacked too.
        if !map.contains(k) {
            let snipers = ((rook_rays(k) & pos.rook_likes())
                | (bishop_rays(k) & pos.bishop_likes()))
                & pos.by_color(them);
            let mut line_blockers = Bitboard::EMPTY;
            for s in snipers {
                let blockers = between(k, s) & occ;
                if !blockers.more_than_one() {
                    line_blockers |= blockers;
                }
            }
            return Guard {
                king: Some(k),
                attacked: map,
                free_from: !(line_blockers.with(k)),
                free_to: !Bitboard::EMPTY,
            };
        }
        let (free_from, free_to) = if over_persuaded::<W>(pos, k, us) {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        } else {
            let near = reach(pos, k).with(k);
            (!near, !near)
        };
        Guard {
            king: Some(k),
            attacked: map | rays_through(pos, k, them),
            free_from,
            free_to,
        }
    }

    /// Whether the (non-castling) move from `from` to `to` is legal
    /// without a test: the shield or the calm covers it.
    #[inline]
    fn frees(&self, from: Square, to: Square) -> bool {
        self.free_from.contains(from) && self.free_to.contains(to)
    }

    /// Whether the only king's step to the empty square `to` is legal
    /// without a test: no enemy piece attacks `to` once the king left
    /// its square ([`some_king_unattacked`] for a king move).
    #[inline]
    fn king_step_free(&self, from: Square, to: Square) -> bool {
        self.king == Some(from) && !self.attacked.contains(to)
    }
}

/// The squares the sliders of `them` that attack `k` would attack with
/// `k` taken off the board: what the attack map gains once the king on
/// `k` no longer blocks their rays.
fn rays_through(pos: &Position, k: Square, them: Color) -> Bitboard {
    let occ = pos.occupied();
    let through = occ.without(k);
    let theirs = pos.by_color(them);
    let mut rays = Bitboard::EMPTY;
    for s in rook_attacks(k, occ) & pos.rook_likes() & theirs {
        rays |= rook_attacks(s, through);
    }
    for s in bishop_attacks(k, occ) & pos.bishop_likes() & theirs {
        rays |= bishop_attacks(s, through);
    }
    rays
}

/// Whether, after the non-castling move `mv` (and before any cascade), the
/// mover has a king that no enemy piece attacks at all. Enemy pieces do
/// not move and nothing is captured, so the position's bitboards serve
/// with the occupancy updated; no copy is made.
#[inline]
fn some_king_unattacked(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let occ = pos.occupied().without(from).with(to);
    let mut kings = pos.pieces(us, PieceKind::King);
    if kings.contains(from) {
        kings = kings.without(from).with(to);
    }
    kings
        .into_iter()
        .any(|k| !pos.is_attacked(k, us.flip(), occ))
}

/// Every legal move (docs/rules.md §2.1, §2.4, §2.6) into `sink`, in a fixed
/// order (knights, diagonal sliders, orthogonal sliders, kings, pawns,
/// castling; each piece's moves in square order): the moves of a piece
/// the shield frees go in whole, the others one by one through
/// [`is_legal`].
fn generate_legal<W: Weights>(pos: &Position, sink: &mut impl MoveSink) {
    generate_moves::<W, false>(pos, &GainScope::ALL, sink);
}

/// [`generate_legal`] restricted to the moves in `scope` (castling and
/// promotions always), in the same order: only these are tested.
fn generate_legal_in<W: Weights>(pos: &Position, scope: &GainScope, sink: &mut impl MoveSink) {
    generate_moves::<W, true>(pos, scope, sink);
}

/// The legal moves, only those in `scope` where `SCOPED` (perft and the
/// main search want them all, without the scope's cost).
#[inline(always)]
fn generate_moves<W: Weights, const SCOPED: bool>(
    pos: &Position,
    scope: &GainScope,
    sink: &mut impl MoveSink,
) {
    let us = pos.side_to_move();
    let ours = pos.by_color(us);
    let occ = pos.occupied();
    let empty = !occ;
    let queens = pos.by_kind(PieceKind::Queen);
    let guard = Guard::new::<W>(pos);
    let mut piece = |kind: PieceKind, from: Square, targets: Bitboard| {
        let targets = if SCOPED {
            scope.targets(kind, from, targets)
        } else {
            targets
        };
        if guard.free_from.contains(from) && (targets - guard.free_to).is_empty() {
            sink.push_targets(from, targets);
        } else {
            push_tested::<W>(pos, &guard, from, targets, sink);
        }
    };
    let slider = |from: Square, kind: PieceKind| {
        if queens.contains(from) {
            PieceKind::Queen
        } else {
            kind
        }
    };
    for from in pos.pieces(us, PieceKind::Knight) {
        piece(PieceKind::Knight, from, knight_attacks(from) & empty);
    }
    for from in pos.bishop_likes() & ours {
        let kind = slider(from, PieceKind::Bishop);
        piece(kind, from, bishop_attacks(from, occ) & empty);
    }
    for from in pos.rook_likes() & ours {
        let kind = slider(from, PieceKind::Rook);
        piece(kind, from, rook_attacks(from, occ) & empty);
    }
    for from in pos.pieces(us, PieceKind::King) {
        piece(PieceKind::King, from, king_attacks(from) & empty);
    }
    generate_pawn_pushes::<W, SCOPED>(pos, &guard, scope, sink);
    generate_castling::<W>(pos, &guard, sink);
}

/// Whether the side to move has a legal move, stopping at the first.
fn has_legal_move<W: Weights>(pos: &Position) -> bool {
    let mut any = AnyMove(false);
    generate_legal::<W>(pos, &mut any);
    any.0
}

/// A [`MoveSink`] that tells whether any move came.
struct AnyMove(bool);

impl MoveSink for AnyMove {
    #[inline]
    fn push(&mut self, _mv: Move) {
        self.0 = true;
    }
    #[inline]
    fn push_targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 |= targets.nonempty();
    }
}

/// The moves of the piece on `from` to `targets` that the guard does not
/// free as a whole, one by one in square order all the same (the search
/// breaks ties in generation order).
#[inline(never)]
fn push_tested<W: Weights>(
    pos: &Position,
    guard: &Guard,
    from: Square,
    targets: Bitboard,
    sink: &mut impl MoveSink,
) {
    let free = guard.free_from.contains(from);
    for to in targets {
        let mv = Move::new(from, to, MoveKind::Normal);
        if (free && guard.free_to.contains(to))
            || guard.king_step_free(from, to)
            || is_legal::<W>(pos, mv)
        {
            sink.push(mv);
        }
    }
}

/// Pawns only push (§2.1). The two-square advance is barred when the square
/// passed over is over-persuaded for the mover, judged before the move (§2.4).
fn generate_pawn_pushes<W: Weights, const SCOPED: bool>(
    pos: &Position,
    guard: &Guard,
    scope: &GainScope,
    sink: &mut impl MoveSink,
) {
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let fwd = us.forward();
    let start_rank = if us == Color::White { 1 } else { 6 };
    let last_rank = if us == Color::White { 7 } else { 0 };
    let mut pawns = pos.pieces(us, PieceKind::Pawn);
    let counting = if !SCOPED || scope.is_all() {
        sink.count_only()
    } else {
        None
    };
    if let Some(count) = counting {
        // The freed pawns all at once, the others one by one below. A
        // pawn is freed when the guard frees its square and the squares
        // its pushes land on (the second step's only from its first two
        // ranks, where a double push starts).
        let to = guard.free_to.0;
        let landing = match us {
            Color::White => (to >> 8) & (to >> 16 | 0xFFFF_FFFF_FFFF_0000),
            Color::Black => (to << 8) & (to << 16 | 0x0000_FFFF_FFFF_FFFF),
        };
        let free = pawns & guard.free_from & Bitboard(landing);
        *count += count_free_pushes::<W>(pos, guard, free, us);
        pawns = pawns - free;
    }
    let mut push = |mv: Move| {
        if (!SCOPED || scope.admits_pawn(mv))
            && (guard.frees(mv.from(), mv.to()) || is_legal::<W>(pos, mv))
        {
            sink.push(mv);
        }
    };
    for from in pawns {
        let Some(one) = from.offset(0, fwd) else {
            continue;
        };
        if occ.contains(one) {
            continue;
        }
        if one.rank() == last_rank {
            for k in PieceKind::PROMOTIONS {
                push(Move::promotion(from, one, k));
            }
            continue;
        }
        push(Move::new(from, one, MoveKind::Normal));
        if from.rank() == start_rank {
            let two = Square::from_coords(from.file(), (from.rank() as i8 + 2 * fwd) as u8);
            if !occ.contains(two) && !over_persuaded_for::<W>(pos, guard, one, us) {
                push(Move::new(from, two, MoveKind::DoublePush));
            }
        }
    }
}

/// The pushes of the pawns `free`, whose every move is legal: one step
/// (a promotion counts four), two steps unless the square passed over is
/// over-persuaded for the mover. Only the passed squares the enemy
/// attacks are judged one by one (the others cannot be over-persuaded),
/// so a position whose passed squares are all quiet counts without a
/// loop.
fn count_free_pushes<W: Weights>(
    pos: &Position,
    guard: &Guard,
    free: Bitboard,
    us: Color,
) -> usize {
    let empty = !pos.occupied().0;
    let (one, two, passed, last_rank) = match us {
        Color::White => {
            let one = (free.0 << 8) & empty;
            let two = ((one & 0xFF << 16) << 8) & empty;
            (one, two, two >> 8, 7)
        }
        Color::Black => {
            let one = (free.0 >> 8) & empty;
            let two = ((one & 0xFF << 40) >> 8) & empty;
            (one, two, two << 8, 0)
        }
    };
    let last = Bitboard::rank(last_rank).0;
    let mut n = (one & !last).count_ones() as usize
        + 4 * (one & last).count_ones() as usize
        + two.count_ones() as usize;
    for sq in Bitboard(passed) & guard.attacked {
        if over_persuaded_for::<W>(pos, guard, sq, us) {
            n -= 1;
        }
    }
    n
}

/// Whether the empty square `sq` is over-persuaded for `us` (the enemy's
/// influence exceeds ours); unattacked squares are answered cheaply. The
/// guard's map may see through the mover's king, but a ray through a king
/// carries no influence (no battery starts at a king), so the influence
/// still decides right.
#[inline]
fn over_persuaded_for<W: Weights>(pos: &Position, guard: &Guard, sq: Square, us: Color) -> bool {
    if !guard.attacked.contains(sq) {
        return false;
    }
    let t = influence::<W>(pos, sq);
    t[us.flip().index()] > t[us.index()]
}

/// Castling (docs/rules.md §2.6). The king's own start square, even when
/// it is also its destination, and the squares it crosses (not its
/// destination) must not be attacked (plain attacks, no batteries); the
/// cascade and §2.4 then judge the move as any other.
/// The guard's map sees through the castling king, which changes nothing:
/// a ray through the king's square to a square it crosses attacks the
/// king's square too.
fn generate_castling<W: Weights>(pos: &Position, guard: &Guard, sink: &mut impl MoveSink) {
    let us = pos.side_to_move();
    let rights = pos.castling();
    let ksq = rights.king_start(us);
    if !pos.pieces(us, PieceKind::King).contains(ksq) {
        return;
    }
    let occ = pos.occupied();
    for side in 0..2 {
        let Some(rook) = rights.rook(us, side) else {
            continue;
        };
        // Most of a game a piece stands between king and rook: the
        // cheapest test first.
        if (between(ksq, rook) & occ).nonempty() || !pos.by_color(us).contains(rook) {
            continue;
        }
        let kd = castle_king_destination(ksq, rook);
        let rd = castle_rook_destination(ksq, rook);
        // The king's own square always, so a king that already stands on
        // its destination does not castle from an attacked square.
        let king_path = between(ksq, kd).with(ksq);
        let castlers = Bitboard::from_square(ksq).with(rook);
        let blocked = ((king_path | between(ksq, rook)) & occ) - castlers;
        let dest_taken = (Bitboard::from_square(kd).with(rd) & occ) - castlers;
        if blocked.nonempty() || dest_taken.nonempty() {
            continue;
        }
        let mv = Move::castle(ksq, rook);
        if (king_path & guard.attacked).is_empty() && is_legal::<W>(pos, mv) {
            sink.push(mv);
        }
    }
}

/// Plays a move and its conversion cascade (docs/rules.md §2.3).
#[inline(always)]
pub fn play_move<W: Weights>(pos: &Position, mv: Move) -> Position {
    let mut p = *pos;
    make_move::<W>(&mut p, mv);
    p
}

/// [`play_move`] on the position itself.
#[inline(always)]
pub fn make_move<W: Weights>(p: &mut Position, mv: Move) {
    let us = p.side_to_move();
    let pawn_moved = move_pieces(p, mv);
    let (converted, attacked) = cascade_with_map::<W>(p, us);
    p.finish_move(pawn_moved || converted > 0);
    p.keep_enemy_attack_map(attacked);
}

/// [`play_move`] knowing the position's `scope`: the cascade's first
/// wave judges only the men whose influence the move may change
/// (`reach` of its two squares), the others converting if pending and
/// holding if not, as before the move. Where nothing is pending it
/// judges only the scope's victims among them, the others being sure to
/// hold (after a move out of scope, all of them hold), and the mover's
/// attack map that the child keeps is computed only when they convert.
/// Castling and promotions, always in scope, judge every man.
#[inline(always)]
pub fn play_in_scope<W: Weights>(pos: &Position, mv: Move, scope: &GainScope) -> Position {
    let mut p = *pos;
    let pending = scope.pending_conversions();
    if (scope.is_all() && pending.is_none())
        || matches!(mv.kind(), MoveKind::Castle | MoveKind::Promotion)
    {
        make_move::<W>(&mut p, mv);
        return p;
    }
    let us = p.side_to_move();
    // A man whose influence the move leaves as it was holds as it did.
    let touched = reach(pos, mv.from()) | reach(pos, mv.to());
    let pawn_moved = move_pieces(&mut p, mv);
    let (converted, attacked) = match pending {
        None => cascade_among::<W>(&mut p, us, scope.victims() & touched),
        Some(pending) => {
            let (converted, map) = cascade_from::<W>(&mut p, us, pending - touched, touched);
            (converted, Some(map))
        }
    };
    p.finish_move(pawn_moved || converted > 0);
    if let Some(map) = attacked {
        p.keep_enemy_attack_map(map);
    }
    p
}

/// Step 1 of docs/rules.md §2.3: the piece moves (king and rook when castling),
/// castling rights follow (§2.6). Returns whether a pawn moved.
fn move_pieces(p: &mut Position, mv: Move) -> bool {
    let us = p.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let mut pawn_moved = false;
    if mv.kind() == MoveKind::Castle {
        let kd = castle_king_destination(from, to);
        let rd = castle_rook_destination(from, to);
        let rook_kind = p.kind_at(to).expect("a piece on the rook square");
        p.remove(from, Piece::new(us, PieceKind::King));
        p.remove(to, Piece::new(us, rook_kind));
        p.put(kd, Piece::new(us, PieceKind::King));
        p.put(rd, Piece::new(us, rook_kind));
    } else {
        let kind = p.kind_at(from).expect("a piece on the from-square");
        p.remove(from, Piece::new(us, kind));
        p.put(to, Piece::new(us, mv.promotion_piece().unwrap_or(kind)));
        pawn_moved = kind == PieceKind::Pawn;
    }
    p.update_castling(from, to);
    pawn_moved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testutil::random_positions;
    use crate::Variant;

    /// The pending conversions are exactly the opponent's over-persuaded
    /// pieces (the attack-map filter drops none).
    fn check_pending<W: Weights>(variant: Variant, seed: u64) {
        let mut seen = 0;
        for pos in random_positions(variant, 20, 120, seed) {
            let them = pos.side_to_move().flip();
            let mut expected = Bitboard::EMPTY;
            for sq in pos.by_color(them) {
                if over_persuaded::<W>(&pos, sq, them) {
                    expected = expected.with(sq);
                }
            }
            assert_eq!(
                Pacifist::<W>::pending_conversions(&pos),
                expected,
                "{}",
                pos.to_fen()
            );
            seen += usize::from(expected.nonempty());
        }
        assert!(seen > 0, "{variant}: no position with pending conversions");
    }

    /// docs/rules.md §2.3 as written: every wave judges every piece of the
    /// victim, and all the over-persuaded ones convert at once.
    fn plain_cascade<W: Weights>(pos: &mut Position, mover: Color) -> u32 {
        let victim = mover.flip();
        let mut converted = 0;
        loop {
            let turning: Vec<Square> = pos
                .by_color(victim)
                .into_iter()
                .filter(|&sq| over_persuaded::<W>(pos, sq, victim))
                .collect();
            if turning.is_empty() {
                return converted;
            }
            for &sq in &turning {
                pos.convert(sq, pos.kind_at(sq).unwrap());
            }
            converted += turning.len() as u32;
        }
    }

    /// The cascade that judges again only what a conversion can concern
    /// converts what the plain one converts, after every move of many
    /// positions.
    fn check_cascade<W: Weights>(variant: Variant, seed: u64) {
        let mut waves = 0;
        for pos in random_positions(variant, 30, 120, seed) {
            let us = pos.side_to_move();
            let mut pseudo = MoveList::new();
            generate_legal::<W>(&pos, &mut pseudo);
            for &mv in pseudo.iter() {
                let mut fast = pos;
                move_pieces(&mut fast, mv);
                let mut plain = fast;
                let n = cascade::<W>(&mut fast, us);
                assert_eq!(n, plain_cascade::<W>(&mut plain, us), "{}", pos.to_fen());
                assert_eq!(fast, plain, "{} {mv:?}", pos.to_fen());
                waves += usize::from(n > 1);
            }
        }
        assert!(waves > 0, "{variant}: no cascade of more than one piece");
    }

    /// The attack map a played move keeps for the next position is the
    /// one computed from scratch, conversions or not; and the guard that
    /// sees through the only king from it sees what the board shows with
    /// that king taken off.
    fn check_kept_map<W: Weights>(variant: Variant, seed: u64) {
        let mut converting = 0;
        for pos in random_positions(variant, 30, 120, seed) {
            let mut moves = MoveList::new();
            generate_legal::<W>(&pos, &mut moves);
            for &mv in moves.iter() {
                let next = play_move::<W>(&pos, mv);
                let them = next.side_to_move().flip();
                assert_eq!(
                    next.enemy_attack_map(),
                    next.attack_map(them),
                    "{}",
                    pos.to_fen()
                );
                let guard = Guard::new::<W>(&next);
                if let Some(k) = guard.king {
                    let through = next.attack_map_through(them, next.occupied().without(k));
                    assert_eq!(guard.attacked, through, "{}", next.to_fen());
                }
                converting += usize::from(next.by_color(them).count() > pos.by_color(them).count());
            }
        }
        assert!(converting > 0, "{variant}: no converting move");
    }

    /// Each piece's moves come in square order, whichever of them the
    /// guard frees (the search breaks ties in generation order, so the
    /// order is part of what the search does).
    fn check_order<W: Weights>(variant: Variant, seed: u64) {
        for pos in random_positions(variant, 30, 120, seed) {
            let mut moves = MoveList::new();
            generate_legal::<W>(&pos, &mut moves);
            for pair in moves.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                // A queen's moves come as a bishop's, then as a rook's.
                let queen = pos.kind_at(a.from()) == Some(PieceKind::Queen);
                if a.from() == b.from() && a.kind() == b.kind() && a.to() != b.to() && !queen {
                    assert!(a.to() < b.to(), "{} {a:?} {b:?}", pos.to_fen());
                }
            }
        }
    }

    #[test]
    fn each_pieces_moves_come_in_square_order() {
        check_order::<Count>(Variant::Pacifist, 9);
        check_order::<Value>(Variant::Pacifist2, 10);
    }

    #[test]
    fn a_played_move_keeps_the_attack_map_of_the_mover() {
        check_kept_map::<Count>(Variant::Pacifist, 7);
        check_kept_map::<Value>(Variant::Pacifist2, 8);
    }

    #[test]
    fn the_cascade_converts_what_the_rules_convert() {
        check_cascade::<Count>(Variant::Pacifist, 5);
        check_cascade::<Value>(Variant::Pacifist2, 6);
    }

    #[test]
    fn pending_conversions_are_the_over_persuaded_enemy_pieces() {
        check_pending::<Count>(Variant::Pacifist, 3);
        check_pending::<Value>(Variant::Pacifist2, 4);
        let pos =
            Position::from_fen("4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1", Variant::Pacifist).unwrap();
        assert_eq!(
            Pacifist::<Count>::pending_conversions(&pos),
            Bitboard::EMPTY.with(Square::parse("d5").unwrap())
        );
    }
}
