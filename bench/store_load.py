"""A class writing progress at once: rows lost and write times, on SQLite and PostgreSQL.

    python -m bench.store_load [--learners 30] [--seconds 60] [--processes 2] [--pause 0.05] [--url URL ...]

Each learner is a thread (as each browser session is in a Streamlit server),
spread over ``--processes`` processes (as several app processes behind a
proxy share one database). For ``--seconds`` every learner writes through
``store.progress.StoredProgress``, as the app does: lesson steps done (each a
new row), puzzles tried, missed and solved (each a new puzzle), finished
sandbox games, and reads its summary, with ``--pause`` seconds between
actions (a puzzle action is three writes, tried, missed and solved, timed
together as one). Afterwards the rows in the database are counted against the writes
that returned: a missing row is a lost write; a write that fell back to
memory (``StoredProgress.lost``) is counted too.

Without ``--url`` it runs on a fresh SQLite file in a temporary folder and,
when ``MANCALA_DB_URL`` names a PostgreSQL database, on that one too (its
learners are made fresh for the run and removed afterwards).
Prints, per database: actions, writes and reads per second, rows expected and
found, rows lost, writes that fell back to memory, and write and read times
(p50, p95, max in milliseconds).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from sqlalchemy import func, select

from store import learners
from store.db import Database
from store.lifecycle import erase_learner
from store.progress import StoredProgress
from store.schema import GameRow, PuzzleRow, StepRow
from tutor.progress import GameRecord


def learner_run(db: Database, code: str, seconds: float, pause: float, out: list[dict[str, object]]) -> None:
    """One learner writing for ``seconds``: appends its counts and times to ``out``."""
    progress = StoredProgress(db, code)
    counts = {"steps": 0, "puzzles": 0, "games": 0}
    writes: list[float] = []
    reads: list[float] = []
    end = time.perf_counter() + seconds
    n = 0
    while time.perf_counter() < end:
        n += 1
        kind = n % 10
        t0 = time.perf_counter()
        if kind < 6:
            progress.step_done("bench", f"s{counts['steps']}", wrong=n % 3, hints=n % 2)
            counts["steps"] += 1
        elif kind < 8:
            pid = f"p{counts['puzzles']}"
            progress.puzzle_tried(pid)
            progress.puzzle_missed(pid)
            progress.puzzle_solved(pid)
            counts["puzzles"] += 1
        elif kind == 8:
            progress.game_finished(GameRecord("win", "kalah", "computer", "medium", "S"))
            counts["games"] += 1
        else:
            progress.summary(6)
            reads.append(time.perf_counter() - t0)
            time.sleep(pause)
            continue
        writes.append(time.perf_counter() - t0)
        time.sleep(pause)
    out.append({"code": code, "lost": progress.lost, "writes": writes, "reads": reads, **counts})


def process_run(url: str, codes: list[str], seconds: float, pause: float) -> list[dict[str, object]]:
    """The learners ``codes`` as threads of one process, sharing its one database (as the app's
    sessions share ``ui.learner``'s)."""
    db = Database(url)
    out: list[dict[str, object]] = []
    threads = [threading.Thread(target=learner_run, args=(db, c, seconds, pause, out)) for c in codes]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    db.dispose()
    return out


def ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f}"


def run(url: str, n_learners: int, seconds: float, processes: int, pause: float) -> None:
    db = Database(url)
    codes = [learners.new_learner(db) for _ in range(n_learners)]
    shares = [codes[i::processes] for i in range(processes)]
    started = time.perf_counter()
    with mp.get_context("spawn").Pool(processes) as pool:
        parts = pool.starmap(process_run, [(url, share, seconds, pause) for share in shares if share])
    took = time.perf_counter() - started
    results = [r for part in parts for r in part]
    writes = [w for r in results for w in r["writes"]]  # type: ignore[attr-defined]
    reads = [w for r in results for w in r["reads"]]  # type: ignore[attr-defined]
    expected = {k: sum(int(r[k]) for r in results) for k in ("steps", "puzzles", "games")}  # type: ignore[call-overload]
    with db.session() as s:
        found = {
            "steps": s.scalar(select(func.count()).select_from(StepRow).where(StepRow.learner_code.in_(codes))),
            "puzzles": s.scalar(select(func.count()).select_from(PuzzleRow)
                                .where(PuzzleRow.learner_code.in_(codes), PuzzleRow.solved, PuzzleRow.wrong == 1)),
            "games": s.scalar(select(func.count()).select_from(GameRow).where(GameRow.learner_code.in_(codes))),
        }
    for code in codes:  # everything under them, the ids of their writes too (AppliedWrite points at them)
        erase_learner(db, code)
    db.dispose()
    lost = sum(expected[k] - int(found[k] or 0) for k in expected)
    fell_back = sum(1 for r in results if r["lost"])
    print(f"database: {db.engine.dialect.name} ({n_learners} learners, {processes} processes, {seconds:g} s, "
          f"pause {pause:g} s)")
    print(f"  actions: {len(writes) + len(reads)} in {took:.1f} s; writes {len(writes) / seconds:.0f}/s, "
          f"reads {len(reads) / seconds:.0f}/s")
    print("  rows expected " + ", ".join(f"{k} {expected[k]}" for k in expected)
          + "; found " + ", ".join(f"{k} {found[k]}" for k in found))
    print(f"  rows lost: {lost}; learners whose writes fell back to memory: {fell_back}")
    print(f"  write ms: p50 {ms(writes, 0.5)}, p95 {ms(writes, 0.95)}, max {ms(writes, 1.0)}; "
          f"mean {1000 * statistics.fmean(writes) if writes else 0:.1f}")
    print(f"  read ms (summary): p50 {ms(reads, 0.5)}, p95 {ms(reads, 0.95)}, max {ms(reads, 1.0)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--learners", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--pause", type=float, default=0.05, help="seconds between one learner's actions")
    ap.add_argument("--url", action="append", help="a SQLAlchemy URL (repeat for several)")
    args = ap.parse_args()
    urls = list(args.url or [])
    folder = None
    if not urls:
        folder = tempfile.TemporaryDirectory()
        urls.append(f"sqlite:///{Path(folder.name) / 'bench.sqlite3'}")
        env = os.environ.get("MANCALA_DB_URL", "")
        if env.startswith("postgresql"):
            urls.append(env)
    for url in urls:
        run(url, args.learners, args.seconds, args.processes, args.pause)
    if folder is not None:
        folder.cleanup()


if __name__ == "__main__":
    main()
