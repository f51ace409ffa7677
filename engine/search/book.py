"""Exact values read from data: the Kalah 6-pit opening books and endgame table.

Both files are made once by ``tools/build_book.py`` with the C solver
(``tools/kalah_solver.c``) and shipped in ``engine/data/``; they are read
lazily, the first time a position needs them, and kept.

- ``kalah_6x<S>_<rule>.book`` (text), one book per start of S seeds a pit
  (6x3, 6x4, 6x5; the first line, ``#``, says how far it reaches): one line
  per position within the first plies of a 6xS game, ``p1 .. p12 : v1 .. v6``
  - the mover's pits 1..6, the opponent's pits 1..6, then each pit's value
  (``x`` for an empty pit). All the books of a rule are read as one table: a
  board's value does not depend on the game it came from (below).
- ``kalah_6_<rule>_<N>.egtb.gz`` (gzip): one signed byte per board of 6 pits
  a side with at most N seeds in the pits (both rows, the mover to move):
  its value with best play, at the board's ``rank`` (below).

- ``kalah_proven.txt`` (text, ``engine.search.kalah_proven``): the taught positions
  of the lessons and puzzles the book and the table do not reach, in the
  book's form; read with the book (not with ``endgame=False``).

``<rule>`` is ``standard`` (K10) or ``empty`` (K11 empty-capture variant).
A stored value is the *future* store difference in seeds from the mover's
view with best play; it does not depend on the stores, so one board serves
every store content. ``lookup`` adds the current stores, giving final store
differences (K16) as ``analyse`` reports them. The data fits only the rules
the solver plays: 6 pits, K14 ``row_empty``, captures to the store, no early
win (any seeds per pit: the seeds only set the start).
"""

from __future__ import annotations

import gzip
import math
import threading
from functools import cache
from pathlib import Path

from ..position import NORTH, SOUTH, Position
from ..rules import KalahRules, Rules
from .kalah_proven import proven_table

DATA = Path(__file__).resolve().parent.parent / "data"
PITS = 6
_LOCK = threading.Lock()

Board = tuple[int, ...]
"""The mover's pits 1..6 then the opponent's pits 1..6 (12 counts)."""


def rule_name(rules: Rules) -> str | None:
    """``"standard"`` or ``"empty"`` when the data fits ``rules``, else ``None`` (module docstring)."""
    if not isinstance(rules, KalahRules) or rules.pits != PITS:
        return None
    if rules.end_rule != "row_empty" or rules.capture_to != "store" or rules.early_win:
        return None
    return "empty" if rules.empty_capture else "standard"


def mover_board(position: Position) -> Board:
    """The mover's pits then the opponent's, each from its own pit 1."""
    me = position.to_move
    return position.row(me) + position.row(NORTH if me == SOUTH else SOUTH)


def play_board(board: Board, i: int, empty_capture: bool) -> tuple[int, Board, int]:
    """Sow pit index ``i`` (0..5) of ``board``: ``(gain, board after, kind)``.

    ``gain``: seeds into the mover's store (K7-K11), plus the final sweep
    difference when the game ends (K14, K15). ``kind``: 0 the opponent moves
    next (the board after is from the opponent's view), 1 an extra turn (K9),
    2 the game is over (the board after is all zeros).
    """
    n, lap = PITS, 2 * PITS + 1
    out = list(board)
    s, out[i] = out[i], 0
    laps, rest = divmod(s, lap)
    gain = laps
    if laps:
        out = [c + laps for c in out]
    pos = i
    for _ in range(rest):
        pos = (pos + 1) % lap
        if pos < n:
            out[pos] += 1
        elif pos == n:
            gain += 1
        else:
            out[pos - 1] += 1
    last = (i + s) % lap
    kind = 1 if last == n else 0
    if last < n and out[last] == 1:
        o = 2 * n - 1 - last
        if out[o]:
            gain += out[o] + 1
            out[o] = out[last] = 0
        elif empty_capture:
            gain += 1
            out[last] = 0
    mine, theirs = sum(out[:n]), sum(out[n:])
    if not mine or not theirs:
        return gain + mine - theirs, (0,) * (2 * n), 2
    if kind == 0:
        out = out[n:] + out[:n]
    return gain, tuple(out), kind


def rank(board: Board) -> int:
    """The board's index in an endgame table: boards with fewer seeds first, then the
    stars-and-bars bars ``b_j = p_1 + .. + p_(j+1) + j`` in the combinatorial number system."""
    m, k = len(board), sum(board)
    r = math.comb(k + m - 1, m)
    acc = 0
    for j in range(m - 1):
        acc += board[j]
        r += math.comb(acc + j, j + 1)
    return r


def book_paths(rule: str) -> list[Path]:
    """The shipped opening books of ``rule``, ``kalah_6x<S>_<rule>.book``, by seeds a pit."""
    return sorted(DATA.glob(f"kalah_6x*_{rule}.book"))


