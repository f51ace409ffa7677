"""Homework a teacher sets the class: lessons to finish, a number of puzzles of a theme, or a number of
their own games to review (and their mistakes to play again), by a due date.

Pure: the store keeps each :class:`Homework` (``store.homework``), each pupil's puzzle solves with
their times (the latest solve of each puzzle) and their reviewed games (:class:`ReviewWork`); this
module counts a pupil's progress on a homework and says where it stands on a day. What counts (what
a teacher expects):

- lessons: every step done counts, whenever it was done (a pupil who did lesson 4 last week has done
  that homework); the homework is done when every lesson set is finished (``LessonProgress.done``);
- puzzles: a puzzle of the theme counts when it was solved at or after the moment the homework was
  set (on Puzzles or My practice alike: both write the same record), each puzzle once, up to the
  number set;
- reviews: a finished game of their own whose review they opened at or after the moment the homework
  was set counts, each game once, up to the number set. With "and play their mistakes again"
  (``replay``), a game is done once a good move was found in each of its mistakes (its cards,
  ``tutor.cards``) on the Mistakes page after the game's review (not after "Show me"); the games done
  count first, and the mistakes are counted as positions (the same position in two games is one).

When it was finished (:attr:`Done.at`): the moment the last thing it needed was done, from when each
thing was first done (:class:`FirstDone`, ``ReviewWork.first_replays``). A puzzle solved (or a mistake
found again) both before the homework was set and since, first done before it, is read as done the
moment the homework was set (or the game reviewed): the store keeps its first and latest times only, so
a find between them cannot be told, and a homework is called late only when it is known to be.
Finished after the end of its due day -> ``"done_late"``.

Days are calendar days (``datetime.date``); "today" is the caller's: a date, or a
:class:`tutor.days.Today` (the time now and the viewer's zone), judged for each homework in the
viewer's zone, else the zone the homework was set in, else UTC. Nothing here reads the wall clock.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from . import words
from .days import Today, local_date
from .progress import LessonProgress

Kind = Literal["lessons", "puzzles", "reviews"]
"""What a homework asks: lessons to finish, a number of puzzles of a theme solved, or a number of the
pupil's own games reviewed."""
KINDS: tuple[Kind, ...] = ("lessons", "puzzles", "reviews")
State = Literal["done", "done_late", "open", "due_today", "late"]
"""Where a pupil's homework stands on a day: finished (on time), finished after its due day, not yet due,
due that day, past its due date and not finished."""
MAX_PUZZLES = 50
"""The most puzzles one homework may ask for."""
MAX_REVIEWS = 10
"""The most games to review one homework may ask for."""
MAX_HOMEWORKS = 20
"""The most homeworks a class keeps at once (the teacher deletes old ones)."""


@dataclass(frozen=True)
class Homework:
    """One homework of a class: its ``id`` (the store's), ``kind``, the lesson ids to finish (course
    order; ``()`` otherwise), the puzzle ``theme`` (``""`` otherwise), ``count`` (puzzles or games to
    review; 0 for lessons), the ``due`` day, when it was ``set_at`` (UTC), whether the games' mistakes
    are to be played again (``replay``, reviews only) and the ``zone`` it was set in (the teacher's
    browser's IANA name, ``""`` when unknown: a pupil whose browser gives no zone is judged on its day)."""

    id: int
    kind: Kind
    lessons: tuple[str, ...]
    theme: str
    count: int
    due: dt.date
    set_at: dt.datetime
    replay: bool = False
    zone: str = ""


@dataclass(frozen=True)
class ReviewedGame:
    """A finished game of the pupil's whose review they opened ``at`` (UTC), with the ids of the cards
    of their mistakes in it (``tutor.cards.Card.id``; ``()`` for a game without mistakes)."""

    at: dt.datetime
    mistakes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReviewWork:
    """A pupil's reviewed games (:class:`ReviewedGame`) and, for each of their cards played again on the
    Mistakes page, the time of its latest replay and of its first (card id -> UTC; a card missing from
    ``first_replays`` is read as first played again at its latest replay)."""

    games: tuple[ReviewedGame, ...] = ()
    replays: Mapping[str, dt.datetime] = field(default_factory=dict)
    first_replays: Mapping[str, dt.datetime] = field(default_factory=dict)


NO_REVIEWS = ReviewWork()
"""A pupil who reviewed no game."""


