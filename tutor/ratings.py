"""Glicko-2 ratings: one for each learner and variant (Kalah, Awari), one for each puzzle.

A learner's first try of a puzzle is one game between the learner and the puzzle: solved at the
first try (no miss, no hint before the solve, ``tutor.progress.PuzzleProgress.first_try``) is a win
for the learner (score 1), solved after a hint with no wrong move half a win (:data:`HINTED_SCORE`,
Glicko-2's draw), a wrong move first a win for the puzzle (score 0). Both ratings move (:func:`rate_try`); a later
try of the same puzzle changes nothing (as on lichess). The arithmetic is the ``glicko2`` package's
(Glickman's Glicko-2, one game per rating period), with one correction: its volatility step reads the
rating where Glickman's formula reads the rating deviation (:class:`_Player`).

Where ratings are kept is the :class:`RatingStore` port: :class:`MemoryRatings` here (tests, and the
app before a learner code is known or without a database), ``store.ratings.StoredRatings`` in the
database. A puzzle never tried starts at a rating from its measured difficulty (:func:`puzzle_start`).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import glicko2

START = 1500.0
"""A learner's first rating (Glicko-2's, lichess's)."""
START_DEVIATION = 350.0
"""A learner's first rating deviation: unsure, so the first puzzles move the rating a lot."""
PUZZLE_DEVIATION = 200.0
"""A puzzle's first rating deviation: its measured difficulty already says something."""
LEAST_DEVIATION = 60.0
"""The deviation never falls below this, so a rating keeps following the learner (lichess's puzzles: 60 too)."""
PROVISIONAL_DEVIATION = 110.0
"""A rating whose deviation is above this is provisional, still finding its level: shown ``"1290?"`` (lichess's
threshold too). A new learner's deviation falls to it after about 14 rated tries of puzzles near their rating."""
VOLATILITY = 0.06
"""The first volatility (Glickman's example)."""
LOWEST, HIGHEST = 600.0, 2600.0
"""Ratings stay between these (a puzzle's start, and every update)."""
PER_POINT = 250.0
"""Rating points for one point of a puzzle's difficulty score (``lessons.proofs.Difficulty.score``)."""
MIDDLE_SCORE = 2.5
"""The difficulty score of a puzzle that starts at :data:`START` (``lessons.proofs.LEVEL_2``)."""
HINTED_SCORE = 0.5
"""The learner's score for a first try solved after a hint, with no wrong move: half a solve (a draw to
Glicko-2), so the rating goes up only for a puzzle rated above the learner, and less than a solve would."""
VARIANTS = ("kalah", "oware")
"""The games a learner has a rating in (``Rules.game``; "oware" is Awari)."""


class _Player(glicko2.Player):  # type: ignore[misc]  # the package has no types
    """``glicko2.Player`` with Glickman's step 5 function ``f``: its ``_f`` uses the rating (mu) where
    the paper has the deviation (phi), so the volatility of any rating but 1500 comes out wrong
    (tests/test_ratings.py: Glicko-2 is the same at every height of the scale)."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        phi: float = self._Player__rd  # the package's own (name-mangled) deviation on the Glicko-2 scale
        ex = math.exp(x)
        tau: float = self._tau
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (points, 1500 to start), ``deviation`` (points: how unsure it is)
    and ``volatility`` (how much it jumps)."""

    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = VOLATILITY

    @property
    def shown(self) -> int:
        """The rating as a learner reads it: a whole number."""
        return round(self.rating)

    @property
    def provisional(self) -> bool:
        """Whether the rating is still finding its level: its deviation is above :data:`PROVISIONAL_DEVIATION`.

        >>> Rating().provisional, Rating(1500.0, 110.0).provisional
        (True, False)
        """
        return self.deviation > PROVISIONAL_DEVIATION


def rate(player: Rating, opponent: Rating, score: float) -> Rating:
    """``player``'s rating after one game against ``opponent`` that scored ``score`` (1 a win, 0 a loss)
    for ``player``: Glicko-2 with one game in the rating period, the deviation kept at
    :data:`LEAST_DEVIATION` or more and the rating between :data:`LOWEST` and :data:`HIGHEST`.
    Raises ``ValueError`` for a score outside 0..1."""
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score is between 0 and 1, not {score}")
    p = _Player(rating=player.rating, rd=player.deviation, vol=player.volatility)
    p.update_player([opponent.rating], [opponent.deviation], [score])
    return Rating(min(HIGHEST, max(LOWEST, p.rating)), max(LEAST_DEVIATION, p.rd), p.vol)


