//! turncoat: an engine for the conversion chess variants.
//!
//! * [`board`]: 8x8 board primitives (bitboards, attacks, position, FEN).
//! * [`variants`]: the rules of each variant behind one interface.
//! * [`perft`]: move-tree counting to check the move generators.

pub mod bench;
pub mod board;
pub mod cli;
pub mod eval;
pub mod game;
pub mod perft;
pub mod search;
pub mod uci;
pub mod variants;
pub mod xboard;

pub use variants::Variant;
