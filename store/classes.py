"""Classes: pupils joining and leaving, the teacher's choices about who is in, and what the class has done.

The teacher's side (the class made, its PIN, recovery code and teacher devices) is ``store.teachers``.
Joining is limited (``store.limits``): an unknown class code counts against the device and the client
(``store.teachers.CODE_LIMITS``), and joins against the class and the client (:data:`JOIN_LIMITS`); a
class holds at most :data:`MAX_PUPILS`, and takes none while its teacher has closed it to newcomers.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Literal

from sqlalchemy import func, select

from tutor.classroom import PupilReviews
from tutor.names import NameProblem as TypedNameProblem
from tutor.names import clean_name, look_alike, name_order, name_problem
from tutor.progress import LessonProgress, PuzzleProgress

from .db import Database
from .limits import Limit, Who, lock, reserve
from .progress import read_lessons, read_puzzles
from .schema import Learner, ReviewCardRow, ReviewedGameRow, SchoolClass, now
from .teachers import class_to_try

MAX_PUPILS = 60
"""Pupils a class holds at once."""
JOIN_LIMITS = (Limit("scope", 40), Limit("client", 40))
"""Joins in a minute: per class, and per client address (a whole class may join at once)."""
NameProblem = TypedNameProblem | Literal["taken"]
"""Why a name is refused: the rule of ``tutor.names`` (the same for the page), or ``"taken"``."""
JoinProblem = Literal["class", "locked", "closed", "full", "busy"]
"""Why a join was refused beyond the name: no such class, too many unknown codes tried, the teacher
closed the class to newcomers, the class is full, too many joins this minute."""


def class_name(db: Database, code: str) -> str | None:
    """The name of class ``code``, or ``None`` if there is none."""
    with db.session() as s:
        row = s.get(SchoolClass, code)
        return None if row is None else row.name


def join(db: Database, learner: str, code: str, name: str, client: str | None = None,
         at: dt.datetime | None = None) -> None:
    """Learner ``learner`` joins class ``code`` as ``name`` (a pupil is in one class at a time), from
    the address ``client``, at ``at`` (default: now).

    Raises ``ValueError`` with a :data:`NameProblem` for a bad name (``"taken"``: another pupil of
    the class has a name that looks the same, ``tutor.names.look_alike``), ``LookupError`` with
    a :data:`JoinProblem` or ``"learner"`` (unknown learner); then nothing changes.
    """
    name = clean_name(name)
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)
    at = at or now()
    who = Who(learner, client)
    with db.session() as s:
        found = class_to_try(s, code, who, at)
    with db.session() as s:
        lock(s, at)  # joins one at a time: two at once never take one name or pass the class's size
        row = s.get(SchoolClass, code)
        if isinstance(found, str) or row is None:
            raise LookupError("locked" if found == "locked" else "class")
        pupil = s.get(Learner, learner)
        if pupil is None:
            raise LookupError("learner")
        if pupil.class_code == code:  # already in: a new name only
            others = s.scalars(select(Learner.name).where(Learner.class_code == code, Learner.code != learner)).all()
        else:
            if not row.open_to_join:
                raise LookupError("closed")
            others = s.scalars(select(Learner.name).where(Learner.class_code == code)).all()
            if len(others) >= MAX_PUPILS:
                raise LookupError("full")
        if any(look_alike(name, other or "") for other in others):
            raise ValueError("taken")
        if pupil.class_code != code and reserve(s, "join", JOIN_LIMITS, who, at, scope=code) is None:
            raise LookupError("busy")
        pupil.class_code, pupil.name, pupil.last_active = code, name, at


def leave(db: Database, learner: str) -> None:
    """Learner ``learner`` leaves their class (their progress stays theirs)."""
    with db.session() as s:
        row = s.get(Learner, learner)
        if row is not None:
            row.class_code = row.name = None


def remove_pupil(db: Database, code: str, name: str) -> bool:
    """The teacher takes the pupil called ``name`` out of class ``code`` (their progress stays theirs;
    they may join again while the class is open): True when one was there."""
    with db.session() as s:
        row = s.scalars(select(Learner).where(Learner.class_code == code, Learner.name == name)).first()
        if row is None:
            return False
        row.class_code = row.name = None
        return True


def pupil_count(db: Database, code: str) -> int:
    """How many pupils are in class ``code`` now."""
    with db.session() as s:
        return int(s.scalar(select(func.count()).select_from(Learner).where(Learner.class_code == code)) or 0)


def set_open(db: Database, code: str, open_to_join: bool) -> None:
    """Whether new pupils may join class ``code`` (pupils already in stay)."""
    with db.session() as s:
        row = s.get(SchoolClass, code)
        if row is not None:
            row.open_to_join = open_to_join


def is_open(db: Database, code: str) -> bool:
    """Whether new pupils may join class ``code`` (False for no such class)."""
    with db.session() as s:
        row = s.get(SchoolClass, code)
        return row is not None and row.open_to_join


@dataclass
class Pupil:
    """One pupil of a class as the teacher sees them (no learner code: only the class's view)."""

    name: str
    last_active: dt.datetime
    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    puzzles: dict[str, PuzzleProgress] = field(default_factory=dict)
    zone: str = ""
    """Their browser's IANA time zone when they last opened Home (``""``: unknown; ``store.learners.note_zone``)."""


def reviews(db: Database, code: str) -> list[PupilReviews]:
    """Every pupil of class ``code``, by name (``tutor.names.name_order``), with the finished games they reviewed and their kept
    mistakes (review cards, one per position) by kind (a card kept without one counts as ``"other"``);
    all they did, before joining too, as their lessons and puzzles (``[]`` for no class)."""
    with db.session() as s:
        learners = sorted(s.execute(select(Learner.code, Learner.name).where(Learner.class_code == code)).all(),
                          key=lambda row: name_order(row[1] or ""))
        if not learners:
            return []
        codes = [c for c, _ in learners]
        games = dict(s.execute(select(ReviewedGameRow.learner_code, func.count())
                               .where(ReviewedGameRow.learner_code.in_(codes))
                               .group_by(ReviewedGameRow.learner_code)).all())
        kinds: dict[str, dict[str, int]] = {}
        for learner, kind, n in s.execute(select(ReviewCardRow.learner_code, ReviewCardRow.kind, func.count())
                                          .where(ReviewCardRow.learner_code.in_(codes))
                                          .group_by(ReviewCardRow.learner_code, ReviewCardRow.kind)).all():
            mine = kinds.setdefault(learner, {})
            mine[kind or "other"] = mine.get(kind or "other", 0) + int(n)
    return [PupilReviews(name or "", int(games.get(c, 0)), kinds.get(c, {})) for c, name in learners]


def pupils(db: Database, code: str) -> list[Pupil]:
    """Every pupil of class ``code`` with their lessons and puzzles, by name (``tutor.names.name_order``;
    ``[]`` for no class)."""
    with db.session() as s:
        learners = sorted(s.scalars(select(Learner).where(Learner.class_code == code)).all(),
                          key=lambda row: name_order(row.name or ""))
        by_code = {ln.code: Pupil(ln.name or "", ln.last_active, zone=ln.zone or "") for ln in learners}
        if not by_code:
            return []
        lessons = read_lessons(s, list(by_code))
        puzzles = read_puzzles(s, list(by_code))
    for code, pupil in by_code.items():
        pupil.lessons = lessons.get(code, {})
        pupil.puzzles = puzzles.get(code, {})
    return list(by_code.values())


__all__ = [
    "JOIN_LIMITS",
    "MAX_PUPILS",
    "JoinProblem",
    "NameProblem",
    "Pupil",
    "class_name",
    "clean_name",
    "is_open",
    "join",
    "leave",
    "name_problem",
    "pupil_count",
    "pupils",
    "remove_pupil",
    "reviews",
    "set_open",
]
