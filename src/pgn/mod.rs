//! PGN, the one module that reads and writes it: [`read`] for the GUI's
//! import and `turncoat match -openings`, [`write`](mod@write) for `-pgnout` and the
//! GUI's export; [`movetext`] splits a movetext's main line into moves and
//! comments. The notation of each variant is docs/notation.md's.

pub mod movetext;
pub mod read;
pub mod write;

pub use read::{read_each, read_games, PgnRecord, PlyNotes};
pub use write::{today, PgnGame};
