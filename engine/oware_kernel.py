"""The packed-int Awari/Oware kernel for the search: the board in one int (A1-A6).

The same shape as ``engine.kalah_kernel.KalahKernel`` (both satisfy
``engine.kernel.Kernel``), so one search serves both games.

Packed layout: 14 fields of 8 bits, field ``k`` is bits ``8k .. 8k+7``::

    k = 0 .. 5     South's pits 1..6 (pit 1 at k = 0)
    k = 6 .. 11    North's pits 1..6 (pit 1 at k = 6)
    k = 12         South's captured seeds (the "store"), shift 96
    k = 13         North's captured seeds, the top field, shift 104

Pits are numbered 1..6 from each owner's own left, as in ``Position``, so the
sowing order is simply field 0, 1, ..., 11, 0, ... (counter-clockwise, no
store in the path, A1/A2). A count never passes 48, so 8 bits never carry;
the top field needs no mask. Each (pit, seeds) sowing is one precomputed
addition; 12 or more seeds skip the origin pit (A2). A move is
``x, moves = f(x)`` where ``moves`` are the move functions of the player to
move next (Oware has no extra turns); an empty tuple means the game is over
and ``x`` has the end applied: each player takes the seeds left in their own
row (A6). Each move function has ``.pit`` (1..6) and ``.side``
(``"S"``/``"N"``).

What this kernel does not know is the repetition rule (A6): a position that
comes back since the last capture needs the history, which the search keeps
(``cycles`` is True to tell it so).

``tests/test_search_oware.py`` proves the kernel gives the same positions and
game ends as ``engine.play`` on random games of every grand slam variant.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass
from typing import Any, Callable

from .options import OWARE_CAPTURE_COUNTS
from .position import NORTH, SOUTH, Position, Side
from .rules import OwareRules

BITS = 8
MASK = 255
SOUTH_STORE, NORTH_STORE = 12, 13
TOTAL = 48
WIN = 25


@dataclass(frozen=True)
class OwareKernel:
    """Packed-int Oware for one rules object; build with ``oware_kernel(rules)``.

    Attributes mirror ``engine.kalah_kernel.KalahKernel``: ``rules``, ``n`` (6),
    ``moves`` (``{"S": (f1..f6), "N": (f1..f6)}``), ``start(pos) -> (x, moves)``,
    ``legal(x, side)``, ``decode(x, side)``, ``stores(x) -> (south, north)``
    (captured seeds), ``seeds_in_play(x)``, ``sweep(x)`` (A6: each player
    takes their own row); the layout: ``south_store_shift`` 96,
    ``north_store_shift`` 104, ``store_mask`` 255, ``total`` 48 and ``cycles``
    True (a position can come back, A6 repetition).
    """

    rules: OwareRules
    n: int
    moves: dict[str, tuple[Any, ...]]
    start: Callable[[Position], tuple[int, tuple[Any, ...]]]
    legal: Callable[[int, Side], tuple[Any, ...]]
    decode: Callable[[int, Side], Position]
    stores: Callable[[int], tuple[int, int]]
    seeds_in_play: Callable[[int], int]
    sweep: Callable[[int], int]
    south_store_shift: int = BITS * SOUTH_STORE
    north_store_shift: int = BITS * NORTH_STORE
    store_mask: int = MASK
    total: int = TOTAL
    cycles: bool = True


@functools.cache
def oware_kernel(rules: OwareRules) -> OwareKernel:
    """The packed-int Oware kernel for ``rules`` (built once per rules object and kept)."""
    return _build(rules)


def _sow_tables(a: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For pit ``a`` (0..11): the addition and the last pit for every seed count (A2)."""
    deltas, lasts = [0], [a]
    for s in range(1, TOTAL + 1):
        d = -s << (BITS * a)
        j = a
        for _ in range(s):
            j = (j + 1) % 12
            if j == a:  # A2: the origin pit is skipped on every lap
                j = (j + 1) % 12
            d += 1 << (BITS * j)
        deltas.append(d)
        lasts.append(j)
    return tuple(deltas), tuple(lasts)


