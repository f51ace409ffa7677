"""What the search needs from a packed-int kernel: the ``Kernel`` protocol.

A kernel plays one game's rules on a board packed into one Python int ``x``
(``engine.kalah_kernel`` for Kalah K5-K18, ``engine.oware_kernel`` for
Awari/Oware A1-A6). Both pack the board as equal-width bit fields, one per
pit and store, with the two stores at fixed shifts and North's store the
highest field, so one search reads both through the layout given here:

- South's store: ``(x >> kernel.south_store_shift) & kernel.store_mask``;
- North's store: ``x >> kernel.north_store_shift`` (the top field: no mask);
- ``kernel.total``: all the seeds (stores plus pits), so the final store
  difference lies in ``[2*mine - total, total - 2*theirs]``;
- ``kernel.cycles``: True when a position can come back (Oware, whose A6
  repetition rule the search applies, since the kernel keeps no history),
  False for Kalah.

Moves are functions: ``x2, moves2 = f(x)``, with ``f.pit`` (1..n, the
mover's own numbering) and ``f.side`` (``"S"``/``"N"``); ``moves2`` are the
move functions of the player to move next, empty when the game is over (and
then ``x2`` has the final sweep applied, K15/A6). The field widths and pit
numbering of each kernel are in its module docstring.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, runtime_checkable

from .kalah_kernel import KalahKernel, kalah_kernel
from .oware_kernel import OwareKernel, oware_kernel
from .position import Position
from .rules import OwareRules, Rules

MoveFn = Callable[[int], "tuple[int, tuple[Any, ...]]"]
"""A move function: packed board in, ``(packed board, next player's move functions)`` out.
It also carries ``.pit`` (1..n) and ``.side`` (``"S"``/``"N"``)."""

Moves = tuple[Any, ...]
"""The move functions of the player to move (each a ``MoveFn`` with ``.pit`` and ``.side``)."""


@runtime_checkable
class Kernel(Protocol):
    """A packed-int kernel for one rules object, as the search uses it.

    ``KalahKernel`` and ``OwareKernel`` satisfy it (``kernel_for`` picks one).
    """

    @property
    def south_store_shift(self) -> int:
        """Bit shift of South's store field (bits)."""

    @property
    def north_store_shift(self) -> int:
        """Bit shift of North's store field, the highest field of ``x`` (bits)."""

    @property
    def store_mask(self) -> int:
        """Mask of one field after shifting it down: ``2**width - 1``."""

    @property
    def cycles(self) -> bool:
        """True when a position can repeat (Oware, A6); the search then tracks the line."""

    @property
    def total(self) -> int:
        """All the seeds of the game, in stores and pits (K2, A1)."""

    def start(self, position: Position, /) -> tuple[int, Moves]:
        """``(x, moves)`` for ``position``: the packed board and the mover's move functions.

        ``moves`` is empty when the game is over, and then ``x`` has the final
        sweep applied (K15, A6). Raises nothing; the position is not checked
        against the rules (``engine.legal_moves`` does that).
        """

    def seeds_in_play(self, x: int, /) -> int:
        """Seeds still in the pits of both rows of ``x`` (not in stores)."""

    def sweep(self, x: int, /) -> int:
        """``x`` with each side's pits emptied into its own store (K15; A6 at a repetition)."""


def kernel_for(rules: Rules) -> Kernel:
    """The packed-int kernel of ``rules``: Oware (A1-A6) or Kalah (K5-K18), built once and kept."""
    if isinstance(rules, OwareRules):
        oware: OwareKernel = oware_kernel(rules)
        return oware
    kalah: KalahKernel = kalah_kernel(rules)
    return kalah


__all__ = ["Kernel", "MoveFn", "Moves", "kernel_for"]
