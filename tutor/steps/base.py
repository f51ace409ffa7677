"""What one kind of lesson step does when the learner presses, answers or asks "Show me": its handler.

Each kind of step (``lessons.steps``) has a :class:`StepHandler` in its own module of this package
(``tutor/steps/do.py`` handles ``DoStep``), registered with :func:`handles` under its model's class.
``tutor.lesson.LessonActivity`` and ``tutor.lesson_run.LessonRun`` find the step's handler with
:func:`handler_for` (a dict lookup by the model's class) and leave to it everything that differs
between kinds; what every kind shares (the step shown, the slips and stars, Next and Back) stays
in the run. A handler changes only the run it is given, through :class:`StepRun`.

A handler keeps no state of its own: one instance serves every run. Its words are made when they
are shown (``Feedback`` takes functions), from the step the run shows then (:meth:`StepHandler.now`),
so a learner who switches language mid-step reads the feedback in the new one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from engine import IllegalMoveError, MoveResult, Position, Rules, Turn
from lessons.models import Lesson, StepModel

from .. import words
from ..activity import Activity, Feedback, Notice, Sowing


class StepRun(Protocol):
    """What a handler may read and change of the lesson run that shows its step
    (``tutor.lesson.LessonActivity`` is one; see ``tutor.lesson_run.LessonRun`` for each)."""

    turn: Turn
    failed: bool
    showing: bool
    shown: int
    chosen: list[str]
    notice: Notice | None
    game: Activity | None

    @property
    def lesson(self) -> Lesson: ...

    @property
    def step(self) -> StepModel: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def position(self) -> Position: ...

    @property
    def done(self) -> bool: ...

    @property
    def finished(self) -> bool: ...

    @property
    def wrong(self) -> int: ...

    def playable(self) -> tuple[int, ...]: ...

    def show(self, start: Position, results: list[MoveResult], extends: Sowing | None = None) -> None: ...

    def complete_step(self) -> None: ...

    def slip(self, wrong: int = 1) -> None: ...

    def retry(self) -> None: ...

    def next_step(self) -> None: ...


S = TypeVar("S", bound=StepModel)


class StepHandler(Generic[S]):
    """What a step of kind ``S`` does. Every method is given the run and its step (``S``, for its facts);
    the defaults are what a step that asks nothing of the board does (a ``read`` step keeps them all
    but :meth:`started`)."""

    presses: ClassVar[bool] = False
    """A press on the board means something in this kind of step (while it is not done, and no missed
    try or solution shown waits for "Try again")."""
    has_solution: ClassVar[bool] = False
    """"Show me" can play the step's solution (:meth:`show_me`): the page offers it after a missed try."""

    def started(self, run: StepRun, step: S) -> None:
        """The step was opened afresh (its position set up, nothing done yet)."""

    def foreseeable(self, run: StepRun, step: S) -> tuple[int, ...]:
        """While presses count: the pits whose press plays its move as it is (``Activity.foreseeable``)."""
        return run.playable()

    def lit(self, run: StepRun, step: S) -> tuple[int, ...]:
        """The pits of the mover's row the board lights up while the step waits for the learner."""
        return ()

    def refused(self, run: StepRun, step: S, pit: int, error: IllegalMoveError) -> None:
        """A pit that is no move (an empty one, K5): why, and the step's hint; never a wrong try, as a
        refused press changes nothing (a tester lost a star for trying the empty pit a step invited them to try)."""
        rule_id = error.rule_id
        run.notice = Feedback("info", lambda: words.refusal(rule_id), lambda: self.hint(run), (rule_id,))

    def judge(self, run: StepRun, step: S, before: Position, result: MoveResult) -> None:
        """A legal move the learner played from ``before`` (only when :attr:`presses`)."""

    def answer(self, run: StepRun, step: S, choice: str) -> bool:
        """The learner chose ``choice`` (not chosen before, the step not done); returns whether it is right."""
        return False

    def show_me(self, run: StepRun, step: S) -> None:
        """"Show me" (the step not done): nothing in a step that has no solution to show."""

    def begun(self, run: StepRun, step: S) -> bool:
        """The learner has done something in this step: pressed, answered or asked "Show me"."""
        return (run.notice is not None or bool(run.turn.results) or run.wrong > 0
                or bool(run.chosen) or run.shown > 0)

    # -- words, made when shown ------------------------------------------------

    def now(self, run: StepRun) -> S:
        """The run's step as this kind, read now: its words in the lesson's language of this moment."""
        return cast(S, run.step)

    @staticmethod
    def hint(run: StepRun) -> str:
        return str(getattr(run.step, "hint", ""))

    @staticmethod
    def done_first(run: StepRun) -> str:
        """The first sentence of the step's ``done`` words (the rest goes under "Why?")."""
        return words.first_sentence(str(getattr(run.step, "done", "")))[0]

    @staticmethod
    def done_rest(run: StepRun) -> str:
        return words.first_sentence(str(getattr(run.step, "done", "")))[1]

    def told(self, run: StepRun, results: tuple[MoveResult, ...],
             lead: Callable[[], str] | None = None) -> Callable[[], str]:
        """Details for "Why?": ``lead()`` (words made when shown), what ``results`` did, then the step's hint."""
        rules = run.rules

        def details() -> str:
            parts = (lead() if lead else "", words.account(results, rules), self.hint(run))
            return "\n\n".join(part for part in parts if part)

        return details


H = TypeVar("H", bound=StepHandler[Any])

HANDLERS: dict[type[StepModel], StepHandler[Any]] = {}
"""Each kind's model class -> its handler (one instance)."""


def add_handler(model: type[StepModel], handler: StepHandler[Any]) -> None:
    """Register ``handler`` for the steps of ``model`` (exactly that class: a subclass is a kind of its own)."""
    HANDLERS[model] = handler


def remove_handler(model: type[StepModel]) -> None:
    """Undo :func:`add_handler` (a test's own kind, once the test is over)."""
    HANDLERS.pop(model, None)


def handles(model: type[StepModel]) -> Callable[[type[H]], type[H]]:
    """Class decorator: ``@handles(DoStep)`` registers one instance of the class for ``DoStep`` steps."""

    def register(cls: type[H]) -> type[H]:
        add_handler(model, cls())
        return cls

    return register


def handler_for(step: StepModel) -> StepHandler[Any]:
    """The handler of ``step``'s kind (``LookupError`` for a kind no module of ``tutor/steps/`` handles)."""
    try:
        return HANDLERS[type(step)]
    except KeyError:
        raise LookupError(f"no handler for step kind {step.kind!r} ({type(step).__qualname__}): "
                          "add one in tutor/steps/") from None


__all__ = ["HANDLERS", "StepHandler", "StepRun", "add_handler", "handler_for", "handles", "remove_handler"]
