"""The rules in action: legal moves, playing a move, and the result.

Kalah follows RULES.md K1-K18, Awari/Oware follows A1-A6. Every function is
pure: it returns new values and never changes its arguments.

Inside this module a board is a list in the mover's view:
``[mover's pits 1..n, mover's store, opponent's pits 1..n, opponent's store]``
so sowing counter-clockwise is simply "index + 1".
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalMoveError
from .position import NORTH, SOUTH, STORE, Place, Position, other
from .rules import KalahRules, OwareRules, Rules


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is ``"S"``, ``"N"`` or ``None`` for a draw (K16, A6).
    ``score`` is ``(south, north)`` after the final sweep (K15).
    ``reason``: ``"row_empty"`` (K14), ``"stuck"`` (K14 variant),
    ``"early_win"`` (K17 variant), ``"over_half"`` (A6, 25 or more),
    ``"no_moves"`` (A6, the player to move cannot move),
    ``"repetition"`` (A6, a position came back since the last capture).
    """

    winner: str | None
    score: tuple[int, int]
    reason: str

    @property
    def result(self) -> str:
        """``"south"``, ``"north"`` or ``"draw"``."""
        return {SOUTH: "south", NORTH: "north", None: "draw"}[self.winner]

    @property
    def margin(self) -> int:
        """Winner's score minus loser's score (0 for a draw)."""
        return abs(self.score[0] - self.score[1])


@dataclass(frozen=True)
class MoveResult:
    """What one move did.

    Attributes:
        position: the position after the move; when the game ended, the
            final sweep (K15 / A6) is already applied. Its ``to_move`` is the
            player who would move next (the mover again after a last seed
            in the store).
        mover: ``"S"`` or ``"N"``; pit: the pit played, 1..n in the mover's numbering.
        path: where each sown seed went, in order, one ``Place`` per seed
            lifted (stores included, pit 0 meaning a store).
        extra_turn: the mover moves again (K9); never True when the game ended.
        captured: seeds moved by the capture (K10: the opposite seeds plus the
            lone last seed; K18: the opposite seeds; K11 variant: 1; A3: the
            seeds taken), 0 if none.
        captured_from: the places those seeds were taken from.
        game_over: the game ended with this move.
        swept: ``(south, north)`` seeds moved by the final sweep, ``(0, 0)`` if none.
        rules_fired: ids of the rules this move used, in order, e.g.
            ``("K7", "K9")`` for a sowing that ended in the store.
        outcome: the ``Outcome`` when ``game_over``, else ``None``.
        laps: whole laps the sowing made: Kalah, the times it came back to
            its own pit (seeds // (2n + 1), K8); Oware, the times it skipped
            its own pit ((seeds - 1) // 11, A2). 0 for a short sowing.
    """

    position: Position
    mover: str
    pit: int
    path: tuple[Place, ...]
    extra_turn: bool
    captured: int
    captured_from: tuple[Place, ...]
    game_over: bool
    swept: tuple[int, int]
    rules_fired: tuple[str, ...]
    outcome: Outcome | None = None
    laps: int = 0

    @property
    def last(self) -> Place:
        """Where the last seed landed."""
        return self.path[-1]


# ----------------------------------------------------------------- helpers


def _to_view(pos: Position) -> list[int]:
    me, opp = pos.to_move, other(pos.to_move)
    return [*pos.row(me), pos.store(me), *pos.row(opp), pos.store(opp)]


def _from_view(b: list[int], n: int, me: str, to_move: str) -> Position:
    mine, mine_store = tuple(b[:n]), b[n]
    theirs, their_store = tuple(b[n + 1 : 2 * n + 1]), b[2 * n + 1]
    if me == SOUTH:
        return Position(mine, mine_store, theirs, their_store, to_move)
    return Position(theirs, their_store, mine, mine_store, to_move)


def _place(j: int, n: int, me: str) -> Place:
    if j < n:
        return Place(me, j + 1)
    if j == n:
        return Place(me, STORE)
    if j <= 2 * n:
        return Place(other(me), j - n)
    return Place(other(me), STORE)


def _winner(score: tuple[int, int]) -> str | None:
    if score[0] > score[1]:
        return SOUTH
    if score[1] > score[0]:
        return NORTH
    return None


def _swept_outcome(pos: Position, reason: str) -> Outcome:
    score = (pos.south_store + sum(pos.south), pos.north_store + sum(pos.north))
    return Outcome(_winner(score), score, reason)


