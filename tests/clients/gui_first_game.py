"""A first game in `turncoat gui` as a lichess player expects it (issue
#49), in a real browser (headless Chromium over WebDriver), through the
page's DOM contract only (docs/gui.md). One function per bug or trap:

* the board faces the player: play Black, and a rematch as Black, put
  Black at the bottom (`#board[data-orientation]`, the pieces, the
  names and clocks); a flip by hand still works;
* a1 is a dark square, h1 a light one;
* the keys belong to the board: ← on a focused `#mode` steps the board
  and leaves the mode alone; after a choice with the mouse ← steps;
* a mode change never drops an imported game's plies unasked;
* during a game against the engine its evaluation, bar and lines are
  hidden until `#show-engine`, which is remembered; lines read in SAN;
* "play White" after a lesson starts from the variant's start, unless
  "continue from here";
* a subversion reads in the move list as the rules book writes it.

Usage: python3 gui_first_game.py PATH_TO_TURNCOAT (ends with "gui first
game: ok"); tests/gui_first_game.rs runs it.
"""
import os
import re
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(__file__))
import gui_browser as gb  # noqa: E402  (reads the engine's path from sys.argv[1])

wait_for = gb.wait_for
placement = gb.placement
CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# docs/rules.md §4, "Your first game": White buys the bishop d4 with the pawn a2
SUBVERSION_FIRST_GAME = "4k3/8/8/8/3b4/4N3/P7/4K3 w - - 0 1"
UCI_MOVE = re.compile(r"^[a-h][1-8][a-h][1-8]")
# A short game for the PGN import: 12 plies
SHORT_PGN = """[Event "first game"]
[White "a"]
[Black "b"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 *
"""


# ------------------------------------------------------------------ helpers
def shown(g, css):
    els = g.d.find_elements(By.CSS_SELECTOR, css)
    return bool(els) and els[0].is_displayed()


def orientation(g):
    return g.el("#board").get_attribute("data-orientation")


def bottom_row(g):
    """The squares drawn lowest on the screen, left to right, with their pieces."""
    return g.d.execute_script(
        "const sq = [...document.querySelectorAll('#board [data-square]')].map(e => {"
        "  const r = e.getBoundingClientRect(); const p = e.querySelector('[data-piece]');"
        "  return {sq: e.dataset.square, x: r.left, y: r.top, piece: p ? p.dataset.piece : null}; });"
        "const y = Math.max(...sq.map(s => s.y));"
        "return sq.filter(s => Math.abs(s.y - y) < 2).sort((a, b) => a.x - b.x);")


def faces(g, side):
    """Whether the board, the pieces of the start, the names and the clocks face `side` (`white`, `black`)."""
    row = bottom_row(g)
    colour = side[0]
    first = "h8" if side == "black" else "a1"
    bottom_player = g.d.execute_script("const p = document.querySelector('#row-bottom .player'); return p ? p.id : ''")
    return (orientation(g) == side and row[0]["sq"] == first and all(s["piece"] and s["piece"][0] == colour for s in row)
            and bottom_player == f"player-{colour}")


def press(g, key):
    """A key pressed where the focus is (not blurred first, unlike gb.Gui.key)."""
    ActionChains(g.d).send_keys(key).perform()


def end_engine_game(g):
    """Back to a hotseat board, so that no engine thinks on."""
    g.load("chess")


def play(g, moves):
    for m in moves:
        before = len(g.moves())
        g.click_square(m[:2])
        g.click_square(m[2:4])
        wait_for(f"{m} played", lambda: len(g.moves()) == before + 1)


# ------------------------------------------------------------------ checks
def board_faces_the_player(g):
    """Play Black: Black at the bottom, and its name and clock; a flip by
    hand turns it; a new game faces the player again; a rematch as Black
    too (issue #49: "Black · you" stayed at the top)."""
    g.load("chess")
    assert faces(g, "white"), (orientation(g), bottom_row(g))
    g.select("mode", "play-black")
    wait_for("play-black", lambda: g.state()["mode"] == "play-black")
    g.el("#new-game").click()
    wait_for("the board turned to Black", lambda: faces(g, "black"))
    assert "you" in g.text("row-bottom").lower() and "Black" in g.text("row-bottom"), g.text("row-bottom")
    g.el("#flip").click()
    wait_for("flipped by hand", lambda: orientation(g) == "white" and g.d.execute_script(
        "return document.querySelector('#row-bottom .player').id") == "player-w")
    g.el("#new-game").click()
    wait_for("a new game faces the player again", lambda: faces(g, "black"))
    # a rematch of a game as White: the player is Black, and sees it so
    g.select("mode", "play-white")
    wait_for("play-white", lambda: g.state()["mode"] == "play-white")
    g.el("#new-game").click()
    wait_for("the board turned to White", lambda: faces(g, "white") and g.state()["human_to_move"])
    g.el("#resign").click()
    wait_for("the confirmation", lambda: shown(g, '[data-confirm="resign"]'))
    g.el('[data-confirm="resign"]').click()
    wait_for("the resignation", lambda: g.text("result").startswith("0-1"))
    g.el("#rematch").click()
    wait_for("the rematch as Black", lambda: g.mode() == "play-black" and g.text("result") == "")
    wait_for("the rematch faces Black", lambda: faces(g, "black"))
    end_engine_game(g)
    print("board faces the player: ok")


