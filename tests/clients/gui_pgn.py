"""PGN round trip in a real browser (issue #49): a lichess game with every
tag (Event, Site, Date, players, Elos, TimeControl, ECO, Opening, Result,
Variant, FEN, ...), comments, NAGs, `[%clk]` and `[%eval]`, imported through
`#pgn-text`/`#pgn-import` and exported through `#pgn-export`, comes back as
it went in; its recorded result is shown at the end of the move list and
in the status, its players' names beside the board, and its evaluations
are not replaced by the local engine's. python-chess reads the export.

Usage: python3 gui_pgn.py PATH_TO_TURNCOAT. Ends with "gui pgn: ok".
"""
import io
import os
import re
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
import gui_browser as gb  # noqa: E402  (reads the engine's path from sys.argv[1])

import chess.pgn  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "lichess-full.pgn")
LICHESS = open(FIXTURE).read()
PLIES = 20
# 6. Re1?! { [%eval -1.5] ... }: ply 9 from the FEN's move 2; 4. Ba4 (ply 5) has no eval
RECORDED_PLY, RECORDED_EVAL = 9, "\u22121.50"
UNEVALUATED_PLY = 5


def import_pgn(g, text):
    """Imports `text` by the PGN card; returns once the page shows the
    game from its start (the import's own state: the server numbers its
    states, and no other action runs meanwhile)."""
    seq = g.state()["seq"]
    g.d.execute_script(
        "const t = document.getElementById('pgn-text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));",
        text,
    )
    # clicked by script: the engine's lines reflow the page under a
    # pointer's click while the analysis runs
    g.d.execute_script("document.getElementById('pgn-import').click()")
    gb.wait_for("the import's state", lambda: (lambda st: st["seq"] > seq and len(st["moves"]) == PLIES and st["cursor"] == 0)(g.state()))
    gb.wait_for(f"the {PLIES} plies imported", lambda: len(g.moves()) == PLIES and g.current_ply() == 0)


def export(g):
    """The PGN behind the page's `#pgn-export` link."""
    with urllib.request.urlopen(g.el("#pgn-export").get_attribute("href"), timeout=gb.PATIENCE) as res:
        assert res.status == 200, res.status
        return res.read().decode()


def read(text):
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors, (game and game.errors, text)
    return game


def annotations(game):
    """What python-chess reads: the comment before the first move, then
    each ply's move, comment and NAGs, and the result."""
    plies = [(n.move.uci(), n.comment, sorted(n.nags)) for n in game.mainline()]
    return game.comment, plies, game.headers.get("Result")


def exported_pgn_equals_imported(g):
    """Every tag in its order, the comments (`[%clk]`, `[%eval]`), the NAGs
    (`?!` as `$6`) and the result come back out of the export; python-chess
    reads the same headers, moves, comments and NAGs from both."""
    import_pgn(g, LICHESS)
    text = export(g)
    mine = [line for line in text.splitlines() if line.startswith("[")]
    theirs = [line for line in LICHESS.splitlines() if line.startswith("[")]
    assert mine == theirs, (mine, theirs)
    before, after = read(LICHESS), read(text)
    assert list(after.headers.items()) == list(before.headers.items()), (after.headers, before.headers)
    assert annotations(after) == annotations(before), (annotations(after), annotations(before))
    assert after.headers["Result"] == "0-1" and text.rstrip().endswith("0-1"), text
    assert after.next().clock() == 600 and after.next().eval().white().score() == 25
    print("pgn export equals the import: 21 tags, comments, NAGs, clocks, evals, result, ok")


def result_at_the_end_of_the_move_list(g):
    """The recorded result (0-1 on time, which no rule declares) ends the
    move list and, at the last ply, the status."""
    import_pgn(g, LICHESS)
    end = gb.wait_for("the result at the end of the move list", lambda: g.d.find_elements(By.CSS_SELECTOR, "#moves > #moves-result"))[0]
    assert end.get_attribute("data-result") == "0-1", end.get_attribute("outerHTML")
    assert "Time forfeit" in end.text, end.text
    last = g.d.execute_script("return document.getElementById('moves').lastElementChild.id")
    assert last == "moves-result", last
    assert "Game over" not in g.text("status"), g.text("status")
    g.key(gb.Keys.END)
    gb.wait_for("the last ply shown", lambda: g.current_ply() == PLIES)
    gb.wait_for("the result in the status", lambda: g.text("status").startswith("Game over: 0-1"))
    print("result at the end of the move list and in the status: ok")


