"""The rules in action: legal moves, playing a move, and the result (the public face).

Kalah follows docs/rules.md K1-K18 (``engine.kalah``), Awari/Oware follows A1-A6
(``engine.oware``). Every function is pure: it returns new values and never
changes its arguments.
"""

from __future__ import annotations

from .errors import IllegalMoveError
from .kalah import kalah_legal, kalah_outcome, kalah_play
from .oware import is_grand_slam, oware_candidates, oware_outcome, oware_play
from .position import SOUTH, Position
from .results import MoveResult, Outcome
from .rules import KalahRules, OwareRules, Rules


def _shown(value: object) -> str:
    """``value`` for a message, never long: a huge number is not written out (Python refuses
    to turn an int of more than 4300 digits into text)."""
    if isinstance(value, int) and not isinstance(value, bool) and not -10**9 < value < 10**9:
        return "a number too large to write"
    text = repr(value) if not isinstance(value, int) else str(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _check_pit_value(pos: Position, pit: object) -> int:
    """``pit`` as a whole number 1..n; anything else (a bool, a float, a string) is refused (K5)."""
    n = pos.pits_per_side
    if isinstance(pit, bool) or not isinstance(pit, int):
        raise IllegalMoveError(
            f"pit must be a whole number from 1 to {n}, not {_shown(pit)}, in {pos.to_notation()}", "K5", pit
        )
    if not 1 <= pit <= n:
        raise IllegalMoveError(
            f"there is no pit {_shown(pit)}: pits are numbered 1 to {n} (a store is never a move), "
            f"in {pos.to_notation()}",
            "K5",
            pit,
        )
    return pit


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
        if oware_outcome(pos, rules) is not None:
            return ()
        return oware_candidates(pos, rules)[0]
    return kalah_legal(pos, rules)


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
        return oware_outcome(pos, rules)
    return kalah_outcome(pos, rules)


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
            pit,
        )
    who = "South" if pos.to_move == SOUTH else "North"
    if pos.row(pos.to_move)[pit - 1] == 0:
        raise IllegalMoveError(
            f"{who}'s pit {pit} is empty: a move must lift seeds in {pos.to_notation()}", "K5", pit
        )
    if isinstance(rules, OwareRules):
        allowed, reason = oware_candidates(pos, rules)
        if pit not in allowed:
            if reason == "A5" and not is_grand_slam(pos, pit):
                msg = f"pit {pit} does not reach the opponent, who has no seeds: you must feed them"
            else:
                msg = f"pit {pit} would capture every seed of the opponent (a grand slam), which these rules forbid"
                reason = "A4"
            raise IllegalMoveError(f"{msg}, in {pos.to_notation()}", reason or "A5", pit)
        return oware_play(pos, pit, rules)
    assert isinstance(rules, KalahRules)
    return kalah_play(pos, pit, rules)


def swept(pos: Position, rules: Rules) -> Position:
    """``pos`` as the board stands once a finished game's final sweep is done (K15, A6): each
    player's row in their own store; ``pos`` itself while the game goes on."""
    end = outcome(pos, rules)
    if end is None:
        return pos
    n = rules.pits
    return Position((0,) * n, end.score[0], (0,) * n, end.score[1], pos.to_move)

