#!/usr/bin/env python3
"""Writes the seed inputs of the fuzz targets into fuzz/seeds/TARGET/:
FENs of every variant (fen), moves from a few positions (moves), and the
recorded protocol sessions of tests/sessions/ (protocol). Run from the
repository root: python3 fuzz/make_seeds.py"""

import hashlib
import os
import re

VARIANTS = ["chess", "pacifist", "pacifist2", "subversion", "apocalypse"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = os.path.join(ROOT, "fuzz", "seeds")


def write(target, data):
    d = os.path.join(SEEDS, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def positions():
    """The position lists of fuzz/src/lib.rs, by variant index."""
    src = open(os.path.join(ROOT, "fuzz", "src", "lib.rs")).read()
    out = {}
    for m in re.finditer(r"Variant::(\w+)(?: \| Variant::(\w+))? => &\[(.*?)\]", src, re.S):
        fens = re.findall(r'"([^"]+)"', m.group(3))
        for name in filter(None, m.groups()[:2]):
            out[VARIANTS.index(name.lower())] = fens
    return out


def main():
    pos = positions()
    for v, fens in pos.items():
        for i, fen in enumerate(fens):
            write("fen", bytes([v]) + fen.encode())
            write("moves", bytes([v, i]) + b"#0 #1 #2 #3 - #4 #5")
    # Full boards with the empty squares one by one: a single changed
    # byte puts a 17th piece on a side (piece-count limits).
    for v in range(4):
        write("fen", bytes([v]) + b"rnbqkbnr/pppppppp/11111111/11111111/11111111/11111111/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    write("fen", bytes([4]) + b"npppn/p111p/11111/P111P/NPPPN w 00 1")
    write("moves", bytes([0, 0]) + b"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 e1h1")
    write("moves", bytes([3, 1]) + b"@e5a1 @e5d2f2 @e5g1a2b2h2")
    write("moves", bytes([4, 0]) + b"a1b3 e5d3 b1b2 - b1c2 b4c5,c5d2 a2a3n")
    sessions = os.path.join(ROOT, "tests", "sessions")
    for name in sorted(os.listdir(sessions)):
        proto, variant = name.split(".")[0].split("-")
        lines = [l[2:] for l in open(os.path.join(sessions, name)).read().splitlines() if l.startswith("> ")]
        if proto == "xboard" and lines and lines[0] == "xboard":
            lines = lines[1:]
        first = (VARIANTS.index(variant) << 1) | (proto == "xboard")
        write("protocol", bytes([first]) + "\n".join(lines).encode())


main()