def try_score(solved: bool, hinted: bool = False) -> float:
    """The learner's score for a first try: 1 ``solved`` at the first try, :data:`HINTED_SCORE` solved
    after a hint with no wrong move (``hinted``), else 0.

    >>> try_score(True), try_score(False, hinted=True), try_score(False)
    (1.0, 0.5, 0.0)
    """
    return 1.0 if solved else HINTED_SCORE if hinted else 0.0


def rate_try(learner: Rating, puzzle: Rating, score: float) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after a first try that scored ``score`` for the learner
    (:func:`try_score`: 1, 0.5 or 0; the puzzle scores the rest). Both computed from the ratings before.
    Raises ``ValueError`` for a score outside 0..1."""
    return rate(learner, puzzle, score), rate(puzzle, learner, 1.0 - score)


def puzzle_start(score: float) -> Rating:
    """The rating a puzzle starts at, from its measured difficulty score (``Difficulty.score``, 1.5 for
    the easiest shipped puzzle): :data:`START` at :data:`MIDDLE_SCORE`, :data:`PER_POINT` more for each
    point, between :data:`LOWEST` and :data:`HIGHEST`; deviation :data:`PUZZLE_DEVIATION`.

    >>> puzzle_start(2.5).rating, puzzle_start(1.5).rating, puzzle_start(3.5).rating
    (1500.0, 1250.0, 1750.0)
    """
    return Rating(min(HIGHEST, max(LOWEST, START + PER_POINT * (score - MIDDLE_SCORE))), PUZZLE_DEVIATION)


@dataclass(frozen=True)
class RatedTry:
    """One rated first try: the puzzle, its ``variant`` (``Rules.game``), whether it was ``solved`` at the
    first try, the learner's rating after it (``rating``, points) and how it moved (``change``: after
    minus before, points), when (``at``, UTC), whether it was ``hinted``: solved after a hint with no
    wrong move (scored :data:`HINTED_SCORE`), and the learner's rating deviation after it (``deviation``,
    points; ``None`` for a try kept before deviations were kept with the tries)."""

    puzzle_id: str
    variant: str
    solved: bool
    rating: float
    change: float
    at: dt.datetime
    hinted: bool = False
    deviation: float | None = None

    @property
    def score(self) -> float:
        """The learner's score in the try (:func:`try_score`)."""
        return try_score(self.solved, self.hinted)

    @property
    def shown_change(self) -> int:
        """The move as a learner reads it: the change of the whole numbers shown (``+12``, ``-9``)."""
        return round(self.rating) - round(self.rating - self.change)

    @property
    def provisional(self) -> bool | None:
        """Whether the learner's rating was still provisional after the try (:attr:`Rating.provisional`);
        ``None`` when the try's deviation is not known."""
        return None if self.deviation is None else self.deviation > PROVISIONAL_DEVIATION


def provisional_points(history: Sequence[RatedTry], now: Rating) -> list[bool]:
    """Whether the learner's rating was provisional (:attr:`Rating.provisional`) at each point of its line:
    the first rating (always: a first rating has :data:`START_DEVIATION`), then after each try of
    ``history`` (oldest first). A try whose deviation is not known (kept before deviations were) takes
    the rating ``now``'s: a deviation only shrinks from try to try while it is above
    :data:`PROVISIONAL_DEVIATION`, so a rating provisional now was provisional after every earlier try.

    >>> provisional_points([], Rating())
    [True]
    """
    return [Rating().provisional, *(now.provisional if t.provisional is None else t.provisional for t in history)]


def provisional_before(history: Sequence[RatedTry], done: RatedTry, now: Rating) -> bool:
    """Whether the learner's rating was provisional just before the rated try ``done``, the newest of
    ``history`` (:func:`provisional_points`: the point before its own); ``now.provisional`` when ``done``
    is not the newest (nothing better is known)."""
    if not history or history[-1].puzzle_id != done.puzzle_id:
        return now.provisional
    return provisional_points(history, now)[-2]


