"""Words for moves: turn the rule ids the engine returns into short sentences.

The sentences are content and live in ``lessons/rules.toml`` (one table per
rule id K1-K19, A1-A6, tip T1-T3 and mistake M1-M7). This module only picks
the sentences for the ids a ``MoveResult`` lists and fills in the numbers the
engine gives (seeds captured, seeds swept); it never decides a rule.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from engine import NORTH, SOUTH, MoveResult, Outcome

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


def move_headline(result: MoveResult) -> str:
    """``"South sowed pit 3 (4 seeds)."``: who played which pit, from the result."""
    seeds = len(result.path)
    return f"{side_name(result.mover)} sowed pit {result.pit} ({seeds} seed{'s' if seeds != 1 else ''})."


def announcements(result: MoveResult, skip: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """What a move did, in words: a list of ``(rule_id, sentence)``.

    Built only from ``result.rules_fired`` and the numbers in ``result``
    (``captured``, ``swept``, ``pit``, ``mover``, ``extra_turn``). Ids in
    ``skip`` are left out (e.g. the end of the game when a page shows it apart).
    """
    entries = rule_texts()
    player = side_name(result.mover)
    opponent = side_name(NORTH if result.mover == SOUTH else SOUTH)
    values = {
        "player": player,
        "opponent": opponent,
        "pit": result.pit,
        "seeds": len(result.path),
        "captured": result.captured,
        "south_swept": result.swept[0],
        "north_swept": result.swept[1],
    }
    fired = set(result.rules_fired)
    out: list[tuple[str, str]] = []
    for rule_id in _ANNOUNCED:
        if rule_id not in fired or rule_id in skip:
            continue
        entry = entries.get(rule_id, {})
        template = entry.get("say")
        if rule_id == "K9" and not result.extra_turn:
            template = entry.get("say_ended", template)
        if rule_id == "K11" and result.captured:
            template = entry.get("say_banked", template)
        if rule_id in ("K15", "A6") and not any(result.swept):
            template = None if rule_id == "K15" else "The game is over."
        if rule_id == "K10" and "K18" in fired:
            continue  # the K18 sentence says where the seeds went
        if template:
            out.append((rule_id, template.format(**values)))
    return out


_REASONS = {
    "row_empty": "a row is empty",
    "stuck": "the player to move has no seeds to sow",
    "early_win": "one store holds more than half of the seeds",
    "over_half": "one player has 25 or more seeds",
    "no_moves": "the player to move cannot move",
    "repetition": "the position came back again",
}


def result_text(end: Outcome) -> str:
    """``"South wins 30 to 18."`` or ``"A draw, 24 to 24."`` with why the game ended."""
    south, north = end.score
    why = _REASONS.get(end.reason, end.reason)
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
