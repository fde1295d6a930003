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

pub mod adjudication;
pub mod clock;
pub mod interrupt;
pub mod players;
pub mod program;
pub mod referee;
pub mod request;
pub mod result;
pub mod turn;
