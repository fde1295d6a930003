//! The rules of each variant, behind one interface.
//!
//! Every 8x8 variant (`chess`, `pacifist`, `pacifist2`, `subversion`) works on
//! the shared [`crate::board::Position`]; its rules module generates the legal
//! moves and plays them. `apocalypse` is a simultaneous-move game on a 5x5
//! board with a representation of its own (see [`apocalypse`]).
//! [`with_rules!`](crate::with_rules) is the single place where a [`BoardVariant`] turns into
//! its rules; through it [`dispatch`] gives a [`Position`] its moves.

pub mod apocalypse;
pub mod chess;
pub mod dispatch;
pub mod illegal;
pub mod pacifist;
pub mod san;
pub mod scope;
pub mod subversion;

use crate::board::fen::CastlingPieces;
use crate::board::{Color, FenError, Move, MoveList, Outcome, PieceKind, Position};

// The names live in a leaf module that the board can use; what each
// variant's rules are is said here.
pub use crate::variant::{BoardVariant, Variant};

impl Variant {
    /// The pacifist variants (docs/rules.md §2, §3): no captures, conversions by
    /// persuasion.
    pub fn is_pacifist(self) -> bool {
        matches!(self, Variant::Pacifist | Variant::Pacifist2)
    }

    /// The index of the FEN field holding the move number: the sixth in
    /// 8x8 FEN, the fourth (the turn number) in apocalypse (docs/rules.md §5.1).
    pub fn move_number_field(self) -> usize {
        match self {
            Variant::Apocalypse => 3,
            _ => 5,
        }
    }

    /// The FEN of the variant's start position: the orthodox array on the
    /// 8x8 board (docs/rules.md §1-§4), the 5x5 array of docs/rules.md §5.1.
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::Apocalypse => "npppn/p3p/5/P3P/NPPPN w 00 1",
            _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        }
    }
}

/// One wave of a conversion cascade (docs/rules.md §2.3): the squares whose
/// pieces converted in it, and the position after it.
#[derive(Clone, Debug)]
pub struct Wave {
    pub converted: crate::board::Bitboard,
    pub position: Position,
}

/// The rules of one 8x8 variant. Implemented by zero-sized types so that
/// hot loops (perft, search) can be monomorphised with [`with_rules!`](crate::with_rules).
pub trait Rules {
    /// Whether a position may repeat one from before the last reset of the
    /// halfmove clock. Captures and pawn moves cannot be undone, so in
    /// chess the clock bounds the search for repetitions; a pacifist
    /// conversion resets the clock too, but the next one may undo it.
    const REPEATS_ACROSS_RESETS: bool = false;

    /// Whether a king can be in check, so that notation marks a check
    /// with `+` (docs/rules.md §1.1, §4); in the pacifist variants a king
    /// is persuaded, never checked (docs/rules.md §2.4.2).
    const CHECKS: bool = true;

    /// Appends every legal move of the side to move.
    fn generate(pos: &Position, list: &mut MoveList);
    /// How many legal moves the side to move has (perft's last ply): by
    /// default the length of the list [`Rules::generate`] makes.
    #[inline]
    fn count_legal(pos: &Position) -> usize {
        let mut list = MoveList::new();
        Self::generate(pos, &mut list);
        list.len()
    }
    /// The position after the legal move `mv`.
    fn play(pos: &Position, mv: Move) -> Position;
    /// Plays the legal move `mv` on `pos` itself: for a caller that has
    /// already copied the position where the child is to live (perft),
    /// saving the copy of a freshly written child.
    #[inline]
    fn make(pos: &mut Position, mv: Move) {
        *pos = Self::play(pos, mv);
    }
    /// The result when the side to move has no legal move.
    fn no_move_outcome(pos: &Position) -> Outcome;

    /// Whether the position is dead, so that the game is drawn at once: no
    /// sequence of legal moves can end it with a win (docs/rules.md
    /// §1.3.3). By default the capture variants' dead positions that
    /// material alone shows (`chess::insufficient_material`).
    fn dead_position(pos: &Position) -> bool {
        chess::insufficient_material(pos)
    }

    /// Whose king and rooks a castling right in a FEN may name: by default
    /// the side's own (docs/rules.md §1).
    const CASTLING_PIECES: CastlingPieces = CastlingPieces::Own;

