"""The computer opponent used by the sandbox: a thin call into the engine's search.

Levels (weakest first) are ``ui.state.LEVELS``: "beginner" (random legal),
"easy" (greedy one move ahead), "medium", "hard", "perfect"; the engine's
search decides what each level plays (``engine.choose_move`` and its
``LEVEL_SETTINGS``).

A whole computer turn (one move plus the extra turns it earns) gets
:data:`TURN_BUDGET_MS` in all: :func:`choose` takes the time left and gives
the searching levels no more than that, so Perfect in the opening answers in
about 3 seconds even when it chains extra turns (the engine alone gives each
move up to 2.5 s, plus a 1.5 s proof attempt near the end).
"""

from __future__ import annotations

import random

from engine import Position, Rules, choose_move

from ui.announce import side_name

TURN_BUDGET_MS = 3000
"""Thinking time for one whole computer turn (extra turns included), in milliseconds."""

LEVEL_WORDS = {
    "beginner": "Beginner",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "perfect": "Perfect",
}


def thinking_text(side: str, level: str) -> str:
    """The spinner's words while the computer thinks, e.g. ``"North (computer, Perfect) is thinking…"``."""
    slow = " It takes a few seconds at this level." if level in ("hard", "perfect") else ""
    return f"{side_name(side)} (computer, {LEVEL_WORDS.get(level, level)}) is thinking…{slow}"


def choose(
    position: Position, rules: Rules, level: str, rng: random.Random | None = None, *, time_ms: int | None = None
) -> int:
    """A pit (1..n, mover's numbering) for the player to move at ``level``.

    ``time_ms`` caps the thinking of the searching levels (the engine's
    ``choose_move(..., time_ms=...)``); ``None`` keeps the level's own budget.

    Raises ``ValueError`` (from the engine) when there is no legal move or the level is unknown.
    """
    return int(choose_move(position, rules, level, rng=rng, time_ms=time_ms))
