"""A sandbox game as the store keeps it: a small JSON record any server process reads back.

:func:`record_of` writes what makes a :class:`GameState` (its rules and start as a share link's
query, the pits played and those taken back, the players, fair play, the time control and the
clocks) and :func:`restore` gives it back, playing the pits again with the engine (so a record never
holds a position the rules refuse). What belongs to one view of the
game is not kept: the sowing the board animates, the notice, the board's speed (docs/architecture.md,
"Games kept by the store").

Clocks (K19) run on each process's monotonic clock, which means nothing to another process: a
record keeps the running clock's start relative to the moment it was written (``since_ms``) and
that moment on the wall clock (``saved_at``, seconds since the epoch, from an injectable ``wall``),
so the time a game spent between two servers is charged as it would be on one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qsl

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine import (
    LEVELS,
    NORTH,
    SOUTH,
    Game,
    IllegalMoveError,
    Outcome,
    Position,
    Side,
    TimeControl,
    other,
    time_outcome,
)

from .clock import GameClock
from .links import link_query, read_link

Wall = Callable[[], float]
"""The wall clock in seconds since the epoch (``time.time``; tests give a fake one)."""
SideName = Literal["S", "N"]
RECORD_MAX = 64_000
"""The longest record read back, in characters (a game of a few hundred moves is a few KB)."""


class ClockRecord(BaseModel):
    """The clocks of a timed game (``tutor.clock.GameClock``), times in milliseconds."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    left_ms: dict[SideName, float]
    running: SideName | None = None
    since_ms: float = 0.0
    """When the running clock started, relative to ``saved_at`` (negative: it has been running)."""
    paused: bool = False
    started: bool = False
    over: bool = False
    flagged: SideName | None = None
    marks: list[tuple[float | None, float | None]] = Field(default_factory=list)
    to_move: SideName | None = None
    grace_ms: float = 0.0
    drawn: bool = True
    waiting: bool = False


class GameRecordModel(BaseModel):
    """One learner's sandbox game. ``link``: the rules and start (``tutor.links.link_query``);
    ``moves``: every pit played from the start, then the ones taken back in the order they were
    played (the last ``undone`` of ``moves``: the first of them is the next Redo); the rest as ``SandboxActivity`` names them."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    link: str = Field(max_length=2_000)
    moves: list[int] = Field(default_factory=list, max_length=5_000)
    undone: int = Field(0, ge=0)
    mode: Literal["two", "computer"] = "two"
    computer_side: SideName = "N"
    level: str = "easy"
    guarded: bool = False
    recorded: bool = False
    control: tuple[int, int] | None = None
    clock_sides: list[SideName] = Field(default_factory=lambda: [SOUTH, NORTH])
    clock: ClockRecord | None = None
    lost_on_time: SideName | None = None
    saved_at: float = 0.0
    serial: str = Field("", max_length=32, pattern=r"^[0-9a-f]*$")
    """Which game this is (``GameState.serial``): ``""`` in a record kept before games had one."""


@dataclass
class GameState:
    """What a kept game is, apart from any view of it: the ``engine.Game`` and the players, fair
    play and clocks as ``tutor.sandbox.SandboxActivity`` names them (it gives and takes one:
    ``tutor.kept_play``). ``control``: the time control of this and the next games; ``serial``: which game
    this is (a new one for each game started: two games of the same moves are two games, one game in two
    tabs is one; ``tutor.cards.game_id``)."""

    game: Game
    mode: Literal["two", "computer"]
    computer_side: Side
    level: str
    guarded: bool
    recorded: bool
    control: TimeControl | None
    clock_sides: tuple[Side, ...]
    clock: GameClock | None
    timeout: Outcome | None
    serial: str = ""

    @property
    def position(self) -> Position:
        """The game's position now."""
        return self.game.position

    def guarded_under_way(self) -> bool:
        """A game the computer played in, not over yet (``tutor.fair_play.FairPlay.guard_from``)."""
        return (self.guarded or self.mode == "computer") and self.timeout is None and not self.game.is_over


def record_of(state: GameState, wall: Wall = time.time) -> str:
    """``state`` as a JSON record (a few hundred characters for a short game)."""
    return record_model(state, wall).model_dump_json()


def signature(state: GameState) -> GameRecordModel:
    """What :func:`record_of` would keep of ``state`` with time left out (no ``saved_at``; a running
    clock's start as this process's clock reads it): two signatures differ only when the game did."""
    model = record_model(state, lambda: 0.0)
    if model.clock is None or state.clock is None:
        return model
    since = round(state.clock.since * 1000, 3)
    return model.model_copy(update={"clock": model.clock.model_copy(update={"since_ms": since})})


def record_model(state: GameState, wall: Wall = time.time) -> GameRecordModel:
    """``state`` as a record (:class:`GameRecordModel`), written now on ``wall``."""
    game = state.game
    control = None if state.control is None else (state.control.base_ms, state.control.increment_ms)
    return GameRecordModel(
        link=link_query(game.rules, game.start),
        moves=[r.pit for r in (*game.results, *game.taken_back)],
        undone=len(game.taken_back),
        mode=state.mode,
        computer_side=state.computer_side,
        level=state.level,
        guarded=state.guarded,
        recorded=state.recorded,
        control=control,
        clock_sides=list(state.clock_sides),
        clock=None if state.clock is None else ClockRecord.model_validate(state.clock.export()),
        lost_on_time=None if state.timeout is None else other(state.timeout.winner or SOUTH),
        saved_at=wall(),
        serial=state.serial,
    )


def read_record(text: str) -> GameRecordModel | None:
    """The record in ``text``, or ``None`` when it is not one (too long, not JSON, a field out of range)."""
    if len(text) > RECORD_MAX:
        return None
    try:
        return GameRecordModel.model_validate_json(text)
    except ValidationError:
        return None


def restore(record: GameRecordModel, now: Callable[[], float] = time.monotonic,
            wall: Wall = time.time) -> GameState | None:
    """The game ``record`` keeps, its clocks read on ``now`` (this process's monotonic clock), or
    ``None`` when the record does not make a game under the engine's rules."""
    rules, start, error, _ = read_link(dict(parse_qsl(record.link)))
    if error is not None or record.undone > len(record.moves) or record.level not in LEVELS:
        return None
    game = Game(rules, start)
    try:
        for pit in record.moves:
            game.play(pit)
    except IllegalMoveError:
        return None
    for _ in range(record.undone):
        game.undo()
    control = None if record.control is None else TimeControl(*record.control)
    clock = None
    if record.clock is not None and control is not None:
        away = wall() - record.saved_at  # seconds since it was written, on the wall clock
        clock = GameClock.restored(control, record.clock.model_dump(), now, away)
    return GameState(game, record.mode, record.computer_side, record.level, record.guarded, record.recorded,
                     control, tuple(side for side in (SOUTH, NORTH) if side in record.clock_sides), clock,
                     None if record.lost_on_time is None else time_outcome(game.position, record.lost_on_time),
                     record.serial)


__all__ = ["RECORD_MAX", "ClockRecord", "GameRecordModel", "GameState", "Wall", "read_record", "record_model", "record_of", "restore", "signature"]
