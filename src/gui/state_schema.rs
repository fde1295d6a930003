//! The state JSON's schema pinned (docs/gui.md, "The state"): every key
//! with its JSON type, for a game in progress of each variant, so that a
//! renamed, dropped or retyped field of [`view::State`] breaks a test
//! before it breaks the page.

use super::engine::Engine;
use super::search_line::SearchLine;
use super::session::{ClockView, ImportedGame, Mode, Session};
use super::view;
use crate::arena::program::{ProgramConfig, Protocol};
use crate::board::Color;
use crate::Variant;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// Objects keyed by squares or moves: their keys are data, not schema.
const KEYED_BY_DATA: [&str; 6] = [
    "board",
    "board_before",
    "influence",
    "explain",
    "candidates",
    "prices",
];

/// `path: type` for every value under `v`: `a.b` an object's key, `a[]`
/// an array's elements, `a{}` the values of an object keyed by data;
/// types joined by `|` where elements differ (`string|null`).
fn schema(v: &Value) -> BTreeSet<String> {
    let mut types = BTreeMap::<String, BTreeSet<&str>>::new();
    walk(v, "", &mut types);
    types
        .into_iter()
        .map(|(path, t)| format!("{path}: {}", t.into_iter().collect::<Vec<_>>().join("|")))
        .collect()
}

fn walk<'v>(v: &'v Value, path: &str, types: &mut BTreeMap<String, BTreeSet<&'v str>>) {
    let name = match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(items) => {
            for item in items {
                walk(item, &format!("{path}[]"), types);
            }
            "array"
        }
        Value::Object(map) => {
            let last = path.rsplit(['.', '[', '{']).next().unwrap_or("");
            for (key, item) in map {
                let child = if KEYED_BY_DATA.contains(&last) {
                    format!("{path}{{}}")
                } else if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                walk(item, &child, types);
            }
            "object"
        }
    };
    if !path.is_empty() {
        types.entry(path.to_string()).or_default().insert(name);
    }
}

/// A game of `variant` in progress against an engine, with all the
/// state's optional parts filled: a clock, engine output, evaluations,
/// an imported game's label, a message.
fn session_of(variant: Variant, fen: Option<&str>, moves: &[&str]) -> Session {
    let mut s = Session::new();
    s.new_game(variant, fen).unwrap();
    for m in moves {
        s.play(m).unwrap();
    }
    s.mode = Mode::PlayWhite;
    s.live.awaiting = Some(s.game.side_to_move());
    s.live.thinking = Some(Color::Black);
    s.live.clock = Some(ClockView {
        left: [Duration::from_secs(60); 2],
        running: Some((Color::White, Instant::now())),
    });
    s.output.push(SearchLine {
        engine: "turncoat".into(),
        side: "b",
        multipv: 1,
        depth: 5,
        score: "+0.12".into(),
        cp: Some(-12),
        nodes: 1000,
        pv: vec!["e7e5".into()],
        san: vec!["e5".into()],
    });
    s.evals = vec![Some(0); s.line.len() + 1];
    s.evals[0] = None;
    s.imported.push(ImportedGame {
        label: "1. a - b * (chess)".into(),
        variant,
        start_fen: s.start_fen.clone(),
        moves: Vec::new(),
        evals: vec![None],
        white: "a".into(),
        black: "b".into(),
        tags: Vec::new(),
        notes: Vec::new(),
        result: None,
    });
    s.message = "engine turncoat: a message".into();
    s
}

fn state_schema(s: &Session) -> BTreeSet<String> {
    let engines = [Engine {
        config: ProgramConfig {
            name: "turncoat".into(),
            cmd: "turncoat".into(),
            args: Vec::new(),
            protocol: Protocol::Uci,
            options: Vec::new(),
        },
        takes_level: true,
    }];
    schema(&serde_json::to_value(view::state(s, &engines)).unwrap())
}

/// The keys of every variant's state, with their types.
const COMMON: &[&str] = &[
    "aborted: bool",
    "actions.abort: bool",
    "actions.draw: bool",
    "actions.rematch: bool",
    "actions.resign: bool",
    "actions: object",
    "analysis_engine: string",
    "black: string",
    "board: object",
    "board{}: string",
    "clock.b: number",
    "clock.running: string",
    "clock.w: number",
    "clock: object",
    "cursor: number",
    "engine_output: array",
    "engine_output[].cp: number",
    "engine_output[].depth: number",
    "engine_output[].engine: string",
    "engine_output[].multipv: number",
    "engine_output[].nodes: number",
    "engine_output[].pv: array",
    "engine_output[].pv[]: string",
    "engine_output[].san: array",
    "engine_output[].san[]: string",
    "engine_output[].score: string",
    "engine_output[].side: string",
    "engine_output[]: object",
    "engines: array",
    "engines[]: string",
    "evals: array",
    "evals[]: null|number",
    "fen: string",
    "files: string",
    "human_to_move: bool",
    "learn.candidates: object",
    "learn.explain: object",
    "learn.prices: object",
    "learn: object",
    "legal: array",
    "legal[].from: string",
    "legal[].label: string",
    "legal[].marks: array",
    "legal[].move: string",
    "legal[]: object",
    "level_engines: array",
    "level_engines[]: string",
    "levels.b: number",
    "levels.w: number",
    "levels: object",
    "message: string",
    "mode: string",
    "moves: array",
    "moves[].label: string",
    "moves[].move: string",
    "moves[].number: number",
    "moves[].ply: number",
    "moves[].san: string",
    "moves[].score: number",
    "moves[].side: string",
    "moves[]: object",
    "multipv: number",
    "pending_conversions: array",
    "line_reason: string",
    "line_result: string",
    "players.b: string",
    "players.w: string",
    "players: object",
    "pgn_games: array",
    "pgn_games[]: string",
    "reason: string",
    "result: string",
    "seq: number",
    "side_to_move: string",
    "size: number",
    "start_fen: string",
    "tc: string",
    "thinking: string",
    "variant: string",
    "variants: array",
    "variants[]: string",
    "white: string",
];

