//! The XBoard / CECP v2 front end (docs/protocols.md, "XBoard"), entered
//! on the line `xboard`. It parses commands and formats the engine core's
//! reports; it keeps the game's protocol state (which side the engine
//! plays, force mode, the clock from `time`/`level`/`st`) and claims
//! results when a game ends by its variant's rules.
//!
//! The draws that end a game although moves remain (threefold
//! repetition, a dead position, the 50-move rule; docs/rules.md §1.3) are
//! sent after the engine's move, the way XBoard expects an engine to claim
//! them; a GUI that plays on anyway (python-chess does, following FIDE's
//! claims) still gets moves. The ends after which no move exists (mate,
//! stalemate, kings converted for good, ...) are final: a later `go` or
//! `?` gets the result line again, and every other command is still
//! answered.

mod clock;

use crate::board::{Color, Outcome};
use crate::engine::{options::OptionKind, Engine, Go, Info};
use crate::output::send_line as send;
use crate::review::wdl::{self, Wdl};
use crate::search::threads::Score;
use crate::search::time::{seconds, Limits};
use crate::Variant;
use clock::Clock;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::time::Duration;

/// What a finished search hands back to the protocol loop.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SearchKind {
    /// Thinking on the engine's move: play the result.
    Move,
    /// Analysis or pondering: nothing to play.
    Analysis,
}

struct Running {
    kind: SearchKind,
    /// How many plies the game had when the search started (a result for
    /// an older position is stale).
    plies: usize,
    /// An automatic draw before the engine's move (a GUI played on): it is
    /// claimed after the move (as WinBoard judges a claim on the position
    /// before the claimant's move too).
    draw_before: Option<Outcome>,
}

/// The engine options XBoard may set with `option NAME=VALUE`.
const XBOARD_OPTIONS: [&str; 8] = [
    "MultiPV",
    "Move Overhead",
    "Clear Hash",
    "Seed",
    "Skill Level",
    "UCI_LimitStrength",
    "UCI_Elo",
    "UCI_ShowWDL",
];

/// A value XBoard sends for `name`, as the engine's options read it: a
/// check option comes as 1 or 0 (CECP v2, `feature option`), the engine
/// reads true or false, as UCI writes them.
fn check_as_uci<'v>(name: &str, value: &'v str) -> &'v str {
    let is_check = crate::engine::options::specs()
        .iter()
        .any(|s| s.name == name && matches!(s.kind, OptionKind::Check { .. }));
    match value {
        "1" if is_check => "true",
        "0" if is_check => "false",
        v => v,
    }
}

/// Features announced in answer to `protover 2`.
fn features() -> String {
    let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.xboard_name()).collect();
    let options: Vec<String> = crate::engine::options::specs()
        .into_iter()
        .filter(|s| XBOARD_OPTIONS.contains(&s.name))
        .map(|s| match s.kind {
            OptionKind::Spin { default, min, max } => {
                format!("option=\"{} -spin {default} {min} {max}\"", s.name)
            }
            OptionKind::Check { default } => {
                format!("option=\"{} -check {}\"", s.name, u8::from(default))
            }
            OptionKind::Button => format!("option=\"{} -button\"", s.name),
            OptionKind::Combo { default, .. } => format!("option=\"{} -combo {default}\"", s.name),
        })
        .collect();
    format!(
        "feature ping=1 setboard=1 usermove=1 san=0 analyze=1 colors=0 sigint=0 sigterm=0 reuse=1 \
         memory=1 smp=1 draw=0 time=1 myname=\"turncoat {}\" variants=\"{}\" \
         {} done=1",
        env!("CARGO_PKG_VERSION"),
        variants.join(","),
        options.join(" ")
    )
}

pub struct Session {
    engine: Engine,
    /// The colour the engine plays, or None in force mode.
    engine_side: Option<Color>,
    clock: Clock,
    max_depth: Option<u32>,
    post: bool,
    ponder: bool,
    analyzing: bool,
    running: Option<Running>,
    done_tx: Sender<Option<String>>,
    done_rx: Receiver<Option<String>>,
    /// The loop's input, told when a search has finished ([`run`]).
    wake: Option<Sender<Input>>,
}

