//! The UCI front end (docs/protocols.md, "UCI"): it parses lines and formats what
//! the engine core reports, nothing more. Standard messages (`go`,
//! `setoption`, ...) are parsed with `vampirc-uci`; `position` (whose move
//! tokens are in the variant's notation), `go perft`, `searchmoves`, `d`
//! and `eval` are parsed here. The engine searches on its own thread, so
//! the loop stays responsive (`isready`, `stop`, `ponderhit`, `quit`).

mod output;

use crate::board::Move;
use crate::engine::genfens::{GenFens, MAX_COUNT, MAX_PLIES};
use crate::engine::{options::OptionKind, Engine, Go, Info};
use crate::game::SearchMoveError;
use crate::output::send_line as send;
use crate::review::wdl;
use crate::search::time::Limits;
use std::time::Duration;
use vampirc_uci::{parse_one, UciMessage};

fn error(msg: &str) {
    send(&format!("info string error: {msg}"));
}

/// The commands a session answers, except `help` (which is also a
/// command-line command): a command line starting with one of them is
/// protocol lines ([`crate::protocol::commands_in_args`]).
const COMMANDS: [&str; 14] = [
    "uci",
    "isready",
    "setoption",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "d",
    "eval",
    "genfens",
    "quit",
    "debug",
    "register",
];

/// Whether `word` is a UCI command (not `help`, see `COMMANDS`).
pub fn is_command(word: &str) -> bool {
    COMMANDS.contains(&word)
}

/// A UCI session: the engine and the lines that drive it.
#[derive(Default)]
pub struct Session {
    engine: Engine,
    /// `quit` came while a perft was counting: the program ends when the
    /// count is printed, or at `stop` or a second `quit`.
    quitting: bool,
}

impl Session {
    pub fn new() -> Session {
        Session::default()
    }

