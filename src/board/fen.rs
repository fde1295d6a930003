//! The FEN of the 8x8 variants: its syntax, read with [`FenReader`], and
//! [`Position::to_fen`].
//!
//! What a variant requires of a position beyond the syntax (king counts,
//! docs/rules.md §1.5 and §2.7.4; whose pieces carry castling rights,
//! §2.6; whether an en passant square stands, §1.5 and §2.7.3) is for the
//! rules to say: `crate::rules` drives the reader and checks the
//! position it gives.
//!
//! Castling rights are read as `KQkq`, X-FEN or Shredder-FEN letters and
//! written canonically: `K`/`Q` where the king starts on the e-file and the
//! rook on the h/a-file, the rook's file letter otherwise; the h-side right
//! first. The en passant square is written as the position holds it (the
//! capture variants keep it only when the side to move has a pawn beside
//! the pawn that just advanced two squares).

use super::position::{CastlingRights, Position};
use super::types::{Color, Piece, PieceKind, Square};
use super::Bitboard;
use crate::variant::BoardVariant;

/// What is wrong with a FEN of an 8x8 variant: the field, and what is
/// wrong with it. The syntax is the board's to check (this module); the
/// material and what the whole position must satisfy are the rules' (see
/// `crate::rules::Rules::validate_material`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error(
        "bad FEN: expected at least 4 fields (placement, side, castling, en passant), found {0}"
    )]
    TooFewFields(usize),
    #[error("bad FEN: expected at most 6 fields, found {0}")]
    TooManyFields(usize),
    /// The placement does not have 8 ranks.
    #[error("bad FEN: placement must have 8 ranks, found {0}")]
    Ranks(usize),
    /// An empty-square count of 0 or 9.
    #[error("bad FEN: bad empty-square count '{count}' on rank {rank}")]
    EmptyCount { count: char, rank: u8 },
    #[error("bad FEN: rank {rank} has more than 8 squares")]
    RankTooLong { rank: u8 },
    #[error("bad FEN: rank {rank} has {squares} squares, expected 8")]
    RankTooShort { rank: u8, squares: u8 },
    #[error("bad FEN: unknown piece letter '{letter}' on rank {rank}")]
    PieceLetter { letter: char, rank: u8 },
    #[error("bad FEN: side to move must be 'w' or 'b', found '{0}'")]
    SideToMove(String),
    /// docs/rules.md §1.1, §2.1.4: a pawn on its last rank has promoted.
    #[error("bad FEN: pawn on the first or last rank ({0})")]
    PawnOnEdge(Square),
    /// docs/rules.md §1.2, §2.6: a right needs its king on the back rank.
    #[error("bad FEN: castling right '{right}' but no king on the {color:?} back rank")]
    CastlingWithoutKing { right: char, color: Color },
    /// `K`/`Q` (or `k`/`q`) without a rook beyond the king on that side.
    #[error("bad FEN: castling right '{right}' but no rook on the king's {side}-side")]
    CastlingWithoutRook { right: char, side: char },
    /// An X-FEN or Shredder-FEN file letter without a rook there.
    #[error("bad FEN: castling right '{right}' but no rook on {square}")]
    CastlingRookMissing { right: char, square: Square },
    #[error("bad FEN: castling right '{0}' names the king's file")]
    CastlingKingFile(char),
    #[error("bad FEN: bad castling character '{0}'")]
    CastlingLetter(char),
    #[error("bad FEN: two castling rights on the same side in '{0}'")]
    CastlingTwice(String),
    #[error("bad FEN: bad en passant field '{0}'")]
    EnPassantField(String),
    /// The square a pawn of the side not to move skipped is on the third
    /// (sixth) rank.
    #[error("bad FEN: en passant square {square} is not on rank {rank}")]
    EnPassantRank { square: Square, rank: u8 },
    #[error("bad FEN: en passant square {0} without a pawn that just advanced two squares")]
    EnPassantWithoutPawn(Square),
    #[error("bad FEN: halfmove clock must be a number, found '{0}'")]
    HalfmoveClock(String),
    #[error("bad FEN: fullmove number must be a number >= 1, found '{0}'")]
    FullmoveNumber(String),
    /// docs/rules.md §1, §4: one king a side in the capture variants.
    #[error("bad FEN: each side needs exactly one king, found {white} white and {black} black")]
    KingCount { white: u32, black: u32 },
    /// More men than a side of chess or subversion can have: no move adds
    /// one to a side.
    #[error("bad FEN: {} has {count} pieces, more than the 16 a side can have", colour_name(*color))]
    SideTooLarge { color: Color, count: u32 },
    /// docs/rules.md §2.7.4: no move of the pacifist variants adds a man.
    #[error("bad FEN: the position holds {0} pieces, more than the 32 a pacifist game can have")]
    PacifistTooLarge(u32),
    /// docs/rules.md §2.7.4: exactly two kings in the pacifist variants.
    #[error("bad FEN: a pacifist position holds exactly two kings, found {0}")]
    PacifistKingCount(u32),
    /// docs/rules.md §2.7.4: the side not to move holds a king.
    #[error("bad FEN: the side not to move has no king (unreachable position)")]
    WaitingSideWithoutKing,
    /// docs/rules.md §1.1: the side that just moved cannot be in check.
    #[error("bad FEN: the side not to move is in check")]
    WaitingSideInCheck,
    /// docs/rules.md §5.1: apocalypse has a FEN of its own.
    #[error("bad FEN: apocalypse is played on its own 5x5 board, not an 8x8 position")]
    NotEightByEight,
}

