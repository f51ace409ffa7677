"""Practice: the next puzzle near the learner's rating, strong and weak themes, and streaks.

Nothing here assumes a fixed list of puzzles: every choice is made from the pool it is given (the
shipped puzzles, however many there are), and a puzzle never rated starts from its measured difficulty
(``tutor.ratings.puzzle_start``).

- :func:`choose` serves a puzzle of one variant (``Rules.game``: ``"kalah"``, ``"oware"``) from the
  themes asked (none asked: the learner's weakest, :func:`weakest_theme`), the nearest to the learner's
  rating, a puzzle never tried before one tried, and never one solved within :data:`RECENT`
  (:func:`recently_solved`; a streak neither).
- :func:`theme_scores` counts the learner's rated first tries by theme, strongest first (the
  dashboard's bars).
- :func:`against`: a puzzle's rating against the learner's (My practice shows the puzzle's rating, which
  keeps moving where its stars, 1 to 3, stop: every puzzle a strong learner meets is 3★).
- :class:`Streak`: puzzles harder each time (each rated above the last) until the first miss; a hint
  ends it too. Its length is kept as the best streak as it grows (``RatingStore.streak_reached``).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from lessons.fields import rules_of
from lessons.models import Puzzle
from lessons.proofs import difficulty

from .ratings import RatedTry, Rating, RatingStore, puzzle_start

RECENT = dt.timedelta(days=7)
"""A puzzle solved within this time is not served again by Practice."""
BEST_FROM = 2
"""A streak is praised as the learner's best from this length on (a first solve is no record yet)."""
THEME_AT_LEAST = 5
"""A theme with fewer puzzles of a variant than this is never the learner's weakest (:func:`practice_themes`)."""
HOUSE_RULES = "house-rules"
"""The theme of puzzles under odd house rules: never the learner's weakest (:func:`practice_themes`)."""
STREAK_BELOW = 300.0
"""A streak's first puzzle is the nearest to the learner's rating less this (an easy start)."""


AT_LEVEL = 100.0
"""A puzzle rated within this many points of the learner is "about your rating" (:func:`against`)."""
Against = Literal["harder", "level", "easier"]
"""A puzzle's rating against the learner's: above by more than :data:`AT_LEVEL`, within it, below it."""


def against(puzzle: float, learner: float) -> Against:
    """How a puzzle rated ``puzzle`` (points) stands against a learner rated ``learner``: ``"harder"``
    above by more than :data:`AT_LEVEL` (the learner is expected to solve it less than half the time,
    Glicko-2), ``"easier"`` below by more than it, else ``"level"``.

    >>> against(1830, 1700), against(1760, 1700), against(1500, 1700)
    ('harder', 'level', 'easier')
    """
    if puzzle > learner + AT_LEVEL:
        return "harder"
    return "easier" if puzzle < learner - AT_LEVEL else "level"


@functools.lru_cache(maxsize=1024)
def _game(params: tuple[tuple[str, str | int | bool], ...]) -> str:
    return rules_of(dict(params)).game


def variant_of(puzzle: Puzzle) -> str:
    """The variant a puzzle is rated in: its game (``"kalah"`` or ``"oware"``; kept by its rules table,
    so serving from hundreds of puzzles builds no rules object)."""
    return _game(tuple(sorted(puzzle.rules.items())))


@functools.lru_cache(maxsize=1024)
def _standard(params: tuple[tuple[str, str | int | bool], ...]) -> bool:
    rules = rules_of(dict(params))
    return rules == type(rules)()


def first_puzzles(pool: Mapping[str, Puzzle], variant: str) -> dict[str, Puzzle]:
    """What a learner's first puzzle of ``variant`` is chosen from (as the Puzzles page's first one,
    ``tutor.puzzle_pool.first_puzzle``): the easy ones (measured level 1, 1★) under the game's standard
    rules (the engine's defaults: 6 pits, 4 seeds), in pool order; not :data:`HOUSE_RULES`."""
    return {pid: p for pid, p in pool.items() if variant_of(p) == variant and p.theme != HOUSE_RULES
            and difficulty(p).level == 1 and _standard(tuple(sorted(p.rules.items())))}


