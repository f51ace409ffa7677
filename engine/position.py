"""Positions, places on the board, and the position notation (DESIGN.md).

Notation: one line, five fields separated by ``/``::

    SOUTH_PITS/SOUTH_STORE/NORTH_PITS/NORTH_STORE/TO_MOVE
    4,4,4,4,4,4/0/4,4,4,4,4,4/0/S

Pits are listed in each owner's own numbering (pit 1 first, pit n next to
that owner's store). TO_MOVE is ``S`` or ``N``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .errors import NotationError

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

SOUTH = "S"
NORTH = "N"
SIDES = (SOUTH, NORTH)
STORE = 0


def other(side: str) -> str:
    """The other player: ``"S"`` <-> ``"N"``."""
    return NORTH if side == SOUTH else SOUTH


def opposite_pit(pit: int, pits_per_side: int) -> int:
    """The opponent's pit facing ``pit`` (K3): pit k faces pit n + 1 - k.

    >>> opposite_pit(1, 6), opposite_pit(4, 6)
    (6, 3)
    """
    return pits_per_side + 1 - pit


class Place(NamedTuple):
    """One place on the board: ``side`` is ``"S"`` or ``"N"``; ``pit`` is 1..n in
    that side's own numbering, or 0 (``STORE``) for that side's store."""

    side: str
    pit: int

    @property
    def is_store(self) -> bool:
        return self.pit == STORE

    def __str__(self) -> str:
        who = "South" if self.side == SOUTH else "North"
        return f"{who} store" if self.is_store else f"{who} pit {self.pit}"


@dataclass(frozen=True)
class Position:
    """A position: both rows, both stores and the player to move.

    ``south`` and ``north`` are tuples of n seed counts in the owner's own
    numbering (index 0 is pit 1). For Oware the stores hold the captured seeds.
    ``to_move`` is ``"S"`` or ``"N"``. Positions are immutable and hashable.
    """

    south: tuple[int, ...]
    south_store: int
    north: tuple[int, ...]
    north_store: int
    to_move: str = SOUTH

    @property
    def pits_per_side(self) -> int:
        return len(self.south)

    @property
    def total_seeds(self) -> int:
        """Seeds in both rows and both stores."""
        return sum(self.south) + sum(self.north) + self.south_store + self.north_store

    @property
    def seeds_in_play(self) -> int:
        """Seeds still in the pits (not in a store)."""
        return sum(self.south) + sum(self.north)

    def row(self, side: str) -> tuple[int, ...]:
        """The pits of ``side`` ("S"/"N") in that side's own numbering."""
        return self.south if side == SOUTH else self.north

    def store(self, side: str) -> int:
        """Seeds in the store of ``side``."""
        return self.south_store if side == SOUTH else self.north_store

    def seeds_at(self, place: Place) -> int:
        """Seeds at a place (a pit or a store)."""
        if place.pit == STORE:
            return self.store(place.side)
        return self.row(place.side)[place.pit - 1]

    def mirrored(self) -> "Position":
        """The same position with South and North swapped (each keeps its own numbering)."""
        return Position(self.north, self.north_store, self.south, self.south_store, other(self.to_move))

    def with_to_move(self, side: str) -> "Position":
        return Position(self.south, self.south_store, self.north, self.north_store, side)

    def to_notation(self) -> str:
        """The position in notation; ``from_notation`` reads it back exactly."""
        return "/".join(
            (
                ",".join(map(str, self.south)),
                str(self.south_store),
                ",".join(map(str, self.north)),
                str(self.north_store),
                self.to_move,
            )
        )

    def __str__(self) -> str:
        return self.to_notation()

    @classmethod
    def from_notation(cls, text: str, rules: "Rules | None" = None) -> "Position":
        """Read a position from notation.

        With ``rules``, also checks the number of pits per side and that the
        seeds add up to the rules' total (K2, A1).

        Raises:
            NotationError: wrong field count, a field that is not a whole
                number, negative seeds, rows of different or wrong length, a
                total that differs from the rules', or an unknown side. The
                message quotes the input.
        """
        if not isinstance(text, str):
            raise NotationError(f"a position must be text, not {type(text).__name__}: {text!r}")
        src = text.strip()
        parts = src.split("/")
        if len(parts) != 5:
            raise NotationError(f"wrong number of fields ({len(parts)}, need 5 separated by '/') in {text!r}")
        south = _parse_row(parts[0], "South's pits", text)
        south_store = _parse_count(parts[1], "South's store", text)
        north = _parse_row(parts[2], "North's pits", text)
        north_store = _parse_count(parts[3], "North's store", text)
        side = parts[4].strip().upper()
        if side not in SIDES:
            raise NotationError(f"unknown side to move {parts[4].strip()!r} (need S or N) in {text!r}")
        if len(south) != len(north):
            raise NotationError(
                f"rows have different lengths (South {len(south)}, North {len(north)}) in {text!r}"
            )
        if not 3 <= len(south) <= 8:
            raise NotationError(f"rows must have 3 to 8 pits, not {len(south)}, in {text!r}")
        pos = cls(south, south_store, north, north_store, side)
        if rules is not None:
            if len(south) != rules.pits:
                raise NotationError(
                    f"rows have {len(south)} pits but these rules use {rules.pits} in {text!r}"
                )
            if pos.total_seeds != rules.total_seeds:
                raise NotationError(
                    f"seeds add up to {pos.total_seeds} but these rules use {rules.total_seeds} in {text!r}"
                )
        return pos


def _parse_count(field: str, what: str, text: str) -> int:
    f = field.strip()
    if not f.isdigit() or not f.isascii():
        if f.startswith("-") and f[1:].isdigit():
            raise NotationError(f"{what} has a negative number of seeds ({f}) in {text!r}")
        raise NotationError(f"{what}: {f!r} is not a whole number of seeds in {text!r}")
    return int(f)


def _parse_row(field: str, what: str, text: str) -> tuple[int, ...]:
    if not field.strip():
        raise NotationError(f"{what} are missing in {text!r}")
    owner = what.split("'")[0]  # "South" or "North"
    return tuple(
        _parse_count(x, f"{owner}'s pit {k}", text) for k, x in enumerate(field.split(","), 1)
    )
