//! The PGN round trip in a real browser (issue #49): a lichess game with
//! every tag, comments, NAGs, `[%clk]` and `[%eval]` imported and exported
//! equal (python-chess reads both alike), its recorded result at the end of
//! the move list, its players beside the board, its evaluations kept while
//! the local engine analyses; a game continued after the import keeps its
//! tags with its new result. See tests/clients/gui_pgn.py.
#[path = "common/browser.rs"]
mod browser;

#[test]
fn pgn_round_trip_in_a_browser() {
    browser::run_script("gui_pgn.py", "gui pgn: ok");
}
