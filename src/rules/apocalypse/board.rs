//! The 5x5 Apocalypse board (docs/rules.md §5.1): one 25-bit set per colour and
//! kind (pawns = footmen, knights = horsemen), the penalty points, and
//! the FEN `<placement> w <penalties> <turn>`.

use crate::board::fen::{read_placement, PlacementError};
use crate::board::Color;
use std::fmt;

pub const SIZE: i8 = 5;

/// A square, `a1 = 0` .. `e5 = 24`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(pub u8);

impl Sq {
    pub fn new(file: i8, rank: i8) -> Option<Sq> {
        ((0..SIZE).contains(&file) && (0..SIZE).contains(&rank))
            .then(|| Sq((rank * SIZE + file) as u8))
    }
    pub fn file(self) -> i8 {
        (self.0 % 5) as i8
    }
    pub fn rank(self) -> i8 {
        (self.0 / 5) as i8
    }
    pub fn bit(self) -> u32 {
        1 << self.0
    }
    pub fn offset(self, df: i8, dr: i8) -> Option<Sq> {
        Sq::new(self.file() + df, self.rank() + dr)
    }
    pub fn parse(s: &str) -> Option<Sq> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Sq::new(b[0].wrapping_sub(b'a') as i8, b[1].wrapping_sub(b'1') as i8)
    }
    pub fn all() -> impl Iterator<Item = Sq> {
        (0..25).map(Sq)
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            (b'1' + self.rank() as u8) as char
        )
    }
}

/// Iterates the squares of a 25-bit set.
pub fn squares(mut set: u32) -> impl Iterator<Item = Sq> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = Sq(set.trailing_zeros() as u8);
            set &= set - 1;
            s
        })
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Pawn = 0,
    Knight = 1,
}

/// The last rank of a colour's pawns (where they promote).
pub fn last_rank(c: Color) -> i8 {
    match c {
        Color::White => SIZE - 1,
        Color::Black => 0,
    }
}

/// The state at the start of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ApocalypsePosition {
    /// `pieces[color][kind]`
    pub(crate) pieces: [[u32; 2]; 2],
    pub(crate) penalties: [u8; 2],
    pub(crate) turn: u32,
}

/// What is wrong with an apocalypse FEN (docs/rules.md §5.1): the field,
/// and what is wrong with it. The orthodox-shaped FEN a chess GUI writes
/// ([`ApocalypsePosition::from_orthodox_fen`]) has faults of its own.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApocalypseFenError {
    #[error("an apocalypse FEN has 4 fields (placement, w, penalties, turn), found {0}")]
    Fields(usize),
    #[error("placement must have 5 ranks, found {0}")]
    Ranks(usize),
    #[error("bad empty-square count '{count}' on rank {rank}")]
    EmptyCount { count: char, rank: i8 },
    #[error("unknown piece letter '{letter}' on rank {rank} (only P, N, p, n)")]
    PieceLetter { letter: char, rank: i8 },
    #[error("rank {rank} has more than 5 squares")]
    RankTooLong { rank: i8 },
    #[error("rank {rank} has {squares} squares, expected 5")]
    RankTooShort { rank: i8, squares: i8 },
    /// docs/rules.md §5.1.3: a footman on its last rank has been promoted.
    #[error("pawn on its last rank ({0})")]
    PawnOnLastRank(Sq),
    /// docs/rules.md §5.1: both sides choose, and the FEN says `w`.
    #[error("the side field of an apocalypse FEN is always 'w', found '{0}'")]
    Side(String),
    /// docs/rules.md §5.1: each side's penalty points, 0 to 2.
    #[error("penalties must be two digits 0-2 (white, black), found '{0}'")]
    Penalties(String),
    #[error("turn number must be a number >= 1, found '{0}'")]
    Turn(String),
    /// An orthodox-shaped FEN whose side is not `w`.
    #[error("a turn starts with white to choose: the side field must be 'w', found '{0}'")]
    OrthodoxSide(String),
    #[error(
        "no castling and no en passant in apocalypse: fields 3 and 4 must be '-', found '{castling}' '{en_passant}'"
    )]
    OrthodoxCastlingOrEnPassant {
        castling: String,
        en_passant: String,
    },
    #[error("the halfmove clock must be a number, found '{0}'")]
    OrthodoxHalfmoveClock(String),
}

/// The man a placement letter stands for: `P`/`N` white, `p`/`n` black.
fn man_of_letter(c: char) -> Option<(Color, Kind)> {
    match c {
        'P' => Some((Color::White, Kind::Pawn)),
        'N' => Some((Color::White, Kind::Knight)),
        'p' => Some((Color::Black, Kind::Pawn)),
        'n' => Some((Color::Black, Kind::Knight)),
        _ => None,
    }
}

impl From<PlacementError> for ApocalypseFenError {
    fn from(e: PlacementError) -> ApocalypseFenError {
        let r = |rank: u8| rank as i8;
        match e {
            PlacementError::Ranks(n) => ApocalypseFenError::Ranks(n),
            PlacementError::EmptyCount { count, rank } => ApocalypseFenError::EmptyCount {
                count,
                rank: r(rank),
            },
            PlacementError::PieceLetter { letter, rank } => ApocalypseFenError::PieceLetter {
                letter,
                rank: r(rank),
            },
            PlacementError::RankTooLong { rank } => {
                ApocalypseFenError::RankTooLong { rank: r(rank) }
            }
            PlacementError::RankTooShort { rank, squares } => ApocalypseFenError::RankTooShort {
                rank: r(rank),
                squares: squares as i8,
            },
        }
    }
}

