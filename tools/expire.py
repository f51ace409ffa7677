"""Erase the learners idle too long, with everything kept under their codes (docs/deployment.md).

    python -m tools.expire            # idle longer than MANCALA_LEARNER_TTL_DAYS days (365 when unset)
    python -m tools.expire --days 30  # idle longer than 30 days, whatever the setting says

The app does this by itself at most once a day per server process (``tutor.upkeep``); this command
does it now, on the app's database (``MANCALA_DB_URL``, else ``data/mancala.sqlite3``), and prints
how many learners went (``store.lifecycle.expire_idle``: their progress, kept game, class name and
answers, and the learner row). A bad number of days, or a database that cannot be reached, is said
in one line on standard error (exit status 2 and 1); then nothing is erased.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys

from store.db import Database, StoreUnavailable
from store.lifecycle import TTL_ENV, expire_idle, learner_ttl, ttl_days


def main(argv: list[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the command line): 0 when done, 2 for a bad number
    of days, 1 when the database cannot be reached."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--days", help=f"days a learner may be idle (default: {TTL_ENV}, else 365)")
    args = parser.parse_args(argv)
    try:
        ttl = learner_ttl() if args.days is None else ttl_days(args.days, "--days")
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    try:
        db = Database()
    except StoreUnavailable as exc:
        print(f"Nothing was expired: the database cannot be reached ({exc})", file=sys.stderr)
        return 1
    try:
        gone = expire_idle(db, ttl)
    except StoreUnavailable as exc:
        print(f"Expiring stopped: the database failed ({exc}); the learners erased before it stay erased",
              file=sys.stderr)
        return 1
    finally:
        db.dispose()
    days = ttl // dt.timedelta(days=1)
    print(f"{gone} learner{'' if gone == 1 else 's'} idle for more than {days} days erased, with everything kept "
          "under their codes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
