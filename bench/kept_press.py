"""What keeping the sandbox game in the store adds to a press (issue 30: games kept by the store).

A press on a kept game reads the kept version first and writes the game's record after
(``tutor.kept_play``). This times the activity's ``press`` alone (the page's rerun is
``bench/press.py``'s), two players, a game played on from the start, for:

- ``not kept``: no learner known (the game lives in the session only);
- ``memory``: kept in this process (``tutor.kept_games.MemoryKeeper``);
- ``SQLite``: kept in a SQLite file (``store.games``), as a one-server app does;
- ``PostgreSQL``: kept in ``MANCALA_DB_URL`` when it names a PostgreSQL server.

Prints the median and 90th percentile wall time of ``--runs`` presses each, in milliseconds, and
the record's size at the end. Nothing is asserted.

    python -m bench.kept_press
    python -m bench.kept_press --runs 400
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from engine import KalahRules
from tutor.kept_games import GameKeeper, MemoryKeeper
from tutor.kept_record import record_of
from tutor.sandbox import SandboxActivity


def presses(keeper: GameKeeper | None, learner: str | None, runs: int) -> tuple[list[float], int]:
    """Wall times (ms) of ``runs`` presses, a new game whenever one ends; the last record's size."""
    sb = SandboxActivity(KalahRules())
    if keeper is not None and learner is not None:
        sb.keep_with(keeper, learner)
    times: list[float] = []
    for turn in range(runs):
        if sb.over():
            sb.new_game_from({"game": "kalah"})
        legal = sb.playable()
        start = time.perf_counter()
        sb.press(legal[turn % len(legal)])
        times.append((time.perf_counter() - start) * 1000)
    return times, len(record_of(sb.kept_state()))


def line(name: str, times: list[float], size: int) -> str:
    ordered = sorted(times)
    p90 = ordered[int(len(ordered) * 0.9)]
    return f"{name:<12} median {statistics.median(times):6.2f} ms   p90 {p90:6.2f} ms   record {size} bytes"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    from store.db import Database
    from store.learners import new_learner
    from store.school import StoredSchool

    print(line("not kept", *presses(None, None, args.runs)))
    print(line("memory", *presses(MemoryKeeper(), "BENCH", args.runs)))
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        print(line("SQLite", *presses(StoredSchool(db), new_learner(db), args.runs)))
        db.dispose()
    url = os.environ.get("MANCALA_DB_URL", "")
    if url.startswith("postgresql"):
        db = Database(url)
        print(line("PostgreSQL", *presses(StoredSchool(db), new_learner(db), args.runs)))
        db.dispose()


if __name__ == "__main__":
    main()
