"""Drives `turncoat gui` in a real browser (Chromium, headless, over
WebDriver) through the page's DOM contract only: clicks on `data-square` and
`data-choice` elements, the controls by id, the board read from `data-piece`.

Usage: python3 gui_browser.py PATH_TO_TURNCOAT

With TURNCOAT_SCREENSHOTS=DIR it saves one screenshot per variant into DIR
(docs/gui-*.png in the repository). Prints the measured latencies and ends
with "gui browser: ok".
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.mouse_button import MouseButton
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

ENGINE = sys.argv[1]
SHOTS = os.environ.get("TURNCOAT_SCREENSHOTS")
# Generous bounds: a broken page fails the test instead of hanging it; no
# assertion is on speed.
PATIENCE = 30
GAME_PATIENCE = 300
# Engine games: a fast time control, so the five games stay short.
WATCH_TC = "0:02+0.03"

RULES_DIAGRAM_1 = "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1"
RULES_DIAGRAM_1_AFTER = "rkqN1RB1/ppppPPBP/P7/1n3Np1/8/8/1PPPPPPP/RNK1BBQR"
RULES_DIAGRAM_2 = "nbr1b1qr/ppppKppp/7n/4pN2/K3P3/P7/QPPP1PPP/B1R1RBN1 b - - 0 1"
RULES_DIAGRAM_2_AFTER = "1br1b1qr/ppppKppp/1n5n/4pN2/k3P3/P7/QPPP1PPP/B1R1RBN1"
# The black rook gives check: eight payment sets ({R}, {Q}, {B,B}, {B,N},
# {N or B} + all pawns); the knight d4 subverts.
SUBVERSION_CHECK = "4k3/8/8/4r3/3N4/8/PP6/RNBQKB2 w - - 0 1"
APOCALYPSE_START = "npppn/p3p/5/P3P/NPPPN w 00 1"


# ------------------------------------------------------------------ helpers
def placement(fen, size=8):
    """{square: piece} of a FEN's first field, pieces as the DOM writes them."""
    files = "abcdefgh"[:size]
    board = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[f"{files[f]}{size - r}"] = ("w" if ch.isupper() else "b") + ch.upper()
                f += 1
    return board


def wait_for(what, cond, timeout=PATIENCE):
    end = time.time() + timeout
    last = None
    while time.time() < end:
        try:
            last = cond()
        except (StaleElementReferenceException, WebDriverException) as e:
            last = e
        if last and not isinstance(last, Exception):
            return last
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


