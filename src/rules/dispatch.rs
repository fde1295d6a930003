//! The rules give the position its moves: what [`crate::board::Position`]
//! cannot know by itself (its legal moves, the position after a move, the
//! end of the game, the move notation and which FENs are positions of the
//! variant) is asked of the rules of its variant here, through
//! [`with_rules!`].

use super::illegal::MoveError;
use super::{Rules, Variant};
use crate::board::fen::FenReader;
use crate::board::{FenError, Move, MoveList, Outcome, Position, Square};
use crate::variant::BoardVariant;
use crate::with_rules;

impl Position {
    /// The start position of an 8x8 variant (docs/rules.md §1-§4).
    pub fn startpos(variant: BoardVariant) -> Position {
        let variant = Variant::from(variant);
        Position::from_fen(variant.start_fen(), variant).expect("start FEN is valid")
    }

    /// Parses a FEN of an 8x8 variant. The halfmove and fullmove fields may
    /// be omitted (EPD style); everything else is checked, the syntax by
    /// the board and the rest by the variant's rules ([`Rules::validate`]),
    /// and a bad field gives an error naming it.
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Position, FenError> {
        let Some(board) = variant.board() else {
            return Err(FenError::NotEightByEight);
        };
        with_rules!(board, R => read_fen::<R>(fen, board))
    }

    /// All legal moves, by the rules of the position's variant.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        with_rules!(self.board_variant(), R => R::generate(self, &mut list));
        list
    }

    /// The position after `mv`, which must be legal here.
    pub fn play(&self, mv: Move) -> Position {
        with_rules!(self.board_variant(), R => R::play(self, mv))
    }

    /// The end of the game by the rules of the variant, judged on this
    /// position alone (no repetition: that needs the game's history).
    pub fn outcome(&self) -> Option<Outcome> {
        self.rules_end().or_else(|| self.automatic_draw())
    }

    /// The end after which no move exists: the side to move has no legal
    /// move (the variant says who won).
    pub fn rules_end(&self) -> Option<Outcome> {
        with_rules!(self.board_variant(), R => no_move_outcome::<R>(self))
    }

    /// The draws that end the game although moves remain, judged on this
    /// position alone (docs/rules.md §1.3): a dead position, or 100 plies
    /// without a pawn move, capture or conversion.
    pub fn automatic_draw(&self) -> Option<Outcome> {
        let dead = with_rules!(self.board_variant(), R => R::dead_position(self));
        if dead {
            Some(Outcome::Draw("insufficient material"))
        } else {
            self.fifty_move_draw()
        }
    }

    /// The 50-move rule (docs/rules.md §1.3.2, §2.5.3): 100 plies without a
    /// pawn move, capture or conversion.
    pub fn fifty_move_draw(&self) -> Option<Outcome> {
        (self.halfmove_clock() >= 100).then_some(Outcome::Draw("50-move rule"))
    }

    /// Each side's influence on every square where the variant converts
    /// by it (docs/rules.md §2.2); `None` in the capture variants.
    pub fn influence_map(&self) -> Option<[[i32; 2]; 64]> {
        with_rules!(self.board_variant(), R => R::influence_map(self))
    }

    /// The conversion cascade of the legal move `mv`, wave by wave
    /// (docs/rules.md §2.3); empty in the variants without cascades.
    pub fn cascade_waves(&self, mv: Move) -> Vec<super::Wave> {
        with_rules!(self.board_variant(), R => R::cascade_waves(self, mv))
    }

    /// The opponent's pieces the side to move has left over-persuaded:
    /// they convert after its move unless the move changes that (docs/rules.md
    /// §2.3). Empty in the capture variants.
    pub fn pending_conversions(&self) -> crate::board::Bitboard {
        with_rules!(self.board_variant(), R => R::pending_conversions(self))
    }

    /// The move in the variant's notation (docs/rules.md §2.7, §4.4).
    pub fn move_to_uci(&self, mv: Move, chess960: bool) -> String {
        with_rules!(self.board_variant(), R => R::format_move(self, mv, chess960))
    }

    /// Whether the side to move is in check, in the variants where a king
    /// can be (see [`Rules::CHECKS`]).
    pub fn in_check(&self) -> bool {
        let checks = with_rules!(self.board_variant(), R => R::CHECKS);
        checks && self.checkers().nonempty()
    }

    /// The legal move `mv` in standard algebraic notation, as players read
    /// it (`Nf3`, `exd5`, `O-O`, `Qh5+`; see [`super::san`]).
    pub fn move_to_san(&self, mv: Move) -> String {
        with_rules!(self.board_variant(), R => super::san::format::<R>(self, mv))
    }

    /// The legal move named in SAN (`Nf3`, `e8=Q`, `0-0`, with or without
    /// `+`, `#`, `!`, `?`).
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        with_rules!(self.board_variant(), R => super::san::parse::<R>(self, text))
            .ok_or_else(|| MoveError::NotSan(text.to_string()))
    }

    /// Parses a move in the variant's notation and checks it is legal here.
    /// Both castling notations are accepted where unambiguous (docs/rules.md §2.7.2).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        with_rules!(self.board_variant(), R => parse_move::<R>(self, text))
    }
}

/// The checks alternate between board and rules in the order of the FEN's
/// fields, so that a FEN with several faults reports the first one: the
/// fields, placement and side to move (board), the material (rules), the
/// castling rights, en passant square and clocks (board), then what the
/// complete position must satisfy (rules).
fn read_fen<R: Rules>(fen: &str, variant: BoardVariant) -> Result<Position, FenError> {
    let reader = FenReader::new(fen, variant)?;
    R::validate_material(reader.position())?;
    let mut pos = reader.finish(R::CASTLING_PIECES)?;
    R::validate(&mut pos)?;
    Ok(pos)
}

/// docs/rules.md §1, §2.5, §4.3: the game is over when the side to move has no
/// legal move; the variant says who won.
fn no_move_outcome<R: Rules>(pos: &Position) -> Option<Outcome> {
    let mut list = MoveList::new();
    R::generate(pos, &mut list);
    list.is_empty().then(|| R::no_move_outcome(pos))
}

fn parse_move<R: Rules>(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let mut legal = MoveList::new();
    R::generate(pos, &mut legal);
    let lower = text.to_ascii_lowercase();
    if let Some(m) = R::find_move(pos, &legal, &lower) {
        return Ok(m);
    }
    // A move of the shape of either notation is illegal rather than
    // malformed in every variant, so the answer to `@e4` does not depend on
    // whether the variant has subversions.
    let well_formed = is_coordinate_move(&lower) || lower.starts_with('@');
    if well_formed {
        Err(MoveError::Illegal {
            text: text.to_string(),
            fen: pos.to_fen(),
            reason: R::explain_illegal(pos, &lower),
        })
    } else {
        Err(MoveError::Malformed(text.to_string()))
    }
}

fn is_coordinate_move(s: &str) -> bool {
    let b = s.as_bytes();
    s.is_ascii()
        && (b.len() == 4 || b.len() == 5)
        && Square::parse(&s[0..2]).is_some()
        && Square::parse(&s[2..4]).is_some()
        && (b.len() == 4 || b"qrbnk".contains(&b[4]))
}
