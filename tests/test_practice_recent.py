"""My practice with real values (issue 33): a streak gets harder each time until the first miss, on the
shipped pool with the ratings moving as the puzzles are solved; "recently solved" (within
``tutor.practice.RECENT`` before the serve, by the time of the latest solve, at any try, on My practice or
Puzzles) is never served, in a streak neither; a later try that is no solve does not make an old solve recent.
"""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import update

from lessons.loader import load_puzzles
from tutor.mined import practice_pool
from tutor.practice import RECENT, Streak, rating_of, recently_solved, serve, variant_of
from tutor.progress import Progress
from tutor.puzzle import PuzzleActivity
from tutor.ratings import MemoryRatings

POOL = practice_pool(load_puzzles(prove=False))


@pytest.fixture
def lang():
    """``lang("el")`` pins a language for the test's texts; English again after it."""
    from tutor import i18n

    yield i18n.use
    i18n.use(None)


def _play(pid: str, ratings: MemoryRatings, progress: Progress, right: bool) -> PuzzleActivity:
    """Play ``pid`` as a learner does: its first answer (``right``), else a pit no answer starts with."""
    run = PuzzleActivity(POOL[pid], progress)
    run.ratings = ratings
    if right:
        for pit in sorted(run.puzzle.turns)[0]:
            if not run.solved:
                run.press(pit)
        assert run.solved
    else:
        starts = {turn[0] for turn in run.puzzle.turns}
        run.press(next(p for p in run.position.pits_with_seeds() if p not in starts))
        assert run.missed is not None
    return run


def _streak(ratings: MemoryRatings, progress: Progress, game: str, solves: int) -> tuple[Streak, list[float]]:
    """A streak in ``game`` solved ``solves`` times at the first try, then missed: the ratings of the puzzles
    served, each when it was served."""
    streak = Streak(game, best=ratings.best_streak(game))
    served = []
    for k in range(solves + 1):
        solved = {pid for pid, rec in progress.puzzles().items() if rec.solved}
        pid = streak.next(POOL, ratings.puzzle_ratings(), ratings.rating(game).rating, set(progress.puzzles()),
                          recently_solved(ratings, solved=solved))
        assert pid is not None and variant_of(POOL[pid]) == game
        assert pid not in solved
        served.append(rating_of(POOL[pid], ratings.puzzle_ratings()).rating)
        run = _play(pid, ratings, progress, right=k < solves)
        streak.judged(run.solved, run.solved and run.tries == 0 and run.hints == 0, ratings)
    return streak, served


def test_a_streak_gets_harder_each_time_until_the_first_miss_with_the_ratings_moving():
    ratings, progress = MemoryRatings(), Progress()
    streak, served = _streak(ratings, progress, "kalah", 12)
    assert all(b > a for a, b in zip(served, served[1:])), served  # each puzzle rated above the one before
    assert streak.over and streak.length == 12 and ratings.best_streak("kalah") == 12
    assert streak.next(POOL, ratings.puzzle_ratings(), ratings.rating("kalah").rating) is None  # over
    assert abs(served[0] - 1200) < 50 and served[-1] > 1500, served  # figures of the shipped pool
    assert ratings.rating("kalah").rating > 1500  # twelve solves, one miss
    # a second streak the same day serves none of the twelve solved (nor the one missed first: tried)
    first_solved = set(streak.served[:-1])
    again, second = _streak(ratings, progress, "kalah", 5)
    assert all(b > a for a, b in zip(second, second[1:]))
    assert not set(again.served) & first_solved


def test_an_awari_streak_too():
    ratings, progress = MemoryRatings(), Progress()
    streak, served = _streak(ratings, progress, "oware", 8)
    assert all(b > a for a, b in zip(served, served[1:])) and streak.length == 8 and streak.over


def test_a_puzzle_solved_within_a_week_is_never_served_and_comes_back_after():
    ratings, progress = MemoryRatings(), Progress()
    first = serve(POOL, "kalah", ["capture"], ratings, ())
    assert first is not None
    _play(first, ratings, progress, right=True)
    solved_at = ratings.solved[first]
    others = [pid for pid, p in POOL.items() if p.theme == "capture" and variant_of(p) == "kalah" and pid != first]
    tried = set(others)  # every other tried: the one solved would come first were it not recent
    assert serve(POOL, "kalah", ["capture"], ratings, tried | {first}, at=solved_at + RECENT - dt.timedelta(seconds=1)) != first
    assert serve(POOL, "kalah", ["capture"], ratings, tried | {first}, at=solved_at + RECENT + dt.timedelta(seconds=1)) in {
        first, *others}


