"""Practice (tutor/practice.py) in plain pytest: a first try moves the rating (up on a solve, down on a
miss, once a puzzle), the puzzle served is near the learner's rating, from the themes asked or the
weakest, and never one solved recently; a streak serves harder puzzles until the first miss."""

from __future__ import annotations

import datetime as dt

import pytest

from lessons.loader import load_puzzles
from lessons.proofs import difficulty
from tutor import i18n, words
from tutor.practice import (
    RECENT,
    STREAK_BELOW,
    Streak,
    ThemeScore,
    choose,
    easiest_puzzles,
    rating_of,
    repeats,
    serve,
    theme_scores,
    themes_of,
    themes_said,
    variant_of,
    weakest_theme,
)
from tutor.mined import practice_pool
from tutor.progress import Progress
from tutor.puzzle import PuzzleActivity
from tutor.ratings import MemoryRatings, RatedTry, Rating, puzzle_start, rate

POOL = load_puzzles(prove=False)
T0 = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
KALAH = [p for p in POOL.values() if variant_of(p) == "kalah"]


def _run(pid: str, ratings: MemoryRatings, progress: Progress | None = None) -> PuzzleActivity:
    run = PuzzleActivity(POOL[pid], progress or Progress())
    run.ratings = ratings
    return run


def test_solving_a_puzzle_at_the_first_try_moves_the_learners_rating_up_once():
    ratings = MemoryRatings()
    run = _run("chain-right-to-left", ratings)
    for pit in (6, 5, 6):
        run.press(pit)
    assert run.solved and run.rated is not None and run.rated.solved
    assert round(ratings.rating("kalah").rating) > 1500 and run.rated.shown_change > 0
    assert ratings.puzzles["chain-right-to-left"].rating < rating_of(POOL["chain-right-to-left"], {}).rating
    again = _run("chain-right-to-left", ratings, run.progress)  # a later try: tried before, not rated
    for pit in (6, 5, 6):
        again.press(pit)
    assert again.solved and again.rated is None and len(ratings.history()) == 1


def test_a_miss_moves_the_rating_down_and_solving_it_afterwards_changes_nothing():
    ratings = MemoryRatings()
    run = _run("chain-right-to-left", ratings)
    run.press(1)  # not the chain: the turn misses
    assert run.missed is not None and run.rated is not None and not run.rated.solved
    assert ratings.rating("kalah").rating < 1500 and run.rated.shown_change < 0
    run.reset()
    for pit in (6, 5, 6):
        run.press(pit)
    assert run.solved and [t.solved for t in ratings.history()] == [False]


def test_a_hint_before_the_solve_rates_the_try_as_half_a_solve():
    """A hint, then the solve with no wrong move: not solved at the first try (the theme bars), scored 0.5
    (``tutor.ratings.HINTED_SCORE``): against this puzzle, rated 1830 (above 1500), the rating still goes
    up, by 141, where a solve at the first try gives +354 and a wrong move -71."""
    ratings = MemoryRatings()
    run = _run("chain-right-to-left", ratings)
    run.show_hint(0)
    for pit in (6, 5, 6):
        run.press(pit)
    assert run.solved and run.rated is not None and not run.rated.solved and run.rated.hinted
    assert round(rating_of(run.puzzle, {}).rating) == 1830 and run.rated.shown_change == 141
    clean = _run("chain-right-to-left", MemoryRatings())
    for pit in (6, 5, 6):
        clean.press(pit)
    assert clean.rated is not None and clean.rated.solved and clean.rated.shown_change == 354


def test_a_hint_then_a_wrong_move_rates_the_try_as_a_miss():
    ratings = MemoryRatings()
    run = _run("chain-right-to-left", ratings)
    run.show_hint(0)
    run.press(1)
    assert run.rated is not None and not run.rated.hinted and run.rated.shown_change == -71


def test_a_puzzle_never_rated_starts_from_its_measured_difficulty():
    easy = min(KALAH, key=lambda p: difficulty(p).score)
    assert rating_of(easy, {}) == puzzle_start(difficulty(easy).score)
    assert rating_of(easy, {easy.id: Rating(1234.0)}).rating == 1234.0


