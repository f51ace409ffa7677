"""PostgreSQL backups with PostgreSQL's own client tools, ``pg_dump`` and ``pg_restore`` (``store.backup``).

The tools are found on ``PATH`` (Debian: ``apt-get install postgresql-client``, of the server's major
version or newer). They are given the database as a libpq connection string built from the SQLAlchemy
URL (host, port, user, database name and any query options such as ``sslmode``); the password goes in
their environment (``PGPASSWORD``), never on a command line another user could read.

A backup is ``pg_dump --format=custom --no-owner --no-privileges`` (one consistent snapshot, while the
app runs). A restore is ``pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction
--exit-on-error``: every table of the backup is dropped and made again from it in one transaction, so
a restore that fails changes nothing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from sqlalchemy.engine import make_url

from .backup_common import BackupError, Held, check_revision, held_now, where

TIMEOUT_S = 3600
"""The longest a dump or restore may take (seconds)."""


def tool(name: str) -> str:
    """The path of PostgreSQL's client tool ``name`` on ``PATH``. Raises :class:`BackupError` saying
    how to install it when it is missing."""
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} was not found on PATH: install PostgreSQL's client tools (Debian: "
                          "apt-get install postgresql-client), of the server's major version or newer")
    return found


def _quoted(value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace("'", "\\'")
    return f"'{text}'"


def connection(url: str) -> tuple[str, dict[str, str]]:
    """``(libpq connection string, environment)`` for the PostgreSQL database of ``url``: the string
    names everything but the password, which is the environment's ``PGPASSWORD``."""
    parsed = make_url(url)
    parts = {"host": parsed.host, "port": parsed.port, "user": parsed.username, "dbname": parsed.database}
    for key, value in parsed.query.items():
        parts[key] = value if isinstance(value, str) else value[-1]
    conninfo = " ".join(f"{key}={_quoted(value)}" for key, value in parts.items() if value not in (None, ""))
    env = dict(os.environ)
    if parsed.password is not None:
        env["PGPASSWORD"] = str(parsed.password)
    return conninfo, env


def _run(args: list[str], env: dict[str, str] | None = None) -> str:
    """Run a client tool; its standard output. Raises :class:`BackupError` with its own error text."""
    try:
        done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BackupError(f"{Path(args[0]).name} could not run: {exc}") from exc
    if done.returncode != 0:
        said = " ".join(done.stderr.split()) or f"exit status {done.returncode}"
        raise BackupError(f"{Path(args[0]).name} failed: {said[:2000]}")
    return done.stdout


def archive_revision(file: Path) -> str:
    """The schema revision of the ``pg_dump`` archive ``file`` (its ``alembic_version`` row, read with
    ``pg_restore``, nothing restored). Raises :class:`BackupError` when ``file`` is no archive of this
    app's database, or of a schema this version does not know."""
    listing = _run([tool("pg_restore"), "--list", str(file)])
    tables = set(re.findall(r"\bTABLE DATA \S+ (\w+)\b", listing))
    if not {"alembic_version", "learners", "classes"} <= tables:
        raise BackupError(f"{file} is not a backup of Mancala Tutor's database")
    data = _run([tool("pg_restore"), "--data-only", "--table=alembic_version", "--file=-", str(file)])
    rows = re.search(r"^COPY \S*alembic_version .*? FROM stdin;\n(.*?)^\\\.$", data, re.S | re.M)
    found = rows.group(1).split() if rows else []
    return check_revision(found[0] if len(found) == 1 else None, file)


def pg_backup(url: str, file: Path) -> Held:
    """Dump the PostgreSQL database of ``url`` to the new ``file`` (``pg_dump``, custom format): what the
    database held. Raises :class:`BackupError` (the tool missing or failing; no file is left)."""
    dump = tool("pg_dump")
    found = held_now(url)
    if found is None:
        raise BackupError(f"{where(url)} holds no database of this app yet: there is nothing to back up")
    conninfo, env = connection(url)
    part = file.with_name(file.name + ".part")
    try:
        _run([dump, "--format=custom", "--no-owner", "--no-privileges", f"--file={part}", f"--dbname={conninfo}"], env)
        archive_revision(part)
        os.replace(part, file)
    finally:
        part.unlink(missing_ok=True)
    return found


def pg_restore(url: str, file: Path) -> None:
    """Replace the tables of the PostgreSQL database of ``url`` with those of the archive ``file``, in one
    transaction (``pg_restore``). Raises :class:`BackupError` (then nothing changed)."""
    restore = tool("pg_restore")
    conninfo, env = connection(url)
    try:
        _run([restore, "--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
              "--exit-on-error", f"--dbname={conninfo}", str(file)], env)
    except BackupError as exc:
        raise BackupError(f"restoring {file} into {where(url)} changed nothing: {exc}") from exc


__all__ = ["TIMEOUT_S", "archive_revision", "connection", "pg_backup", "pg_restore", "tool"]
