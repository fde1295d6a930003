//! The arena: where a game between players is played and judged, for
//! `turncoat match` (two engine programs) and `turncoat gui` (a person or
//! a program in each seat, and a program analysing).
//!
//! * [`program`]: an engine program run as a child process, spoken to over
//!   UCI or XBoard. ("Engine" in this crate's code means turncoat's own
//!   engine core, [`crate::engine`]; another engine is a program.)
//! * [`request`]: what a seat is asked at its turn ([`request::MoveRequest`])
//!   and what it answers.
//! * [`players`]: the two seats of a game and the [`players::Seat`] trait
//!   a person or a program fills; [`clock`]: their clocks.
//! * [`referee`]: one game, each move checked by turncoat's rules through
//!   the game model; [`turn`]: its turns, one side moving or both
//!   choosing at once (apocalypse); [`adjudication`]: `-draw`, `-resign`,
//!   `-maxmoves`.
//! * [`result`]: how a game ended, as types.
//!
//! * [`interrupt`]: taking a request back from another thread (the GUI).
//!
//! A finished game is written as PGN by [`crate::pgn`].
//!
//! In WebAssembly (docs/web.md) there are no child processes or threads:
//! only the parts a page's game needs are built there (clocks, requests,
//! results, adjudication); the programs, their seats and the blocking
//! referee are native.

pub mod adjudication;
pub mod clock;
#[cfg(not(target_arch = "wasm32"))]
pub mod interrupt;
#[cfg(not(target_arch = "wasm32"))]
pub mod players;
#[cfg(not(target_arch = "wasm32"))]
pub mod program;
#[cfg(not(target_arch = "wasm32"))]
pub mod referee;
pub mod request;
pub mod result;
#[cfg(not(target_arch = "wasm32"))]
pub mod turn;
