"""The shape of lesson and puzzle content (pydantic models), one module for both.

A lesson file (``lessons/lesson_<n>_<id>.toml``) is a :class:`Lesson` made of
steps; a puzzle file (``lessons/puzzles/<theme>.toml``) holds
:class:`Puzzle` records of one theme. Both use the engine's one goal model
(``engine.Goal``) for "what a turn must do". These models check the shape
only (fields, types, ids, ranges); ``lessons.loader`` checks every fact with
the engine (positions, legal pits, answers, goals, solutions).

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

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine import LEVELS, Goal, Position, Rules, Side, rules_from_params

RuleId = Annotated[str, Field(pattern=r"^(K1[0-9]|K[1-9]|A[1-6]|T[1-3]|M[1-7])$")]
ContentId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]
Text = Annotated[str, Field(min_length=1)]
RuleParams = dict[str, str | int | bool]
Turn = tuple[int, ...]
"""The pits of one turn, in order (a move and the extra turns it earned, K9)."""

Ask = Literal["last", "extra_turn", "capture", "captured", "store", "winner", "decided"]
Check = Literal["best", "most_extra_turns", "biggest_capture", "goal"]
"""How a puzzle's turn is judged: ``best`` (every move keeps the best final
store difference with best play, proven by exact search), ``most_extra_turns``,
``biggest_capture``, ``goal`` (the puzzle's ``goal`` conditions)."""

DEFAULT_CHOICES: dict[str, list[str]] = {
    "extra_turn": ["yes", "no"],
    "capture": ["yes", "no"],
    "decided": ["yes", "no"],
    "winner": ["South", "North", "Draw"],
}
"""The choices of a predict step that gives none, by ``ask``."""


def rules_of(params: RuleParams) -> Rules:
    """Rules from a content file's ``rules`` table (``engine.rules_from_params`` fields)."""
    return rules_from_params({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in params.items()})


def _turn_list(value: Any) -> Any:
    """``[4, [3, 6]]`` -> ``[[4], [3, 6]]``: a bare pit is a one-move turn."""
    if isinstance(value, list):
        return [[v] if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
    return value


def _int_keys(value: Any) -> Any:
    """TOML keys are text: ``{"2": "..."}`` -> ``{2: "..."}`` for the ``wrong`` table."""
    if isinstance(value, dict):
        out = {}
        for key, text in value.items():
            try:
                out[int(key)] = text
            except (TypeError, ValueError):
                out[key] = text
        return out
    return value


class _Strict(BaseModel):
    # defer_build: the validators are built when a file is first validated (the tests, the tools, a
    # snapshot that is not fresh), not when a server imports the models to read the snapshot.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


# ------------------------------------------------------------------ lessons


class _Step(_Strict):
    """Fields every step has."""

    id: ContentId
    title: Text
    text: Text
    cites: list[RuleId] = Field(min_length=1)
    position: str | None = None
    """Notation; default: the start position of the step's rules."""
    rules: RuleParams = Field(default_factory=dict)
    """Changes to the lesson's rules for this step (``rules_from_params`` fields)."""
    caption: str = ""
    """A line under the board, e.g. what a small board is for."""
    hint: str = ""
    """Said after a wrong pit or answer, or a missed goal."""
    claims: dict[str, str] = Field(default_factory=dict)
    """Phrase of this step's English text -> a claim the tests recompute with the engine
    (``lessons.claims``), e.g. ``{ "North keeps 4" = "after 3: row N = 4" }``."""


class ReadStep(_Step):
    """Read the text and look at the board."""

    kind: Literal["read"]


class DoStep(_Step):
    """Press a lit pit. ``expect``: rule ids the move must fire (checked by the engine)."""

    kind: Literal["do"]
    lit: list[int] = Field(min_length=1)
    expect: list[RuleId] = Field(default_factory=list)
    done: Text
    """Said after the lit pit is pressed."""


class Choice(_Strict):
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


class PredictStep(_Step):
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


class GoalStep(_Step):
    """Reach ``goal`` in one turn, choosing any legal pits; ``solution`` proves it can be done.

    ``why``: words for a wrong first pit (pit -> one sentence: what it did instead);
    without them the engine's own account of the move is said.
    """

    kind: Literal["goal"]
    goal: Goal
    solution: list[int] = Field(min_length=1)
    done: Text
    why: dict[int, Text] = Field(default_factory=dict)

    _why_keys = field_validator("why", mode="before")(_int_keys)


class FindStep(GoalStep):
    """Find the one move that reaches ``goal`` (no pit is named or lit); ``solution`` is one pit.

    A wrong pit is played out on the board and explained; then the step starts again.
    The loader checks that some legal pit misses the goal (the step can be failed).
    """

    kind: Literal["find"]  # type: ignore[assignment]


class GameStep(_Step):
    """Play a whole game against the computer at ``level`` (one of ``engine.LEVELS``) from the
    step's position, as the side to move. Done when the learner wins (``must_win``) or when
    the game ends; an ``optional`` step may be skipped (it never counts against the stars)."""

    kind: Literal["game"]
    level: str
    must_win: bool = True
    optional: bool = False
    done: Text

    @field_validator("level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        if value not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}")
        return value


Step = Annotated[ReadStep | DoStep | PredictStep | GoalStep | FindStep | GameStep, Field(discriminator="kind")]
PressStep = DoStep | GoalStep
"""Steps where the learner presses pits (a ``FindStep`` is a ``GoalStep``)."""


class Lesson(_Strict):
    """One lesson file: ``lessons/lesson_<number>_<id>.toml``."""

    id: ContentId
    number: int = Field(ge=1, le=8)
    title: Text
    intro: Text
    summary: Text
    rules: RuleParams = Field(default_factory=dict)
    steps: list[Step] = Field(min_length=6, max_length=12)

    def step_rules(self, step: _Step) -> Rules:
        """The rules of ``step``: the lesson's rules with the step's changes."""
        return rules_of({**self.rules, **step.rules})

    def step_position(self, step: _Step) -> Position:
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


# ------------------------------------------------------------------ puzzles


class Puzzle(_Strict):
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
    _wrong_keys = field_validator("wrong", mode="before")(_int_keys)

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


class Theme(_Strict):
    """A puzzle theme (``lessons/themes.toml``): a title and one sentence about it."""

    title: Text
    text: Text


class PuzzleFile(_Strict):
    """One puzzle file: a theme and its puzzles (each checked as a :class:`Puzzle`)."""

    theme: ContentId
    puzzles: list[dict[str, Any]] = Field(min_length=1)


__all__ = [
    "Ask", "Check", "Choice", "ContentId", "DEFAULT_CHOICES", "DoStep", "FindStep", "GameStep", "GoalStep", "Lesson", "PredictStep", "PressStep",
    "Puzzle", "PuzzleFile", "ReadStep", "RuleId", "Step", "Text", "Theme", "Turn", "rules_of",
]
