"""Kalah in action (docs/rules.md K5-K18): sowing, extra turns, captures, the end and the sweep.

Inside this module a board is a list in the mover's view:
``[mover's pits 1..n, mover's store, opponent's pits 1..n, opponent's store]``
(length 2n + 2), so sowing counter-clockwise is simply "index + 1".
Callers go through ``engine.moves`` (``play``, ``legal_moves``, ``outcome``),
which check the pit first.
"""

from __future__ import annotations

from .position import SOUTH, STORE, Place, Position, Side, other
from .results import EndReason, MoveResult, Outcome, swept_outcome
from .rules import KalahRules


def _to_view(pos: Position) -> list[int]:
    me, opp = pos.to_move, other(pos.to_move)
    return [*pos.row(me), pos.store(me), *pos.row(opp), pos.store(opp)]


def _from_view(b: list[int], n: int, me: Side, to_move: Side) -> Position:
    mine, mine_store = tuple(b[:n]), b[n]
    theirs, their_store = tuple(b[n + 1 : 2 * n + 1]), b[2 * n + 1]
    if me == SOUTH:
        return Position(mine, mine_store, theirs, their_store, to_move)
    return Position(theirs, their_store, mine, mine_store, to_move)


def _place(j: int, n: int, me: Side) -> Place:
    if j < n:
        return Place(me, j + 1)
    if j == n:
        return Place(me, STORE)
    if j <= 2 * n:
        return Place(other(me), j - n)
    return Place(other(me), STORE)


def kalah_outcome(pos: Position, rules: KalahRules) -> Outcome | None:
    if rules.early_win:
        half = rules.total_seeds / 2
        if pos.south_store > half or pos.north_store > half:
            return swept_outcome(pos, EndReason.EARLY_WIN)
    if rules.end_rule == "row_empty":
        if not any(pos.south) or not any(pos.north):
            return swept_outcome(pos, EndReason.ROW_EMPTY)
    elif not any(pos.row(pos.to_move)):
        return swept_outcome(pos, EndReason.STUCK)
    return None


def kalah_play(pos: Position, pit: int, rules: KalahRules) -> MoveResult:
    n = rules.pits
    me = pos.to_move
    b = _to_view(pos)
    i = pit - 1
    seeds = b[i]
    b[i] = 0
    fired: list[str] = []
    cycle = 2 * n + 1  # every place but the opponent's store (K7)
    path = []
    j = i
    for _ in range(seeds):
        j = (j + 1) % cycle
        b[j] += 1
        path.append(_place(j, n, me))
    last = j
    if seeds >= n - i:
        fired.append("K7")
    if seeds >= cycle:
        fired.append("K8")
    captured = 0
    captured_from: tuple[Place, ...] = ()
    extra = False
    if last == n:
        extra = True
        fired.append("K9")
    elif last < n:
        opposite = 2 * n - last
        if b[last] == 1:  # empty when the last seed arrived (K13)
            if seeds == cycle:
                fired.append("K13")
            if b[opposite] > 0:
                fired.append("K10")
                taken = b[opposite]
                b[opposite] = 0
                if rules.capture_to == "store":
                    b[n] += taken + 1
                    b[last] = 0
                    captured = taken + 1
                    captured_from = (_place(opposite, n, me), _place(last, n, me))
                else:
                    fired.append("K18")
                    b[last] += taken
                    captured = taken
                    captured_from = (_place(opposite, n, me),)
            else:
                fired.append("K11")
                if rules.empty_capture:
                    b[n] += 1
                    b[last] = 0
                    captured = 1
                    captured_from = (_place(last, n, me),)
        elif pos.row(me)[last] == 0 or last == i:
            fired.append("K13")  # it was empty before the move but got a seed earlier
    elif b[last] == 1:
        fired.append("K12")

    half = rules.total_seeds / 2
    before_decided = max(pos.south_store, pos.north_store) > half
    to_move = me if extra else other(me)
    after = _from_view(b, n, me, to_move)
    if not before_decided and max(after.south_store, after.north_store) > half:
        fired.append("K17")
    end = kalah_outcome(after, rules)
    swept = (0, 0)
    if end is not None:
        extra = False
        if end.reason != EndReason.EARLY_WIN:
            fired.append("K14")
        swept = (sum(after.south), sum(after.north))
        if any(swept):
            fired.append("K15")
        fired.append("K16")
        after = Position(
            (0,) * n, end.score[0], (0,) * n, end.score[1], to_move
        )
    return MoveResult(
        after, me, pit, tuple(path), extra, captured, captured_from, end is not None,
        swept, tuple(fired), end, seeds // cycle,
    )


def kalah_legal(pos: Position, rules: KalahRules) -> tuple[int, ...]:
    if kalah_outcome(pos, rules) is not None:
        return ()
    row = pos.row(pos.to_move)
    return tuple(k + 1 for k, seeds in enumerate(row) if seeds)