class Gui:
    """One `turncoat gui` server and one browser page on it."""

    def __init__(self, extra_args=()):
        """`extra_args`: more of `turncoat gui`'s arguments (`--engine ...`)."""
        self.proc = subprocess.Popen(
            [ENGINE, "gui", "--no-open", "--port", "0", *extra_args],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.proc.stdout.readline().strip()
        m = re.match(r"turncoat gui: (http://127\.0\.0\.1:(\d+)/)\?token=(\S+)$", line)
        assert m, f"first stdout line: {line!r}"
        self.base, self.port, self.token = m.group(1), int(m.group(2)), m.group(3)
        self.url = line.split(": ", 1)[1]
        self.profile = tempfile.mkdtemp(prefix="turncoat-chromium-")
        opts = Options()
        for a in [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", f"--user-data-dir={self.profile}", "--window-size=1360,1000",
        ]:
            opts.add_argument(a)
        opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
        self.d = webdriver.Chrome(service=service, options=opts)
        self.d.get(self.url)
        wait_for("the page's first state", lambda: self.d.find_elements(By.CSS_SELECTOR, "[data-square]"))

    def close(self):
        try:
            self.d.quit()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            shutil.rmtree(self.profile, ignore_errors=True)

    # -------------------------------------------------------------- DOM contract
    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def board(self):
        return self.d.execute_script(
            "const b = {};"
            "for (const e of document.querySelectorAll('[data-square]')) {"
            "  const p = e.querySelector('[data-piece]'); if (p) b[e.dataset.square] = p.dataset.piece; }"
            "return b;"
        )

    def squares(self):
        return self.d.execute_script("return [...document.querySelectorAll('[data-square]')].map(e => e.dataset.square)")

    def click_square(self, sq):
        wait_for(f"square {sq}", lambda: self.el(f'[data-square="{sq}"]').is_displayed())
        self.el(f'[data-square="{sq}"]').click()

    def click_choice(self, move):
        wait_for(f"choice {move}", lambda: self.el(f'[data-choice="{move}"]').is_displayed())
        self.el(f'[data-choice="{move}"]').click()

    def choices(self):
        return [e.get_attribute("data-choice") for e in self.d.find_elements(By.CSS_SELECTOR, "[data-choice]") if e.is_displayed()]

    def moves(self):
        return self.d.execute_script("return [...document.querySelectorAll('#moves [data-move]')].map(e => e.dataset.move)")

    def text(self, id_):
        return self.d.execute_script(f"return document.getElementById('{id_}').textContent").strip()

    def select(self, id_, value):
        Select(self.el(f"#{id_}")).select_by_value(value)

    def set_text(self, id_, value):
        box = self.el(f"#{id_}")
        box.clear()
        box.send_keys(value)

    def load(self, variant, fen=None, mode="hotseat"):
        """A new game through the controls: variant, mode, then a FEN or the start."""
        if Select(self.el("#variant")).first_selected_option.get_attribute("value") != variant:
            self.select("variant", variant)
            wait_for(f"variant {variant}", lambda: self.state()["variant"] == variant)
        if Select(self.el("#mode")).first_selected_option.get_attribute("value") != mode:
            self.select("mode", mode)
            # on a line with plies after the one shown, a game mode asks
            # before dropping them (#mode-ask): a new game may drop them
            asked = self.d.find_elements(By.CSS_SELECTOR, "#mode-ask:not([hidden]) #mode-here")
            if asked:
                asked[0].click()
            wait_for(f"mode {mode}", lambda: self.state()["mode"] == mode)
        if fen:
            self.set_text("fen", fen)
            self.el("#load-fen").click()
            size = 5 if variant == "apocalypse" else 8
            wait_for(f"position {fen}", lambda: self.board() == placement(fen, size))
        else:
            self.el("#new-game").click()
        wait_for("an empty move list", lambda: self.moves() == [] and self.text("result") == "")

    def state(self):
        """GET /api/state: only to wait for the server; checks read the DOM."""
        return http_json(self, "GET", "/api/state")[1]

    def js_errors(self):
        return [e for e in self.d.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]

    def timings(self):
        return self.d.execute_script("return window.turncoatTimings || {click: [], engine: []}")

    def key(self, key):
        """A key pressed on the page (not in a form field)."""
        self.d.execute_script("document.activeElement && document.activeElement.blur()")
        ActionChains(self.d).send_keys(key).perform()

    def current_ply(self):
        return self.d.execute_script("const e = document.querySelector('#moves .current[data-ply]'); return e ? +e.dataset.ply : 0")

    def mode(self):
        return Select(self.el("#mode")).first_selected_option.get_attribute("value")

    def shot(self, name):
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            time.sleep(0.3)
            self.d.save_screenshot(os.path.join(SHOTS, f"gui-{name}.png"))


def http_json(gui, method, path, body=None, token=True, headers=None):
    """(status, parsed body) of one plain HTTP request to the server."""
    url = gui.base.rstrip("/") + path
    if token:
        url += ("&" if "?" in url else "?") + "token=" + gui.token
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=PATIENCE) as res:
            raw = res.read()
            status = res.status
    except urllib.error.HTTPError as e:
        raw = e.read()
        status = e.code
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def full_strength(g):
    """Both engine seats at level 8, the full search, as the page would
    choose and remember it: a new player's engine (level 2) answers at
    once, and some checks need one that thinks a while (browsing or
    premoving while it thinks, clocks before its first move)."""
    for side in "wb":
        status, answer = http_json(g, "POST", "/api/level", {"side": side, "level": 8})
        assert status == 200, answer
    wait_for("level 8 remembered", lambda: g.d.execute_script("return localStorage.getItem('turncoat.level-b')") == "8")


# ------------------------------------------------------------------ checks
def pacifist_diagrams(g):
    g.load("pacifist", RULES_DIAGRAM_1)
    g.click_square("e3")
    g.click_square("f5")
    wait_for("e3f5 played", lambda: g.moves() == ["e3f5"])
    after = wait_for("the cascade", lambda: (b := g.board()).get("f5") == "wN" and b)
    for sq in ["d8", "f8", "g8", "e7", "f7", "g7", "h7"]:
        assert after[sq].startswith("w"), f"{sq} not converted: {after}"
    assert after == placement(RULES_DIAGRAM_1_AFTER), after
    assert g.d.execute_script("return window.turncoatSounds.at(-1).name") == "convert"
    # the cascade, wave by wave: back to the move alone, forward to the end
    for _ in range(10):
        if not g.el("#wave-prev").is_enabled():
            break
        g.el("#wave-prev").click()
    moved = g.board()
    assert moved.get("f5") == "wN" and moved.get("d8") == "bN" and moved.get("g7") == "bB", moved
    for _ in range(10):
        if not g.el("#wave-next").is_enabled():
            break
        g.el("#wave-next").click()
    assert g.board() == after
    # the persuasion/support overlay: every occupied square carries both numbers
    g.el("#overlay").click()

    def overlay_complete():
        return g.d.execute_script(
            "return [...document.querySelectorAll('[data-square]')].filter(e => e.querySelector('[data-piece]'))"
            ".every(e => e.dataset.persuasion !== undefined && e.dataset.support !== undefined)"
        )

    wait_for("the overlay on every occupied square", overlay_complete)
    g.shot("pacifist")
    g.el("#overlay").click()
    wait_for("the overlay off", lambda: not g.d.find_elements(By.CSS_SELECTOR, "[data-persuasion]"))

    # second diagram: black holds no king; 1...Nb6 converts the white king a4
    g.load("pacifist", RULES_DIAGRAM_2)
    g.click_square("a8")
    g.click_square("b6")
    wait_for("a8b6 played", lambda: g.moves() == ["a8b6"])
    after = wait_for("the king swap", lambda: (b := g.board()).get("a4") == "bK" and b)
    assert after == placement(RULES_DIAGRAM_2_AFTER), after
    assert after["e7"] == "wK", after
    print("pacifist diagrams: ok")


def checked(g):
    """The squares whose element carries data-check."""
    return g.d.execute_script("return [...document.querySelectorAll('[data-square][data-check]')].map(e => e.dataset.square)")


