"""A learner's own day: the calendar date a moment falls on in their time zone (IANA names, ``zoneinfo``).

Homework is "due today" or "late" by the day the learner lives in, not by UTC: at 01:30 in Athens on
Friday it is still Thursday in UTC, and at 20:00 on Thursday in Los Angeles it is already Friday in
UTC. The page passes the time now (an injectable clock, timezone-aware) and the browser's zone name
(``st.context.timezone``, or ``None`` when the browser gave none) as plain values: nothing here reads
a wall clock or Streamlit.
"""

from __future__ import annotations

import datetime as dt
import functools
import zoneinfo
from dataclasses import dataclass


@functools.lru_cache(maxsize=64)
def zone(name: str | None) -> zoneinfo.ZoneInfo | None:
    """The time zone named ``name`` (``"Europe/Athens"``), or ``None`` for no name or one ``zoneinfo``
    does not know (a browser may send anything)."""
    if not name or len(name) > 64:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def known(name: str | None) -> str:
    """``name`` when it is a zone ``zoneinfo`` knows, else ``""`` (what the store keeps for "no zone")."""
    return name if name and zone(name) is not None else ""


def local_date(now: dt.datetime, *names: str | None) -> dt.date:
    """The date ``now`` falls on in the first of ``names`` that is a known zone, else in UTC. A naive
    ``now`` is read as UTC (SQLite gives times back without their zone)."""
    aware = now if now.tzinfo is not None else now.replace(tzinfo=dt.UTC)
    for name in names:
        found = zone(name)
        if found is not None:
            return aware.astimezone(found).date()
    return aware.astimezone(dt.UTC).date()


@dataclass(frozen=True)
class Today:
    """The moment now (timezone-aware) and the zone of the person looking (``None``: their browser gave
    none). Each homework is judged on :meth:`date`: the viewer's day, else the day in the zone the
    homework was set in (the teacher's), else UTC's."""

    now: dt.datetime
    zone: str | None = None

    def date(self, fallback: str | None = None) -> dt.date:
        """Today's date in :attr:`zone`, else in ``fallback``, else in UTC (:func:`local_date`)."""
        return local_date(self.now, self.zone, fallback)


__all__ = ["Today", "known", "local_date", "zone"]
