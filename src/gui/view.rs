//! The session as the page draws it: the state JSON of the HTTP API
//! (docs/gui.md), a previewed board, the PGN export.

use super::search_line::side_code;
use super::session::Session;
use crate::arena::program::ProgramConfig;
use crate::arena::result::GameResult;
use crate::board::{Color, Square};
use crate::game::story::{MoveStory, Placement, TurnStory};
use crate::game::Game;
use crate::pgn;
use crate::Variant;
use serde_json::{json, Map, Value};

/// The whole state of the session.
pub fn state(s: &Session, engines: &[ProgramConfig]) -> Value {
    let result = s.result();
    let human = s.human_side();
    json!({
        "seq": s.seq,
        "variant": s.variant.name(),
        "variants": Variant::ALL.map(|v| v.name()),
        "size": s.game.board_size(),
        "files": &"abcdefgh"[..usize::from(s.game.board_size())],
        "mode": s.mode.name(),
        "engines": engines.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(),
        "white": seat_name(s, engines, Color::White),
        "black": seat_name(s, engines, Color::Black),
        "tc": s.mode.has_engines().then_some(s.tc.as_str()),
        "start_fen": s.start_fen,
        "fen": s.game.fen(),
        "board": board(&s.game.placement()),
        "side_to_move": side_code(s.side_to_move()),
        "moves": move_list(s),
        "cursor": s.cursor,
        "human_to_move": human.is_some(),
        "thinking": s.live.thinking.map(side_code),
        "legal": human.map_or_else(Vec::new, |side| legal(&s.game, side)),
        "learn": super::learn::state(&s.game, human),
        "last": s.game.last_move_story().map(|m| move_story(&m)),
        "turn": s.game.last_turn_story().map(|t| turn_story(&t)),
        "check": s.game.check_square(),
        "pending": (s.game.has_pending_ply() || s.live.white_chosen).then_some("w"),
        "penalties": s.game.penalties().map(|p| json!({"w": p[0], "b": p[1]})),
        "result": result.as_ref().map_or("", |r| r.notation()),
        "aborted": s.live.aborted,
        "actions": {
            "resign": s.person_side().is_some(),
            "draw": s.person_side().is_some(),
            "abort": s.abortable(),
            "rematch": s.rematch_possible(),
        },
        "reason": result.as_ref().map_or(String::new(), |r| r.reason()),
        "influence": influence(&s.game),
        "pending_conversions": s.game.pending_conversions(),
        "clock": s.live.clock.map(|c| json!({
            "w": c.left_now(Color::White).as_millis() as u64,
            "b": c.left_now(Color::Black).as_millis() as u64,
            "running": c.running.map(|(side, _)| side_code(side)),
        })),
        "engine_output": s.output,
        "evals": s.evals,
        "multipv": s.multipv,
        "analysis_engine": engines.get(s.analysis_engine).map(|e| e.name.as_str()),
        "pgn_games": s.imported.iter().map(|g| g.label.as_str()).collect::<Vec<_>>(),
        "message": s.message,
    })
}

/// `human`, or the engine's name, for the side in the session's mode.
pub fn seat_name(s: &Session, engines: &[ProgramConfig], side: Color) -> String {
    if s.mode.human_plays(side) {
        return "human".into();
    }
    engines
        .get(s.sides[side.index()])
        .map_or_else(|| "engine".into(), |e| e.name.clone())
}

/// `{"e4": "wN", ...}`.
pub fn board(placement: &Placement) -> Value {
    let map: Map<String, Value> = placement
        .iter()
        .map(|(sq, piece)| (sq.clone(), Value::from(piece.as_str())))
        .collect();
    Value::Object(map)
}

/// Every ply of the line with its number and side.
fn move_list(s: &Session) -> Vec<Value> {
    let mut side = start_side(s);
    let first: usize = s
        .start_fen
        .split_whitespace()
        .nth(s.variant.move_number_field())
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut number = first;
    let memo = s.line_memo();
    s.line
        .iter()
        .zip(memo.readable())
        .enumerate()
        .map(|(i, (mv, san))| {
            let label = match side {
                Color::White => format!("{number}. {san}"),
                Color::Black => format!("{number}... {san}"),
            };
            let entry = json!({
                "ply": i + 1,
                "move": mv,
                "san": san,
                "side": side_code(side),
                "number": number,
                "label": label,
                "score": s.evals.get(i + 1).copied().flatten(),
            });
            if side == Color::Black {
                number += 1;
            }
            side = side.flip();
            entry
        })
        .collect()
}

/// The side of the line's first ply.
fn start_side(s: &Session) -> Color {
    match Game::from_fen(s.variant, &s.start_fen) {
        Ok(g) => g.side_to_move(),
        Err(_) => Color::White,
    }
}

/// The moves the person may make, with what the page needs to enter
/// them: the square clicked first, the square clicked second (none for a
/// subversion: its payments are chosen), a label and squares to mark.
fn legal(game: &Game, side: Color) -> Vec<Value> {
    game.moves_for(side)
        .iter()
        .map(|text| {
            let entry = MoveEntry::of(text);
            json!({
                "move": text,
                "from": entry.from,
                "to": entry.to,
                "label": entry.label,
                "marks": entry.marks,
            })
        })
        .collect()
}

/// A move in the variant's notation taken apart for the page.
struct MoveEntry {
    from: String,
    to: Option<String>,
    label: String,
    marks: Vec<String>,
}

