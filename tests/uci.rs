//! UCI sessions with the real binary over pipes.

mod common;
use common::Engine;
use turncoat::board::Position;
use turncoat::{BoardVariant, Variant};

fn bestmove_of(line: &str) -> String {
    line.split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn handshake_lists_every_option() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, lines) = e.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name turncoat")));
    for opt in [
        "Hash",
        "Threads",
        "MultiPV",
        "UCI_Variant",
        "UCI_Chess960",
        "Move Overhead",
        "Clear Hash",
        "Ponder",
        "Seed",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "option {opt} missing"
        );
    }
    let variant = lines.iter().find(|l| l.contains("UCI_Variant")).unwrap();
    for v in ["chess", "pacifist", "pacifist2", "subversion", "apocalypse"] {
        assert!(variant.contains(&format!("var {v}")));
    }
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn go_depth_gives_info_and_a_legal_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 5");
    let (best, infos) = e.until("bestmove");
    let last = infos
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 5"))
        .expect("depth 5 info");
    for field in [
        "seldepth", "multipv", "score cp", "nodes", "nps", "hashfull", "time", "pv",
    ] {
        assert!(last.contains(field), "{field} missing in {last}");
    }
    let pos = Position::from_fen(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        Variant::Chess,
    )
    .unwrap();
    assert!(pos.parse_move(&bestmove_of(&best)).is_ok(), "{best}");
}

#[test]
fn isready_and_stop_during_infinite_search() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    // isready is answered while the search runs, without a bestmove.
    let before = e.sync();
    assert!(before.iter().all(|l| !l.starts_with("bestmove")));
    e.send("stop");
    let (best, _) = e.until("bestmove");
    assert!(Position::startpos(BoardVariant::Chess)
        .parse_move(&bestmove_of(&best))
        .is_ok());
}

#[test]
fn quit_during_a_search_exits() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.sync();
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn garbage_and_bad_input_give_errors_and_the_engine_stays_usable() {
    let mut e = Engine::start();
    for bad in [
        "xyzzy",
        "position fen 8/8/8 w - - 0 1",
        "position nonsense",
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name NoSuchOption value 1",
        "setoption name UCI_Variant value checkers",
        "go perft",
        "go searchmoves e2e5",
    ] {
        e.send(bad);
        let out = e.sync();
        assert!(
            out.iter().any(|l| l.starts_with("info string error:")),
            "no error for '{bad}': {out:?}"
        );
    }
    // An illegal move keeps the moves before it.
    e.send("position startpos moves e2e4 e7e5 e1e3 d7d5");
    let out = e.sync();
    assert!(
        out.iter()
            .any(|l| l.contains("error") && l.contains("move 3")),
        "{out:?}"
    );
    e.send("d");
    let (fen, _) = e.until("Fen:");
    assert_eq!(
        fen,
        "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    e.send("go depth 2");
    e.until("bestmove");
    e.send("\u{1b}[A \u{0} \t\t");
    e.send("");
    e.sync();
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut e = Engine::start();
    e.send("position fen 7k/5QQ1/8/8/8/8/8/K7 b - - 0 1");
    e.send("go depth 3");
    let (best, _) = e.until("bestmove");
    assert_eq!(best, "bestmove (none)");
}

#[test]
fn d_shows_variant_fen_key_result() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value pacifist");
    e.send("position fen 1rknn1br/p1pp1p1p/3bp1p1/1p1q2n1/5p2/2P4B/pP1PP1PP/B1RKR1QN w - - 0 1 moves g1b6");
    e.send("d");
    let (result, lines) = e.until("Result:");
    assert!(lines.contains(&"Variant: pacifist".to_string()));
    assert!(lines.iter().any(|l| l.starts_with("Key: ")));
    assert!(lines.contains(
        &"Fen: 1RKNN1br/P1PP1p1p/1Q1Bp1p1/1P1q2n1/5P2/2P4B/pP1PP1PP/B1RKR2N b - - 0 1".to_string()
    ));
    assert_eq!(result, "Result: 1-0 kings converted");
}

#[test]
fn setting_the_variant_resets_the_position() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("setoption name UCI_Variant value pacifist2");
    e.send("d");
    let (fen, _) = e.until("Fen:");
    assert_eq!(
        fen,
        "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    e.send("go perft 3");
    let (nodes, lines) = e.until("Nodes searched");
    assert_eq!(nodes, "Nodes searched: 8831");
    let is_move_line = |l: &&String| {
        l.split(':')
            .next()
            .is_some_and(|m| m.len() == 4 && l.contains(": "))
    };
    assert_eq!(lines.iter().filter(is_move_line).count(), 20);
}

