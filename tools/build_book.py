"""Build the Kalah 6-pit opening books (6x3, 6x4, 6x5) and endgame table with the C solver (tools/kalah_solver.c).

Run once by a developer; the app only reads the data files it writes
(``engine/search/book.py``). Commands::

    python -m tools.build_book check [--quick]
        compile, then compare the C solver with engine.search.analyse(time_ms=None)
        on every position reached from the start of 4..6 pits x 1..3 seeds (both
        capture rules; sampled for the bigger boards). Prints the positions compared.
    python -m tools.build_book book --plies P [--seeds S] [--empty-capture] [--db 24] [--tt-mb 4096]
        solve every position within P plies of the 6xS start (S seeds a pit,
        default 4), every pit exactly, and write engine/data/kalah_6x<S>_<rule>.book
        (text lines, see book.py).
    python -m tools.build_book run --plies P [--seeds S] [--empty-capture] --dir DIR [--db 24] [--tt-mb 4096]
        the same book, resumable over many sessions: the solver keeps its
        endgame table and table of bounds in DIR (saved every 15 minutes and on
        SIGTERM) and appends to DIR/<rule>.book, skipping boards already there.
        Run it for P = 0, 1, 2, ... in turn (each ply reuses all earlier work).
        DIR defaults to .book-run/6x<S> (git-ignored).
    python -m tools.build_book install --dir DIR [--seeds S] [--empty-capture] [--db 24]
        copy DIR/<rule>.book into engine/data/kalah_6x<S>_<rule>.book with a header line (the plies
        every position of which it holds, its size) and print that line.
    python -m tools.build_book endgame --table-seeds N [--empty-capture]
        write engine/data/kalah_6_<rule>_<N>.egtb: one signed byte per board of
        6 pits a side with at most N seeds in the pits (rank in book.py).

Values are future store differences from the mover's view (the stores do not
change them); ``engine.search.book`` adds the current stores.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import re
import signal
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine itself is imported inside the functions that use it
    from engine import Position, Rules
    from engine.search.book import Board

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tools" / "kalah_solver.c"
BINARY = ROOT / "tools" / "kalah_solver"
DATA = ROOT / "engine" / "data"
NICE = 10
"""The solver runs at this niceness (the machine is shared: heavy runs go niced)."""


def compile_solver() -> Path:
    """gcc -O2 tools/kalah_solver.c -> tools/kalah_solver (when the source is newer)."""
    if not BINARY.exists() or BINARY.stat().st_mtime < SOURCE.stat().st_mtime:
        subprocess.run(["gcc", "-O2", "-o", str(BINARY), str(SOURCE)], check=True)
    return BINARY


def solver(pits: int, empty: bool, db: int, tt_mb: int, *args: str, stdin: str | None = None,
           pause: bool = False) -> str:
    """Run the solver niced (:data:`NICE`) and return its stdout.

    With ``pause``, a long solver run whose pid is in the environment variable
    BOOK_PAUSE_PID is stopped meanwhile (one solver process at a time).
    """
    cmd = ["nice", "-n", str(NICE), str(compile_solver()), str(pits), str(int(empty)), str(db), str(tt_mb), *args]
    other = int(os.environ.get("BOOK_PAUSE_PID", "0")) if pause else 0
    if other:
        os.kill(other, signal.SIGSTOP)
    try:
        return subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=True).stdout
    finally:
        if other:
            os.kill(other, signal.SIGCONT)


def mover_view(position: Position) -> tuple[int, ...]:
    """The mover's pits then the opponent's, each from its own pit 1."""
    from engine.position import NORTH, SOUTH

    me = position.to_move
    them = NORTH if me == SOUTH else SOUTH
    return position.row(me) + position.row(them)


def reachable(rules: Rules, limit: int, rng: random.Random) -> list[Position]:
    """Positions reached from the start: breadth first up to ``limit``, then random playouts."""
    from engine import play
    from engine.moves import legal_moves

    start = rules.initial_position()
    seen, out, frontier = {start}, [start], [start]
    if rules.pits * rules.seeds > 12:  # proofs near the start are slow in Python: playouts only
        out, frontier = [], []
    while frontier and len(out) < limit // 2:
        nxt = []
        for p in frontier:
            for pit in legal_moves(p, rules):
                q = play(p, pit, rules).position
                if q not in seen and legal_moves(q, rules):
                    seen.add(q)
                    out.append(q)
                    nxt.append(q)
        frontier = nxt
    while len(out) < limit:
        p = start
        while legal_moves(p, rules):
            p = play(p, rng.choice(legal_moves(p, rules)), rules).position
            if p not in seen and legal_moves(p, rules) and rng.random() < 0.3:
                seen.add(p)
                out.append(p)
    return out[:limit]


def check(quick: bool) -> int:
    """Compare the C values with analyse(time_ms=None); returns the number of mismatches."""
    from engine import KalahRules
    from engine.search import analyse, clear_tables

    rng = random.Random(7)
    bad = 0
    boards = [(4, s) for s in (1, 2, 3)] + [(5, s) for s in (1, 2, 3)] + [(6, s) for s in (1, 2, 3)]
    for pits, seeds in boards:
        for empty in (False, True):
            rules = KalahRules(pits=pits, seeds=seeds, empty_capture=empty)
            limit = (40 if quick else 300) if pits * seeds <= 12 else (12 if quick else 40)
            positions = reachable(rules, limit, rng)
            t0 = time.perf_counter()
            expect = []
            for p in positions:
                diff = p.store(p.to_move) - p.store("N" if p.to_move == "S" else "S")
                vals = {m.pit: m.value - diff for m in analyse(p, rules, time_ms=None)}
                assert all(m.exact for m in analyse(p, rules, time_ms=None))
                expect.append(" " + " ".join(str(vals[i + 1]) if i + 1 in vals else "x" for i in range(pits)))
            clear_tables()
            t1 = time.perf_counter()
            lines = "\n".join(" ".join(map(str, mover_view(p))) for p in positions) + "\n"
            got = solver(pits, empty, 6, 16, "check", stdin=lines, pause=True).splitlines()
            t2 = time.perf_counter()
            wrong = [(p, e, g) for p, e, g in zip(positions, expect, got) if e.strip() != g.strip()]
            bad += len(wrong) + abs(len(got) - len(expect))
            print(f"{pits}x{seeds} empty_capture={empty}: {len(positions)} positions, "
                  f"{len(wrong)} differ (python {t1 - t0:.1f} s, C {t2 - t1:.2f} s)")
            for p, e, g in wrong[:3]:
                print("   ", p.to_notation(), "python", e, "C", g)
    return bad


def book(plies: int, empty: bool, db: int, tt_mb: int, seeds: int = 4) -> Path:
    """Solve the 6x``seeds`` book and write it; prints its size and the time taken."""
    t0 = time.perf_counter()
    out = solver(6, empty, db, tt_mb, "book", str(plies), *[str(seeds)] * 12)
    DATA.mkdir(exist_ok=True)
    path = DATA / f"kalah_6x{seeds}_{rule_of(empty)}.book"
    took = time.perf_counter() - t0
    header = (f"# kalah 6x{seeds} {'empty capture' if empty else 'standard capture'}, {plies} plies, "
              f"built in {took:.0f} s with an endgame table of {db} seeds\n")
    path.write_text(header + out)
    print(f"{path.name}: {len(out.splitlines())} positions, {path.stat().st_size} bytes, "
          f"{time.perf_counter() - t0:.0f} s")
    return path


def rule_of(empty: bool) -> str:
    return "empty" if empty else "standard"


def run(plies: int, empty: bool, db: int, tt_mb: int, folder: Path, seeds: int = 4) -> int:
    """Extend ``folder/<rule>.book`` to every board within ``plies`` plies of the 6x``seeds`` start
    (resumable, see the docstring); returns the solver's exit code (4: stopped by SIGTERM, progress kept)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"{rule_of(empty)}.book"
    env = dict(os.environ, CKPT=str(folder), DONE=str(out))
    cmd = ["nice", "-n", str(NICE), str(compile_solver()), "6", str(int(empty)), str(db), str(tt_mb), "book", str(plies),
           *[str(seeds)] * 12]
    if out.exists() and out.stat().st_size and not out.read_bytes().endswith(b"\n"):
        with out.open("a") as sink:  # a line cut by an older stopped run stays alone (install leaves it out)
            sink.write("\n")
    with out.open("a") as sink, (folder / f"{rule_of(empty)}.log").open("a") as log:
        return subprocess.run(cmd, check=False, stdout=sink, stderr=log, env=env).returncode


