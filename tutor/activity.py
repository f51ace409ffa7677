"""The one Activity: a board a learner presses, in a lesson, a puzzle or the sandbox.

An :class:`Activity` owns a position, the results of the last action, the
sowing the board animates, and the notice said below the board. Its one
:meth:`Activity.press` checks the press, plays the pit with the engine and
hands the result to the activity's own judging (:meth:`Activity.judge`);
lessons, puzzles and the sandbox add only what differs (steps and answers;
hints and judging; a game, players, undo/redo and the computer's turn).
"""

from __future__ import annotations

import functools
import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from engine import IllegalMoveError, MoveResult, Place, Position, Rules, legal_moves

from . import words

NoticeKind = Literal["success", "info", "warning", "error"]


@dataclass(frozen=True)
class Notice:
    """What the page says about the last action: ``kind`` (its colour) and markdown :attr:`text`.

    ``say`` is the text, or a function that makes it: then the words are made each time the
    notice is shown, in the session's language of that moment (a switch of language mid-step
    changes the feedback too).
    """

    kind: NoticeKind
    say: str | Callable[[], str]

    @property
    def text(self) -> str:
        """The notice's words (made now when ``say`` is a function)."""
        return self.say() if callable(self.say) else self.say


@dataclass(frozen=True)
class Feedback(Notice):
    """A lesson's notice: :attr:`text` is one short sentence (markdown), :attr:`details` what
    "Why?" shows ("" for nothing), ``rule_ids`` the ids the details speak of (for badges).
    Like ``say``, ``more`` may be a function, so the words follow the session's language."""

    more: str | Callable[[], str] = ""
    rule_ids: tuple[str, ...] = ()

    @property
    def details(self) -> str:
        """The words under "Why?" (made now when ``more`` is a function)."""
        return self.more() if callable(self.more) else self.more


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


def counts_of(position: Position) -> dict[str, int]:
    """Seeds at every place, keyed ``"S1".."Sn"``, ``"S0"`` (store), ``"N1"..``, ``"N0"``, in that order."""
    return dict(zip(_place_keys(len(position.south)),
                    (*position.south, position.south_store, *position.north, position.north_store)))


@functools.cache
def _place_keys(pits: int) -> tuple[str, ...]:
    """The keys of :func:`counts_of` for ``pits`` pits a side, in its order."""
    return tuple(f"{side}{k}" for side in ("S", "N") for k in (*range(1, pits + 1), 0))


@functools.cache
def place_key(place: Place) -> str:
    """A place's key in :func:`counts_of` (``"S3"``, ``"N0"``)."""
    return f"{place.side}{place.pit}"


def sowing_steps(sowing: Sowing, rules: Rules, base: dict[str, int] | None = None) -> list[dict[str, object]]:
    """The animation of ``sowing`` as the board is sent it, each frame saying only what it changes:
    a frame for each lift, one per sown seed, one for what follows (:func:`sowing_frames` gives
    every frame whole, as ``board.js`` fillFrames makes them).

    ``set`` (every frame) holds the places whose seeds differ from the frame before (the first
    frame's: from ``base``, ``counts_of``-like, or every place without one). A lift's frame is
    ``{"hi": [its pit], "hand": seeds lifted, "note": words, "sow": the seeds' words with "{n}",
    "set": ...}``; a sown seed's is ``{"set": {its place: seeds}}`` alone: it lights that place,
    holds one seed fewer, its words are the lift's ``sow`` with the seed's number, and the last
    seed is held longer. A last frame ``{"hi", "hand": 0, "note", "hold": true, "set"}`` shows
    ``result.position`` when it differs (a capture, a final sweep). The sown seeds follow
    ``result.path`` exactly. Made in one pass: a press sends every pit's foreseen sowing.
    """
    frames: list[dict[str, object]] = []
    before = sowing.start
    for res in sowing.results:
        counts = counts_of(before)
        origin = f"{res.mover}{res.pit}"
        lifted = len(res.path)
        counts[origin] = max(0, counts.get(origin, 0) - lifted)
        if frames:
            changed: dict[str, int] = {origin: counts[origin]}
        elif base is None:
            changed = dict(counts)
        else:
            changed = {place: n for place, n in counts.items() if base.get(place) != n}
        frames.append({"hi": [origin], "hand": lifted, "note": words.lift_note(res), "sow": words.sow_notes(res),
                       "set": changed})
        for place in res.path:
            key = place_key(place)
            counts[key] += 1
            frames.append({"set": {key: counts[key]}})
        after = counts_of(res.position)
        if after != counts:
            changed = {k: n for k, n in after.items() if n != counts.get(k)}
            frames.append({"hi": list(changed), "hand": 0, "note": words.after_note(res, rules), "hold": True,
                           "set": changed})
        before = res.position
    return frames