/// `go perft` counts on the `Threads` threads: the same lines; and `stop`
/// ends a threaded count that would run for days, and the engine goes on.
#[test]
fn go_perft_on_threads_counts_alike_and_stops() {
    let mut e = Engine::start();
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("go perft 4");
    let (nodes, one) = e.until("Nodes searched");
    assert_eq!(nodes, "Nodes searched: 4085603");
    e.send("setoption name Threads value 2");
    e.send("go perft 4");
    let (nodes, two) = e.until("Nodes searched");
    assert_eq!(nodes, "Nodes searched: 4085603");
    assert_eq!(one, two, "the same moves in the same order");
    // As deep as accepted: the recursion reaches depth 255 at once, on
    // every thread, and must neither overflow its stack nor outlast stop.
    e.send("go perft 255");
    e.send("stop");
    let (stopped, _) = e.until("info string perft");
    assert_eq!(stopped, "info string perft stopped");
    e.send("go perft 256");
    let (refused, _) = e.until("info string");
    assert_eq!(
        refused,
        "info string error: go perft needs a depth from 1 to 255"
    );
    e.send("go perft 2");
    let (nodes, _) = e.until("Nodes searched");
    assert_eq!(nodes, "Nodes searched: 2039");
    // Apocalypse's frames are the largest (two candidate lists a turn).
    e.send("setoption name UCI_Variant value apocalypse");
    e.send("go perft 255");
    e.send("stop");
    let (stopped, _) = e.until("info string perft");
    assert_eq!(stopped, "info string perft stopped");
    e.send("go perft 1");
    let (nodes, _) = e.until("Nodes searched");
    assert_eq!(nodes, "Nodes searched: 289");
}

#[test]
fn options_take_effect() {
    let mut e = Engine::start();
    e.send("setoption name Hash value 32");
    e.send("setoption name Threads value 2");
    e.send("setoption name Move Overhead value 50");
    e.send("setoption name Clear Hash");
    e.send("setoption name Seed value 42");
    assert!(e.sync().is_empty(), "valid options are silent");
    // MultiPV 3: three lines per depth.
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 3");
    let (_, infos) = e.until("bestmove");
    for k in 1..=3 {
        assert!(infos
            .iter()
            .any(|l| l.starts_with("info depth 3") && l.contains(&format!("multipv {k} "))));
    }
    // Chess960 notation for castling.
    e.send("setoption name MultiPV value 1");
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    e.send("go perft 1");
    let (_, lines) = e.until("Nodes searched");
    assert!(lines.iter().any(|l| l.starts_with("e1h1:")));
    e.send("setoption name UCI_Chess960 value false");
    e.send("go perft 1");
    let (_, lines) = e.until("Nodes searched");
    assert!(lines.iter().any(|l| l.starts_with("e1g1:")));
    // Ponder: the bestmove carries a ponder move.
    e.send("setoption name Ponder value true");
    e.send("position startpos");
    e.send("go depth 4");
    let (best, _) = e.until("bestmove");
    assert!(best.contains(" ponder "), "{best}");
}

#[test]
fn ponder_then_ponderhit() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    let out = e.sync();
    assert!(
        out.iter().all(|l| !l.starts_with("bestmove")),
        "no bestmove while pondering"
    );
    e.send("ponderhit");
    let (best, _) = e.until("bestmove");
    assert!(best.starts_with("bestmove "));
}

/// UCI: under `go ponder` and `go infinite` the bestmove waits for
/// `ponderhit` or `stop`, even when a node or depth limit ends the search
/// at once (as Stockfish does).
#[test]
fn limits_do_not_end_a_ponder_or_infinite_search_early() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    for (go, release) in [
        ("go ponder nodes 255", "ponderhit"),
        ("go ponder depth 2", "ponderhit"),
        ("go infinite nodes 255", "stop"),
        ("go infinite depth 1", "stop"),
    ] {
        e.send("position startpos moves e2e4 e7e5");
        e.send(go);
        // Time for a wrong bestmove to come out: the search itself takes
        // well under a millisecond.
        std::thread::sleep(std::time::Duration::from_millis(300));
        let out = e.sync();
        assert!(
            out.iter().all(|l| !l.starts_with("bestmove")),
            "{go}: bestmove before {release}: {out:?}"
        );
        e.send(release);
        let (best, _) = e.until("bestmove");
        assert!(best.starts_with("bestmove "), "{go}: {best}");
    }
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 3 searchmoves a2a3 h2h4");
    let (best, _) = e.until("bestmove");
    let m = bestmove_of(&best);
    assert!(m == "a2a3" || m == "h2h4", "{best}");
}

