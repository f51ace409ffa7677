"""The review of a sandbox game: every move marked by the seeds it threw away, and its mistakes in words.

A move's *loss* is the value of the best pit minus the value of the pit played, both from the
mover's view, in seeds of the final store difference with best play (K16, A6): the engine's
analysis of the position the move was played from (``engine.analyse``; exact where the opening
book, the endgame tables or the search prove it, an estimate otherwise, and said so). The marks,
by loss (:data:`MARKS`, the one place the thresholds live; docs/architecture.md); the words say both
results as final margins (``tutor.words.turned_words``: "pit 1 turned a win by 12 seeds into a loss by 6
seeds", docs/rules.md "Words for results and captures"):

========== ============
mark       loss (value)
========== ============
good       0 or 1
inaccuracy 2 or 3
mistake    4 to 7
blunder    8 or more
========== ============

The values come from the server's process pool (``tutor.thinking``, kind ``"review"``), a few
positions per request (:func:`chunks`), so the page shows how far the review has come.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine import Game, MoveValue, Position, Rules, Side

from . import words
from .analysis import story_rows
from .coach import explain

Mark = Literal["good", "inaccuracy", "mistake", "blunder"]

MARKS: tuple[tuple[Mark, int], ...] = (("good", 0), ("inaccuracy", 2), ("mistake", 4), ("blunder", 8))
"""Each mark and the smallest loss (a value difference) that earns it, mildest first: a loss of 0 or 1 is
good, 2 or 3 an inaccuracy, 4 to 7 a mistake, 8 or more a blunder (``tutor.words.marks_help``)."""
PRACTISED: frozenset[Mark] = frozenset({"mistake", "blunder"})
"""The marks whose positions a learner replays to find a better move (``tutor.mistakes``)."""
CHUNK = 4
"""Positions analysed per request of a review: after each, the page's progress bar moves."""
REVIEW_MS = 300
"""Thinking time per position of a review, in milliseconds (a position the book or the tables
know is answered at once): at most 12 s of a worker for a 40-move game; ``python -m bench.review``
measured 1.6 s of CPU (Kalah 6x4) and 4.1 s (Awari) on a busy 2-core machine."""
EXACT_SEEDS = 20
"""A game with at most this many seeds in all (a beginner's board: Kalah 5x2, 3x3, 8x1, ...) is reviewed
exactly, with no time budget: proving its start takes at most 0.7 s of a worker (Kalah 8x1, the slowest),
and its review then says the same on a busy server as on an idle one."""

ValuesFn = Callable[[Position, Rules], Sequence[MoveValue]]


def review_ms(rules: Rules) -> int | None:
    """The thinking time per position of a review under ``rules``, in milliseconds: :data:`REVIEW_MS`, or
    ``None`` (no limit: every value exact) on a board of at most :data:`EXACT_SEEDS` seeds.

    >>> from engine import KalahRules
    >>> review_ms(KalahRules()), review_ms(KalahRules(pits=5, seeds=2))
    (300, None)
    """
    return None if rules.total_seeds <= EXACT_SEEDS else REVIEW_MS


def mark_of(lost: int) -> Mark:
    """The mark of a move that threw away ``lost`` seeds (>= 0; :data:`MARKS`).

    >>> [mark_of(n) for n in (0, 1, 2, 3, 4, 7, 8, 20)]
    ['good', 'good', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']
    """
    found: Mark = "good"
    for mark, least in MARKS:
        if lost >= least:
            found = mark
    return found


def good_pits(values: Sequence[MoveValue]) -> tuple[int, ...]:
    """The pits of ``values`` (one position's analysis) whose move is marked good: within one seed
    of the best (:data:`MARKS`), ascending. ``()`` for no values."""
    if not values:
        return ()
    best = max(v.value for v in values)
    return tuple(sorted(v.pit for v in values if mark_of(best - v.value) == "good"))


def chunks(positions: Sequence[Position], size: int = CHUNK) -> list[tuple[Position, ...]]:
    """``positions`` in requests of ``size`` (the last may be shorter), in order."""
    return [tuple(positions[i:i + size]) for i in range(0, len(positions), size)]


def before_moves(game: Game) -> tuple[Position, ...]:
    """The position each move of ``game`` was played from, in order (one per move)."""
    return tuple(game.positions()[:len(game.results)])


