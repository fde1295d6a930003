//! Writing PGN (docs/notation.md): `Variant`, `FEN`/`SetUp` when the game
//! did not start from the standard position, moves in SAN as other chess
//! programs read them (a subversion as `@e5d2`, apocalypse plies as the
//! engine writes them), scores as lichess's `[%eval ...]` comments, `Result`
//! and a `Termination` reason. `turncoat match` writes its games so, and
//! `turncoat gui` exports (and reads back, [`super::read`]) the same form.

use super::read::MATE;
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
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for a game still going.
    pub result: &'a str,
    /// Why the game ended, in words.
    pub termination: Option<String>,
    /// White's view of the score after each ply (index 0: the start), in
    /// centipawns; empty when there are none.
    pub evals: &'a [Option<i32>],
}

impl PgnGame<'_> {
    pub fn write(&self, round: usize, date: &str) -> String {
        let notation = self.result;
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
        let termination = &self.termination;
        if let Some(t) = termination {
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
        let mut commented = false;
        let readable = crate::game::readable_line(self.variant, self.start_fen, self.moves);
        for (i, mv) in readable.iter().enumerate() {
            let ply = i + usize::from(black_first);
            let number = first_number + ply / 2;
            if ply % 2 == 0 {
                line.push_str(&format!("{number}. "));
            } else if i == 0 || commented {
                line.push_str(&format!("{number}... "));
            }
            line.push_str(mv);
            line.push(' ');
            // after a comment a black move is numbered again, as lichess does
            commented = false;
            if let Some(Some(cp)) = self.evals.get(i + 1) {
                line.push_str(&format!("{{ [%eval {}] }} ", eval_text(*cp)));
                commented = true;
            }
            if line.len() > 70 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
        }
        if let Some(t) = termination {
            line.push_str(&format!("{{{}}} ", escape(t)));
        }
        line.push_str(notation);
        s.push_str(&line);
        s.push_str("\n\n");
        s
    }
}

/// A score as lichess writes it: pawns with two decimals, or `#N`.
fn eval_text(cp: i32) -> String {
    if cp.abs() > MATE - 1000 {
        let n = MATE - cp.abs();
        return if cp > 0 {
            format!("#{n}")
        } else {
            format!("#-{n}")
        };
    }
    format!("{:.2}", f64::from(cp) / 100.0)
}

/// Today's date as PGN's `Date` tag wants it (`YYYY.MM.DD`), in UTC so
/// that the shards of one run on machines in other time zones agree.
pub fn today() -> String {
    chrono::Utc::now().format("%Y.%m.%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::read_games;

    #[test]
    fn scores_and_moves_read_back() {
        let moves: Vec<String> = ["e2e4", "e7e5", "d1h5", "b8c6"].map(String::from).to_vec();
        let evals = [None, Some(31), Some(-7), None, Some(-MATE + 3)];
        let text = PgnGame {
            event: "x",
            white: "w",
            black: "b",
            variant: Variant::Chess,
            start_fen: Variant::Chess.start_fen(),
            moves: &moves,
            result: "*",
            termination: None,
            evals: &evals,
        }
        .write(1, "2026.11.26");
        let flat = text.replace('\n', " ");
        let line = "1. e4 { [%eval 0.31] } 1... e5 { [%eval -0.07] } 2. Qh5 Nc6 { [%eval #-3] } *";
        assert!(flat.contains(line), "{text}");
        let back = &read_games(&text, Variant::Chess).unwrap()[0];
        assert_eq!(
            (back.variant, &back.moves, &back.evals[..]),
            (Variant::Chess, &moves, &evals[..])
        );
    }
}
