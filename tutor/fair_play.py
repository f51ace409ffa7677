"""Fair play in the sandbox: the engine's values of a game wait for its end while the game counts.

A game against the computer, or on a clock, is *guarded* from its first position to its end: Move
outcomes and the game story would hand the learner the best move (docs/architecture.md). A game
that had the computer as a player stays guarded until it ends, whatever the learner does on the way:
switching to two players, going back a move (which switches), or setting the same board again in
the editor or from a share link in a new game (:meth:`FairPlay.guard_from`). A new game of another
position between two players, with no clock, is a study tool: analysed at any time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

from engine import Position


class Replaced(Protocol):
    """A game another one replaces: this module's own, or a kept one (``tutor.kept_record.GameState``)."""

    @property
    def position(self) -> Position: ...

    def guarded_under_way(self) -> bool: ...


class FairPlay:
    """What a sandbox game adds for fair play (``tutor.sandbox.SandboxActivity``): the ``guarded`` flag."""

    guarded: bool = False
    if TYPE_CHECKING:  # what the sandbox game has (tutor.sandbox, tutor.timed)
        from .clock import GameClock

        mode: str
        clock: GameClock | None

        @property
        def position(self) -> Position: ...

        def over(self) -> object: ...

    def waits_for(self) -> Literal["computer", "clock"] | None:
        """Why the engine's values wait (``"computer"``: a game that had the computer as a player;
        ``"clock"``: a timed one), or ``None`` when they may be shown: the game is over, or it is
        two players' on one device with no clock."""
        if self.over():
            return None
        return self.waits_under_way()

    def waits_under_way(self) -> Literal["computer", "clock"] | None:
        """Why the values wait while the game is not over (:meth:`waits_for` before its end): what a panel
        that follows the board shows for the moves before a game's last (``ui.story``)."""
        if getattr(self, "guarded", False) or self.mode == "computer":
            return "computer"
        return "clock" if self.clock is not None else None

    def analysis_allowed(self) -> bool:
        """Whether Move outcomes and the game story may show this game's values (:meth:`waits_for`)."""
        return self.waits_for() is None

    def guarded_under_way(self) -> bool:
        """A game the computer played in, not over yet: what replaces it on the same position stays guarded."""
        return self.waits_for() == "computer"

    def guard_from(self, older: Replaced | None) -> None:
        """This game replaces ``older`` (a game opened from a share link): it stays guarded when
        ``older`` was a guarded game under way on the very same position (a one-press way round)."""
        if older is not None and older.guarded_under_way() and older.position == self.position:
            self.guarded = True


__all__ = ["FairPlay"]
