"""Solve every taught Kalah position exactly with the C solver and ship the values (issue 31).

    python -m tools.prove_taught [--db 16] [--tt-mb 1024] [--max-seeds 48]
        collect every position of every taught line (``lessons.taught``: a puzzle's accepted decisions,
        a step's solution or lit pits; extra turns and replies alike) of the 6-pit Kalah puzzles and
        lesson steps whose rules the solver plays (``engine.search.book.rule_name``), leave out those
        the opening book or the endgame table already answer and those with more than ``--max-seeds``
        seeds in the pits, solve every pit of each with tools/kalah_solver.c (an endgame table of
        ``--db`` seeds, a table of bounds of ``--tt-mb`` MB) and write engine/data/kalah_proven.txt
        (``engine.search.kalah_proven``). Positions already in the file keep their values (``--again``: solve
        every one anew; ``--check`` verifies them). Prints what it cost: seconds, positions, bytes.
    python -m tools.prove_taught --check
        solve the shipped positions again and print every one whose values differ (exit 1 if any).

The app never runs the solver: it reads the file (``engine.search.book.lookup`` answers these positions
as exact, so ``engine.analyse``, the lessons' proofs and Move outcomes do).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from tools.build_book import compile_solver

DB = 16
"""Seeds of the solver's endgame table (built in about 4 s, 30 MB)."""
TT_MB = 1024
MAX_SEEDS = 48
"""Positions with more seeds in the pits are left out (the 6x5 and 6x6 starts: hours of search)."""

Key = tuple[str, tuple[int, ...]]
"""``(rule, mover board)``: ``"standard"`` or ``"empty"``, the mover's pits then the opponent's."""


def taught_positions() -> Iterator[tuple[str, Key, int]]:
    """``(item, (rule, board), seeds in the pits)`` of every position of every taught line of a Kalah item
    whose rules the data fits (``engine.search.book.rule_name``), in the order of the lessons and puzzles."""
    from engine import play
    from engine.search.book import mover_board, rule_name
    from lessons import taught as T
    from lessons.loader import load_lessons, load_puzzles

    items = [(f"lesson/{lesson.number}/{step.id}", lesson.step_position(step), lesson.step_rules(step),
              T.step_lines(step)) for lesson in load_lessons(prove=False).values() for step in lesson.steps]
    items += [(f"puzzle/{p.id}", p.start, p.game_rules, T.puzzle_lines(p)) for p in load_puzzles(prove=False).values()]
    for key, start, rules, lines in items:
        rule = rule_name(rules)
        if rule is None:
            continue
        for line in lines:
            pos = start
            for pit in line:
                if pos.to_move is None:
                    break
                board = mover_board(pos)
                yield key, (rule, board), sum(board)
                pos = play(pos, pit, rules).position


def answered_by_data(rule: str, board: tuple[int, ...]) -> bool:
    """Does the opening book or the endgame table itself hold ``board``?"""
    from engine.search import book

    n, _ = book.endgame_table(rule)
    return board in book.book_table(rule) or sum(board) <= n


def to_solve(max_seeds: int) -> tuple[list[Key], dict[Key, str]]:
    """The boards to solve (each once, sorted) and the items left out as too big (``{key: item}``)."""
    keep: set[Key] = set()
    big: dict[Key, str] = {}
    for item, key, seeds in taught_positions():
        if answered_by_data(*key):
            continue
        if seeds > max_seeds:
            big.setdefault(key, item)
        else:
            keep.add(key)
    return sorted(keep), big