    /// Handles one input line; returns false when the program should end:
    /// at `quit`, unless a perft is counting (then see [`Self::quitting`]).
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let mut tokens = line.split_whitespace();
        let Some(cmd) = tokens.next() else {
            return true;
        };
        if self.quitting {
            return self.handle_while_quitting(cmd);
        }
        match cmd {
            "quit" if self.engine.counting() => self.quitting = true,
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
            "help" => send(HELP),
            "eval" => send(&self.engine.eval()),
            "genfens" => self.genfens(line),
            "debug" | "register" => {}
            _ => error(&format!("unknown command '{cmd}'")),
        }
        true
    }

    /// After `quit` during a perft: `isready` is still answered; `stop`
    /// or another `quit` interrupts the count and ends the program.
    fn handle_while_quitting(&mut self, cmd: &str) -> bool {
        match cmd {
            "isready" => send("readyok"),
            "stop" | "quit" => {
                self.engine.stop();
                return false;
            }
            _ => {}
        }
        true
    }

    /// Whether `quit` came while a perft was counting.
    pub fn quitting(&self) -> bool {
        self.quitting
    }

    /// Whether a perft is counting.
    pub fn counting(&self) -> bool {
        self.engine.counting()
    }

    /// A token when a count ends ([`crate::engine::Engine::count_ended`]).
    pub fn count_ended(&self) -> crossbeam_channel::Receiver<()> {
        self.engine.count_ended()
    }

    /// Ends a running search, waiting for its `bestmove`.
    pub fn stop(&mut self) {
        self.engine.stop();
    }

    /// At the end of input: a running perft is counted to its end, a
    /// running search stopped (its `bestmove` printed).
    pub fn finish(&mut self) {
        self.engine.finish();
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
            error(&e.to_string());
        }
    }

    /// `position startpos|fen FEN [moves m1 m2 ...]`: on a bad move the
    /// moves before it stay applied.
    fn position(&mut self, line: &str) {
        // Tokens, not text: UCI allows any whitespace between them.
        let tokens: Vec<&str> = line.split_whitespace().skip(1).collect();
        let (setup, moves) = match tokens.iter().position(|&t| t == "moves") {
            Some(i) => (&tokens[..i], &tokens[i + 1..]),
            None => (&tokens[..], &[][..]),
        };
        let fen = match setup.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fen)) => Some(fen.join(" ")),
            _ => {
                self.engine.stop();
                error(&format!(
                    "position needs 'startpos' or 'fen', found '{}'",
                    setup.join(" ")
                ));
                return;
            }
        };
        if let Err(e) = self.engine.set_position(fen.as_deref(), moves) {
            error(&e.to_string());
        }
    }

    fn go(&mut self, line: &str) {
        self.engine.stop();
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.get(1) == Some(&"perft") {
            let max = crate::perft::MAX_DEPTH;
            match tokens.get(2).and_then(|d| d.parse::<u32>().ok()) {
                Some(depth) if depth <= max => self.go_perft(depth),
                Some(_) => error(&format!("go perft needs a depth from 1 to {max}")),
                None => error("go perft needs a depth"),
            }
            return;
        }
        let (limits, searchmoves) = match self.parse_go(&tokens) {
            Ok(x) => x,
            Err(e) => {
                error(&e.to_string());
                return;
            }
        };
        let show_ponder = self.engine.options().ponder;
        let wdl_variant = self
            .engine
            .options()
            .show_wdl
            .then(|| self.engine.game().variant());
        let go = Go {
            limits,
            searchmoves,
            multipv: None,
        };
        self.engine.go(
            go,
            move |info| {
                let wdl = wdl_variant.map(|v| wdl::of_info(v, info));
                send(&match info {
                    Info::Line(l) => output::info_line(l, wdl),
                    Info::Turn(t) => output::turn_line(t, wdl),
                })
            },
            move |best| {
                for line in output::bestmove_lines(&best, show_ponder) {
                    send(&line);
                }
            },
        );
    }

    /// Reads a `go` line. `vampirc-uci` is not used for it: it reads
    /// `depth`, `mate` and `movestogo` as bytes and panics on larger
    /// numbers, which a GUI or a fuzzer may send (a search depth is capped
    /// by the search anyway).
    fn parse_go(&self, tokens: &[&str]) -> Result<(Limits, Vec<Move>), GoError> {
        let mut limits = Limits::default();
        let mut searchmoves = Vec::new();
        let mut clock = [None, None];
        let mut inc = [None, None];
        let mut limited = false;
        let mut i = 1;
        while i < tokens.len() {
            let key = tokens[i];
            i += 1;
            let mut value = || {
                let v = tokens.get(i).copied();
                i += 1;
                v.ok_or_else(|| GoError::NeedsValue(key.to_string()))
            };
            match key {
                "infinite" => limits.infinite = true,
                "ponder" => limits.ponder = true,
                "searchmoves" => {
                    while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                        searchmoves.push(self.engine.game().parse_search_move(tokens[i])?);
                        i += 1;
                    }
                    continue;
                }
                "wtime" => clock[0] = Some(millis(key, value()?)?),
                "btime" => clock[1] = Some(millis(key, value()?)?),
                "winc" => inc[0] = Some(millis(key, value()?)?),
                "binc" => inc[1] = Some(millis(key, value()?)?),
                "movetime" => limits.movetime = Some(millis(key, value()?)?),
                "movestogo" => limits.movestogo = Some(count(key, value()?)?),
                "depth" => limits.depth = Some(count(key, value()?)?),
                "mate" => limits.mate = Some(count(key, value()?)?),
                "nodes" => limits.nodes = Some(number(key, value()?)?),
                _ => return Err(GoError::Malformed(tokens.join(" "))),
            }
            limited |= !matches!(key, "ponder" | "searchmoves");
        }
        if !limited {
            // A bare `go` searches until `stop`; `go ponder` until `ponderhit`.
            limits.infinite = !limits.ponder;
        }
        let side = self.engine.game().side_to_move().index();
        limits.time_left = clock[side];
        limits.increment = inc[side].unwrap_or_default();
        if limits.time_left.is_none() {
            limits.movestogo = None;
        }
        if limits.mate.is_some() && limits.depth.is_none() {
            limits.depth = limits.mate.map(|m| m.saturating_mul(2).saturating_add(1));
        }
        // In WebAssembly the search runs on the calling thread to its end
        // (docs/web.md): no `stop` or `ponderhit` can reach it before, so a
        // search that waits for one would never end.
        #[cfg(target_arch = "wasm32")]
        if limits.infinite || limits.ponder {
            return Err(GoError::Unbounded);
        }
        Ok((limits, searchmoves))
    }

    /// `go perft N` (Stockfish's output), run like a search: `isready`
    /// is answered meanwhile and `stop` ends it.
    fn go_perft(&mut self, depth: u32) {
        self.engine.perft(depth, |lines| {
            let Some(lines) = lines else {
                return send("info string perft stopped");
            };
            let total: u64 = lines.iter().map(|(_, n)| n).sum();
            for (m, n) in lines {
                send(&format!("{m}: {n}"));
            }
            send("");
            send(&format!("Nodes searched: {total}"));
        });
    }

    /// `genfens N seed S book <FILE|None> [plies P]` (OpenBench's data
    /// generation): N lines `info string genfens <FEN>`.
    fn genfens(&mut self, line: &str) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let request = match parse_genfens(&tokens) {
            Ok(r) => r,
            Err(e) => return error(&format!("genfens: {e}; usage: {GENFENS_USAGE}")),
        };
        let count = request.count;
        let emit = |fen: &str| send(&format!("info string genfens {fen}"));
        // Not `info string genfens ...`, which OpenBench would take for a FEN.
        let stopped = move |given| {
            send(&format!(
                "info string stopped: {given} of {count} openings given"
            ))
        };
        if let Err(e) = self.engine.genfens(request, emit, stopped) {
            error(&format!("genfens: {e}"));
        }
    }
}

