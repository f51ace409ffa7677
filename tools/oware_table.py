"""Build the Awari/Oware endgame table with the C solver (tools/oware_solver.c), one file per grand slam variant.

Run by a developer; the app only reads what it writes (``engine/search/oware_table.py``). Commands::

    python -m tools.oware_table [build] [--seeds N] [--variant V ...] [--dir DIR] [--core-nodes K]
        compile the solver, solve every position with at most N seeds in play (default 10) of each
        variant (default all three, A4) in DIR (default .oware-run/, git-ignored), then write
        engine/data/oware_<variant>_<N>.egtb.xz and print what it cost: seconds, bytes, exact share.
        The solver keeps each finished layer (and its retrograde bounds, and each threshold of the
        cycle region) in DIR, so a build that is killed goes on where it stopped when run again;
        a DIR from another N is reused for the layers they share.
    python -m tools.oware_table check [--seeds N] [--count K] [--variant V ...]
        compare the shipped table with engine.analyse (the table turned off, no time limit, a node
        budget) on K random positions with at most N seeds in play; prints what agreed.

The solver runs niced (``nice -n 10``) on one core. Values are future net scores from the mover's view
(``engine.search.oware_table`` says what that means); bounds where the solver did not settle a cycle.
"""

from __future__ import annotations

import argparse
import lzma
import os
import random
import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine itself is imported inside the functions that use it
    from engine import Position
    from engine.position import Side

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tools" / "oware_solver.c"
BINARY = ROOT / "tools" / "oware_solver"
DATA = ROOT / "engine" / "data"
RUN = ROOT / ".oware-run"
VARIANTS = ("no_capture", "illegal", "capture_all")
"""The grand slam variants (A4), in the solver's numbering 0, 1, 2."""
CORE_NODES = 20_000
"""Nodes the solver may search for one position of a cycle component at one threshold (beyond it: bounds)."""


def compile_solver() -> Path:
    """gcc -O2 tools/oware_solver.c -> tools/oware_solver (when the source or tools/oware_sow.h is newer)."""
    newest = max(SOURCE.stat().st_mtime, SOURCE.with_name("oware_sow.h").stat().st_mtime)
    if not BINARY.exists() or BINARY.stat().st_mtime < newest:
        subprocess.run(["gcc", "-O2", "-o", str(BINARY), str(SOURCE)], check=True)
    return BINARY


def layer_sizes(seeds: int) -> list[int]:
    from engine.search.oware_table import layer_sizes as sizes

    return sizes(seeds)


def solve(variant: str, seeds: int, folder: Path, core_nodes: int) -> float:
    """Run the solver for ``variant`` up to ``seeds`` in ``folder`` (resumable); its log goes to
    ``folder/<variant>.log``. Returns the seconds this run took; raises ``CalledProcessError`` on failure."""
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CORE_NODES=str(core_nodes))
    cmd = ["nice", "-n", "10", str(compile_solver()), str(VARIANTS.index(variant)), str(seeds), str(folder)]
    t0 = time.perf_counter()
    with (folder / f"{variant}.log").open("a") as log:
        log.write(f"# {time.strftime('%Y-%m-%d %H:%M:%S')} {' '.join(cmd)} CORE_NODES={core_nodes}\n")
        log.flush()
        subprocess.run(cmd, stderr=log, env=env, check=True)
    return time.perf_counter() - t0


def assemble(variant: str, seeds: int, folder: Path) -> tuple[bytes, int]:
    """``(file bytes, exact positions)``: the lower bounds then the gaps ``hi - lo`` of layers 0..seeds,
    lzma-compressed."""
    lows, gaps = bytearray(), bytearray()
    exact = 0
    for n, size in enumerate(layer_sizes(seeds)):
        raw = (folder / f"gs{VARIANTS.index(variant)}_{n}.lohi").read_bytes()
        if len(raw) != 2 * size:
            raise ValueError(f"layer {n} of {variant} holds {len(raw)} bytes, not {2 * size}")
        lo, hi = raw[:size], raw[size:]
        gap = bytes((h - l) & 255 for l, h in zip(lo, hi))
        exact += gap.count(0)
        lows += lo
        gaps += gap
    return lzma.compress(bytes(lows + gaps), preset=9 | lzma.PRESET_EXTREME), exact


