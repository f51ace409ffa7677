"""What one learner's progress keeps while the database is away: the writes, in order, and what was read.

When a write fails because the database cannot be reached, it is kept here (:class:`Write`: its
method, arguments and a write id) with every write after it, in order; the page goes on. Every
later call first tries to write them back (:meth:`Journal.due`: at most every
:data:`RETRY_S` seconds), oldest first, each with its write id recorded in the same transaction
(``store.schema.AppliedWrite``): a write the database took before it failed to answer is never
written twice. Reads while writes wait are answered from what was last read, with the waiting
writes applied (:meth:`Journal.mirror`), so the page shows the learner's progress as it is.
"""

from __future__ import annotations

import copy
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tutor.progress import GameRecord, LessonProgress, Progress, PuzzleProgress

RETRY_S = 5.0
"""Seconds between two tries to write back what waits (a page polling does not hammer a database that is away)."""


@dataclass(frozen=True)
class Write:
    """One progress write: the ``ProgressStore`` method's ``name``, its arguments, and its ``id``."""

    name: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    id: str = field(default_factory=lambda: uuid.uuid4().hex)


@dataclass
class Seen:
    """The learner's progress as last read from the database."""

    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    puzzles: dict[str, PuzzleProgress] = field(default_factory=dict)
    games: list[GameRecord] = field(default_factory=list)


class Journal:
    """The writes that wait for the database, oldest first, and what was last read.

    Attributes:
        pending: the waiting writes, oldest first.
        seen: the progress as last read.
        written_back: how many waiting writes have been written back so far.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, retry_s: float | None = None) -> None:
        self.pending: list[Write] = []
        self.seen = Seen()
        self.written_back = 0
        self._clock = clock
        self._retry_s = RETRY_S if retry_s is None else retry_s
        self._next_try = 0.0

    def keep(self, write: Write) -> None:
        """``write`` failed, or others wait before it: it waits too (the next try in :data:`RETRY_S`)."""
        if not self.pending:
            self._next_try = self._clock() + self._retry_s
        self.pending.append(write)

    def due(self) -> bool:
        """Whether writes wait and it is time to try writing them back."""
        return bool(self.pending) and self._clock() >= self._next_try

    def tried(self) -> None:
        """A try to write back failed: the next one in :data:`RETRY_S`."""
        self._next_try = self._clock() + self._retry_s

    def done(self, write: Write) -> None:
        """``write``, the oldest waiting, has been written (or was already)."""
        assert self.pending and self.pending[0] is write
        self.pending.pop(0)
        self.written_back += 1

    def mirror(self) -> Progress:
        """What was last read with the waiting writes applied, as an in-memory ``tutor.progress.Progress``."""
        lessons = copy.deepcopy(self.seen.lessons)
        slips = {(lesson_id, step_id): tries for lesson_id, rec in lessons.items() for step_id, tries in rec.tries.items()}
        shown = Progress(lessons, copy.deepcopy(self.seen.puzzles), list(self.seen.games), slips)
        for write in self.pending:
            getattr(shown, write.name)(*write.args, **write.kwargs)
        return shown


__all__ = ["RETRY_S", "Journal", "Seen", "Write"]