const GENFENS_USAGE: &str = "genfens N seed S book <FILE|None> [plies P]";

/// Reads a `genfens` line: the count first, then `seed`, `book` and
/// `plies` with their values, in any order.
fn parse_genfens(tokens: &[&str]) -> Result<GenFens, GenFensArgError> {
    let Some(count) = tokens.get(1) else {
        return Err(GenFensArgError::NoCount);
    };
    let count = count
        .parse::<u64>()
        .ok()
        .filter(|n| *n <= MAX_COUNT)
        .ok_or_else(|| GenFensArgError::Count(count.to_string()))?;
    let mut request = GenFens {
        count,
        ..GenFens::default()
    };
    for pair in tokens[2..].chunks(2) {
        let key = pair[0];
        let value = || {
            pair.get(1)
                .copied()
                .ok_or_else(|| GenFensArgError::NeedsValue(key.to_string()))
        };
        match key {
            "seed" => {
                let value = value()?;
                request.seed = value
                    .parse()
                    .map_err(|_| GenFensArgError::Seed(value.to_string()))?;
            }
            "book" => {
                let value = value()?;
                request.book = (!value.eq_ignore_ascii_case("none")).then(|| value.to_string());
            }
            "plies" => {
                let value = value()?;
                let plies = value.parse::<u32>().ok().filter(|p| *p <= MAX_PLIES);
                request.plies =
                    Some(plies.ok_or_else(|| GenFensArgError::Plies(value.to_string()))?);
            }
            _ => return Err(GenFensArgError::Unknown(key.to_string())),
        }
    }
    Ok(request)
}

