"""The data's lifecycle: a class deleted by its owner, a learner's data erased, idle learners expired.

What goes, and what stays:

- :func:`delete_class` (the class's owner device only): the class row, its homework, its live questions
  and every answer to them, its teacher devices, the guessing-limit rows about it (``attempts`` whose scope is
  its code), and its pupils' names and their link to it. Each pupil's learner row stays, with their
  own progress (lessons, puzzles, games, review cards) and their kept sandbox game: it is theirs, not the class's.
- :func:`erase_learner`: everything kept under one learner code: lesson steps and stars, puzzles,
  finished games, the kept sandbox game, the review cards (``tutor.cards``) and the games reviewed, answers to live questions, the ids of progress writes taken
  (``applied_writes``), the guessing-limit rows the code tried, and the learner row itself (with
  their name in a class). A teacher device is kept
  under a browser key of its own, never the learner code, so a class made on the browser stays.
- :func:`expire_idle`: :func:`erase_learner` for every learner idle (``learners.last_active``) for
  longer than :func:`learner_ttl` (``MANCALA_LEARNER_TTL_DAYS``, a year by default).

Each runs in one transaction that first writes the guessing limits' guard row (``store.limits.lock``),
so it waits for a join under way and a join waits for it; on PostgreSQL the learners to expire are
locked too (``FOR UPDATE``), so a learner touched meanwhile is either kept or, touched after, gone.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Mapping, Sequence

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from .db import Database
from .limits import lock
from .schema import (AnswerRow, AppliedWrite, Attempt, GameRow, HomeworkRow, KeptGameRow, Learner, LearnerRating,
                     LessonRow, PuzzleRow, QuestionRow, RatedTryRow, ReviewCardRow, ReviewedGameRow, SchoolClass, StepRow, TeacherDevice,
                     TeacherSignOut, now)
from .teachers import owns

TTL_ENV = "MANCALA_LEARNER_TTL_DAYS"
"""The environment variable of :func:`learner_ttl`: whole days a learner may be idle before expiring."""
DEFAULT_TTL_DAYS = 365
"""Days a learner may be idle when :data:`TTL_ENV` is not set (a year)."""
MAX_TTL_DAYS = 36500
"""The most days :data:`TTL_ENV` may say (a hundred years: never, in practice)."""
BATCH = 500
"""Learners erased per statement by :func:`expire_idle` (a SQL ``IN`` list stays well within every
database's limit on parameters)."""


def ttl_days(text: str, name: str = TTL_ENV) -> dt.timedelta:
    """``text`` (the setting ``name``) as a whole number of days from 1 to :data:`MAX_TTL_DAYS`.
    Raises ``ValueError`` with a sentence for the operator (the setting, its value, what it must be)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_TTL_DAYS:
        raise ValueError(f"{name} {text[:40]!r} is not a whole number of days from 1 to {MAX_TTL_DAYS}, "
                         "so no learner was expired")
    return dt.timedelta(days=int(text))


def learner_ttl(environ: Mapping[str, str] | None = None) -> dt.timedelta:
    """How long a learner may be idle before :func:`expire_idle` erases them: :data:`TTL_ENV` of
    ``environ`` (default ``os.environ``) in whole days (:func:`ttl_days`), :data:`DEFAULT_TTL_DAYS`
    when it is unset or blank. Raises ``ValueError`` for any other value; then nothing may expire."""
    text = (os.environ if environ is None else environ).get(TTL_ENV, "").strip()
    return ttl_days(text) if text else dt.timedelta(days=DEFAULT_TTL_DAYS)


def _erase(s: Session, codes: Sequence[str]) -> None:
    """Delete every row kept under the learner ``codes`` in the session ``s``, the learner rows last
    (every other row points at them)."""
    for table in (StepRow, LessonRow, PuzzleRow, GameRow, KeptGameRow, ReviewCardRow, ReviewedGameRow, AnswerRow, AppliedWrite, LearnerRating, RatedTryRow):
        s.execute(delete(table).where(table.learner_code.in_(codes)))
    s.execute(delete(Attempt).where(Attempt.device.in_(codes)))
    s.execute(delete(Learner).where(Learner.code.in_(codes)))


def erase_learner(db: Database, code: str, at: dt.datetime | None = None) -> bool:
    """Erase everything kept under the learner ``code`` (see the module's list): True when there was
    such a learner. Raises ``StoreUnavailable`` when the database fails (then nothing is erased)."""
    with db.session() as s:
        lock(s, at or now())
        if s.get(Learner, code) is None:
            return False
        _erase(s, [code])
        return True


def expire_idle(db: Database, ttl: dt.timedelta | None = None, at: dt.datetime | None = None) -> int:
    """Erase (as :func:`erase_learner`) every learner whose ``last_active`` is older than ``ttl``
    (default :func:`learner_ttl`) before ``at`` (default: now), :data:`BATCH` in a transaction; returns
    how many went. Raises ``ValueError`` for a bad :data:`TTL_ENV` and ``StoreUnavailable`` when the
    database fails (the batches done by then stay done)."""
    cutoff = (at or now()) - (learner_ttl() if ttl is None else ttl)
    gone = 0
    while True:
        with db.session() as s:
            lock(s, at or now())
            codes = list(s.scalars(select(Learner.code).where(Learner.last_active < cutoff).order_by(Learner.code)
                                   .limit(BATCH).with_for_update()))
            if codes:
                _erase(s, codes)
        gone += len(codes)
        if len(codes) < BATCH:
            return gone


def delete_class(db: Database, code: str, key: object, at: dt.datetime | None = None) -> str | None:
    """Class ``code``'s owner (the browser of ``key``, its view open at ``at``, default now) deletes it
    (see the module's list of what goes and what stays): the deleted class's name, or ``None`` when
    there is no such class or ``key`` is not its owner's (then nothing changes). Raises
    ``StoreUnavailable`` when the database fails (then nothing changes)."""
    at = at or now()
    with db.session() as s:
        lock(s, at)  # a join under way ends first: no pupil joins a class that is going
        row = s.get(SchoolClass, code)
        if row is None or not owns(s, key, code, at):
            return None
        name = row.name
        asked = select(QuestionRow.id).where(QuestionRow.class_code == code).scalar_subquery()
        s.execute(delete(AnswerRow).where(AnswerRow.question_id.in_(asked)))
        s.execute(delete(QuestionRow).where(QuestionRow.class_code == code))
        s.execute(delete(HomeworkRow).where(HomeworkRow.class_code == code))
        s.execute(update(Learner).where(Learner.class_code == code).values(class_code=None, name=None))
        s.execute(delete(TeacherDevice).where(TeacherDevice.class_code == code))
        s.execute(delete(TeacherSignOut).where(TeacherSignOut.class_code == code))
        s.execute(delete(Attempt).where(Attempt.scope == code))
        s.execute(delete(SchoolClass).where(SchoolClass.code == code))
        return name


__all__ = ["BATCH", "DEFAULT_TTL_DAYS", "MAX_TTL_DAYS", "TTL_ENV", "delete_class", "erase_learner", "expire_idle",
           "learner_ttl", "ttl_days"]