/// What the XBoard loop waits for: a line of input, word that a search
/// has finished (its move is then played), or the end of input.
enum Input {
    Line(String),
    SearchDone,
    End,
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
            engine: Engine::new(),
            engine_side: Some(Color::Black),
            clock: Clock::default(),
            max_depth: None,
            post: false,
            ponder: false,
            analyzing: false,
            running: None,
            done_tx,
            done_rx,
            wake: None,
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
                self.engine.set_variant(Variant::Chess);
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
                self.engine_side = Some(self.engine.game().side_to_move());
                self.think();
            }
            "playother" => {
                self.abort_search();
                self.engine_side = Some(self.engine.game().side_to_move().flip());
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
                    self.error(&e.to_string(), line);
                }
            }
            "st" => match arg.parse::<f64>().map(seconds) {
                Ok(Ok(t)) if t > Duration::ZERO => self.clock.set_fixed(t),
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
                // The GUI's game is over: the engine waits for its next `go`.
                self.abort_search();
                self.engine_side = None;
            }
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if self.running_kind() == Some(SearchKind::Analysis) && !self.analyzing {
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
                    let mb = mb.min(crate::engine::options::MAX_HASH_MIB).to_string();
                    if let Err(e) = self.engine.set_option("Hash", Some(&mb)) {
                        self.error(&e.to_string(), line);
                    }
                }
                _ => self.error("bad memory value", line),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if n >= 1 => {
                    let n = n.min(crate::engine::options::MAX_THREADS).to_string();
                    if let Err(e) = self.engine.set_option("Threads", Some(&n)) {
                        self.error(&e.to_string(), line);
                    }
                }
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

    fn running_kind(&self) -> Option<SearchKind> {
        self.running.as_ref().map(|r| r.kind)
    }

    fn set_variant(&mut self, name: &str) {
        self.abort_search();
        let Some(v) = Variant::from_name(name) else {
            self.error("unknown variant", &format!("variant {name}"));
            return;
        };
        self.engine.set_variant(v);
        // XBoard does not know the conversion variants: tell it the board.
        if let Some((size, fen)) = self.engine.game().setup_fen() {
            send(&format!("setup (PNBRQKpnbrqk) {size}x{size}+0_fairy {fen}"));
        }
    }

    fn setboard(&mut self, fen: &str) {
        self.abort_search();
        match self.engine.set_setup_position(fen) {
            Ok(()) => {}
            Err(crate::engine::PositionError::Fen { error, .. }) => {
                self.error(&error.to_string(), &format!("setboard {fen}"))
            }
            Err(e) => self.error(&e.to_string(), &format!("setboard {fen}")),
        }
        if self.analyzing {
            self.start_analysis();
        }
    }

    fn user_move(&mut self, text: &str) {
        // A ponder search on the move the user just played is simply replaced.
        self.abort_search();
        if self.engine.game().rules_end().is_some() {
            send(&format!("Illegal move (game is over): {text}"));
            return;
        }
        match self.engine.play(text) {
            Ok(_) => {
                self.clock.count_move();
                if self.announce_end() {
                    return;
                }
                if self.analyzing {
                    self.start_analysis();
                } else if self.engine_side == Some(self.engine.game().side_to_move()) {
                    self.think();
                }
            }
            Err(e) => send(&format!("Illegal move ({e}): {text}")),
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        self.abort_search();
        for _ in 0..plies {
            if !self.engine.undo() {
                self.error("no move to take back", line);
                break;
            }
        }
        if self.analyzing {
            self.start_analysis();
        }
    }

    fn option(&mut self, arg: &str, line: &str) {
        let (name, value) = arg.split_once('=').unwrap_or((arg, ""));
        let name = name.trim();
        let set = match name {
            "Clear Hash" => {
                self.engine.clear_hash();
                true
            }
            _ if XBOARD_OPTIONS.contains(&name) => self
                .engine
                .set_option(name, Some(check_as_uci(name, value.trim())))
                .is_ok(),
            _ => false,
        };
        if !set {
            self.error("bad option", line);
        }
    }

    /// Sends the result line when the game has ended by the rules.
    fn announce_end(&self) -> bool {
        let Some(o) = self.engine.game().rules_end() else {
            return false;
        };
        send(&result_line(o));
        true
    }

    /// Starts a search whose chosen move comes back through `done_rx`.
    fn spawn(&mut self, limits: Limits, multipv: Option<usize>, kind: SearchKind) {
        let post = self.post || kind == SearchKind::Analysis;
        let done = self.done_tx.clone();
        let wake = self.wake.clone();
        let go = Go {
            limits,
            searchmoves: Vec::new(),
            multipv,
        };
        self.running = Some(Running {
            kind,
            plies: self.engine.game().plies(),
            draw_before: self.engine.game().automatic_draw(),
        });
        let wdl_variant = self
            .engine
            .options()
            .show_wdl
            .then(|| self.engine.game().variant());
        self.engine.go(
            go,
            move |info| {
                if post {
                    let wdl = wdl_variant.map(|v| wdl::of_info(v, info));
                    send(&thinking_line(info, wdl));
                }
            },
            move |best| {
                let _ = done.send(best.best);
                if let Some(wake) = wake {
                    let _ = wake.send(Input::SearchDone);
                }
            },
        );
    }

    /// Starts thinking on the engine's move; in a finished game, says
    /// the result again instead.
    fn think(&mut self) {
        if self.announce_end() {
            return;
        }
        let side = self.engine.game().side_to_move();
        let limits = Limits {
            depth: self.max_depth,
            ..self.clock.limits(side)
        };
        self.spawn(limits, Some(1), SearchKind::Move);
    }

    /// With `hard`, thinks on the opponent's time (results are discarded);
    /// not in the simultaneous game, where nobody waits for the other.
    fn maybe_ponder(&mut self) {
        let sequential = !self.engine.game().is_simultaneous();
        if self.ponder && sequential && self.engine.game().rules_end().is_none() {
            let limits = Limits {
                infinite: true,
                ponder: true,
                ..Limits::default()
            };
            self.spawn(limits, Some(1), SearchKind::Analysis);
        }
    }

    fn start_analysis(&mut self) {
        self.abort_search();
        if self.engine.game().rules_end().is_some() {
            return;
        }
        let limits = Limits {
            infinite: true,
            depth: self.max_depth,
            ..Limits::default()
        };
        self.spawn(limits, None, SearchKind::Analysis);
    }

    fn status_update(&self) {
        if self.analyzing {
            send(&format!("stat01: 0 {} 0 0 0", self.engine.nodes()));
        }
    }

    /// `?`: the move now; in a finished game, the result again (so that
    /// a GUI asking for a move is never left without an answer).
    fn move_now(&mut self) {
        if self.running_kind() == Some(SearchKind::Move) {
            self.engine.stop();
            self.wait_search();
        } else if self.running.is_none() {
            self.announce_end();
        }
    }

    /// Stops any search, discarding its result.
    pub fn abort_search(&mut self) {
        if self.running.take().is_some() {
            self.engine.stop();
            while self.done_rx.try_recv().is_ok() {}
        }
    }

    /// If the engine's search has finished, plays its move.
    fn collect_finished_search(&mut self) {
        if self.running.is_some() {
            if let Ok(chosen) = self.done_rx.try_recv() {
                self.finish_search(chosen);
            }
        }
    }

    /// Blocks until the running search ends, then plays its move.
    fn wait_search(&mut self) {
        if self.running.is_some() {
            if let Ok(chosen) = self.done_rx.recv() {
                self.finish_search(chosen);
            }
        }
    }

    fn finish_search(&mut self, chosen: Option<String>) {
        let Some(r) = self.running.take() else {
            return;
        };
        if r.kind != SearchKind::Move || r.plies != self.engine.game().plies() {
            return;
        }
        match chosen {
            Some(text) => self.play_engine_move(&text, r.draw_before),
            None => {
                self.announce_end();
            }
        }
    }

    /// Plays and sends the engine's move, then the result if the move
    /// ended the game, or an automatic draw reached before
    /// or after it.
    fn play_engine_move(&mut self, text: &str, draw_before: Option<Outcome>) {
        if self.engine.play(text).is_err() {
            // Cannot happen: the search chooses among legal moves.
            log::error!("engine chose an unplayable move {text}");
            return;
        }
        self.clock.count_move();
        send(&format!("move {text}"));
        if self.announce_end() {
            return;
        }
        if let Some(draw) = self.engine.game().automatic_draw().or(draw_before) {
            send(&result_line(draw));
        }
        self.maybe_ponder();
    }
}

