//! A reviewed game as PGN (docs/review.md, "The annotated PGN"), in
//! lichess's form: after each ply its evaluation as `{ [%eval 0.17] }`
//! (White's view, pawns with two decimals, `#-3` for a mate), a marked
//! ply's NAG (`$6` ?!, `$2` ?, `$4` ??) with a comment in words and the
//! engine's better line as a variation, and each side's accuracy as the
//! tags `WhiteAccuracy` and `BlackAccuracy`. The game's own tags, comments
//! and NAGs stay, but for its old evaluations and move assessments, which
//! the review's replace.

use super::game::GameReview;
use super::marks::is_move_assessment;
use super::ply::PlyReview;
use crate::pgn::read::MATE;
use crate::pgn::{PgnGame, PgnRecord, PlyNotes};
use crate::search::threads::Score;

/// The tags review writes, replaced where the game has them already.
const REVIEW_TAGS: [&str; 3] = ["Annotator", "WhiteAccuracy", "BlackAccuracy"];

/// The Seven Tag Roster, each with the value PGN gives an unknown one
/// (`Result`'s is the game's own).
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// `record` with `review`'s annotations, as PGN text; `annotator` names
/// the engine and its limit (the `Annotator` tag).
pub fn annotated_pgn(record: &PgnRecord, review: &GameReview, annotator: &str) -> String {
    let tags = tags(record, review, annotator);
    let evals: Vec<Option<i32>> = std::iter::once(None)
        .chain(review.plies.iter().map(|p| p.eval.map(pgn_eval)))
        .collect();
    let notes = notes(record, review);
    PgnGame {
        event: "",
        white: "",
        black: "",
        variant: record.variant,
        start_fen: &record.start_fen,
        moves: &record.moves,
        result: record.result(),
        termination: None,
        evals: &evals,
        kept_tags: &tags,
        extra_tags: &[],
        notes: &notes,
    }
    .write(1, "")
}

/// The Seven Tag Roster first (completed where the game lacks a tag),
/// the game's other tags in their order (`Variant` and `FEN` added where
/// missing), then the review's.
fn tags(record: &PgnRecord, review: &GameReview, annotator: &str) -> Vec<(String, String)> {
    let has = |key: &str| record.tag(key).is_some();
    let in_roster = |key: &str| ROSTER.iter().any(|(k, _)| k.eq_ignore_ascii_case(key));
    let ours = |key: &str| REVIEW_TAGS.iter().any(|k| k.eq_ignore_ascii_case(key));
    let mut tags: Vec<(String, String)> = ROSTER
        .iter()
        .map(|&(k, unknown)| {
            let value = match k {
                "Result" => record.result(),
                _ => record.tag(k).unwrap_or(unknown),
            };
            (k.to_string(), value.to_string())
        })
        .collect();
    tags.extend(
        record
            .tags()
            .iter()
            .filter(|(k, _)| !in_roster(k) && !ours(k))
            .cloned(),
    );
    let mut add = |k: &str, v: &str| tags.push((k.to_string(), v.to_string()));
    if let (Some(name), false) = (record.variant.nonstandard_name(), has("Variant")) {
        add("Variant", name);
    }
    if record.start_fen != record.variant.start_fen() && !has("FEN") {
        add("FEN", &record.start_fen);
        add("SetUp", "1");
    }
    add("Annotator", annotator);
    for (key, accuracy) in ["WhiteAccuracy", "BlackAccuracy"]
        .iter()
        .zip(review.accuracy)
    {
        if let Some(a) = accuracy {
            add(key, &format!("{a:.1}"));
        }
    }
    tags
}

/// A score (White's view) as the PGN module keeps `[%eval]`: centipawns,
/// a mate in N as `MATE - N` (negative for Black).
fn pgn_eval(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-(MATE - 1001), MATE - 1001),
        Score::Mate(m) if m > 0 => MATE - m.min(999),
        Score::Mate(m) => -MATE + m.unsigned_abs().min(999) as i32,
    }
}

/// Each ply's notes: the game's, without old evaluations and move
/// assessments, with the review's mark, comment and better line.
fn notes(record: &PgnRecord, review: &GameReview) -> Vec<PlyNotes> {
    let mut notes: Vec<PlyNotes> = (0..=record.moves.len())
        .map(|i| kept_notes(record.notes.get(i)))
        .collect();
    for (i, ply) in review.plies.iter().enumerate() {
        let Some(mark) = ply.mark else { continue };
        let here = &mut notes[i + 1];
        here.nags.insert(0, mark.nag());
        here.comments.push(comment(record, i, ply));
        if !ply.better.is_empty() {
            here.variations.push(ply.better.clone());
        }
    }
    notes
}

/// A ply's notes as read, less `[%eval ...]` and move assessments.
fn kept_notes(read: Option<&PlyNotes>) -> PlyNotes {
    let Some(read) = read else {
        return PlyNotes::default();
    };
    PlyNotes {
        nags: read
            .nags
            .iter()
            .copied()
            .filter(|&n| !is_move_assessment(n))
            .collect(),
        comments: read
            .comments
            .iter()
            .map(|c| without_eval(c))
            .filter(|c| !c.is_empty())
            .collect(),
        variations: Vec::new(),
    }
}

/// A comment without its `[%eval ...]` commands.
fn without_eval(comment: &str) -> String {
    let mut rest = comment;
    let mut out = String::new();
    while let Some(start) = rest.find("[%eval") {
        out.push_str(&rest[..start]);
        match rest[start..].find(']') {
            Some(end) => rest = &rest[start + end + 1..],
            None => rest = "",
        }
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The words of a marked ply (`i` from 0): `Blunder: win chance 62% →
/// 8%. Nf3 was best.`; in apocalypse the equilibrium it fell short of.
fn comment(record: &PgnRecord, i: usize, ply: &PlyReview) -> String {
    let name = ply.mark.map_or("", |m| m.name());
    let percent = |x: f64| format!("{:.0}%", 100.0 * x);
    let chances = format!(
        "win chance {} → {}",
        percent(ply.before),
        percent(ply.after)
    );
    if !ply.strategy.is_empty() {
        let mix: Vec<String> = ply
            .strategy
            .iter()
            .map(|(p, w)| format!("{p} {}", percent(*w)))
            .collect();
        return format!(
            "{name}: {chances} against the equilibrium. The equilibrium plays {}.",
            mix.join(", ")
        );
    }
    match ply.better.first() {
        Some(best) => format!("{name}: {chances}. {} was best.", readable(record, i, best)),
        None => format!("{name}: {chances}."),
    }
}

/// Ply `best`, played instead of ply `i` (from 0), as players read it.
fn readable(record: &PgnRecord, i: usize, best: &str) -> String {
    let mut moves = record.moves[..i].to_vec();
    moves.push(best.to_string());
    crate::game::readable_line(record.variant, &record.start_fen, &moves)
        .pop()
        .unwrap_or_else(|| best.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_evaluations_leave_a_comment() {
        assert_eq!(
            without_eval("[%eval 0.17] [%clk 0:01:00]"),
            "[%clk 0:01:00]"
        );
        assert_eq!(without_eval("good [%eval #-3]"), "good");
        assert_eq!(without_eval("[%eval 1"), "");
        assert_eq!(without_eval("plain"), "plain");
    }

    #[test]
    fn scores_are_kept_as_the_pgn_module_writes_them() {
        assert_eq!(pgn_eval(Score::Cp(17)), 17);
        assert_eq!(pgn_eval(Score::Mate(3)), MATE - 3);
        assert_eq!(pgn_eval(Score::Mate(-3)), -MATE + 3);
    }
}
