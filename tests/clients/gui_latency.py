#!/usr/bin/env python3
"""Measures what a player feels in `turncoat gui`, for docs/experiments.md:
click → board redrawn and engine move received → board drawn (median and
worst, from the page's own `window.turncoatTimings`), for one or more
turncoat binaries, interleaved so that a busy machine weighs on each alike.

    python3 tests/clients/gui_latency.py OLD_BINARY NEW_BINARY [-rounds 2]

Not a test: it asserts nothing about time. It uses only the page contract
of docs/gui.md (`data-square`, `#mode`, `#new-game`, `#result`), so that it
runs against older builds too. Needs Chromium, chromedriver and selenium.
"""

import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.argv = sys.argv[:1] + ["unused"] + sys.argv[1:]
import gui_browser as gb  # noqa: E402

PLIES = 120
VARIANTS = ["pacifist2", "chess"]


def clicks(g, variant, rng):
    """A hotseat game of `variant` entered by clicks, random legal plies."""
    g.load(variant)
    for _ in range(PLIES):
        st = g.state()
        simple = [m for m in st["legal"] if m.get("to") and len(m["move"]) == 4]
        if st["result"] or not simple:
            break
        m = rng.choice(simple)
        n = len(st["moves"])
        g.click_square(m["from"])
        g.click_square(m["to"])
        gb.wait_for("the ply played", lambda: len(g.state()["moves"]) > n)
    time.sleep(0.3)


def measure(binary, seed):
    gb.ENGINE = binary
    g = gb.Gui()
    try:
        rng = random.Random(seed)
        for v in VARIANTS:
            clicks(g, v, rng)
        gb.watch_game(g, "pacifist2")
        t = g.timings()
        return list(t["click"]), list(t["engine"])
    finally:
        g.close()


def summary(xs):
    if not xs:
        return "no samples"
    return f"{len(xs)} samples, median {statistics.median(xs):.1f} ms, worst {max(xs):.1f} ms"


def main():
    args = sys.argv[2:]
    rounds = 2
    if "-rounds" in args:
        i = args.index("-rounds")
        rounds = int(args[i + 1])
        del args[i : i + 2]
    results = {b: ([], []) for b in args}
    for r in range(rounds):
        for b in args:
            c, e = measure(b, seed=r)
            results[b][0].extend(c)
            results[b][1].extend(e)
            print(f"round {r + 1} {b}: click {summary(c)}; engine {summary(e)}", flush=True)
    for b, (c, e) in results.items():
        print(f"{b}\n  click to board redrawn: {summary(c)}\n  engine move to board drawn: {summary(e)}")


if __name__ == "__main__":
    main()
