//! What an OpenBench worker does with turncoat (README.md, "OpenBench
//! (chess)"): build it with `make EXE=...`, run `bench` and read its node
//! count and speed as OpenBench's client reads them, and ask for openings
//! with `./engine "genfens N seed S book <None|FILE>" "quit"`.

mod common;
use common::Engine;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use turncoat::game::Game;
use turncoat::Variant;

const T: &str = env!("CARGO_BIN_EXE_turncoat");

/// A fresh folder for this test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("turncoat-openbench-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `program` with `args`; its exit status and stdout.
fn run(program: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(program)
        .args(args)
        .output()
        .expect("run turncoat");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
    )
}

/// OpenBench's `parse_stream_output` (Client/bench.py): from the last line
/// up, every run of characters other than ASCII letters, digits and
/// spaces becomes one space, and the first line (from the end) that holds
/// `(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)`, case-insensitive,
/// gives the speed, the first that holds
/// `(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)` the node count:
/// the first number of the leftmost match.
fn openbench_parse(output: &str) -> (Option<u64>, Option<u64>) {
    let (mut bench, mut nps) = (None, None);
    for line in output.trim().split('\n').rev() {
        let line = punctuation_to_spaces(line).to_ascii_lowercase();
        nps = nps.or_else(|| {
            leftmost(
                &line,
                &[After("nps"), Before("nps"), Before("nodes second")],
            )
        });
        bench = bench.or_else(|| {
            leftmost(
                &line,
                &[After("nodes"), Before("nodes"), Before("nodes searched")],
            )
        });
    }
    (bench, nps)
}