class RatingStore(Protocol):
    """Where one learner's ratings, rated tries and best streaks are kept. A database's may raise
    ``tutor.school.StoreUnavailable`` from any method."""

    def rating(self, variant: str) -> Rating:
        """The learner's rating in ``variant`` (``Rating()`` before the first rated try)."""

    def puzzle_ratings(self) -> dict[str, Rating]:
        """Puzzle id -> its rating, for every puzzle rated so far (a puzzle never tried is absent)."""

    def record_try(self, puzzle_id: str, variant: str, solved: bool, start: Rating,
                   at: dt.datetime | None = None, hinted: bool = False) -> RatedTry | None:
        """Rate the learner's first try of ``puzzle_id`` (``start``: the puzzle's rating if it has none
        yet) and keep it, both ratings moved (:func:`rate_try` with :func:`try_score`: ``solved`` at the
        first try, or ``hinted``: solved after a hint, no wrong move) in one write; ``None`` (nothing
        changes) when this learner's first try of it was rated before. ``at``: when (default now, UTC)."""

    def history(self, variant: str | None = None) -> list[RatedTry]:
        """The learner's rated tries (of ``variant``; ``None``: all), oldest first."""

    def recently_solved(self, since: dt.datetime) -> set[str]:
        """Ids of the puzzles the learner solved (at a rated try or later) since ``since`` (UTC)."""

    def best_streak(self, variant: str) -> int:
        """The learner's longest streak in ``variant`` (0 before any)."""

    def streak_reached(self, variant: str, length: int) -> None:
        """A streak in ``variant`` reached ``length`` puzzles: kept when it is the learner's longest."""

    def reset(self) -> None:
        """Forget the learner's ratings, rated tries and best streaks ("Reset all my progress"); the
        puzzles' ratings stay (every learner's tries moved them)."""


def now() -> dt.datetime:
    """The time now, in UTC."""
    return dt.datetime.now(dt.UTC)


@dataclass
class MemoryRatings:
    """A learner's ratings kept in memory (a :class:`RatingStore`): ``learner``: variant -> rating;
    ``puzzles``: puzzle id -> rating; ``tries``: rated tries, oldest first; ``solved``: puzzle id -> when
    last solved; ``streaks``: variant -> best streak; ``starts``: puzzle id -> the rating it started at here."""

    learner: dict[str, Rating] = field(default_factory=dict)
    puzzles: dict[str, Rating] = field(default_factory=dict)
    tries: list[RatedTry] = field(default_factory=list)
    solved: dict[str, dt.datetime] = field(default_factory=dict)
    streaks: dict[str, int] = field(default_factory=dict)
    starts: dict[str, Rating] = field(default_factory=dict)

    def rating(self, variant: str) -> Rating:
        return self.learner.get(variant, Rating())

    def puzzle_ratings(self) -> dict[str, Rating]:
        return dict(self.puzzles)

    def record_try(self, puzzle_id: str, variant: str, solved: bool, start: Rating,
                   at: dt.datetime | None = None, hinted: bool = False) -> RatedTry | None:
        if any(t.puzzle_id == puzzle_id for t in self.tries):
            return None
        before = self.rating(variant)
        self.starts.setdefault(puzzle_id, start)
        hinted = hinted and not solved
        after, puzzle = rate_try(before, self.puzzles.get(puzzle_id, start), try_score(solved, hinted))
        self.learner[variant], self.puzzles[puzzle_id] = after, puzzle
        done = RatedTry(puzzle_id, variant, solved, after.rating, after.rating - before.rating, at or now(), hinted,
                        after.deviation)
        self.tries.append(done)
        if solved:
            self.solved[puzzle_id] = done.at
        return done

    def history(self, variant: str | None = None) -> list[RatedTry]:
        return [t for t in self.tries if variant is None or t.variant == variant]

    def recently_solved(self, since: dt.datetime) -> set[str]:
        return {pid for pid, at in self.solved.items() if at >= since}

    def best_streak(self, variant: str) -> int:
        return self.streaks.get(variant, 0)

    def streak_reached(self, variant: str, length: int) -> None:
        self.streaks[variant] = max(self.best_streak(variant), length)

    def reset(self) -> None:
        self.learner.clear()
        self.tries.clear()
        self.solved.clear()
        self.streaks.clear()

    def replay_into(self, store: RatingStore) -> None:
        """Write what is kept here into ``store`` (what a learner did before their code was known)."""
        for done in self.tries:
            store.record_try(done.puzzle_id, done.variant, done.solved, self.starts[done.puzzle_id], done.at,
                               done.hinted)
        for variant, length in self.streaks.items():
            store.streak_reached(variant, length)


__all__ = ["HIGHEST", "LEAST_DEVIATION", "LOWEST", "MemoryRatings", "PROVISIONAL_DEVIATION", "PUZZLE_DEVIATION", "RatedTry", "Rating", "RatingStore",
           "START", "START_DEVIATION", "VARIANTS", "VOLATILITY", "now", "provisional_before", "provisional_points", "puzzle_start", "rate", "rate_try",
           "try_score", "HINTED_SCORE"]
