//! Running a browser script of tests/clients/ (Python selenium driving
//! headless Chromium) from `cargo test`. `.ci/run` installs chromium,
//! chromium-driver and selenium; without them, outside CI, a test says so
//! and passes; in CI (`CI` set) it fails.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// Whether selenium, chromium and chromedriver are there. In CI (`CI` set)
/// a missing one fails the test; elsewhere the caller skips, saying so.
pub fn browser_available() -> bool {
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

/// Runs `tests/clients/<script>` on this build's binary and checks that it
/// succeeded and printed `ok_line`; prints its output (the measurements).
pub fn run_script(script: &str, ok_line: &str) {
    run_script_on(script, env!("CARGO_BIN_EXE_turncoat").as_ref(), ok_line);
}

/// [`run_script`] with `arg` for the script's argument (the web build's
/// site, for tests/clients/web_browser.py).
pub fn run_script_on(script: &str, arg: &std::ffi::OsStr, ok_line: &str) {
    if !browser_available() {
        return;
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/clients")
        .join(script);
    let out = Command::new("python3")
        .arg(path)
        .arg(arg)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "browser test {script} failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains(ok_line), "{stdout}");
    eprintln!("{stdout}");
}
