"""Sides, places on the board, positions, and the position notation (docs/architecture.md).

Notation: one line, five fields separated by ``/``::

    SOUTH_PITS/SOUTH_STORE/NORTH_PITS/NORTH_STORE/TO_MOVE
    4,4,4,4,4,4/0/4,4,4,4,4,4/0/S

Pits are listed in each owner's own numbering (pit 1 first, pit n next to
that owner's store). TO_MOVE is ``S`` or ``N``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, Protocol

from .errors import NotationError, NotationField, NotationProblem
from .options import MAX_PITS, MIN_PITS

Side = Literal["S", "N"]
"""A player: ``"S"`` (South, who moves first by default) or ``"N"`` (North)."""

SOUTH: Side = "S"
NORTH: Side = "N"
SIDES: tuple[Side, Side] = (SOUTH, NORTH)
STORE = 0
"""The pit number that means a side's store in a :class:`Place`."""

MAX_COUNT = 9999
"""The most seeds notation accepts in one pit or store (no game has more than 160)."""

MAX_NOTATION_LENGTH = 200
"""The longest notation read, in characters (spaces included); longer text is refused
before it is split or any number in it is read. The longest real position (8 pits of
9999 seeds a side) takes 89."""


def other(side: Side) -> Side:
    """The other player: ``"S"`` <-> ``"N"``."""
    return NORTH if side == SOUTH else SOUTH


def side_of(text: object) -> Side:
    """``"S"``/``"N"`` (any case, spaces trimmed) as a :data:`Side`; raises ``ValueError`` otherwise."""
    key = str(text).strip().upper()
    if key == SOUTH:
        return SOUTH
    if key == NORTH:
        return NORTH
    raise ValueError(f"a side is S or N, not {str(text)[:20]!r}")


def opposite_pit(pit: int, pits_per_side: int) -> int:
    """The opponent's pit facing ``pit`` (K3): pit k faces pit n + 1 - k.

    >>> opposite_pit(1, 6), opposite_pit(4, 6)
    (6, 3)
    """
    return pits_per_side + 1 - pit


def steps_to_store(pit: int, pits_per_side: int) -> int:
    """Sowing steps from ``pit`` to its owner's store (K3): pit k is n + 1 - k steps away, so its
    seeds reach the store when it holds at least that many.

    >>> steps_to_store(6, 6), steps_to_store(1, 6), steps_to_store(3, 4)
    (1, 6, 2)
    """
    return pits_per_side + 1 - pit


class Place(NamedTuple):
    """One place on the board: ``side`` is ``"S"`` or ``"N"``; ``pit`` is 1..n in
    that side's own numbering, or 0 (``STORE``) for that side's store."""

    side: Side
    pit: int

    @property
    def is_store(self) -> bool:
        return self.pit == STORE

    def __str__(self) -> str:
        """A stable id such as ``"South pit 3"`` or ``"North store"`` (content files use it)."""
        who = "South" if self.side == SOUTH else "North"
        return f"{who} store" if self.is_store else f"{who} pit {self.pit}"