def solve(keys: list[Key], db: int = DB, tt_mb: int = TT_MB) -> dict[Key, tuple[int | None, ...]]:
    """Every pit's future store difference of each board (``None``: an empty pit), from the C solver
    (one run a rule, niced)."""
    binary = compile_solver()
    out: dict[Key, tuple[int | None, ...]] = {}
    for rule in ("standard", "empty"):
        boards = [b for r, b in keys if r == rule]
        if not boards:
            continue
        text = "".join(" ".join(map(str, b)) + "\n" for b in boards)
        cmd = ["nice", "-n", "10", str(binary), str(len(boards[0]) // 2), str(int(rule == "empty")), str(db), str(tt_mb),
               "check"]
        lines = subprocess.run(cmd, input=text, capture_output=True, text=True, check=True).stdout.splitlines()
        if len(lines) != len(boards):
            raise RuntimeError(f"the solver answered {len(lines)} of {len(boards)} boards")
        for b, line in zip(boards, lines):
            out[(rule, b)] = tuple(None if t == "x" else int(t) for t in line.split())
    return out


def solver_cpu() -> float:
    """CPU seconds the solver runs of this process have taken so far (user and system)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def line_of(key: Key, values: tuple[int | None, ...]) -> str:
    rule, board = key
    return f"{rule} {' '.join(map(str, board))} : {' '.join('x' if v is None else str(v) for v in values)}"


def build(db: int, tt_mb: int, max_seeds: int, again: bool = False) -> Path:
    """Solve and write the data file; prints what it cost and what was left out. The values of positions
    already in the file are kept (``again``: every position is solved anew); positions no item teaches
    any more are dropped."""
    from engine.search.kalah_proven import FILE

    from engine.search.kalah_proven import parse

    t0, c0 = time.perf_counter(), solver_cpu()
    keys, big = to_solve(max_seeds)
    kept = {} if again or not FILE.exists() else {
        (rule, b): v for rule, table in parse(FILE.read_text()).items() for b, v in table.items()}
    new = [k for k in keys if k not in kept]
    values = {**kept, **solve(new, db, tt_mb)}
    took, cpu = time.perf_counter() - t0, solver_cpu() - c0
    left = "; ".join(f"{item} ({sum(k[1])} seeds)" for k, item in big.items()) or "none"
    header = (f"# Kalah positions the lessons and puzzles teach, every pit's exact future store difference "
              f"(engine/search/kalah_proven.py).\n# {len(keys)} positions solved by tools/kalah_solver.c "
              f"(python -m tools.prove_taught) with an endgame table of {db} seeds; the last run solved "
              f"{len(new)} of them in {took:.0f} s ({cpu:.0f} s of CPU), the others kept from the run before.\n"
              f"# Left out, over {max_seeds} seeds in the pits: {left}.\n")
    FILE.write_text(header + "".join(line_of(k, values[k]) + "\n" for k in keys))
    print(f"{FILE.name}: {len(keys)} positions ({len(new)} solved now), {FILE.stat().st_size} bytes, {took:.0f} s "
          f"({cpu:.0f} s of CPU) "
          f"(left out over {max_seeds} seeds: {left})")
    return FILE


def check(db: int, tt_mb: int, max_seeds: int | None = None) -> int:
    """Solve the shipped positions again (those with at most ``max_seeds`` seeds in play; ``None``: all); print
    each that differs. Returns how many differ."""
    from engine.search.kalah_proven import FILE, parse

    t0, c0 = time.perf_counter(), solver_cpu()
    shipped = {(rule, b): v for rule, table in parse(FILE.read_text()).items() for b, v in table.items()
               if max_seeds is None or sum(b) <= max_seeds}
    got = solve(sorted(shipped), db, tt_mb)
    wrong = [k for k in shipped if got[k] != shipped[k]]
    for k in wrong:
        print(f"differs: {line_of(k, shipped[k])} (the solver: {line_of(k, got[k])})")
    print(f"{len(shipped)} positions solved again, {len(wrong)} differ, {time.perf_counter() - t0:.0f} s "
          f"({solver_cpu() - c0:.0f} s of CPU)")
    return len(wrong)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", type=int, default=DB, help="seeds of the solver's endgame table")
    ap.add_argument("--tt-mb", type=int, default=TT_MB, help="MB of the solver's table of bounds")
    ap.add_argument("--max-seeds", type=int, default=MAX_SEEDS, help="leave out bigger positions")
    ap.add_argument("--check", action="store_true", help="solve the shipped positions again and compare")
    ap.add_argument("--again", action="store_true", help="solve every position anew (else keep the shipped values)")
    a = ap.parse_args(argv)
    if a.check:
        return 1 if check(a.db, a.tt_mb) else 0
    build(a.db, a.tt_mb, a.max_seeds, a.again)
    return 0


if __name__ == "__main__":
    sys.exit(main())
