"""One learner's progress in the database: a ``tutor.progress.ProgressStore``.

Each write is its own short transaction (upserts by primary key), so two
sessions of the same learner (two tabs, two devices) add to the same rows;
each read asks the database, so they see each other's progress at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tutor.progress import GameRecord, LessonProgress, Progress, PuzzleProgress, Summary, summarise

from .db import Database, StoreConflict, StoreUnavailable
from .schema import GameRow, Learner, LessonRow, PuzzleRow, StepRow, now


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


def _or_memory(method: Callable[Concatenate[StoredProgress, _P], _R]) -> Callable[Concatenate[StoredProgress, _P], _R]:
    """Run ``method`` on the database (once more after a :class:`StoreConflict`); once the
    database fails, on the in-memory ``fallback`` instead."""
    name = method.__name__

    def run(self: StoredProgress, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not self.lost:
            try:
                try:
                    return method(self, *args, **kwargs)
                except StoreConflict:
                    return method(self, *args, **kwargs)
            except StoreUnavailable as exc:
                _log.warning("progress store lost in %s: %s", name, exc)
                self.lost = True
        result: _R = getattr(self.fallback, name)(*args, **kwargs)
        return result

    run.__name__, run.__doc__ = name, method.__doc__
    return run


class StoredProgress:
    """The progress of learner ``code`` (which must exist: ``store.learners.new_learner``).

    When the database fails mid-session, ``lost`` turns True and the session
    goes on with an in-memory ``fallback`` (the page says progress is not
    being saved); nothing raises to the page.
    """

    def __init__(self, db: Database, code: str) -> None:
        self.db = db
        self.code = code
        self.lost = False
        self.fallback = Progress()

    def _active(self, s: Session) -> None:
        learner = s.get(Learner, self.code)
        if learner is not None:
            learner.last_active = now()

    # -- writing ----------------------------------------------------------------

    @_or_memory
    def step_done(self, lesson_id: str, step_id: str, wrong: int = 0, hints: int = 0) -> None:
        with self.db.session() as s:
            row = s.get(StepRow, (self.code, lesson_id, step_id))
            if row is None:
                s.add(StepRow(learner_code=self.code, lesson_id=lesson_id, step_id=step_id, wrong=wrong, hints=hints))
            else:
                row.wrong, row.hints, row.done_at, row.done = wrong, hints, now(), True
            self._active(s)

    @_or_memory
    def step_slipped(self, lesson_id: str, step_id: str, wrong: int, hints: int) -> None:
        with self.db.session() as s:
            row = s.get(StepRow, (self.code, lesson_id, step_id))
            if row is None:
                s.add(StepRow(learner_code=self.code, lesson_id=lesson_id, step_id=step_id, wrong=wrong, hints=hints,
                              done=False))
            else:
                row.wrong, row.hints = wrong, hints
            self._active(s)

    @_or_memory
    def lesson_done(self, lesson_id: str, stars: int) -> None:
        with self.db.session() as s:
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

    @_or_memory
    def puzzle_tried(self, puzzle_id: str) -> None:
        with self.db.session() as s:
            self._puzzle(s, puzzle_id)

    @_or_memory
    def puzzle_missed(self, puzzle_id: str) -> None:
        with self.db.session() as s:
            self._puzzle(s, puzzle_id).wrong += 1

    @_or_memory
    def puzzle_hint(self, puzzle_id: str) -> None:
        with self.db.session() as s:
            self._puzzle(s, puzzle_id).hints += 1

    @_or_memory
    def puzzle_solved(self, puzzle_id: str) -> None:
        with self.db.session() as s:
            row = self._puzzle(s, puzzle_id)
            if not row.solved:  # the first solve says whether it was at the first try
                row.first_try = row.wrong == 0 and row.hints == 0
            row.solved = True

    @_or_memory
    def game_finished(self, game: GameRecord) -> None:
        with self.db.session() as s:
            s.add(GameRow(learner_code=self.code, result=game.result, rules=game.rules[:200], mode=game.mode,
                          level=game.level, learner_side=game.learner_side))
            self._active(s)

    @_or_memory
    def restart_lesson(self, lesson_id: str) -> None:
        with self.db.session() as s:
            s.execute(delete(StepRow).where(StepRow.learner_code == self.code, StepRow.lesson_id == lesson_id))

    @_or_memory
    def reset_lesson(self, lesson_id: str) -> None:
        with self.db.session() as s:
            for table in (StepRow, LessonRow):
                s.execute(delete(table).where(table.learner_code == self.code, table.lesson_id == lesson_id))

    @_or_memory
    def reset_all(self) -> None:
        with self.db.session() as s:
            for table in (StepRow, LessonRow, PuzzleRow, GameRow):
                s.execute(delete(table).where(table.learner_code == self.code))

    # -- reading ----------------------------------------------------------------

    @_or_memory
    def lessons(self) -> dict[str, LessonProgress]:
        """Every lesson started: lesson id -> its record."""
        with self.db.session() as s:
            return read_lessons(s, [self.code]).get(self.code, {})

    @_or_memory
    def lesson(self, lesson_id: str) -> LessonProgress:
        return self.lessons().get(lesson_id, LessonProgress())

    @_or_memory
    def puzzles(self) -> dict[str, PuzzleProgress]:
        with self.db.session() as s:
            return read_puzzles(s, [self.code]).get(self.code, {})

    @_or_memory
    def games(self) -> list[GameRecord]:
        with self.db.session() as s:
            rows = s.scalars(select(GameRow).where(GameRow.learner_code == self.code).order_by(GameRow.id)).all()
            return [GameRecord(r.result, r.rules, r.mode, r.level, r.learner_side) for r in rows]

    @_or_memory
    def summary(self, lessons_total: int) -> Summary:
        return summarise(list(self.lessons().values()), list(self.puzzles().values()), len(self.games()),
                         lessons_total)


__all__ = ["StoredProgress", "read_lessons", "read_puzzles"]
