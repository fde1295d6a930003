//! `turncoat gui` in a real browser: tests/clients/gui_browser.py drives
//! Chromium (headless, over WebDriver with Python selenium) through the
//! page's DOM contract — the pacifist rule diagrams, a subversion with a
//! payment chosen from several, apocalypse turns with a collision and a
//! failed speculation, an engine game in every variant, a PGN of
//! `turncoat match` stepped through, and the refused requests.
//! `.ci/run` installs chromium, chromium-driver and selenium; without them
//! (outside CI) this test says so and passes, in CI it fails.
//! `TURNCOAT_SCREENSHOTS=docs` saves the screenshots docs/gui.md shows.

#[path = "common/browser.rs"]
mod browser;

#[test]
fn gui_in_a_browser() {
    browser::run_script("gui_browser.py", "gui browser: ok");
}
