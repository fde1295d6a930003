//! Why the GUI's server refuses a request, as types: what the session
//! refuses ([`SessionError`]), what the hub refuses ([`Refusal`]), a
//! request that does not come from this machine's page ([`AccessDenied`]),
//! and everything an HTTP answer can fail with ([`ApiError`]). Each
//! variant's text is the message the user reads (`{"error": ...}`); the
//! HTTP status of each is chosen in one place, `server::status`.

use crate::game::{GameError, ListError};

/// A change the session cannot make.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// A bad FEN, an illegal move, or a move after the game's end (boxed:
    /// a refusal is rare, and small results keep the happy path cheap).
    #[error(transparent)]
    Game(Box<GameError>),
    /// A move of a whole line (an imported game) that cannot be played.
    #[error("{0}")]
    Line(Box<ListError>),
    /// A time control a player would not write (minutes+seconds, as on
    /// lichess; not `turncoat match`'s seconds).
    #[error(transparent)]
    TimeControl(#[from] super::time_control::TimeControlError),
}

impl From<GameError> for SessionError {
    fn from(e: GameError) -> SessionError {
        SessionError::Game(Box::new(e))
    }
}

/// An action of the page the hub refuses.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("unknown variant '{0}'")]
    UnknownVariant(String),
    #[error("unknown mode '{0}'")]
    UnknownMode(String),
    /// The page names engines; a name not given on the command line is
    /// refused (the page never names a command).
    #[error("no engine is named '{0}'")]
    UnknownEngine(String),
    #[error("illegal move '{0}'")]
    IllegalMove(String),
    #[error("it is not your move")]
    NotYourMove,
    #[error("no game is running")]
    NoGameRunning,
    /// The referee stopped taking moves.
    #[error("the game has ended")]
    GameEnded,
    #[error("there is no move to take back")]
    NothingToTakeBack,
    /// A resignation or a draw offer with no game of a person running.
    #[error("no game of yours is running")]
    NoGameOfYours,
    #[error("a game can be aborted only before its second move")]
    TooLateToAbort,
    /// A rematch asked for before the game's end.
    #[error("the game is not over")]
    GameNotOver,
    #[error("the game has {plies} plies")]
    NoSuchPly { plies: usize },
    #[error("MultiPV must be from {} to {}", MULTIPV.start(), MULTIPV.end())]
    MultiPvOutOfRange,
    /// An engine seat's level (`POST /api/level`) that is none.
    #[error("a level is a whole number from {min} to {max}, not {given}")]
    BadLevel { given: String, min: u8, max: u8 },
    #[error("side must be 'w' (White) or 'b' (Black), not '{0}'")]
    UnknownSide(String),
    /// A previewed line with a move that cannot be played.
    #[error("{0}")]
    Preview(Box<ListError>),
    /// A PGN text the reader cannot read.
    #[error(transparent)]
    Pgn(crate::pgn::read::PgnError),
    #[error("the PGN holds {count} games, no game {index}")]
    NoSuchGame { count: usize, index: usize },
    /// An imported game whose moves do not follow the rules.
    #[error("{label}: {source}")]
    ImportedGame { label: String, source: SessionError },
    #[error(transparent)]
    Session(#[from] SessionError),
}

/// The analysis lines the page may ask for.
pub const MULTIPV: std::ops::RangeInclusive<u32> = 1..=16;

/// A request refused before any action: it is not this machine's page
/// that asks (the token, against other sites' pages; the Host, against
/// DNS rebinding).
#[derive(Debug, thiserror::Error)]
pub enum AccessDenied {
    #[error("a Host header is required")]
    NoHost,
    #[error("host '{0}' is not this server")]
    ForeignHost(String),
    #[error("requests from '{0}' are not accepted")]
    ForeignOrigin(String),
    #[error("wrong token")]
    WrongToken,
    #[error("the token is missing: open the address turncoat gui printed")]
    NoToken,
}

/// Everything an answer of the HTTP API can be instead of its JSON.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Access(#[from] AccessDenied),
    #[error("bad request body: {0}")]
    BadBody(#[from] serde_json::Error),
    #[error("the request body is too large")]
    BodyTooLarge,
    #[error("no action '{0}'")]
    NoSuchAction(String),
    #[error("no such page")]
    NoSuchPage,
    /// A build without the embedded page.
    #[error("this build has no page")]
    NoPage,
    /// The thread of an action ended without an answer (it panicked).
    #[error("the action failed")]
    ActionFailed,
    #[error("the PGN could not be written")]
    PgnFailed,
}