def _build(rules: OwareRules) -> OwareKernel:
    mode = rules.grand_slam
    sh = [BITS * k for k in range(14)]
    row_mask = {
        SOUTH: sum(MASK << sh[k] for k in range(6)),
        NORTH: sum(MASK << sh[k] for k in range(6, 12)),
    }
    base = {SOUTH: 0, NORTH: 6}
    store_sh = {SOUTH: sh[SOUTH_STORE], NORTH: sh[NORTH_STORE]}
    tables = [_sow_tables(a) for a in range(12)]
    clear = ~(row_mask[SOUTH] | row_mask[NORTH])

    def sweep(x: int) -> int:
        """A6: each player takes the seeds left in their own row."""
        s = sum((x >> sh[k]) & MASK for k in range(6))
        t = sum((x >> sh[k]) & MASK for k in range(6, 12))
        return (x & clear) + (s << sh[SOUTH_STORE]) + (t << sh[NORTH_STORE])

    def sow_capture(x: int, a: int, side: Side) -> tuple[int, int, bool]:
        """Sow pit ``a``; return (new x, seeds captured, was a grand slam) (A2-A4)."""
        deltas, lasts = tables[a]
        s = (x >> sh[a]) & MASK
        x += deltas[s]
        last = lasts[s]
        lo = 6 if side == SOUTH else 0
        if not lo <= last < lo + 6:
            return x, 0, False
        taken = 0
        cleared = x
        k = last
        while k >= lo:  # A3: back toward the mover's side
            v = (x >> sh[k]) & MASK
            if v not in OWARE_CAPTURE_COUNTS:
                break
            taken += v
            cleared -= v << sh[k]
            k -= 1
        if not taken:
            return x, 0, False
        if not cleared & row_mask[NORTH if side == SOUTH else SOUTH]:  # A4: grand slam
            if mode != "capture_all":
                return x, 0, True
        return cleared + (taken << store_sh[side]), taken, False

    moves: dict[str, tuple[Any, ...]] = {SOUTH: (), NORTH: ()}

    def legal(x: int, side: Side) -> tuple[Any, ...]:
        """Legal move functions of ``side``; empty when the game is over (A4-A6)."""
        if (x >> sh[SOUTH_STORE]) & MASK >= WIN or x >> sh[NORTH_STORE] >= WIN:
            return ()
        b = base[side]
        fns = moves[side]
        opp_empty = not x & row_mask[NORTH if side == SOUTH else SOUTH]
        out = []
        for k in range(6):
            s = (x >> sh[b + k]) & MASK
            if s and (not opp_empty or s >= 6 - k):  # A5: must feed
                out.append(fns[k])
        if mode == "illegal" and len(out) > 1:
            fair = [f for f in out if not sow_capture(x, f.a, side)[2]]
            if fair:
                out = fair
        return tuple(out)

    def make(side: Side, k: int) -> Any:
        a = base[side] + k
        other = NORTH if side == SOUTH else SOUTH
        my_store = store_sh[side]

        def move(x: int) -> tuple[int, tuple[Any, ...]]:
            x, _, _ = sow_capture(x, a, side)
            if (x >> my_store) & MASK >= WIN:
                return sweep(x), ()
            ms = legal(x, other)
            if not ms:
                return sweep(x), ()
            return x, ms

        fn: Any = move
        fn.pit, fn.side, fn.a = k + 1, side, a
        move.__name__ = f"move_{side}{k + 1}"
        return fn

    for side in (SOUTH, NORTH):
        moves[side] = tuple(make(side, k) for k in range(6))

    def encode(pos: Position) -> int:
        fields = [*pos.south, *pos.north, pos.south_store, pos.north_store]
        return sum(v << sh[k] for k, v in enumerate(fields))

    def start(pos: Position) -> tuple[int, tuple[Any, ...]]:
        x = encode(pos)
        ms = legal(x, pos.to_move)
        return (x, ms) if ms else (sweep(x), ())

    def decode(x: int, side: Side) -> Position:
        f = [(x >> b) & MASK for b in sh]
        return Position(tuple(f[:6]), f[12], tuple(f[6:12]), f[13], side)

    def stores(x: int) -> tuple[int, int]:
        return (x >> sh[SOUTH_STORE]) & MASK, x >> sh[NORTH_STORE]

    def seeds_in_play(x: int) -> int:
        return sum((x >> sh[k]) & MASK for k in range(12))

    return OwareKernel(
        rules=rules,
        n=6,
        moves=moves,
        start=start,
        legal=legal,
        decode=decode,
        stores=stores,
        seeds_in_play=seeds_in_play,
        sweep=sweep,
    )
