//! A second, deliberately simple implementation of the `apocalypse` variant,
//! written from docs/rules.md §5 alone. It shares no code with
//! `turncoat::rules::apocalypse`: a 5x5 mailbox, its own FEN reader and
//! writer, its own candidate generator and its own resolution of a turn.
//! Clarity over speed: candidates carry their conditions as a plain list,
//! and a turn is resolved step by step in the order of docs/rules.md §5.3.

use std::fmt::Write as _;

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// docs/rules.md §5.1: white pawns move toward rank 5, black pawns toward rank 1.
    fn forward(self) -> i32 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The last rank of this side's pawns (0-based: rank 5 is 4).
    fn last_rank(self) -> usize {
        match self {
            Side::White => 4,
            Side::Black => 0,
        }
    }
}

/// docs/rules.md §5.1: knights ("horsemen") and pawns ("footmen") only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Knight,
    Pawn,
}

/// A square as (file, rank), both 0..5: `a1` is (0, 0), `e5` is (4, 4).
pub type Square = (usize, usize);

/// A board square in notation, `a1`..`e5`.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

/// `sq` moved by (df, dr), if still on the 5x5 board.
fn offset(sq: Square, df: i32, dr: i32) -> Option<Square> {
    let f = sq.0 as i32 + df;
    let r = sq.1 as i32 + dr;
    if (0..5).contains(&f) && (0..5).contains(&r) {
        Some((f as usize, r as usize))
    } else {
        None
    }
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..5).flat_map(|r| (0..5).map(move |f| (f, r)))
}

/// The end of a game (the engine's reason strings are not modelled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Win(Side),
    Draw,
}

/// docs/rules.md §5.2: the condition a speculative move puts on the opponent's
/// move of the same turn (each variant reads "the opponent's move ...").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// "the opponent's move ends on d" (a relocation ends on its
    /// relocation square, docs/rules.md §5.3.2).
    EndsOn(Square),
    /// "the opponent's move starts on f".
    StartsOn(Square),
    /// "the opponent's move ends on a square holding one of this side's
    /// knights" (at the start of the turn).
    EndsOnKnightOf(Side),
}

/// One candidate move of one side (docs/rules.md §5.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub side: Side,
    /// The kind of the moving piece before any promotion.
    pub kind: Kind,
    pub from: Square,
    /// Where the (first leg of the) move goes.
    pub to: Square,
    /// A relocation: where the promoting pawn is placed (docs/rules.md §5.2.6).
    pub relocation: Option<Square>,
    /// The pawn becomes a knight on arrival.
    pub promotes: bool,
    pub sure: bool,
    /// All must hold (only speculative moves have conditions).
    pub conditions: Vec<Condition>,
}

impl Candidate {
    /// The square the move ends on: the relocation square for a
    /// relocation, in conditions and collisions too (docs/rules.md §5.3.2).
    pub fn end(&self) -> Square {
        self.relocation.unwrap_or(self.to)
    }

    /// Notation: `a1b3`, `b4b5n` (knight promotion), `b4c5,c5d2` (relocation).
    pub fn notation(&self) -> String {
        let mut s = format!("{}{}", square_name(self.from), square_name(self.to));
        if self.promotes {
            s.push('n');
        }
        if let Some(r) = self.relocation {
            write!(s, ",{}{}", square_name(self.to), square_name(r)).unwrap();
        }
        s
    }
}

/// The 5x5 mailbox, `board[rank][file]`, rank 0 is rank 1.
pub type Board = [[Option<(Side, Kind)>; 5]; 5];

/// What counts for repetition: placement and penalties, not the turn.
pub type RepetitionKey = (Board, [u32; 2]);

/// A start-of-turn position (docs/rules.md §5.1: the side field is always `w`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    pub board: Board,
    /// Penalty points of white and black.
    pub penalties: [u32; 2],
    pub turn: u32,
}

pub const START_FEN: &str = "npppn/p3p/5/P3P/NPPPN w 00 1";

impl Pos {
    pub fn at(&self, sq: Square) -> Option<(Side, Kind)> {
        self.board[sq.1][sq.0]
    }

