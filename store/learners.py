"""Learners in the store: made with a fresh code, found, touched, their time zone, and the class they joined.

What a code is (its alphabet, sizes, how it is read back) is ``tutor.codes``.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select, update

from tutor.codes import ALPHABET, code_sized, make_code, normalise, normalise_class
from tutor.days import known

from .db import Database
from .schema import Learner, now

def new_learner(db: Database) -> str:
    """Make a learner with a fresh code and return the code."""
    with db.session() as s:
        while True:
            code = make_code()
            if s.get(Learner, code) is None:
                s.add(Learner(code=code))
                return code


def exists(db: Database, code: str) -> bool:
    """True when ``code`` is a known learner."""
    with db.session() as s:
        return s.get(Learner, code) is not None


def touch(db: Database, code: str, at: dt.datetime | None = None) -> bool:
    """Note that the learner ``code`` was active at ``at`` (default: now; ``store.lifecycle`` expires
    learners idle too long): True when there is such a learner, False when there is none (never
    made, erased, or expired)."""
    with db.session() as s:
        done = s.execute(update(Learner).where(Learner.code == code).values(last_active=at or now()))
        return bool(done.rowcount)  # type: ignore[attr-defined]


def note_zone(db: Database, code: str, zone: str | None) -> bool:
    """Keep ``zone`` (an IANA name, the learner's browser's) as learner ``code``'s time zone: True when it
    changed. A zone ``zoneinfo`` does not know, or none, changes nothing (the one kept stays)."""
    name = known(zone)
    if not name:
        return False
    with db.session() as s:
        done = s.execute(update(Learner).where(Learner.code == code, Learner.zone != name).values(zone=name))
        return bool(done.rowcount)  # type: ignore[attr-defined]


def class_of(db: Database, code: str) -> tuple[str, str] | None:
    """``(class code, display name)`` of the class the learner joined, or ``None``."""
    with db.session() as s:
        row = s.execute(select(Learner.class_code, Learner.name).where(Learner.code == code)).one_or_none()
    if row is None or row[0] is None:
        return None
    return str(row[0]), str(row[1] or "")


__all__ = ["ALPHABET", "class_of", "code_sized", "exists", "make_code", "new_learner", "normalise", "normalise_class", "note_zone", "touch"]
