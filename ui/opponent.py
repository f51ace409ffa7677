"""The computer opponent used by the sandbox: a thin call into ``engine.choose_move``.

Levels (weakest first) are ``ui.state.LEVELS``: "beginner" (random legal),
"easy" (greedy one move ahead), "medium", "hard", "perfect"; the engine's
search decides what each level plays.
"""

from __future__ import annotations

import random

from engine import Position, Rules, choose_move


def choose(position: Position, rules: Rules, level: str, rng: random.Random | None = None) -> int:
    """A pit (1..n, mover's numbering) for the player to move at ``level``.

    Raises ``ValueError`` (from the engine) when there is no legal move or the level is unknown.
    """
    return int(choose_move(position, rules, level, rng=rng))
