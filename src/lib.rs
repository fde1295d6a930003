//! turncoat: an engine for the conversion chess variants (pacifist,
//! pacifist2, subversion, apocalypse) and orthodox chess.
//!
//! The rules it implements are the project's rules book, `docs/rules.md`;
//! a `§2.3` in these docs cites its section 2.3. The layout follows the
//! data flow (ARCHITECTURE.md): front ends → engine core → game model →
//! rules, search and evaluation, with the board at the bottom.
//!
//! * [`cli`], [`protocol`], [`uci`], [`xboard`], [`gui`], [`tournament`],
//!   [`diagram`]: the front ends — the command line, the protocol loops,
//!   the browser GUI, `turncoat match`, SVG diagrams.
//! * [`engine`]: the engine core a protocol drives (options, game, searches).
//! * [`game`]: one game type for all five variants (moves, history, ends);
//!   [`pgn`]: games read from and written to PGN.
//! * [`rules`]: the rules of each variant behind one trait.
//! * [`search`]: alpha-beta for the sequential variants, equilibrium
//!   search for the simultaneous one; [`eval`]: static evaluation.
//! * [`review`]: game review — win chances from scores (`UCI_ShowWDL`),
//!   marked mistakes, accuracy (`turncoat analyse`).
//! * [`tune`]: Texel tuning of the evaluation (the optimiser, its data,
//!   the self-play games that make it).
//! * [`perft`]: move-tree counting to check the move generators;
//!   [`bench`](mod@bench): the search signature.
//! * [`board`]: 8x8 board primitives (bitboards, attacks, position, FEN),
//!   which know no rule.

// Engine programs as child processes, the command line and the tournament
// runner need processes, files and threads, which a WebAssembly module in a
// browser has not: the web build (web/, docs/web.md) leaves them out (of
// the arena, it keeps what a page's game needs: clocks, requests, results).
pub mod arena;
pub mod bench;
pub mod board;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
mod clock;
pub mod diagram;
pub mod engine;
pub mod eval;
pub mod game;
#[cfg(feature = "page")]
pub mod gui;
pub mod openings;
mod output;
pub mod perft;
pub mod pgn;
pub mod protocol;
pub mod review;
pub mod rng;
pub mod rules;
pub mod search;
#[cfg(not(target_arch = "wasm32"))]
pub mod tournament;
pub mod tune;
pub mod uci;
pub mod variant;
pub mod xboard;

pub use variant::{BoardVariant, Variant};

/// Where the protocol's and the commands' lines go in WebAssembly, which
/// has no stdout (the web crate, web/, hands them to JavaScript).
#[cfg(target_arch = "wasm32")]
pub use output::set_line_sink;
