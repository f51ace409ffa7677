"""Turns: a move with the extra turns it earns (K9), as one value.

A **turn** is the moves one player makes until the other player is to move
or the game ends: several moves when a last seed lands in the mover's own
store (K9, Kalah only; Awari has no extra turns). Lessons, puzzles and the
sandbox's computer all reason in turns.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .moves import legal_moves, play
from .position import Position, Side
from .results import MoveResult, Outcome
from .rules import Rules

LAP_RULES = ("K8", "A2")
"""Rule ids that mean a move sowed a whole lap: back round past its own pit (K8) or 12+ seeds in Awari (A2)."""


@dataclass(frozen=True)
class Turn:
    """The moves of one player's turn so far, in order, from ``start``.

    ``results`` holds one ``MoveResult`` per pit played (may be empty before
    the first press). The turn is :attr:`complete` when its last move gave
    no extra turn (the other player is to move, or the game ended).
    """

    start: Position
    results: tuple[MoveResult, ...] = ()

    @property
    def mover(self) -> Side:
        """Who plays this turn (``"S"`` or ``"N"``)."""
        return self.start.to_move

    @property
    def pits(self) -> tuple[int, ...]:
        """The pits played, in order, each 1..n in the mover's numbering."""
        return tuple(r.pit for r in self.results)

    @property
    def position(self) -> Position:
        """The position after the moves so far (``start`` before any)."""
        return self.results[-1].position if self.results else self.start

    @property
    def complete(self) -> bool:
        """The turn is over: at least one move, and the last one earned no extra turn (K9)."""
        return bool(self.results) and not self.results[-1].extra_turn

    @property
    def game_over(self) -> bool:
        """The last move ended the game (K14, K17, A6)."""
        return bool(self.results) and self.results[-1].game_over

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, if the last move ended it."""
        return self.results[-1].outcome if self.results else None

    @property
    def captured(self) -> int:
        """Seeds captured over the turn (K10, K11 variant, K18, A3)."""
        return sum(r.captured for r in self.results)

    @property
    def extra_turns(self) -> int:
        """Moves of the turn whose last seed landed in the mover's store (K9 fired; the
        last one may end the game, K14, instead of giving another move)."""
        return sum("K9" in r.rules_fired for r in self.results)

    @property
    def moves_again(self) -> int:
        """Moves of the turn that earned another move (K9 with the game going on)."""
        return sum(r.extra_turn for r in self.results)

    @property
    def lapped(self) -> bool:
        """A move of the turn sowed a whole lap (K8) or 12 or more seeds in Awari (A2)."""
        return any(rule in r.rules_fired for r in self.results for rule in LAP_RULES)

    def then(self, pit: int, rules: Rules) -> Turn:
        """This turn with ``pit`` played next.

        Raises ``IllegalMoveError`` as ``engine.play`` does, and ``ValueError``
        when the turn is already complete.
        """
        if self.complete:
            raise ValueError(f"the turn {list(self.pits)} is over: pit {pit} is the other player's move")
        return Turn(self.start, self.results + (play(self.position, pit, rules),))


def play_turn(pos: Position, pits: Sequence[int], rules: Rules) -> Turn:
    """Play the pits of a whole turn from ``pos`` (K9 chains).

    Raises ``IllegalMoveError`` for an illegal pit, and ``ValueError`` when
    the pits go on after the turn ended or stop while the mover is still to move.
    """
    turn = Turn(pos)
    for pit in pits:
        turn = turn.then(pit, rules)
    if not turn.complete:
        raise ValueError(f"turn {list(pits)} stops while the same player is still to move")
    return turn


def all_turns(pos: Position, rules: Rules, limit: int = 20000) -> Iterator[Turn]:
    """Every complete turn from ``pos``, ordered by its pits (K9 chains followed).

    Raises ``ValueError`` if there are more than ``limit`` turns.
    """
    count = 0
    stack = [Turn(pos)]
    out: list[Turn] = []
    while stack:
        here = stack.pop()
        for pit in legal_moves(here.position, rules):
            turn = here.then(pit, rules)
            if not turn.complete:
                stack.append(turn)
                continue
            count += 1
            if count > limit:
                raise ValueError(f"more than {limit} turns from {pos.to_notation()}")
            out.append(turn)
    out.sort(key=lambda t: t.pits)
    yield from out


def best_capture(pos: Position, rules: Rules) -> int:
    """The most seeds the player to move in ``pos`` can capture in one turn (0 if the game is over)."""
    return max((t.captured for t in all_turns(pos, rules)), default=0)


__all__ = ["LAP_RULES", "Turn", "all_turns", "best_capture", "play_turn"]
