"""The store's upkeep, done by the server now and then, for nobody in particular: idle learners expire.

A server process asks :func:`expire_daily` after drawing a page (``ui.wiring.upkeep``); it calls
``School.expire_idle`` (``store.lifecycle``: learners idle longer than ``MANCALA_LEARNER_TTL_DAYS``,
a year by default, are erased with everything under their code) at most once per :data:`DAY_S` in
the process. Every other call costs one look at a clock. ``python -m tools.expire`` does the same
on demand.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from .school import School, StoreUnavailable

DAY_S = 24 * 3600.0
"""Seconds between two expiries in one server process."""

_log = logging.getLogger(__name__)


class OncePer:
    """Lets a job run at most once per ``seconds`` of ``clock`` (seconds; default ``time.monotonic``)
    in this process, across all its threads: :meth:`due` is True for the first call, then for the
    first call once ``seconds`` have passed since the last True."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds, self.clock = seconds, clock
        self._last: float | None = None
        self._lock = threading.Lock()

    def due(self) -> bool:
        """True when the job should run now (and is then counted as run); False otherwise."""
        at = self.clock()
        with self._lock:
            if self._last is not None and at - self._last < self.seconds:
                return False
            self._last = at
            return True


def expire_daily(school: School, gate: OncePer) -> int | None:
    """Expire idle learners (``School.expire_idle``) when ``gate`` says it is due: how many went, or
    ``None`` when it was not due or failed. A failure (the store away, a bad setting of the idle
    time) is logged, never raised, and tried again only when ``gate`` is due again."""
    if not gate.due():
        return None
    try:
        gone = school.expire_idle()
    except (StoreUnavailable, ValueError) as exc:
        _log.warning("idle learners were not expired: %s", exc)
        return None
    if gone:
        _log.info("%d idle learners expired", gone)
    return gone


__all__ = ["DAY_S", "OncePer", "expire_daily"]
