//! `turncoat gui`: a browser GUI served by this binary, for every variant
//! — the one place where conversions, cascades and simultaneous turns are
//! drawn as the rules tell them (no other GUI can draw a piece changing
//! colour).
//!
//! * [`args`]: the command line.
//! * [`server`]: HTTP (axum): the embedded page ([`assets`]), the JSON
//!   API, the live channel, the token/Host/Origin checks.
//! * [`hub`]: the one [`session`] and every change to it; the state sent
//!   to the page is made by [`view`] (typed structs, serialised once).
//! * [`error`]: why a request is refused, as types; `server` gives each
//!   its HTTP status.
//! * [`runner`]: the thread behind the board — the referee of `turncoat
//!   match` with engine or person seats, or an analysing engine.
//! * [`pgn_import`]: reading back the PGN `turncoat match` writes.
//! * [`time_control`]: time controls as players write them (`5+3`: five
//!   minutes), not as `turncoat match` does.
//! * [`level`]: an engine seat's level, 1 to 8, and the `Skill Level` each
//!   one sends.

//!
//! The page's model (`session`, `view`, `book`, `learn`, `pgn_import`,
//! `level`, `search_line`, `line_memo`, `time_control`, `error`, `api`,
//! and `local`: the hub on one thread) is the `page` feature: it has no
//! server, threads or processes, and the web build (web/, docs/web.md)
//! runs it in the page itself. The server (`args`, `assets`, `engine`,
//! `hub`, `runner`, `server`, and `serve`: the start) is the `gui`
//! feature.

pub mod api;
#[cfg(feature = "gui")]
pub mod args;
#[cfg(feature = "gui")]
pub mod assets;
pub mod book;
#[cfg(feature = "gui")]
pub mod engine;
pub mod error;
#[cfg(feature = "gui")]
pub mod hub;
pub mod learn;
pub mod level;
pub mod line_memo;
pub mod local;
pub mod pgn_import;
#[cfg(feature = "gui")]
pub mod runner;
pub mod search_line;
#[cfg(feature = "gui")]
pub mod server;
pub mod session;
#[cfg(all(test, feature = "gui"))]
mod state_schema;
pub mod time_control;
pub mod view;

#[cfg(feature = "gui")]
pub mod serve;
