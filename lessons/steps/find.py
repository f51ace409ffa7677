"""A ``find`` step's model: find the one move that reaches a goal (a goal step of one pit that can be failed)."""

from __future__ import annotations

from typing import Literal

from engine import Position, Rules, Turn, legal_moves, reached

from .base import step_kind
from .goal import GoalStep


@step_kind
class FindStep(GoalStep):
    """Find the one move that reaches ``goal`` (no pit is named or lit); ``solution`` is one pit.

    A wrong pit is played out on the board and explained; then the step starts again.
    The loader checks that some legal pit misses the goal (the step can be failed).
    """

    kind: Literal["find"]  # type: ignore[assignment]

    def prove(self, position: Position, rules: Rules) -> None:
        """A goal step's checks; then: one pit solves it, and some legal pit does not (it can be failed)."""
        super().prove(position, rules)
        if len(self.solution) != 1:
            raise ValueError(f"a find step's solution is one pit, not {self.solution}")
        legal = legal_moves(position, rules)
        missing = [p for p in legal if not reached(self.goal, Turn(position).then(p, rules), rules)]
        if not missing:
            raise ValueError(f"every legal pit reaches the goal in {position}: the step cannot be failed")


__all__ = ["FindStep"]
