"""Replace the app's database with a backup made by ``python -m tools.backup`` (docs/deployment.md, "Backups").

    python -m tools.restore FILE          # say what FILE holds and what it would replace; change nothing
    python -m tools.restore FILE --yes    # replace the database with it

The database is the app's own: ``MANCALA_DB_URL``, else the SQLite file ``data/mancala.sqlite3``.
Every learner, class and piece of progress in it is replaced by the backup's (``store.backup``:
SQLite's backup API, or ``pg_restore`` in one transaction); the database is then brought to this
version's schema. Stop the app first: sessions open in it hold learner codes and classes the backup
may not have. A file that is no backup of this app (or of a newer version) is refused, and nothing
changes; every problem is said in one line on standard error, with exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from store.backup import BackupError, held_now, inspect, restore, where
from store.db import database_url


def main(argv: list[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the command line): 0 when restored (or, without
    ``--yes``, when the backup can be restored), else 1."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path, help="a backup made by python -m tools.backup")
    parser.add_argument("--yes", action="store_true", help="replace the database (without it, nothing changes)")
    args = parser.parse_args(argv)
    url = database_url()
    try:
        if not args.yes:
            found = inspect(url, args.file)
            now = held_now(url)
            print(f"{args.file} holds {found or 'a PostgreSQL backup (its rows are counted once restored)'}.\n"
                  f"Restoring it replaces everything in {where(url)} ({now or 'no database yet'}).\n"
                  "Stop the app, then run again with --yes to restore it. Nothing was changed.")
            return 0
        found = restore(url, args.file)
    except BackupError as exc:
        print(f"Nothing was restored: {exc}", file=sys.stderr)
        return 1
    print(f"Restored {args.file} into {where(url)} ({found})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
