"""Where the app's ports are wired: the one ``ui`` module that knows the ``store`` package.

:func:`school` opens the progress database once per server (``store.db.Database``: SQLite by
default, ``MANCALA_DB_URL`` for another) and wraps it as the tutor's port
(``tutor.school.School``); every other ``ui`` module asks it for the school and never imports
``store`` (``tests/test_layers.py`` checks it). :func:`guard` runs one request to the school and
turns a store failure into the "not being saved" notice (``Session.store_lost``) and a default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from tutor.school import School, guarded
from ui import state

T = TypeVar("T")

# The store (SQLAlchemy, Alembic) is imported where the database is first opened, not with this
# module: every page imports it, and a server's first page is drawn before the learner keeper
# reports (the database is needed from then on). It is not opened ahead on a thread while the
# browser draws that page: the thread's imports held back the server's event loop, which then
# sends the board's files (bench/cold_start.py: Home shown 2.68 s without it, 3.14 s with it).


@st.cache_resource(show_spinner=False)
def _open() -> School | None:
    from store.db import Database, StoreUnavailable
    from store.school import StoredSchool

    try:
        return StoredSchool(Database())
    except StoreUnavailable:
        return None


def school() -> School | None:
    """The server's school on its database, opened and migrated once; ``None`` when the database
    cannot be reached."""
    return _open()


def _lost() -> None:
    state.session().store_lost = True


def guard(ask: Callable[[School], T], default: T) -> T:
    """``ask(school())``; ``default`` when there is no database or it failed (the page then says
    progress is not being saved)."""
    return guarded(school(), ask, default, _lost)


__all__ = ["guard", "school"]