def names_beside_the_board(g):
    """The imported game's players beside the board; in a game against the
    engine, You and turncoat with its level."""
    import_pgn(g, LICHESS)
    for side, name in (("w", "alice"), ("b", "bob")):
        el = gb.wait_for(f"{name} beside the board", lambda: g.el(f"#name-{side}").get_attribute("data-player") == name and g.el(f"#name-{side}"))
        assert name in el.text and el.is_displayed(), el.text
    g.load("chess", mode="play-white")
    gb.wait_for("You beside the board", lambda: g.el("#name-w").get_attribute("data-player") == "You")
    engine = re.compile(r"turncoat \(level \d\)")
    gb.wait_for("turncoat beside the board", lambda: engine.fullmatch(g.el("#name-b").get_attribute("data-player")))
    assert "You" in g.text("name-w") and engine.search(g.text("name-b")), (g.text("name-w"), g.text("name-b"))
    print("names beside the board: ok")


def imported_eval_kept(g):
    """A ply with an imported `[%eval]`, viewed with the engine analysing,
    keeps the imported score (move list, graph, export); a ply without one
    gets the engine's, which shows that the engine was on."""
    import_pgn(g, LICHESS)
    ply = lambda k: g.el(f'#moves [data-ply="{k}"]')  # noqa: E731
    for k in (UNEVALUATED_PLY, RECORDED_PLY):
        ply(k).click()
        gb.wait_for(f"ply {k} shown", lambda: g.current_ply() == k)
        gb.wait_for(f"the engine's lines at ply {k}", lambda: g.d.find_elements(By.CSS_SELECTOR, "#engine-output tbody tr"))
        # the analysis deepens for a while: every line it sends had its chance
        gb.wait_for(f"depth 8 at ply {k}", lambda: any(int(t or 0) >= 8 for t in g.d.execute_script(
            "return [...document.querySelectorAll('#engine-output tbody tr td:nth-child(2)')].map(e => e.textContent)")))
    gb.wait_for("the engine's eval of the ply that had none", lambda: ply(UNEVALUATED_PLY).get_attribute("data-score"))
    assert ply(RECORDED_PLY).get_attribute("data-score") == "-150", ply(RECORDED_PLY).get_attribute("outerHTML")
    title = ply(RECORDED_PLY).get_attribute("title")
    assert title.startswith(f"eval {RECORDED_EVAL} "), title
    re1 = list(read(export(g)).mainline())[RECORDED_PLY - 1]
    assert re1.san() == "Re1" and re1.comment.startswith("[%eval -1.5] [%clk 0:09:31]"), re1.comment
    assert re1.eval().white().score() == -150
    print("imported eval kept after the engine analysed the ply: ok")


def continued_game_keeps_its_headers(g):
    """A move played after the import's last ply: the tags stay, the
    recorded result goes (`*`, no Termination), and so does the result at
    the end of the move list."""
    import_pgn(g, LICHESS)
    g.key(gb.Keys.END)
    gb.wait_for("the last ply shown", lambda: g.current_ply() == PLIES)
    g.click_square("d4")
    g.click_square("d5")
    gb.wait_for("12. d5 played", lambda: len(g.moves()) == PLIES + 1)
    gb.wait_for("no result at the end", lambda: not g.d.find_elements(By.CSS_SELECTOR, "#moves-result"))
    game = read(export(g))
    before = read(LICHESS)
    for key in ("Event", "Site", "Date", "White", "Black", "WhiteElo", "BlackElo", "TimeControl", "ECO", "Opening", "Variant", "FEN"):
        assert game.headers.get(key) == before.headers.get(key), key
    assert game.headers["Result"] == "*" and "Termination" not in game.headers, game.headers
    assert [m.uci() for m in game.mainline_moves()][-1] == "d4d5"
    print("continued game keeps its headers, result *: ok")


def main():
    g = gb.Gui()
    try:
        exported_pgn_equals_imported(g)
        result_at_the_end_of_the_move_list(g)
        names_beside_the_board(g)
        imported_eval_kept(g)
        continued_game_keeps_its_headers(g)
        errors = g.js_errors()
        assert not errors, errors
    finally:
        g.close()
    print("gui pgn: ok")


if __name__ == "__main__":
    main()
