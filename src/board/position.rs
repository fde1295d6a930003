//! The position of an 8x8 variant: bitboards per colour and per kind, side
//! to move, castling rights, en passant square, clocks and Zobrist key.
//!
//! Positions are copied to make a move ("copy-make"): the struct is small
//! (about 100 bytes), which keeps the pacifist conversion cascade, which
//! can recolour many pieces, free of any undo bookkeeping.
//!
//! Nothing here knows a rule: the moves of a position (`legal_moves`,
//! `play`, `outcome`, the move notation) and the checks of `from_fen` are
//! given by the rules, in `crate::rules`.

use super::attacks;
use super::bitboard::Bitboard;
use super::types::{Color, Piece, PieceKind, Square};
use super::zobrist;
use crate::variant::{BoardVariant, Variant};

/// Castling rights (docs/rules.md §1 and §2.6): for each colour up to two rook
/// squares, and the file its king started on. Index 0 is the right towards
/// the h-file (rook file greater than the king's), index 1 towards the a-file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<Square>; 2]; 2],
    king_file: [u8; 2],
    /// The squares a move must leave or enter to change a right: the
    /// king-start square of each colour with a right, and the rook
    /// squares (derived from the two fields above, so equality holds).
    touch: Bitboard,
}

impl CastlingRights {
    pub fn rook(&self, color: Color, side: usize) -> Option<Square> {
        self.rooks[color.index()][side]
    }

    pub fn king_file(&self, color: Color) -> u8 {
        self.king_file[color.index()]
    }

    /// The square the king of `color` must stand on to castle.
    pub fn king_start(&self, color: Color) -> Square {
        Square::from_coords(self.king_file[color.index()], color.back_rank())
    }

    pub fn is_empty(&self) -> bool {
        self.rooks.iter().flatten().all(Option::is_none)
    }

    /// All rights as (colour, side index, rook square).
    pub fn iter(&self) -> impl Iterator<Item = (Color, usize, Square)> + '_ {
        Color::ALL.into_iter().flat_map(move |c| {
            (0..2).filter_map(move |i| self.rooks[c.index()][i].map(|sq| (c, i, sq)))
        })
    }

    pub(crate) fn set(&mut self, color: Color, king_file: u8, rook: Square) {
        let side = usize::from(rook.file() < king_file);
        self.king_file[color.index()] = king_file;
        self.rooks[color.index()][side] = Some(rook);
        self.find_touch();
    }

    fn find_touch(&mut self) {
        let mut touch = Bitboard::EMPTY;
        for (c, _, rook) in self.iter() {
            touch = touch.with(rook).with(self.king_start(c));
        }
        self.touch = touch;
    }

    fn key(&self) -> u64 {
        self.iter()
            .fold(0, |k, (_, _, sq)| k ^ zobrist::castling(sq))
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Color, &'static str),
    Draw(&'static str),
}

impl Outcome {
    /// The PGN-style result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Win(Color::White, _) => "1-0",
            Outcome::Win(Color::Black, _) => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    pub fn reason(self) -> &'static str {
        match self {
            Outcome::Win(_, r) | Outcome::Draw(r) => r,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Position {
    colors: [Bitboard; 2],
    kinds: [Bitboard; 6],
    side: Color,
    castling: CastlingRights,
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
    key: u64,
    variant: BoardVariant,
    /// The attack map of the side not to move, when the rules computed it
    /// while playing the move that led here (the pacifist cascade needs
    /// it anyway, and the legality tests of the next move need it again).
    /// A cache, not part of the position: equality ignores it, and every
    /// change of a piece or of the side to move drops it. [`UNKNOWN`]
    /// when dropped: should a real map be every square, it is computed
    /// again each time, which is still right.
    enemy_attacks: Bitboard,
}

/// The value of `Position::enemy_attacks` when no map is kept (a full
/// board rather than an `Option`, to keep the position small).
const UNKNOWN: Bitboard = Bitboard(!0);

/// Positions are equal when everything but the cached attack map is.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let Position {
            colors,
            kinds,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            key,
            variant,
            enemy_attacks: _,
        } = self;
        *colors == other.colors
            && *kinds == other.kinds
            && *side == other.side
            && *castling == other.castling
            && *ep == other.ep
            && *halfmove == other.halfmove
            && *fullmove == other.fullmove
            && *key == other.key
            && *variant == other.variant
    }
}

