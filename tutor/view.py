"""What a board shows, worked out once: a :class:`BoardView`.

An activity answers each action (a press, Undo, a new game, the computer's move, a clock
event...) with one frozen :class:`BoardView` (``tutor.activity.Activity.view``): the position,
the pits that can be pressed and those lit, the last move and the sowing to animate, the line
above the board, the words said about the last moves, the clocks and what each press will show.
The screen (``ui/board.py``) draws from it alone and turns it into the board's data
(``ui/board_data.py``); nothing here knows that format.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import MoveResult, Place, Position, Rules

from .clock import ClockView
from .sowing import Sowing


@dataclass(frozen=True)
class Ahead:
    """A press known before it is made: pressing ``pit`` (1..n, the mover's numbering) shows
    ``sowing`` (the engine's move, the next action's id) and leaves the board at ``notation``
    (``sowing.end`` in notation). The browser draws it at once, before the server answers (issue 14)."""

    pit: int
    sowing: Sowing
    notation: str


@dataclass(frozen=True)
class BoardView:
    """Everything one board draws, made once per action (``Activity.view``).

    Attributes:
        position: the position shown; ``notation``: it in notation (what a press is checked against).
        rules: the rules it is played under (the number of pits, the game).
        playable: the pits (1..n, the mover's numbering) that can be pressed now; ``()``: none.
        lit: the places the board lights up (a lesson's pit to press, a pupil's chosen pit).
        last: the last move shown (its path and origin are marked), or ``None``.
        turn_text: the line above the board, in the language of the moment it was made.
        sowing: what the board animates (the last action), or ``None``.
        said: what the last moves did in plain words, for the board's live region (``""``: nothing).
        clock: the clocks of a timed game at the moment the view was read (K19), ``None``: no clock.
        ahead: what pressing each pit will show, for the pits whose press plays its move as it is.
        legal: the playable pits that are legal moves (K5, A4, A5), the ones ringed as playable; a
            pressable pit not in it is explained when pressed (``None``: every playable pit).
    """

    position: Position
    rules: Rules
    notation: str
    playable: tuple[int, ...] = ()
    lit: tuple[Place, ...] = ()
    last: MoveResult | None = None
    turn_text: str = ""
    sowing: Sowing | None = None
    said: str = ""
    clock: ClockView | None = None
    ahead: tuple[Ahead, ...] = ()
    legal: tuple[int, ...] | None = None

    @property
    def ringed(self) -> tuple[int, ...]:
        """The pits (1..n) the board rings as playable: :attr:`legal`, else every playable pit."""
        return self.playable if self.legal is None else self.legal

    @classmethod
    def picture(cls, position: Position, rules: Rules, turn_text: str) -> BoardView:
        """A board nobody can press: ``position`` under ``rules``, ``turn_text`` above it (Home's picture)."""
        return cls(position, rules, position.to_notation(), turn_text=turn_text)

    @property
    def interactive(self) -> bool:
        """True when some pit can be pressed."""
        return bool(self.playable)

    def notation_of(self, position: Position) -> str | None:
        """``position`` in notation when this view has it already (its own, or where a press it
        foresaw ends), else ``None``: the next view need not write it again."""
        if position == self.position:
            return self.notation
        return next((a.notation for a in self.ahead if a.sowing.end == position), None)


__all__ = ["Ahead", "BoardView"]