def _check_pit_value(pos: Position, pit: object) -> int:
    n = pos.pits_per_side
    if isinstance(pit, bool) or not isinstance(pit, int):
        raise IllegalMoveError(
            f"pit must be a whole number from 1 to {n}, not {pit!r}, in {pos.to_notation()}", "K5"
        )
    if not 1 <= pit <= n:
        raise IllegalMoveError(
            f"there is no pit {pit}: pits are numbered 1 to {n} (a store is never a move), "
            f"in {pos.to_notation()}",
            "K5",
        )
    return pit


# ------------------------------------------------------------------- Kalah


def _kalah_outcome(pos: Position, rules: KalahRules) -> Outcome | None:
    if rules.early_win:
        half = rules.total_seeds / 2
        if pos.south_store > half or pos.north_store > half:
            return _swept_outcome(pos, "early_win")
    if rules.end_rule == "row_empty":
        if not any(pos.south) or not any(pos.north):
            return _swept_outcome(pos, "row_empty")
    elif not any(pos.row(pos.to_move)):
        return _swept_outcome(pos, "stuck")
    return None


def _kalah_play(pos: Position, pit: int, rules: KalahRules) -> MoveResult:
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
    end = _kalah_outcome(after, rules)
    swept = (0, 0)
    if end is not None:
        extra = False
        if end.reason != "early_win":
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


def _kalah_legal(pos: Position, rules: KalahRules) -> tuple[int, ...]:
    if _kalah_outcome(pos, rules) is not None:
        return ()
    row = pos.row(pos.to_move)
    return tuple(k + 1 for k, seeds in enumerate(row) if seeds)


# ------------------------------------------------------------------- Oware


def _oware_sow(b: list[int], i: int) -> tuple[int, list[int]]:
    """Sow pit ``i`` of a 12-pit mover's view in place (A2); return (last, path indices)."""
    seeds = b[i]
    b[i] = 0
    j = i
    path = []
    for _ in range(seeds):
        j = (j + 1) % 12
        if j == i:
            j = (j + 1) % 12
        b[j] += 1
        path.append(j)
    return j, path


def _oware_capture(b: list[int], last: int) -> list[int]:
    """The opponent's pits a sowing ending at ``last`` captures (A3), last first."""
    taken = []
    k = last
    while k >= 6 and b[k] in (2, 3):
        taken.append(k)
        k -= 1
    return taken


def _oware_pits(pos: Position) -> list[int]:
    me, opp = pos.to_move, other(pos.to_move)
    return [*pos.row(me), *pos.row(opp)]


def _is_grand_slam(pos: Position, pit: int) -> bool:
    b = _oware_pits(pos)
    last, _ = _oware_sow(b, pit - 1)
    taken = _oware_capture(b, last)
    return bool(taken) and sum(b[6:]) == sum(b[k] for k in taken)


def _oware_candidates(pos: Position, rules: OwareRules) -> tuple[tuple[int, ...], str | None]:
    """Legal moves ignoring the end of the game, and the rule that filtered them."""
    row = pos.row(pos.to_move)
    moves = tuple(k + 1 for k, s in enumerate(row) if s)
    reason = None
    if not any(pos.row(other(pos.to_move))):
        moves = tuple(m for m in moves if row[m - 1] >= 7 - m)  # reaches the opponent (A5)
        reason = "A5"
    if rules.grand_slam == "illegal" and moves:
        fair = tuple(m for m in moves if not _is_grand_slam(pos, m))
        if fair and len(fair) < len(moves):
            moves = fair
            reason = reason or "A4"
    return moves, reason


def _oware_outcome(pos: Position, rules: OwareRules) -> Outcome | None:
    if pos.south_store >= rules.winning_score or pos.north_store >= rules.winning_score:
        return _swept_outcome(pos, "over_half")
    if not _oware_candidates(pos, rules)[0]:
        return _swept_outcome(pos, "no_moves")
    return None


def _oware_play(pos: Position, pit: int, rules: OwareRules) -> MoveResult:
    me, opp = pos.to_move, other(pos.to_move)
    b = _oware_pits(pos)
    fired: list[str] = []
    seeds = b[pit - 1]
    fed = not any(pos.row(opp))
    if seeds >= 12:
        fired.append("A2")
    if fed:
        fired.append("A5")
    last, idx = _oware_sow(b, pit - 1)
    path = tuple(Place(me, j + 1) if j < 6 else Place(opp, j - 5) for j in idx)
    taken = _oware_capture(b, last)
    captured = 0
    captured_from: tuple[Place, ...] = ()
    if taken:
        grand_slam = sum(b[6:]) == sum(b[k] for k in taken)
        if grand_slam:
            fired.append("A4")
        if not grand_slam or rules.grand_slam == "capture_all":
            fired.append("A3")
            captured = sum(b[k] for k in taken)
            captured_from = tuple(Place(opp, k - 5) for k in taken)
            for k in taken:
                b[k] = 0
    my_store = pos.store(me) + captured
    their_store = pos.store(opp)
    if me == SOUTH:
        after = Position(tuple(b[:6]), my_store, tuple(b[6:]), their_store, opp)
    else:
        after = Position(tuple(b[6:]), their_store, tuple(b[:6]), my_store, opp)
    end = _oware_outcome(after, rules)
    swept = (0, 0)
    if end is not None:
        fired.append("A6")
        swept = (sum(after.south), sum(after.north))
        after = Position((0,) * 6, end.score[0], (0,) * 6, end.score[1], opp)
    return MoveResult(
        after, me, pit, path, False, captured, captured_from, end is not None,
        swept, tuple(fired), end, (seeds - 1) // 11,
    )