def test_the_puzzle_served_is_the_nearest_to_the_learners_rating():
    for target in (1200.0, 1500.0, 1900.0):
        pid = choose(POOL, "kalah", (), target, {}, (), ())
        best = min(abs(rating_of(p, {}).rating - target) for p in KALAH)
        assert pid is not None and abs(rating_of(POOL[pid], {}).rating - target) == best
    low, high = choose(POOL, "kalah", (), 1000.0, {}, (), ()), choose(POOL, "kalah", (), 2400.0, {}, (), ())
    assert rating_of(POOL[low], {}).rating < rating_of(POOL[high], {}).rating


def test_the_puzzle_served_follows_the_puzzles_ratings_as_they_move():
    pid = choose(POOL, "kalah", (), 1500.0, {}, (), ())
    other = next(p.id for p in KALAH if p.id != pid)
    assert choose(POOL, "kalah", (), 1500.0, {other: Rating(1500.0)}, (), ()) == other


def test_a_puzzle_solved_recently_is_never_served_and_one_never_tried_comes_first():
    theme = "capture"
    ids = [p.id for p in KALAH if p.theme == theme]
    first = choose(POOL, "kalah", [theme], 1500.0, {}, (), ())
    assert first in ids
    assert choose(POOL, "kalah", [theme], 1500.0, {}, (), {first}) not in {first, None}
    assert choose(POOL, "kalah", [theme], 1500.0, {}, ids[:-1], ()) == ids[-1]  # the one never tried
    assert choose(POOL, "kalah", [theme], 1500.0, {}, (), set(ids)) is None  # every one solved this week
    assert choose(POOL, "kalah", [theme], 1500.0, {}, (), (), skip={first}) != first


def test_serve_leaves_out_what_the_learner_solved_within_a_week_and_keeps_the_variant():
    ratings = MemoryRatings()
    theme = "capture"
    ids = [p.id for p in KALAH if p.theme == theme]
    for k, pid in enumerate(ids[:-1]):
        ratings.record_try(pid, "kalah", True, Rating(), T0 + dt.timedelta(minutes=k))
    assert serve(POOL, "kalah", [theme], ratings, ids[:-1], at=T0 + dt.timedelta(days=1)) == ids[-1]
    assert serve(POOL, "kalah", [theme], ratings, ids, skip={ids[-1]}, at=T0 + dt.timedelta(days=1)) is None
    later = serve(POOL, "kalah", [theme], ratings, ids, skip={ids[-1]}, at=T0 + RECENT + dt.timedelta(days=1))
    assert later in ids[:-1]  # a week on, they may come back
    awari = serve(POOL, "oware", (), ratings, ())
    assert awari is not None and variant_of(POOL[awari]) == "oware"


def test_the_weakest_theme_is_served_when_no_theme_is_chosen():
    ratings = MemoryRatings()
    by_theme = {t: [p.id for p in KALAH if p.theme == t] for t in ("capture", "lap")}
    for k, pid in enumerate(by_theme["capture"][:3]):
        ratings.record_try(pid, "kalah", True, Rating(), T0 + dt.timedelta(minutes=k))
    for k, pid in enumerate(by_theme["lap"][:3]):
        ratings.record_try(pid, "kalah", False, Rating(), T0 + dt.timedelta(minutes=10 + k))
    scores = theme_scores(ratings.history("kalah"), POOL)
    assert [(s.theme, s.tries, s.solved) for s in scores] == [("capture", 3, 3), ("lap", 3, 0)]
    assert weakest_theme(scores, themes_of(POOL, "kalah")) == "lap"
    assert POOL[serve(POOL, "kalah", (), ratings, by_theme["lap"][:3] + by_theme["capture"][:3], at=T0)].theme == "lap"


def test_theme_scores_count_first_tries_and_a_single_lucky_try_is_not_the_strongest():
    history = [RatedTry(p.id, "kalah", True, 1500, 0, T0) for p in KALAH if p.theme == "capture"][:4]
    history += [RatedTry(next(p.id for p in KALAH if p.theme == "lap"), "kalah", True, 1500, 0, T0)]
    history += [RatedTry("gone-from-the-pool", "kalah", False, 1500, 0, T0)]
    scores = theme_scores(history, POOL)
    assert scores == [ThemeScore("capture", 4, 4), ThemeScore("lap", 1, 1)]
    assert scores[0].share == scores[1].share == 1.0 and scores[0].strength > scores[1].strength
    assert weakest_theme([], ["capture"]) is None


