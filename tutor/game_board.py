"""The board a finished game shows: what the verdict says, seed for seed.

An Awari game ended by a repeated position (A6) ends between moves: no move swept the rows, so
``engine.Game.position`` still has seeds in them while the result already counts them in each
player's store ("each player takes the seeds left in their own row"). A board drawn from that
position showed 24 and 22 under "South wins 25 to 23" (issue 36). :func:`board_position` is the
position to draw: the rows taken into their stores once a repetition ended the game, the game's own
position otherwise (a move that ends the game sweeps the rows itself, K15, A6).
"""

from __future__ import annotations

from engine import EndReason, Game, Position


def board_position(game: Game) -> Position:
    """``game.position``, or after a repetition ended it (A6) the same with each row in its owner's store
    (stores = the outcome's score, every pit empty, the same player to move)."""
    position = game.position
    end = game.outcome()
    if end is None or end.reason != EndReason.REPETITION or (game.results and game.results[-1].game_over):
        return position
    empty = (0,) * len(position.south)
    return Position(empty, end.score[0], empty, end.score[1], position.to_move)


__all__ = ["board_position"]