def sowing_frames(sowing: Sowing, rules: Rules) -> list[dict[str, object]]:
    """Every frame of :func:`sowing_steps` whole, as ``board.js`` fillFrames makes them:
    ``{"hi": [place keys], "hand": seeds still in hand, "note": words, "hold": bool, "counts":
    seeds at every place}`` (``counts_of``-like). The last frame's counts always equal
    ``counts_of(sowing.end)``.
    """
    frames: list[dict[str, object]] = []
    counts: dict[str, int] = {}
    sow, lifted, hand = "", 0, 0
    for step in sowing_steps(sowing, rules):
        changed: dict[str, int] = step["set"]  # type: ignore[assignment]
        counts = {**counts, **changed}
        if "note" in step:  # a lift, or what follows the sowing
            hand = step["hand"]  # type: ignore[assignment]
            if "sow" in step:
                sow, lifted = str(step["sow"]), hand
            frames.append({"hi": step["hi"], "hand": hand, "note": step["note"], "hold": bool(step.get("hold")),
                           "counts": counts})
        else:  # a sown seed
            hand -= 1
            frames.append({"hi": list(changed), "hand": hand, "note": sow.replace("{n}", str(lifted - hand)),
                           "hold": hand == 0, "counts": counts})
    return frames


_FIRST_IDS = itertools.count(int(time.time()) % 1_000_000 * 1_000_000, 1_000_000)
"""Where each new activity's sowing ids start (see ``Activity.first_id``). The first one comes from the
clock, so a server started again does not give a page that stayed open ids it has already shown."""

F = TypeVar("F", bound=Callable[..., Any])


def writes(refused: object = None, *, wait: bool = False) -> Callable[[F], F]:
    """Decorate a method that changes an :class:`Activity`: one writer at a time.

    It runs under the activity's lock (two script runs of one session never
    change a game together). While the computer is thinking in another run
    (:meth:`Activity.busy`), it is refused: it returns ``refused`` and the
    notice says to wait; with ``wait=True`` it waits for the lock instead.
    The outermost change first asks :meth:`Activity.view_current` (``user``: not ``wait``) and is
    refused when the view is out of date; after it, :meth:`Activity.written` (a kept game is written).
    """

    def wrap(method: F) -> F:
        @functools.wraps(method)
        def run(self: Activity, *args: Any, **kwargs: Any) -> Any:
            if not wait and self.busy():
                self.notice = Notice("info", words.busy_refused())
                return refused
            with self.lock:
                outer = self.writing == 0
                if outer and not self.view_current(user=not wait):
                    return refused
                self.writing += 1
                try:
                    return method(self, *args, **kwargs)
                finally:
                    self.writing -= 1
                    if outer:
                        self.written()

        return run  # type: ignore[return-value]

    return wrap


