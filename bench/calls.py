"""Counting the engine calls a piece of work makes: ``engine.play``, ``outcome``, ``legal_moves`` and
``Position.to_notation``, however each was imported (a profile hook matches the functions' code).

    with counting() as calls:
        activity.press(3)
    calls["play"]            # 1

Used by ``bench.press_calls`` (which also hooks AppTest's script thread) and the tests of what a
press costs (``tests/test_board_view.py``). Counts, never times.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import Any

from engine import Position, legal_moves, outcome, play

COUNTED: dict[CodeType, str] = {
    play.__code__: "play",
    outcome.__code__: "outcome",
    legal_moves.__code__: "legal_moves",
    Position.to_notation.__code__: "to_notation",
}
"""The engine functions counted, by their code (a call is counted whatever name it was imported as)."""

_COUNTS: list[Counter[str]] = []
"""Where the calls are counted now: empty while nothing is counted."""


def hook(frame: FrameType, event: str, arg: Any) -> None:
    """The profile hook (``sys.setprofile``) that counts the calls of :data:`COUNTED` into :func:`counting`'s Counter."""
    if event == "call" and _COUNTS:
        name = COUNTED.get(frame.f_code)
        if name is not None:
            _COUNTS[-1][name] += 1


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """Count the calls of :data:`COUNTED` made on this thread meanwhile, and on any other thread that
    runs :func:`hook` (``bench.press_calls`` sets it on AppTest's script thread), by name:
    ``Counter({"play": 6, "outcome": 7, ...})``."""
    counts: Counter[str] = Counter()
    _COUNTS.append(counts)
    before = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield counts
    finally:
        sys.setprofile(before)
        _COUNTS.pop()


__all__ = ["COUNTED", "counting", "hook"]
