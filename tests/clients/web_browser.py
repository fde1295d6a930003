"""Drives the web build (`make web`, docs/web.md) in a real browser:
Chromium, headless, over WebDriver, from a plain static server on
127.0.0.1, every other address refused. Through the page's DOM contract
(docs/gui.md) and the test hook `window.turncoatState()` (the state the
page draws, as `turncoat gui`'s GET /api/state):

* the page loads, nothing fetched from elsewhere, no error on the console;
* a game in each variant against the engine in the Web Worker: moves by
  clicks, each answered; then engine against engine at level 1 to its end;
* a take-back while the engine thinks (at full strength);
* the rules panel sets a diagram up and plays it; the book opens;
* PGN export and import round-trip;
* a reload restores the game in progress, and the engine plays on;
* offline after the first visit: the server gone, the page loads and plays.

Usage: python3 web_browser.py SITE_DIR   (target/web)

Prints measurements (navigation to a playable board, take-back latency)
and ends with "web browser: ok".
"""
import functools
import http.server
import os
import shutil
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

SITE = sys.argv[1]
PATIENCE = 30
GAME_PATIENCE = 240
VARIANTS = ["pacifist", "pacifist2", "subversion", "apocalypse", "chess"]
RULES_DIAGRAM_1 = "rkqn1rb1/ppppppbp/P7/1n4p1/8/4N3/1PPPPPPP/RNK1BBQR w - - 0 1"
RULES_DIAGRAM_1_AFTER = "rkqN1RB1/ppppPPBP/P7/1n3Np1/8/8/1PPPPPPP/RNK1BBQR"


def placement(fen, size=8):
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
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


