//! Formatting the engine's reports as UCI lines.

use crate::engine::{BestMove, Line, TurnDepth};
use crate::review::wdl::Wdl;
use crate::search::threads::Score;

/// ` wdl W D L` after the score, as Stockfish writes it with
/// `UCI_ShowWDL` on; nothing when it is off (`None`).
fn wdl_words(wdl: Option<Wdl>) -> String {
    wdl.map_or_else(String::new, |w| {
        format!(" wdl {} {} {}", w.win, w.draw, w.loss)
    })
}

pub fn info_line(l: &Line, wdl: Option<Wdl>) -> String {
    let score = match l.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {} pv {}",
        l.depth,
        l.seldepth.max(l.depth),
        l.multipv,
        score,
        wdl_words(wdl),
        l.nodes,
        l.nps,
        l.hashfull,
        l.time.as_millis(),
        l.pv.join(" ")
    )
}

/// A depth of the simultaneous-move search.
pub fn turn_line(t: &TurnDepth, wdl: Option<Wdl>) -> String {
    let ms = t.time.as_millis().max(1);
    format!(
        "info depth {} score cp {}{} nodes {} nps {} time {}",
        t.depth,
        t.value.round() as i64,
        wdl_words(wdl),
        t.nodes,
        t.nodes as u128 * 1000 / ms,
        ms
    )
}

/// `info string strategy` (when the move was drawn from one), then
/// `bestmove`.
pub fn bestmove_lines(b: &BestMove, show_ponder: bool) -> Vec<String> {
    let mut lines = Vec::new();
    if !b.strategy.is_empty() {
        let mut s = String::from("info string strategy");
        for (p, w) in b.strategy.iter().filter(|(_, w)| *w > 1e-9) {
            s.push_str(&format!(" {p}:{w:.3}"));
        }
        lines.push(s);
    }
    let mut line = match &b.best {
        Some(m) => format!("bestmove {m}"),
        None => "bestmove (none)".into(),
    };
    if let (true, Some(_), Some(p)) = (show_ponder, &b.best, &b.ponder) {
        line.push_str(&format!(" ponder {p}"));
    }
    lines.push(line);
    lines
}
