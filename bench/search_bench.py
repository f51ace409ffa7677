"""Search benchmark (issue 5): prints figures, asserts nothing.

    python -m bench.search_bench [--positions 20] [--cap 60]

Lines printed:
- nodes per second of the exact solver (Kalah 6x4);
- for 12, 16, 20 and 24 seeds in play: over 20 fixed random positions
  (random play from the standard start, seed 2024), the median and the worst
  time to prove the exact value of every legal move, and to prove
  win/draw/loss of every legal move, and to prove the position's own
  win/draw/loss (cold tables each time);
- the depth Hard reaches in 1 s from the standard start.

Targets: every legal move exact within 1 s up to 20 seeds in play,
win/draw/loss within 1 s up to 24, Hard >= 12 plies from the start.

A run on the 2-core dev machine (Python 3.11, nothing else running):

    nodes/second (exact solver, Kalah 6x4): 355,809 (199,918 nodes in 0.6 s)
    seeds in play 12: every move exact median  0.001 s, worst   0.012 s, 20/20 within 1 s; win/draw/loss median  0.000 s, worst   0.004 s, 20/20 within 1 s
                      the position's own win/draw/loss median  0.000 s, worst   0.002 s, 20/20 within 1 s
    seeds in play 16: every move exact median  0.020 s, worst   0.275 s, 20/20 within 1 s; win/draw/loss median  0.002 s, worst   0.033 s, 20/20 within 1 s
                      the position's own win/draw/loss median  0.000 s, worst   0.009 s, 20/20 within 1 s
    seeds in play 20: every move exact median  0.095 s, worst   0.573 s, 20/20 within 1 s; win/draw/loss median  0.012 s, worst   0.298 s, 20/20 within 1 s
                      the position's own win/draw/loss median  0.003 s, worst   0.077 s, 20/20 within 1 s
    seeds in play 24: every move exact median  0.679 s, worst   2.201 s, 14/20 within 1 s; win/draw/loss median  0.084 s, worst   1.168 s, 19/20 within 1 s
                      the position's own win/draw/loss median  0.018 s, worst   0.169 s, 20/20 within 1 s
    Hard from the standard start in 1 s: depth 16 plies, best pit 3, estimate +7
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from engine import SIDES, KalahRules, Position, legal_moves, play
from engine import search


def positions_with(rules: KalahRules, seeds: int, count: int, seed: int = 2024) -> list[Position]:
    """``count`` positions reached by random play with exactly ``seeds`` seeds in play."""
    rng = random.Random(seed * 1000 + seeds)
    out: list[Position] = []
    while len(out) < count:
        pos = rules.initial_position(rng.choice(SIDES))
        while legal_moves(pos, rules) and pos.seeds_in_play > seeds:
            pos = play(pos, rng.choice(legal_moves(pos, rules)), rules).position
        if pos.seeds_in_play == seeds and legal_moves(pos, rules):
            out.append(pos)
    return out


T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    search.clear_tables()
    t = time.perf_counter()
    r = fn()
    return time.perf_counter() - t, r


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--cap", type=float, default=60.0, help="seconds allowed per proof")
    args = ap.parse_args()
    rules = KalahRules()
    cap_ms = int(args.cap * 1000)

    # nodes per second: exact proofs of 20-seed positions
    nodes = 0
    spent = 0.0
    for pos in positions_with(rules, 20, 5, seed=7):
        search.clear_tables()
        t = time.perf_counter()
        stats = search.prove_all(pos, rules, time_ms=cap_ms)
        spent += time.perf_counter() - t
        nodes += stats["nodes"]
    print(f"nodes/second (exact solver, Kalah 6x4): {nodes / spent:,.0f} ({nodes:,} nodes in {spent:.1f} s)")

    for seeds in (12, 16, 20, 24):
        exact_times, wdl_times, result_times = [], [], []
        unproven = 0
        for pos in positions_with(rules, seeds, args.positions):
            dt, res = timed(lambda: search.prove_all(pos, rules, time_ms=cap_ms))
            if not res["proven"]:
                unproven += 1
                dt = float("inf")
            exact_times.append(dt)
            dt, res = timed(lambda: search.prove_all(pos, rules, time_ms=cap_ms, wdl=True))
            wdl_times.append(dt if res["proven"] else float("inf"))
            dt, verdict = timed(lambda: search.prove_result(pos, rules, time_ms=cap_ms))
            result_times.append(dt if verdict is not None else float("inf"))
        med = statistics.median(exact_times)
        wmed = statistics.median(wdl_times)
        under = sum(t <= 1.0 for t in exact_times)
        wunder = sum(t <= 1.0 for t in wdl_times)
        print(
            f"seeds in play {seeds:2d}: every move exact median {med:6.3f} s, worst {max(exact_times):7.3f} s, "
            f"{under}/{len(exact_times)} within 1 s; win/draw/loss median {wmed:6.3f} s, "
            f"worst {max(wdl_times):7.3f} s, {wunder}/{len(wdl_times)} within 1 s"
            + (f" ({unproven} not proven in {args.cap:.0f} s)" if unproven else "")
        )
        print(
            f"                  the position's own win/draw/loss median {statistics.median(result_times):6.3f} s, "
            f"worst {max(result_times):7.3f} s, {sum(t <= 1.0 for t in result_times)}/{len(result_times)} within 1 s"
        )

    search.clear_tables()
    pit, value, depth = search.best_move(rules.initial_position(), rules, time_ms=1000)
    print(f"Hard from the standard start in 1 s: depth {depth} plies, best pit {pit}, estimate {value:+d}")


if __name__ == "__main__":
    main()