    /// Checks the material of a FEN, read as far as its placement and side
    /// to move (the rest is read after, so the first fault reported does
    /// not change): by default one king per side (docs/rules.md §1, §4), and at
    /// most 16 pieces a side, as no move of chess or subversion adds one
    /// to a side (a subversion pays at least one piece for the one it
    /// gains), which also bounds the legal moves by the move list's size.
    fn validate_material(pos: &Position) -> Result<(), FenError> {
        let w = pos.pieces(Color::White, PieceKind::King).count();
        let b = pos.pieces(Color::Black, PieceKind::King).count();
        if w != 1 || b != 1 {
            return Err(FenError::KingCount { white: w, black: b });
        }
        for c in Color::ALL {
            let n = pos.by_color(c).count();
            if n > 16 {
                return Err(FenError::SideTooLarge { color: c, count: n });
            }
        }
        Ok(())
    }

    /// Checks, and completes, a position read from a FEN. By default (the
    /// capture variants, docs/rules.md §1.5, §4.4.4) an en passant square
    /// must lie behind a pawn that can just have advanced two squares, and
    /// stands only where the side to move has a pawn beside it to take
    /// with, as a move would set it; the side not to move must not be in
    /// check.
    fn validate(pos: &mut Position) -> Result<(), FenError> {
        if let Some(ep) = pos.ep_square() {
            chess::check_en_passant(pos, ep)?;
            if !chess::capture_possible(pos, ep) {
                pos.set_ep(None);
            }
        }
        let waiting = pos.side_to_move().flip();
        if pos
            .king_square(waiting)
            .is_some_and(|k| pos.is_attacked(k, waiting.flip(), pos.occupied()))
        {
            return Err(FenError::WaitingSideInCheck);
        }
        Ok(())
    }

    /// The move in the variant's notation: by default UCI coordinates with
    /// either castling notation (docs/rules.md §2.7.2).
    fn format_move(_pos: &Position, mv: Move, chess960: bool) -> String {
        mv.coordinate_notation(chess960)
    }

    /// The legal move (one of `legal`) that `text`, lowercase, names: by
    /// default the move written so with `UCI_Chess960` on, else the one
    /// written so with it off (docs/rules.md §2.7.2: both castling notations are
    /// accepted where unambiguous).
    fn find_move(pos: &Position, legal: &[Move], text: &str) -> Option<Move>
    where
        Self: Sized,
    {
        find_written::<Self>(pos, legal, text)
    }

    /// Whether `mv` may win material (a capture, promotion, subversion or
    /// conversion): the quiescence search looks at these moves only.
    #[inline]
    fn may_gain(pos: &Position, mv: Move) -> bool {
        use crate::board::MoveKind;
        matches!(
            mv.kind(),
            MoveKind::Promotion | MoveKind::EnPassant | MoveKind::Subversion
        ) || pos.occupied().contains(mv.to()) && mv.kind() != MoveKind::Castle
    }

    /// The moves of `pos` that may win material, told before they are
    /// played ([`scope::GainScope`]), in the variants where only playing
    /// a move shows what it wins ([`crate::search::policy::SearchPolicy::PLAY_TO_ORDER`]):
    /// the search plays the others only when it searches them. Every
    /// move by default.
    #[inline]
    fn gain_scope(_pos: &Position) -> scope::GainScope {
        scope::GainScope::ALL
    }

    /// The legal moves of `pos` in `scope` (at least those of them that
    /// may win material), in the order of [`Rules::generate`]: by default
    /// all legal moves.
    fn generate_in_scope(pos: &Position, _scope: &scope::GainScope, list: &mut MoveList) {
        Self::generate(pos, list);
    }

    /// [`Rules::play`] of a legal move of `pos`, in `scope` (the
    /// position's gain scope) or not, which may use what the scope knows
    /// of the position; the same position.
    #[inline]
    fn play_in_scope(pos: &Position, mv: Move, _scope: &scope::GainScope) -> Position {
        Self::play(pos, mv)
    }

    /// Whether the side to move has a legal move.
    fn has_legal_move(pos: &Position) -> bool {
        let mut list = MoveList::new();
        Self::generate(pos, &mut list);
        !list.is_empty()
    }

    /// Whether the capture `mv` loses material in the exchange on its
    /// square (static exchange evaluation), where the variant can tell:
    /// the quiescence search skips such captures. `false` by default.
    #[inline]
    fn loses_exchange(_pos: &Position, _mv: Move) -> bool {
        false
    }

