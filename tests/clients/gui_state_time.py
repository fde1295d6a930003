#!/usr/bin/env python3
"""Measures the server's state for a long game in `turncoat gui`, for
docs/experiments.md: a pacifist2 game of PLIES random legal plies (a fixed
seed, the same plies for every binary) played at a hotseat board with
POST /api/move (each answer timed), then GET /api/state timed 300 times
with, between them, the floor: a GET of an unknown page (the same checks
and HTTP on 127.0.0.1, no state). The binaries take turns, the order
reversed every round, so that a busy machine weighs on each alike.

    python3 tests/clients/gui_state_time.py OLD_BINARY NEW_BINARY [-plies 143] [-rounds 4]

Not a test: it asserts nothing about time. It uses only the HTTP API of
docs/gui.md, so that it runs against older builds too.
"""
import http.client
import json
import random
import statistics
import subprocess
import sys
import time


def option(args, name, default):
    if name in args:
        i = args.index(name)
        value = int(args[i + 1])
        del args[i : i + 2]
        return value
    return default


ARGS = sys.argv[1:]
PLIES = option(ARGS, "-plies", 143)
ROUNDS = option(ARGS, "-rounds", 4)
BINS = ARGS


class Gui:
    """A `turncoat gui` server and one kept-alive HTTP connection to it."""

    def __init__(self, binary):
        self.p = subprocess.Popen(
            [binary, "gui", "--no-open", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        url = self.p.stdout.readline().strip().removeprefix("turncoat gui: ")
        base, self.token = url.split("/?token=")
        host, port = base.removeprefix("http://").split(":")
        self.c = http.client.HTTPConnection(host, int(port))

    def req(self, method, path, body=None):
        headers = {"Content-Type": "application/json"}
        self.c.request(method, f"{path}?token={self.token}", body=body, headers=headers)
        r = self.c.getresponse()
        return r.status, r.read()

    def close(self):
        self.p.kill()
        self.p.wait()


def line(binary, seed):
    """A game of PLIES random legal plies (a new seed if it ends sooner)."""
    while True:
        g = Gui(binary)
        g.req("POST", "/api/new", json.dumps({"variant": "pacifist2", "mode": "hotseat"}))
        rng = random.Random(seed)
        moves = []
        for _ in range(PLIES):
            s = json.loads(g.req("GET", "/api/state")[1])
            if s["result"] or not s["legal"]:
                break
            m = rng.choice(s["legal"])["move"]
            g.req("POST", "/api/move", json.dumps({"move": m}))
            moves.append(m)
        g.close()
        if len(moves) == PLIES:
            return moves
        seed += 1000


def measure(binary, moves, n=300):
    """The answers to the plies, the states and the floors, in ms."""
    g = Gui(binary)
    g.req("POST", "/api/new", json.dumps({"variant": "pacifist2", "mode": "hotseat"}))
    post = []
    for m in moves:
        t = time.perf_counter()
        st, _ = g.req("POST", "/api/move", json.dumps({"move": m}))
        post.append((time.perf_counter() - t) * 1000)
        assert st == 200, (m, st)
    state, floor = [], []
    size = 0
    for _ in range(n):
        t = time.perf_counter()
        _, body = g.req("GET", "/api/state")
        state.append((time.perf_counter() - t) * 1000)
        size = len(body)
        t = time.perf_counter()
        g.req("GET", "/none")
        floor.append((time.perf_counter() - t) * 1000)
    g.close()
    return post, state, floor, size

def main():
    med = statistics.median
    moves = line(BINS[0], 1)
    res = {b: ([], [], []) for b in BINS}
    for r in range(ROUNDS):
        for b in BINS if r % 2 == 0 else BINS[::-1]:
            post, state, floor, size = measure(b, moves)
            for acc, xs in zip(res[b], (post, state, floor)):
                acc.extend(xs)
            print(
                f"round {r + 1} {b}: state {med(state):.3f} ms, floor {med(floor):.3f} ms, "
                f"move {med(post):.2f} ms, {size} bytes",
                flush=True,
            )
    for b, (post, state, floor) in res.items():
        print(
            f"{b}\n  GET /api/state: median {med(state):.3f} ms (floor {med(floor):.3f} ms, "
            f"so the state {med(state) - med(floor):.3f} ms)\n"
            f"  POST /api/move, plies 1-{PLIES}: median {med(post):.2f} ms"
        )


if __name__ == "__main__":
    main()
