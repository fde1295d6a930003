//! The game model: one type, [`Game`], for all five variants, and the one
//! place besides the rules (`src/rules/`) that knows which variant is
//! played on which board. Front ends and the engine core ask it for what
//! they show or send — the start and a FEN, the moves in the variant's
//! notation, playing and taking back, the result with its reason, the
//! diagram, the evaluation breakdown — and never ask which variant it is.
//!
//! * [`sequential`]: the 8x8 variants, one move after the other.
//! * [`simultaneous`]: apocalypse, both sides choosing at once (docs/rules.md §5).

pub mod explain;
pub mod sequential;
pub mod simultaneous;
pub mod story;

pub use sequential::SequentialGame;
pub use simultaneous::{PlyError, SimultaneousGame};

use crate::board::{Color, FenError, Move, Outcome, Position, Square};
use crate::perft::Perft;
use crate::rules::apocalypse::{ApocalypseFenError, ApocalypsePosition, IllegalPly};
use crate::rules::illegal::MoveError;
use crate::Variant;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// A game of any variant, from its start position to now.
// On 32-bit WebAssembly the apocalypse game's vectors shrink more than the
// 8x8 game's position, and the sizes part by a few bytes beyond clippy's
// 200: a game is one per engine, not worth a box and its indirection.
#[cfg_attr(target_arch = "wasm32", allow(clippy::large_enum_variant))]
#[derive(Clone, Debug)]
pub enum Game {
    /// chess, pacifist, pacifist2, subversion: alternating moves, 8x8.
    Sequential(SequentialGame),
    /// apocalypse: simultaneous turns, 5x5.
    Simultaneous(SimultaneousGame),
}

/// Why a game cannot be set up or a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The FEN does not describe a position of the variant.
    #[error(transparent)]
    Fen(#[from] BadFen),
    /// The move (in apocalypse: the ply) is not legal or not well formed,
    /// with the rule it breaks.
    #[error(transparent)]
    Illegal(#[from] BadMove),
    /// The game ended before the move.
    #[error("the game is over ({})", .0.reason())]
    GameOver(Outcome),
}

/// A FEN that is no position of the variant, by the board it is read on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadFen {
    /// An 8x8 variant's FEN (docs/rules.md §1-§4).
    #[error(transparent)]
    Board(#[from] FenError),
    /// Apocalypse's FEN (docs/rules.md §5.1).
    #[error("bad FEN: {0}")]
    Apocalypse(#[from] ApocalypseFenError),
}

/// A move that cannot be played, by the game model it is offered to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadMove {
    /// A move of an 8x8 variant.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// An apocalypse ply (docs/rules.md §5.2).
    #[error(transparent)]
    Ply(#[from] IllegalPly),
}

impl From<FenError> for GameError {
    fn from(e: FenError) -> GameError {
        GameError::Fen(e.into())
    }
}

impl From<ApocalypseFenError> for GameError {
    fn from(e: ApocalypseFenError) -> GameError {
        GameError::Fen(e.into())
    }
}

impl From<MoveError> for GameError {
    fn from(e: MoveError) -> GameError {
        GameError::Illegal(e.into())
    }
}

/// A `go searchmoves` move that cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchMoveError {
    #[error(transparent)]
    Move(#[from] MoveError),
    /// Only the sequential search takes a list of root moves.
    #[error("searchmoves is not supported in {0}")]
    Unsupported(Variant),
}

/// A move of a list (`position ... moves`) that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    /// 1-based index in the list.
    pub index: usize,
    pub text: String,
    /// `move`, or `ply` in the simultaneous game.
    pub noun: &'static str,
    pub error: GameError,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.error {
            GameError::GameOver(_) => write!(
                f,
                "{} {} ('{}'): {}",
                self.noun, self.index, self.text, self.error
            ),
            e => write!(f, "{} {} of the list: {e}", self.noun, self.index),
        }
    }
}

impl Game {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Game {
        Game::from_fen(variant, variant.start_fen())
            .expect("the start FEN of every variant is valid")
    }

