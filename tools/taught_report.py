"""Which taught moves the search proves best, which it refutes, which it cannot prove (issue 31).

    python -m tools.taught_report            # every puzzle and every lesson step that teaches a move
    python -m tools.taught_report --only unproven

One line per item: ``best``, ``refuted`` or ``unproven`` with the position and the values (``lessons.taught``:
the node budget of the tests, so the same verdicts on any machine), then the counts and the unproven share of
the puzzles and strategy-lesson positions (lessons 7 and later). ``tests/test_lesson_truth.py`` asserts the
same verdicts.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from lessons import taught as T
from lessons.loader import load_lessons, load_puzzles

STRATEGY = 7
"""Lessons from this number on teach strategy (counted with the puzzles in the share)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["best", "refuted", "unproven"], help="print only items with this verdict")
    args = parser.parse_args()
    counts: Counter[tuple[str, str]] = Counter()
    for lesson in load_lessons().values():
        group = "strategy" if lesson.number >= STRATEGY else "rules"
        for step in lesson.steps:
            if not T.step_lines(step):
                continue
            proof = T.prove_step(lesson, step)
            counts[(group, proof.status)] += 1
            if args.only in (None, proof.status):
                print(f"{proof.status:9} lesson {lesson.number} {step.id}: {proof.detail}", flush=True)
    for puzzle in load_puzzles().values():
        proof = T.prove_puzzle(puzzle)
        counts[("puzzles", proof.status)] += 1
        if args.only in (None, proof.status):
            print(f"{proof.status:9} puzzle {puzzle.id}: {proof.detail}", flush=True)
    for group in ("rules", "strategy", "puzzles"):
        line = ", ".join(f"{counts[(group, s)]} {s}" for s in ("best", "refuted", "unproven"))
        print(f"{group}: {line}")
    taught = sum(n for (g, _), n in counts.items() if g != "rules")
    unproven = sum(n for (g, s), n in counts.items() if g != "rules" and s == "unproven")
    print(f"unproven share of the puzzles and strategy steps: {unproven} of {taught} ({100 * unproven / taught:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
