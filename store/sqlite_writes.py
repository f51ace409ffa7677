"""SQLite writers of one process take turns in order, instead of racing for the file's write lock.

SQLite lets one transaction write at a time. A connection that finds the write lock taken does not
queue: its busy handler sleeps (1 ms, 2 ms, ... up to 100 ms a time) and tries again, and whoever
tries at the moment the lock is free gets it. With many sessions writing, one writer can lose that
race again and again. ``python -m bench.store_load --processes 1`` (30 learners writing for 20 s in
one process, on a loaded 2-core machine; three runs) measured writes of a few milliseconds' work
taking 3.0, 3.7 and 7.6 s at worst (p95 198-252 ms); once the wait passes ``busy_timeout`` (10 s) the
write fails ("database is locked") and the page says the database cannot be reached, although it is
fine. Taking turns, the worst was 0.47, 0.51 and 0.77 s (p95 152-237 ms, p50 22-34 ms against 9-11 ms
before: the lucky writer no longer jumps the queue), with the same writes per second (261-272).

So each engine on a SQLite file (:func:`take_turns`) keeps one lock per file for the process: a
connection takes it just before its transaction's first write (``INSERT``, ``UPDATE``, ``DELETE``,
``REPLACE``, a schema change, ``BEGIN IMMEDIATE``) and gives it back when the connection goes back to
the pool (committed or rolled back) or is dropped. A thread waiting for it sleeps until it is given
back and is woken then. Reads take no turn (WAL: they never wait for a writer). Other processes on the
same file still meet the write lock through ``busy_timeout``.
"""

from __future__ import annotations

import threading
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError

TURN_WAIT_S = 60.0
"""Seconds a write waits for its turn before it fails (``OperationalError``: the page then says progress
is not being saved; ``StoredProgress`` keeps the write and writes it later)."""
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "BEGIN")
"""The first words of statements that take the file's write lock."""

_TURNS: dict[str, threading.Lock] = {}
_TURNS_LOCK = threading.Lock()
_HOLDING = "mancala_write_turn"


def _turn(path: str) -> threading.Lock:
    with _TURNS_LOCK:
        return _TURNS.setdefault(path, threading.Lock())


def writes(statement: str) -> bool:
    """Whether ``statement`` (SQL text) takes SQLite's write lock: it begins with one of :data:`WRITES`."""
    words = statement.lstrip().split(None, 1)
    return bool(words) and words[0].upper() in WRITES


def take_turns(engine: Engine, path: str) -> None:
    """Make ``engine``'s connections to the SQLite file ``path`` take turns to write with every other
    engine of this process on that file (see the module's docstring)."""
    turn = _turn(path)

    def before_execute(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        info = conn.info
        if info.get(_HOLDING) or not writes(statement):
            return
        if not turn.acquire(timeout=TURN_WAIT_S):
            raise OperationalError(statement, None, TimeoutError(f"no turn to write in {TURN_WAIT_S:g} s"))
        info[_HOLDING] = True

    def give_back(_dbapi_connection: Any, record: Any, *_args: Any) -> None:
        if record is not None and record.info.pop(_HOLDING, False):
            turn.release()

    event.listen(engine, "before_cursor_execute", before_execute)
    event.listen(engine.pool, "checkin", give_back)
    event.listen(engine.pool, "invalidate", give_back)
    event.listen(engine.pool, "soft_invalidate", give_back)


__all__ = ["TURN_WAIT_S", "WRITES", "take_turns", "writes"]
