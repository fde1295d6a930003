//! turncoat: an engine for the conversion chess variants.
//!
//! * [`board`]: 8x8 board primitives (bitboards, attacks, position, FEN).
//! * [`variants`]: the rules of each variant behind one interface.
//! * [`eval`]: static evaluation per variant family.
//! * [`search`]: alpha-beta for the sequential variants, equilibrium
//!   search for the simultaneous one.
//! * [`uci`], [`xboard`]: the protocol front ends; [`tournament`]: `match`.
//! * [`perft`]: move-tree counting to check the move generators.

pub mod bench;
pub mod board;
pub mod cli;
pub mod engine;
pub mod eval;
pub mod game;
pub mod gui;
mod output;
pub mod perft;
pub mod protocol;
pub mod search;
pub mod tournament;
pub mod uci;
pub mod variant;
pub mod variants;
pub mod xboard;

pub use variant::{BoardVariant, Variant};
