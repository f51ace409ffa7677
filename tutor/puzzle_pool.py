"""Choosing a puzzle from the pool: the puzzle of the day, the next one, by theme and level, and the
names and codes that never give an answer away (``tutor.puzzle`` plays the one chosen).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Collection, Mapping

from engine import KalahRules
from lessons.models import Puzzle
from lessons.proofs import difficulty

from . import words
from .progress import PuzzleProgress


def puzzle_of_the_day(pool: Mapping[str, Puzzle], day: dt.date) -> str:
    """The id of the day's puzzle: the same for everybody on a date, the next one the next day."""
    ids = sorted(pool)
    return ids[day.toordinal() % len(ids)]


def number_in_theme(pool: Mapping[str, Puzzle], pid: str) -> tuple[int, int]:
    """``(k, n)``: puzzle ``pid`` is the k-th of the n puzzles of its theme (file order, k from 1)."""
    same = [q for q, p in pool.items() if p.theme == pool[pid].theme]
    return same.index(pid) + 1, len(same)


def display_name(pool: Mapping[str, Puzzle], pid: str) -> str:
    """A puzzle's name for menus, headings and the class table: ``"The full lap · puzzle 3 of 5"``
    (never its id, which may give the answer away)."""

    k, n = number_in_theme(pool, pid)
    return words.puzzle_name(words.theme_entries()[pool[pid].theme].title, k, n, pool[pid].title)


def learner_name(pool: Mapping[str, Puzzle], pid: str) -> str:
    """A puzzle's name for a learner: ``"Puzzle 37"`` (its place in ``pool``, file order: My practice's pool
    begins with the Puzzles page's, so a puzzle has one number on both): neither its theme's title nor its
    id, which may tell the answer."""
    return words.puzzle_number(list(pool).index(pid) + 1)


def first_puzzle(pool: Mapping[str, Puzzle], tried: Collection[str], day: dt.date) -> str:
    """The puzzle a learner meets when the page opens: for a learner who has tried none, the first
    easy one (measured level 1) of Kalah on the standard board (6 pits, 4 seeds) if there is one,
    else of any game; for the others, the :func:`puzzle_of_the_day`."""
    if tried:
        return puzzle_of_the_day(pool, day)
    easy = [p for p in pool.values() if level_of(p) == 1] or list(pool.values())

    standard = KalahRules()  # the engine's default game and board

    def plain(p: Puzzle) -> tuple[bool, bool]:
        rules = p.game_rules
        return rules.game != standard.game, (rules.pits, rules.seeds) != (standard.pits, standard.seeds)

    return min(easy, key=plain).id  # min keeps file order among equals


def level_of(puzzle: Puzzle) -> int:
    """The puzzle's measured difficulty, 1..3 (``lessons.proofs.difficulty``, worked out once per puzzle)."""
    return difficulty(puzzle).level


def pick(pool: Mapping[str, Puzzle], theme: str | None, level: int) -> list[str]:
    """Puzzle ids of a theme (``None``: all) and a measured difficulty 1..3 (0: any), in file order."""
    return [p.id for p in pool.values() if (theme is None or p.theme == theme) and (level == 0 or level_of(p) == level)]


def puzzle_code(pid: str) -> str:
    """The puzzle's name in links (``?puzzle=<code>``): 7 hex digits of its id's SHA-256, so a link
    never tells the answer the id may name."""
    return hashlib.sha256(pid.encode("utf-8")).hexdigest()[:7]


def find_puzzle(pool: Mapping[str, Puzzle], token: str) -> str | None:
    """The id of the puzzle a link names: by :func:`puzzle_code`, or by its id (older links); else ``None``."""
    if token in pool:
        return token
    return next((pid for pid in pool if puzzle_code(pid) == token), None)


def first_unsolved(ids: list[str], records: Mapping[str, PuzzleProgress]) -> str | None:
    """The first of ``ids`` (a theme's or a difficulty's puzzles, in order) the learner has not solved
    (``records``: ``ProgressStore.puzzles``); the first of them when every one is solved; ``None`` for none."""
    return next((pid for pid in ids if not (pid in records and records[pid].solved)), ids[0] if ids else None)


def next_in(ids: list[str], pid: str) -> str | None:
    """The puzzle after ``pid`` in ``ids`` (wrapping round); the first when ``pid`` is not in it."""
    if not ids:
        return None
    return ids[(ids.index(pid) + 1) % len(ids)] if pid in ids else ids[0]


__all__ = [
    "display_name", "find_puzzle", "first_puzzle", "first_unsolved", "learner_name", "level_of", "next_in",
    "number_in_theme", "pick", "puzzle_code", "puzzle_of_the_day",
]
