"""A sandbox game that keeps itself: every change is written to the learner's kept game, and a change
made on a view that another view has overtaken is refused with a message (docs/architecture.md,
"Games kept by the store").

:class:`KeptPlay` is mixed into ``tutor.sandbox.SandboxActivity``. Each session (a browser tab) has a
game object of its own, never shared; what is shared is the record in a ``tutor.kept_games.GameKeeper``
and its version. ``kept_version`` is the version this view shows. A person's change (a press, Undo,
a new game...) first looks at the kept version: when another view has changed the game since, this
view takes up the kept game (shown without animation) and the change is not made, with a notice.
After a change the record is written with the version seen; if another view wrote in between, the
write is refused by the keeper and this view takes up the kept game instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import words
from .activity import Notice
from .kept_games import GameKeeper, Kept
from .kept_record import (
    GameRecordModel,
    GameState,
    Wall,
    read_record,
    record_model,
    restore,
    signature,
)
from .school import StoreUnavailable

if TYPE_CHECKING:
    from engine import Position

    from .fair_play import Replaced


class KeptPlay:
    """The keeping half of the sandbox game.

    Attributes:
        keeper: where the game is kept (``None``: only in this view, before the learner is known).
        learner: whose game it is (their learner code).
        kept_version: the kept version this view shows (0: none written yet).
        keep_lost: called when the keeper failed (the page says progress is not being saved).
        wall: the wall clock for the record's clocks (``time.time``; tests give a fake one).
    """

    keeper: GameKeeper | None = None
    learner: str | None = None
    kept_version = 0
    keep_lost: Callable[[], None] | None = None
    wall: Wall = time.time
    _written_as: GameRecordModel | None = None
    _unsaved = False
    _refusal: Notice | None = None
    """The notice of the last change refused here (kept while the view catches up again)."""
    if TYPE_CHECKING:  # what the sandbox game has (tutor.activity, tutor.sandbox)
        notice: Notice | None
        action: int
        guarded: bool
        now: Callable[[], float]

        @property
        def position(self) -> Position: ...

        def still(self) -> None: ...

        def guard_from(self, older: Replaced | None) -> None: ...

    def kept_state(self) -> GameState:
        """This game as the store keeps it (``tutor.kept_record.GameState``; the sandbox gives it)."""
        raise NotImplementedError

    def take_state(self, state: GameState) -> None:
        """Make ``state`` this game (the sandbox does)."""
        raise NotImplementedError

    def keep_with(self, keeper: GameKeeper, learner: str, lost: Callable[[], None] | None = None,
                  *, take: bool = True, take_empty: bool = True) -> bool:
        """Keep this game as ``learner``'s from now on. With ``take``, the kept game (when there is
        one that makes a game; with moves played, unless ``take_empty``) becomes this view's, and
        True is returned; else this game is written over it, guarded when it replaces a guarded game
        on the same position (``tutor.fair_play``)."""
        self.keeper, self.learner, self.keep_lost = keeper, learner, lost
        kept = self._kept()
        record = None if kept is None else read_record(kept.record)
        if kept is not None and take and record is not None and (take_empty or record.moves) and self._take(kept):
            return True
        self.guard_from(None if record is None else restore(record, self.now, self.wall))
        self.kept_version = kept.version if kept is not None else 0
        self._written_as = None
        self.written()
        return False

    def let_go(self) -> None:
        """Keep this game no more (the session's learner changed, or is not known now)."""
        self.keeper = self.learner = None
        self.kept_version, self._written_as = 0, None

    def catch_up(self) -> bool:
        """Take up the kept game when another view changed it since this one showed it; True when it
        did. A game this view could not write (the store was away) is written now, if nothing newer is kept."""
        kept = self._kept()
        if kept is not None and kept.version != self.kept_version:
            return self._take(kept)
        if self._unsaved:
            self.written()
        return False

    def view_current(self, user: bool) -> bool:
        """``Activity.view_current``: a person's change on a view another view overtook is refused
        (the view now shows the kept game, and says why); a clock's goes on, on the kept game."""
        if not self.catch_up() or not user:
            return True
        self._refused()
        return False

    def _refused(self) -> None:
        self.notice = self._refusal = Notice("info", words.game_moved_on())

    def written(self, said: bool = True) -> None:
        """``Activity.written``: write the game when it changed (the keeper refusing: another view
        wrote first, so this one takes up the kept game, and says so when ``said``: a person's change)."""
        if self.keeper is None or self.learner is None:
            return
        now = signature(self.kept_state())
        if now == self._written_as:
            return
        try:
            version = self.keeper.keep_game(self.learner, record_model(self.kept_state(), self.wall).model_dump_json(),
                                            self.kept_version)
        except StoreUnavailable:
            self._unsaved = True
            self._lost()
            return
        self._unsaved = False
        if version is None:
            if self.catch_up() and said:
                self._refused()
            return
        self.kept_version, self._written_as = version, now

    def _kept(self) -> Kept | None:
        if self.keeper is None or self.learner is None:
            return None
        try:
            return self.keeper.kept_game(self.learner)
        except StoreUnavailable:
            self._lost()
            return None

    def _take(self, kept: Kept) -> bool:
        """Show ``kept`` (no animation); a record that makes no game is left to be written over."""
        record = read_record(kept.record)
        self.kept_version = kept.version
        state = None if record is None else restore(record, self.now, self.wall)
        if state is None:
            return False
        self.take_state(state)
        self._written_as = signature(state)
        self.notice = self._refusal if self.notice is self._refusal else None  # a refusal is still said
        self.still()
        return True

    def _lost(self) -> None:
        if self.keep_lost is not None:
            self.keep_lost()


__all__ = ["KeptPlay"]
