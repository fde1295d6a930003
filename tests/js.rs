//! The browser GUI's page, its pure parts: `node --test` runs
//! tests/js/*.test.mjs (clock and evaluation text, the move list's plies,
//! arrow geometry, preferences with a fake storage, which sound a state
//! makes, the HTTP transport with a fake fetch, and the modules' import map
//! and layers). Needs node 18 or newer; without it (outside CI) this test
//! says so and passes, in CI (`CI` set) it fails. ESLint runs from .ci/run
//! only (it needs `npm ci`).

use std::path::Path;
use std::process::Command;

/// node's major version, if node runs.
fn node_major() -> Option<u32> {
    let out = Command::new("node").arg("--version").output().ok()?;
    let version = String::from_utf8_lossy(&out.stdout);
    version
        .trim()
        .strip_prefix('v')?
        .split('.')
        .next()?
        .parse()
        .ok()
}

#[test]
fn page_modules_pass_their_node_tests() {
    match node_major() {
        Some(major) if major >= 18 => {}
        found => {
            let why = match found {
                Some(major) => format!("node {major} is too old (node --test needs 18 or newer)"),
                None => "node is not installed".to_string(),
            };
            assert!(
                std::env::var_os("CI").is_none(),
                "{why} in CI (.ci/run installs nodejs)"
            );
            eprintln!("{why}: skipping the page's unit tests (tests/js/)");
            return;
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/js")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 5,
        "tests/js holds {} test files",
        files.len()
    );
    let out = Command::new("node")
        .arg("--test")
        .args(&files)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run node --test");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "node --test failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("# fail 0"), "{stdout}");
}
