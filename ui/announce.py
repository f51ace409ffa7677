"""Words for moves: turn the rule ids the engine returns into short sentences.

The sentences are content and live in ``lessons/rules.toml`` (one table per
rule id K1-K19, A1-A6, tip T1-T3 and mistake M1-M7). This module only picks
the sentences for the ids a ``MoveResult`` lists and fills in the numbers the
engine gives (the path, the seeds captured and where from, the seeds swept,
the reason the game ended); it never decides a rule.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterable
from pathlib import Path

from engine import NORTH, SOUTH, MoveResult, Outcome, opposite_pit

RULES_TOML = Path(__file__).resolve().parent.parent / "lessons" / "rules.toml"

SIDE_NAMES = {SOUTH: "South", NORTH: "North"}

# Ids announced after a move, in this order (K16/A6 results are told by ``result_text``).
_ANNOUNCED = ("A5", "A2", "K8", "K9", "K10", "K18", "K11", "K12", "A4", "A3", "K17", "K14", "K15", "A6")


@functools.cache
def rule_texts() -> dict[str, dict[str, str]]:
    """All entries of ``lessons/rules.toml``: id -> {"title", "text", "say"?, ...}."""
    with RULES_TOML.open("rb") as fh:
        return tomllib.load(fh)


def rule_text(rule_id: str) -> str:
    """The one-sentence explanation of ``rule_id`` (e.g. ``"K10"``); ``""`` if unknown."""
    return rule_texts().get(rule_id, {}).get("text", "")


def rule_title(rule_id: str) -> str:
    """The short title of ``rule_id``; the id itself if unknown."""
    return rule_texts().get(rule_id, {}).get("title", rule_id)


def side_name(side: str) -> str:
    """``"S"`` -> ``"South"``, ``"N"`` -> ``"North"``."""
    return SIDE_NAMES.get(side, side)


def other_side(side: str) -> str:
    """``"S"`` <-> ``"N"``."""
    return NORTH if side == SOUTH else SOUTH


def seeds_word(count: int) -> str:
    """``1`` -> ``"1 seed"``, ``4`` -> ``"4 seeds"``, ``0`` -> ``"0 seeds"``."""
    return f"{count} seed" if count == 1 else f"{count} seeds"


def place_name(place: tuple[str, int]) -> str:
    """``("S", 3)`` -> ``"South's pit 3"``; pit 0 is the store: ``"North's store"``."""
    side, pit = place[0], int(place[1])
    return f"{side_name(side)}'s store" if pit == 0 else f"{side_name(side)}'s pit {pit}"


def pits_list(pits: Iterable[int]) -> str:
    """``[3]`` -> ``"pit 3"``, ``[4, 3]`` -> ``"pits 3 and 4"``, ``[2, 3, 4]`` -> ``"pits 2, 3 and 4"``."""
    nums = sorted(set(int(p) for p in pits))
    if len(nums) == 1:
        return f"pit {nums[0]}"
    return "pits " + ", ".join(str(p) for p in nums[:-1]) + f" and {nums[-1]}"


def _times(k: int) -> str:
    return {1: "once", 2: "twice"}.get(k, f"{k} times")


def move_headline(result: MoveResult) -> str:
    """``"South sowed pit 3 (4 seeds)."``: who played which pit, from the result."""
    return f"{side_name(result.mover)} sowed pit {result.pit} ({seeds_word(len(result.path))})."


def sweep_text(result: MoveResult) -> str:
    """The final sweep (K15 / A6) in words, from ``result.swept``; ``""`` when nothing was swept.

    A side whose row was empty is said to be so, never "0 seeds":
    ``"South puts the 3 seeds left in their row into their store; North's row was already empty"``.
    """
    if not any(result.swept):
        return ""
    entries = rule_texts()
    kalah = any(r.startswith("K") for r in result.rules_fired)
    entry = entries.get("K15" if kalah else "A6", {})
    parts = []
    for side, count in zip((SOUTH, NORTH), result.swept, strict=True):
        template = entry.get("sweep_part") if count else entry.get("sweep_empty")
        if template:
            parts.append(template.format(side=side_name(side), seeds=seeds_word(count)))
    return "; ".join(parts)


def _rows_before_sweep(result: MoveResult) -> tuple[int, int]:
    """Seeds in (South's, North's) rows when the game ended, before the sweep moved them."""
    return result.swept


def _values(result: MoveResult) -> dict[str, object]:
    mover = result.mover
    opp = other_side(mover)
    n = result.position.pits_per_side
    seeds = len(result.path)
    origin = (mover, result.pit)
    back = sum(1 for p in result.path if (p[0], int(p[1])) == origin)
    taken_from = [p for p in result.captured_from if p[0] == opp]
    last = result.path[-1] if result.path else (mover, result.pit)
    facing = opposite_pit(int(last[1]), n) if int(last[1]) else 0
    south_rows, north_rows = _rows_before_sweep(result)
    empty = [side_name(s) for s, c in ((SOUTH, south_rows), (NORTH, north_rows)) if c == 0]
    to_move = result.position.to_move
    captured_opp = sum(1 for _ in taken_from)
    return {
        "player": side_name(mover),
        "opponent": side_name(opp),
        "pit": result.pit,
        "seeds": seeds,
        "seeds_word": seeds_word(seeds),
        "captured": result.captured,
        "captured_seeds": seeds_word(result.captured),
        "taken_seeds": seeds_word(result.captured - 1 if result.captured else 0),
        "from_pit": int(taken_from[0][1]) if taken_from else facing,
        "from_pits": pits_list(int(p[1]) for p in taken_from) if captured_opp else "",
        "last_pit": int(last[1]),
        "last_place": place_name(last),
        "opposite_pit": facing,
        "lap": 2 * n + 1,
        "laps": _times(max(1, result.laps)),
        "origin_seeds": seeds_word(back),
        "skips": _times(max(1, result.laps)),
        "empty_row": f"{empty[0]}'s row" if empty else "",
        "stuck": side_name(to_move),
        "total": sum(result.position.south) + sum(result.position.north)
        + result.position.south_store + result.position.north_store,
        "sweep": sweep_text(result),
        "south_swept": result.swept[0],
        "north_swept": result.swept[1],
    }


def _template(rule_id: str, result: MoveResult, values: dict[str, object]) -> str | None:
    """The ``say`` variant of ``rules.toml`` that is exact for this result."""
    entry = rule_texts().get(rule_id, {})
    template = entry.get("say")
    reason = result.outcome.reason if result.outcome is not None else None
    if rule_id == "K8":
        back = tuple(result.last) == (result.mover, result.pit)  # the last seed is in the start pit
        if back and result.laps == 1:
            return template  # exactly 2n+1: the last seed is back in the emptied pit (K8)
        if back:
            return entry.get("say_laps", template)  # whole laps only: back in the start pit again
        return entry.get("say_further", template)  # round and further on
    if rule_id == "K9" and not result.extra_turn:
        return entry.get("say_ended", template)
    if rule_id == "K11" and result.captured:
        return entry.get("say_banked", template)
    if rule_id == "K14":
        if reason == "stuck":
            return entry.get("say_stuck", template)
        if result.swept == (0, 0):
            return entry.get("say_both", template)
        return template
    if rule_id == "K17" and reason == "early_win":
        return entry.get("say_won", template)
    if rule_id == "A4" and result.captured:
        return entry.get("say_taken", template)
    if rule_id == "K15":
        return template if any(result.swept) else None
    if rule_id == "A6":
        return template if any(result.swept) else entry.get("say_nothing", template)
    return template


def announcements(result: MoveResult, skip: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """What a move did, in words: a list of ``(rule_id, sentence)``.

    Built only from ``result.rules_fired`` and the numbers in ``result``
    (``path``, ``pit``, ``mover``, ``captured``, ``captured_from``, ``swept``,
    ``extra_turn``, ``outcome.reason``). Ids in ``skip`` are left out (e.g. the
    end of the game when a page shows it apart).
    """
    values = _values(result)
    fired = set(result.rules_fired)
    out: list[tuple[str, str]] = []
    for rule_id in _ANNOUNCED:
        if rule_id not in fired or rule_id in skip:
            continue
        if rule_id == "K10" and "K18" in fired:
            continue  # the K18 sentence says where the seeds went
        template = _template(rule_id, result, values)
        if template:
            out.append((rule_id, template.format(**values)))
    return out


def end_reason(end: Outcome, result: MoveResult | None = None, to_move: str | None = None) -> str:
    """Why the game ended, from ``end.reason`` (never from the position after the sweep).

    ``result`` (the move that ended the game) says which row was empty;
    ``to_move`` names the player who could not move. Without them the words
    stay true but do not name the player.
    """
    winner = side_name(end.winner) if end.winner else None
    if result is not None and to_move is None:
        to_move = result.position.to_move
    who = side_name(to_move) if to_move else None
    reason = end.reason
    if reason == "row_empty":
        if result is not None and result.outcome is not None:
            rows = _rows_before_sweep(result)
            if rows == (0, 0):
                return "both rows are empty"
            if 0 in rows:
                return f"{side_name(SOUTH if rows[0] == 0 else NORTH)}'s row is empty"
        return "one player's row is empty"
    if reason == "stuck":
        return f"{who}, the player to move, has no seeds to sow" if who else "the player to move has no seeds to sow"
    if reason == "early_win":
        return (f"{winner}'s store holds more than half of the seeds (early win)" if winner
                else "a store holds more than half of the seeds (early win)")
    if reason == "over_half":
        return f"{winner} has captured 25 or more seeds" if winner else "a player has captured 25 or more seeds"
    if reason == "no_moves":
        if who and result is not None and result.outcome is not None:
            rows = dict(zip((SOUTH, NORTH), _rows_before_sweep(result), strict=True))
            if rows[to_move] == 0:  # type: ignore[index]
                return f"{who} has no seeds to sow"
            return f"{side_name(other_side(to_move))} has no seeds and no move of {who}'s can give them any"  # type: ignore[arg-type]
        return f"{who} cannot move" if who else "the player to move cannot move"
    if reason == "repetition":
        return "the same position came back since the last capture (an endless cycle)"
    return reason


def result_text(end: Outcome, result: MoveResult | None = None, to_move: str | None = None) -> str:
    """``"South wins 30 to 18."`` or ``"A draw, 24 to 24."`` with why the game ended (``end.reason``).

    Pass ``result`` (the move that ended the game) and/or ``to_move`` to name
    the row or the player (see :func:`end_reason`).
    """
    south, north = end.score
    why = end_reason(end, result, to_move)
    if end.winner is None:
        return f"A draw, {south} to {north}. The game ended because {why}."
    win = side_name(end.winner)
    hi, lo = (south, north) if end.winner == SOUTH else (north, south)
    return f"{win} wins {hi} to {lo}. The game ended because {why}."


def short_result(end: Outcome) -> str:
    """``"North wins 27 to 21"`` or ``"Draw, 24 to 24"`` (no reason), for the line above the board."""
    south, north = end.score
    if end.winner is None:
        return f"Draw, {south} to {north}"
    hi, lo = (south, north) if end.winner == SOUTH else (north, south)
    return f"{side_name(end.winner)} wins {hi} to {lo}"


def illegal_text(rule_id: str, message: str = "") -> str:
    """Explain a refused move by the rule it breaks (``IllegalMoveError.rule_id``).

    Uses the id's ``refuse`` sentence, else its ``text``, else the engine's message.
    """
    entry = rule_texts().get(rule_id, {})
    text = entry.get("refuse") or entry.get("text") or message
    return f"{text} ({rule_id})" if rule_id in rule_texts() else text