def easiest_puzzles(pool: Mapping[str, Puzzle], variant: str, themes: Collection[str],
                    left_out: Collection[str] = ()) -> dict[str, Puzzle]:
    """A newcomer's first puzzle of ``themes`` (a theme link, the Puzzles page's "More puzzles") is chosen
    from these: the puzzles of ``variant`` and ``themes`` not in ``left_out`` at the lowest measured level
    (1 to 3 stars), those under the game's standard rules first when there are any; in pool order.
    Empty when none is left."""
    left = [p for p in pool.values() if variant_of(p) == variant and p.theme in themes and p.id not in left_out]

    def key(p: Puzzle) -> tuple[int, bool]:
        return difficulty(p).level, not _standard(tuple(sorted(p.rules.items())))

    low = min(map(key, left), default=None)
    return {p.id: p for p in left if key(p) == low}


_STARTS: dict[tuple[str, str], Rating] = {}


def rating_of(puzzle: Puzzle, rated: Mapping[str, Rating]) -> Rating:
    """The puzzle's rating: from ``rated`` (``RatingStore.puzzle_ratings``), else its start from its
    measured difficulty (``tutor.ratings.puzzle_start``, kept by the puzzle's id and position)."""
    found = rated.get(puzzle.id)
    if found is not None:
        return found
    key = (puzzle.id, puzzle.position)
    start = _STARTS.get(key)
    if start is None:
        start = _STARTS[key] = puzzle_start(difficulty(puzzle).score)
    return start


def themes_of(pool: Mapping[str, Puzzle], variant: str) -> list[str]:
    """The themes of the variant's puzzles, in pool order (each once)."""
    return list(dict.fromkeys(p.theme for p in pool.values() if variant_of(p) == variant))


def practice_themes(pool: Mapping[str, Puzzle], variant: str) -> list[str]:
    """The themes the weakest is named from (serving and the dashboard): the variant's themes with at least
    :data:`THEME_AT_LEAST` puzzles, not :data:`HOUSE_RULES`, in pool order."""
    counts = Counter(p.theme for p in pool.values() if variant_of(p) == variant)
    return [t for t, n in counts.items() if n >= THEME_AT_LEAST and t != HOUSE_RULES]


@dataclass(frozen=True)
class ThemeScore:
    """A theme's rated first tries: ``tries`` and how many were ``solved`` at the first try."""

    theme: str
    tries: int
    solved: int

    @property
    def share(self) -> float:
        """Solved of tried, 0..1 (0 for none tried)."""
        return self.solved / self.tries if self.tries else 0.0

    @property
    def strength(self) -> float:
        """The share with one solve and one miss added (Laplace): one lucky try is not a strong theme."""
        return (self.solved + 1) / (self.tries + 2)


def theme_scores(history: Iterable[RatedTry], pool: Mapping[str, Puzzle]) -> list[ThemeScore]:
    """The learner's first tries (``RatingStore.history``) counted by their puzzle's theme, strongest
    first (:attr:`ThemeScore.strength`; among equals, more tries first, then pool order). Tries of a
    puzzle no longer in ``pool`` are left out."""
    order = {theme: k for k, theme in enumerate(dict.fromkeys(p.theme for p in pool.values()))}
    counts: dict[str, list[int]] = {}
    for done in history:
        puzzle = pool.get(done.puzzle_id)
        if puzzle is not None:
            count = counts.setdefault(puzzle.theme, [0, 0])
            count[0] += 1
            count[1] += int(done.solved)
    scores = [ThemeScore(theme, tries, solved) for theme, (tries, solved) in counts.items()]
    return sorted(scores, key=lambda s: (-s.strength, -s.tries, order.get(s.theme, len(order))))


def weakest_theme(scores: Sequence[ThemeScore], themes: Collection[str]) -> str | None:
    """The weakest of ``themes`` by :func:`theme_scores` (a theme never tried counts as half solved,
    :attr:`ThemeScore.strength`, so it comes before a theme mostly solved); ``None`` before any try."""
    if not scores:
        return None
    known = {s.theme: s.strength for s in scores}
    return min(themes, key=lambda t: known.get(t, 0.5), default=None)


def themes_said(scores: Sequence[ThemeScore], themes: Collection[str]) -> tuple[str | None, str | None]:
    """The dashboard's two themes: the strongest (``scores`` first, when at least half of its tries were
    solved) and the one to practise, the same as Practice serves (:func:`weakest_theme` of ``themes``;
    ``None`` when it is the strongest). ``(None, None)`` before any rated try."""
    strongest = scores[0].theme if scores and scores[0].share >= 0.5 else None
    weakest = weakest_theme(scores, themes)
    return strongest, (weakest if weakest != strongest else None)


