"""Print what the Awari/Oware endgame table costs and covers (engine/search/oware_table.py).

    python -m bench.oware_table                       # the shipped files: size, exact share a layer, load time
    python -m bench.oware_table --build 8 9 10 11     # also build those N afresh (one core, niced) and time them
    python -m bench.oware_table --build 10 --variant no_capture
    python -m bench.oware_table --prove 100           # what it proves: random-game positions, 1 s each

Figures only (never asserted). ``--build`` solves from nothing in a temporary folder (the layers of one N
are not reused for the next, so each time is a whole build) and prints, for every N and variant, the
seconds, the raw and the xz bytes and the share of positions proven exact. ``--prove K`` analyses K
positions of random games (seeded) with 5 to 20 seeds in play, 1 s each, with and without the table, and
prints how many every move of which is proven, by seeds in play.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from engine import OwareRules
from engine.search import oware_table
from tools import oware_table as builder


def shipped() -> None:
    """Size, load time and exact share (a layer) of each shipped variant."""
    for variant in oware_table.VARIANTS:
        path = oware_table.table_path(variant)
        if path is None:
            print(f"{variant}: not shipped")
            continue
        oware_table.clear()
        t0 = time.perf_counter()
        table = oware_table.table_for(OwareRules(grand_slam=variant))
        load = time.perf_counter() - t0
        assert table is not None
        shares = []
        for n, size in enumerate(oware_table.layer_sizes(table.seeds)):
            gaps = table.gap[table.base[n]: table.base[n] + size]
            shares.append(f"{n}:{100 * gaps.count(0) / size:.0f}%")
        exact = table.gap.count(0)
        print(f"{path.name}: {path.stat().st_size} bytes xz, {len(table.lo)} positions, {exact} exact "
              f"({100 * exact / len(table.lo):.1f}%), loaded in {load * 1000:.0f} ms")
        print(f"  exact a layer (seeds in play: share): {' '.join(shares)}")


def build(seeds: list[int], variants: list[str], core_nodes: int) -> None:
    """Build each N from nothing in a temporary folder and print what it cost (never installed)."""
    for n in seeds:
        for variant in variants:
            with tempfile.TemporaryDirectory(prefix="oware-bench-") as folder:
                took = builder.solve(variant, n, Path(folder), core_nodes)
                data, exact = builder.assemble(variant, n, Path(folder))
                total = sum(builder.layer_sizes(n))
                print(f"N={n} {variant}: built in {took:.0f} s, {total} positions, {2 * total} bytes raw, "
                      f"{len(data)} bytes xz, {100 * exact / total:.1f}% exact", flush=True)


def prove(count: int, ms: int = 1000) -> None:
    """How many of ``count`` random-game positions ``analyse`` proves (every move exact) in ``ms``
    milliseconds, without and with the table, by seeds in play (5-10, 11-15, 16-20)."""
    import random

    from engine import Position, legal_moves, play
    from engine.search import analyse, clear_tables

    rules, rng = OwareRules(), random.Random(2024)
    positions: list[Position] = []
    while len(positions) < count:
        pos = rules.initial_position()
        for _ in range(300):
            moves = legal_moves(pos, rules)
            if not moves:
                break
            pos = play(pos, rng.choice(moves), rules).position
            seeds = 48 - pos.south_store - pos.north_store
            if 5 <= seeds <= 20 and legal_moves(pos, rules) and rng.random() < 0.1:
                positions.append(pos)
    bands = {"5-10": (5, 10), "11-15": (11, 15), "16-20": (16, 20)}
    for on in (False, True):
        oware_table.ENABLED = on
        done = {b: [0, 0] for b in bands}
        t0 = time.perf_counter()
        for pos in positions[:count]:
            clear_tables()
            ok = all(m.exact for m in analyse(pos, rules, time_ms=ms))
            seeds = 48 - pos.south_store - pos.north_store
            band = next(b for b, (lo, hi) in bands.items() if lo <= seeds <= hi)
            done[band][0] += ok
            done[band][1] += 1
        print(f"table {'on ' if on else 'off'}: proven in {ms} ms: "
              + ", ".join(f"{b} seeds {p}/{n}" for b, (p, n) in done.items())
              + f" ({time.perf_counter() - t0:.0f} s)", flush=True)
    oware_table.ENABLED = True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", type=int, nargs="*", default=[], help="N to build afresh and time")
    ap.add_argument("--variant", action="append", choices=oware_table.VARIANTS)
    ap.add_argument("--core-nodes", type=int, default=builder.CORE_NODES)
    ap.add_argument("--prove", type=int, default=0, help="random-game positions to analyse with and without")
    a = ap.parse_args()
    shipped()
    if a.prove:
        prove(a.prove)
    if a.build:
        build(a.build, a.variant or list(oware_table.VARIANTS), a.core_nodes)


if __name__ == "__main__":
    main()
