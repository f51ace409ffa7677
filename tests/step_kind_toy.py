"""A step kind that is not in the course, for ``tests/test_step_kinds.py``: a new kind is one module per
layer, and here all three are in this file. A ``count`` step asks the learner to press a pit holding
exactly ``seeds`` seeds (none is lit); another pit is played out, said, and costs a slip.

- the model (``lessons/steps/<kind>.py`` in the project): :class:`CountStep`, with its engine check;
- the behaviour (``tutor/steps/<kind>.py``): :class:`CountHandler`;
- the drawing (``ui/steps/<kind>.py``): :class:`CountView` (a prompt of its own and a line under the board).

Nothing here registers itself on import: :func:`registered` registers the three and forgets them
after, so no other test sees a lesson kind the course does not have.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal

import streamlit as st
from pydantic import Field

from engine import MoveResult, Position, Rules, Turn, legal_moves
from lessons.steps.base import StepModel, forget_kind, step_kind
from tutor.activity import Feedback
from tutor.lesson import LessonActivity
from tutor.steps.base import StepHandler, StepRun, add_handler, remove_handler
from ui.steps.base import StepView, add_view, remove_view

PROMPT = "Count the seeds, then press."
UNDER = "Every seed counts."


class CountStep(StepModel):
    """Press a pit holding exactly ``seeds`` seeds."""

    kind: Literal["count"]
    seeds: int = Field(ge=1)
    done: str

    def prove(self, position: Position, rules: Rules) -> None:
        row = position.row(position.to_move)
        if not any(row[pit - 1] == self.seeds for pit in legal_moves(position, rules)):
            raise ValueError(f"no pit of the mover's row holds {self.seeds} seeds in {position}")

    def pits(self, position: Position) -> tuple[int, ...]:
        """The pits of the mover's row that hold :attr:`seeds` seeds."""
        row = position.row(position.to_move)
        return tuple(pit for pit in range(1, len(row) + 1) if row[pit - 1] == self.seeds)


class CountHandler(StepHandler[CountStep]):
    presses = True

    def judge(self, run: StepRun, step: CountStep, before: Position, result: MoveResult) -> None:
        run.turn = Turn(before, (result,))
        run.show(before, [result])
        if result.pit in step.pits(before):
            run.complete_step()
            run.notice = Feedback("success", lambda: self.now(run).done, self.told(run, (result,)))
            return
        run.failed = True  # the board keeps the try until "Try again"
        run.slip()
        held = before.row(before.to_move)[result.pit - 1]
        run.notice = Feedback("warning", f"Pit {result.pit} held {held}.", lambda: self.hint(run))


class CountView(StepView):
    def prompt(self, run: LessonActivity) -> None:
        st.caption(PROMPT)

    def below_board(self, run: LessonActivity) -> None:
        st.caption(UNDER)


@contextmanager
def registered() -> Iterator[type[CountStep]]:
    """The ``count`` kind registered in all three layers while the block runs."""
    step_kind(CountStep)
    add_handler(CountStep, CountHandler())
    add_view(CountStep, CountView())
    try:
        yield CountStep
    finally:
        remove_view(CountStep)
        remove_handler(CountStep)
        forget_kind(CountStep)