impl MoveEntry {
    /// `e2e4`, `e7e8q`, `@e5d2f2` (docs/rules.md §4.4), `b4b5n`, `b4c5,c5d2`
    /// (docs/rules.md §5.2).
    fn of(text: &str) -> MoveEntry {
        if let Some(body) = text.strip_prefix('@') {
            let squares = square_names(body);
            let marks: Vec<String> = squares.iter().skip(1).cloned().collect();
            return MoveEntry {
                from: squares.first().cloned().unwrap_or_default(),
                to: None,
                label: format!("pay {}", marks.join(" ")),
                marks,
            };
        }
        let from = text.get(..2).unwrap_or_default().to_string();
        let to = text.get(2..4).map(str::to_string);
        let rest = text.get(4..).unwrap_or_default();
        let (label, marks) = if let Some(second) = rest.strip_prefix(',') {
            let target = second.get(2..4).unwrap_or_default().to_string();
            (format!("relocate to {target}"), vec![target])
        } else {
            let label = match rest {
                "" => text.to_string(),
                "q" => "Queen".into(),
                "r" => "Rook".into(),
                "b" => "Bishop".into(),
                "n" => "Knight".into(),
                "k" => "King".into(),
                other => other.to_string(),
            };
            (label, Vec::new())
        };
        MoveEntry {
            from,
            to,
            label,
            marks,
        }
    }
}

/// `e5d2f2` → `e5`, `d2`, `f2`.
fn square_names(s: &str) -> Vec<String> {
    s.as_bytes()
        .chunks(2)
        .filter_map(|c| std::str::from_utf8(c).ok())
        .map(str::to_string)
        .collect()
}

fn move_story(m: &MoveStory) -> Value {
    let entry = MoveEntry::of(&m.text);
    json!({
        "move": m.text,
        "from": entry.from,
        "to": entry.to.clone().unwrap_or_else(|| entry.from.clone()),
        "conversions": m.conversions,
        "removed": m.removed,
        "waves": m.waves.iter().map(|(converted, placement)| json!({
            "converted": converted,
            "board": board(placement),
        })).collect::<Vec<_>>(),
    })
}

fn turn_story(t: &TurnStory) -> Value {
    json!({
        "white": t.white,
        "black": t.black,
        "white_valid": t.valid[0],
        "black_valid": t.valid[1],
        "collision": t.collision,
        "relocations": t.relocations,
        "board_before": board(&t.before),
    })
}

/// Persuasion and support of every occupied square (docs/rules.md §2.2), in
/// the pacifist variants.
fn influence(game: &Game) -> Value {
    let Some(map) = game.influence_map() else {
        return Value::Null;
    };
    let squares: Map<String, Value> = game
        .placement()
        .into_iter()
        .filter_map(|(name, piece)| {
            let sq = Square::parse(&name)?;
            let own = usize::from(!piece.starts_with('w'));
            let [support, persuasion] = [map[sq.index()][own], map[sq.index()][1 - own]];
            let entry = json!({
                "persuasion": persuasion,
                "support": support,
                "over": persuasion > support,
            });
            Some((name, entry))
        })
        .collect();
    Value::Object(squares)
}

/// The board after a previewed line.
pub fn preview(game: &Game) -> Value {
    json!({
        "board": board(&game.placement()),
        "last": game.last_move_story().map(|m| move_story(&m)),
        "turn": game.last_turn_story().map(|t| turn_story(&t)),
        "fen": game.fen(),
        "check": game.check_square(),
        "penalties": game.penalties().map(|p| json!({"w": p[0], "b": p[1]})),
        "influence": influence(game),
        "pending_conversions": game.pending_conversions(),
    })
}

/// The game as PGN, with `turncoat match -pgnout`'s conventions.
pub fn pgn(s: &Session) -> String {
    let unknown = || "?".to_string();
    let (white, black) = s.players.clone().unwrap_or_else(|| (unknown(), unknown()));
    let result = s.final_result();
    let game = pgn::PgnGame {
        event: "turncoat gui",
        white: &white,
        black: &black,
        variant: s.variant,
        start_fen: &s.start_fen,
        moves: &s.line,
        result: result.as_ref().map_or("*", GameResult::notation),
        termination: result.as_ref().map(GameResult::reason),
        evals: &s.evals,
    };
    game.write(1, &crate::pgn::today())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_taken_apart_for_the_page() {
        let e = MoveEntry::of("@e5d2f2");
        assert_eq!((e.from.as_str(), e.to), ("e5", None));
        assert_eq!(e.marks, ["d2", "f2"]);
        assert_eq!(e.label, "pay d2 f2");
        let r = MoveEntry::of("b4c5,c5d2");
        assert_eq!((r.from.as_str(), r.to.as_deref()), ("b4", Some("c5")));
        assert_eq!(r.marks, ["d2"]);
        assert_eq!(MoveEntry::of("e7e8q").label, "Queen");
        assert_eq!(MoveEntry::of("b4b5n").label, "Knight");
        assert_eq!(MoveEntry::of("e2e4").label, "e2e4");
    }

    #[test]
    fn the_state_of_a_new_session() {
        let mut s = Session::new();
        s.mode = super::super::session::Mode::Analysis;
        let v = state(&s, &[]);
        assert_eq!(v["variant"], "pacifist");
        assert_eq!(v["board"]["e1"], "wK");
        assert_eq!(v["board"]["d8"], "bQ");
        assert_eq!(v["result"], "");
        assert_eq!(v["influence"]["e2"]["support"], 4);
        assert_eq!(v["legal"].as_array().unwrap().len(), 20);
    }
}
