"""Exact values of the Kalah positions the lessons and puzzles teach, read from data.

``engine/data/kalah_proven.txt`` is made by ``tools/prove_taught.py`` with the C
solver (``tools/kalah_solver.c``): every position of every taught line of a
6-pit Kalah puzzle or lesson step that the opening book and the endgame table
do not already answer (issue 31). It is read lazily, once, and kept.

Format (text): ``#`` lines are comments (the header says how it was built);
every other line is ``<rule> p1 .. p12 : v1 .. v6`` - ``<rule>`` ``standard``
(K10) or ``empty`` (K11 empty-capture variant), the mover's pits 1..6 then the
opponent's pits 1..6, then each pit's value (``x`` for an empty pit). A value
is the *future* store difference in seeds from the mover's view with best play
(K16): it does not depend on the stores, as in the opening book
(``engine.search.book``, which reads this table next to the book).
"""

from __future__ import annotations

import threading
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
FILE = DATA / "kalah_proven.txt"
_LOCK = threading.Lock()

Board = tuple[int, ...]
Values = tuple[int | None, ...]


def parse(text: str) -> dict[str, dict[Board, Values]]:
    """``{rule: {board: values}}`` of the text of a proven-positions file (module docstring).

    Raises ``ValueError`` on a line that is not ``<rule> 2n pits : n values``.
    """
    out: dict[str, dict[Board, Values]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        head, sep, vals = line.partition(":")
        rule, *pits = head.split()
        values = vals.split()
        if not sep or rule not in ("standard", "empty") or len(pits) != 2 * len(values):
            raise ValueError(f"line {number} of the proven positions is not '<rule> pits : values': {line!r}")
        out.setdefault(rule, {})[tuple(int(t) for t in pits)] = tuple(None if t == "x" else int(t) for t in values)
    return out


@cache
def _read() -> dict[str, dict[Board, Values]]:
    return parse(FILE.read_text()) if FILE.exists() else {}


def proven_table(rule: str) -> dict[Board, Values]:
    """The proven positions of ``rule`` (``"standard"`` or ``"empty"``), ``{}`` when none are shipped."""
    with _LOCK:
        return _read().get(rule, {})


__all__ = ["FILE", "parse", "proven_table"]