    /// A game of `variant` from `fen`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, GameError> {
        if variant == Variant::Apocalypse {
            ApocalypsePosition::from_fen(fen)
                .map(|p| Game::Simultaneous(SimultaneousGame::new(p)))
                .map_err(GameError::from)
        } else {
            Position::from_fen(fen, variant)
                .map(|p| Game::Sequential(SequentialGame::new(p)))
                .map_err(GameError::from)
        }
    }

    /// A game of `variant` from a FEN as a GUI that knows only orthodox
    /// FENs writes it (the form [`Game::setup_fen`] gives it): in
    /// apocalypse the 6 orthodox fields are read too (docs/rules.md §5.1 has 4).
    pub fn from_setup_fen(variant: Variant, fen: &str) -> Result<Game, GameError> {
        if variant != Variant::Apocalypse {
            return Game::from_fen(variant, fen);
        }
        ApocalypsePosition::from_orthodox_fen(fen)
            .map(|p| Game::Simultaneous(SimultaneousGame::new(p)))
            .map_err(GameError::from)
    }

    pub fn variant(&self) -> Variant {
        match self {
            Game::Sequential(g) => g.position().variant(),
            Game::Simultaneous(_) => Variant::Apocalypse,
        }
    }

    /// The side whose move (ply) comes next.
    pub fn side_to_move(&self) -> Color {
        match self {
            Game::Sequential(g) => g.position().side_to_move(),
            Game::Simultaneous(g) => g.side_to_choose(),
        }
    }

    /// How the game ended, if it has (docs/rules.md §1.3, §2.5, §4.3,
    /// §5.3.3): every end the rules impose, the automatic draws included.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Game::Sequential(g) => g.outcome(),
            Game::Simultaneous(g) => g.outcome(),
        }
    }

    /// The end after which the rules allow no move: every end of the
    /// simultaneous game, and in the sequential variants mate, stalemate
    /// and a side left without king or move.
    pub fn rules_end(&self) -> Option<Outcome> {
        match self {
            Game::Sequential(g) => g.rules_end(),
            Game::Simultaneous(g) => g.outcome(),
        }
    }

    /// A draw that ends a sequential game although legal moves remain
    /// (threefold repetition, a dead position, the 50-move rule;
    /// docs/rules.md §1.3). turncoat's own arbiters (gui, match, `d`)
    /// end the game there; as an engine it still moves when a GUI that
    /// follows FIDE's claims plays on.
    pub fn automatic_draw(&self) -> Option<Outcome> {
        match self {
            Game::Sequential(g) if g.rules_end().is_none() => g.automatic_draw(),
            _ => None,
        }
    }

    /// `*`, or the result and its reason (`1-0 checkmate`).
    pub fn result_text(&self) -> String {
        match self.outcome() {
            Some(o) => format!("{} {}", o.result(), o.reason()),
            None => "*".into(),
        }
    }

    /// Whether both sides choose their move of a turn at once (apocalypse,
    /// docs/rules.md §5.4) rather than in turn.
    pub fn is_simultaneous(&self) -> bool {
        matches!(self, Game::Simultaneous(_))
    }

    /// How many plies make one turn: 1 in the sequential variants, 2 (a
    /// choice of each side) in the simultaneous game.
    pub fn plies_per_turn(&self) -> usize {
        match self {
            Game::Sequential(_) => 1,
            Game::Simultaneous(_) => 2,
        }
    }

    /// Plies played since the start (changes with every move or undo).
    pub fn plies(&self) -> usize {
        match self {
            Game::Sequential(g) => g.moves().len(),
            Game::Simultaneous(g) => g.plies(),
        }
    }

    /// What one move is called in the variant's move lists.
    pub fn move_noun(&self) -> &'static str {
        match self {
            Game::Sequential(_) => "move",
            Game::Simultaneous(_) => "ply",
        }
    }

    /// The FEN of the current position (in apocalypse: the start of the
    /// current turn, docs/rules.md §5.1).
    pub fn fen(&self) -> String {
        match self {
            Game::Sequential(g) => g.position().to_fen(),
            Game::Simultaneous(g) => g.position().to_fen(),
        }
    }

    /// Plays a move (a ply) given in the variant's notation; returns it as
    /// the engine writes it.
    pub fn play_text(&mut self, text: &str) -> Result<String, GameError> {
        match self {
            Game::Sequential(g) => {
                let before = *g.position();
                let mv = g.play_str(text)?;
                Ok(before.move_to_uci(mv, false))
            }
            Game::Simultaneous(g) => match g.play_text(text) {
                Ok(ply) => Ok(ply.to_string()),
                Err(PlyError::Illegal(e)) => Err(GameError::Illegal(e.into())),
                Err(PlyError::GameOver(o)) => Err(GameError::GameOver(o)),
            },
        }
    }

    /// Plays a move written as people and PGN files write it: SAN in the
    /// 8x8 variants (`Nf3`, `exd5`, `O-O`), or the engine's notation.
    /// Protocols take only the engine's notation ([`Game::play_text`]).
    pub fn play_written(&mut self, text: &str) -> Result<String, GameError> {
        if let Game::Sequential(g) = self {
            if let Ok(mv) = g.position().parse_san(text) {
                let engine_text = g.position().move_to_uci(mv, false);
                g.play(mv);
                return Ok(engine_text);
            }
        }
        self.play_text(text)
    }

    /// The move `text` (the engine's notation, legal here) as players read
    /// it: SAN in the 8x8 variants (docs/rules.md §1.5, §2.7.1, §4.4), the
    /// ply as written in apocalypse; `None` if it is not legal here.
    pub fn readable(&self, text: &str) -> Option<String> {
        match self {
            Game::Sequential(g) => {
                let pos = g.position();
                pos.parse_move(text).ok().map(|mv| pos.move_to_san(mv))
            }
            Game::Simultaneous(_) => Some(text.to_string()),
        }
    }

    /// Plays a list of moves; on a bad one, the moves before it stay played.
    pub fn play_list(&mut self, texts: &[&str]) -> Result<(), ListError> {
        for (i, text) in texts.iter().enumerate() {
            if let Err(error) = self.play_text(text) {
                return Err(ListError {
                    index: i + 1,
                    text: text.to_string(),
                    noun: self.move_noun(),
                    error,
                });
            }
        }
        Ok(())
    }

    /// Takes back one move (ply); false when there is none.
    pub fn undo(&mut self) -> bool {
        match self {
            Game::Sequential(g) => g.undo().is_some(),
            Game::Simultaneous(g) => g.undo(),
        }
    }

    /// The moves `side` may choose now, in the variant's notation: the
    /// legal moves of the side to move (none for the other side), or in
    /// apocalypse each side's candidates of the turn (docs/rules.md §5.2).
    pub fn moves_for(&self, side: Color) -> Vec<String> {
        match self {
            Game::Sequential(g) => {
                let pos = g.position();
                if side != pos.side_to_move() {
                    return Vec::new();
                }
                pos.legal_moves()
                    .iter()
                    .map(|&mv| pos.move_to_uci(mv, false))
                    .collect()
            }
            Game::Simultaneous(g) => g
                .position()
                .candidates(side)
                .iter()
                .map(|p| p.to_string())
                .collect(),
        }
    }

    /// The persuasion/support map of the pacifist variants: each side's
    /// influence on every square, a1 = 0 (docs/rules.md §2.2). A piece's support
    /// is its own side's entry, its persuasion the other's.
    pub fn influence_map(&self) -> Option<[[i32; 2]; 64]> {
        match self {
            Game::Sequential(g) => g.position().influence_map(),
            Game::Simultaneous(_) => None,
        }
    }

    /// A move for `go searchmoves`, which only the sequential search knows.
    pub fn parse_search_move(&self, text: &str) -> Result<Move, SearchMoveError> {
        match self {
            Game::Sequential(g) => Ok(g.position().parse_move(text)?),
            Game::Simultaneous(_) => Err(SearchMoveError::Unsupported(self.variant())),
        }
    }

    /// Perft from the current position, per move (per turn in
    /// apocalypse: `wmove bmove: count`), in generation order.
    pub fn divide(&self, depth: u32, chess960: bool) -> Vec<(String, u64)> {
        self.divide_with(&Perft::single(), depth, chess960, &crate::perft::NEVER)
    }

    /// [`Game::divide`] counted by `perft` (threads, table), that gives up
    /// once `stop` is set (the counts are then partial, for the caller who
    /// set it to discard).
    pub fn divide_with(
        &self,
        perft: &Perft,
        depth: u32,
        chess960: bool,
        stop: &AtomicBool,
    ) -> Vec<(String, u64)> {
        match self {
            Game::Sequential(g) => crate::perft::divide(perft, g.position(), depth, chess960, stop),
            Game::Simultaneous(g) => {
                crate::perft::apocalypse::divide(perft, g.position(), depth, stop)
            }
        }
    }

    /// Perft from the current position (docs/rules.md §5.4: by turns in apocalypse).
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(&Perft::single(), depth, &crate::perft::NEVER)
    }

    /// [`Game::perft`] counted by `perft` (threads, table); partial once
    /// `stop` is set.
    pub fn perft_with(&self, perft: &Perft, depth: u32, stop: &AtomicBool) -> u64 {
        match self {
            Game::Sequential(g) => crate::perft::count_position(perft, g.position(), depth, stop),
            Game::Simultaneous(g) => perft.count(g.position(), depth, stop),
        }
    }

    /// The board, the variant, the FEN, the key and the result, as the
    /// `d` command prints them.
    pub fn diagram(&self) -> String {
        let (board, key, pending) = match self {
            Game::Sequential(g) => (board_text(g.position()), g.position().key(), false),
            Game::Simultaneous(g) => (g.board_text(), g.key(), g.pending().is_some()),
        };
        let mut s = board;
        s.push('\n');
        s.push_str(&format!("Variant: {}\n", self.variant()));
        s.push_str(&format!("Fen: {}\n", self.fen()));
        s.push_str(&format!("Key: {key:016X}\n"));
        if pending {
            s.push_str("Pending: white has chosen (hidden)\n");
        }
        s.push_str(&format!("Result: {}", self.result_text()));
        s
    }

    /// The static evaluation with its terms; in the pacifist variants a
    /// map of persuasion and support (the `eval` command).
    pub fn explain_eval(&self) -> String {
        match self {
            Game::Sequential(g) => crate::eval::explain(g.position()),
            Game::Simultaneous(g) => crate::eval::apocalypse::explain(g.position()),
        }
    }

    /// For GUIs that cannot set up the variant by its name: the board
    /// size and an orthodox-shaped FEN of the current position. `None` in
    /// chess, which every GUI knows.
    pub fn setup_fen(&self) -> Option<(u8, String)> {
        match self {
            Game::Sequential(g) if g.position().variant() == Variant::Chess => None,
            Game::Sequential(g) => Some((8, g.position().to_fen())),
            Game::Simultaneous(g) => {
                let fen = g.position().to_fen();
                let placement = fen.split(' ').next().unwrap_or("");
                Some((5, format!("{placement} w - - 0 1")))
            }
        }
    }
}

