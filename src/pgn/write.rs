//! Writing PGN (docs/notation.md): `Variant`, `FEN`/`SetUp` when the game
//! did not start from the standard position, moves in SAN as other chess
//! programs read them (a subversion as `@e5d2`, apocalypse plies as the
//! engine writes them), scores as lichess's `[%eval ...]` comments, `Result`
//! and a `Termination` reason. `turncoat match` writes its games so, and
//! `turncoat gui` exports (and reads back, [`super::read`]) the same form;
//! a game the GUI imported gets back its own tags, comments (`[%clk]`,
//! `[%eval]`) and NAGs, as they were read; `turncoat analyse` adds
//! variations (a ply's [`PlyNotes::variations`]).

use super::read::{PlyNotes, MATE};
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
    /// Why the game ended, in words; `None` for a game going on or a
    /// result recorded in `kept_tags` (its `Termination` stays as it was).
    pub termination: Option<String>,
    /// White's view of the score after each ply (index 0: the start), in
    /// centipawns; empty when there are none.
    pub evals: &'a [Option<i32>],
    /// The tags of the PGN the game was read from, in their order: written
    /// back as they were but for `Result` (and `PlyCount`, `Termination`)
    /// where the game went on. Empty: a game of turncoat's own, with
    /// `turncoat match`'s tags.
    pub kept_tags: &'a [(String, String)],
    /// More tags of a game of turncoat's own, after the Seven Tag Roster
    /// (`turncoat gui`'s `WhiteLevel`, `BlackLevel`); not written with
    /// `kept_tags`, which are given back as they were read.
    pub extra_tags: &'a [(String, String)],
    /// The comments and NAGs read with each ply (index 0: before the first
    /// move), written back after it; empty when there are none.
    pub notes: &'a [PlyNotes],
}

impl PgnGame<'_> {
    pub fn write(&self, round: usize, date: &str) -> String {
        let mut s = String::new();
        for (k, v) in self.tags(round, date) {
            s.push_str(&format!("[{k} \"{}\"]\n", escape(&v)));
        }
        s.push('\n');
        s.push_str(&self.movetext());
        s.push_str("\n\n");
        s
    }

    /// The tags: those kept from an imported PGN, else `turncoat match`'s.
    fn tags(&self, round: usize, date: &str) -> Vec<(String, String)> {
        if self.kept_tags.is_empty() {
            self.own_tags(round, date)
        } else {
            self.kept_tags_now()
        }
    }

    /// The Seven Tag Roster, then `Variant`, `FEN`/`SetUp` when the game
    /// did not start from the standard position, `PlyCount` and
    /// `Termination`.
    fn own_tags(&self, round: usize, date: &str) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        let mut tag = |k: &str, v: &str| tags.push((k.to_string(), v.to_string()));
        tag("Event", self.event);
        tag("Site", "?");
        tag("Date", date);
        tag("Round", &round.to_string());
        tag("White", self.white);
        tag("Black", self.black);
        tag("Result", self.result);
        for (k, v) in self.extra_tags {
            tag(k, v);
        }
        if let Some(name) = self.variant.nonstandard_name() {
            tag("Variant", name);
        }
        if self.start_fen != self.variant.start_fen() {
            tag("FEN", self.start_fen);
            tag("SetUp", "1");
        }
        tag("PlyCount", &self.moves.len().to_string());
        if let Some(t) = &self.termination {
            tag("Termination", t);
        }
        tags
    }

    /// The kept tags in their order, brought up to date: `Result` (added
    /// if missing), `PlyCount` where there is one, and `Termination` — the
    /// new reason when the game ended anew, gone when the recorded result
    /// no longer holds (the game went on).
    fn kept_tags_now(&self) -> Vec<(String, String)> {
        let recorded = self.kept_tags.iter().find(|(k, _)| k == "Result");
        let result_holds = recorded.is_some_and(|(_, v)| v.trim() == self.result);
        let mut tags: Vec<(String, String)> = self
            .kept_tags
            .iter()
            .filter(|(k, _)| k != "Termination" || result_holds || self.termination.is_some())
            .map(|(k, v)| {
                let value = match k.as_str() {
                    "Result" => self.result.to_string(),
                    "PlyCount" => self.moves.len().to_string(),
                    "Termination" => self.termination.clone().unwrap_or_else(|| v.clone()),
                    _ => v.clone(),
                };
                (k.clone(), value)
            })
            .collect();
        if recorded.is_none() {
            tags.push(("Result".into(), self.result.into()));
        }
        let has_termination = tags.iter().any(|(k, _)| k == "Termination");
        if let (Some(t), false) = (&self.termination, has_termination) {
            tags.push(("Termination".into(), t.clone()));
        }
        tags
    }

    /// The moves in SAN (numbered, a black move numbered again after a
    /// comment, as lichess does), each followed by its NAGs, its
    /// evaluation (unless a kept comment carries one) and its comments;
    /// then the termination's comment and the result.
    fn movetext(&self) -> String {
        let mut s = String::new();
        let black_first = self.start_fen.split_whitespace().nth(1) == Some("b");
        let first_number: usize = self
            .start_fen
            .split_whitespace()
            .nth(self.variant.move_number_field())
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        let mut line = String::new();
        let empty = PlyNotes::default();
        let notes = |i: usize| self.notes.get(i).unwrap_or(&empty);
        let mut commented = push_notes(&mut line, notes(0), None);
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
            let eval = self.evals.get(i + 1).copied().flatten();
            commented = push_notes(&mut line, notes(i + 1), eval);
            for variation in &notes(i + 1).variations {
                line.push_str(&self.variation(i, variation, first_number, black_first));
                commented = true;
            }
            if line.len() > 70 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
        }
        if let Some(t) = &self.termination {
            line.push_str(&format!("{{{}}} ", escape(t)));
        }
        line.push_str(self.result);
        s.push_str(&line);
        s
    }
}