def build(seeds: int, variants: list[str], folder: Path, core_nodes: int) -> list[str]:
    """Solve and install each variant; returns (and prints) one line of figures per variant."""
    lines = []
    total = sum(layer_sizes(seeds))
    for variant in variants:
        took = solve(variant, seeds, folder, core_nodes)
        t0 = time.perf_counter()
        data, exact = assemble(variant, seeds, folder)
        packed = time.perf_counter() - t0
        for old in DATA.glob(f"oware_{variant}_*.egtb.xz"):
            old.unlink()
        path = DATA / f"oware_{variant}_{seeds}.egtb.xz"
        path.write_bytes(data)
        line = (f"{path.name}: {total} positions (<= {seeds} seeds in play), {exact} exact "
                f"({100 * exact / total:.1f}%), {2 * total} bytes raw, {len(data)} bytes xz; "
                f"solved in {took:.0f} s (this run), packed in {packed:.0f} s")
        print(line, flush=True)
        lines.append(line)
    return lines


def random_position(seeds: int, rng: random.Random) -> Position:
    """A random position with ``seeds`` seeds in play (lumpy rows), the rest split between the piles
    so that neither has 25, South or North to move."""
    from engine import Position

    pits = [0] * 12
    hot = [rng.randrange(12) for _ in range(rng.randrange(1, 4))]
    for _ in range(seeds):
        pits[rng.choice(hot) if rng.random() < 0.4 else rng.randrange(12)] += 1
    rest = 48 - seeds
    south = rng.randint(max(0, rest - 24), min(24, rest))
    side: Side = "S" if rng.random() < 0.5 else "N"
    return Position(tuple(pits[:6]), south, tuple(pits[6:]), rest - south, side)


def check(seeds: int, count: int, variants: list[str], max_nodes: int = 200_000) -> int:
    """Compare the table with ``analyse`` (table off) on ``count`` random positions per variant; returns the
    number of disagreements (an exact entry that differs, or a proven value outside the bounds)."""
    from engine import OwareRules, legal_moves
    from engine.search import analyse, clear_tables, oware_table

    bad = 0
    for variant in variants:
        rules = OwareRules(grand_slam=variant)
        rng = random.Random(31)
        agreed = proven = bounded = 0
        for _ in range(count):
            pos = random_position(rng.randint(1, seeds), rng)
            if not legal_moves(pos, rules):
                continue
            bounds = oware_table.position_bounds(pos, rules)
            assert bounds is not None
            oware_table.ENABLED = False
            try:
                clear_tables()
                got = analyse(pos, rules, time_ms=None, max_nodes=max_nodes)
            finally:
                oware_table.ENABLED = True
            if not all(m.exact for m in got):
                continue
            proven += 1
            best = max(m.value for m in got)
            if bounds[0] == bounds[1] == best:
                agreed += 1
            elif bounds[0] <= best <= bounds[1] and bounds[0] < bounds[1]:
                bounded += 1
            else:
                bad += 1
                print(f"  differs: {pos.to_notation()} table {bounds} search {best}")
        print(f"{variant}: {proven} positions proven by the search, {agreed} equal to the table, "
              f"{bounded} within its bounds, {bad} different")
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=["build", "check"])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--variant", action="append", choices=VARIANTS)
    ap.add_argument("--dir", type=Path, default=RUN)
    ap.add_argument("--core-nodes", type=int, default=CORE_NODES)
    ap.add_argument("--count", type=int, default=200)
    a = ap.parse_args(argv)
    variants = a.variant or list(VARIANTS)
    if a.command == "check":
        return 1 if check(a.seeds, a.count, variants) else 0
    build(a.seeds, variants, a.dir, a.core_nodes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
