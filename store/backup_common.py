"""What backups of every kind share (``store.backup``): the one error, what a database or a backup holds,
and the checks that a file is a backup of this app's database that this version can restore.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, func, select, text
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from .db import HEAD, Database, StoreUnavailable, alembic_config
from .schema import Learner, SchoolClass

SQLITE_MAGIC = b"SQLite format 3\x00"
"""The first bytes of every SQLite database file."""
PG_MAGIC = b"PGDMP"
"""The first bytes of a ``pg_dump --format=custom`` archive."""


class BackupError(ValueError):
    """A backup or restore that cannot be done, said in one sentence for the operator; nothing changed."""


@dataclass(frozen=True)
class Held:
    """What a database (or a backup of one) holds: its schema ``revision`` (``store/migrations``) and
    how many ``learners`` and ``classes``."""

    revision: str
    learners: int
    classes: int

    def __str__(self) -> str:
        return f"schema {self.revision}: {counted(self.learners, 'learner')}, {counted(self.classes, 'class')}"


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun`` in its English plural when not 1: ``counted(1, "class")`` is "1 class",
    ``counted(0, "class")`` "0 classes" (the operator's commands speak English only)."""
    if number == 1:
        return f"1 {noun}"
    return f"{number} {noun}{'es' if noun.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


def kind_of(url: str) -> str:
    """``"sqlite"`` or ``"postgresql"``: the database of ``url`` (a SQLAlchemy URL). Raises
    :class:`BackupError` for any other."""
    name = make_url(url).get_backend_name()
    if name not in ("sqlite", "postgresql"):
        raise BackupError(f"backups are made for SQLite and PostgreSQL only, not {name}")
    return name


def where(url: str) -> str:
    """The database of ``url`` as said to the operator: a SQLite file's path, or the URL without its password."""
    parsed = make_url(url)
    return str(parsed.database) if parsed.get_backend_name() == "sqlite" else parsed.render_as_string(hide_password=True)


def known_revisions() -> set[str]:
    """Every schema revision this version of the app knows (``store/migrations/versions``)."""
    from alembic.script import ScriptDirectory

    return {script.revision for script in ScriptDirectory.from_config(alembic_config("sqlite://")).walk_revisions()}


def check_revision(revision: str | None, file: Path) -> str:
    """``revision`` of the backup ``file``, when this app knows it; else a :class:`BackupError`."""
    if revision is None:
        raise BackupError(f"{file} is not a backup of Mancala Tutor's database (it has no schema revision)")
    if revision not in known_revisions():
        raise BackupError(f"{file} holds schema {revision}, which this version of the app does not know "
                          "(a backup from a newer version): restore it with that version")
    return revision


def held(url: str) -> Held:
    """What the database of ``url`` holds now, once opened and migrated (``store.db.Database``).
    Raises :class:`BackupError` when it cannot be opened."""
    try:
        db = Database(url)
    except StoreUnavailable as exc:
        raise BackupError(f"the database {where(url)} cannot be opened: {exc}") from exc
    try:
        with db.session() as s:
            return Held(HEAD, int(s.scalar(select(func.count()).select_from(Learner)) or 0),
                        int(s.scalar(select(func.count()).select_from(SchoolClass)) or 0))
    finally:
        db.dispose()


def held_now(url: str) -> Held | None:
    """What the database of ``url`` holds now, read without changing anything (no migration, no new
    SQLite file); ``None`` when it has no schema of this app yet. Raises :class:`BackupError` when it
    cannot be read."""
    if kind_of(url) == "sqlite":
        path = make_url(url).database
        if not path or not Path(path).is_file():
            return None
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            if not sa_inspect(conn).has_table("alembic_version"):
                return None
            revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            return Held(str(revision), int(conn.execute(text("SELECT count(*) FROM learners")).scalar() or 0),
                        int(conn.execute(text("SELECT count(*) FROM classes")).scalar() or 0))
    except SQLAlchemyError as exc:
        raise BackupError(f"the database {where(url)} cannot be read: {' '.join(str(exc).split())[:300]}") from exc
    finally:
        engine.dispose()


def fresh(file: Path) -> Path:
    """``file`` for a new backup: its folder exists and nothing has its name yet. Raises :class:`BackupError`."""
    if file.exists():
        raise BackupError(f"{file} exists already: give a new file name (a backup never writes over a file)")
    if not file.parent.is_dir():
        raise BackupError(f"there is no folder {file.parent} to write {file.name} in")
    return file


__all__ = ["PG_MAGIC", "SQLITE_MAGIC", "BackupError", "Held", "check_revision", "fresh", "held", "held_now", "kind_of",
           "known_revisions", "where"]
