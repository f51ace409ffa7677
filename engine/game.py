"""A game record: start, rules, moves played, undo/redo and the repetition rule."""

from __future__ import annotations

from .errors import IllegalMoveError
from .moves import legal_moves, outcome, play
from .position import Position
from .results import EndReason, MoveResult, Outcome, swept_outcome
from .rules import OwareRules, Rules


class Game:
    """A game in progress: ``start`` position, ``rules`` and the moves so far.

    ``results`` holds one ``MoveResult`` per move played. ``undo`` and
    ``redo`` step back and forth through them. For Oware, a position (same
    pits, scores and player to move) that comes back since the last capture
    ends the game (A6, "repetition"); each player then takes the seeds
    in their own row.
    """

    def __init__(self, rules: Rules, start: Position | None = None) -> None:
        self.rules = rules
        self.start = start if start is not None else rules.initial_position()
        legal_moves(self.start, rules)  # checks the position fits the rules
        self.results: list[MoveResult] = []
        self._redo: list[MoveResult] = []
        self._known: tuple[int, MoveResult | None, Outcome | None] | None = None

    @property
    def position(self) -> Position:
        """The current position."""
        return self.results[-1].position if self.results else self.start

    def positions(self) -> list[Position]:
        """Every position from the start to now (len == moves + 1)."""
        return [self.start, *(r.position for r in self.results)]

    def _repeated(self) -> bool:
        """Oware only: the current position already occurred since the last capture (A6)."""
        if not isinstance(self.rules, OwareRules) or not self.results:
            return False
        history = self.positions()
        for k in range(len(self.results) - 1, -1, -1):
            if self.results[k].captured:
                history = history[k + 1 :]
                break
        return history[-1] in history[:-1]

    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on, else the ``Outcome`` (K14-K17, A6 with repetition).

        Worked out once for each state of the game: asked again before a move, an undo or a redo
        (the number of moves and the last one are the same), it is the same answer at once."""
        last = self.results[-1] if self.results else None
        known = self._known
        if known is not None and known[0] == len(self.results) and known[1] is last:
            return known[2]
        if last is not None and last.game_over:
            end: Outcome | None = last.outcome  # the reason as the move found it, before the sweep
        else:
            end = outcome(self.position, self.rules)
            if end is None and self._repeated():
                end = swept_outcome(self.position, EndReason.REPETITION)
        self._known = (len(self.results), last, end)
        return end

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def legal_moves(self) -> tuple[int, ...]:
        """Legal pits now; empty once the game is over (including by repetition)."""
        if self._repeated():
            return ()
        return legal_moves(self.position, self.rules)

    def play(self, pit: int) -> MoveResult:
        """Play ``pit`` for the player to move; clears the redo list.

        Raises ``IllegalMoveError`` (nothing changes) as ``engine.play`` does,
        and also after a repetition has ended an Oware game (A6).
        """
        if self._repeated():
            raise IllegalMoveError(
                f"the game is over: this position came back, so the cycle ends the game "
                f"(tried pit {pit}) in {self.position.to_notation()}",
                "A6",
                pit,
            )
        result = play(self.position, pit, self.rules)
        self.results.append(result)
        self._redo.clear()
        return result

    @property
    def can_undo(self) -> bool:
        return bool(self.results)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def taken_back(self) -> tuple[MoveResult, ...]:
        """The moves taken back that Redo would play again, the next one first."""
        return tuple(reversed(self._redo))

    def undo(self) -> bool:
        """Take back the last move; False when there is none."""
        if not self.results:
            return False
        self._redo.append(self.results.pop())
        return True

    def redo(self) -> bool:
        """Play again the last move taken back; False when there is none."""
        if not self._redo:
            return False
        self.results.append(self._redo.pop())
        return True
