//! A deliberately simple, slow reference move generator, written straight
//! from `docs/rules.md` sections 1-4 (chess, pacifist, pacifist2, subversion).
//!
//! It shares no code with the engine (`src/`): a mailbox board of 64
//! squares, its own FEN reader and writer, and a literal transcription of
//! the rules. Clarity over speed: every child position is built on a copy
//! of the board and legality is always judged on the resulting board.
//!
//! Squares are numbered `rank * 8 + file` (a1 = 0, b1 = 1, ..., h8 = 63),
//! which is also the (rank, file) order used for subversion payments.

#![allow(dead_code)]

use std::fmt::Write as _;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
    /// The rank (0-based) of this colour's back rank.
    fn back_rank(self) -> i32 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
    /// The rank a pawn of this colour starts on (may advance two squares).
    fn pawn_start_rank(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }
    /// The rank a pawn of this colour promotes on.
    fn promotion_rank(self) -> i32 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
    /// Rank direction in which this colour's pawns move.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    /// Piece values of docs/rules.md §3 (pacifist2).
    fn value(self) -> u32 {
        match self {
            Kind::Pawn => 1,
            Kind::Knight => 3,
            Kind::Bishop => 3,
            Kind::Rook => 5,
            Kind::Queen => 9,
            Kind::King => 1000,
        }
    }
    fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }
    fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_lowercase() {
            'p' => Some(Kind::Pawn),
            'n' => Some(Kind::Knight),
            'b' => Some(Kind::Bishop),
            'r' => Some(Kind::Rook),
            'q' => Some(Kind::Queen),
            'k' => Some(Kind::King),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rules {
    Chess,
    Pacifist,
    Pacifist2,
    Subversion,
}

impl Rules {
    pub fn from_name(name: &str) -> Result<Rules, String> {
        match name {
            "chess" => Ok(Rules::Chess),
            "pacifist" => Ok(Rules::Pacifist),
            "pacifist2" => Ok(Rules::Pacifist2),
            "subversion" => Ok(Rules::Subversion),
            _ => Err(format!("unknown variant {name:?}")),
        }
    }
    fn is_pacifist(self) -> bool {
        matches!(self, Rules::Pacifist | Rules::Pacifist2)
    }
}

pub type Piece = (Color, Kind);
pub type Board = [Option<Piece>; 64];

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

fn square(file: i32, rank: i32) -> Option<usize> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

fn file_of(s: usize) -> i32 {
    (s % 8) as i32
}

fn rank_of(s: usize) -> i32 {
    (s / 8) as i32
}

fn offset(s: usize, df: i32, dr: i32) -> Option<usize> {
    square(file_of(s) + df, rank_of(s) + dr)
}

fn square_name(s: usize) -> String {
    format!(
        "{}{}",
        (b'a' + file_of(s) as u8) as char,
        (b'1' + rank_of(s) as u8) as char
    )
}

fn parse_square(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    square(b[0] as i32 - 'a' as i32, b[1] as i32 - '1' as i32)
}

fn adjacent(a: usize, b: usize) -> bool {
    a != b && (file_of(a) - file_of(b)).abs() <= 1 && (rank_of(a) - rank_of(b)).abs() <= 1
}

/// Every piece attacking square `s` (the piece on `s` itself never counts).
///
/// Knights, kings and pawns attack as in chess (a white pawn attacks the two
/// squares diagonally in front of it, a black pawn those below it). Sliders:
/// walk outward from `s` in each direction; the first piece met must be a
/// queen or a rook (orthogonal) / bishop (diagonal), otherwise the direction
/// gives nothing. With `batteries` (docs/rules.md §2.2) the walk goes on through
/// further compatible pieces of the same colour; without, only the first
/// piece counts (orthodox attacks).
fn attackers(board: &Board, s: usize, batteries: bool) -> Vec<(usize, Piece)> {
    let mut out = Vec::new();
    for (df, dr) in KNIGHT_JUMPS {
        if let Some(t) = offset(s, df, dr) {
            if let Some(p @ (_, Kind::Knight)) = board[t] {
                out.push((t, p));
            }
        }
    }
    for (df, dr) in KING_STEPS {
        if let Some(t) = offset(s, df, dr) {
            if let Some(p @ (_, Kind::King)) = board[t] {
                out.push((t, p));
            }
        }
    }
    for df in [-1, 1] {
        // A white pawn one rank below `s`, a black pawn one rank above.
        if let Some(t) = offset(s, df, -1) {
            if let Some(p @ (Color::White, Kind::Pawn)) = board[t] {
                out.push((t, p));
            }
        }
        if let Some(t) = offset(s, df, 1) {
            if let Some(p @ (Color::Black, Kind::Pawn)) = board[t] {
                out.push((t, p));
            }
        }
    }
    for (directions, slider) in [(ORTHOGONAL, Kind::Rook), (DIAGONAL, Kind::Bishop)] {
        for (df, dr) in directions {
            let mut ray_color: Option<Color> = None;
            let mut t = s;
            while let Some(next) = offset(t, df, dr) {
                t = next;
                let Some((color, kind)) = board[t] else {
                    continue;
                };
                let compatible = kind == Kind::Queen || kind == slider;
                match ray_color {
                    None => {
                        if !compatible {
                            break;
                        }
                        ray_color = Some(color);
                        out.push((t, (color, kind)));
                        if !batteries {
                            break;
                        }
                    }
                    Some(rc) => {
                        if !compatible || color != rc {
                            break;
                        }
                        out.push((t, (color, kind)));
                    }
                }
            }
        }
    }
    out
}

/// Orthodox attack: does a piece of colour `by` attack `s`?
fn attacked_by(board: &Board, s: usize, by: Color) -> bool {
    attackers(board, s, false)
        .iter()
        .any(|&(_, (color, _))| color == by)
}

/// Pacifist influence of colour `color` on `s` (docs/rules.md §2.2, batteries
/// included): number of attackers, or in pacifist2 the sum of their values.
fn influence(board: &Board, s: usize, color: Color, rules: Rules) -> u32 {
    attackers(board, s, true)
        .iter()
        .filter(|&&(_, (c, _))| c == color)
        .map(|&(_, (_, kind))| {
            if rules == Rules::Pacifist2 {
                kind.value()
            } else {
                1
            }
        })
        .sum()
}

/// A piece is over-persuaded when persuasion (opponent's influence on its
/// square) exceeds support (its own side's influence).
fn over_persuaded(board: &Board, s: usize, rules: Rules) -> bool {
    let (color, _) = board[s].expect("over_persuaded on an empty square");
    influence(board, s, color.other(), rules) > influence(board, s, color, rules)
}

/// Conversion cascade of docs/rules.md §2.3 after a move by `mover`; returns the
/// number of conversions.
fn cascade(board: &mut Board, mover: Color, rules: Rules) -> usize {
    let mut converted = 0;
    loop {
        let persuaded: Vec<usize> = (0..64)
            .filter(|&s| matches!(board[s], Some((c, _)) if c == mover.other()))
            .filter(|&s| over_persuaded(board, s, rules))
            .collect();
        if persuaded.is_empty() {
            return converted;
        }
        for &s in &persuaded {
            let (_, kind) = board[s].unwrap();
            board[s] = Some((mover, kind));
        }
        converted += persuaded.len();
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pos {
    pub rules: Rules,
    pub board: Board,
    pub side: Color,
    /// Castling rights: (colour, square of the castling rook).
    pub rights: Vec<(Color, usize)>,
    /// King-start file of each colour (known while it has rights).
    pub king_file: [Option<i32>; 2],
    pub ep: Option<usize>,
    pub halfmove: u32,
    pub fullmove: u32,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Any ordinary move: pushes, captures, en passant, promotions.
    Normal {
        from: usize,
        to: usize,
        promotion: Option<Kind>,
    },
    /// Castling: the king's square and the castling rook's square.
    Castle { king: usize, rook: usize },
    /// Subversion of the piece on `target`, paid with the pieces on
    /// `payment` (sorted squares).
    Subvert { target: usize, payment: Vec<usize> },
}

impl Move {
    /// UCI in Chess960 style; subversions as `@` + target + payment.
    pub fn name(&self) -> String {
        match self {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let mut s = square_name(*from) + &square_name(*to);
                if let Some(k) = promotion {
                    s.push(k.letter());
                }
                s
            }
            Move::Castle { king, rook } => square_name(*king) + &square_name(*rook),
            Move::Subvert { target, payment } => {
                let mut s = format!("@{}", square_name(*target));
                for &p in payment {
                    s += &square_name(p);
                }
                s
            }
        }
    }
}

/// Reads a FEN (six fields; the last two may be missing).
pub fn parse_fen(fen: &str, rules: Rules) -> Result<Pos, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!("FEN needs 4 to 6 fields: {fen:?}"));
    }
    let mut board: Board = [None; 64];
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 8 {
        return Err(format!("placement needs 8 ranks: {fen:?}"));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as i32;
        let mut file = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as i32;
            } else {
                let kind = Kind::from_letter(c).ok_or(format!("bad piece {c:?}"))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let s = square(file, rank).ok_or(format!("rank too long: {row:?}"))?;
                board[s] = Some((color, kind));
                file += 1;
            }
        }
        if file != 8 {
            return Err(format!("rank of wrong length: {row:?}"));
        }
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("bad side {other:?}")),
    };

    // Castling rights.
    let mut rights: Vec<(Color, usize)> = Vec::new();
    let mut king_file: [Option<i32>; 2] = [None, None];
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let rank = color.back_rank();
            // King-start file: this colour's king on its back rank; in the
            // pacifist variants, failing that, any king on that rank.
            let own_king =
                (0..8).find(|&f| board[square(f, rank).unwrap()] == Some((color, Kind::King)));
            let any_king =
                (0..8).find(|&f| matches!(board[square(f, rank).unwrap()], Some((_, Kind::King))));
            let kf = if rules.is_pacifist() {
                own_king.or(any_king)
            } else {
                own_king
            }
            .ok_or(format!(
                "castling right {c:?} without a king on the back rank"
            ))?;
            let is_rook = |f: i32| match board[square(f, rank).unwrap()] {
                Some((col, Kind::Rook)) => rules.is_pacifist() || col == color,
                _ => false,
            };
            let rook_file = match c.to_ascii_lowercase() {
                'k' => (kf + 1..8).rev().find(|&f| is_rook(f)),
                'q' => (0..kf).find(|&f| is_rook(f)),
                l @ 'a'..='h' => Some(l as i32 - 'a' as i32),
                _ => return Err(format!("bad castling letter {c:?}")),
            }
            .ok_or(format!("castling right {c:?} without its rook"))?;
            let right = (color, square(rook_file, rank).unwrap());
            if !rights.contains(&right) {
                rights.push(right);
            }
            king_file[color.index()] = Some(kf);
        }
    }

    let ep = match fields[3] {
        "-" => None,
        text => Some(parse_square(text).ok_or(format!("bad en passant square {text:?}"))?),
    };
    let ep = if rules.is_pacifist() { None } else { ep };
    let halfmove = match fields.get(4) {
        Some(t) => t.parse().map_err(|_| format!("bad halfmove clock {t:?}"))?,
        None => 0,
    };
    let fullmove = match fields.get(5) {
        Some(t) => t
            .parse()
            .map_err(|_| format!("bad fullmove number {t:?}"))?,
        None => 1,
    };
    Ok(Pos {
        rules,
        board,
        side,
        rights,
        king_file,
        ep,
        halfmove,
        fullmove,
    })
}

