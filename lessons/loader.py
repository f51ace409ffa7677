"""Load and check the guided lessons in ``lessons/lesson_*.toml``.

Every lesson file is read with ``tomllib`` and validated by the pydantic
models below: the shape by the models' fields, the facts by the engine.
A file that loads is a promise that

- every position parses with the step's rules (``Position.from_notation``, K2/A1),
- every lit pit of a ``do`` step is a legal move (K5, A4, A5) and fires the
  rule ids the step expects,
- every ``predict`` answer is what ``engine.play`` says,
- every ``goal`` has a solution the engine accepts,
- every step has an id and cites rule ids known to ``lessons/rules.toml``.

``load_lessons()`` is pure (no Streamlit); the UI wraps it in
``st.cache_data``. A bad file raises ``LessonError`` naming the file, the
step and the problem.

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

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine import (
    IllegalMoveError,
    MoveResult,
    NotationError,
    Position,
    Rules,
    legal_moves,
    play,
    rules_from_params,
)

LESSON_DIR = Path(__file__).resolve().parent
RULES_TOML = LESSON_DIR / "rules.toml"

RuleId = Annotated[str, Field(pattern=r"^(K1[0-9]|K[1-9]|A[1-6]|T[1-3]|M[1-7])$")]
StepId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]
Text = Annotated[str, Field(min_length=1)]
RuleParams = dict[str, str | int | bool]

SIDE_WORDS = {"S": "South", "N": "North"}


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file, the step and the problem."""


def known_rule_ids(path: Path = RULES_TOML) -> frozenset[str]:
    """The rule ids that ``lessons/rules.toml`` explains (K1-K19, A1-A6, T1-T3, M1-M7)."""
    with path.open("rb") as fh:
        return frozenset(tomllib.load(fh))


# ------------------------------------------------------------------ answers


def answer_of(ask: str, pos: Position, result: MoveResult, rules: Rules, side: str | None = None) -> str:
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
        return str(result.position.store(side or result.mover))
    if ask == "winner":
        if result.outcome is None:
            return "Not over"
        winner = result.outcome.winner
        return SIDE_WORDS[winner] if winner else "Draw"
    if ask == "decided":
        return "yes" if "K17" in result.rules_fired else "no"
    raise ValueError(f"unknown question {ask!r}")


DEFAULT_CHOICES = {
    "extra_turn": ["yes", "no"],
    "capture": ["yes", "no"],
    "decided": ["yes", "no"],
    "winner": ["South", "North", "Draw"],
}


# ------------------------------------------------------------------ models


class _Step(BaseModel):
    """Fields every step has."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: StepId
    title: Text
    text: Text
    cites: list[RuleId] = Field(min_length=1)
    position: str | None = None
    """Notation; default: the start position of the step's rules."""
    rules: RuleParams = Field(default_factory=dict)
    """Changes to the lesson's rules for this step (``rules_from_params`` fields)."""
    caption: str = ""
    """A line under the board, e.g. what a small board is for."""


class ReadStep(_Step):
    """Read the text and look at the board."""

    kind: Literal["read"]


class DoStep(_Step):
    """Press a lit pit. ``expect``: rule ids the move must fire (checked by the engine)."""

    kind: Literal["do"]
    lit: list[int] = Field(min_length=1)
    expect: list[RuleId] = Field(default_factory=list)
    hint: str = ""
    """Said after a wrong pit, under the engine's explanation."""
    done: Text
    """Said after the lit pit is pressed."""


class PredictStep(_Step):
    """Answer a question about ``pit``'s move; the engine checks it, then the move is played."""

    kind: Literal["predict"]
    pit: int
    ask: Literal["last", "extra_turn", "capture", "captured", "store", "winner", "decided"]
    question: Text
    choices: list[str] = Field(default_factory=list)
    answer: Text
    side: Literal["S", "N"] | None = None
    """For ``ask = "store"``: whose store (default: the mover's)."""
    hint: str = ""
    """Said after a wrong answer."""
    done: Text
    """Said after the right answer, when the move is played."""

    @property
    def options(self) -> list[str]:
        return self.choices or DEFAULT_CHOICES.get(self.ask, [])


