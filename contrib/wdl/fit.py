#!/usr/bin/env python3
"""Fits turncoat's win/draw/loss model (docs/review.md) to `turncoat datagen` data.

    python3 contrib/wdl/fit.py VARIANT FILE... [--within CP]

Each data line is `FEN | score | result` (score: centipawns, white's side;
result: the game's for white). The model, for a score s from one side's view:

    win(s)  = 1 / (1 + exp(-(s - a) / b))
    loss(s) = 1 / (1 + exp(-(-s - a) / b))
    draw(s) = 1 - win(s) - loss(s)

(Stockfish's form; a >= 0, b > 0). The fit maximises the likelihood of
the games' results (a multinomial in win/draw/loss) over (a, b), with every
position counted from both sides (white's score and result, and their
negation for black), so the model is symmetric. Prints the parameters as
the Rust constants of src/review/wdl.rs and a calibration table: positions
by score bucket, the mean predicted score (win + draw/2) against the mean
observed result, and predicted against observed win/draw/loss shares.
`--within CP` fits to the positions scored within +-CP only (the table
still shows them all): for data whose far buckets are not monotone
(apocalypse, docs/experiments.md). Standard library only.
"""
import math
import sys
from collections import Counter

BUCKETS = [-10**9, -800, -400, -200, -100, -50, -20, 20, 50, 100, 200, 400, 800, 10**9]
CLIP = 3000  # scores beyond this many centipawns count as this


def read(files):
    """(score, result) pairs, white's view, from data files."""
    data = Counter()
    for path in files:
        with open(path) as f:
            for line in f:
                if not line.strip() or line.startswith("#"):
                    continue
                parts = [p.strip() for p in line.split("|")]
                if len(parts) != 3:
                    continue
                s = max(-CLIP, min(CLIP, int(parts[1])))
                r = float(parts[2])
                data[(s, r)] += 1
                data[(-s, 1.0 - r)] += 1
    return data


def wdl(s, a, b):
    w = 1.0 / (1.0 + math.exp(max(-700.0, min(700.0, -(s - a) / b))))
    l = 1.0 / (1.0 + math.exp(max(-700.0, min(700.0, -(-s - a) / b))))
    return w, max(0.0, 1.0 - w - l), l


def nll(data, a, b):
    total = 0.0
    for (s, r), n in data.items():
        w, d, l = wdl(s, a, b)
        p = w if r == 1.0 else l if r == 0.0 else d
        total -= n * math.log(max(p, 1e-12))
    return total


def fit(data):
    """Coordinate search on (a, b), halving the steps until they are small."""
    a, b = 50.0, 150.0
    step_a, step_b = 40.0, 80.0
    best = nll(data, a, b)
    while step_a > 0.05 or step_b > 0.05:
        moved = False
        for da, db in ((step_a, 0), (-step_a, 0), (0, step_b), (0, -step_b)):
            na, nb = max(0.0, a + da), max(1.0, b + db)
            v = nll(data, na, nb)
            if v < best - 1e-9:
                a, b, best, moved = na, nb, v, True
                break
        if not moved:
            step_a /= 2
            step_b /= 2
    return a, b, best


def calibration(data, a, b):
    rows = []
    for lo, hi in zip(BUCKETS, BUCKETS[1:]):
        n = pred = obs = 0.0
        pw = pd = pl = ow = od = ol = 0.0
        for (s, r), k in data.items():
            if lo <= s < hi:
                w, d, l = wdl(s, a, b)
                n += k
                pred += k * (w + d / 2)
                obs += k * r
                pw, pd, pl = pw + k * w, pd + k * d, pl + k * l
                ow += k * (r == 1.0)
                od += k * (r == 0.5)
                ol += k * (r == 0.0)
        if n:
            rows.append((lo, hi, int(n), pred / n, obs / n,
                         (pw / n, pd / n, pl / n), (ow / n, od / n, ol / n)))
    return rows


def label(lo, hi):
    if lo <= -10**9:
        return f"< {hi}"
    if hi >= 10**9:
        return f">= {lo}"
    return f"{lo} .. {hi}"


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    within = None
    if "--within" in args:
        at = args.index("--within")
        within = int(args[at + 1])
        del args[at:at + 2]
    variant, files = args[0], args[1:]
    data = read(files)
    positions = sum(data.values()) // 2
    fitted = data if within is None else Counter(
        {k: n for k, n in data.items() if abs(k[0]) <= within})
    a, b, loss = fit(fitted)
    loss /= sum(fitted.values())
    if within is not None:
        print(f"fitted to the {sum(fitted.values()) // 2} positions within +-{within} cp")
    games = sum(1 for path in files for line in open(path) if line.startswith("# game"))
    print(f"{variant}: {games} games, {positions} positions, a = {a:.1f}, b = {b:.1f}, "
          f"log loss {loss:.4f} per position")
    print(f"    {variant.upper()}: Model {{ a: {a:.1f}, b: {b:.1f} }},")
    print()
    print("(positions counted from both sides)")
    print("| score (cp) | positions | predicted | observed | predicted W/D/L % | observed W/D/L % |")
    print("|---|---|---|---|---|---|")
    for lo, hi, n, pred, obs, p, o in calibration(data, a, b):
        pct = lambda t: "/".join(f"{100 * x:.0f}" for x in t)
        print(f"| {label(lo, hi)} | {n} | {pred:.3f} | {obs:.3f} | {pct(p)} | {pct(o)} |")


if __name__ == "__main__":
    main()
