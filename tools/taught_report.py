"""Which taught moves the search proves best, which it refutes, which it cannot prove (issue 31): the one report.

    python -m tools.taught_report                     # every puzzle and every lesson step that teaches a move
    python -m tools.taught_report --only unproven     # only the items with that verdict
    python -m tools.taught_report --compare           # then the Awari items again without the endgame table

One line per item: ``best``, ``refuted`` or ``unproven`` with the position and the values (``lessons.taught``:
the node budget of the tests, so the same verdicts on any machine; the shipped data first: the Kalah opening
book, endgame tables and proven taught positions, the Awari endgame table), then the counts, the unproven share
of the puzzles and strategy-lesson positions (lessons 7 and later) and the list of those unproven; then the
mined puzzles (``lessons/mined/``), every one proven again from scratch, in their own line.
``tests/test_lesson_truth.py`` asserts the same verdicts. ``--no-oware-table`` judges without the Awari endgame
table (``engine.search.oware_table``); ``--compare`` judges the Awari items again without it and prints what
changed. (This report replaces ``tools/proof_report.py``, which judged with a time budget.)
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator

from lessons import taught as T
from lessons.loader import load_lessons, load_puzzles

STRATEGY = 7
"""Lessons from this number on teach strategy (counted with the puzzles in the share)."""


def judged(game: str | None = None) -> Iterator[tuple[str, str, T.Proof]]:
    """``(group, key, proof)`` of every item that teaches a move (only ``game``'s, ``"kalah"`` or ``"oware"``,
    when given); group ``rules``, ``strategy`` or ``puzzles``."""
    for lesson in load_lessons().values():
        group = "strategy" if lesson.number >= STRATEGY else "rules"
        for step in lesson.steps:
            if T.step_lines(step) and game in (None, lesson.step_rules(step).game):
                yield group, f"lesson {lesson.number} {step.id}", T.prove_step(lesson, step)
    for puzzle in load_puzzles().values():
        if game in (None, puzzle.game_rules.game):
            yield "puzzles", f"puzzle {puzzle.id}", T.prove_puzzle(puzzle)


def with_table(on: bool) -> None:
    """Turn the Awari endgame table on or off, and forget what was proven either way."""
    from engine.search import clear_tables, oware_table

    oware_table.ENABLED = on
    clear_tables()
    T.move_values.cache_clear()


def report(only: str | None, game: str | None = None) -> dict[str, str]:
    """Print a line an item (those with verdict ``only`` when given), the counts, the unproven share and the
    unproven items; returns ``{key: status}``."""
    counts: Counter[tuple[str, str]] = Counter()
    status: dict[str, str] = {}
    unproven: list[str] = []
    for group, key, proof in judged(game):
        counts[(group, proof.status)] += 1
        status[key] = proof.status
        if proof.status == "unproven" and group != "rules":
            unproven.append(key)
        if only in (None, proof.status):
            print(f"{proof.status:9} {key}: {proof.detail}", flush=True)
    for group in ("rules", "strategy", "puzzles"):
        print(f"{group}: " + ", ".join(f"{counts[(group, s)]} {s}" for s in ("best", "refuted", "unproven")))
    taught = sum(n for (g, _), n in counts.items() if g != "rules")
    print(f"unproven share of the puzzles and strategy steps: {len(unproven)} of {taught} "
          f"({100 * len(unproven) / max(taught, 1):.0f}%)")
    for key in unproven:
        print(f"  unproven: {key}")
    mined_line(game)
    return status


def mined_line(game: str | None = None) -> int:
    """Prove every mined puzzle again from scratch (``tools.mine_sources.prove_entries``; only ``game``'s when
    given) and print their own line: how many are proven best, and each one that is not. Returns how many
    are not."""
    from lessons.mined import read_entries
    from tools.mine_sources import prove_entries

    entries = [e for e in read_entries() if game in (None, e.rules.get("game", "kalah"))]
    bad = prove_entries(entries)
    print(f"mined puzzles: {len(entries) - len(bad)} best (proven exact, a clearly best first move), "
          f"{len(bad)} not proven")
    for pid, why in bad.items():
        print(f"  not proven: {pid}: {why}")
    return len(bad)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["best", "refuted", "unproven"], help="print only items with this verdict")
    parser.add_argument("--no-oware-table", action="store_true", help="judge without the Awari endgame table")
    parser.add_argument("--compare", action="store_true", help="then the Awari items without the table, and what changed")
    args = parser.parse_args(argv)
    try:
        with_table(not args.no_oware_table)
        after = report(args.only)
        if args.compare:
            print("\nAwari items without the Awari endgame table:")
            with_table(False)
            before = report(args.only, game="oware")
            for key, was in before.items():
                if was != after[key]:
                    print(f"  {key}: {was} without the table, {after[key]} with it")
    finally:
        with_table(True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