impl PgnGame<'_> {
    /// `(12. Nf3 Nc6 13. O-O)`: `line` in place of ply `i` (from 0),
    /// in SAN, numbered as the main line, then a space.
    fn variation(
        &self,
        i: usize,
        line: &[String],
        first_number: usize,
        black_first: bool,
    ) -> String {
        let moves: Vec<String> = self.moves[..i].iter().chain(line).cloned().collect();
        let readable = crate::game::readable_line(self.variant, self.start_fen, &moves);
        let mut s = String::from("(");
        for (k, mv) in readable[i..].iter().enumerate() {
            let ply = i + k + usize::from(black_first);
            let number = first_number + ply / 2;
            if ply.is_multiple_of(2) {
                s.push_str(&format!("{number}. "));
            } else if k == 0 {
                s.push_str(&format!("{number}... "));
            }
            s.push_str(mv);
            s.push(' ');
        }
        format!("{}) ", s.trim_end())
    }
}

/// Writes a ply's NAGs, its evaluation `eval` as a `{ [%eval ...] }`
/// comment (unless one of its comments has one), and its comments; returns
/// whether a comment was written (after one, a black move is numbered
/// again).
fn push_notes(line: &mut String, notes: &PlyNotes, eval: Option<i32>) -> bool {
    for nag in &notes.nags {
        line.push_str(&format!("${nag} "));
    }
    let eval = eval.filter(|_| !notes.has_eval());
    if let Some(cp) = eval {
        line.push_str(&format!("{{ [%eval {}] }} ", eval_text(cp)));
    }
    for comment in &notes.comments {
        line.push_str(&format!("{{ {comment} }} "));
    }
    eval.is_some() || !notes.comments.is_empty()
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
            kept_tags: &[],
            extra_tags: &[],
            notes: &[],
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

    /// A ply's variations are written in SAN after its notes, numbered as
    /// lichess numbers them, and the main line's next black move is
    /// numbered again; reading skips them.
    #[test]
    fn variations_in_place_of_a_ply() {
        let moves: Vec<String> = ["e2e4", "e7e5", "g1f3", "d8g5", "f3g5"]
            .map(String::from)
            .to_vec();
        let mut notes = vec![PlyNotes::default(); 6];
        notes[4].nags.push(4);
        notes[4]
            .variations
            .push(["b8c6", "f1b5"].map(String::from).to_vec());
        notes[3].variations.push(vec!["d2d4".to_string()]);
        let text = PgnGame {
            event: "x",
            white: "w",
            black: "b",
            variant: Variant::Chess,
            start_fen: Variant::Chess.start_fen(),
            moves: &moves,
            result: "*",
            termination: None,
            evals: &[],
            kept_tags: &[],
            extra_tags: &[],
            notes: &notes,
        }
        .write(1, "2026.11.28");
        let flat = text.replace('\n', " ");
        let line = "1. e4 e5 2. Nf3 (2. d4) 2... Qg5 $4 (2... Nc6 3. Bb5) 3. Nxg5 *";
        assert!(flat.contains(line), "{text}");
        let back = &read_games(&text, Variant::Chess).unwrap()[0];
        assert_eq!(back.moves, moves);
        assert_eq!(back.notes[4].nags, [4]);
    }

    const FULL: &str = include_str!("../../tests/fixtures/lichess-full.pgn");

    /// `record` written back as the GUI exports an imported game.
    fn write_back(
        record: &crate::pgn::PgnRecord,
        result: &str,
        termination: Option<String>,
    ) -> String {
        PgnGame {
            event: "turncoat gui",
            white: "?",
            black: "?",
            variant: record.variant,
            start_fen: &record.start_fen,
            moves: &record.moves,
            result,
            termination,
            evals: &record.evals,
            kept_tags: record.tags(),
            extra_tags: &[],
            notes: &record.notes,
        }
        .write(1, "2026.11.28")
    }

    /// A lichess game with every tag (Elos, TimeControl, ECO, Opening,
    /// Variant "From Position", FEN, ...), comments before the first move
    /// and after plies, `[%clk]` and `[%eval]`, NAGs as `$n` and as
    /// suffixes, and a result the rules did not declare (a flag) comes back
    /// out as it went in: the same tag lines in the same order, and, read
    /// again, the same moves, comments, NAGs, evaluations and result.
    #[test]
    fn an_imported_game_is_written_back_without_loss() {
        let record = &read_games(FULL, Variant::Chess).unwrap()[0];
        assert_eq!(record.result(), "0-1");
        assert_eq!(record.notes[0].comments, ["The Spanish, from move 2"]);
        assert_eq!(record.notes[3].nags, [1]);
        assert_eq!(record.notes[9].nags, [6], "6. Re1?! is $6");
        assert_eq!(record.notes[9].comments.len(), 2);
        let text = write_back(record, record.result(), None);
        let tag_lines = |t: &str| -> Vec<String> {
            t.lines()
                .take_while(|l| l.starts_with('['))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(tag_lines(&text), tag_lines(FULL), "{text}");
        assert!(
            text.contains("{ The Spanish, from move 2 } 2. Nf3"),
            "{text}"
        );
        assert!(
            text.contains("6. Re1 $6 { [%eval -1.5] [%clk 0:09:31] } { Inaccuracy."),
            "{text}"
        );
        assert!(text.trim_end().ends_with("0-1"), "{text}");
        assert!(
            !text.contains("Time forfeit }"),
            "no termination comment is added: {text}"
        );
        let back = &read_games(&text, Variant::Chess).unwrap()[0];
        assert_eq!(back.tags(), record.tags());
        assert_eq!(
            (&back.moves, &back.notes, &back.evals, back.result()),
            (&record.moves, &record.notes, &record.evals, "0-1")
        );
    }

    /// A game continued after its import keeps its tags; its result is the
    /// new one, with its reason; a `Termination` that no longer holds goes.
    #[test]
    fn a_continued_game_keeps_its_tags_with_its_new_result() {
        let record = &read_games(FULL, Variant::Chess).unwrap()[0];
        let going_on = write_back(record, "*", None);
        assert!(going_on.contains("[Result \"*\"]\n"), "{going_on}");
        assert!(!going_on.contains("Termination"), "{going_on}");
        assert!(going_on.contains("[Opening \"Ruy Lopez: Morphy Defense\"]"));
        let won = write_back(record, "1-0", Some("Black resigns".into()));
        assert!(won.contains("[Result \"1-0\"]\n"), "{won}");
        assert!(won.contains("[Termination \"Black resigns\"]"), "{won}");
        assert!(won.trim_end().ends_with("{Black resigns} 1-0"), "{won}");
        assert_eq!(read_games(&won, Variant::Chess).unwrap()[0].result(), "1-0");
    }

    /// A game's own extra tags (the GUI's levels) follow the Seven Tag
    /// Roster; an imported game's tags are given back without them.
    #[test]
    fn extra_tags_follow_the_roster_of_a_game_of_our_own() {
        let moves = vec!["e2e4".to_string()];
        let levels = [("BlackLevel".to_string(), "3".to_string())];
        let own = PgnGame {
            event: "x",
            white: "human",
            black: "turncoat (level 3)",
            variant: Variant::Chess,
            start_fen: Variant::Chess.start_fen(),
            moves: &moves,
            result: "*",
            termination: None,
            evals: &[],
            kept_tags: &[],
            extra_tags: &levels,
            notes: &[],
        }
        .write(1, "2026.11.28");
        assert!(
            own.contains("[Black \"turncoat (level 3)\"]\n[Result \"*\"]\n[BlackLevel \"3\"]\n"),
            "{own}"
        );
        let record = &read_games(FULL, Variant::Chess).unwrap()[0];
        let kept = PgnGame {
            event: "turncoat gui",
            white: "?",
            black: "?",
            variant: record.variant,
            start_fen: &record.start_fen,
            moves: &record.moves,
            result: "0-1",
            termination: None,
            evals: &record.evals,
            kept_tags: record.tags(),
            extra_tags: &levels,
            notes: &record.notes,
        }
        .write(1, "2026.11.28");
        assert!(!kept.contains("BlackLevel"), "{kept}");
    }
}
