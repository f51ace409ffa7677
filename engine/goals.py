"""Goals: what a turn must do, for lessons and puzzles alike (one model).

A :class:`Goal` lists conditions on one :class:`~engine.turns.Turn` (the
learner's moves until the other player is to move or the game ends); every
condition given must hold. :func:`misses` says which do not, as values
(the words are made by ``tutor.words``), and :func:`reached` says when a
turn in progress has reached the goal (also in the middle of a chain of
extra turns, K9).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from .rules import Rules
from .turns import Turn, best_capture

GoalField = Literal[
    "extra_turns", "capture_at_least", "capture", "lap", "game_over", "winner", "store_at_least",
    "reply_capture_at_most",
]
Winner = Literal["S", "N", "draw"]


@dataclass(frozen=True)
class Goal:
    """Conditions on one turn; ``None`` means "not asked". At least one must be given.

    Attributes:
        extra_turns: at least this many moves of the turn end in the mover's
            store (K9; the last may end the game, K14, instead of giving a move).
        capture_at_least: at least this many seeds captured in the turn (K10, A3).
        capture: a capture happens (True) or none does (False).
        lap: a move of the turn sows a whole lap (K8, A2), or none does (False).
        game_over: the turn ends the game (K14, A6), or does not (False).
        winner: the turn ends the game with this result: ``"S"``, ``"N"`` or ``"draw"`` (K16, A6).
        store_at_least: the mover's store holds at least this many seeds after
            the turn, final sweep included (K15).
        reply_capture_at_most: after the turn, the opponent can capture at
            most this many seeds in their next turn (T2).

    Raises ``ValueError`` when no condition is given or a count is negative
    (or under 1 for ``extra_turns`` and ``capture_at_least``).
    """

    extra_turns: int | None = None
    capture_at_least: int | None = None
    capture: bool | None = None
    lap: bool | None = None
    game_over: bool | None = None
    winner: Winner | None = None
    store_at_least: int | None = None
    reply_capture_at_most: int | None = None

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}  # content files: unknown keys refused

    def __post_init__(self) -> None:
        if all(getattr(self, f.name) is None for f in fields(self)):
            raise ValueError("a goal needs at least one condition")
        for name, low in (("extra_turns", 1), ("capture_at_least", 1), ("store_at_least", 0),
                          ("reply_capture_at_most", 0)):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < low):
                raise ValueError(f"{name} must be a whole number of at least {low}, not {value!r}")
        if self.winner not in (None, "S", "N", "draw"):
            raise ValueError(f"winner must be 'S', 'N' or 'draw', not {self.winner!r}")

    @property
    def waits_for_the_end(self) -> bool:
        """True when the goal asks for something not to happen (no capture, no lap, the game
        goes on) or about the opponent's reply: only a complete turn can reach it."""
        return (self.capture is False or self.lap is False or self.game_over is False
                or self.reply_capture_at_most is not None)


@dataclass(frozen=True)
class Miss:
    """One condition a turn does not meet: ``field`` of the goal, what it ``wanted``, what the turn ``got``.

    ``got`` is ``None`` for a ``winner`` when the game is not over, else the
    result (``"S"``, ``"N"``, ``"draw"``); counts are ints, flags bools. For
    ``winner`` misses, ``score`` is the final ``(south, north)`` score.
    """

    field: GoalField
    wanted: int | bool | str
    got: int | bool | str | None
    score: tuple[int, int] | None = None


def misses(goal: Goal, turn: Turn, rules: Rules) -> tuple[Miss, ...]:
    """The conditions of ``goal`` that ``turn`` does not meet, in field order; ``()`` when all hold.

    Counts only grow during a turn, so a turn in progress may still meet what
    it misses now (see :func:`reached`).
    """
    out: list[Miss] = []
    if goal.extra_turns is not None and turn.extra_turns < goal.extra_turns:
        out.append(Miss("extra_turns", goal.extra_turns, turn.extra_turns))
    if goal.capture_at_least is not None and turn.captured < goal.capture_at_least:
        out.append(Miss("capture_at_least", goal.capture_at_least, turn.captured))
    if goal.capture is not None and bool(turn.captured) != goal.capture:
        out.append(Miss("capture", goal.capture, bool(turn.captured)))
    if goal.lap is not None and turn.lapped != goal.lap:
        out.append(Miss("lap", goal.lap, turn.lapped))
    if goal.game_over is not None and turn.game_over != goal.game_over:
        out.append(Miss("game_over", goal.game_over, turn.game_over))
    if goal.winner is not None:
        end = turn.outcome
        got = None if end is None else (end.winner or "draw")
        if got != goal.winner:
            out.append(Miss("winner", goal.winner, got, end.score if end is not None else None))
    if goal.store_at_least is not None:
        store = turn.position.store(turn.mover)
        if store < goal.store_at_least:
            out.append(Miss("store_at_least", goal.store_at_least, store))
    if goal.reply_capture_at_most is not None and turn.complete and not turn.game_over:
        threat = best_capture(turn.position, rules)
        if threat > goal.reply_capture_at_most:
            out.append(Miss("reply_capture_at_most", goal.reply_capture_at_most, threat))
    return tuple(out)


def reached(goal: Goal, turn: Turn, rules: Rules) -> bool:
    """The goal holds after the moves of ``turn`` so far (checked after every move).

    A goal is reached the moment :func:`misses` is empty, also in the middle
    of a chain of extra turns (K9): counts, captures and stores only grow
    during a turn. A goal that :attr:`Goal.waits_for_the_end` is reached only
    by a complete turn.
    """
    if not turn.results or misses(goal, turn, rules):
        return False
    return turn.complete or not goal.waits_for_the_end


__all__ = ["Goal", "GoalField", "Miss", "Winner", "misses", "reached"]
