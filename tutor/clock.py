"""The two clocks of a timed game (K19), kept by the server.

A :class:`GameClock` holds each timed side's time left and the moment the
running clock started, read on an injectable monotonic clock (``now``, in
seconds), so its rules are tested without a browser or real time:

- the clocks start with the first move (that move costs nothing);
- only the side to move has a running clock; an extra turn (K9) keeps it
  running, and the increment is added once the turn passes to the other
  player (``engine.clock``);
- the time a board spends animating a move is not charged: the next clock
  starts ``grace_ms`` later;
- a side whose clock reaches zero loses (K19) when anybody asks
  (:meth:`GameClock.flag`): a press, a rerun, or the board saying its
  displayed clock reached zero;
- pause stops both clocks (a teacher explaining); a game's end stops both.

A side that is not timed (K19: games against the computer may be untimed)
has no clock: its time is ``None`` and never runs out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine import NORTH, SOUTH, Side, TimeControl

LOW_TIME_MS = 10_000
"""Under this much time left a clock shows tenths of a second and its low-time colour."""
SAFETY_MS = 1_000
"""The computer keeps this much of its time when it can: it never loses on time with more left."""


@dataclass(frozen=True)
class ClockView:
    """The clocks as the board draws them at one moment (:meth:`GameClock.view`).

    Attributes:
        south_ms, north_ms: each side's time left in milliseconds, ``None`` for an untimed side.
        running: the side whose clock runs, or ``None`` (before the first move, paused, or over).
        starts_in_ms: milliseconds until the running clock starts counting (the board's animation), 0 when it counts.
        paused: a teacher has stopped both clocks.
        waiting: the running clock waits for the board to say it has shown the sowing (at most ``starts_in_ms``).
        flagged: the side that ran out of time (K19), or ``None``.
        low_ms: :data:`LOW_TIME_MS`, under which a clock shows tenths and its low-time colour.
    """

    south_ms: float | None
    north_ms: float | None
    running: Side | None
    starts_in_ms: float
    paused: bool
    waiting: bool
    flagged: Side | None
    low_ms: int = LOW_TIME_MS


class GameClock:
    """Both players' clocks under one ``control``; ``timed`` lists the sides that play on a clock.

    Times are in milliseconds; ``now()`` returns seconds (``time.monotonic`` by default).

    Attributes:
        control: the ``engine.TimeControl``.
        left_ms: each timed side's time left when its clock last stopped.
        running: the side whose clock runs, or ``None`` (before the first move, paused, or over).
        since: the ``now()`` at which the running clock started (later than now during a grace).
        paused: both clocks are stopped by :meth:`pause`.
        flagged: the side that ran out of time, or ``None``.
        marks: after each move, ``(south_ms, north_ms)`` left (``None`` for an untimed side).
    """

    def __init__(self, control: TimeControl, timed: Iterable[Side] = (SOUTH, NORTH),
                 now: Callable[[], float] = time.monotonic) -> None:
        self.control = control
        self.now = now
        self.left_ms: dict[Side, float] = {side: float(control.base_ms) for side in (SOUTH, NORTH) if side in tuple(timed)}
        self.running: Side | None = None
        self.since = 0.0
        self.paused = False
        self.started = False
        self.over = False
        self.flagged: Side | None = None
        self.marks: list[tuple[float | None, float | None]] = []
        self._to_move: Side | None = None
        self._grace_ms = 0.0
        self._drawn = True
        self.waiting = False

    # -- reading ---------------------------------------------------------------

    def timed(self, side: Side) -> bool:
        """True when ``side`` plays on a clock."""
        return side in self.left_ms

    def _used(self) -> float:
        """Milliseconds the running clock has used since it started (0 during a grace)."""
        return max(0.0, round((self.now() - self.since) * 1000, 3))

    def left(self, side: Side) -> float | None:
        """``side``'s time left now in milliseconds (never below 0), ``None`` when untimed."""
        if side not in self.left_ms:
            return None
        ms = self.left_ms[side]
        if side == self.running:
            ms -= self._used()
        return max(0.0, ms)

    def snapshot(self) -> tuple[float | None, float | None]:
        """``(south_ms, north_ms)`` left now (``None`` for an untimed side)."""
        return self.left(SOUTH), self.left(NORTH)

    def starts_in_ms(self) -> float:
        """How long until the running clock starts counting (the board's animation), 0 when it runs."""
        if self.running is None:
            return 0.0
        return max(0.0, round((self.since - self.now()) * 1000, 3))

    # -- kept by the store (tutor.kept_record) ----------------------------------

    def export(self) -> dict[str, object]:
        """Everything the clocks hold, the running clock's start as ``since_ms`` (ms from now)."""
        return {"left_ms": dict(self.left_ms), "running": self.running,
                "since_ms": round((self.since - self.now()) * 1000, 3), "paused": self.paused,
                "started": self.started, "over": self.over, "flagged": self.flagged, "marks": list(self.marks),
                "to_move": self._to_move, "grace_ms": self._grace_ms, "drawn": self._drawn, "waiting": self.waiting}

    @classmethod
    def restored(cls, control: TimeControl, kept: Mapping[str, Any], now: Callable[[], float],
                 away_s: float = 0.0) -> GameClock:
        """The clocks :meth:`export` gave, ``away_s`` seconds later (charged to the running clock)."""
        left: dict[Side, float] = dict(kept["left_ms"])
        clock = cls(control, tuple(left), now=now)
        clock.left_ms = left
        clock.since = now() + float(kept["since_ms"]) / 1000 - max(0.0, away_s)
        clock.running, clock.paused, clock.started = kept["running"], kept["paused"], kept["started"]
        clock.over, clock.flagged, clock.marks = kept["over"], kept["flagged"], [tuple(m) for m in kept["marks"]]
        clock._to_move, clock._grace_ms = kept["to_move"], float(kept["grace_ms"])
        clock._drawn, clock.waiting = kept["drawn"], kept["waiting"]
        return clock

    # -- what happens in a game -----------------------------------------------

    def moved(self, mover: Side, to_move: Side, grace_ms: float = 0, game_over: bool = False,
              until_shown: bool = False) -> None:
        """``mover`` made a move and ``to_move`` plays next (``mover`` again after an extra turn).

        The mover's clock is charged (not for the first move of the game) and
        gets the increment when the turn passes to the other player; then
        ``to_move``'s clock starts ``grace_ms`` from now, or (``until_shown``)
        when the board says it has shown the sowing (:meth:`shown`), at the
        latest ``grace_ms`` from now. A move that ends the game stops both clocks.
        """
        if self.over:
            return
        now = self.now()
        if self.started and mover in self.left_ms and self.running == mover:
            self.left_ms[mover] = max(0.0, self.left_ms[mover] - self._used())
        if to_move != mover and mover in self.left_ms and not game_over:
            self.left_ms[mover] += self.control.increment_ms
        self.started = True
        self._to_move = to_move
        if game_over:
            self.running = None
            self.over = True
        elif not self.paused:
            self.running = to_move
            self.since = now + max(0.0, grace_ms) / 1000
            self._grace_ms = max(0.0, grace_ms)
            self._drawn = False
            self.waiting = until_shown and grace_ms > 0
        self.marks.append(self.snapshot())

    def shown(self) -> None:
        """The board has shown the last sowing: the clock waiting for it starts now."""
        if self.waiting and self.running is not None:
            self.since = min(self.since, self.now())
        self.waiting = False

    def restart(self, side: Side) -> None:
        """``side`` starts thinking now: the time before (the server's own work) is not charged."""
        if self.running == side and not self.waiting:
            self.since = max(self.since, self.now())

    def flag(self) -> Side | None:
        """Check the running clock: if it has reached zero, that side loses on time (K19) and
        both clocks stop. Returns the side that ran out (now or before), else ``None``."""
        if self.flagged is not None or self.running is None:
            return self.flagged
        side = self.running
        if side in self.left_ms and self.left_ms[side] - self._used() <= 0:
            self.left_ms[side] = 0.0
            self.flagged = side
            self.running = None
            self.over = True
        return self.flagged

    def pause(self) -> None:
        """Stop both clocks (the running one keeps what it had left)."""
        if self.paused or self.over:
            return
        if self.running is not None:
            if self.running in self.left_ms:
                self.left_ms[self.running] = max(0.0, self.left_ms[self.running] - self._used())
            self._to_move = self.running
        self.running = None
        self.paused = True

    def resume(self) -> None:
        """Start again the clock that was running before :meth:`pause`."""
        if not self.paused:
            return
        self.paused = False
        if self.started and not self.over and self._to_move is not None:
            self.running = self._to_move
            self.since = self.now()

    def stop(self) -> None:
        """The game ended another way: both clocks stop where they are."""
        if self.running is not None and self.running in self.left_ms:
            self.left_ms[self.running] = max(0.0, self.left_ms[self.running] - self._used())
        self.running = None
        self.over = True

    def think_budget_ms(self, side: Side, cap_ms: int) -> int:
        """What the computer playing ``side`` may spend on a whole turn: at most ``cap_ms``, a
        share of its time left plus most of the increment, and never so much that it would
        keep less than :data:`SAFETY_MS` (when it has more). At least 10 ms."""
        left = self.left(side)
        if left is None:
            return cap_ms
        share = left / 20 + self.control.increment_ms * 0.8
        if left > SAFETY_MS:
            share = min(share, (left - SAFETY_MS) / 2)
        else:
            share = left / 4
        return int(max(10, min(cap_ms, share)))

    def view(self) -> ClockView:
        """What the board draws now (:class:`ClockView`): each side's ms left, the running side,
        how long until it starts counting, ``paused``, ``waiting`` and ``flagged``.

        The first view after a move starts the grace again from now: the time the server
        spent between the move and drawing the board is not charged either.
        """
        if not self._drawn and self.running is not None:
            self._drawn = True
            self.since = max(self.since, self.now() + self._grace_ms / 1000)
        return ClockView(self.left(SOUTH), self.left(NORTH), self.running, self.starts_in_ms(), self.paused,
                         self.waiting, self.flagged)


def clock_text(ms: float | None) -> str:
    """A clock as shown: ``"2:58"``; under :data:`LOW_TIME_MS` ``"9.4"`` (seconds and tenths);
    ``"–"`` for an untimed side. Rounds down, as a clock does."""
    if ms is None:
        return "–"
    if ms < LOW_TIME_MS:
        tenths = int(max(0.0, ms) // 100)
        return f"{tenths // 10}.{tenths % 10}"
    seconds = int(ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


__all__ = ["ClockView", "GameClock", "LOW_TIME_MS", "SAFETY_MS", "clock_text"]