class Activity:
    """A board to press. Subclasses give :attr:`rules`, :attr:`position`, :meth:`accepts_presses`
    and :meth:`judge`, and may change :meth:`play` and :meth:`playable`.

    Attributes:
        sowing: what the board animates now (the last action), or ``None``.
        notice: what the page says below the board, or ``None``.
        action: a count of actions; the next sowing's id is ``first_id + action``.
        first_id: where this activity's sowing ids start. Each activity has its own range, so two
            activities drawn on one board (a lesson's steps and the games in it, one puzzle after
            another) never give two sowings one id: the board keys the verdicts it reveals by it.
    """

    def __init__(self) -> None:
        self.sowing: Sowing | None = None
        self.notice: Notice | None = None
        self.action = 0
        self.first_id = next(_FIRST_IDS)
        self.lock = threading.RLock()
        self.thinker: int | None = None
        self.writing = 0

    def view_current(self, user: bool) -> bool:
        """Whether this view may be changed: False refuses the change (a game that another view
        changed since, ``tutor.kept_play``); ``user``: a person's action, not a clock's. True here."""
        return True

    def written(self) -> None:
        """After a change (``writes``): nothing here; a kept game writes itself (``tutor.kept_play``)."""

    def busy(self) -> bool:
        """True while the computer is thinking in another thread (another script run of the session)."""
        thinker = self.thinker
        return thinker is not None and thinker != threading.get_ident()

    # -- what subclasses give ------------------------------------------------

    @property
    def rules(self) -> Rules:
        raise NotImplementedError

    @property
    def position(self) -> Position:
        raise NotImplementedError

    def accepts_presses(self) -> bool:
        """True while a press means something (False after a step or puzzle is done...)."""
        raise NotImplementedError

    def judge(self, before: Position, result: MoveResult) -> None:
        """What the activity makes of a legal move played from ``before``."""
        raise NotImplementedError

    def play(self, pit: int) -> MoveResult:
        """Play ``pit`` (raises ``IllegalMoveError``); the sandbox plays through its ``Game``."""
        from engine import play

        return play(self.position, pit, self.rules)

    def refused(self, pit: int, error: IllegalMoveError) -> None:
        """An illegal press: nothing changes; the notice says which rule it breaks."""
        self.notice = Notice("warning", words.illegal_text(error.rule_id))

    # -- the one press -------------------------------------------------------

    @writes()
    def press(self, pit: object, seen: str | None = None) -> None:
        """The learner pressed ``pit`` (1..n, the mover's own numbering).

        Only a whole number (not a bool or a float) of the board's pits is
        ever played; anything else, or a press made on a board that showed
        another position (``seen``, its notation), changes nothing. An
        illegal pit changes nothing and is explained (:meth:`refused`); a
        legal one is played and judged (:meth:`judge`).
        """
        if isinstance(pit, bool) or not isinstance(pit, int) or not 1 <= pit <= self.rules.pits:
            return
        if seen is not None and seen != self.position.to_notation():
            return  # a press on a board that has changed since it was drawn
        if not self.accepts_presses():
            return
        before = self.position
        try:
            result = self.play(pit)
        except IllegalMoveError as error:
            self.refused(pit, error)
            return
        self.judge(before, result)

    def show(self, start: Position, results: list[MoveResult], extends: Sowing | None = None) -> None:
        """Make the board animate ``results`` from ``start`` (a new action); nothing when empty.

        ``extends``: the sowing these results begin with (the computer's reply added to the
        learner's move); a board that showed it, or is showing it, goes on from where it is.
        """
        self.action += 1
        if not results:
            self.sowing = None
        elif extends is not None:
            self.sowing = Sowing(start, tuple(results), self.first_id + self.action, extends.id,
                                 len(sowing_steps(extends, self.rules)))
        else:
            self.sowing = Sowing(start, tuple(results), self.first_id + self.action)

    def still(self) -> None:
        """A new action with nothing to animate (the board jumps to its position)."""
        self.action += 1
        self.sowing = None

    # -- what the board draws ------------------------------------------------

    @property
    def last(self) -> MoveResult | None:
        """The last move the board shows (its path and origin are marked)."""
        if self.sowing is not None and self.sowing.end == self.position:
            return self.sowing.results[-1]
        return None

    def playable(self) -> tuple[int, ...]:
        """The pits that can be pressed now: the legal moves while presses are accepted."""
        return legal_moves(self.position, self.rules) if self.accepts_presses() else ()

    def lit(self) -> tuple[Place, ...]:
        """Places the board lights up (a lesson's pit to press); none by default."""
        return ()

    def foreseen(self) -> dict[int, Sowing]:
        """What a press would show, known before it is made: for each pit of :meth:`foreseeable`
        that is a legal move, the sowing pressing it will make (the engine's move, the next action's
        id). The board shows it at once in the browser, before the server answers (issue 14).
        Nothing while the computer is thinking in another run of the session."""
        pits = self.foreseeable()
        if not pits or self.busy():
            return {}
        from engine import play

        position, rules, after = self.position, self.rules, self.first_id + self.action + 1
        legal = set(legal_moves(position, rules))
        return {pit: Sowing(position, (play(position, pit, rules),), after) for pit in pits if pit in legal}

    def foreseeable(self) -> tuple[int, ...]:
        """The pits (1..n) whose press plays its move as it is and shows it first in the next
        action's sowing (more moves, a computer's reply, may follow in it or after it). None here:
        an activity that refuses or changes some presses says which pits it keeps to."""
        return ()

    def clock_view(self) -> dict[str, object] | None:
        """The clocks the board draws (``tutor.clock.GameClock.view``); ``None``: no clock."""
        return None

    def clock_shown(self) -> None:
        """The board has shown the last sowing (timed games start the waiting clock); nothing here."""

    def check_time(self) -> bool:
        """End the game if a clock has run out (K19); True when it has. Only timed games have clocks."""
        return False

    def turn_text(self) -> str:
        """The line above the board."""
        return words.to_move(self.position.to_move)


__all__ = ["Activity", "Feedback", "Notice", "NoticeKind", "Sowing", "counts_of", "place_key", "sowing_frames", "sowing_steps", "writes"]
