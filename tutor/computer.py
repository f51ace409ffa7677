"""The computer's turn, shared by the sandbox and a lesson's game step: at once, or a search at a time.

A turn is every move the computer makes while it is to move (extra turns included, K9), within
one time budget for the whole turn. :class:`ComputerTurns` is mixed into
``tutor.sandbox.SandboxActivity`` and ``tutor.steps.game.StepGame``; it plays a turn two ways:

- :meth:`ComputerTurns.play_turn`: at once, asking a chooser (``tutor.sandbox.Chooser``) for each
  move on this thread (tests inject a scripted chooser and a fake clock);
- :meth:`ComputerTurns.think_step`: a step at a time while a page polls, each move a
  ``tutor.thinking.Request`` answered by the process pool (``tutor.thinking.ThinkingService``),
  so the page's script thread never searches. A result is used only for the game, position and
  rules it was asked about; anything else (an Undo, a new game, other players) abandons the turn.

The class gives the hooks (its clocks: ``tutor.timed``); this module keeps the order of things.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from engine import Game, MoveResult, Position, Rules, Side

from . import words
from .activity import Notice, Sowing
from .thinking import Answer, Request

MAX_COMPUTER_MOVES = 200
"""A safety stop for one computer turn; no game needs this many moves in a row."""

Step = Literal["idle", "thinking", "moved"]
"""What :meth:`ComputerTurns.think_step` did: nothing to do; a search is under way; the turn ended."""


@dataclass
class Turn:
    """A computer turn under way: ``side`` plays from ``game`` until ``deadline`` (seconds on the
    activity's clock); ``start`` and ``done`` are what the board animates (the learner's move the
    turn joins, then the replies); ``extends`` the sowing it joins; ``request`` the search asked."""

    side: Side
    game: Game
    start: Position
    done: list[MoveResult]
    extends: Sowing | None
    deadline: float
    made: int = 0
    request: Request | None = None
    moves_at_start: int = field(default=0)
    hurried: bool = False
    """A search of this turn stalled, so the computer played a quick move (``tutor.thinking``)."""


class ComputerTurns:
    """The computer's turn (see the module). Subclasses give the hooks below."""

    game: Game
    sowing: Sowing | None
    notice: Notice | None
    turn: Turn | None = None

    # -- hooks ----------------------------------------------------------------

    @property
    def position(self) -> Position:
        raise NotImplementedError

    @property
    def rules(self) -> Rules:
        raise NotImplementedError

    def computer_to_move(self) -> bool:
        raise NotImplementedError

    def computer_level(self) -> str:
        """The level the computer plays at (one of ``engine.LEVELS``)."""
        raise NotImplementedError

    def turn_clock(self) -> Callable[[], float]:
        """The time in seconds (``time.monotonic`` or a test's fake)."""
        raise NotImplementedError

    def turn_budget_ms(self, side: Side, cap_ms: int) -> int:
        """The whole turn's thinking time: ``cap_ms`` (less on a game clock, K19)."""
        return cap_ms

    def thinking_starts(self, side: Side) -> None:
        """The computer starts thinking (a game clock starts counting its time from now)."""

    def out_of_time(self) -> bool:
        """A game clock ran out (the game ended on time, K19): the turn stops. Never without a clock."""
        return False

    def computer_moved(self, side: Side) -> None:
        """After each move of the turn (a game clock: the computer's next move of the turn)."""

    def max_moves(self) -> int:
        """The safety stop of one turn (:data:`MAX_COMPUTER_MOVES`)."""
        return MAX_COMPUTER_MOVES

    def turn_ended(self, turn: Turn) -> None:
        """Draw the turn's moves (``Activity.show``) and what follows the end of the turn."""
        raise NotImplementedError

    # -- the turn -------------------------------------------------------------

    def _begin(self, budget_ms: int) -> Turn | None:
        if not self.computer_to_move():
            return None
        sowing = self.sowing
        joined = sowing is not None and sowing.end == self.position
        side = self.position.to_move
        start, done = (sowing.start, list(sowing.results)) if sowing is not None and joined else (self.position, [])
        self.thinking_starts(side)
        deadline = self.turn_clock()() + self.turn_budget_ms(side, budget_ms) / 1000
        return Turn(side, self.game, start, done, sowing if joined else None, deadline,
                    moves_at_start=len(self.game.results))

    def _left_ms(self, turn: Turn) -> int:
        return max(0, int((turn.deadline - self.turn_clock()()) * 1000))

    def _goes_on(self, turn: Turn) -> bool:
        return self.computer_to_move() and turn.made < self.max_moves()

    def _move(self, turn: Turn, pit: int) -> bool:
        """Play the chosen ``pit`` (unless the clock ran out meanwhile); True when the turn goes on."""
        if self.out_of_time():
            return False
        turn.done.append(self.game.play(pit))
        turn.made += 1
        if self.computer_to_move():
            self.computer_moved(turn.side)
        return self._goes_on(turn)

    def _end(self, turn: Turn) -> int:
        self.turn = None
        self.turn_ended(turn)
        if turn.hurried:
            self.notice = Notice("info", words.computer_hurried())
        return turn.made

    def play_turn(self, choose: Callable[..., int], rng: random.Random | None, budget_ms: int) -> int:
        """The whole turn at once: ``choose(position, rules, level, rng, time_ms) -> pit`` for each
        move, given what is left of ``budget_ms``; returns the moves made (0: not the computer's turn)."""
        turn = self._begin(budget_ms)
        if turn is None:
            return 0
        while self._goes_on(turn):
            pit = choose(self.position, self.rules, self.computer_level(), rng, self._left_ms(turn))
            if not self._move(turn, pit):
                break
        return self._end(turn)

    def _still_valid(self, turn: Turn) -> bool:
        """The game is the one the turn began in, with only the turn's moves since (no Undo, no new game)."""
        return turn.game is self.game and len(self.game.results) == turn.moves_at_start + turn.made

    def think_step(self, ask: Callable[[Request], Answer], rng: random.Random | None, budget_ms: int) -> Step:
        """One step of the turn while a page polls: start the turn and ask for its first move,
        or see whether the search asked for has answered and play it, then ask for the next.

        ``ask(request)`` is ``ThinkingService.ask`` for this session and page. Returns
        ``"thinking"`` while a search is under way (call again later), ``"moved"`` when the turn
        has ended (its moves are shown; also on a loss on time while it thought, K19), ``"idle"``
        when the computer is not to move. A search that failed raises its error (the turn is dropped).
        """
        turn = self.turn
        if turn is not None and not self._still_valid(turn):
            self.turn = turn = None  # the game changed under the turn: its search is abandoned
        if turn is None:
            turn = self._begin(budget_ms)
            if turn is None:
                return "idle"
            self.turn = turn
        while self._goes_on(turn):
            if turn.request is None or turn.request.position != self.position or turn.request.rules != self.rules:
                turn.request = Request("choose", self.position, self.rules, self._left_ms(turn),
                                       self.computer_level(), rng)
            answer = ask(turn.request)
            if answer.state == "running":
                if not self.out_of_time():
                    return "thinking"
                break  # the clock ran out while it thought (K19): the turn ends, the search is dropped
            turn.request = None
            if answer.stalled and answer.state == "done":  # the search stalled: a quick move, said
                turn.hurried = True
            if answer.state == "failed":
                self.turn = None
                raise answer.error if answer.error is not None else RuntimeError("search failed")
            if not self._move(turn, int(answer.value)):
                break
        self._end(turn)
        return "moved"


__all__ = ["ComputerTurns", "MAX_COMPUTER_MOVES", "Step", "Turn"]
