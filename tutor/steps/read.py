"""A ``read`` step: read the text and look at the board; it is done as soon as it is shown."""

from __future__ import annotations

from lessons.steps.read import ReadStep

from .base import StepHandler, StepRun, handles


@handles(ReadStep)
class ReadHandler(StepHandler[ReadStep]):
    """Nothing to press or answer: Next opens at once."""

    def started(self, run: StepRun, step: ReadStep) -> None:
        run.complete_step()


__all__ = ["ReadHandler"]
