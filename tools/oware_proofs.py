"""Exact move values of the Awari positions the lessons and puzzles teach, by the C prover (issue 31).

Run by a developer; the app only reads what it writes (``engine/search/oware_proven.py``). Commands::

    python -m tools.oware_proofs [build] [--nodes N] [--seeds S]
        compile tools/oware_prover.c and prove the taught pits of every Awari position a puzzle or a lesson
        step teaches a move at (each position of each taught line, ``lessons.taught``): each taught pit's
        value, then each other pit's only until it is proven no better, with the endgame table of S seeds
        at the leaves (above 10: the standard rule's table is first built to S seeds in .oware-run/ by
        tools/oware_solver.c, resumable; the other rules use the shipped one) and at most N nodes a move
        (default :data:`NODES`); write engine/data/oware_proven.json: every pit's proven bounds. Prints
        what it cost (seconds, nodes, bytes) and each position's bounds.
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
LAYERS = ROOT / ".oware-run"
"""Where ``tools/oware_solver.c`` keeps its layers (``tools.oware_table``'s folder)."""
OUT = ROOT / "engine" / "data" / "oware_proven.json"
VARIANTS = ("no_capture", "illegal", "capture_all")
"""The grand slam variants (A4), in the prover's numbering 0, 1, 2."""
AGAIN = 3
"""Where a taught pit is not proven among the best within the budget but some pit's upper bound is, the prover
tries again with this many times the budget."""
NODES = 10_000_000
"""The prover's node budget for one move of one position (about 5 s of one core)."""

UNBOUNDED = 1000
"""The prover's ``lo`` or ``hi`` when it proved no bound (written as ``null``)."""
Values = dict[int, tuple[int, int]]
"""``{pit: (lo, hi)}``: bounds on each legal pit's final store difference (mover's view), exact where equal."""


def compile_prover() -> Path:
    """gcc -O2 tools/oware_prover.c -> tools/oware_prover (when the source or tools/oware_sow.h is newer)."""
    newest = max(SOURCE.stat().st_mtime, SOURCE.with_name("oware_sow.h").stat().st_mtime)
    if not BINARY.exists() or BINARY.stat().st_mtime < newest:
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


def table_args(variant: str, seeds: int) -> list[str]:
    """The prover's table arguments: the shipped table (``seeds`` 10 or less), else the layer files of
    ``tools/oware_solver.c`` in ``.oware-run/`` where they are there (``tools/oware_solver GS N .oware-run``
    makes them), else the shipped one; ``["-"]`` with ``seeds`` 0: no table)."""
    if seeds <= 0:
        return ["-"]
    shipped = raw_table(variant)
    layers = LAYERS / f"gs{VARIANTS.index(variant)}_{seeds}.lohi"
    if shipped is not None and (seeds <= shipped[1] or not layers.exists()):
        return [str(shipped[0]), str(shipped[1])]
    return [str(LAYERS), str(seeds), str(VARIANTS.index(variant))]


def prove(jobs: Iterable[tuple[Position, int]], variant: str, nodes: int = NODES, seeds: int = 10) -> Iterator[tuple[Values, int]]:
    """``(values, nodes searched)`` of each ``(position, taught pit)`` (South or North to move, no history;
    pit 0: every pit exact), from the prover with ``variant``'s endgame table of ``seeds`` seeds (0: none)
    and ``nodes`` nodes a move."""
    gs = VARIANTS.index(variant)
    args = [str(compile_prover()), *table_args(variant, seeds)]
    lines = []
    for pos, pit in jobs:
        cells = [gs, *pos.south, *pos.north, pos.south_store, pos.north_store, int(pos.to_move == "N"), nodes, pit]
        lines.append(" ".join(map(str, cells)))
    out = subprocess.run(["nice", "-n", "10", *args], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         check=True).stdout.splitlines()
    for row in out:
        *shown, used = row.split()
        values: Values = {}
        for pit, cell in enumerate(shown, start=1):
            if cell != "x":
                lo, hi = cell.split(":")
                values[pit] = (int(lo), int(hi))
        yield values, int(used)


def taught_positions() -> dict[str, dict[str, set[int]]]:
    """``{variant: {notation: {taught pits}}}``: every Awari position at which a puzzle or a lesson step
    teaches a move, and the pits it teaches there (each position along each taught line, as
    ``lessons.taught.judge_lines`` judges them)."""
    from engine import OwareRules, play
    from lessons import taught as T
    from lessons.loader import load_lessons, load_puzzles

    found: dict[str, dict[str, set[int]]] = {v: {} for v in VARIANTS}

    def walk(start: Position, rules: Rules, lines: list[tuple[int, ...]]) -> None:
        if not isinstance(rules, OwareRules):
            return
        for line in lines:
            pos = start
            for pit in line:
                if pos.to_move is None:
                    break
                found[rules.grand_slam].setdefault(pos.to_notation(), set()).add(pit)
                pos = play(pos, pit, rules).position

    for lesson in load_lessons(prove=False).values():
        for step in lesson.steps:
            walk(lesson.step_position(step), lesson.step_rules(step), T.step_lines(step))
    for puzzle in load_puzzles(prove=False).values():
        walk(puzzle.start, puzzle.game_rules, T.puzzle_lines(puzzle))
    return found


def best_shown(values: Values, pit: int) -> bool:
    """Do the bounds prove ``pit`` among the best (its lower bound at least every other pit's upper bound)?"""
    return all(hi <= values[pit][0] for p, (_, hi) in values.items() if p != pit)


def narrow(old: tuple[int, int], new: tuple[int, int]) -> tuple[int, int]:
    """Two proofs' bounds on one value, together (both sound: the tighter of each)."""
    return max(old[0], new[0]), min(old[1], new[1])


def build(nodes: int = NODES, seeds: int = 10) -> dict[str, dict[str, Values]]:
    """Prove every taught Awari position's taught pits (``taught_positions``) and write :data:`OUT`;
    resumable: each result is kept in ``.oware-proofs/results.jsonl`` (with its budget and table) and not
    proven again. Returns ``{variant: {notation: values}}`` and prints what it cost and what is left."""
    from engine import OwareRules, Position

    RUN.mkdir(exist_ok=True)
    if seeds > 10:  # the standard rule's table to ``seeds`` seeds (resumable; the others use the shipped one)
        from tools import oware_table

        print(f"table of {seeds} seeds: {oware_table.solve('no_capture', seeds, LAYERS, oware_table.CORE_NODES):.0f} s",
              flush=True)
    log = RUN / "results.jsonl"
    done: dict[tuple[str, str, int, int, int], Values] = {}
    if log.exists():
        for line in log.read_text().splitlines():
            r = json.loads(line)
            key = (r["variant"], r["notation"], r["pit"], r["nodes"], r["seeds"])
            done[key] = {int(p): (lo, hi) for p, (lo, hi) in r["values"].items()}
    found: dict[str, dict[str, Values]] = {}
    t0, used_all = time.perf_counter(), 0
    for variant, taught in taught_positions().items():
        rules = OwareRules(grand_slam=variant)
        found[variant] = {}
        for notation in sorted(taught):
            values: Values = {}
            for pit in sorted(taught[notation]):
                for budget in (nodes, AGAIN * nodes):  # AGAIN times the budget where the first is not enough
                    key = (variant, notation, pit, budget, seeds)
                    if key not in done:
                        t1 = time.perf_counter()
                        got, used = next(prove([(Position.from_notation(notation, rules), pit)], variant, budget, seeds))
                        used_all += used
                        done[key] = got
                        with log.open("a") as f:
                            f.write(json.dumps({"variant": variant, "notation": notation, "pit": pit, "nodes": budget,
                                                "seeds": seeds, "used": used,
                                                "seconds": round(time.perf_counter() - t1, 1),
                                                "values": {str(p): v for p, v in got.items()}}) + "\n")
                    for p, b in done[key].items():
                        values[p] = narrow(values.get(p, (-UNBOUNDED, UNBOUNDED)), b)
                    if best_shown(values, pit) or all(hi >= UNBOUNDED for _, hi in values.values()):
                        break  # proven, or nothing proven at all: no second try
            shown = ", ".join(f"{p}: {lo}" if lo == hi else f"{p}: {lo}..{hi}" for p, (lo, hi) in values.items())
            print(f"{variant} {notation} (taught {sorted(taught[notation])}): {shown}", flush=True)
            found[variant][notation] = values

    def bound(v: int) -> int | None:
        return None if abs(v) >= UNBOUNDED else v

    shipped: dict[str, object] = {v: {n: {str(p): [bound(lo), bound(hi)] for p, (lo, hi) in vals.items()}
                                      for n, vals in byn.items()} for v, byn in found.items() if byn}
    shipped["_made"] = {"command": f"python -m tools.oware_proofs build --nodes {nodes} --seeds {seeds}",
                        "nodes": nodes, "seeds": seeds}
    OUT.write_text(json.dumps(shipped, indent=0, sort_keys=True) + "\n")
    total = sum(len(v) for v in found.values())
    print(f"{total} positions; {OUT.name}: {OUT.stat().st_size} bytes; this run {time.perf_counter() - t0:.0f} s, "
          f"{used_all} nodes (table of {seeds} seeds, {nodes} nodes a move)")
    return found


def check(count: int = 40, seeds: int = 8, nodes: int = 2_000_000) -> int:
    """The prover (no table) against ``engine.analyse`` (no table, no time limit) on ``count`` random positions
    with at most ``seeds`` seeds in play per variant; returns the number of pits whose exact values differ."""
    from engine import OwareRules, legal_moves
    from engine.search import analyse, clear_tables, oware_table
    from tools.oware_table import random_position

    bad = 0
    for variant in VARIANTS:
        rules = OwareRules(grand_slam=variant)
        rng = random.Random(31)
        positions: list[Position] = []
        while len(positions) < count:
            pos = random_position(rng.randint(1, seeds), rng)
            if legal_moves(pos, rules):
                positions.append(pos)
        agreed = 0
        oware_table.ENABLED = False
        try:
            for pos, (values, _) in zip(positions, prove([(p, 0) for p in positions], variant, nodes, 0)):
                clear_tables()
                for m in analyse(pos, rules, time_ms=None, max_nodes=300_000):
                    lo, hi = values[m.pit]
                    if m.exact and lo == hi:
                        if m.value == lo:
                            agreed += 1
                        else:
                            bad += 1
                            print(f"  differs: {pos.to_notation()} pit {m.pit}: prover {lo}, search {m.value}")
        finally:
            oware_table.ENABLED = True
            clear_tables()
        print(f"{variant}: {agreed} exact values agree, {bad} differ")
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=["build", "check"])
    ap.add_argument("--nodes", type=int, default=NODES)
    ap.add_argument("--seeds", type=int, default=10, help="the endgame table's seeds (above 10: .oware-run/ layers)")
    a = ap.parse_args(argv)
    if a.command == "check":
        return 1 if check() else 0
    build(a.nodes, a.seeds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
