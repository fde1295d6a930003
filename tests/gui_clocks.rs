//! The clocks and time controls of `turncoat gui` in a real browser
//! (tests/clients/gui_clocks.py, headless Chromium): controls read as
//! players write them (`5+3` is five minutes; the default 5+3; presets;
//! a bad control refused with a visible message), each side's clock
//! starting with its own first move, the flagged clock at 0:00, and no
//! stale "game aborted" after a mode change or a reload (issue #49).

#[path = "common/browser.rs"]
mod browser;

#[test]
fn clocks_and_time_controls_in_a_browser() {
    browser::run_script("gui_clocks.py", "gui clocks: ok");
}