def chess_check(g):
    g.load("chess")
    for mv in ["e2e4", "f7f5", "d1h5"]:
        n = len(g.moves())
        g.click_square(mv[:2])
        g.click_square(mv[2:])
        wait_for(f"{mv} played", lambda: len(g.moves()) == n + 1)
        if mv != "d1h5":
            assert checked(g) == [], checked(g)
    wait_for("the king e8 in check", lambda: checked(g) == ["e8"])
    played = [x["name"] for x in g.d.execute_script("return window.turncoatSounds")]
    assert played[-3:] == ["move", "move", "check"], played
    print("chess check: ok")


def subversion_payment(g):
    g.load("subversion", SUBVERSION_CHECK)
    wait_for("the king e1 in check", lambda: checked(g) == ["e1"])
    g.click_square("e5")
    offered = wait_for("payment choices", lambda: (c := g.choices()) and len(c) >= 2 and c)
    assert "@e5c1f1" in offered and "@e5a1" in offered and "@e5d1" in offered, offered
    assert all(c.startswith("@e5") for c in offered), offered
    # pointing at a choice marks its payment on the board
    ActionChains(g.d).move_to_element(g.el('[data-choice="@e5c1f1"]')).perform()
    g.shot("subversion")
    g.click_choice("@e5c1f1")
    wait_for("the subversion played", lambda: g.moves() == ["@e5c1f1"])
    b = wait_for("the rook converted", lambda: (b := g.board()).get("e5") == "wR" and b)
    assert "c1" not in b and "f1" not in b and b["d4"] == "wN" and b["a1"] == "wR", b
    # the rook bought on e5 now gives check to the black king
    wait_for("the king e8 in check", lambda: checked(g) == ["e8"])
    print("subversion payment:", len(offered), "choices, ok")


def apocalypse_turns(g):
    g.load("apocalypse", APOCALYPSE_START)
    assert len(g.squares()) == 25 and "e5" in g.squares(), g.squares()
    # turn 1: white's diagonal a2b3 onto an empty square is speculative,
    # black's e4e3 does not end there: white's move fails, +1 penalty
    g.click_square("a2")
    g.click_square("b3")
    g.click_choice("a2b3")  # a speculation risks a penalty point: confirmed first
    wait_for("white's hidden choice", lambda: "chosen" in g.text("status").lower())
    assert g.board() == placement(APOCALYPSE_START, 5), "white's ply must not show before black chose"
    assert "a2b3" not in g.text("moves"), "white's hidden ply shown"
    g.click_square("e4")
    g.click_square("e3")
    b = wait_for("turn 1 resolved", lambda: len(g.moves()) == 2 and (b := g.board()).get("e3") == "bP" and b)
    assert b.get("a2") == "wP" and "b3" not in b, b
    wait_for("white's penalty shown", lambda: re.findall(r"\d+", g.text("penalties")) == ["1", "0"])
    # turn 2: both knights jump to b3, a collision of equals: both vanish
    g.click_square("a1")
    g.click_square("b3")
    wait_for("white's hidden choice", lambda: "chosen" in g.text("status").lower())
    g.click_square("a5")
    g.click_square("b3")
    b = wait_for("turn 2 resolved", lambda: len(g.moves()) == 4 and (b := g.board()).get("a1") is None and b)
    assert "a5" not in b and "b3" not in b and b.get("e3") == "bP", b
    assert re.findall(r"\d+", g.text("penalties")) == ["1", "0"], g.text("penalties")
    assert g.d.execute_script("return window.turncoatSounds.at(-1).name") == "collision"
    g.shot("apocalypse")
    print("apocalypse turns: ok")


def play_engine(g, variant="chess", human_moves=15):
    """A person (White, by clicks) against the engine: each click pair
    plays, the engine answers, the clocks run."""
    g.load(variant)
    # 1 minute + 0.5 s: the engine thinks a second or two a move, time
    # for the keys that browse back while it thinks (k == 3).
    g.set_text("tc", "1+0.5")
    g.select("mode", "play-white")
    wait_for("play-white mode", lambda: g.state()["mode"] == "play-white")
    g.el("#new-game").click()
    wait_for("a new game", lambda: g.moves() == [] and g.state()["human_to_move"])
    for k in range(human_moves):
        def human_turn():
            st = g.state()
            return st if st["human_to_move"] or st["result"] else None

        st = wait_for("the human's turn", human_turn, GAME_PATIENCE)
        wait_for("the page at the same ply", lambda: g.moves() == [x["move"] for x in st["moves"]])
        if st["result"]:
            break
        # a move the page enters with two clicks (no chooser): the server's
        # list says which; the clicks go through the DOM as a person's do
        plain = [m for m in st["legal"] if m["to"] and sum(1 for x in st["legal"] if x["from"] == m["from"] and x["to"] == m["to"]) == 1]
        m = plain[(k * 7) % len(plain)]
        before = len(g.moves())
        if k == 3:
            browse_mid_game(g, st)
        g.click_square(m["from"])
        g.click_square(m["to"])
        wait_for(f"{m['move']} in the move list", lambda: len(g.moves()) > before and g.moves()[before] == m["move"])
        if k == 3:
            # browsing back while the engine thinks: the game goes on
            g.key(Keys.ARROW_LEFT)
            g.key(Keys.ARROW_LEFT)
            wait_for("the engine's reply while browsing", lambda: len(g.moves()) >= before + 2, GAME_PATIENCE)
            wait_for("the live position back", lambda: g.current_ply() == len(g.moves()) and g.board() == g.state()["board"])
            assert g.mode() == "play-white" and g.state()["mode"] == "play-white"
    wait_for("the clocks shown", lambda: g.text("clock-w") and g.text("clock-b"))
    # the engine's evaluations, every other ply, make a line
    wait_for("the evaluation graph drawn", lambda: g.d.find_elements(By.CSS_SELECTOR, "#eval-graph .g-line"))
    assert SCORE.match(g.el("#eval-bar").get_attribute("data-score") or ""), g.el("#eval-bar").get_attribute("data-score")
    assert "illegal" not in g.text("result").lower(), g.text("result")
    g.select("mode", "hotseat")
    wait_for("hotseat mode", lambda: g.state()["mode"] == "hotseat")
    print(f"play {variant} against the engine: {len(g.moves())} plies, ok")


