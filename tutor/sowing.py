"""What the board animates after an action: a :class:`Sowing`, and how many frames it takes.

The frames themselves (what ``board.js`` is sent) are the screen's business (``ui/board_data.py``);
the tutor needs only their number: a timed game gives the player the time the board spends
showing a move (``tutor.timed``), and a sowing that continues another one says how many frames
of it the board has shown already (``Sowing.skip``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine import SIDES, STORE, MoveResult, Place, Position


@dataclass(frozen=True)
class Sowing:
    """Moves to animate: ``start`` is the position before ``results[0]``; ``results`` are
    consecutive moves (a move, its extra turns, a computer reply...). ``id`` grows with
    every action, so the board animates each action once."""

    start: Position
    results: tuple[MoveResult, ...]
    id: int
    extends: int | None = None
    """The id of an earlier sowing this one continues (the same moves and more), else ``None``."""
    skip: int = 0
    """How many frames of this sowing that earlier one had: a board that showed it goes on from there."""

    @property
    def end(self) -> Position:
        """The position the animation ends on."""
        return self.results[-1].position


def frame_count(sowing: Sowing) -> tuple[int, int]:
    """``(frames, held)``: how many frames the board shows ``sowing`` in, and how many of them it
    holds twice as long. Each move has a frame for its lift and one per sown seed (``result.path``;
    the last seed is held), then a held frame for what follows the sowing when it changes the board
    (a capture, K10/K11 and A3, or a final sweep, K15 and A6). The same number as the frames
    ``ui.board_data.sowing_steps`` makes (``tests/test_board_words.py`` compares them)."""
    frames = held = 0
    before = sowing.start
    for result in sowing.results:
        frames += 1 + len(result.path)
        held += 1 if result.path else 0
        if _changed_after_sowing(before, result):
            frames += 1
            held += 1
        before = result.position
    return frames, held


def _changed_after_sowing(before: Position, result: MoveResult) -> bool:
    """True when ``result.position`` is not ``before`` with the lifted seeds sown along
    ``result.path``: something followed the sowing (a capture, a final sweep)."""
    origin = Place(result.mover, result.pit)
    sown = Counter(result.path)
    lifted = len(result.path)
    for side in SIDES:
        for pit in (*range(1, before.pits_per_side + 1), STORE):
            place = Place(side, pit)
            seeds = before.seeds_at(place)
            if place == origin:
                seeds = max(0, seeds - lifted)
            if seeds + sown[place] != result.position.seeds_at(place):
                return True
    return False


__all__ = ["Sowing", "frame_count"]
