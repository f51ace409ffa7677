"""Back up the app's database to a new file (docs/deployment.md, "Backups").

    python -m tools.backup FILE

The database is the app's own: ``MANCALA_DB_URL``, else the SQLite file ``data/mancala.sqlite3``
(``store.db.database_url``). SQLite is copied with its backup API and PostgreSQL dumped with
``pg_dump`` (custom format; PostgreSQL's client tools on ``PATH``), both while the app runs
(``store.backup``). ``FILE`` must not exist yet. Prints what the backup holds; on any problem says
it in one line on standard error and exits 1, leaving no file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from store.backup import BackupError, backup, where
from store.db import database_url


def main(argv: list[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the command line): 0 when the backup is written, else 1."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path, help="the backup to write (a new file)")
    args = parser.parse_args(argv)
    url = database_url()
    try:
        found = backup(url, args.file)
    except BackupError as exc:
        print(f"No backup was made: {exc}", file=sys.stderr)
        return 1
    print(f"Backed up {where(url)} ({found}) to {args.file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
