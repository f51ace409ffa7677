"""Backup and restore, by the commands a school runs (``python -m tools.backup``, ``python -m tools.restore``):
a round trip on SQLite (always) and on PostgreSQL (when the ``pg_database`` fixture has a server).

The PostgreSQL round trip never restores over the shared test database: it dumps it, restores into a
database of its own (made, then dropped), and compares what this test wrote there.
"""

from __future__ import annotations

import os
import secrets
import sqlite3

import pytest
from sqlalchemy import select

from store import classes, games, learners, lifecycle, live, teachers
from store.backup import BackupError, backup, inspect, restore
from store.backup_pg import connection
from store.db import HEAD, Database
from store.progress import StoredProgress
from store.schema import Base, Learner
from tools import backup as backup_cmd
from tools import restore as restore_cmd
from tutor.progress import GameRecord, PuzzleProgress

LINK = "pos=4,4,4,4,4,4/0/4,4,4,4,4,4/0/S"


def school(db) -> tuple[str, str, str]:
    """A class with a pupil who did things and answered a question: ``(class code, owner key, pupil)``."""
    key = teachers.new_key()
    code = teachers.create_class(db, "Year 5", key).code
    ada = learners.new_learner(db)
    classes.join(db, ada, code, "Ada")
    progress = StoredProgress(db, ada)
    progress.step_done("setup", "the-board")
    progress.lesson_done("setup", 3)
    progress.puzzle_solved("capture-pick-the-pile")
    progress.game_finished(GameRecord("north", "Kalah 6x4", "computer", "hard", "S"))
    assert games.keep_game(db, ada, '{"moves": [3, 1]}', 0) == 1
    assert live.answer(db, live.ask(db, code, LINK), ada, 3) == "kept"
    return code, key, ada


def everything(db) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of the schema, sorted: what a round trip must give back exactly."""
    with db.session() as s:
        return {t.name: sorted((tuple(r) for r in s.execute(select(t))), key=repr) for t in Base.metadata.sorted_tables}


def run(main, *argv: str, capsys) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def sqlite_app(tmp_path, monkeypatch):
    """The app's database as the commands find it: ``MANCALA_DB_URL`` names a SQLite file of this test."""
    url = f"sqlite:///{tmp_path / 'app.sqlite3'}"
    monkeypatch.setenv("MANCALA_DB_URL", url)
    db = Database(url)
    yield db
    db.dispose()


def test_a_sqlite_backup_made_while_the_app_writes_restores_exactly(sqlite_app, tmp_path, capsys):
    code, key, ada = school(sqlite_app)
    before = everything(sqlite_app)
    file = tmp_path / "monday.sqlite3"
    with sqlite_app.session() as s:  # the app is mid-write: a learner not yet committed
        s.add(Learner(code="ZZZZZZZZ"))
        s.flush()
        status, out, err = run(backup_cmd.main, str(file), capsys=capsys)
    assert (status, err) == (0, "")
    assert out == f"Backed up {tmp_path / 'app.sqlite3'} (schema {HEAD}: 1 learner, 1 class) to {file}\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("monday")) == ["monday.sqlite3"]
    assert file.read_bytes()[:16] == b"SQLite format 3\x00"

    assert lifecycle.delete_class(sqlite_app, code, key) == "Year 5"  # the week goes on...
    assert lifecycle.erase_learner(sqlite_app, ada)
    learners.new_learner(sqlite_app)
    status, out, err = run(restore_cmd.main, str(file), capsys=capsys)  # without --yes: said, nothing done
    assert status == 0 and err == "" and "Nothing was changed" in out
    assert f"holds schema {HEAD}: 1 learner, 1 class" in out and f"(schema {HEAD}: 2 learners, 0 classes)" in out
    assert not learners.exists(sqlite_app, ada)

    status, out, err = run(restore_cmd.main, str(file), "--yes", capsys=capsys)
    assert (status, err) == (0, "")
    assert out == f"Restored {file} into {tmp_path / 'app.sqlite3'} (schema {HEAD}: 1 learner, 1 class)\n"
    assert everything(sqlite_app) == before  # the app's own open connections see it at once
    assert learners.class_of(sqlite_app, ada) == (code, "Ada")
    assert StoredProgress(sqlite_app, ada).puzzles() == {"capture-pick-the-pile": PuzzleProgress(0, 0, True, True)}


def test_a_backup_never_writes_over_a_file_and_a_missing_database_is_said(sqlite_app, tmp_path, capsys):
    file = tmp_path / "kept.sqlite3"
    file.write_bytes(b"an older backup")
    status, out, err = run(backup_cmd.main, str(file), capsys=capsys)
    assert (status, out) == (1, "") and err == (f"No backup was made: {file} exists already: give a new file name "
                                                "(a backup never writes over a file)\n")
    assert file.read_bytes() == b"an older backup"
    with pytest.raises(BackupError, match="there is no SQLite database at"):
        backup(f"sqlite:///{tmp_path / 'none.sqlite3'}", tmp_path / "new.sqlite3")
    with pytest.raises(BackupError, match="there is no folder"):
        backup(sqlite_app.url, tmp_path / "no" / "such.sqlite3")
    assert not (tmp_path / "new.sqlite3").exists()


