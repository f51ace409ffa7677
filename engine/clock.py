"""Time controls for timed games (K19): the facts, not the ticking.

K19 (the Greek rule card): timed games use 3+2 or 5+5, that is 3 or 5
minutes for each player plus 2 or 5 seconds added after every turn; a player
whose time runs out loses. Games against the computer may be untimed.

A **turn** is as in ``engine.turns``: one player's moves until the other
player is to move (an extra turn, K9, keeps the same clock running, and the
increment is added once, when the clock passes to the other player). The
running clocks themselves live in ``tutor.clock`` (they need the time of day).

>>> time_control("3+2")
TimeControl(base_ms=180000, increment_ms=2000)
>>> time_control("custom", minutes=0.5, increment_s=1).name
'0.5+1'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .position import NORTH, SOUTH, Position, Side, other
from .results import EndReason, Outcome

NO_CLOCK = "none"
CUSTOM = "custom"
PRESETS: dict[str, tuple[float, int]] = {"3+2": (3, 2), "5+5": (5, 5)}
"""The two time controls of K19: ``name -> (minutes each, seconds added per turn)``."""
CLOCK_CHOICES: tuple[str, ...] = (NO_CLOCK, *PRESETS, CUSTOM)
"""What a player can choose, in order: no clock (the default), the presets, a custom control."""
CUSTOM_MINUTES: tuple[float, float] = (0.1, 60.0)
"""The smallest and largest custom time for each player, in minutes."""
CUSTOM_INCREMENT_S: tuple[int, int] = (0, 60)
"""The smallest and largest custom increment, in whole seconds."""
CLOCK_SIDES: tuple[str, ...] = ("both", SOUTH, NORTH)
"""Who plays on a clock: both players, only South, or only North (K19: the computer may be untimed)."""


@dataclass(frozen=True)
class TimeControl:
    """A time control: ``base_ms`` for each player at the start, ``increment_ms`` added after each turn."""

    base_ms: int
    increment_ms: int

    @property
    def name(self) -> str:
        """``"3+2"``: minutes (without a needless ``.0``) plus seconds."""
        minutes = self.base_ms / 60_000
        shown = f"{minutes:g}" if minutes != int(minutes) else str(int(minutes))
        return f"{shown}+{self.increment_ms // 1000}"


def time_control(choice: str, minutes: object = None, increment_s: object = None) -> TimeControl | None:
    """The time control for a choice of :data:`CLOCK_CHOICES` (``None`` for ``"none"``).

    ``minutes`` (a number in :data:`CUSTOM_MINUTES`) and ``increment_s`` (a
    whole number in :data:`CUSTOM_INCREMENT_S`) are read only for ``"custom"``.
    Raises ``ValueError`` for an unknown choice or a custom value out of range
    (NaN, infinities, text and booleans included).
    """
    if choice == NO_CLOCK:
        return None
    if choice in PRESETS:
        base, plus = PRESETS[choice]
        return TimeControl(int(base * 60_000), plus * 1000)
    if choice != CUSTOM:
        raise ValueError(f"unknown time control {choice!r}")
    lo, hi = CUSTOM_MINUTES
    mins = _number(minutes)
    if mins is None or not lo <= mins <= hi:
        raise ValueError(f"minutes must be from {lo:g} to {hi:g}")
    ilo, ihi = CUSTOM_INCREMENT_S
    secs = _number(increment_s)
    if secs is None or secs != int(secs) or not ilo <= secs <= ihi:
        raise ValueError(f"the increment must be a whole number of seconds from {ilo} to {ihi}")
    return TimeControl(round(mins * 60_000), int(secs) * 1000)


def _number(value: object) -> float | None:
    """``value`` as a finite float, or ``None`` (text, booleans, NaN and infinities)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:  # a whole number too big for a float
        return None
    return number if math.isfinite(number) else None


def timed_sides(who: str) -> tuple[Side, ...]:
    """The sides on a clock for a choice of :data:`CLOCK_SIDES` (``"both"`` for anything else)."""
    if who == SOUTH:
        return (SOUTH,)
    if who == NORTH:
        return (NORTH,)
    return (SOUTH, NORTH)


def time_outcome(position: Position, loser: Side) -> Outcome:
    """The end of a game lost on time by ``loser`` (K19): the other player wins, and the
    score is ``(south, north)`` as the stores hold it at that moment (no sweep)."""
    return Outcome(other(loser), (position.south_store, position.north_store), EndReason.TIME)


__all__ = ["CLOCK_CHOICES", "CLOCK_SIDES", "CUSTOM", "CUSTOM_INCREMENT_S", "CUSTOM_MINUTES", "NO_CLOCK", "PRESETS",
           "TimeControl", "time_control", "time_outcome", "timed_sides"]
