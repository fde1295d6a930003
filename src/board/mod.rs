//! Board primitives for the 8x8 variants: squares, bitboards, attack
//! tables, Zobrist keys, moves, the position and its FEN.

pub mod attacks;
pub mod bitboard;
pub mod types;

pub use bitboard::Bitboard;
pub use types::{Color, Piece, PieceKind, Square};
pub mod fen;
pub mod moves;
pub mod position;
pub mod zobrist;

pub use fen::FenError;
pub use moves::{Move, MoveKind, MoveList};
pub use position::{CastlingRights, Outcome, Position};
