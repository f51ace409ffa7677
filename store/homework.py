"""A class's homework (``tutor.homework``): set, listed, deleted, and the pupils' puzzle solves and reviewed
games it counts.

A homework belongs to its class: deleting the class deletes it (``store.lifecycle.delete_class``).
The solves are read from ``puzzles_tried.solved_at`` (the latest solve of each puzzle, written by
``store.progress``); a puzzle never solved, or solved before that time was kept, has none. The
reviewed games are ``reviewed_games`` (with their cards' ids, written by ``store.cards``) and the
cards' ``replayed_at`` (when each was last played again). When each was first done, for homework done
late: ``lessons_done.first_done_at``, ``puzzles_tried.first_solved_at`` and ``review_cards.first_replayed_at``
(rows kept before those were have their latest time there: migration ``0019_late``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from tutor.days import known
from tutor.homework import (KINDS, MAX_HOMEWORKS, AlreadySet, FirstDone, Homework, Kind, ReviewedGame, ReviewWork,
                             same_as)

from .db import Database
from .schema import HomeworkRow, Learner, LessonRow, PuzzleRow, ReviewCardRow, ReviewedGameRow, SchoolClass, now


def _homework(row: HomeworkRow) -> Homework:
    kind: Kind = next((k for k in KINDS if k == row.kind), "lessons")
    return Homework(row.id, kind, tuple(row.lessons.split()), row.theme, row.count, row.due, row.set_at,
                    bool(row.replay) and kind == "reviews", row.zone or "")


def set_homework(db: Database, code: str, kind: Kind, lessons: Sequence[str], theme: str, count: int,
                 due: dt.date, at: dt.datetime | None = None, replay: bool = False, zone: str | None = None) -> int | None:
    """Class ``code`` gets a homework (checked by the caller, ``tutor.homework.check``), set at ``at``
    (default: now) in time zone ``zone`` (an IANA name; one ``zoneinfo`` does not know is kept as ``""``);
    ``replay``: reviews whose mistakes are played again. Its id, or ``None`` when there is no such
    class or it already has :data:`~tutor.homework.MAX_HOMEWORKS` (then nothing is written).

    Raises :class:`~tutor.homework.AlreadySet` (nothing written) when the class has a homework asking just
    the same (``tutor.homework.same_as``). The class's row is locked first, so two of these at the same
    instant (a double click, two tabs) set one homework."""
    with db.session() as s:
        # a write that changes nothing: it waits for any other homework being set for the class (the row's
        # lock in PostgreSQL, the write lock in SQLite), so the homeworks read next include it
        locked = s.execute(update(SchoolClass).where(SchoolClass.code == code).values(name=SchoolClass.name)
                           .execution_options(synchronize_session=False))
        if not getattr(locked, "rowcount", 0):
            return None
        held = [_homework(r) for r in s.scalars(select(HomeworkRow).where(HomeworkRow.class_code == code)
                                                     .order_by(HomeworkRow.id))]
        same = same_as(held, kind, lessons, theme, count, due, replay)
        if same is not None:
            raise AlreadySet(same.id)
        if len(held) >= MAX_HOMEWORKS:
            return None
        row = HomeworkRow(class_code=code, kind=kind, lessons=" ".join(lessons) if kind == "lessons" else "",
                          theme=theme if kind == "puzzles" else "", count=count if kind != "lessons" else 0,
                          due=due, set_at=at or now(), replay=replay and kind == "reviews", zone=known(zone))
        s.add(row)
        s.flush()
        return row.id


def homeworks(db: Database, code: str) -> list[Homework]:
    """Class ``code``'s homeworks, in the order they were set (``[]`` for none or no such class)."""
    with db.session() as s:
        rows = s.scalars(select(HomeworkRow).where(HomeworkRow.class_code == code).order_by(HomeworkRow.id)).all()
        return [_homework(r) for r in rows]


def delete_homework(db: Database, code: str, homework: int) -> bool:
    """The teacher of class ``code`` deletes its homework ``homework``: True when it was there."""
    with db.session() as s:
        gone = s.execute(delete(HomeworkRow).where(HomeworkRow.class_code == code, HomeworkRow.id == homework))
        return bool(getattr(gone, "rowcount", 0))


def solves(db: Database, learner: str) -> dict[str, dt.datetime]:
    """Learner ``learner``'s solved puzzles: puzzle id -> the time of its latest solve."""
    with db.session() as s:
        rows = s.execute(select(PuzzleRow.puzzle_id, PuzzleRow.solved_at)
                         .where(PuzzleRow.learner_code == learner, PuzzleRow.solved_at.is_not(None)))
        return {pid: at for pid, at in rows if at is not None}


