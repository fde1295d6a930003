"""Drives turncoat through python-chess over UCI and over XBoard past the
draws a player may claim. python-chess, as FIDE's rules do, treats a
threefold repetition or the 50-move rule as a claim, not an end, and keeps
asking for moves: turncoat must keep answering them, with legal moves, at
0.05 s a move, until python-chess itself ends the game (fivefold
repetition, 75 moves, mate, ...). It also checks that the banner turncoat
prints at start-up disturbs neither protocol.

Usage: python3 python_chess_claims.py PATH_TO_TURNCOAT
"""
import logging
import sys

import chess
import chess.engine

ENGINE = sys.argv[1]
LIMIT = chess.engine.Limit(time=0.05)
MAX_PLIES = 160


class Warnings(logging.Handler):
    """Collects python-chess's warnings of unexpected engine output."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.seen = []

    def emit(self, record):
        if "Unexpected engine output" in record.getMessage():
            self.seen.append(record.getMessage())


def threefold_board():
    """The start position after two rounds of knight shuffles: a threefold
    repetition, claimable, with White to move."""
    board = chess.Board()
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        board.push_uci(uci)
    assert board.can_claim_threefold_repetition()
    assert not board.is_game_over()
    return board


def play_on(popen, board, label):
    """Plays turncoat against itself from `board` until python-chess ends
    the game by itself or MAX_PLIES more plies; every answer must be a
    legal move."""
    claims = 0
    with popen(ENGINE) as white, popen(ENGINE) as black:
        for _ in range(MAX_PLIES):
            if board.is_game_over():
                break
            claims += board.can_claim_draw()
            engine = white if board.turn == chess.WHITE else black
            result = engine.play(board, LIMIT)
            assert result.move is not None, f"{label}: no move in {board.fen()}"
            assert result.move in board.legal_moves, f"{label}: illegal {result.move} in {board.fen()}"
            board.push(result.move)
    assert claims > 0, f"{label}: the game never passed a claimable draw"
    end = board.outcome().termination.name if board.outcome() else "move limit"
    print(f"{label}: {len(board.move_stack)} plies, moves asked in {claims} claimable positions, end: {end}")


def main():
    warnings = Warnings()
    logging.getLogger("chess.engine").addHandler(warnings)
    for name, popen in [
        ("uci", chess.engine.SimpleEngine.popen_uci),
        ("xboard", chess.engine.SimpleEngine.popen_xboard),
    ]:
        play_on(popen, threefold_board(), f"{name} threefold")
        # Already 50 moves without a capture or pawn move: claimable at once.
        fifty = chess.Board("8/8/4k3/8/8/4K3/8/R7 w - - 100 80")
        assert fifty.can_claim_fifty_moves()
        play_on(popen, fifty, f"{name} 50-move")
    assert not warnings.seen, warnings.seen
    print("python-chess claims: ok")


if __name__ == "__main__":
    main()
