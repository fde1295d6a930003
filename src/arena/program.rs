//! An engine under test, run as a child process and spoken to over UCI or
//! XBoard. Every wait has a deadline, so a hung engine is noticed; a
//! crashed one shows as a closed pipe.

use super::interrupt::Interrupt;
pub use super::request::Failure;
use super::request::{parse_uci_score, uci_go, uci_position, Answer, MoveLimit, MoveRequest};
use crate::board::Color;
use crate::Variant;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
}

/// How an engine is started and configured (`-engine` / `-each`).
#[derive(Clone, Debug)]
pub struct ProgramConfig {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub protocol: Protocol,
    pub options: Vec<(String, String)>,
}

pub struct Program {
    pub config: ProgramConfig,
    child: Child,
    stdin: ChildStdin,
    lines: crossbeam_channel::Receiver<String>,
    watch: Option<Watch>,
    /// The options its UCI handshake listed (`option name NAME type ...`).
    options: Vec<String>,
}

/// Someone watching an engine think (`turncoat gui`): every line it
/// prints while asked, and an interrupt that takes the request back.
pub struct Watch {
    pub on_line: Box<dyn FnMut(&str) + Send>,
    pub interrupt: Interrupt,
}

/// Why an engine program cannot play (`turncoat match` checks each before
/// the first game).
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("failed to start: cannot run {0}")]
    CannotRun(String),
    #[error("failed to start: {cmd} ended ({status}) during the {protocol} handshake")]
    Ended {
        cmd: String,
        status: std::process::ExitStatus,
        protocol: Protocol,
    },
    #[error("failed to start: {cmd} closed its output during the {protocol} handshake")]
    Closed { cmd: String, protocol: Protocol },
    #[error("failed to start: {cmd} did not complete the {protocol} handshake within {} s", HANDSHAKE.as_secs())]
    Hung { cmd: String, protocol: Protocol },
    #[error("{cmd} {failure}")]
    NoVariant { cmd: String, failure: Failure },
    #[error("failed to start: {cmd}: {failure}")]
    Other { cmd: String, failure: Failure },
}

/// How long an interrupted engine may take to answer `stop`.
const STOP_PATIENCE: Duration = Duration::from_secs(3);

const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long a program that closed its output may take to exit, so that
/// its exit status can be told.
const REAP_PATIENCE: Duration = Duration::from_millis(200);
/// How long a program may take to exit after `quit` before it is killed.
const QUIT_PATIENCE: Duration = Duration::from_millis(500);

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Uci => "UCI",
            Protocol::Xboard => "XBoard",
        })
    }
}

impl Program {
    /// Starts the engine and completes its handshake (options and variant
    /// set, `readyok`/`pong` received).
    pub fn start(config: &ProgramConfig, variant: Variant) -> Result<Program, Failure> {
        let mut e = Program::spawn(config)?;
        e.handshake(variant)?;
        Ok(e)
    }

    /// Whether the engine can play at all: started, through its handshake,
    /// and ended again. `Ok` holds the names of the options it offers over
    /// UCI (`turncoat gui` offers a level where `Skill Level` is one);
    /// `Err` says what failed, for the operator (the command that could not
    /// run, or how the handshake went wrong).
    pub fn check(config: &ProgramConfig, variant: Variant) -> Result<Vec<String>, StartError> {
        let mut e = Program::spawn(config).map_err(|f| match f {
            Failure::Startup(why) => StartError::CannotRun(why),
            failure => StartError::Other {
                cmd: config.cmd.clone(),
                failure,
            },
        })?;
        match e.handshake(variant) {
            Ok(()) => {
                let options = std::mem::take(&mut e.options);
                e.quit();
                Ok(options)
            }
            Err(f) => Err(e.handshake_failure(f)),
        }
    }