def full_plies(table: Mapping[Board, object], empty: bool, seeds: int = 4) -> tuple[int, int]:
    """``(P, positions)``: the most plies P such that every board within P plies of the 6x``seeds``
    start (every move a ply, extra turns too) is in ``table``, and how many boards that is
    (``(-1, 0)`` when not even the start is)."""
    from engine.search import book as data

    frontier: list[Board] = [(seeds,) * 12]
    seen: set[Board] = {(seeds,) * 12}
    plies = -1
    while frontier and all(b in table for b in frontier):
        plies += 1
        nxt = []
        for b in frontier:
            for i in range(6):
                if b[i]:
                    _, after, kind = data.play_board(b, i, empty)
                    if kind != 2 and after not in seen:
                        seen.add(after)
                        nxt.append(after)
        frontier = nxt
    return plies, len(seen) - len(frontier)


def install(empty: bool, folder: Path, seeds: int = 4, db: int = 24) -> Path:
    """Copy the book of a ``run`` into engine/data/kalah_6x<seeds>_<rule>.book with its header; prints it."""
    source = folder / f"{rule_of(empty)}.book"
    # Only whole lines: a run stopped while writing can leave a cut line (a run goes on to solve it again).
    whole = re.compile(r"\d+( \d+){11} : (x|-?\d+)( (x|-?\d+)){5}")
    text = source.read_text()
    written = text.splitlines() if text.endswith("\n") else text.splitlines()[:-1]  # a last line with no end is cut
    lines = [ln for ln in written if whole.fullmatch(ln)]
    cut = [ln for ln in text.splitlines() if ":" in ln and ln not in lines]
    if cut:
        print(f"left out {len(cut)} cut line(s): {cut}")
    table = {tuple(int(t) for t in ln.partition(":")[0].split()): None for ln in lines}
    plies, count = full_plies(table, empty, seeds)
    path = DATA / f"kalah_6x{seeds}_{rule_of(empty)}.book"
    header = (f"# kalah 6x{seeds} {'empty capture' if empty else 'standard capture'}: every position up to ply {plies} "
              f"({count} boards) and {len(lines) - count} more, exact values of every pit, "
              f"solved by tools/kalah_solver.c with an endgame table of {db} seeds\n")
    path.write_text(header + "\n".join(lines) + "\n")
    print(header.strip(), f"- {path.stat().st_size} bytes")
    return path