class Goal(BaseModel):
    """What a ``goal`` step asks for, checked on the moves of one turn (the learner's).

    A turn is the moves the learner makes until the other player is to
    move or the game ends. Every field given must hold.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    extra_turns: int | None = Field(default=None, ge=1)
    """At least this many moves of the turn end in the learner's store (K9 in
    ``rules_fired``; the last one may end the game, K14, instead of giving a move)."""
    capture: bool | None = None
    """A capture (any rule) happens, or none does."""
    game_over: bool | None = None
    """The turn ends the game."""
    winner: Literal["S", "N", "draw"] | None = None
    """The game ends with this result."""
    store_at_least: int | None = Field(default=None, ge=0)
    """The learner's store holds at least this many seeds at the end of the turn."""

    @model_validator(mode="after")
    def _something(self) -> Goal:
        if all(v is None for v in self.model_dump().values()):
            raise ValueError("a goal needs at least one condition")
        return self


class GoalStep(_Step):
    """Reach ``goal`` in one turn, choosing any legal pits; ``solution`` proves it can be done."""

    kind: Literal["goal"]
    goal: Goal
    solution: list[int] = Field(min_length=1)
    hint: str = ""
    """Said when a try misses the goal."""
    done: Text


Step = Annotated[ReadStep | DoStep | PredictStep | GoalStep, Field(discriminator="kind")]


class Lesson(BaseModel):
    """One lesson file: ``lessons/lesson_<number>_<id>.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: StepId
    number: int = Field(ge=1, le=6)
    title: Text
    intro: Text
    summary: Text
    rules: RuleParams = Field(default_factory=dict)
    steps: list[Step] = Field(min_length=6, max_length=12)

    def step_rules(self, step: _Step) -> Rules:
        """The rules of ``step``: the lesson's rules with the step's changes."""
        return rules_from_params({**_as_text(self.rules), **_as_text(step.rules)})

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

    @model_validator(mode="after")
    def _check_with_engine(self, info: Any) -> Lesson:
        known = (info.context or {}).get("known_ids")
        ids = [s.id for s in self.steps]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"step ids must be unique, repeated: {', '.join(dupes)}")
        for step in self.steps:
            try:
                _check_step(self, step, known)
            except (ValueError, IllegalMoveError, NotationError) as exc:
                raise ValueError(f"step {step.id!r}: {exc}") from None
        return self


def _as_text(params: RuleParams) -> dict[str, str]:
    return {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in params.items()}


def _check_step(lesson: Lesson, step: _Step, known: frozenset[str] | None) -> None:
    """The engine's checks of one step; raises ValueError with the problem."""
    if known is not None:
        unknown = [r for r in step.cites if r not in known]
        if unknown:
            raise ValueError(f"cites unknown rule ids {unknown}")
    rules = lesson.step_rules(step)
    pos = lesson.step_position(step)
    legal = legal_moves(pos, rules)
    if isinstance(step, DoStep):
        for pit in step.lit:
            if pit not in legal:
                raise ValueError(f"lit pit {pit} is not a legal move in {pos} (legal: {list(legal)})")
            fired = play(pos, pit, rules).rules_fired
            missing = [r for r in step.expect if r not in fired]
            if missing:
                raise ValueError(f"pit {pit} does not fire {missing} (the engine says {list(fired)})")
    elif isinstance(step, PredictStep):
        if step.pit not in legal:
            raise ValueError(f"pit {step.pit} is not a legal move in {pos} (legal: {list(legal)})")
        result = play(pos, step.pit, rules)
        truth = answer_of(step.ask, pos, result, rules, step.side)
        if step.answer != truth:
            raise ValueError(f"answer {step.answer!r} is wrong: the engine says {truth!r} for pit {step.pit} in {pos}")
        if step.answer not in step.options:
            raise ValueError(f"answer {step.answer!r} is not one of the choices {step.options}")
        if len(set(step.options)) != len(step.options) or len(step.options) < 2:
            raise ValueError(f"choices must be at least two different answers, not {step.options}")
    elif isinstance(step, GoalStep):
        results: list[MoveResult] = []
        for pit in step.solution:
            if results and not results[-1].extra_turn:
                raise ValueError(f"solution {step.solution} goes on after the turn ended")
            if results and goal_reached(step.goal, pos.to_move, results):
                raise ValueError(
                    f"solution {step.solution} goes on after the goal was reached "
                    f"(after {len(results)} move{'s' if len(results) != 1 else ''})"
                )
            results.append(play(results[-1].position if results else pos, pit, rules))
        if not goal_reached(step.goal, pos.to_move, results):
            if results[-1].extra_turn:
                raise ValueError(f"solution {step.solution} stops while the turn goes on")
            failed = goal_failures(step.goal, pos.to_move, results)
            raise ValueError(f"solution {step.solution} misses the goal: {'; '.join(failed)}")


