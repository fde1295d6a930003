//! Apocalypse (docs/rules.md §5): a 5x5 game of knights and pawns in
//! which both sides move at the same time. It has a representation of its
//! own, since a turn is a pair of moves resolved together.
//!
//! * [`board`]: squares, the position (start of a turn), FEN (§5.1).
//! * [`candidates`]: sure and speculative candidate moves, notation (§5.2).
//! * [`resolve`]: resolving a turn, penalties, collisions, the end (§5.3).
//!
//! Perft by turns (§5.4) is `crate::perft::apocalypse`, with the counting
//! of every variant.

pub mod board;
pub mod candidates;
pub mod resolve;

pub use board::{ApocalypseFenError, ApocalypsePosition, Kind, Sq};
pub use candidates::{Action, CandidateList, Condition, IllegalPly, Ply};
pub use resolve::ApocalypseGame;
