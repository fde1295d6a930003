//! The engine-only build (`cargo build --release --no-default-features`:
//! no `gui` feature, no web stack) plays: UCI in every variant, perft,
//! and a match against itself; `turncoat gui` is refused with a message.
//!
//! `.ci/run` builds it and names it in `TURNCOAT_ENGINE_ONLY`; elsewhere
//! this test says it has nothing to test and passes, in CI (`CI` set) a
//! missing build fails it.

mod common;

use common::Engine;
use std::path::PathBuf;
use std::process::Command;

/// The engine-only binary, when one was built.
fn engine_only() -> Option<PathBuf> {
    let path = std::env::var_os("TURNCOAT_ENGINE_ONLY").map(PathBuf::from);
    match path {
        Some(p) if p.is_file() => Some(p),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "TURNCOAT_ENGINE_ONLY names no engine-only build (.ci/run builds one)"
            );
            eprintln!("TURNCOAT_ENGINE_ONLY not set: skipping the engine-only build's test");
            None
        }
    }
}

#[test]
fn the_engine_only_build_plays_every_variant_over_uci() {
    let Some(exe) = engine_only() else { return };
    let mut e = Engine::start_binary(&exe);
    let banner = e.next_line().unwrap_or_default();
    assert!(banner.starts_with("turncoat "), "no banner: {banner:?}");
    e.send("uci");
    e.until("uciok");
    for variant in ["chess", "pacifist", "pacifist2", "subversion", "apocalypse"] {
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("go depth 3");
        let (best, _) = e.until("bestmove");
        let mv = best.split_whitespace().nth(1).unwrap_or("");
        assert!(!mv.is_empty() && mv != "(none)", "{variant}: {best}");
        // The move it gave is one the same build accepts in the position.
        e.send(&format!("position startpos moves {mv}"));
        let after = e.sync();
        assert!(
            !after.iter().any(|l| l.contains("error")),
            "{variant}: {mv} refused: {after:?}"
        );
    }
    e.send("quit");
    assert!(e.wait_exit(), "did not quit");
}

#[test]
fn the_engine_only_build_counts_perft_and_plays_a_match() {
    let Some(exe) = engine_only() else { return };
    let perft = Command::new(&exe)
        .args(["perft", "3", "--variant", "pacifist"])
        .output()
        .unwrap();
    let expected = Command::new(env!("CARGO_BIN_EXE_turncoat"))
        .args(["perft", "3", "--variant", "pacifist"])
        .output()
        .unwrap();
    assert!(perft.status.success());
    assert_eq!(
        perft.stdout, expected.stdout,
        "perft differs from the full build's"
    );

    let dir = std::env::temp_dir().join(format!("turncoat-engine-only-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let exe_s = exe.to_string_lossy();
    let out = Command::new(&exe)
        .args(["match", "-variant", "pacifist", "-games", "2", "-repeat"])
        .args(["-engine", &format!("cmd={exe_s}"), "name=a", "depth=2"])
        .args(["-engine", &format!("cmd={exe_s}"), "name=b", "depth=1"])
        .args(["-pgnout", &pgn.to_string_lossy()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Games: 2"), "{stdout}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(games.matches("[Result ").count(), 2, "{games}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_engine_only_build_says_it_has_no_gui() {
    let Some(exe) = engine_only() else { return };
    let out = Command::new(&exe)
        .args(["gui", "--no-open"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("without its GUI"), "{stderr}");
}
