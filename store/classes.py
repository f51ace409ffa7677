"""Classes: a teacher's class code and PIN, pupils joining, and what the class has done.

The teacher PIN is 6 digits from ``secrets``, kept only as a
``hashlib.scrypt`` hash with its own salt (n=2**14, r=8, p=1), compared in
constant time. At most :data:`PIN_TRIES_PER_MINUTE` wrong PINs from one
device (its learner code) are judged in a minute, and at most
:data:`PIN_TRIES_PER_CLASS_MINUTE` from all devices; after that every try is
refused until the minute is over (:func:`check_pin` returns ``"locked"``). So
a pupil who guesses locks out only their own device, not the teacher's, while
guessing a PIN stays out of reach (a million PINs, 30 tries a minute).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Literal

from sqlalchemy import delete, func, select

from tutor.names import NameProblem as TypedNameProblem
from tutor.names import clean_name, name_problem
from tutor.progress import LessonProgress, PuzzleProgress

from .db import Database
from .learners import make_code
from .progress import read_lessons, read_puzzles
from .schema import CLASS_CODE_LENGTH, Learner, PinFailure, SchoolClass, TeacherKey, now

PIN_DIGITS = 6
"""Digits in a teacher PIN."""
PIN_TRIES_PER_MINUTE = 5
"""Wrong PINs judged per device (learner code) and class per minute."""
PIN_TRIES_PER_CLASS_MINUTE = 30
"""Wrong PINs judged per class per minute, from all devices together."""
NameProblem = TypedNameProblem | Literal["taken"]
"""Why a name is refused: the rule of ``tutor.names`` (the same for the page), or ``"taken"``."""
PinVerdict = Literal["ok", "wrong", "locked", "unknown"]
TEACHER_KEY_HOURS = 12
"""Hours a browser keeps the teacher's view of a class through reloads (a school day), from the PIN."""


def _hash(pin: str, salt: bytes) -> str:
    return hashlib.scrypt(pin.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32).hex()


def create_class(db: Database, name: str) -> tuple[str, str]:
    """Make a class called ``name``; returns ``(class code, teacher PIN)``. The PIN is shown once.

    Raises ``ValueError`` with a :data:`NameProblem` for a bad name.
    """
    name = clean_name(name)
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)
    pin = "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))
    salt = secrets.token_bytes(16)
    with db.session() as s:
        while True:
            code = make_code(CLASS_CODE_LENGTH)
            if s.get(SchoolClass, code) is None:
                break
        s.add(SchoolClass(code=code, name=name, pin_hash=_hash(pin, salt), pin_salt=salt.hex()))
    return code, pin


def class_name(db: Database, code: str) -> str | None:
    """The name of class ``code``, or ``None`` if there is none."""
    with db.session() as s:
        row = s.get(SchoolClass, code)
        return None if row is None else row.name


def check_pin(db: Database, code: str, pin: object, at: dt.datetime | None = None,
              learner: str | None = None) -> PinVerdict:
    """Judge a teacher PIN for class ``code`` at time ``at`` (default: now), tried from the device of
    learner code ``learner`` (``None``: a device without one yet; all such share one count).

    ``"unknown"``: no such class; ``"locked"``: too many wrong PINs in the last minute from this
    device, or from all devices (this try is not judged); ``"wrong"`` (recorded) or ``"ok"``.
    """
    at = at or now()
    with db.session() as s:
        row = s.get(SchoolClass, code)
        if row is None:
            return "unknown"
        since = at - dt.timedelta(minutes=1)
        recent = select(func.count()).select_from(PinFailure).where(PinFailure.class_code == code, PinFailure.at > since)
        mine = recent.where(PinFailure.learner == learner if learner is not None else PinFailure.learner.is_(None))
        if (s.scalar(mine) or 0) >= PIN_TRIES_PER_MINUTE or (s.scalar(recent) or 0) >= PIN_TRIES_PER_CLASS_MINUTE:
            return "locked"
        text = pin.strip() if isinstance(pin, str) else ""
        if len(text) == PIN_DIGITS and text.isdigit() and hmac.compare_digest(
                _hash(text, bytes.fromhex(row.pin_salt)), row.pin_hash):
            s.execute(delete(PinFailure).where(PinFailure.class_code == code))
            return "ok"
        s.add(PinFailure(class_code=code, at=at, learner=learner))
        return "wrong"


