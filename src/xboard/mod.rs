//! The XBoard / CECP v2 protocol (ENGINE.md "XBoard / CECP v2"), entered
//! when the first line is `xboard`. The same search and rules as UCI; the
//! engine keeps its own clock from `time`/`level`/`st` and claims results
//! when a game ends by its variant's rules.

mod clock;

use crate::board::{Color, Move, Position};
use crate::game::Game;
use crate::search::threads::{search, Report, Score, SearchParams, SearchResult};
use crate::search::time::Limits;
use crate::search::Shared;
use crate::uci::format_pv;
use crate::variants::Variant;
use clock::Clock;
use std::io::BufRead;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

fn send(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// What a finished search hands back to the protocol loop.
enum SearchKind {
    /// Thinking on the engine's move: play the result.
    Move,
    /// Analysis or pondering: nothing to play.
    Analysis,
}

struct Running {
    handle: JoinHandle<Option<SearchResult>>,
    kind: SearchKind,
    /// The game the search started from (to detect stale results).
    key: u64,
}

/// Features announced in answer to `protover 2`.
fn features() -> String {
    let variants: Vec<&str> = Variant::ALL
        .iter()
        .map(|v| {
            if *v == Variant::Chess {
                "normal"
            } else {
                v.name()
            }
        })
        .collect();
    format!(
        "feature ping=1 setboard=1 usermove=1 san=0 analyze=1 colors=0 sigint=0 sigterm=0 reuse=1 \
         memory=1 smp=1 draw=0 time=1 myname=\"turncoat {}\" variants=\"{}\" \
         option=\"MultiPV -spin 1 1 256\" option=\"Move Overhead -spin 10 0 5000\" \
         option=\"Clear Hash -button\" option=\"Seed -spin 0 0 2147483647\" done=1",
        env!("CARGO_PKG_VERSION"),
        variants.join(",")
    )
}

pub struct Session {
    variant: Variant,
    game: Game,
    /// The colour the engine plays, or None in force mode.
    engine_side: Option<Color>,
    clock: Clock,
    max_depth: Option<u32>,
    post: bool,
    ponder: bool,
    analyzing: bool,
    threads: usize,
    multipv: usize,
    overhead_ms: u64,
    seed: u64,
    shared: Arc<Shared>,
    running: Option<Running>,
    finished: bool,
    done_tx: Sender<()>,
    done_rx: Receiver<()>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        let (done_tx, done_rx) = channel();
        Session {
            variant: Variant::Chess,
            game: Game::new(Position::startpos(Variant::Chess)),
            engine_side: Some(Color::Black),
            clock: Clock::default(),
            max_depth: None,
            post: false,
            ponder: false,
            analyzing: false,
            threads: 1,
            multipv: 1,
            overhead_ms: 10,
            seed: 0,
            shared: Arc::new(Shared::new(16)),
            running: None,
            finished: false,
            done_tx,
            done_rx,
        }
    }

    fn error(&self, reason: &str, command: &str) {
        send(&format!("Error ({reason}): {command}"));
    }

    /// Handles one line; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        self.collect_finished_search();
        let line = line.trim();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "draw" | "bk" | "hint" | "otim" => {}
            "protover" => send(&features()),
            "quit" => {
                self.abort_search();
                return false;
            }
            "new" => {
                self.abort_search();
                self.variant = Variant::Chess;
                self.reset(Position::startpos(Variant::Chess));
                self.engine_side = Some(Color::Black);
                self.max_depth = None;
                self.clock.new_game();
            }
            "variant" => self.set_variant(arg),
            "force" => {
                self.abort_search();
                self.engine_side = None;
            }
            "go" => {
                self.abort_search();
                self.engine_side = Some(self.game.position().side_to_move());
                self.think();
            }
            "playother" => {
                self.abort_search();
                self.engine_side = Some(self.game.position().side_to_move().flip());
                self.maybe_ponder();
            }
            "usermove" => self.user_move(arg),
            "setboard" => self.setboard(arg),
            "time" => match arg.parse::<i64>() {
                Ok(cs) => self.clock.set_own_time(cs),
                Err(_) => self.error("bad time", line),
            },
            "level" => {
                if let Err(e) = self.clock.set_level(arg) {
                    self.error(&e, line);
                }
            }
            "st" => match arg.parse::<f64>() {
                Ok(s) if s > 0.0 => self.clock.set_fixed(Duration::from_secs_f64(s)),
                _ => self.error("bad st value", line),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d >= 1 => self.max_depth = Some(d),
                _ => self.error("bad sd value", line),
            },
            "ping" => {
                // All earlier commands are done once we get here.
                send(&format!("pong {arg}"));
            }
            "result" => {
                self.abort_search();
                self.finished = true;
            }
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if matches!(
                    self.running.as_ref().map(|r| &r.kind),
                    Some(SearchKind::Analysis)
                ) && !self.analyzing
                {
                    self.abort_search();
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.abort_search();
                self.analyzing = true;
                self.engine_side = None;
                self.start_analysis();
            }
            "exit" => {
                self.analyzing = false;
                self.abort_search();
            }
            "." => self.status_update(),
            "?" => self.move_now(),
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if mb >= 1 => {
                    self.abort_search();
                    match Shared::try_new(mb.min(32768)) {
                        Ok(shared) => self.shared = Arc::new(shared),
                        Err(e) => self.error(&e, line),
                    }
                }
                _ => self.error("bad memory value", line),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if n >= 1 => self.threads = n.min(256),
                _ => self.error("bad cores value", line),
            },
            "option" => self.option(arg, line),
            _ => {
                // Moves may come without `usermove` from older GUIs.
                if self.game.position().parse_move(cmd).is_ok() && arg.is_empty() {
                    self.user_move(cmd);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        true
    }

    fn reset(&mut self, pos: Position) {
        self.game = Game::new(pos);
        self.finished = false;
    }

    fn set_variant(&mut self, name: &str) {
        self.abort_search();
        let Some(v) = Variant::from_name(name) else {
            self.error("unknown variant", &format!("variant {name}"));
            return;
        };
        if v == Variant::Apocalypse {
            self.error(
                "apocalypse is not playable over XBoard yet",
                &format!("variant {name}"),
            );
            return;
        }
        self.variant = v;
        let start = Position::startpos(v);
        self.reset(start);
        if v != Variant::Chess {
            // XBoard does not know these variants: tell it the board.
            send(&format!(
                "setup (PNBRQKpnbrqk) 8x8+0_fairy {}",
                start.to_fen()
            ));
        }
    }

    fn setboard(&mut self, fen: &str) {
        self.abort_search();
        match Position::from_fen(fen, self.variant) {
            Ok(p) => self.reset(p),
            Err(e) => self.error(&e.to_string(), &format!("setboard {fen}")),
        }
        if self.analyzing {
            self.start_analysis();
        }
    }

    fn user_move(&mut self, text: &str) {
        // A ponder search on the move the user just played is simply replaced.
        self.abort_search();
        if self.finished || self.game.outcome().is_some() {
            send(&format!("Illegal move (game is over): {text}"));
            return;
        }
        match self.game.position().parse_move(text) {
            Ok(mv) => {
                self.game.play(mv);
                self.clock.count_move();
                if self.claim_result() {
                    return;
                }
                if self.analyzing {
                    self.start_analysis();
                } else if self.engine_side == Some(self.game.position().side_to_move()) {
                    self.think();
                }
            }
            Err(e) => send(&format!("Illegal move ({e}): {text}")),
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        self.abort_search();
        for _ in 0..plies {
            if self.game.undo().is_none() {
                self.error("no move to take back", line);
                break;
            }
        }
        self.finished = false;
        if self.analyzing {
            self.start_analysis();
        }
    }

    fn option(&mut self, arg: &str, line: &str) {
        let (name, value) = arg.split_once('=').unwrap_or((arg, ""));
        let num = value.trim().parse::<u64>();
        match (name.trim(), num) {
            ("MultiPV", Ok(n)) if (1..=256).contains(&n) => self.multipv = n as usize,
            ("Move Overhead", Ok(n)) if n <= 5000 => self.overhead_ms = n,
            ("Seed", Ok(n)) if n <= 2_147_483_647 => self.seed = n,
            ("Clear Hash", _) => self.shared.tt.clear(),
            _ => self.error("bad option", line),
        }
    }

    /// Claims the result when the game has ended by the rules.
    fn claim_result(&mut self) -> bool {
        let Some(o) = self.game.outcome() else {
            return false;
        };
        self.finished = true;
        send(&format!("{} {{{}}}", o.result(), o.reason()));
        true
    }

    fn params(&self, limits: Limits, multipv: usize) -> SearchParams {
        SearchParams {
            pos: *self.game.position(),
            game_keys: self.game.history().to_vec(),
            limits,
            threads: self.threads,
            multipv,
            searchmoves: Vec::new(),
            overhead: Duration::from_millis(self.overhead_ms),
        }
    }

    fn spawn(&mut self, params: SearchParams, kind: SearchKind, pondering: bool) {
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Ordering::Relaxed);
        shared.pondering.store(pondering, Ordering::Relaxed);
        let post = self.post || matches!(kind, SearchKind::Analysis);
        let done = self.done_tx.clone();
        let key = self.game.position().key();
        let handle = std::thread::spawn(move || {
            let pos = params.pos;
            let result = search(&shared, &params, &mut |r| {
                if post {
                    send(&thinking_line(&pos, r));
                }
            });
            let _ = done.send(());
            Some(result)
        });
        self.running = Some(Running { handle, kind, key });
    }

    /// Starts thinking on the engine's move.
    fn think(&mut self) {
        if self.finished || self.claim_result() {
            return;
        }
        let side = self.game.position().side_to_move();
        let limits = Limits {
            depth: self.max_depth,
            ..self.clock.limits(side)
        };
        let params = self.params(limits, 1);
        self.spawn(params, SearchKind::Move, false);
    }

    /// With `hard`, thinks on the opponent's time (results are discarded).
    fn maybe_ponder(&mut self) {
        if self.ponder && !self.finished && self.game.outcome().is_none() {
            let params = self.params(
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
                1,
            );
            self.spawn(params, SearchKind::Analysis, true);
        }
    }

    fn start_analysis(&mut self) {
        self.abort_search();
        if self.game.outcome().is_some() {
            return;
        }
        let params = self.params(
            Limits {
                infinite: true,
                depth: self.max_depth,
                ..Limits::default()
            },
            self.multipv,
        );
        self.spawn(params, SearchKind::Analysis, false);
    }

    fn status_update(&self) {
        if self.analyzing {
            let nodes = self.shared.nodes.load(Ordering::Relaxed);
            send(&format!("stat01: 0 {nodes} 0 0 0"));
        }
    }

    fn move_now(&mut self) {
        if matches!(
            self.running.as_ref().map(|r| &r.kind),
            Some(SearchKind::Move)
        ) {
            self.shared.stop.store(true, Ordering::Relaxed);
            self.wait_search();
        }
    }

    /// Stops any search, discarding its result.
    fn abort_search(&mut self) {
        if let Some(r) = self.running.take() {
            self.shared.pondering.store(false, Ordering::Relaxed);
            self.shared.stop.store(true, Ordering::Relaxed);
            let _ = r.handle.join();
            let _ = self.done_rx.try_recv();
        }
    }

    /// If the engine's search has finished, plays its move.
    fn collect_finished_search(&mut self) {
        if self.running.is_some() && self.done_rx.try_recv().is_ok() {
            self.finish_search();
        }
    }

    /// Blocks until the running search ends, then plays its move.
    fn wait_search(&mut self) {
        if self.running.is_some() {
            let _ = self.done_rx.recv();
            self.finish_search();
        }
    }

    fn finish_search(&mut self) {
        let Some(r) = self.running.take() else {
            return;
        };
        let result = r.handle.join().ok().flatten();
        if !matches!(r.kind, SearchKind::Move) || r.key != self.game.position().key() {
            return;
        }
        match result.and_then(|res| res.best) {
            Some(mv) => self.play_engine_move(mv),
            None => {
                self.claim_result();
            }
        }
    }

    fn play_engine_move(&mut self, mv: Move) {
        let text = self.game.position().move_to_uci(mv, false);
        self.game.play(mv);
        self.clock.count_move();
        send(&format!("move {text}"));
        if !self.claim_result() {
            self.maybe_ponder();
        }
    }
}

/// Thinking output: `ply score time nodes pv` (time in centiseconds; mate
/// scores as 100000 + moves, XBoard's convention).
fn thinking_line(pos: &Position, r: &Report) -> String {
    let score = match r.score {
        Score::Cp(cp) => cp,
        Score::Mate(m) if m > 0 => 100_000 + m,
        Score::Mate(m) => -100_000 + m,
    };
    format!(
        "{} {} {} {} {}",
        r.depth,
        score,
        r.time.as_millis() / 10,
        r.nodes,
        format_pv(pos, &r.pv, false).join(" ")
    )
}

/// The XBoard loop. Input is read on its own thread so that a finished
/// search is noticed (and its move sent) while the GUI is silent.
pub fn run(mut input: impl BufRead + Send + 'static) {
    let (tx, rx) = channel::<Option<String>>();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    if tx.send(Some(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(None);
    });
    let mut session = Session::new();
    loop {
        match rx.recv_timeout(Duration::from_millis(2)) {
            Ok(Some(line)) => {
                log::debug!("<< {line}");
                if !session.handle(&line) {
                    return;
                }
            }
            Ok(None) | Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                session.abort_search();
                return;
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => session.collect_finished_search(),
        }
    }
}