def test_a_streak_serves_harder_puzzles_each_time_until_the_first_miss():
    ratings = MemoryRatings()
    streak = Streak("kalah")
    first = streak.next(POOL, {}, 1500.0)
    goal = 1500.0 - STREAK_BELOW
    assert abs(rating_of(POOL[first], {}).rating - goal) == min(abs(rating_of(p, {}).rating - goal) for p in KALAH)
    seen = [rating_of(POOL[first], {}).rating]
    for _ in range(4):
        streak.judged(solved=True, first_try=True, store=ratings)
        streak.judged(solved=True, first_try=True, store=ratings)  # a rerun: counted once
        seen.append(rating_of(POOL[streak.next(POOL, {}, 1500.0)], {}).rating)
    assert seen == sorted(seen) and len(set(seen)) == 5  # strictly harder each time
    assert streak.length == 4 and ratings.best_streak("kalah") == 4
    streak.judged(solved=False, first_try=False, store=ratings)
    assert streak.over and streak.next(POOL, {}, 1500.0) is None and ratings.best_streak("kalah") == 4


def test_a_solve_with_a_hint_ends_a_streak_and_the_best_streak_stays():
    ratings = MemoryRatings()
    ratings.streak_reached("kalah", 6)
    streak = Streak("kalah")
    streak.next(POOL, {}, 1500.0)
    streak.judged(solved=True, first_try=False, store=ratings)
    assert streak.over and streak.length == 0 and ratings.best_streak("kalah") == 6


def test_a_streak_past_the_hardest_puzzle_is_won():
    streak = Streak("oware")
    count = sum(1 for p in POOL.values() if variant_of(p) == "oware")
    served = []
    while (pid := streak.next(POOL, {}, 2600.0 + STREAK_BELOW)) is not None:
        served.append(pid)
        streak.judged(True, True)
    assert 1 <= len(served) <= count and not streak.over and streak.won and streak.length == len(served)


@pytest.mark.parametrize("variant", ["kalah", "oware"])
def test_every_variant_has_puzzles_to_serve(variant):
    assert themes_of(POOL, variant) and choose(POOL, variant, (), 1500.0, {}, (), ()) is not None


def test_the_dashboards_theme_to_practise_is_the_weakest_theme_practice_serves():
    """User test: "Puzzles from your weakest theme: Counting the end." beside "A theme to practise: Win the
    endgame.": both now come from one rule (``weakest_theme``), so they name the same theme."""
    history = [RatedTry(p.id, "kalah", True, 1500, 0, T0) for p in KALAH if p.theme == "capture"][:3]
    history += [RatedTry(p.id, "kalah", False, 1500, 0, T0) for p in KALAH if p.theme == "lap"][:2]
    scores = theme_scores(history, POOL)
    themes = themes_of(POOL, "kalah")
    strongest, to_practise = themes_said(scores, themes)
    assert strongest == "capture" and to_practise == weakest_theme(scores, themes) == "lap"
    one = [RatedTry(p.id, "kalah", False, 1500, 0, T0) for p in KALAH if p.theme == "capture"][:1]
    scores = theme_scores(one, POOL)  # one theme tried and missed: weaker than any theme not tried (1/3 < 1/2)
    assert themes_said(scores, themes) == (None, "capture") == (None, weakest_theme(scores, themes))
    assert themes_said([], themes) == (None, None)


def test_a_streak_serves_puzzles_not_tried_before_first():
    """User test: a new streak served a puzzle solved under "Puzzles for me" ("You tried this puzzle
    before, so your rating stays..."); it now serves one not yet tried first, as Puzzles for me does."""
    first = Streak("kalah").next(POOL, {}, 1500.0)
    again = Streak("kalah")
    other = again.next(POOL, {}, 1500.0, tried={first})
    assert other is not None and other != first
    goal = 1500.0 - STREAK_BELOW
    assert abs(rating_of(POOL[other], {}).rating - goal) == min(
        abs(rating_of(p, {}).rating - goal) for p in KALAH if p.id != first)
    again.judged(True, True)
    harder = sorted((p for p in KALAH if rating_of(p, {}).rating > again.last), key=lambda p: rating_of(p, {}).rating)
    assert len(harder) >= 2
    after = again.next(POOL, {}, 1500.0, tried={harder[0].id})  # the easiest harder one was tried: the next
    assert after == harder[1].id


