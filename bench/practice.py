"""Serving the next Practice puzzle with 1,000 learners' histories in the store: p50, p95, max in ms.

    python -m bench.practice [--learners 1000] [--history 40] [--copies 0] [--serves 500] [--url URL]

A fresh SQLite file in a temporary folder (or the database of ``--url``, whose rows made here are
removed afterwards) is filled with ``--learners`` learners, each with ``--history`` rated first tries
(``rated_tries``), as many puzzles tried (``puzzles_tried``, about two in three solved, within the
last fortnight), a rating in each variant, and a rating for every puzzle. The pool is what My practice
serves (``tutor.mined.practice_pool``: the hand-written puzzles and every mined one), each present
``--copies`` times more under other ids. Then ``--serves`` times a random learner is served the next puzzle as the Practice
page does it (``ui.practice.serve_next``): the learner's puzzles read (``StoredProgress.puzzles``) and
``tutor.practice.serve`` over ``store.ratings.StoredRatings`` (their rating, every puzzle's rating,
the puzzles solved this week, and with no theme chosen their history for the weakest theme), timed
whole. Prints the rows, then the serving time's p50, p95 and max in milliseconds.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import delete, insert, select

from lessons.loader import load_puzzles
from tutor.mined import practice_pool
from lessons.models import Puzzle
from lessons.proofs import difficulty
from store.db import Database
from store.progress import StoredProgress
from store.ratings import StoredRatings
from store.schema import Learner, LearnerRating, PuzzleRating, PuzzleRow, RatedTryRow
from tutor.codes import make_code
from tutor.practice import serve, variant_of
from tutor.ratings import VARIANTS, puzzle_start


def pool_of(copies: int) -> dict[str, Puzzle]:
    """My practice's pool (hand-written and mined) and ``copies`` more of each under other ids (``<id>~<k>``)."""
    shipped = practice_pool(load_puzzles(prove=False))
    pool = dict(shipped)
    for k in range(1, copies + 1):
        for pid, puzzle in shipped.items():
            pool[f"{pid}~{k}"] = puzzle.model_copy(update={"id": f"{pid}~{k}"})
    return pool


def fill(db: Database, pool: dict[str, Puzzle], n_learners: int, history: int,
         rng: random.Random) -> tuple[list[str], list[str]]:
    """Learners with their histories, in bulk (``insert`` of many rows a statement): their codes, and
    the puzzles given a rating here (those the database had none for)."""
    now = dt.datetime.now(dt.UTC)
    codes: set[str] = set()
    while len(codes) < n_learners:
        codes.add(make_code())
    ids = list(pool)
    with db.session() as s:
        s.execute(insert(Learner), [{"code": c} for c in codes])
        had = set(s.scalars(select(PuzzleRating.puzzle_id)))
        rated = [pid for pid in pool if pid not in had]
        if rated:
            s.execute(insert(PuzzleRating), [
                {"puzzle_id": pid, "rating": puzzle_start(difficulty(pool[pid]).score).rating, "deviation": 150.0,
                 "volatility": 0.06, "tries": 0} for pid in rated])
        for code in codes:
            picked = rng.sample(ids, min(history, len(ids)))
            tries, tried = [], []
            for k, pid in enumerate(picked):
                at = now - dt.timedelta(minutes=rng.randrange(14 * 24 * 60))
                solved = rng.random() < 0.65
                tries.append({"learner_code": code, "puzzle_id": pid, "variant": variant_of(pool[pid]),
                              "solved": solved, "rating": 1500.0 + rng.uniform(-300, 300), "change": 10.0, "at": at})
                tried.append({"learner_code": code, "puzzle_id": pid, "wrong": int(not solved), "hints": 0,
                              "solved": solved, "first_try": solved, "last_at": at})
            s.execute(insert(RatedTryRow), tries)
            s.execute(insert(PuzzleRow), tried)
            s.execute(insert(LearnerRating), [
                {"learner_code": code, "variant": v, "rating": 1500.0 + rng.uniform(-300, 300), "deviation": 80.0,
                 "volatility": 0.06, "tries": history, "best_streak": rng.randrange(10)} for v in VARIANTS])
    return sorted(codes), rated


def ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f}"


def bench(db: Database, n_learners: int, history: int, copies: int, serves: int, seed: int = 33) -> list[float]:
    """Fill ``db``, serve ``serves`` times; the serving times in seconds (rows made here removed at the end)."""
    rng = random.Random(seed)
    pool = pool_of(copies)
    for p in pool.values():
        difficulty(p)  # measured once per server process (kept), as the app's first page does
    t0 = time.perf_counter()
    codes, rated = fill(db, pool, n_learners, history, rng)
    print(f"database: {db.engine.dialect.name}; {len(pool)} puzzles, {len(codes)} learners x {history} rated tries "
          f"(filled in {time.perf_counter() - t0:.1f} s)")
    took: list[float] = []
    served = 0
    try:
        for _ in range(serves):
            code = rng.choice(codes)
            variant = rng.choice(VARIANTS)
            start = time.perf_counter()
            tried = set(StoredProgress(db, code).puzzles())
            pid = serve(pool, variant, (), StoredRatings(db, code), tried)
            took.append(time.perf_counter() - start)
            served += pid is not None
    finally:
        with db.session() as s:
            for table in (RatedTryRow, PuzzleRow, LearnerRating):
                s.execute(delete(table).where(table.learner_code.in_(codes)))
            s.execute(delete(Learner).where(Learner.code.in_(codes)))
            s.execute(delete(PuzzleRating).where(PuzzleRating.puzzle_id.in_(rated)))
    print(f"  next puzzle served {served} of {serves} times; ms: p50 {ms(took, 0.5)}, p95 {ms(took, 0.95)}, "
          f"max {ms(took, 1.0)} (mean {1000 * statistics.mean(took):.1f})")
    return took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--learners", type=int, default=1000)
    ap.add_argument("--history", type=int, default=40)
    ap.add_argument("--copies", type=int, default=0)
    ap.add_argument("--serves", type=int, default=500)
    ap.add_argument("--url", default=None, help="a database URL (default: a fresh SQLite file)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(args.url or f"sqlite:///{Path(tmp) / 'practice.sqlite3'}")
        try:
            bench(db, args.learners, args.history, args.copies, args.serves)
        finally:
            db.dispose()


if __name__ == "__main__":
    main()
