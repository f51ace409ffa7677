"""A lesson step's model: the fields every step has, and the kinds of step a lesson may hold.

Each kind of step is a model in its own module of this package (``lessons/steps/do.py`` holds
``DoStep``): a :class:`StepModel` with a ``kind`` literal, registered with :func:`step_kind`. What a
kind's content must be is the model's own business: pydantic checks its shape (fields, types, ranges)
and :meth:`StepModel.prove` its facts with the engine (``lessons.loader.check_step`` calls it). A
lesson's ``steps`` take any registered kind (:data:`AnyStep`, told apart by ``kind``), so a new kind
changes nothing here, in ``lessons.models`` or in the loader.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, TypeVar, get_args

from pydantic import Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

from engine import Position, Rules

from ..fields import ContentId, RuleId, RuleParams, Strict, Text


class StepModel(Strict):
    """Fields every step has; a kind adds its own, its ``kind`` literal and its engine checks (:meth:`prove`)."""

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
    kind: str
    """The kind's name in a lesson file (``kind = "do"``): each kind's model narrows it to one literal."""
    chooses: ClassVar[bool] = False
    """The learner chooses the move (a find, goal or game step), not told it (``tools.lesson_kinds``)."""

    def taught(self) -> list[tuple[int, ...]]:
        """The lines of pits this step teaches, played from its position (``lessons.taught`` proves each
        move among the best); none for a kind that teaches no move (this default)."""
        return []

    def prove(self, position: Position, rules: Rules) -> None:
        """The engine's checks of this step's facts, played from ``position`` under ``rules`` (the
        step's own): raise ``ValueError`` naming the problem (``IllegalMoveError`` and
        ``NotationError`` are ones). A kind with nothing to prove (``read``) keeps this one."""


M = TypeVar("M", bound=type[StepModel])

_KINDS: dict[str, type[StepModel]] = {}
_CHANGED: list[Callable[[], None]] = []


def kind_of(model: type[StepModel]) -> str:
    """The name in ``model``'s ``kind`` literal (``DoStep`` -> ``"do"``)."""
    field = model.model_fields.get("kind")
    names = get_args(field.annotation) if field is not None else ()
    if len(names) != 1 or not isinstance(names[0], str):
        raise TypeError(f"{model.__name__}: a step kind's model needs a field kind: Literal['<name>']")
    return names[0]


def _same(one: type, other: type) -> bool:
    """The same class, or the same class made again (a module imported afresh, e.g. by a reloading server)."""
    return one is other or (one.__module__, one.__qualname__) == (other.__module__, other.__qualname__)


def step_kind(model: M) -> M:
    """Register ``model`` as the step kind its ``kind`` literal names (a class decorator); a lesson's
    steps take it from now on. Another model already registered under that name is an error."""
    name = kind_of(model)
    known = _KINDS.get(name)
    if known is not None and not _same(known, model):
        raise ValueError(f"step kind {name!r} is already {known.__module__}.{known.__qualname__}")
    _KINDS[name] = model
    _changed()
    return model


def forget_kind(model: type[StepModel]) -> None:
    """Undo :func:`step_kind` for ``model`` (a test's own kind, once the test is over)."""
    name = kind_of(model)
    if _KINDS.get(name) is model:
        del _KINDS[name]
        _changed()


def step_kinds() -> dict[str, type[StepModel]]:
    """Every registered kind: name -> model, in the order they were registered."""
    return dict(_KINDS)


def when_kinds_change(hook: Callable[[], None]) -> None:
    """Call ``hook`` after a kind is registered or forgotten (``lessons.models`` rebuilds ``Lesson``'s
    validator: it was built for the kinds known then)."""
    _CHANGED.append(hook)


def _changed() -> None:
    for hook in _CHANGED:
        hook()


class _AnyKind:
    """Pydantic's schema for :data:`AnyStep`: a union of every registered kind, told apart by ``kind``
    (the same errors as a ``Field(discriminator="kind")`` union: an unknown kind names the known ones)."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        choices: dict[str, CoreSchema] = {name: handler.generate_schema(model) for name, model in _KINDS.items()}
        return core_schema.tagged_union_schema(choices, discriminator="kind")


AnyStep = Annotated[StepModel, _AnyKind()]
"""A step of any registered kind (a lesson's ``steps``)."""


__all__ = ["AnyStep", "StepModel", "forget_kind", "kind_of", "step_kind", "step_kinds", "when_kinds_change"]