def test_a_solve_after_a_miss_is_recent_too_in_memory():
    ratings, progress = MemoryRatings(), Progress()
    pid = serve(POOL, "oware", ["awari-lap"], ratings, ())
    run = _play(pid, ratings, progress, right=False)
    run.reset()
    for pit in sorted(run.puzzle.turns)[0]:
        if not run.solved:
            run.press(pit)
    assert run.solved and pid not in ratings.recently_solved(dt.datetime(2000, 1, 1, tzinfo=dt.UTC))  # rated: a miss
    ids = [p for p, q in POOL.items() if q.theme == "awari-lap"]
    assert serve(POOL, "oware", ["awari-lap"], ratings, ids, skip=set(ids) - {pid}) == pid  # what it knows alone
    assert serve(POOL, "oware", ["awari-lap"], ratings, ids, skip=set(ids) - {pid}, solved={pid}) is None


def test_the_store_s_recent_solves_go_by_the_time_of_the_latest_solve(database):
    from store.learners import new_learner
    from store.progress import StoredProgress
    from store.ratings import StoredRatings
    from store.schema import PuzzleRow

    code = new_learner(database)
    progress, ratings = StoredProgress(database, code), StoredRatings(database, code)
    for pid in ("old", "fresh"):
        progress.puzzle_tried(pid)
        progress.puzzle_solved(pid)
    now = dt.datetime.now(dt.UTC)
    ten_days_ago = now - dt.timedelta(days=10)
    with database.session() as s:  # "old" was solved ten days ago
        s.execute(update(PuzzleRow).where(PuzzleRow.learner_code == code, PuzzleRow.puzzle_id == "old")
                  .values(solved_at=ten_days_ago, last_at=ten_days_ago))
    assert ratings.recently_solved(now - RECENT) == {"old", "fresh"} - {"old"}
    progress.puzzle_tried("old")  # opened again today, not solved: its solve is still ten days old
    progress.puzzle_missed("old")
    assert ratings.recently_solved(now - RECENT) == {"fresh"}
    progress.puzzle_solved("old")  # solved again today: recent
    assert ratings.recently_solved(now - RECENT) == {"old", "fresh"}
    with database.session() as s:  # a solve kept before its time was: the time of the last try
        s.execute(update(PuzzleRow).where(PuzzleRow.learner_code == code, PuzzleRow.puzzle_id == "fresh")
                  .values(solved_at=None))
    assert ratings.recently_solved(now - RECENT) == {"old", "fresh"}


# -- a measure that keeps moving: the puzzle's rating against the learner's --------------------------------


def test_a_strong_learner_meets_only_3_stars_but_the_puzzles_ratings_keep_telling_them_apart():
    from tutor.practice import against
    from tutor.puzzle import level_of
    from tutor.ratings import Rating

    shown = []
    for learner in (1700.0, 1900.0, 2100.0, 2300.0, 2500.0):  # a learner growing stronger
        ratings = MemoryRatings()
        ratings.learner["kalah"] = Rating(learner, 60.0)
        pid = serve(POOL, "kalah", (), ratings, ())
        assert level_of(POOL[pid]) == 3  # the stars no longer move
        shown.append(round(rating_of(POOL[pid], {}).rating))
        assert against(shown[-1], learner) == "level"
    assert shown == [1702, 1896, 2080, 2292, 2455]  # the puzzle's rating does (the shipped pool's figures)
    # a streak from there climbs past the learner: easier first, then about their level, then harder
    streak = Streak("kalah")
    climb = []
    for _ in range(40):
        pid = streak.next(POOL, {}, 1900.0)
        if pid is None:
            break
        climb.append(rating_of(POOL[pid], {}).rating)
        streak.judged(True, True)
    words_said = [against(r, 1900.0) for r in climb]
    assert words_said[0] == "easier" and "level" in words_said and words_said[-1] == "harder"
    assert words_said == sorted(words_said, key=["easier", "level", "harder"].index)
    assert {level_of(POOL[pid]) for pid in streak.served[-10:]} == {3}


def test_the_words_of_a_puzzle_s_rating(lang):
    from tutor import words

    lang("en")
    assert words.puzzle_heading("Puzzle 37", 1830) == "Puzzle 37 · rating 1830"
    assert [words.against_you(w) for w in ("harder", "level", "easier")] == [
        "Harder than your rating: a real challenge!", "About your rating: just right.",
        "Easier than your rating: a warm-up."]
    lang("el")
    assert words.puzzle_heading("Γρίφος 37", 1830) == "Γρίφος 37 · βαθμολογία 1830"
    assert words.against_you("level").startswith("Περίπου")