    /// What a failed handshake says, with the exit status when the
    /// process has ended.
    fn handshake_failure(&mut self, failure: Failure) -> StartError {
        let cmd = self.config.cmd.clone();
        let protocol = self.config.protocol;
        match failure {
            Failure::Crashed => {
                // The process is usually gone already; give it a moment
                // to be reaped so that its exit status can be told.
                match self.child.wait_timeout(REAP_PATIENCE).ok().flatten() {
                    Some(status) => StartError::Ended {
                        cmd,
                        status,
                        protocol,
                    },
                    None => StartError::Closed { cmd, protocol },
                }
            }
            Failure::Hung => StartError::Hung { cmd, protocol },
            f @ Failure::NoVariant { .. } => StartError::NoVariant { cmd, failure: f },
            failure => StartError::Other { cmd, failure },
        }
    }

    /// Starts the process and the thread that reads its output.
    fn spawn(config: &ProgramConfig) -> Result<Program, Failure> {
        let mut child = Command::new(&config.cmd)
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Startup(format!("{}: {e}", config.cmd)))?;
        let stdin = child.stdin.take().ok_or(Failure::Crashed)?;
        let stdout = child.stdout.take().ok_or(Failure::Crashed)?;
        let (tx, rx) = crossbeam_channel::unbounded();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Program {
            config: config.clone(),
            child,
            stdin,
            lines: rx,
            watch: None,
            options: Vec::new(),
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}").map_err(|_| Failure::Crashed)?;
        self.stdin.flush().map_err(|_| Failure::Crashed)
    }

    /// Sets an engine option (UCI `setoption`, XBoard `option`); between
    /// searches, as both protocols allow.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), Failure> {
        match self.config.protocol {
            Protocol::Uci => self.send(&format!("setoption name {name} value {value}")),
            Protocol::Xboard => self.send(&format!("option {name}={value}")),
        }
    }

    /// Reads lines until `done` says stop, or the deadline passes; a
    /// watcher sees every line, and its interrupt ends the wait.
    fn read_until(
        &mut self,
        deadline: Instant,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(), Failure> {
        let lines = self.lines.clone();
        let woken = match &self.watch {
            Some(w) => w.interrupt.woken().clone(),
            None => crossbeam_channel::never(),
        };
        loop {
            if self.watch.as_ref().is_some_and(|w| w.interrupt.is_raised()) {
                return Err(Failure::Interrupted);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            crossbeam_channel::select! {
                recv(lines) -> line => {
                    let Ok(line) = line else {
                        return Err(Failure::Crashed);
                    };
                    if let Some(w) = &mut self.watch {
                        (w.on_line)(&line);
                    }
                    if done(&line) {
                        return Ok(());
                    }
                }
                // Raised (or a wake-up left from an earlier request): the
                // flag, looked at above, decides.
                recv(woken) -> _ => {}
                default(left) => return Err(Failure::Hung),
            }
        }
    }

    /// Lets `watch` see this engine's output and take requests back.
    pub fn set_watch(&mut self, watch: Watch) {
        self.watch = Some(watch);
    }

    /// After an interrupted request: stops the search and waits for its
    /// move (discarded), so the engine is ready for the next request.
    fn settle(&mut self) -> Result<(), Failure> {
        let watch = self.watch.take();
        let stop = match self.config.protocol {
            Protocol::Uci => "stop",
            Protocol::Xboard => "?",
        };
        let result = self.send(stop).and_then(|()| {
            self.read_until(Instant::now() + STOP_PATIENCE, |l| {
                l.starts_with("bestmove") || l.starts_with("move ")
            })
        });
        self.watch = watch;
        result
    }

    /// Analyses the position `start_fen` + `moves` over UCI with
    /// `multipv` lines until the watcher's abort flag is set; the watcher
    /// sees the `info` lines. Ends with the search stopped.
    pub fn analyse(
        &mut self,
        start_fen: &str,
        moves: &[String],
        multipv: u32,
    ) -> Result<(), Failure> {
        self.send(&format!("setoption name MultiPV value {multipv}"))?;
        self.send(&uci_position(start_fen, moves))?;
        self.send("go infinite")?;
        // No deadline: an infinite search ends when the watcher says so.
        let forever = Instant::now() + Duration::from_secs(365 * 24 * 3600);
        match self.read_until(forever, |l| l.starts_with("bestmove")) {
            Err(Failure::Interrupted) => self.settle(),
            other => other,
        }
    }

    fn handshake(&mut self, variant: Variant) -> Result<(), Failure> {
        let deadline = Instant::now() + HANDSHAKE;
        match self.config.protocol {
            Protocol::Uci => {
                self.send("uci")?;
                let mut offered = Vec::new();
                let mut options = Vec::new();
                self.read_until(deadline, |l| {
                    if let Some(vars) = uci_variants(l) {
                        offered = vars;
                    }
                    options.extend(uci_option_name(l));
                    l == "uciok"
                })?;
                self.options = options;
                offers(variant, variant.nonstandard_name(), offered)?;
                for (name, value) in self.config.options.clone() {
                    self.set_option(&name, &value)?;
                }
                if let Some(name) = variant.nonstandard_name() {
                    self.send(&format!("setoption name UCI_Variant value {name}"))?;
                }
                self.send("isready")?;
                self.read_until(deadline, |l| l == "readyok")
            }
            Protocol::Xboard => {
                self.send("xboard")?;
                self.send("protover 2")?;
                let mut offered = Vec::new();
                self.read_until(deadline, |l| {
                    if let Some(vars) = xboard_variants(l) {
                        offered = vars;
                    }
                    l.starts_with("feature") && l.contains("done=1")
                })?;
                let name = (variant != Variant::Chess).then(|| variant.xboard_name());
                offers(variant, name, offered)?;
                for (name, value) in self.config.options.clone() {
                    self.set_option(&name, &value)?;
                }
                self.send("ping 1")?;
                self.read_until(deadline, |l| l.starts_with("pong"))
            }
        }
    }

    /// Asks for the move `request` wants. Its `grace` is added to the
    /// deadline derived from the limit (transport lag). A request a
    /// watcher takes back leaves the engine stopped and ready.
    pub fn request_move(&mut self, request: &MoveRequest) -> Result<Answer, Failure> {
        let answer = self.ask_move(request);
        if answer == Err(Failure::Interrupted) {
            self.settle()?;
        }
        answer
    }

    fn ask_move(&mut self, request: &MoveRequest) -> Result<Answer, Failure> {
        let began = Instant::now();
        // Depth and node limits: a generous ceiling against hangs.
        let budget = request.budget().unwrap_or(Duration::from_secs(60));
        let deadline = began + budget + request.grace;
        let MoveRequest {
            variant,
            start_fen,
            moves,
            limit,
            ..
        } = *request;
        let mut score = None;
        let mut mv = None;
        match self.config.protocol {
            Protocol::Uci => {
                self.send(&uci_position(start_fen, moves))?;
                self.send(&uci_go(limit))?;
                self.read_until(deadline, |l| {
                    if let Some(s) = parse_uci_score(l) {
                        score = Some(s);
                    }
                    if let Some(rest) = l.strip_prefix("bestmove") {
                        mv = rest.split_whitespace().next().map(str::to_string);
                        return true;
                    }
                    false
                })?;
            }
            Protocol::Xboard => {
                self.send("new")?;
                if let Some(name) = variant.nonstandard_name() {
                    self.send(&format!("variant {name}"))?;
                }
                self.send("force")?;
                self.send(&format!("setboard {start_fen}"))?;
                for m in moves {
                    self.send(&format!("usermove {m}"))?;
                }
                self.send("post")?;
                for l in xboard_limits(limit, request.side) {
                    self.send(&l)?;
                }
                self.send("go")?;
                self.read_until(deadline, |l| {
                    if let Some(s) = parse_xboard_score(l) {
                        score = Some(s);
                    }
                    if let Some(rest) = l.strip_prefix("move ") {
                        mv = Some(rest.trim().to_string());
                        return true;
                    }
                    false
                })?;
            }
        }
        let elapsed = began.elapsed();
        let mv = mv.ok_or(Failure::Illegal("(none)".into()))?;
        Ok(Answer { mv, score, elapsed })
    }

    /// Ends the process politely, then for sure.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        if let Ok(Some(_)) = self.child.wait_timeout(QUIT_PATIENCE) {
            return;
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `position fen ... [moves ...]`.
/// Whether an engine offers `variant`, by the name its protocol gives it
/// (`None`: orthodox chess, which every engine plays).
fn offers(variant: Variant, name: Option<&str>, offered: Vec<String>) -> Result<(), Failure> {
    match name {
        Some(name) if !offered.iter().any(|v| v == name) => {
            Err(Failure::NoVariant { variant, offered })
        }
        _ => Ok(()),
    }
}

/// The values of a UCI `option name UCI_Variant type combo ... var V ...`
/// line.
fn uci_variants(line: &str) -> Option<Vec<String>> {
    let rest = line.strip_prefix("option name UCI_Variant ")?;
    let mut words = rest.split_whitespace();
    let mut vars = Vec::new();
    while let Some(w) = words.next() {
        if w == "var" {
            vars.extend(words.next().map(str::to_string));
        }
    }
    Some(vars)
}

/// The name of the option a UCI `option name NAME type ...` line offers
/// (a name may hold spaces: `Skill Level`).
fn uci_option_name(line: &str) -> Option<String> {
    let rest = line.strip_prefix("option name ")?;
    let (name, _) = rest.split_once(" type ")?;
    Some(name.trim().to_string())
}

/// The list of an XBoard `feature ... variants="a,b,c" ...` line.
fn xboard_variants(line: &str) -> Option<Vec<String>> {
    if !line.starts_with("feature") {
        return None;
    }
    let start = line.find("variants=\"")? + "variants=\"".len();
    let list = &line[start..];
    let list = &list[..list.find('"')?];
    Some(list.split(',').map(|v| v.trim().to_string()).collect())
}

fn xboard_limits(limit: MoveLimit, side: Color) -> Vec<String> {
    match limit {
        MoveLimit::Clock {
            wtime,
            btime,
            winc,
            binc,
            movestogo,
        } => {
            let (own, opp, inc) = if side == Color::White {
                (wtime, btime, winc)
            } else {
                (btime, wtime, binc)
            };
            let base = own.as_secs().max(1);
            vec![
                format!(
                    "level {} {}:{:02} {}",
                    movestogo.unwrap_or(0),
                    base / 60,
                    base % 60,
                    inc.as_secs_f64()
                ),
                format!("time {}", own.as_millis() / 10),
                format!("otim {}", opp.as_millis() / 10),
            ]
        }
        MoveLimit::MoveTime(t) => vec![format!("st {}", t.as_secs_f64())],
        MoveLimit::Depth(d) => vec![format!("sd {d}")],
        // XBoard has no node limit; a short fixed time stands in.
        MoveLimit::Nodes(_) => vec!["st 1".into()],
    }
}

/// XBoard thinking line `ply score time nodes pv...`.
fn parse_xboard_score(line: &str) -> Option<i32> {
    let t: Vec<&str> = line.split_whitespace().collect();
    if t.len() < 4 || t[..4].iter().any(|x| x.parse::<i64>().is_err()) {
        return None;
    }
    let s: i32 = t[1].parse().ok()?;
    Some(if s > 99_000 {
        100_000 - (s - 100_000)
    } else if s < -99_000 {
        -100_000 - (s + 100_000)
    } else {
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_from_both_protocols() {
        assert_eq!(
            parse_uci_score("info depth 5 score cp -37 nodes 100 pv e2e4"),
            Some(-37)
        );
        assert_eq!(
            parse_uci_score("info depth 5 score mate 2 pv a1a8"),
            Some(99_998)
        );
        assert_eq!(parse_uci_score("info depth 5 score mate -3"), Some(-99_997));
        assert_eq!(parse_uci_score("bestmove e2e4"), None);
        assert_eq!(parse_xboard_score("7 55 12 34567 e2e4 e7e5"), Some(55));
        assert_eq!(parse_xboard_score("3 100002 0 100 a1a8"), Some(99_998));
        assert_eq!(parse_xboard_score("move e2e4"), None);
    }

    #[test]
    fn option_names_from_the_uci_answer() {
        assert_eq!(
            uci_option_name("option name Skill Level type spin default 20 min 0 max 20").as_deref(),
            Some("Skill Level")
        );
        assert_eq!(
            uci_option_name("option name Clear Hash type button").as_deref(),
            Some("Clear Hash")
        );
        assert_eq!(uci_option_name("id name turncoat"), None);
        assert_eq!(uci_option_name("option name Broken"), None);
    }
}
