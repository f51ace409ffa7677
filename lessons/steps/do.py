"""A ``do`` step's model: press a lit pit. Each lit pit is proved a legal move that fires what the step expects."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine import Position, Rules, legal_moves, play

from ..fields import RuleId, Text
from .base import StepModel, step_kind


@step_kind
class DoStep(StepModel):
    """Press a lit pit. ``expect``: rule ids the move must fire (checked by the engine)."""

    kind: Literal["do"]
    lit: list[int] = Field(min_length=1)
    expect: list[RuleId] = Field(default_factory=list)
    done: Text
    """Said after the lit pit is pressed."""

    def taught(self) -> list[tuple[int, ...]]:
        """Each lit pit, a move this step teaches."""
        return [(pit,) for pit in self.lit]

    def prove(self, position: Position, rules: Rules) -> None:
        """Every lit pit is a legal move (K5, A4, A5) and fires the rule ids the step expects."""
        legal = legal_moves(position, rules)
        for pit in self.lit:
            if pit not in legal:
                raise ValueError(f"lit pit {pit} is not a legal move in {position} (legal: {list(legal)})")
            fired = play(position, pit, rules).rules_fired
            missing = [r for r in self.expect if r not in fired]
            if missing:
                raise ValueError(f"pit {pit} does not fire {missing} (the engine says {list(fired)})")


__all__ = ["DoStep"]
