"""Guessing limits: how many tries of one kind a device, a client or a class may make in a while.

A try is first *reserved* (:func:`reserve`): in one transaction that begins by writing the single
``attempt_guard`` row, the tries already recorded are counted against each :class:`Limit`, and the
new one is recorded only if every limit has room. Writing the guard row first makes two tries at
the same instant wait for each other (a row lock on PostgreSQL, the write lock on SQLite), so
however many come at once, no more are judged than a limit allows. A try that turns out fine (the
right PIN, a class code that exists) is then taken back (:func:`release`), so only failures count.

Who tried is three things: the *device* (the browser's learner code, which anyone can renew, or a
teacher device's own id), the *client* (the address the request came from) and the *scope* (the
class the try was about). A limit of one of them counts that one's tries of the kind.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from tutor.school import Who

from .schema import Attempt, AttemptGuard

Kind = Literal["pin", "recovery", "code", "join"]
"""What was tried: a teacher PIN, a recovery code, a class code (an unknown one is a failure), a join."""
KEEP = dt.timedelta(hours=1)
"""Tries older than this are deleted (longer than any limit's window)."""


@dataclass(frozen=True)
class Limit:
    """At most ``most`` tries of a kind by one ``by`` (``"device"``, ``"client"`` or ``"scope"``,
    the class) within ``window`` before the try being judged."""

    by: Literal["device", "client", "scope"]
    most: int
    window: dt.timedelta = dt.timedelta(minutes=1)


def lock(s: Session, at: dt.datetime) -> None:
    """Write the guard row in ``s``'s transaction: until it ends, every other :func:`reserve` or
    :func:`lock` waits (a row lock on PostgreSQL, the write lock on SQLite)."""
    if s.execute(update(AttemptGuard).where(AttemptGuard.id == 1).values(at=at)).rowcount == 0:  # type: ignore[attr-defined]
        s.add(AttemptGuard(id=1, at=at))  # a database made without the migration's row
        s.flush()


def reserve(s: Session, kind: Kind, limits: Sequence[Limit], who: Who, at: dt.datetime,
            scope: str = "") -> int | None:
    """Count and record one try of ``kind`` about ``scope`` by ``who`` at ``at``, in the session
    ``s`` (its transaction is the one that counts): the new try's id, or ``None`` when a limit is
    full (then nothing is recorded: a refused try is not judged, and does not count again)."""
    lock(s, at)
    s.execute(delete(Attempt).where(Attempt.at < at - KEEP))
    for limit in limits:
        if (limit.by == "device" and who.device is None) or (limit.by == "client" and who.client is None):
            continue  # unknown: not one device or address, so never counted together
        by = {"device": Attempt.device == who.device, "client": Attempt.client == who.client,
              "scope": Attempt.scope == scope}[limit.by]
        used = s.scalar(select(func.count()).select_from(Attempt).where(
            Attempt.kind == kind, Attempt.at > at - limit.window, Attempt.at <= at, by))
        if (used or 0) >= limit.most:
            return None
    row = Attempt(kind=kind, scope=scope, device=who.device, client=who.client, at=at)
    s.add(row)
    s.flush()
    return int(row.id)


def release(s: Session, attempt: int) -> None:
    """Take back the try ``attempt`` (it turned out fine, so it is no failure)."""
    s.execute(delete(Attempt).where(Attempt.id == attempt))


__all__ = ["KEEP", "Kind", "Limit", "Who", "lock", "release", "reserve"]
