//! turncoat: an engine for the conversion chess variants.
//!
//! * [`board`]: 8x8 board primitives (bitboards, attacks, position, FEN).
//! * [`variants`]: the rules of each variant behind one interface.
//! * [`perft`]: move-tree counting to check the move generators.

pub mod board;
pub mod cli;
pub mod eval;
pub mod perft;
pub mod variants;

pub use variants::Variant;