class Quiet(http.server.SimpleHTTPRequestHandler):
    """A plain static server, as `python3 -m http.server` is (with the
    types a page needs for WebAssembly and a manifest)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, *args):
        pass


class Site:
    """The static server (which can be stopped and started again on its
    port) and one browser on it."""

    def __init__(self):
        self.port = None
        self.server = None
        self.start_server()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.profile = tempfile.mkdtemp(prefix="turncoat-web-chromium-")
        opts = Options()
        for a in [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", f"--user-data-dir={self.profile}", "--window-size=1360,1000",
            # Every other address refused: names resolve nowhere, and any
            # address but this machine's goes to a proxy that is not there.
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
            "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1",
        ]:
            opts.add_argument(a)
        opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
        self.d = webdriver.Chrome(service=service, options=opts)

    def start_server(self):
        handler = functools.partial(Quiet, directory=SITE)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port or 0), handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop_server(self):
        self.server.shutdown()
        self.server.server_close()

    def close(self):
        try:
            self.d.quit()
        finally:
            self.stop_server()
            shutil.rmtree(self.profile, ignore_errors=True)

    def open(self):
        """Loads the page; the seconds from navigation to a board the
        person can move on."""
        self.d.get(self.base)
        # performance.now() counts from the navigation's start: the first
        # frame in which the board is there and the person may move.
        return self.d.execute_async_script(
            "const done = arguments[arguments.length - 1]; const t0 = performance.now();"
            "const poll = () => {"
            "  const ok = window.turncoatState && document.querySelector('[data-square] [data-piece]')"
            "    && window.turncoatState().human_to_move;"
            "  if (ok) done(performance.now()); else if (performance.now() - t0 > 30000) done(null);"
            "  else requestAnimationFrame(poll); };"
            "poll();") / 1000

    def playable(self):
        return self.d.execute_script(
            "return !!(window.turncoatState && document.querySelector('[data-square] [data-piece]')"
            " && window.turncoatState().human_to_move)")

    # ------------------------------------------------------------ DOM contract
    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def state(self):
        return self.d.execute_script("return window.turncoatState()")

    def board(self):
        return self.d.execute_script(
            "const b = {};"
            "for (const e of document.querySelectorAll('[data-square]')) {"
            "  const p = e.querySelector('[data-piece]'); if (p) b[e.dataset.square] = p.dataset.piece; }"
            "return b;")

    def moves(self):
        return self.d.execute_script("return [...document.querySelectorAll('#moves [data-move]')].map(e => e.dataset.move)")

    def text(self, id_):
        return self.d.execute_script(f"return document.getElementById('{id_}').textContent").strip()

    def click_square(self, sq):
        wait_for(f"square {sq}", lambda: self.el(f'[data-square="{sq}"]').is_displayed())
        self.el(f'[data-square="{sq}"]').click()

    def select(self, id_, value):
        Select(self.el(f"#{id_}")).select_by_value(value)

    def set_text(self, id_, value):
        box = self.el(f"#{id_}")
        box.clear()
        box.send_keys(value)

    def js_errors(self):
        return [e for e in self.d.get_log("browser") if e["level"] == "SEVERE"]

    def new_game(self, variant, mode, tc=None, levels=None):
        """A new game through the controls."""
        if Select(self.el("#variant")).first_selected_option.get_attribute("value") != variant:
            self.select("variant", variant)
            wait_for(f"variant {variant}", lambda: self.state()["variant"] == variant)
        if tc:
            self.set_text("tc", tc)
        if Select(self.el("#mode")).first_selected_option.get_attribute("value") != mode:
            self.select("mode", mode)
            asked = self.d.find_elements(By.CSS_SELECTOR, "#mode-ask:not([hidden]) #mode-here")
            if asked:
                asked[0].click()
            wait_for(f"mode {mode}", lambda: self.state()["mode"] == mode)
        for side, level in (levels or {}).items():
            self.select(f"level-{'white' if side == 'w' else 'black'}", str(level))
            wait_for(f"level {level}", lambda: self.state()["levels"][side] == level)
        seq = self.state()["seq"]
        self.el("#new-game").click()
        if mode == "watch":
            # the engines start at once: the game has begun, whatever it shows
            wait_for("a new game", lambda: self.state()["seq"] > seq)
        else:
            wait_for("a new game", lambda: self.moves() == [] and self.text("result") == "")

    def human_turn(self, timeout=GAME_PATIENCE):
        def turn():
            st = self.state()
            return st if st["human_to_move"] or st["result"] else None
        st = wait_for("the person's turn", turn, timeout)
        wait_for("the page at the same ply", lambda: self.moves() == [x["move"] for x in st["moves"]])
        return st

    def click_move(self, st, k):
        """A move of the state's legal list that two clicks enter (no
        chooser), picked by `k`; played through the DOM."""
        plain = [m for m in st["legal"] if m["to"] and sum(
            1 for x in st["legal"] if x["from"] == m["from"] and x["to"] == m["to"]) == 1]
        m = plain[(k * 7) % len(plain)]
        self.click_square(m["from"])
        self.click_square(m["to"])
        # an apocalypse speculation risks a penalty point: confirmed first
        risk = [e for e in self.d.find_elements(By.CSS_SELECTOR, f'[data-choice="{m["move"]}"]') if e.is_displayed()]
        if risk:
            risk[0].click()
        return m


# ------------------------------------------------------------------ checks
def loads(s):
    seconds = s.open()
    assert s.d.execute_script("return crossOriginIsolated === false || true")
    # Every resource came from this server.
    urls = s.d.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    foreign = [u for u in urls if not u.startswith(s.base) and not u.startswith("blob:") and not u.startswith("data:")]
    assert not foreign, foreign
    assert s.state()["engines"] == ["turncoat"], s.state()["engines"]
    errors = s.js_errors()
    assert not errors, errors
    print(f"navigation to a playable board: {seconds * 1000:.0f} ms")
    timing = s.d.execute_script(
        "const n = performance.getEntriesByType('navigation')[0]; return {dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd}")
    print(f"  DOMContentLoaded {timing['dcl']:.0f} ms, load {timing['load']:.0f} ms")


def play_against_engine(s, variant, person_moves=4):
    """The person (White, by clicks) against the engine at level 1: each
    move answered by the engine in the worker."""
    s.new_game(variant, "play-white", tc="5+0", levels={"b": 1})
    for k in range(person_moves):
        st = s.human_turn()
        if st["result"]:
            break
        before = len(s.moves())
        m = s.click_move(st, k)
        # (in apocalypse white's choice stays hidden until black's is made)
        wait_for(f"{m['move']} played", lambda: len(s.moves()) > before or s.state()["pending"] == "w")
        wait_for("the engine's answer", lambda: len(s.moves()) >= before + 2 or s.text("result"), GAME_PATIENCE)
    assert "illegal" not in s.text("result").lower(), s.text("result")
    print(f"{variant}: the person against the engine, {len(s.moves())} plies, ok")


def watch_to_the_end(s, variant):
    """Engine against engine, both at level 1, in the worker, to the end."""
    s.new_game(variant, "watch", tc="3+0", levels={"w": 1, "b": 1})
    result = wait_for(f"{variant}: the game's end", lambda: s.text("result"), GAME_PATIENCE)
    assert "illegal" not in result.lower() and "time" not in result.lower(), f"{variant}: {result}"
    st = s.state()
    wait_for("the final board drawn", lambda: s.board() == st["board"])
    assert len(s.moves()) > 2, s.moves()
    print(f"{variant}: engine against engine to the end, {len(s.moves())} plies, {result}")


def takeback_while_thinking(s):
    """At full strength the engine thinks a while: a take-back then
    answers at once, and the engine (a fresh worker) plays on."""
    s.new_game("chess", "play-white", tc="10+0", levels={"b": 8})
    st = s.human_turn()
    s.click_move(st, 0)
    wait_for("the engine thinking", lambda: s.state()["thinking"] == "b")
    wait_for("its first lines", lambda: s.state()["engine_output"], PATIENCE)
    workers = s.d.execute_script("return window.turncoatWorkers()")
    took = s.d.execute_script(
        "const t0 = performance.now(); document.getElementById('undo').click();"
        "return new Promise((done) => { const poll = () => {"
        "  const st = window.turncoatState();"
        "  if (st.moves.length === 0 && st.human_to_move && !document.querySelector('#moves [data-move]'))"
        "    done(performance.now() - t0); else requestAnimationFrame(poll); }; poll(); });")
    assert s.state()["thinking"] is None
    # the search was ended with its worker, a fresh one started
    assert s.d.execute_script("return window.turncoatWorkers()") == workers + 1
    print(f"take-back while the engine thinks: the board back in {took:.0f} ms")
    # the engine plays on in its fresh worker
    st = s.human_turn()
    s.click_move(st, 1)
    wait_for("the engine's answer after the take-back", lambda: len(s.moves()) == 2, GAME_PATIENCE)
    assert s.state()["result"] == ""
    s.select("mode", "hotseat")
    wait_for("hotseat", lambda: s.state()["mode"] == "hotseat")
    return took


def rules_diagram(s):
    s.new_game("pacifist", "hotseat")
    wait_for("the rules panel", lambda: s.d.find_elements(By.CSS_SELECTOR, "#rules .rules-lessons [data-diagram]"))
    s.el('#rules .rules-lessons [data-diagram="pacifist-cascade"]').click()
    wait_for("the diagram set up", lambda: s.board() == placement(RULES_DIAGRAM_1) and s.moves() == [])
    s.click_square("e3")
    s.click_square("f5")
    wait_for("e3f5 played", lambda: s.moves() == ["e3f5"])
    wait_for("the cascade played", lambda: s.board() == placement(RULES_DIAGRAM_1_AFTER))
    href = s.el('#rules a[data-book="s1.3.1"]').get_attribute("href")
    assert href == s.base + "book.html#s1.3.1", href
    main = s.d.current_window_handle
    s.d.switch_to.new_window("tab")
    s.d.get(href)
    wait_for("the book", lambda: s.d.execute_script("return document.querySelectorAll('main svg').length") == 66)
    assert s.d.find_elements(By.ID, "s1.3.1")
    s.d.close()
    s.d.switch_to.window(main)
    print("rules panel: the cascade diagram played; the book opens, ok")


def pgn_round_trip(s):
    s.new_game("subversion", "hotseat")
    for k in range(6):
        st = s.human_turn()
        if st["result"]:
            break
        before = len(s.moves())
        s.click_move(st, k)
        wait_for("the move", lambda: len(s.moves()) == before + 1)
    played = s.moves()
    pgn = s.d.execute_script(
        "const a = document.getElementById('pgn-export');"
        "a.addEventListener('click', (e) => e.preventDefault(), { once: true }); a.click();"
        "return fetch(a.href).then((r) => r.text());")
    assert '[Variant "subversion"]' in pgn or "subversion" in pgn.lower(), pgn
    s.new_game("chess", "hotseat")
    s.d.execute_script("const t = document.getElementById('pgn-text'); t.value = arguments[0];"
                       "t.dispatchEvent(new Event('input'));", pgn)
    s.el("#pgn-import").click()
    wait_for("the imported game", lambda: s.moves() == played)
    assert s.state()["variant"] == "subversion"
    print(f"PGN export and import: {len(played)} plies round-trip, ok")


def reload_restores(s):
    s.new_game("pacifist2", "play-white", tc="5+0", levels={"b": 1})
    for k in range(3):
        st = s.human_turn()
        before = len(s.moves())
        s.click_move(st, k)
        wait_for("the engine's answer", lambda: len(s.moves()) >= before + 2, GAME_PATIENCE)
    s.human_turn()
    played = s.moves()
    s.d.refresh()
    wait_for("the page again", s.playable)
    wait_for("the game restored", lambda: s.moves() == played)
    st = s.state()
    assert st["mode"] == "play-white" and st["variant"] == "pacifist2" and st["levels"]["b"] == 1, st
    before = len(s.moves())
    for k in range(5, 10):
        s.click_move(st, k)
        wait_for("the person's move after the reload", lambda: len(s.moves()) > before)
        wait_for("the engine's answer or the end",
                 lambda: len(s.moves()) >= before + 2 or s.text("result"), GAME_PATIENCE)
        if len(s.moves()) >= before + 2:
            break
        # the person's move ended the game (all kings converted): another
        s.el("#undo").click()
        wait_for("the move taken back", lambda: len(s.moves()) == before and s.state()["human_to_move"])
        st = s.state()
    assert len(s.moves()) >= before + 2, f"the engine never answered after the reload: {s.moves()}"
    print(f"reload: the game ({len(played)} plies) restored and played on, ok")


def offline(s):
    wait_for("the service worker in charge",
             lambda: s.d.execute_script("return !!navigator.serviceWorker.controller"))
    s.stop_server()
    try:
        s.d.refresh()
        wait_for("the page offline", s.playable)
        print(f"  offline, from the service worker: playable {s.open() * 1000:.0f} ms after navigation")
        s.new_game("chess", "play-white", tc="5+0", levels={"b": 1})
        st = s.human_turn()
        s.click_move(st, 2)
        wait_for("the engine's answer offline", lambda: len(s.moves()) == 2, GAME_PATIENCE)
        book = s.d.execute_script("return fetch('book.html').then((r) => r.ok)")
        assert book
    finally:
        s.start_server()
    print("offline: the page loads from the service worker's copy and plays, ok")


def main():
    assert os.path.isfile(os.path.join(SITE, "index.html")), f"no site in {SITE}: make web"
    s = Site()
    try:
        loads(s)
        for variant in VARIANTS:
            play_against_engine(s, variant)
        for variant in VARIANTS:
            watch_to_the_end(s, variant)
        takeback_while_thinking(s)
        rules_diagram(s)
        pgn_round_trip(s)
        reload_restores(s)
        offline(s)
        errors = s.js_errors()
        assert not errors, errors
    except BaseException:
        # what the page showed and said when it failed
        print("state:", s.d.execute_script(
            "if (!window.turncoatState) return null; const t = turncoatState();"
            "return JSON.stringify({mode: t.mode, variant: t.variant, human_to_move: t.human_to_move,"
            " thinking: t.thinking, result: t.result, message: t.message, moves: t.moves.map((m) => m.move)})"))
        print("console:", s.d.get_log("browser"))
        raise
    finally:
        s.close()
    print("web browser: ok")


if __name__ == "__main__":
    main()
