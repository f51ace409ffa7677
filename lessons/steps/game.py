"""A ``game`` step's model: a whole game against the computer from the step's position."""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from engine import LEVELS, EndReason, Position, Rules, legal_moves

from ..fields import Text
from .base import StepModel, step_kind


@step_kind
class GameStep(StepModel):
    """Play a whole game against the computer at ``level`` (one of ``engine.LEVELS``) from the
    step's position, as the side to move. Done when the learner wins (``must_win``) or when
    the game ends; an ``optional`` step may be skipped (it never counts against the stars).
    ``done`` is said when the game ends, unless ``done_by`` has words for the way it ended (keys:
    ``engine.EndReason`` values, e.g. ``repetition``, A6): a game can end more ways than one."""

    kind: Literal["game"]
    chooses = True
    level: str
    must_win: bool = True
    optional: bool = False
    done: Text
    done_by: dict[str, Text] = {}

    @field_validator("done_by")
    @classmethod
    def _known_endings(cls, value: dict[str, str]) -> dict[str, str]:
        known = {reason.value for reason in EndReason}
        wrong = sorted(set(value) - known)
        if wrong:
            raise ValueError(f"done_by keys must be ways a game ends ({', '.join(sorted(known))}), not {wrong}")
        return value

    def done_for(self, reason: str) -> str:
        """The words said when the game ended for ``reason`` (an ``engine.EndReason``): ``done_by``'s, else ``done``."""
        return self.done_by.get(str(reason), self.done)

    @field_validator("level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        if value not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}")
        return value

    def prove(self, position: Position, rules: Rules) -> None:
        """Somebody can move: the game can be played."""
        if not legal_moves(position, rules):
            raise ValueError(f"the game cannot be played: nobody can move in {position}")


__all__ = ["GameStep"]
