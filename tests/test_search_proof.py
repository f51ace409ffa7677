"""Oware proofs with lines cut at a horizon (engine/search/proof.py) are exact (A3, A6).

The plain exact solver (``Searcher.mtd``: every line followed to its end, or no proof) and ``prove``
(lines cut at 16, 32, ... plies, each test proven with the cut nodes at their worst, then at their
best) give the same value wherever both prove one, on random boards of every grand slam variant (A4)
and on positions of random games; ``prove`` proves more; and with a tiny first horizon (every test cut
at once) it still gives the same values. The endgame table is off: these are the search's own proofs.
"""

from __future__ import annotations

import random

import pytest

from engine import OwareRules, Position, legal_moves, play
from engine.search import clear_tables, oware_table, proof
from engine.search.budget import OutOfBudget
from engine.search.searcher import Searcher
from engine.search.tables import tables_for
from tools.oware_table import random_position

VARIANTS = [OwareRules(), OwareRules(grand_slam="illegal"), OwareRules(grand_slam="capture_all")]
IDS = [r.grand_slam for r in VARIANTS]


@pytest.fixture(autouse=True)
def table_off(monkeypatch):
    monkeypatch.setattr(oware_table, "ENABLED", False)
    clear_tables()
    yield
    clear_tables()


def game_positions(rules: OwareRules, rng: random.Random, count: int, most: int) -> list[Position]:
    """Positions of random games with at most ``most`` seeds in play and a move to make."""
    out: list[Position] = []
    while len(out) < count:
        pos = rules.initial_position()
        for _ in range(300):
            moves = legal_moves(pos, rules)
            if not moves:
                break
            pos = play(pos, rng.choice(moves), rules).position
            if pos.seeds_in_play <= most and legal_moves(pos, rules) and rng.random() < 0.2:
                out.append(pos)
    return out[:count]


def values(pos: Position, rules: OwareRules, cut: bool, nodes: int) -> int | None:
    """The position's value by ``prove`` (``cut``) or the plain solver, from a cold start; ``None``: unproven."""
    clear_tables()
    game = tables_for(rules)
    x, ms = game.kernel.start(pos)
    searcher = Searcher(game, time_ms=None, max_nodes=nodes)
    try:
        if cut:
            return proof.prove(searcher, x, ms, pos.to_move, game.diff(x, pos.to_move))
        return searcher.mtd(x, ms, pos.to_move, game.diff(x, pos.to_move))
    except OutOfBudget:
        return None


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
@pytest.mark.parametrize("first", [16, 2])
def test_cut_lines_prove_the_same_values_and_more(rules, first, monkeypatch):
    monkeypatch.setattr(proof, "FIRST_HORIZON", first)
    rng = random.Random(17)
    positions = [p for p in (random_position(rng.randint(2, 8), rng) for _ in range(40)) if legal_moves(p, rules)]
    positions += game_positions(rules, rng, 20, 14)
    both = only_cut = only_plain = 0
    for pos in positions:
        plain = values(pos, rules, False, 10_000)
        cut = values(pos, rules, True, 10_000)
        if plain is not None and cut is not None:
            both += 1
            assert plain == cut, (pos.to_notation(), plain, cut)
        only_cut += plain is None and cut is not None
        only_plain += plain is not None and cut is None
    assert both >= 10 and only_cut > only_plain, (both, only_cut, only_plain)
