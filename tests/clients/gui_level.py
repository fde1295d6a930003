"""The engines' levels in `turncoat gui` (issue #50) in a real browser
(headless Chromium over WebDriver), through the page's contract:
`#level-white`, `#level-black`, `#name-w`/`#name-b` (`data-player`),
`#game-over` with `#rematch-up` and `#rematch-down`, `#pgn-export`.

* the two pickers offer levels 1 to 8, shown for an engine's side only;
  a browser that remembers nothing starts at level 2;
* a level chosen names the engine beside the board (`turncoat (level 3)`)
  and in the PGN (`BlackLevel`), and the engine is told it (its log: the
  `Skill Level` before each search, full strength at level 8) and plays at
  it: shallower at level 1 than at level 8 chosen during the same game,
  from its next move;
* the level is remembered across a new game and a reload (sent again to a
  server that has another);
* the game-over dialog's rematch one level up raises the engine's level,
  and is off at level 8;
* an engine without `Skill Level` has its picker off, saying why;
* bad levels through the API get a 4xx and change nothing.

Usage: python3 gui_level.py PATH_TO_TURNCOAT; ends with "gui level: ok".
"""
import os
import re
import shutil
import sys
import tempfile
import urllib.request

from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
import gui_browser as gb  # noqa: E402  (reads the engine's path from sys.argv[1])

wait_for = gb.wait_for

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
# turncoat, what it is told logged
LOGGED = os.path.join(FIXTURES, "logged_engine.sh")
# turncoat without `Skill Level` in its UCI answer
PLAIN = os.path.join(FIXTURES, "no_skill_engine.sh")
# short enough for a few engine moves at full strength
TC = "0:30+0.3"


def picker(g, side):
    return g.el(f"#level-{side}")


def level_shown(g, side):
    return Select(picker(g, side)).first_selected_option.get_attribute("value")


def player(g, side):
    return g.el(f"#name-{side}").get_attribute("data-player")


def stored(g, side):
    return g.d.execute_script(f"return localStorage.getItem('turncoat.level-{side}')")


def export(g):
    with urllib.request.urlopen(g.el("#pgn-export").get_attribute("href"), timeout=gb.PATIENCE) as res:
        return res.read().decode()


def tag(pgn, key):
    m = re.search(rf'^\[{key} "([^"]*)"\]$', pgn, re.M)
    return m.group(1) if m else None


def deepest(state):
    """The deepest of the engine's lines in `state` (those of its last move)."""
    return max((line["depth"] for line in state["engine_output"]), default=0)


def skill_searched(log):
    """The `Skill Level` the engine was told for its last search (`go`),
    from its log; None where none was (an engine process starts at `uci`)."""
    skill = searched = None
    with open(log) as f:
        for line in f.read().splitlines():
            if line == "uci":
                skill = None
            elif line.startswith("setoption name Skill Level value "):
                skill = int(line.rsplit(" ", 1)[1])
            elif line.startswith("go "):
                searched = skill
    return searched


def choose(g, side, level):
    g.select(f"level-{side}", str(level))
    code = side[0]
    wait_for(f"{side} at level {level}", lambda: g.state()["levels"][code] == level)


def new_game(g):
    """`#new-game` clicked; returns once the server has started the game
    (a state numbered after the click's), so that no later action of the
    test overtakes it."""
    seq = g.state()["seq"]
    g.el("#new-game").click()

    def started():
        st = g.state()
        return st["seq"] > seq and st["moves"] == [] and st["result"] == "" and (st["human_to_move"] or st["mode"] == "hotseat")

    wait_for("the new game", started)
    wait_for("the page at the new game", lambda: g.moves() == [] and g.text("result") == "")


def play_white_game(g):
    """A new chess game of the person as White against the engine seated."""
    # a state that arrives between clearing the box and typing refills it: then again
    wait_for("the time control typed", lambda: g.el("#tc").get_attribute("value") == TC or g.set_text("tc", TC))
    if g.mode() != "play-white":
        g.select("mode", "play-white")
    wait_for("play-white", lambda: g.state()["mode"] == "play-white" and g.state()["tc"] == TC)
    new_game(g)


def play(g, a, b):
    """The person's move a-b; returns the state after the engine's reply."""
    before = len(g.moves())
    g.click_square(a)
    g.click_square(b)
    wait_for("the engine's reply", lambda: len(g.moves()) == before + 2 and g.state()["human_to_move"], gb.GAME_PATIENCE)
    return g.state()


def pickers_offer_eight_levels_from_two(g):
    """Levels 1 to 8 in both pickers; hidden where people play; a browser
    that remembers nothing starts the engine at level 2."""
    for side in ("white", "black"):
        options = [(o.get_attribute("value"), o.get_attribute("textContent")) for o in Select(picker(g, side)).options]
        assert options == [(str(k), f"level {k}") for k in range(1, 9)], options
    g.select("variant", "chess")
    wait_for("chess at a hotseat board", lambda: g.state()["variant"] == "chess" and g.state()["mode"] == "hotseat")
    assert not picker(g, "white").is_displayed() and not picker(g, "black").is_displayed()
    play_white_game(g)
    wait_for("the black picker", lambda: picker(g, "black").is_displayed() and picker(g, "black").is_enabled())
    assert not picker(g, "white").is_displayed(), "the person's side has no level"
    assert level_shown(g, "black") == "2" and g.state()["levels"] == {"w": 2, "b": 2}, g.state()["levels"]
    wait_for("turncoat (level 2) beside the board", lambda: player(g, "b") == "turncoat (level 2)")
    print("eight levels, a new player at level 2: ok")


