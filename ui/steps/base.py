"""How a lesson page draws one kind of step, beyond what every step has: its view.

``ui.lesson`` draws every step the same way (step k of n, the text, the board, the panel with its
feedback, Back / Next / Restart) and asks the step's view (:func:`view_for`, a dict lookup by the
model's class) for the rest: the page's CSS, the panel beside the board, a line under the board,
what runs after the page, whether Next waits for the sowing. A kind whose module in this package
registers no view is drawn by :class:`StepView` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from lessons.models import StepModel
from tutor.lesson import LessonActivity
from ui import lesson_panel as panel


class StepView:
    """How a step is drawn when its kind asks nothing more (``read``, ``find``, ``goal``)."""

    next_waits: bool = True
    """Next opens only once the board has sown the move that did the step, as the move's result would
    give something away (a pit, a goal, an answer the learner was to find)."""

    def style(self, run: LessonActivity, sown: str | None) -> str:
        """CSS of the kind's own (added to the page's one ``<style>``; ``sown``: ``lesson_panel.pending``)."""
        return ""

    def prompt(self, run: LessonActivity) -> None:
        """What to do on a fresh step, a quiet line in the feedback's slot (the step not done yet)."""
        panel.your_move(run)

    def panel(self, run: LessonActivity, board_key: str) -> None:
        """The panel beside the board: the feedback (``lesson_panel.feedback``)."""
        panel.feedback(run, board_key, self.prompt)

    def below_board(self, run: LessonActivity) -> None:
        """Under the board, before its caption: nothing."""

    def after_page(self, run: LessonActivity, slot: Any) -> None:
        """After Back / Next / Restart (``slot``: an ``st.empty`` below the board): nothing."""


V = TypeVar("V", bound=StepView)

VIEWS: dict[type[StepModel], StepView] = {}
"""Each kind's model class -> its view (one instance), for the kinds that draw something of their own."""
PLAIN = StepView()


def add_view(model: type[StepModel], view: StepView) -> None:
    """Draw the steps of ``model`` (exactly that class) with ``view``."""
    VIEWS[model] = view


def remove_view(model: type[StepModel]) -> None:
    """Undo :func:`add_view` (a test's own kind, once the test is over)."""
    VIEWS.pop(model, None)


def draws(model: type[StepModel]) -> Callable[[type[V]], type[V]]:
    """Class decorator: ``@draws(PredictStep)`` registers one instance of the class for ``PredictStep`` steps."""

    def register(cls: type[V]) -> type[V]:
        add_view(model, cls())
        return cls

    return register


def view_for(step: StepModel) -> StepView:
    """The view of ``step``'s kind, or :data:`PLAIN` when the kind draws nothing of its own."""
    return VIEWS.get(type(step), PLAIN)


__all__ = ["PLAIN", "StepView", "VIEWS", "add_view", "draws", "remove_view", "view_for"]
