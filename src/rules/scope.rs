//! The moves of a position that may win material, told before they are
//! played: a superset, prepared once per position, that lets the search
//! leave the other moves unplayed until it needs them.

use crate::board::{Bitboard, Move, MoveKind, PieceKind, Position, Square};

/// A superset of the moves of one position that may change material.
/// A move is in scope when the scope holds every move, when it castles
/// or promotes, when it leaves a square of its `from` set, enters one of
/// its `to` set, enters a square of its `to_by_kind` set for the kind of
/// the man that moves, or is a screen's move off its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GainScope {
    all: bool,
    pub(crate) from: Bitboard,
    pub(crate) to: Bitboard,
    pub(crate) to_by_kind: [Bitboard; 6],
    /// Squares whose man's moves are in scope when they go to its
    /// `screen_to` (a screen leaving its line, in the pacifist variants).
    screens: Bitboard,
    screen_at: [Square; SCREENS],
    screen_to: [Bitboard; SCREENS],
    n_screens: usize,
    /// The enemy men that some move in scope may convert first (those a
    /// cascade's first wave needs to judge).
    pub(crate) victims: Bitboard,
    /// Where every move is in scope because enemy men are over-persuaded
    /// already, those men (the pending conversions); `None` where not
    /// known.
    pending: Option<Bitboard>,
}

/// How many screens a scope tells apart; more go to `from` whole.
const SCREENS: usize = 8;

impl GainScope {
    /// Every move may gain: what a variant without a sharper scope says.
    pub const ALL: GainScope = GainScope {
        all: true,
        victims: Bitboard::FULL,
        ..GainScope::NONE
    };

    /// No move gains unless a square is added.
    pub(crate) const NONE: GainScope = GainScope {
        all: false,
        from: Bitboard::EMPTY,
        to: Bitboard::EMPTY,
        to_by_kind: [Bitboard::EMPTY; 6],
        screens: Bitboard::EMPTY,
        screen_at: [Square::new(0); SCREENS],
        screen_to: [Bitboard::EMPTY; SCREENS],
        n_screens: 0,
        victims: Bitboard::EMPTY,
        pending: None,
    };

    /// Every move may gain, as the enemy men `pending` are over-persuaded
    /// before any move: the cascade of any move starts from them.
    pub(crate) const fn of_pending(pending: Bitboard) -> GainScope {
        GainScope {
            pending: Some(pending),
            ..GainScope::ALL
        }
    }

    /// The men a cascade's first wave must judge after a move in scope:
    /// every man where the scope holds every move.
    #[inline]
    pub fn victims(&self) -> Bitboard {
        self.victims
    }

    /// The enemy men over-persuaded before any move, where the scope
    /// holds every move for them; `None` where not known.
    #[inline]
    pub fn pending_conversions(&self) -> Option<Bitboard> {
        self.pending
    }

    /// Whether the scope holds every move.
    #[inline]
    pub fn is_all(&self) -> bool {
        self.all
    }

    /// Whether `mv`, a legal move of `pos`, is in scope.
    #[inline]
    pub fn admits(&self, pos: &Position, mv: Move) -> bool {
        if self.all || matches!(mv.kind(), MoveKind::Castle | MoveKind::Promotion) {
            return true;
        }
        let (from, to) = (mv.from(), mv.to());
        if self.from.contains(from) || self.to.contains(to) {
            return true;
        }
        let kind = pos.kind_at(from).unwrap_or(PieceKind::Pawn);
        self.to_by_kind[kind.index()].contains(to) || self.screen_targets(from).contains(to)
    }

    /// Puts the moves of the man on `from` to `to` in scope.
    pub(crate) fn add_screen(&mut self, from: Square, to: Bitboard) {
        if self.from.contains(from) {
            return;
        }
        if self.screens.contains(from) {
            let i = self.screen_at[..self.n_screens]
                .iter()
                .position(|&s| s == from)
                .expect("a screen's entry");
            self.screen_to[i] |= to;
        } else if self.n_screens < SCREENS {
            self.screens = self.screens.with(from);
            self.screen_at[self.n_screens] = from;
            self.screen_to[self.n_screens] = to;
            self.n_screens += 1;
        } else {
            self.from = self.from.with(from);
        }
    }

    /// The targets in scope for the man on `from` as a screen.
    #[inline]
    fn screen_targets(&self, from: Square) -> Bitboard {
        if !self.screens.contains(from) {
            return Bitboard::EMPTY;
        }
        (0..self.n_screens)
            .find(|&i| self.screen_at[i] == from)
            .map_or(Bitboard::EMPTY, |i| self.screen_to[i])
    }

    /// Of `targets`, the squares a man of `kind` on `from` may move to in
    /// scope (castling and promotions aside).
    #[inline]
    pub fn targets(&self, kind: PieceKind, from: Square, targets: Bitboard) -> Bitboard {
        if self.all || self.from.contains(from) {
            targets
        } else {
            targets & (self.to | self.to_by_kind[kind.index()] | self.screen_targets(from))
        }
    }

    /// Whether the pawn move `mv` is in scope.
    #[inline]
    pub fn admits_pawn(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::Promotion
            || self
                .targets(PieceKind::Pawn, mv.from(), Bitboard::from_square(mv.to()))
                .nonempty()
    }
}
