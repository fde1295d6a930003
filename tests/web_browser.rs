//! The web build's site (`make web`, docs/web.md) in a real browser:
//! tests/clients/web_browser.py serves target/web/ from a plain static
//! server on 127.0.0.1 and drives headless Chromium (every other address
//! refused) through the page: it loads, a game in each variant against
//! the engine in the Web Worker (and engine against engine to the end), a
//! take-back while the engine thinks, a rules diagram played, PGN export
//! and import, a reload that restores the game, offline after the first
//! visit. `.ci/run` runs `make web` and installs the browser; elsewhere,
//! without them, this test says so and passes; in CI it fails.

#[path = "common/browser.rs"]
mod browser;

use std::path::PathBuf;

#[test]
fn web_build_in_a_browser() {
    let site = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"))
        .join("web");
    if !site.join("index.html").is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} has no site in CI (.ci/run runs `make web`)",
            site.display()
        );
        eprintln!("{} has no site (`make web`): skipping", site.display());
        return;
    }
    browser::run_script_on("web_browser.py", site.as_os_str(), "web browser: ok");
}