def premoved(g):
    """{square: 'from' or 'to'} of the squares carrying data-premove."""
    return g.d.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('[data-square][data-premove]')].map(e => [e.dataset.square, e.dataset.premove]))")


def premoves(g):
    """Against the engine (a clock that makes it think two or three seconds): a
    premove queued by drag while it thinks is played at the person's turn;
    one queued by clicks is cancelled by Escape, another by a right click;
    one illegal at the person's turn is dropped."""
    g.load("chess")
    # 3 minutes + 2 s: the engine thinks about five seconds a move, time
    # for the clicks below even on a loaded machine.
    g.set_text("tc", "3+2")
    g.select("mode", "play-white")
    wait_for("play-white mode", lambda: g.state()["mode"] == "play-white")
    g.el("#new-game").click()
    wait_for("the person's turn", lambda: g.moves() == [] and g.state()["human_to_move"])
    g.click_square("e2")
    g.click_square("e4")
    wait_for("e2e4 on the page", lambda: g.moves() == ["e2e4"])
    ActionChains(g.d).drag_and_drop(g.el('[data-square="g1"]'), g.el('[data-square="f3"]')).perform()
    assert len(g.moves()) == 1, "the engine answered before the premove was queued: " + repr(g.moves())
    wait_for("the premove g1f3 drawn", lambda: premoved(g) == {"g1": "from", "f3": "to"})
    wait_for("the premove played after the engine's reply", lambda: len(g.moves()) >= 3, GAME_PATIENCE)
    assert g.moves()[2] == "g1f3", g.moves()
    wait_for("the premove gone", lambda: premoved(g) == {})
    # queued by clicks, cancelled by Escape; again, cancelled by a right click (no circle drawn)
    wait_for("the engine thinking", lambda: not g.state()["human_to_move"])
    g.click_square("f1")
    g.click_square("c4")
    wait_for("the premove f1c4 drawn", lambda: premoved(g) == {"f1": "from", "c4": "to"})
    g.key(Keys.ESCAPE)
    wait_for("the premove cancelled by Escape", lambda: premoved(g) == {})
    g.click_square("b1")
    g.click_square("c3")
    wait_for("the premove b1c3 drawn", lambda: premoved(g) == {"b1": "from", "c3": "to"})
    right_drag(g, "h6", "h6")
    wait_for("the premove cancelled by a right click", lambda: premoved(g) == {})
    assert len(g.moves()) == 3, "the engine answered before the right click: " + repr(g.moves())
    assert not g.d.find_elements(By.CSS_SELECTOR, "[data-circle]"), "a right click that cancels draws no circle"
    # one that is illegal when the turn comes (the rook a1 is shut in): dropped, nothing played
    g.click_square("a1")
    g.click_square("a5")
    wait_for("the premove a1a5 drawn", lambda: premoved(g) == {"a1": "from", "a5": "to"})
    wait_for("the engine's reply", lambda: len(g.moves()) == 4 and g.state()["human_to_move"], GAME_PATIENCE)
    wait_for("the illegal premove dropped", lambda: premoved(g) == {})
    time.sleep(0.3)
    assert len(g.moves()) == 4 and g.state()["human_to_move"] and g.text("message") == "", (g.moves(), g.text("message"))
    g.select("mode", "hotseat")
    wait_for("hotseat mode", lambda: g.state()["mode"] == "hotseat")
    print("premoves: ok")