@dataclass(frozen=True)
class Review:
    """A game's review.

    Attributes:
        rules: the game's rules.
        rows: one row per move: the keys of ``tutor.analysis.story_rows`` (``lost`` in seeds, the
            mover's view; ``evaluation``: South's view after the move) and ``mark`` (:data:`MARKS`),
            ``exact`` (the loss is proven), ``position`` (the notation before the move) and
            ``good`` (the pits marked good there, a tuple).
        values: the analysis of the position before each move (``engine.MoveValue`` s), in order.
    """

    rules: Rules
    rows: tuple[dict[str, Any], ...]
    values: tuple[tuple[MoveValue, ...], ...]

    def counts(self) -> dict[Side, dict[Mark, int]]:
        """Side -> mark -> how many of that side's moves earned it (every mark present, 0 for none)."""
        out: dict[Side, dict[Mark, int]] = {side: {mark: 0 for mark, _ in MARKS} for side in ("S", "N")}
        for row in self.rows:
            out[row["player"]][row["mark"]] += 1
        return out

    def mistakes(self, sides: Sequence[Side] = ("S", "N")) -> list[dict[str, Any]]:
        """The rows of ``sides`` marked mistake or blunder (:data:`PRACTISED`), in the game's order."""
        return [r for r in self.rows if r["mark"] in PRACTISED and r["player"] in sides]


def review_game(game: Game, values: ValuesFn) -> Review:
    """The :class:`Review` of ``game``, with ``values(position, rules)`` the analysis of each position
    a move was played from (the pool's answers; ``engine.analyse`` in tests)."""
    found: dict[Position, tuple[MoveValue, ...]] = {}

    def kept(position: Position, rules: Rules) -> tuple[MoveValue, ...]:
        if position not in found:
            found[position] = tuple(values(position, rules))
        return found[position]

    rows = story_rows(game, kept)
    befores = before_moves(game)
    out = []
    for row, before in zip(rows, befores, strict=True):
        analysis = kept(before, game.rules)
        lost = max(0, row["lost"])
        out.append({**row, "lost": lost, "mark": mark_of(lost), "position": before.to_notation(),
                    "good": good_pits(analysis)})
    return Review(game.rules, tuple(out), tuple(kept(p, game.rules) for p in befores))


SHOWN = 3
"""How many of the learner's own mistakes a review shows at first (the biggest); the rest on request."""


def biggest(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """``rows`` (mistakes of one review) biggest loss first, the earlier move first among equals, each
    position once (its biggest: as the learner's cards and the teacher's class reviews count them,
    ``tutor.cards.cards_from_review``).

    >>> [r["move"] for r in biggest([{"move": 1, "lost": 4, "position": "a"}, {"move": 3, "lost": 9, "position": "b"},
    ...                              {"move": 5, "lost": 4, "position": "c"}, {"move": 7, "lost": 5, "position": "a"}])]
    [3, 7, 5]
    """
    out: dict[str, Mapping[str, Any]] = {}
    for row in sorted(rows, key=lambda r: (-r["lost"], r["move"])):
        out.setdefault(row["position"], row)
    return list(out.values())


def mistake_words(review: Review, row: Mapping[str, Any], coached: bool = False) -> str:
    """The one sentence said about a reviewed move (``row``, one of ``review.rows``): the one place a
    review's mistake is said, one fact once.

    ``coached`` (a move of the learner's side, said to "you"): the coach's first sentence (``tutor.coach.explain``
    with the analysis the review made: what the move allowed or missed, and what the better pit does), as in
    ``"Pit 1 lets North take 3 seeds from your pit 2; pit 4 was better: after it, North's best answer captures
    nothing."``; when the coach knows no more than the results (kind ``"other"``), what the move did to them and
    the better pit, ``"Pit 1 turned a win by 8 seeds into a loss by 6 seeds; pit 6 was better."``. Else the same
    for its side, ``"For North, pit 2 turned a win by 4 seeds into a loss by 2 seeds; pit 5 was best."`` (an
    estimate says "about")."""
    if coached:
        values = review.values[row["move"] - 1]
        coach = explain(Position.from_notation(row["position"]), review.rules, row["pit"], values)
        if not row["lost"] or coach.facts.kind != "other":
            return coach.first
        return words.review_cost_you(row["pit"], row["played"], row["best"], row["best_pit"], row["exact"])
    return words.review_mistake(row["pit"], row["played"], row["best"], row["best_pit"], row["exact"], row["player"])


__all__ = [
    "CHUNK",
    "MARKS",
    "EXACT_SEEDS",
    "PRACTISED",
    "REVIEW_MS",
    "SHOWN",
    "Mark",
    "Review",
    "before_moves",
    "biggest",
    "chunks",
    "good_pits",
    "mark_of",
    "mistake_words",
    "review_game",
    "review_ms",
]
