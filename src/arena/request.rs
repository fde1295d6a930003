//! What a seat is asked at its turn and what it answers: the same for a
//! person at the board and an engine program.

use crate::board::Color;
use crate::Variant;
use std::fmt;
use std::time::Duration;

/// A seat's turn: its move in the position reached by `moves` from
/// `start_fen`, for `side`, due within `limit` plus `grace`.
#[derive(Clone, Copy, Debug)]
pub struct MoveRequest<'a> {
    pub variant: Variant,
    pub start_fen: &'a str,
    /// The moves since the start, in the notation the programs speak.
    pub moves: &'a [String],
    /// The side to move (in apocalypse: the side choosing its ply).
    pub side: Color,
    pub limit: MoveLimit,
    /// Whether the side's clock runs during this move: false for a first
    /// move under [`super::clock::ClockStart::AfterOwnFirstMove`], which
    /// the referee neither charges nor lets lose on time (a person may
    /// think as long as they like; an engine is still told its clock).
    pub timed: bool,
    /// Time allowed beyond the limit for the transport before the seat
    /// counts as hung.
    pub grace: Duration,
}

impl MoveRequest<'_> {
    /// The time the side has for this move: its clock, or the move time;
    /// `None` under a depth or node limit.
    pub fn budget(&self) -> Option<Duration> {
        match self.limit {
            MoveLimit::Clock { wtime, btime, .. } => Some(match self.side {
                Color::White => wtime,
                Color::Black => btime,
            }),
            MoveLimit::MoveTime(t) => Some(t),
            MoveLimit::Depth(_) | MoveLimit::Nodes(_) => None,
        }
    }
}

/// How long a seat may think for one move.
#[derive(Clone, Copy, Debug)]
pub enum MoveLimit {
    /// Clock: own/opponent time, increments, moves to the next control.
    Clock {
        wtime: Duration,
        btime: Duration,
        winc: Duration,
        binc: Duration,
        movestogo: Option<u32>,
    },
    MoveTime(Duration),
    Depth(u32),
    Nodes(u64),
}

/// What a seat answered: its move and its last reported score
/// (centipawns from its own side, mates as ±(100000 - n)).
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub mv: String,
    pub score: Option<i32>,
    pub elapsed: Duration,
}

/// Why an engine lost a game without a rules result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    Crashed,
    Hung,
    TimeForfeit,
    Illegal(String),
    Startup(String),
    /// The engine does not offer the variant (over UCI in its
    /// `UCI_Variant` combo, over XBoard in its `variants` feature): what
    /// it offers.
    NoVariant {
        variant: Variant,
        offered: Vec<String>,
    },
    /// The runner took the request back (`turncoat gui`: a take-back, a
    /// new game); no side is to blame.
    Interrupted,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Crashed => f.write_str("engine crashed (closed its output)"),
            Failure::Hung => f.write_str("engine stopped responding"),
            Failure::TimeForfeit => f.write_str("loses on time"),
            Failure::Illegal(m) => write!(f, "illegal move {m}"),
            Failure::Startup(e) => write!(f, "engine failed to start: {e}"),
            Failure::NoVariant { variant, offered } => {
                let offered = match offered.as_slice() {
                    [] => "none".to_string(),
                    list => list.join(", "),
                };
                write!(f, "does not play {variant} (variants it offers: {offered})")
            }
            Failure::Interrupted => f.write_str("was interrupted"),
        }
    }
}

/// The UCI `position` line of a request.
pub fn uci_position(start_fen: &str, moves: &[String]) -> String {
    let mut line = format!("position fen {start_fen}");
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// The UCI `go` line of a limit.
pub fn uci_go(limit: MoveLimit) -> String {
    match limit {
        MoveLimit::Clock {
            wtime,
            btime,
            winc,
            binc,
            movestogo,
        } => {
            let mut s = format!(
                "go wtime {} btime {} winc {} binc {}",
                wtime.as_millis(),
                btime.as_millis(),
                winc.as_millis(),
                binc.as_millis()
            );
            if let Some(m) = movestogo {
                s.push_str(&format!(" movestogo {m}"));
            }
            s
        }
        MoveLimit::MoveTime(t) => format!("go movetime {}", t.as_millis()),
        MoveLimit::Depth(d) => format!("go depth {d}"),
        MoveLimit::Nodes(n) => format!("go nodes {n}"),
    }
}

/// `info ... score cp X` / `score mate N` as centipawns (mates ±(100000-N)).
pub fn parse_uci_score(line: &str) -> Option<i32> {
    let mut it = line.split_whitespace();
    if it.next() != Some("info") {
        return None;
    }
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let i = tokens.iter().position(|&t| t == "score")?;
    let value: i32 = tokens.get(i + 2)?.parse().ok()?;
    match *tokens.get(i + 1)? {
        "cp" => Some(value),
        "mate" if value > 0 => Some(100_000 - value),
        "mate" => Some(-100_000 - value),
        _ => None,
    }
}
