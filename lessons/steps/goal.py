"""A ``goal`` step's model: reach a goal in one turn; the loader proves the solution reaches it and stops there."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from engine import Goal, Position, Rules, Turn, legal_moves, misses, reached

from ..fields import Text, int_keys
from .base import StepModel, step_kind


@step_kind
class GoalStep(StepModel):
    """Reach ``goal`` in one turn, choosing any legal pits; ``solution`` proves it can be done.

    ``why``: words for a wrong first pit (pit -> one sentence: what it did instead);
    without them the engine's own account of the move is said.
    """

    kind: Literal["goal"]
    chooses = True
    goal: Goal
    solution: list[int] = Field(min_length=1)
    done: Text
    why: dict[int, Text] = Field(default_factory=dict)

    _why_keys = field_validator("why", mode="before")(int_keys)

    def taught(self) -> list[tuple[int, ...]]:
        """The solution, the turn this step teaches."""
        return [tuple(self.solution)]

    def prove(self, position: Position, rules: Rules) -> None:
        """The solution is a legal turn that reaches the goal and stops there; each ``why`` names a
        legal pit that does not start the solution."""
        self._prove_solution(position, rules)
        legal = legal_moves(position, rules)
        for pit in self.why:
            if pit not in legal:
                raise ValueError(f"why: pit {pit} is not a legal move in {position} (legal: {list(legal)})")
            if pit == self.solution[0]:
                raise ValueError(f"why: pit {pit} starts the solution, it is not a wrong pit")

    def _prove_solution(self, position: Position, rules: Rules) -> None:
        turn = Turn(position)
        for pit in self.solution:
            if turn.complete:
                raise ValueError(f"solution {self.solution} goes on after the turn ended")
            if reached(self.goal, turn, rules):
                moves = len(turn.results)
                raise ValueError(f"solution {self.solution} goes on after the goal was reached "
                                 f"(after {moves} move{'s' if moves != 1 else ''})")
            turn = turn.then(pit, rules)
        if not reached(self.goal, turn, rules):
            if not turn.complete:
                raise ValueError(f"solution {self.solution} stops while the turn goes on")
            missed = ", ".join(m.field for m in misses(self.goal, turn, rules))
            raise ValueError(f"solution {self.solution} misses the goal: {missed}")


__all__ = ["GoalStep"]