@dataclass(frozen=True)
class FirstDone:
    """When a pupil first did what homework counts (UTC): lesson id -> its first finish, puzzle id -> its
    first solve. A puzzle missing from ``solves`` is read as first solved at its latest solve; a lesson
    missing from ``lessons``, as finished at a time not known (a homework it finishes is never called late)."""

    lessons: Mapping[str, dt.datetime] = field(default_factory=dict)
    solves: Mapping[str, dt.datetime] = field(default_factory=dict)


NO_FIRSTS = FirstDone()
"""No first times known (every homework finished reads as done on time)."""


class PuzzleLike(Protocol):
    """What homework needs of a puzzle (``lessons.models.Puzzle``): its theme."""

    @property
    def theme(self) -> str: ...


@dataclass(frozen=True)
class Done:
    """A pupil's progress on one homework: ``done`` of ``total`` (lesson steps, puzzles, or games reviewed),
    and whether the homework is ``finished``; for reviews with ``replay``, of the ``mistakes`` in the
    games counted (each position once: a card of ``tutor.cards``) in how many a good move was found again
    (``replayed``; finished: ``total`` games, each with every mistake found again). ``at``: when it was
    finished (UTC; see the module), ``None`` when not finished or not known (not compared: two progresses
    are equal when their counts are)."""

    done: int
    total: int
    finished: bool
    mistakes: int = 0
    replayed: int = 0
    at: dt.datetime | None = field(default=None, compare=False)


def check(kind: str, lessons: Sequence[str], theme: str, count: int, due: dt.date, today: dt.date,
          known_lessons: Sequence[str], known_themes: Sequence[str]) -> str | None:
    """Why a homework cannot be set, or ``None`` when it can: ``"kind"`` (not one of :data:`KINDS`),
    ``"lessons"`` (no lesson picked, or one not in ``known_lessons``), ``"theme"`` (not in
    ``known_themes``), ``"count"`` (puzzles: not 1 to :data:`MAX_PUZZLES`), ``"games"`` (reviews: not 1
    to :data:`MAX_REVIEWS`), ``"due"`` (before ``today``, the teacher's day)."""
    if kind not in KINDS:
        return "kind"
    if kind == "lessons" and (not lessons or any(lid not in known_lessons for lid in lessons)):
        return "lessons"
    if kind == "puzzles" and theme not in known_themes:
        return "theme"
    if kind == "puzzles" and not 1 <= count <= MAX_PUZZLES:
        return "count"
    if kind == "reviews" and not 1 <= count <= MAX_REVIEWS:
        return "games"
    if due < today:
        return "due"
    return None


class AlreadySet(ValueError):
    """A homework identical to one the class has (:func:`same_as`): nothing was set. ``homework``: that
    one's id."""

    def __init__(self, homework: int) -> None:
        super().__init__("same")
        self.homework = homework


def same_as(held: Sequence[Homework], kind: str, lessons: Sequence[str], theme: str, count: int, due: dt.date,
            replay: bool = False) -> Homework | None:
    """The homework of ``held`` (a class's) that asks just what this one would, or ``None``: the same
    ``kind``, due the same day, and the same lessons (in any order), or the same ``theme`` and
    ``count`` of puzzles, or the same ``count`` of games to review, with or without ``replay`` alike.
    Setting it again (a second click, a reload) would show pupils the same homework twice."""
    task = _task(kind, lessons, theme, count, replay)
    return next((hw for hw in held if hw.due == due
                 and _task(hw.kind, hw.lessons, hw.theme, hw.count, hw.replay) == task), None)


def _task(kind: str, lessons: Sequence[str], theme: str, count: int, replay: bool) -> tuple[object, ...]:
    """What a homework asks, as the store keeps it: only the fields its kind uses."""
    if kind == "lessons":
        return kind, frozenset(lessons)
    if kind == "puzzles":
        return kind, theme, count
    return kind, count, bool(replay)


def _aware(when: dt.datetime) -> dt.datetime:
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


def _since(first: dt.datetime | None, latest: dt.datetime, since: dt.datetime) -> dt.datetime:
    """The soonest a thing done first at ``first`` (``None``: read as ``latest``) and last at ``latest``
    (at or after ``since``) may have been done at or after ``since``: its first time, else ``since``."""
    soonest = _aware(first if first is not None else latest)
    return soonest if soonest >= since else since


def _again(card: str, game: ReviewedGame, work: ReviewWork, until: dt.datetime | None = None) -> bool:
    """Whether a good move was found in ``card`` (one of ``game``'s mistakes) after the game's review (and,
    with ``until``, may have been by then: :func:`_since`)."""
    latest = work.replays.get(card)
    if latest is None or _aware(latest) < _aware(game.at):
        return False
    return until is None or _since(work.first_replays.get(card), latest, _aware(game.at)) <= until


