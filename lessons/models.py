"""The shape of lesson and puzzle content (pydantic models), one module for both.

A lesson file (``lessons/lesson_<n>_<id>.toml``) is a :class:`Lesson` made of
steps; a puzzle file (``lessons/puzzles/<theme>.toml``) holds
:class:`Puzzle` records of one theme. Both use the engine's one goal model
(``engine.Goal``) for "what a turn must do". These models check the shape
only (fields, types, ids, ranges); ``lessons.loader`` checks every fact with
the engine (positions, legal pits, answers, goals, solutions).

Each kind of step is a model of its own in ``lessons.steps`` (``lessons/steps/<kind>.py``: its fields
and its engine checks); a lesson's ``steps`` take every kind registered there (:data:`Step`). The
kinds of this course are named here too, so ``from lessons.models import DoStep`` keeps working.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from engine import Goal, Position, Rules

from .fields import ContentId, RuleId, RuleParams, Strict, Text, Turn, int_keys, rules_of
from .steps.base import AnyStep, StepModel, step_kinds, when_kinds_change
from .steps.do import DoStep
from .steps.find import FindStep
from .steps.game import GameStep
from .steps.goal import GoalStep
from .steps.predict import DEFAULT_CHOICES, Ask, Choice, PredictStep
from .steps.read import ReadStep

Step = AnyStep
"""A lesson step of any registered kind (``lessons.steps``); as a type, a :class:`StepModel`."""

Check = Literal["best", "most_extra_turns", "biggest_capture", "goal"]
"""How a puzzle's turn is judged: ``best`` (every move keeps the best final
store difference with best play, proven by exact search), ``most_extra_turns``,
``biggest_capture``, ``goal`` (the puzzle's ``goal`` conditions)."""


def _turn_list(value: Any) -> Any:
    """``[4, [3, 6]]`` -> ``[[4], [3, 6]]``: a bare pit is a one-move turn."""
    if isinstance(value, list):
        return [[v] if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
    return value


# ------------------------------------------------------------------ lessons


class Lesson(Strict):
    """One lesson file: ``lessons/lesson_<number>_<id>.toml``."""

    id: ContentId
    number: int = Field(ge=1, le=8)
    title: Text
    intro: Text
    summary: Text
    rules: RuleParams = Field(default_factory=dict)
    steps: list[AnyStep] = Field(min_length=6, max_length=12)

    def step_rules(self, step: StepModel) -> Rules:
        """The rules of ``step``: the lesson's rules with the step's changes."""
        return rules_of({**self.rules, **step.rules})

    def step_position(self, step: StepModel) -> Position:
        """The position ``step`` starts from (checked against its rules)."""
        rules = self.step_rules(step)
        if step.position is None:
            return rules.initial_position()
        return Position.from_notation(step.position, rules)

    @property
    def cited(self) -> list[str]:
        """Every rule id the lesson cites, in first-seen order (for the summary)."""
        seen: dict[str, None] = {}
        for step in self.steps:
            seen.update(dict.fromkeys(step.cites))
        return list(seen)


def _rebuild_lesson() -> None:
    """A kind registered (or forgotten) after ``Lesson``'s validator was built: build it again with it."""
    Lesson.model_rebuild(force=True)


when_kinds_change(_rebuild_lesson)


# ------------------------------------------------------------------ puzzles


class Puzzle(Strict):
    """One puzzle of a puzzle file::

        [[puzzles]]
        id = "chain-small-1"               # unique over all files (never shown before it is solved)
        cites = ["K9", "T1"]               # rule ids practised
        rules = { pits = 4, seeds = 2 }    # rules_from_params fields
        position = "0,1,2,1/..../S"        # notation, checked against the rules (K2/A1)
        task = "Chain as many extra turns as you can."
        check = "most_extra_turns"         # see Check
        goal = { extra_turns = 2 }         # with check = "goal" only: engine.Goal fields
        answers = [[4, 3, 4]]              # every accepted turn (a bare pit = a one-move turn)
        line = [2, 1]                      # optional: the play after the answer (replies included)
        value = 3                          # "best": final store difference with best play
        hints = ["gentle", "closer", "explicit"]
        explanation = "Shown after solving."
        wrong = { 2 = "Shown after pressing pit 2." }   # optional
        choice = true                      # optional, with a comment saying why (see ``choice``)

    A puzzle has no difficulty field: ``lessons.proofs.difficulty`` measures it.
    """

    id: ContentId
    theme: ContentId
    cites: list[RuleId] = Field(min_length=1)
    rules: RuleParams = Field(default_factory=dict)
    position: Text
    task: Text
    check: Check
    goal: Goal | None = None
    answers: list[list[int]] = Field(min_length=1)
    line: list[int] = Field(default_factory=list)
    value: int | None = None
    hints: list[Text] = Field(min_length=2, max_length=3)
    explanation: Text
    wrong: dict[int, Text] = Field(default_factory=dict)
    title: str = ""
    claims: dict[str, str] = Field(default_factory=dict)
    """Phrase of this puzzle's English text -> a claim the tests recompute (``lessons.claims``)."""
    choice: bool = False
    """The puzzle's point is one choice between few moves: it may have fewer than 3 legal
    first moves or accept half of its choices (``lessons.proofs.choices``); the file says why."""

    _as_turns = field_validator("answers", mode="before")(_turn_list)
    _wrong_keys = field_validator("wrong", mode="before")(int_keys)

    @property
    def game_rules(self) -> Rules:
        """The puzzle's rules object (``KalahRules`` or ``OwareRules``)."""
        return rules_of(self.rules)

    @property
    def start(self) -> Position:
        """The puzzle's position, checked against its rules."""
        return Position.from_notation(self.position, self.game_rules)

    @property
    def turns(self) -> list[Turn]:
        """The accepted turns as tuples of pits."""
        return [tuple(t) for t in self.answers]

    @property
    def first_moves(self) -> list[int]:
        """The pits an accepted turn starts with, ascending."""
        return sorted({t[0] for t in self.answers})

    def leads_to_an_answer(self, pits: Turn) -> bool:
        """``pits`` (a turn in progress) is the start of an accepted turn."""
        return any(t[: len(pits)] == pits for t in self.turns)


class MinedPuzzle(Puzzle):
    """A puzzle found by the miner (``lessons.mined``, ``tools/mine_puzzles.py``): always ``check = "best"``,
    with its proven facts as data. Its words (task, hints, explanation) are made by ``tutor.mined`` from
    these facts, never written per position.

    Attributes:
        values: every legal pit's exact final store difference with best play (K16, A6), mover's view.
        measured: ``lessons.proofs.Difficulty`` as mined, ``(decisions, right, depth)`` (the slow test
            measures it again).
        facts: the engine facts its theme and hints say (``lessons.mined_facts.theme_of``).
    """

    values: dict[int, int] = Field(default_factory=dict)
    measured: tuple[int, int, int] = (1, 1, 1)
    facts: dict[str, int] = Field(default_factory=dict)


class Theme(Strict):
    """A puzzle theme (``lessons/themes.toml``): a title, a short name (a word or two: the heading of a
    narrow column) and one sentence about it."""

    title: Text
    short: Text = Field(max_length=20)
    text: Text


class PuzzleFile(Strict):
    """One puzzle file: a theme and its puzzles (each checked as a :class:`Puzzle`)."""

    theme: ContentId
    puzzles: list[dict[str, Any]] = Field(min_length=1)


__all__ = [
    "Ask", "Check", "Choice", "ContentId", "DEFAULT_CHOICES", "DoStep", "FindStep", "GameStep", "GoalStep", "Lesson", "MinedPuzzle",
    "PredictStep", "Puzzle", "PuzzleFile", "ReadStep", "RuleId", "Step", "StepModel", "Text", "Theme", "Turn",
    "rules_of", "step_kinds",
]
