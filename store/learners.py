"""Learner codes: made, checked, found, forgotten.

A learner code is :data:`~store.schema.CODE_LENGTH` characters from
:data:`ALPHABET`, which leaves out look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B),
so it can be read aloud and typed from a projector. Codes are made with
``secrets``; :func:`normalise` accepts lower case, spaces and dashes.
"""

from __future__ import annotations

import re
import secrets

from sqlalchemy import select, update

from .db import Database
from .schema import CLASS_CODE_LENGTH, CODE_LENGTH, Learner, now

ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
"""The characters of learner and class codes (25: no look-alikes)."""


def make_code(length: int = CODE_LENGTH) -> str:
    """A random code of ``length`` characters from :data:`ALPHABET`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normalise(text: object, length: int = CODE_LENGTH) -> str | None:
    """``text`` as a code (upper case, spaces and dashes dropped), or ``None`` if it cannot be one."""
    if not isinstance(text, str) or len(text) > 4 * length:
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) != length or any(ch not in ALPHABET for ch in code):
        return None
    return code


def code_sized(text: object, length: int = CLASS_CODE_LENGTH) -> bool:
    """Whether ``text`` has ``length`` characters once spaces and dashes are dropped (the shape of a
    code, whatever its characters: a look-alike such as Z or 0 can still be a mistyped code)."""
    return isinstance(text, str) and len(re.sub(r"[\s-]", "", text)) == length


def normalise_class(text: object) -> str | None:
    """``text`` as a class code, or ``None`` (as :func:`normalise`)."""
    return normalise(text, CLASS_CODE_LENGTH)


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


def touch(db: Database, code: str) -> None:
    """Note that the learner was active now."""
    with db.session() as s:
        s.execute(update(Learner).where(Learner.code == code).values(last_active=now()))


def class_of(db: Database, code: str) -> tuple[str, str] | None:
    """``(class code, display name)`` of the class the learner joined, or ``None``."""
    with db.session() as s:
        row = s.execute(select(Learner.class_code, Learner.name).where(Learner.code == code)).one_or_none()
    if row is None or row[0] is None:
        return None
    return str(row[0]), str(row[1] or "")


__all__ = ["ALPHABET", "class_of", "code_sized", "exists", "make_code", "new_learner", "normalise", "normalise_class", "touch"]