def engine_plays_at_the_level_chosen(g, log):
    """Level 1 chosen: the name and the PGN say so, the engine is told a
    lower skill than at level 8 (full strength), chosen during the same
    game, and searches shallower."""
    play_white_game(g)
    choose(g, "black", 1)
    wait_for("turncoat (level 1) beside the board", lambda: player(g, "b") == "turncoat (level 1)")
    assert "turncoat (level 1)" in g.text("name-b"), g.text("name-b")
    low = play(g, "e2", "e4")
    skill_low = skill_searched(log)
    choose(g, "black", 8)
    high = play(g, "d2", "d4")
    assert skill_low is not None and skill_low < skill_searched(log) == 20, (skill_low, skill_searched(log))
    assert deepest(low) < deepest(high), (deepest(low), deepest(high))
    pgn = export(g)
    assert tag(pgn, "Black") == "turncoat (level 8)" and tag(pgn, "BlackLevel") == "8", pgn
    assert tag(pgn, "WhiteLevel") is None, pgn
    print(f"the engine plays at the level chosen (depth {deepest(low)} at level 1, {deepest(high)} at 8): ok")


def level_survives_a_new_game_and_a_reload(g):
    """Level 3 is remembered: a new game keeps it, and after a reload the
    page sends it again to a server that meanwhile has another."""
    play_white_game(g)
    choose(g, "black", 3)
    wait_for("level 3 remembered", lambda: stored(g, "b") == "3")
    new_game(g)
    wait_for("a new game at level 3", lambda: player(g, "b") == "turncoat (level 3)")
    g.d.refresh()
    wait_for("level 3 after a reload", lambda: level_shown(g, "black") == "3" and player(g, "b") == "turncoat (level 3)")
    # another page (a script here) sets 6 while this page is away
    g.d.get("about:blank")
    status, _ = gb.http_json(g, "POST", "/api/level", {"side": "b", "level": 6})
    assert status == 200, status
    g.d.get(g.url)
    wait_for("the remembered level sent again", lambda: g.state()["levels"]["b"] == 3 and level_shown(g, "black") == "3")
    print("the level survives a new game and a reload: ok")


def resign(g):
    wait_for("the resign button", lambda: gb.shown(g, "#resign"))
    g.el("#resign").click()
    wait_for("the confirmation", lambda: gb.shown(g, '[data-confirm="resign"]'))
    g.el('[data-confirm="resign"]').click()
    wait_for("the game-over dialog", lambda: gb.shown(g, "#game-over"))


def rematch_one_level_up(g):
    """After a game against turncoat at level 3: rematch one level up is
    the engine at level 4 (now White), remembered; at level 8 it is off."""
    play_white_game(g)
    choose(g, "black", 3)
    resign(g)
    assert gb.shown(g, "#rematch-up") and gb.shown(g, "#rematch-down")
    g.el("#rematch-up").click()
    wait_for("the rematch", lambda: g.state()["mode"] == "play-black" and g.state()["result"] == "")
    wait_for("the engine at level 4", lambda: g.state()["levels"]["w"] == 4 and player(g, "w") == "turncoat (level 4)")
    wait_for("level 4 remembered", lambda: stored(g, "w") == "4")
    choose(g, "white", 8)
    resign(g)
    assert not g.el("#rematch-up").is_enabled() and g.el("#rematch-down").is_enabled()
    g.el("#go-close").click()
    print("rematch one level up: ok")


def engine_without_levels(g, log):
    """`plain` lists no Skill Level: its picker is off and says why; it is
    named without a level, and told none."""
    play_white_game(g)
    g.select("black-engine", "plain")
    wait_for("plain seated", lambda: g.state()["black"] == "plain")
    wait_for("the picker off", lambda: not picker(g, "black").is_enabled())
    assert "no Skill Level" in picker(g, "black").get_attribute("title"), picker(g, "black").get_attribute("title")
    wait_for("plain beside the board", lambda: player(g, "b") == "plain")
    play(g, "e2", "e4")
    assert skill_searched(log) is None, open(log).read()
    g.select("black-engine", "turncoat")
    wait_for("turncoat again", lambda: picker(g, "black").is_enabled())
    print("an engine without levels: picker off: ok")


def bad_levels_refused(g):
    before = g.state()["levels"]
    for body in ({"side": "b", "level": 0}, {"side": "b", "level": 9}, {"side": "b", "level": "x"}, {"level": 3}):
        status, answer = gb.http_json(g, "POST", "/api/level", body)
        assert 400 <= status < 500 and answer["error"], (body, status, answer)
    assert g.state()["levels"] == before, g.state()["levels"]
    print("bad levels get a 4xx: ok")


def main():
    logs = tempfile.mkdtemp(prefix="turncoat-level-")
    told, told_plain = os.path.join(logs, "turncoat.log"), os.path.join(logs, "plain.log")
    g = gb.Gui(["--engine", f"turncoat={LOGGED} {gb.ENGINE} {told}", "--engine", f"plain={PLAIN} {gb.ENGINE} {told_plain}"])
    try:
        pickers_offer_eight_levels_from_two(g)
        engine_plays_at_the_level_chosen(g, told)
        level_survives_a_new_game_and_a_reload(g)
        rematch_one_level_up(g)
        engine_without_levels(g, told_plain)
        bad_levels_refused(g)
        errors = g.js_errors()
        assert not errors, errors
    finally:
        g.close()
        shutil.rmtree(logs, ignore_errors=True)
    print("gui level: ok")


if __name__ == "__main__":
    main()