def repeats(puzzle: Puzzle, previous: Sequence[Puzzle]) -> int:
    """How much ``puzzle`` would repeat the puzzles served just before it (``previous``, oldest first): 2
    for the same idea as the last one (the same theme and a best first pit in common), 1 for the same
    theme and board (rules table) as each of the last two, else 0."""
    def alike(other: Puzzle) -> bool:
        return other.theme == puzzle.theme and other.rules == puzzle.rules

    if previous and alike(previous[-1]) and set(previous[-1].first_moves) & set(puzzle.first_moves):
        return 2
    return int(len(previous) >= 2 and all(alike(p) for p in previous[-2:]))


def choose(pool: Mapping[str, Puzzle], variant: str, themes: Collection[str], target: float,
           rated: Mapping[str, Rating], tried: Collection[str], recent: Collection[str],
           skip: Collection[str] = (), previous: Sequence[Puzzle] = ()) -> str | None:
    """The id of the puzzle Practice serves: of ``variant`` and of ``themes`` (empty: any theme), not in
    ``recent`` (solved within :data:`RECENT`) nor ``skip`` (the one on screen); one never ``tried`` before
    one tried; then the nearest to ``target`` (the learner's rating, points) by ``rated`` puzzle ratings
    (:func:`rating_of`), except that one within :data:`AT_LEVEL` points more of it that :func:`repeats`
    less the ``previous`` puzzles served comes first; pool order among equals. ``None`` when no puzzle is
    left to serve."""
    left = [p for p in pool.values() if variant_of(p) == variant and (not themes or p.theme in themes)
            and p.id not in recent and p.id not in skip]
    if not left:
        return None

    def far(p: Puzzle) -> float:
        return abs(rating_of(p, rated).rating - target)

    best = min(left, key=lambda p: (p.id in tried, far(p)))
    near = [p for p in left if (p.id in tried) == (best.id in tried) and far(p) <= far(best) + AT_LEVEL]
    return min(near, key=lambda p: (repeats(p, previous), far(p))).id


def recently_solved(ratings: RatingStore, at: dt.datetime | None = None, solved: Collection[str] = ()) -> set[str]:
    """The puzzles solved "recently", which Practice never serves (streaks neither): solved at any try, on
    My practice or on Puzzles, within :data:`RECENT` before ``at`` (default now), by the time of the
    latest solve (``RatingStore.recently_solved``), and ``solved``: the puzzles the caller knows solved
    in this session (progress kept in memory only lives for a session, and a ratings store kept in memory
    knows only its first-try solves)."""
    return ratings.recently_solved((at or dt.datetime.now(dt.UTC)) - RECENT) | set(solved)


def serve(pool: Mapping[str, Puzzle], variant: str, themes: Collection[str], ratings: RatingStore,
          tried: Collection[str], skip: Collection[str] = (), at: dt.datetime | None = None,
          waiting: Collection[str] = (), solved: Collection[str] = (), previous: Sequence[str] = ()) -> str | None:
    """:func:`choose` for a learner: their rating in ``variant`` and the puzzles they solved recently
    (:func:`recently_solved` at ``at``, default now, with ``solved``); no ``themes``: their weakest theme of the
    variant (of :func:`practice_themes`; any theme when the weakest has none left to serve; before their
    first rated try of the variant an easy one, :func:`first_puzzles`, while one is left; of ``themes`` the
    easiest of them, :func:`easiest_puzzles`). ``waiting``: puzzles served this session (skipped, missed), served again only
    when no other is left. ``previous``: the ids served last, oldest first: a puzzle that
    :func:`repeats` the last two less comes first when near the rating (:func:`choose`), from another
    theme than the weakest too."""
    target = ratings.rating(variant).rating
    rated, recent = ratings.puzzle_ratings(), recently_solved(ratings, at, solved)
    weakest = None
    if not themes:
        weakest = weakest_theme(theme_scores(ratings.history(variant), pool), practice_themes(pool, variant))
    newcomer = ratings.rating(variant) == Rating()  # never rated in the game
    last = [pool[pid] for pid in previous[-2:] if pid in pool]
    for left_out in ({*skip, *waiting}, skip):
        if newcomer:  # an easy one first (first_puzzles; of the themes asked, easiest_puzzles)
            easy = easiest_puzzles(pool, variant, themes, {*recent, *left_out}) if themes else first_puzzles(pool, variant)
            found = choose(easy, variant, (), target, rated, tried, recent, left_out, last)
            if found is not None:
                return found
        if themes:
            found = choose(pool, variant, themes, target, rated, tried, recent, left_out, last)
        else:
            found = choose(pool, variant, [weakest], target, rated, tried, recent, left_out, last) if weakest else None
            other = choose(pool, variant, (), target, rated, tried, recent, left_out, last)
            if found is None or (other is not None and _varies(pool[found], pool[other], last, target, rated, tried)):
                found = other  # the weakest theme again and again: another theme near the rating in between
        if found is not None:
            return found
    return None


