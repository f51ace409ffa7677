"""How long the mined puzzles take to load: the data read, and the puzzles made with their words.

    python -m bench.mined_load [--repeat 5]

Reads ``lessons/mined/*.jsonl`` (``lessons.mined.read_entries``) and builds every puzzle in English and in
Greek (``tutor.mined.build``, what ``tutor.mined.mined_puzzles`` does once a language), ``--repeat`` times
in a fresh state each; prints the count and the best and worst CPU time in milliseconds of each step.
"""

from __future__ import annotations

import argparse
import time

from lessons.mined import read_entries
from tutor import i18n
from tutor.mined import build


def once() -> tuple[int, float, float]:
    """``(puzzles, ms to read, ms to build them in English and in Greek)`` (CPU time)."""
    t0 = time.process_time()
    entries = read_entries()
    t1 = time.process_time()
    for lang in ("en", "el"):
        i18n.use(lang)
        try:
            for e in entries:
                build(e)
        finally:
            i18n.use(None)
    t2 = time.process_time()
    return len(entries), (t1 - t0) * 1000, (t2 - t1) * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    runs = [once() for _ in range(args.repeat)]
    n = runs[0][0]
    reads, builds = [r[1] for r in runs], [r[2] for r in runs]
    print(f"{n} mined puzzles: read {min(reads):.1f}-{max(reads):.1f} ms, "
          f"built in English and Greek {min(builds):.1f}-{max(builds):.1f} ms "
          f"(both: {min(reads) + min(builds):.1f} ms best of {args.repeat}, CPU time)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