# ------------------------------------------------------------------ public


def _check_position(pos: Position, rules: Rules) -> None:
    if not isinstance(pos, Position):
        raise TypeError(f"expected a Position, not {type(pos).__name__}")
    if pos.pits_per_side != rules.pits:
        raise ValueError(
            f"position {pos.to_notation()} has {pos.pits_per_side} pits a side but the rules use {rules.pits}"
        )


def legal_moves(pos: Position, rules: Rules) -> tuple[int, ...]:
    """The pits the player to move may play, ascending, 1..n in their own numbering.

    Kalah: every non-empty pit of the mover (K5). Oware: the same, limited
    to moves that feed an empty opponent (A5) and, with
    ``grand_slam="illegal"``, to moves that are not a grand slam while
    another move exists (A4). Empty when the game is over (K14, A6).
    """
    _check_position(pos, rules)
    if isinstance(rules, OwareRules):
        if _oware_outcome(pos, rules) is not None:
            return ()
        return _oware_candidates(pos, rules)[0]
    return _kalah_legal(pos, rules)


def outcome(pos: Position, rules: Rules) -> Outcome | None:
    """``None`` while the game goes on, else the ``Outcome`` with the final sweep counted.

    Kalah: a row is empty (K14), or with ``end_rule="stuck"`` the player to
    move has no seeds, or with ``early_win`` a store holds more than half (K17).
    Oware: a store holds 25 or more, or the player to move has no legal move
    (A6). The repetition rule (A6) needs the game's history: see ``Game``.
    For the move that ended a game, prefer ``MoveResult.outcome``: once the
    sweep is applied the position alone may suggest another ``reason``.
    """
    _check_position(pos, rules)
    if isinstance(rules, OwareRules):
        return _oware_outcome(pos, rules)
    return _kalah_outcome(pos, rules)


def play(pos: Position, pit: int, rules: Rules) -> MoveResult:
    """Play ``pit`` (1..n in the mover's own numbering) and return the ``MoveResult``.

    Kalah: K5-K18. Oware: A2-A6.

    Raises:
        IllegalMoveError: a pit that is not a whole number or out of range,
            an empty pit (K5), a move after the game ended (K14/A6), a move
            that does not feed an empty opponent (A5), a forbidden grand
            slam (A4). The position is not changed.

    >>> from engine import KalahRules, Position
    >>> play(KalahRules().initial_position(), 3, KalahRules()).position.to_notation()
    '4,4,0,5,5,5/1/4,4,4,4,4,4/0/S'
    """
    _check_position(pos, rules)
    pit = _check_pit_value(pos, pit)
    is_oware = isinstance(rules, OwareRules)
    if outcome(pos, rules) is not None:
        raise IllegalMoveError(
            f"the game is over, no more moves (tried pit {pit}) in {pos.to_notation()}",
            "A6" if is_oware else "K14",
        )
    who = "South" if pos.to_move == SOUTH else "North"
    if pos.row(pos.to_move)[pit - 1] == 0:
        raise IllegalMoveError(
            f"{who}'s pit {pit} is empty: a move must lift seeds in {pos.to_notation()}", "K5"
        )
    if isinstance(rules, OwareRules):
        allowed, reason = _oware_candidates(pos, rules)
        if pit not in allowed:
            if reason == "A5" and not _is_grand_slam(pos, pit):
                msg = f"pit {pit} does not reach the opponent, who has no seeds: you must feed them"
            else:
                msg = f"pit {pit} would capture every seed of the opponent (a grand slam), which these rules forbid"
                reason = "A4"
            raise IllegalMoveError(f"{msg}, in {pos.to_notation()}", reason or "A5")
        return _oware_play(pos, pit, rules)
    assert isinstance(rules, KalahRules)
    return _kalah_play(pos, pit, rules)
