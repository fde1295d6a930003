//! Protocol fuzzing of the `turncoat` binary in `cargo test` (docs/testing.md,
//! "Fuzzing"): seeded random sessions of valid and mutated lines, per
//! protocol (UCI, XBoard) and per variant, sent to the real binary over
//! pipes. After every line (or small batch) the test synchronises with
//! `isready`/`readyok` (UCI) or `ping N`/`pong N` (XBoard); a hang, or the
//! process ending before `quit`, fails the test. Every move the engine
//! prints (`bestmove` and its `ponder` move, the moves of `info ... pv`,
//! the plies of `info string strategy`, XBoard's `move`) must be legal in
//! the position it was given, which the test knows by replaying the
//! session with the library's game model (`turncoat::game::Game`); after a
//! line whose effect the test does not model it asks the engine (UCI `d`)
//! or sets a known position (XBoard `new`). Errors must be reported where
//! the model says the input is bad, and only there.
//!
//! The generator is seeded, but the engine's answers feed back into the
//! session (its moves are played on; time limits and apocalypse's mixed
//! strategies make them vary), so two runs of a seed may part ways. A
//! failure therefore saves every line the test sent to
//! `target/tmp/protocol_fuzz/*.in` (replay: `turncoat < FILE`) and shows
//! the last lines both ways.
//!
//! The inputs of the bugs fuzzing found are fixed test cases at the end
//! (`known_bug_*`, `found_*`). `PROTOCOL_FUZZ_SEED=N` runs the random
//! sessions with another seed, `PROTOCOL_FUZZ_LINES=N` sets their length,
//! and `PROTOCOL_FUZZ_AVOID_KNOWN=1` leaves the inputs of the known bugs
//! out of them (to look for new bugs while those are open). No test
//! asserts on timings.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;
use turncoat::board::Color;
use turncoat::game::Game;
use turncoat::Variant;

/// How long an answer may take before the engine counts as hung: far
/// beyond anything a working engine needs (a synchronisation is answered
/// in milliseconds), so that only a hang fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// Lines generated per random session (the synchronisation lines come on
/// top of them).
const DEFAULT_LINES: usize = 2500;

const DEFAULT_SEED: u64 = 0x7475_726e_636f_6174; // "turncoat"

// ---------------------------------------------------------------------
// The random generator: splitmix64.

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    }
}

