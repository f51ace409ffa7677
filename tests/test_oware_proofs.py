"""The Awari proofs shipped for the taught positions (issue 31): ``engine/data/oware_proven.json``, made by the C
prover ``tools/oware_prover.c`` (``tools/oware_proofs.py``).

- The prover agrees with the Python exact search (no endgame table, no time limit) on small random positions of
  every grand slam variant (A4), with the repetition rule (A6) in play.
- What is shipped is well formed, covers every taught Awari position, and agrees with every value the Python
  search proves within the taught budget; ``analyse`` reads a fully proven position from it.
- Rebuild (by hand, ``--rebuild``: about 23 minutes for the 14-seed table and 43 for the proofs, too long for
  CI): the prover recompiled and run again with the command the file names gives the same bounds.
"""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine import OwareRules, Position, analyse, legal_moves
from engine.search import oware_proven as proven
from lessons import taught as T
from tools import oware_proofs as P

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="the prover is compiled with gcc")

@functools.cache
def shipped() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(proven.DATA.read_text(encoding="utf-8"))
    return found


def shipped_positions() -> list[tuple[str, str, dict[str, list[int | None]]]]:
    return [(v, n, pits) for v, byn in shipped().items() if v != "_made" for n, pits in byn.items()]


def test_the_prover_agrees_with_the_python_exact_search_on_small_positions() -> None:
    """Every value both prove exactly is the same (``tools.oware_proofs.check``: neither uses the table)."""
    assert P.check(count=6, seeds=5, nodes=300_000) == 0


def test_the_prover_agrees_on_a_board_where_lines_come_back() -> None:
    """Two lone seeds going round the board: many lines come back to a position, which ends the game with each
    player taking their own row (A6); the search and the prover agree on South's only move."""
    rules = OwareRules()
    pos = Position.from_notation("0,0,0,0,0,1/24/0,0,0,0,0,1/22/S", rules)
    values, _ = next(P.prove([(pos, 0)], "no_capture", 200_000, 0))
    search = {m.pit: m.value for m in analyse(pos, rules, time_ms=None, max_nodes=200_000)}
    assert values == {6: (search[6], search[6])}


def test_what_is_shipped_is_well_formed_and_covers_every_taught_position() -> None:
    taught = P.taught_positions()
    for variant, notation, pits in shipped_positions():
        rules = OwareRules(grand_slam=variant)
        pos = Position.from_notation(notation, rules)
        assert sorted(int(p) for p in pits) == sorted(legal_moves(pos, rules))
        for lo, hi in pits.values():
            assert lo is None or hi is None or lo <= hi
    assert {(v, n) for v, byn in taught.items() for n in byn} == {(v, n) for v, n, _ in shipped_positions()}


def test_the_shipped_bounds_hold_every_value_the_search_proves() -> None:
    for variant, notation, pits in shipped_positions():
        rules = OwareRules(grand_slam=variant)
        pos = Position.from_notation(notation, rules)
        for p, v, exact in T.move_values(notation, rules, T.budget(rules)):
            lo, hi = pits[str(p)]
            if exact:
                assert (lo is None or lo <= v) and (hi is None or v <= hi), (notation, p, v, lo, hi)
        if all(lo is not None and lo == hi for lo, hi in pits.values()):  # analyse reads it
            assert proven.proven_values(pos, rules) == {int(p): lo for p, (lo, _) in pits.items()}


@pytest.mark.rebuild
def test_the_prover_run_again_gives_what_is_shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Recompiles the prover and runs the shipped command again (a table above the shipped 10 seeds is built first
    by tools/oware_solver.c, resumable in .oware-run/: about 23 minutes of one core the first time)."""
    monkeypatch.setattr(P, "BINARY", tmp_path / "oware_prover")
    monkeypatch.setattr(P, "RUN", tmp_path / "run")
    monkeypatch.setattr(P, "OUT", tmp_path / "oware_proven.json")
    made = shipped()["_made"]
    P.build(made["nodes"], made["seeds"])
    assert json.loads(P.OUT.read_text(encoding="utf-8")) == shipped()
