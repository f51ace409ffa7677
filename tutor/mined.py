"""Mined puzzles in the app: hundreds of proven puzzles (``lessons.mined``) with words made by theme and
from engine facts, served by My practice next to the hand-written ones (issue 33).

:func:`mined_puzzles` builds a ``lessons.models.MinedPuzzle`` for every line of ``lessons/mined/*.jsonl``
in the session's language, once per language (``tutor.i18n.per_language``): the task from its theme
(``tutor.words.mined_task``), the hints from the facts the miner proved (what the best move captures,
the threat, the exact result, the pit), the explanation from the exact values. What the coach says about
a wrong move, and about the answer once solved, is made when it is shown (``tutor.puzzle``), from the
exact values the puzzle carries (:func:`move_values`). :func:`practice_pool` is what My practice serves;
:func:`mined_themes` the themes it has mined puzzles of, by game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from engine import MoveValue, Position, Side, play, rules_from_params
from engine.search import FULL
from lessons.mined import Entry, read_entries
from lessons.mined_facts import cites
from lessons.models import MinedPuzzle, Puzzle

from . import words
from .i18n import per_language

@functools.cache
def _entries() -> tuple[Entry, ...]:
    return tuple(read_entries())


@functools.cache
def mined_themes(game: str) -> frozenset[str]:
    """The themes that have mined puzzles of ``game`` (``Rules.game``: ``"kalah"``, ``"oware"``), read from
    the entries alone (no puzzle built): where the Puzzles page offers more of a theme on My practice."""
    return frozenset(e.theme for e in _entries() if str(e.rules.get("game", "kalah")) == game)


def build(entry: Entry) -> MinedPuzzle:
    """``entry`` as a puzzle, its words in the language in use. The facts are the miner's, proven by the
    tests (``tests/test_mined.py``), so the model is made without validating them again (fast: hundreds
    at once)."""
    best, value = entry.best, entry.value
    other = max((p for p in entry.values if p != best), key=lambda p: (entry.values[p], -p))
    next_best = entry.values[other]
    opponent: Side = "S" if entry.position.rsplit("/", 1)[-1].strip() == "N" else "N"
    game = str(entry.rules.get("game", "kalah"))
    slam = str(entry.rules.get("grand_slam", "no_capture"))
    more_moves = any(len(t) > 1 for t in entry.answers)
    slam_answer = entry.theme == "awari-grand-slam" and entry.facts.get("pit") == best
    lap = rules_from_params({k: str(v).lower() for k, v in entry.rules.items()}).lap if game == "kalah" else 0
    first = first_captures(entry)
    hints = [words.mined_theme_hint(entry.theme, entry.facts, opponent, slam, first, slam_answer, lap),
             words.mined_value_hint(value, next_best), words.mined_answer_hint(best)]
    return MinedPuzzle.model_construct(
        id=entry.id, theme=entry.theme, cites=cites(entry.theme, game), rules=dict(entry.rules),
        position=entry.position, task=words.mined_task(entry.theme, more_moves, first, slam_answer),
        check="best", goal=None, answers=[list(t) for t in entry.answers], line=[], value=value, hints=hints,
        explanation=words.mined_explanation(best, value, other, next_best), wrong={}, title="", claims={},
        choice=False, values=dict(entry.values), measured=entry.measured, facts=dict(entry.facts))


def first_captures(entry: Entry) -> bool:
    """Whether the answer's first pit itself captures (K10/A3), played by the engine; ``False`` when the
    capture comes later in the turn, after an extra turn (K9: a move ending in the store captures nothing)."""
    rules = rules_from_params({k: str(v).lower() for k, v in entry.rules.items()})
    return play(Position.from_notation(entry.position, rules), entry.best, rules).captured > 0


@per_language
def mined_puzzles() -> dict[str, Puzzle]:
    """Every mined puzzle by id, in file order, its words in the session's language (made once a language)."""
    return {e.id: build(e) for e in _entries()}


def practice_pool(written: Mapping[str, Puzzle]) -> dict[str, Puzzle]:
    """What My practice serves: the hand-written puzzles ``written`` (first, with their own words), then
    every mined one."""
    return {**written, **mined_puzzles()}


def move_values(puzzle: Puzzle) -> tuple[MoveValue, ...] | None:
    """A mined puzzle's exact values at its start as ``engine.analyse`` gives them (for the coach),
    ``None`` for another puzzle."""
    if not isinstance(puzzle, MinedPuzzle):
        return None
    word = {True: "win", False: "loss"}
    return tuple(MoveValue(p, v, True, FULL, (p,), "draw" if v == 0 else word[v > 0])
                 for p, v in sorted(puzzle.values.items()))


__all__ = ["build", "first_captures", "mined_puzzles", "mined_themes", "move_values", "practice_pool"]
