"""Undo, Redo and going back to before a move in a sandbox game (``tutor.sandbox.SandboxActivity``).

Against the computer, one Undo takes back to the learner's last turn and one Redo plays again up to
it; a timed game (K19) never goes back. Each is one change of the game (``tutor.activity.writes``):
refused on a view another tab has overtaken (``tutor.kept_play``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import words
from .activity import Notice, writes

if TYPE_CHECKING:
    from engine import Game, MoveResult, Position, Side

    from .sowing import Sowing
    from .clock import GameClock


class TakeBack:
    """The take-back half of the sandbox game (mixed into ``tutor.sandbox.SandboxActivity``)."""

    if TYPE_CHECKING:  # what the sandbox game has (tutor.sandbox, tutor.activity, tutor.timed)
        game: Game
        mode: str
        computer_side: Side
        clock: GameClock | None
        notice: Notice | None

        @property
        def position(self) -> Position: ...

        def still(self) -> None: ...

        def waits_under_way(self) -> str | None: ...

        def show(self, start: Position, results: list[MoveResult], extends: Sowing | None = None) -> None: ...

    def undo_steps(self) -> int:
        """How many moves one Undo takes back: one with two players; against the computer,
        back to the last position where the human is to move (0 = none; always 0 on a clock)."""
        n = len(self.game.results)
        if n == 0 or self.clock is not None:
            return 0
        if self.mode != "computer":
            return 1
        positions = self.game.positions()
        for k in range(1, n + 1):
            if positions[n - k].to_move != self.computer_side:
                return k
        return 0

    @writes(False)
    def undo(self) -> bool:
        """Take back the last move (against the computer: back to your turn). False if none."""
        steps = self.undo_steps()
        for _ in range(steps):
            self.game.undo()
        if steps:
            self.notice = None
            self.still()
        return steps > 0

    @writes(False)
    def redo(self) -> bool:
        """Play again the moves taken back (against the computer: up to your turn). False if none."""
        if not self.game.can_redo or self.clock is not None:
            return False
        before = self.position
        self.game.redo()
        done = [self.game.results[-1]]
        while self.mode == "computer" and self.game.can_redo and self.position.to_move == self.computer_side:
            self.game.redo()
            done.append(self.game.results[-1])
        self.notice = None
        self.show(before, done)
        return True

    @writes(0)
    def jump_to_before(self, move: int) -> int:
        """Undo back to the position before ``move`` (1-based); returns the moves taken back.

        Against the computer, if that position is the computer's turn, the
        game switches to two players so the learner can try another move there; the notice says the
        review waits for the game's end (fair play, ``tutor.fair_play``).
        A timed game never goes back (0, and the notice says why).
        """
        if self.clock is not None:
            self.notice = Notice("info", words.no_undo_on_clock())
            return 0
        taken = 0
        while len(self.game.results) >= move and self.game.undo():
            taken += 1
        switched = self.mode == "computer" and self.position.to_move == self.computer_side
        if switched:
            self.mode = "two"
        self.still()
        self.notice = Notice("info", words.jumped_back(move, switched, self.waits_under_way() == "computer"))
        return taken


__all__ = ["TakeBack"]
