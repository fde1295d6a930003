//! Both protocols checked by an independent client: python-chess plays a
//! chess game of turncoat against itself, analyses, pings (UCI and XBoard).
//! `.ci/run` installs python-chess; without it (outside CI) this test says
//! so and passes, in CI it fails.

mod common;

use std::process::Command;

#[test]
fn python_chess_drives_both_protocols() {
    if !common::python_chess_available() {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clients/python_chess.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_turncoat"))
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python-chess client failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("python-chess clients: ok"), "{stdout}");
}

/// python-chess, which treats a repetition or the 50-move rule as a claim
/// and plays on, gets moves past them over both protocols (whole games at
/// 0.05 s a move), and the start-up banner disturbs neither protocol.
#[test]
fn python_chess_plays_on_past_claimable_draws() {
    if !common::python_chess_available() {
        return;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/clients/python_chess_claims.py"
    );
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_turncoat"))
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python-chess client failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("python-chess claims: ok"), "{stdout}");
}