    fn set(&mut self, sq: Square, piece: Option<(Side, Kind)>) {
        self.board[sq.1][sq.0] = piece;
    }

    fn count(&self, side: Side, kind: Kind) -> usize {
        all_squares()
            .filter(|&sq| self.at(sq) == Some((side, kind)))
            .count()
    }

    /// docs/rules.md §5.1: `<placement> w <white penalty><black penalty> <turn>`;
    /// a pawn on its own last rank is rejected.
    pub fn from_fen(fen: &str) -> Result<Pos, String> {
        let fields: Vec<&str> = fen.split(' ').collect();
        let [placement, side, penalties, turn] = fields[..] else {
            return Err(format!("expected 4 fields: {fen:?}"));
        };
        let mut board = [[None; 5]; 5];
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 5 {
            return Err(format!("expected 5 ranks: {placement:?}"));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 4 - i; // the FEN lists rank 5 first
            let mut file = 0;
            for c in text.chars() {
                let piece = match c {
                    '1'..='5' => {
                        file += c as usize - '0' as usize;
                        continue;
                    }
                    'N' => (Side::White, Kind::Knight),
                    'P' => (Side::White, Kind::Pawn),
                    'n' => (Side::Black, Kind::Knight),
                    'p' => (Side::Black, Kind::Pawn),
                    _ => return Err(format!("bad placement character {c:?}")),
                };
                if file >= 5 {
                    return Err(format!("rank too long: {text:?}"));
                }
                if piece.1 == Kind::Pawn && rank == piece.0.last_rank() {
                    return Err(format!("pawn on its own last rank: {text:?}"));
                }
                board[rank][file] = Some(piece);
                file += 1;
            }
            if file != 5 {
                return Err(format!("rank is not 5 squares: {text:?}"));
            }
        }
        if side != "w" {
            return Err(format!("side field must be 'w': {side:?}"));
        }
        let digits: Vec<u32> = penalties.chars().filter_map(|c| c.to_digit(10)).collect();
        if penalties.len() != 2 || digits.len() != 2 {
            return Err(format!("penalties must be two digits: {penalties:?}"));
        }
        let turn: u32 = turn.parse().map_err(|_| format!("bad turn {turn:?}"))?;
        Ok(Pos {
            board,
            penalties: [digits[0], digits[1]],
            turn,
        })
    }