class BoardSize(Protocol):
    """What reading a position against rules checks: the pits a side and all the seeds (K1, K2, A1).

    Every rules object of ``engine.rules`` is one; the position needs no more of the rules, so this
    module does not import them (``engine.rules`` builds positions, so the import would be a circle).
    """

    @property
    def pits(self) -> int: ...

    @property
    def total_seeds(self) -> int: ...


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
    to_move: Side = SOUTH

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

    def row(self, side: Side) -> tuple[int, ...]:
        """The pits of ``side`` ("S"/"N") in that side's own numbering."""
        return self.south if side == SOUTH else self.north

    def store(self, side: Side) -> int:
        """Seeds in the store of ``side``."""
        return self.south_store if side == SOUTH else self.north_store

    def pits_with_seeds(self) -> tuple[int, ...]:
        """The pits of the player to move that hold seeds, ascending (1..n, their numbering; K5:
        only these can ever be lifted, though A4/A5 may forbid some of them)."""
        return tuple(k for k, seeds in enumerate(self.row(self.to_move), 1) if seeds)

    def seeds_at(self, place: Place) -> int:
        """Seeds at a place (a pit or a store)."""
        if place.pit == STORE:
            return self.store(place.side)
        return self.row(place.side)[place.pit - 1]

    def mirrored(self) -> Position:
        """The same position with South and North swapped (each keeps its own numbering)."""
        return Position(self.north, self.north_store, self.south, self.south_store, other(self.to_move))

    def with_to_move(self, side: Side) -> Position:
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
    def from_notation(cls, text: object, rules: BoardSize | None = None) -> Position:
        """Read a position from notation.

        With ``rules``, also checks the number of pits per side and that the
        seeds add up to the rules' total (K2, A1).

        Raises:
            NotationError: with ``field``/``problem``/``value`` set (see
                ``engine.errors``): not text, wrong field count, a field that
                is not a whole number, negative or absurdly many seeds, rows of
                different or wrong length, a total that differs from the
                rules', an unknown side, or text longer than
                :data:`MAX_NOTATION_LENGTH` characters (``problem="too_long"``,
                refused before it is read). The message quotes the input, cut short.
        """
        if not isinstance(text, str):
            raise NotationError(
                f"a position must be text, not {type(text).__name__}",
                problem="not_text", value=type(text).__name__,
            )
        quoted = repr(text) if len(text) <= 100 else repr(text[:100] + "...")
        if len(text) > MAX_NOTATION_LENGTH:
            raise _error(f"the position is {len(text)} characters long, more than {MAX_NOTATION_LENGTH}, in {quoted}",
                         "position", "too_long", len(text), text[:MAX_NOTATION_LENGTH], expected=MAX_NOTATION_LENGTH)
        src = text.strip()
        if not src:
            raise _error(f"the position is empty in {quoted}", "position", "empty", "", text)
        parts = src.split("/")
        if len(parts) != 5:
            raise _error(
                f"wrong number of fields ({len(parts)}, need 5 separated by '/') in {quoted}",
                "parts", "parts", len(parts), text, expected=5,
            )
        south = _parse_row(parts[0], SOUTH, text, quoted)
        south_store = _parse_count(parts[1], "store", SOUTH, None, text, quoted)
        north = _parse_row(parts[2], NORTH, text, quoted)
        north_store = _parse_count(parts[3], "store", NORTH, None, text, quoted)
        raw_side = parts[4].strip()
        try:
            side = side_of(raw_side)
        except ValueError:
            raise _error(
                f"unknown side to move {raw_side[:20]!r} (need S or N) in {quoted}", "to_move", "side", raw_side, text
            ) from None
        if len(south) != len(north):
            raise _error(
                f"rows have different lengths (South {len(south)}, North {len(north)}) in {quoted}",
                "row", "row_lengths", len(south), text, expected=len(north),
            )
        if not MIN_PITS <= len(south) <= MAX_PITS:
            raise _error(
                f"rows must have {MIN_PITS} to {MAX_PITS} pits, not {len(south)}, in {quoted}",
                "row", "pit_count", len(south), text,
            )
        pos = cls(south, south_store, north, north_store, side)
        if rules is not None:
            if len(south) != rules.pits:
                raise _error(
                    f"rows have {len(south)} pits but these rules use {rules.pits} in {quoted}",
                    "row", "pit_count", len(south), text, expected=rules.pits,
                )
            if pos.total_seeds != rules.total_seeds:
                raise _error(
                    f"seeds add up to {pos.total_seeds} but these rules use {rules.total_seeds} in {quoted}",
                    "position", "total", pos.total_seeds, text, expected=rules.total_seeds,
                )
        return pos


def _error(
    message: str, field: NotationField, problem: NotationProblem, value: str | int, text: str,
    *, side: Side | None = None, pit: int | None = None, expected: int | None = None,
) -> NotationError:
    return NotationError(
        message, field=field, problem=problem, value=value, side=side, pit=pit, expected=expected, text=text
    )


def _parse_count(field: str, kind: NotationField, side: Side, pit: int | None, text: str, quoted: str) -> int:
    f = field.strip()
    who = "South" if side == SOUTH else "North"
    what = f"{who}'s pit {pit}" if pit is not None else f"{who}'s store"
    shown = f if len(f) <= 20 else f[:20] + "..."
    if f.isascii() and f.isdigit():
        if len(f) > len(str(MAX_COUNT)) or int(f) > MAX_COUNT:
            raise _error(f"{what} holds too many seeds ({shown}) in {quoted}", kind, "too_big", shown, text,
                         side=side, pit=pit)
        return int(f)
    if f.startswith("-") and f[1:].isascii() and f[1:].isdigit():
        raise _error(f"{what} has a negative number of seeds ({shown}) in {quoted}", kind, "negative", shown, text,
                     side=side, pit=pit)
    raise _error(f"{what}: {shown!r} is not a whole number of seeds in {quoted}", kind, "not_a_number", shown, text,
                 side=side, pit=pit)


def _parse_row(field: str, side: Side, text: str, quoted: str) -> tuple[int, ...]:
    who = "South" if side == SOUTH else "North"
    if not field.strip():
        raise _error(f"{who}'s pits are missing in {quoted}", "row", "missing", "", text, side=side)
    if field.count(",") >= MAX_PITS:  # refuse a huge row before reading its numbers
        count = field.count(",") + 1
        raise _error(f"rows must have {MIN_PITS} to {MAX_PITS} pits, not {count}, in {quoted}",
                     "row", "pit_count", count, text, side=side)
    return tuple(_parse_count(x, "pit", side, k, text, quoted) for k, x in enumerate(field.split(","), 1))