def _varies(weak: Puzzle, other: Puzzle, last: Sequence[Puzzle], target: float, rated: Mapping[str, Rating],
            tried: Collection[str]) -> bool:
    """Whether ``other`` (of any theme) is served instead of ``weak`` (the weakest theme's): it repeats the
    ``last`` puzzles less (:func:`repeats`), is tried no more, and is within :data:`AT_LEVEL` points of it."""
    def far(p: Puzzle) -> float:
        return abs(rating_of(p, rated).rating - target)

    return repeats(other, last) < repeats(weak, last) and (other.id in tried) <= (weak.id in tried) \
        and far(other) <= far(weak) + AT_LEVEL


@dataclass
class Streak:
    """A streak in ``variant``: ``length`` puzzles solved at the first try so far, ``last`` the rating of
    the last puzzle served (points; ``None`` before the first), ``served`` their ids in order, ``over``
    once a puzzle is missed (or solved with a hint), ``counted``: the puzzle on screen was counted,
    ``won``: no harder puzzle was left, ``best``: the learner's best streak when this one began."""

    variant: str
    best: int = 0
    length: int = 0
    last: float | None = None
    served: list[str] = field(default_factory=list)
    over: bool = False
    counted: bool = False
    won: bool = False

    def next(self, pool: Mapping[str, Puzzle], rated: Mapping[str, Rating], learner: float,
             tried: Collection[str] = (), recent: Collection[str] = ()) -> str | None:
        """The streak's next puzzle: the first is the nearest to ``learner`` (the learner's rating) less
        :data:`STREAK_BELOW`; each after it the easiest rated above the last (by ``rated``, else its start:
        :func:`rating_of`); one never ``tried`` before one tried (as :func:`choose`: a try of a puzzle tried
        before does not move the rating); never one in ``recent`` (solved recently: :func:`recently_solved`).
        ``None`` when it is over, or when there is no harder puzzle (:attr:`won`)."""
        if self.over:
            return None
        left = [p for p in pool.values() if variant_of(p) == self.variant and p.id not in self.served
                and p.id not in recent]
        if self.last is None:
            goal = learner - STREAK_BELOW
            found = min(left, key=lambda p: (p.id in tried, abs(rating_of(p, rated).rating - goal)), default=None)
        else:
            last = self.last
            found = min((p for p in left if rating_of(p, rated).rating > last),
                        key=lambda p: (p.id in tried, rating_of(p, rated).rating), default=None)
        if found is None:
            self.won = True
            return None
        self.served.append(found.id)
        self.last, self.counted = rating_of(found, rated).rating, False
        return found.id

    @property
    def new_best(self) -> bool:
        """Whether this streak is longer than the learner's best before it and at least :data:`BEST_FROM` long."""
        return self.length > self.best and self.length >= BEST_FROM

    def judged(self, solved: bool, first_try: bool, store: RatingStore | None = None) -> None:
        """The puzzle on screen was solved (``first_try``: with no miss and no hint in this try) or missed
        (``solved`` False): a first-try solve adds one (once a puzzle), and ``store`` keeps the length when
        it is the learner's longest (``RatingStore.streak_reached``); anything else ends the streak."""
        if self.over or self.counted:
            return
        if solved and first_try:
            self.length, self.counted = self.length + 1, True
            if store is not None:
                store.streak_reached(self.variant, self.length)
            return
        self.over = True


__all__ = ["AT_LEVEL", "BEST_FROM", "Against", "against", "HOUSE_RULES", "RECENT", "STREAK_BELOW", "THEME_AT_LEAST", "Streak", "ThemeScore", "choose", "easiest_puzzles", "first_puzzles", "practice_themes", "rating_of", "recently_solved", "repeats", "serve", "theme_scores", "themes_of", "themes_said",
           "variant_of", "weakest_theme"]