    pub fn to_fen(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..5).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for file in 0..5 {
                match self.at((file, rank)) {
                    None => empty += 1,
                    Some((side, kind)) => {
                        if empty > 0 {
                            write!(s, "{empty}").unwrap();
                            empty = 0;
                        }
                        let c = match kind {
                            Kind::Knight => 'n',
                            Kind::Pawn => 'p',
                        };
                        s.push(if side == Side::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                write!(s, "{empty}").unwrap();
            }
            ranks.push(s);
        }
        format!(
            "{} w {}{} {}",
            ranks.join("/"),
            self.penalties[0],
            self.penalties[1],
            self.turn
        )
    }

    /// docs/rules.md §5.2: every candidate of `side` on this board.
    pub fn candidates(&self, side: Side) -> Vec<Candidate> {
        let mut out = Vec::new();
        for from in all_squares() {
            match self.at(from) {
                Some((s, Kind::Knight)) if s == side => {
                    for (df, dr) in [
                        (1, 2),
                        (2, 1),
                        (2, -1),
                        (1, -2),
                        (-1, -2),
                        (-2, -1),
                        (-2, 1),
                        (-1, 2),
                    ] {
                        let Some(d) = offset(from, df, dr) else {
                            continue;
                        };
                        // Empty or enemy-occupied d: sure. Own-occupied d:
                        // speculative, "the opponent's move ends on d".
                        let own = matches!(self.at(d), Some((s, _)) if s == side);
                        let conditions = if own {
                            vec![Condition::EndsOn(d)]
                        } else {
                            vec![]
                        };
                        out.push(Candidate {
                            side,
                            kind: Kind::Knight,
                            from,
                            to: d,
                            relocation: None,
                            promotes: false,
                            sure: !own,
                            conditions,
                        });
                    }
                }
                Some((s, Kind::Pawn)) if s == side => {
                    // One square straight forward: empty f sure; enemy f
                    // speculative, "the opponent's move starts on f"; own f: none.
                    if let Some(f) = offset(from, 0, side.forward()) {
                        match self.at(f) {
                            None => self.pawn_move(side, from, f, vec![], &mut out),
                            Some((s, _)) if s != side => self.pawn_move(
                                side,
                                from,
                                f,
                                vec![Condition::StartsOn(f)],
                                &mut out,
                            ),
                            Some(_) => {}
                        }
                    }
                    // Diagonally forward: enemy d sure capture; empty or own
                    // d speculative, "the opponent's move ends on d".
                    for df in [-1, 1] {
                        if let Some(d) = offset(from, df, side.forward()) {
                            match self.at(d) {
                                Some((s, _)) if s != side => {
                                    self.pawn_move(side, from, d, vec![], &mut out)
                                }
                                _ => self.pawn_move(
                                    side,
                                    from,
                                    d,
                                    vec![Condition::EndsOn(d)],
                                    &mut out,
                                ),
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// A pawn move `from`-`to` whose sureness is given by its
    /// `conditions` (none: sure), with docs/rules.md §5.2 promotions: at most one
    /// knight, the pawn becomes a knight; two or more, relocations onto
    /// every square off its last rank that is empty on the start-of-turn
    /// board or is its own start square (first leg's sureness and
    /// condition), and a speculative knight promotion ("the opponent's move
    /// ends on a square holding one of this side's knights", and the first
    /// leg's condition).
    fn pawn_move(
        &self,
        side: Side,
        from: Square,
        to: Square,
        conditions: Vec<Condition>,
        out: &mut Vec<Candidate>,
    ) {
        let plain = Candidate {
            side,
            kind: Kind::Pawn,
            from,
            to,
            relocation: None,
            promotes: false,
            sure: conditions.is_empty(),
            conditions,
        };
        if to.1 != side.last_rank() {
            out.push(plain);
        } else if self.count(side, Kind::Knight) <= 1 {
            out.push(Candidate {
                promotes: true,
                ..plain
            });
        } else {
            for r in all_squares() {
                if r.1 != side.last_rank() && (self.at(r).is_none() || r == from) {
                    out.push(Candidate {
                        relocation: Some(r),
                        ..plain.clone()
                    });
                }
            }
            let mut conditions = plain.conditions.clone();
            conditions.push(Condition::EndsOnKnightOf(side));
            out.push(Candidate {
                promotes: true,
                sure: false,
                conditions,
                ..plain
            });
        }
    }

    /// Whether `condition` holds for the opponent's move `opponent`.
    fn holds(&self, condition: &Condition, opponent: &Candidate) -> bool {
        match *condition {
            Condition::EndsOn(d) => opponent.end() == d,
            Condition::StartsOn(f) => opponent.from == f,
            Condition::EndsOnKnightOf(side) => {
                self.at(opponent.end()) == Some((side, Kind::Knight))
            }
        }
    }

    /// docs/rules.md §5.3.1: a sure move is valid; a speculative one iff the
    /// opponent's move is sure and the condition holds.
    pub fn valid(&self, mine: &Candidate, theirs: &Candidate) -> bool {
        mine.sure || (theirs.sure && mine.conditions.iter().all(|c| self.holds(c, theirs)))
    }

    /// docs/rules.md §5.3.1 and §5.3.2: the start-of-turn position after white
    /// plays `white` and black plays `black` (candidates of this position).
    pub fn resolve(&self, white: &Candidate, black: &Candidate) -> Pos {
        let mut next = self.clone();
        next.turn += 1;
        // (1) An invalid move is not played and costs one penalty point.
        let mut played: Vec<&Candidate> = Vec::new();
        for (mine, theirs) in [(white, black), (black, white)] {
            if self.valid(mine, theirs) {
                played.push(mine);
            } else {
                next.penalties[mine.side.index()] += 1;
            }
        }
        // (2) The valid moves are played simultaneously. The moving pieces
        // leave their squares first ...
        for m in &played {
            next.set(m.from, None);
        }
        // ... then each move (for a relocation: its first leg) arrives on
        // its destination and captures what still stands there: a piece
        // that did not move (a piece that moved is already gone, so the
        // mover captures nothing). A speculative self-capture or diagonal
        // move onto an own piece is valid only when the opponent's move ends
        // there too, so that piece is taken in any case.
        for m in &played {
            next.set(m.to, None);
        }
        // Collision: both valid moves end on the same square (a relocation
        // ends on its relocation square). Kinds are compared before
        // promotion.
        let mut survivors = played.clone();
        if let [a, b] = played[..] {
            if a.end() == b.end() {
                survivors = match (a.sure, b.sure) {
                    // Exactly one speculative: "higher risk is rewarded".
                    (false, true) => vec![a],
                    (true, false) => vec![b],
                    // Both sure: a knight beats a pawn; same kinds both vanish.
                    (true, true) => match (a.kind, b.kind) {
                        (Kind::Knight, Kind::Pawn) => vec![a],
                        (Kind::Pawn, Kind::Knight) => vec![b],
                        _ => vec![],
                    },
                    (false, false) => unreachable!("two speculative moves cannot both be valid"),
                };
            }
        }
        // Promotions and relocations take effect.
        for m in survivors {
            assert!(next.at(m.end()).is_none(), "reference: square taken");
            let kind = if m.promotes { Kind::Knight } else { m.kind };
            next.set(m.end(), Some((m.side, kind)));
        }
        next
    }

    /// docs/rules.md §5.3.3, all but repetition, in their order.
    pub fn terminal(&self) -> Option<End> {
        let lost = |white_lost: bool, black_lost: bool| match (white_lost, black_lost) {
            (true, true) => Some(End::Draw),
            (true, false) => Some(End::Win(Side::Black)),
            (false, true) => Some(End::Win(Side::White)),
            (false, false) => None,
        };
        // A side with no pawn left loses; both: draw.
        let no_pawn = |side| self.count(side, Kind::Pawn) == 0;
        if let Some(end) = lost(no_pawn(Side::White), no_pawn(Side::Black)) {
            return Some(end);
        }
        // Two or more penalty points lose; both at once: draw.
        if let Some(end) = lost(self.penalties[0] >= 2, self.penalties[1] >= 2) {
            return Some(end);
        }
        // A side with no sure candidate: draw.
        let no_sure = |side| !self.candidates(side).iter().any(|c| c.sure);
        if no_sure(Side::White) || no_sure(Side::Black) {
            return Some(End::Draw);
        }
        None
    }

    /// What counts for repetition: placement and penalties, not the turn.
    pub fn repetition_key(&self) -> RepetitionKey {
        (self.board, self.penalties)
    }

    /// docs/rules.md §5.4: perft counts turns; perft(1) = white candidates x
    /// black candidates, every pair counted; a finished game has no
    /// successors.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let white = self.candidates(Side::White);
        let black = self.candidates(Side::Black);
        if depth == 1 {
            return (white.len() * black.len()) as u64;
        }
        let mut total = 0;
        for w in &white {
            for b in &black {
                let child = self.resolve(w, b);
                if child.terminal().is_none() {
                    total += child.perft(depth - 1);
                }
            }
        }
        total
    }
}

/// A game: the position plus the history for threefold repetition
/// (docs/rules.md §5.1: the start position is the first occurrence).
pub struct Game {
    pub position: Pos,
    history: Vec<RepetitionKey>,
}

impl Game {
    pub fn new(position: Pos) -> Game {
        let history = vec![position.repetition_key()];
        Game { position, history }
    }

    pub fn play_turn(&mut self, white: &Candidate, black: &Candidate) {
        self.position = self.position.resolve(white, black);
        self.history.push(self.position.repetition_key());
    }

    /// docs/rules.md §5.3.3: the end rules, repetition last.
    pub fn outcome(&self) -> Option<End> {
        self.position.terminal().or_else(|| {
            let key = self.position.repetition_key();
            let seen = self.history.iter().filter(|k| **k == key).count();
            (seen >= 3).then_some(End::Draw)
        })
    }
}