def browse_mid_game(g, st):
    """←/→/Home/End and `f` at the person's turn: only the board shown
    changes; the game, its mode and clocks stay."""
    n = len(st["moves"])
    live = g.board()
    g.key(Keys.ARROW_LEFT)
    wait_for("ply n-1 shown", lambda: g.current_ply() == n - 1 and g.board() != live)
    assert f"viewing ply {n - 1} of {n}" in g.text("status"), g.text("status")
    g.key(Keys.ARROW_LEFT)
    wait_for("ply n-2 shown", lambda: g.current_ply() == n - 2)
    g.key(Keys.HOME)
    wait_for("the start shown", lambda: g.board() == placement(st["start_fen"]))
    assert g.mode() == "play-white" and g.text("clock-w"), (g.mode(), g.text("clock-w"))
    g.key(Keys.ARROW_RIGHT)
    wait_for("ply 1 shown", lambda: g.current_ply() == 1)
    g.key(Keys.END)
    wait_for("the live position", lambda: g.current_ply() == n and g.board() == live)
    g.key(Keys.ARROW_LEFT)
    wait_for("ply n-1 shown", lambda: g.current_ply() == n - 1)
    g.key(Keys.ARROW_RIGHT)
    wait_for("the live position", lambda: g.current_ply() == n and g.board() == live)
    # a click in the move list browses too
    g.d.find_elements(By.CSS_SELECTOR, "#moves [data-move]")[0].click()
    wait_for("ply 1 shown", lambda: g.current_ply() == 1)
    g.key(Keys.END)
    wait_for("the live position", lambda: g.current_ply() == n and g.board() == live)
    s = g.state()
    assert s["mode"] == "play-white" and s["human_to_move"] and len(s["moves"]) == n, s["mode"]
    g.key("f")
    wait_for("the board flipped", lambda: g.squares()[0] == "h1")
    g.key("f")
    wait_for("the board back", lambda: g.squares()[0] == "a8")
    print("browsing a game against the engine: ok")


def shown(g, css):
    els = g.d.find_elements(By.CSS_SELECTOR, css)
    return bool(els) and els[0].is_displayed()


def resign_draw_rematch(g):
    """Against the engine: a draw offer declined, a resignation confirmed,
    the game-over dialog, a rematch with the colours swapped; at a hotseat
    board a draw offer is agreed."""
    g.load("chess")
    g.set_text("tc", "0:10+0.1")
    g.select("mode", "play-white")
    wait_for("play-white mode", lambda: g.state()["mode"] == "play-white")
    g.el("#new-game").click()
    wait_for("the person's turn", lambda: g.state()["human_to_move"] and shown(g, "#abort"))
    g.el("#draw").click()
    wait_for("the engine declines", lambda: "declines the draw" in g.text("message"))
    assert g.text("result") == "", g.text("result")
    g.el("#resign").click()
    wait_for("the confirmation", lambda: shown(g, '[data-confirm="resign"]'))
    g.el('[data-confirm="resign"]').click()
    wait_for("the resignation", lambda: g.text("result") == "0-1 \u2014 White resigns")
    wait_for("the game-over dialog", lambda: shown(g, "#game-over") and g.text("go-result") == "0-1")
    assert g.mode() == "play-white"
    g.shot("game-over")
    g.el("#rematch").click()
    wait_for("the rematch, colours swapped", lambda: g.mode() == "play-black" and g.text("result") == "")
    wait_for("the engine's first move as White", lambda: len(g.moves()) == 1, GAME_PATIENCE)
    assert not shown(g, "#game-over")
    g.load("chess", mode="hotseat")
    g.el("#draw").click()
    wait_for("the draw agreed", lambda: g.text("result") == "1/2-1/2 \u2014 draw agreed")
    print("resign, draw, rematch: ok")


SCORE = re.compile(r"^(-?\d+|mate -?\d+)$")


def evaluation(g):
    """Analysis: the eval bar's score from White's view, the lines numbered
    1, 2, 3 under an `eval (White)` heading, each line's first move an arrow."""
    g.load("chess", mode="analysis")
    wait_for("the eval bar's score", lambda: SCORE.match(g.el("#eval-bar").get_attribute("data-score") or ""))
    wait_for("three lines", lambda: g.d.execute_script(
        "return [...document.querySelectorAll('#engine-output td.line-no')].map(e => e.textContent).join()") == "1,2,3")
    heads = g.d.execute_script("return [...document.querySelectorAll('#engine-output th')].map(e => e.textContent)")
    assert "eval (White)" in heads, heads
    assert "turncoat #2" not in g.text("engine-output"), g.text("engine-output")
    wait_for("the lines' arrows", lambda: len(g.d.find_elements(By.CSS_SELECTOR, "#arrows .arrow-best")) >= 2)
    print("evaluation: ok")


def overflow(g):
    return g.d.execute_script("return document.documentElement.scrollWidth - innerWidth")


def phone(g):
    """At 390 and 360 px wide, in every mode: no horizontal overflow, the
    board nearly as wide as the screen."""
    g.load("chess", mode="hotseat")
    g.set_text("tc", "1+1")
    for width in (390, 360):
        g.d.set_window_size(width, 844)
        for mode in ["hotseat", "play-white", "play-black", "watch", "analysis"]:
            g.select("mode", mode)
            wait_for(f"mode {mode}", lambda: g.state()["mode"] == mode)
            wait_for(f"no overflow at {width} px in {mode}", lambda: overflow(g) <= 0, 5)
        board = g.d.execute_script("return document.getElementById('board').getBoundingClientRect().width")
        assert board >= width - 60, (width, board)
    g.shot("phone-light")
    g.select("theme", "dark")
    g.shot("phone-dark")
    g.select("theme", "system")
    g.d.set_window_size(1360, 1000)
    g.load("chess", mode="hotseat")
    print("phone widths: ok")


