"""The mid-game positions the load benchmarks ask Move outcomes about.

``bench.concurrency`` (its browser sessions) and ``bench.learners`` (its protocol sessions, and its own
check run alone) paste the same positions, so both take them from here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import Position, legal_moves, make_rules, play

RULES = make_rules("kalah")


def mid_game(seed: int) -> Position:
    """A position 6 to 12 random plies into a standard game (never over): a real search for Move outcomes."""
    rng = random.Random(seed)
    while True:
        pos = RULES.initial_position()
        for _ in range(rng.randint(6, 12)):
            legal = legal_moves(pos, RULES)
            if not legal:
                break
            pos = play(pos, rng.choice(legal), RULES).position
        if legal_moves(pos, RULES):
            return pos


def notations(index: int) -> Iterator[str]:
    """Session ``index``'s positions, endless: the notations of ``mid_game(index * 1000 + k)``, k = 0, 1, ..."""
    k = 0
    while True:
        yield mid_game(index * 1000 + k).to_notation()
        k += 1


__all__ = ["RULES", "mid_game", "notations"]