/// `1-0 {checkmate}`: a result and its reason, as XBoard reads them.
fn result_line(o: Outcome) -> String {
    format!("{} {{{}}}", o.result(), o.reason())
}

/// Thinking output: `ply score time nodes pv` (time in centiseconds; mate
/// scores as 100000 + moves, XBoard's convention); with `UCI_ShowWDL` on,
/// the PV ends with the chances as a comment, `{wdl W D L}` (CECP has no
/// field for them, and XBoard shows a PV's text as it comes).
fn thinking_line(info: &Info, wdl: Option<Wdl>) -> String {
    let (depth, score, time, nodes, pv) = match info {
        Info::Line(l) => {
            let score = match l.score {
                Score::Cp(cp) => i64::from(cp),
                Score::Mate(m) if m > 0 => 100_000 + i64::from(m),
                Score::Mate(m) => -100_000 + i64::from(m),
            };
            (l.depth, score, l.time, l.nodes, l.pv.join(" "))
        }
        Info::Turn(t) => {
            let pv = t.likely.clone().unwrap_or_default();
            (t.depth, t.value.round() as i64, t.time, t.nodes, pv)
        }
    };
    let mut line = format!("{depth} {score} {} {nodes} {pv}", time.as_millis() / 10);
    if let Some(w) = wdl {
        line.push_str(&format!(" {{wdl {} {} {}}}", w.win, w.draw, w.loss));
    }
    line
}

/// The XBoard loop on the input's lines (read on their own thread) and
/// on the searches' ends, so that a finished search's move is sent at once
/// while the GUI is silent; the channel's end is the end of input.
pub fn run(lines: crossbeam_channel::Receiver<String>) {
    let (inputs, input) = channel();
    let forward = inputs.clone();
    std::thread::spawn(move || {
        for line in lines.iter() {
            if forward.send(Input::Line(line)).is_err() {
                return;
            }
        }
        let _ = forward.send(Input::End);
    });
    let mut session = Session::new();
    session.wake = Some(inputs);
    loop {
        match input.recv() {
            Ok(Input::Line(line)) => {
                if !session.handle(&line) {
                    return;
                }
            }
            Ok(Input::SearchDone) => session.collect_finished_search(),
            Ok(Input::End) | Err(_) => {
                session.abort_search();
                return;
            }
        }
    }
}