def goal_failures(goal: Goal, learner: str, results: Iterable[MoveResult]) -> list[str]:
    """What a finished turn (its ``MoveResult``s, in order) misses of ``goal``; ``[]`` when reached."""
    results = list(results)
    out = []
    if goal.extra_turns is not None:
        got = sum("K9" in r.rules_fired for r in results)
        if got < goal.extra_turns:
            out.append(f"{got} extra turn{'s' if got != 1 else ''}, not {goal.extra_turns}")
    if goal.capture is not None and any(r.captured for r in results) != goal.capture:
        out.append("no capture" if goal.capture else "a capture happened")
    over = bool(results) and results[-1].game_over
    if goal.game_over is not None and over != goal.game_over:
        out.append("the game did not end" if goal.game_over else "the game ended")
    if goal.winner is not None:
        end = results[-1].outcome if over else None
        result_is = None if end is None else (end.winner or "draw")
        if result_is != goal.winner:
            out.append("the result is not the one asked for")
    if goal.store_at_least is not None and results:
        store = results[-1].position.store(learner)
        if store < goal.store_at_least:
            out.append(f"{store} seeds in the store, not {goal.store_at_least}")
    return out


def goal_reached(goal: Goal, learner: str, results: Iterable[MoveResult]) -> bool:
    """The goal holds after these moves of the learner's turn (checked after every move).

    A goal is reached the moment :func:`goal_failures` is empty, also in the
    middle of a chain of extra turns (K9): counts, captures and stores only
    grow during a turn. Only a goal that asks for something not to happen
    (``capture = false``, ``game_over = false``) waits for the end of the turn.
    """
    results = list(results)
    if not results or goal_failures(goal, learner, results):
        return False
    return not (results[-1].extra_turn and (goal.capture is False or goal.game_over is False))


# ------------------------------------------------------------------ loading


def _describe(exc: ValidationError, data: dict[str, Any]) -> list[str]:
    """Each pydantic error as ``step 'id': field: problem``."""
    steps = data.get("steps") if isinstance(data, dict) else None
    out = []
    for err in exc.errors():
        loc = list(err["loc"])
        where = ""
        if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
            raw = steps[loc[1]] if isinstance(steps, list) and loc[1] < len(steps) else {}
            sid = raw.get("id") if isinstance(raw, dict) else None
            where = f"step {sid!r}: " if sid else f"step {loc[1] + 1} (no id): "
            loc = [x for x in loc[2:] if x not in ("read", "do", "predict", "goal")]
        field = ".".join(map(str, loc))
        msg = re.sub(r"^Value error, ", "", err["msg"])
        out.append(f"{where}{field + ': ' if field else ''}{msg}")
    return out


def load_lesson(path: Path, known_ids: frozenset[str] | None = None) -> Lesson:
    """Read and check one lesson file; raise ``LessonError`` naming the file, step and problem."""
    known = known_ids if known_ids is not None else known_rule_ids()
    try:
        with Path(path).open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{Path(path).name}: cannot read: {exc}") from None
    try:
        return Lesson.model_validate(data, context={"known_ids": known})
    except ValidationError as exc:
        problems = "\n  ".join(_describe(exc, data))
        raise LessonError(f"{Path(path).name}: {problems}") from None


def lesson_files(folder: Path = LESSON_DIR) -> list[Path]:
    """The lesson files, in lesson order: ``lesson_1_*.toml`` .. ``lesson_6_*.toml``."""
    return sorted(Path(folder).glob("lesson_*.toml"))


def load_lessons(folder: Path = LESSON_DIR) -> dict[str, Lesson]:
    """Every lesson, checked, keyed by lesson id in lesson order.

    Pure: reads files, no Streamlit. Raises ``LessonError`` on the first bad file.
    """
    known = known_rule_ids()
    lessons = [load_lesson(p, known) for p in lesson_files(folder)]
    lessons.sort(key=lambda lesson: lesson.number)
    numbers = [lesson.number for lesson in lessons]
    if len(set(numbers)) != len(numbers):
        raise LessonError(f"two lesson files share a number: {numbers}")
    return {lesson.id: lesson for lesson in lessons}