def _replayed(game: ReviewedGame, work: ReviewWork, until: dt.datetime | None = None) -> int:
    """In how many of ``game``'s mistakes a good move was found after its review (by ``until``)."""
    return sum(1 for card in game.mistakes if _again(card, game, work, until))


def _reviews(homework: Homework, work: ReviewWork) -> Done:
    done = _reviews_by(homework, work)
    if not done.finished:
        return done
    since = _aware(homework.set_at)
    games = [g for g in work.games if _aware(g.at) >= since]
    # the soonest moment it was finished: a game reviewed, or a mistake found again after its review
    moments = {_aware(g.at) for g in games} | {_since(work.first_replays.get(c), work.replays[c], _aware(g.at))
                                               for g in games for c in g.mistakes if _again(c, g, work)}
    at = next((t for t in sorted(moments) if _reviews_by(homework, work, t).finished), None)
    return Done(done.done, done.total, True, done.mistakes, done.replayed, at)


def _reviews_by(homework: Homework, work: ReviewWork, until: dt.datetime | None = None) -> Done:
    """The reviews done (by ``until``: see :func:`_since`)."""
    since = _aware(homework.set_at)
    games = [g for g in work.games if _aware(g.at) >= since and (until is None or _aware(g.at) <= until)]
    if not homework.replay:
        counted = min(len(games), homework.count)
        return Done(counted, homework.count, counted >= homework.count)
    replayed = [(_replayed(g, work, until), g) for g in games]
    # the games whose mistakes were all played again count first, then the soonest reviewed
    chosen = sorted(replayed, key=lambda pair: (pair[0] < len(pair[1].mistakes), _aware(pair[1].at)))[:homework.count]
    complete = sum(1 for n, g in chosen if n == len(g.mistakes))
    # each position once (a card), as the Mistakes page and the class's reviews count them: found again
    # when a good move was found in it after the review of every counted game it is in
    cards = {c for _, g in chosen for c in g.mistakes}
    found = {c for c in cards if all(_again(c, g, work, until) for _, g in chosen if c in g.mistakes)}
    return Done(len(chosen), homework.count, complete >= homework.count, mistakes=len(cards), replayed=len(found))


def progress(homework: Homework, lessons: Mapping[str, LessonProgress], solves: Mapping[str, dt.datetime],
             steps: Mapping[str, int], puzzles: Mapping[str, PuzzleLike], reviews: ReviewWork = NO_REVIEWS,
             first: FirstDone = NO_FIRSTS) -> Done:
    """A pupil's progress on ``homework``, from their lessons (lesson id -> record), their puzzle
    solves (puzzle id -> the time of its latest solve), each lesson's number of ``steps`` (lesson id
    -> steps), the ``puzzles`` (id -> puzzle, for their themes), their reviewed games (``reviews``) and
    when they first did each thing (``first``, for :attr:`Done.at`). See the module for what counts."""
    if homework.kind == "reviews":
        return _reviews(homework, reviews)
    if homework.kind == "lessons":
        total = sum(steps.get(lid, 0) for lid in homework.lessons)
        done = 0
        finished = True
        for lid in homework.lessons:
            rec = lessons.get(lid, LessonProgress())
            done += steps.get(lid, 0) if rec.done else min(len(rec.steps_done), steps.get(lid, 0))
            finished = finished and rec.done
        known = [_aware(first.lessons[lid]) for lid in homework.lessons if lid in first.lessons]
        at = max(known) if finished and len(known) == len(homework.lessons) else None
        return Done(done, total, finished, at=at)
    since = _aware(homework.set_at)
    times = sorted(_since(first.solves.get(pid), at, since) for pid, at in solves.items()
                   if pid in puzzles and puzzles[pid].theme == homework.theme and _aware(at) >= since)
    finished = len(times) >= homework.count
    return Done(min(len(times), homework.count), homework.count, finished,
                at=times[homework.count - 1] if finished and homework.count else None)


def day_of(homework: Homework, today: dt.date | Today) -> dt.date:
    """The day ``homework`` is judged on: ``today`` itself when it is a date; for a
    :class:`~tutor.days.Today`, the date in the viewer's zone, else in the homework's own zone (the
    teacher's when it was set), else in UTC."""
    return today.date(homework.zone) if isinstance(today, Today) else today


