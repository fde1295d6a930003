//! The XBoard / CECP v2 protocol (ENGINE.md "XBoard / CECP v2"), entered
//! when the first line is `xboard`. The same search and rules as UCI; the
//! engine keeps its own clock from `time`/`level`/`st` and claims results
//! when a game ends by its variant's rules.

mod clock;
mod game;

use crate::board::{Color, Position};
use crate::search::equilibrium::{sample, SimShared};
use crate::search::threads::{search, Report, Score, SearchParams, SearchResult};
use crate::search::time::Limits;
use crate::search::Shared;
use crate::uci::format_pv;
use crate::uci::simultaneous::unit_random;
use crate::variants::Variant;
use clock::Clock;
use game::XGame;
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
    /// The chosen move in notation, if any.
    handle: JoinHandle<Option<String>>,
    kind: SearchKind,
    /// How many plies the game had when the search started (a result for
    /// an older position is stale).
    plies: usize,
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
    game: XGame,
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
    sim_shared: Arc<SimShared>,
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
            game: XGame::start(Variant::Chess),
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
            sim_shared: Arc::new(SimShared::default()),
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
                self.reset(XGame::start(Variant::Chess));
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
                self.engine_side = Some(self.game.side_to_move());
                self.think();
            }
            "playother" => {
                self.abort_search();
                self.engine_side = Some(self.game.side_to_move().flip());
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
                let b = cmd.as_bytes();
                let looks_like_move = b.len() >= 4
                    && (b[0] == b'@' || (b[0].is_ascii_lowercase() && b[1].is_ascii_digit()));
                if looks_like_move && arg.is_empty() {
                    self.user_move(cmd);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        true
    }

    fn reset(&mut self, game: XGame) {
        self.game = game;
        self.finished = false;
    }

    fn set_variant(&mut self, name: &str) {
        self.abort_search();
        let Some(v) = Variant::from_name(name) else {
            self.error("unknown variant", &format!("variant {name}"));
            return;
        };
        self.variant = v;
        self.reset(XGame::start(v));
        // XBoard does not know the conversion variants: tell it the board.
        if let Some(setup) = self.game.setup_line(v) {
            send(&setup);
        }
    }

    fn setboard(&mut self, fen: &str) {
        self.abort_search();
        match XGame::from_fen(self.variant, fen) {
            Ok(g) => self.reset(g),
            Err(e) => self.error(&e, &format!("setboard {fen}")),
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
        match self.game.play_text(text) {
            Ok(()) => {
                self.clock.count_move();
                if self.claim_result() {
                    return;
                }
                if self.analyzing {
                    self.start_analysis();
                } else if self.engine_side == Some(self.game.side_to_move()) {
                    self.think();
                }
            }
            Err(e) => send(&format!("Illegal move ({e}): {text}")),
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        self.abort_search();
        for _ in 0..plies {
            if !self.game.undo() {
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
            ("Clear Hash", _) => {
                self.shared.tt.clear();
                self.sim_shared.clear();
            }
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

    /// Starts a search thread that ends with the chosen move in notation.
    fn spawn(&mut self, limits: Limits, multipv: usize, kind: SearchKind, pondering: bool) {
        let post = self.post || matches!(kind, SearchKind::Analysis);
        let done = self.done_tx.clone();
        let overhead = Duration::from_millis(self.overhead_ms);
        let threads = self.threads;
        let handle = match &self.game {
            XGame::Sequential(g) => {
                let params = SearchParams {
                    pos: *g.position(),
                    game_keys: g.history().to_vec(),
                    limits,
                    threads,
                    multipv,
                    searchmoves: Vec::new(),
                    overhead,
                };
                let shared = Arc::clone(&self.shared);
                shared.stop.store(false, Ordering::Relaxed);
                shared.pondering.store(pondering, Ordering::Relaxed);
                std::thread::spawn(move || {
                    let pos = params.pos;
                    let result: SearchResult = search(&shared, &params, &mut |r| {
                        if post {
                            send(&thinking_line(&pos, r));
                        }
                    });
                    let _ = done.send(());
                    result.best.map(|m| pos.move_to_uci(m, false))
                })
            }
            XGame::Simultaneous(sim) => {
                let pos = *sim.game.position();
                let side = sim.side_to_choose();
                let shared = Arc::clone(&self.sim_shared);
                shared.stop.store(false, Ordering::Relaxed);
                let seed = self.seed;
                let b = crate::search::time::budget(&limits, overhead);
                let infinite = limits.infinite;
                let depth = limits.depth.unwrap_or(64);
                std::thread::spawn(move || {
                    let start = std::time::Instant::now();
                    let result = crate::search::equilibrium::solve_turn(
                        &shared,
                        &pos,
                        depth,
                        b.soft.or(b.hard),
                        threads,
                        &mut |r| {
                            if post {
                                let (strategy, value) = if side == Color::White {
                                    (&r.white, r.value)
                                } else {
                                    (&r.black, -r.value)
                                };
                                let likely = strategy
                                    .iter()
                                    .max_by(|a, b| a.1.total_cmp(&b.1))
                                    .map(|(p, _)| p.to_string());
                                send(&format!(
                                    "{} {} {} {} {}",
                                    r.depth,
                                    value.round() as i64,
                                    start.elapsed().as_millis() / 10,
                                    r.nodes,
                                    likely.unwrap_or_default()
                                ));
                            }
                        },
                    );
                    while infinite && !shared.stop.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    let _ = done.send(());
                    let r = result?;
                    let strategy = if side == Color::White {
                        r.white
                    } else {
                        r.black
                    };
                    sample(&strategy, unit_random(seed, &pos, side)).map(|p| p.to_string())
                })
            }
        };
        self.running = Some(Running {
            handle,
            kind,
            plies: self.game.plies(),
        });
    }

    /// Starts thinking on the engine's move.
    fn think(&mut self) {
        if self.finished || self.claim_result() {
            return;
        }
        let side = self.game.side_to_move();
        let limits = Limits {
            depth: self.max_depth,
            ..self.clock.limits(side)
        };
        self.spawn(limits, 1, SearchKind::Move, false);
    }

    /// With `hard`, thinks on the opponent's time (results are discarded).
    fn maybe_ponder(&mut self) {
        let sequential = matches!(self.game, XGame::Sequential(_));
        if self.ponder && sequential && !self.finished && self.game.outcome().is_none() {
            let limits = Limits {
                infinite: true,
                ..Limits::default()
            };
            self.spawn(limits, 1, SearchKind::Analysis, true);
        }
    }

    fn start_analysis(&mut self) {
        self.abort_search();
        if self.game.outcome().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            depth: self.max_depth,
            ..Limits::default()
        };
        self.spawn(limits, self.multipv, SearchKind::Analysis, false);
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
            self.sim_shared.stop.store(true, Ordering::Relaxed);
            self.wait_search();
        }
    }

    /// Stops any search, discarding its result.
    fn abort_search(&mut self) {
        if let Some(r) = self.running.take() {
            self.shared.pondering.store(false, Ordering::Relaxed);
            self.shared.stop.store(true, Ordering::Relaxed);
            self.sim_shared.stop.store(true, Ordering::Relaxed);
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
        let chosen = r.handle.join().ok().flatten();
        if !matches!(r.kind, SearchKind::Move) || r.plies != self.game.plies() {
            return;
        }
        match chosen {
            Some(text) => self.play_engine_move(&text),
            None => {
                self.claim_result();
            }
        }
    }

    fn play_engine_move(&mut self, text: &str) {
        if self.game.play_text(text).is_err() {
            // Cannot happen: the search chooses among legal moves.
            log::error!("engine chose an unplayable move {text}");
            return;
        }
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