/// The answer to `help`: the commands a person can type at the prompt.
const HELP: &str = "\
commands (UCI; see docs/protocols.md):
  uci                          the engine's name and options, then uciok
  isready                      answered with readyok (also while searching)
  setoption name N [value V]   sets an option, e.g. `setoption name UCI_Variant value pacifist`
  ucinewgame                   a new game: the caches emptied
  position startpos|fen F [moves M...]   the position, moves in the variant's notation
  go [depth D|nodes N|movetime MS|wtime MS btime MS [winc MS binc MS]|infinite|...]
                               searches and answers bestmove
  go perft D                   counts the leaf positions D plies (turns) deep, per move
  stop                         ends a search (or a perft) now
  ponderhit                    the pondered move was played: the clock starts
  d                            the board, its FEN, key and result
  eval                         the static evaluation and its terms
  genfens N seed S book <FILE|None> [plies P]
                               N random balanced openings (OpenBench's datagen)
  xboard                       switches to the XBoard protocol
  help                         this list
  quit                         exits (a running perft or genfens is finished first)";

/// The keywords of `go`, which end a `searchmoves` list.
const GO_KEYWORDS: [&str; 12] = [
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
    "searchmoves",
];

/// What is wrong with a `go` line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum GoError {
    #[error("go: '{0}' needs a value")]
    NeedsValue(String),
    #[error("go: '{key}' needs a whole number, not '{text}'")]
    Number { key: String, text: String },
    #[error("go: '{key}' needs milliseconds, not '{text}'")]
    Millis { key: String, text: String },
    #[error("malformed go command '{0}'")]
    Malformed(String),
    #[cfg(target_arch = "wasm32")]
    #[error(
        "go: this build searches on one thread and reads `stop` and `ponderhit` \
         only after the search, so it needs a limit: depth, nodes, mate, movetime \
         or wtime/btime (not infinite or ponder)"
    )]
    Unbounded,
    #[error(transparent)]
    SearchMove(#[from] SearchMoveError),
}

/// What is wrong with a `genfens` line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum GenFensArgError {
    #[error("no count")]
    NoCount,
    #[error("the count must be a number from 0 to {MAX_COUNT}, not '{0}'")]
    Count(String),
    #[error("'{0}' needs a value")]
    NeedsValue(String),
    #[error("the seed must be a whole number from 0 to {max}, not '{0}'", max = u64::MAX)]
    Seed(String),
    #[error("plies must be a number from 0 to {MAX_PLIES}, not '{0}'")]
    Plies(String),
    #[error("unknown argument '{0}'")]
    Unknown(String),
}

/// A whole number for `key`, at most `u64::MAX`.
fn number(key: &str, text: &str) -> Result<u64, GoError> {
    text.parse::<u64>().map_err(|_| GoError::Number {
        key: key.to_string(),
        text: text.to_string(),
    })
}

/// A count (depth, moves): larger values mean "as many as there can be".
fn count(key: &str, text: &str) -> Result<u32, GoError> {
    number(key, text).map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// Milliseconds; some GUIs send negative clock times when flagging.
fn millis(key: &str, text: &str) -> Result<Duration, GoError> {
    match text.parse::<i64>() {
        Ok(ms) => Ok(Duration::from_millis(ms.max(0) as u64)),
        Err(_) => Err(GoError::Millis {
            key: key.to_string(),
            text: text.to_string(),
        }),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_genfens_line_says_which_argument() {
        let parse = |line: &str| {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            parse_genfens(&tokens)
        };
        assert_eq!(parse("genfens").unwrap_err(), GenFensArgError::NoCount);
        assert_eq!(
            parse("genfens x").unwrap_err(),
            GenFensArgError::Count("x".into())
        );
        assert_eq!(
            parse("genfens 1 seed").unwrap_err(),
            GenFensArgError::NeedsValue("seed".into())
        );
        assert_eq!(
            parse("genfens 1 seed -1").unwrap_err(),
            GenFensArgError::Seed("-1".into())
        );
        assert_eq!(
            parse("genfens 1 plies 999").unwrap_err(),
            GenFensArgError::Plies("999".into())
        );
        assert_eq!(
            parse("genfens 1 dfrc x").unwrap_err(),
            GenFensArgError::Unknown("dfrc".into())
        );
        assert!(parse("genfens 2 seed 7 book None plies 3").is_ok());
    }

    #[test]
    fn a_bad_go_value_says_which_key() {
        assert!(matches!(number("nodes", "x"), Err(GoError::Number { .. })));
        assert!(matches!(
            millis("wtime", "1.5"),
            Err(GoError::Millis { .. })
        ));
        assert_eq!(count("depth", "99999999999"), Ok(u32::MAX));
    }
}
