//! What a seat is asked at its turn and what it answers: the same for a
//! person at the board and an engine program.

use crate::board::Color;
use crate::Variant;
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