def a1_is_dark(g):
    """a1 is a dark square, h1 a light one (the board's colours were inverted)."""
    g.load("chess")
    colour = lambda sq: g.d.execute_script(  # noqa: E731
        f"return getComputedStyle(document.querySelector('[data-square=\"{sq}\"]')).backgroundColor")
    cls = lambda sq: g.el(f'[data-square="{sq}"]').get_attribute("class").split()  # noqa: E731
    assert "dark" in cls("a1") and "light" in cls("h1") and "dark" in cls("h8") and "light" in cls("a8"), (cls("a1"), cls("h1"))
    assert colour("a1") == colour("h8") == colour("c1") and colour("a1") != colour("h1"), (colour("a1"), colour("h1"))
    dark, light = (g.d.execute_script(f"return getComputedStyle(document.documentElement).getPropertyValue('--{v}').trim()")
                   for v in ("dark", "light"))
    assert dark and light and dark != light
    print("a1 is dark: ok")


def keys_belong_to_the_board(g):
    """A choice of mode with the mouse gives the keys back to the board (←
    steps back); with the focus on `#mode`, ← steps the board too and does
    not change the mode (it once turned an analysis into "watch engines")."""
    g.load("chess")
    play(g, ["e2e4", "e7e5", "g1f3", "b8c6"])
    g.select("mode", "analysis")
    wait_for("analysis", lambda: g.state()["mode"] == "analysis" and g.current_ply() == 4)
    press(g, Keys.ARROW_LEFT)
    wait_for("← after a mouse choice steps back", lambda: g.current_ply() == 3 and g.state()["cursor"] == 3)
    g.el("#mode").send_keys(Keys.ARROW_LEFT)  # focuses #mode, then ←
    assert g.d.execute_script("return document.activeElement.id") == "mode"
    wait_for("← on #mode steps the board", lambda: g.current_ply() == 2 and g.state()["cursor"] == 2)
    # one at a time: each is a request of its own, and two in flight may be answered in either order
    for key, ply in [(Keys.ARROW_RIGHT, 3), (Keys.END, 4), (Keys.HOME, 0)]:
        g.el("#mode").send_keys(key)
        wait_for(f"{key!r} on #mode steps the board to ply {ply}", lambda: g.current_ply() == ply and g.state()["cursor"] == ply)
    time.sleep(0.5)  # a mode change would have been sent by now
    assert g.mode() == "analysis" and g.state()["mode"] == "analysis", (g.mode(), g.state()["mode"])
    assert len(g.moves()) == 4, g.moves()
    print("keys belong to the board: ok")


def mode_change_keeps_imported_plies(g):
    """An imported game, shown at an early ply: choosing "watch engines"
    asks before the engines could overwrite the plies after it; "Keep the
    line" keeps them and the analysis; "Play from here" plays on."""
    g.load("chess")
    g.d.execute_script("const t = document.getElementById('pgn-text'); t.value = arguments[0];", SHORT_PGN)
    g.el("#pgn-import").click()
    wait_for("the 12 plies imported", lambda: len(g.moves()) == 12 and g.state()["mode"] == "analysis")
    g.el('#moves [data-ply="3"]').click()
    wait_for("ply 3 shown", lambda: g.state()["cursor"] == 3)
    imported = g.moves()
    g.select("mode", "watch")
    wait_for("the question", lambda: shown(g, "#mode-ask") and "9 plies" in g.text("mode-ask-text"))
    time.sleep(1)  # engines started by the change would have moved by now
    assert g.state()["mode"] == "analysis" and g.moves() == imported, (g.state()["mode"], g.moves())
    g.el("#mode-keep").click()
    wait_for("the line kept", lambda: not shown(g, "#mode-ask") and g.mode() == "analysis")
    assert g.state()["mode"] == "analysis" and g.moves() == imported and g.state()["cursor"] == 3
    # asked, the person may play on from the ply shown
    g.select("mode", "play-black")
    wait_for("the question again", lambda: shown(g, "#mode-ask"))
    g.el("#mode-here").click()
    wait_for("play-black from ply 3", lambda: g.state()["mode"] == "play-black" and not shown(g, "#mode-ask"))
    wait_for("the board faces Black", lambda: orientation(g) == "black")
    end_engine_game(g)
    print("mode change keeps imported plies: ok")