def test_a_provisional_rating_is_said_to_move_a_lot_at_first_and_it_does():
    """The sentence under a provisional rating is a claim: the first tries move it by much more than the
    tries once it is settled (deviation 110 or less)."""
    learner, puzzle = Rating(), Rating(1500, 200)
    moves = []
    while learner.provisional:
        before = learner.rating
        learner = rate(learner, puzzle, len(moves) % 2)
        moves.append(abs(learner.rating - before))
    assert len(moves) == 14 and moves[0] > 150 and moves[-1] < moves[0] / 3, moves
    assert (words.rating_value(1279, True), words.rating_value(1279, False)) == ("1279?", "1279")
    assert words.rating_provisional() == "Your rating is still finding its level: it moves a lot in your first puzzles."
    assert words.rating_moved(-221, 1279, provisional=True) == (
        "Your rating went down by 221, to 1279 for now: a new rating takes big steps, up and down, until it finds "
        "your level.")
    assert words.rating_moved(-21, 1479) == "Your rating went down by 21: it is 1479 now."  # settled: as before
    assert words.rating_moved(134, 1634, provisional=True) == "Your rating went up by 134: it is 1634 now."
    i18n.use("el")
    try:
        assert words.rating_provisional() == ("Η βαθμολογία σου ψάχνει ακόμη το επίπεδό της: στους πρώτους γρίφους "
                                              "ανεβοκατεβαίνει πολύ· μετά αλλάζει λιγότερο.")
        assert words.rating_moved(-221, 1279, provisional=True) == (
            "Η βαθμολογία σου κατέβηκε κατά 221: προς το παρόν είναι 1279. Στους πρώτους γρίφους ανεβοκατεβαίνει "
            "πολύ, ώσπου να βρει το επίπεδό σου.")
        assert words.rating_value(1279, True) == "1279?"
    finally:
        i18n.use(None)


def test_a_streak_of_one_is_no_best_yet_two_is():
    streak = Streak("kalah")
    streak.judged(True, True)
    assert streak.length == 1 and not streak.new_best
    streak.counted = False
    streak.judged(True, True)
    assert streak.length == 2 and streak.new_best
    assert not Streak("kalah", best=3, length=3).new_best and Streak("kalah", best=3, length=4).new_best


def test_puzzles_served_this_session_wait_while_others_are_left():
    ratings = MemoryRatings()
    seen: list[str] = []
    for _ in range(6):
        pid = serve(POOL, "kalah", (), ratings, (), skip=seen[-1:], at=T0, waiting=seen)
        assert pid not in seen
        seen.append(pid)
    lap = [p.id for p in KALAH if p.theme == "lap"]  # all of a theme served: one comes back, not the one on screen
    again = serve(POOL, "kalah", ["lap"], ratings, (), skip=lap[-1:], at=T0, waiting=lap)
    assert again in lap[:-1]


def test_the_weakest_theme_is_never_house_rules_nor_a_theme_with_few_puzzles():
    from tutor.practice import HOUSE_RULES, THEME_AT_LEAST, practice_themes
    assert HOUSE_RULES in themes_of(POOL, "kalah") and HOUSE_RULES not in practice_themes(POOL, "kalah")
    assert all(sum(p.theme == t for p in KALAH) >= THEME_AT_LEAST for t in practice_themes(POOL, "kalah"))
    ratings = MemoryRatings()
    house = [p.id for p in KALAH if p.theme == HOUSE_RULES]
    for k, pid in enumerate(house):
        ratings.record_try(pid, "kalah", False, Rating(), T0 + dt.timedelta(minutes=k))
    scores = theme_scores(ratings.history("kalah"), POOL)
    assert weakest_theme(scores, practice_themes(POOL, "kalah")) != HOUSE_RULES
    assert themes_said(scores, practice_themes(POOL, "kalah"))[1] != HOUSE_RULES
    assert POOL[serve(POOL, "kalah", (), ratings, house, at=T0)].theme != HOUSE_RULES