impl Eq for Position {}

impl Position {
    /// An empty board of `variant`, white to move (used by the FEN parser).
    pub(crate) fn empty(variant: BoardVariant) -> Position {
        Position {
            colors: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; 6],
            side: Color::White,
            castling: CastlingRights::default(),
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            variant,
            enemy_attacks: UNKNOWN,
        }
    }

    // ---- queries -------------------------------------------------------

    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant.into()
    }
    /// The tag the rules dispatch on (`with_rules!`): all the board knows
    /// of the rules it is played by.
    #[inline]
    pub fn board_variant(&self) -> BoardVariant {
        self.variant
    }
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }
    #[inline]
    pub fn castling(&self) -> &CastlingRights {
        &self.castling
    }
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.colors[c.index()]
    }
    #[inline]
    pub fn by_kind(&self, k: PieceKind) -> Bitboard {
        self.kinds[k.index()]
    }
    #[inline]
    pub fn pieces(&self, c: Color, k: PieceKind) -> Bitboard {
        self.colors[c.index()] & self.kinds[k.index()]
    }
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    /// Rooks and queens (the orthogonal sliders).
    #[inline]
    pub fn rook_likes(&self) -> Bitboard {
        self.kinds[PieceKind::Rook.index()] | self.kinds[PieceKind::Queen.index()]
    }
    /// Bishops and queens (the diagonal sliders).
    #[inline]
    pub fn bishop_likes(&self) -> Bitboard {
        self.kinds[PieceKind::Bishop.index()] | self.kinds[PieceKind::Queen.index()]
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.colors[0].contains(sq) {
            Color::White
        } else if self.colors[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        Some(Piece::new(color, self.kind_at(sq)?))
    }

    #[inline]
    pub fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        PieceKind::ALL
            .into_iter()
            .find(|k| self.kinds[k.index()].contains(sq))
    }

    /// Every piece (of both colours) that attacks `sq` in the orthodox
    /// sense (the first piece on each slider ray), given `occupied`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (attacks::knight_attacks(sq) & self.by_kind(PieceKind::Knight))
            | (attacks::king_attacks(sq) & self.by_kind(PieceKind::King))
            | (attacks::pawn_attacks(Color::Black, sq) & self.pieces(Color::White, PieceKind::Pawn))
            | (attacks::pawn_attacks(Color::White, sq) & self.pieces(Color::Black, PieceKind::Pawn))
            | (attacks::rook_attacks(sq, occupied) & self.rook_likes())
            | (attacks::bishop_attacks(sq, occupied) & self.bishop_likes())
    }

    /// Whether any piece of `by` attacks `sq` (orthodox attack, given `occupied`).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.by_color(by);
        (attacks::knight_attacks(sq) & self.by_kind(PieceKind::Knight) & them).nonempty()
            || (attacks::pawn_attacks(by.flip(), sq) & self.by_kind(PieceKind::Pawn) & them)
                .nonempty()
            || (attacks::king_attacks(sq) & self.by_kind(PieceKind::King) & them).nonempty()
            || (attacks::rook_attacks(sq, occupied) & self.rook_likes() & them).nonempty()
            || (attacks::bishop_attacks(sq, occupied) & self.bishop_likes() & them).nonempty()
    }

    /// The set of squares attacked by the pieces of `by` (orthodox attacks).
    #[inline]
    pub fn attack_map(&self, by: Color) -> Bitboard {
        self.attack_map_through(by, self.occupied())
    }

    /// The attack map of the side not to move: the one the rules kept
    /// while playing the last move, else computed.
    #[inline]
    pub fn enemy_attack_map(&self) -> Bitboard {
        if self.enemy_attacks == UNKNOWN {
            self.attack_map(self.side.flip())
        } else {
            self.enemy_attacks
        }
    }

    /// Keeps `map`, which must be [`Position::attack_map`] of the side not
    /// to move, for [`Position::enemy_attack_map`].
    #[inline]
    pub(crate) fn keep_enemy_attack_map(&mut self, map: Bitboard) {
        debug_assert_eq!(map, self.attack_map(self.side.flip()));
        self.enemy_attacks = map;
    }

    /// [`Position::attack_map`] with the sliders' rays blocked by
    /// `occupied` only (e.g. seeing through a king that is about to move).
    pub fn attack_map_through(&self, by: Color, occupied: Bitboard) -> Bitboard {
        let occ = occupied;
        let ours = self.by_color(by);
        let pawns = self.pieces(by, PieceKind::Pawn).0;
        let mut map = match by {
            Color::White => Bitboard(
                ((pawns << 7) & !0x8080_8080_8080_8080) | ((pawns << 9) & !0x0101_0101_0101_0101),
            ),
            Color::Black => Bitboard(
                ((pawns >> 9) & !0x8080_8080_8080_8080) | ((pawns >> 7) & !0x0101_0101_0101_0101),
            ),
        };
        for sq in self.by_kind(PieceKind::Knight) & ours {
            map |= attacks::knight_attacks(sq);
        }
        for sq in self.by_kind(PieceKind::King) & ours {
            map |= attacks::king_attacks(sq);
        }
        for sq in self.bishop_likes() & ours {
            map |= attacks::bishop_attacks(sq, occ);
        }
        for sq in self.rook_likes() & ours {
            map |= attacks::rook_attacks(sq, occ);
        }
        map
    }

    /// The king of the side to move, for variants with exactly one king per side.
    #[inline]
    pub fn king_square(&self, c: Color) -> Option<Square> {
        let k = self.pieces(c, PieceKind::King);
        k.nonempty().then(|| k.lsb())
    }

    /// Pieces of the side not to move that attack the mover's king.
    pub fn checkers(&self) -> Bitboard {
        match self.king_square(self.side) {
            Some(k) => self.attackers_to(k, self.occupied()) & self.by_color(self.side.flip()),
            None => Bitboard::EMPTY,
        }
    }

    /// The position with the side to move passing (for null-move pruning):
    /// the en passant right lapses, nothing else changes.
    pub fn null_move(&self) -> Position {
        let mut p = *self;
        p.set_ep(None);
        p.finish_move(false);
        p
    }

    /// The position whole, packed in five words: what every move from it
    /// depends on (the clocks aside), so that positions with equal
    /// identities are the same position where the Zobrist key can only
    /// make it likely. Words: white's pieces; the kind of each piece as
    /// three bit planes (kind index + 1, 0 for an empty square); the
    /// variant, side to move, en passant square and castling rights
    /// (rook squares and king files) in the low 45 bits of the last.
    pub fn identity(&self) -> [u64; 5] {
        use PieceKind::*;
        let k = |kind: PieceKind| self.kinds[kind.index()].0;
        // Kind index + 1 in binary: pawn 1, knight 2, bishop 3, rook 4,
        // queen 5, king 6.
        let plane0 = k(Pawn) | k(Bishop) | k(Queen);
        let plane1 = k(Knight) | k(Bishop) | k(King);
        let plane2 = k(Rook) | k(Queen) | k(King);
        let square = |sq: Option<Square>| sq.map_or(0, |s| s.index() as u64 + 1);
        let mut meta = self.variant as u64;
        meta = meta << 1 | self.side.index() as u64;
        meta = meta << 7 | square(self.ep);
        for c in Color::ALL {
            for side in 0..2 {
                meta = meta << 7 | square(self.castling.rook(c, side));
            }
            meta = meta << 3 | self.castling.king_file(c) as u64;
        }
        [self.colors[0].0, plane0, plane1, plane2, meta]
    }

    // ---- mutation (used by FEN parsing and the rules modules) -------------

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.enemy_attacks = UNKNOWN;
        self.colors[piece.color.index()].toggle(sq);
        self.kinds[piece.kind.index()].toggle(sq);
        self.key ^= zobrist::piece(piece.color, piece.kind, sq);
    }

    #[inline]
    pub(crate) fn remove(&mut self, sq: Square, piece: Piece) {
        self.put(sq, piece);
    }

    /// Changes the colour of the piece on `sq` (a conversion).
    #[inline]
    pub(crate) fn convert(&mut self, sq: Square, kind: PieceKind) {
        self.enemy_attacks = UNKNOWN;
        let from = if self.colors[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        self.colors[0].toggle(sq);
        self.colors[1].toggle(sq);
        self.key ^= zobrist::piece(from, kind, sq) ^ zobrist::piece(from.flip(), kind, sq);
    }

    #[inline]
    pub(crate) fn move_piece(&mut self, from: Square, to: Square, piece: Piece) {
        self.remove(from, piece);
        self.put(to, piece);
    }

    pub(crate) fn set_ep(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep {
            self.key ^= zobrist::en_passant(old.file());
        }
        if let Some(new) = ep {
            self.key ^= zobrist::en_passant(new.file());
        }
        self.ep = ep;
    }

    pub(crate) fn set_castling(&mut self, rights: CastlingRights) {
        self.key ^= self.castling.key() ^ rights.key();
        self.castling = rights;
    }

    /// Drops the castling rights touched by a move from `from` to `to`:
    /// all of a colour's rights when its king-start square is left, and a
    /// right whose rook square is left or entered (docs/rules.md §1, §2.6, §4.2).
    #[inline]
    pub(crate) fn update_castling(&mut self, from: Square, to: Square) {
        let moved = Bitboard::from_square(from).with(to);
        if (self.castling.touch & moved).is_empty() {
            return;
        }
        self.drop_castling(from, to);
    }

    /// The rights [`Position::update_castling`] drops, once the move is
    /// known to touch one: each dropped right leaves the key on its own.
    fn drop_castling(&mut self, from: Square, to: Square) {
        for c in Color::ALL {
            let king_left = self.castling.king_start(c) == from;
            for right in &mut self.castling.rooks[c.index()] {
                if let Some(rook) = *right {
                    if king_left || rook == from || rook == to {
                        *right = None;
                        self.key ^= zobrist::castling(rook);
                    }
                }
            }
        }
        self.castling.find_touch();
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        self.enemy_attacks = UNKNOWN;
        if side != self.side {
            self.key ^= zobrist::side();
        }
        self.side = side;
    }

    pub(crate) fn set_clocks(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// Ends a move: flips the side, advances the clocks.
    #[inline]
    pub(crate) fn finish_move(&mut self, reset_halfmove: bool) {
        self.halfmove = if reset_halfmove {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.key ^= zobrist::side();
        self.enemy_attacks = UNKNOWN;
    }
}

/// Where the king ends when castling with the rook on `rook` (Chess960
/// conventions: g-file towards the h-side, c-file towards the a-side).
#[inline]
pub fn castle_king_destination(king: Square, rook: Square) -> Square {
    let file = if rook.file() > king.file() { 6 } else { 2 };
    Square::from_coords(file, king.rank())
}

/// Where the rook ends when castling (f-file or d-file).
#[inline]
pub fn castle_rook_destination(king: Square, rook: Square) -> Square {
    let file = if rook.file() > king.file() { 5 } else { 3 };
    Square::from_coords(file, king.rank())
}
