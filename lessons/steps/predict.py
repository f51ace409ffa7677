"""A ``predict`` step's model: a question about one move, whose answer the engine gives (:func:`answer_of`).

The answers of ``predict`` steps (``ask``):

``last``        where the last seed lands, as ``str(Place)``: ``"South pit 4"``,
                ``"South store"``, ``"North pit 1"`` (K7, K8, A2)
``extra_turn``  ``"yes"``/``"no"``: the mover moves again (K9, K10/M3, K14)
``capture``     ``"yes"``/``"no"``: the move captures seeds (K10-K13, A3, A4)
``captured``    how many seeds the move captures, e.g. ``"5"``
``store``       seeds in ``side``'s store (default: the mover's) after the move,
                final sweep included (K15, M6)
``winner``      ``"South"``, ``"North"``, ``"Draw"`` or ``"Not over"`` after the move (K16, A6)
``decided``     ``"yes"``/``"no"``: this move puts a store past half of all seeds (K17)
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from engine import MoveResult, Position, Rules, Side, legal_moves, play

from ..fields import RuleId, Strict, Text
from .base import StepModel, step_kind

Ask = Literal["last", "extra_turn", "capture", "captured", "store", "winner", "decided"]

DEFAULT_CHOICES: dict[str, list[str]] = {
    "extra_turn": ["yes", "no"],
    "capture": ["yes", "no"],
    "decided": ["yes", "no"],
    "winner": ["South", "North", "Draw"],
}
"""The choices of a predict step that gives none, by ``ask``."""

SIDE_ANSWERS = {"S": "South", "N": "North"}
"""How predict answers name the sides (content words, compared as ids)."""


def answer_of(ask: str, result: MoveResult, side: str | None = None) -> str:
    """The engine's answer to a ``predict`` question about ``result`` (see the module doc)."""
    if ask == "last":
        return str(result.last)
    if ask == "extra_turn":
        return "yes" if result.extra_turn else "no"
    if ask == "capture":
        return "yes" if result.captured else "no"
    if ask == "captured":
        return str(result.captured)
    if ask == "store":
        who = result.mover if side not in ("S", "N") else side
        return str(result.position.store("S" if who == "S" else "N"))
    if ask == "winner":
        if result.outcome is None:
            return "Not over"
        winner = result.outcome.winner
        return SIDE_ANSWERS[winner] if winner else "Draw"
    if ask == "decided":
        return "yes" if "K17" in result.rules_fired else "no"
    raise ValueError(f"unknown question {ask!r}")


class Choice(Strict):
    """One answer offered by a ``predict`` step::

        { answer = "South store", why = "You counted pit 4 as one of its own steps.", mistake = "M2" }

    ``answer`` is a real outcome in the ``ask``'s form; ``why`` (required for a
    wrong choice) says in one sentence why it is not what happens;
    ``mistake``: the common mistake (M1..M7) that gives this answer, if any.
    """

    answer: Text
    why: str = ""
    mistake: RuleId | None = None


def _choice_tables(value: Any) -> Any:
    """``["yes", "no"]`` -> ``[{answer = "yes"}, {answer = "no"}]``: a bare answer is a choice without words."""
    if isinstance(value, list):
        return [{"answer": v} if isinstance(v, str) else v for v in value]
    return value


@step_kind
class PredictStep(StepModel):
    """Answer a question about ``pit``'s move; the engine checks it, then the move is played."""

    kind: Literal["predict"]
    pit: int
    ask: Ask
    question: Text
    choices: list[Choice] = Field(default_factory=list)
    answer: Text
    side: Side | None = None
    """For ``ask = "store"``: whose store (default: the mover's)."""
    done: Text
    """Said after the right answer, when the move is played."""

    _choice_tables = field_validator("choices", mode="before")(_choice_tables)

    @property
    def options(self) -> list[str]:
        """The answers shown: the step's own choices, else :data:`DEFAULT_CHOICES` for its ``ask``."""
        return [c.answer for c in self.choices] or DEFAULT_CHOICES.get(self.ask, [])

    def why(self, answer: str) -> str:
        """The step's words for a wrong ``answer`` ("" when it has none)."""
        return next((c.why for c in self.choices if c.answer == answer), "")

    def mistake(self, answer: str) -> str | None:
        """The common mistake (M1..M7) ``answer`` stands for, if the step names one."""
        return next((c.mistake for c in self.choices if c.answer == answer), None)

    def prove(self, position: Position, rules: Rules) -> None:
        """The pit is a legal move, the answer is what ``engine.play`` says (:func:`answer_of`) and one of
        at least two different choices, and only wrong choices have words."""
        legal = legal_moves(position, rules)
        if self.pit not in legal:
            raise ValueError(f"pit {self.pit} is not a legal move in {position} (legal: {list(legal)})")
        truth = answer_of(self.ask, play(position, self.pit, rules), self.side)
        if self.answer != truth:
            raise ValueError(f"answer {self.answer!r} is wrong: the engine says {truth!r} "
                             f"for pit {self.pit} in {position}")
        if self.answer not in self.options:
            raise ValueError(f"answer {self.answer!r} is not one of the choices {self.options}")
        if len(set(self.options)) != len(self.options) or len(self.options) < 2:
            raise ValueError(f"choices must be at least two different answers, not {self.options}")
        if self.why(self.answer) or self.mistake(self.answer):
            raise ValueError(f"the right answer {self.answer!r} has a 'why' or 'mistake' (only wrong choices do)")


__all__ = ["Ask", "Choice", "DEFAULT_CHOICES", "PredictStep", "SIDE_ANSWERS", "answer_of"]
