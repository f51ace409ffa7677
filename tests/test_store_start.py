"""App processes that start together on one database (a school's set-up, docs/deployment.md; or a server
started again while the last one still runs) each open it without failing: the first one migrates, the
others wait for it and find the work done. Before, the others failed on the tables the first one had
just made ("table classes already exists", PostgreSQL's "duplicate key value ... pg_type"), and their
pages said "the database cannot be reached" while it was fine.

Each process opens the database (``store.db.Database``) once every process has loaded the store and
says so (a file each), so they migrate at the same moment; no test waits for a clock.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ProgrammingError

from store.db import HEAD, Database, StoreUnavailable, at_head
from tests.conftest import PG_URL, ROOT

PROCESSES = 4
OPEN = """
import sys, time
from pathlib import Path
from store.db import Database, StoreUnavailable
folder = Path(sys.argv[2])
(folder / f"ready-{sys.argv[3]}").touch()
while not (folder / "go").exists():
    time.sleep(0.01)
try:
    Database(sys.argv[1]).dispose()
    print("opened")
except StoreUnavailable as exc:
    print("failed:", str(exc).splitlines()[0])
"""


def _open_together(url: str, folder: Path) -> list[str]:
    """What each of :data:`PROCESSES` processes said after opening ``url`` at the same moment."""
    procs = [subprocess.Popen([sys.executable, "-c", OPEN, url, str(folder), str(i)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for i in range(PROCESSES)]
    deadline = time.monotonic() + 120
    while len(list(folder.glob("ready-*"))) < PROCESSES and time.monotonic() < deadline:
        assert all(p.poll() is None for p in procs), [p.communicate()[0] for p in procs]
        time.sleep(0.05)
    (folder / "go").touch()
    return [p.communicate(timeout=600)[0].strip().splitlines()[-1] for p in procs]


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_url(request, tmp_path):
    """The URL of a database nobody has opened: a new SQLite file, or a new PostgreSQL database on the
    server of ``MANCALA_DB_URL`` (dropped afterwards)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    if PG_URL is None:
        pytest.skip("MANCALA_DB_URL names no PostgreSQL server: the PostgreSQL run is skipped")
    server = make_url(PG_URL)
    name = f"{server.database}_start_{secrets.token_hex(4)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
    except ProgrammingError as exc:  # the role may not make databases (.ci/run gives it CREATEDB)
        admin.dispose()
        pytest.skip(f"cannot make a PostgreSQL database for the test: {str(exc).splitlines()[0]}")

    def drop() -> None:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    request.addfinalizer(drop)
    return server.set(database=name).render_as_string(hide_password=False)


def test_processes_started_together_each_open_the_new_database(fresh_url, tmp_path):
    said = _open_together(fresh_url, tmp_path)
    assert said == ["opened"] * PROCESSES
    db = Database(fresh_url)
    try:
        with db.engine.connect() as c:
            assert at_head(c)
            assert c.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [HEAD]
    finally:
        db.dispose()


def test_a_start_stopped_in_the_middle_of_its_migration_leaves_nothing_half_done(fresh_url, monkeypatch):
    """A migration that stops halfway (a server stopped at its first start, a full disk) is undone whole, so
    the next start migrates the database from the start. Before, SQLite kept the tables made so far
    (each ``CREATE TABLE`` was committed by itself) but not their revision, and every later start failed
    on them ("table classes already exists"): the app never saved progress again."""
    from alembic import command
    from sqlalchemy.exc import OperationalError

    real_upgrade = command.upgrade

    def stopped(cfg, revision):
        real_upgrade(cfg, "0005")
        raise OperationalError("stopped halfway", {}, Exception("the server was stopped"))

    monkeypatch.setattr(command, "upgrade", stopped)
    with pytest.raises(StoreUnavailable):
        Database(fresh_url)
    monkeypatch.setattr(command, "upgrade", real_upgrade)
    db = Database(fresh_url)
    try:
        with db.engine.connect() as c:
            assert c.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [HEAD]
    finally:
        db.dispose()


def test_a_failure_of_the_database_is_logged_with_its_cause(tmp_path, caplog):
    """The server's log says why the page says progress is not being saved (the cause's first line)."""
    import logging

    db = Database(f"sqlite:///{tmp_path / 'logged.sqlite3'}")
    try:
        with caplog.at_level(logging.WARNING, logger="store.db"), pytest.raises(StoreUnavailable):
            with db.session() as s:
                s.execute(text("SELECT * FROM no_such_table"))
    finally:
        db.dispose()
    assert [r.getMessage() for r in caplog.records if r.name == "store.db"] == [
        "the database failed (the page says progress is not being saved): "
        "OperationalError: (sqlite3.OperationalError) no such table: no_such_table"]