/// The 8x8 board drawn in text, rank 8 on top.
fn board_text(pos: &Position) -> String {
    let border = " +---+---+---+---+---+---+---+---+\n";
    let mut s = String::from(border);
    for rank in (0..8).rev() {
        for file in 0..8 {
            let c = pos
                .piece_at(Square::from_coords(file, rank))
                .map_or(' ', |p| p.fen_char());
            s.push_str(&format!(" | {c}"));
        }
        s.push_str(&format!(" | {}\n{border}", rank + 1));
    }
    s.push_str("   a   b   c   d   e   f   g   h\n");
    s
}

/// The plies of a line from `start_fen`, in the engine's notation, as
/// players read them ([`Game::readable`]); from the first ply that is not
/// legal on, as written.
pub fn readable_line(variant: Variant, start_fen: &str, moves: &[String]) -> Vec<String> {
    match Game::from_fen(variant, start_fen) {
        Ok(game) => readable_from(&game, moves),
        Err(_) => moves.to_vec(),
    }
}

/// The plies of a line played from `game`, as players read them (an
/// engine's PV in `turncoat gui`); from the first ply that is not legal
/// on, as written.
pub fn readable_from(game: &Game, moves: &[String]) -> Vec<String> {
    let mut game = Some(game.clone());
    moves
        .iter()
        .map(|text| {
            let readable = game.as_ref().and_then(|g| g.readable(text));
            if let Some(g) = &mut game {
                if g.play_text(text).is_err() {
                    game = None;
                }
            }
            readable.unwrap_or_else(|| text.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_starts_and_plays_a_move_of_its_own_list() {
        for v in Variant::ALL {
            let mut g = Game::start(v);
            assert_eq!(g.variant(), v);
            assert_eq!(g.fen(), v.start_fen());
            let moves = g.moves_for(Color::White);
            assert!(!moves.is_empty(), "{v}");
            assert_eq!(g.play_text(&moves[0]).as_ref(), Ok(&moves[0]));
            assert_eq!(g.plies(), 1);
            assert!(g.undo());
            assert_eq!(g.fen(), v.start_fen());
            assert!(!g.undo());
        }
    }

    #[test]
    fn only_the_side_to_move_has_moves_in_the_sequential_game() {
        let g = Game::start(Variant::Pacifist);
        assert_eq!(g.moves_for(Color::Black), Vec::<String>::new());
        let a = Game::start(Variant::Apocalypse);
        assert_eq!(a.moves_for(Color::Black).len(), 17);
    }

    #[test]
    fn a_bad_list_keeps_the_moves_before_it() {
        let mut g = Game::start(Variant::Chess);
        let e = g.play_list(&["e2e4", "e7e5", "e1e3"]).unwrap_err();
        assert_eq!(e.index, 3);
        assert!(
            e.to_string()
                .starts_with("move 3 of the list: illegal move 'e1e3'"),
            "{e}"
        );
        assert!(matches!(
            e.error,
            GameError::Illegal(BadMove::Move(MoveError::Illegal { .. }))
        ));
        assert_eq!(g.plies(), 2);
        let mut a = Game::start(Variant::Apocalypse);
        let e = a.play_list(&["a1b3", "a1a5"]).unwrap_err();
        assert!(e.to_string().starts_with("ply 2 of the list: "), "{e}");
        assert!(matches!(
            e.error,
            GameError::Illegal(BadMove::Ply(IllegalPly::NotACandidate { .. }))
        ));
        assert_eq!(a.plies(), 1);
    }

    #[test]
    fn apocalypse_is_not_read_as_an_8x8_fen_nor_the_reverse() {
        assert!(matches!(
            Game::from_fen(Variant::Chess, Variant::Apocalypse.start_fen()),
            Err(GameError::Fen(_))
        ));
        assert!(matches!(
            Game::from_fen(Variant::Apocalypse, Variant::Chess.start_fen()),
            Err(GameError::Fen(_))
        ));
    }

    #[test]
    fn each_error_carries_what_went_wrong() {
        assert!(matches!(
            Game::from_fen(Variant::Chess, "8/8 w"),
            Err(GameError::Fen(BadFen::Board(FenError::TooFewFields(2))))
        ));
        assert!(matches!(
            Game::from_fen(Variant::Apocalypse, "npppn/p3p/5/P3P/NPPPN w 00 0"),
            Err(GameError::Fen(BadFen::Apocalypse(
                ApocalypseFenError::Turn(_)
            )))
        ));
        let e = Game::from_setup_fen(Variant::Apocalypse, "npppn/p3p/5/P3P/NPPPN b - - 0 1");
        assert!(matches!(
            e,
            Err(GameError::Fen(BadFen::Apocalypse(
                ApocalypseFenError::OrthodoxSide(_)
            )))
        ));
        let mut g = Game::start(Variant::Chess);
        assert!(matches!(
            g.play_text("xx"),
            Err(GameError::Illegal(BadMove::Move(MoveError::Malformed(_))))
        ));
        let mut a = Game::start(Variant::Apocalypse);
        assert!(matches!(
            a.play_text("zz"),
            Err(GameError::Illegal(BadMove::Ply(IllegalPly::Malformed(_))))
        ));
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let mut over = Game::from_fen(Variant::Chess, mated).unwrap();
        assert!(over.outcome().is_some());
        assert_eq!(
            a.parse_search_move("a1b3"),
            Err(SearchMoveError::Unsupported(Variant::Apocalypse))
        );
        assert!(matches!(
            over.parse_search_move("e2e4"),
            Err(SearchMoveError::Move(MoveError::Illegal { .. }))
        ));
        assert!(over.play_text("e2e4").is_err());
    }

    #[test]
    fn the_influence_map_counts_persuasion_and_support() {
        // docs/rules.md §2.2: the knights c3 and e3 attack d5; the queen on it
        // does not count for its own square.
        let g = Game::from_fen(Variant::Pacifist, "4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1").unwrap();
        let map = g.influence_map().expect("a pacifist map");
        let d5 = Square::parse("d5").unwrap().index();
        assert_eq!(map[d5], [2, 0]);
        assert!(Game::start(Variant::Chess).influence_map().is_none());
    }
}