impl ApocalypsePosition {
    pub const START_FEN: &'static str = "npppn/p3p/5/P3P/NPPPN w 00 1";

    pub fn start() -> ApocalypsePosition {
        ApocalypsePosition::from_fen(Self::START_FEN).expect("start FEN")
    }

    pub fn pieces(&self, c: Color, k: Kind) -> u32 {
        self.pieces[c.index()][k as usize]
    }
    pub fn side(&self, c: Color) -> u32 {
        self.pieces[c.index()][0] | self.pieces[c.index()][1]
    }
    pub fn occupied(&self) -> u32 {
        self.side(Color::White) | self.side(Color::Black)
    }
    pub fn penalties(&self, c: Color) -> u8 {
        self.penalties[c.index()]
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn piece_at(&self, sq: Sq) -> Option<(Color, Kind)> {
        for c in Color::ALL {
            for k in [Kind::Pawn, Kind::Knight] {
                if self.pieces(c, k) & sq.bit() != 0 {
                    return Some((c, k));
                }
            }
        }
        None
    }

    pub(crate) fn set(&mut self, sq: Sq, piece: Option<(Color, Kind)>) {
        for side in self.pieces.iter_mut() {
            for set in side.iter_mut() {
                *set &= !sq.bit();
            }
        }
        if let Some((c, k)) = piece {
            self.pieces[c.index()][k as usize] |= sq.bit();
        }
    }

    /// The part of the position that counts for repetition: placement and
    /// penalties (docs/rules.md §5.3.3), not the turn number.
    pub fn repetition_key(&self) -> ([[u32; 2]; 2], [u8; 2]) {
        (self.pieces, self.penalties)
    }

    /// Parses `<placement> w <penalties> <turn>` (docs/rules.md §5.1).
    /// The position from the orthodox-shaped FEN a GUI that knows only
    /// chess FENs writes (`placement w - - 0 N`, as XBoard sends it back
    /// after `setup`): white to choose, no penalty points (such a GUI
    /// cannot know them), turn N. A FEN of this variant's own 4 fields is
    /// read as [`ApocalypsePosition::from_fen`] reads it.
    pub fn from_orthodox_fen(fen: &str) -> Result<ApocalypsePosition, ApocalypseFenError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() != 6 {
            return ApocalypsePosition::from_fen(fen);
        }
        if f[1] != "w" {
            return Err(ApocalypseFenError::OrthodoxSide(f[1].to_string()));
        }
        if f[2] != "-" || f[3] != "-" {
            return Err(ApocalypseFenError::OrthodoxCastlingOrEnPassant {
                castling: f[2].to_string(),
                en_passant: f[3].to_string(),
            });
        }
        if f[4].parse::<u32>().is_err() {
            return Err(ApocalypseFenError::OrthodoxHalfmoveClock(f[4].to_string()));
        }
        ApocalypsePosition::from_fen(&format!("{} w 00 {}", f[0], f[5]))
    }

    pub fn from_fen(fen: &str) -> Result<ApocalypsePosition, ApocalypseFenError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() != 4 {
            return Err(ApocalypseFenError::Fields(f.len()));
        }
        let mut pos = ApocalypsePosition {
            pieces: [[0; 2]; 2],
            penalties: [0; 2],
            turn: 1,
        };
        let mut on_last_rank = None;
        read_placement(f[0], 5, man_of_letter, |file, rank, man| {
            let sq = Sq::new(file as i8, rank as i8).expect("within the 5x5 board");
            if man.1 == Kind::Pawn && rank as i8 == last_rank(man.0) {
                on_last_rank.get_or_insert(sq);
            }
            pos.set(sq, Some(man));
        })?;
        if let Some(sq) = on_last_rank {
            return Err(ApocalypseFenError::PawnOnLastRank(sq));
        }
        if f[1] != "w" {
            return Err(ApocalypseFenError::Side(f[1].to_string()));
        }
        let pen = f[2].as_bytes();
        if pen.len() != 2 || !pen.iter().all(|b| (b'0'..=b'2').contains(b)) {
            return Err(ApocalypseFenError::Penalties(f[2].to_string()));
        }
        pos.penalties = [pen[0] - b'0', pen[1] - b'0'];
        pos.turn = match f[3].parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => return Err(ApocalypseFenError::Turn(f[3].to_string())),
        };
        Ok(pos)
    }

    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..5).rev() {
            let mut empty = 0;
            for file in 0..5 {
                let sq = Sq::new(file, rank).expect("on board");
                match self.piece_at(sq) {
                    Some((c, k)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let ch = if k == Kind::Pawn { 'p' } else { 'n' };
                        s.push(if c == Color::White {
                            ch.to_ascii_uppercase()
                        } else {
                            ch
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        format!(
            "{s} w {}{} {}",
            self.penalties[0], self.penalties[1], self.turn
        )
    }
}