def preferences(g):
    """The sound toggle, theme and board colours are remembered."""
    g.el("#sound").click()
    assert not g.el("#sound").is_selected()
    g.select("theme", "dark")
    g.select("board-theme", "green")
    wait_for("the dark theme", lambda: g.d.execute_script("return document.documentElement.dataset.theme") == "dark")
    g.d.refresh()
    wait_for("the page again", lambda: g.d.find_elements(By.CSS_SELECTOR, "[data-square]"))
    assert not g.el("#sound").is_selected(), "the sound toggle is not remembered"
    assert g.d.execute_script("return [document.documentElement.dataset.theme, document.documentElement.dataset.board]") == ["dark", "green"]
    g.el("#sound").click()
    g.select("theme", "system")
    g.select("board-theme", "brown")
    g.d.refresh()
    wait_for("the page again", lambda: g.d.find_elements(By.CSS_SELECTOR, "[data-square]"))
    assert g.el("#sound").is_selected()
    print("preferences remembered: ok")


def right_drag(g, a, b, key=None):
    act = ActionBuilder(g.d)
    if key:
        act.key_action.key_down(key)
        act.pointer_action.pause(0)
    act.pointer_action.move_to(g.el(f'[data-square="{a}"]')).pointer_down(MouseButton.RIGHT)
    act.pointer_action.move_to(g.el(f'[data-square="{b}"]')).pointer_up(MouseButton.RIGHT)
    if key:
        act.key_action.pause(0).pause(0).pause(0).key_up(key)
    act.perform()


def drawing(g):
    """Arrows and circles drawn by right-drag: green, red with Shift; the
    same again removes it; a left click clears all."""
    g.load("chess", mode="hotseat")
    right_drag(g, "e2", "e4")
    wait_for("a green arrow e2e4", lambda: g.d.find_elements(By.CSS_SELECTOR, '[data-arrow="e2e4"].green'))
    right_drag(g, "d5", "d5", Keys.SHIFT)
    wait_for("a red circle d5", lambda: g.d.find_elements(By.CSS_SELECTOR, '[data-circle="d5"].red'))
    right_drag(g, "e2", "e4")
    wait_for("the arrow removed", lambda: not g.d.find_elements(By.CSS_SELECTOR, "[data-arrow]"))
    g.click_square("h5")
    wait_for("the drawing cleared", lambda: not g.d.find_elements(By.CSS_SELECTOR, "[data-circle]"))
    print("arrows and circles: ok")


def watch_game(g, variant):
    """Engine against engine in `variant` to the end; returns (plies, result)."""
    g.load(variant)
    g.set_text("tc", WATCH_TC)
    g.select("mode", "watch")
    wait_for("watch mode", lambda: g.state()["mode"] == "watch")
    g.el("#new-game").click()
    shot_at = 24 if variant in ("chess", "pacifist2") else None
    end = time.time() + GAME_PATIENCE
    while time.time() < end:
        result = g.text("result")
        if result:
            break
        if shot_at and len(g.moves()) >= shot_at:
            if variant == "pacifist2":
                g.el("#overlay").click()
            g.shot(variant)
            if variant == "pacifist2":
                g.el("#overlay").click()
            shot_at = None
        time.sleep(0.2)
    else:
        raise AssertionError(f"{variant}: no result after {GAME_PATIENCE} s; moves {g.moves()}")
    assert "illegal" not in result.lower(), f"{variant}: {result}"
    plies = g.moves()
    assert plies, f"{variant}: a game without moves ended: {result}"
    # the page's board is the server's final position
    st = g.state()
    wait_for("the final board drawn", lambda: g.board() == st["board"])
    print(f"watch {variant}: {len(plies)} plies, {result}")
    return len(plies), result


LICHESS_PGN = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "lichess.pgn")).read()


def lichess_pgn_import(g):
    """A PGN as lichess exports it (SAN, eval and clock comments, NAGs, a
    variation, annotations) is imported and stepped through; the list reads
    in SAN, the evaluations are graphed."""
    g.load("chess")
    g.d.execute_script("const t = document.getElementById('pgn-text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));", LICHESS_PGN)
    g.el("#pgn-import").click()
    wait_for("the 22 plies of the main line", lambda: len(g.moves()) == 22)
    shown = g.d.execute_script("return [...document.querySelectorAll('#moves [data-move]')].map(e => e.textContent)")
    assert shown[:4] == ["e4", "e5", "Nf3", "Nc6"] and shown[8] == "O-O" and shown[21] == "Qc7", shown
    assert g.moves()[:3] == ["e2e4", "e7e5", "g1f3"] and g.moves()[8] == "e1g1", g.moves()
    wait_for("the PGN's evaluations graphed", lambda: g.d.find_elements(By.CSS_SELECTOR, "#eval-graph .g-line"))
    title = g.el('#moves [data-ply="5"]').get_attribute("title")
    assert "\u22121.50" in title and "White" in title, title
    g.d.find_elements(By.CSS_SELECTOR, "#moves [data-move]")[8].click()
    wait_for("White castled after ply 9", lambda: g.board().get("g1") == "wK" and g.board().get("f1") == "wR")
    print("lichess pgn import: 22 plies, ok")


