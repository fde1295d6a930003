#!/usr/bin/env python3
"""Compares turncoat's marks with Stockfish's on chess games (docs/review.md).

    python3 contrib/review/stockfish_marks.py ANNOTATED.pgn [--depth 14] [--stockfish /usr/games/stockfish]

ANNOTATED.pgn is `turncoat analyse`'s output. Every position of each game
is searched by Stockfish to the depth, and each move is marked as lichess
marks it: a drop of 0.3 / 0.2 / 0.1 in lichess's winning chances
(2 / (1 + exp(-0.00368208 cp)) - 1, the score capped at 1000 cp, a mate
counted as 1000) is ??, ?, ?!. Prints, per mark, how many moves each
engine gave it and how many both did, then the moves where they differ
on a blunder. Needs python-chess.
"""
import argparse
import math

import chess
import chess.engine
import chess.pgn

MARKS = {4: "??", 2: "?", 6: "?!"}


def winning_chances(score):
    cp = score.score(mate_score=1000)
    cp = max(-1000, min(1000, cp))
    return 2 / (1 + math.exp(-0.00368208 * cp)) - 1


def lichess_mark(before, after):
    drop = before - after
    for least, nag in ((0.3, 4), (0.2, 2), (0.1, 6)):
        if drop >= least:
            return nag
    return None


def stockfish_marks(engine, game, depth):
    board = game.board()
    values = []
    nodes = list(game.mainline())
    for node in [None] + nodes:
        if node is not None:
            board.push(node.move)
        if board.is_game_over():
            outcome = board.outcome()
            white = {True: 1.0, False: -1.0, None: 0.0}[outcome.winner]
            values.append(white)
            continue
        info = engine.analyse(board, chess.engine.Limit(depth=depth))
        values.append(winning_chances(info["score"].white()))
    board = game.board()
    marks = []
    for i, node in enumerate(nodes):
        sign = 1 if board.turn == chess.WHITE else -1
        marks.append(lichess_mark(sign * values[i], sign * values[i + 1]))
        board.push(node.move)
    return marks


def main():
    p = argparse.ArgumentParser()
    p.add_argument("pgn")
    p.add_argument("--depth", type=int, default=14)
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    a = p.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    counts = {nag: [0, 0, 0] for nag in MARKS}  # turncoat, stockfish, both
    differ = []
    games = 0
    with open(a.pgn) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            ours = [next((n for n in node.nags if n in MARKS), None) for node in game.mainline()]
            theirs = stockfish_marks(engine, game, a.depth)
            board = game.board()
            for node, o, t in zip(game.mainline(), ours, theirs):
                san = board.san(node.move)
                for nag in MARKS:
                    counts[nag][0] += o == nag
                    counts[nag][1] += t == nag
                    counts[nag][2] += o == nag and t == nag
                if (o == 4) != (t == 4):
                    differ.append(f"game {games} {board.fullmove_number}{'.' if board.turn else '...'}{san}: "
                                  f"turncoat {MARKS.get(o, '-')}, Stockfish {MARKS.get(t, '-')}")
                board.push(node.move)
    engine.quit()
    print(f"{games} games, Stockfish depth {a.depth}")
    print("| mark | turncoat | Stockfish | both |")
    print("|---|---|---|---|")
    for nag, (o, t, b) in counts.items():
        print(f"| {MARKS[nag]} | {o} | {t} | {b} |")
    for line in differ:
        print(line)


if __name__ == "__main__":
    main()
