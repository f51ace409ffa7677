"""A ``find`` step: find the one move that reaches the goal. It is a goal step of one move
(``tutor.steps.goal``): a first move that misses ends the try, even when it earned an extra turn."""

from __future__ import annotations

from lessons.steps.find import FindStep

from .. import words
from .base import handles
from .goal import GoalHandler


@handles(FindStep)
class FindHandler(GoalHandler):
    """A goal step where the first move decides."""

    one_move = True

    def cheer(self, done: str) -> str:
        return words.found(done)


__all__ = ["FindHandler"]
