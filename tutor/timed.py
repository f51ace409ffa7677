"""The sandbox's timed games (K19): the time control chosen, the clocks, a loss on time.

:class:`TimedPlay` is mixed into ``tutor.sandbox.SandboxActivity``. It keeps
the time control of the next games (``control``, ``clock_sides``), the
running :class:`tutor.clock.GameClock` of this game (``None`` when untimed)
and ``timeout``, the ``engine.Outcome`` of a game lost on time. The page
sets ``frame_ms`` (the board's milliseconds per animation frame) so the time
a board spends animating a move is never charged to the player who watches it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from engine import (
    CLOCK_CHOICES,
    CLOCK_SIDES,
    CUSTOM,
    Game,
    Outcome,
    Position,
    Rules,
    Side,
    TimeControl,
    time_control,
    time_outcome,
    timed_sides,
)

from . import words
from .activity import Notice, Sowing, writes
from .clock import ClockView, GameClock
from .sowing import frame_count


STEP_GRACE_MS = 600_000
"""In step mode a clock waits for the board's report that the sowing was clicked through, at most this long."""


class TimedPlay:
    """The clock half of the sandbox.

    Attributes:
        control: the time control of this and the next games (``None``: no clock, the default).
        clock_sides: the sides that play on a clock (K19: the computer may be untimed).
        clock: this game's clocks, ``None`` when untimed.
        timeout: the outcome of a game lost on time, else ``None``.
        frame_ms: milliseconds the board shows each frame of a sowing (0: no animation).
        step_mode: the board's sowings are clicked through seed by seed (no time limit on the showing).
        now: the monotonic time in seconds (``time.monotonic``; tests give a fake one).
    """

    game: Game
    notice: Notice | None
    sowing: Sowing | None

    def init_clock(self) -> None:
        """No clock (the default): called once by the sandbox's ``__init__``."""
        self.control: TimeControl | None = None
        self.clock_sides: tuple[Side, ...] = timed_sides("both")
        self.clock: GameClock | None = None
        self.timeout: Outcome | None = None
        self.frame_ms = 0
        self.step_mode = False
        self.now: Callable[[], float] = time.monotonic

    # given by the sandbox
    @property
    def rules(self) -> Rules:
        raise NotImplementedError

    @property
    def position(self) -> Position:
        raise NotImplementedError

    def computer_to_move(self) -> bool:
        raise NotImplementedError

    def _record_end(self) -> None:
        raise NotImplementedError

    if TYPE_CHECKING:  # given by tutor.activity.Activity (a definition here would come first in the sandbox's MRO)
        def changed(self) -> None: ...

    # -- choosing ---------------------------------------------------------------

    def set_time_control(self, settings: Mapping[str, object]) -> bool:
        """Read ``clock`` (one of ``engine.CLOCK_CHOICES``), ``clock_minutes``,
        ``clock_increment`` and ``clock_sides`` (one of ``engine.CLOCK_SIDES``) from a form.

        The control is used from the next new game. A bad custom control
        changes nothing; the notice says why and False is returned.
        """
        choice = settings.get("clock", "none")
        minutes, increment = settings.get("clock_minutes"), settings.get("clock_increment")
        if choice not in CLOCK_CHOICES:
            self.notice = Notice("error", words.clock_refused("choice"))
            return False
        try:
            control = time_control(str(choice), minutes, increment)
        except ValueError:
            try:
                time_control(CUSTOM, minutes, 0)
            except ValueError:
                self.notice = Notice("error", words.clock_refused("minutes"))
                return False
            self.notice = Notice("error", words.clock_refused("increment"))
            return False
        who = settings.get("clock_sides", "both")
        self.control = control
        self.clock_sides = timed_sides(str(who) if who in CLOCK_SIDES else "both")
        return True

    def restart_clock(self) -> None:
        """New clocks for a new game (none when untimed); no loss on time."""
        self.timeout = None
        self.clock = GameClock(self.control, self.clock_sides, now=self.now) if self.control is not None else None

    # -- during the game ----------------------------------------------------------

    def timed_game_running(self) -> bool:
        """True from the first move of a timed game to its end (the board editor is off meanwhile:
        setting a position would hand out fresh clocks)."""
        return self.clock is not None and self.clock.started and self.timeout is None and not self.game.is_over

    def paused(self) -> bool:
        """True while a teacher has paused both clocks."""
        return self.clock is not None and self.clock.paused

    @writes()
    def pause_clocks(self) -> None:
        """Stop both clocks (nothing can be played until :meth:`resume_clocks`)."""
        if self.clock is not None and self.timeout is None and not self.game.is_over:
            self.check_time()
            if self.timeout is None:
                self.clock.pause()
                self.notice = Notice("info", words.clocks_paused_note())
                self.changed()

    @writes()
    def resume_clocks(self) -> None:
        """Start again the clock of the side to move."""
        if self.clock is not None and self.clock.paused:
            self.clock.resume()
            self.notice = None
            self.changed()

    @writes(False, wait=True)
    def check_time(self) -> bool:
        """End the game if the running clock has reached zero (K19); True when it is lost on time."""
        if self.timeout is not None:
            return True
        if self.clock is None:
            return False
        loser = self.clock.flag()
        if loser is None:
            return False
        self.timeout = time_outcome(self.position, loser)
        self.notice = None
        self.changed()
        self._record_end()
        return True

    def clock_moved(self, mover: Side, sowing: Sowing | None) -> None:
        """Tell the clocks that ``mover`` made a move. The next clock starts once ``sowing`` has
        been shown (its animation time; none when the computer plays next or ``sowing`` is None)."""
        if self.clock is None:
            return
        grace = 0 if sowing is None or self.computer_to_move() else self.sowing_ms(sowing)
        if grace:  # the board reports the end of the showing (a skip ends it early); this is the latest
            grace = STEP_GRACE_MS if self.step_mode else grace * 3 + 2000
        self.clock.moved(mover, self.position.to_move, grace, game_over=self.game.is_over, until_shown=True)

    @writes(wait=True)
    def clock_shown(self) -> None:
        """The board has shown the last sowing (to its end, or skipped): the waiting clock starts."""
        if self.clock is not None:
            self.clock.shown()
            self.changed()

    def clock_thinking(self, side: Side) -> None:
        """The computer starts thinking: its clock counts from now (the server's work before is free)."""
        if self.clock is not None:
            self.clock.restart(side)

    def sowing_ms(self, sowing: Sowing) -> int:
        """How long the board takes to show ``sowing`` at ``frame_ms``, in ms (a held frame counts
        twice: ``tutor.sowing.frame_count``)."""
        if self.frame_ms <= 0:
            return 0
        frames, held = frame_count(sowing)
        return self.frame_ms * (frames + held)

    def think_budget(self, side: Side, cap_ms: int) -> int:
        """The computer's thinking time for a whole turn: ``cap_ms``, or less on a clock."""
        if self.clock is None or not self.clock.timed(side):
            return cap_ms
        return self.clock.think_budget_ms(side, cap_ms)

    def clock_view(self) -> ClockView | None:
        """What the board draws of the clocks (``GameClock.view``), ``None`` when untimed."""
        if self.clock is None:
            return None
        return self.clock.view()

    def clock_marks(self) -> list[tuple[float | None, float | None]] | None:
        """``(south_ms, north_ms)`` left after each move (the move table), ``None`` when untimed."""
        return None if self.clock is None else list(self.clock.marks)


__all__ = ["TimedPlay"]
