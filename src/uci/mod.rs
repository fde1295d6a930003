//! The UCI front end (ENGINE.md "UCI"): it parses lines and formats what
//! the engine core reports, nothing more. Standard messages (`go`,
//! `setoption`, ...) are parsed with `vampirc-uci`; `position` (whose move
//! tokens are in the variant's notation), `go perft`, `searchmoves`, `d`
//! and `eval` are parsed here. The engine searches on its own thread, so
//! the loop stays responsive (`isready`, `stop`, `ponderhit`, `quit`).

mod output;

use crate::board::{Color, Move};
use crate::engine::{options::OptionKind, Engine, Go, Info};
use crate::output::send_line as send;
use crate::search::time::Limits;
use std::time::Duration;
use vampirc_uci::{parse_one, UciMessage, UciTimeControl};

fn error(msg: &str) {
    send(&format!("info string error: {msg}"));
}

/// A UCI session: the engine and the lines that drive it.
#[derive(Default)]
pub struct Session {
    engine: Engine,
}

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// Handles one input line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let mut tokens = line.split_whitespace();
        let Some(cmd) = tokens.next() else {
            return true;
        };
        match cmd {
            "quit" => {
                self.engine.stop();
                return false;
            }
            "isready" => send("readyok"),
            "stop" => self.engine.stop(),
            "ponderhit" => self.engine.ponderhit(),
            "uci" => uci(),
            "ucinewgame" => self.engine.new_game(),
            "setoption" => self.setoption(line),
            "position" => self.position(line),
            "go" => self.go(line),
            "d" => send(&self.engine.diagram()),
            "eval" => send(&self.engine.eval()),
            "debug" | "register" => {}
            _ => error(&format!("unknown command '{cmd}'")),
        }
        true
    }

    /// Ends a running search, waiting for its `bestmove`.
    pub fn stop(&mut self) {
        self.engine.stop();
    }

    fn setoption(&mut self, line: &str) {
        self.engine.stop();
        let (name, value) = match parse_one(line) {
            UciMessage::SetOption { name, value } => (name, value),
            _ => {
                error(&format!("malformed setoption line '{line}'"));
                return;
            }
        };
        if let Err(e) = self.engine.set_option(&name, value.as_deref()) {
            error(&e);
        }
    }

    /// `position startpos|fen FEN [moves m1 m2 ...]`: on a bad move the
    /// moves before it stay applied.
    fn position(&mut self, line: &str) {
        let rest = line.trim_start_matches("position").trim();
        let (setup, moves) = match rest.find(" moves") {
            Some(i) => (&rest[..i], rest[i + 6..].trim()),
            None => (rest.strip_suffix("moves").unwrap_or(rest).trim(), ""),
        };
        let fen = if setup == "startpos" {
            None
        } else if let Some(fen) = setup.strip_prefix("fen") {
            Some(fen.trim())
        } else {
            self.engine.stop();
            error(&format!(
                "position needs 'startpos' or 'fen', found '{setup}'"
            ));
            return;
        };
        let moves: Vec<&str> = moves.split_whitespace().collect();
        if let Err(e) = self.engine.set_position(fen, &moves) {
            error(&e.to_string());
        }
    }

    fn go(&mut self, line: &str) {
        self.engine.stop();
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.get(1) == Some(&"perft") {
            match tokens.get(2).and_then(|d| d.parse::<u32>().ok()) {
                Some(depth) => self.go_perft(depth),
                None => error("go perft needs a depth"),
            }
            return;
        }
        let (limits, searchmoves) = match self.parse_go(&tokens) {
            Ok(x) => x,
            Err(e) => {
                error(&e);
                return;
            }
        };
        let show_ponder = self.engine.options().ponder;
        let go = Go {
            limits,
            searchmoves,
            multipv: None,
        };
        self.engine.go(
            go,
            |info| {
                send(&match info {
                    Info::Line(l) => output::info_line(l),
                    Info::Turn(t) => output::turn_line(t),
                })
            },
            move |best| {
                for line in output::bestmove_lines(&best, show_ponder) {
                    send(&line);
                }
            },
        );
    }

    /// Splits a `go` line: `searchmoves` (variant notation) and `ponder`
    /// are read here, the standard fields by `vampirc-uci`.
    fn parse_go(&self, tokens: &[&str]) -> Result<(Limits, Vec<Move>), String> {
        const KEYWORDS: [&str; 11] = [
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
            "depth",
            "nodes",
            "mate",
            "movetime",
            "infinite",
            "ponder",
        ];
        let mut standard = vec!["go".to_string()];
        let mut searchmoves = Vec::new();
        let mut ponder = false;
        let mut i = 1;
        while i < tokens.len() {
            match tokens[i] {
                "searchmoves" => {
                    i += 1;
                    while i < tokens.len() && !KEYWORDS.contains(&tokens[i]) {
                        searchmoves.push(self.engine.game().parse_search_move(tokens[i])?);
                        i += 1;
                    }
                    continue;
                }
                "ponder" => ponder = true,
                // Some GUIs send negative clock times when flagging.
                t if t.starts_with('-') && t[1..].parse::<u64>().is_ok() => {
                    standard.push("0".into())
                }
                t => standard.push(t.to_string()),
            }
            i += 1;
        }
        let text = standard.join(" ");
        let mut limits = Limits {
            ponder,
            ..Limits::default()
        };
        if text == "go" {
            limits.infinite = !ponder;
            return Ok((limits, searchmoves));
        }
        let UciMessage::Go {
            time_control,
            search_control,
        } = parse_one(&text)
        else {
            return Err(format!("malformed go command '{}'", tokens.join(" ")));
        };
        let ms =
            |d: vampirc_uci::Duration| Duration::from_millis(d.num_milliseconds().max(0) as u64);
        match time_control {
            Some(UciTimeControl::Infinite) => limits.infinite = true,
            Some(UciTimeControl::MoveTime(d)) => limits.movetime = Some(ms(d)),
            Some(UciTimeControl::TimeLeft {
                white_time,
                black_time,
                white_increment,
                black_increment,
                moves_to_go,
            }) => {
                let white = self.engine.game().side_to_move() == Color::White;
                let (t, inc) = if white {
                    (white_time, white_increment)
                } else {
                    (black_time, black_increment)
                };
                limits.time_left = t.map(ms);
                limits.increment = inc.map(ms).unwrap_or_default();
                limits.movestogo = moves_to_go.map(u32::from);
            }
            Some(UciTimeControl::Ponder) | None => {}
        }
        if let Some(sc) = search_control {
            limits.depth = sc.depth.map(u32::from);
            limits.nodes = sc.nodes;
            limits.mate = sc.mate.map(u32::from);
            if limits.mate.is_some() && limits.depth.is_none() {
                limits.depth = limits.mate.map(|m| 2 * m + 1);
            }
        }
        Ok((limits, searchmoves))
    }

    fn go_perft(&self, depth: u32) {
        let lines = self.engine.perft_divide(depth);
        let total: u64 = lines.iter().map(|(_, n)| n).sum();
        for (m, n) in lines {
            send(&format!("{m}: {n}"));
        }
        send("");
        send(&format!("Nodes searched: {total}"));
    }
}

/// `uci`: the engine's name and its options.
fn uci() {
    send(&format!("id name turncoat {}", env!("CARGO_PKG_VERSION")));
    send("id author the turncoat developers");
    for spec in crate::engine::options::specs() {
        let kind = match spec.kind {
            OptionKind::Spin { default, min, max } => {
                format!("spin default {default} min {min} max {max}")
            }
            OptionKind::Check { default } => format!("check default {default}"),
            OptionKind::Combo { default, values } => {
                let vars: Vec<String> = values.iter().map(|v| format!("var {v}")).collect();
                format!("combo default {default} {}", vars.join(" "))
            }
            OptionKind::Button => "button".into(),
        };
        send(&format!("option name {} type {kind}", spec.name));
    }
    send("uciok");
}
