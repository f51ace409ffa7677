"""Backups of the store, and restoring one (``python -m tools.backup FILE``, ``python -m tools.restore FILE``).

- **SQLite** (``store.backup_sqlite``): SQLite's own backup API, safe while the app runs; the backup
  is one self-contained SQLite file.
- **PostgreSQL** (``store.backup_pg``): ``pg_dump --format=custom`` and ``pg_restore --clean --if-exists
  --single-transaction``, PostgreSQL's client tools, found on ``PATH``.

A backup is never written over an existing file, and a restore first checks that the file is a backup
of this app's database (its ``alembic_version``) from this version of the app or an older one (the
restored database is then migrated to ``store.db.HEAD``). Every refusal is a
:class:`~store.backup_common.BackupError` whose text says what is wrong; then nothing was changed.
"""

from __future__ import annotations

from pathlib import Path

from .backup_common import PG_MAGIC, SQLITE_MAGIC, BackupError, Held, fresh, held, held_now, kind_of, where
from .backup_pg import archive_revision, pg_backup, pg_restore
from .backup_sqlite import sqlite_backup, sqlite_held, sqlite_restore


def backup(url: str, file: Path) -> Held:
    """Back up the database of ``url`` (SQLite or PostgreSQL) to the new ``file``: what it holds.
    Raises :class:`BackupError` with the reason; then no file is left behind."""
    if kind_of(url) == "sqlite":
        return sqlite_backup(url, file)
    return pg_backup(url, fresh(file))


def inspect(url: str, file: Path) -> Held | None:
    """What the backup ``file`` holds, read without restoring it, for the database kind of ``url``
    (``None`` for a PostgreSQL archive: its rows are counted once restored). Raises :class:`BackupError`
    when ``file`` is missing or no backup this app can restore into that database."""
    if not file.is_file():
        raise BackupError(f"there is no file {file}")
    with file.open("rb") as f:
        start = f.read(len(SQLITE_MAGIC))
    kind = kind_of(url)
    if kind == "sqlite" and start.startswith(PG_MAGIC):
        raise BackupError(f"{file} is a PostgreSQL backup; the database here is SQLite ({where(url)})")
    if kind == "postgresql" and start == SQLITE_MAGIC:
        raise BackupError(f"{file} is a SQLite backup; the database here is PostgreSQL ({where(url)})")
    if kind == "sqlite":
        return sqlite_held(file)
    if not start.startswith(PG_MAGIC):
        raise BackupError(f"{file} is not a PostgreSQL backup (a pg_dump archive in its custom format)")
    archive_revision(file)
    return None


def restore(url: str, file: Path) -> Held:
    """Replace the database of ``url`` with the backup ``file`` (checked first: :func:`inspect`), then
    bring it to the newest schema: what it holds now. Raises :class:`BackupError` with the reason."""
    inspect(url, file)
    if kind_of(url) == "sqlite":
        return sqlite_restore(url, file)
    pg_restore(url, file)
    return held(url)


__all__ = ["BackupError", "Held", "backup", "held_now", "inspect", "restore", "where"]
