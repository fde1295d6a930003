//! Formatting engine output: `info`, `bestmove`, the `d` diagram.

use crate::board::{Move, Position, Square};
use crate::game::Game;
use crate::search::threads::{Report, Score, SearchResult};

/// The PV in the variant's notation, cut at the first move that is not
/// legal in sequence (so the GUI never sees an illegal PV move).
pub fn format_pv(pos: &Position, pv: &[Move], chess960: bool) -> Vec<String> {
    let mut cur = *pos;
    let mut out = Vec::new();
    for &mv in pv {
        if !cur.legal_moves().contains(&mv) {
            break;
        }
        out.push(cur.move_to_uci(mv, chess960));
        cur = cur.play(mv);
    }
    out
}

pub fn info_line(pos: &Position, r: &Report, chess960: bool) -> String {
    let score = match r.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        r.depth,
        r.seldepth.max(r.depth),
        r.multipv,
        score,
        r.nodes,
        r.nps,
        r.hashfull,
        r.time.as_millis(),
        format_pv(pos, &r.pv, chess960).join(" ")
    )
}

pub fn bestmove_line(
    pos: &Position,
    result: &SearchResult,
    chess960: bool,
    show_ponder: bool,
) -> String {
    let Some(best) = result.best else {
        return "bestmove (none)".into();
    };
    let mut line = format!("bestmove {}", pos.move_to_uci(best, chess960));
    if show_ponder {
        if let Some(p) = result.ponder {
            let child = pos.play(best);
            if child.legal_moves().contains(&p) {
                line.push_str(&format!(" ponder {}", child.move_to_uci(p, chess960)));
            }
        }
    }
    line
}

/// `1-0 checkmate`, `1/2-1/2 threefold repetition`, ... or `*`.
pub fn result_text(game: &Game) -> String {
    match game.outcome() {
        Some(o) => format!("{} {}", o.result(), o.reason()),
        None => "*".into(),
    }
}

/// The `d` command: a diagram and the position's facts.
pub fn diagram(game: &Game) -> String {
    let pos = game.position();
    let mut s = String::new();
    let border = " +---+---+---+---+---+---+---+---+\n";
    s.push_str(border);
    for rank in (0..8).rev() {
        for file in 0..8 {
            let c = pos
                .piece_at(Square::from_coords(file, rank))
                .map_or(' ', |p| p.fen_char());
            s.push_str(&format!(" | {c}"));
        }
        s.push_str(&format!(" | {}\n{border}", rank + 1));
    }
    s.push_str("   a   b   c   d   e   f   g   h\n\n");
    s.push_str(&format!("Variant: {}\n", pos.variant()));
    s.push_str(&format!("Fen: {}\n", pos.to_fen()));
    s.push_str(&format!("Key: {:016X}\n", pos.key()));
    s.push_str(&format!("Result: {}", result_text(game)));
    s
}