def state(homework: Homework, done: Done, today: dt.date | Today) -> State:
    """Where ``done`` stands on ``today`` (:func:`day_of`): once finished, ``"done_late"`` when it was
    finished (:attr:`Done.at`) after the due day (that moment's day in the viewer's zone, else the
    homework's, else UTC's, as :func:`day_of`), else ``"done"``; not finished, ``"late"`` after the due
    day, ``"due_today"`` on it, ``"open"`` before it."""
    if done.finished:
        viewer = today.zone if isinstance(today, Today) else None
        late = done.at is not None and local_date(done.at, viewer, homework.zone) > homework.due
        return "done_late" if late else "done"
    today = day_of(homework, today)
    if today > homework.due:
        return "late"
    return "due_today" if today == homework.due else "open"


def task_words(homework: Homework, numbers: Mapping[str, int], theme_titles: Mapping[str, str],
               teacher: bool = False) -> str:
    """What ``homework`` asks, in words (``words.homework_task``): lessons by their number in the
    course (``numbers``: lesson id -> number), a theme by its title (``theme_titles``); ``teacher``: as
    the teacher's screen says it (their pupils' games, not "your")."""
    return words.homework_task(homework.kind, [numbers[lid] for lid in homework.lessons if lid in numbers],
                               theme_titles.get(homework.theme, homework.theme), homework.count, homework.replay,
                               teacher)


def progress_words(homework: Homework, done: Done) -> str:
    """How far a pupil is, in words (``words.homework_done``): ``"2 of 3 steps done"``, ``"1 of 2 games
    reviewed, 3 of 5 positions found again"``."""
    return words.homework_done(homework.kind, done.done, done.total, done.replayed, done.mistakes)


def to_replay(homework: Homework, work: ReviewWork) -> list[str]:
    """The ids of the cards a pupil still has to play again for ``homework`` (reviews with ``replay``):
    the mistakes of their games reviewed since it was set, not played again after the game's review,
    each once, in the order the games were reviewed (``[]`` for any other homework)."""
    if homework.kind != "reviews" or not homework.replay:
        return []
    since = _aware(homework.set_at)
    out: dict[str, None] = {}
    for game in sorted((g for g in work.games if _aware(g.at) >= since), key=lambda g: _aware(g.at)):
        out.update((c, None) for c in still_to_find(game, work))
    return list(out)


def lesson_to_start(homework: Homework, lessons: Mapping[str, LessonProgress]) -> tuple[str, bool] | None:
    """The lesson a pupil's "Start lesson N" button opens for ``homework``: its first lesson (course order)
    not finished, and whether the pupil has begun it (a step done); ``None`` when every lesson is finished
    or the homework asks no lessons."""
    for lid in homework.lessons:
        rec = lessons.get(lid, LessonProgress())
        if not rec.done:
            return lid, bool(rec.steps_done)
    return None


def still_to_find(game: ReviewedGame, work: ReviewWork) -> tuple[str, ...]:
    """The ids of ``game``'s mistakes (its cards) in which no good move was found after its review, in its
    order: what "play their mistakes again" still needs of it (``to_replay``, the Mistakes page)."""
    return tuple(c for c in game.mistakes if not _again(c, game, work))


def first_on_home(homeworks: Sequence[Homework], lessons: Mapping[str, LessonProgress],
                  solves: Mapping[str, dt.datetime], steps: Mapping[str, int],
                  puzzles: Mapping[str, PuzzleLike], reviews: ReviewWork = NO_REVIEWS,
                  first: FirstDone = NO_FIRSTS) -> list[tuple[Homework, Done]]:
    """A pupil's homeworks as Home lists them: the unfinished ones first, soonest due first, then the
    finished ones (soonest due first), each with its progress."""
    pairs = [(hw, progress(hw, lessons, solves, steps, puzzles, reviews, first)) for hw in homeworks]
    return sorted(pairs, key=lambda pair: (pair[1].finished, pair[0].due, pair[0].id))


__all__ = [
    "KINDS",
    "MAX_HOMEWORKS",
    "MAX_PUZZLES",
    "MAX_REVIEWS",
    "NO_FIRSTS",
    "NO_REVIEWS",
    "AlreadySet",
    "Done",
    "FirstDone",
    "Homework",
    "Kind",
    "PuzzleLike",
    "ReviewWork",
    "ReviewedGame",
    "State",
    "Today",
    "check",
    "day_of",
    "first_on_home",
    "lesson_to_start",
    "progress",
    "progress_words",
    "same_as",
    "state",
    "still_to_find",
    "task_words",
    "to_replay",
]
