#!/usr/bin/env python3
"""The Elo scale of the levels (docs/strength.md), from the ladder's lines.

    contrib/ladder/scale.py [--anchors ANCHOR.txt] [--anchor VARIANT:LEVEL=ELO ...]
                            [--bottom ELO] [--rust FILE] LADDER.txt ...

Reads the lines of contrib/ladder/ladder.sh (variant, lower, upper, elo,
error, games[, wins, losses, draws]); the same pair in several files adds
up. Each step is the upper level's Elo over the lower's, from the lower
level's score with half a point of prior on each side (so that a sweep
gives a finite step; a pair not played yet takes the anchored
variant's step, and its row says so); a step measured at or below zero, which is noise
between two levels that differ, counts as MIN_STEP, so that the scale
rises and an Elo stands for one level. A variant's scale is the sum of
its steps from level 0, fitted to its anchors: --anchor chess:7=1350
puts chess level 7 at 1350; --anchors reads the lines of
contrib/ladder/anchor.sh (a level against Stockfish at UCI_Elo X: the
level's Elo is X plus its Elo against Stockfish). One anchor shifts the
scale; several place it on the straight line that fits them best (self-
play stretches the differences between levels of one engine, and the
line's slope measures by how much). A variant without an anchor takes
the anchored variant's stretch and places its level 0 at the anchored
variant's level 0 (a one-ply player in every variant); without any
anchor, level 0 is at --bottom (default 400) and the steps are the
self-play steps. The lowest level 0 is the lowest UCI_Elo.

Prints the calibration table in Markdown (level, Elo, the step to the
level above with its 95% error, games, the pair's clock) and, with --rust,
writes the table the engine reads (src/engine/strength/scale.rs).
"""
import argparse
import math
import sys
from collections import defaultdict

VARIANTS = ["chess", "pacifist", "pacifist2", "subversion", "apocalypse"]
LEVELS = 21
MIN_STEP = 10.0


