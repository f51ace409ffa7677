"""One learner's ratings in the database: a ``tutor.ratings.RatingStore``.

A rated first try is one transaction: the learner's rating in the variant, the puzzle's rating
(shared by every learner) and the try itself (``rated_tries``, unique for a learner and puzzle, so
a puzzle is rated once per learner even from two tabs at once). The rating rows are read ``FOR
UPDATE`` (PostgreSQL; SQLite's one writer does the same), so two learners rating the same puzzle at
once both move it.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from tutor.ratings import RatedTry, Rating, rate_try, try_score

from .db import Database, StoreConflict
from .schema import LearnerRating, PuzzleRating, PuzzleRow, RatedTryRow, now


def _utc(at: dt.datetime) -> dt.datetime:
    """``at`` with its time zone (SQLite gives it back without one; it was written in UTC)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=dt.UTC)


def _rated(row: RatedTryRow) -> RatedTry:
    return RatedTry(row.puzzle_id, row.variant, row.solved, row.rating, row.change, _utc(row.at), row.hinted,
                    row.deviation)


class StoredRatings:
    """The ratings of learner ``code`` (who must exist: ``store.learners.new_learner``) kept in ``db``.
    Every method may raise ``store.db.StoreUnavailable`` (``tutor.school.StoreUnavailable``)."""

    def __init__(self, db: Database, code: str) -> None:
        self.db = db
        self.code = code

    def rating(self, variant: str) -> Rating:
        with self.db.session() as s:
            row = s.get(LearnerRating, (self.code, variant))
            return Rating() if row is None else Rating(row.rating, row.deviation, row.volatility)

    def puzzle_ratings(self) -> dict[str, Rating]:
        columns = (PuzzleRating.puzzle_id, PuzzleRating.rating, PuzzleRating.deviation, PuzzleRating.volatility)
        with self.db.session() as s:  # plain rows, not ORM objects: hundreds of puzzles at every serve
            return {pid: Rating(rating, deviation, volatility) for pid, rating, deviation, volatility in s.execute(
                select(*columns))}

    def record_try(self, puzzle_id: str, variant: str, solved: bool, start: Rating,
                   at: dt.datetime | None = None, hinted: bool = False) -> RatedTry | None:
        hinted = hinted and not solved
        try:
            return self._record(puzzle_id, variant, solved, start, at or now(), hinted)
        except StoreConflict:  # another session wrote one of the rows first: once more, over its rows
            return self._record(puzzle_id, variant, solved, start, at or now(), hinted)

    def _record(self, puzzle_id: str, variant: str, solved: bool, start: Rating, at: dt.datetime,
                hinted: bool) -> RatedTry | None:
        with self.db.session() as s:
            seen = s.scalar(select(RatedTryRow.id).where(RatedTryRow.learner_code == self.code,
                                                         RatedTryRow.puzzle_id == puzzle_id))
            if seen is not None:
                return None
            mine = self._learner_row(s, variant)
            puzzle = s.scalar(select(PuzzleRating).where(PuzzleRating.puzzle_id == puzzle_id).with_for_update())
            if puzzle is None:
                puzzle = PuzzleRating(puzzle_id=puzzle_id, rating=start.rating, deviation=start.deviation,
                                      volatility=start.volatility, tries=0)
                s.add(puzzle)
            before = Rating(mine.rating, mine.deviation, mine.volatility)
            after, moved = rate_try(before, Rating(puzzle.rating, puzzle.deviation, puzzle.volatility),
                                   try_score(solved, hinted))
            mine.rating, mine.deviation, mine.volatility = after.rating, after.deviation, after.volatility
            mine.tries, mine.changed_at = mine.tries + 1, at
            puzzle.rating, puzzle.deviation, puzzle.volatility = moved.rating, moved.deviation, moved.volatility
            puzzle.tries += 1
            row = RatedTryRow(learner_code=self.code, puzzle_id=puzzle_id, variant=variant, solved=solved,
                              rating=after.rating, change=after.rating - before.rating, at=at, hinted=hinted,
                              deviation=after.deviation)
            s.add(row)
            return RatedTry(puzzle_id, variant, solved, row.rating, row.change, at, hinted, after.deviation)

    def _learner_row(self, s: Session, variant: str) -> LearnerRating:
        row = s.scalar(select(LearnerRating).where(LearnerRating.learner_code == self.code,
                                                   LearnerRating.variant == variant).with_for_update())
        if row is None:
            first = Rating()
            row = LearnerRating(learner_code=self.code, variant=variant, rating=first.rating,
                                deviation=first.deviation, volatility=first.volatility, tries=0, best_streak=0)
            s.add(row)
        return row

    def history(self, variant: str | None = None) -> list[RatedTry]:
        query = select(RatedTryRow).where(RatedTryRow.learner_code == self.code)
        if variant is not None:
            query = query.where(RatedTryRow.variant == variant)
        with self.db.session() as s:
            return [_rated(row) for row in s.scalars(query.order_by(RatedTryRow.id))]

    def recently_solved(self, since: dt.datetime) -> set[str]:
        # the time of the latest solve (a later try that was no solve does not count); a solve kept before
        # its time was: the time of the last try
        when = func.coalesce(PuzzleRow.solved_at, PuzzleRow.last_at)
        with self.db.session() as s:
            return set(s.scalars(select(PuzzleRow.puzzle_id).where(
                PuzzleRow.learner_code == self.code, PuzzleRow.solved.is_(True), when >= since)))

    def best_streak(self, variant: str) -> int:
        with self.db.session() as s:
            row = s.get(LearnerRating, (self.code, variant))
            return 0 if row is None else row.best_streak

    def streak_reached(self, variant: str, length: int) -> None:
        def write() -> None:
            with self.db.session() as s:
                row = self._learner_row(s, variant)
                row.best_streak = max(row.best_streak or 0, length)

        try:
            write()
        except StoreConflict:  # the learner's first row written meanwhile by another tab
            write()

    def reset(self) -> None:
        with self.db.session() as s:
            for table in (RatedTryRow, LearnerRating):
                s.execute(delete(table).where(table.learner_code == self.code))


__all__ = ["StoredRatings"]
