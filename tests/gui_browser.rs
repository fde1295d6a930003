//! `turncoat gui` in a real browser: tests/clients/gui_browser.py drives
//! Chromium (headless, over WebDriver with Python selenium) through the
//! page's DOM contract — the pacifist rule diagrams, a subversion with a
//! payment chosen from several, apocalypse turns with a collision and a
//! failed speculation, an engine game in every variant, a PGN of
//! `turncoat match` stepped through, and the refused requests.
//! `.ci/run` installs chromium, chromium-driver and selenium; without them
//! (outside CI) this test says so and passes, in CI it fails.
//! `TURNCOAT_SCREENSHOTS=docs` saves the screenshots docs/gui.md shows.

use std::path::Path;
use std::process::Command;

/// Whether selenium, chromium and chromedriver are there. In CI (`CI` set)
/// a missing one fails the test; elsewhere the caller skips, saying so.
fn browser_available() -> bool {
    let selenium = Command::new("python3")
        .args(["-c", "import selenium.webdriver"])
        .status()
        .is_ok_and(|s| s.success());
    let on_path = |name: &str| {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
            || Path::new("/usr/bin").join(name).is_file()
    };
    let missing: Vec<&str> = [
        ("python3 selenium", selenium),
        ("chromium", on_path("chromium")),
        ("chromedriver", on_path("chromedriver")),
    ]
    .into_iter()
    .filter(|(_, have)| !have)
    .map(|(name, _)| name)
    .collect();
    if missing.is_empty() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "missing in CI: {missing:?} (.ci/run installs chromium, chromium-driver and selenium)"
    );
    eprintln!(
        "{missing:?} not installed: skipping the browser test \
         (apt-get install chromium chromium-driver; pip install selenium)"
    );
    false
}

#[test]
fn gui_in_a_browser() {
    if !browser_available() {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/clients/gui_browser.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_turncoat"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "browser test failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("gui browser: ok"), "{stdout}");
    eprintln!("{stdout}");
}
