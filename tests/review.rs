//! Game review as a user runs it (docs/review.md): `turncoat analyse` on
//! PGN files with planted mistakes, its output read back by the project's
//! PGN module and python-chess; `UCI_ShowWDL` over UCI.

mod common;

use common::Engine;
use std::process::Command;
use turncoat::pgn::{read_games, PgnRecord};
use turncoat::Variant;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/review");

/// `turncoat analyse ARGS`: status, stdout, stderr.
fn analyse(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_turncoat"))
        .arg("analyse")
        .args(args)
        .output()
        .expect("run turncoat");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn fixture(name: &str) -> String {
    format!("{FIXTURES}/{name}")
}

/// The fixture `name` annotated at `depth`, read back by the PGN module.
fn annotated(name: &str, depth: &str) -> (String, Vec<PgnRecord>) {
    let (code, out, err) = analyse(&[&fixture(name), "--depth", depth]);
    assert_eq!(code, 0, "{err}");
    let games = read_games(&out, Variant::Chess).unwrap_or_else(|e| panic!("{e}\n{out}"));
    (out, games)
}

/// Ply `i` (from 1) of `game` carries NAG `nag`.
fn marked(game: &PgnRecord, i: usize, nag: u8) -> bool {
    game.notes[i].nags.contains(&nag)
}

/// 2...Qg5 hangs the queen to the knight, and 1. h3 misses Re8#: both
/// blunders (`$4`), each with the engine's better move as a variation
/// and in words; the rest of the moves carry evaluations in lichess's
/// form.
#[test]
fn a_hung_queen_and_a_missed_mate_are_blunders_with_the_better_move() {
    let (text, games) = annotated("chess-blunders.pgn", "8");
    let (queen, mate) = (&games[0], &games[1]);
    assert!(marked(queen, 4, 4), "{text}");
    assert!(text.contains("2... Qg5 $4 "), "{text}");
    assert!(
        text.contains("(2... "),
        "no better line for 2...Qg5: {text}"
    );
    assert!(marked(mate, 1, 4), "{text}");
    assert!(text.contains("(1. Re8#"), "{text}");
    assert!(text.contains("Re8# was best."), "{text}");
    for good in [1, 2, 3] {
        assert!(queen.notes[good].nags.is_empty(), "ply {good}: {text}");
    }
    assert!(queen.evals[1..].iter().all(Option::is_some), "{text}");
    assert!(text.contains("[WhiteAccuracy \""), "{text}");
    let black: f64 = queen.tag("BlackAccuracy").unwrap().parse().unwrap();
    let white: f64 = queen.tag("WhiteAccuracy").unwrap().parse().unwrap();
    assert!(black < white, "{white} {black}");
    assert_eq!(queen.tag("Result"), Some("1-0"));
    assert_eq!(
        mate.tag("FEN"),
        Some("6k1/5ppp/8/8/8/8/r4PPP/4R1K1 w - - 0 1")
    );
    eval_format(&text);
}

/// Every `[%eval ...]` is lichess's: pawns with two decimals, or `#N`.
fn eval_format(text: &str) {
    let mut seen = 0;
    for part in text.split("[%eval ").skip(1) {
        let value = &part[..part.find(']').expect("a closed eval")];
        let ok = match value.strip_prefix('#') {
            Some(n) => n.trim_start_matches('-').parse::<u32>().is_ok(),
            None => {
                let (whole, decimals) = value.split_once('.').expect("decimals");
                whole.trim_start_matches('-').parse::<u32>().is_ok()
                    && decimals.len() == 2
                    && decimals.parse::<u32>().is_ok()
            }
        };
        assert!(ok, "[%eval {value}]");
        seen += 1;
    }
    assert!(seen > 0, "no evaluation in {text}");
}

/// Move 26, Nb1, lets 26...Qc3's cascade convert White's king: a
/// blunder, with the move that keeps the king as the variation.
#[test]
fn a_move_that_lets_a_cascade_convert_the_king_is_a_blunder() {
    let (text, games) = annotated("pacifist-cascade.pgn", "6");
    let game = &games[0];
    assert_eq!(game.variant, Variant::Pacifist);
    assert!(marked(game, 1, 4), "{text}");
    assert!(text.contains("(26. "), "{text}");
    assert!(text.contains("was best."), "{text}");
    assert!(
        !marked(game, 2, 4),
        "the cascade itself is no mistake: {text}"
    );
}

/// A main line of the Ruy Lopez: no blunder, no mistake.
#[test]
fn a_quiet_correct_game_has_no_blunder() {
    let (text, games) = annotated("quiet.pgn", "8");
    let game = &games[0];
    for (i, notes) in game.notes.iter().enumerate() {
        assert!(
            !notes.nags.contains(&4) && !notes.nags.contains(&2),
            "ply {i}: {text}"
        );
    }
    assert_eq!(game.evals.iter().flatten().count(), game.moves.len());
    eval_format(&text);
}

/// The annotated chess games are read by python-chess too: evaluations,
/// NAGs, variations (legal), accuracy tags.
#[test]
fn python_chess_reads_the_annotated_games() {
    if !common::python_chess_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("turncoat-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("annotated.pgn");
    let out = out.to_str().unwrap();
    let (code, _, err) = analyse(&[&fixture("chess-blunders.pgn"), "-o", out, "--depth", "6"]);
    assert_eq!(code, 0, "{err}");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clients/read_review.py");
    let run = Command::new("python3")
        .args([script, out])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && stdout.contains("review read back: ok"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game that cannot be read is named with its move; the others (chess,
/// and apocalypse) are annotated; the status says one failed.
#[test]
fn a_broken_game_is_reported_and_the_others_annotated() {
    let (code, out, err) = analyse(&[
        &fixture("one-broken.pgn"),
        "--depth",
        "2",
        "--concurrency",
        "2",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("game 2: move 3 'Qh9'"), "{err}");
    assert!(err.contains("1 game(s) could not be annotated"), "{err}");
    let games = read_games(&out, Variant::Chess).unwrap();
    assert_eq!(games.len(), 2, "{out}");
    assert_eq!(games[0].tag("Event"), Some("first"));
    assert_eq!(games[1].variant, Variant::Apocalypse);
    assert_eq!(games[1].moves.len(), 4);
    assert!(games[1].evals[1..].iter().all(Option::is_some), "{out}");
    assert!(games[1].tag("BlackAccuracy").is_some(), "{out}");
}

/// Bad command lines and files: a message and a non-zero status, nothing
/// on stdout.
#[test]
fn bad_flags_and_files_are_refused() {
    let quiet = fixture("quiet.pgn");
    for (args, status, words) in [
        (vec![], 2, "GAMES.pgn"),
        (vec![quiet.as_str(), "--depth", "0"], 2, "--depth"),
        (
            vec![quiet.as_str(), "--depth", "2", "--nodes", "9"],
            2,
            "cannot be used with",
        ),
        (vec![quiet.as_str(), "--threads", "x"], 2, "--threads"),
        (vec![quiet.as_str(), "--bogus"], 2, "--bogus"),
        (
            vec!["/nonexistent/games.pgn"],
            1,
            "cannot read /nonexistent/games.pgn",
        ),
        (vec!["/dev/null"], 1, "not a PGN file"),
        (vec![FIXTURES], 1, "not a PGN file"),
    ] {
        let (code, out, err) = analyse(&args);
        assert_eq!(code, status, "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

/// With `UCI_ShowWDL` on, every `info` line with a score carries `wdl W D
/// L` summing to 1000, in every variant; a mate found is 1000 0 0.
#[test]
fn uci_show_wdl_gives_chances_in_every_variant() {
    let mut e = Engine::start();
    e.send("setoption name UCI_ShowWDL value true");
    for variant in ["chess", "pacifist", "pacifist2", "subversion", "apocalypse"] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("position startpos");
        e.send("go depth 3");
        let (_, infos) = e.until("bestmove");
        let scored: Vec<&String> = infos.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!scored.is_empty(), "{variant}: {infos:?}");
        for line in scored {
            let [w, d, l] = wdl(line).unwrap_or_else(|| panic!("{variant}: {line}"));
            assert_eq!(w + d + l, 1000, "{variant}: {line}");
        }
    }
    e.send("setoption name UCI_Variant value chess");
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
    e.send("go depth 4");
    let (_, infos) = e.until("bestmove");
    let last = infos
        .iter()
        .rev()
        .find(|l| l.contains("score mate 1"))
        .unwrap();
    assert_eq!(wdl(last), Some([1000, 0, 0]), "{last}");
    e.send("setoption name UCI_ShowWDL value false");
    e.send("go depth 2");
    let (_, infos) = e.until("bestmove");
    assert!(infos.iter().all(|l| !l.contains(" wdl ")), "{infos:?}");
    e.send("quit");
    assert!(e.wait_exit());
}

/// The three numbers after `wdl`, right after the score as Stockfish
/// writes them.
fn wdl(line: &str) -> Option<[u32; 3]> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "wdl")?;
    let score = words.iter().position(|w| *w == "score")?;
    if at != score + 3 {
        return None;
    }
    let n = |k: usize| words.get(at + k)?.parse().ok();
    Some([n(1)?, n(2)?, n(3)?])
}