fn colour_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Whose king and rooks a castling right of a FEN may name (docs/rules.md §2.6).
/// The rules decide: in chess and subversion a right is the side's own
/// king and rook; in the pacifist variants a conversion keeps the right,
/// so either colour's king and rooks on the side's back rank may carry it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingPieces {
    Own,
    EitherColour,
}

/// A FEN of an 8x8 variant, read as far as its placement and side to move.
///
/// The rules check the material (king counts) at this point, before the
/// castling rights, en passant square and clocks are read with
/// [`FenReader::finish`]: a FEN with several faults reports the first one
/// in this order. The halfmove and fullmove fields may be omitted (EPD
/// style); a bad field gives an error naming it.
pub struct FenReader<'a> {
    fields: Vec<&'a str>,
    pos: Position,
}

impl<'a> FenReader<'a> {
    /// Splits the fields and reads the placement and the side to move.
    pub fn new(fen: &'a str, variant: BoardVariant) -> Result<FenReader<'a>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(FenError::TooFewFields(fields.len()));
        }
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let mut pos = Position::empty(variant);
        parse_placement(&mut pos, fields[0])?;
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        pos.set_side(side);
        Ok(FenReader { fields, pos })
    }

    /// The pieces and the side to move; no castling rights, en passant
    /// square or clocks yet.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Reads the rest of the FEN: no pawn on the first or last rank,
    /// castling rights naming pieces `castling` allows, the en passant
    /// square as written (whether it stands is for the rules to say), and
    /// the clocks.
    pub fn finish(self, castling: CastlingPieces) -> Result<Position, FenError> {
        let FenReader { fields, mut pos } = self;
        check_pawns(&pos)?;
        let rights = parse_castling(&pos, fields[2], castling)?;
        pos.set_castling(rights);
        let ep = parse_en_passant(fields[3])?;
        pos.set_ep(ep);
        let halfmove = match fields.get(4) {
            Some(s) => s
                .parse::<u16>()
                .map_err(|_| FenError::HalfmoveClock(s.to_string()))?,
            None => 0,
        };
        let fullmove = match fields.get(5) {
            Some(s) => match s.parse::<u16>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(FenError::FullmoveNumber(s.to_string())),
            },
            None => 1,
        };
        pos.set_clocks(halfmove, fullmove);
        Ok(pos)
    }
}

impl Position {
    /// The canonical FEN of the position (all six fields).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(match self.side_to_move() {
            Color::White => 'w',
            Color::Black => 'b',
        });
        s.push(' ');
        s.push_str(&castling_string(self.castling()));
        s.push(' ');
        match self.ep_square() {
            Some(sq) => s.push_str(&sq.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(
            " {} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        ));
        s
    }
}

fn parse_placement(pos: &mut Position, placement: &str) -> Result<(), FenError> {
    read_placement(placement, 8, Piece::from_fen_char, |file, rank, p| {
        pos.put(Square::from_coords(file, rank), p)
    })
    .map_err(FenError::from)
}

/// What is wrong with the placement field of a FEN, on a board of any
/// size (the 8x8 board, apocalypse's 5x5): ranks count from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementError {
    /// Not as many ranks as the board has.
    Ranks(usize),
    /// An empty-square count of 0 or more than the board's width.
    EmptyCount {
        count: char,
        rank: u8,
    },
    /// A letter that names no man of the game.
    PieceLetter {
        letter: char,
        rank: u8,
    },
    RankTooLong {
        rank: u8,
    },
    RankTooShort {
        rank: u8,
        squares: u8,
    },
}

