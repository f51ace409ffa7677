"""Exact move values of the Awari positions the lessons and puzzles teach, by the C prover (issue 31).

Run by a developer; the app only reads what it writes (``engine/search/proven.py``). Commands::

    python -m tools.oware_proofs [build] [--nodes N]
        compile tools/oware_prover.c, prove every legal move of every Awari position a puzzle or a lesson
        step teaches a move at (each position of each taught line, ``lessons.taught``), with the endgame
        table at its leaves and at most N nodes a move (default :data:`NODES`), and write
        engine/data/oware_proven.json: the positions whose every move it proved, each pit's exact value.
        Prints what it cost (seconds, nodes, bytes) and what it could not prove.
    python -m tools.oware_proofs check
        the prover against the Python exact search (no table, no time limit) on random positions with few
        seeds in play, every grand slam variant; prints what agreed.

The prover runs niced (``nice -n 10``) on one core; each variant's table is decompressed into
``.oware-proofs/`` (git-ignored) the first time.
"""

from __future__ import annotations

import argparse
import json
import lzma
import random
import subprocess
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine itself is imported inside the functions that use it
    from engine import Position, Rules

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tools" / "oware_prover.c"
BINARY = ROOT / "tools" / "oware_prover"
RUN = ROOT / ".oware-proofs"
OUT = ROOT / "engine" / "data" / "oware_proven.json"
VARIANTS = ("no_capture", "illegal", "capture_all")
"""The grand slam variants (A4), in the prover's numbering 0, 1, 2."""
NODES = 40_000_000
"""The prover's node budget for one move of one position (about 10 s of one core)."""

Values = dict[int, tuple[int, int]]
"""``{pit: (lo, hi)}``: bounds on each legal pit's final store difference (mover's view), exact where equal."""


def compile_prover() -> Path:
    """gcc -O2 tools/oware_prover.c -> tools/oware_prover (when the source is newer)."""
    if not BINARY.exists() or BINARY.stat().st_mtime < SOURCE.stat().st_mtime:
        subprocess.run(["gcc", "-O2", "-o", str(BINARY), str(SOURCE)], check=True)
    return BINARY


def raw_table(variant: str) -> tuple[Path, int] | None:
    """The shipped endgame table of ``variant`` decompressed into :data:`RUN` (once), and its seeds; ``None``
    when none is shipped."""
    from engine.search.oware_table import table_path

    path = table_path(variant)
    if path is None:
        return None
    seeds = int(path.name.split("_")[-1].split(".")[0])
    raw = RUN / f"{path.name}.raw"
    if not raw.exists() or raw.stat().st_mtime < path.stat().st_mtime:
        RUN.mkdir(exist_ok=True)
        tmp = raw.with_suffix(".tmp")
        tmp.write_bytes(lzma.decompress(path.read_bytes()))
        tmp.replace(raw)
    return raw, seeds


def prove(positions: Iterable[Position], variant: str, nodes: int = NODES, table: bool = True) -> Iterator[tuple[Values, int]]:
    """``(values, nodes searched)`` of each position (South or North to move, no history), from the prover
    with ``variant``'s endgame table (``table``) and ``nodes`` nodes a move."""
    gs = VARIANTS.index(variant)
    found = raw_table(variant) if table else None
    args = [str(compile_prover())] + ([str(found[0]), str(found[1])] if found else ["-"])
    lines = []
    for pos in positions:
        cells = [gs, *pos.south, *pos.north, pos.south_store, pos.north_store, int(pos.to_move == "N"), nodes]
        lines.append(" ".join(map(str, cells)))
    out = subprocess.run(["nice", "-n", "10", *args], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         check=True).stdout.splitlines()
    for line in out:
        *cells, used = line.split()
        values = {}
        for pit, cell in enumerate(cells, start=1):
            if cell != "x":
                lo, hi = cell.split(":")
                values[pit] = (int(lo), int(hi))
        yield values, int(used)


def taught_positions() -> dict[str, set[str]]:
    """``{variant: {notation}}``: every Awari position at which a puzzle or a lesson step teaches a move (each
    position along each taught line, as ``lessons.taught.judge_lines`` judges them)."""
    from engine import play
    from lessons import taught as T
    from lessons.loader import load_lessons, load_puzzles

    found: dict[str, set[str]] = {v: set() for v in VARIANTS}

    def walk(start: Position, rules: Rules, lines: list[tuple[int, ...]]) -> None:
        if rules.game != "oware":
            return
        for line in lines:
            pos = start
            for pit in line:
                if pos.to_move is None:
                    break
                found[rules.grand_slam].add(pos.to_notation())
                pos = play(pos, pit, rules).position

    for lesson in load_lessons(prove=False).values():
        for step in lesson.steps:
            walk(lesson.step_position(step), lesson.step_rules(step), T.step_lines(step))
    for puzzle in load_puzzles(prove=False).values():
        walk(puzzle.start, puzzle.game_rules, T.puzzle_lines(puzzle))
    return found