fn seed_for(label: &str) -> u64 {
    let base = env_number("PROTOCOL_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    // Each session its own stream: the label hashed into the seed.
    label.bytes().fold(base, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn lines_per_session() -> usize {
    env_number("PROTOCOL_FUZZ_LINES").map_or(DEFAULT_LINES, |n| n as usize)
}

fn avoid_known_bugs() -> bool {
    std::env::var_os("PROTOCOL_FUZZ_AVOID_KNOWN").is_some_and(|v| v != "0")
}

// ---------------------------------------------------------------------
// The engine process.

/// A `turncoat` child process. Lines are written by a thread of their
/// own, so that an engine that stops reading makes the test time out on
/// its answer instead of blocking on the pipe; the last lines in both
/// directions are kept for the failure message.
struct Proc {
    label: String,
    child: Child,
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    log: VecDeque<String>,
    /// Lines sent so far (synchronisation included).
    sent: usize,
    /// Everything sent, to replay a failure: `turncoat < FILE`.
    record: Vec<u8>,
}

impl Proc {
    fn start(label: &str) -> Proc {
        let mut child = Command::new(env!("CARGO_BIN_EXE_turncoat"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start turncoat");
        let mut stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (in_tx, in_rx) = channel::<Vec<u8>>();
        std::thread::spawn(move || {
            for bytes in in_rx {
                if stdin.write_all(&bytes).is_err() || stdin.flush().is_err() {
                    break;
                }
            }
        });
        let (out_tx, out_rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                let line = String::from_utf8_lossy(&bytes).trim_end().to_string();
                if out_tx.send(line).is_err() {
                    break;
                }
            }
        });
        Proc {
            label: label.to_string(),
            child,
            input: Some(in_tx),
            output: out_rx,
            log: VecDeque::new(),
            sent: 0,
            record: Vec::new(),
        }
    }

    fn remember(&mut self, entry: String) {
        if self.log.len() == 80 {
            self.log.pop_front();
        }
        self.log.push_back(entry);
    }

    fn fail(&mut self, msg: &str) -> ! {
        let _ = self.child.kill();
        let log: Vec<&str> = self.log.iter().map(String::as_str).collect();
        let name: String = self
            .label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .take(60)
            .collect();
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("protocol_fuzz");
        let file = dir.join(format!("{name}.in"));
        let saved = std::fs::create_dir_all(&dir)
            .and_then(|_| std::fs::write(&file, &self.record))
            .map_or("could not be saved".to_string(), |_| {
                format!("replay: turncoat < {}", file.display())
            });
        panic!(
            "{}: {msg}\n(after {} lines sent, {saved}; the last lines, '>' sent, '<' received:)\n{}",
            self.label,
            self.sent,
            log.join("\n")
        );
    }

    fn send_bytes(&mut self, line: &[u8]) {
        let mut shown = String::from_utf8_lossy(line).into_owned();
        if shown.len() > 200 {
            let mut cut = 200;
            while !shown.is_char_boundary(cut) {
                cut -= 1;
            }
            shown = format!("{}... ({} bytes)", &shown[..cut], line.len());
        }
        self.remember(format!("> {shown}"));
        self.sent += 1;
        let mut bytes = line.to_vec();
        bytes.push(b'\n');
        self.record.extend_from_slice(&bytes);
        if self.input.as_ref().unwrap().send(bytes).is_err() {
            self.fail("the writer thread ended");
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    fn exit_status(&mut self) -> Option<ExitStatus> {
        for _ in 0..200 {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    /// The next line; a hang or the end of the process fails the test.
    fn next_line(&mut self, waiting_for: &str) -> String {
        match self.output.recv_timeout(PATIENCE) {
            Ok(line) => {
                self.remember(format!("< {line}"));
                line
            }
            Err(RecvTimeoutError::Timeout) => self.fail(&format!(
                "no answer within {PATIENCE:?} waiting for '{waiting_for}': the engine hangs"
            )),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.exit_status();
                self.fail(&format!(
                    "the engine exited ({status:?}) while the test waited for '{waiting_for}'"
                ))
            }
        }
    }

    /// Lines up to the one for which `last` holds, and that one.
    fn until(&mut self, what: &str, last: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        let mut lines = Vec::new();
        loop {
            let l = self.next_line(what);
            if last(&l) {
                return (lines, l);
            }
            lines.push(l);
        }
    }

    /// `quit` ends the process, with success.
    fn quit(mut self) {
        self.send("quit");
        match self.exit_status() {
            Some(s) if s.success() => {}
            Some(s) => self.fail(&format!("quit: the engine exited with {s}")),
            None => {
                // A slower exit is not a failure; a hang is.
                for _ in 0..(PATIENCE.as_millis() / 10) {
                    if let Ok(Some(s)) = self.child.try_wait() {
                        if s.success() {
                            return;
                        }
                        self.fail(&format!("quit: the engine exited with {s}"));
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                self.fail("quit: the engine did not exit");
            }
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.input.take();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------------
// Positions, moves and mutations.

/// Positions of each variant to set up: starts, tactical positions,
/// castling, en passant, promotions, conversions, subversions; in
/// apocalypse relocations, penalties, and games about to end.
fn positions(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chess => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
            "6k1/8/8/8/8/8/8/K6R w - - 99 80",
        ],
        Variant::Pacifist | Variant::Pacifist2 => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1",
            "1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1",
            "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1",
            "4k3/8/8/3q4/8/2N1N3/8/4K3 w - - 0 1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
            "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        ],
        Variant::Subversion => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/8/8/4r3/3N4/8/PP1B1B1P/R2QK1N1 w - - 0 1",
            "4k3/pp3ppp/3n4/4q3/8/8/PPP2PPP/4K3 w - - 0 2",
            "k3r3/8/8/1n6/N7/8/4P2P/4K3 w - - 0 1",
            "4k3/8/8/3pP3/2N5/8/7P/4K3 w - d6 7 30",
            "8/4k3/8/8/2Pp4/8/8/1R4K1 b - c3 0 2",
            "4k3/8/8/8/1b6/N7/P7/3QK2R w - - 0 1",
        ],
        Variant::Apocalypse => &[
            "npppn/p3p/5/P3P/NPPPN w 00 1",
            "npppn/p4/4P/P2pP/NPP1N w 00 3",
            "4n/1P1p1/5/4P/5 w 10 7",
            "n3n/1P3/5/3p1/N3N w 01 2",
            "4n/5/1P3/5/N2P1 w 00 1",
            "n3n/p3p/2pp1/2P2/N3N w 00 1",
            "4n/1P1p1/2p2/4P/N3N w 00 1",
        ],
    }
}

/// Odd values for numeric fields.
const ODD_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "-0",
    "1",
    "2",
    "255",
    "65535",
    "2147483648",
    "4294967295",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "1.5",
    "-2.5",
    "1e3",
    "0x10",
    "+7",
    "abc",
    "",
    "٣",
    "½",
];

/// Odd values for time fields in seconds (XBoard `st`, `level`); the
/// huge and infinite ones are the inputs of known bugs 2 and 3.
const ODD_SECONDS: &[&str] = &[
    "0", "-1", "0.001", "0.05", "1", "abc", "", "1:30", "0:00", "1:", ":5", "-0", "NaN", "nan",
    "+0.02", "1e-9", "5e-324",
];
const HUGE_SECONDS: &[&str] = &[
    "inf",
    "-inf",
    "1e20",
    "1e300",
    "1e19",
    "18446744073709551616",
];

/// Replaces, deletes, inserts, duplicates or swaps characters, or puts an
/// odd number in, one to three times.
fn mutate(rng: &mut Rng, text: &str) -> String {
    const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ -wbKQkqabcdefgh0@,.:;#$%^&*()_+=|\\\"'\t\r~";
    let mut s: Vec<char> = text.chars().collect();
    for _ in 0..rng.range(1, 3) {
        let at = rng.below(s.len() + 1);
        match rng.below(9) {
            0 | 1 if at < s.len() => {
                s.remove(at);
            }
            2 | 3 => s.insert(at, *rng.pick(ALPHABET) as char),
            4 if at < s.len() => s[at] = *rng.pick(ALPHABET) as char,
            5 => {
                let n: Vec<char> = rng.pick(ODD_NUMBERS).chars().collect();
                s.splice(at..at, n);
            }
            6 if at < s.len() => {
                let end = (at + rng.range(1, 8) as usize).min(s.len());
                let piece: Vec<char> = s[at..end].to_vec();
                s.splice(at..at, piece);
            }
            7 if s.len() >= 2 => {
                let other = rng.below(s.len());
                let at = at.min(s.len() - 1);
                s.swap(at, other);
            }
            _ => s.truncate(at),
        }
    }
    s.into_iter().filter(|&c| c != '\n').collect()
}

/// Bytes that are not a line: anything but `\n`, UTF-8 or not.
fn garbage(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| match rng.next() as u8 {
            b'\n' => b'?',
            b => b,
        })
        .collect()
}

/// A very long line: one of a few shapes, 10 to 200 thousand bytes.
fn long_line(rng: &mut Rng, words: &[&str]) -> Vec<u8> {
    let len = rng.range(10_000, 200_000) as usize;
    match rng.below(4) {
        0 => vec![b'a'; len],
        1 => garbage(rng, len),
        2 => {
            let mut s = String::new();
            while s.len() < len {
                let w: &str = rng.pick::<&str>(words);
                s.push_str(w);
                s.push(' ');
            }
            s.into_bytes()
        }
        _ => {
            let mut s = String::from(*rng.pick(words));
            while s.len() < len {
                s.push_str(" 99999999999999999999");
            }
            s.into_bytes()
        }
    }
}

/// The first word of a line as the engine splits it.
fn first_word(line: &[u8]) -> String {
    String::from_utf8_lossy(line)
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_string()
}

/// A random legal move (ply) of the side to move (choose), if any.
fn random_move(rng: &mut Rng, game: &Game) -> Option<String> {
    if game.outcome().is_some() && matches!(game, Game::Simultaneous(_)) {
        return None;
    }
    let moves = game.moves_for(game.side_to_move());
    (!moves.is_empty()).then(|| rng.pick(&moves).clone())
}

/// Whether `text` plays in `game` (the engine's notation or the other
/// castling form).
fn plays(game: &Game, text: &str) -> bool {
    game.clone().play_text(text).is_ok()
}

/// Why a `bestmove` (or XBoard `move`) is wrong in `game`, if it is.
fn check_engine_move(game: &Game, best: &str, ponder: Option<&str>) -> Option<String> {
    let no_move = game.moves_for(game.side_to_move()).is_empty();
    if best == "(none)" {
        return (!no_move && game.outcome().is_none()).then(|| {
            format!(
                "'(none)' although there are legal moves in {} ({} to move)",
                game.fen(),
                side_name(game)
            )
        });
    }
    let mut after = game.clone();
    if let Err(e) = after.play_text(best) {
        return Some(format!(
            "'{best}' is not legal in {} ({} to move): {e}",
            game.fen(),
            side_name(game)
        ));
    }
    if let Some(p) = ponder {
        if matches!(game, Game::Sequential(_)) && !plays(&after, p) {
            return Some(format!(
                "ponder move '{p}' is not legal after '{best}' in {}",
                game.fen()
            ));
        }
    }
    None
}

fn side_name(game: &Game) -> &'static str {
    match game.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Why a PV is wrong in `game`, if it is: every move legal in sequence.
fn check_pv(game: &Game, pv: &[&str]) -> Option<String> {
    let mut g = game.clone();
    for (i, m) in pv.iter().enumerate() {
        if let Err(e) = g.play_text(m) {
            return Some(format!(
                "PV move {} '{m}' of {pv:?} is not legal (from {}): {e}",
                i + 1,
                game.fen()
            ));
        }
    }
    None
}

// ---------------------------------------------------------------------
// UCI sessions.

const UCI_WORDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "mate",
    "movestogo",
    "wtime",
    "btime",
    "winc",
    "binc",
    "nodes",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "stop",
    "ponderhit",
    "d",
    "eval",
    "debug",
    "register",
    "Hash",
    "Threads",
    "MultiPV",
    "UCI_Variant",
    "UCI_Chess960",
    "Seed",
    "e2e4",
    "@e5d2",
    "a1b3",
    "b4c5,c5d2",
    "w",
    "KQkq",
    "-",
    "1",
    "0",
];

/// The position the engine says it has (`d`): variant, FEN, and in
/// apocalypse whether white's ply is pending.
struct Shown {
    variant: Variant,
    fen: String,
    pending: bool,
}

impl Shown {
    /// A game with this position (history unknown).
    fn game(&self) -> Option<Game> {
        let mut g = Game::from_fen(self.variant, &self.fen).ok()?;
        if self.pending {
            // Black's choice does not depend on white's pending ply.
            let w = g.moves_for(Color::White).into_iter().next()?;
            g.play_text(&w).ok()?;
        }
        Some(g)
    }
}

struct Uci {
    p: Proc,
    rng: Rng,
    /// The variant of the session (the engine may be switched away now
    /// and then).
    home: Variant,
    variant: Variant,
    /// The GUI's game: a start FEN and the moves since.
    line_fen: Option<String>,
    line_moves: Vec<String>,
    line: Game,
    /// The engine's position as the model knows it (None: unknown).
    model: Option<Game>,
    /// The positions of the searches started, oldest first: each gets one
    /// `bestmove` (None: not known, not checked).
    /// With the `searchmoves` of the search (empty: all moves).
    searches: VecDeque<Option<(Game, Vec<String>)>>,
    /// A search without limits may be running.
    unbounded: bool,
    last_best: Option<String>,
    /// The test waited for the last `bestmove` (it may play it on).
    waited: bool,
    avoid_known: bool,
    bestmoves: usize,
}

impl Uci {
    fn new(variant: Variant) -> Uci {
        let label = format!("uci {variant}");
        let mut u = Uci {
            p: Proc::start(&format!(
                "{label} (seed {:#x})",
                env_number("PROTOCOL_FUZZ_SEED").unwrap_or(DEFAULT_SEED)
            )),
            rng: Rng::new(seed_for(&label)),
            home: variant,
            variant,
            line_fen: None,
            line_moves: Vec::new(),
            line: Game::start(variant),
            model: Some(Game::start(variant)),
            searches: VecDeque::new(),
            unbounded: false,
            last_best: None,
            waited: false,
            avoid_known: avoid_known_bugs(),
            bestmoves: 0,
        };
        u.p.send("uci");
        u.p.until("uciok", |l| l == "uciok");
        u.p.send(&format!("setoption name UCI_Variant value {variant}"));
        u.sync();
        u
    }

    /// `isready` and every line up to `readyok`, checked; returns them.
    fn sync(&mut self) -> Vec<String> {
        self.p.send("isready");
        let (lines, _) = self.p.until("readyok", |l| l == "readyok");
        for l in &lines {
            self.check_line(l);
        }
        lines
    }

    fn check_line(&mut self, l: &str) {
        let mut words = l.split_whitespace();
        match words.next() {
            Some("bestmove") => {
                self.bestmoves += 1;
                let best = words.next().unwrap_or("").to_string();
                let ponder = match (words.next(), words.next()) {
                    (Some("ponder"), Some(p)) => Some(p.to_string()),
                    _ => None,
                };
                let Some(expected) = self.searches.pop_front() else {
                    self.p.fail(&format!("'{l}' without a search"));
                };
                if let Some((game, only)) = expected {
                    if let Some(e) = check_engine_move(&game, &best, ponder.as_deref()) {
                        self.p.fail(&format!("bad bestmove: {e}"));
                    }
                    // The same move, as the library writes it.
                    let canonical = |m: &str| game.clone().play_text(m).ok();
                    if !only.is_empty() && !only.iter().any(|m| canonical(m) == canonical(&best)) {
                        self.p.fail(&format!(
                            "bestmove {best} is not one of searchmoves {only:?}"
                        ));
                    }
                }
                if self.searches.is_empty() {
                    self.unbounded = false;
                }
                self.last_best = Some(best);
                self.waited = false;
            }
            Some("info") => {
                let Some(Some((game, _))) = self.searches.front() else {
                    return;
                };
                let game = game.clone();
                let words: Vec<&str> = l.split_whitespace().collect();
                if let Some(i) = words.iter().position(|&w| w == "pv") {
                    if let Some(e) = check_pv(&game, &words[i + 1..]) {
                        self.p.fail(&e);
                    }
                }
                if words.get(1..3) == Some(&["string", "strategy"]) {
                    let side = game.side_to_move();
                    let candidates = game.moves_for(side);
                    for entry in &words[3..] {
                        let ply = entry.rsplit_once(':').map_or(*entry, |(p, _)| p);
                        if !candidates.iter().any(|c| c == ply) {
                            self.p.fail(&format!(
                                "strategy ply '{ply}' is not a candidate of {} in {}",
                                side_name(&game),
                                game.fen()
                            ));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Asks the engine for its position (`d`); checks it against the
    /// model, or adopts it when the model does not know.
    fn look(&mut self) {
        self.p.send("d");
        let lines = self.sync();
        let field = |name: &str| {
            lines
                .iter()
                .find_map(|l| l.strip_prefix(name))
                .map(|s| s.trim().to_string())
        };
        let (Some(variant), Some(fen)) = (field("Variant:"), field("Fen:")) else {
            self.p.fail("'d' printed no Variant:/Fen: line");
        };
        let Some(variant) = Variant::from_name(&variant) else {
            self.p
                .fail(&format!("'d' printed an unknown variant '{variant}'"));
        };
        let shown = Shown {
            variant,
            fen,
            pending: field("Pending:").is_some(),
        };
        self.variant = variant;
        match &self.model {
            Some(m) => {
                let pending =
                    matches!(m, Game::Simultaneous(_)) && m.side_to_move() == Color::Black;
                if m.variant() != shown.variant || m.fen() != shown.fen || pending != shown.pending
                {
                    let msg = format!(
                        "the engine's position differs from the model's: engine {} {} (pending {}), model {} {} (pending {pending})",
                        shown.variant,
                        shown.fen,
                        shown.pending,
                        m.variant(),
                        m.fen()
                    );
                    self.p.fail(&msg);
                }
            }
            None => {
                let Some(g) = shown.game() else {
                    let msg = format!("'d' shows a position that does not parse: {}", shown.fen);
                    self.p.fail(&msg);
                };
                self.model = Some(g);
            }
        }
    }

    /// One line with its synchronisation; `effect` sees the answer
    /// before its lines are checked. Whether an error was printed.
    fn step_with(&mut self, line: &[u8], effect: impl FnOnce(&mut Uci, bool)) -> bool {
        self.p.send_bytes(line);
        self.p.send("isready");
        let (lines, _) = self.p.until("readyok", |l| l == "readyok");
        let error = lines.iter().any(|l| l.starts_with("info string error"));
        effect(self, error);
        for l in &lines {
            self.check_line(l);
        }
        error
    }

    fn step(&mut self, line: &[u8]) -> bool {
        self.step_with(line, |_, _| {})
    }

    /// A line that must not be refused.
    fn valid(&mut self, line: &str) {
        if self.step(line.as_bytes()) {
            self.p.fail(&format!("error for the valid line '{line}'"));
        }
    }

    fn position_line(fen: Option<&str>, moves: &[String]) -> String {
        let mut s = match fen {
            None => "position startpos".to_string(),
            Some(f) => format!("position fen {f}"),
        };
        if !moves.is_empty() {
            s.push_str(" moves ");
            s.push_str(&moves.join(" "));
        }
        s
    }

    /// The GUI's game goes on by a few moves (the engine's last choice
    /// when it is legal), or starts anew; the engine is told.
    fn play_on(&mut self) {
        if self.variant != self.home {
            self.valid(&format!("setoption name UCI_Variant value {}", self.home));
            self.variant = self.home;
            self.new_line(None);
        }
        if self.rng.chance(5) || self.line.outcome().is_some() || self.line_moves.len() > 120 {
            let fen = self
                .rng
                .chance(50)
                .then(|| self.rng.pick(positions(self.variant)).to_string());
            self.new_line(fen);
        }
        for i in 0..self.rng.range(1, 3) {
            // The engine's choice when the test waited for it (when it
            // came while the test did not wait is a matter of timing).
            let waited = std::mem::take(&mut self.waited);
            let m = match self.last_best.take() {
                Some(b) if i == 0 && waited && plays(&self.line, &b) => b,
                _ => match random_move(&mut self.rng, &self.line) {
                    Some(m) => m,
                    None => break,
                },
            };
            self.line.play_text(&m).unwrap();
            self.line_moves.push(m);
        }
        let line = Self::position_line(self.line_fen.as_deref(), &self.line_moves);
        self.valid(&line);
        self.model = Some(self.line.clone());
    }

    fn new_line(&mut self, fen: Option<String>) {
        self.line = match &fen {
            Some(f) => Game::from_fen(self.variant, f).unwrap(),
            None => Game::start(self.variant),
        };
        self.line_fen = fen;
        self.line_moves.clear();
    }

    /// A `position` line with a mutated FEN or move: the model predicts
    /// what the engine makes of it, error included.
    fn mutated_position(&mut self) {
        let mut fen = self
            .line_fen
            .clone()
            .unwrap_or_else(|| self.variant.start_fen().to_string());
        let mut moves = self.line_moves.clone();
        if moves.is_empty() || self.rng.chance(50) {
            fen = mutate(&mut self.rng, &fen).trim().to_string();
            if fen.contains("moves") || fen.is_empty() {
                return;
            }
        } else {
            let i = self.rng.below(moves.len());
            moves[i] = match self.rng.below(3) {
                0 => mutate(&mut self.rng, &moves[i]),
                1 => self
                    .rng
                    .pick(&[
                        "e9e4", "a1a1", "@", "@e5", "0000", "e7e8k", "a1b3,", "e2e4e5", "x",
                    ])
                    .to_string(),
                _ => {
                    // A move of the other side, or one from another position.
                    let g = Game::start(self.variant);
                    random_move(&mut self.rng, &g).unwrap_or_default()
                }
            };
            moves = moves
                .iter()
                .flat_map(|m| m.split_whitespace())
                .map(str::to_string)
                .collect();
            if moves.iter().any(|m| m == "moves") {
                return;
            }
        }
        if self.avoid_known && subversion_too_many_pieces(self.variant, &fen) {
            return;
        }
        let line = Self::position_line(Some(&fen), &moves);
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        let predicted_error = match Game::from_fen(self.variant, &fen) {
            Err(_) => true,
            Ok(mut g) => {
                let r = g.play_list(&texts);
                self.model = Some(g);
                r.is_err()
            }
        };
        let error = self.step(line.as_bytes());
        if error != predicted_error {
            self.p.fail(&format!(
                "the engine {} '{line}', the model {}",
                if error { "refused" } else { "accepted" },
                if predicted_error {
                    "refuses it"
                } else {
                    "accepts it"
                }
            ));
        }
    }

    /// A `go` with small limits (or none, stopped later).
    fn go(&mut self) {
        self.look();
        let game = self.model.clone().expect("look() knows the position");
        let sequential = matches!(game, Game::Sequential(_));
        let r = &mut self.rng;
        let line = match r.below(12) {
            0 | 1 => format!("go depth {}", r.range(1, 3)),
            2 => format!("go movetime {}", r.range(1, 30)),
            3 => format!("go nodes {}", r.range(1, 3000)),
            4 => format!(
                "go wtime {} btime {} winc {} binc {}",
                r.range(0, 2000),
                r.range(0, 2000),
                r.range(0, 50),
                r.range(0, 50)
            ),
            5 => format!(
                "go wtime {} btime {} movestogo {}",
                r.range(1, 1000),
                r.range(1, 1000),
                r.range(1, 40)
            ),
            6 => "go mate 1".to_string(),
            7 => "go infinite".to_string(),
            8 => format!(
                "go ponder wtime {} btime {}",
                r.range(10, 500),
                r.range(10, 500)
            ),
            9 if sequential => {
                let moves = game.moves_for(game.side_to_move());
                let n = r.range(1, 3) as usize;
                let some: Vec<String> = (0..n.min(moves.len()))
                    .map(|_| r.pick(&moves).clone())
                    .collect();
                format!("go depth 2 searchmoves {}", some.join(" "))
            }
            10 => {
                let max = if sequential { 3 } else { 2 };
                let depth = r.range(1, max);
                self.valid_perft(&game, depth);
                return;
            }
            _ => format!("go depth {} movetime 50", r.range(1, 4)),
        };
        if line.starts_with("go depth 2 searchmoves")
            && game.moves_for(game.side_to_move()).is_empty()
        {
            return;
        }
        // Apocalypse ignores `go nodes` (see
        // `found_apocalypse_go_nodes_ends_by_itself`): stopped later.
        let ignored_nodes = !sequential && line.starts_with("go nodes");
        if line == "go infinite" || line.starts_with("go ponder") || ignored_nodes {
            self.unbounded = true;
        }
        let only = match line.split_once(" searchmoves ") {
            Some((_, moves)) => moves.split_whitespace().map(str::to_string).collect(),
            None => Vec::new(),
        };
        self.searches.push_back(Some((game, only)));
        let wait = self.rng.chance(50);
        self.valid(&line);
        // Like a GUI, wait for the move now and then (and play it on).
        if wait && !self.unbounded {
            if !self.searches.is_empty() {
                let (lines, best) = self.p.until("bestmove", |l| l.starts_with("bestmove"));
                for l in lines.iter().chain([&best]) {
                    self.check_line(l);
                }
            }
            self.waited = true;
        }
    }

    fn valid_perft(&mut self, game: &Game, depth: u64) {
        let line = format!("go perft {depth}");
        self.p.send(&line);
        // Perft runs like a search: `readyok` may come before its count.
        let (mut lines, last) = self
            .p
            .until("Nodes searched", |l| l.starts_with("Nodes searched"));
        lines.push(last);
        for l in &lines {
            self.check_line(l);
        }
        let total = lines
            .iter()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .and_then(|n| n.trim().parse::<u64>().ok());
        let expected = game.perft(depth as u32);
        if total != Some(expected) {
            self.p.fail(&format!(
                "'{line}' counted {total:?}, the library {expected} in {}",
                game.fen()
            ));
        }
    }

    /// A `setoption` with a valid or an odd value.
    fn setoption(&mut self) {
        let r = &mut self.rng;
        let odd = r.chance(40);
        let (name, value): (&str, String) = match r.below(9) {
            0 => (
                "Hash",
                if odd {
                    r.pick(ODD_NUMBERS).to_string()
                } else {
                    r.range(1, 32).to_string()
                },
            ),
            1 => (
                "Threads",
                if odd {
                    r.pick(ODD_NUMBERS).to_string()
                } else {
                    r.range(1, 4).to_string()
                },
            ),
            2 => (
                "MultiPV",
                if odd {
                    r.pick(ODD_NUMBERS).to_string()
                } else {
                    r.range(1, 4).to_string()
                },
            ),
            3 => (
                "UCI_Chess960",
                r.pick(&["true", "false", "TRUE", "yes", "1", ""])
                    .to_string(),
            ),
            4 => (
                "Move Overhead",
                if odd {
                    r.pick(ODD_NUMBERS).to_string()
                } else {
                    r.range(0, 100).to_string()
                },
            ),
            5 => ("Clear Hash", String::new()),
            6 => ("Ponder", r.pick(&["true", "false", "maybe"]).to_string()),
            7 => (
                "Seed",
                if odd {
                    r.pick(ODD_NUMBERS).to_string()
                } else {
                    r.range(0, 1_000_000).to_string()
                },
            ),
            _ => {
                // The variant: rarely away from home, and back.
                let v = if self.variant == self.home && r.chance(30) {
                    r.pick(&Variant::ALL).name()
                } else {
                    self.home.name()
                };
                self.valid(&format!("setoption name UCI_Variant value {v}"));
                self.variant = Variant::from_name(v).unwrap();
                self.model = Some(Game::start(self.variant));
                if self.variant == self.home {
                    self.new_line(None);
                }
                return;
            }
        };
        // Oversized tables are real allocations; the test keeps to a few MiB.
        if name == "Hash" && value.parse::<u64>().is_ok_and(|n| n > 64) {
            return;
        }
        if name == "Threads" && value.parse::<u64>().is_ok_and(|n| n > 8) {
            return;
        }
        let line = if value.is_empty() && name == "Clear Hash" {
            format!("setoption name {name}")
        } else {
            format!("setoption name {name} value {value}")
        };
        self.step(line.as_bytes());
    }

    /// A line the test does not model: garbage, very long, a soup of
    /// protocol words, or a mutated valid line.
    fn chaos(&mut self) {
        let position = Self::position_line(self.line_fen.as_deref(), &self.line_moves);
        let r = &mut self.rng;
        let line: Vec<u8> = match r.below(6) {
            0 => {
                let n = r.range(1, 300) as usize;
                garbage(r, n)
            }
            1 if r.chance(20) => long_line(r, UCI_WORDS),
            2 => {
                let n = r.range(1, 12);
                let words: Vec<&str> = (0..n).map(|_| *r.pick(UCI_WORDS)).collect();
                words.join(" ").into_bytes()
            }
            _ => {
                let base = match r.below(5) {
                    0 => position,
                    1 => format!("go depth {} movetime 20", r.range(1, 3)),
                    2 => format!(
                        "setoption name {} value {}",
                        r.pick(&[
                            "Hash",
                            "Threads",
                            "MultiPV",
                            "Move Overhead",
                            "Seed",
                            "UCI_Chess960"
                        ]),
                        r.range(1, 4)
                    ),
                    3 => format!("go perft {}", r.range(1, 2)),
                    _ => r
                        .pick(&["stop", "ucinewgame", "d", "eval", "ponderhit", "uci"])
                        .to_string(),
                };
                mutate(r, &base).into_bytes()
            }
        };
        let text = String::from_utf8_lossy(&line).into_owned();
        let words: Vec<&str> = text.split_whitespace().collect();
        let first = words.first().copied().unwrap_or("");
        // Lines that would end the session or skew the synchronisation,
        // and searches or tables too big for the test's time.
        if matches!(first, "quit" | "isready") || text.trim() == "xboard" {
            return;
        }
        if first == "go"
            && words.get(1) == Some(&"perft")
            && words
                .get(2)
                .and_then(|d| d.parse::<u32>().ok())
                .is_some_and(|d| d > 3)
        {
            return;
        }
        let lower = text.to_ascii_lowercase();
        if (lower.contains("hash") && huge_number_in(&lower, 64))
            || (lower.contains("threads") && huge_number_in(&lower, 8))
        {
            return;
        }
        if self.avoid_known && uci_known_bug(&text) {
            return;
        }
        if first == "go" {
            self.look();
        }
        if matches!(first, "position" | "setoption" | "ucinewgame") {
            self.model = None;
        }
        if first == "go" && words.get(1) == Some(&"perft") {
            // Perft runs like a search and may end after `readyok`: `stop`
            // ends it (or finds it done), so that its output comes before
            // the next `readyok` and no later count is mistaken for it.
            self.p.send_bytes(&line);
            self.p.send("stop");
            self.sync();
            return;
        }
        let go_model = self.model.clone().map(|g| (g, Vec::new()));
        let search = first == "go";
        self.step_with(&line, |u, error| {
            if search && !error {
                // A search started (the engine refuses a bad `go` with an error).
                u.searches.push_back(go_model);
                u.unbounded = true;
            }
        });
    }

    fn run(mut self, lines: usize) -> (usize, usize) {
        let mut generated = 0;
        while generated < lines {
            generated += 1;
            let r = self.rng.below(100);
            match r {
                0..=24 => self.play_on(),
                25..=31 => self.mutated_position(),
                32..=49 => self.go(),
                50..=56 => {
                    self.p.send("stop");
                    self.sync();
                }
                57..=59 => {
                    self.valid("ucinewgame");
                    self.model = Some(Game::start(self.variant));
                    if self.variant == self.home {
                        self.new_line(None);
                    }
                }
                60..=63 => {
                    let cmd = *self.rng.pick(&[
                        "d",
                        "eval",
                        "ponderhit",
                        "uci",
                        "debug on",
                        "register later",
                    ]);
                    self.step(cmd.as_bytes());
                }
                64..=71 => self.setoption(),
                _ => self.chaos(),
            }
            if self.unbounded && self.rng.chance(30) {
                self.p.send("stop");
                self.sync();
            }
        }
        self.p.send("stop");
        self.sync();
        if !self.searches.is_empty() {
            let n = self.searches.len();
            self.p.fail(&format!(
                "{n} search(es) ended without a bestmove after 'stop'"
            ));
        }
        let sent = self.p.sent;
        let bestmoves = self.bestmoves;
        self.p.quit();
        (sent, bestmoves)
    }
}

fn huge_number_in(text: &str, max: u64) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .any(|t| t.parse::<u64>().map_or(true, |n| n > max))
}

/// The inputs of known bug 1: `go depth|mate|movestogo N` with N of 256
/// or more (the parser reads the digits a word starts with).
fn uci_known_bug(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.first() == Some(&"go")
        && words.windows(2).any(|w| {
            let digits: String = w[1].chars().take_while(char::is_ascii_digit).collect();
            matches!(w[0], "depth" | "mate" | "movestogo")
                && !digits.is_empty()
                && digits.parse::<u64>().map_or(true, |n| n >= 256)
        })
}

/// The input of known bug 4: a FEN with more than 16 pieces of a side.
fn subversion_too_many_pieces(variant: Variant, fen: &str) -> bool {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let white = placement.chars().filter(|c| c.is_ascii_uppercase()).count();
    let black = placement.chars().filter(|c| c.is_ascii_lowercase()).count();
    variant != Variant::Apocalypse && (white > 16 || black > 16)
}

fn uci_session(variant: Variant) {
    let start = std::time::Instant::now();
    let (sent, bestmoves) = Uci::new(variant).run(lines_per_session());
    eprintln!(
        "uci {variant}: {sent} lines sent ({} generated), {bestmoves} bestmoves checked, {:.1} s",
        lines_per_session(),
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn uci_random_session_chess() {
    uci_session(Variant::Chess);
}

#[test]
fn uci_random_session_pacifist() {
    uci_session(Variant::Pacifist);
}

#[test]
fn uci_random_session_pacifist2() {
    uci_session(Variant::Pacifist2);
}

#[test]
fn uci_random_session_subversion() {
    uci_session(Variant::Subversion);
}

#[test]
fn uci_random_session_apocalypse() {
    uci_session(Variant::Apocalypse);
}

// ---------------------------------------------------------------------
// XBoard sessions.

const XBOARD_WORDS: &[&str] = &[
    "xboard",
    "protover",
    "new",
    "variant",
    "force",
    "go",
    "playother",
    "usermove",
    "setboard",
    "time",
    "otim",
    "level",
    "st",
    "sd",
    "ping",
    "result",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "?",
    "memory",
    "cores",
    "option",
    "MultiPV=2",
    "Seed=3",
    "normal",
    "pacifist",
    "apocalypse",
    "e2e4",
    "@e5d2",
    "a1b3",
    "b4c5,c5d2",
    "1-0",
    "{resign}",
    "0:30",
    "1",
    "0",
];

/// Whether an XBoard line may change the engine's game (or whether it
/// counts the game as finished): split as the engine splits it.
fn xboard_may_change_game(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    let (cmd, arg) = match text.split_once(char::is_whitespace) {
        Some((c, a)) => (c, a.trim()),
        None => (text, ""),
    };
    let b = cmd.as_bytes();
    let looks_like_move =
        b.len() >= 4 && (b[0] == b'@' || (b[0].is_ascii_lowercase() && b[1].is_ascii_digit()));
    matches!(
        cmd,
        "new" | "variant" | "setboard" | "usermove" | "undo" | "remove" | "result"
    ) || (looks_like_move && arg.is_empty())
}

/// The inputs of known bugs 2 and 3: `st` or `level` with a time too big
/// for the clock.
fn xboard_known_bug(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let big = |w: &str| {
        w.split(':').any(|p| {
            p.parse::<f64>()
                .is_ok_and(|x| !x.is_finite() || x.abs() >= 1e9)
        })
    };
    matches!(words.first(), Some(&"st") | Some(&"level")) && words[1..].iter().any(|w| big(w))
}

struct Xb {
    p: Proc,
    rng: Rng,
    home: Variant,
    /// The engine's game as the model knows it (None: unknown).
    model: Option<Game>,
    /// A search of the engine's move may be running: its `move` could
    /// come at any time, so lines that change the game silently wait for
    /// `?` first.
    searching: bool,
    analyzing: bool,
    ping: u64,
    moves_checked: usize,
    avoid_known: bool,
}

impl Xb {
    fn new(variant: Variant) -> Xb {
        let label = format!("xboard {variant}");
        let mut x = Xb {
            p: Proc::start(&format!(
                "{label} (seed {:#x})",
                env_number("PROTOCOL_FUZZ_SEED").unwrap_or(DEFAULT_SEED)
            )),
            rng: Rng::new(seed_for(&label)),
            home: variant,
            model: None,
            searching: false,
            analyzing: false,
            ping: 1_000_000,
            moves_checked: 0,
            avoid_known: avoid_known_bugs(),
        };
        x.p.send("xboard");
        x.p.send("protover 2");
        x.p.until("feature ... done=1", |l| l.contains("done=1"));
        x.reset();
        x
    }

    /// `ping N` and the lines up to `pong N` (not yet checked).
    fn sync_raw(&mut self) -> Vec<String> {
        self.ping += 1;
        let pong = format!("pong {}", self.ping);
        self.p.send(&format!("ping {}", self.ping));
        self.p.until(&pong, |l| l == pong).0
    }

    fn check_line(&mut self, l: &str) {
        if let Some(mv) = l.strip_prefix("move ") {
            let mv = mv.trim();
            if let Some(game) = &mut self.model {
                self.moves_checked += 1;
                if let Some(e) = check_engine_move(game, mv, None) {
                    let msg = format!("bad move: {e}");
                    self.p.fail(&msg);
                }
                game.play_text(mv).unwrap();
            }
        } else if ["1-0 {", "0-1 {", "1/2-1/2 {"]
            .iter()
            .any(|r| l.starts_with(r))
        {
            self.check_result_line(l);
        }
    }

    /// A result line must say what the model says: a win is an end by the
    /// rules; a draw is one, or a claim of the position after or before
    /// the engine's last move.
    fn check_result_line(&mut self, l: &str) {
        let Some(game) = &self.model else {
            return;
        };
        let result = l.split_whitespace().next().unwrap_or_default();
        let draw_before = {
            let mut before = game.clone();
            before.undo() && before.automatic_draw().is_some()
        };
        let agrees = match game.outcome() {
            Some(o) => o.result() == result,
            None => result == "1/2-1/2" && draw_before,
        };
        if !agrees {
            let msg = format!("result line '{l}', the model: {:?}", game.outcome());
            self.p.fail(&msg);
        }
    }

    /// Sends a line and synchronises; `effect` sees the answer before the
    /// lines are checked (so that a move the engine answers with is
    /// checked in the position after the line's own effect).
    fn step_with(&mut self, line: &[u8], effect: impl FnOnce(&mut Xb, &[String])) -> Vec<String> {
        self.p.send_bytes(line);
        let lines = self.sync_raw();
        effect(self, &lines);
        for l in &lines {
            self.check_line(l);
        }
        lines
    }

    fn step(&mut self, line: &str) -> Vec<String> {
        self.step_with(line.as_bytes(), |_, _| {})
    }

    /// A line that must not be refused.
    fn valid(&mut self, line: &str) {
        let lines = self.step(line);
        if lines
            .iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal move"))
        {
            self.p.fail(&format!("error for the valid line '{line}'"));
        }
    }

    /// Lets a running search of the engine's move end (`?`), its move
    /// checked and played on the model.
    fn settle(&mut self) {
        if self.searching {
            self.step("?");
            self.searching = false;
        }
    }

    /// A known position: `new`, the session's variant, a depth limit.
    fn reset(&mut self) {
        self.settle();
        self.analyzing = false;
        self.valid("new");
        self.valid(&format!("variant {}", self.home.xboard_name()));
        let sd = format!("sd {}", self.rng.range(1, 3));
        self.valid(&sd);
        if self.rng.chance(50) {
            let st = format!("st 0.0{}", self.rng.range(1, 5));
            self.valid(&st);
        }
        self.model = Some(Game::start(self.home));
    }

    fn model(&mut self) -> Game {
        if self.model.is_none() {
            self.reset();
        }
        self.model.clone().unwrap()
    }

    /// Plays a move (legal, or mutated) for the side to move.
    fn user_move(&mut self, mutated: bool) {
        self.settle();
        let game = self.model();
        let Some(legal) = random_move(&mut self.rng, &game) else {
            self.reset();
            return;
        };
        let text = if !mutated {
            legal
        } else {
            match self.rng.below(3) {
                0 => mutate(&mut self.rng, &legal),
                1 => self
                    .rng
                    .pick(&[
                        "e9e4", "a1a1", "@", "@e5", "0000", "e7e8k", "a1b3,", "e2e4e5", "resign",
                    ])
                    .to_string(),
                _ => random_move(&mut self.rng, &Game::start(self.home)).unwrap_or_default(),
            }
        };
        let arg = text.trim().to_string();
        let looks_like_move = {
            let b = arg.as_bytes();
            b.len() >= 4
                && (b[0] == b'@' || (b[0].is_ascii_lowercase() && b[1].is_ascii_digit()))
                && !arg.contains(char::is_whitespace)
        };
        let line = if looks_like_move && self.rng.chance(40) {
            arg.clone()
        } else {
            format!("usermove {text}")
        };
        // A claimable draw (repetition, 50 moves) is no end: play goes on.
        let expected = game.rules_end().is_none() && plays(&game, &arg);
        self.step_with(line.as_bytes(), |x, lines| {
            let refused = lines.iter().any(|l| l.starts_with("Illegal move"));
            if refused == expected {
                x.p.fail(&format!(
                    "the engine {} '{line}', the model {} (the game's end: {:?})",
                    if refused { "refused" } else { "accepted" },
                    if expected { "accepts it" } else { "refuses it" },
                    game.outcome()
                ));
            }
            if !refused {
                x.model.as_mut().unwrap().play_text(&arg).unwrap();
                x.searching = true;
            }
        });
    }

    fn setboard(&mut self) {
        self.settle();
        let game = self.model();
        let variant = game.variant();
        let r = &mut self.rng;
        // XBoard sends back the orthodox-shaped FEN of `setup` too.
        let setup = game.setup_fen().map_or_else(|| game.fen(), |(_, f)| f);
        let fen = match r.below(4) {
            0 => r.pick(positions(variant)).to_string(),
            1 => game.fen(),
            2 => mutate(r, &setup),
            _ => mutate(r, &game.fen()),
        };
        if self.avoid_known && subversion_too_many_pieces(variant, &fen) {
            return;
        }
        let line = format!("setboard {fen}");
        let parsed = Game::from_setup_fen(variant, fen.trim());
        self.step_with(line.as_bytes(), |x, lines| {
            let error = lines.iter().any(|l| l.starts_with("Error"));
            if error == parsed.is_ok() {
                x.p.fail(&format!(
                    "the engine {} '{line}', the model {}",
                    if error { "refused" } else { "accepted" },
                    if parsed.is_ok() {
                        "accepts it"
                    } else {
                        "refuses it"
                    },
                ));
            }
            if let Ok(g) = parsed {
                x.model = Some(g);
            }
        });
    }

    fn take_back(&mut self, plies: usize) {
        self.settle();
        let mut game = self.model();
        let failed = (0..plies).any(|_| !game.undo());
        let line = if plies == 1 { "undo" } else { "remove" };
        self.step_with(line.as_bytes(), |x, lines| {
            let error = lines.iter().any(|l| l.starts_with("Error"));
            if error != failed {
                x.p.fail(&format!(
                    "'{line}': the engine {} an error, the model {}",
                    if error { "printed" } else { "printed no" },
                    if failed {
                        "has too few moves"
                    } else {
                        "takes back"
                    },
                ));
            }
            x.model = Some(game);
        });
    }

    /// Clock, depth, hash, threads and option lines, valid or odd; none
    /// changes the game.
    fn settings(&mut self) {
        let r = &mut self.rng;
        let odd = r.chance(40);
        let line = match r.below(9) {
            0 if odd => format!("st {}", r.pick(ODD_SECONDS)),
            0 => format!("st 0.0{}", r.range(1, 5)),
            1 if odd => format!("sd {}", r.pick(ODD_NUMBERS)),
            1 => format!("sd {}", r.range(1, 3)),
            2 if odd && r.chance(20) => format!(
                "level {} {} {}",
                r.pick(ODD_NUMBERS),
                r.pick(HUGE_SECONDS),
                r.pick(ODD_SECONDS)
            ),
            2 if odd => format!(
                "level {} {} {}",
                r.pick(ODD_NUMBERS),
                r.pick(ODD_SECONDS),
                r.pick(ODD_SECONDS)
            ),
            2 => format!(
                "level {} {}:{:02} {}",
                r.range(0, 40),
                r.range(0, 2),
                r.range(0, 59),
                r.range(0, 2)
            ),
            3 if odd => format!("time {}", r.pick(ODD_NUMBERS)),
            3 => format!("time {}", r.range(0, 3000)),
            4 if odd => format!("otim {}", r.pick(ODD_NUMBERS)),
            4 => format!("otim {}", r.range(0, 3000)),
            5 if odd => format!("memory {}", r.pick(ODD_NUMBERS)),
            5 => format!("memory {}", r.range(1, 32)),
            6 if odd => format!("cores {}", r.pick(ODD_NUMBERS)),
            6 => format!("cores {}", r.range(1, 4)),
            7 if odd => r
                .pick(&[
                    "option MultiPV=abc",
                    "option MultiPV=0",
                    "option Hash=8",
                    "option Foo=1",
                    "option =",
                    "option",
                    "option Seed=-1",
                    "option Move Overhead=99999",
                    "option Clear Hash=1",
                ])
                .to_string(),
            7 => match r.below(4) {
                0 => format!("option MultiPV={}", r.range(1, 3)),
                1 => format!("option Move Overhead={}", r.range(0, 50)),
                2 => format!("option Seed={}", r.range(0, 99999)),
                _ => "option Clear Hash".to_string(),
            },
            _ if odd && r.chance(10) => format!("st {}", r.pick(HUGE_SECONDS)),
            _ => r
                .pick(&[
                    "hard",
                    "easy",
                    "post",
                    "nopost",
                    "computer",
                    "random",
                    "name someone",
                    "rating 2000 1500",
                    "accepted setboard",
                    "rejected ping",
                    "ics -",
                    "bk",
                    "hint",
                    "draw",
                    "otim 100",
                    ".",
                ])
                .to_string(),
        };
        if huge_number_in(&line, 64) && (line.starts_with("memory") || line.starts_with("cores")) {
            return;
        }
        if line.starts_with("cores") && huge_number_in(&line, 8) {
            return;
        }
        if self.avoid_known && xboard_known_bug(&line) {
            return;
        }
        if odd {
            self.step(&line);
        } else {
            self.valid(&line);
        }
    }

    fn chaos(&mut self) {
        let r = &mut self.rng;
        let line: Vec<u8> = match r.below(6) {
            0 => {
                let n = r.range(1, 300) as usize;
                garbage(r, n)
            }
            1 if r.chance(20) => long_line(r, XBOARD_WORDS),
            2 => {
                let n = r.range(1, 10);
                let words: Vec<&str> = (0..n).map(|_| *r.pick(XBOARD_WORDS)).collect();
                words.join(" ").into_bytes()
            }
            _ => {
                let base = match r.below(6) {
                    0 => "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
                        .to_string(),
                    1 => "usermove e2e4".to_string(),
                    2 => format!("level 40 {} 0", r.range(1, 5)),
                    3 => format!("st 0.0{}", r.range(1, 5)),
                    4 => format!("variant {}", r.pick(&Variant::ALL).xboard_name()),
                    _ => r
                        .pick(&[
                            "go",
                            "force",
                            "undo",
                            "remove",
                            "new",
                            "playother",
                            "analyze",
                            "exit",
                            "?",
                            "sd 2",
                            "memory 8",
                            "cores 2",
                            "option MultiPV=2",
                        ])
                        .to_string(),
                };
                mutate(r, &base).into_bytes()
            }
        };
        let text = String::from_utf8_lossy(&line).into_owned();
        let first = first_word(&line);
        if first == "quit" {
            return;
        }
        let lower = text.to_ascii_lowercase();
        if (matches!(first.as_str(), "memory") || lower.contains("hash"))
            && huge_number_in(&lower, 64)
            || first == "cores" && huge_number_in(&lower, 8)
        {
            return;
        }
        if self.avoid_known && xboard_known_bug(&text) {
            return;
        }
        if xboard_may_change_game(&line) {
            self.model = None;
        }
        self.searching = true;
        self.analyzing |= first == "analyze";
        self.step_with(&line, |_, _| {});
    }

    fn run(mut self, lines: usize) -> (usize, usize) {
        let mut generated = 0;
        while generated < lines {
            generated += 1;
            if self.analyzing && self.rng.chance(30) {
                self.valid("exit");
                self.analyzing = false;
            }
            match self.rng.below(100) {
                0..=29 => self.user_move(false),
                30..=36 => self.user_move(true),
                37..=42 => self.setboard(),
                43..=45 => self.take_back(1),
                46..=47 => self.take_back(2),
                48..=55 => {
                    self.model();
                    self.settle();
                    self.valid("go");
                    self.searching = true;
                }
                56..=57 => {
                    self.valid("force");
                }
                58 => {
                    self.model();
                    self.valid("playother");
                }
                59 => {
                    self.model();
                    self.settle();
                    self.step("result 1/2-1/2 {fuzz}");
                }
                60..=61 => self.reset(),
                62 => {
                    self.model();
                    self.settle();
                    // Now and then another variant, until the next reset.
                    let v = if self.rng.chance(30) {
                        *self.rng.pick(&Variant::ALL)
                    } else {
                        self.home
                    };
                    self.valid(&format!("variant {}", v.xboard_name()));
                    self.model = Some(Game::start(v));
                }
                63..=64 => {
                    self.model();
                    self.settle();
                    self.valid("analyze");
                    self.analyzing = true;
                }
                65..=66 => {
                    self.step("?");
                    self.searching = false;
                }
                67..=79 => self.settings(),
                _ => self.chaos(),
            }
        }
        self.settle();
        if self.analyzing {
            self.valid("exit");
        }
        let sent = self.p.sent;
        let moves = self.moves_checked;
        self.p.quit();
        (sent, moves)
    }
}

fn xboard_session(variant: Variant) {
    let start = std::time::Instant::now();
    let (sent, moves) = Xb::new(variant).run(lines_per_session());
    eprintln!(
        "xboard {variant}: {sent} lines sent ({} generated), {moves} engine moves checked, {:.1} s",
        lines_per_session(),
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn xboard_random_session_chess() {
    xboard_session(Variant::Chess);
}

#[test]
fn xboard_random_session_pacifist() {
    xboard_session(Variant::Pacifist);
}

#[test]
fn xboard_random_session_pacifist2() {
    xboard_session(Variant::Pacifist2);
}

#[test]
fn xboard_random_session_subversion() {
    xboard_session(Variant::Subversion);
}

#[test]
fn xboard_random_session_apocalypse() {
    xboard_session(Variant::Apocalypse);
}

#[test]
fn the_listed_positions_are_valid() {
    for v in Variant::ALL {
        for fen in positions(v) {
            if let Err(e) = Game::from_fen(v, fen) {
                panic!("{v}: {fen}: {e}");
            }
        }
    }
}

// ---------------------------------------------------------------------
// The inputs of the bugs fuzzing found, as fixed cases. Each test runs
// every input of its bug in a fresh engine and names the inputs that
// fail.

/// Runs `check` on every case (at once, each on its own thread, when
/// `parallel`: the hangs of an unfixed bug are waited for together);
/// fails naming each case that fails.
fn each_case<T: std::fmt::Debug + Sync>(
    bug: &str,
    cases: &[T],
    parallel: bool,
    check: impl Fn(&T) + Sync,
) {
    let run = |case: &T| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(case)))
            .err()
            .map(|e| {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                format!("--- {case:?}:\n{msg}")
            })
    };
    let failures: Vec<String> = if parallel {
        std::thread::scope(|s| {
            let handles: Vec<_> = cases.iter().map(|c| s.spawn(|| run(c))).collect();
            handles
                .into_iter()
                .filter_map(|h| h.join().unwrap())
                .collect()
        })
    } else {
        cases.iter().filter_map(run).collect()
    };
    assert!(
        failures.is_empty(),
        "{bug}: {} of {} inputs fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A UCI engine playing `variant`, after the handshake.
fn uci_engine(label: &str, variant: Variant) -> Proc {
    let mut p = Proc::start(label);
    p.send("uci");
    p.until("uciok", |l| l == "uciok");
    p.send(&format!("setoption name UCI_Variant value {variant}"));
    uci_ready(&mut p);
    p
}

/// `isready`: the lines before `readyok`.
fn uci_ready(p: &mut Proc) -> Vec<String> {
    p.send("isready");
    p.until("readyok", |l| l == "readyok").0
}

/// The engine's position, as `d` shows it.
fn uci_shown(p: &mut Proc) -> Game {
    p.send("d");
    let lines = uci_ready(p);
    let field = |name: &str| {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(name))
            .map(|s| s.trim().to_string())
    };
    let shown = Shown {
        variant: Variant::from_name(&field("Variant:").unwrap_or_default())
            .unwrap_or_else(|| p.fail("'d' shows no variant")),
        fen: field("Fen:").unwrap_or_else(|| p.fail("'d' shows no FEN")),
        pending: field("Pending:").is_some(),
    };
    shown
        .game()
        .unwrap_or_else(|| p.fail("'d' shows a position that does not parse"))
}

/// Waits for `bestmove` and checks it in `game`.
fn uci_bestmove(p: &mut Proc, game: &Game) {
    let (_, best) = p.until("bestmove", |l| l.starts_with("bestmove"));
    let words: Vec<&str> = best.split_whitespace().collect();
    let ponder = (words.get(2) == Some(&"ponder")).then(|| words[3]);
    if let Some(e) = check_engine_move(game, words.get(1).copied().unwrap_or(""), ponder) {
        p.fail(&format!("bad bestmove: {e}"));
    }
}

/// The engine is still usable: it searches a position and answers.
fn uci_still_usable(p: &mut Proc, variant: Variant) {
    let start = Game::start(variant);
    let mut after = start.clone();
    let first = after.moves_for(after.side_to_move())[0].clone();
    after.play_text(&first).unwrap();
    p.send(&format!("position startpos moves {first}"));
    p.send("go depth 1");
    uci_bestmove(p, &after);
    uci_ready(p);
}

/// An XBoard engine playing `variant` from its start, in force mode.
fn xboard_engine(label: &str, variant: Variant) -> Proc {
    let mut p = Proc::start(label);
    p.send("xboard");
    p.send("protover 2");
    p.until("feature ... done=1", |l| l.contains("done=1"));
    p.send("new");
    p.send(&format!("variant {}", variant.xboard_name()));
    p.send("force");
    xboard_ping(&mut p, 1);
    p
}

/// `ping N`: the lines before `pong N`.
fn xboard_ping(p: &mut Proc, n: u32) -> Vec<String> {
    p.send(&format!("ping {n}"));
    let pong = format!("pong {n}");
    p.until(&pong, |l| l == pong).0
}

/// `go`, `?` and a ping: the engine's move must come, legal in `game`.
fn xboard_move_now(p: &mut Proc, game: &Game, n: u32) {
    p.send("go");
    p.send("?");
    let lines = xboard_ping(p, n);
    let Some(mv) = lines.iter().find_map(|l| l.strip_prefix("move ")) else {
        p.fail("no move after 'go' and '?'");
    };
    if let Some(e) = check_engine_move(game, mv.trim(), None) {
        p.fail(&format!("bad move: {e}"));
    }
    xboard_ping(p, n + 1);
}

/// Known bug 1: `go depth|mate|movestogo N` with N of 256 or more made
/// the UCI parser panic (exit 101). Expected: `info string error: ...`
/// (or a search that `stop` ends with a legal move), and the engine
/// stays usable.
#[test]
fn known_bug_1_uci_go_with_numbers_from_256() {
    let inputs = [
        "go depth 256",
        "go mate 256",
        "go movestogo 256",
        "go wtime 1000 btime 1000 movestogo 256",
        "go depth 4294967296",
        "go mate 99999999999999999999",
        // Found by the random sessions: the parser reads the leading digits.
        "go depth 9999999Q99 movetime 20",
        "go depth 300x",
    ];
    each_case("known bug 1", &inputs, false, |input| {
        let mut p = uci_engine(&format!("known bug 1: {input}"), Variant::Chess);
        p.send("position startpos");
        p.send(input);
        let error = uci_ready(&mut p)
            .iter()
            .any(|l| l.starts_with("info string error"));
        if !error {
            p.send("stop");
            uci_bestmove(&mut p, &Game::start(Variant::Chess));
        }
        uci_still_usable(&mut p, Variant::Chess);
        p.quit();
    });
}

/// Known bug 2: XBoard `st` and `level` with times too big for a
/// `Duration` made the engine panic (exit 101). Expected: `Error (...)`
/// (or a clock that `?` cuts short), and the engine stays usable.
#[test]
fn known_bug_2_xboard_huge_st_and_level() {
    let inputs = [
        "st inf",
        "st 1e20",
        "level 0 inf 0",
        "level 0 1e300 0",
        "level 0 5 1e300",
    ];
    each_case("known bug 2", &inputs, false, |input| {
        let mut p = xboard_engine(&format!("known bug 2: {input}"), Variant::Chess);
        p.send(input);
        xboard_ping(&mut p, 2);
        xboard_move_now(&mut p, &Game::start(Variant::Chess), 3);
        p.quit();
    });
}

/// Known bug 3: after `level 0 5 1e19`, `go` made the search thread
/// panic: no move, and a following `?` blocked forever (in apocalypse
/// the process exited). Expected: a move (or `Error` for the level).
#[test]
fn known_bug_3_xboard_level_with_a_huge_increment() {
    each_case(
        "known bug 3",
        &[Variant::Chess, Variant::Apocalypse],
        true,
        |&v| {
            let mut p = xboard_engine(&format!("known bug 3: {v}, level 0 5 1e19"), v);
            p.send("level 0 5 1e19");
            xboard_ping(&mut p, 2);
            xboard_move_now(&mut p, &Game::start(v), 3);
            p.quit();
        },
    );
}

const TOO_MANY_KNIGHTS: &str = "NNNNN2k/NNNNN3/NNNNN3/NNNNN3/8/3Nq3/8/4K3 w - - 0 1";

/// Known bug 4: a FEN with more than 16 pieces of a side (21 knights)
/// crashed `go perft 1` and `go` in subversion. Expected: the FEN is
/// refused with an error (chess and subversion), or handled: perft
/// counts, the search gives a legal move.
#[test]
fn known_bug_4_more_than_16_pieces_of_a_side() {
    let cases = [
        ("uci", Variant::Subversion),
        ("uci", Variant::Chess),
        ("xboard", Variant::Subversion),
        ("xboard", Variant::Chess),
    ];
    each_case("known bug 4", &cases, false, |&(protocol, v)| {
        let label = format!("known bug 4: {protocol} {v}, {TOO_MANY_KNIGHTS}");
        if protocol == "uci" {
            let mut p = uci_engine(&label, v);
            p.send(&format!("position fen {TOO_MANY_KNIGHTS}"));
            uci_ready(&mut p);
            let game = uci_shown(&mut p);
            p.send("go perft 1");
            let (mut lines, last) = p.until("Nodes searched", |l| l.starts_with("Nodes searched"));
            lines.push(last);
            let total = lines
                .iter()
                .find_map(|l| l.strip_prefix("Nodes searched: "))
                .and_then(|n| n.trim().parse::<u64>().ok());
            if total != Some(game.perft(1)) {
                p.fail(&format!(
                    "go perft 1 counted {total:?}, expected {}",
                    game.perft(1)
                ));
            }
            p.send("go depth 2");
            uci_bestmove(&mut p, &game);
            p.send("go");
            uci_ready(&mut p);
            p.send("stop");
            uci_bestmove(&mut p, &game);
            uci_still_usable(&mut p, v);
            p.quit();
        } else {
            let mut p = xboard_engine(&label, v);
            p.send(&format!("setboard {TOO_MANY_KNIGHTS}"));
            let refused = xboard_ping(&mut p, 2)
                .iter()
                .any(|l| l.starts_with("Error"));
            let game = if refused {
                Game::start(v)
            } else {
                Game::from_setup_fen(v, TOO_MANY_KNIGHTS).unwrap_or_else(|e| {
                    p.fail(&format!(
                        "the engine accepted a FEN the library refuses: {e}"
                    ))
                })
            };
            xboard_move_now(&mut p, &game, 3);
            p.quit();
        }
    });
}

/// Known bug 5: `go perft 99` blocked the input loop. Expected:
/// `isready` answered while it runs, `stop` ends it. `quit` lets a perft
/// count to its end (as Stockfish does, for perft through a pipe), but
/// `isready` is still answered and a `stop` or second `quit` ends it.
#[test]
fn known_bug_5_long_perft_keeps_the_engine_responsive() {
    let cases = [
        (Variant::Chess, "stop"),
        (Variant::Chess, "quit"),
        (Variant::Apocalypse, "stop"),
    ];
    each_case("known bug 5", &cases, true, |&(v, end)| {
        let mut p = uci_engine(&format!("known bug 5: {v}, go perft 99, then {end}"), v);
        p.send("go perft 99");
        if end == "quit" {
            p.send("quit");
            uci_ready(&mut p);
            p.quit();
            return;
        }
        uci_ready(&mut p);
        p.send("stop");
        uci_ready(&mut p);
        uci_still_usable(&mut p, v);
        p.quit();
    });
}

/// Known bug 6: several spaces or tabs between the tokens of `position`
/// must be read like one space.
#[test]
fn known_bug_6_position_with_several_spaces_or_tabs() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let inputs = [
        "position  startpos  moves  e2e4".to_string(),
        "position\tstartpos\tmoves\te2e4".to_string(),
        "position startpos moves  e2e4".to_string(),
        "position startpos  moves e2e4".to_string(),
        " \tposition startpos moves e2e4 \t".to_string(),
        format!("position  fen  {start}  moves  e2e4"),
        format!("position\tfen\t{}\tmoves\te2e4", start.replace(' ', "\t")),
        format!("position fen {}  moves e2e4", start.replace(' ', "  ")),
    ];
    each_case("known bug 6", &inputs, false, |input| {
        let mut p = uci_engine(&format!("known bug 6: {input:?}"), Variant::Chess);
        p.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        p.send(input);
        if let Some(e) = uci_ready(&mut p)
            .iter()
            .find(|l| l.starts_with("info string error"))
        {
            let msg = format!("refused: {e}");
            p.fail(&msg);
        }
        let mut expected = Game::start(Variant::Chess);
        expected.play_text("e2e4").unwrap();
        let shown = uci_shown(&mut p);
        if shown.fen() != expected.fen() {
            let msg = format!("position {} instead of {}", shown.fen(), expected.fen());
            p.fail(&msg);
        }
        p.quit();
    });
}

/// Known bug 7: with 256 threads (`Threads`, XBoard `cores`), `stop` and
/// `?` must still be answered (promptly: the test only checks that the
/// answer comes).
#[test]
fn known_bug_7_stop_with_256_threads() {
    let cases = [
        ("uci", Variant::Chess),
        ("uci", Variant::Apocalypse),
        ("xboard", Variant::Chess),
        ("xboard", Variant::Apocalypse),
    ];
    each_case("known bug 7", &cases, false, |&(protocol, v)| {
        let label = format!("known bug 7: {protocol} {v}, 256 threads");
        if protocol == "uci" {
            let mut p = uci_engine(&label, v);
            p.send("setoption name Threads value 256");
            p.send("position startpos");
            p.send("go infinite");
            uci_ready(&mut p);
            p.send("stop");
            uci_bestmove(&mut p, &Game::start(v));
            uci_ready(&mut p);
            p.quit();
        } else {
            let mut p = xboard_engine(&label, v);
            p.send("cores 256");
            xboard_move_now(&mut p, &Game::start(v), 2);
            p.quit();
        }
    });
}

/// Found by this test: in apocalypse `go nodes N` is ignored, and with
/// no other limit the search never ends by itself (a GUI waits forever
/// for its `bestmove`). Expected: a `bestmove` without `stop` (or an
/// error saying the limit is not supported).
#[test]
fn found_apocalypse_go_nodes_ends_by_itself() {
    let mut p = uci_engine("apocalypse: go nodes 1000", Variant::Apocalypse);
    p.send("go nodes 1000");
    let lines = uci_ready(&mut p);
    if !lines.iter().any(|l| l.starts_with("info string error")) {
        uci_bestmove(&mut p, &Game::start(Variant::Apocalypse));
    }
    p.quit();
}