def engine_hidden_in_a_game(g):
    """Against the engine its evaluation, bar, graph and lines are hidden;
    `#show-engine` shows them, in SAN, and is remembered after a reload."""
    g.load("chess")
    assert not g.el("#show-engine").is_selected()
    g.select("mode", "play-black")
    wait_for("play-black", lambda: g.state()["mode"] == "play-black")
    g.el("#new-game").click()
    wait_for("the engine's lines (for the server)", lambda: g.state()["engine_output"], gb.GAME_PATIENCE)
    wait_for("the engine's output hidden", lambda: g.el("#layout").get_attribute("data-engine") == "hidden")
    for css in ["#engine-output", "#eval-bar", "#eval-graph"]:
        assert not shown(g, css), f"{css} shown during the game"
    assert shown(g, "#show-engine"), "no visible toggle"
    g.el("#show-engine").click()
    wait_for("the engine's output shown", lambda: shown(g, "#engine-output") and shown(g, "#eval-bar"))
    sans = wait_for("the lines drawn", lambda: g.d.execute_script(
        "return [...document.querySelectorAll('#engine-output .pv-move')].map(e => [e.textContent, e.dataset.move])"))
    assert all(not UCI_MOVE.match(text) for text, _ in sans), sans
    assert all(UCI_MOVE.match(move) for _, move in sans), sans
    g.d.refresh()
    wait_for("the page again", lambda: g.d.find_elements(By.CSS_SELECTOR, "[data-square]"))
    wait_for("the toggle remembered", lambda: g.el("#show-engine").is_selected() and shown(g, "#engine-output"))
    g.el("#show-engine").click()
    wait_for("hidden again", lambda: not shown(g, "#engine-output"))
    end_engine_game(g)
    print("engine hidden in a game: ok")


def lines_in_san(g):
    """Analysis: every line reads in SAN (`Nf3`, no `g1f3`); a preview says so too."""
    g.load("chess", mode="analysis")
    sans = wait_for("three lines", lambda: (x := g.d.execute_script(
        "return [...document.querySelectorAll('#engine-output .pv-move')].map(e => e.textContent)")) and len(x) >= 3 and x)
    assert not [t for t in sans if UCI_MOVE.match(t)], sans
    assert all(re.match(r"^(O-O|[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8])", t) for t in sans), sans
    # the table is redrawn as the lines deepen: found and clicked again until it holds
    wait_for("a PV move clicked", lambda: g.el("#engine-output .pv-move").click() or True)
    wait_for("the preview in SAN", lambda: shown(g, "#preview-bar") and not UCI_MOVE.match(g.text("preview-label").split(": ", 1)[1]))
    g.el("#preview-back").click()
    print(f"lines in SAN ({' '.join(sans[:4])} ...): ok")


def lesson_then_play_starts_afresh(g):
    """A lesson, then "play White": the variant's start, not the lesson's
    position (the engine at once re-converted six men); with "continue from
    here" ticked, the lesson's position."""
    g.load("pacifist")
    lesson = wait_for("the lessons", lambda: g.d.find_elements(By.CSS_SELECTOR, '#rules [data-diagram="pacifist-cascade"]'))
    assert not shown(g, "#continue-here")
    lesson[0].click()
    wait_for("the lesson set up", lambda: g.board() == placement(gb.RULES_DIAGRAM_1) and shown(g, "#continue-here"))
    g.select("mode", "play-white")
    wait_for("play White from the start", lambda: g.state()["mode"] == "play-white" and g.board() == placement(CHESS_START)
             and g.state()["start_fen"] == CHESS_START and g.moves() == [])
    assert faces(g, "white")
    g.el('#rules [data-diagram="pacifist-cascade"]').click()
    wait_for("the lesson again", lambda: g.board() == placement(gb.RULES_DIAGRAM_1) and shown(g, "#continue-here"))
    g.el("#continue-here").click()
    g.select("mode", "play-white")
    wait_for("play White from the lesson", lambda: g.state()["mode"] == "play-white" and g.state()["start_fen"] == gb.RULES_DIAGRAM_1)
    assert g.board() == placement(gb.RULES_DIAGRAM_1)
    end_engine_game(g)
    print("lesson then play starts afresh: ok")


def subversion_in_the_books_notation(g):
    """A subversion in the move list as docs/rules.md §4.4.2 writes it (`@d4a2`,
    the book's first subversion game), the same as the server's SAN."""
    g.load("subversion", SUBVERSION_FIRST_GAME)
    g.click_square("d4")
    g.click_choice("@d4a2")
    wait_for("the subversion played", lambda: g.moves() == ["@d4a2"])
    text = g.el('#moves [data-ply="1"]').text
    assert text == "@d4a2", text
    assert g.state()["moves"][0]["san"] == "@d4a2", g.state()["moves"]
    assert g.board().get("d4") == "wB" and "a2" not in g.board()
    print("subversion in the book's notation: ok")


def main():
    t0 = time.time()
    g = gb.Gui()
    try:
        a1_is_dark(g)
        board_faces_the_player(g)
        keys_belong_to_the_board(g)
        mode_change_keeps_imported_plies(g)
        engine_hidden_in_a_game(g)
        lines_in_san(g)
        lesson_then_play_starts_afresh(g)
        subversion_in_the_books_notation(g)
        errors = g.js_errors()
        assert not errors, errors
    finally:
        g.close()
    print(f"total {time.time() - t0:.0f} s")
    print("gui first game: ok")


if __name__ == "__main__":
    main()