#[test]
fn mate_is_found_and_scored() {
    let mut e = Engine::start();
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go mate 1");
    let (best, infos) = e.until("bestmove");
    assert_eq!(bestmove_of(&best), "a1a8");
    assert!(infos.iter().any(|l| l.contains("score mate 1")));
}

#[test]
fn movetime_and_clock_searches_finish() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go movetime 50");
    e.until("bestmove");
    e.send("go wtime 100 btime 100 winc 0 binc 0");
    e.until("bestmove");
    e.send("go wtime 5000 btime 5000 movestogo 40");
    e.until("bestmove");
    e.send("go nodes 5000");
    e.until("bestmove");
}

/// Runs the binary with `input` on stdin (closed after it) and returns
/// its stdout.
fn piped(input: &str, args: &[&str]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_turncoat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start turncoat");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("turncoat ends");
    assert!(out.status.success(), "{input:?}: {:?}", out.status);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The `move: count` lines and the `Nodes searched` line of a perft.
fn perft_lines(out: &str) -> Vec<String> {
    let mut lines: Vec<String> = out
        .lines()
        .filter(|l| {
            l.starts_with("Nodes searched")
                || l.split_once(": ").is_some_and(|(m, _)| !m.contains(' '))
        })
        .map(str::to_string)
        .collect();
    lines.sort();
    lines
}

/// `printf 'position startpos\ngo perft 4\nquit\n' | turncoat` prints the
/// whole count before it exits, as Stockfish does, in every variant, with
/// `quit` or at the end of input; the count is `turncoat perft`'s.
#[test]
fn perft_through_a_pipe_prints_its_count_in_every_variant() {
    for variant in Variant::ALL {
        let depth = if variant == Variant::Apocalypse { 2 } else { 3 };
        let name = variant.name();
        let cli = piped(
            "",
            &["perft", "--variant", name, "--divide", &depth.to_string()],
        );
        let expected = perft_lines(&cli);
        assert!(
            expected.iter().any(|l| l.starts_with("Nodes searched: ")),
            "{cli}"
        );
        for end in ["quit\n", ""] {
            let input = format!(
                "setoption name UCI_Variant value {name}\nposition startpos\ngo perft {depth}\n{end}"
            );
            let out = piped(&input, &[]);
            assert!(!out.contains("perft stopped"), "{name}: {out}");
            assert_eq!(perft_lines(&out), expected, "{name} {end:?}: {out}");
        }
    }
}

/// `quit` during a perft: `isready` is still answered at once, `stop`
/// (or another `quit`) interrupts it and the engine exits.
#[test]
fn quit_during_a_long_perft_waits_but_stop_ends_it() {
    let mut e = Engine::start();
    e.send("go perft 30");
    e.send("quit");
    e.sync();
    e.send("stop");
    let (_, before) = e.until("info string perft stopped");
    assert!(!before.iter().any(|l| l.starts_with("Nodes searched")));
    assert!(e.wait_exit());
}

/// A one-line banner at start-up says what turncoat is and how to get
/// help; `help` lists the commands.
#[test]
fn banner_and_help_at_the_prompt() {
    let out = piped("help\nquit\n", &[]);
    let first = out.lines().next().unwrap_or_default();
    assert!(first.starts_with("turncoat "), "{out}");
    assert!(
        first.contains("UCI") && first.contains("xboard") && first.contains("help"),
        "{first}"
    );
    for command in [
        "uci", "isready", "position", "go perft", "stop", "xboard", "quit",
    ] {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(command)),
            "help lacks {command}: {out}"
        );
    }
}

/// Over UCI the GUI is the arbiter: the draws that end a game although
/// moves remain (docs/rules.md §1.3: a threefold repetition, the 50-move
/// mark, a dead position) still get a move from `go`, for a GUI that
/// follows FIDE's claims and plays on; `d` says the game is over. A game
/// without a legal move gives `bestmove (none)`.
#[test]
fn go_in_an_automatic_draw_gives_a_move() {
    let mut e = Engine::start();
    for position in [
        "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
        "position fen 8/8/4k3/8/8/4K3/8/R7 w - - 100 80",
        "position fen 8/8/4k3/8/8/4K3/8/8 w - - 0 1",
    ] {
        e.send(position);
        e.send("go depth 3");
        let (best, _) = e.until("bestmove");
        assert_ne!(best, "bestmove (none)", "{position}");
        e.send("d");
        let (result, _) = e.until("Result:");
        assert!(
            result.starts_with("Result: 1/2-1/2"),
            "{position}: {result}"
        );
    }
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.until("bestmove").0, "bestmove (none)");
}
