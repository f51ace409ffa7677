"""A class's homework (``tutor.homework``): set, listed, deleted, and the pupils' puzzle solves it counts.

A homework belongs to its class: deleting the class deletes it (``store.lifecycle.delete_class``).
The solves are read from ``puzzles_tried.solved_at`` (the latest solve of each puzzle, written by
``store.progress``); a puzzle never solved, or solved before that time was kept, has none.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import delete, func, select

from tutor.homework import MAX_HOMEWORKS, Homework, Kind

from .db import Database
from .schema import HomeworkRow, Learner, PuzzleRow, SchoolClass, now


def _homework(row: HomeworkRow) -> Homework:
    kind: Kind = "puzzles" if row.kind == "puzzles" else "lessons"
    return Homework(row.id, kind, tuple(row.lessons.split()), row.theme, row.count, row.due, row.set_at)


def set_homework(db: Database, code: str, kind: Kind, lessons: Sequence[str], theme: str, count: int,
                 due: dt.date, at: dt.datetime | None = None) -> int | None:
    """Class ``code`` gets a homework (checked by the caller, ``tutor.homework.check``), set at ``at``
    (default: now): its id, or ``None`` when there is no such class or it already has
    :data:`~tutor.homework.MAX_HOMEWORKS` (then nothing is written)."""
    with db.session() as s:
        if s.get(SchoolClass, code) is None:
            return None
        held = s.scalar(select(func.count()).select_from(HomeworkRow).where(HomeworkRow.class_code == code)) or 0
        if held >= MAX_HOMEWORKS:
            return None
        row = HomeworkRow(class_code=code, kind=kind, lessons=" ".join(lessons) if kind == "lessons" else "",
                          theme=theme if kind == "puzzles" else "", count=count if kind == "puzzles" else 0,
                          due=due, set_at=at or now())
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


__all__ = ["class_solves", "delete_homework", "homeworks", "set_homework", "solves"]
