"""The computer opponent used by the sandbox.

Calls ``engine.choose_move(position, rules, level, rng=...)`` when the engine
has it (the search issue adds it, with the five levels of
``ui.state.LEVELS``). Until then a TEMPORARY stand-in below picks a move
with ``engine.legal_moves`` and ``engine.play`` only: random for "beginner",
greedy one move ahead for every other level.
"""

from __future__ import annotations

import random

import engine
from engine import Position, Rules, legal_moves, play


def choose(position: Position, rules: Rules, level: str, rng: random.Random | None = None) -> int:
    """A pit (1..n, mover's numbering) for the player to move at ``level``.

    Raises ``ValueError`` when there is no legal move (the game is over).
    """
    choose_move = getattr(engine, "choose_move", None)
    if choose_move is not None:
        return int(choose_move(position, rules, level, rng=rng))
    return _temporary_choice(position, rules, level, rng or random.Random())


# --- TEMPORARY: replaced by engine.choose_move when the search lands ------------


def _temporary_choice(position: Position, rules: Rules, level: str, rng: random.Random) -> int:
    """TEMPORARY stand-in: random (beginner) or greedy by store difference after one move."""
    moves = legal_moves(position, rules)
    if not moves:
        raise ValueError(f"no legal move: the game is over in {position.to_notation()}")
    if level == "beginner":
        return rng.choice(moves)
    me = position.to_move

    def score(pit: int) -> tuple[float, float]:
        res = play(position, pit, rules)
        after = res.position
        other = "N" if me == "S" else "S"
        gain = after.store(me) - after.store(other)
        return (gain + (1.5 if res.extra_turn else 0.0), rng.random())

    return max(moves, key=score)
