"""Reads a PGN of `turncoat match` chess games back with python-chess: every
game must parse without errors, replay legally, and carry its Result and
Termination tags.

Usage: python3 read_pgn.py GAMES.pgn EXPECTED_GAME_COUNT
"""
import sys

import chess.pgn


def main():
    path, expected = sys.argv[1], int(sys.argv[2])
    games = 0
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            assert not game.errors, game.errors
            assert game.headers["Result"] in ("1-0", "0-1", "1/2-1/2"), game.headers
            assert game.headers.get("Termination"), game.headers
            board = game.board()
            for move in game.mainline_moves():
                assert move in board.legal_moves, f"{move} in {board.fen()}"
                board.push(move)
            games += 1
    assert games == expected, f"{games} games, expected {expected}"
    print("pgn read back: ok")


if __name__ == "__main__":
    main()
