"""The packed-int Kalah kernel for playouts and the search: the board in one int (K5-K18).

The public ``play()`` builds readable ``MoveResult`` values; the search and
the benchmarks need millions of moves, so this module plays the same rules
(K5-K18, every ``KalahRules`` variant) on a board packed into one Python int.

Packed layout (``n`` pits a side, fields of ``b`` bits, ``b = 6`` when all the
seeds fit in 6 bits, i.e. at most 63 seeds as in the standard 6x4 game, else
``b = 8``): field ``k`` is bits ``b*k .. b*k + b - 1``, ``k = 0 .. 2n+1``::

    k = 0 .. n-1      South's pits 1..n (pit 1 at k = 0)
    k = n             South's store            (shift b*n)
    k = n+1 .. 2n     North's pits 1..n (pit 1 at k = n+1)
    k = 2n+1          North's store, the top field (shift b*(2n+1))

Pits are numbered 1..n from each owner's own left, as in ``Position``. No
count can exceed all the seeds, so a field never carries into the next; the
top field (North's store) needs no mask: ``x >> north_store_shift``.

Each pit of each side gets its own small function, generated for the rules
with every constant written in: a sowing is one precomputed addition (every
lap added at once, K7, K8), a capture a few shifts (K10-K13, K18), and the
next player's legal moves come from one dictionary lookup on a bit mask of
their non-empty pits. A move is ``x, moves = f(x)`` where ``moves`` is the
tuple of move functions of the player to move next (the same side after an
extra turn, K9); an empty tuple means the game is over and ``x`` has the final
sweep applied (K14, K15, K17). Each move function has ``.pit`` (1..n) and
``.side`` (``"S"``/``"N"``).

``KalahKernel`` satisfies ``engine.kernel.Kernel``, the layout the search reads.
``tests/test_fast.py`` proves the kernel gives the same positions, extra
turns and game ends as ``engine.play`` on random games of every variant.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass
from typing import Any, Callable

from .position import NORTH, SOUTH, Position, Side
from .rules import KalahRules


def _field_bits(total: int) -> int:
    """6 bits a field when no count can pass 63 (the standard 48 seeds), else 8.

    Smaller fields keep the packed int shorter, which makes every step faster.
    """
    return 6 if total <= 63 else 8

MoveFn = Callable[[int], "tuple[int, tuple[Any, ...]]"]
"""A move function: packed board in, (packed board, next player's move functions) out."""
Moves = tuple[MoveFn, ...]


@dataclass(frozen=True)
class KalahKernel:
    """Packed-int Kalah for one rules object; build with ``kalah_kernel(rules)``.

    Attributes:
        rules, n: the rules and pits per side.
        moves: ``{"S": (f1..fn), "N": (f1..fn)}``, one move function per pit.
        start(pos) -> (x, moves): pack a ``Position``; ``moves`` are the move
            functions of the player to move (empty when the game is over, and
            then ``x`` has the final sweep applied, K15).
        legal(x, side) -> tuple of move functions for ``side`` (empty when over).
        decode(x, side) -> Position with ``side`` to move.
        stores(x) -> (south_store, north_store), in seeds.
        seeds_in_play(x) -> seeds still in pits (both rows).
        sweep(x) -> x with each side's pits emptied into its own store (K15).
        south_store_shift, north_store_shift: bit shifts of the store fields
            (``b*n`` and ``b*(2n+1)``, module docstring).
        store_mask: ``2**b - 1``, the mask of one field.
        cycles: False: a Kalah position never comes back (stores only grow
            or a seed moves on; no repetition rule).
        total: all the seeds, ``2 * pits * seeds`` (K2).
    """

    rules: KalahRules
    n: int
    moves: dict[str, Moves]
    start: Callable[[Position], tuple[int, Moves]]
    legal: Callable[[int, Side], Moves]
    decode: Callable[[int, Side], Position]
    stores: Callable[[int], tuple[int, int]]
    seeds_in_play: Callable[[int], int]
    sweep: Callable[[int], int]
    south_store_shift: int
    north_store_shift: int
    store_mask: int
    total: int
    cycles: bool = False


@functools.cache
def kalah_kernel(rules: KalahRules) -> KalahKernel:
    """The packed-int kernel for ``rules`` (built once per rules object and kept)."""
    return _build(rules)


def _row_consts(base: int, n: int, bits: int) -> tuple[int, int, int]:
    """A row's field mask, and the masks that turn it into one flag bit per non-empty pit."""
    mask, top = (1 << bits) - 1, 1 << (bits - 1)
    row = sum(mask << (bits * (base + k)) for k in range(n))
    low = sum((top - 1) << (bits * (base + k)) for k in range(n))
    high = sum(top << (bits * (base + k)) for k in range(n))
    return row, low, high


def _build(rules: KalahRules) -> KalahKernel:
    n = rules.pits
    total = rules.total_seeds
    half = total // 2
    BITS = _field_bits(total)
    MASK = (1 << BITS) - 1
    TOP = 1 << (BITS - 1)
    sh = [BITS * k for k in range(2 * n + 2)]
    south_store, north_store = n, 2 * n + 1
    rows = {SOUTH: _row_consts(0, n, BITS), NORTH: _row_consts(n + 1, n, BITS)}
    ns: dict[str, Any] = {}
    src: list[str] = []

    def early_check(indent: str) -> str:
        if not rules.early_win:
            return ""
        return (
            f"{indent}if (x >> {sh[south_store]}) & {MASK} > {half} or x >> {sh[north_store]} > {half}:\n"
            f"{indent}    return sweep(x), ()\n"
        )

    for side in (SOUTH, NORTH):
        base = 0 if side == SOUTH else n + 1
        mine = SOUTH if side == SOUTH else NORTH
        theirs = NORTH if side == SOUTH else SOUTH
        my_store = south_store if side == SOUTH else north_store
        skip = north_store if side == SOUTH else south_store
        order = [k for k in range(2 * n + 2) if k != skip]  # K7: the opponent's store is skipped
        row_me, m7_me, m80_me = rows[mine]
        row_op, m7_op, m80_op = rows[theirs]
        for i in range(n):
            a = base + i
            origin = order.index(a)
            deltas, codes = [0], [0]
            for s in range(1, total + 1):
                laps, rest = divmod(s, len(order))
                d = -s << sh[a]
                for k in order:
                    d += laps << sh[k]
                j = origin
                for _ in range(rest):
                    j = (j + 1) % len(order)
                    d += 1 << sh[order[j]]
                last = order[(origin + s) % len(order)]
                deltas.append(d)
                # -1: the store (K9); -2: the opponent's row (K12); else the bit shift
                # of the own pit landed in (a capture candidate, K10)
                codes.append(-1 if last == my_store else (sh[last] if base <= last < base + n else -2))
            tag = f"{side}{i + 1}"
            ns[f"D{tag}"] = tuple(deltas)
            ns[f"C{tag}"] = tuple(codes)
            if rules.capture_to == "store":
                take = f"x += ((t + 1) << {sh[my_store]}) - (t << o) - (1 << c)"
            else:  # K18: into the landing pit
                take = "x += (t << c) - (t << o)"
            lone = (
                f"        else:\n            x += {1 << sh[my_store]} - (1 << c)\n"
                if rules.empty_capture
                else ""
            )
            if rules.end_rule == "row_empty":
                after_extra = f"        if not x & {row_op}:\n            return sweep(x), ()\n"
                after_pass = f"    if not x & {row_me}:\n        return sweep(x), ()\n"
            else:
                after_extra = after_pass = ""
            src.append(
                f"def move_{tag}(x):\n"
                f"    s = (x >> {sh[a]}) & {MASK}\n"
                f"    x += D{tag}[s]\n"
                f"    c = C{tag}[s]\n"
                f"    if c == -1:\n"
                + early_check("        ")
                + after_extra
                + f"        ms = LEGAL_{mine}[(((x & {m7_me}) + {m7_me}) | x) & {m80_me}]\n"
                f"        if not ms:\n"
                f"            return sweep(x), ()\n"
                f"        return x, ms\n"
                f"    if c >= 0 and (x >> c) & {MASK} == 1:\n"
                f"        o = {2 * n * BITS} - c\n"
                f"        t = (x >> o) & {MASK}\n"
                f"        if t:\n"
                f"            {take}\n"
                + lone
                + early_check("    ")
                + after_pass
                + f"    ms = LEGAL_{theirs}[(((x & {m7_op}) + {m7_op}) | x) & {m80_op}]\n"
                f"    if not ms:\n"
                f"        return sweep(x), ()\n"
                f"    return x, ms\n"
            )

    south_pits = [sh[k] for k in range(n)]
    north_pits = [sh[k] for k in range(n + 1, 2 * n + 1)]
    clear = ~(rows[SOUTH][0] | rows[NORTH][0])

    def sweep(x: int) -> int:
        """K15: each side's remaining seeds into its own store."""
        s = sum((x >> b) & MASK for b in south_pits)
        t = sum((x >> b) & MASK for b in north_pits)
        return (x & clear) + (s << sh[south_store]) + (t << sh[north_store])

    ns["sweep"] = sweep
    exec(compile("\n".join(src), f"<kalah kernel {rules!r}>", "exec"), ns)  # noqa: S102
    moves: dict[str, Moves] = {}
    for side in (SOUTH, NORTH):
        fns: list[Any] = []
        for i in range(n):
            f = ns[f"move_{side}{i + 1}"]
            f.pit, f.side = i + 1, side
            fns.append(f)
        moves[side] = tuple(fns)
        base = 0 if side == SOUTH else n + 1
        table: dict[int, Moves] = {}
        for bits in range(1 << n):
            m = sum(TOP << sh[base + k] for k in range(n) if bits >> k & 1)
            table[m] = tuple(fns[k] for k in range(n) if bits >> k & 1)
        ns[f"LEGAL_{side}"] = table

    def stores(x: int) -> tuple[int, int]:
        return (x >> sh[south_store]) & MASK, x >> sh[north_store]

    def over(x: int, side: Side) -> bool:
        if rules.early_win and max(stores(x)) > half:
            return True
        if rules.end_rule == "stuck":
            return not x & rows[side][0]
        return not x & rows[SOUTH][0] or not x & rows[NORTH][0]

    def legal(x: int, side: Side) -> Moves:
        if over(x, side):
            return ()
        row, m7, m80 = rows[side]
        table: dict[int, Moves] = ns[f"LEGAL_{side}"]
        return table[(((x & m7) + m7) | x) & m80]

    def encode(pos: Position) -> int:
        fields = [*pos.south, pos.south_store, *pos.north, pos.north_store]
        return sum(v << sh[k] for k, v in enumerate(fields))

    def start(pos: Position) -> tuple[int, Moves]:
        x = encode(pos)
        ms = legal(x, pos.to_move)
        return (x, ms) if ms else (sweep(x), ())

    def decode(x: int, side: Side) -> Position:
        f = [(x >> b) & MASK for b in sh]
        return Position(tuple(f[:n]), f[n], tuple(f[n + 1 : 2 * n + 1]), f[2 * n + 1], side)

    def seeds_in_play(x: int) -> int:
        return sum((x >> b) & MASK for b in south_pits + north_pits)

    return KalahKernel(
        rules=rules,
        n=n,
        moves=moves,
        start=start,
        legal=legal,
        decode=decode,
        stores=stores,
        seeds_in_play=seeds_in_play,
        sweep=sweep,
        south_store_shift=sh[south_store],
        north_store_shift=sh[north_store],
        store_mask=MASK,
        total=total,
    )