def _key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def teacher_key(db: Database, code: str, at: dt.datetime | None = None) -> str:
    """A new random key (43 URL-safe characters) that opens class ``code``'s teacher view from the
    browser that keeps it, until :data:`TEACHER_KEY_HOURS` after ``at`` (default: now). Only its
    SHA-256 is stored. Made after the right PIN, never from a learner code (which is shown and shared)."""
    key = secrets.token_urlsafe(32)
    with db.session() as s:
        s.add(TeacherKey(key_hash=_key_hash(key), class_code=code, created_at=at or now()))
    return key


def class_of_teacher_key(db: Database, key: object, at: dt.datetime | None = None) -> str | None:
    """The class whose teacher view ``key`` opens at ``at`` (default: now), or ``None``: not a key,
    unknown, or older than :data:`TEACHER_KEY_HOURS` (then forgotten)."""
    if not isinstance(key, str) or not 20 <= len(key) <= 100:
        return None
    at = at or now()
    with db.session() as s:
        row = s.get(TeacherKey, _key_hash(key))
        if row is None:
            return None
        made = row.created_at if row.created_at.tzinfo is not None else row.created_at.replace(tzinfo=dt.UTC)
        if at - made > dt.timedelta(hours=TEACHER_KEY_HOURS):
            s.delete(row)
            return None
        return row.class_code


def drop_teacher_key(db: Database, key: object) -> None:
    """Forget ``key`` (the teacher closed the class on that browser); nothing for an unknown one."""
    if isinstance(key, str):
        with db.session() as s:
            s.execute(delete(TeacherKey).where(TeacherKey.key_hash == _key_hash(key)))


def join(db: Database, learner: str, code: str, name: str) -> None:
    """Learner ``learner`` joins class ``code`` as ``name`` (a pupil is in one class at a time).

    Raises ``LookupError`` for an unknown class or learner and ``ValueError``
    with a :data:`NameProblem` for a bad name (``"taken"``: another pupil of the
    class has it, whatever the case); then nothing changes.
    """
    name = clean_name(name)
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)
    with db.session() as s:
        if s.get(SchoolClass, code) is None:
            raise LookupError("class")
        row = s.get(Learner, learner)
        if row is None:
            raise LookupError("learner")
        others = s.scalars(select(Learner.name).where(Learner.class_code == code, Learner.code != learner))
        if any((other or "").casefold() == name.casefold() for other in others):
            raise ValueError("taken")
        row.class_code, row.name, row.last_active = code, name, now()


def leave(db: Database, learner: str) -> None:
    """Learner ``learner`` leaves their class (their progress stays theirs)."""
    with db.session() as s:
        row = s.get(Learner, learner)
        if row is not None:
            row.class_code = row.name = None


@dataclass
class Pupil:
    """One pupil of a class as the teacher sees them (no learner code: only the class's view)."""

    name: str
    last_active: dt.datetime
    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    puzzles: dict[str, PuzzleProgress] = field(default_factory=dict)


def pupils(db: Database, code: str) -> list[Pupil]:
    """Every pupil of class ``code`` with their lessons and puzzles, by name (``[]`` for no class)."""
    with db.session() as s:
        learners = s.scalars(select(Learner).where(Learner.class_code == code).order_by(Learner.name)).all()
        by_code = {ln.code: Pupil(ln.name or "", ln.last_active) for ln in learners}
        if not by_code:
            return []
        lessons = read_lessons(s, list(by_code))
        puzzles = read_puzzles(s, list(by_code))
    for code, pupil in by_code.items():
        pupil.lessons = lessons.get(code, {})
        pupil.puzzles = puzzles.get(code, {})
    return list(by_code.values())


__all__ = ["PIN_DIGITS", "PIN_TRIES_PER_CLASS_MINUTE", "PIN_TRIES_PER_MINUTE", "Pupil", "TEACHER_KEY_HOURS", "check_pin",
           "class_name", "class_of_teacher_key", "clean_name", "create_class", "drop_teacher_key", "join", "leave",
           "name_problem", "pupils", "teacher_key"]
