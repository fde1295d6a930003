//! Game review (docs/review.md): what `turncoat analyse` writes into a
//! PGN. Each position of a game is searched; a ply's worth is the win
//! chance (expected score, [`wdl`]) its side keeps, and a ply that loses
//! enough of it is marked ([`marks`]) with the engine's better line;
//! each side gets an accuracy ([`accuracy`]).
//!
//! * [`sequential`]: the 8x8 variants, searched with the engine core.
//! * [`apocalypse`]: the simultaneous game, where a turn's value is an
//!   equilibrium and a ply is judged against it.
//! * [`annotate`]: the reviewed game as PGN (`[%eval]`, NAGs, variations,
//!   accuracy tags).
//! * [`ply`]: what is found about one ply, and the rules both kinds of
//!   game share; [`game`]: a whole game reviewed.
//!
//! Review sits between the front ends (the command line, UCI's
//! `UCI_ShowWDL`) and the engine core, which it drives.

pub mod accuracy;
pub mod annotate;
pub mod apocalypse;
pub mod game;
pub mod marks;
pub mod ply;
pub mod sequential;
pub mod wdl;

pub use game::{review, GameReview};
pub use ply::{PlyReview, ReviewError, Settings};
