//! The command line as a user runs it: `turncoat perft` and `perft-suite`.

use std::process::Command;

fn turncoat(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_turncoat"))
        .args(args)
        .output()
        .expect("run turncoat");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_nodes_searched_last() {
    let (code, out, _) = turncoat(&["perft", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim_end().lines().last(), Some("Nodes searched: 8902"));
}

#[test]
fn perft_divide_lists_moves() {
    let (code, out, _) = turncoat(&["perft", "--variant", "pacifist", "--divide", "2"]);
    assert_eq!(code, 0);
    let moves: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"e2e4: 20"));
    assert!(out.trim_end().ends_with("Nodes searched: 400"));
}

#[test]
fn perft_with_fen_and_variant() {
    let fen = "qrbnkb1n/1pppp1rp/p7/5Pp1/5PPP/3N3Q/PPPPP3/BR1BK1RN b - - 0 1";
    let (_, out, _) = turncoat(&["perft", "--variant", "pacifist2", "--fen", fen, "2"]);
    assert!(out.contains("Nodes searched: 575"));
}

#[test]
fn perft_rejects_bad_input() {
    let (code, _, err) = turncoat(&["perft", "--variant", "nonsense", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variant"));
    let (code, _, err) = turncoat(&["perft", "--fen", "8/8/8 w - -", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad FEN"));
}

#[test]
fn perft_suite_reports_and_fails_on_mismatch() {
    let dir = std::env::temp_dir().join(format!("turncoat-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("chess.epd");
    std::fs::write(&good, "# comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n").unwrap();
    let (code, out, _) = turncoat(&["perft-suite", good.to_str().unwrap(), "--max-depth", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("2 passed, 0 failed"));
    let good = good.to_str().unwrap();
    let (code, out, _) = turncoat(&["perft-suite", good, "--threads", "2", "--hash", "1"]);
    assert_eq!(code, 0);
    assert!(out.contains("3 passed, 0 failed"), "{out}");
    let bad = dir.join("pacifist.epd");
    std::fs::write(
        &bad,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D3 8902\n",
    )
    .unwrap();
    let (code, out, _) = turncoat(&["perft-suite", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "pacifist has 8849 leaves at depth 3, not 8902");
    assert!(out.contains("0 passed, 1 failed"));
    let bad = bad.to_str().unwrap();
    let (code, out, _) = turncoat(&["perft-suite", bad, "--threads", "2", "--hash", "1"]);
    assert_eq!(code, 1);
    assert!(out.contains("expected 8902, got 8849"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--threads` and `--hash` change how perft counts, never what: the same
/// output, `--divide` lines in the same order, for every variant.
#[test]
fn perft_threads_and_hash_print_the_same() {
    for (variant, depth) in [
        ("chess", "4"),
        ("pacifist", "4"),
        ("pacifist2", "4"),
        ("subversion", "4"),
        ("apocalypse", "3"),
    ] {
        let plain = turncoat(&["perft", "--variant", variant, "--divide", depth]);
        assert_eq!(plain.0, 0, "{variant}: {}", plain.2);
        for extra in [
            &["--threads", "2"][..],
            &["--hash", "2"][..],
            &["--threads", "3", "--hash", "1"][..],
        ] {
            let mut args = vec!["perft", "--variant", variant, "--divide"];
            args.extend_from_slice(extra);
            args.push(depth);
            let (code, out, err) = turncoat(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            assert_eq!(out, plain.1, "{args:?}");
        }
    }
}

#[test]
fn perft_threads_and_hash_take_numbers_in_range() {
    for (args, why) in [
        (
            &["perft", "--threads", "0", "2"][..],
            "--threads needs a number from 1 to 256",
        ),
        (&["perft", "--threads", "257", "2"][..], "--threads needs"),
        (&["perft", "--threads"][..], "'--threads <N>'"),
        (
            &["perft", "--hash", "x", "2"][..],
            "--hash needs a number from 0 to 32768",
        ),
        (&["perft", "--hash", "-1", "2"][..], "--hash needs"),
        (&["perft", "--hash", "32769", "2"][..], "--hash needs"),
        (
            &["perft-suite", "x.epd", "--threads", "0"][..],
            "--threads needs",
        ),
        (&["perft-suite", "x.epd", "--hash", "a"][..], "--hash needs"),
    ] {
        let (code, out, err) = turncoat(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

/// `turncoat bench | head -1`: the reader goes away after the first line
/// (the second takes a search of some hundred milliseconds, so it is
/// written to a closed pipe) and the command ends quietly, without a panic.
#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_turncoat"))
        .arg("bench")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run turncoat");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("chess"), "{first}");
    // The reader is dropped here: later writes meet a closed pipe.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn perft_refuses_two_depths_depth_zero_and_unknown_flags() {
    for (args, why) in [
        (&["perft", "1", "2"][..], "unexpected argument '2'"),
        (&["perft", "0"][..], "DEPTH needs a number from 1 to 255"),
        (&["perft", "256"][..], "DEPTH needs a number from 1 to 255"),
        (&["perft", "-1"][..], "DEPTH needs a number from 1 to 255"),
        (
            &["perft", "--deep", "2"][..],
            "unexpected argument '--deep'",
        ),
        (&["perft", "-x", "2"][..], "unexpected argument '-x'"),
        (
            &["perft"][..],
            "required arguments were not provided:\n  <DEPTH>",
        ),
    ] {
        let (code, out, err) = turncoat(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: errors go to stderr: {out}");
    }
}

/// A suite with nothing to check is an error, not "0 passed, 0 failed".
#[test]
fn perft_suite_with_nothing_to_check_fails() {
    let dir = std::env::temp_dir().join(format!("turncoat-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("chess.epd");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (text, args, why) in [
        ("", &[][..], "no positions"),
        ("# only a comment\n\n", &[][..], "no positions"),
        (&format!("{start}\n") as &str, &[][..], "no check"),
        (
            &format!("{start} ;D2 400 ;D3 8902\n"),
            &["--max-depth", "1"][..],
            "no check at depth 1 or less",
        ),
    ] {
        std::fs::write(&empty, text).unwrap();
        let mut argv = vec!["perft-suite", empty.to_str().unwrap()];
        argv.extend_from_slice(args);
        let (code, out, err) = turncoat(&argv);
        assert_eq!(code, 2, "{text:?} {args:?}: {out}{err}");
        assert!(err.contains(why), "{text:?} {args:?}: {err}");
        assert!(!out.contains("0 passed, 0 failed"), "{out}");
    }
    let file = empty.to_str().unwrap();
    for (args, why) in [
        (
            &["perft-suite", file, "--depth", "2"][..],
            "unexpected argument '--depth'",
        ),
        (&["perft-suite", file, file][..], "unexpected argument"),
        (
            &["perft-suite", file, "--max-depth", "x"][..],
            "--max-depth",
        ),
    ] {
        let (code, _, err) = turncoat(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Help and the version go to stdout with status 0, for the program and
/// for every subcommand.
#[test]
fn help_and_version_on_stdout() {
    for args in [
        &["--help"][..],
        &["-h"][..],
        &["help"][..],
        &["help", "match"][..],
        &["perft", "--help"][..],
        &["perft", "-h"][..],
        &["perft-suite", "--help"][..],
        &["bench", "--help"][..],
        &["match", "--help"][..],
        &["match", "-h"][..],
        &["match", "-engine", "cmd=x", "--help"][..],
        &["help", "perft"][..],
        &["help", "gui"][..],
        &["gui", "--help"][..],
        &["match-merge", "--help"][..],
        &["diagram", "--help"][..],
        &["datagen", "-h"][..],
        &["tune", "--help"][..],
    ] {
        let (code, out, err) = turncoat(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.starts_with("usage:"), "{args:?}: {out}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    let (_, out, _) = turncoat(&["match", "--help"]);
    assert!(out.contains("-engine") && out.contains("-sprt"), "{out}");
    let (code, out, err) = turncoat(&["--version"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("turncoat {}\n", env!("CARGO_PKG_VERSION")));
    let (code, short, _) = turncoat(&["-V"]);
    assert_eq!((code, short), (0, out));
}

/// A bad command line: a message on stderr, nothing on stdout, status 2.
#[test]
fn errors_on_stderr_with_a_non_zero_status() {
    for args in [
        &["frobnicate"][..],
        &["--verbose"][..],
        &["help", "frobnicate"][..],
        &["match", "--frobnicate"][..],
        &["bench", "--threads", "0"][..],
        &["bench", "--threads", "100000"][..],
        &["bench", "--depth-offset", "2147483647"][..],
        &["bench", "--fast"][..],
    ] {
        let (code, out, err) = turncoat(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

/// A device given where a file is read (`/dev/zero`, which never ends)
/// is refused with a message instead of read for ever.
#[test]
fn a_device_is_no_input_file() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    let me = format!("cmd={}", env!("CARGO_BIN_EXE_turncoat"));
    let cases: [&[&str]; 5] = [
        &["perft-suite", "/dev/zero"],
        &["datagen", "--check", "/dev/zero"],
        &["match-merge", "/dev/zero"],
        &["tune", "--variant", "chess", "--data", "/dev/zero"],
        &[
            "match",
            "-engine",
            &me,
            "-engine",
            &me,
            "-each",
            "depth=1",
            "-openings",
            "file=/dev/zero",
        ],
    ];
    for args in cases {
        let (code, _, err) = turncoat(args);
        assert_ne!(code, 0, "{args:?}");
        assert!(err.contains("/dev/zero is not"), "{args:?}: {err}");
    }
}
