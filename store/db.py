"""Opening the progress database: where it is, its schema version, and its failures.

The URL is the environment variable ``MANCALA_DB_URL`` (any SQLAlchemy URL,
e.g. ``postgresql+psycopg://user:pw@host/db``) or, without it, a SQLite
file ``data/mancala.sqlite3`` beside the app, created on first use, in WAL
mode (readers never wait for a writer). :func:`open_database` brings the
schema to the newest Alembic revision (``store/migrations``) before use, so
nothing needs setting up by hand.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from tutor import school

from .sqlite_writes import take_turns

if TYPE_CHECKING:
    from alembic.config import Config

ENV_URL = "MANCALA_DB_URL"
"""The environment variable that names the database (a SQLAlchemy URL)."""
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
"""The folder of the default SQLite file."""
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0019_late"
"""The newest migration's revision (``store/migrations/versions``; tests/test_store.py checks it is
Alembic's head). A database already at it is opened without loading Alembic (a server's start)."""
_MIGRATING = threading.Lock()
BUSY_TIMEOUT_S = 10.0
"""Seconds a SQLite statement waits for another process's write lock (``busy_timeout``); this process's
own writers take turns without it (``store.sqlite_writes``)."""
_log = logging.getLogger(__name__)
MIGRATION_LOCK = 0x6D616E63
"""The PostgreSQL advisory lock a migration holds (``pg_advisory_xact_lock``; the bytes of "manc")."""
MIGRATION_WAIT_S = 300.0
"""Seconds a process opening the database waits for another process's migration of it before it gives up
(and tries again later, ``ui.wiring.RETRY_S``): a migration copies tables, which may take a while."""


class StoreUnavailable(school.StoreUnavailable):
    """The database cannot be opened, migrated or written (the cause is chained); the tutor's port
    knows it as ``tutor.school.StoreUnavailable``."""


class StoreConflict(StoreUnavailable):
    """A write met a row another session had just written (two tabs of one learner at the
    same instant): trying the write once more sees that row and succeeds."""


def _first_line(exc: BaseException) -> str:
    """The exception's class and the first line of its text (a log line; the SQL that failed is left out)."""
    text_ = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text_[0] if text_ else ''}"


def database_url() -> str:
    """``MANCALA_DB_URL`` if set, else the SQLite file in :data:`DATA_DIR` (the folder is created)."""
    url = os.environ.get(ENV_URL, "").strip()
    if url:
        return url
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{DATA_DIR / 'mancala.sqlite3'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
    cursor.close()


def alembic_config(url: str) -> Config:
    """An Alembic configuration for ``url`` with this package's migrations (no ini file)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


class Database:
    """An open, migrated database: ``engine`` and :meth:`session` (a unit of work).

    Raises :class:`StoreUnavailable` when it cannot be reached or migrated.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = url or database_url()
        try:
            kwargs: dict[str, Any] = {"pool_pre_ping": True}
            if self.url.startswith("sqlite"):
                kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_S, "check_same_thread": False}
            self.engine: Engine = create_engine(self.url, **kwargs)
            if self.engine.dialect.name == "sqlite":
                event.listen(self.engine, "connect", _sqlite_pragmas)
                if self.engine.url.database not in (None, "", ":memory:"):
                    take_turns(self.engine, os.path.realpath(str(self.engine.url.database)))
            with _MIGRATING:  # Alembic's context is process-global
                _migrate(self.engine, self.url)
        except (SQLAlchemyError, OSError) as exc:
            _log.warning("the database cannot be opened (the page says progress is not being saved): %s", _first_line(exc))
            raise StoreUnavailable(str(exc)) from exc
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session committed at the end (rolled back on error); database errors become
        :class:`StoreUnavailable` (:class:`StoreConflict` for a row written meanwhile)."""
        try:
            with self._sessions.begin() as db:
                yield db
        except IntegrityError as exc:
            raise StoreConflict(str(exc)) from exc
        except SQLAlchemyError as exc:
            _log.warning("the database failed (the page says progress is not being saved): %s", _first_line(exc))
            raise StoreUnavailable(str(exc)) from exc

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()


def _migrate(engine: Engine, url: str) -> None:
    """Bring the database of ``engine`` to :data:`HEAD`. One already there is only looked at. Else the
    migration runs in one transaction that first holds the database's migration lock
    (:func:`_hold_migration_lock`) and looks again: processes started together (a school's, after an
    update) migrate one after the other, and the later ones find the work done, instead of failing on
    tables the first one made (the page said "the database cannot be reached" meanwhile)."""
    with engine.begin() as connection:
        if at_head(connection):
            return
    with engine.begin() as connection:
        _hold_migration_lock(connection)
        if not at_head(connection):
            from alembic import command

            cfg = alembic_config(url)
            cfg.attributes["connection"] = connection
            command.upgrade(cfg, "head")


def _hold_migration_lock(connection: Any) -> None:
    """Hold the database's migration lock until ``connection``'s transaction ends, waiting up to
    :data:`MIGRATION_WAIT_S` seconds for another process's migration: on PostgreSQL a transaction-level
    advisory lock (:data:`MIGRATION_LOCK`), on SQLite the write lock (``BEGIN IMMEDIATE``, tried again
    while another process holds it: each try waits SQLite's ``busy_timeout``). Raises SQLAlchemy's
    ``OperationalError`` when the wait is over. Other databases: no lock."""
    name = connection.dialect.name
    if name == "postgresql":
        connection.execute(text("SELECT set_config('lock_timeout', :ms, true)"), {"ms": f"{int(MIGRATION_WAIT_S * 1000)}ms"})
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    elif name == "sqlite":
        deadline = time.monotonic() + MIGRATION_WAIT_S
        while True:
            try:
                connection.exec_driver_sql("BEGIN IMMEDIATE")
                return
            except OperationalError:
                if time.monotonic() > deadline:
                    raise


def at_head(connection: Any) -> bool:
    """Whether the database of ``connection`` (a SQLAlchemy connection) is at :data:`HEAD`: its
    ``alembic_version`` table holds that one revision. False for a new database (no such table)."""
    if not inspect(connection).has_table("alembic_version"):
        return False
    rows = connection.execute(text("SELECT version_num FROM alembic_version")).fetchall()
    return [row[0] for row in rows] == [HEAD]


__all__ = ["DATA_DIR", "ENV_URL", "HEAD", "Database", "StoreConflict", "StoreUnavailable", "alembic_config", "at_head",
           "database_url"]