/// Reads the placement field of a FEN of a `size` x `size` board, its
/// last rank first: `man` names the man a letter stands for (`None`: no
/// man of this game), and `put` sets it on its file and rank (from 0).
pub fn read_placement<M>(
    placement: &str,
    size: u8,
    man: impl Fn(char) -> Option<M>,
    mut put: impl FnMut(u8, u8, M),
) -> Result<(), PlacementError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != usize::from(size) {
        return Err(PlacementError::Ranks(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = size - 1 - i as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=u32::from(size)).contains(&d) {
                    return Err(PlacementError::EmptyCount {
                        count: c,
                        rank: rank + 1,
                    });
                }
                file += d as u8;
            } else if let Some(m) = man(c) {
                if file >= size {
                    return Err(PlacementError::RankTooLong { rank: rank + 1 });
                }
                put(file, rank, m);
                file += 1;
            } else {
                return Err(PlacementError::PieceLetter {
                    letter: c,
                    rank: rank + 1,
                });
            }
            if file > size {
                return Err(PlacementError::RankTooLong { rank: rank + 1 });
            }
        }
        if file != size {
            return Err(PlacementError::RankTooShort {
                rank: rank + 1,
                squares: file,
            });
        }
    }
    Ok(())
}

impl From<PlacementError> for FenError {
    fn from(e: PlacementError) -> FenError {
        match e {
            PlacementError::Ranks(n) => FenError::Ranks(n),
            PlacementError::EmptyCount { count, rank } => FenError::EmptyCount { count, rank },
            PlacementError::PieceLetter { letter, rank } => FenError::PieceLetter { letter, rank },
            PlacementError::RankTooLong { rank } => FenError::RankTooLong { rank },
            PlacementError::RankTooShort { rank, squares } => {
                FenError::RankTooShort { rank, squares }
            }
        }
    }
}

fn check_pawns(pos: &Position) -> Result<(), FenError> {
    let edge = Bitboard::rank(0) | Bitboard::rank(7);
    if let Some(sq) = (pos.by_kind(PieceKind::Pawn) & edge).next() {
        return Err(FenError::PawnOnEdge(sq));
    }
    Ok(())
}

/// The king that castling rights of `color` refer to: the own king on the
/// back rank, or where `castling` allows it (kings convert) any king there.
fn castling_king(pos: &Position, color: Color, castling: CastlingPieces) -> Option<Square> {
    let back = Bitboard::rank(color.back_rank());
    let own = pos.pieces(color, PieceKind::King) & back;
    if own.nonempty() {
        return Some(own.lsb());
    }
    let any = pos.by_kind(PieceKind::King) & back;
    (castling == CastlingPieces::EitherColour && any.nonempty()).then(|| any.lsb())
}

fn parse_castling(
    pos: &Position,
    field: &str,
    castling: CastlingPieces,
) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::default();
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        let king = castling_king(pos, color, castling)
            .ok_or(FenError::CastlingWithoutKing { right: c, color })?;
        let rooks = match castling {
            CastlingPieces::Own => pos.pieces(color, PieceKind::Rook),
            CastlingPieces::EitherColour => pos.by_kind(PieceKind::Rook),
        } & Bitboard::rank(rank);
        let lower = c.to_ascii_lowercase();
        let rook = match lower {
            'k' => {
                let beyond = rooks.filter(|s| s.file() > king.file()).last();
                beyond.ok_or(FenError::CastlingWithoutRook {
                    right: c,
                    side: 'h',
                })?
            }
            'q' => {
                let beyond = rooks.into_iter().find(|s| s.file() < king.file());
                beyond.ok_or(FenError::CastlingWithoutRook {
                    right: c,
                    side: 'a',
                })?
            }
            'a'..='h' => {
                let sq = Square::from_coords(lower as u8 - b'a', rank);
                if !rooks.contains(sq) {
                    return Err(FenError::CastlingRookMissing {
                        right: c,
                        square: sq,
                    });
                }
                if sq.file() == king.file() {
                    return Err(FenError::CastlingKingFile(c));
                }
                sq
            }
            _ => return Err(FenError::CastlingLetter(c)),
        };
        let side = usize::from(rook.file() < king.file());
        if rights.rook(color, side).is_some_and(|r| r != rook) {
            return Err(FenError::CastlingTwice(field.to_string()));
        }
        rights.set(color, king.file(), rook);
    }
    Ok(rights)
}

/// The en passant field: `-` or a square (whether the square stands is
/// for the rules to say).
fn parse_en_passant(field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    Square::parse(field)
        .map(Some)
        .ok_or_else(|| FenError::EnPassantField(field.to_string()))
}

fn castling_string(rights: &CastlingRights) -> String {
    let mut s = String::new();
    for (color, _, rook) in rights.iter() {
        let standard = rights.king_file(color) == 4 && (rook.file() == 7 || rook.file() == 0);
        let c = if standard {
            if rook.file() == 7 {
                'k'
            } else {
                'q'
            }
        } else {
            (b'a' + rook.file()) as char
        };
        s.push(match color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        });
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}
