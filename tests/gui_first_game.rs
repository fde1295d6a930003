//! A first game in `turncoat gui` as a lichess player expects it (issue
//! #49), in headless Chromium (tests/clients/gui_first_game.py): the board
//! faces the player (play Black, a rematch as Black), a1 dark, the keys
//! belong to the board (← on `#mode` never changes the mode), a mode change
//! keeps an imported game's plies unless asked, the engine's evaluation and
//! lines hidden during a game until `#show-engine` and read in SAN, a
//! lesson then "play" from the variant's start, a subversion in the move
//! list as the rules book writes it.
#[path = "common/browser.rs"]
mod browser;

#[test]
fn a_first_game_in_a_browser() {
    browser::run_script("gui_first_game.py", "gui first game: ok");
}
