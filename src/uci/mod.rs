//! The UCI protocol loop (ENGINE.md "UCI"). Standard messages (`go`,
//! `setoption`, ...) are parsed with `vampirc-uci`; `position` (whose move
//! tokens are in the variant's notation), `go perft`, `searchmoves`, `d`
//! and `eval` are parsed here. The search runs on its own thread so the
//! loop stays responsive (`isready`, `stop`, `ponderhit`, `quit`).

mod options;
mod output;
pub mod simultaneous;

use crate::board::{Move, Position};
use crate::game::Game;
use crate::perft::divide;
use crate::search::equilibrium::SimShared;
use crate::search::threads::{search, SearchParams};
use crate::search::time::Limits;
use crate::search::Shared;
use crate::variants::apocalypse;
use options::Options;
use simultaneous::SimGame;
use std::io::BufRead;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use vampirc_uci::{parse_one, UciMessage, UciTimeControl};

pub use output::format_pv;

/// Prints one protocol line on stdout (whole lines, never interleaved).
fn send(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn error(msg: &str) {
    send(&format!("info string error: {msg}"));
}

/// The game being played: alternating moves on the 8x8 board, or the
/// simultaneous-move game (RULES.md 5.4).
enum GameState {
    Sequential(Game),
    Simultaneous(SimGame),
}

impl GameState {
    fn start(variant: crate::variants::Variant) -> GameState {
        if variant == crate::variants::Variant::Apocalypse {
            GameState::Simultaneous(SimGame::new(apocalypse::ApocalypsePosition::start()))
        } else {
            GameState::Sequential(Game::new(Position::startpos(variant.board().unwrap())))
        }
    }
}

/// The engine's state between commands.
pub struct Session {
    options: Options,
    state: GameState,
    shared: Arc<Shared>,
    sim_shared: Arc<SimShared>,
    search: Option<JoinHandle<()>>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        let options = Options::default();
        Session {
            state: GameState::start(options.variant),
            sim_shared: Arc::new(SimShared::default()),
            shared: Arc::new(Shared::new(options.hash_mib)),
            search: None,
            options,
        }
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
                self.stop_search();
                return false;
            }
            "isready" => send("readyok"),
            "stop" => self.stop_search(),
            "ponderhit" => self.shared.pondering.store(false, Ordering::Relaxed),
            "uci" => self.uci(),
            "ucinewgame" => {
                self.stop_search();
                self.shared.tt.clear();
                self.sim_shared.clear();
                self.set_start();
            }
            "setoption" => {
                self.stop_search();
                self.setoption(line);
            }
            "position" => {
                self.stop_search();
                self.position(line);
            }
            "go" => {
                self.stop_search();
                self.go(line);
            }
            "d" => send(&match &self.state {
                GameState::Sequential(g) => output::diagram(g),
                GameState::Simultaneous(sim) => simultaneous::diagram(sim),
            }),
            "eval" => send(&match &self.state {
                GameState::Sequential(g) => crate::eval::explain(g.position()),
                GameState::Simultaneous(sim) => {
                    crate::eval::apocalypse::explain(sim.game.position())
                }
            }),
            "debug" | "register" => {}
            _ => error(&format!("unknown command '{cmd}'")),
        }
        true
    }

    fn uci(&self) {
        send(&format!("id name turncoat {}", env!("CARGO_PKG_VERSION")));
        send("id author the turncoat developers");
        for line in options::declarations() {
            send(&line);
        }
        send("uciok");
    }

    fn set_start(&mut self) {
        self.state = GameState::start(self.options.variant);
    }

    fn setoption(&mut self, line: &str) {
        let (name, value) = match parse_one(line) {
            UciMessage::SetOption { name, value } => (name, value),
            _ => {
                error(&format!("malformed setoption line '{line}'"));
                return;
            }
        };
        match self.options.set(&name, value.as_deref()) {
            Ok(options::Effect::None) => {}
            Ok(options::Effect::ResizeHash) => match Shared::try_new(self.options.hash_mib) {
                Ok(shared) => self.shared = Arc::new(shared),
                Err(e) => error(&e),
            },
            Ok(options::Effect::ClearHash) => self.shared.tt.clear(),
            Ok(options::Effect::NewVariant) => self.set_start(),
            Err(e) => error(&e),
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
        let variant = self.options.variant;
        let fen = if setup == "startpos" {
            variant.start_fen()
        } else if let Some(fen) = setup.strip_prefix("fen") {
            fen.trim()
        } else {
            error(&format!(
                "position needs 'startpos' or 'fen', found '{setup}'"
            ));
            return;
        };
        let moves: Vec<&str> = moves.split_whitespace().collect();
        if variant == crate::variants::Variant::Apocalypse {
            match apocalypse::ApocalypsePosition::from_fen(fen) {
                Ok(p) => {
                    let mut sim = SimGame::new(p);
                    let played = sim.play_plies(&moves);
                    self.state = GameState::Simultaneous(sim);
                    if let Err(e) = played {
                        error(&e);
                    }
                }
                Err(e) => error(&format!("bad FEN: {e} in '{fen}'")),
            }
            return;
        }
        let start = match Position::from_fen(fen, variant) {
            Ok(p) => p,
            Err(e) => {
                error(&format!("{e} in '{fen}'"));
                return;
            }
        };
        let mut game = Game::new(start);
        for (i, token) in moves.iter().enumerate() {
            if let Err(e) = game.play_str(token) {
                error(&format!("move {} of the list: {e}", i + 1));
                break;
            }
        }
        self.state = GameState::Sequential(game);
    }

    fn go(&mut self, line: &str) {
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
        let game = match &self.state {
            GameState::Sequential(g) => g,
            GameState::Simultaneous(sim) => {
                let overhead = Duration::from_millis(self.options.move_overhead_ms);
                let (threads, seed) = (self.options.threads, self.options.seed);
                self.search = Some(simultaneous::go(
                    sim,
                    &self.sim_shared,
                    &limits,
                    overhead,
                    threads,
                    seed,
                ));
                return;
            }
        };
        let params = SearchParams {
            pos: *game.position(),
            game_keys: game.history().to_vec(),
            limits: limits.clone(),
            threads: self.options.threads,
            multipv: self.options.multipv,
            searchmoves,
            overhead: Duration::from_millis(self.options.move_overhead_ms),
        };
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Ordering::Relaxed);
        shared.pondering.store(limits.ponder, Ordering::Relaxed);
        let chess960 = self.options.chess960;
        let show_ponder = self.options.ponder;
        self.search = Some(std::thread::spawn(move || {
            let pos = params.pos;
            let result = search(&shared, &params, &mut |r| {
                send(&output::info_line(&pos, r, chess960))
            });
            send(&output::bestmove_line(&pos, &result, chess960, show_ponder));
        }));
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
                        match &self.state {
                            GameState::Sequential(g) => {
                                searchmoves.push(g.position().parse_move(tokens[i])?)
                            }
                            GameState::Simultaneous(_) => {
                                return Err("searchmoves is not supported in apocalypse".into())
                            }
                        }
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
                let side = match &self.state {
                    GameState::Sequential(g) => g.position().side_to_move(),
                    GameState::Simultaneous(sim) => sim.side_to_choose(),
                };
                let white = side == crate::board::Color::White;
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
        let game = match &self.state {
            GameState::Sequential(g) => g,
            GameState::Simultaneous(sim) => return simultaneous::perft(sim, depth),
        };
        let lines = divide(game.position(), depth.max(1), self.options.chess960);
        let total: u64 = lines.iter().map(|(_, n)| n).sum();
        for (m, n) in lines {
            send(&format!("{m}: {n}"));
        }
        send("");
        send(&format!("Nodes searched: {total}"));
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(handle) = self.search.take() {
            self.shared.pondering.store(false, Ordering::Relaxed);
            self.shared.stop.store(true, Ordering::Relaxed);
            self.sim_shared.stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    }
}

/// Runs the protocol loop on `input` until `quit` or end of input; the
/// line `xboard` switches to the XBoard protocol.
pub fn run(mut input: impl BufRead + Send + 'static) {
    let mut session = Session::new();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Bytes that are not UTF-8 become U+FFFD: a bad line, not an end.
        let line = String::from_utf8_lossy(&bytes);
        log::debug!("<< {}", line.trim_end());
        if line.trim() == "xboard" {
            session.stop_search();
            crate::xboard::run(input);
            return;
        }
        if !session.handle(&line) {
            return;
        }
    }
    session.stop_search();
}
