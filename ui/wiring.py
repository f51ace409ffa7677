"""Where the app's ports are wired: the one ``ui`` module that knows the ``store`` package.

:func:`school` opens the progress database once per server (``store.db.Database``: SQLite by
default, ``MANCALA_DB_URL`` for another) and wraps it as the tutor's port
(``tutor.school.School``); every other ``ui`` module asks it for the school and never imports
``store`` (``tests/test_layers.py`` checks it). :func:`guard` runs one request to the school and
turns a store failure into the "not being saved" notice (``Session.store_lost``) and a default.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from tutor.ratings import RatedTry, Rating, RatingStore
from tutor.school import School, StoreUnavailable, guarded
from tutor.upkeep import DAY_S, OncePer, expire_daily
from ui import state

T = TypeVar("T")

# The store (SQLAlchemy, Alembic) is imported where the database is first opened, not with this
# module: every page imports it, and a server's first page is drawn before the learner keeper
# reports (the database is needed from then on). It is not opened ahead on a thread while the
# browser draws that page: the thread's imports held back the server's event loop, which then
# sends the board's files (bench/cold_start.py: Home shown 2.68 s without it, 3.14 s with it).


RETRY_S = 5.0
"""Seconds between two tries to open a database that could not be opened (it may be starting)."""


class _Opener:
    """The server's one school, opened on first use; while the database cannot be reached, tried
    again at most every :data:`RETRY_S` seconds, so a server started before its database connects
    once the database is up (never a ``None`` kept for good). ``clock``: monotonic seconds (tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.school: School | None = None
        self.next_try = 0.0
        self.lock = threading.Lock()

    def __call__(self) -> School | None:
        if self.school is not None:
            return self.school
        with self.lock:
            if self.school is None and self.clock() >= self.next_try:
                from store.db import Database, StoreUnavailable
                from store.school import StoredSchool

                try:
                    self.school = StoredSchool(Database())
                except StoreUnavailable:
                    self.next_try = self.clock() + RETRY_S
            return self.school

    def forget(self) -> None:
        """Open the database afresh on the next use (tests that change ``MANCALA_DB_URL``)."""
        with self.lock:
            self.school, self.next_try = None, 0.0


OPENER = _Opener()
"""This server's school, opened once the database can be reached."""


def school() -> School | None:
    """The server's school on its database, opened and migrated once; ``None`` while the database
    cannot be reached (tried again every :data:`RETRY_S` seconds)."""
    return OPENER()


def _lost() -> None:
    state.session().store_lost = True


def guard(ask: Callable[[School], T], default: T) -> T:
    """``ask(school())``; ``default`` when there is no database or it failed (the page then says
    progress is not being saved). An answer from the database clears that notice again (progress
    written meanwhile says so itself until it is written back: ``ProgressStore.waiting``)."""
    failed: list[bool] = []

    def lost() -> None:
        failed.append(True)
        _lost()

    answer = guarded(school(), ask, default, lost)
    if not failed:
        state.session().store_lost = False  # the database answered: it is back
    return answer


class GuardedRatings:
    """A learner's ratings in the store (a ``tutor.ratings.RatingStore``) whose failures never reach the
    page: a read gives the default (a first rating, nothing rated), a write is left undone, and the page
    says progress is not being saved (``Session.store_lost``)."""

    def __init__(self, store: RatingStore) -> None:
        self.store = store

    def _ask(self, ask: Callable[[], T], default: T) -> T:
        try:
            return ask()
        except StoreUnavailable:
            _lost()
            return default

    def rating(self, variant: str) -> Rating:
        return self._ask(lambda: self.store.rating(variant), Rating())

    def puzzle_ratings(self) -> dict[str, Rating]:
        return self._ask(self.store.puzzle_ratings, {})

    def record_try(self, puzzle_id: str, variant: str, solved: bool, start: Rating,
                   at: dt.datetime | None = None, hinted: bool = False) -> RatedTry | None:
        return self._ask(lambda: self.store.record_try(puzzle_id, variant, solved, start, at, hinted), None)

    def history(self, variant: str | None = None) -> list[RatedTry]:
        return self._ask(lambda: self.store.history(variant), [])

    def recently_solved(self, since: dt.datetime) -> set[str]:
        return self._ask(lambda: self.store.recently_solved(since), set())

    def best_streak(self, variant: str) -> int:
        return self._ask(lambda: self.store.best_streak(variant), 0)

    def streak_reached(self, variant: str, length: int) -> None:
        self._ask(lambda: self.store.streak_reached(variant, length), None)

    def reset(self) -> None:
        self._ask(self.store.reset, None)


EXPIRY = OncePer(DAY_S)
"""When this server process last expired idle learners (:func:`upkeep`)."""


def upkeep() -> None:
    """After a page is drawn: once a day per server process, idle learners expire
    (``tutor.upkeep.expire_daily``). Only a session whose learner is bound asks, so the database is
    open already (a server's first page never waits for it); a failure is logged, never shown."""
    found = school() if state.session().learner is not None else None
    if found is not None:
        expire_daily(found, EXPIRY)


__all__ = ["EXPIRY", "GuardedRatings", "guard", "school", "upkeep"]
