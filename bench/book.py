"""Print what the shipped exact data covers: the 6-pit opening books (6x3, 6x4) and endgame tables.

    python -m bench.book            # sizes, coverage, load and lookup times
    python -m bench.book --build    # also time building the endgame tables with the C solver

Figures only (never asserted). The book's build time is the one tools/build_book.py
wrote into the book's header line; the endgame tables are rebuilt with --build.
"""

from __future__ import annotations

import argparse
import time

from engine import KalahRules
from engine.search import analyse, book


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", action="store_true", help="time building the endgame tables (runs the C solver)")
    a = ap.parse_args()
    for rule in ("standard", "empty"):
        t0 = time.perf_counter()
        table = book.book_table(rule)
        load = time.perf_counter() - t0
        print(f"books {rule}: {len(table)} positions in all, loaded in {load * 1000:.0f} ms")
        for path in book.book_paths(rule):
            header = path.read_text().splitlines()[0]
            print(f"  {path.name}: {path.stat().st_size} bytes, header {header!r}")
        if not book.book_paths(rule):
            print(f"books {rule}: none shipped")
        for egtb in sorted(book.DATA.glob(f"kalah_6_{rule}_*.egtb.gz")):
            t0 = time.perf_counter()
            n, data = book.endgame_table(rule)
            load = time.perf_counter() - t0
            print(f"endgame table {rule}: <= {n} seeds in the pits, {len(data)} boards (one byte each), "
                  f"{egtb.stat().st_size} bytes gzipped, loaded in {load * 1000:.0f} ms")
    for seeds in (1, 3, 4):
        rules = KalahRules(pits=6, seeds=seeds)
        t0 = time.perf_counter()
        got = analyse(rules.initial_position(), rules, time_ms=1000)
        took = time.perf_counter() - t0
        print(f"analyse 6x{seeds} start: exact {all(m.exact for m in got)}, "
              f"values {[m.value for m in got]}, {took * 1000:.0f} ms")
    if a.build:
        from tools.build_book import endgame

        for empty in (False, True):
            endgame(12, empty)


if __name__ == "__main__":
    main()