def test_a_puzzle_repeats_the_last_by_its_idea_and_the_last_two_by_theme_and_board():
    """ut44 #7: grand-slam-take-less after grand-slam-near-the-win is the same idea (grand-slam theme, best
    pit 4 both); grand-slam-one-seed (best pit 6) only shares their theme and board; a chain puzzle neither."""
    near, less, one_seed, chain = (POOL[p] for p in ("grand-slam-near-the-win", "grand-slam-take-less",
                                                     "grand-slam-one-seed", "awari-chain-three-pits"))
    assert (near.first_moves, less.first_moves, one_seed.first_moves) == ([4], [4], [6])
    assert repeats(less, [near]) == 2 and repeats(one_seed, [near]) == 0
    assert repeats(one_seed, [near, less]) == 1 and repeats(chain, [near, less]) == 0 and repeats(less, []) == 0


def test_puzzles_for_me_never_serves_three_of_a_kind_in_a_row_while_another_theme_is_near():
    """ut44 #7 with real values: an Awari learner at 1500 whose weakest theme is the grand slam (one miss)
    pressing Next puzzle: before, five grand-slam puzzles in a row (puzzles 14, 15, 16, 17, then one rated
    2600); now a chain puzzle at 1500 after each two of them, and never the same idea twice in a row."""
    pool = practice_pool(POOL)
    ratings = MemoryRatings(learner={"oware": Rating(1500, 150)})
    ratings.tries.append(RatedTry("grand-slam-trap", "oware", False, 1500, 0, T0))
    served: list[str] = []
    for _ in range(6):
        pid = serve(pool, "oware", (), ratings, {"grand-slam-trap"}, set(served[-1:]), T0, served,
                    previous=served[-2:])
        assert pid is not None
        served.append(pid)
    assert served == ["grand-slam-take-less", "grand-slam-one-seed", "awari-chain-three-pits",
                      "grand-slam-near-the-win", "grand-slam-one-pit-short", "awari-four-twos"]
    assert all(repeats(pool[b], [pool[a]]) < 2 for a, b in zip(served, served[1:]))


def test_a_theme_chosen_serves_another_idea_than_the_last_when_one_is_near():
    """One theme chosen (every puzzle of it the same theme and board): after grand-slam-near-the-win (best
    pit 4, rated 1580), a learner at 1500 gets grand-slam-one-seed (pit 6, 1500), not grand-slam-take-less
    (pit 4, 1500, first in the pool)."""
    previous = [POOL["grand-slam-near-the-win"]]
    assert choose(POOL, "oware", ["awari-grand-slam"], 1500, {}, (), (), {"grand-slam-near-the-win"}) == "grand-slam-take-less"
    assert choose(POOL, "oware", ["awari-grand-slam"], 1500, {}, (), (), {"grand-slam-near-the-win"}, previous) \
        == "grand-slam-one-seed"


def test_a_newcomer_asking_for_a_theme_gets_its_easiest_puzzle_first():
    """ut45 #1: a learner never rated in the game who asks for a theme (the Puzzles page's "More puzzles")
    gets a 1★ puzzle of it on the standard board, not one rated near 1500; the Awari theme "must feed" has
    no 1★ puzzle: its easiest (2★) are served; once rated, the theme's puzzle nearest the rating."""
    pool = practice_pool(POOL)
    first = serve(pool, "kalah", ["capture"], MemoryRatings(), (), at=T0)
    assert first == "capture-pick-the-pile" and round(rating_of(pool[first], {}).rating) == 1396
    assert difficulty(pool[first]).level == 1 and pool[first].rules == {"pits": 6, "seeds": 4}
    feed = serve(pool, "oware", ["awari-feed"], MemoryRatings(), (), at=T0)
    assert pool[feed].theme == "awari-feed" and difficulty(pool[feed]).level == 2
    assert min(difficulty(p).level for p in pool.values() if p.theme == "awari-feed") == 2
    assert easiest_puzzles(pool, "kalah", ["extra-turns"]) == {"m-k63-004a87cd": pool["m-k63-004a87cd"]}
    rated = MemoryRatings(learner={"kalah": Rating(1500, 150)})
    near = serve(pool, "kalah", ["capture"], rated, (), at=T0)
    assert near != first and abs(rating_of(pool[near], {}).rating - 1500) < abs(1396 - 1500)