/// A pacifist cascade (docs/rules.md §2.3): the influence overlay, the
/// waves, the conversions explained.
const PACIFIST: &[&str] = &[
    "check: null",
    "influence: object",
    "influence{}.over: bool",
    "influence{}.persuasion: number",
    "influence{}.support: number",
    "influence{}: object",
    "last.conversions: array",
    "last.conversions[]: string",
    "last.from: string",
    "last.move: string",
    "last.removed: array",
    "last.to: string",
    "last.waves: array",
    "last.waves[].board: object",
    "last.waves[].board{}: string",
    "last.waves[].converted: array",
    "last.waves[].converted[]: string",
    "last.waves[]: object",
    "last: object",
    "learn.explain{}.kind: string",
    "learn.explain{}.text: string",
    "learn.explain{}: object",
    "legal[].to: string",
    "penalties: null",
    "pending: null",
    "turn: null",
];

/// Pacifist2: the influence overlay, no conversion yet.
const PACIFIST2: &[&str] = &[
    "check: null",
    "influence: object",
    "influence{}.over: bool",
    "influence{}.persuasion: number",
    "influence{}.support: number",
    "influence{}: object",
    "last.conversions: array",
    "last.from: string",
    "last.move: string",
    "last.removed: array",
    "last.to: string",
    "last.waves: array",
    "last: object",
    "legal[].to: string",
    "penalties: null",
    "pending: null",
    "turn: null",
];

/// Subversion (docs/rules.md §4.1.4): prices, payments with no `to`.
const SUBVERSION: &[&str] = &[
    "check: null",
    "influence: null",
    "last.conversions: array",
    "last.from: string",
    "last.move: string",
    "last.removed: array",
    "last.to: string",
    "last.waves: array",
    "last: object",
    "learn.prices{}.by: array",
    "learn.prices{}.by[]: string",
    "learn.prices{}.payments: number",
    "learn.prices{}.price: string",
    "learn.prices{}: object",
    "legal[].marks[]: string",
    "legal[].to: null|string",
    "penalties: null",
    "pending: null",
    "turn: null",
];

/// Apocalypse (docs/rules.md §5.3): the last turn, penalties, the
/// candidates' conditions and risks, white's ply pending.
const APOCALYPSE: &[&str] = &[
    "check: null",
    "influence: null",
    "last: null",
    "learn.candidates{}.condition: null|string",
    "learn.candidates{}.doomed: bool",
    // black's speculations here are all doomed, so `needs` is null (a
    // string where a ply of White meets one: game::explain's tests)
    "learn.candidates{}.needs: null",
    "learn.candidates{}.risk: null|string",
    "learn.candidates{}.sure: bool",
    "learn.candidates{}: object",
    "legal[].to: string",
    "penalties.b: number",
    "penalties.w: number",
    "penalties: object",
    "pending: string",
    "turn.black: string",
    "turn.black_valid: bool",
    "turn.board_before: object",
    "turn.board_before{}: string",
    "turn.collision: null",
    "turn.relocations: array",
    "turn.white: string",
    "turn.white_valid: bool",
    "turn: object",
];

/// Chess: a check.
const CHESS: &[&str] = &[
    "check: string",
    "influence: null",
    "last.conversions: array",
    "last.from: string",
    "last.move: string",
    "last.removed: array",
    "last.to: string",
    "last.waves: array",
    "last: object",
    "legal[].to: string",
    "penalties: null",
    "pending: null",
    "turn: null",
];

#[test]
fn the_state_of_each_variant_has_every_key_with_its_type() {
    for (variant, fen, moves, own) in scenarios() {
        let got = state_schema(&session_of(variant, fen, moves));
        let expected: BTreeSet<String> = COMMON.iter().chain(own).map(|l| l.to_string()).collect();
        let missing: Vec<_> = expected.difference(&got).collect();
        let unexpected: Vec<_> = got.difference(&expected).collect();
        assert!(
            missing.is_empty() && unexpected.is_empty(),
            "{}: missing {missing:#?}, unexpected {unexpected:#?}",
            variant.name()
        );
    }
}

/// A variant, a start, the moves played, the keys of its state beyond
/// [`COMMON`].
type Scenario = (
    Variant,
    Option<&'static str>,
    &'static [&'static str],
    &'static [&'static str],
);

fn scenarios() -> [Scenario; 5] {
    [
        // docs/rules.md §2.3, seed diagram 1: a cascade in waves
        (
            Variant::Pacifist,
            Some("rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1"),
            &["e3f5"],
            PACIFIST,
        ),
        (Variant::Pacifist2, None, &["e2e4", "e7e5"], PACIFIST2),
        // docs/rules.md §4.1.4: the pawn e5 has a price for black
        (
            Variant::Subversion,
            Some("rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"),
            &["a7a6", "a2a3"],
            SUBVERSION,
        ),
        // docs/rules.md §5.3.1: a failed speculation, a penalty point; then
        // white's ply of the next turn chosen, hidden
        (
            Variant::Apocalypse,
            Some("4n/4p/5/P4/N4 w 00 1"),
            &["a1b3", "e5d3", "b3c5", "d3c5", "a2b3", "e4e3", "a2a3"],
            APOCALYPSE,
        ),
        (Variant::Chess, None, &["e2e4", "f7f6", "d1h5"], CHESS),
    ]
}
