"""One learner's progress in the database: a ``tutor.progress.ProgressStore``.

Each write is its own short transaction (upserts by primary key), so two
sessions of the same learner (two tabs, two devices) add to the same rows;
each read asks the database, so they see each other's progress at once.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tutor.progress import GameRecord, LessonProgress, Progress, PuzzleProgress, Summary, summarise

from .db import Database, StoreConflict, StoreUnavailable
from .journal import Journal, Write
from .schema import AppliedWrite, GameRow, Learner, LessonRow, PuzzleRow, StepRow, now


def read_lessons(s: Session, codes: list[str]) -> dict[str, dict[str, LessonProgress]]:
    """Learner code -> lesson id -> record, for the learners ``codes`` (those with no lesson are absent)."""
    out: dict[str, dict[str, LessonProgress]] = {}
    for step in s.scalars(select(StepRow).where(StepRow.learner_code.in_(codes))):
        rec = out.setdefault(step.learner_code, {}).setdefault(step.lesson_id, LessonProgress())
        if step.done:
            rec.steps_done.add(step.step_id)
        rec.wrong += step.wrong
        rec.hints += step.hints
        rec.tries[step.step_id] = (step.wrong, step.hints)
    for done in s.scalars(select(LessonRow).where(LessonRow.learner_code.in_(codes))):
        rec = out.setdefault(done.learner_code, {}).setdefault(done.lesson_id, LessonProgress())
        rec.done, rec.stars = True, done.stars
    return out


def read_puzzles(s: Session, codes: list[str]) -> dict[str, dict[str, PuzzleProgress]]:
    """Learner code -> puzzle id -> record, for the learners ``codes``."""
    out: dict[str, dict[str, PuzzleProgress]] = {}
    for row in s.scalars(select(PuzzleRow).where(PuzzleRow.learner_code.in_(codes))):
        out.setdefault(row.learner_code, {})[row.puzzle_id] = PuzzleProgress(row.wrong, row.hints, row.solved,
                                                                             row.solved and row.first_try)
    return out


_log = logging.getLogger(__name__)
_P = ParamSpec("_P")
_R = TypeVar("_R")

WRITES = frozenset({"step_done", "step_slipped", "lesson_done", "puzzle_tried", "puzzle_missed", "puzzle_hint",
                    "puzzle_solved", "game_finished", "restart_lesson", "reset_lesson", "reset_all"})
"""The ``ProgressStore`` methods that write (each kept in order while the database is away)."""
APPLIED_KEPT = dt.timedelta(days=1)
"""How long a write's id is kept (``AppliedWrite``): a session's waiting writes are written back long before."""
PRUNE_EVERY = 100
"""A session's first write, and every hundredth after it, drops its learner's ids older than :data:`APPLIED_KEPT`."""


def _journaled(method: Callable[Concatenate[StoredProgress, _P], _R]) -> Callable[Concatenate[StoredProgress, _P], _R]:
    """Run ``method`` on the database (once more after a :class:`StoreConflict`); while the database
    is away, a write waits in the ``journal`` and a read is answered from it (``store.journal``)."""
    name = method.__name__
    write = name in WRITES

    def run(self: StoredProgress, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        self.write_back()
        if not self.journal.pending:
            try:
                if write:
                    done: _R = self._write(method, Write(name, args, dict(kwargs)))
                    return done
                return self._read(method, *args, **kwargs)
            except StoreUnavailable as exc:
                _log.warning("progress store away in %s: %s", name, exc)
        if write:
            self.journal.keep(Write(name, args, dict(kwargs)))
            return None  # type: ignore[return-value]  # every write returns None
        shown = getattr(self.journal.mirror(), name)  # Progress keeps ``lessons`` as a field, the rest as methods
        result: _R = shown(*args, **kwargs) if callable(shown) else dict(shown)  # type: ignore[assignment]
        return result

    functools.update_wrapper(run, method)
    return run


class StoredProgress:
    """The progress of learner ``code`` (which must exist: ``store.learners.new_learner``).

    When the database is away, writes wait in order in ``journal`` and are written back once it
    returns, each at most once (``store.journal``); reads meanwhile show the progress last read with
    the waiting writes applied. Nothing raises to the page; :attr:`lost` says writes are waiting.
    """

    def __init__(self, db: Database, code: str, journal: Journal | None = None) -> None:
        self.db = db
        self.code = code
        self.journal = journal if journal is not None else Journal()
        self._write_id: str | None = None
        self._writes = 0

    @property
    def lost(self) -> bool:
        """Whether writes wait for the database (the page says progress is not being saved yet)."""
        return bool(self.journal.pending)

    def waiting(self) -> int:
        """How many writes wait for the database (0: everything is saved)."""
        return len(self.journal.pending)

    def write_back(self) -> bool:
        """Write back what waits, oldest first, when it is time to try (``Journal.due``); stops at the
        first failure. True when nothing waits any more."""
        if not self.journal.due():
            return not self.journal.pending
        for write in list(self.journal.pending):
            try:
                self._write(getattr(type(self), write.name).__wrapped__, write)
            except StoreUnavailable as exc:
                _log.info("progress still not written back (%d waiting): %s", len(self.journal.pending), exc)
                self.journal.tried()
                return False
            self.journal.done(write)
        return True

    def _write(self, method: Callable[..., Any], write: Write) -> Any:
        """Do ``write`` with ``method``, its id recorded in the same transaction; once more after a
        conflict, unless the conflict was its own id (it had been written already)."""
        self._write_id = write.id
        try:
            try:
                return method(self, *write.args, **write.kwargs)
            except StoreConflict:
                if self._applied(write.id):
                    return None
                return method(self, *write.args, **write.kwargs)
        finally:
            self._write_id = None

    def _applied(self, write_id: str) -> bool:
        with self.db.session() as s:
            return s.get(AppliedWrite, write_id) is not None

    def _read(self, method: Callable[..., _R], *args: Any, **kwargs: Any) -> _R:
        try:
            return method(self, *args, **kwargs)
        except StoreConflict:
            return method(self, *args, **kwargs)

    @contextmanager
    def _session(self) -> Iterator[Session]:
        """A write's transaction: its write id is recorded in it (``store.schema.AppliedWrite``)."""
        with self.db.session() as s:
            if self._write_id is not None:
                s.add(AppliedWrite(id=self._write_id, learner_code=self.code))
                self._writes += 1
                if self._writes % PRUNE_EVERY == 1:  # ids older than a day can wait for nothing any more
                    s.execute(delete(AppliedWrite).where(AppliedWrite.learner_code == self.code,
                                                         AppliedWrite.at < now() - APPLIED_KEPT))
            yield s

    def _active(self, s: Session) -> None:
        learner = s.get(Learner, self.code)
        if learner is not None:
            learner.last_active = now()

    # -- writing ----------------------------------------------------------------

    @_journaled
    def step_done(self, lesson_id: str, step_id: str, wrong: int = 0, hints: int = 0) -> None:
        with self._session() as s:
            row = s.get(StepRow, (self.code, lesson_id, step_id))
            if row is None:
                s.add(StepRow(learner_code=self.code, lesson_id=lesson_id, step_id=step_id, wrong=wrong, hints=hints))
            else:
                row.wrong, row.hints, row.done_at, row.done = wrong, hints, now(), True
            self._active(s)

    @_journaled
    def step_slipped(self, lesson_id: str, step_id: str, wrong: int, hints: int) -> None:
        with self._session() as s:
            row = s.get(StepRow, (self.code, lesson_id, step_id))
            if row is None:
                s.add(StepRow(learner_code=self.code, lesson_id=lesson_id, step_id=step_id, wrong=wrong, hints=hints,
                              done=False))
            else:
                row.wrong, row.hints = wrong, hints
            self._active(s)

    @_journaled
    def lesson_done(self, lesson_id: str, stars: int) -> None:
        with self._session() as s:
            row = s.get(LessonRow, (self.code, lesson_id))
            if row is None:
                s.add(LessonRow(learner_code=self.code, lesson_id=lesson_id, stars=stars))
            else:
                row.stars, row.done_at = max(row.stars, stars), now()
            self._active(s)

    def _puzzle(self, s: Session, puzzle_id: str) -> PuzzleRow:
        row = s.get(PuzzleRow, (self.code, puzzle_id))
        if row is None:
            row = PuzzleRow(learner_code=self.code, puzzle_id=puzzle_id, wrong=0, hints=0, solved=False,
                           first_try=False)
            s.add(row)
        row.last_at = now()
        self._active(s)
        return row

    @_journaled
    def puzzle_tried(self, puzzle_id: str) -> None:
        with self._session() as s:
            self._puzzle(s, puzzle_id)

    @_journaled
    def puzzle_missed(self, puzzle_id: str) -> None:
        with self._session() as s:
            self._puzzle(s, puzzle_id).wrong += 1

    @_journaled
    def puzzle_hint(self, puzzle_id: str) -> None:
        with self._session() as s:
            self._puzzle(s, puzzle_id).hints += 1

    @_journaled
    def puzzle_solved(self, puzzle_id: str) -> None:
        with self._session() as s:
            row = self._puzzle(s, puzzle_id)
            if not row.solved:  # the first solve says whether it was at the first try
                row.first_try = row.wrong == 0 and row.hints == 0
            row.solved, row.solved_at = True, row.last_at
            if row.first_solved_at is None:  # the first solve with a time: homework done late is told by it
                row.first_solved_at = row.last_at

    @_journaled
    def game_finished(self, game: GameRecord) -> None:
        with self._session() as s:
            s.add(GameRow(learner_code=self.code, result=game.result, rules=game.rules[:200], mode=game.mode,
                          level=game.level, learner_side=game.learner_side))
            self._active(s)

    @_journaled
    def restart_lesson(self, lesson_id: str) -> None:
        with self._session() as s:
            s.execute(delete(StepRow).where(StepRow.learner_code == self.code, StepRow.lesson_id == lesson_id))

    @_journaled
    def reset_lesson(self, lesson_id: str) -> None:
        with self._session() as s:
            for table in (StepRow, LessonRow):
                s.execute(delete(table).where(table.learner_code == self.code, table.lesson_id == lesson_id))

    @_journaled
    def reset_all(self) -> None:
        with self._session() as s:
            for table in (StepRow, LessonRow, PuzzleRow, GameRow):
                s.execute(delete(table).where(table.learner_code == self.code))

    # -- reading ----------------------------------------------------------------

    @_journaled
    def lessons(self) -> dict[str, LessonProgress]:
        """Every lesson started: lesson id -> its record."""
        with self.db.session() as s:
            self.journal.seen.lessons = read_lessons(s, [self.code]).get(self.code, {})
        return self.journal.seen.lessons

    @_journaled
    def lesson(self, lesson_id: str) -> LessonProgress:
        return self.lessons().get(lesson_id, LessonProgress())

    @_journaled
    def puzzles(self) -> dict[str, PuzzleProgress]:
        with self.db.session() as s:
            self.journal.seen.puzzles = read_puzzles(s, [self.code]).get(self.code, {})
        return self.journal.seen.puzzles

    @_journaled
    def games(self) -> list[GameRecord]:
        with self.db.session() as s:
            rows = s.scalars(select(GameRow).where(GameRow.learner_code == self.code).order_by(GameRow.id)).all()
            self.journal.seen.games = [GameRecord(r.result, r.rules, r.mode, r.level, r.learner_side) for r in rows]
        return list(self.journal.seen.games)

    @_journaled
    def summary(self, lessons_total: int) -> Summary:
        return summarise(list(self.lessons().values()), list(self.puzzles().values()), len(self.games()),
                         lessons_total)


__all__ = ["StoredProgress", "read_lessons", "read_puzzles"]
