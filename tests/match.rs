//! `turncoat match` as a tournament operator uses it: turncoat against
//! itself in every variant (apocalypse turn by turn), misbehaving engines
//! that crash, hang or cheat (they lose and the tournament goes on), PGN
//! that reads back (python-chess for the chess games).

mod common;

use std::process::Command;

const T: &str = env!("CARGO_BIN_EXE_turncoat");

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run_match(args: &[&str]) -> String {
    let out = Command::new(T)
        .arg("match")
        .args(args)
        .output()
        .expect("run match");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("turncoat-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn self_play_tournaments_in_every_sequential_variant() {
    for variant in ["chess", "pacifist", "pacifist2", "subversion"] {
        let pgn = temp(&format!("{variant}.pgn"));
        let cmd = format!("cmd={T}");
        let out = run_match(&[
            "-engine",
            &cmd,
            "name=a",
            "depth=2",
            "-engine",
            &cmd,
            "name=b",
            "depth=1",
            "-variant",
            variant,
            "-games",
            "2",
            "-repeat",
            "-concurrency",
            "2",
            "-maxmoves",
            "60",
            "-pgnout",
            &pgn,
        ]);
        assert_eq!(out.matches("Finished game").count(), 2, "{out}");
        assert!(out.contains("Score of a vs b:"));
        assert!(out.contains("Elo difference:"));
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(text.matches("[Result \"").count(), 2);
        assert_eq!(text.matches("[Termination \"").count(), 2);
        if variant != "chess" {
            assert!(text.contains(&format!("[Variant \"{variant}\"]")));
        }
    }
}

#[test]
fn misbehaving_engines_lose_and_the_tournament_goes_on() {
    let cmd = format!("cmd={T}");
    for (script, reason) in [
        ("crash_engine.sh", "crashed"),
        ("hang_engine.sh", "loses on time"),
        ("illegal_engine.sh", "illegal move a1a1"),
    ] {
        let bad = format!("cmd={}", fixture(script));
        let out = run_match(&[
            "-engine",
            &cmd,
            "name=good",
            "-engine",
            &bad,
            "name=bad",
            "-each",
            "st=0.05",
            "-games",
            "2",
            "-variant",
            "chess",
        ]);
        assert_eq!(out.matches("Finished game").count(), 2, "{out}");
        assert!(out.contains(reason), "{script}: {out}");
        assert!(
            out.contains("Score of good vs bad: 2 - 0 - 0"),
            "{script}: {out}"
        );
    }
}

#[test]
fn xboard_engines_and_clock_time_control() {
    let out = run_match(&[
        "-engine",
        &format!("cmd={T}"),
        "proto=xboard",
        "name=x",
        "-engine",
        &format!("cmd={T}"),
        "name=u",
        "-each",
        "tc=2+0.05",
        "-games",
        "2",
        "-variant",
        "pacifist",
        "-maxmoves",
        "30",
    ]);
    assert_eq!(out.matches("Finished game").count(), 2, "{out}");
    assert!(!out.contains("loses on time"), "{out}");
}

#[test]
fn sprt_stops_a_decided_match() {
    let bad = format!("cmd={}", fixture("illegal_engine.sh"));
    let out = run_match(&[
        "-engine",
        &format!("cmd={T}"),
        "name=good",
        "-engine",
        &bad,
        "name=bad",
        "-each",
        "depth=1",
        "-games",
        "200",
        "-variant",
        "chess",
        "-sprt",
        "elo0=0",
        "elo1=10",
        "alpha=0.05",
        "beta=0.05",
    ]);
    let finished = out.matches("Finished game").count();
    assert!(finished < 200, "stopped early: {finished}");
    assert!(out.contains("H1 was accepted"), "{out}");
}

/// With -repeat the test runs on game pairs: the output counts them in
/// fastchess's form, and the match stops once the pairs decide.
#[test]
fn pentanomial_sprt_on_game_pairs() {
    let bad = format!("cmd={}", fixture("illegal_engine.sh"));
    let out = run_match(&[
        "-engine",
        &format!("cmd={T}"),
        "name=good",
        "-engine",
        &bad,
        "name=bad",
        "-each",
        "depth=1",
        "-games",
        "2",
        "-rounds",
        "200",
        "-repeat",
        "-variant",
        "chess",
        "-sprt",
        "elo0=0",
        "elo1=10",
        "alpha=0.05",
        "beta=0.05",
        "model=logistic",
    ]);
    let finished = out.matches("Finished game").count();
    assert!(finished < 400, "stopped early: {finished}");
    let pairs = finished / 2;
    assert!(
        out.contains(&format!("Ptnml(0-2): [0, 0, 0, 0, {pairs}]")),
        "{out}"
    );
    assert!(out.contains("LLR: 2.9"), "{out}");
    assert!(out.contains("(-2.94, 2.94) [0.00, 10.00]"), "{out}");
    assert!(out.contains("nElo: "), "{out}");
    assert!(
        out.contains("logistic, pentanomial) - H1 was accepted"),
        "{out}"
    );
}

#[test]
fn round_robin_of_three_engines() {
    let cmd = format!("cmd={T}");
    let out = run_match(&[
        "-engine",
        &cmd,
        "name=e1",
        "-engine",
        &cmd,
        "name=e2",
        "-engine",
        &cmd,
        "name=e3",
        "-each",
        "depth=1",
        "-games",
        "2",
        "-variant",
        "chess",
        "-maxmoves",
        "20",
        "-concurrency",
        "2",
    ]);
    assert_eq!(out.matches("Finished game").count(), 6, "{out}");
    assert!(out.contains("Rank Name"));
}

#[test]
fn openings_from_files() {
    let epd = temp("o.epd");
    std::fs::write(
        &epd,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -\n4k3/8/8/8/8/8/4P3/4K3 w - -\n",
    )
    .unwrap();
    let pgn = temp("o.pgn");
    std::fs::write(&pgn, "[Event \"o\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    let out_pgn = temp("out.pgn");
    let cmd = format!("cmd={T}");
    for file in [&epd, &pgn] {
        let out = run_match(&[
            "-engine",
            &cmd,
            "-engine",
            &cmd,
            "-each",
            "depth=1",
            "-games",
            "2",
            "-repeat",
            "-openings",
            &format!("file={file}"),
            "order=random",
            "-maxmoves",
            "10",
            "-pgnout",
            &out_pgn,
        ]);
        assert_eq!(out.matches("Finished game").count(), 2, "{out}");
    }
    let text = std::fs::read_to_string(&out_pgn).unwrap();
    // The games are written in SAN, as other chess programs read them.
    assert!(text.contains("1. e4 e5 2. Nf3"), "{text}");
}

#[test]
fn apocalypse_tournament_turn_by_turn_over_both_protocols() {
    let pgn = temp("apocalypse.pgn");
    let cmd = format!("cmd={T}");
    let out = run_match(&[
        "-engine",
        &cmd,
        "name=u",
        "depth=2",
        "-engine",
        &cmd,
        "name=x",
        "proto=xboard",
        "depth=1",
        "-variant",
        "apocalypse",
        "-games",
        "4",
        "-repeat",
        "-concurrency",
        "2",
        "-pgnout",
        &pgn,
    ]);
    assert_eq!(out.matches("Finished game").count(), 4, "{out}");
    assert!(!out.contains("illegal"), "{out}");
    assert!(!out.contains("bad opening"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Variant \"apocalypse\"]").count(), 4);
    // Every game replays turn by turn under the rules and ends as recorded.
    for game in text.split("[Event").skip(1) {
        let plies: Vec<&str> = game
            .lines()
            .filter(|l| !l.contains(']'))
            .flat_map(|l| l.split_whitespace())
            .take_while(|t| !t.starts_with('{'))
            .filter(|t| !t.ends_with('.'))
            .collect();
        assert!(plies.len().is_multiple_of(2), "whole turns: {game}");
        let mut g = turncoat::rules::apocalypse::ApocalypseGame::new(
            turncoat::rules::apocalypse::ApocalypsePosition::start(),
        );
        for turn in plies.chunks(2) {
            let pos = *g.position();
            let w = pos
                .parse_ply(turncoat::board::Color::White, turn[0])
                .unwrap();
            let b = pos
                .parse_ply(turncoat::board::Color::Black, turn[1])
                .unwrap();
            g.play_turn(w, b);
        }
        let result = g.outcome().map(|o| o.result());
        assert!(
            result.is_some_and(|r| game.contains(&format!("[Result \"{r}\"]"))),
            "{game}"
        );
    }
}

#[test]
fn apocalypse_engine_with_an_illegal_ply_loses() {
    let bad = format!("cmd={}", fixture("illegal_engine.sh"));
    let out = run_match(&[
        "-engine",
        &format!("cmd={T}"),
        "name=good",
        "-engine",
        &bad,
        "name=bad",
        "-each",
        "depth=1",
        "-games",
        "2",
        "-variant",
        "apocalypse",
    ]);
    assert!(out.contains("illegal move a1a1"), "{out}");
    assert!(out.contains("Score of good vs bad: 2 - 0 - 0"), "{out}");
    // All won: the Elo is unbounded, not a made-up 2400, and LOS is
    // cutechess-cli's (1 + erf(2 / sqrt 4)) / 2 = 92.1 %, not 50 %.
    assert!(
        out.contains("Elo difference: inf +/- inf, LOS: 92.1 %"),
        "{out}"
    );
    assert!(out.contains("Elo: inf +/- inf, nElo: inf +/- "), "{out}");
}

#[test]
fn chess_pgn_reads_back_with_python_chess() {
    if !common::python_chess_available() {
        return;
    }
    let pgn = temp("readback.pgn");
    let cmd = format!("cmd={T}");
    run_match(&[
        "-engine",
        &cmd,
        "name=a",
        "-engine",
        &cmd,
        "name=b",
        "-each",
        "depth=1",
        "-games",
        "4",
        "-maxmoves",
        "40",
        "-pgnout",
        &pgn,
    ]);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clients/read_pgn.py");
    let out = Command::new("python3")
        .args([script, &pgn, "4"])
        .output()
        .expect("run python3");
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `turncoat match ARGS`: (exit status, stdout, stderr), whatever it is.
fn match_status(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(T)
        .arg("match")
        .args(args)
        .output()
        .expect("run match");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every time on the command line is a finite, non-negative number of
/// seconds up to a year: `inf`, `nan`, `1e300` are refused with a message
/// and status 2 (they used to panic, `st=nan` to be taken silently).
#[test]
fn impossible_times_are_refused_with_a_message() {
    let cmd = format!("cmd={T}");
    for time in [
        "st=inf",
        "st=1e300",
        "st=nan",
        "st=-0.5",
        "st=31536001",
        "tc=1e300+0",
        "tc=10+inf",
        "tc=nan",
        "tc=40/60+1e300",
    ] {
        let (code, out, err) = match_status(&[
            "-engine", &cmd, "-engine", &cmd, "-each", time, "-games", "1",
        ]);
        assert_eq!(code, 2, "{time}: {out}{err}");
        assert!(err.contains("bad time"), "{time}: {err}");
        assert!(!err.contains("panicked"), "{time}: {err}");
        assert!(out.is_empty(), "{time}: nothing on stdout: {out}");
    }
}

/// An engine that cannot play at all stops the tournament before its first
/// game, saying which engine and what failed, with status 1 (it used to
/// forfeit every game, and the tournament ended with status 0).
#[test]
fn an_engine_that_cannot_start_stops_the_tournament() {
    let not_executable = temp("not_executable.sh");
    std::fs::write(&not_executable, "#!/bin/sh\necho uciok\n").unwrap();
    let missing = temp("no/such/engine");
    for (path, proto, why) in [
        (missing.as_str(), "uci", "No such file"),
        (not_executable.as_str(), "uci", "Permission denied"),
        (&fixture("exit_engine.sh"), "uci", "ended (exit status: 1)"),
        (
            &fixture("garbled_engine.sh"),
            "uci",
            "during the UCI handshake",
        ),
        (
            &fixture("garbled_engine.sh"),
            "xboard",
            "during the XBoard handshake",
        ),
    ] {
        let pgn = temp(&format!("never-{proto}.pgn"));
        let _ = std::fs::remove_file(&pgn);
        let (code, out, err) = match_status(&[
            "-engine",
            &format!("cmd={T}"),
            "name=good",
            "-engine",
            &format!("cmd={path}"),
            &format!("proto={proto}"),
            "name=broken",
            "-each",
            "depth=1",
            "-games",
            "2",
            "-pgnout",
            &pgn,
        ]);
        assert_eq!(code, 1, "{path}: {out}{err}");
        assert!(
            err.contains("engine 'broken' failed to start") && err.contains(why),
            "{path} ({proto}): {err}"
        );
        assert!(!err.contains("'good'"), "the good engine starts: {err}");
        assert!(!out.contains("Started game"), "no game is played: {out}");
        assert!(!std::path::Path::new(&pgn).exists(), "no PGN is written");
    }
}

/// An engine that does not offer the variant is refused before the first
/// game, with its name and the variant, over both protocols; in chess,
/// which needs no variant option, the same engine plays.
#[test]
fn an_engine_without_the_variant_is_refused_before_any_game() {
    let chess_only = fixture("chess_only_engine.sh");
    for proto in ["uci", "xboard"] {
        let engines = |variant: &str| {
            match_status(&[
                "-engine",
                &format!("cmd={T}"),
                "name=turncoat",
                "-engine",
                &format!("cmd={chess_only}"),
                &format!("arg={T}"),
                &format!("proto={proto}"),
                "name=orthodox",
                "-each",
                "depth=1",
                "-variant",
                variant,
                "-games",
                "2",
                "-maxmoves",
                "10",
            ])
        };
        let (code, out, err) = engines("pacifist");
        assert_eq!(code, 1, "{proto}: {out}{err}");
        assert!(
            err.contains("engine 'orthodox'") && err.contains("does not play pacifist"),
            "{proto}: {err}"
        );
        assert!(!err.contains("'turncoat'"), "turncoat offers it: {err}");
        assert!(!out.contains("Started game"), "no game is played: {out}");
        let (code, out, err) = engines("chess");
        assert_eq!(code, 0, "{proto}: {out}{err}");
        assert!(out.contains("Finished game"), "{out}");
    }
}

/// A PGN that cannot be written is an error, not a silent loss of the
/// games: a file that cannot be made stops the match before any game
/// (status 2); one whose writes fail (`/dev/full`) stops it after the
/// first game with status 1, both with a message naming the file.
#[test]
fn a_pgn_that_cannot_be_written_stops_the_match() {
    let cmd = format!("cmd={T}");
    let base = [
        "-engine",
        &cmd,
        "name=a",
        "-engine",
        &cmd,
        "name=b",
        "-each",
        "depth=1",
        "-variant",
        "chess",
        "-games",
        "4",
        "-maxmoves",
        "10",
    ];
    let missing = temp("no/such/dir/games.pgn");
    fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        [base, extra].concat()
    }
    let (code, out, err) = match_status(&with(&base, &["-pgnout", &missing]));
    assert_eq!(code, 2, "{out}\n{err}");
    assert!(
        err.contains("cannot write") && !out.contains("Started game"),
        "{err}"
    );
    if std::path::Path::new("/dev/full").exists() {
        let (code, out, err) = match_status(&with(&base, &["-pgnout", "/dev/full"]));
        assert_eq!(code, 1, "{out}\n{err}");
        assert!(err.contains("cannot write /dev/full"), "{err}");
        assert!(!out.contains("Finished match"), "{out}");
        let (code, _, err) = match_status(&with(&base, &["-results", "/dev/full"]));
        assert_eq!(code, 1);
        assert!(err.contains("cannot write /dev/full"), "{err}");
    }
}
