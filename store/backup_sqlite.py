"""SQLite backups with SQLite's own backup API (``store.backup``).

A backup copies a consistent picture of the database (``sqlite3.Connection.backup``) while the app goes
on reading and writing it; the copy is one self-contained file (journal mode DELETE, no ``-wal`` beside
it), checked (``PRAGMA quick_check``) before it takes the file's name. A restore copies the backup into
the database the same way, in one step other connections see whole, then migrates it.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from sqlalchemy.engine import make_url

from .backup_common import SQLITE_MAGIC, BackupError, Held, check_revision, fresh, held


def _sqlite_path(url: str) -> Path:
    path = make_url(url).database
    if not path or path == ":memory:":
        raise BackupError("the SQLite database is in memory: there is no file to back up or restore")
    return Path(path)


def sqlite_held(file: Path) -> Held:
    """What the SQLite backup ``file`` holds (read only). Raises :class:`BackupError` when it is not
    a sound backup of this app's database that this version knows."""
    with file.open("rb") as f:
        if f.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
            raise BackupError(f"{file} is not a SQLite database file")
    try:
        with closing(sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            if conn.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise BackupError(f"{file} is damaged (SQLite's quick_check fails)")
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"alembic_version", "learners", "classes"} <= tables:
                raise BackupError(f"{file} is not a backup of Mancala Tutor's database")
            revision = check_revision(next(iter(conn.execute("SELECT version_num FROM alembic_version")), (None,))[0],
                                      file)
            return Held(revision, conn.execute("SELECT count(*) FROM learners").fetchone()[0],
                        conn.execute("SELECT count(*) FROM classes").fetchone()[0])
    except sqlite3.Error as exc:
        raise BackupError(f"{file} cannot be read as a SQLite database: {exc}") from exc


def _copy(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` into ``target`` with the backup API (a consistent picture)."""
    with closing(sqlite3.connect(source, timeout=30)) as src, closing(sqlite3.connect(target, timeout=30)) as dst:
        src.backup(dst)


def sqlite_backup(url: str, file: Path) -> Held:
    """Back up the SQLite database of ``url`` to the new ``file``, while the app may run: what it holds.
    Raises :class:`BackupError` (no database, ``file`` exists, or the copy fails its check)."""
    source, file = _sqlite_path(url), fresh(file)
    if not source.is_file():
        raise BackupError(f"there is no SQLite database at {source}")
    part = file.with_name(file.name + ".part")
    try:
        _copy(source, part)
        with closing(sqlite3.connect(part)) as conn:
            conn.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        found = sqlite_held(part)
        os.replace(part, file)
    except sqlite3.Error as exc:
        raise BackupError(f"the backup of {source} failed: {exc}") from exc
    finally:
        part.unlink(missing_ok=True)
    return found


def sqlite_restore(url: str, file: Path) -> Held:
    """Replace the SQLite database of ``url`` (made when there is none) with the backup ``file``, then
    migrate it: what it holds now. Raises :class:`BackupError` (``file`` is no sound backup; nothing
    changed)."""
    target = _sqlite_path(url)
    sqlite_held(file)
    if not target.parent.is_dir():
        raise BackupError(f"there is no folder {target.parent} for the database {target.name}")
    try:
        _copy(file, target)
    except sqlite3.Error as exc:
        raise BackupError(f"restoring {file} into {target} failed: {exc}") from exc
    return held(url)


__all__ = ["sqlite_backup", "sqlite_held", "sqlite_restore"]
