"""Replay many rule variants through the search for a while and print peak memory and table sizes.

Each round picks a rule variant at random (every Kalah option combination and the
three Awari grand-slam rules: 963 variants), plays a few random moves from its
start and analyses the position with the Move outcomes page's budget. The search
keeps tables per rules object; they are bounded together (``engine.search.tables``:
``MAX_GAMES`` rules objects, ``TT_LIMIT`` entries each, ``TOTAL_LIMIT`` in all).
Prints, every 30 s and at the end, the peak RSS, the tables kept and their entries.

    python -m bench.search_memory              # 5 minutes
    python -m bench.search_memory --quick      # 30 seconds
    python -m bench.search_memory --seconds 120 --think-ms 1000
"""

from __future__ import annotations

import argparse
import itertools
import random
import resource
import time

from engine import OPTIONS, legal_moves, make_rules, play
from engine.search import analyse, budget, tables


def variants() -> list:  # type: ignore[type-arg]
    out = []
    for game in ("kalah", "oware"):
        opts = [o for o in OPTIONS if o.game == game]
        for values in itertools.product(*(o.values for o in opts)):
            out.append(make_rules(game, **dict(zip((o.name for o in opts), values))))
    return out


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: kilobytes


def report(t: float, rounds: int) -> None:
    sizes = tables.table_sizes()
    print(f"{t:6.0f} s  rounds {rounds:5d}  peak RSS {peak_mb():7.1f} MB  tables kept {len(sizes)}  "
          f"entries {sum(sizes.values()):9d}  largest {max(sizes.values(), default=0):8d}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=300.0)
    ap.add_argument("--quick", action="store_true", help="30 seconds")
    ap.add_argument("--think-ms", type=int, default=1000, help="each analysis's budget (the page's default)")
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    seconds = 30.0 if args.quick else args.seconds
    rng = random.Random(args.seed)
    pool = variants()
    print(f"{len(pool)} rule variants; caps: {tables.MAX_GAMES} rules objects, {tables.TT_LIMIT} entries a table, "
          f"{tables.TOTAL_LIMIT} in all, {budget.HTT_LIMIT} in one search's own table; "
          f"{seconds:.0f} s at {args.think_ms} ms an analysis")
    print(f"start: peak RSS {peak_mb():.1f} MB")
    t0 = time.perf_counter()
    rounds, next_report = 0, 30.0
    largest_seen = 0
    while (now := time.perf_counter() - t0) < seconds:
        rules = rng.choice(pool)
        pos = rules.initial_position()
        for _ in range(rng.randint(0, 12)):
            legal = legal_moves(pos, rules)
            if not legal:
                break
            pos = play(pos, rng.choice(legal), rules).position
        if legal_moves(pos, rules):
            analyse(pos, rules, time_ms=args.think_ms)
        rounds += 1
        largest_seen = max(largest_seen, max(tables.table_sizes().values(), default=0))
        if now >= next_report:
            report(now, rounds)
            next_report += 30.0
    report(time.perf_counter() - t0, rounds)
    sizes = tables.table_sizes()
    print(f"largest table seen after a round: {largest_seen} entries")
    print("tables kept at the end (least recently used first):")
    for name, n in sizes.items():
        print(f"  {name:60s} {n:8d}")


if __name__ == "__main__":
    main()
