"""What a move did and how a game ended: ``MoveResult``, ``Outcome`` and ``EndReason``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .position import NORTH, SOUTH, Place, Position, Side


class EndReason(StrEnum):
    """Why a game ended (``Outcome.reason``); each value equals its plain string.

    ``ROW_EMPTY`` (K14), ``STUCK`` (K14 variant: the player to move has no
    seeds), ``EARLY_WIN`` (K17 variant), ``OVER_HALF`` (A6, 25 or more
    captured), ``NO_MOVES`` (A6, the player to move cannot move),
    ``REPETITION`` (A6, a position came back since the last capture),
    ``TIME`` (K19, the player to move ran out of time; see ``engine.clock``).
    """

    ROW_EMPTY = "row_empty"
    STUCK = "stuck"
    EARLY_WIN = "early_win"
    OVER_HALF = "over_half"
    NO_MOVES = "no_moves"
    REPETITION = "repetition"
    TIME = "time"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is ``"S"``, ``"N"`` or ``None`` for a draw (K16, A6).
    ``score`` is ``(south, north)`` after the final sweep (K15).
    ``reason``: an :class:`EndReason`.
    """

    winner: Side | None
    score: tuple[int, int]
    reason: EndReason

    @property
    def result(self) -> str:
        """``"south"``, ``"north"`` or ``"draw"``."""
        return {SOUTH: "south", NORTH: "north", None: "draw"}[self.winner]

    @property
    def margin(self) -> int:
        """Winner's score minus loser's score (0 for a draw)."""
        return abs(self.score[0] - self.score[1])


@dataclass(frozen=True)
class MoveResult:
    """What one move did.

    Attributes:
        position: the position after the move; when the game ended, the
            final sweep (K15 / A6) is already applied. Its ``to_move`` is the
            player who would move next (the mover again after a last seed
            in the store).
        mover: ``"S"`` or ``"N"``; pit: the pit played, 1..n in the mover's numbering.
        path: where each sown seed went, in order, one ``Place`` per seed
            lifted (stores included, pit 0 meaning a store).
        extra_turn: the mover moves again (K9); never True when the game ended.
        captured: seeds moved by the capture (K10: the opposite seeds plus the
            lone last seed; K18: the opposite seeds; K11 variant: 1; A3: the
            seeds taken), 0 if none.
        captured_from: the places those seeds were taken from.
        game_over: the game ended with this move.
        swept: ``(south, north)`` seeds moved by the final sweep, ``(0, 0)`` if none.
        rules_fired: ids of the rules this move used, in order, e.g.
            ``("K7", "K9")`` for a sowing that ended in the store.
        outcome: the ``Outcome`` when ``game_over``, else ``None``.
        laps: whole laps the sowing made: Kalah, the times it came back to
            its own pit (seeds // (2n + 1), K8); Oware, the times it skipped
            its own pit ((seeds - 1) // 11, A2). 0 for a short sowing.
    """

    position: Position
    mover: Side
    pit: int
    path: tuple[Place, ...]
    extra_turn: bool
    captured: int
    captured_from: tuple[Place, ...]
    game_over: bool
    swept: tuple[int, int]
    rules_fired: tuple[str, ...]
    outcome: Outcome | None = None
    laps: int = 0

    @property
    def last(self) -> Place:
        """Where the last seed landed."""
        return self.path[-1]


def winner_of(score: tuple[int, int]) -> Side | None:
    """South, North or ``None`` (a draw) for a final ``(south, north)`` score (K16, A6)."""
    if score[0] > score[1]:
        return SOUTH
    if score[1] > score[0]:
        return NORTH
    return None


def swept_outcome(pos: Position, reason: EndReason) -> Outcome:
    """The outcome when the game ends in ``pos``: each player takes the seeds in their own row (K15, A6)."""
    score = (pos.south_store + sum(pos.south), pos.north_store + sum(pos.north))
    return Outcome(winner_of(score), score, reason)