def pgn_import(g, workdir):
    pgn_path = os.path.join(workdir, "match.pgn")
    out = subprocess.run(
        [ENGINE, "match", "-engine", f"cmd={ENGINE}", "name=one", "depth=2", "-engine", f"cmd={ENGINE}", "name=two",
         "depth=2", "-variant", "pacifist", "-games", "2", "-pgnout", pgn_path],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    text = open(pgn_path).read()
    first = text.split("\n\n[Event")[0]
    movetext = re.sub(r"\{[^}]*\}", " ", "\n".join(l for l in first.splitlines() if not l.startswith("[")))
    tokens = [t for t in movetext.split() if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
    fen_tag = re.search(r'\[FEN "([^"]+)"\]', first)
    g.load("pacifist")
    g.d.execute_script("const t = document.getElementById('pgn-text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));", text)
    g.el("#pgn-import").click()
    # The PGN is in SAN: the list shows it, `data-move` holds the engine's notation.
    wait_for("the imported moves", lambda: len(g.moves()) == len(tokens))
    shown = g.d.execute_script("return [...document.querySelectorAll('#moves [data-move]')].map(e => e.textContent)")
    assert shown == tokens, (shown, tokens)
    positions = replay(fen_tag.group(1) if fen_tag else None, g.moves())
    n = len(tokens)
    assert len(g.d.find_elements(By.CSS_SELECTOR, "#moves [data-move]")) == n
    boards = []
    for k in sorted({1, 2, n // 2, n - 1, n} & set(range(1, n + 1))):
        g.d.find_elements(By.CSS_SELECTOR, "#moves [data-move]")[k - 1].click()
        want = placement(positions[k])
        wait_for(f"the position after ply {k}", lambda: g.board() == want)
        boards.append(g.board())
    assert len({json.dumps(b, sort_keys=True) for b in boards}) > 1, "stepping does not change the board"
    print(f"pgn import: {len(tokens)} plies stepped, ok")


def replay(fen, moves):
    """FEN placement after each ply, from the engine's own `d` (UCI)."""
    script = ["uci", "setoption name UCI_Variant value pacifist"]
    start = f"fen {fen}" if fen else "startpos"
    for k in range(len(moves) + 1):
        script.append(f"position {start} moves {' '.join(moves[:k])}".rstrip() if k else f"position {start}")
        script.append("d")
    script.append("quit")
    out = subprocess.run([ENGINE], input="\n".join(script) + "\n", capture_output=True, text=True, timeout=60).stdout
    fens = [l.split(": ", 1)[1] for l in out.splitlines() if l.startswith("Fen: ")]
    assert len(fens) == len(moves) + 1, out[-2000:]
    return fens


def security(g):
    status, body = http_json(g, "GET", "/api/state", token=False)
    assert 400 <= status < 500, (status, body)
    status, _ = http_json(g, "GET", "/", token=False)
    assert 400 <= status < 500, status
    status, body = http_json(g, "POST", "/api/new", {"variant": "chess", "fen": None, "mode": "hotseat"}, token=False)
    assert 400 <= status < 500, (status, body)
    status, body = http_json(g, "GET", "/api/state", headers={"Origin": "http://evil.example"})
    assert 400 <= status < 500, (status, body)
    status, body = http_json(g, "POST", "/api/undo", {}, headers={"Origin": "http://evil.example"})
    assert 400 <= status < 500, (status, body)
    status, body = http_json(g, "GET", "/api/state", headers={"Host": f"evil.example:{g.port}"})
    assert 400 <= status < 500, (status, body)
    status, body = http_json(g, "GET", "/api/state")
    assert status == 200 and "variant" in body, (status, body)
    print("security: ok")


# ------------------------------------------------------------------ learning at the board
def hover(g, sq):
    ActionChains(g.d).move_to_element(g.el(f'[data-square="{sq}"]')).perform()


def learn_rules_lesson(g):
    """docs/rules.md §2.3, the cascade (the seed's diagram 1), from the rules panel: set up, its
    move offered, played, the cascade converting seven men, each explained."""
    g.load("pacifist")
    # the book's "Your first game" opens the panel, its lesson first
    lessons = wait_for("the rules panel", lambda: g.d.find_elements(By.CSS_SELECTOR, "#rules .rules-lessons [data-diagram]"))
    assert lessons[0].get_attribute("data-diagram") == "pacifist-first-game", lessons[0].get_attribute("data-diagram")
    assert "Your first game" in g.text("rules")
    first = g.el('#rules .rules-lessons [data-diagram="pacifist-cascade"]')
    assert "1.Ne3-f5" in first.text, first.text
    first.click()
    wait_for("the diagram set up", lambda: g.board() == placement(RULES_DIAGRAM_1) and g.moves() == [])
    wait_for("its move offered", lambda: "e3\u2192f5" in g.text("lesson")
             and g.d.execute_script("return [...document.querySelectorAll('[data-hint]')].map(e => e.dataset.square).sort().join()") == "e3,f5")
    g.click_square("e3")
    g.click_square("f5")
    wait_for("e3f5 played", lambda: g.moves() == ["e3f5"])
    after = wait_for("the cascade played", lambda: (b := g.board()) == placement(RULES_DIAGRAM_1_AFTER) and b)
    assert sum(1 for sq in ["d8", "f8", "g8", "e7", "f7", "g7", "h7"] if after[sq][0] == "w") == 7, after
    wait_for("the lesson done", lambda: "played" in g.text("lesson"))
    hover(g, "e7")
    wait_for("why e7 converted", lambda: "e7: converted to white in wave 1 of 4" in g.text("explain") and "Nf5 attacked it" in g.text("explain"))
    # the book's pictures drawn in the panel; a link out of the section
    # opens the whole book (GET /book) with the page's token
    g.d.execute_script("document.querySelector('#rules details.rules-text').open = true")
    assert len(g.d.find_elements(By.CSS_SELECTOR, "#rules figure svg")) == 21  # every picture of docs/rules.md §2
    link = g.el('#rules a[data-book="s1.3.1"]')
    href = link.get_attribute("href")
    assert href.startswith(g.base + "book?token=") and href.endswith("#s1.3.1"), href
    assert link.get_attribute("target") == "_blank"
    with urllib.request.urlopen(href.split("#")[0], timeout=PATIENCE) as res:
        book = res.read().decode()
    assert 'id="s1.3.1"' in book and book.count("<svg") == 66, len(book)  # every picture of the book
    g.select("theme", "dark")
    g.d.execute_script("window.scrollTo(0, 0); const r = document.getElementById('rules'); "
                       "r.scrollTop = r.querySelector('figure').offsetTop - r.offsetTop - 90;")
    g.shot("rules-dark")
    g.select("theme", "system")
    g.d.execute_script("document.querySelector('#rules details.rules-text').open = false; window.scrollTo(0, 0)")
    print("rules panel lesson (the pacifist cascade): ok")


def learn_threat_explained(g):
    """docs/rules.md §2.2.3: the knight d5, attacked by the rook d2 and the
    queen behind it, undefended."""
    g.load("pacifist", "4k3/8/8/3n4/8/8/3R4/3Q2K1 b - - 0 1")
    d5 = wait_for("d5 explained", lambda: g.el('[data-square="d5"]').get_attribute("data-explain"))
    assert d5.startswith("persuasion 2 > support 0: Qd1 and Rd2 attack it, nothing defends it"), d5
    assert g.el('[data-square="d5"]').get_attribute("data-explain-kind") == "threatened"
    hover(g, "d5")
    wait_for("the explanation shown", lambda: "persuasion 2 > support 0" in g.text("explain"))
    print("pacifist threat explained: ok")


def learn_apocalypse_speculation(g):
    """docs/rules.md §5.3: at the start a2a3 is sure, a2b3 speculative."""
    g.load("apocalypse", APOCALYPSE_START)
    g.click_square("a2")
    dests = wait_for("a2's destinations", lambda: (d := g.d.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('[data-dest]')].map(e => [e.dataset.dest, "
        "'speculative' in e.dataset ? e.dataset.condition : 'sure']))")) and len(d) >= 2 and d)
    assert dests.get("a3") == "sure", dests
    assert dests.get("b3", "sure") != "sure" and "Black plays \u2026Nb3" in dests["b3"], dests
    note = wait_for("the risk stated", lambda: (t := g.text("explain")) and "penalty point" in t and t)
    assert "b3: speculative" in note, note
    g.click_square("a2")
    wait_for("a2 deselected", lambda: not g.d.find_elements(By.CSS_SELECTOR, "[data-dest]"))
    print("apocalypse sure and speculative destinations: ok")


def learn_subversion_price(g):
    """docs/rules.md §4.1, the subversion diagram after 1.e4 Nf6 2.e5: the
    knight f6 selected, the pawn e5 costs one pawn; then bought."""
    g.load("subversion")
    lesson = wait_for("the subversion lessons", lambda: g.d.find_elements(By.CSS_SELECTOR, '#rules [data-diagram="subversion-pawn"]'))
    lesson[0].click()
    fen = "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    wait_for("the diagram set up", lambda: g.board() == placement(fen))
    g.click_square("f6")
    wait_for("e5's price", lambda: g.el('[data-square="e5"]').get_attribute("data-price") == "1 pawn")
    g.click_square("f6")
    g.click_square("e5")
    g.click_choice("@e5a7")
    wait_for("the pawn bought", lambda: g.board().get("e5") == "bP" and "a7" not in g.board())
    print("subversion price: ok")


def summary(name, xs):
    if not xs:
        return f"{name}: no samples"
    return f"{name}: {len(xs)} samples, median {statistics.median(xs):.1f} ms, worst {max(xs):.1f} ms"


def main():
    t0 = time.time()
    workdir = tempfile.mkdtemp(prefix="turncoat-gui-test-")
    g = Gui()
    try:
        full_strength(g)
        security(g)
        pacifist_diagrams(g)
        chess_check(g)
        evaluation(g)
        preferences(g)
        drawing(g)
        phone(g)
        subversion_payment(g)
        apocalypse_turns(g)
        learn_rules_lesson(g)
        learn_threat_explained(g)
        learn_apocalypse_speculation(g)
        learn_subversion_price(g)
        pgn_import(g, workdir)
        lichess_pgn_import(g)
        play_engine(g)
        premoves(g)
        resign_draw_rematch(g)
        clicks = list(g.timings()["click"])
        for variant in ["chess", "pacifist", "pacifist2", "subversion", "apocalypse"]:
            watch_game(g, variant)
        t = g.timings()
        errors = g.js_errors()
        assert not errors, errors
    finally:
        g.close()
        shutil.rmtree(workdir, ignore_errors=True)
    print(summary("click to board redrawn", clicks))
    print(summary("engine move received to board drawn", t["engine"]))
    print(f"total {time.time() - t0:.0f} s")
    print("gui browser: ok")


if __name__ == "__main__":
    main()
