"""Drives turncoat through python-chess, an independent and widely used
client, over both protocols: a full chess game against itself at a fast
time control, analysis, and ping (XBoard).

Usage: python3 python_chess.py PATH_TO_TURNCOAT
"""
import sys

import chess
import chess.engine

ENGINE = sys.argv[1]


def self_play(popen, limit):
    """Plays a whole game of turncoat against itself; every move must be legal."""
    board = chess.Board()
    with popen(ENGINE) as white, popen(ENGINE) as black:
        while not board.is_game_over(claim_draw=True) and board.fullmove_number < 150:
            engine = white if board.turn == chess.WHITE else black
            result = engine.play(board, limit)
            assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
            board.push(result.move)
    return board


def analysis(popen):
    with popen(ENGINE) as engine:
        board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=4))
        assert info["pv"][0] == chess.Move.from_uci("a1a8"), info
        assert info["score"].white().mate() == 1, info
        return info


def main():
    # UCI
    with chess.engine.SimpleEngine.popen_uci(ENGINE) as engine:
        assert engine.id["name"].startswith("turncoat"), engine.id
        for opt in ["Hash", "Threads", "MultiPV", "UCI_Variant", "UCI_Chess960", "Move Overhead", "Ponder"]:
            assert opt in engine.options, opt
        engine.configure({"Hash": 8, "Threads": 2})
        engine.ping()
    board = self_play(chess.engine.SimpleEngine.popen_uci, chess.engine.Limit(white_clock=1, black_clock=1, white_inc=0.01, black_inc=0.01))
    print("uci game:", board.result(claim_draw=True), len(board.move_stack), "plies")
    print("uci analysis:", analysis(chess.engine.SimpleEngine.popen_uci)["score"])
    # XBoard
    with chess.engine.SimpleEngine.popen_xboard(ENGINE) as engine:
        assert engine.id["name"].startswith("turncoat"), engine.id
        engine.ping()
    board = self_play(chess.engine.SimpleEngine.popen_xboard, chess.engine.Limit(white_clock=1, black_clock=1, white_inc=0.01, black_inc=0.01))
    print("xboard game:", board.result(claim_draw=True), len(board.move_stack), "plies")
    print("xboard analysis:", analysis(chess.engine.SimpleEngine.popen_xboard)["score"])
    print("python-chess clients: ok")


if __name__ == "__main__":
    main()