def endgame(seeds: int, empty: bool) -> Path:
    """Write the endgame table of 6 pits a side with at most ``seeds`` in the pits."""
    DATA.mkdir(exist_ok=True)
    raw = DATA / f"kalah_6_{'empty' if empty else 'standard'}_{seeds}.egtb"
    t0 = time.perf_counter()
    solver(6, empty, seeds, 1, "dumpdb", str(raw), pause=True)
    data = raw.read_bytes()
    raw.unlink()
    path = raw.with_name(raw.name + ".gz")
    path.write_bytes(gzip.compress(data, 9, mtime=0))
    print(f"{path.name}: {len(data)} boards, {path.stat().st_size} bytes gzipped, "
          f"{time.perf_counter() - t0:.0f} s")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["check", "book", "run", "install", "endgame"])
    ap.add_argument("--dir", type=Path, default=None, help="the run's folder (default .book-run/6x<S>, git-ignored)")
    ap.add_argument("--seeds", type=int, default=4, help="seeds a pit at the start of the book (3, 4 or 5)")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--plies", type=int, default=0)
    ap.add_argument("--empty-capture", action="store_true")
    ap.add_argument("--db", type=int, default=24)
    ap.add_argument("--tt-mb", type=int, default=4096)
    ap.add_argument("--table-seeds", type=int, default=12, help="endgame: most seeds in the pits")
    a = ap.parse_args(argv)
    folder = a.dir or ROOT / ".book-run" / f"6x{a.seeds}"
    if a.command == "check":
        return 1 if check(a.quick) else 0
    if a.command == "book":
        book(a.plies, a.empty_capture, a.db, a.tt_mb, a.seeds)
    elif a.command == "run":
        return run(a.plies, a.empty_capture, a.db, a.tt_mb, folder, a.seeds)
    elif a.command == "install":
        install(a.empty_capture, folder, a.seeds, a.db)
    else:
        endgame(a.table_seeds, a.empty_capture)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
