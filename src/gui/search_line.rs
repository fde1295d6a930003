//! An engine's UCI `info` line as the page shows it: depth, score (also
//! from white's side, for the evaluation graph), nodes and the PV.

use crate::board::Color;
use crate::game::{readable_from, Game};
use serde::Serialize;

/// One line of an engine's search output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchLine {
    pub engine: String,
    /// `w`/`b`: the side the engine searched for.
    pub side: &'static str,
    pub multipv: u32,
    pub depth: u32,
    /// `+0.35`, `-1.20`, `#3`, `#-2`, from the searching side.
    pub score: String,
    /// Centipawns from white's side (mates as ±100000 - n).
    pub cp: Option<i32>,
    pub nodes: u64,
    pub pv: Vec<String>,
    /// The PV as players read it (SAN in the 8x8 variants, docs/notation.md):
    /// what the page shows, where `pv` is what it sends back for a preview.
    /// Empty until [`SearchLine::read_from`] fills it.
    pub san: Vec<String>,
}

/// The mate score base, as `turncoat match` counts mates.
const MATE: i32 = 100_000;

pub fn side_code(side: Color) -> &'static str {
    match side {
        Color::White => "w",
        Color::Black => "b",
    }
}

impl SearchLine {
    /// Reads an `info` line that carries a score and a PV; `None` for
    /// others (`info string`, `currmove`, bounds only).
    pub fn parse(engine: &str, side: Color, line: &str) -> Option<SearchLine> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.first() != Some(&"info") {
            return None;
        }
        let after = |key: &str| -> Option<&str> {
            let i = tokens.iter().position(|&t| t == key)?;
            tokens.get(i + 1).copied()
        };
        let pv_at = tokens.iter().position(|&t| t == "pv")?;
        let pv: Vec<String> = tokens[pv_at + 1..].iter().map(|s| s.to_string()).collect();
        if pv.is_empty() {
            return None;
        }
        let score_at = tokens.iter().position(|&t| t == "score")?;
        let value: i32 = tokens.get(score_at + 2)?.parse().ok()?;
        let (score, own) = match *tokens.get(score_at + 1)? {
            "cp" => (format!("{:+.2}", f64::from(value) / 100.0), value),
            "mate" if value >= 0 => (format!("#{value}"), MATE - value),
            "mate" => (format!("#{value}"), -MATE - value),
            _ => return None,
        };
        let cp = match side {
            Color::White => own,
            Color::Black => -own,
        };
        Some(SearchLine {
            engine: engine.to_string(),
            side: side_code(side),
            multipv: after("multipv").and_then(|v| v.parse().ok()).unwrap_or(1),
            depth: after("depth").and_then(|v| v.parse().ok()).unwrap_or(0),
            score,
            cp: Some(cp),
            nodes: after("nodes").and_then(|v| v.parse().ok()).unwrap_or(0),
            pv,
            san: Vec::new(),
        })
    }

    /// Fills `san` with the PV as read from `game`, the position searched
    /// (a move that is not legal there, and those after it, as written).
    pub fn read_from(&mut self, game: &Game) {
        self.san = readable_from(game, &self.pv);
    }
}

/// Keeps the newest line of each MultiPV rank, ranks in order.
pub fn merge(lines: &mut Vec<SearchLine>, new: SearchLine) {
    lines.retain(|l| l.multipv != new.multipv);
    // A new depth of the best line starts a new iteration: the other
    // lines of the previous one are stale.
    if new.multipv == 1 {
        lines.retain(|l| l.depth >= new.depth);
    }
    lines.push(new);
    lines.sort_by_key(|l| l.multipv);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_from_white_and_mates() {
        let l = SearchLine::parse(
            "t",
            Color::Black,
            "info depth 9 seldepth 12 multipv 2 score cp 35 nodes 1234 nps 1 pv e7e5 g1f3",
        )
        .unwrap();
        assert_eq!((l.depth, l.multipv, l.nodes), (9, 2, 1234));
        assert_eq!(l.score, "+0.35");
        assert_eq!(l.cp, Some(-35));
        assert_eq!(l.pv, ["e7e5", "g1f3"]);
        let m = SearchLine::parse("t", Color::White, "info depth 3 score mate -2 pv a1a2").unwrap();
        assert_eq!((m.score.as_str(), m.cp), ("#-2", Some(-MATE + 2)));
        assert!(SearchLine::parse("t", Color::White, "info string hello pv").is_none());
        assert!(SearchLine::parse("t", Color::White, "info depth 3 currmove e2e4").is_none());
        assert!(SearchLine::parse("t", Color::White, "bestmove e2e4").is_none());
    }

    #[test]
    fn the_pv_as_players_read_it() {
        let mut l = SearchLine::parse(
            "t",
            Color::White,
            "info depth 4 score cp 20 pv g1f3 g8f6 e2e4 f6e4 zz9",
        )
        .unwrap();
        l.read_from(&Game::start(crate::Variant::Chess));
        assert_eq!(l.san, ["Nf3", "Nf6", "e4", "Nxe4", "zz9"]);
        let mut s =
            SearchLine::parse("t", Color::White, "info depth 1 score cp 0 pv @d4a2").unwrap();
        let fen = "4k3/8/8/8/3b4/4N3/P7/4K3 w - - 0 1";
        s.read_from(&Game::from_fen(crate::Variant::Subversion, fen).unwrap());
        assert_eq!(
            s.san,
            ["@d4a2"],
            "a subversion in the book's notation (docs/rules.md §4.4.2)"
        );
    }

    #[test]
    fn one_line_per_rank_and_a_new_iteration_clears_the_old() {
        let line = |mpv, depth| SearchLine {
            engine: "t".into(),
            side: "w",
            multipv: mpv,
            depth,
            score: String::new(),
            cp: None,
            nodes: 0,
            pv: vec![],
            san: vec![],
        };
        let mut lines = Vec::new();
        merge(&mut lines, line(1, 5));
        merge(&mut lines, line(2, 5));
        merge(&mut lines, line(2, 5));
        assert_eq!(lines.len(), 2);
        merge(&mut lines, line(1, 6));
        assert_eq!(lines.len(), 1);
        merge(&mut lines, line(2, 6));
        assert_eq!(lines.iter().map(|l| l.multipv).collect::<Vec<_>>(), [1, 2]);
    }
}
