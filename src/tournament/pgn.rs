//! PGN output of games: `Variant`, `FEN`/`SetUp` when the game did not
//! start from the standard position, moves in SAN as other chess programs
//! read them (a subversion as `@e5d2`, apocalypse plies as the engine
//! writes them), `Result` and a `Termination` reason. `turncoat match` writes its
//! games so, and `turncoat gui` exports (and reads back) the same form.

use super::referee::GameRecord;
use super::result::GameResult;
use crate::Variant;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A game to write: who played, from where, the moves, and the result
/// (`None`: still going, `*`).
pub struct PgnGame<'a> {
    pub event: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    pub variant: Variant,
    pub start_fen: &'a str,
    pub moves: &'a [String],
    pub result: Option<GameResult>,
}

/// A tournament game as PGN.
pub fn write(record: &GameRecord, round: usize, date: &str) -> String {
    PgnGame {
        event: "turncoat match",
        white: &record.white,
        black: &record.black,
        variant: record.variant,
        start_fen: &record.start_fen,
        moves: &record.moves,
        result: Some(record.result.clone()),
    }
    .write(round, date)
}

impl PgnGame<'_> {
    pub fn write(&self, round: usize, date: &str) -> String {
        let notation = self.result.as_ref().map_or("*", GameResult::notation);
        let mut s = String::new();
        let mut tag = |k: &str, v: &str| s.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        tag("Event", self.event);
        tag("Site", "?");
        tag("Date", date);
        tag("Round", &round.to_string());
        tag("White", self.white);
        tag("Black", self.black);
        tag("Result", notation);
        if let Some(name) = self.variant.nonstandard_name() {
            tag("Variant", name);
        }
        if self.start_fen != self.variant.start_fen() {
            tag("FEN", self.start_fen);
            tag("SetUp", "1");
        }
        tag("PlyCount", &self.moves.len().to_string());
        let termination = self.result.as_ref().map(GameResult::reason);
        if let Some(t) = &termination {
            tag("Termination", t);
        }
        s.push('\n');
        let black_first = self.start_fen.split_whitespace().nth(1) == Some("b");
        let first_number: usize = self
            .start_fen
            .split_whitespace()
            .nth(self.variant.move_number_field())
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        let mut line = String::new();
        let readable = crate::game::readable_line(self.variant, self.start_fen, self.moves);
        for (i, mv) in readable.iter().enumerate() {
            let ply = i + usize::from(black_first);
            let number = first_number + ply / 2;
            if ply % 2 == 0 {
                line.push_str(&format!("{number}. "));
            } else if i == 0 {
                line.push_str(&format!("{number}... "));
            }
            line.push_str(mv);
            line.push(' ');
            if line.len() > 70 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
        }
        if let Some(t) = &termination {
            line.push_str(&format!("{{{}}} ", escape(t)));
        }
        line.push_str(notation);
        s.push_str(&line);
        s.push_str("\n\n");
        s
    }
}