@cache
def _book(rule: str) -> dict[Board, tuple[int | None, ...]]:
    out: dict[Board, tuple[int | None, ...]] = {}
    for path in book_paths(rule):
        for line in path.read_text().splitlines():
            if not line or line.startswith("#"):
                continue
            pits, _, vals = line.partition(":")
            key = tuple(int(t) for t in pits.split())
            out[key] = tuple(None if t == "x" else int(t) for t in vals.split())
    return out


@cache
def _table(rule: str) -> tuple[int, bytes]:
    """``(N, table bytes)`` of the largest endgame table shipped for ``rule``; ``(-1, b"")`` if none."""
    best = (-1, b"")
    for path in DATA.glob(f"kalah_6_{rule}_*.egtb.gz"):
        n = int(path.name.split("_")[-1].split(".")[0])
        if n > best[0]:
            best = (n, gzip.decompress(path.read_bytes()))
    return best


def book_table(rule: str) -> dict[Board, tuple[int | None, ...]]:
    """The opening books of ``rule``, every start's in one table (read once; ``{}`` when none is shipped)."""
    with _LOCK:
        return _book(rule)


def endgame_table(rule: str) -> tuple[int, bytes]:
    """``(most seeds in the pits, the table)`` of ``rule`` (read once; ``(-1, b"")`` when not shipped)."""
    with _LOCK:
        return _table(rule)


def known_values(board: Board, rule: str, endgame: bool = True) -> tuple[int | None, ...] | None:
    """Every pit's future store difference of ``board`` from the opening book, else (with ``endgame``)
    from the proven taught positions (``engine.search.kalah_proven``); ``None`` when neither holds it."""
    known = book_table(rule).get(board)
    if known is None and endgame:
        known = proven_table(rule).get(board)
    return known


def board_values(board: Board, rule: str, endgame: bool = True) -> tuple[int | None, ...] | None:
    """The future store difference of each pit index of ``board`` (``None``: empty pit), or ``None``
    when the data does not cover every child."""
    known = known_values(board, rule, endgame)
    if known is not None:
        return known
    out: list[int | None] = []
    for i in range(PITS):
        if not board[i]:
            out.append(None)
            continue
        gain, after, kind = play_board(board, i, rule == "empty")
        if kind == 2:
            out.append(gain)
            continue
        v = board_value(after, rule, endgame)
        if v is None:
            return None
        out.append(gain + (v if kind == 1 else -v))
    return tuple(out)


def best_line(board: Board, rule: str, i: int, limit: int = 40) -> tuple[int, ...]:
    """Pit ``i + 1`` of ``board`` then best replies from the data (the lowest best pit), at most
    ``limit`` pits, each in the numbering of the player who plays it, as ``MoveValue.pv``."""
    line = [i + 1]
    gain, after, kind = play_board(board, i, rule == "empty")
    while kind != 2 and len(line) < limit:
        vals = board_values(after, rule)
        if vals is None:
            break
        top = max(v for v in vals if v is not None)
        i = vals.index(top)
        line.append(i + 1)
        gain, after, kind = play_board(after, i, rule == "empty")
    return tuple(line)


def board_value(board: Board, rule: str, endgame: bool = True) -> int | None:
    """The future store difference of ``board`` (mover to move) from the data, or ``None``."""
    known = known_values(board, rule, endgame)
    if known is not None:
        return max(v for v in known if v is not None)
    if endgame:
        n, table = endgame_table(rule)
        if sum(board) <= n:
            v = table[rank(board)]
            return v - 256 if v > 127 else v
    return None


def lookup(position: Position, rules: Rules, *, endgame: bool = True) -> dict[int, int] | None:
    """Exact final store differences (K16, mover's view) of every legal pit, from the data.

    Returns ``{pit: value}`` (pits 1..6 with seeds), or ``None`` when the data
    does not cover the position (other rules, not in the book nor the
    proven taught positions, too many seeds for the endgame table, or the
    game is over). ``endgame=False`` reads the opening book only.
    """
    rule = rule_name(rules)
    if rule is None:
        return None
    board = mover_board(position)
    if len(board) != 2 * PITS or not any(board[:PITS]) or not any(board[PITS:]):
        return None
    vals = board_values(board, rule, endgame)
    if vals is None:
        return None
    me = position.to_move
    now = position.store(me) - position.store(NORTH if me == SOUTH else SOUTH)
    return {i + 1: now + v for i, v in enumerate(vals) if v is not None}


def line(position: Position, rules: Rules, pit: int) -> tuple[int, ...]:
    """``pit`` then the best replies the data knows (``best_line``); ``(pit,)`` for other rules."""
    rule = rule_name(rules)
    return (pit,) if rule is None else best_line(mover_board(position), rule, pit - 1)