    /// The influence of each side on every square (docs/rules.md §2.2: how many
    /// pieces, or in pacifist2 what value, attack it, white then black),
    /// in the variants whose conversions it decides; `None` elsewhere.
    fn influence_map(_pos: &Position) -> Option<[[i32; 2]; 64]> {
        None
    }

    /// Why the well-formed move `text` (lowercase), which no legal move
    /// matched, is illegal here: by default by the rules of chess
    /// (docs/rules.md §1.1). Asked only on the error path.
    fn explain_illegal(pos: &Position, text: &str) -> illegal::Illegal {
        illegal::in_capture_rules(pos, text)
    }

    /// The conversion cascade of `mv` wave by wave (docs/rules.md §2.3), for
    /// showing it: the position after the move's pieces moved, then each
    /// wave. Empty in the variants without cascades.
    fn cascade_waves(_pos: &Position, _mv: Move) -> Vec<Wave> {
        Vec::new()
    }

    /// The opponent's pieces that convert after (almost) any move of the
    /// side to move, whatever it is: in the pacifist variants, those it
    /// left over-persuaded (docs/rules.md §2.3). Empty in the capture variants.
    #[inline]
    fn pending_conversions(_pos: &Position) -> crate::board::Bitboard {
        crate::board::Bitboard::EMPTY
    }

    /// Whether the side to move is under an immediate threat it must answer
    /// (in check; in the pacifist variants: holding no king). Such nodes
    /// are searched with all moves and never pruned by null moves.
    #[inline]
    fn must_respond(pos: &Position) -> bool {
        pos.checkers().nonempty()
    }

    /// Whether passing (a null move) is a sound guess here: not when the
    /// side must respond, nor with only king and pawns (zugzwang).
    #[inline]
    fn null_move_ok(pos: &Position) -> bool {
        use crate::board::PieceKind;
        let us = pos.by_color(pos.side_to_move());
        let officers = us - pos.by_kind(PieceKind::Pawn) - pos.by_kind(PieceKind::King);
        !Self::must_respond(pos) && officers.nonempty()
    }
}

/// Where a generator puts the legal moves it finds: a list, or only
/// their number ([`MoveCount`], for perft's last ply).
pub trait MoveSink {
    fn push(&mut self, mv: Move);
    /// The plain (`Normal`) moves from `from` to each of `targets`, all
    /// legal, in square order.
    fn push_targets(&mut self, from: crate::board::Square, targets: crate::board::Bitboard);
    /// The count, when the sink only counts: a generator may then add
    /// whole sets of moves at once (e.g. all pawn pushes by one shift).
    #[inline]
    fn count_only(&mut self) -> Option<&mut usize> {
        None
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }
    #[inline]
    fn push_targets(&mut self, from: crate::board::Square, targets: crate::board::Bitboard) {
        for to in targets {
            MoveList::push(self, Move::new(from, to, crate::board::MoveKind::Normal));
        }
    }
}

/// A [`MoveSink`] that only counts.
#[derive(Default)]
pub struct MoveCount(pub usize);

impl MoveSink for MoveCount {
    #[inline]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_targets(&mut self, _from: crate::board::Square, targets: crate::board::Bitboard) {
        self.0 += targets.count() as usize;
    }
    #[inline]
    fn count_only(&mut self) -> Option<&mut usize> {
        Some(&mut self.0)
    }
}

/// Runs `$body` with `$R` bound to the rules type of the 8x8 variant
/// `$variant` (a [`BoardVariant`]).
#[macro_export]
macro_rules! with_rules {
    ($variant:expr, $R:ident => $body:expr) => {
        match $variant {
            $crate::variant::BoardVariant::Chess => {
                type $R = $crate::rules::chess::Chess;
                $body
            }
            $crate::variant::BoardVariant::Pacifist => {
                type $R = $crate::rules::pacifist::Pacifist<$crate::rules::pacifist::Count>;
                $body
            }
            $crate::variant::BoardVariant::Pacifist2 => {
                type $R = $crate::rules::pacifist::Pacifist<$crate::rules::pacifist::Value>;
                $body
            }
            $crate::variant::BoardVariant::Subversion => {
                type $R = $crate::rules::subversion::Subversion;
                $body
            }
        }
    };
}

/// The first of `legal` that [`Rules::format_move`] writes as `text`,
/// trying the Chess960 castling notation first, then the other.
pub(crate) fn find_written<R: Rules>(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    [true, false].into_iter().find_map(|chess960| {
        legal
            .iter()
            .copied()
            .find(|&m| R::format_move(pos, m, chess960) == text)
    })
}