/// Writes the canonical FEN (see the module tests for the format).
pub fn to_fen(pos: &Pos) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match pos.board[square(file, rank).unwrap()] {
                None => empty += 1,
                Some((color, kind)) => {
                    if empty > 0 {
                        write!(out, "{empty}").unwrap();
                        empty = 0;
                    }
                    let c = kind.letter();
                    out.push(if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    });
                }
            }
        }
        if empty > 0 {
            write!(out, "{empty}").unwrap();
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if pos.side == Color::White { 'w' } else { 'b' });
    out.push(' ');
    let mut castling = String::new();
    for color in [Color::White, Color::Black] {
        let kf = pos.king_file[color.index()].unwrap_or(4);
        let mut files: Vec<i32> = pos
            .rights
            .iter()
            .filter(|&&(c, _)| c == color)
            .map(|&(_, s)| file_of(s))
            .collect();
        // The right on the side of the greater files first, then the other.
        files.sort_by_key(|&f| (f < kf, -f));
        for f in files {
            let letter = if kf == 4 && f == 7 {
                'k'
            } else if kf == 4 && f == 0 {
                'q'
            } else {
                (b'a' + f as u8) as char
            };
            castling.push(if color == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    out += &castling;
    out.push(' ');
    match pos.ep {
        Some(s) => out += &square_name(s),
        None => out.push('-'),
    }
    write!(out, " {} {}", pos.halfmove, pos.fullmove).unwrap();
    out
}

impl Pos {
    fn king_start(&self, color: Color) -> Option<usize> {
        self.king_file[color.index()].and_then(|f| square(f, color.back_rank()))
    }

    fn squares_of(&self, color: Color) -> Vec<usize> {
        (0..64)
            .filter(|&s| matches!(self.board[s], Some((c, _)) if c == color))
            .collect()
    }

    fn kings_of(board: &Board, color: Color) -> Vec<usize> {
        (0..64)
            .filter(|&s| board[s] == Some((color, Kind::King)))
            .collect()
    }

    /// The common part of every child: side to move, fullmove number.
    fn next(&self, board: Board) -> Pos {
        Pos {
            rules: self.rules,
            board,
            side: self.side.other(),
            rights: self.rights.clone(),
            king_file: self.king_file,
            ep: None,
            halfmove: self.halfmove + 1,
            fullmove: if self.side == Color::Black {
                self.fullmove + 1
            } else {
                self.fullmove
            },
        }
    }

    fn drop_rights(&mut self, lost: impl Fn(Color, usize) -> bool) {
        self.rights.retain(|&(c, s)| !lost(c, s));
    }

    /// Chess and subversion: is the side to move in check in `board`?
    fn king_attacked(board: &Board, color: Color) -> bool {
        Pos::kings_of(board, color)
            .iter()
            .any(|&k| attacked_by(board, k, color.other()))
    }

    /// Every legal move with its child position, sorted by move name.
    pub fn legal(&self) -> Vec<(Move, Pos)> {
        let mut out = match self.rules {
            Rules::Chess => self.orthodox_moves(),
            Rules::Subversion => {
                let mut moves = self.orthodox_moves();
                let subversions = self.subversions(moves.is_empty());
                moves.extend(subversions);
                moves
            }
            Rules::Pacifist | Rules::Pacifist2 => self.pacifist_moves(),
        };
        out.sort_by_key(|(m, _)| m.name());
        out
    }

    // ------------------------------------------------------------------
    // Chess (docs/rules.md §1) and the ordinary moves of subversion (docs/rules.md §4).

    fn orthodox_moves(&self) -> Vec<(Move, Pos)> {
        let us = self.side;
        let them = us.other();
        let mut targets: Vec<Move> = Vec::new();
        for from in self.squares_of(us) {
            let (_, kind) = self.board[from].unwrap();
            let mut add = |to: usize| {
                let promoting = kind == Kind::Pawn && rank_of(to) == us.promotion_rank();
                if promoting {
                    for k in PROMOTIONS {
                        targets.push(Move::Normal {
                            from,
                            to,
                            promotion: Some(k),
                        });
                    }
                } else {
                    targets.push(Move::Normal {
                        from,
                        to,
                        promotion: None,
                    });
                }
            };
            let enemy_or_empty = |t: usize| !matches!(self.board[t], Some((c, _)) if c == us);
            match kind {
                Kind::Pawn => {
                    let d = us.forward();
                    if let Some(one) = offset(from, 0, d) {
                        if self.board[one].is_none() {
                            add(one);
                            if rank_of(from) == us.pawn_start_rank() {
                                let two = offset(from, 0, 2 * d).unwrap();
                                if self.board[two].is_none() {
                                    add(two);
                                }
                            }
                        }
                    }
                    for df in [-1, 1] {
                        let Some(to) = offset(from, df, d) else {
                            continue;
                        };
                        match self.board[to] {
                            Some((c, _)) if c == them => add(to),
                            None if self.ep == Some(to) => {
                                let victim = square(file_of(to), rank_of(from)).unwrap();
                                if self.board[victim] == Some((them, Kind::Pawn)) {
                                    add(to);
                                }
                            }
                            _ => {}
                        }
                    }
                }
                Kind::Knight | Kind::King => {
                    let steps = if kind == Kind::Knight {
                        KNIGHT_JUMPS
                    } else {
                        KING_STEPS
                    };
                    for (df, dr) in steps {
                        if let Some(to) = offset(from, df, dr) {
                            if enemy_or_empty(to) {
                                add(to);
                            }
                        }
                    }
                }
                Kind::Bishop | Kind::Rook | Kind::Queen => {
                    for (df, dr) in slider_directions(kind) {
                        let mut t = from;
                        while let Some(next) = offset(t, df, dr) {
                            t = next;
                            if enemy_or_empty(t) {
                                add(t);
                            }
                            if self.board[t].is_some() {
                                break;
                            }
                        }
                    }
                }
            }
        }

        let mut out = Vec::new();
        for m in targets {
            let Move::Normal {
                from,
                to,
                promotion,
            } = m
            else {
                unreachable!()
            };
            let child = self.play_orthodox(from, to, promotion);
            if !Pos::king_attacked(&child.board, us) {
                out.push((m, child));
            }
        }
        for (m, child) in self.orthodox_castling() {
            if !Pos::king_attacked(&child.board, us) {
                out.push((m, child));
            }
        }
        out
    }

    fn play_orthodox(&self, from: usize, to: usize, promotion: Option<Kind>) -> Pos {
        let us = self.side;
        let them = us.other();
        let mut board = self.board;
        let (_, kind) = board[from].unwrap();
        let mut capture = board[to].is_some();
        if kind == Kind::Pawn && file_of(from) != file_of(to) && board[to].is_none() {
            // En passant: the captured pawn stands beside the capturing one.
            board[square(file_of(to), rank_of(from)).unwrap()] = None;
            capture = true;
        }
        board[to] = Some((us, promotion.unwrap_or(kind)));
        board[from] = None;
        let mut child = self.next(board);
        if kind == Kind::Pawn || capture {
            child.halfmove = 0;
        }
        if kind == Kind::Pawn && (rank_of(to) - rank_of(from)).abs() == 2 {
            let neighbour_pawn = [-1, 1].iter().any(|&df| {
                offset(to, df, 0).is_some_and(|t| child.board[t] == Some((them, Kind::Pawn)))
            });
            if neighbour_pawn {
                child.ep = square(file_of(from), (rank_of(from) + rank_of(to)) / 2);
            }
        }
        if kind == Kind::King {
            child.drop_rights(|c, _| c == us);
        }
        child.drop_rights(|_, s| s == from || s == to);
        child
    }

    /// Chess960 castling (docs/rules.md §1): king to the g/c file, rook to f/d.
    fn orthodox_castling(&self) -> Vec<(Move, Pos)> {
        let us = self.side;
        let them = us.other();
        let mut out = Vec::new();
        let Some(king) = self.king_start(us) else {
            return out;
        };
        if self.board[king] != Some((us, Kind::King)) {
            return out;
        }
        for &(c, rook) in &self.rights {
            if c != us || self.board[rook] != Some((us, Kind::Rook)) {
                continue;
            }
            let (king_to, rook_to) = castling_destinations(king, rook, us);
            // Every square the king or the rook crosses or lands on is empty
            // (apart from the king and rook themselves).
            let mut squares = span(king, king_to);
            squares.extend(span(rook, rook_to));
            if squares
                .iter()
                .any(|&s| s != king && s != rook && self.board[s].is_some())
            {
                continue;
            }
            // The king is not in check and passes no attacked square (judged
            // with the king and rook lifted off the board).
            let mut lifted = self.board;
            lifted[king] = None;
            lifted[rook] = None;
            if span(king, king_to)
                .iter()
                .any(|&s| attacked_by(&lifted, s, them))
            {
                continue;
            }
            let mut board = lifted;
            board[king_to] = Some((us, Kind::King));
            board[rook_to] = Some((us, Kind::Rook));
            let mut child = self.next(board);
            child.drop_rights(|c, s| c == us || s == king || s == rook);
            out.push((Move::Castle { king, rook }, child));
        }
        out
    }

    // ------------------------------------------------------------------
    // Subversion (docs/rules.md §4.1, §4.2).

    fn subversions(&self, no_ordinary_move: bool) -> Vec<(Move, Pos)> {
        let us = self.side;
        let them = us.other();
        let mut out = Vec::new();
        let my_kings = Pos::kings_of(&self.board, us);
        let their_kings = Pos::kings_of(&self.board, them);
        let checkers: Vec<usize> = my_kings
            .iter()
            .flat_map(|&k| attackers(&self.board, k, false))
            .filter(|&(_, (c, _))| c == them)
            .map(|(s, _)| s)
            .collect();
        // 4.1.5: in double check a subversion is never legal.
        if checkers.len() >= 2 {
            return out;
        }
        // 4.1.6: a checkmated side has no subversion.
        if !checkers.is_empty() && no_ordinary_move {
            return out;
        }
        let mine = |kinds: &[Kind]| -> Vec<usize> {
            (0..64)
                .filter(|&s| matches!(self.board[s], Some((c, k)) if c == us && kinds.contains(&k)))
                .collect()
        };
        let pawns = mine(&[Kind::Pawn]);
        let minors = mine(&[Kind::Knight, Kind::Bishop]);
        let heavy = mine(&[Kind::Rook, Kind::Queen]);
        let officers = mine(&[Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen]);

        for target in 0..64 {
            let Some((c, kind)) = self.board[target] else {
                continue;
            };
            // 4.1.1: an enemy piece, not a king.
            if c != them || kind == Kind::King {
                continue;
            }
            // 4.1.2: not next to its own king.
            if their_kings.iter().any(|&k| adjacent(k, target)) {
                continue;
            }
            // 4.1.4: the payments.
            let gives_check = checkers.contains(&target);
            let mut payments: Vec<Vec<usize>> = Vec::new();
            if !gives_check {
                payments.extend(pawns.iter().map(|&p| vec![p]));
            } else {
                match kind {
                    Kind::Pawn | Kind::Knight | Kind::Bishop => {
                        payments.extend(officers.iter().map(|&o| vec![o]));
                    }
                    Kind::Rook => {
                        payments.extend(heavy.iter().map(|&o| vec![o]));
                        payments.extend(subsets(&minors, 2));
                        if !pawns.is_empty() {
                            for &m in &minors {
                                let mut pay = pawns.clone();
                                pay.push(m);
                                payments.push(pay);
                            }
                        }
                    }
                    Kind::Queen => {
                        payments.extend(subsets(&officers, 3));
                        if !pawns.is_empty() {
                            for mut pay in subsets(&officers, 2) {
                                pay.extend(pawns.iter().copied());
                                payments.push(pay);
                            }
                        }
                    }
                    Kind::King => unreachable!(),
                }
            }
            for mut payment in payments {
                payment.sort();
                let mut board = self.board;
                for &p in &payment {
                    board[p] = None;
                }
                // 4.1.3: a non-pawn man of ours next to the target remains.
                let subverter = KING_STEPS.iter().any(|&(df, dr)| {
                    offset(target, df, dr).is_some_and(
                        |s| matches!(board[s], Some((c, k)) if c == us && k != Kind::Pawn),
                    )
                });
                if !subverter {
                    continue;
                }
                board[target] = Some((us, kind));
                // 4.1.5: our king is not in check afterwards.
                if Pos::king_attacked(&board, us) {
                    continue;
                }
                let mut child = self.next(board);
                child.halfmove = 0;
                child.drop_rights(|_, s| s == target || payment.contains(&s));
                out.push((Move::Subvert { target, payment }, child));
            }
        }
        out
    }

    // ------------------------------------------------------------------
    // Pacifist and pacifist2 (docs/rules.md §2, §3).

    fn pacifist_moves(&self) -> Vec<(Move, Pos)> {
        let us = self.side;
        let them = us.other();
        let rules = self.rules;
        let mut moves: Vec<Move> = Vec::new();
        for from in self.squares_of(us) {
            let (_, kind) = self.board[from].unwrap();
            let mut add = |to: usize| {
                if kind == Kind::Pawn && rank_of(to) == us.promotion_rank() {
                    for k in PROMOTIONS {
                        moves.push(Move::Normal {
                            from,
                            to,
                            promotion: Some(k),
                        });
                    }
                } else {
                    moves.push(Move::Normal {
                        from,
                        to,
                        promotion: None,
                    });
                }
            };
            match kind {
                Kind::Pawn => {
                    // Pawns only push; never capture.
                    let d = us.forward();
                    if let Some(one) = offset(from, 0, d) {
                        if self.board[one].is_none() {
                            add(one);
                            if rank_of(from) == us.pawn_start_rank() {
                                let two = offset(from, 0, 2 * d).unwrap();
                                // §2.4: the passed-over square must not be
                                // over-persuaded for the mover.
                                let passed_ok = influence(&self.board, one, them, rules)
                                    <= influence(&self.board, one, us, rules);
                                if self.board[two].is_none() && passed_ok {
                                    add(two);
                                }
                            }
                        }
                    }
                }
                Kind::Knight | Kind::King => {
                    let steps = if kind == Kind::Knight {
                        KNIGHT_JUMPS
                    } else {
                        KING_STEPS
                    };
                    for (df, dr) in steps {
                        if let Some(to) = offset(from, df, dr) {
                            if self.board[to].is_none() {
                                add(to);
                            }
                        }
                    }
                }
                Kind::Bishop | Kind::Rook | Kind::Queen => {
                    for (df, dr) in slider_directions(kind) {
                        let mut t = from;
                        while let Some(next) = offset(t, df, dr) {
                            t = next;
                            if self.board[t].is_some() {
                                break;
                            }
                            add(t);
                        }
                    }
                }
            }
        }

        let mut out = Vec::new();
        for m in moves {
            let Move::Normal {
                from,
                to,
                promotion,
            } = m
            else {
                unreachable!()
            };
            let mut board = self.board;
            let (_, kind) = board[from].unwrap();
            board[to] = Some((us, promotion.unwrap_or(kind)));
            board[from] = None;
            if let Some(child) = self.pacifist_finish(board, &[from], &[to], kind == Kind::Pawn) {
                out.push((m, child));
            }
        }
        out.extend(self.pacifist_castling());
        out
    }

    /// After the piece(s) moved: cascade (§2.3), legality (§2.4), clocks and
    /// castling rights (§2.6: all of X's rights go when a move starts from
    /// X's king-start square; a right goes when a move starts or ends on its
    /// rook square; conversion does not remove a right).
    fn pacifist_finish(
        &self,
        mut board: Board,
        starts: &[usize],
        ends: &[usize],
        pawn_move: bool,
    ) -> Option<Pos> {
        let us = self.side;
        let converted = cascade(&mut board, us, self.rules);
        let legal = Pos::kings_of(&board, us)
            .iter()
            .any(|&k| !over_persuaded(&board, k, self.rules));
        if !legal {
            return None;
        }
        let mut child = self.next(board);
        if pawn_move || converted > 0 {
            child.halfmove = 0;
        }
        for color in [Color::White, Color::Black] {
            if let Some(ks) = self.king_start(color) {
                if starts.contains(&ks) {
                    child.drop_rights(|c, _| c == color);
                }
            }
        }
        child.drop_rights(|_, s| starts.contains(&s) || ends.contains(&s));
        Some(child)
    }

    /// Castling in the pacifist variants (docs/rules.md §2.6).
    fn pacifist_castling(&self) -> Vec<(Move, Pos)> {
        let us = self.side;
        let them = us.other();
        let mut out = Vec::new();
        let Some(king) = self.king_start(us) else {
            return out;
        };
        // S's own king stands on its start square.
        if self.board[king] != Some((us, Kind::King)) {
            return out;
        }
        for &(c, rook) in &self.rights {
            // S's own piece stands on the rook's square.
            if c != us || !matches!(self.board[rook], Some((col, _)) if col == us) {
                continue;
            }
            let (king_to, rook_to) = castling_destinations(king, rook, us);
            // The king's square, and every square up to but excluding its
            // destination: no plain enemy attack, no piece but the castling
            // king and rook.
            let path: Vec<usize> = span(king, king_to)
                .into_iter()
                .filter(|&s| s == king || s != king_to)
                .collect();
            if path.iter().any(|&s| {
                (s != king && s != rook && self.board[s].is_some())
                    || attacked_by(&self.board, s, them)
            }) {
                continue;
            }
            // Squares strictly between king and rook are empty.
            if span(king, rook)
                .iter()
                .any(|&s| s != king && s != rook && self.board[s].is_some())
            {
                continue;
            }
            // Destinations are empty or hold only the castling king/rook.
            if [king_to, rook_to]
                .iter()
                .any(|&s| s != king && s != rook && self.board[s].is_some())
            {
                continue;
            }
            let mut board = self.board;
            let rook_piece = board[rook];
            board[king] = None;
            board[rook] = None;
            board[king_to] = Some((us, Kind::King));
            board[rook_to] = rook_piece;
            if let Some(child) =
                self.pacifist_finish(board, &[king, rook], &[king_to, rook_to], false)
            {
                out.push((Move::Castle { king, rook }, child));
            }
        }
        out
    }
}

fn slider_directions(kind: Kind) -> Vec<(i32, i32)> {
    match kind {
        Kind::Bishop => DIAGONAL.to_vec(),
        Kind::Rook => ORTHOGONAL.to_vec(),
        _ => KING_STEPS.to_vec(),
    }
}

/// Chess960 destinations: king to g, rook to f when the rook is on the
/// king's greater-file side; king to c, rook to d otherwise.
fn castling_destinations(king: usize, rook: usize, color: Color) -> (usize, usize) {
    let rank = color.back_rank();
    if file_of(rook) > file_of(king) {
        (square(6, rank).unwrap(), square(5, rank).unwrap())
    } else {
        (square(2, rank).unwrap(), square(3, rank).unwrap())
    }
}

/// The squares of one rank from `a` to `b`, both included.
fn span(a: usize, b: usize) -> Vec<usize> {
    let rank = rank_of(a);
    let (lo, hi) = (file_of(a).min(file_of(b)), file_of(a).max(file_of(b)));
    (lo..=hi).map(|f| square(f, rank).unwrap()).collect()
}

/// All subsets of `items` with `n` elements (n = 2 or 3).
fn subsets(items: &[usize], n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for i in 0..items.len() {
        for j in i + 1..items.len() {
            if n == 2 {
                out.push(vec![items[i], items[j]]);
            } else {
                for k in j + 1..items.len() {
                    out.push(vec![items[i], items[j], items[k]]);
                }
            }
        }
    }
    out
}

/// Every legal move of the position as (move, canonical FEN of the child),
/// sorted.
pub fn children(fen: &str, variant: &str) -> Result<Vec<(String, String)>, String> {
    let pos = parse_fen(fen, Rules::from_name(variant)?)?;
    let mut out: Vec<(String, String)> = pos
        .legal()
        .iter()
        .map(|(m, child)| (m.name(), to_fen(child)))
        .collect();
    out.sort();
    Ok(out)
}

fn perft_pos(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|(_, c)| perft_pos(c, depth - 1)).sum()
}

/// Number of leaf nodes `depth` plies below the position.
pub fn perft(fen: &str, variant: &str, depth: u32) -> Result<u64, String> {
    Ok(perft_pos(
        &parse_fen(fen, Rules::from_name(variant)?)?,
        depth,
    ))
}

/// Perft below every legal move (move name, count), sorted by move name.
pub fn divide(fen: &str, variant: &str, depth: u32) -> Result<Vec<(String, u64)>, String> {
    let pos = parse_fen(fen, Rules::from_name(variant)?)?;
    Ok(pos
        .legal()
        .iter()
        .map(|(m, c)| (m.name(), perft_pos(c, depth.saturating_sub(1))))
        .collect())
}
