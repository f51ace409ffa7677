"""The opponent's best answer to a move: the refutation a puzzle shows after a wrong turn.

:func:`best_reply` plays the whole turn of the player to move (their extra
turns too, K9), each move chosen by the engine's search. It is the same on
every machine: never a time budget. A small Kalah position (at most
:data:`EXACT_SEEDS` seeds in play) is searched to the end of the game
(exact values, K16); anything bigger (and every Awari position, whose
repetitions, A6, make proofs slow) looks :data:`REPLY_DEPTH` plies ahead.
Among moves of the same value the one that captures the most now wins, then
the lowest pit. Answers are kept (:func:`functools.lru_cache`): a position
asked again gets the same turn at once.
"""

from __future__ import annotations

import functools

from engine import Position, Rules, Side, Turn, analyse, legal_moves, play

EXACT_SEEDS = 14
"""Kalah positions with at most this many seeds in play are searched to the end (a fraction of
a second on a slow machine); bigger ones look :data:`REPLY_DEPTH` plies ahead."""
VALUE_SEEDS = 16
"""Kalah positions with at most this many seeds in play get an exact value (:func:`value_for`): a best-play
puzzle's positions (at most 16 in play; a few tenths of a second on a slow machine)."""
REPLY_DEPTH = 6
"""Plies (every move, extra turns too) the search looks ahead when it does not search to the end."""


def exact(position: Position, rules: Rules) -> bool:
    """True when :func:`best_reply` searches ``position`` to the end of the game."""
    return rules.game == "kalah" and position.seeds_in_play <= EXACT_SEEDS


def _move(position: Position, rules: Rules) -> int:
    """The best pit of the player to move (see the module doc for the search and the ties)."""
    if exact(position, rules):
        values = analyse(position, rules, time_ms=None)
    else:
        values = analyse(position, rules, time_ms=None, max_depth=REPLY_DEPTH)
    top = max(v.value for v in values)
    best = [v.pit for v in values if v.value == top]
    return max(best, key=lambda pit: (play(position, pit, rules).captured, -pit))


@functools.lru_cache(maxsize=512)
def value_for(position: Position, rules: Rules, side: Side) -> int | None:
    """``side``'s final store difference (seeds ahead; negative: behind) with best play from ``position``,
    searched to the end of the game (K16); a finished game's own difference (the sweep is in the stores,
    K15). ``None`` when the search cannot prove it exactly: only Kalah positions with at most
    :data:`VALUE_SEEDS` seeds in play are searched (a best-play puzzle's, whose values the tests prove)."""
    other: Side = "N" if side == "S" else "S"
    moves = legal_moves(position, rules) if position.to_move is not None else ()
    if not moves:
        return position.store(side) - position.store(other)
    if rules.game != "kalah" or position.seeds_in_play > VALUE_SEEDS:
        return None
    values = analyse(position, rules, time_ms=None)
    if not all(v.exact for v in values):
        return None
    best = max(v.value for v in values)
    return best if position.to_move == side else -best


@functools.lru_cache(maxsize=512)
def best_reply(position: Position, rules: Rules) -> Turn:
    """The whole turn the player to move in ``position`` plays (K9 chains followed), from ``position``.

    Raises ``ValueError`` when the game is over (there is no move).
    """
    turn = Turn(position)
    while not turn.complete:
        turn = turn.then(_move(turn.position, rules), rules)
    return turn


__all__ = ["EXACT_SEEDS", "REPLY_DEPTH", "VALUE_SEEDS", "best_reply", "exact", "value_for"]
