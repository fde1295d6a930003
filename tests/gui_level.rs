//! The engines' levels in `turncoat gui` in a real browser
//! (tests/clients/gui_level.py, headless Chromium; issue #50): the pickers
//! `#level-white`/`#level-black` (1 to 8, level 2 for a new player), the
//! engine named with its level and playing at it, the level remembered
//! across a new game and a reload, the game-over dialog's rematch one level
//! up, an engine without `Skill Level` with its picker off, bad levels
//! refused.

#[path = "common/browser.rs"]
mod browser;

#[test]
fn engine_levels_in_a_browser() {
    browser::run_script("gui_level.py", "gui level: ok");
}