/// One alternative of OpenBench's patterns: `\d+\s+WORD` or `WORD\s+\d+`.
enum Pattern {
    After(&'static str),
    Before(&'static str),
}
use Pattern::{After, Before};

fn punctuation_to_spaces(line: &str) -> String {
    let mut out = String::new();
    let mut in_run = false;
    for c in line.chars() {
        if c.is_ascii_alphanumeric() || c == ' ' {
            out.push(c);
            in_run = false;
        } else if !in_run {
            out.push(' ');
            in_run = true;
        }
    }
    out
}

/// Python's `re.search` over the alternatives: the leftmost start where
/// one matches (the first alternative on a tie); its first number.
fn leftmost(line: &str, patterns: &[Pattern]) -> Option<u64> {
    let b = line.as_bytes();
    let digits = |i: usize| b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    let spaces = |i: usize| {
        b[i..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count()
    };
    let number = |i: usize, n: usize| line[i..i + n].parse::<u64>().ok();
    for start in 0..b.len() {
        for p in patterns {
            match p {
                After(word) => {
                    let d = digits(start);
                    let s = if d > 0 { spaces(start + d) } else { 0 };
                    if d > 0 && s > 0 && line[start + d + s..].starts_with(word) {
                        return number(start, d);
                    }
                }
                Before(word) => {
                    if line[start..].starts_with(word) {
                        let at = start + word.len();
                        let s = spaces(at);
                        let d = digits(at + s);
                        if s > 0 && d > 0 {
                            return number(at + s, d);
                        }
                    }
                }
            }
        }
    }
    None
}

#[test]
fn the_parser_reads_what_openbench_reads() {
    // Stockfish's and Ethereal's forms, which OpenBench documents.
    let stockfish =
        "Total time (ms) : 1000\nNodes searched  : 1234567\nNodes/second    : 1234567\n";
    assert_eq!(openbench_parse(stockfish), (Some(1234567), Some(1234567)));
    assert_eq!(
        openbench_parse("info depth 1\n4321 nodes 99 nps\n"),
        (Some(4321), Some(99))
    );
    assert_eq!(
        openbench_parse("Bench: 17 nodes\nspeed 5 nps\n"),
        (Some(17), Some(5))
    );
    assert_eq!(openbench_parse("nothing here\n"), (None, None));
}

/// `turncoat bench` ends with lines OpenBench reads: the same node count
/// on every run, and a speed.
#[test]
fn bench_is_read_by_openbench_the_same_twice() {
    let (ok, first) = run(Path::new(T), &["bench"]);
    assert!(ok, "{first}");
    assert!(
        first.is_ascii(),
        "OpenBench's older clients read the output as ASCII"
    );
    let tail: Vec<&str> = first.lines().rev().take(2).collect();
    assert!(tail[1].starts_with("Nodes searched: "), "{first}");
    assert!(tail[0].starts_with("Nodes/second: "), "{first}");
    let (bench, nps) = openbench_parse(&first);
    let bench = bench.expect("a node count OpenBench reads");
    assert!(nps.expect("a speed OpenBench reads") > 0);
    assert_eq!(tail[1], format!("Nodes searched: {bench}"));
    let (ok, second) = run(Path::new(T), &["bench"]);
    assert!(ok, "{second}");
    assert_eq!(
        openbench_parse(&second).0,
        Some(bench),
        "the bench signature changed between runs"
    );
}

/// `make EXE=PATH` (as OpenBench's workers run it, with a compiler it
/// ignores) leaves a working engine at PATH.
#[test]
fn make_builds_the_engine_where_exe_names() {
    if Command::new("make").arg("--version").output().is_err() {
        eprintln!("make is not installed: skipping the Makefile test");
        return;
    }
    let dir = temp_dir("make");
    let exe = dir.join("turncoat-0123abcd");
    let make = Command::new("make")
        .arg("-j")
        .arg(format!("EXE={}", exe.display()))
        .arg("CXX=g++")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run make");
    assert!(
        make.status.success(),
        "make failed:\n{}{}",
        String::from_utf8_lossy(&make.stdout),
        String::from_utf8_lossy(&make.stderr)
    );
    let (ok, out) = run(&exe, &["--version"]);
    assert!(ok);
    assert_eq!(out, format!("turncoat {}\n", env!("CARGO_PKG_VERSION")));
    let (ok, out) = run(&exe, &["genfens 1 seed 1 book None", "quit"]);
    assert!(ok);
    assert_eq!(fens(&out).len(), 1, "{out}");
    std::fs::remove_dir_all(dir).ok();
}

/// The FENs of the `info string genfens` lines, as OpenBench's worker
/// takes them (Client/genfens.py).
fn fens(output: &str) -> Vec<String> {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("info string genfens "))
        .map(|f| f.trim_end().to_string())
        .collect()
}

/// The next `n` openings a session prints (it prints them as it makes
/// them, after any `readyok`).
fn next_fens(e: &mut Engine, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| fens(&e.until("info string genfens ").0).remove(0))
        .collect()
}

/// `./engine "genfens N seed S book B" "quit"`, as OpenBench runs it.
fn genfens(command: &str) -> Vec<String> {
    let (ok, out) = run(Path::new(T), &[command, "quit"]);
    assert!(ok, "{command}: {out}");
    assert!(!out.contains("info string error"), "{command}: {out}");
    fens(&out)
}

/// Each FEN is a position of `variant` that is not over, and the engine
/// searches it.
fn assert_playable(variant: Variant, fens: &[String]) {
    let mut e = Engine::start();
    e.send(&format!(
        "setoption name UCI_Variant value {}",
        variant.name()
    ));
    for fen in fens {
        let game = Game::from_fen(variant, fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
        assert!(game.outcome().is_none(), "{fen}: {}", game.result_text());
        e.send(&format!("position fen {fen}"));
        e.send("go depth 1");
        let (best, before) = e.until("bestmove");
        assert!(
            !before.iter().any(|l| l.contains("error")),
            "{fen}: {before:?}"
        );
        assert_ne!(best, "bestmove (none)", "{fen}");
    }
}

#[test]
fn genfens_gives_distinct_playable_chess_openings_by_seed() {
    let a = genfens("genfens 20 seed 1 book None");
    assert_eq!(a.len(), 20);
    let distinct: HashSet<&String> = a.iter().collect();
    assert_eq!(distinct.len(), 20, "{a:#?}");
    for fen in &a {
        // OpenBench turns each into EPD with the last two fields as
        // `hmvc` and `fmvn`: a FEN of six fields.
        assert_eq!(fen.split_whitespace().count(), 6, "{fen}");
    }
    assert_playable(Variant::Chess, &a);
    // The same seed gives the same openings, with OpenBench's trailing
    // space when there are no extra arguments; another seed others.
    assert_eq!(genfens("genfens 20 seed 1 book None "), a);
    let b = genfens("genfens 20 seed 2 book None");
    assert_ne!(a, b);
    assert!(
        a.iter().filter(|f| b.contains(f)).count() < 5,
        "{a:#?}\n{b:#?}"
    );
    // A large seed (OpenBench's are below 2^31, any u64 is taken).
    assert_eq!(
        genfens("genfens 3 seed 18446744073709551615 book None").len(),
        3
    );
}

#[test]
fn genfens_from_a_book() {
    let dir = temp_dir("book");
    let book = dir.join("book.epd");
    std::fs::write(
        &book,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;\n\
         r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n\
         rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2 ; id \"x\";\n",
    )
    .unwrap();
    let command = format!("genfens 8 seed 5 book {}", book.display());
    let a = genfens(&command);
    assert_eq!(a.len(), 8);
    assert_eq!(a.iter().collect::<HashSet<_>>().len(), 8, "{a:#?}");
    assert_eq!(genfens(&command), a);
    assert_playable(Variant::Chess, &a);
    // With no random plies, the book's own positions.
    let own = genfens(&format!("genfens 3 seed 5 book {} plies 0", book.display()));
    let text = std::fs::read_to_string(&book).unwrap();
    for fen in &own {
        let board = fen.split(' ').next().unwrap();
        assert!(text.contains(board), "{fen}");
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn genfens_in_every_variant() {
    for variant in Variant::ALL {
        let mut e = Engine::start();
        e.send(&format!(
            "setoption name UCI_Variant value {}",
            variant.name()
        ));
        e.send("genfens 5 seed 11 book None");
        let fens = next_fens(&mut e, 5);
        assert_eq!(
            fens.iter().collect::<HashSet<_>>().len(),
            5,
            "{variant}: {fens:?}"
        );
        assert_playable(variant, &fens);
    }
}

#[test]
fn genfens_reports_bad_input_and_goes_on() {
    let mut e = Engine::start();
    for bad in [
        "genfens",
        "genfens ten seed 1 book None",
        "genfens -1 seed 1 book None",
        "genfens 99999999999 seed 1 book None",
        "genfens 2 seed x book None",
        "genfens 2 seed -3 book None",
        "genfens 2 seed 1 book",
        "genfens 2 seed 1 book /no/such/book.epd",
        "genfens 2 seed 1 book None dfrc",
        "genfens 2 seed 1 book None plies 1000",
    ] {
        e.send(bad);
        let lines = e.sync();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string error: genfens"),
            "{bad}: {lines:?}"
        );
    }
    // A book with a line that is no position is refused whole.
    let dir = temp_dir("badbook");
    let book = dir.join("bad.epd");
    std::fs::write(
        &book,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n8/8 w - -\n",
    )
    .unwrap();
    e.send(&format!("genfens 2 seed 1 book {}", book.display()));
    let lines = e.sync();
    assert!(
        lines.len() == 1 && lines[0].contains("EPD line 2"),
        "{lines:?}"
    );
    e.send("genfens 0 seed 1 book None");
    assert!(e.sync().is_empty());
    e.send("genfens 1 seed 1 book None");
    assert_eq!(next_fens(&mut e, 1).len(), 1);
    e.send("quit");
    assert!(e.wait_exit());
    std::fs::remove_dir_all(dir).ok();
}

/// `genfens` runs like `go perft`: `isready` is answered meanwhile and
/// `stop` ends it, saying how many openings it gave (in a line OpenBench
/// does not take for an opening).
#[test]
fn genfens_answers_isready_and_stops() {
    let mut e = Engine::start();
    e.send("genfens 1000000 seed 1 book None");
    e.send("isready");
    let (_, before) = e.until("readyok");
    assert!(before.len() < 1_000_000);
    e.send("stop");
    let (stopped, _) = e.until("info string stopped: ");
    assert!(stopped.ends_with(" of 1000000 openings given"), "{stopped}");
    assert!(!stopped.starts_with("info string genfens "));
    assert!(e.sync().is_empty());
    e.send("quit");
    assert!(e.wait_exit());
}

/// Protocol lines as arguments: OpenBench's form, and any other command
/// (an unknown word is still a command-line error).
#[test]
fn commands_as_arguments() {
    let (ok, out) = run(Path::new(T), &["uci", "isready", "quit"]);
    assert!(ok);
    assert!(
        out.contains("uciok\n") && out.ends_with("readyok\n"),
        "{out}"
    );
    // The end of the arguments ends the session as the end of input does.
    let (ok, out) = run(
        Path::new(T),
        &[
            "setoption name UCI_Variant value pacifist",
            "position startpos moves e2e4",
            "d",
        ],
    );
    assert!(ok);
    assert!(out.contains("Variant: pacifist"), "{out}");
    let (ok, out) = run(Path::new(T), &["genfens 2 seed 1 book None dfrc", "quit"]);
    assert!(ok);
    assert!(
        out.contains("info string error: genfens: unknown argument 'dfrc'"),
        "{out}"
    );
    assert!(fens(&out).is_empty());
}
