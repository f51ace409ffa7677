"""Awari/Oware in action (docs/rules.md A2-A6): sowing that skips its own pit, captures of 2s
and 3s, the grand slam, feeding, the end and the sweep.

Inside this module a board is a list of 12 pits in the mover's view:
``[mover's pits 1..6, opponent's pits 1..6]``; the captured seeds are kept
in the position's stores. Callers go through ``engine.moves``.
"""

from __future__ import annotations

from .position import SOUTH, Place, Position, other
from .results import EndReason, MoveResult, Outcome, swept_outcome
from .options import OWARE_CAPTURE_COUNTS, OWARE_PITS
from .rules import OwareRules

N = OWARE_PITS
"""Pits a side (A1)."""
RING = 2 * OWARE_PITS
"""Pits round the board: a sowing goes round these 12 (A2)."""


def oware_sow(b: list[int], i: int) -> tuple[int, list[int]]:
    """Sow pit ``i`` of a 12-pit mover's view in place (A2); return (last, path indices)."""
    seeds = b[i]
    b[i] = 0
    j = i
    path = []
    for _ in range(seeds):
        j = (j + 1) % RING
        if j == i:
            j = (j + 1) % RING
        b[j] += 1
        path.append(j)
    return j, path


def oware_capture(b: list[int], last: int) -> list[int]:
    """The opponent's pits a sowing ending at ``last`` captures (A3), last first."""
    taken = []
    k = last
    while k >= N and b[k] in OWARE_CAPTURE_COUNTS:
        taken.append(k)
        k -= 1
    return taken


def _oware_pits(pos: Position) -> list[int]:
    me, opp = pos.to_move, other(pos.to_move)
    return [*pos.row(me), *pos.row(opp)]


def is_grand_slam(pos: Position, pit: int) -> bool:
    """Would ``pit`` capture every seed on the opponent's side (A4)? (before any rule variant applies)"""
    b = _oware_pits(pos)
    last, _ = oware_sow(b, pit - 1)
    taken = oware_capture(b, last)
    return bool(taken) and sum(b[N:]) == sum(b[k] for k in taken)


def oware_candidates(pos: Position, rules: OwareRules) -> tuple[tuple[int, ...], str | None]:
    """Legal moves ignoring the end of the game, and the rule that filtered them."""
    row = pos.row(pos.to_move)
    moves = tuple(k + 1 for k, s in enumerate(row) if s)
    reason = None
    if not any(pos.row(other(pos.to_move))):
        moves = tuple(m for m in moves if row[m - 1] >= rules.pits + 1 - m)  # reaches the opponent (A5)
        reason = "A5"
    if rules.grand_slam == "illegal" and moves:
        fair = tuple(m for m in moves if not is_grand_slam(pos, m))
        if fair and len(fair) < len(moves):
            moves = fair
            reason = reason or "A4"
    return moves, reason


def oware_outcome(pos: Position, rules: OwareRules) -> Outcome | None:
    if pos.south_store >= rules.winning_score or pos.north_store >= rules.winning_score:
        return swept_outcome(pos, EndReason.OVER_HALF)
    if not oware_candidates(pos, rules)[0]:
        return swept_outcome(pos, EndReason.NO_MOVES)
    return None


def oware_play(pos: Position, pit: int, rules: OwareRules) -> MoveResult:
    me, opp = pos.to_move, other(pos.to_move)
    b = _oware_pits(pos)
    fired: list[str] = []
    seeds = b[pit - 1]
    fed = not any(pos.row(opp))
    if seeds >= RING:  # a lap that skips the origin pit (A2)
        fired.append("A2")
    if fed:
        fired.append("A5")
    last, idx = oware_sow(b, pit - 1)
    path = tuple(Place(me, j + 1) if j < N else Place(opp, j - N + 1) for j in idx)
    taken = oware_capture(b, last)
    captured = 0
    captured_from: tuple[Place, ...] = ()
    if taken:
        grand_slam = sum(b[N:]) == sum(b[k] for k in taken)
        if grand_slam:
            fired.append("A4")
        if not grand_slam or rules.grand_slam == "capture_all":
            fired.append("A3")
            captured = sum(b[k] for k in taken)
            captured_from = tuple(Place(opp, k - N + 1) for k in taken)
            for k in taken:
                b[k] = 0
    my_store = pos.store(me) + captured
    their_store = pos.store(opp)
    if me == SOUTH:
        after = Position(tuple(b[:N]), my_store, tuple(b[N:]), their_store, opp)
    else:
        after = Position(tuple(b[N:]), their_store, tuple(b[:N]), my_store, opp)
    end = oware_outcome(after, rules)
    swept = (0, 0)
    if end is not None:
        fired.append("A6")
        swept = (sum(after.south), sum(after.north))
        after = Position((0,) * N, end.score[0], (0,) * N, end.score[1], opp)
    return MoveResult(
        after, me, pit, path, False, captured, captured_from, end is not None,
        swept, tuple(fired), end, (seeds - 1) // rules.lap,
    )