@pytest.mark.parametrize(("content", "said"), [
    (None, "there is no file"),
    (b"hello, this is text", "is not a SQLite database file"),
    (b"PGDMP" + bytes(40), "is a PostgreSQL backup; the database here is SQLite"),
    ("other", "is not a backup of Mancala Tutor's database"),
    ("9999", "holds schema 9999, which this version of the app does not know"),
])
def test_a_file_that_is_no_backup_of_this_app_is_refused_and_nothing_changes(sqlite_app, tmp_path, capsys, content,
                                                                              said):
    school(sqlite_app)
    before = everything(sqlite_app)
    file = tmp_path / "suspect.sqlite3"
    if isinstance(content, bytes):
        file.write_bytes(content)
    elif content == "other":
        with sqlite3.connect(file) as conn:
            conn.execute("CREATE TABLE notes (text TEXT)")
    elif content is not None:
        assert backup(sqlite_app.url, file).revision == HEAD
        with sqlite3.connect(file) as conn:
            conn.execute("UPDATE alembic_version SET version_num = ?", (content,))
    for argv in ([str(file)], [str(file), "--yes"]):
        status, out, err = run(restore_cmd.main, *argv, capsys=capsys)
        assert (status, out) == (1, "") and err.startswith("Nothing was restored: ") and said in err
    assert everything(sqlite_app) == before


def test_an_older_backup_is_restored_and_brought_to_this_schema(sqlite_app, tmp_path):
    from alembic import command

    from store.db import alembic_config

    _, _, ada = school(sqlite_app)
    file = tmp_path / "old.sqlite3"
    backup(sqlite_app.url, file)
    cfg = alembic_config(f"sqlite:///{file}")
    command.downgrade(cfg, "0006")  # as made by the version before this one
    assert inspect(sqlite_app.url, file).revision == "0006"
    lifecycle.erase_learner(sqlite_app, ada)
    assert restore(sqlite_app.url, file).revision == HEAD
    assert learners.exists(sqlite_app, ada)
    with sqlite3.connect(tmp_path / "app.sqlite3") as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]


def test_the_postgresql_tools_missing_from_path_are_named(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(BackupError, match=r"pg_dump was not found on PATH: install PostgreSQL's client tools"):
        backup("postgresql+psycopg://someone:secret@127.0.0.1:1/nothing", tmp_path / "x.dump")
    assert not (tmp_path / "x.dump").exists()


def test_the_password_goes_to_the_environment_never_the_command_line():
    conninfo, env = connection("postgresql+psycopg://ms:it's%20a%20secret@db.school:5433/mancala?sslmode=require")
    assert conninfo == "host='db.school' port='5433' user='ms' dbname='mancala' sslmode='require'"
    assert env["PGPASSWORD"] == "it's a secret" and "secret" not in conninfo


def test_a_postgresql_backup_restores_into_a_database_of_its_own(pg_database, tmp_path, capsys, monkeypatch):
    """pg_dump of the shared test database, pg_restore into a new one (made and dropped here)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ProgrammingError

    code, _, ada = school(pg_database)
    name = f"mancala_restore_{secrets.token_hex(4)}"
    admin = pg_database.engine.execution_options(isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except ProgrammingError as exc:  # the role may not make databases (.ci/run grants it)
        if os.environ.get("CI"):
            raise
        pytest.skip(f"the test role cannot make a database: {exc.orig}")
    target = make_url(pg_database.url).set(database=name).render_as_string(hide_password=False)
    try:
        file = tmp_path / "school.dump"
        monkeypatch.setenv("MANCALA_DB_URL", pg_database.url)
        status, out, err = run(backup_cmd.main, str(file), capsys=capsys)
        assert (status, err) == (0, "") and out.startswith(f"Backed up {make_url(pg_database.url).render_as_string()}")
        assert "***" in out and f"schema {HEAD}:" in out and file.read_bytes()[:5] == b"PGDMP"
        monkeypatch.setenv("MANCALA_DB_URL", target)
        status, out, err = run(restore_cmd.main, str(file), "--yes", capsys=capsys)
        assert (status, err) == (0, "") and f"schema {HEAD}:" in out
        restored = Database(target)
        try:
            assert learners.class_of(restored, ada) == (code, "Ada")
            assert StoredProgress(restored, ada).games() == [GameRecord("north", "Kalah 6x4", "computer", "hard", "S")]
            assert games.kept_game(restored, ada).record == '{"moves": [3, 1]}'
            mine = {t: [r for r in rows if ada in r or code in r] for t, rows in everything(pg_database).items()}
            assert {t: [r for r in rows if ada in r or code in r] for t, rows in everything(restored).items()} == mine
        finally:
            restored.dispose()
        small = tmp_path / "small.sqlite3"
        with sqlite3.connect(small) as conn:
            conn.execute("CREATE TABLE t (x)")
        with pytest.raises(BackupError, match="is a SQLite backup; the database here is PostgreSQL"):
            inspect(target, small)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')



def test_counts_are_said_in_the_singular_for_one():
    from store.backup_common import Held

    assert str(Held("abc", 1, 1)) == "schema abc: 1 learner, 1 class"
    assert str(Held("abc", 0, 2)) == "schema abc: 0 learners, 2 classes"
