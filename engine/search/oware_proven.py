"""Exact move values of the Awari positions the lessons and puzzles teach, read from data (issue 31).

Made once by ``tools/oware_proofs.py`` (the C prover ``tools/oware_prover.c``: a forward search with the
endgame table at its leaves) and shipped as ``engine/data/oware_proven.json``: ``{variant: {notation:
{pit: [lo, hi]}}}``, the grand slam variant (A4) then the position's notation (``Position.to_notation``),
each legal pit's proven bounds on its final store difference with best play from the mover's view (K16,
A6; ``null``: no bound proven), for the game from that position with no history (the position is the
first one a repetition can hit, A6); ``lo == hi`` is the exact value. Read lazily, the first time a
position needs it, and kept.
``tests/test_oware_proofs.py`` recompiles the prover and recomputes them (slow) and checks it against the
Python exact search on small positions.
"""

from __future__ import annotations

import json
import threading
from functools import cache
from pathlib import Path

from ..position import Position
from ..rules import OwareRules, Rules

DATA = Path(__file__).resolve().parent.parent / "data" / "oware_proven.json"
_LOCK = threading.Lock()


Bounds = dict[int, tuple[int | None, int | None]]
"""``{pit: (lo, hi)}``: proven bounds on each legal pit's final store difference (``None``: none proven)."""


@cache
def _load() -> dict[str, dict[str, dict[str, list[int | None]]]]:
    return json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {}


def proven_bounds(position: Position, rules: Rules) -> Bounds | None:
    """Every legal pit's proven bounds (:data:`Bounds`, mover's view, K16/A6) at ``position`` under Oware
    ``rules`` from the shipped proofs, or ``None`` when they do not hold it (Kalah, or a position no lesson
    or puzzle teaches)."""
    if not isinstance(rules, OwareRules):
        return None
    with _LOCK:
        found = _load().get(rules.grand_slam, {}).get(position.to_notation())
    return None if found is None else {int(p): (lo, hi) for p, (lo, hi) in found.items()}


def proven_values(position: Position, rules: Rules) -> dict[int, int] | None:
    """``{pit: value}``: every legal pit's exact final store difference (mover's view, K16/A6) at
    ``position`` from the shipped proofs, or ``None`` unless they prove every pit exactly."""
    found = proven_bounds(position, rules)
    if found is None or any(lo is None or lo != hi for lo, hi in found.values()):
        return None
    return {p: lo for p, (lo, _) in found.items() if lo is not None}


__all__ = ["Bounds", "DATA", "proven_bounds", "proven_values"]
