//! Both protocols checked by an independent client: python-chess plays a
//! chess game of turncoat against itself, analyses, pings (UCI and XBoard),
//! and plays on past the draws a player may claim. `.ci/run` installs
//! python-chess; without it (outside CI) these tests say so and pass, in
//! CI they fail.

mod common;

use std::process::Command;

/// Runs a python-chess client script of `tests/clients/` on this build;
/// it must succeed and print `done` (its last line).
fn run_client(script: &str, done: &str) {
    let path = format!("{}/tests/clients/{script}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(path)
        .arg(env!("CARGO_BIN_EXE_turncoat"))
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python-chess client failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains(done), "{stdout}");
}

#[test]
fn python_chess_drives_both_protocols() {
    if common::python_chess_available() {
        run_client("python_chess.py", "python-chess clients: ok");
    }
}

/// python-chess, which treats a repetition or the 50-move rule as a claim
/// and plays on, gets moves past them over both protocols (whole games at
/// 0.05 s a move), and the start-up banner disturbs neither protocol.
#[test]
fn python_chess_plays_on_past_claimable_draws() {
    if common::python_chess_available() {
        run_client("python_chess_claims.py", "python-chess claims: ok");
    }
}
