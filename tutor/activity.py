"""The one Activity: a board a learner presses, in a lesson, a puzzle or the sandbox.

An :class:`Activity` owns a position, the results of the last action, the
sowing the board animates, and the notice said below the board. Its one
:meth:`Activity.press` checks the press, plays the pit with the engine and
hands the result to the activity's own judging (:meth:`Activity.judge`);
lessons, puzzles and the sandbox add only what differs (steps and answers;
hints and judging; a game, players, undo/redo and the computer's turn).
What the board draws after each action is one :class:`tutor.view.BoardView`,
made once (:meth:`Activity.view`).
"""

from __future__ import annotations

import functools
import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from engine import IllegalMoveError, MoveResult, Place, Position, Rules, Side, legal_moves

from . import i18n, words
from .clock import ClockView
from .sowing import Sowing, frame_count
from .view import Ahead, BoardView

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

    What the board draws is :meth:`view`, made once and kept until the activity changes: every
    action goes through :meth:`show` or :meth:`still`; a method that changes what the board shows
    in another way (the step done, the players, a clock paused) calls :meth:`changed`.

    Attributes:
        sowing: what the board animates now (the last action), or ``None``.
        notice: what the page says below the board, or ``None``.
        action: a count of actions; the next sowing's id is ``first_id + action``.
        first_id: where this activity's sowing ids start. Each activity has its own range, so two
            activities drawn on one board (a lesson's steps and the games in it, one puzzle after
            another) never give two sowings one id: the board keys the verdicts it reveals by it.
        version: a count of the changes to what the board shows (:meth:`changed`).
        presses_illegal: :meth:`playable` includes illegal pits, to explain them when pressed; only the
            legal ones are ringed as playable (:meth:`legal`).
    """

    presses_illegal = False

    def __init__(self) -> None:
        self.sowing: Sowing | None = None
        self.notice: Notice | None = None
        self.action = 0
        self.first_id = next(_FIRST_IDS)
        self.lock = threading.RLock()
        self.thinker: int | None = None
        self.writing = 0
        self.version = 0
        self._made: tuple[tuple[object, ...], BoardView] | None = None

    def view_current(self, user: bool) -> bool:
        """Whether this view may be changed: False refuses the change (a game that another view
        changed since, ``tutor.kept_play``); ``user``: a person's action, not a clock's. True here."""
        return True

    def written(self, said: bool = True) -> None:
        """After a change (``writes``): nothing here; a kept game writes itself (``tutor.kept_play``).
        ``said``: a person's change, so a refused write is said (not a computer's move)."""

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
        if seen is not None and seen != self.notation():
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
        self.changed()
        if not results:
            self.sowing = None
        elif extends is not None:
            self.sowing = Sowing(start, tuple(results), self.first_id + self.action, extends.id,
                                 frame_count(extends)[0])
        else:
            self.sowing = Sowing(start, tuple(results), self.first_id + self.action)

    def still(self) -> None:
        """A new action with nothing to animate (the board jumps to its position)."""
        self.action += 1
        self.changed()
        self.sowing = None

    def changed(self) -> None:
        """What the board shows has changed: the next :meth:`view` is made again."""
        self.version += 1

    # -- the view: what the board draws, made once ---------------------------

    def view(self) -> BoardView:
        """What the board draws now (``tutor.view.BoardView``), made once per change.

        The same object is returned until the activity changes (:meth:`changed`, each action), its
        position changes (a computer's move under way), the language changes (its words), or the
        computer starts or stops thinking in another run of the session (:meth:`busy`). A running
        clock is the one thing that moves by itself: while one runs, each call reads the clocks again
        (``clock`` is new, every other field the same objects).
        """
        stamp = (self.version, self.position, i18n.current(), self.busy())
        made = self._made
        if made is None or made[0] != stamp:
            with i18n.held():
                view = self.make_view(made[1] if made is not None else None)
        else:
            view = made[1]
            if view.clock is None or view.clock.running is None:
                return view
            view = replace(view, clock=self.clock_view())
        self._made = (stamp, view)
        return view

    def make_view(self, earlier: BoardView | None = None) -> BoardView:
        """A new :class:`~tutor.view.BoardView` of the activity as it is now (``earlier``: the last
        one made, whose notations are used again where they fit). :meth:`view` keeps it."""
        position, rules, sowing, last = self.position, self.rules, self.sowing, self.last
        playable = self.playable()
        ahead = tuple(Ahead(pit, sown, sown.end.to_notation()) for pit, sown in self.foreseen(playable).items())
        known = earlier.notation_of(position) if earlier is not None else None
        said = words.moves_said(list(sowing.results), rules, self.you()) if last is not None and sowing is not None else ""
        return BoardView(position, rules, known if known is not None else position.to_notation(), playable,
                         self.lit(), last, self.turn_text(), sowing, said, self.clock_view(), ahead,
                         self.legal(playable))

    def you(self) -> Side | None:
        """The learner's side when it plays against the computer (its results say "You won"), else ``None``."""
        return None

    def notation(self) -> str:
        """The position in notation (the view's when it shows this position: written once)."""
        made = self._made
        position = self.position
        if made is not None and made[1].position == position:
            return made[1].notation
        return position.to_notation()

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

    def legal(self, playable: tuple[int, ...]) -> tuple[int, ...] | None:
        """Of ``playable`` (the pits :meth:`playable` gives now), the engine's legal moves (K5, A4, A5),
        the ones ringed as playable; ``None``: all of them (:meth:`playable` is the legal moves unless
        :attr:`presses_illegal`)."""
        if not self.presses_illegal:
            return None
        return tuple(p for p in legal_moves(self.position, self.rules) if p in playable) if playable else ()

    def lit(self) -> tuple[Place, ...]:
        """Places the board lights up (a lesson's pit to press); none by default."""
        return ()

    def foreseen(self, playable: tuple[int, ...] | None = None) -> dict[int, Sowing]:
        """What a press would show, known before it is made: for each pit of :meth:`foreseeable`
        that is a legal move, the sowing pressing it will make (the engine's move, the next action's
        id). The board shows it at once in the browser, before the server answers (issue 14).
        Nothing while the computer is thinking in another run of the session. ``playable``: the
        pits :meth:`playable` gives now, when the caller has them."""
        pits = self.foreseeable(self.playable() if playable is None else playable)
        if not pits or self.busy():
            return {}
        from engine import play

        position, rules, after = self.position, self.rules, self.first_id + self.action + 1
        legal = set(legal_moves(position, rules))
        return {pit: Sowing(position, (play(position, pit, rules),), after) for pit in pits if pit in legal}

    def foreseeable(self, playable: tuple[int, ...]) -> tuple[int, ...]:
        """Of ``playable`` (the pits :meth:`playable` gives now), those (1..n) whose press plays its
        move as it is and shows it first in the next action's sowing (more moves, a computer's reply,
        may follow in it or after it). None here: an activity that refuses or changes some presses
        says which pits it keeps to."""
        return ()

    def clock_view(self) -> ClockView | None:
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


__all__ = ["Activity", "Feedback", "Notice", "NoticeKind", "Sowing", "writes"]
