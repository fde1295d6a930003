"""Reads the games `turncoat analyse` annotated (tests/review.rs) with
python-chess: no errors, an evaluation on every move, the blunders' NAG
with a legal variation, and both accuracy tags.

Usage: python3 read_review.py ANNOTATED.pgn
"""
import sys

import chess.pgn


def main():
    games = []
    with open(sys.argv[1]) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            assert not game.errors, game.errors
            games.append(game)
    assert len(games) == 2, len(games)
    blunders = []
    for game in games:
        for key in ("WhiteAccuracy", "BlackAccuracy"):
            assert 0.0 <= float(game.headers[key]) <= 100.0, game.headers
        for node in game.mainline():
            assert node.eval() is not None, f"no eval after {node.move}"
            if chess.pgn.NAG_BLUNDER in node.nags:
                parent = node.parent
                assert len(parent.variations) >= 2, "no better line"
                better = parent.variations[1]
                assert better.move in parent.board().legal_moves
                blunders.append(parent.board().san(node.move) + "/" + parent.board().san(better.move))
    assert "Qg5/" in " ".join(blunders), blunders
    assert "h3/Re8#" in blunders, blunders
    print("review read back: ok")


if __name__ == "__main__":
    main()