def class_solves(db: Database, code: str) -> dict[str, dict[str, dt.datetime]]:
    """Each pupil of class ``code`` (by name, as ``store.classes.pupils`` names them) -> their solves
    (as :func:`solves`); a pupil with none is absent."""
    out: dict[str, dict[str, dt.datetime]] = {}
    with db.session() as s:
        rows = s.execute(select(Learner.name, PuzzleRow.puzzle_id, PuzzleRow.solved_at)
                         .join(PuzzleRow, PuzzleRow.learner_code == Learner.code)
                         .where(Learner.class_code == code, PuzzleRow.solved_at.is_not(None)))
        for name, pid, at in rows:
            if at is not None:
                out.setdefault(name or "", {})[pid] = at
    return out


def first_done(db: Database, learner: str) -> FirstDone:
    """When learner ``learner`` first finished each lesson and first solved each puzzle (UTC)."""
    return class_first_done(db, None, learner).get("", FirstDone())


def _names(s: Session, code: str | None, learner: str | None) -> dict[str, str]:
    """Learner code -> name of class ``code``'s pupils, or ``{learner: ""}`` when ``learner`` is given."""
    if learner is not None:
        return {learner: ""}
    return {c: n or "" for c, n in s.execute(select(Learner.code, Learner.name)
                                             .where(Learner.class_code == code)).all()}


def class_first_done(db: Database, code: str | None, learner: str | None = None) -> dict[str, FirstDone]:
    """Each pupil of class ``code`` (by name, as ``store.classes.pupils`` names them) -> when they first
    did each thing (as :func:`first_done`); a pupil who finished no lesson and solved no puzzle is absent.
    With ``learner`` (and ``code`` ``None``): that learner's alone, under the name ``""``."""
    lessons: dict[str, dict[str, dt.datetime]] = {}
    solved: dict[str, dict[str, dt.datetime]] = {}
    with db.session() as s:
        names = _names(s, code, learner)
        if not names:
            return {}
        for who, lid, at in s.execute(select(LessonRow.learner_code, LessonRow.lesson_id, LessonRow.first_done_at)
                                      .where(LessonRow.learner_code.in_(list(names)),
                                             LessonRow.first_done_at.is_not(None))):
            if at is not None:
                lessons.setdefault(who, {})[lid] = at
        for who, pid, at in s.execute(select(PuzzleRow.learner_code, PuzzleRow.puzzle_id, PuzzleRow.first_solved_at)
                                      .where(PuzzleRow.learner_code.in_(list(names)),
                                             PuzzleRow.first_solved_at.is_not(None))):
            if at is not None:
                solved.setdefault(who, {})[pid] = at
    return {names[who]: FirstDone(lessons.get(who, {}), solved.get(who, {})) for who in names
            if who in lessons or who in solved}


def _games(text: str | None) -> tuple[str, ...]:
    return tuple((text or "").split())


def review_work(db: Database, learner: str) -> ReviewWork:
    """Learner ``learner``'s reviewed games (soonest first) and their cards' latest replays."""
    return class_review_work(db, None, learner).get("", ReviewWork())


def class_review_work(db: Database, code: str | None, learner: str | None = None) -> dict[str, ReviewWork]:
    """Each pupil of class ``code`` (by name, as ``store.classes.pupils`` names them) -> their reviewed
    games and replays (as :func:`review_work`); a pupil who reviewed no game is absent. With ``learner``
    (and ``code`` ``None``): that learner's alone, under the name ``""``."""
    with db.session() as s:
        names = _names(s, code, learner)
        if not names:
            return {}
        games: dict[str, list[ReviewedGame]] = {}
        for who, reviewed_at, mistakes in s.execute(
                select(ReviewedGameRow.learner_code, ReviewedGameRow.reviewed_at, ReviewedGameRow.mistakes)
                .where(ReviewedGameRow.learner_code.in_(list(names)))
                .order_by(ReviewedGameRow.reviewed_at, ReviewedGameRow.game_id)):
            games.setdefault(who, []).append(ReviewedGame(reviewed_at, _games(mistakes)))
        replays: dict[str, dict[str, dt.datetime]] = {}
        firsts: dict[str, dict[str, dt.datetime]] = {}
        for who, card, at, first in s.execute(
                select(ReviewCardRow.learner_code, ReviewCardRow.card_id, ReviewCardRow.replayed_at,
                       ReviewCardRow.first_replayed_at)
                .where(ReviewCardRow.learner_code.in_(list(games)), ReviewCardRow.replayed_at.is_not(None))):
            if at is not None:
                replays.setdefault(who, {})[card] = at
                if first is not None:
                    firsts.setdefault(who, {})[card] = first
    return {names[who]: ReviewWork(tuple(mine), replays.get(who, {}), firsts.get(who, {}))
            for who, mine in games.items()}


__all__ = ["class_first_done", "class_review_work", "class_solves", "delete_homework", "first_done", "homeworks",
           "review_work", "set_homework", "solves"]