def elo_of(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def read(paths):
    """{(variant, lower, upper): [wins, losses, draws]} of the lower level."""
    pairs = defaultdict(lambda: [0, 0, 0])
    for path in paths:
        with open(path) as f:
            for line in f:
                w = line.split()
                if len(w) < 6 or w[0] not in VARIANTS:
                    continue
                key = (w[0], int(w[1]), int(w[2]))
                games = int(w[5])
                if len(w) >= 9:
                    wins, losses, draws = int(w[6]), int(w[7]), int(w[8])
                else:
                    # An older line without the counts: its score, no draws.
                    elo = float(w[3])
                    score = 1.0 / (1.0 + 10 ** (-elo / 400.0)) if math.isfinite(elo) else float(elo > 0)
                    wins = round(score * games)
                    wins, losses, draws = wins, games - wins, 0
                for i, n in enumerate((wins, losses, draws)):
                    pairs[key][i] += n
    return pairs


def step(wins, losses, draws):
    """The upper level's Elo over the lower's, and its 95% error."""
    games = wins + losses + draws
    score = (wins + draws / 2 + 0.5) / (games + 1)
    var = (wins * (1 - score) ** 2 + losses * score**2 + draws * (0.5 - score) ** 2) / max(games, 1)
    se = math.sqrt(max(var, 1e-9) / max(games, 1))
    lo, hi = max(score - 1.96 * se, 1e-3), min(score + 1.96 * se, 1 - 1e-3)
    return -elo_of(score), (elo_of(hi) - elo_of(lo)) / 2


def span_over(pairs, variant, level):
    """The shortest pair of `variant` several levels apart (lower, upper)
    that spans `level` to `level + 1`, or None."""
    spans = [
        (upper - lower, lower, upper)
        for (v, lower, upper) in pairs
        if v == variant and upper - lower > 1 and lower <= level < upper
    ]
    return min(spans)[1:] if spans else None


def scale(pairs, variant, anchors, bottom, stretch, borrowed):
    """A variant's scale, its table rows and its stretch. A step the
    ladder did not play level to level, but within a pair several levels
    apart (RUNGS="0 4 8" plays 0-4 and 4-8), is an even share of that
    pair's step; a step played neither way takes the step of `borrowed`'s
    (the anchored variant's). The rows say which."""
    rows, raw = [], [0.0]
    for level in range(LEVELS - 1):
        counts = pairs.get((variant, level, level + 1))
        span = span_over(pairs, variant, level) if counts is None else None
        if span:
            lower, upper = span
            measured, error = step(*pairs[(variant, lower, upper)])
            share = max(measured, MIN_STEP * (upper - lower)) / (upper - lower)
            rows.append((level, share, error, sum(pairs[(variant, lower, upper)]), (lower, upper, measured)))
            raw.append(raw[-1] + share)
            continue
        if counts is None and borrowed and (borrowed, level, level + 1) in pairs:
            measured, _ = step(*pairs[(borrowed, level, level + 1)])
            rows.append((level, measured, None, 0, None))
        elif counts is None:
            sys.exit(f"scale.py: no {variant} pair {level}-{level + 1} in the ladder")
        else:
            measured, error = step(*counts)
            rows.append((level, measured, error, sum(counts), None))
        raw.append(raw[-1] + max(measured, MIN_STEP))
    if anchors:
        elo, stretch = fit(raw, sorted(anchors))
    else:
        elo = [bottom + stretch * r for r in raw]
    return [round(e) for e in elo], rows, stretch


def describe(row, borrowed):
    """A table cell for the step from a level to the next."""
    _, measured, error, _, span = row
    if span:
        lower, upper, whole = span
        return f"{measured:+.0f}, 1/{upper - lower} of {lower}→{upper}: {whole:+.0f} ± {error:.0f}"
    if error is None:
        return f"not played ({borrowed}'s {measured:+.0f})"
    return f"{measured:+.0f} ± {error:.0f}"


def fit(raw, anchors):
    """The raw self-play scale placed on the anchors [(level, elo, games)]:
    shifted through one; through several, the straight line elo = a + b *
    raw that fits them best (least squares weighted by games), since each
    anchor alone is a few dozen games' worth and self-play stretches the
    differences between levels of one engine by a factor b estimates."""
    if len(anchors) == 1:
        level, elo, _ = anchors[0]
        return [e - raw[level] + elo for e in raw], 1.0
    total = sum(g for _, _, g in anchors)
    mx = sum(raw[l] * g for l, _, g in anchors) / total
    my = sum(e * g for _, e, g in anchors) / total
    sxx = sum(g * (raw[l] - mx) ** 2 for l, _, g in anchors)
    sxy = sum(g * (raw[l] - mx) * (e - my) for l, e, g in anchors)
    if sxx <= 0 or sxy <= 0:
        sys.exit("scale.py: the anchors do not rise with the levels")
    b = sxy / sxx
    print(f"(anchors: stretch {b:.2f}, {len(anchors)} levels, {total} games)")
    return [my + b * (r - mx) for r in raw], b


def read_anchors(path):
    """{variant: [(level, elo)]} from anchor.sh's level lines."""
    counts = defaultdict(lambda: [0, 0, 0])
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) < 9 or not w[1].isdigit() or not w[2].startswith("SF"):
                continue
            key = (w[0], int(w[1]), int(w[2][2:]))
            for i in range(3):
                counts[key][i] += int(w[6 + i])
    anchors = defaultdict(list)
    for (variant, level, sf), (wins, losses, draws) in counts.items():
        # The level's Elo over Stockfish's, from its side of the score.
        over, _ = step(losses, wins, draws)
        anchors[variant].append((level, sf + over, wins + losses + draws))
    return anchors


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--anchor", action="append", default=[], help="VARIANT:LEVEL=ELO")
    ap.add_argument("--anchors", help="the lines of contrib/ladder/anchor.sh")
    ap.add_argument("--bottom", type=float, default=400.0)
    ap.add_argument("--rust")
    ap.add_argument("--clock", default="", help="the clocks, for the table's caption")
    a = ap.parse_args()
    anchors = read_anchors(a.anchors) if a.anchors else {}
    for spec in a.anchor:
        variant, rest = spec.split(":")
        level, elo = rest.split("=")
        anchors.setdefault(variant, []).append((int(level), float(elo), 1))
    pairs = read(a.files)
    table, stretch, bottom, borrowed, cells = {}, 1.0, a.bottom, None, {}
    # The anchored variants first: the others borrow their stretch and
    # their level 0 (and the steps of pairs they have not played yet).
    for variant in sorted(VARIANTS, key=lambda v: v not in anchors):
        elo, rows, found = scale(pairs, variant, anchors.get(variant, []), bottom, stretch, borrowed)
        if variant in anchors:
            stretch, bottom, borrowed = found, elo[0], variant
        table[variant] = elo
        print(f"\n### {variant}\n")
        print(f"(stretch {stretch if variant not in anchors else found:.2f})")
        print("| level | Elo | step to the next level (95%) | games |")
        print("|---|---|---|---|")
        for level in range(LEVELS):
            if level < LEVELS - 1:
                print(f"| {level} | {elo[level]} | {describe(rows[level], borrowed)} | {rows[level][3]} |")
            else:
                print(f"| {level} | {elo[level]} | (full strength) | |")
        cells[variant] = [
            f"{elo[level]}: {describe(rows[level], borrowed)} ({rows[level][3]})" for level in range(LEVELS - 1)
        ] + [f"{elo[-1]}: full"]
    print("\n### all variants (docs/strength.md)\n")
    print("| level | " + " | ".join(VARIANTS) + " |")
    print("|---|" + "---|" * len(VARIANTS))
    for level in range(LEVELS):
        print(f"| {level} | " + " | ".join(cells[v][level] for v in VARIANTS) + " |")
    if a.rust:
        write_rust(a.rust, table, a.clock, min(t[0] for t in table.values()))


def write_rust(path, table, clock, bottom):
    lines = [
        "//! The Elo of every level in every variant: the calibration of",
        "//! docs/strength.md, written by contrib/ladder/scale.py from the ladder",
        "//! (contrib/ladder/ladder.sh); rerun both after the engine changes",
        "//! rather than editing the numbers by hand.",
        "",
        "/// The lowest `UCI_Elo`: the lowest level 0.",
        f"pub(super) const MIN_ELO: u32 = {bottom};",
        "/// The highest `UCI_Elo`: the full search's Elo where it is highest.",
        f"pub(super) const MAX_ELO: u32 = {max(t[-1] for t in table.values())};",
        "",
        f"/// Per variant in `Variant::ALL`'s order, levels 0 to 20{clock}.",
        "#[rustfmt::skip]",
        f"pub(super) const ELO: [[i32; {LEVELS}]; {len(VARIANTS)}] = [",
    ]
    for variant in VARIANTS:
        lines.append(f"    // {variant}")
        lines.append("    [" + ", ".join(str(e) for e in table[variant]) + "],")
    lines.append("];")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
