"""The sandbox's board editor: set any position under the game's rules, or say why not.

:class:`BoardEditor` is mixed into ``tutor.sandbox.SandboxActivity``: it reads
``rules`` and starts a game with ``new_game(rules, start=...)``. A refusal is
one sentence in ``editor_error`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import MAX_COUNT, NORTH, SOUTH, NotationError, Position, Rules, Side

from . import words
from .activity import Notice, writes


class BoardEditor:
    """The editor's half of the sandbox (``editor_error``: why the last entry was refused)."""

    editor_error: str | None
    notice: Notice | None
    timed_game_running: Callable[[], bool]  # given by tutor.timed.TimedPlay

    @property
    def rules(self) -> Rules:
        raise NotImplementedError

    def new_game(self, rules: Rules, first: Side = SOUTH, start: Position | None = None) -> None:
        raise NotImplementedError

    @writes(False)
    def apply_notation(self, text: object) -> bool:
        """Set the board from notation under the current rules; a refusal (one sentence in
        :attr:`editor_error`: not text, longer than ``engine.MAX_NOTATION_LENGTH``, any
        ``NotationError``, a timed game under way) changes nothing."""
        if self.timed_game_running():
            return self._refuse(words.editor_off_on_clock())
        try:
            position = Position.from_notation(text, self.rules)  # refuses what is not text, too
        except NotationError as err:
            return self._refuse(words.notation_problem(err, self.rules))
        self.new_game(self.rules, start=position)
        self.notice = Notice("success", words.board_set())
        return True

    def _refuse(self, problem: str) -> bool:
        """The editor refuses a position: say why, and drop an earlier "board set" (never both)."""
        self.editor_error = words.editor_refused(problem)
        if self.notice is not None and self.notice.kind == "success":
            self.notice = None
        return False

    @writes(False)
    def apply_fields(self, south: Sequence[object], south_store: object, north: Sequence[object],
                     north_store: object, to_move: str) -> bool:
        """Set the board from the editor's numbers (``south``/``north``: the rules' pits each, in the
        owner's numbering; ``to_move``: ``"S"`` or ``"N"``). A refusal changes nothing and names
        what is wrong: a row of the wrong length, an empty field (NaN, text, a fraction), a
        negative number, more than ``engine.MAX_COUNT`` seeds, a fraction, nobody to move, a timed game under way."""
        if self.timed_game_running():
            return self._refuse(words.editor_off_on_clock())
        if len(south) != self.rules.pits or len(north) != self.rules.pits:
            return self._refuse(words.pit_count_problem(self.rules.pits, max(len(south), len(north))))
        if to_move not in (SOUTH, NORTH):
            return self._refuse(words.to_move_missing())
        named = [(words.place_name((SOUTH, k)), v) for k, v in enumerate(south, 1)]
        named += [(words.place_name((SOUTH, 0)), south_store)]
        named += [(words.place_name((NORTH, k)), v) for k, v in enumerate(north, 1)]
        named += [(words.place_name((NORTH, 0)), north_store)]
        counts = []
        for where, value in named:
            problem = _field_problem(where, value, self.rules.total_seeds)
            if problem is not None:
                return self._refuse(problem)
            counts.append(int(value))  # type: ignore[call-overload]  # a whole number, checked
        n = len(south)
        text = "/".join((",".join(map(str, counts[:n])), str(counts[n]),
                         ",".join(map(str, counts[n + 1:2 * n + 1])), str(counts[2 * n + 1]),
                         to_move))
        return self.apply_notation(text)


def _field_problem(where: str, value: object, total: int) -> str | None:
    """Why an editor field's value (``where``: the place, named) can't be a count of seeds, or
    ``None`` when it can: no number (empty, NaN, text, a bool), below zero, more than
    ``engine.MAX_COUNT`` (``total``: the game's seeds, said with it), or not whole (2.5)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:  # NaN
        return words.field_missing(where)
    if value < 0:
        return words.field_negative(where, value)
    if value > MAX_COUNT:
        return words.field_too_big(where, total)
    if isinstance(value, float) and not value.is_integer():
        return words.field_not_whole(where, value)
    return None


__all__ = ["BoardEditor"]
